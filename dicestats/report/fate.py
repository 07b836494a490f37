"""The booklet's Fate pages."""

from __future__ import annotations

from .. import format as fmt
from .. import plots
from .. import tables as T
from .page import _draw_table, _grid, _note, pages_of

__all__ = []


_FATE_RATINGS = (1, 3)
_FATE_INVOKE_RATING = 2
_FATE_PLAN = (2, 3, 2)  # rating, difficulty, invokes


pages, _page = pages_of("fate")


@_page(
    "Fate: the odds of 4dF",
    "find your margin (rating + bonuses − difficulty) in the lower table; read across.",
)
def _fate_odds_page(fig, ctx) -> None:
    dist = T.fate_distribution(exact=True)
    left = fmt.format_frame(dist, percent=["p", "p_at_least"])
    left["total"] = [f"{t:+d}" if t > 0 else str(t) for t in dist["total"]]
    left["out of 81"] = [int(p * 81) for p in dist["p"]]  # exact: ways, not a probability
    left = left.rename(columns={"p": "exactly", "p_at_least": "this or more"})
    margins = T.fate_odds_by_margin(range(-4, 6), exact=True)
    names = {"p_fail": "fail", "p_tie": "tie", "p_success": "success", "p_style": "with style"}
    names |= {"p_tie_or_better": "tie or\nbetter", "p_success_or_better": "success\nor better"}
    right = fmt.format_frame(margins, percent=list(names)).rename(columns=names)
    right["margin"] = [f"{m:+d}" if m > 0 else str(m) for m in margins["margin"]]
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(left) + 2, len(right) + 3], hspace=0.28)
    ax1 = fig.add_subplot(gs[0])
    _draw_table(ax1, left, title="4dF: the total of four Fate dice (exact, out of 81)")
    title = "Outcome by margin = rating + bonuses − difficulty (highlighted: margin 0)"
    zero = list(margins["margin"]).index(0)  # the row shaded
    ax2 = fig.add_subplot(gs[1])
    _draw_table(ax2, right, title=title, highlight=lambda i, j: "#fff2cc" if i == zero else None)
    _note(
        fig,
        ctx,
        "Shifts = total − difficulty: below 0 fail, 0 tie, 1–2 success, 3+ success with style "
        "(not also a plain success: the four outcome columns sum to 100%).",
    )


@_page(
    "Fate: outcomes against the ladder",
    "each bar is one difficulty; the coloured shares are the four outcomes (sum 100%).",
)
def _fate_ladder_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.5, top=0.86)
    for i, rating in enumerate(_FATE_RATINGS):
        ax = fig.add_subplot(gs[i])
        plots.fate_outcomes(T.fate_outcomes(rating, range(-1, 7)), rating=rating, ax=ax)


@_page(
    "Fate: opposed rolls and contests",
    "top: find your rating (row) and theirs (column); bottom: the gap decides a contest.",
)
def _fate_opposed_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.35, height_ratios=[1.25, 1])
    ax = fig.add_subplot(gs[0])
    title = "Opposed roll: chance you succeed (%) — both sides roll 4dF + rating"
    plots.fate_opposed(T.fate_opposed(range(0, 6), range(0, 6)), ax=ax, title=title)
    ax = fig.add_subplot(gs[1])
    df = T.fate_contest(range(-4, 5))
    plots.fate_contest(df, ax=ax)
    _note(
        fig,
        ctx,
        "Contest: the highest total wins an exchange (2 victories if by 3+), a tie "
        "for the highest gives nobody a victory; first to 3 victories wins. Expected "
        "exchanges: "
        + ", ".join(
            f"gap {g:+d}: {e:.1f}" if g else f"gap 0: {e:.1f}"
            for g, e in zip(df["gap"], df["mean_exchanges"], strict=True)
            if g >= 0
        )
        + ".",
    )


@_page(
    "Fate: when to invoke an aspect",
    "top: success chance per policy; bottom: after seeing the dice, do what the cell says.",
)
def _fate_invoke_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.3, height_ratios=[1, 1.05])
    ax = fig.add_subplot(gs[0])
    title = f"One invoke, rating {fmt.ladder(_FATE_INVOKE_RATING, order='rating')}: "
    title += "chance of success (or better) by difficulty"
    plots.fate_invokes(
        T.fate_invokes(_FATE_INVOKE_RATING, range(0, 8), invokes=1), ax=ax, title=title
    )
    rating, diff, k = _FATE_PLAN
    plan = T.fate_invoke_plan(rating, diff, invokes=k)
    ax2 = fig.add_subplot(gs[1])

    def shade(i, j):  # a reroll orange, a +2 blue
        cell = plan.iat[i, j]
        if j > 0 and ("reroll" in cell or "+2" in cell):
            return "#fde0cc" if "reroll" in cell else "#d6eaf8"

    title = f"Best plan, rating {fmt.ladder(rating, order='rating')} vs difficulty "
    title += f"{fmt.ladder(diff, order='rating')} (goal: success); row = dice total rolled"
    _draw_table(ax2, plan, title=title, highlight=shade)
    _note(
        fig,
        ctx,
        "An invoke (fate point or free invoke) after the roll: +2 to the total, or "
        "reroll all four dice. 'keep' = stop invoking.",
    )
