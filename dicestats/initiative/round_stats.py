"""The statistics of a batch of sorted rounds, in few whole-array passes.

:class:`~.simulation.Rounds` sorts each round's dice keys into acting order;
this module turns the owners of the sorted keys into the sums ``simulate``
reports: who acts first, actions of the first side before the other side's
first, whether someone acts twice in a row, and who acts at each position per
block of rows (the mean positions and their batch-means standard errors).

A row-wise numpy reduction over a short row (an ``argmax`` or ``any`` along 15
columns) pays numpy's per-row overhead once per round. Here the owners are one
byte each in rows padded to a multiple of 8 bytes, read as 64-bit words: each
statistic is a few passes over whole columns of words (SWAR, "SIMD within a
register"), and the position histogram counts two positions per cell (the two
owners of an aligned 16-bit pair) in half as many cells. The sums are the same
integers as the row-wise formulation (tested against it).
"""

from __future__ import annotations

import numpy as np

__all__ = ["RoundStats", "block_rows"]

_ONES = np.uint64(0x0101010101010101)
_HIGH = np.uint64(0x8080808080808080)
_BYTE_INDEX = np.uint64(0x0001020304050607)  # (256**j * this) >> 56 == j


def block_rows(n):
    """Rows per block for batch-means standard errors: >= 32 blocks when n >= 32."""
    return max(1, min(1024, n // 32))


def _low_byte(flags, low):
    """Index (0..7) of the lowest byte whose top bit is set, per uint64 (0 if none),
    into ``low``."""
    np.negative(flags, out=low)
    low &= flags  # the lowest set bit, 2**(8j + 7)
    low >>= np.uint64(7)
    low *= _BYTE_INDEX
    low >>= np.uint64(56)
    return low


class RoundStats:
    """Sums of one batch from its sorted owners.

    Parameters
    ----------
    n_parts : int
        Participants (owners 0 .. n_parts - 1).
    first_side : int
        Participants of the first side (owners below it).
    first_dice : int
        Dice of the first side.
    dice : int
        Real dice per round: the first ``dice`` sorted columns.
    """

    def __init__(self, n_parts, first_side, first_dice, dice):
        self.P, self.na, self.da, self.D = n_parts, first_side, first_dice, dice
        self.width = dice + (-dice % 8)  # owner bytes per row, whole words
        self.words = self.width // 8
        self.pairs = n_parts <= 16  # the pair histogram's cells stay few
        self._cache: dict = {}

    def __getstate__(self):  # buffers are rebuilt where the batch runs
        state = dict(self.__dict__)
        state["_cache"] = {}
        return state

    def buffers(self, n):
        """The owner bytes (n, width) int8 and the histogram's index tables for n rows."""
        if n not in self._cache:
            P, D, W = self.P, self.D, self.width
            blk = block_rows(n)
            row_blk = np.arange(n, dtype=np.int64) // blk
            rows_in = np.bincount(row_blk).astype(np.int64)
            if self.pairs:
                # cell of an aligned pair (2j, 2j+1) with owners (a, b) in block r:
                # (r * W/2 + j) * P^2 + a + P * b, from the bytes read as a
                # little-endian uint16 v = a + 256 * b: a + P * b = v - (256 - P) * (v >> 8)
                code = [np.empty((n, W // 2), dtype=np.uint16) for _ in range(2)]
                off = (row_blk[:, None] * (W // 2) + np.arange(W // 2)) * (P * P)
                cell = np.empty((n, W // 2), dtype=np.int64)
            else:
                code = None
                off = P * (np.arange(D, dtype=np.int64)[None, :] + D * row_blk[:, None])
                cell = np.empty((n, D), dtype=np.int64)
            # pad bytes stay 0: a real owner, never read as one (see __call__)
            work = [np.empty(n, dtype=np.uint64) for _ in range(4)]
            self._cache.clear()
            self._cache[n] = (np.zeros((n, W), dtype=np.int8), code, off, cell, rows_in, work)
        return self._cache[n]

    def __call__(self, owner, n, code, off, cell, rows_in, work):
        """The sums (the dict of ``Rounds.__call__``); ``owner`` is ``buffers(n)[0]``
        with the sorted owners in its first ``D`` columns (every pass writes into
        the kept buffers: fresh pages would cost more than the passes)."""
        P, D, W, na = self.P, self.D, self.width, self.na
        words = owner.view(np.uint64)
        # before: the first byte >= na (the other side's first action; always
        # among the real dice, so pad bytes are never reached)
        side_b = np.uint64((128 - na) * 0x0101010101010101)  # b + 128 - na >= 128 iff b >= na
        flags, low, _, before = work
        for i in range(self.words - 1, -1, -1):
            np.add(words[:, i], side_b, out=flags)
            flags &= _HIGH
            pos = _low_byte(flags, low if i < self.words - 1 else before)
            pos += np.uint64(8 * i)
            if i < self.words - 1:
                np.copyto(before, pos, where=flags != 0)
        # double: equal owners at neighbouring real positions (a zero byte of
        # the words XOR themselves shifted by one byte)
        double = np.zeros(n, dtype=bool)
        nxt, zero, tmp, _ = work
        for i in range(self.words):
            valid = max(0, min(8, D - 1 - 8 * i))  # pairs within the real dice
            if valid == 0:
                continue
            w = words[:, i]
            np.right_shift(w, np.uint64(8), out=nxt)
            if i + 1 < self.words:
                np.left_shift(words[:, i + 1], np.uint64(56), out=tmp)
                nxt |= tmp
            nxt ^= w  # byte j: owners at 8i + j and 8i + j + 1
            if valid < 8:
                nxt |= np.uint64(((1 << 64) - 1) ^ ((1 << 8 * valid) - 1))  # nonzero there
            np.subtract(nxt, _ONES, out=zero)
            np.invert(nxt, out=nxt)
            zero &= nxt
            zero &= _HIGH
            double |= zero != 0
        # who acts at each position, per block of rows
        k = rows_in.size
        if code is not None:
            v, high = owner.view(np.uint16), code[0]
            np.right_shift(v, np.uint16(8), out=high)
            high *= np.uint16(256 - P)
            np.subtract(v, high, out=code[1])
            np.add(off, code[1], out=cell)
            h2 = np.bincount(cell.ravel(), minlength=k * (W // 2) * P * P)
            h2 = h2.reshape(k, W // 2, P, P)  # (block, pair, b, a)
            hist = np.stack([h2.sum(axis=2), h2.sum(axis=3)], axis=2).reshape(k, W, P)[:, :D]
        else:
            np.add(off, owner[:, :D], out=cell)
            hist = np.bincount(cell.ravel(), minlength=k * D * P).reshape(k, D, P)
        tot = np.einsum("kdp,d->kp", hist, np.arange(1, D + 1, dtype=np.int64))
        position = hist.sum(axis=0)
        first = position[0]
        return {
            "first_side": int(first[:na].sum()),
            "first": first,
            "before": np.bincount(before.view(np.int64), minlength=self.da + 1),
            "double": int(np.count_nonzero(double)),
            "position": position,
            "blocks": k,
            "pos": tot.sum(axis=0),
            "pos_sq": (tot * tot).sum(axis=0),
            "rows": int(rows_in.sum()),
            "rows_sq": int((rows_in * rows_in).sum()),
            "pos_x_rows": (tot * rows_in[:, None]).sum(axis=0),
        }
