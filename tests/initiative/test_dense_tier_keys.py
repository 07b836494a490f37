"""The tier reading's dense int16/int32 keys order every round exactly as int64 keys.

The reference is the ordering before issue 14, item 3: int64 keys
(``Rounds(setup, dense=False)``) sorted by ``order.sort_keys``; the same draws
must give the same acting order, the same coins and the same Monte Carlo ``odds`` numbers.
"""

from __future__ import annotations

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.initiative import order, simulation
from dicestats.initiative.order import OWN_MASK, RANK_SHIFT
from dicestats.initiative.rules import Rules
from dicestats.initiative.setup import check_setup
from dicestats.initiative.simulation import Rounds

SETUPS = [
    ([3, 3, 3], [2, 2, 2], {}),
    ([1, 1], [1], {}),
    ([1, 1, 1, 1], [1, 1, 1], {}),
    ([2, 2, 2, 2], [2, 2, 2, 2], {}),
    ([2, 1], [2], {"pips": [1, 0], "rules": Rules(tiebreak="unspent")}),
    ([3, 2], [3, 1], {"rules": Rules(tiebreak="unspent")}),
    ([4, 1], [2, 2], {"pips": [1, 2]}),
    ([5, 5], [5], {}),
]


@pytest.mark.parametrize("a,b,kw", SETUPS)
@pytest.mark.parametrize("seed", [0, 1])
def test_dense_tier_order_is_the_int64_order(a, b, kw, seed):
    setup = check_setup(a, b, **kw)
    fn, wide = Rounds(setup), Rounds(setup, dense=False)
    assert fn.mode == "tier" and fn.fmt.dtype in (np.int16, np.int32) and fn.lut is not None
    keys = fn.draw(np.random.default_rng(100 + seed), 4000)
    ref = wide.draw(np.random.default_rng(100 + seed), 4000)
    r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
    want = order.sort_keys(ref, r1, wide.mode, wide.fmt, wide.D, True)
    got = simulation.order_batch(keys, r2, fn.mode, fn.fmt, fn.D, fn.lut)
    got = got[:, : fn.D]  # then padding, beyond every real key
    assert np.array_equal(got & OWN_MASK, want & OWN_MASK)  # the same acting order
    # and the same keys: the dense rank maps back to the int64 key's high bits
    high = np.unique(wide.fast.table >> RANK_SHIFT)  # the int64 layout: real keys only
    assert np.array_equal(high[got >> order.OWN_BITS], want >> RANK_SHIFT)
    assert r1.integers(0, 2**62) == r2.integers(0, 2**62)  # the same coins were drawn
    assert np.array_equal(fn.lut[: high.size], order.key_value(high << RANK_SHIFT))


@pytest.mark.parametrize("a,b,kw", SETUPS[:5])
def test_simulate_is_unchanged(monkeypatch, a, b, kw):
    kw = {("tiebreak" if k == "rules" else k): (v.tiebreak if k == "rules" else v)
          for k, v in kw.items()}  # fmt: skip
    new = ini.odds(a, b, trials=20_000, rng=11, **kw)

    def old_order(keys, rng, mode, fmt, real, lut=None, tied=None, short=None):
        assert lut is None
        return order.sort_keys(keys, rng, mode, fmt, real, True)

    monkeypatch.setattr(simulation, "order_batch", old_order)
    monkeypatch.setattr(simulation, "Rounds", lambda setup: Rounds(setup, dense=False))
    ref = ini.odds(a, b, trials=20_000, rng=11, **kw)
    assert new.p_first == ref.p_first and new.p_acts_at == ref.p_acts_at
    assert new.mean_position == ref.mean_position and new.p_double == ref.p_double
    assert new.actions_before == ref.actions_before
    assert new.p_participant_first == ref.p_participant_first


@pytest.mark.parametrize("bits", [1, 6, 12, 26, 31])
@pytest.mark.parametrize("count", [2, 48, 4800])
@pytest.mark.parametrize("half", [False, True])
def test_coin_words_are_numpys_draws(bits, count, half):
    """The tier coins from raw words: the values and the generator's position of
    ``rng.integers(0, 2**bits, size=count, dtype=np.int64)``."""
    r1, r2 = np.random.default_rng(bits + count), np.random.default_rng(bits + count)
    if half:  # an odd number of 32-bit draws leaves half a word buffered: fall back
        r1.integers(0, 10, dtype=np.int32), r2.integers(0, 10, dtype=np.int32)
    want = r1.integers(0, 1 << bits, size=count, dtype=np.int64)
    words = simulation.coin_words(r2, bits, count)
    if half:
        assert words is None
        return
    assert np.array_equal((words >> (32 - bits)).astype(np.int64), want)
    assert r1.integers(0, 2**62, size=3).tolist() == r2.integers(0, 2**62, size=3).tolist()
    assert r1.integers(0, 7, size=5).tolist() == r2.integers(0, 7, size=5).tolist()


def test_coin_words_fall_back():
    rng = np.random.default_rng(1)
    assert simulation.coin_words(rng, 26, 3) is None  # odd count
    assert simulation.coin_words(rng, 32, 4) is None
    mt = np.random.Generator(np.random.MT19937(1))
    assert simulation.coin_words(mt, 26, 4) is None


@pytest.mark.parametrize("a,b,kw", SETUPS + [([3, 3, 3], [3, 3, 3], {}), ([2, 2], [2, 2], {})])
def test_batch_path_is_the_int64_order(a, b, kw):
    """``Rounds.ordered`` (ties read from the drawn rows, tied rows settled with 16-bit
    coin prefixes in int32 keys) against int64 keys sorted by ``order.sort_keys``."""
    setup = check_setup(a, b, **kw)
    fn, wide = Rounds(setup), Rounds(setup, dense=False)
    r1, r2 = np.random.default_rng(7), np.random.default_rng(7)
    want = order.sort_keys(wide.draw(r1, 20_000), r1, wide.mode, wide.fmt, wide.D, True)
    got = fn.ordered(r2, 20_000)[:, : fn.D]
    assert np.array_equal(got & OWN_MASK, want & OWN_MASK)
    high = np.unique(wide.fast.table >> RANK_SHIFT)
    assert np.array_equal(high[got >> order.OWN_BITS], want >> RANK_SHIFT)
    assert r1.integers(0, 2**62) == r2.integers(0, 2**62)


@pytest.mark.parametrize("mask", [0b11 << 30, 0x3FF << 6])
def test_short_coins_fall_back_exactly(monkeypatch, mask):
    """Coins whose top 16 bits tie (all of them with the mask of bits 6-15, a quarter
    with the top two bits) and whose 26 bits tie too (often with two bits): the
    short settling still orders and redraws as :func:`settle`."""
    real = simulation.coin_words

    def few_bits(rng, bits, count):
        words = real(rng, bits, count)
        return None if words is None else words & np.uint32(mask)

    monkeypatch.setattr(simulation, "coin_words", few_bits)
    fn = Rounds(check_setup([3, 3, 3], [2, 2, 2]))
    keys = fn.draw(np.random.default_rng(3), 5000)
    keys.sort(axis=1)
    clear = keys[simulation.ties(keys[:, : fn.D], "tier")]
    r1, r2 = np.random.default_rng(4), np.random.default_rng(4)
    want = simulation.settle_dense(clear, r1, fn.fmt, fn.lut)
    got = simulation.settle_dense(clear, r2, fn.fmt, fn.lut, fn.fast.short)
    assert np.array_equal(got, want)
    assert r1.integers(0, 2**62) == r2.integers(0, 2**62)


@pytest.mark.parametrize("a,b", [([3, 3, 3], [2, 2, 2]), ([1, 1, 1, 1], [1, 1, 1]), ([2, 1], [2])])
@pytest.mark.parametrize("n", [1, 8191, 8193, 20_000])
@pytest.mark.parametrize("mask", [None, 0xF << 28])
def test_owners_in_chunks_are_the_whole_batch_ones(monkeypatch, a, b, n, mask):
    """The chunked pipeline of ``Rounds.__call__`` (the rows and coins drawn for the
    whole batch, keys sorted and settled a chunk at a time, rows whose coins tie
    drawn again at the end) against ``Rounds.ordered`` on the whole batch; odd
    ``n`` leave half a 32-bit word buffered for small setups (numpy's own draws)."""
    if mask is not None:  # coins with four random bits: ties, redraws across chunks
        real = simulation.coin_words

        def few_bits(rng, bits, count):
            words = real(rng, bits, count)
            return None if words is None else words & np.uint32(mask)

        monkeypatch.setattr(simulation, "coin_words", few_bits)  # the chunks' and order_batch's
    setup = check_setup(a, b)
    fn, ref = Rounds(setup), Rounds(setup)
    stats = simulation.RoundStats(len(fn.sw), fn.na, fn.da, fn.D)
    want, got = stats.buffers(n).owner.copy(), stats.buffers(n).owner.copy()
    r1, r2 = np.random.default_rng(n), np.random.default_rng(n)
    simulation.owner_bytes(ref.ordered(r1, n), want, ref.D)
    fn._owners_in_chunks(r2, n, got)
    assert np.array_equal(got[:, : fn.D], want[:, : fn.D])
    assert r1.integers(0, 2**62) == r2.integers(0, 2**62)
    # and the whole batch function: statistics chunk by chunk (after any redraw)
    st = stats.buffers(n)
    st.owner[...] = want
    ref_sums = stats(st)
    sums = Rounds(setup)(np.random.default_rng(n), n)
    for key, value in ref_sums.items():
        assert np.array_equal(sums[key], value), key
