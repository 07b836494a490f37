"""Chronicles of Darkness (2nd edition, and nWoD 1e): a pool of d10 counting 8+ (``roll``).

The rules as implemented are in ``docs/rules/cod.md``.

Examples
--------
>>> from dicestats import cod
>>> r = cod.roll(5, cod.Rules(again=8, rote=True), exact=True)
>>> r.p_success
Fraction(9717524751, 10000000000)
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("CodRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
