"""Tidy DataFrames behind every chart and every table of the booklet.

This package gathers results of the systems (:mod:`dicestats.fate`,
:mod:`dicestats.storyteller`, :mod:`dicestats.initiative`) into tidy
:class:`pandas.DataFrame` objects, one per chart of :mod:`dicestats.plots` and
per table of the PDF booklet. It computes no probability itself: every number
comes from a system. One module per system; the systems are imported lazily,
inside each builder, so importing this package is cheap.

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

__all__ = [*_fate_all, *_storyteller_all, *_initiative_all]
