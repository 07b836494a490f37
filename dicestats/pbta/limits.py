"""The caps of a Powered by the Apocalypse roll."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit(
        "stat",
        -10,
        10,
        why="stats run from about -2 to +3, forward and ongoing add a few; with the usual "
        "bands every roll is a strong hit at +8 and a miss at -6",
    ),
)
