"""The caps of a Shadowrun success test."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "dice",
        1,
        100,
        why="attribute plus skill plus modifiers rarely passes 30; 100 is far beyond any",
    ),
    Limit(
        "threshold",
        1,
        100,
        why="a threshold is a handful of hits (1 easy, 2 average, 4 hard); 100 is far beyond any",
    ),
)
