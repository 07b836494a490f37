"""Sample questions the Fate system answers: what the registry's contract test asks.

Each :class:`~dicestats.registry.Question` calls one main API function; the
contract test checks that its float and exact answers agree, that the result
serialises to JSON and that bad input is refused. Fate has no Monte Carlo
twin: every Fate answer is exact or float64 by the same computation.

Examples
--------
>>> [q.name for q in QUESTIONS][:2]
['one roll, +2 against Average (+1)', 'one roll, +1 against an active +0']
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
    from .actions import attack, create_advantage
    from .challenges import best_challenge_plan, challenge
    from .contests import contest, exchange_probs
    from .deck_sums import deck_vs_dice
    from .invokes import invoke_policy, invoke_vs_opposition
    from .outcomes import outcome_probs

    return (
        Question("one roll, +2 against Average (+1)", outcome_probs, (2,), {"difficulty": 1}),
        Question("one roll, +1 against an active +0", outcome_probs, (1,), {"versus": 0}),
        Question(
            "create a new advantage, +2 against Fair (+2)",
            create_advantage,
            (2,),
            {"difficulty": 2, "aspect": "new"},
        ),
        Question(
            "attack +1 against Mediocre (+0), trading a shift for a boost",
            attack,
            (1,),
            {"difficulty": 0, "trade_for_boost": True},
        ),
        Question("two invokes, +2 against Good (+3)", invoke_policy, (2, 3), {"invokes": 2}),
        Question(
            "one invoke against an active opposition", invoke_vs_opposition, (1, 1), {"invokes": 1}
        ),
        Question("a challenge of three rolls at +2", challenge, ([1, 2, 3], 2)),
        Question(
            "a challenge with an advantage created for its hardest roll",
            challenge,
            ([1, 2, 3], 2),
            {"plan": "OOAO", "need": 2},
        ),
        Question(
            "the best place for two advantages in a challenge",
            best_challenge_plan,
            ([1, 3], 2),
            {"advantages": 2},
        ),
        Question("one exchange among three", exchange_probs, ([1, 0, -1],)),
        Question("a contest, +1 against +0", contest, ([1, 0],)),
        Question("20 draws of the Deck of Fate against dice", deck_vs_dice, (20, 0, 1)),
    )
