"""The caps of a Chronicles of Darkness roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "dice",
        0,
        100,
        why="an attribute plus a skill and bonuses is rarely above 15; 0 is the chance die; "
        "100 is far beyond any",
    ),
)
