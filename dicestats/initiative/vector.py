"""The round engine's Monte Carlo at speed: defence and holding over a whole batch.

:class:`VectorEngine` plays the rounds of :class:`~.engine.Engine` (the reference: the
rules of ``docs/rules/initiative.md``) for the named holding policies, a batch of fights
advanced together, one action (or one hold) per fight per step, as array operations;
the loops are over steps, participants and a participant's dice, never over fights.
It draws its own numbers (not the general engine's stream), only where they are needed:

- the state is participant-major: one (participants, fights) array per quantity, so a
  reduction across the participants is one contiguous pass and a participant's row a
  slice;
- a participant's dice are sorted high to low once per round; every way a die leaves
  its unheld dice takes the highest one (a turn acts with its highest unheld die, a hold
  keeps it, an attack or an answer spends the highest die, a held one first among
  equals), so its unheld dice are the sorted dice from a pointer on (kept as the flat
  place of that die), and its held dice a set of those positions (a bit mask) used
  highest first;
- who acts is the acting rule's key of each participant, settled when a tier opens
  (``order="tier"``) or at every action (``order="action"``): the owner in its low bits
  and, only in the fights where two candidates tie completely, fair coins above it, so
  each turn is one minimum across the participants. With ``tiebreak="all"`` the key is
  an int32 (value, dice of the value held, the rank of the owner's roll in its fight,
  ranked once a round); with ``"unspent"`` the int64 :func:`~.order.rank_key`;
- targets and success rolls are drawn for the attacking fights only, answers and armour
  for those that answer or are hurt;
- the order statistics (first, before, doubles, positions) are read once per round from
  each fight's acting sequence, kept only where the question reads them (``odds``, not
  ``defence``), and the fights whose round has ended are set aside.

A custom :class:`~.holding.HoldPolicy` is not read as a mask: such a fight goes through
the general engine (:func:`batch_engine`). The exact enumeration stays on
:class:`~.engine.Engine`.
"""

from __future__ import annotations

import functools

import numpy as np

from .engine import _BATCH_ONLY, INF, answer_keys, inf_unless, may_answer
from .holding import hold_policy
from .order import OWN_BITS, OWN_MASK, RANK_SHIFT, rank_key
from .pips import prepare

#: The named policies by code (their hold and use read as masks).
NEVER, DEFEND, RESERVE, AFTER_ENEMY, ALWAYS = range(5)
_CODES = {"never": NEVER, "defend": DEFEND, "reserve": RESERVE}
_CODES |= {"after-enemy": AFTER_ENEMY, "always": ALWAYS}


def _code(policy):
    """A named policy's code, or None for a user's policy object."""
    name = getattr(policy, "name", None)
    if name in _CODES and hold_policy(name) is policy:
        return _CODES[name]
    return None


def vectorizable(fight) -> bool:
    """Whether every participant's policy is a named one (read as a mask)."""
    return all(_code(p) is not None for p in fight.policies)


def batch_engine(fight):
    """The Monte Carlo batch function of a checked fight (:class:`~.engine.Fight`):
    :class:`VectorEngine`, or the general :class:`~.engine.Engine` when a participant
    holds by a policy of the user's own."""
    return VectorEngine(fight) if vectorizable(fight) else fight.engine()


@functools.cache
def _lowest(bits: int) -> np.ndarray:
    """The position of the lowest set bit of each mask below ``2**bits`` (``bits`` for 0)."""
    x = np.arange(1 << bits, dtype=np.int64)
    low = x & -x
    out = np.full(x.size, bits, dtype=np.int64)
    nz = low > 0
    out[nz] = np.log2(low[nz]).round().astype(np.int64)
    return out


@functools.cache
def _ones(bits: int) -> np.ndarray:
    """The number of set bits of each mask below ``2**bits``."""
    x = np.arange(1 << bits, dtype=np.int64)
    out = np.zeros(x.size, dtype=np.int64)
    for b in range(bits):
        out += (x >> b) & 1
    return out


def _flat(x):
    """A flat view of the C-contiguous array ``x`` (an error, never a copy): a 2-d
    array's cell (i, j) is ``i * x.shape[1] + j`` in it, and numpy's gathers and
    scatters on one flat index are several times faster than on two."""
    f = x.view()
    f.shape = (x.size,)
    return f


def _bump(x, i, j, by=1):
    """``x[i, j] += by`` on a 2-d array (C- or Fortran-ordered), the cells (i, j) all
    different."""
    if x.flags.c_contiguous:
        _flat(x)[i * x.shape[1] + j] += by
    else:
        _flat(x.T)[j * x.shape[0] + i] += by


class _Notes:
    """Per-fight counts noted during a batch (each attack's or answer's), counted by one
    bincount per statistic at its end: fewer passes than a scattered add per step."""

    def __init__(self, n: int):
        self.n, self.notes = n, {}

    def add(self, name, fights, index=None, by=None):
        """``tot[name][fights, index] += by`` (``by`` None: 1; cells may repeat)."""
        self.notes.setdefault(name, []).append((fights, index, by))

    def into(self, tot):
        """Add the noted counts to the counters ``tot`` (1-d, or 2-d Fortran-ordered)."""
        n = self.n
        for name, notes in self.notes.items():
            x = tot[name]
            if x.ndim == 1:
                cells = np.concatenate([f for f, _, _ in notes])
                flat = x
            else:
                cells = np.concatenate([i * n + f for f, i, _ in notes])
                flat = _flat(x.T)
            by = None
            if notes[0][2] is not None:
                by = np.concatenate([b for _, _, b in notes]).astype(np.float64)
            flat += np.bincount(cells, by, minlength=flat.size).astype(np.int64)


def _ties(x):
    """The columns of ``x`` (P, rows: participant-major) with two equal entries."""
    P = x.shape[0]
    out = np.zeros(x.shape[1], dtype=bool)
    if P <= 8:
        for i in range(P):
            for j in range(i + 1, P):
                out |= x[i] == x[j]
        return out
    srt = np.sort(x, axis=0)
    return (srt[1:] == srt[:-1]).any(axis=0)


def _nth_true(cand, j):
    """The row of the ``j``-th (0-based) True of each column of ``cand`` (P, rows; -1:
    none)."""
    out = np.full(cand.shape[1], -1, dtype=np.int64)
    seen = np.zeros(cand.shape[1], dtype=np.int64)
    for p in range(cand.shape[0]):
        col = cand[p]
        out[col & (seen == j)] = p
        seen += col
    return out


#: The compact key (tiebreak "all", int32) from the top: 7 - value (3 bits) | 15 - dice
#: of the value held (4 bits) | the rank of the owner's roll in its fight (6 bits: 0 the
#: highest, equal rolls equal) | coin (12 bits) | owner (6 bits); a complete tie is an
#: equal rank above the coin, as with :func:`~.order.rank_key`'s int64 key.
_C_RANK = 18
#: Coin bits drawn for a complete tie (a byte; drawn again for a fight where two tied
#: coins are equal): a field of at least this width in either key.
_COIN = 8
_INF32 = np.int32(np.iinfo(np.int32).max)


class VectorEngine:
    """Monte Carlo of a checked fight (:class:`~.engine.Fight`) whose policies are named:
    ``engine(rng, n)`` plays ``n`` fights and returns the sums of
    :meth:`Engine.__call__ <.engine.Engine.__call__>` (the same statistics, read by
    :class:`~.engine.Drawn`)."""

    def __init__(self, fight):
        setup = fight.setup
        codes = [_code(p) for p in fight.policies]
        if None in codes:
            raise ValueError("a policy of the user's own: use the general engine")
        self.ref = fight.engine()  # the statistics' shapes and their batch totals
        self.setup, self.rounds, self.combat = setup, fight.rounds, fight.combat
        self.P, self.D, self.S = setup.n, setup.dice, max(setup.sw)
        self.side = np.array(setup.sides, dtype=np.int64)
        self.order, self.tiebreak = setup.rules.order, setup.rules.tiebreak
        self.da = sum(setup.swiftness)
        self.orders = "first" in self.ref.shapes  # who acts when: read by odds, not defence
        self.codes = np.array(codes, dtype=np.int64)
        self.holding = bool((self.codes != NEVER).any())
        self.present = [bool((self.codes == c).any()) for c in range(5)]
        self._pos = {}  # the places of a round's actions (1, 2, ..., D) as a column, by D
        self.enemies, self.n_enemies = self.ref.enemies, self.ref.n_enemies
        self.columns = [setup.columns(p) for p in range(self.P)]
        # keys: compact int32 (tiebreak "all": the roll ranked once a round) or the
        # int64 rule of rank_key (tiebreak "unspent": the unspent dice below change)
        if self.tiebreak == "all":
            self.kdt, self.inf, self.rshift = np.int32, _INF32, _C_RANK
        else:
            self.kdt, self.inf, self.rshift = np.int64, INF, RANK_SHIFT
        self.own = np.arange(self.P, dtype=self.kdt)[:, None]
        self.own64 = np.arange(self.P, dtype=np.int64)[:, None]
        # the policies' answers: ``use`` one of the rows (end, side 0 acted, side 1 acted,
        # yes, no) for each participant; ``hold`` by the participants of each code
        use = {DEFEND: 0, RESERVE: 0, NEVER: 3, ALWAYS: 4}
        self.use_row = np.array(
            [use.get(c, 2 - s) for c, s in zip(codes, setup.sides, strict=True)], dtype=np.int64
        )
        self.hold_codes = sorted(set(codes) - {NEVER})  # the codes that may hold
        self.use_groups = [  # (row, the participants answering by it: a slice where a run)
            (row, _runs(np.flatnonzero(self.use_row == row))) for row in set(self.use_row.tolist())
        ]
        self.side8 = self.side.astype(np.int8)[:, None]
        self.own8 = np.arange(self.P, dtype=np.int8)[:, None]
        self.later_inf = np.int16(np.iinfo(np.int16).max)
        self.own16 = np.arange(self.P, dtype=np.int16)[:, None]

    # ------------------------------------------------------------------ a batch
    def __call__(self, rng, n):
        # a fight's counters (n, k) Fortran-ordered: each statistic's column contiguous,
        # so the batch's sums, squares and cross sums run along memory (6 times faster)
        tot = {
            k: np.zeros(s, dtype=np.int64)
            if k in _BATCH_ONLY
            else np.zeros((*s, n), dtype=np.int64).T
            for k, s in self.ref.shapes.items()
        }
        edges = np.zeros(n, dtype=np.int64)
        forbid = np.zeros(n, dtype=bool)
        tot["notes"] = _Notes(n)  # in the batch's counters: a batch may run in a thread
        for r in range(self.rounds):
            dice = prepare(rng.integers(1, 7, size=(n, self.D), dtype=np.int64), self.setup)
            seq = self._round(rng, dice, tot, edges, forbid, r)
            if seq is not None:
                self._order_stats(seq[: self.D], tot)
        _bump(tot["edges"], np.arange(n), edges)
        tot.pop("notes").into(tot)
        if self.combat is not None:  # the counts that follow from the others (fewer passes)
            tot["attacks"][:] = tot["resp_k"].sum(axis=1)
            tot["defended"][:] = tot["attacks"] - tot["resp_k"][:, 0]
            tot["responses"][:] = tot["slow"].sum(axis=1)
            tot["comp_resp"][:] = tot["responses"] - tot["target_resp"]
        return self.ref._batch_totals(tot, n)

    def _sorted(self, dice):
        """Each participant's dice high to low (P, n, S + 1) int8 (participant-major),
        zeros after its last; the run of each die (P, n, S + 1) int8: the dice equal to
        it from it on; and the face counts of each participant's dice (P, n) int64
        (4 bits a face)."""
        n, P, S = dice.shape[0], self.P, self.S
        pad = np.zeros((P, n, S), dtype=np.int8)
        for p, (c0, c1) in enumerate(self.columns):
            pad[p, :, : c1 - c0] = dice[:, c0:c1]
        if S <= 8:  # a sorting network on the columns (numpy's sort of a short axis is slow)
            col = [np.ascontiguousarray(pad[:, :, s]) for s in range(S)]
            for i in range(S - 1):
                for j in range(S - 1 - i):
                    hi = np.maximum(col[j], col[j + 1])
                    np.minimum(col[j], col[j + 1], out=col[j + 1])
                    col[j] = hi
        else:
            srt = -np.sort(-pad, axis=2)
            col = [np.ascontiguousarray(srt[:, :, s]) for s in range(S)]
        zero = np.zeros((P, n), dtype=np.int8)
        runs = [zero]
        rolled = np.zeros((P, n), dtype=np.int64)
        nxt = zero
        for s in range(S - 1, -1, -1):
            rs = (col[s] == nxt).view(np.int8) * runs[-1]
            rs += 1
            runs.append(rs)
            # face f's slot, 1 << 4 (f - 1), and 0 for no die: (1 << 4 f) >> 4
            rolled += np.left_shift(np.int64(1), 4 * col[s].astype(np.int64)) >> 4
            nxt = col[s]
        d = np.stack([*col, zero], axis=2)
        run = np.stack(runs[::-1], axis=2)
        return d, run, rolled

    def _order_stats(self, seq, tot):
        """Who acted when, from each fight's acting sequence of a round (D, n int8:
        place-major), -1 after the last action."""
        D, n, P = seq.shape[0], seq.shape[1], self.P
        rows = np.arange(n)
        has = seq >= 0
        first = seq[0].astype(np.int64)
        some = has[0]
        _bump(tot["first"], rows[some], first[some])
        tot["first_side"] += some & (self.side[np.maximum(first, 0)] == 0)
        # by participant over 8-bit passes (no int64 cells, no bincount): its actions in
        # each fight, their places' sum, and its actions at each place
        # (numpy's 8-bit reduction down the columns is fast with a 16-bit sum, slow without)
        narrow = D <= np.iinfo(np.int8).max  # then the places' sum fits 16 bits
        wide = np.int16 if narrow else np.int64
        place = self._pos.get(D)
        if place is None:  # the places 1..D as a column
            place = self._pos[D] = np.arange(1, D + 1, dtype=np.int8 if narrow else wide)
            place.shape = (D, 1)
        act_n, pos_sum, acts_at = tot["act_n"].T, tot["pos_sum"].T, tot["acts_at"]
        by1 = np.zeros(seq.shape, dtype=bool)  # an action by side 1
        for p in range(P):
            eq = seq == p
            if self.side[p] == 1:
                by1 |= eq
            e8 = eq.view(np.int8)
            act_n[p] += np.add.reduce(e8, axis=0, dtype=wide)
            pos_sum[p] += np.add.reduce(e8 * place, axis=0, dtype=wide)
            acts_at[:, p] += [np.count_nonzero(row) for row in eq]  # D short passes: faster
        if D > 1:
            tot["double"] += np.logical_or.reduce((seq[1:] == seq[:-1]) & has[1:], axis=0)
        # the actions before the first by side 1: each fight's acts come first, then -1s,
        # so the leading run of its actions by side 0
        side0 = has & ~by1
        run = side0[0].copy()
        before = run.astype(np.int64)
        for i in range(1, D):
            run &= side0[i]
            before += run
        _bump(tot["before"], rows, np.minimum(before, self.da))

    def _rank(self, rolled):
        """Each participant's rank (P, n) of its roll in its fight (0: the highest, equal
        rolls equal) and the fights with two equal rolls."""
        P, n = rolled.shape
        if P <= 8:
            rank = np.zeros((P, n), dtype=self.kdt)
            twin = np.zeros(n, dtype=bool)
            for i in range(P):
                for j in range(i + 1, P):
                    gt = rolled[i] > rolled[j]
                    lt = rolled[i] < rolled[j]
                    rank[j] += gt
                    rank[i] += lt
                    twin |= ~(gt | lt)
            return rank, twin
        srt = np.sort(rolled, axis=0)  # ascending: a rank is the count of greater rolls
        rank = np.zeros((P, n), dtype=self.kdt)
        for p in range(P):
            rank[p] = P - _count_le(srt, rolled[p])
        return rank, (srt[1:] == srt[:-1]).any(axis=0)

    # ------------------------------------------------------------------ a round
    PMAJOR = ("rank", "rolled", "idx", "hm", "ht", "hever", "tkey", "sa", "empty")

    def _round(self, rng, dice, tot, edges, forbid, r):
        """Play one round of every fight; returns the acting sequences (D + 1, n), or None
        when the question does not read who acts when (``defence``)."""
        n, P, S, D = dice.shape[0], self.P, self.S, self.D
        seq = None
        if self.orders:  # who acted at each place (and a spare)
            seq = np.full((D + 1, n), -1, dtype=np.int8)
        d, run, rolled = self._sorted(dice)
        base = np.arange(n * P, dtype=np.int64).reshape(P, n) * (S + 1)
        w = {
            "rid": np.arange(n),
            "idx": base.copy(),  # each participant's highest unheld die: its flat place in d
            "hm": np.zeros((P, n), dtype=np.int64),  # held dice: a bit per place
            "ht": np.zeros((P, n), dtype=np.int8),  # the highest held die (0: none)
            "hever": np.zeros((P, n), dtype=bool),
            "tier_v": np.zeros(n, dtype=np.int8),
            "tkey": np.full((P, n), self.inf, dtype=self.kdt),
            "acted": np.zeros(n, dtype=bool),
            "sa": np.zeros((2, n), dtype=bool),
            "pos": np.zeros(n, dtype=np.int64),
            "slow_any": np.zeros(n, dtype=bool),
            "empty": np.zeros((P, n), dtype=bool),
            "forbid": forbid.copy(),
            "done": np.zeros(n, dtype=bool),
        }
        if self.tiebreak == "all":  # complete ties need two identical rolls
            w["rank"], w["twin"] = self._rank(rolled)
        else:
            w["rolled"], w["twin"] = rolled, np.ones(n, dtype=bool)
        low = _lowest(S)
        m = n
        dflat, rflat = d.reshape(-1), run.reshape(-1)
        for _ in range(2 * D + 2):
            ndone = int(np.count_nonzero(w["done"]))
            if ndone == m:
                return seq
            if 4 * ndone >= m:  # set the finished fights aside
                keep = np.flatnonzero(~w["done"])
                idx = w.pop("idx") - base  # the pointers, rebased on the kept fights
                w = {
                    k: np.take(v, keep, axis=1 if k in self.PMAJOR else 0)
                    for k, v in w.items()
                    if k not in ("base", "dflat", "rflat")
                }
                d, run = np.take(d, keep, axis=1), np.take(run, keep, axis=1)
                dflat, rflat = d.reshape(-1), run.reshape(-1)
                m = keep.size
                base = np.arange(m * P, dtype=np.int64).reshape(P, m) * (S + 1)
                w["idx"] = np.take(idx, keep, axis=1) + base
            w["base"] = base
            w["dflat"], w["rflat"] = dflat, rflat
            idx, hm = w["idx"], w["hm"]
            ut = np.take(dflat, idx)  # int8, as are the dice (a pass over int64 costs 4-8x)
            umax = np.maximum.reduce(ut, axis=0)
            end = umax == 0
            if self.holding:
                ht = w["ht"]
                want = self._use(w, ht, end)
                interv = np.logical_or.reduce(want, axis=0)
                turn = ~end & ~interv
                finish = end & ~interv & ~w["done"]
            else:
                ht = None
                interv = np.zeros(m, dtype=bool)
                turn = ~end
                finish = end & ~w["done"]
            if finish.any():
                self._finish(w, np.flatnonzero(finish), tot, edges, forbid, r)
            actor = np.zeros(m, dtype=np.int64)
            value = np.zeros(m, dtype=np.int8)
            if interv.any():  # the best-ranked holder that wants to act, a coin among equals
                ir = np.flatnonzero(interv)
                hv, wn = np.take(ht, ir, axis=1), np.take(want, ir, axis=1)
                hmi = np.take(hm, ir, axis=1)
                i0 = np.take(low, hmi)  # the highest held die's place; its equals follow it
                b0 = np.take(base, ir, axis=1) + i0
                same = ((np.int64(1) << np.take(rflat, b0)) - 1) << i0
                held = _ones(S)[hmi & same]
                key = inf_unless(self._key(w, ir, hv, held), wn, self.inf)
                cand = wn & (key == np.minimum.reduce(key, axis=0))
                pick = cand.argmax(axis=0)
                nc = np.add.reduce(cand.view(np.int8), axis=0)
                tied = np.flatnonzero(nc > 1)
                if tied.size:
                    pick[tied] = _nth_true(cand[:, tied], rng.integers(0, nc[tied]))
                actor[ir] = pick
                value[ir] = np.take(_flat(hv), pick * ir.size + np.arange(ir.size))
            if turn.any():
                if self.order == "tier":  # the tier's keys, settled when it opened
                    v = w["tier_v"]
                    inf = self.inf
                    best = np.minimum.reduce(inf_unless(w["tkey"], ut == v, inf), axis=0)
                    reopen = turn & (best == inf)
                    if reopen.any():  # the next value's tier opens: its holders ordered once
                        ro = np.flatnonzero(reopen)
                        vm = umax[ro]
                        key = self._turn_key(w, ro, np.take(ut, ro, axis=1), vm)
                        key = self._settle(rng, key, w["twin"][ro])
                        w["tkey"][:, ro] = key
                        v[ro] = vm
                        best[ro] = np.minimum.reduce(key, axis=0)
                    j = (best & OWN_MASK).astype(np.int64)  # a settled key ends with its owner
                    actor = np.where(turn, j, actor)
                    value = np.where(turn, v, value)
                else:  # by action: the rule's keys at every action
                    tr = np.flatnonzero(turn)
                    key = self._turn_key(w, tr, np.take(ut, tr, axis=1), umax[tr])
                    key = self._settle(rng, key, w["twin"][tr])
                    actor[tr] = np.minimum.reduce(key, axis=0) & OWN_MASK
                    value[tr] = umax[tr]
            hold = None
            if self.holding:
                hold = self._hold(w, turn & ~w["forbid"], actor)
                if hold.any():
                    hr = np.flatnonzero(hold)
                    cell = actor[hr] * m + hr
                    k = np.take(_flat(idx), cell) - np.take(_flat(base), cell)
                    first = cell[np.take(_flat(hm), cell) == 0]  # its first held die: the highest
                    _flat(ht)[first] = np.take(_flat(ut), first)
                    _flat(hm)[cell] |= np.int64(1) << k
                    _flat(idx)[cell] += 1
                    _flat(w["hever"])[cell] = True
                    turn = turn & ~hold
            self._act(rng, w, interv | turn, actor, value, interv, ut, ht, seq, tot)
        raise AssertionError("a round did not end")  # pragma: no cover - every step spends

    # ------------------------------------------------------------------ keys and policies
    def _key(self, w, rows, value, held):
        """The acting rule's keys (P, rows) of dice of ``value`` (int8) held ``held``
        times (coin and owner 0)."""
        if self.tiebreak == "all":
            hi = ((7 - value).astype(np.int32) << 4) | (15 - held.astype(np.int32))
            hi <<= 6
            hi |= np.take(w["rank"], rows, axis=1)
            hi <<= _C_RANK
            return hi
        # "unspent": the face counts of the unheld dice below the value
        S = self.S
        v = value.astype(np.int64)
        k = np.take(w["idx"], rows, axis=1) - np.take(w["base"], rows, axis=1)
        b0 = np.take(w["base"], rows, axis=1)
        below = np.zeros(k.shape, dtype=np.int64)
        for s in range(S):
            x = np.take(w["dflat"], b0 + s).astype(np.int64)
            ok = (s >= k) & (x < v) & (x > 0)
            below += ok * (np.left_shift(np.int64(1), 4 * x) >> 4)
        rolled = np.take(w["rolled"], rows, axis=1)
        return rank_key(v, held.astype(np.int64), rolled, below, "unspent")

    def _turn_key(self, w, rows, ut, vm):
        """The keys of the participants whose highest unheld die is ``vm`` (the others
        INF): their unheld dice of ``vm`` counted (the run from the highest)."""
        is_v = ut == vm
        count = np.take(w["rflat"], np.take(w["idx"], rows, axis=1))
        return inf_unless(self._key(w, rows, vm, count), is_v, self.inf)

    def _settle(self, rng, key, maybe):
        """Keys (P, rows; ``inf``: not a candidate) made unique: the owner in the low
        bits and, in the rows where two candidates tie completely (only ``maybe`` can),
        fair coins above it (drawn again for a row where two tied coins are equal), as
        ``order.sort_keys`` does."""
        P, inf, rs = self.P, self.inf, self.rshift
        member = key < inf
        key |= self.own  # inf stays inf
        todo = np.flatnonzero(maybe)
        if not todo.size:
            return key
        # a tie: two members' equal ranks (a non-member's rank made -1 - its number)
        top = key.dtype.type(inf >> rs) + 1 + self.own
        mt = np.take(member, todo, axis=1)
        high = np.take(key, todo, axis=1) >> rs
        high -= ~mt * top
        todo = todo[_ties(high)]
        clear = ~key.dtype.type(((1 << _COIN) - 1) << OWN_BITS)
        top = key.dtype.type(inf >> OWN_BITS) + 1 + self.own
        while todo.size:
            mt = np.take(member, todo, axis=1)
            coin = rng.integers(0, 1 << _COIN, size=(P, todo.size), dtype=np.uint8)
            k2 = np.take(key, todo, axis=1) & clear
            k2 |= coin.astype(key.dtype) << OWN_BITS
            k2 |= ~mt * inf  # inf stays inf: all its bits set
            key[:, todo] = k2
            high = k2 >> OWN_BITS
            high -= ~mt * top
            todo = todo[_ties(high)]
        return key

    def _use(self, w, ht, end):
        """Each holder's answer to ``use`` (P, rows): act now with its highest held die?
        (``end`` for defend and reserve, an enemy acted for after-enemy, always for never,
        never for always: one row of these each.)"""
        want = np.empty(ht.shape, dtype=bool)
        rows = (end, w["sa"][0], w["sa"][1], True, False)
        for row, ps in self.use_groups:
            want[ps] = rows[row]
        want &= ht > 0
        return want

    def _hold(self, w, ask, a):
        """The actors' answers to ``hold`` (one per row, ``ask``: asked at all)."""
        m = a.size
        cell = a * m + np.arange(m)  # each actor's flat cell
        code = self.codes.take(a)
        x = np.zeros(m, dtype=bool)
        for c in self.hold_codes:
            if c == DEFEND:
                yes = ~_flat(w["hever"]).take(cell)
            elif c == RESERVE:
                yes = _flat(w["hm"]).take(cell) == 0
            elif c == AFTER_ENEMY:  # no enemy of the actor has acted
                yes = ~_flat(w["sa"]).take((1 - self.side.take(a)) * m + np.arange(m))
            else:  # ALWAYS
                yes = True
            x |= (code == c) & yes
        return ask & x

    def _spent_held(self, w, hc):
        """The held dice at the flat cells ``hc`` spent (the highest of each): its next
        held die becomes its highest (0: none left)."""
        hf = _flat(w["hm"])
        left = hf.take(hc)
        left &= left - 1
        hf[hc] = left
        place = _flat(w["base"]).take(hc) + _lowest(self.S).take(left)
        _flat(w["ht"])[hc] = w["dflat"].take(place)

    # ------------------------------------------------------------------ an action
    def _act(self, rng, w, acts, a, value, from_hold, ut, ht, seq, tot):
        """The actors ``a`` of the fights ``acts`` (a mask: every fight still playing, most
        act at each step) act with a die of ``value``: set it aside, note the action, and
        make the attacks."""
        c = self.combat
        m = acts.size
        own = self.own64 == a  # each fight's actor, one-hot (P, m)
        own &= acts
        sa = self.side[a]
        held = None
        kept = None
        att = None
        if c is not None:
            att = acts & (sa == 1) if c.attackers == "versus" else acts
            if ht is not None:  # an attack on a turn spends the highest die: a held one above
                hta = np.take(_flat(ht), a * m + np.arange(m))
                kept = ~from_hold & att & (hta > value)
                value = np.maximum(value, hta * kept)
                held = from_hold | kept
        if ht is not None:
            held = from_hold if held is None else held
            hc = np.flatnonzero(_flat(own & held))  # a held die spent: the highest held
            self._spent_held(w, hc)
            own &= ~held
        w["idx"] += own
        if seq is not None:
            pos = w["pos"]
            _flat(seq)[pos * seq.shape[1] + w["rid"]] = np.where(acts, a, -1)  # -1: no action
            pos += acts
        w["acted"] |= acts
        w["sa"][0] |= acts & (sa == 0)
        w["sa"][1] |= acts & (sa == 1)
        if c is None:
            return
        B = np.flatnonzero(att)
        if not B.size:
            return
        equal = from_hold if kept is None else from_hold | (kept & (c.kept == "equal"))
        self._attack(rng, w, B, value[B], equal[B], sa[B], ut, ht, tot)

    def _targets(self, rng, a_side):
        """The attacked participant of each attack by the side ``a_side``: uniform among
        the other side (a scalar bound per side: numpy's fast path)."""
        j = np.zeros(a_side.size, dtype=np.int64)
        for s in (0, 1):
            ne = int(self.n_enemies[s])
            at = np.flatnonzero(a_side == s) if (a_side != s).any() else None
            size = a_side.size if at is None else at.size
            if ne > 1 and size:
                x = rng.integers(0, ne, size=size)
                if at is None:
                    j = x
                else:
                    j[at] = x
        return np.take(_flat(self.enemies), a_side * self.P + j)

    def _attack(self, rng, w, B, av, ah, a_side, ut, ht, tot):
        """Attacks made from rows ``B`` at dice ``av`` (``ah``: at equal initiative) by the
        side ``a_side``, answered and weighed."""
        c = self.combat
        P, m, nb = self.P, ut.shape[1], B.size
        gr = w["rid"][B]
        t = self._targets(rng, a_side)
        left = c.attack(rng, (nb,)).astype(np.int64) if c.rolls else None
        top = np.take(ut, B, axis=1)
        if ht is not None:
            np.maximum(top, np.take(ht, B, axis=1), out=top)
        # who may answer: the target with a die; its companions with a die as high as the
        # attack's (any die at equal initiative)
        tt = np.take(_flat(top), t * nb + np.arange(nb))
        able_t = tt > 0
        able_c = self.side8 == (1 - a_side).astype(np.int8)  # the target's side ...
        able_c &= self.own8 != t.astype(np.int8)  # ... but not the target
        able_c &= may_answer(top, av, ah)
        no = np.flatnonzero(~able_t)
        _flat(w["empty"])[t[no] * m + B[no]] = True
        later = None
        if c.respond == "every":
            first = np.where(able_t, t, -1)
            able = able_t | np.logical_or.reduce(able_c, axis=0)
            # the companions in turn (int16 keys: at most 6 * 64 + 63)
            keys = answer_keys(top.astype(np.int16), self.own16, P, "every")
            later = inf_unless(keys, able_c, self.later_inf)
        elif c.respond == "cover":  # a companion covers a target too slow
            first = np.where(able_t, t, -1)
            any_c = np.logical_or.reduce(able_c, axis=0)
            fast_t = able_t & ((tt >= av) | ah)
            keys = answer_keys(top.astype(np.int16), self.own16, P, "cover")
            cov = np.minimum.reduce(inf_unless(keys, able_c, self.later_inf), axis=0) % P
            first = np.where(~fast_t & any_c, cov, first)
            able = able_t | any_c
        else:
            first = np.where(able_t, t, -1)
            able = able_t
        tot["notes"].add("able", gr, by=able)
        nresp = np.zeros(nb, dtype=np.int64)
        full = np.zeros(nb, dtype=bool)
        # the first answer (the target's, or the companion covering), then the
        # companions in turn on the attacks still threatening (once an attack no
        # longer does, it never does again: the margin only falls, a full-speed answer
        # stays given)
        go = first >= 0
        if c.rolls and c.if_hit:
            go &= left > 0
        g = np.flatnonzero(go)
        if g.size:
            self._answer(rng, w, B, g, first[g], t, av, ah, left, full, nresp, ut, ht, tot)
        if later is not None:
            g = np.flatnonzero(np.minimum.reduce(later, axis=0) < self.later_inf)
            later = np.take(later, g, axis=1)
            while g.size:
                threat = (left[g] > 0) if c.rolls else ~full[g]
                g, later = g[threat], np.take(later, np.flatnonzero(threat), axis=1)
                low = np.minimum.reduce(later, axis=0)
                some = low < self.later_inf
                sm = np.flatnonzero(some)
                g, later, low = g[sm], np.take(later, sm, axis=1), low[sm]
                if g.size:
                    who = (low % P).astype(np.int64)
                    _flat(later)[who * g.size + np.arange(g.size)] = self.later_inf
                    self._answer(rng, w, B, g, who, t, av, ah, left, full, nresp, ut, ht, tot)
        tot["notes"].add("resp_k", gr, nresp)
        if c.rolls:
            if c.armour is not None:
                hurt = np.flatnonzero(left > 0)
                if hurt.size:
                    arm = c.armour(rng, (hurt.size,)).astype(np.int64)
                    left[hurt] = np.maximum(left[hurt] - arm, 0)
            notes = tot["notes"]
            notes.add("margin", gr, np.minimum(left, c.attack.most))
            notes.add("wound", gr, by=left)
            notes.add("wound_by", gr, a_side, left)
            notes.add("wounding", gr, by=left > 0)

    def _answer(self, rng, w, B, g, x, t, av, ah, left, full, nresp, ut, ht, tot):
        """The participants ``x`` answer the attacks ``g`` (of the rows ``B``): each sets
        aside its highest die, slow when it is the target answering below the attack."""
        c = self.combat
        rows = B[g]
        cell = x * ut.shape[1] + rows
        uv = np.take(_flat(ut), cell)
        if ht is not None:
            hv = np.take(_flat(ht), cell)
            fh = (hv >= uv) & (hv > 0)  # the highest die, a held one first among equals
            h = np.maximum(hv, uv)
            self._spent_held(w, cell[fh])
            _flat(w["idx"])[cell] += ~fh
        else:
            h = uv
            _flat(w["idx"])[cell] += 1
        is_t = x == t[g]
        scale = (av[g] - h).astype(np.int64)
        np.maximum(scale, 0, out=scale)
        scale *= is_t & ~ah[g]
        rg = w["rid"][rows]
        tot["notes"].add("slow", rg, scale)
        tot["notes"].add("target_resp", rg, by=is_t)
        w["slow_any"][rows] |= scale > 0
        full[g] |= scale == 0
        nresp[g] += 1
        if c.rolls:
            dfn = np.maximum(c.defend(rng, (g.size,)) - c.slow_cost * scale, 0)
            adv = np.maximum(dfn - left[g], 0)
            tot["notes"].add("adv", rg, np.minimum(adv, c.defend.most))
            tot["notes"].add("adv_sum", rg, by=adv)
            left[g] = np.maximum(left[g] - dfn, 0)

    # ------------------------------------------------------------------ round's end
    def _finish(self, w, f, tot, edges, forbid, r):
        """The rows ``f`` end their round: nobody acted (everyone on edge, no holding
        next round), defenders hit with no die left; held dice lapse."""
        gr = w["rid"][f]
        nobody = ~w["acted"][f]
        _bump(tot["all_held"], gr[nobody], r)
        edges[gr] += nobody
        forbid[gr] = nobody
        c = self.combat
        if c is not None:
            cols = self.side == 0 if c.attackers == "versus" else np.ones(self.P, dtype=bool)
            empty = np.take(w["empty"][cols], f, axis=1)
            _bump(tot["out"], gr, np.add.reduce(empty.view(np.int8), axis=0).astype(np.int64))
            tot["slow_round"][gr] += w["slow_any"][f]
        if self.holding:
            w["hm"][:, f] = 0
            w["ht"][:, f] = 0
        w["done"][f] = True


def _runs(ps):
    """The participant numbers ``ps`` (ascending) as a slice when they are consecutive
    (numpy's basic indexing: a view, no gather), else as they are."""
    if ps.size and ps[-1] - ps[0] == ps.size - 1:
        return slice(int(ps[0]), int(ps[-1]) + 1)
    return ps


def _count_le(srt, x):
    """How many entries of each column of ``srt`` (sorted ascending) are <= ``x``."""
    return np.add.reduce((srt <= x).view(np.int8), axis=0, dtype=np.int64)
