"""Powered by the Apocalypse: 2d6 + a stat read in three bands (``roll``).

The rules as implemented are in ``docs/rules/pbta.md``.

Examples
--------
>>> from dicestats import pbta
>>> r = pbta.roll(2, exact=True)
>>> r.p_miss, r.p_weak, r.p_strong
(Fraction(1, 6), Fraction(5, 12), Fraction(5, 12))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("PbtaRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
