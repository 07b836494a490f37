"""Settling complete ties of a batch of sorted rounds: fair coins, the same draws.

The acting rule leaves some dice tied (equal keys of different participants);
fair coins order them (:mod:`~.order`: ``sort_keys`` is the reference). These are
the batch versions used by :mod:`~.simulation`: :func:`order_batch` sorts a batch
and settles its tied rows with :func:`settle` (int64 keys) or
:func:`settle_dense` (the dense tier keys of :class:`~.round_layout.KeyLayout`;
:func:`short_round` its first round in int32 keys with 16-bit coin prefixes).
Every version draws the same coins in the same order, so gives the same numbers.
"""

from __future__ import annotations

import numpy as np

from .order import (
    FMT64,
    OWN_BITS,
    OWN_MASK,
    RANK_SHIFT,
    KeyFormat,
    any_buffer,
    bool_buffer,
    key_value,
)

__all__ = ["ties", "coin_words", "settle", "settle_dense", "short_round", "order_batch"]


def ties(srt, mode):
    """Rows of sorted keys where two neighbours tie, as :func:`.order.sort_keys` reads them.

    A tie: equal above the owner bits (``"tier"``: and of different owners,
    ``1 <= x <= OWN_MASK`` for ``x`` the XOR of neighbours, one unsigned
    comparison as keys are never negative).
    """
    m, w = srt.shape
    if srt.flags.c_contiguous and w % 8 == 0 and m:
        # whole rows: neighbours along the flat array (one contiguous pass each,
        # not one short loop per row), the pairs across rows then cleared
        flat = srt.reshape(-1)
        x = np.empty_like(flat)
        np.bitwise_xor(flat[1:], flat[:-1], out=x[:-1])
        x[-1] = 0
        buf = np.empty((m, w), dtype=bool)
        out = buf.reshape(-1)
    else:
        x = srt[:, 1:] ^ srt[:, :-1]
        buf = bool_buffer(*x.shape)
        out = buf[:, : x.shape[1]]
    if mode == "tier":
        x -= 1
        np.less(x.view(np.dtype(x.dtype.str.replace("i", "u"))), OWN_MASK, out=out)
    else:
        np.less_equal(x, OWN_MASK, out=out)
    if out.ndim == 1:
        buf[:, -1] = False  # the last key of a row has no neighbour in it
    return any_buffer(buf)


def coin_words(rng, bits, count):
    """``rng.integers(0, 2**bits, size=count)``'s draws as raw words, or None.

    For PCG64 (numpy's default) with no half word buffered, an even ``count`` and
    ``bits <= 31``: numpy draws each value as one 32-bit half of a 64-bit output
    (low half first), by Lemire's method, which never rejects for a power-of-two
    range, so the value is the word's top ``bits`` bits. Returns the words
    (uint32, ``count``) from ``random_raw``, leaving the generator in the same
    position; None where that reasoning does not hold (then draw as usual).
    """
    bg = rng.bit_generator
    if count % 2 or not 0 < bits <= 31 or type(bg) is not np.random.PCG64:
        return None
    if bg.state["has_uint32"]:
        return None
    return bg.random_raw(count // 2).view(np.uint32)


def settle(keys, rng, mode, fmt, values=None):
    """Sort tied rows again with fresh coins until no two tied dice share one.

    ``values[h]``, if given, is the die value of keys whose bits above
    ``RANK_SHIFT`` are ``h`` (dense ranks instead of the rank bits of ``order``).

    The same coins from the same draws as ``order._coin_sort`` (one per die in
    ``"action"``, one per participant and value in ``"tier"``, looked up with one
    flat ``take``), so the same numbers, in fewer passes over the keys.
    """
    out = todo = None
    n_parts, bits = fmt.n_parts, fmt.coin_bits
    while todo is None or todo.size:
        k = keys if todo is None else keys[todo]
        if mode == "action":
            width = fmt.coin_width or k.shape[1]
            coin = rng.integers(0, 1 << bits, size=(k.shape[0], width), dtype=k.dtype)
            if width != k.shape[1]:  # padding sorts last and never ties: any coin
                coin = np.pad(coin, ((0, 0), (0, max(0, k.shape[1] - width))))[:, : k.shape[1]]
        else:
            words = coin_words(rng, bits, k.shape[0] * n_parts * 8)
            if words is None:
                table = rng.integers(0, 1 << bits, size=(k.shape[0], n_parts, 8), dtype=np.int64)
            idx = k & OWN_MASK
            idx <<= 3
            idx |= key_value(k) if values is None else np.take(values, k >> RANK_SHIFT)
            idx += (np.arange(k.shape[0], dtype=np.int64) * (n_parts * 8))[:, None]
            if words is not None:  # the same coins: the words' top bits
                coin = (np.take(words, idx) >> (32 - bits)).astype(np.int64)
            else:
                coin = np.take(table, idx)
        coin <<= OWN_BITS
        if coin.dtype == k.dtype:
            srt = np.bitwise_or(k, coin, out=coin)
        else:
            srt = k | coin.astype(k.dtype)
        srt.sort(axis=1)
        clash = ties(srt, mode)
        if todo is None:
            out, todo = srt, np.flatnonzero(clash)
        else:
            out[todo[~clash]] = srt[~clash]
            todo = todo[clash]
    return out


def _widen(clear):
    """Dense keys ``rank << OWN_BITS | owner`` as int64 ``rank << RANK_SHIFT | owner``:
    they sort as the int64 layout's keys (the rank is monotone in its high bits)."""
    wide = (clear >> OWN_BITS).astype(np.int64)
    wide <<= RANK_SHIFT
    wide |= clear & OWN_MASK
    return wide


def _narrow(srt, dtype):
    """Sorted int64 ``rank << RANK_SHIFT | coin | owner`` keys back to dense keys."""
    rank = srt >> RANK_SHIFT
    rank <<= OWN_BITS
    rank |= srt & OWN_MASK
    return rank.astype(dtype, copy=False)


def settle_dense(clear, rng, fmt, lut, short=None):
    """:func:`settle` for dense tier keys (``lut[rank]`` the die value): the same coins,
    the same order as the int64 layout, the rows returned as dense keys.

    With ``short = (high, coin_at, layout)`` (ranks below 2**9): ``high[key]`` is
    ``rank << 22 | owner``, ``coin_at[key]`` the key's (participant, value)
    coin index and ``layout`` the :class:`~.round_layout.KeyLayout` whose kept
    buffers are used. The rows are first sorted as int32 keys with the top 16 of each
    26-bit coin, which order them as the whole coins do unless two tied dice
    share those bits; only such rows are sorted again with the whole coins (and,
    where those tie too, drawn again as :func:`settle` does).
    """
    m, per = clear.shape[0], fmt.n_parts * 8
    fmt64 = KeyFormat(np.int64, FMT64, fmt.n_parts)
    words = None if short is None else coin_words(rng, FMT64, m * per)
    if words is None:
        return _narrow(settle(_widen(clear), rng, "tier", fmt64, lut), clear.dtype)
    out, again, wide = short_round(clear, words, per, short)
    if again.size:  # as settle's next round: fresh coins for these rows
        out[again] = _narrow(settle(wide, rng, "tier", fmt64, lut), out.dtype)
    return out


def short_round(clear, words, per, short):
    """The first round of :func:`settle_dense` with the coins ``words`` (uint32, ``per``
    a row): the sorted dense keys (in ``clear``'s memory), the rows whose whole
    coins tie too and their int64 keys without coins (to be settled again)."""
    high, coin_at, layout = short
    scratch, shape = layout.scratch, clear.shape
    idx = np.take(coin_at, clear, out=scratch("idx", shape, np.int64), mode="clip")
    idx.reshape(-1)[:] += layout.row_offsets(shape[0], shape[1], per)  # one flat pass
    top = np.take(words, idx, out=scratch("top", shape, np.uint32), mode="clip")
    top >>= np.uint32(16)  # the coin's top 16 bits
    top <<= np.uint32(OWN_BITS)
    k = np.take(high, clear, out=scratch("k", shape, np.int32), mode="clip")
    k |= top.view(np.int32)
    k.sort(axis=1)
    clash = np.flatnonzero(ties(k, "tier"))
    again, wide = clash[:0], np.empty((0, shape[1]), dtype=np.int64)
    if clash.size:
        wide = _widen(clear[clash])
        coin = (np.take(words, idx[clash]) >> np.uint32(32 - FMT64)).astype(np.int64)
        srt = np.sort(wide | coin << OWN_BITS, axis=1)
        redo = ties(srt, "tier")
        again, wide = clash[redo], wide[redo]
    out = clear  # no longer needed: the dense keys of the sorted rows
    np.right_shift(k, 22, out=out, casting="unsafe")
    out <<= OWN_BITS
    k &= OWN_MASK
    out |= k.astype(out.dtype, copy=False)
    if clash.size:
        out[clash] = _narrow(srt, out.dtype)
    return out, again, wide


def order_batch(keys, rng, mode, fmt, real, lut=None, tied=None, short=None):
    """``order.sort_keys(keys, rng, mode, fmt, real, inplace=True)``: the same numbers.

    Keys sorted into acting order in place, rows with a tie among the first
    ``real`` columns (or the rows ``tied``, if given) settled by :func:`settle`.
    With ``lut`` (tier reading), ``keys`` are dense int16/int32 keys ``rank <<
    OWN_BITS | owner`` (the rank monotone in the int64 key's high bits) and
    ``lut[rank]`` the die value: tied rows are settled by :func:`settle_dense`
    (``short``: its int32 tables), with the same coins in the same order as the
    int64 layout, and written back as dense keys.
    """
    keys.sort(axis=1)
    rows = np.flatnonzero(ties(keys[:, :real], mode) if tied is None else tied)
    if rows.size:
        if short is None:
            clear = keys[rows]
        else:  # a kept buffer: fresh pages for every batch would cost more
            buf = short[2].scratch("gather", (rows.size, keys.shape[1]), keys.dtype)
            clear = np.take(keys, rows, axis=0, out=buf, mode="clip")
        if lut is None:
            clear &= ~keys.dtype.type(fmt.coin_mask)
            keys[rows] = settle(clear, rng, mode, fmt)
        else:
            keys[rows] = settle_dense(clear, rng, fmt, lut, short)
    return keys
