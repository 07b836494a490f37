"""Tidy DataFrames behind every chart and every table of the booklet.

This package gathers results of the systems (:mod:`dicestats.fate`,
:mod:`dicestats.storyteller`, :mod:`dicestats.initiative`) and of the
workbench (:mod:`dicestats.workbench`) into tidy :class:`pandas.DataFrame`
objects, one per chart of :mod:`dicestats.plots` and per table of the PDF
booklet. It computes no probability itself: every number comes from a system
or the workbench (which asks the systems). One module per system, and one for
the workbench; the systems are imported lazily, inside each builder, so
importing this package is cheap.

Modules
-------
``fate``, ``storyteller``, ``initiative``
    Each system's tables (rooms such as ``_initiative_fights`` are re-exported
    by their system's module).
``workbench``
    :func:`calibration_table`: the dice each difficulty needs, or the
    difficulty each Fate rating beats, per level (a
    :class:`~dicestats.workbench.Calibration` laid out, or computed through it);
    :func:`comparison_table` (a :class:`~dicestats.workbench.Comparison`, one
    row per cell and metric: both sides and their difference; the frame
    :func:`dicestats.plots.compare_differences` draws),
    :func:`comparison_distances` (one row per cell: total variation, the
    largest gap in P(>= k)), :func:`worth_table` (the scale a
    :class:`~dicestats.workbench.Worth` searched).
``_common``
    Helpers the builders share (no system knowledge).

Every builder is also a name of this package (``tables.comparison_table``).
Formatting for people (percentages, "1 in N", text and Markdown tables) lives
in :mod:`dicestats.format`.

Examples
--------
>>> from dicestats import tables
>>> tables.fate_outcomes(2, difficulties=[1], exact=True)["p_success"].tolist()
[Fraction(35, 81)]
"""

from __future__ import annotations

from .fate import *  # noqa: F403
from .fate import __all__ as _fate_all
from .initiative import *  # noqa: F403
from .initiative import __all__ as _initiative_all
from .storyteller import *  # noqa: F403
from .storyteller import __all__ as _storyteller_all
from .workbench import *  # noqa: F403
from .workbench import __all__ as _workbench_all

__all__ = [*_fate_all, *_storyteller_all, *_initiative_all, *_workbench_all]
