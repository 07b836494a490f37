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
    The rounds of two sides (:class:`Odds`): every dice outcome enumerated (small
    setups: Fractions, floats with ``exact=False``), or by vectorized, seeded Monte
    Carlo with ``trials=``/``rng=`` (any setup: the same :class:`Odds` with
    :class:`~dicestats.core.results.Estimate` objects).
defence(swiftness, versus, *, attackers=..., respond=..., attack=..., ...)
    Attacks and their answers (:class:`Defence`): who answers, slow penalties, and
    with success rolls (:class:`SuccessRoll`, :class:`RollTable`: the user's
    assumption) armour, the attacker's margin left and the defender's advantage;
    enumerated (small setups) or by Monte Carlo (``trials=``, ``rng=``).
order_distribution(dice, *, rules=None)
    Every acting sequence of one concrete round with its probability
    (:class:`OrderDistribution`).
resolve(dice, sides=None, *, rng=None, rules=None)
    The acting sequence of one concrete round (:class:`RoundOrder` of :class:`Action` s).
acting_order(dice, owners, *, rng=None, rules=None)
    The vectorized order of many concrete rounds (an array of participants).
apply_pips(dice, pips, pip_rule="one-die")
    A preparation margin added to one set of dice.
HoldPolicy, HoldView, HOLD_POLICIES
    Holding policies: ``"never"``, ``"defend"``, ``"after-enemy"``, ``"always"`` or yours.
Rules, LIMITS
    The rule readings in force (``tiebreak``, ``order``, ``pip_rule``) and every cap.

Modules
-------
From the bottom up (each imports only those above it):

``rules``              :class:`Rules`: the readings of the rules (tie-break, order, pip rule)
``limits``             :data:`LIMITS`: every cap, with why; the size check of the enumeration
``results``            :class:`Odds`, :class:`Defence`, :class:`OrderDistribution`,
                       :class:`RoundOrder`, :class:`Action`
``setup``              a checked two-side setup (swiftness, pips, rules; participant labels);
                       its outcome classes and its Monte Carlo batch size
``pips``               preparation margins, one vectorized implementation
``order``              the acting order, written once as a sort key per die; coins; resolve,
                       acting_order, and the form of order_distribution
``holding``            holding policies and the view they decide on
``rolls``              success rolls (the user's assumption)
``engine``             the round engine: rounds played action by action (holding, answers,
                       armour), enumerated or simulated through one code path, and the
                       fights put to it
``enumeration``        the exact form of :func:`odds` (the engine for holding or several
                       rounds)
``simulation``         the Monte Carlo form of :func:`odds`: the order-only fast path (its
                       key layout, tie settling and statistics; the engine for holding or
                       several rounds)
``defences``           the forms of :func:`defence`, on the engine
``questions``          the questions, each declared once (parameters, forms, headline,
                       samples): the public functions :func:`odds`, :func:`defence`,
                       :func:`order_distribution`

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
        "limits": (
            "LIMITS",
            "EXACT_LIMIT",
            "EXACT_WORK_PER_CLASS",
            "MAX_SWIFTNESS",
            "MAX_PARTICIPANTS",
            "BATCH_DICE",
        ),
        "results": ("Odds", "Defence", "OrderDistribution", "RoundOrder", "Action"),
    },
)
