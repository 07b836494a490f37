"""Tidy DataFrames of the workbench: calibration tables.

Nothing here computes a probability: :func:`calibration_table` lays out a
:class:`dicestats.workbench.Calibration` (computed by the workbench) or computes
one through it.

Examples
--------
>>> df = calibration_table("storyteller", levels=[0.75], difficulties=[8, 9])
>>> df[["difficulty", "level", "dice"]].values.tolist()
[[8, 0.75, 9], [9, 0.75, 22]]
"""

from __future__ import annotations

__all__ = ["calibration_table"]


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
