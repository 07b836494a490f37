"""The booklet's Storyteller pages (their words in the catalogues: :mod:`dicestats.i18n`)."""

from __future__ import annotations

from .. import plots
from .. import tables as T
from ..i18n import N_, _, chance, number
from .page import _draw_table, _grid, _note, _wrap_header, pages_of

__all__ = []


_ST_DICE, _ST_DIFFS = range(1, 11), range(2, 11)


pages, _page = pages_of("storyteller")


def _st_odds(ctx):
    return ctx.cached("st_odds", lambda: T.storyteller_odds(_ST_DICE, _ST_DIFFS))


def _st_anomalies(ctx):
    return ctx.cached("st_anomalies", lambda: T.storyteller_anomalies(dice=range(1, 16)))


def _st_rules_note(fig, ctx) -> None:
    _note(
        fig,
        ctx,
        _(
            "Rules: Revised/Dark Ages — a die at or above the difficulty is a success, a 10 "
            "always is, each 1 cancels a success; a botch is a roll with no success at all and "
            "at least one 1. Exact values."
        ),
    )


def _grid_frame(odds, value: str, show):
    """``value`` by dice (rows) and difficulty (columns) as the table prints it: a ``dice``
    column, then one ``diff N`` column per difficulty; and the numbers behind it."""
    grid = odds.pivot(index="dice", columns="difficulty", values=value).sort_index()
    text = grid.apply(lambda col: [show(v) for v in col]).reset_index()
    text.columns = [_("dice"), *(_("diff {n}").format(n=int(d)) for d in grid.columns)]
    return grid, text


def _two_lines(text: str) -> str:
    """A long table cell ("1 in 1,000,000") on two lines, broken at its middle space (widths
    counted in columns, a Chinese character two)."""
    if _columns(text) <= 10 or " " not in text:
        return text
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(_columns(text[:i]) - _columns(text) / 2))
    return text[:cut] + "\n" + text[cut + 1 :]


def _columns(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@_page(
    N_("Storyteller: chance of success"),
    N_(
        "row = dice in the pool, column = difficulty; the cell is the chance of at least 1 net "
        "success."
    ),  # fmt: skip
)
def _st_success_table_page(fig, ctx) -> None:
    odds = _st_odds(ctx)
    grid, text = _grid_frame(odds, "p_success", lambda p: _two_lines(chance(p)))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(text) + 1.5, len(text) + 1.5], hspace=0.22)
    ax = fig.add_subplot(gs[0])

    def shade(i, j):
        return "#cfe8d5" if j and grid.iat[i, j - 1] >= 0.5 else None

    title = _("Chance of success: shaded cells are 50% or better")
    _draw_table(ax, text, title=title, highlight=shade, fontsize=8)
    mean = _grid_frame(odds, "mean_net", lambda v: number(float(v), 2))[1]
    ax2 = fig.add_subplot(gs[1])
    title = _("Expected net successes (successes left after the 1s cancel theirs; never below 0)")
    _draw_table(ax2, mean, title=title, fontsize=8)
    _st_rules_note(fig, ctx)


@_page(
    N_("Storyteller: where 50% lies"),
    N_(
        "darker = less likely; the thick line runs between the pools at 50% or better and the "
        "pools below."
    ),  # fmt: skip
)
def _st_success_map_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 1, 1, top=0.86, right=0.9)  # the colour bar's label inside the margin
    ax = fig.add_subplot(gs[0])
    title = _("Chance of success (%) by pool and difficulty, with the 50% line")
    plots.storyteller_heatmap(_st_odds(ctx), value="p_success", ax=ax, title=title)
    _st_rules_note(fig, ctx)


@_page(
    N_("Storyteller: botches"),
    N_(
        "row = dice, column = difficulty; the cell is the chance of a botch under the Revised rule."
    ),  # fmt: skip
)
def _st_botch_page(fig, ctx) -> None:
    odds = _st_odds(ctx)
    text = _grid_frame(odds, "p_botch", lambda p: _two_lines(chance(p)))[1]
    an = _st_anomalies(ctx)
    botch = an[an["metric"] == "p_botch"]
    rising = {(int(n), int(d)) for n, d in zip(botch["dice"], botch["difficulty"], strict=True)}
    diffs = list(_ST_DIFFS)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.15, 1], hspace=0.3)
    ax = fig.add_subplot(gs[0])
    dice = list(_ST_DICE)

    def shade(i, j):  # row i: dice dice[i]; column j: difficulty diffs[j - 1]
        return "#fde0cc" if j and (dice[i], diffs[j - 1]) in rising else None

    title = _("Chance of a botch; shaded: higher than with one die fewer")
    _draw_table(ax, text, title=title, highlight=shade, fontsize=7)
    ax2 = fig.add_subplot(gs[1])
    plots.storyteller_botch_heatmap(odds, ax=ax2)
    _st_rules_note(fig, ctx)


@_page(
    N_("Storyteller: when one more die hurts"),
    N_("highlighted stretches: one more die makes things worse (the difficulty-10 anomaly)."),
)
def _st_anomaly_page(fig, ctx) -> None:
    import pandas as pd

    odds = ctx.cached("st_odds_15", lambda: T.storyteller_odds(range(1, 16), _ST_DIFFS))
    an = _st_anomalies(ctx)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.2, 1], hspace=0.3)
    ax = fig.add_subplot(gs[0])
    title = _("Botch chance by pool size: where does one more die raise it?")
    plots.storyteller_anomalies(odds, an, difficulties=[6, 7, 8, 9, 10], ax=ax, title=title)
    rows = []
    for (metric, diff), g in an.groupby(["metric", "difficulty"], sort=True):
        worst = g.loc[g["change"].abs().idxmax()]
        step = _("{a}→{b} dice: {before} → {after}").format(
            a=int(worst["dice"]) - 1,
            b=int(worst["dice"]),
            before=chance(worst["before"]),
            after=chance(worst["after"]),
        )
        if metric == "p_botch":
            what = _("botch chance rises")
        elif metric == "p_success":
            what = _("chance of success falls")
        else:
            what = _("chance of {k}+ net successes falls").format(k=metric[5:])
        rows.append(
            {
                "order": 0 if metric == "p_botch" else 1,
                _("what goes the wrong way"): what,
                _("difficulty"): int(diff),
                _("when going to (dice)"): _ranges([int(n) for n in g["dice"]]),
                _("largest step"): step,
            }
        )
    table = pd.DataFrame(rows).sort_values(["order", _("difficulty")]).drop(columns="order")
    table.columns = [_wrap_header(c, 14) for c in table.columns]
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        table,
        title=_("Every such cell, pools of 1–15 dice, difficulties 2–10"),
        col_widths=[0.29, 0.15, 0.22, 0.34],
        fontsize=7.5,
        first_col_bold=False,
    )
    _note(
        fig,
        ctx,
        _(
            "At difficulty 10 only a 10 succeeds while every 1 cancels one, so a bigger pool "
            "brings more 1s as well as more 10s: the botch chance climbs until 6 dice. At "
            "difficulty 2 only 1s fail, and each cancels a success, so odd and even pools "
            "take turns. Exact values."
        ),
    )


def _ranges(values) -> str:
    """[2, 3, 4, 7] → '2–4, 7'; [3, 5, 7] → '3, 5, 7'."""
    values = sorted(values)
    parts, start, prev = [], values[0], values[0]
    for v in values[1:] + [None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(parts)


@_page(
    N_("Storyteller: degrees of success and 10s"),
    N_("top: how good a roll is, by pool size; bottom: what each 10s rule adds."),
)
def _st_degrees_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.42, top=0.83)
    ax = fig.add_subplot(gs[0])
    title = _("Degrees of success at difficulty 6 (net successes: 1 marginal … 5+ phenomenal)")
    plots.storyteller_degrees(T.storyteller_degrees(6, _ST_DICE), ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1])
    title = _("10s rules at difficulty 6: chance of a complete success (3+ net)")
    labels = dict(ylabel=_("chance of 3+ net successes"), title=title)
    rules = T.storyteller_ten_again(_ST_DICE, 6)
    plots.storyteller_by_rules(rules, y="p_ge_3", ax=ax2, within=0.0051, **labels)
    _note(
        fig,
        ctx,
        _(
            "Ten-again: each 10 adds a die (a 10 on it adds another, unless 'no chain'); 1s on "
            "extra dice do not cancel.\nV20 specialty: a 10 counts as two successes."
        ),
    )


_HALL = ([7, 6, 6], [N_("punch"), N_("dodge"), N_("dodge")])
_EXTENDED = {"dice": (4, 6, 8), "difficulty": 6, "target": 10}


@_page(
    N_("Storyteller: multiple and extended actions"),
    N_(
        "top: each action's chance when you split the pool; bottom: the chance to be done by "
        "each round."
    ),  # fmt: skip
)
def _st_actions_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.38, top=0.81)
    ax = fig.add_subplot(gs[0])
    pools, names = _HALL
    df = T.storyteller_multiple_actions(pools, 6, names=[_(n) for n in names])
    title = _("Hall, the rules' example: a punch (7 dice), two dodges (6 each), difficulty 6")
    plots.storyteller_multiple_actions(df, ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1])
    ext = T.storyteller_extended(**_EXTENDED, max_round=12)
    ext["label"] = [_("{n} dice").format(n=int(n)) for n in ext["dice"]]
    summary = T.storyteller_extended_summary(**_EXTENDED)
    title = _("Extended action: {target} successes at difficulty {difficulty}, a botch loses "
              "everything")  # fmt: skip
    plots.storyteller_extended(ext, ax=ax2, title=title.format(**_EXTENDED))
    means = ", ".join(
        _("{n} dice: {rolls}").format(n=int(n), rolls=number(float(m), 1))
        for n, m in zip(summary["dice"], summary["mean_rolls"], strict=True)
    )
    expected = ", ".join(
        (_("1 action: {n}") if k == 1 else _("{k} actions: {n}")).format(k=k, n=number(float(e), 2))
        for k, e in df.groupby("actions")["mean_successes"].first().items()
    )
    _note(
        fig,
        ctx,
        _(
            "Multiple actions: k ≥ 2 actions take k dice from the first pool, one more from "
            "each later one. Expected successful actions — {expected}.\nExtended action: the "
            "successes add up round by round; expected rolls — {means}."
        ).format(expected=expected, means=means),
    )
