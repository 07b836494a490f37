"""The booklet's Fate pages (their words in the catalogues: :mod:`dicestats.i18n`)."""

from __future__ import annotations

from .. import plots
from .. import tables as T
from ..i18n import N_, _, chance, ladder, number, signed
from .page import _draw_table, _grid, _note, _wrap_header, pages_of

__all__ = []


_FATE_RATINGS = (1, 3)
_FATE_INVOKE_RATING = 2
_FATE_PLAN = (2, 3, 2)  # rating, difficulty, invokes


pages, _page = pages_of("fate")


@_page(
    N_("Fate: the odds of 4dF"),
    N_("find your margin (rating + bonuses − difficulty) in the lower table; read across."),
)
def _fate_odds_page(fig, ctx) -> None:
    import pandas as pd

    dist = T.fate_distribution(exact=True)
    left = pd.DataFrame(
        {
            _("total"): [signed(t) for t in dist["total"]],
            _("exactly"): [chance(p) for p in dist["p"]],
            _("this or more"): [chance(p) for p in dist["p_at_least"]],
            _("out of 81"): [int(p * 81) for p in dist["p"]],  # exact: ways, not a probability
        }
    )
    margins = T.fate_odds_by_margin(range(-4, 6), exact=True)
    names = {
        "p_fail": N_("fail"),
        "p_tie": N_("tie"),
        "p_success": N_("success"),
        "p_style": N_("success with style"),
        "p_tie_or_better": N_("tie or better"),
        "p_success_or_better": N_("success or better"),
    }
    right = pd.DataFrame({_("margin"): [signed(m) for m in margins["margin"]]})
    for column, name in names.items():
        right[_wrap_header(_(name))] = [chance(p) for p in margins[column]]
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(left) + 2, len(right) + 3], hspace=0.28)
    ax1 = fig.add_subplot(gs[0])
    _draw_table(ax1, left, title=_("4dF: the total of four Fate dice (exact, out of 81)"))
    title = _("Outcome by margin = rating + bonuses − difficulty (highlighted: margin 0)")
    zero = list(margins["margin"]).index(0)  # the row shaded
    ax2 = fig.add_subplot(gs[1])
    _draw_table(ax2, right, title=title, highlight=lambda i, j: "#fff2cc" if i == zero else None)
    _note(
        fig,
        ctx,
        _(
            "Shifts = total − difficulty: below 0 fail, 0 tie, 1–2 success, 3+ success with "
            "style (not also a plain success: the four outcome columns sum to 100%)."
        ),
    )


@_page(
    N_("Fate: outcomes against the ladder"),
    N_("each bar is one difficulty; the coloured shares are the four outcomes (sum 100%)."),
)
def _fate_ladder_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.5, top=0.86)
    for i, rating in enumerate(_FATE_RATINGS):
        ax = fig.add_subplot(gs[i])
        plots.fate_outcomes(T.fate_outcomes(rating, range(-1, 7)), rating=rating, ax=ax)


@_page(
    N_("Fate: opposed rolls and contests"),
    N_("top: find your rating (row) and theirs (column); bottom: the gap decides a contest."),
)
def _fate_opposed_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.38, height_ratios=[1.25, 1], left=0.17)
    ax = fig.add_subplot(gs[0])
    title = _("Opposed roll: chance you succeed (%) — both sides roll 4dF + rating")
    plots.fate_opposed(T.fate_opposed(range(0, 6), range(0, 6)), ax=ax, title=title)
    ladder_ticks = [ladder(v).replace(" ", "\n", 1) for v in range(0, 6)]  # as on the ladder page
    ax.set_xticks(range(6), ladder_ticks)
    ax.set_yticks(range(6), ladder_ticks)
    ax = fig.add_subplot(gs[1])
    df = T.fate_contest(range(-4, 5))
    plots.fate_contest(df, ax=ax)
    lasts = ", ".join(
        _("gap {gap}: {n}").format(gap=signed(g), n=number(e, 1))
        for g, e in zip(df["gap"], df["mean_exchanges"], strict=True)
        if g >= 0
    )
    _note(
        fig,
        ctx,
        _(
            "Contest: the highest total wins an exchange (2 victories if by 3+), a tie for the "
            "highest gives nobody a victory; first to 3 victories wins. Exchanges a contest "
            "lasts on average — {lasts}."
        ).format(lasts=lasts),
    )


#: The invoke plan's cells (``dicestats.tables.fate_invoke_plan``), as the page says them.
_PLAN_WORDS = {"keep": N_("keep"), "reroll": N_("reroll")}


def _plan_cell(cell: str) -> str:
    return " ".join(_(_PLAN_WORDS[w]) if w in _PLAN_WORDS else w for w in cell.split(" "))


@_page(
    N_("Fate: when to invoke an aspect"),
    N_("top: success chance per policy; bottom: after seeing the dice, do what the cell says."),
)
def _fate_invoke_page(fig, ctx) -> None:
    import pandas as pd

    gs = _grid(fig, ctx, 2, 1, hspace=0.34, height_ratios=[1, 1.05])
    ax = fig.add_subplot(gs[0])
    title = _("One invoke, rating {rating}: chance of success (or better) by difficulty")
    title = title.format(rating=ladder(_FATE_INVOKE_RATING))
    plots.fate_invokes(
        T.fate_invokes(_FATE_INVOKE_RATING, range(0, 8), invokes=1), ax=ax, title=title
    )
    rating, diff, k = _FATE_PLAN
    raw = T.fate_invoke_plan(rating, diff, invokes=k)
    plan = pd.DataFrame({_("dice total"): [signed(int(t)) for t in raw.iloc[:, 0]]})
    for j in range(1, raw.shape[1]):
        head = _("1 invoke left") if j == 1 else _("{n} invokes left").format(n=j)
        plan[head] = [_plan_cell(c) for c in raw.iloc[:, j]]
    ax2 = fig.add_subplot(gs[1])

    def shade(i, j):  # a reroll orange, a +2 blue
        cell = raw.iat[i, j]
        if j > 0 and ("reroll" in cell or "+2" in cell):
            return "#fde0cc" if "reroll" in cell else "#d6eaf8"

    title = _("Best plan, rating {rating} vs difficulty {difficulty} (goal: success); row = dice "
              "total rolled")  # fmt: skip
    title = title.format(rating=ladder(rating), difficulty=ladder(diff))
    _draw_table(ax2, plan, title=title, highlight=shade)
    _note(
        fig,
        ctx,
        _(
            "An invoke (a fate point or a free invoke) after the roll: +2 to the total, or "
            "reroll all four dice. 'keep' = stop invoking."
        ),
    )
