"""The charts ``--plot FILE`` draws for the Fate commands.

Each function takes the parsed arguments and the command's answer, builds the
tidy frame a :mod:`dicestats.plots` chart reads, draws it and writes FILE
(:func:`~dicestats.cli._common.write_plot`). Nothing here is imported before a
command asks for a chart.
"""

from __future__ import annotations

from ..format import ladder
from ._common import write_plot

__all__ = [
    "plot_fate",
    "plot_contest",
    "plot_invoke",
    "plot_challenge",
    "plot_deck",
]

_OUTCOME_KEYS = ("p_fail", "p_tie", "p_success", "p_style")
#: Ladder steps shown either side of the asked difficulty or opposition.
_AROUND = 3


def _around(v: int) -> range:
    return range(v - _AROUND, v + _AROUND + 1)


def _frame(records):
    import pandas as pd

    return pd.DataFrame.from_records(records)


def plot_fate(args) -> None:
    """Outcomes against the asked difficulty (or opposition) and three steps either side."""
    from .. import fate, plots

    records = []
    fixed = args.difficulty is not None
    for v in _around(args.difficulty if fixed else args.versus):
        kw = {"difficulty": v} if fixed else {"versus": v}
        o = fate.outcome_probs(
            args.bonus, helpers=args.helpers, max_helpers=args.max_helpers, dice=args.dice, **kw
        )
        records.append({"difficulty": v, **{k: getattr(o, k) for k in _OUTCOME_KEYS}})
    ax = plots.fate_outcomes(_frame(records), rating=args.bonus + args.helpers)
    if not fixed:
        ax.set_xlabel(f"active opposition's bonus (it rolls {args.dice}dF too)")
        ax.set_title(
            f"What does {args.dice}dF {args.bonus + args.helpers:+d} get against each active "
            "opposition?",
            pad=22,
        )
    write_plot(ax, args.plot)


def plot_contest(args, res, last: int) -> None:
    """P(exactly n exchanges) for the rows the text shows."""
    from .. import plots

    records = [{"exchanges": n, "p": p} for n, p in res.exchanges.items() if n <= last and p]
    gap = ", ".join(f"{b:+d}" for b in res.bonuses)
    title = f"Contest ({gap}), first to {args.victories}: how many exchanges does it take?"
    write_plot(plots.fate_exchanges(_frame(records), title=title), args.plot)


def plot_invoke(args) -> None:
    """The invoke policies over the asked difficulty and three steps either side."""
    from .. import plots, tables

    df = tables.fate_invokes(
        args.bonus,
        _around(args.difficulty),
        invokes=args.invokes,
        objective=args.objective,
        dice=args.dice,
    )
    title = (
        f"{args.invokes} invoke(s) at {ladder(args.bonus, order='rating')}: which policy "
        f"reaches {args.objective} more often?"
    )
    write_plot(plots.fate_invokes(df, title=title), args.plot)


def plot_challenge(args, res) -> None:
    """P(exactly k overcome rolls count)."""
    from .. import plots

    n = len(res.difficulties)
    records = [{"rolls": k, "p": res.successes.pmf(k)} for k in range(n + 1)]
    title = f"Challenge, plan {' '.join(res.plan)}: how many of the {n} overcome rolls count?"
    write_plot(plots.fate_challenge(_frame(records), title=title), args.plot)


def plot_deck(args) -> None:
    """The session's total with the Deck of Fate and with dice."""
    from .. import fate, plots

    deck = fate.deck_sum_dist(args.draws, copies=args.copies, reshuffle_at=args.reshuffle_at)
    dice = fate.fate_dice().repeat_sum(args.draws)
    records = [
        {"total": int(t), "p": float(p), "label": label}
        for label, d in ((f"Deck of Fate ({81 * args.copies} cards)", deck), ("4dF", dice))
        for t, p in d.items()
        if p >= 1e-5  # the axis fitted to what a session can show, not to ±4·draws
    ]
    title = f"{args.draws} draws: the session's total, Deck of Fate against dice"
    write_plot(plots.fate_session(_frame(records), title=title), args.plot)
