"""The Year Zero Engine: base, skill and gear d6, 6s succeed, a push risks damage (``roll``).

The rules as implemented are in ``docs/rules/yearzero.md``.

Examples
--------
>>> from dicestats import yearzero
>>> r = yearzero.roll(3, 2, 1, rules=yearzero.Rules(push=True), exact=True)
>>> r.p_success_first, r.p_success
(Fraction(31031, 46656), Fraction(118198271, 136048896))
"""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("roll",),
        "rolls": ("YearzeroRoll",),
        "rules": ("Rules",),
        "limits": ("LIMITS",),
    },
)
