"""Questions and batch functions for the sweep tests (importable by worker processes)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import partial

from dicestats.core.question import Setup, question
from dicestats.core.results import Estimate, Result
from dicestats.sweep import register


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


def _toss(setup):
    return partial(coin_batch, p=setup.p)


def _heads(setup, totals):
    est = totals.proportion("heads")
    return CoinOdds(est, est.value, False, totals.trials)


def _size(setup):
    return 500


COIN_FORMS = dict(result=CoinOdds, batch=_toss, reduce=_heads, batch_size=_size, headline="p_heads")


@question(**COIN_FORMS)
def coin(p: float = 0.5):
    """A coin's heads, by Monte Carlo: a sweep sends its batches to the executor."""
    return Setup(p=p)


@question(**COIN_FORMS)
def slow_coin(p: float = 0.5):
    """A coin whose cells take ``$SWEEP_TEST_DELAY`` seconds."""
    time.sleep(float(os.environ.get("SWEEP_TEST_DELAY", "0")))
    return Setup(p=p)


@question(**COIN_FORMS)
def flaky_coin(p: float = 0.5, marker: str = ""):
    """Fails while the file ``marker`` does not exist: a cell that fails once, then works."""
    if p == 0.25 and not os.path.exists(marker):
        raise RuntimeError("worker lost (simulated)")
    return Setup(p=p)


COIN = register(coin, "test-coin")
SLOW = register(slow_coin, "test-slow-coin")
FLAKY = register(flaky_coin, "test-flaky-coin")
