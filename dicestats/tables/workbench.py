"""Tidy DataFrames of the workbench: calibration tables, comparisons, a worth's scale.

Nothing here computes a probability: every number is the workbench result's own
(Fractions stay Fractions).

* :func:`calibration_table` lays out a :class:`dicestats.workbench.Calibration`
  (or computes one through the workbench);
* :func:`comparison_table` is the long table of a
  :class:`dicestats.workbench.Comparison` behind the comparison chart and the
  CLI's text output: one row per (cell, metric) with both sides and their
  difference; :func:`comparison_distances` has one row per cell with the
  distances between the two sides' outcome distributions;
* :func:`worth_table` is the scale a :class:`dicestats.workbench.Worth` searched.

Examples
--------
>>> df = calibration_table("storyteller", levels=[0.75], difficulties=[8, 9])
>>> df[["difficulty", "level", "dice"]].values.tolist()
[[8, 0.75, 9], [9, 0.75, 22]]
>>> from dicestats.workbench import compare_fate
>>> c = compare_fate(1, [0, 1], versus_bonus=2, exact=True)
>>> t = comparison_table(c)
>>> list(t.columns)
['bonus', 'difficulty', 'versus_bonus', 'metric', 'first', 'second', 'difference']
>>> t.query("metric == 'p_tie' and difficulty == 0").difference.tolist()
[Fraction(-2, 27)]
"""

from __future__ import annotations

from ._common import _num

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
    """
    import pandas as pd

    from .. import workbench as wb

    if isinstance(cal, str):
        if cal == "storyteller":
            cal = wb.storyteller_calibration(**options)
        elif cal == "fate":
            cal = wb.fate_calibration(**options)
        else:
            from ..core.checks import refuse

            raise refuse("cal", "a Calibration, 'storyteller' or 'fate'", cal)
    elif options:
        raise TypeError("calibration_table: options apply only when computing the table")
    setting, answer = ("difficulty", "dice") if cal.system == "storyteller" else (
        "rating", "difficulty"
    )  # fmt: skip
    rows = [
        {setting: s, "level": p, answer: cal.answers[s][p], "p": cal.probabilities[s][p]}
        for s in cal.settings
        for p in cal.levels
    ]
    df = pd.DataFrame(rows, columns=[setting, "level", answer, "p"])
    df[answer] = df[answer].astype("Int64")
    return df


def _check(c):
    from ..workbench.compare import Comparison

    if not isinstance(c, Comparison):
        from ..core.checks import refuse

        raise refuse("comparison", "a workbench.Comparison", c, kind=True)
    return c


def comparison_table(comparison, metrics=None):
    """One row per (cell, metric): the cell's columns, ``metric``, ``first``, ``second``,
    ``difference`` (second − first).

    ``metrics``: the metrics to keep, in order (default: all of the comparison's).
    """
    import pandas as pd

    c = _check(comparison)
    metrics = list(c.metrics if metrics is None else metrics)
    unknown = [m for m in metrics if m not in c.metrics]
    if unknown:
        from ..core.checks import refuse

        raise refuse("metrics", "metrics of the comparison: " + ", ".join(c.metrics), unknown)
    rows = []
    for r in c.rows:
        for m in metrics:
            rows.append(
                {
                    **{k: r[k] for k in c.cells},
                    "metric": m,
                    "first": _num(r[m]),
                    "second": _num(r[f"versus_{m}"]),
                    "difference": _num(r[f"diff_{m}"]),
                }
            )
    return pd.DataFrame(rows, columns=[*c.cells, "metric", "first", "second", "difference"])


def comparison_distances(comparison):
    """One row per cell: the cell's columns, ``total_variation``, ``max_gap``, ``max_gap_k``.

    >>> from dicestats.workbench import compare_fate
    >>> comparison_distances(compare_fate(0, [0], versus_bonus=1)).max_gap_k.tolist()
    [1]
    """
    import pandas as pd

    c = _check(comparison)
    cols = [*c.cells, "total_variation", "max_gap", "max_gap_k"]
    rows = [
        {k: (_num(r[k]) if k in ("total_variation", "max_gap") else r[k]) for k in cols}
        for r in c.rows
    ]
    return pd.DataFrame(rows, columns=cols)


def worth_table(worth):
    """The scale a :class:`dicestats.workbench.Worth` searched: ``step``, ``chance``, ``side``.

    ``side`` says whether a step's chance is ``"below"`` or ``"above"`` the
    target, or ``"equal"`` to it.

    >>> from dicestats.workbench import invoke_worth
    >>> t = worth_table(invoke_worth(0, 2, policy="plus2", exact=True))
    >>> t.query("side == 'equal'").step.tolist()
    [2]
    """
    import pandas as pd

    from ..workbench.worth import Worth

    if not isinstance(worth, Worth):
        from ..core.checks import refuse

        raise refuse("worth", "a workbench.Worth", worth, kind=True)
    t = worth.p_target
    rows = [
        {"step": s, "chance": _num(p), "side": "equal" if p == t else "below" if p < t else "above"}
        for s, p in sorted(worth.scale.items())
    ]
    return pd.DataFrame(rows, columns=["step", "chance", "side"])
