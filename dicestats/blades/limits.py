"""The caps of a Blades in the Dark roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "dice",
        0,
        100,
        why="an action rating (0..4) plus bonus dice is a handful; 100 is far beyond any",
    ),
)
