"""Sample questions the workbench answers, for its contract test.

The workbench is not a dice system (the registry lists systems), so
``tests/workbench/test_contract.py`` asks these questions through the registry's
own contract checks (``tests/test_contract.py``): frozen results that serialise,
float answers equal to exact ones within 1e-12, one-line refusals naming the
parameter, ``exact`` keyword-only.

Examples
--------
>>> q = QUESTIONS[0]
>>> q.call(*q.args, **q.kwargs).dice
9
"""

from __future__ import annotations

from ..registry import Question
from ..storyteller.rules import Rules
from .solve import (
    solve_difficulty,
    solve_fate_difficulty,
    solve_fate_invokes,
    solve_fate_rating,
    solve_initiative,
    solve_pool,
    solve_target,
)
from .wishlist import fate_wishes, wishes

__all__ = ["QUESTIONS"]

QUESTIONS = (
    Question(
        "solve pool: 75% at difficulty 8",
        solve_pool,
        (8,),
        {"at_least": 0.75, "dice_limit": 40},
        bad=({"at_least": 1.5}, {"event": "glory"}, {"dice_limit": 0}),
    ),
    Question(
        "solve pool: 2 net successes with 50% at 7, ten-again",
        solve_pool,
        (7, 0.5, Rules(ten_again=True)),
        {"net": 2, "dice_limit": 40},
        bad=({"net": 0},),
    ),
    Question("solve pool: unreachable, 99.99% at 10", solve_pool, (10, 0.9999), {"dice_limit": 30}),
    Question(
        "solve difficulty: 4 dice nearest 50%",
        solve_difficulty,
        (4,),
        {"nearest": 0.5},
        bad=({"nearest": 2},),
    ),
    Question(
        "solve target: 6 dice at 8 within 4 rounds, 50%",
        solve_target,
        (6, 8),
        {"rounds": 4, "at_least": 0.5},
        bad=({"rounds": 0}, {"on_botch": "explodes"}),
    ),
    Question(
        "solve fate difficulty: Fair, success or better 60%",
        solve_fate_difficulty,
        (),
        {"rating": "Fair", "at_least": 0.6},
        bad=({"rating": "Heroic"}, {"objective": "win"}),
    ),
    Question("solve fate rating: style at Good, 50%", solve_fate_rating, ("Good", 0.5, "style")),
    Question(
        "solve fate invokes: +0 at Fair, 70%",
        solve_fate_invokes,
        (0, 2, 0.7),
        bad=({"invokes_limit": 21},),
    ),
    Question(
        "solve initiative: pips for 3 dice against 3, 70%",
        solve_initiative,
        ([3], [3]),
        {"at_least": 0.7},
        bad=({"at_least": -1}, {"solve_for": "luck"}),
    ),
    Question(
        "wishes: the strongbox of notebook 04",
        wishes,
        kwargs={"wishes": ["6 success >= 2/3", "3 success <= 55%", "3 botch < 15%"]},
        bad=({"wishes": ["6 success >= 1.5"]}, {"difficulties": [11]}),
    ),
    Question(
        "wishes for Fate: a Fair success, a Mediocre failure, a Good success with style",
        fate_wishes,
        kwargs={"wishes": ["Fair success >= 60%", "0 fail >= 0.5", "Good style >= 0.2"]},
        bad=({"wishes": ["Heroic success >= 0.5"]}, {"difficulties": ["Heroic"]}),
    ),
    Question(
        "wishes for Fate: one invoke and a helper",
        fate_wishes,
        kwargs={
            "wishes": ["Mediocre with 1 invoke success >= 0.5", "Fair with 1 helper style <= 1/3"],
            "difficulties": range(0, 4),
        },
        bad=({"wishes": ["Fair with 1 invoke tie >= 0.1"]},),
    ),
)
