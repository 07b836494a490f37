"""Shadowrun (5th edition; 4th as a flag): a pool of d6 counting hits on 5-6 (``roll``).

The rules as implemented are in ``docs/rules/shadowrun.md``.

Examples
--------
>>> from dicestats import shadowrun
>>> r = shadowrun.roll(8, 2, exact=True)
>>> r.p_success, r.p_glitch, r.p_critical_glitch
(Fraction(5281, 6561), Fraction(7741, 1679616), Fraction(1789, 1679616))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("ShadowrunRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
