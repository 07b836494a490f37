"""Exalted, 2nd edition: a pool of d10, 7+ a success, a 10 two (``roll``).

The rules as implemented are in ``docs/rules/exalted.md``.

Examples
--------
>>> from dicestats import exalted
>>> r = exalted.roll(5, exact=True)
>>> r.p_success, r.p_botch
(Fraction(2882, 3125), Fraction(4651, 100000))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("ExaltedRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
