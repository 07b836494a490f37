"""The round engine's exact enumeration: every coin, target and roll as weighted rows.

:class:`_Branch` expands a row into one row per outcome (weights multiplied by
their probability, Python integers over one common denominator, or floats);
:class:`_Enumeration` (a base class of :class:`~.engine.Engine`) plays every
round's dice outcome classes and merges rows in the same state after every step.
"""

from __future__ import annotations

import math

import numpy as np

from .engine_rows import _STATE, _Acc
from .pips import prepare
from .rolls import weights


class _Branch:
    """Exact choices: each row becomes one row per outcome, weighted by its chance."""

    def __init__(self, exact: bool, cap: int):
        self.exact = exact
        self.den = 1 if exact else 1.0
        self.cap = cap
        self.acc = None  # the accumulator whose sums share the denominator

    def scale(self, factor: int):
        """The common denominator grows by ``factor``: so do the sums already made."""
        self.den *= factor
        if self.acc is not None:
            for t in self.acc.tot.values():
                t *= factor

    def _expand(self, rows, k):
        idx = np.repeat(np.arange(rows.n), k)
        start = np.repeat(np.cumsum(k) - k, k)
        j = np.arange(idx.size) - start
        if idx.size > self.cap:
            raise _TooBig(idx.size)
        rows.take(idx)
        return idx, j

    def uniform(self, rows, k):
        if k.max() <= 1:
            return np.zeros(rows.n, dtype=np.int64)
        idx, j = self._expand(rows, k)
        kk = k[idx]
        if self.exact:
            lcm = math.lcm(*np.unique(k).tolist())
            rows.w = rows.w * (lcm // kk).astype(object)
            self.scale(lcm)
        else:
            rows.w = rows.w / kk
        return j

    def roll(self, rows, roll, mask):
        nums, den = weights(roll, self.exact)
        if not mask.any():
            return np.zeros(rows.n, dtype=np.int64)
        k = np.where(mask, len(nums), 1)
        idx, j = self._expand(rows, k)
        msk = mask[idx]
        table = np.array(nums, dtype=object if self.exact else float)
        rows.w = rows.w * np.where(msk, table[np.where(msk, j, 0)], den)
        if self.exact:
            self.scale(den)
        return np.where(msk, j, 0)


class _TooBig(Exception):
    """The enumeration grew past its cap (turned into an InputError by the API)."""


class _Enumeration:
    """Every outcome, weighted (a base class of :class:`~.engine.Engine`)."""

    def enumerate(self, exact: bool, cap: int):
        """Every outcome, weighted: ``(sums, denominator)`` of every statistic.

        Raises ``_TooBig`` past ``cap`` rows.
        """
        from .enumeration import _classes

        wt = object if exact else float
        rows = self._fresh(1, np.array([1], dtype=wt) if exact else np.array([1.0]))
        ch = _Branch(exact, cap)
        acc = _Acc(self.shapes, exact=exact)
        ch.acc = acc
        dice, weights = _classes(self.sw, np.int64 if 6**self.D < 2**62 else object)
        dice = prepare(dice, self.setup)
        cw = np.array([int(x) for x in weights], dtype=object)
        if not exact:
            cw = cw.astype(float) / float(6**self.D)
        for r in range(self.rounds):
            self._merge(rows)
            c = dice.shape[0]
            if rows.n * c > cap:
                raise _TooBig(rows.n * c)
            idx = np.repeat(np.arange(rows.n), c)
            cls = np.tile(np.arange(c), rows.n)
            rows.take(idx)
            rows.w = rows.w * cw[cls]
            if exact:
                ch.scale(6**self.D)
            self._reset_round(rows, np.ones(rows.n, dtype=bool))
            self._set_dice(rows, dice[cls])
            self._play(rows, ch, acc, r)
        self._merge(rows)
        acc.add(rows, "edges", np.ones(rows.n, dtype=bool), (rows.edges,))
        return acc.tot, ch.den

    def _merge(self, rows):
        """Rows in the same state become one row (their weights summed).

        The state columns are packed exactly into a few int64 words (a column of
        wide range is first replaced by its rank among the values present), so
        equal states are found by a sort of a few words, not of whole rows.
        """
        n = rows.n
        if n <= 1:
            return
        cols = np.concatenate(
            [np.asarray(getattr(rows, f)).reshape(n, -1).astype(np.int64) for f in _STATE],
            axis=1,
        )
        lo, hi = cols.min(axis=0), cols.max(axis=0)
        keep = hi > lo
        cols, lo, hi = cols[:, keep] - lo[keep], lo[keep], hi[keep]
        words, word, room = [], np.zeros(n, dtype=np.int64), 62
        for j in range(cols.shape[1]):
            col, span = cols[:, j], int(hi[j] - lo[j]) + 1
            if span > 1 << 20:
                _, col = np.unique(col, return_inverse=True)
                col = col.reshape(-1).astype(np.int64)
                span = int(col.max()) + 1
            bits = max(1, (span - 1).bit_length())
            if bits > room:
                words.append(word)
                word, room = np.zeros(n, dtype=np.int64), 62
            word = (word << bits) | col
            room -= bits
        words.append(word)
        if len(words) == 1:
            _, first, inv = np.unique(words[0], return_index=True, return_inverse=True)
        else:
            order = np.lexsort(words[::-1])
            srt = np.stack([w[order] for w in words], axis=1)
            new = np.concatenate([[True], (srt[1:] != srt[:-1]).any(axis=1)])
            group = np.cumsum(new) - 1
            first = order[new]
            inv = np.empty(n, dtype=np.int64)
            inv[order] = group
        inv = inv.reshape(-1)
        if first.size == n:
            return
        w = np.zeros(first.size, dtype=rows.w.dtype)
        w[...] = 0
        np.add.at(w, inv, rows.w)
        rows.take(first)
        rows.w = w
