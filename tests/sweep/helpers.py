"""Questions and batch functions for the sweep tests (importable by worker processes)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import partial

from dicestats.core import montecarlo as mc
from dicestats.core.results import Estimate, Result
from dicestats.sweep import Sweepable, register


def coin_batch(rng, n, p=0.5, delay=0.0):
    """Heads among n coins; ``delay`` seconds per batch (a slow batch, same numbers)."""
    if delay:
        time.sleep(delay)
    heads = int((rng.random(n) < p).sum())
    return {"heads": heads, "flips": n}


@dataclass(frozen=True)
class CoinOdds(Result):
    p_heads: Estimate
    mean_heads: float
    exact: bool
    trials: int


def coin(p=0.5, *, trials=1000, rng=None, workers=1, executor=None, progress=None, batch_size=None):
    """A Monte Carlo question that takes ``executor=``: a sweep sends it batches."""
    res = mc.run(
        partial(coin_batch, p=p),
        trials=trials,
        rng=rng,
        batch_size=batch_size or 500,
        workers=workers,
        executor=executor,
        progress=progress,
    )
    est = res.proportion("heads")
    return CoinOdds(est, est.value, False, res.trials)


def slow_coin(p=0.5, *, trials=1000, rng=None, progress=None):
    """A question without ``executor=``; its cells take ``$SWEEP_TEST_DELAY`` seconds."""
    time.sleep(float(os.environ.get("SWEEP_TEST_DELAY", "0")))
    res = mc.run(partial(coin_batch, p=p), trials=trials, rng=rng, batch_size=500)
    est = res.proportion("heads")
    return CoinOdds(est, est.value, False, res.trials)


def flaky_coin(p=0.5, *, marker="", trials=1000, rng=None):
    """Fails while the file ``marker`` does not exist: a cell that fails once, then works."""
    if p == 0.25 and not os.path.exists(marker):
        raise RuntimeError("worker lost (simulated)")
    return slow_coin(p, trials=trials, rng=rng)


COIN = register(Sweepable("test-coin", "tests.sweep.helpers:coin", "p_heads", "a coin"))
SLOW = register(Sweepable("test-slow-coin", "tests.sweep.helpers:slow_coin", "p_heads", "slow"))
FLAKY = register(Sweepable("test-flaky-coin", "tests.sweep.helpers:flaky_coin", "p_heads", "flaky"))
