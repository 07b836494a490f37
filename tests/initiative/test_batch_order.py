"""The simulation's batch ordering (simulation.order_batch) against order.sort_keys."""

from __future__ import annotations

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.initiative import order, simulation
from dicestats.initiative.rules import Rules
from dicestats.initiative.setup import check_setup
from dicestats.initiative.simulation import Rounds

SETUPS = [
    ([3, 3, 3], [2, 2, 2], {}),
    ([3, 3, 3], [2, 2, 2], {"rules": Rules(order="action")}),
    ([1, 1], [1], {}),
    ([6, 2], [7, 1], {}),
    ([2, 2, 2, 2], [2, 2, 2, 2], {"rules": Rules(order="action")}),
    ([2, 1], [2], {"pips": [1, 0], "rules": Rules(tiebreak="unspent")}),
]


@pytest.mark.parametrize("a,b,kw", SETUPS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_order_batch_is_sort_keys(a, b, kw, seed):
    setup = check_setup(a, b, **kw)
    # tier: the int64 layout (its dense int32 keys: test_dense_tier_keys.py)
    fn = Rounds(setup, dense=setup.rules.order == "action")
    keys = fn.draw(np.random.default_rng(100 + seed), 5000)
    r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
    want = order.sort_keys(keys.copy(), r1, fn.mode, fn.fmt, fn.D, True)
    got = simulation.order_batch(keys.copy(), r2, fn.mode, fn.fmt, fn.D)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    assert r1.integers(0, 2**62) == r2.integers(0, 2**62)  # the same draws were used


def test_ties_reads_a_tie_as_sort_keys_does():
    srt = np.array([[8 << 6 | 1, 8 << 6 | 2], [8 << 6 | 1, 8 << 6 | 1], [8 << 6, 9 << 6]])
    assert simulation.ties(srt, "tier").tolist() == [True, False, False]
    assert simulation.ties(srt, "action").tolist() == [True, True, False]


def test_simulate_unchanged_by_the_batch_ordering(monkeypatch):
    fast = ini.odds([3, 3, 3], [2, 2, 2], trials=30_000, rng=5)

    def slow(keys, rng, mode, fmt, real, lut=None, tied=None, short=None):
        return order.sort_keys(keys, rng, mode, fmt, real, True)

    monkeypatch.setattr(simulation, "order_batch", slow)
    monkeypatch.setattr(simulation, "Rounds", lambda setup: Rounds(setup, dense=False))
    ref = ini.odds([3, 3, 3], [2, 2, 2], trials=30_000, rng=5)
    assert fast.p_first == ref.p_first and fast.p_acts_at == ref.p_acts_at
    assert fast.mean_position == ref.mean_position and fast.p_double == ref.p_double


def rowwise_ties(srt, mode):
    x = (srt[:, 1:] ^ srt[:, :-1]).astype(np.int64)
    return ((x <= 63) & (x != 0) if mode == "tier" else x <= 63).any(axis=1)


@pytest.mark.parametrize("mode", ["tier", "action"])
@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
@pytest.mark.parametrize("width", [7, 8, 16])
def test_ties_on_whole_rows_as_row_by_row(mode, dtype, width):
    """ties() reads contiguous rows of 8k keys along the flat array: the same rows."""
    rng = np.random.default_rng(width)
    srt = np.sort(rng.integers(0, 4 << 6, size=(3000, width)).astype(dtype), axis=1)
    assert np.array_equal(simulation.ties(srt, mode), rowwise_ties(srt, mode))
    part = srt[:, : width - 1]  # not contiguous: row by row
    assert np.array_equal(simulation.ties(part, mode), rowwise_ties(part, mode))
