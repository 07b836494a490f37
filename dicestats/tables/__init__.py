"""Tidy DataFrames behind every chart and every table of the booklet.

One module per system (``tables/<system>.py``) and one for the workbench's results
(:mod:`~dicestats.tables.workbench`); ``_common`` holds what the builders share. Nothing here
computes a probability: every number is a system's or the workbench's (Fractions stay
Fractions), and the systems are imported inside each builder, so importing this package is
cheap. Every builder is also a name of this package (``tables.comparison_table``): the
package re-exports each public module's ``__all__``, found on first use. Formatting for
people lives in :mod:`dicestats.format`.

Examples
--------
>>> from dicestats import tables
>>> tables.fate_outcomes(2, difficulties=[1], exact=True)["p_success"].tolist()
[Fraction(35, 81)]
"""

from __future__ import annotations

from ..core.lazy import submodule_exports

__getattr__ = submodule_exports(__name__)
