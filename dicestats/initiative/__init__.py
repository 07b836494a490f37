"""The d6 initiative system of a Russian-language d6 initiative rulebook.

Each round every participant rolls as many d6 as its *swiftness*, one action per die;
the highest dice act first. Every rule, reading and variant implemented, with the worked
examples and the limits: ``docs/rules/initiative.md``.

Public API
----------
odds, defence, order_distribution
    The questions (:mod:`.questions`), exact by default, in floats (``exact=False``) or,
    ``odds`` and ``defence``, by seeded Monte Carlo (``trials=``, ``rng=``): the rounds
    of two sides (:class:`Odds`), attacks and their answers (:class:`Defence`), every
    order of one concrete round (:class:`OrderDistribution`).
resolve, acting_order, apply_pips
    The order of one concrete round (:class:`RoundOrder` of :class:`Action` s) or of many
    at once (an array of participants); a preparation margin added to a set of dice.
SuccessRoll, RollTable, HoldPolicy, HoldView, HOLD_POLICIES
    Success rolls (the user's assumption); holding policies (named, or yours).
Rules, LIMITS
    The readings in force (``tiebreak``, ``order``, ``pip_rule``) and every cap.

Modules
-------
From the bottom up (each imports only those above it): ``rules`` (:class:`Rules`),
``limits`` (:data:`LIMITS`), ``results`` (the result classes), ``setup`` (a checked
two-side setup, its outcome classes and Monte Carlo batch size), ``pips`` (preparation
margins), ``order`` (the acting order as a sort key per die; coins; ``resolve``,
``acting_order`` and the form of ``order_distribution``), ``holding`` (holding policies),
``rolls`` (success rolls), ``engine`` (rounds played action by action, enumerated or
simulated through one code path), ``enumeration`` and ``simulation`` (the exact and the
Monte Carlo form of ``odds``: the engine for holding or several rounds), ``defences``
(the forms of ``defence``, on the engine), ``questions`` (the declarations).

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
