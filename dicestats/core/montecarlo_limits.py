"""``montecarlo.LIMITS``: the engine's caps on trials, workers and batch size, as data.

``dicestats.core.montecarlo.LIMITS`` is this table.
"""

from __future__ import annotations

import os

from .limits import Limit, Limits

#: Trials of one Monte Carlo answer unless told otherwise (API, CLI and tables alike):
#: a proportion near 50% gets a 95% interval of about ±0.3 percentage points.
DEFAULT_TRIALS = 100_000
#: Trials per batch unless told otherwise (a few MB of arrays for typical simulations).
DEFAULT_BATCH = 65536

__all__ = ["LIMITS"]


def _cpus() -> int:
    """CPUs this process may run on (the affinity mask where there is one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_MAX_WORKERS = max(8, 4 * _cpus())

#: The engine's caps, as data (see :mod:`dicestats.core.limits`); the systems'
#: simulations run through :func:`run` and so inherit them.
LIMITS = Limits(
    Limit(
        "trials",
        1,
        1_000_000_000,
        why="a billion trials put a proportion within ±0.003 percentage points and take "
        "minutes to hours; more would run for days",
        instead="use fewer trials, or run_until for a target precision",
    ),
    Limit(
        "workers",
        1,
        _MAX_WORKERS,
        why=f"{_cpus()} CPU(s) here: more than 4 processes per CPU (at least 8) only add "
        "start-up time and memory",
    ),
    Limit(
        "batch_size",
        1,
        10_000_000,
        why="a batch's arrays are held in memory at once: 10 million trials are 80 MB per "
        "int64 array",
    ),
)
