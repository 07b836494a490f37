"""Tidy DataFrames of a comparison (:class:`dicestats.workbench.Comparison`).

:func:`comparison_table` is the long table behind the comparison chart and
the CLI's text output: one row per (cell, metric) with both sides and their
difference. :func:`comparison_distances` has one row per cell with the
distances between the two sides' outcome distributions. Nothing is computed
here: every number is the comparison's own (Fractions stay Fractions).

Examples
--------
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

__all__ = ["comparison_table", "comparison_distances", "worth_table"]


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
