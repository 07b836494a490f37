"""Monte Carlo ``odds`` (once ``simulate``) gives the same bytes as before the speed work of
issue 14, item 3.

Each digest is the SHA-256 of every field of :class:`~dicestats.initiative.results.Odds`
that a simulation fills (their ``repr``), computed with the code of commit 23d7741
(the main branch before this round): the same seed must keep giving the very same
numbers under each reading, with pool pips, another batch size and 2 workers.
The statistics are also compared, batch by batch, with their row-wise
formulation (``argmax`` / ``any`` / one ``bincount`` cell per position).
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.initiative import order as order_mod
from dicestats.initiative.order import OWN_MASK
from dicestats.initiative.setup import check_setup
from dicestats.initiative.simulation import Rounds, RoundStats, block_rows, order_batch

FIELDS = ("p_first", "p_participant_first", "actions_before", "p_double", "mean_position",
          "p_acts_at", "trials")  # fmt: skip

PINNED = [
    (([3, 3, 3], [2, 2, 2]), dict(trials=10**6, rng=1),
     "144cdc01a0f90b1ea3d2"),
    (([3, 3, 3], [2, 2, 2]), dict(trials=300_000, rng=1, workers=2),
     "2fb4cd21fb7db189bb1c"),
    (([3, 3, 3], [2, 2, 2]), dict(trials=200_000, rng=5, order="action"),
     "951af0368787fb0d710b"),
    (([3, 3, 3], [2, 2, 2]), dict(trials=200_000, rng=5, tiebreak="unspent"),
     "932bcb57d219d485bb93"),
    (([2, 1], [2]), dict(trials=100_000, rng=3, pips=[1, 0]),
     "a4c95ec97e7fd85eb019"),
    (([1, 1, 1, 1], [1, 1, 1]), dict(trials=100_000, rng=3),
     "b69e8ecaf2e8f02326a0"),
    (([1, 1, 1, 1], [1, 1, 1]), dict(trials=100_000, rng=3, order="action"),
     "99f1edbbefbccc1ec3e8"),
    (([5, 5], [5]), dict(trials=50_000, rng=2),
     "d2a81f810c9ea54cc973"),
    (([4, 1], [2, 2]), dict(trials=50_000, rng=2, pips=[1, 2]),
     "9daef56ae3bc41ce1d96"),
    (([6, 2], [3]), dict(trials=50_000, rng=2),
     "c22cbac93bbfcd0834c4"),
    (([3, 3], [2, 2]), dict(trials=70_001, rng=9, batch_size=1000),
     "4eea6a51a4dfa2e8d4bf"),
    (([2, 2, 2, 2], [2, 2, 2, 2]), dict(trials=100_000, rng=4, workers=2),
     "7fcbb74ded72c85cc7ea"),
    (([3, 2], [3, 1]), dict(trials=50_000, rng=4, pip_rule="side-pool", pips=2),
     "da58d6a7984463ac4f59"),
    # many one-die participants in the action reading: a tied row's coins are as wide
    # as the padded layout's coin field (its ranks count a sentinel per padding slot)
    (([1] * 4, [1] * 17), dict(trials=50_000, rng=1, order="action", tiebreak="unspent"),
     "d7b3f970c28dd452fcb1"),
    (([1] * 31, [1] * 7), dict(trials=50_000, rng=3, order="action", tiebreak="unspent"),
     "8116056b604463e5b452"),
    # 46 padding keys' ranks do not fit beside those coins in int32: int64 keys
    (([3] * 23, [3] * 23), dict(trials=5_000, rng=2, order="action", tiebreak="unspent"),
     "965e1f5a5685ae74c0fa"),
]  # fmt: skip


def digest(r):
    fields = sorted((k, repr(getattr(r, k))) for k in FIELDS)
    return hashlib.sha256(repr(fields).encode()).hexdigest()[:20]


@pytest.mark.parametrize("args,kw,want", PINNED)
def test_simulate_gives_the_pinned_numbers(args, kw, want):
    assert digest(ini.odds(*args, progress=False, **kw)) == want


def rowwise(srt, n_parts, na, da, D):
    """The statistics of sorted keys, one row-wise numpy call each."""
    n = srt.shape[0]
    owner = (srt[:, :D] & OWN_MASK).astype(np.int64)
    blk = np.arange(n) // block_rows(n)
    k = int(blk[-1]) + 1
    cell = (blk[:, None] * D + np.arange(D)) * n_parts + owner
    hist = np.bincount(cell.ravel(), minlength=k * D * n_parts).reshape(k, D, n_parts)
    tot = (hist * np.arange(1, D + 1)[None, :, None]).sum(axis=1)
    rows = np.bincount(blk)
    first = np.bincount(owner[:, 0], minlength=n_parts)
    sums = dict(first_side=int(first[:na].sum()), first=first, blocks=k)
    sums["before"] = np.bincount(np.argmax(owner >= na, axis=1), minlength=da + 1)
    sums["double"] = int((owner[:, 1:] == owner[:, :-1]).any(axis=1).sum())
    sums["position"] = hist.sum(axis=0)
    sums.update(pos=tot.sum(axis=0), pos_sq=(tot * tot).sum(axis=0))
    sums.update(rows=int(rows.sum()), rows_sq=int((rows * rows).sum()))
    sums["pos_x_rows"] = (tot * rows[:, None]).sum(axis=0)
    return sums


@pytest.mark.parametrize(
    "a,b,kw",
    [([3, 3, 3], [2, 2, 2], {}), ([1, 1], [1], {}), ([5, 5], [5], {}), ([8], [1], {}),
     ([4, 1], [2, 2], {"pips": [1, 2]}), ([1] * 9, [1] * 8, {}), ([2] * 10, [1] * 10, {}),
     ([3, 3], [2], {"order": "action"})],
)  # fmt: skip
@pytest.mark.parametrize("n", [1, 37, 4096, 20_000])
def test_statistics_are_the_rowwise_ones(a, b, kw, n):
    fn = Rounds(check_setup(a, b, **kw))
    rng = np.random.default_rng(n)
    srt = order_batch(fn.draw(rng, n), rng, fn.mode, fn.fmt, fn.D, fn.lut)
    want = rowwise(srt, len(fn.sw), fn.na, fn.da, fn.D)
    stats = RoundStats(len(fn.sw), fn.na, fn.da, fn.D)
    st = stats.buffers(n)
    st.owner[:, : fn.D] = srt[:, : fn.D] & OWN_MASK
    got = stats(st)
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert np.array_equal(got[key], value), key


def test_threads_keep_their_own_buffers():
    """Batches run by threads at once (an executor of threads) each use buffers of
    their own thread: the pinned numbers still."""
    from concurrent.futures import ThreadPoolExecutor

    args, kw, want = PINNED[1]  # 300,000 rounds, seed 1
    kw = {k: v for k, v in kw.items() if k != "workers"}
    with ThreadPoolExecutor(4) as pool:
        got = ini.odds(*args, progress=False, executor=pool, **kw)
    assert digest(got) == want


@pytest.mark.parametrize(
    "a,b",
    [([1] * 4, [1] * 17), ([1] * 31, [1] * 7), ([1, 2, 3] * 10 + [1, 2], [3, 2] * 9), ([3], [2])]
    + [([3] * 23, [3] * 23)],
)
def test_action_coins_are_as_wide_as_the_padded_layouts(a, b):
    """The action reading draws a tied row's coins with the coin field's width: the
    one of the padded int64 layout before (every participant padded to the largest
    swiftness with one sentinel key per slot, all ranked), not of this layout's ranks."""
    fn = Rounds(check_setup(a, b, rules=ini.Rules(order="action", tiebreak="unspent")))
    wide = Rounds(
        check_setup(a, b, rules=ini.Rules(order="action", tiebreak="unspent")), dense=False
    )
    real = np.concatenate([g["keys"].ravel() for g in wide.groups]) >> order_mod.RANK_SHIFT
    slots = sum(max(fn.sw) - s for s in fn.sw)
    count = np.unique(real).size + slots  # sentinels: value 7, beyond every real key
    cb = 31 - order_mod.OWN_BITS - max(1, (count - 1).bit_length())
    assert fn.fmt.coin_bits == (cb if cb >= max(12, fn.b) else order_mod.FMT64)
    if a == [3] * 23:  # these ranks and coins exceed 31 bits: int64 keys, the same coins
        assert fn.fmt.dtype == np.int64 and fn.fmt.coin_bits < order_mod.FMT64
