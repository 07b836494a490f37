"""Blades in the Dark: a pool of d6 read by its highest die (``roll``).

The rules as implemented are in ``docs/rules/blades.md``.

Examples
--------
>>> from dicestats import blades
>>> r = blades.roll(4, exact=True)
>>> r.p_bad, r.p_partial, r.p_full, r.p_critical
(Fraction(1, 16), Fraction(34, 81), Fraction(125, 324), Fraction(19, 144))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("BladesRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
