"""The caps of a Vampire: the Masquerade (5th edition) roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "dice",
        1,
        100,
        why="an attribute plus a skill and modifiers is a handful (a pool never drops "
        "below one die); 100 is far beyond any",
    ),
    Limit(
        "hunger",
        0,
        100,
        why="Hunger is 0..5 in play; its dice replace dice of the pool, so at most the pool",
    ),
    Limit(
        "difficulty",
        1,
        200,
        why="the successes needed; 100 dice, all 10s, make at most 200",
    ),
)
