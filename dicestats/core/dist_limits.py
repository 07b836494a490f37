"""``dist.LIMITS``: what a :class:`~dicestats.core.dist.Dist` may cost, as data.

The table is checked where the work is decided: the span and exact-size checks and the
convolution work check of :mod:`~dicestats.core.dist_kernels`, and ``Dist.moment``.
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
        why="1000 @ d6 holds 3.9 million digits and takes about 2 s; the time grows with "
        "the square of the size",
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
