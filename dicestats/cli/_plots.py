"""The charts ``--plot FILE`` draws for the initiative commands.

Each function takes the parsed arguments and the command's answer, builds the
tidy frame a :mod:`dicestats.plots` chart reads, draws it and writes FILE
(:func:`~dicestats.cli._common.write_plot`). Nothing here is imported before a
command asks for a chart.
"""

from __future__ import annotations

from fractions import Fraction

from ._common import write_plot

__all__ = ["plot_initiative", "plot_defence"]


def _frame(records):
    import pandas as pd

    return pd.DataFrame.from_records(records)


def _cell(x) -> dict:
    """A probability's chart columns: ``p``, and ``lo``/``hi`` for an estimate."""
    if x is None:
        return {"p": float("nan")}
    if isinstance(x, (Fraction, float, int)):
        return {"p": float(x)}
    return {"p": x.value, "lo": x.ci_low, "hi": x.ci_high}


def side_text(dice) -> str:
    """A side as a designer reads it: ``1 participant with 3 dice``, ``2 with 2 dice each``,
    ``1 with 3 dice + 1 with 2 dice``.

    Examples
    --------
    >>> side_text((3,)), side_text((2, 2))
    ('1 participant with 3 dice', '2 participants with 2 dice each')
    >>> side_text((3, 1, 1))
    '1 participant with 3 dice + 2 with 1 die each'
    """
    parts, first = [], True
    for d in dict.fromkeys(sorted(dice, reverse=True)):
        n = list(dice).count(d)
        who = (f"{n} participant" + ("s" if n > 1 else "")) if first else str(n)
        what = f"{d} dice" if d != 1 else "1 die"
        parts.append(f"{who} with {what}" + (" each" if n > 1 else ""))
        first = False
    return " + ".join(parts)


def _sides(r) -> str:
    return f"A: {side_text(r.swiftness)} vs B: {side_text(r.versus)}"


def plot_initiative(args, r) -> None:
    """Actions side A takes before side B's first."""
    from .. import plots

    records = [{"actions": k, **_cell(p)} for k, p in r.actions_before.items()]
    title = f"{_sides(r)}\nHow many actions does A take before B's first?"
    ax = plots.initiative_actions_before(
        _frame(records), title=title, seed=None if r.exact else args.seed, trials=r.trials
    )
    write_plot(ax, args.plot)


def plot_defence(args, r) -> None:
    """The slow scale of the answers, with labels a designer reads without the docs."""
    from .. import plots

    records = [{"penalty": k, **_cell(p)} for k, p in r.slow.items()]
    who = "B attacks A" if r.attackers == "versus" else "both sides attack"
    title = f"{_sides(r)} ({who})\nHow late are the answers?"
    ax = plots.initiative_slow(
        _frame(records), title=title, seed=None if r.exact else args.seed, trials=r.trials
    )
    write_plot(ax, args.plot)
