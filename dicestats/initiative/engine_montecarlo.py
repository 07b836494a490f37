"""The round engine's Monte Carlo driver: fights drawn, statistics summed per batch.

:class:`_Draw` draws every coin, target and roll from the batch's generator (rows
never multiply); :class:`_MonteCarlo` (a base class of :class:`~.engine.Engine`)
makes the engine a :func:`dicestats.core.montecarlo.run` batch function.
"""

from __future__ import annotations

import numpy as np

from .engine_rows import _BATCH_ONLY, _Acc
from .pips import prepare


class _Draw:
    """Monte Carlo choices: drawn from ``rng``; rows never multiply."""

    exact = None

    def __init__(self, rng):
        self.rng = rng

    def uniform(self, rows, k):
        if k.max() <= 1:
            return np.zeros(rows.n, dtype=np.int64)
        return self.rng.integers(0, k)

    def roll(self, rows, roll, mask):
        x = np.asarray(roll(self.rng, (rows.n,)), dtype=np.int64)
        return np.where(mask, x, 0)


class _MonteCarlo:
    """Fights of a batch (a base class of :class:`~.engine.Engine`)."""

    def __call__(self, rng, n):
        rows = self._fresh(n)
        ch = _Draw(rng)
        acc = _Acc(self.shapes, rows)
        for r in range(self.rounds):
            self._reset_round(rows, np.ones(n, dtype=bool))
            dice = rng.integers(1, 7, size=(n, self.D), dtype=np.int64)
            self._set_dice(rows, prepare(dice, self.setup))
            self._play(rows, ch, acc, r)
        acc.add(rows, "edges", np.ones(n, dtype=bool), (rows.edges,))
        return self._batch_totals(acc.tot, n)

    def _batch_totals(self, tot, n):
        """Sums, sums of squares and cross sums with each statistic's denominator."""
        out = {}
        den_of = {"acts_at": None, "pos_sum": "act_n", "all_held": None, "edges": None}
        c = self.combat
        if c is not None:
            for k in ("able", "defended", "resp_k", "target_resp", "comp_resp", "responses"):
                den_of[k] = "attacks"
            den_of["slow"] = "responses"
            if c.rolls:
                for k in ("margin", "wound", "wounding"):
                    den_of[k] = "attacks"
                den_of["adv"] = den_of["adv_sum"] = "responses"
        for k, x in tot.items():
            if k in _BATCH_ONLY:
                out[k] = x
                continue
            out[k] = x.sum(axis=0)
            if k in ("all_held", "edges"):
                continue  # proportions over fights (or counts): no squares needed
            out[k + "_sq"] = (x * x).sum(axis=0)
            d = den_of.get(k)
            if d is not None:
                y = tot[d]
                if y.ndim < x.ndim:
                    y = y.reshape(y.shape + (1,) * (x.ndim - y.ndim))
                out[f"{k}_x_{d}"] = (x * y).sum(axis=0)
        return out
