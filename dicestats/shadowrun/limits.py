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
        why="published thresholds run from 1 (easy) to about 6 (extreme); 100 is far beyond",
    ),
)
