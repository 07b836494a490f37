"""The d6 initiative system of a Russian-language d6 initiative rulebook.

Each round every participant rolls as many d6 as its *swiftness*, one action per die;
the highest dice act first. The questions (``odds``, ``defence``,
``order_distribution``: :mod:`.questions`) answer exactly, in floats or, the first two,
by seeded Monte Carlo; ``resolve`` and ``acting_order`` order concrete rounds. Every
rule, reading and variant, the worked examples and the limits:
``docs/rules/initiative.md``; the modules, bottom up: ``rules``, ``limits``,
``results``, ``setup``, ``pips``, ``order``, ``holding``, ``rolls``, ``engine``,
``tiers`` (the exact form of ``odds`` at any table size), ``vector`` (the round
engine's Monte Carlo, vectorized), ``enumeration``, ``simulation``, ``defences``,
``questions``.

Examples
--------
>>> [a.participant for a in resolve([[6, 2], [6, 6], [4]])]
[1, 1, 0, 2, 0]
>>> odds([1], [1]).p_first
Fraction(1, 2)
"""

from __future__ import annotations

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": ("odds", "defence", "order_distribution"),
        "order": ("resolve", "acting_order"),
        "pips": ("apply_pips",),
        "rolls": ("SuccessRoll", "RollTable"),
        "holding": ("HoldPolicy", "HoldView"),
        "rules": ("Rules", "HOLD_POLICIES", "TIEBREAKS", "ORDERS", "PIP_RULES"),
        "limits": ("LIMITS", "EXACT_LIMIT", "EXACT_WORK_PER_CLASS"),
        "results": ("Odds", "Defence", "OrderDistribution", "RoundOrder", "Action"),
    },
)
