"""The designer's workbench: what a change is worth, and two rule sets side by side.

Modules (each owns one job):

==============  ==========================================================
``worth``       what a change is worth in another currency: :func:`die_worth`,
                :func:`rule_worth`, :func:`invoke_worth`, :func:`fate_match`,
                :func:`storyteller_match` (→ :class:`Worth`)
``compare``     two rule sets, two pools or two Fate rolls side by side:
                :func:`compare_storyteller`, :func:`compare_fate`,
                :func:`compare_bands` (Storyteller pools against a Fate
                roll, on one margin) (→ :class:`Comparison`)
==============  ==========================================================

Every answer is exact with ``exact=True`` (Fractions) and computed from the
systems' forward functions; ``docs/worth-and-compare.md`` explains how to read it.

Examples
--------
>>> from dicestats import workbench
>>> workbench.invoke_worth(2, 2, policy="plus2", exact=True).worth
Fraction(2, 1)
"""

from __future__ import annotations

from ..core.lazy import lazy_exports

# Each public name and the room it lives in, imported on first use (PEP 562).
_ROOMS = {
    "BAND_METRICS": "_compare_bands",
    "compare_bands": "_compare_bands",
    "Comparison": "compare",
    "FATE_METRICS": "compare",
    "STORYTELLER_METRICS": "compare",
    "compare_fate": "compare",
    "compare_storyteller": "compare",
    "CHANGES": "worth",
    "Worth": "worth",
    "die_worth": "worth",
    "fate_match": "_worth_match",
    "invoke_worth": "worth",
    "rule_worth": "worth",
    "storyteller_match": "_worth_match",
}

__all__ = sorted(_ROOMS)

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
