"""Tidy DataFrames behind every chart and every table of the booklet, one module per system
and one for the workbench, each builder also a name of this package (found on first use).
Nothing here computes a probability (Fractions stay Fractions); formatting for people is
:mod:`dicestats.format`.

Examples
--------
>>> from dicestats import tables
>>> tables.fate_outcomes(2, difficulties=[1], exact=True)["p_success"].tolist()
[Fraction(35, 81)]
"""

from __future__ import annotations

from ..core.lazy import submodule_exports

__getattr__ = submodule_exports(__name__)
