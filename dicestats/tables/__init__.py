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
``<system>``
    Each system's tables, where the system has a module here (rooms such as
    ``_initiative_fights`` are re-exported by their system's module).
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

Every builder is also a name of this package (``tables.comparison_table``): the package
re-exports each public module's ``__all__``, found on first use (a new module is listed
nowhere else).
Formatting for people (percentages, "1 in N", text and Markdown tables) lives
in :mod:`dicestats.format`.

Examples
--------
>>> from dicestats import tables
>>> tables.fate_outcomes(2, difficulties=[1], exact=True)["p_success"].tolist()
[Fraction(35, 81)]
"""

from __future__ import annotations

from ..core.lazy import submodule_exports

__getattr__ = submodule_exports(__name__)
