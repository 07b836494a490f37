"""The round engine's Monte Carlo at speed: defence and holding over a whole batch.

:class:`VectorEngine` plays the rounds of :class:`~.engine.Engine` (the reference: the
rules of ``docs/rules/initiative.md``) for the named holding policies, a batch of fights
advanced together, one action (or one hold) per fight per step, as array operations;
the loops are over steps, participants and a participant's dice, never over fights.
It draws its own numbers (not the general engine's stream), only where they are needed:

- a participant's dice are sorted high to low once per round; every way a die leaves
  its unheld dice takes the highest one (a turn acts with its highest unheld die, a hold
  keeps it, an attack or an answer spends the highest die, a held one first among
  equals), so its unheld dice are the sorted dice from a pointer on, and its held dice a
  set of those positions (a bit mask) used highest first;
- who acts is the acting rule's key (:func:`~.order.rank_key`) of each participant,
  settled when a tier opens (``order="tier"``) or at every action (``order="action"``):
  the owner in its low bits and, only in the fights where two candidates tie completely,
  fair coins above it, so each turn is one minimum across the participants;
- targets and success rolls are drawn for the attacking fights only, answers and armour
  for those that answer or are hurt;
- the order statistics (first, before, doubles, positions) are read once per round from
  each fight's acting sequence, and the fights whose round has ended are set aside.

A custom :class:`~.holding.HoldPolicy` is not read as a mask: such a fight goes through
the general engine (:func:`batch_engine`). The exact enumeration stays on
:class:`~.engine.Engine`.
"""

from __future__ import annotations

import functools

import numpy as np

from .engine import _BATCH_ONLY, FACE, INF, across, answerers, inf_unless, next_answerer
from .holding import hold_policy
from .order import FMT64, OWN_BITS, OWN_MASK, RANK_SHIFT, rank_key
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


def _popcount(x, bits):
    """The set bits of masks ``x`` below ``2**bits``."""
    return _ones(bits)[x]


def _flat(x):
    """A flat view of the C-contiguous array ``x`` (an error, never a copy): a 2-d
    array's cell (i, j) is ``i * x.shape[1] + j`` in it, and numpy's gathers and
    scatters on one flat index are several times faster than on two."""
    f = x.view()
    f.shape = (x.size,)
    return f


def _bump(x, i, j, by=1):
    """``x[i, j] += by`` on a 2-d array, the cells (i, j) all different."""
    f = _flat(x)
    cell = i * x.shape[1] + j
    f[cell] += by


def _ties(x):
    """The rows of ``x`` (rows, P) with two equal entries."""
    P = x.shape[1]
    out = np.zeros(x.shape[0], dtype=bool)
    if P <= 8:
        for i in range(P):
            for j in range(i + 1, P):
                out |= x[:, i] == x[:, j]
        return out
    srt = np.sort(x, axis=1)
    return (srt[:, 1:] == srt[:, :-1]).any(axis=1)


def _nth_true(cand, j):
    """The column of the ``j``-th (0-based) True of each row of ``cand`` (-1: none)."""
    out = np.full(cand.shape[0], -1, dtype=np.int64)
    seen = np.zeros(cand.shape[0], dtype=np.int64)
    for p in range(cand.shape[1]):
        col = cand[:, p]
        out[col & (seen == j)] = p
        seen += col
    return out


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
        self.codes = np.array(codes, dtype=np.int64)
        self.holding = bool((self.codes != NEVER).any())
        self.present = [bool((self.codes == c).any()) for c in range(5)]
        self._side1 = np.concatenate([[False], self.side == 1])  # by participant + 1
        self._pos = {}  # each action's place (1, 2, ...) in rows of n rounds, by n
        self.enemies, self.n_enemies = self.ref.enemies, self.ref.n_enemies
        owners = setup.owners
        starts = np.cumsum([0, *setup.sw])[:-1]
        self.slot = owners * self.S + (np.arange(self.D) - starts[owners])

    # ------------------------------------------------------------------ a batch
    def __call__(self, rng, n):
        tot = {
            k: np.zeros(s if k in _BATCH_ONLY else (n, *s), dtype=np.int64)
            for k, s in self.ref.shapes.items()
        }
        edges = np.zeros(n, dtype=np.int64)
        forbid = np.zeros(n, dtype=bool)
        for r in range(self.rounds):
            dice = prepare(rng.integers(1, 7, size=(n, self.D), dtype=np.int64), self.setup)
            seq = self._round(rng, dice, tot, edges, forbid, r)
            self._order_stats(seq, tot)
        _bump(tot["edges"], np.arange(n), edges)
        if self.combat is not None:  # the counts that follow from the others (fewer passes)
            tot["attacks"][:] = tot["resp_k"].sum(axis=1)
            tot["defended"][:] = tot["attacks"] - tot["resp_k"][:, 0]
            tot["responses"][:] = tot["slow"].sum(axis=1)
            tot["comp_resp"][:] = tot["responses"] - tot["target_resp"]
        return self.ref._batch_totals(tot, n)

    def _sorted(self, dice):
        """Each participant's dice high to low (n, P, S + 1) int8, zeros after its last,
        the run of each die (n, P, S + 1) int8: the dice equal to it from it on, and the
        face counts of each participant's dice (n, P) int64 (4 bits a face)."""
        n, P, S = dice.shape[0], self.P, self.S
        pad = np.zeros((n, P * S), dtype=np.int8)
        pad[:, self.slot] = dice
        pad = pad.reshape(n, P, S)
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
        zero = np.zeros((n, P), dtype=np.int8)
        runs = [zero]
        rolled = np.zeros((n, P), dtype=np.int64)
        nxt = zero
        for s in range(S - 1, -1, -1):
            rs = (col[s] == nxt).view(np.int8) * runs[-1]
            rs += 1
            runs.append(rs)
            rolled += np.take(FACE, col[s])
            nxt = col[s]
        d = np.stack([*col, zero], axis=2)
        run = np.stack(runs[::-1], axis=2)
        return d, run, rolled

    def _order_stats(self, seq, tot):
        """Who acted when, from each fight's acting sequence of a round (n, D), -1 after
        the last action."""
        n, D, P = seq.shape[0], self.D, self.P
        rows = np.arange(n)
        has = seq >= 0
        first = seq[:, 0]
        some = first >= 0
        _bump(tot["first"], rows[some], first[some])
        tot["first_side"] += some & (self.side[np.maximum(first, 0)] == 0)
        # participant p at column p + 1 of each row's counts (column 0: no action)
        s1 = seq + 1
        cell = _flat(s1 + np.arange(0, n * (P + 1), P + 1)[:, None])
        pos = self._pos.get(n)
        if pos is None:
            pos = self._pos[n] = np.tile(np.arange(1, D + 1, dtype=np.float64), n)
        tot["act_n"] += np.bincount(cell, minlength=n * (P + 1)).reshape(n, P + 1)[:, 1:]
        ps = np.bincount(cell, pos, minlength=n * (P + 1)).reshape(n, P + 1)[:, 1:]
        tot["pos_sum"] += ps.astype(np.int64)
        at = _flat(s1 + np.arange(0, D * (P + 1), P + 1)[None, :])
        tot["acts_at"] += np.bincount(at, minlength=D * (P + 1)).reshape(D, P + 1)[:, 1:]
        if D > 1:
            tot["double"] += ((seq[:, 1:] == seq[:, :-1]) & has[:, 1:]).any(axis=1)
        # the actions before the first by side 1 (each row's acts come first, then -1s)
        b = self._side1[s1]
        before = np.where(b.any(axis=1), b.argmax(axis=1), has.sum(axis=1))
        _bump(tot["before"], rows, np.minimum(before, self.da))

    # ------------------------------------------------------------------ a round
    def _round(self, rng, dice, tot, edges, forbid, r):
        """Play one round of every fight; returns the acting sequences (n, D)."""
        n, P, S, D = dice.shape[0], self.P, self.S, self.D
        seq = np.full((n, D), -1, dtype=np.int64)
        d, run, rolled = self._sorted(dice)
        w = {
            "rid": np.arange(n),
            "d": d,
            "run": run,
            "rolled": rolled,
            # complete ties need two identical rolls (unless by the unspent dice)
            "twin": _ties(rolled) if self.tiebreak == "all" else np.ones(n, dtype=bool),
            "k": np.zeros((n, P), dtype=np.int64),
            "hm": np.zeros((n, P), dtype=np.int64),
            "hever": np.zeros((n, P), dtype=bool),
            "tier_v": np.zeros(n, dtype=np.int8),
            "tkey": np.full((n, P), INF, dtype=np.int64),
            "acted": np.zeros(n, dtype=bool),
            "sa": np.zeros((n, 2), dtype=bool),
            "pos": np.zeros(n, dtype=np.int64),
            "slow_any": np.zeros(n, dtype=bool),
            "empty": np.zeros((n, P), dtype=bool),
            "forbid": forbid.copy(),
            "done": np.zeros(n, dtype=bool),
        }
        low = _lowest(S)
        m = n
        base = np.arange(n * P, dtype=np.int64) * (S + 1)
        for _ in range(2 * D + 2):
            ndone = int(np.count_nonzero(w["done"]))
            if ndone == m:
                return seq
            if 8 * ndone >= m:  # set the finished fights aside
                keep = np.flatnonzero(~w["done"])
                w = {k: np.take(v, keep, axis=0) for k, v in w.items()}
                m = keep.size
                base = np.arange(m * P, dtype=np.int64) * (S + 1)
            w["base"] = base.reshape(m, P)
            k, hm = w["k"], w["hm"]
            dflat = w["d"].reshape(-1)
            w["idx"] = idx = (base + k.reshape(-1)).reshape(m, P)  # the highest unheld die's
            ut = np.take(dflat, idx)  # int8, as are the dice (a pass over int64 costs 4-8x)
            umax = across(np.maximum, ut)
            end = umax == 0
            if self.holding:
                hidx = base + np.take(low, hm.reshape(-1))
                ht = np.take(dflat, hidx).reshape(m, P)
                want = self._use(w, ht, end)
                interv = across(np.logical_or, want)
                turn = ~end & ~interv
                finish = end & ~interv & ~w["done"]
            else:
                ht = np.zeros((m, P), dtype=np.int8)
                interv = np.zeros(m, dtype=bool)
                turn = ~end
                finish = end & ~w["done"]
            if finish.any():
                self._finish(w, np.flatnonzero(finish), tot, edges, forbid, r)
            actor = np.zeros(m, dtype=np.int64)
            value = np.zeros(m, dtype=np.int64)
            if interv.any():  # the best-ranked holder that wants to act, a coin among equals
                ir = np.flatnonzero(interv)
                hv, wn = ht[ir], want[ir]
                i0 = low[hm[ir]]  # the highest held die's place; its equals follow it
                same = ((np.int64(1) << w["run"].reshape(-1)[w["base"][ir] + i0]) - 1) << i0
                held = _popcount(hm[ir] & same, S)
                key = inf_unless(self._key(w, ir, hv, held), wn)
                cand = wn & (key == across(np.minimum, key)[:, None])
                pick = cand.argmax(axis=1)
                nc = across(np.add, cand.view(np.int8))
                tied = np.flatnonzero(nc > 1)
                if tied.size:
                    pick[tied] = _nth_true(cand[tied], rng.integers(0, nc[tied]))
                actor[ir] = pick
                value[ir] = hv[np.arange(ir.size), pick]
            if turn.any():
                if self.order == "tier":  # the tier's keys, settled when it opened
                    v = w["tier_v"]
                    best = across(np.minimum, inf_unless(w["tkey"], ut == v[:, None]))
                    j = best & OWN_MASK  # a settled key ends with its owner
                    reopen = turn & (best == INF)
                    if reopen.any():  # the next value's tier opens: its holders ordered once
                        ro = np.flatnonzero(reopen)
                        vm = umax[ro]
                        key = self._turn_key(w, ro, np.take(ut, ro, axis=0), vm)
                        key = self._settle(rng, key, w["twin"][ro])
                        w["tkey"][ro] = key
                        v[ro] = vm
                        j[ro] = across(np.minimum, key) & OWN_MASK
                    actor = np.where(turn, j, actor)
                    value = np.where(turn, v, value)
                else:  # by action: the rule's keys at every action
                    tr = np.flatnonzero(turn)
                    key = self._settle(rng, self._turn_key(w, tr, ut[tr], umax[tr]), w["twin"][tr])
                    actor[tr] = across(np.minimum, key) & OWN_MASK
                    value[tr] = umax[tr]
            hold = np.zeros(m, dtype=bool)
            if self.holding:
                hold = self._hold(w, turn & ~w["forbid"], actor)
                if hold.any():
                    hr = np.flatnonzero(hold)
                    cell = hr * P + actor[hr]
                    hm.reshape(-1)[cell] |= np.int64(1) << k.reshape(-1)[cell]
                    k.reshape(-1)[cell] += 1
                    w["hever"].reshape(-1)[cell] = True
            ar = np.flatnonzero(interv | (turn & ~hold))
            if ar.size:
                self._act(rng, w, ar, actor[ar], value[ar], interv[ar], ut, ht, seq, tot)
        raise AssertionError("a round did not end")  # pragma: no cover - every step spends

    # ------------------------------------------------------------------ keys and policies
    def _below(self, w, rows, value):
        """Face counts (4 bits a face) of the unheld dice below ``value`` of ``rows``."""
        dd, k = w["d"][rows], w["k"][rows]
        out = np.zeros(k.shape, dtype=np.int64)
        for s in range(self.S):
            x = dd[:, :, s].astype(np.int64)
            out += np.where((s >= k) & (x < value) & (x > 0), FACE[x], 0)
        return out

    def _key(self, w, rows, value, held):
        """The acting rule's keys (rows, P) of dice of ``value`` held ``held`` times."""
        below = self._below(w, rows, value) if self.tiebreak == "unspent" else None
        return rank_key(value.astype(np.int64), held, w["rolled"][rows], below, self.tiebreak)

    def _turn_key(self, w, rows, ut, vm):
        """The keys of the participants whose highest unheld die is ``vm`` (the others
        INF): their unheld dice of ``vm`` counted (the run from the highest)."""
        is_v = ut == vm[:, None]
        idx = np.take(w["idx"], rows, axis=0)
        count = np.take(w["run"].reshape(-1), idx).astype(np.int64)
        return inf_unless(self._key(w, rows, vm[:, None], count), is_v)

    def _settle(self, rng, key, maybe):
        """Keys (rows, P; ``INF``: not a candidate) made unique: the owner in the low bits
        and, in the rows where two candidates tie completely (only ``maybe`` can),
        fair coins above it (drawn again for a row where two tied coins are equal), as
        ``order.sort_keys`` does."""
        P = key.shape[1]
        member = key < INF
        key = key | np.arange(P, dtype=np.int64)  # INF stays INF
        todo = np.flatnonzero(maybe)
        high = np.where(member[todo], key[todo] >> RANK_SHIFT, -1 - np.arange(P))
        todo = todo[_ties(high)]
        while todo.size:
            coin = rng.integers(0, 1 << FMT64, size=(todo.size, P), dtype=np.int64)
            k2 = (key[todo] & ~np.int64(((1 << FMT64) - 1) << OWN_BITS)) | (coin << OWN_BITS)
            k2 = np.where(member[todo], k2, INF)
            key[todo] = k2
            clash = _ties(np.where(member[todo], k2 >> OWN_BITS, -1 - np.arange(P)))
            todo = todo[clash]
        return key

    def _use(self, w, ht, end):
        """Each holder's answer to ``use`` (rows, P): act now with its highest held die?"""
        want = np.zeros(ht.shape, dtype=bool)
        for p, code in enumerate(self.codes.tolist()):
            if code in (DEFEND, RESERVE):
                x = end
            elif code == AFTER_ENEMY:
                x = w["sa"][:, 1 - self.side[p]]
            elif code == NEVER:
                x = True
            else:
                continue
            want[:, p] = (ht[:, p] > 0) & x
        return want

    def _hold(self, w, ask, a):
        """The actors' answers to ``hold`` (one per row, ``ask``: asked at all)."""
        cell = np.arange(0, a.size * self.P, self.P) + a
        code = self.codes[a]
        x = code == ALWAYS
        if self.present[DEFEND]:
            x |= (code == DEFEND) & ~np.take(_flat(w["hever"]), cell)
        if self.present[RESERVE]:
            x |= (code == RESERVE) & (np.take(_flat(w["hm"]), cell) == 0)
        if self.present[AFTER_ENEMY]:
            other = np.arange(0, 2 * a.size, 2) + 1 - self.side[a]
            x |= (code == AFTER_ENEMY) & ~np.take(_flat(w["sa"]), other)
        return ask & x

    # ------------------------------------------------------------------ an action
    def _act(self, rng, w, ar, a, value, from_hold, ut, ht, seq, tot):
        """The actors ``a`` of rows ``ar`` act with a die of ``value``: set it aside, note
        the action, and make the attacks."""
        c = self.combat
        k, hm = w["k"], w["hm"]
        held = from_hold.copy()  # a holder spends its highest (held) die
        kept = np.zeros(ar.size, dtype=bool)
        att = None
        if c is not None:
            att = (self.side[a] == 1) | (c.attackers == "both")
            # an attack on a turn spends the highest die: a held one above the turn's
            hta = np.take(_flat(ht), ar * self.P + a)
            kept = ~from_hold & att & (hta > value)
            value = np.where(kept, hta, value)
            held |= kept
        cell = ar * self.P + a
        hf = _flat(hm)
        hc = cell[held]
        hf[hc] &= hf[hc] - 1
        _flat(k)[cell[~held]] += 1
        pos = w["pos"]
        _flat(seq)[w["rid"][ar] * self.D + pos[ar]] = a
        pos[ar] += 1
        w["acted"][ar] = True
        _flat(w["sa"])[ar * 2 + self.side[a]] = True
        if c is None or not att.any():
            return
        equal = from_hold | (kept & (c.kept == "equal"))
        self._attack(rng, w, ar[att], value[att], equal[att], self.side[a[att]], ut, ht, tot)

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
        nb = B.size
        gr = w["rid"][B]
        t = self._targets(rng, a_side)
        left = c.attack(rng, (nb,)).astype(np.int64) if c.rolls else None
        top = np.take(ut, B, axis=0)
        if self.holding:
            np.maximum(top, np.take(ht, B, axis=0), out=top)
        able_t, able, first, later = answerers(top, t, av, ah, self.side, c.respond)
        no = ~able_t
        _flat(w["empty"])[B[no] * self.P + t[no]] = True
        tot["able"][gr] += able
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
        if c.respond == "every":
            g = np.flatnonzero(across(np.minimum, later) < INF)
            later = later[g]
            while g.size:
                threat = (left[g] > 0) if c.rolls else ~full[g]
                g, later = g[threat], later[threat]
                who = next_answerer(later)
                some = who >= 0
                g, later, who = g[some], later[some], who[some]
                if g.size:
                    self._answer(rng, w, B, g, who, t, av, ah, left, full, nresp, ut, ht, tot)
        _bump(tot["resp_k"], gr, nresp)
        if c.rolls:
            if c.armour is not None:
                hurt = np.flatnonzero(left > 0)
                if hurt.size:
                    arm = c.armour(rng, (hurt.size,)).astype(np.int64)
                    left[hurt] = np.maximum(left[hurt] - arm, 0)
            _bump(tot["margin"], gr, np.minimum(left, c.attack.most))
            tot["wound"][gr] += left
            _bump(tot["wound_by"], gr, a_side, left)
            tot["wounding"][gr] += left > 0

    def _answer(self, rng, w, B, g, x, t, av, ah, left, full, nresp, ut, ht, tot):
        """The participants ``x`` answer the attacks ``g`` (of the rows ``B``): each sets
        aside its highest die, slow when it is the target answering below the attack."""
        c = self.combat
        k, hm = w["k"], w["hm"]
        rows = B[g]
        cell = rows * self.P + x
        hv, uv = np.take(ht.reshape(-1), cell), np.take(ut.reshape(-1), cell)
        fh = (hv >= uv) & (hv > 0)  # the highest die, a held one first among equals
        h = np.maximum(hv, uv)
        hf = _flat(hm)
        hc = cell[fh]
        hf[hc] &= hf[hc] - 1
        _flat(k)[cell[~fh]] += 1
        is_t = x == t[g]
        scale = np.where(is_t & ~ah[g], np.maximum(av[g] - h, 0), 0)
        rg = w["rid"][rows]
        _bump(tot["slow"], rg, scale)
        tot["target_resp"][rg] += is_t
        w["slow_any"][rows[scale > 0]] = True
        full[g] |= scale == 0
        nresp[g] += 1
        if c.rolls:
            dfn = np.maximum(c.defend(rng, (g.size,)) - c.slow_cost * scale, 0)
            adv = np.maximum(dfn - left[g], 0)
            _bump(tot["adv"], rg, np.minimum(adv, c.defend.most))
            tot["adv_sum"][rg] += adv
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
            _bump(tot["out"], gr, w["empty"][f][:, cols].sum(axis=1))
            tot["slow_round"][gr] += w["slow_any"][f]
        w["hm"][f] = 0
        w["done"][f] = True
