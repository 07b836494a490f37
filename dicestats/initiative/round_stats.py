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

import threading
from types import SimpleNamespace

import numpy as np

__all__ = ["RoundStats", "block_rows"]

_ONES = np.uint64(0x0101010101010101)
_HIGH = np.uint64(0x8080808080808080)
_BYTE_INDEX = np.uint64(0x0001020304050607)  # (256**j * this) >> 56 == j
#: Rows per chunk (whole blocks): a chunk's work arrays stay in the CPU caches.
CHUNK = 8192


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

    def chunk_rows(self, n):
        """Rows per chunk of a batch of n: whole blocks, about CHUNK rows."""
        blk = block_rows(n)
        return blk * max(1, CHUNK // blk)

    def buffers(self, n):
        """The kept arrays of a batch of n rows: ``owner`` (n, width) int8, to hold
        the sorted owners in its first ``D`` columns, and the statistics' work."""
        cache = self._cache.setdefault(threading.get_ident(), {})  # per thread
        if n not in cache:
            P, D, W = self.P, self.D, self.width
            blk, chunk = block_rows(n), self.chunk_rows(n)
            row_blk = np.arange(n, dtype=np.int64) // blk
            local = row_blk[:chunk, None]  # a chunk starts at a block boundary
            st = SimpleNamespace(n=n, blk=blk, chunk=chunk)
            st.rows_in = np.bincount(row_blk).astype(np.int64)
            k = st.rows_in.size
            if self.pairs:
                # cell of an aligned pair (2j, 2j+1) with owners (a, b) in block r:
                # (r * W/2 + j) * P^2 + a + P * b, from the bytes read as a
                # little-endian uint16 v = a + 256 * b: a + P * b = v - (256 - P) * (v >> 8)
                st.code = [np.empty((chunk, W // 2), dtype=np.uint16) for _ in range(2)]
                st.off = (local * (W // 2) + np.arange(W // 2)) * (P * P)
                st.hist = np.zeros((k, W // 2, P, P), dtype=np.int64)
            else:
                st.code = None
                st.off = P * (np.arange(D, dtype=np.int64)[None, :] + D * local)
                st.hist = np.zeros((k, D, P), dtype=np.int64)
            st.cell = np.empty(st.off.shape, dtype=np.int64)
            st.work = [np.empty(chunk * self.words, dtype=np.uint64) for _ in range(3)]
            st.word_base = np.tile(np.arange(0, W, 8, dtype=np.uint64), chunk)
            bad = [max(0, min(8, D - 1 - 8 * i)) for i in range(self.words)]  # valid pairs
            st.invalid = np.tile(np.array([((1 << 64) - 1) ^ ((1 << 8 * v) - 1) for v in bad],
                                          dtype=np.uint64), chunk)  # fmt: skip
            st.before = np.empty(n, dtype=np.uint64)
            st.double = np.empty(n, dtype=bool)
            # pad bytes stay 0: a real owner, never read as one (see rows)
            st.owner = np.zeros((n, W), dtype=np.int8)
            cache.clear()
            cache[n] = st
        st = cache[n]
        st.hist[...] = 0
        return st

    def __call__(self, st):
        """The sums (the dict of ``Rounds.__call__``) of the sorted owners in ``st.owner``."""
        for start in range(0, st.n, st.chunk):
            self.rows(st, start, start + st.chunk)
        return self.finish(st)

    def rows(self, st, start, stop):
        """Add the rows ``start:stop`` of ``st.owner`` (``start`` a multiple of
        ``st.chunk``, at most ``st.chunk`` rows): every pass writes into the kept
        buffers, whose chunk-sized parts stay in cache."""
        P, D, W, na = self.P, self.D, self.width, self.na
        owner = st.owner[start:stop]
        m = owner.shape[0]
        # the rows' 64-bit words as one flat array: each pass below is one call
        # over the whole chunk (a word and the next one in the flat order are
        # neighbours in a row, but for a row's last word: masked where read)
        flat = owner.view(np.uint64).reshape(-1)
        M = flat.size
        flags, low, tmp = (w[:M] for w in st.work)
        # before: the first byte >= na (the other side's first action; always
        # among the real dice, so pad bytes are never reached)
        side_b = np.uint64((128 - na) * 0x0101010101010101)  # b + 128 - na >= 128 iff b >= na
        np.add(flat, side_b, out=flags)
        flags &= _HIGH
        pos = _low_byte(flags, low)
        pos += st.word_base[:M]  # 8 * (word's place in its row)
        before = st.before[start:stop]
        words = self.words
        np.copyto(before, pos[words - 1 :: words])
        for i in range(words - 2, -1, -1):
            np.copyto(before, pos[i::words], where=flags[i::words] != 0)
        # double: equal owners at neighbouring real positions (a zero byte of
        # the words XOR themselves shifted by one byte)
        nxt, zero = flags, low
        np.right_shift(flat, np.uint64(8), out=nxt)
        np.left_shift(flat[1:], np.uint64(56), out=tmp[:-1])
        tmp[-1] = 0
        nxt |= tmp
        nxt ^= flat  # byte j of word i: owners at 8i + j and 8i + j + 1
        nxt |= st.invalid[:M]  # nonzero where a pair is not within the real dice
        np.subtract(nxt, _ONES, out=zero)
        np.invert(nxt, out=nxt)
        zero &= nxt
        zero &= _HIGH
        double = st.double[start:stop]
        np.not_equal(zero[::words], 0, out=double)
        for i in range(1, words):
            double |= zero[i::words] != 0
        # who acts at each position, per block of rows (the chunk's own blocks)
        k0, k1 = start // st.blk, -(-stop // st.blk) if stop < st.n else st.rows_in.size
        k1 = min(k1, st.rows_in.size)
        cell = st.cell[:m]
        if st.code is not None:
            v, high, code = owner.view(np.uint16), st.code[0][:m], st.code[1][:m]
            np.right_shift(v, np.uint16(8), out=high)
            high *= np.uint16(256 - P)
            np.subtract(v, high, out=code)
            np.add(st.off[:m], code, out=cell)
            size = (k1 - k0) * (W // 2) * P * P
        else:
            np.add(st.off[:m], owner[:, :D], out=cell)
            size = (k1 - k0) * D * P
        h = np.bincount(cell.ravel(), minlength=size)
        st.hist[k0:k1] += h.reshape(st.hist[k0:k1].shape)

    def finish(self, st):
        """The sums of all the rows added."""
        P, D, W, na, rows_in = self.P, self.D, self.width, self.na, st.rows_in
        k = rows_in.size
        if st.code is not None:
            h2 = st.hist  # (block, pair, b, a)
            hist = np.stack([h2.sum(axis=2), h2.sum(axis=3)], axis=2).reshape(k, W, P)[:, :D]
        else:
            hist = st.hist
        tot = np.einsum("kdp,d->kp", hist, np.arange(1, D + 1, dtype=np.int64))
        position = hist.sum(axis=0)
        first = position[0]
        return {
            "first_side": int(first[:na].sum()),
            "first": first,
            "before": np.bincount(st.before.view(np.int64), minlength=self.da + 1),
            "double": int(np.count_nonzero(st.double)),
            "position": position,
            "blocks": k,
            "pos": tot.sum(axis=0),
            "pos_sq": (tot * tot).sum(axis=0),
            "rows": int(rows_in.sum()),
            "rows_sq": int((rows_in * rows_in).sum()),
            "pos_x_rows": (tot * rows_in[:, None]).sum(axis=0),
        }
