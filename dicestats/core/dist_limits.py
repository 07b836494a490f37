"""``dist.LIMITS``: what a :class:`~dicestats.core.dist.Dist` may cost, as data.

The table is checked where the work is decided: the span and exact-size checks (sums
of distributions against ``exact sum digits``, anything else built exactly against
``exact digits``) and the convolution work check of
:mod:`~dicestats.core.dist_kernels`, and ``Dist.moment``.
``dicestats.core.dist.LIMITS`` is this table.
"""

from __future__ import annotations

from .limits import Limit, Limits

__all__ = ["LIMITS"]

#: What a distribution may cost, as data (see :mod:`dicestats.core.limits`):
#: far-apart outcomes, a huge ``n @ d`` or a high moment would otherwise exhaust
#: memory or run for minutes instead of failing clearly.
LIMITS = Limits(
    Limit(
        "outcomes",
        1,
        50_000_000,
        why="a Dist is dense: 50 million float64 weights are 400 MB",
    ),
    Limit(
        "exact digits",
        hi=4_000_000,
        when="exact",
        why="exact weights are built with Python's integer arithmetic, whose time grows "
        "with the square of the digits",
        instead="use exact=False (float64)",
    ),
    Limit(
        "exact sum digits",
        hi=100_000_000,
        when="exact",
        why="a sum of distributions (d + e, n @ d) is one GMP product of packed integers: "
        "4000 @ d6 holds 62 million digits and takes about 1.5 s; the time grows about "
        "linearly with the digits",
        instead="use exact=False (float64)",
    ),
    Limit(
        "convolution work",
        hi=20_000_000_000,
        when="float",
        why="outcomes × outcomes multiply-adds, about 10 s, where an FFT would lose the "
        "accuracy of the tails",
        instead="trim the far tails or use fewer dice",
    ),
    Limit(
        "moment order",
        0,
        1_000,
        why="a raw moment of order n has n times the digits of an outcome; no dice "
        "question needs more",
    ),
)
