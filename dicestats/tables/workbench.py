"""Tidy DataFrames of the workbench: calibration tables, comparisons, a worth's scale."""

from __future__ import annotations

from ..core.checks import InputTypeError, refuse
from ._common import _frame, _num

__all__ = ["calibration_table", "comparison_table", "comparison_distances", "worth_table"]


def calibration_table(cal="storyteller", **options):
    """A calibration table as a tidy DataFrame, one row per setting and level.

    Parameters
    ----------
    cal : Calibration or {"storyteller", "fate"}
        A computed :class:`~dicestats.workbench.Calibration`, or the system whose
        table to compute with ``options`` (:func:`~dicestats.workbench.storyteller_calibration`
        or :func:`~dicestats.workbench.fate_calibration` keywords).

    Returns
    -------
    pandas.DataFrame
        Storyteller: ``difficulty, level, dice, p`` (``dice`` is ``<NA>`` where no
        pool in range reaches the level); Fate: ``rating, level, difficulty, p``.
        ``p`` is the probability at the answer (exact when the table is).

    Examples
    --------
    >>> df = calibration_table("storyteller", levels=[0.75], difficulties=[8, 9])
    >>> df[["difficulty", "level", "dice"]].values.tolist()
    [[8, 0.75, 9], [9, 0.75, 22]]
    """
    from .. import workbench as wb

    if isinstance(cal, str):
        compute = {"storyteller": wb.storyteller_calibration, "fate": wb.fate_calibration}
        if cal not in compute:
            raise refuse("cal", "a Calibration, 'storyteller' or 'fate'", cal)
        cal = compute[cal](**options)
    elif not isinstance(cal, wb.Calibration):
        raise refuse("cal", "a Calibration, 'storyteller' or 'fate'", cal, kind=True)
    elif options:
        raise InputTypeError(
            "options of calibration_table apply only when computing the table ('storyteller' "
            f"or 'fate'), got {', '.join(options)} with a Calibration"
        )
    storyteller = cal.system == "storyteller"
    setting, answer = ("difficulty", "dice") if storyteller else ("rating", "difficulty")
    rows = [
        {setting: s, "level": p, answer: cal.answers[s][p], "p": cal.probabilities[s][p]}
        for s in cal.settings
        for p in cal.levels
    ]
    df = _frame(rows, columns=[setting, "level", answer, "p"])
    df[answer] = df[answer].astype("Int64")
    return df


def _check(c):
    from ..workbench.compare import Comparison

    if not isinstance(c, Comparison):
        raise refuse("comparison", "a workbench.Comparison", c, kind=True)
    return c


def comparison_table(comparison, metrics=None):
    """One row per (cell, metric): the cell's columns, ``metric``, ``first``, ``second``,
    ``difference`` (second − first); the frame behind the comparison chart.

    ``metrics``: the metrics to keep, in order (default: all of the comparison's).

    Examples
    --------
    >>> from dicestats.workbench import compare_fate
    >>> t = comparison_table(compare_fate(1, [0, 1], versus_bonus=2, exact=True))
    >>> list(t.columns)
    ['bonus', 'difficulty', 'versus_bonus', 'metric', 'first', 'second', 'difference']
    >>> t.query("metric == 'p_tie' and difficulty == 0").difference.tolist()
    [Fraction(-2, 27)]
    """
    c = _check(comparison)
    metrics = list(c.metrics if metrics is None else metrics)
    unknown = [m for m in metrics if m not in c.metrics]
    if unknown:
        raise refuse("metrics", "metrics of the comparison: " + ", ".join(c.metrics), unknown)
    rows = []
    for r in c.rows:
        cell = {k: r[k] for k in c.cells}
        for m in metrics:
            first, second, diff = (_num(r[k]) for k in (m, f"versus_{m}", f"diff_{m}"))
            rows.append({**cell, "metric": m, "first": first, "second": second, "difference": diff})
    return _frame(rows, columns=[*c.cells, "metric", "first", "second", "difference"])


def comparison_distances(comparison):
    """One row per cell: the cell's columns, ``total_variation``, ``max_gap``, ``max_gap_k``.

    >>> from dicestats.workbench import compare_fate
    >>> comparison_distances(compare_fate(0, [0], versus_bonus=1)).max_gap_k.tolist()
    [1]
    """
    c = _check(comparison)
    cols = [*c.cells, "total_variation", "max_gap", "max_gap_k"]
    rows = [
        {k: (_num(r[k]) if k in ("total_variation", "max_gap") else r[k]) for k in cols}
        for r in c.rows
    ]
    return _frame(rows, columns=cols)


def worth_table(worth):
    """The scale a :class:`dicestats.workbench.Worth` searched: ``step``, ``chance``, ``side``.

    ``side`` says whether a step's chance is ``"below"`` or ``"above"`` the
    target, or ``"equal"`` to it.

    >>> from dicestats.workbench import invoke_worth
    >>> t = worth_table(invoke_worth(0, 2, policy="plus2", exact=True))
    >>> t.query("side == 'equal'").step.tolist()
    [2]
    """
    from ..workbench.worth import Worth

    if not isinstance(worth, Worth):
        raise refuse("worth", "a workbench.Worth", worth, kind=True)
    t = worth.p_target
    rows = [
        {"step": s, "chance": _num(p), "side": "equal" if p == t else "below" if p < t else "above"}
        for s, p in sorted(worth.scale.items())
    ]
    return _frame(rows, columns=["step", "chance", "side"])
