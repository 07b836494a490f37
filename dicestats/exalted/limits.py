"""The caps of an Exalted roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "dice",
        0,
        100,
        why="Attribute + Ability (at most 10 each) plus charm and stunt dice stays under 50; "
        "100 is far beyond any",
    ),
    Limit(
        "difficulty",
        0,
        200,
        why="200 successes are the most 100 dice can show, every die a 10; at 0 only a botch fails",
    ),
)
