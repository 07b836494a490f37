"""The booklet's Storyteller pages."""

from __future__ import annotations

from .. import format as fmt
from .. import plots
from .. import tables as T
from .page import _draw_table, _grid, _note, pages_of

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
        "Rules: Revised/Dark Ages — a die ≥ difficulty is a success, a 10 always is, each 1 "
        "cancels a success; botch = no success at all and at least one 1. Exact values.",
    )


@_page(
    "Storyteller: chance of success",
    "row = dice in the pool, column = difficulty; the cell is P(at least 1 net success).",
)
def _st_success_table_page(fig, ctx) -> None:
    odds = _st_odds(ctx)
    grid = T.storyteller_grid(odds, "p_success")
    text = T.storyteller_grid(odds, "p_success", fmt=fmt.percent)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(text) + 1, 7], hspace=0.25)
    ax = fig.add_subplot(gs[0])

    def shade(i, j):
        return "#cfe8d5" if j and grid.iat[i, j - 1] >= 0.5 else None

    _draw_table(ax, text, title="P(success): shaded cells are 50% or better", highlight=shade)
    mean = T.storyteller_grid(odds, "mean_net", fmt=lambda v: f"{float(v):.2f}")
    mean = mean[mean["dice"].isin([1, 2, 3, 4, 5, 6])]
    ax2 = fig.add_subplot(gs[1])
    _draw_table(ax2, mean, title="Expected net successes (1s cancel; never below 0)")
    _st_rules_note(fig, ctx)


@_page(
    "Storyteller: where 50% lies",
    "darker = less likely; the vermillion line splits better-than-even pools from worse.",
)
def _st_success_map_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 1, 1, top=0.86)
    ax = fig.add_subplot(gs[0])
    title = "Chance of success (%) by pool and difficulty, with the 50% line"
    plots.storyteller_heatmap(_st_odds(ctx), value="p_success", ax=ax, title=title)
    _st_rules_note(fig, ctx)


@_page(
    "Storyteller: botches",
    "row = dice, column = difficulty; the cell is P(botch) under the Revised rule.",
)
def _st_botch_page(fig, ctx) -> None:
    odds = _st_odds(ctx)
    text = T.storyteller_grid(odds, "p_botch", fmt=fmt.percent)
    an = _st_anomalies(ctx)
    botch = an[an["metric"] == "p_botch"]
    rising = {(int(n), int(d)) for n, d in zip(botch["dice"], botch["difficulty"], strict=True)}
    diffs = list(_ST_DIFFS)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1, 1.1], hspace=0.3)
    ax = fig.add_subplot(gs[0])

    def shade(i, j):  # row i: dice text["dice"][i]; column j: difficulty diffs[j - 1]
        return "#fde0cc" if j and (int(text["dice"].iat[i]), diffs[j - 1]) in rising else None

    title = "P(botch); shaded: higher than with one die fewer"
    _draw_table(ax, text, title=title, highlight=shade, fontsize=7.5)
    ax2 = fig.add_subplot(gs[1])
    plots.storyteller_botch_heatmap(odds, ax=ax2)
    _st_rules_note(fig, ctx)


@_page(
    "Storyteller: when one more die hurts",
    "highlighted stretches: one more die makes things worse (the difficulty-10 anomaly).",
)
def _st_anomaly_page(fig, ctx) -> None:
    import pandas as pd

    odds = ctx.cached("st_odds_15", lambda: T.storyteller_odds(range(1, 16), _ST_DIFFS))
    an = _st_anomalies(ctx)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.2, 1], hspace=0.3)
    ax = fig.add_subplot(gs[0])
    title = "Botch chance by pool size: where does one more die raise it?"
    plots.storyteller_anomalies(odds, an, difficulties=[6, 7, 8, 9, 10], ax=ax, title=title)
    names = {"p_botch": "botch chance rises", "p_success": "P(success) falls"}
    rows = []
    for (metric, diff), g in an.groupby(["metric", "difficulty"], sort=True):
        worst = g.loc[g["change"].abs().idxmax()]
        step = f"{int(worst['dice']) - 1}→{int(worst['dice'])} dice: "
        step += f"{fmt.percent(worst['before'])} → {fmt.percent(worst['after'])}"
        what = names.get(metric, f"P({metric[5:]}+ net) falls")
        rows.append({"metric": what, "difficulty": int(diff)})
        rows[-1] |= {
            "when going to (dice)": _ranges([int(n) for n in g["dice"]]),
            "largest step": step,
        }
    table = pd.DataFrame(rows)
    table["order"] = [0 if m.startswith("botch") else 1 for m in table["metric"]]
    table = table.sort_values(["order", "difficulty"]).drop(columns="order")
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        table,
        title="Every non-monotone cell, pools of 1–15 dice, difficulties 2–10",
        col_widths=[0.25, 0.12, 0.28, 0.35],
        fontsize=7.5,
        first_col_bold=False,
    )
    _note(
        fig,
        ctx,
        "Revised botch: P = q^N − (q − 0.1)^N with q = (difficulty − 1)/10; at difficulty 10 it "
        "peaks at 6 dice. At difficulty 2 only 1s fail, and they cancel, so odd and even pools "
        "alternate. Exact comparison: no float noise.",
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
    "Storyteller: degrees of success and 10s",
    "top: how good a roll is, by pool size; bottom: what each 10s rule adds.",
)
def _st_degrees_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.42, top=0.85)
    ax = fig.add_subplot(gs[0])
    title = "Degrees of success at difficulty 6 (net successes: 1 marginal … 5+ phenomenal)"
    plots.storyteller_degrees(T.storyteller_degrees(6, _ST_DICE), ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1])
    title = "10s rules at difficulty 6: chance of a complete success (3+ net)"
    labels = dict(ylabel="chance of 3+ net successes", title=title)
    plots.storyteller_by_rules(T.storyteller_ten_again(_ST_DICE, 6), y="p_ge_3", ax=ax2, **labels)
    _note(
        fig,
        ctx,
        "Ten-again: each 10 adds a die (a 10 on it adds another, unless 'no chain'); 1s on extra "
        "dice do not cancel.\nV20 specialty: a 10 counts as two successes.",
    )


_HALL = ([7, 6, 6], ["punch", "dodge", "dodge"])
_EXTENDED = {"dice": (4, 6, 8), "difficulty": 6, "target": 10}


@_page(
    "Storyteller: multiple and extended actions",
    "top: each action's chance when you split the pool; bottom: chance done by round r.",
)
def _st_actions_page(fig, ctx) -> None:
    gs = _grid(fig, ctx, 2, 1, hspace=0.38, top=0.835)
    ax = fig.add_subplot(gs[0])
    pools, names = _HALL
    df = T.storyteller_multiple_actions(pools, 6, names=names)
    title = "The rule text's Hall: punch (7 dice), dodge, dodge (6 each), difficulty 6"
    plots.storyteller_multiple_actions(df, ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1])
    ext = T.storyteller_extended(**_EXTENDED, max_round=12)
    summary = T.storyteller_extended_summary(**_EXTENDED)
    title = f"Extended action: {_EXTENDED['target']} successes at difficulty "
    title += f"{_EXTENDED['difficulty']}, a botch loses everything"
    plots.storyteller_extended(ext, ax=ax2, title=title)
    rolls = zip(summary["label"], summary["mean_rolls"], strict=True)
    means = ", ".join(f"{lab}: {float(m):.1f}" for lab, m in rolls)
    expected = ", ".join(
        f"{k} action{'s' if k > 1 else ''}: {float(e):.2f}"
        for k, e in df.groupby("actions")["mean_successes"].first().items()
    )
    _note(
        fig,
        ctx,
        f"Multiple actions: k ≥ 2 declared actions cost the first pool k dice, each later one "
        f"a die more (one action rolls its full pool). Expected successful actions — "
        f"{expected}.\nExtended: expected rolls to "
        f"finish — {means}. Exact (absorbing Markov chain).",
    )
