"""The caps of a Year Zero Engine roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "base",
        0,
        100,
        why="an attribute gives a handful of base dice (1..5 in Mutant: Year Zero); 100 is far "
        "beyond any",
    ),
    Limit(
        "skill",
        0,
        100,
        why="a skill gives 0..5 dice, help and talents a few more; 100 is far beyond any",
    ),
    Limit(
        "gear",
        0,
        100,
        why="a weapon's or a tool's bonus is a few gear dice; 100 is far beyond any",
    ),
    Limit(
        "need",
        1,
        30,
        why="one 6 succeeds, a few more buy stunts; the exact work of a push grows with "
        "need, and 30 with 300 dice takes under a second",
    ),
)
