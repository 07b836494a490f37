"""Sample questions of the d6 initiative system, asked by the registry's contract test.

Each :class:`~dicestats.registry.Question` names an API call; where the
question has a Monte Carlo twin, ``simulate`` answers it with the same result
class (Estimates in the fields where the enumeration has Fractions).

Examples
--------
>>> [q.name for q in QUESTIONS][:2]
['one die against two', 'two allies against one, per-participant pips']
"""

from __future__ import annotations

__all__ = ["QUESTIONS"]

#: Not yet declared with :func:`dicestats.core.question.question`: the registry reads these
#: sample questions instead (built on first use, so that listing the questions imports no
#: numpy).
LEGACY = True


def __getattr__(name):
    if name != "QUESTIONS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global QUESTIONS
    QUESTIONS = _questions()
    return QUESTIONS


def _questions():
    from ..registry import Question
    from .defences import defence, defence_odds
    from .enumeration import odds
    from .order import order_distribution, resolve
    from .rolls import SuccessRoll
    from .rules import Rules
    from .simulation import simulate

    return (
        Question("one die against two", odds, ([1], [2]), simulate=simulate),
        Question(
            "two allies against one, per-participant pips",
            odds,
            ([2, 1], [2]),
            {"pips": [1, 0]},
            simulate=simulate,
        ),
        Question(
            "tier order, unspent tie-break",
            odds,
            ([2], [2]),
            {"rules": Rules(order="tier", tiebreak="unspent")},
            simulate=simulate,
        ),
        Question(
            "a side's pool of pips, spread over its dice",
            odds,
            ([1], [1, 2]),
            {"versus_pips": 2, "pip_rule": "side-pool"},
            simulate=simulate,
        ),
        Question(
            "every order of one round with ties",
            order_distribution,
            ([[6, 6, 6], [6, 6]],),
            {"tiebreak": "unspent"},
        ),
        Question(
            "margins split over a participant's dice",
            odds,
            ([2], [2]),
            {"pips": 3, "pip_rule": "split"},
            simulate=simulate,
            bad=({"pips": -1}, {"pip_rule": "both"}),
        ),
        Question("one round step by step", resolve, ([[6, 2], [6, 6], [4]],), exact=False),
        Question("reactive defence, one die each", defence, ([1], [1]), exact=False),
        Question(
            "holding: heroes defend, foes wait for them, two rounds",
            odds,
            ([2], [1, 1]),
            {"hold": "defend", "versus_hold": "after-enemy", "rounds": 2},
            simulate=simulate,
            bad=({"hold": "wait"}, {"rounds": 0}, {"versus_hold": ["never"]}),
        ),
        Question(
            "everyone holds: on edge, then nobody may hold",
            odds,
            ([1, 1], [1]),
            {"hold": "always", "versus_hold": "always", "rounds": 2, "weakness": [2, None]},
            simulate=simulate,
        ),
        Question(
            "every defender answers, armour after (the user's success rolls)",
            defence_odds,
            ([1, 1], [2]),
            {"attack": SuccessRoll(2), "defend": SuccessRoll(1), "armour": SuccessRoll(1)},
            simulate=defence,
            bad=({"respond": "all"}, {"slow_cost": -1}),
        ),
        Question(
            "a holder's attack: equal initiative, no slow",
            defence_odds,
            ([1], [2]),
            {"hold": "always", "versus_hold": "defend", "attackers": "both"},
            simulate=defence,
        ),
    )
