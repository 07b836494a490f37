"""Vampire: the Masquerade, 5th edition: a d10 pool with Hunger dice (``roll``).

The rules as implemented are in ``docs/rules/v5.md``.

Examples
--------
>>> from dicestats import v5
>>> r = v5.roll(5, hunger=2, difficulty=1, exact=True)
>>> r.p_critical, r.p_messy_critical, r.p_critical - r.p_messy_critical
(Fraction(4073, 50000), Fraction(2939, 50000), Fraction(567, 25000))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("V5Roll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
