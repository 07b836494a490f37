"""The rows the round engine plays on, and the statistics it accumulates over them.

A row is a fight (Monte Carlo) or a weighted state (the enumeration), its arrays
held by :class:`_Rows`; :class:`_Acc` sums the statistics: weighted sums over one
common denominator (the enumeration) or one counter per fight (Monte Carlo). How
the engine uses them: :mod:`~.engine`.
"""

from __future__ import annotations

import numpy as np

INF = np.iinfo(np.int64).max
#: face f -> its 4-bit slot in a packed count (face 1 lowest); face 0 unused
FACE = np.left_shift(np.int64(1), 4 * np.arange(7, dtype=np.int64) - 4)
FACE[0] = 0

# the state of a row (what merging compares); everything else on a row is scratch
_STATE = (
    "cnt",
    "hcnt",
    "rolled",
    "tier_v",
    "tkey",
    "cur",
    "acted",
    "side_acted",
    "n_a",
    "pos",
    "last",
    "dbl",
    "slow_any",
    "empty_hit",
    "done",
    "forbid",
    "edges",
)


class _Rows:
    """Row arrays; :meth:`take` re-indexes every one of them (the state and scratch)."""

    def __init__(self, n: int):
        self.n = n

    def arrays(self):
        return {k: v for k, v in vars(self).items() if isinstance(v, np.ndarray)}

    def take(self, idx):
        for k, v in self.arrays().items():
            setattr(self, k, v[idx])
        self.n = len(idx)

    def scratch_clear(self):
        for k in list(self.arrays()):
            if k not in _STATE and k != "w":
                delattr(self, k)


#: Statistics Monte Carlo sums over a batch only (no per-fight counters: no intervals
#: beyond those of proportions over all rounds).
_BATCH_ONLY = ("acts_at",)


class _Acc:
    """Accumulated statistics: weighted sums (exact) or per-row counts (Monte Carlo)."""

    def __init__(self, shapes, rows=None, exact=None):
        self.exact = exact
        self.shapes = shapes
        if rows is None:  # exact or float enumeration: global weighted sums
            dt = object if exact else float
            self.tot = {k: np.zeros(s, dtype=dt) for k, s in shapes.items()}
            for v in self.tot.values():
                v[...] = 0
        else:  # Monte Carlo: one counter per row (a fight), summed at the end
            self.tot = {
                k: np.zeros(s if k in _BATCH_ONLY else (rows.n, *s), dtype=np.int64)
                for k, s in shapes.items()
            }

    def add(self, rows, name, mask, index=(), value=None):
        if name not in self.tot or not mask.any():
            return
        t = self.tot[name]
        sel = np.flatnonzero(mask)
        ix = tuple(np.asarray(i)[sel] for i in index)
        if self.exact is None:  # per row
            v = 1 if value is None else np.asarray(value)[sel]
            np.add.at(t, ix if name in _BATCH_ONLY else (sel, *ix), v)
        else:
            w = rows.w[sel]
            if value is not None:
                w = w * np.asarray(value)[sel].astype(object if self.exact else float)
            if ix:
                np.add.at(t, ix, w)
            else:
                t[()] += w.sum()
