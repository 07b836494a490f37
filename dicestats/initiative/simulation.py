"""Monte Carlo of whole rounds: the same question as the exact enumeration, any size.

Vectorized and seeded on :func:`dicestats.core.montecarlo.run` (one
``SeedSequence`` child per fixed-size batch: the same seed gives the same numbers
for any number of workers). A batch draws every participant's dice as sort keys
(:mod:`~.order`: the one acting rule), sorts them with fair coins for complete
ties and sums the statistics of :class:`~.results.RoundOdds`.

Examples
--------
>>> r = simulate([1], [1], trials=20_000, rng=1)
>>> abs(r.p_first.value - 0.5) < 4.5 * r.p_first.stderr
True
"""

from __future__ import annotations

import numpy as np

from ..core import montecarlo as mc
from .engine import check_fight, engine_simulate, needs_engine
from .order import (
    FMT64,
    OWN_BITS,
    OWN_MASK,
    KeyFormat,
    die_keys,
)
from .pips import SPEND, add_pips
from .results import RoundOdds
from .round_layout import KeyLayout, owner_bytes
from .round_stats import RoundStats
from .round_ties import coin_words, order_batch, settle, short_round, ties  # noqa: F401
from .setup import run_rounds

__all__ = ["simulate", "Rounds"]

_TABLE_MAX_S = 5  # swiftness up to this uses precomputed per-roll key tables (6^5 rows)


def roll_table(s):
    """All 6^s ordered rolls of s dice, shape (6^s, s); row index = base-6 digits."""
    return (np.indices((6,) * s).reshape(s, -1).T + 1).astype(np.int64)


def _roll_table_base(s, base):
    """All base^s digit vectors of length s, shape (base^s, s), most significant first."""
    return np.indices((base,) * s).reshape(s, -1).T.astype(np.int64)


def _coin_bits(s):
    """Bits of cheap coin per die for swiftness s: the most (<= 4) keeping 6^s 2^(bs) <= 2^15."""
    b = 4
    while b and 6**s * 2 ** (b * s) > 2**15:
        b -= 1
    return b


class Rounds:
    """Picklable batch function for :func:`simulate` (and the layout it needs).

    Participants are grouped by (side, swiftness, own pips). Groups with
    swiftness <= 5 look their keys up in per-roll tables (row = one ordered roll
    of the participant's s dice plus b-bit coins, uniformly drawn: the same law
    as s dice). Without pool pips, a :class:`~.round_layout.KeyLayout` builds
    the whole key array with one ``take`` from a single uniform draw per chunk
    of participants (dense int32 keys in 8-byte items, padding that sorts last),
    and reads the rounds with a complete tie from the drawn rows.
    """

    def __init__(self, setup, dense=True):
        a, b, pa, pb = setup.swiftness, setup.versus, setup.pips, setup.versus_pips
        self.sw = list(setup.sw)
        self.na = len(a)
        self.da = sum(a)
        rules = setup.rules
        self.policy, self.tiebreak, self.mode = SPEND[rules.pip_rule], rules.tiebreak, rules.order
        order, tiebreak, pip_policy = rules.order, rules.tiebreak, self.policy
        self.pools = [pa if isinstance(pa, int) else 0, pb if isinstance(pb, int) else 0]
        own = (list(pa) if isinstance(pa, tuple) else [0] * len(a)) + (
            list(pb) if isinstance(pb, tuple) else [0] * len(b)
        )
        sides = list(setup.sides)
        # cheap coins: b bits per die, the same b for every die (a fair comparison);
        # tables stay small (<= 2^15 rows per participant); none in tier mode
        self.b = 0
        if order == "action":
            small = [s for s in self.sw if s <= _TABLE_MAX_S]
            self.b = min([_coin_bits(s) for s in small], default=4)
        groups: dict = {}
        for p, s in enumerate(self.sw):
            groups.setdefault((sides[p], s, own[p]), []).append(p)
        self.groups = []
        col = 0
        for (side, s, op), parts in sorted(groups.items()):
            m = len(parts)
            g = {
                "parts": np.array(parts),
                "s": s,
                "m": m,
                "side": side,
                "pips": op,
                "c0": col,
                "c1": col + m * s,
            }
            col += m * s
            g["table"] = s <= _TABLE_MAX_S
            if g["table"]:
                rolls = roll_table(s)
                g["dice"] = rolls
                k = die_keys(add_pips(rolls, op, pip_policy), tiebreak, order)
                # row = roll + 6^s * (b-bit coin of each die, base 2^b); one copy of the
                # table per participant of the group, its owner number folded in
                g["rows"] = 6**s * 2 ** (self.b * s)
                coin = _roll_table_base(s, 2**self.b) << OWN_BITS
                k = (k[None, :, :] | coin[:, None, :]).reshape(-1, s)
                owner = np.array(parts, dtype=np.int64)[:, None, None]
                g["keys"] = (k[None, :, :] | owner).reshape(m * g["rows"], s)
                g["offset"] = (np.arange(m) * g["rows"]).astype(np.int32)
            self.groups.append(g)
        self.D = col
        self.fmt = KeyFormat(np.int64, FMT64, len(self.sw))
        self._build_fast(dense)

    def _build_fast(self, dense):
        """One draw per chunk of participants when all have key tables and no pool pips."""
        self.fast = self.lut = None
        if self.pools[0] or self.pools[1] or not all(g["table"] for g in self.groups):
            return
        blocks = [None] * len(self.sw)
        for g in self.groups:
            for j, p in enumerate(g["parts"]):
                blocks[int(p)] = g["keys"][j * g["rows"] : (j + 1) * g["rows"]]
        self.fast = KeyLayout(blocks, self.mode, self.b, dense, self.tiebreak)
        self.fmt, self.lut = self.fast.fmt, self.fast.lut

    def draw(self, rng, n):
        """Keys (n, >= D) in ``self.fmt``: ascending acting order, owner in the low bits.

        With the one-draw layout, extra sentinel columns sort after the D real dice.
        """
        if self.fast is not None:
            return self.fast.keys(self.fast.rows(rng, n))
        parts = []
        dice = {}
        coins = {}
        for gi, g in enumerate(self.groups):
            s, m = g["s"], g["m"]
            if g["table"]:
                idx = rng.integers(0, g["rows"], size=(n, m), dtype=np.int32)
                if self.pools[g["side"]]:
                    dice[gi] = g["dice"][idx % 6**s]  # (n, m, s), pips still to add
                    coins[gi] = (idx // 6**s)[:, :, None] >> (self.b * np.arange(s - 1, -1, -1)) & (
                        2**self.b - 1
                    )
                    parts.append(None)
                else:
                    idx += g["offset"]
                    parts.append(np.take(g["keys"], idx, axis=0).reshape(n, m * s))
            else:
                d = rng.integers(1, 7, size=(n * m, s), dtype=np.int64)
                dice[gi] = add_pips(d, g["pips"], self.policy).reshape(n, m, s)
                coins[gi] = rng.integers(0, 2**self.b, size=(n, m, s), dtype=np.int64)
                parts.append(None)
        for side in (0, 1):
            gis = [gi for gi in dice if self.groups[gi]["side"] == side]
            if gis and self.pools[side]:
                # the side's dice in participant order, as odds() and apply_pips see
                # them: of two equal dice the first gets the pip, which decides whose
                # die is raised (groups are sorted by swiftness, not by participant)
                cols = sorted(
                    (int(p), gi, j) for gi in gis for j, p in enumerate(self.groups[gi]["parts"])
                )
                flat = np.concatenate([dice[gi][:, j, :] for _, gi, j in cols], axis=1)
                flat = add_pips(flat, self.pools[side], self.policy)
                k = 0
                for _, gi, j in cols:
                    s = self.groups[gi]["s"]
                    dice[gi][:, j, :] = flat[:, k : k + s]
                    k += s
        for gi, d in dice.items():
            g = self.groups[gi]
            owner = np.repeat(g["parts"], g["s"]).astype(np.int64)
            k = die_keys(d, self.tiebreak, self.mode) | (coins[gi].astype(np.int64) << OWN_BITS)
            parts[gi] = k.reshape(n, -1) | owner
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)

    def __getstate__(self):  # the statistics' cached buffers are not worth shipping
        state = dict(self.__dict__)
        state.pop("_stats", None)
        return state

    def ordered(self, rng, n):
        """The sorted keys of n rounds (ties settled): ``draw`` and :func:`order_batch`."""
        if self.fast is None:
            return order_batch(self.draw(rng, n), rng, self.mode, self.fmt, self.D)
        rows = self.fast.rows(rng, n, reuse=True)
        keys, tied = self.fast.keys(rows, reuse=True), self.fast.tied(rows)
        return order_batch(keys, rng, self.mode, self.fmt, self.D, self.lut, tied, self.fast.short)

    def __call__(self, rng, n):
        stats = self.__dict__.get("_stats")
        if stats is None:
            stats = self._stats = RoundStats(len(self.sw), self.na, self.da, self.D)
        st = stats.buffers(n)
        if self.fast is not None and self.fast.short is not None and self.fast.sig is not None:
            self._owners_in_chunks(rng, n, st.owner, st.chunk, lambda a, z: stats.rows(st, a, z))
            return stats.finish(st)
        owner_bytes(self.ordered(rng, n), st.owner, self.D)
        return stats(st)

    def _owners_in_chunks(self, rng, n, owner, chunk=8192, then=None):
        """``owner_bytes(self.ordered(rng, n), owner, D)``, the same draws in the same
        order, a chunk of rows at a time from the keys to the owners (a batch's
        arrays exceed the caches; a chunk's stay in them), then ``then(start,
        stop)`` on each chunk's final owners. The rows and the tied rows' coins are
        drawn for the whole batch first, as :meth:`ordered` does."""
        fast, per, D = self.fast, 8 * len(self.sw), self.D
        then = then or (lambda start, stop: None)
        rows = fast.rows(rng, n, reuse=True)
        mask = fast.tied(rows)
        tied = np.flatnonzero(mask)
        words = coin_words(rng, FMT64, tied.size * per)
        if words is None:  # drawn as numpy does: the whole batch at once
            keys = fast.keys(rows, reuse=True)
            srt = order_batch(keys, rng, self.mode, self.fmt, D, self.lut, mask, fast.short)
            owner_bytes(srt, owner, D)
            for start in range(0, n, chunk):
                then(start, start + chunk)
            return
        lows = np.searchsorted(tied, np.arange(0, n + chunk, chunk).clip(max=n))
        again, wide, later = [], [], []
        for c, start in enumerate(range(0, n, chunk)):
            keys = fast.keys(rows[:, start : start + chunk], reuse=True)
            keys.sort(axis=1)
            lo, hi = lows[c], lows[c + 1]
            redo = ()
            if hi > lo:
                local = tied[lo:hi] - start
                buf = fast.scratch("gather", (local.size, keys.shape[1]), keys.dtype)
                clear = np.take(keys, local, axis=0, out=buf, mode="clip")
                out, redo, w = short_round(clear, words[lo * per : hi * per], per, fast.short)
                keys[local] = out
                again.append(tied[lo:hi][redo])
                wide.append(w)
            owner_bytes(keys, owner[start : start + chunk], D)
            if len(redo):  # rows to be settled again: this chunk's statistics after
                later.append(start)
            else:
                then(start, start + chunk)  # while the chunk is in cache
        if later:  # fresh coins, as settle's next round
            fmt64 = KeyFormat(np.int64, FMT64, len(self.sw))
            srt = settle(np.concatenate(wide), rng, "tier", fmt64, self.lut)
            owner[np.concatenate(again), :D] = srt[:, :D] & OWN_MASK
            for start in later:
                then(start, start + chunk)


def _mean_position(res, p, s):
    """Mean (1-based) position of participant p's actions, batch-means standard error."""
    t = res.totals
    e = mc.ratio_estimate(
        t["pos"][p],
        t["rows"],
        t["pos_sq"][p],
        t["rows_sq"],
        t["pos_x_rows"][p],
        t["blocks"],
        res.confidence,
        "mean",
    )
    return mc.Estimate(
        e.value / s, e.stderr / s, e.ci_low / s, e.ci_high / s, res.trials, "mean", res.confidence
    )


def simulate(
    swiftness,
    versus,
    *,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    pips=0,
    versus_pips=0,
    workers: int = 1,
    executor=None,
    rules=None,
    tiebreak=None,
    order=None,
    pip_rule=None,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness=None,
    versus_weakness=None,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> RoundOdds:
    """Simulate whole rounds of two sides (vectorized, seeded, optionally parallel).

    The same question as :func:`~dicestats.initiative.odds` (the same
    :class:`~.results.RoundOdds`, with :class:`~dicestats.core.results.Estimate`
    objects in its fields), for any setup.

    Parameters
    ----------
    swiftness, versus : list of int
        Swiftness (number of d6) of each participant of the first and
        of the other side.
    trials : int
        Rounds to simulate (default ``DEFAULT_TRIALS``).
    rng : None, int, SeedSequence or Generator
        Seed (``numpy.random.default_rng(rng)``). The same seed gives identical
        results for any ``workers``.
    pips, versus_pips : list of int, or int
        Preparation margins, one per participant of the side (``[2, 0, 0]``);
        a bare int for a one-member side (or 0: nobody prepared). With
        ``pip_rule="side-pool"``: one int, the side's shared margin.
    workers : int
        Worker processes.
    executor : concurrent.futures.Executor, optional
        Run the batches there instead (a process pool, or a Dask cluster's
        ``Client.get_executor()``); the numbers are identical. With it,
        ``workers`` stays 1.
    rules : Rules, optional
        The readings in force; ``tiebreak``, ``order`` and ``pip_rule``
        override one field.
    hold, versus_hold, rounds, weakness, versus_weakness
        As in :func:`~dicestats.initiative.odds`: holding policies and fights of
        several rounds run on the round engine (``trials`` fights).
    batch_size : int, optional
        Rounds per batch (the result depends on it, not on ``workers``). Default
        :data:`~dicestats.core.montecarlo.DEFAULT_BATCH` rounds, fewer when a round has
        more than 32 dice columns (participants × largest swiftness): at most
        ``LIMITS["dice per batch"]`` dice per batch, which bounds its memory.
    progress : bool or None
        Progress bar (see :func:`dicestats.core.progress.progress_bar`).

    Returns
    -------
    RoundOdds
        ``exact=False``, ``trials`` set, every number an ``Estimate``.

    Examples
    --------
    >>> r = simulate([2], [1], trials=20_000, rng=1)
    >>> len(r.actions_before), r.trials
    (3, 20000)
    """
    shortcuts = dict(tiebreak=tiebreak, order=order, pip_rule=pip_rule)
    fight = check_fight(
        swiftness,
        versus,
        pips,
        versus_pips,
        rules,
        shortcuts,
        hold,
        versus_hold,
        rounds,
        weakness,
        versus_weakness,
    )
    setup = fight.setup
    if needs_engine(fight):
        return engine_simulate(fight, trials, rng, workers, batch_size, progress, executor)
    res = run_rounds(
        Rounds(setup), setup, trials, rng, batch_size, workers, progress, executor=executor
    )
    n, sw = setup.n, setup.sw
    position = np.asarray(res["position"])
    return RoundOdds(
        **setup.described(),
        p_first=res.proportion("first_side"),
        p_participant_first=tuple(res.proportion("first", p) for p in range(n)),
        actions_before=dict(enumerate(res.proportions("before"))),
        p_double=res.proportion("double"),
        mean_position=tuple(_mean_position(res, p, sw[p]) for p in range(n)),
        hold=fight.hold,
        rounds=1,
        p_all_held=(mc.wilson(0, res.trials, res.confidence),),
        on_edge={
            0: mc.wilson(res.trials, res.trials, res.confidence),
            1: mc.wilson(0, res.trials, res.confidence),
        },
        edge_penalty=fight.edge,
        exact=False,
        trials=res.trials,
        outcome_classes=None,
        p_acts_at=tuple(
            tuple(mc.wilson(int(c), res.trials, res.confidence) for c in row) for row in position
        ),
        raw=res,
    )
