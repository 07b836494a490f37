"""Sample questions the Storyteller system answers, for the registry's contract test.

Each :class:`~dicestats.registry.Question` names an API call (answered in
float and in exact mode) and, where there is one, its Monte Carlo twin
(same arguments plus ``trials``, ``rng``, ``workers``; same result class,
Estimates for numbers).

Examples
--------
>>> [q.name for q in QUESTIONS][:2]
['pool: 5 dice at 7', 'pool: 4 dice at 8, ten-again']
>>> q = QUESTIONS[0]
>>> q.call(*q.args, exact=True, **q.kwargs).p_botch
Fraction(4651, 100000)
"""

from __future__ import annotations

from ..registry import Question
from .actions import automatic_success, botch_exemption, teamwork, try_again
from .extended_resisted import extended, resisted_extended
from .multiple import best_actions, multiple_actions
from .pools import anomalies, pool
from .rules import Rules
from .sim import simulate, simulate_extended, simulate_multiple_actions

__all__ = ["QUESTIONS"]

QUESTIONS = (
    Question("pool: 5 dice at 7", pool, (5, 7), simulate=simulate),
    Question(
        "pool: 4 dice at 8, ten-again", pool, (4, 8, Rules(ten_again=True)), simulate=simulate
    ),
    Question(
        "pool: 5 dice at 7, V20 rules, a roll with a specialty",
        pool,
        (5, 7, Rules.preset("v20")),
        {"specialty": True},
        simulate=simulate,
        bad=({"specialty": "double"},),
    ),
    Question(
        "anomalies: pools 1-12 at difficulties 8-10",
        anomalies,
        kwargs={"dice": range(1, 13), "difficulties": range(8, 11)},
    ),
    Question(
        "automatic success: 6 dice at 6, 2 successes", automatic_success, (6, 6), {"target": 2}
    ),
    Question("try again: 3 dice from difficulty 7", try_again, (3, 7)),
    Question("botch exemption: 3 dice at 9, 4 rolls", botch_exemption, (3, 9), {"rolls": 4}),
    Question(
        "multiple actions: Hall punches and dodges twice",
        multiple_actions,
        ([7, 6, 6], 6),
        simulate=simulate_multiple_actions,
    ),
    Question(
        "best actions: 4, 3 and 6 dice at 8 (one action is best)",
        best_actions,
        ([4, 3, 6], 8),
        bad=({"specialty": [True]},),
    ),
    Question(
        "extended: 3 dice at 6, target 5, 6 rounds, a botch ends it",
        extended,
        (3, 6, 5),
        {"rounds": 6, "on_botch": "ends"},
        simulate=simulate_extended,
    ),
    Question(
        "resisted and extended: 3 dice at 6 vs 3 at 7, to 2", resisted_extended, (3, 6, 3, 7, 2)
    ),
    Question("teamwork: 3 and 2 dice at 7, a botch spoils", teamwork, ([3, 2], 7), {"spoil": True}),
)
