"""The d6 initiative system of a Russian-language d6 initiative rulebook.

Each round every participant rolls as many d6 as its *swiftness*; each die is
one action. The highest unspent value opens a tier: its holders are ordered once
(more dice of it first, then the higher other dice, set-aside dice included,
then a fair coin) and each acts with all its dice of that value in a row. A
participant may hold a die and act later (a policy); an attack may be answered
by its target and by companions; armour and the success rolls are the user's
assumption. Every rule, default and variant implemented, with the worked
examples and the limits: ``docs/rules/initiative.md``.

Public API
----------
odds(swiftness, versus, *, pips=0, versus_pips=0, rules=None, hold=..., rounds=1, ...)
    The rounds of two sides, every dice outcome enumerated (small setups):
    Fractions, or floats with ``exact=False``. Returns :class:`RoundOdds`.
simulate(swiftness, versus, *, trials=..., rng=None, pips=0, versus_pips=0, workers=1, ...)
    The same question by vectorized, seeded Monte Carlo (any setup): the same
    :class:`RoundOdds` with :class:`~dicestats.core.results.Estimate` objects.
resolve(dice, sides=None, *, rng=None, rules=None)
    The acting sequence of one concrete round (:class:`RoundOrder` of :class:`Action` s).
order_distribution(dice, *, rules=None, exact=True)
    Every acting sequence of one concrete round with its probability (:class:`OrderOdds`).
acting_order(dice, owners, *, rng=None, rules=None)
    The vectorized order of many concrete rounds (an array of participants).
apply_pips(dice, pips, pip_rule="one-die")
    A preparation margin added to one set of dice.
defence(swiftness, versus, *, trials=..., rng=None, attackers=..., respond=..., ...)
    Attacks and their answers (Monte Carlo): who answers, slow penalties, and
    with success rolls (:class:`SuccessRoll`, :class:`RollTable`: the user's
    assumption) armour, the attacker's margin left and the defender's
    advantage (:class:`DefenceResult`).
defence_odds(swiftness, versus, *, ..., exact=True)
    The same, every outcome enumerated (small setups).
HoldPolicy, View, HOLD_POLICIES
    Holding policies: ``"never"``, ``"defend"``, ``"after-enemy"``, ``"always"`` or yours.
Rules, LIMITS
    The rule readings in force (``tiebreak``, ``order``, ``pip_rule``) and every cap.

Modules
-------
From the bottom up (each imports only those above it):

``rules``              :class:`Rules`: the readings of the rules (tie-break, order, pip rule)
``limits``             :data:`LIMITS`: every cap, with why; the size check of the enumeration
``results``            :class:`RoundOdds`, :class:`DefenceResult`, :class:`RoundOrder`,
                       :class:`OrderOdds`, :class:`Action`
``setup``              a checked two-side setup (swiftness, pips, rules; participant labels);
                       its outcome classes and its Monte Carlo run, which every path shares
``pips``               preparation margins, one vectorized implementation
``order``              the acting order, written once as a sort key per die; coins; resolve,
                       order_distribution, acting_order
``holding``            holding policies and the view they decide on
``rolls``              success rolls (the user's assumption)
``engine``             the round engine: rounds played action by action (holding, answers,
                       armour), enumerated or simulated through one code path, and the
                       fights put to it
``enumeration``        :func:`odds`: the exact enumeration of the acting order (the engine
                       for holding or several rounds)
``simulation``         :func:`simulate`: the order-only Monte Carlo fast path (its key
                       layout, tie settling and statistics; the engine for holding or
                       several rounds)
``defences``           :func:`defence`, :func:`defence_odds`: attacks and their answers, on
                       the engine
``questions``          sample questions for the registry's contract test

Options shared by these: ``rules=`` (a :class:`Rules`) or the shortcuts
``tiebreak=`` (``"all"``: set-aside dice count in the tie-break, the default;
``"unspent"``), ``order=`` (``"tier"``: fixed once per value, each holder acting
all its dice of that value in a row, the default; ``"action"``: re-evaluated
after every action) and ``pip_rule=`` (``"one-die"``: each participant's own
margin on one of its own dice, the default; ``"split"``: over its dice;
``"side-pool"``: one margin for a whole side).

Preparation margins (``pips``, ``versus_pips``): one per participant
(``[2, 0, 0]``), a bare int for a one-member side; one int per side with
``pip_rule="side-pool"``. Participants are numbered side by side: the
``swiftness`` side first (labels A1, A2, …), then the ``versus`` side (B1, B2, …).

Examples
--------
>>> [a.participant for a in resolve([[6, 2], [6, 6], [4]])]
[1, 1, 0, 2, 0]
>>> odds([1], [1]).p_first
Fraction(1, 2)
"""

from __future__ import annotations

from ..core.lazy import lazy_exports

# Each public name and the room it lives in, imported on first use (PEP 562).
_ROOMS = {
    "odds": "enumeration",
    "defence": "defences",
    "defence_odds": "defences",
    "HOLD_POLICIES": "holding",
    "HoldPolicy": "holding",
    "View": "holding",
    "BATCH_DICE": "limits",
    "EXACT_LIMIT": "limits",
    "EXACT_WORK_PER_CLASS": "limits",
    "LIMITS": "limits",
    "MAX_PARTICIPANTS": "limits",
    "MAX_SWIFTNESS": "limits",
    "acting_order": "order",
    "order_distribution": "order",
    "resolve": "order",
    "apply_pips": "pips",
    "Action": "results",
    "DefenceResult": "results",
    "OrderOdds": "results",
    "RoundOdds": "results",
    "RoundOrder": "results",
    "RollTable": "rolls",
    "SuccessRoll": "rolls",
    "ORDERS": "rules",
    "PIP_RULES": "rules",
    "TIEBREAKS": "rules",
    "Rules": "rules",
    "simulate": "simulation",
}


__all__ = [
    "odds",
    "simulate",
    "resolve",
    "order_distribution",
    "acting_order",
    "apply_pips",
    "defence",
    "defence_odds",
    "SuccessRoll",
    "RollTable",
    "HoldPolicy",
    "View",
    "HOLD_POLICIES",
    "Rules",
    "LIMITS",
    "RoundOdds",
    "RoundOrder",
    "OrderOdds",
    "Action",
    "DefenceResult",
    "TIEBREAKS",
    "ORDERS",
    "PIP_RULES",
    "EXACT_LIMIT",
    "EXACT_WORK_PER_CLASS",
    "MAX_SWIFTNESS",
    "MAX_PARTICIPANTS",
    "BATCH_DICE",
]

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
