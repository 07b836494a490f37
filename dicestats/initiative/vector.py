"""The round engine's Monte Carlo at speed: the named holding policies as masks.

:class:`VectorEngine` plays the same rounds as :class:`~.engine.Engine` (a batch of
fights advanced together, action by action, as array operations: the acting order by the
acting rule's keys, attacks, every defender's one answer, the highest-die rule, slow
penalties, armour and success rolls drawn per batch, several rounds with the
everyone-held rule), drawing the same numbers in the same order, so it gives the same
answers bit for bit; it is faster where the general engine is general:

- the named holding policies (:data:`~.rules.HOLD_POLICIES`) are read as masks over the
  whole batch, one array operation per policy, instead of a :class:`~.holding.HoldView`
  built and a policy called per participant;
- a participant's highest die is read from the faces it holds as the bits of one byte,
  its count of one face by one gather from the flat counts (int8), each once per step;
  reductions across the participants go column by column (numpy's reduction along a
  short last axis is slow);
- who may answer an attack is worked out on the attacking rows only;
- the rows whose round has ended are set aside (what they carry into the next round of
  their fight written back) and the others played on alone; the success rolls are still
  drawn for the whole batch, so the draws stay those of the general engine.

A custom :class:`~.holding.HoldPolicy` is asked as the general engine asks it (a view per
participant); every other participant is still read as a mask. The exact enumeration
stays on :class:`~.engine.Engine` (the reference).
"""

from __future__ import annotations

import numpy as np

from .engine import _BATCH_ONLY, INF, Engine, _Acc, _Draw, _Rows
from .holding import HoldView, call_policy, hold_policy
from .pips import prepare

#: The named policies by code (their hold and use read as masks by :meth:`VectorEngine._ask`).
_CODES = {name: i for i, name in enumerate(("never", "defend", "reserve", "after-enemy", "always"))}
_CUSTOM = -1
#: The weight of each face's presence bit (face f is bit f - 1; face 0, the unused column,
#: none) and the highest face present from those bits.
_BITS = np.array([0, 1, 2, 4, 8, 16, 32], dtype=np.uint8)
_HIGHEST = np.array([m.bit_length() for m in range(64)], dtype=np.int64)


def _code(policy) -> int:
    """A named policy's code, or ``_CUSTOM`` for a user's policy object."""
    name = getattr(policy, "name", None)
    if name in _CODES and hold_policy(name) is policy:
        return _CODES[name]
    return _CUSTOM


def _across(op, x):
    """``op`` reduced across the participants (columns) of ``x`` (rows, P): one pass per
    column, much faster than numpy's reduction along a short last axis."""
    out = x[:, 0].copy()
    for p in range(1, x.shape[1]):
        op(out, x[:, p], out=out)
    return out


class _Counts(_Acc):
    """Monte Carlo's per-row counters: each row adds once per call, so a plain indexed
    ``+=`` does what ``np.add.at`` does (the batch-wide counters still use it)."""

    #: The batch's row of each row played (None: every row, in order).
    rid = None

    def add(self, rows, name, mask, index=(), value=None):
        if name in _BATCH_ONLY or name not in self.tot:
            return super().add(rows, name, mask, index, value)
        sel = np.flatnonzero(mask)
        if sel.size:
            ix = tuple(np.asarray(i)[sel] for i in index)
            at = sel if self.rid is None else self.rid[sel]
            self.tot[name][(at, *ix)] += 1 if value is None else np.asarray(value)[sel]
        return None


class _Dealt(_Draw):
    """:class:`~.engine._Draw` for rows played as a subset of a batch of ``n`` (``rid``:
    the batch's row of each): a success roll is drawn for every row of the batch, as the
    general engine draws it, and read at the rows played; a uniform choice is drawn for
    the rows played only, which is the same (a row that finished chooses among 1, which
    draws nothing)."""

    def __init__(self, rng, n):
        super().__init__(rng)
        self.n, self.rid = n, None

    def roll(self, rows, roll, mask):
        x = np.asarray(roll(self.rng, (self.n,)), dtype=np.int64)
        return np.where(mask, x if self.rid is None else x[self.rid], 0)


class VectorEngine(Engine):
    """:class:`~.engine.Engine`'s Monte Carlo (``engine(rng, n)``), the named policies as
    masks; the same draws, the same sums."""

    @classmethod
    def of(cls, fight) -> VectorEngine:
        """The engine of a checked fight (:class:`~.engine.Fight`)."""
        return cls(fight.setup, fight.policies, fight.rounds, fight.combat)

    def __init__(self, setup, policies, rounds, combat=None):
        super().__init__(setup, policies, rounds, combat)
        self.codes = np.array([_code(p) for p in self.policies], dtype=np.int64)
        self.custom = np.flatnonzero(self.codes == _CUSTOM)
        self.enemy_side = 1 - self.side
        self._base = np.zeros((0, self.P), dtype=np.int64)

    def __getstate__(self):
        """Pickled (to a worker, with every batch) without the cached flat indexes."""
        state = dict(self.__dict__)
        state["_base"] = np.zeros((0, self.P), dtype=np.int64)
        return state

    def __call__(self, rng, n):
        """:meth:`Engine.__call__ <.engine.Engine.__call__>` with :class:`_Counts`."""
        rows = self._fresh(n)
        ch = _Dealt(rng, n)
        acc = _Counts(self.shapes, rows)
        for r in range(self.rounds):
            self._reset_round(rows, np.ones(n, dtype=bool))
            dice = rng.integers(1, 7, size=(n, self.D), dtype=np.int64)
            self._set_dice(rows, prepare(dice, self.setup))
            self._play(rows, ch, acc, r)
        acc.add(rows, "edges", np.ones(n, dtype=bool), (rows.edges,))
        return self._batch_totals(acc.tot, n)

    #: The state a row carries from one round of a fight to the next.
    _CARRIED = ("edges", "forbid")

    def _play(self, rows, ch, acc, r):
        """:meth:`Engine._play <.engine.Engine._play>` on the rows still playing: when an
        eighth of them has finished, they are set aside (what they carry into the next round
        written back to the batch) and the others played on alone."""
        if not isinstance(ch, _Dealt):  # an enumeration
            return super()._play(rows, ch, acc, r)
        w = _Rows(rows.n)
        for k, v in rows.arrays().items():
            setattr(w, k, v)
        rid = np.arange(rows.n)

        def settle(idx):  # write back the carried state of the rows idx of w
            for k in self._CARRIED:
                getattr(rows, k)[rid[idx]] = getattr(w, k)[idx]

        try:
            for _ in range(4 * self.D + 2):
                done = np.flatnonzero(w.done)
                if done.size == w.n:
                    settle(np.arange(w.n))
                    return None
                if 8 * done.size >= w.n:
                    settle(done)
                    keep = np.flatnonzero(~w.done)
                    w.take(keep)
                    rid = rid[keep]
                    ch.rid = acc.rid = rid
                self._step(w, ch, acc, r)
                w.scratch_clear()
        finally:
            ch.rid = acc.rid = None
        raise AssertionError("a round did not end")  # pragma: no cover - every step spends

    # ------------------------------------------------------------------ faces
    @staticmethod
    def _top(c):
        """Highest face with a nonzero count (0: none), per (row, participant): the faces
        present as the bits of one byte (a product with their weights), read in a table."""
        return _HIGHEST[(c > 0).view(np.uint8) @ _BITS]

    def _cells(self, c):
        """The flat index of face 0 of each (row, participant) of counts ``c``."""
        n = c.shape[0]
        if self._base.shape[0] != n:
            self._base = (np.arange(n * self.P, dtype=np.int64) * 7).reshape(n, self.P)
        return self._base

    def _count(self, c, v):
        """Each participant's count of the face ``v`` (one per row), as int64 (one gather
        from the flat counts)."""
        return np.take(c.reshape(-1), self._cells(c) + v[:, None]).astype(np.int64)

    def _count_each(self, c, v):
        """Each participant's count of its own face ``v[row, p]``, as int64."""
        return np.take(c.reshape(-1), self._cells(c) + v).astype(np.int64)

    def _set_dice(self, rows, dice):
        """The face counts as int8 (a count is at most 15): an eighth of the memory read."""
        super()._set_dice(rows, dice)
        rows.cnt = rows.cnt.astype(np.int8)

    # ------------------------------------------------------------------ policies
    def _ask(self, rows, method, ask, value, end):
        """The named policies' answers as masks (rows, P), a column per participant; a
        custom one asked per view."""
        out = np.zeros((rows.n, self.P), dtype=bool)
        for p, code in enumerate(self.codes.tolist()):
            if code == _CUSTOM:
                continue
            acted = rows.side_acted[:, self.enemy_side[p]]
            if method == "hold":
                if code == _CODES["defend"]:
                    x = ~rows.hever[:, p]
                elif code == _CODES["reserve"]:
                    x = self._top(rows.hcnt[:, p]) == 0
                elif code == _CODES["after-enemy"]:
                    x = ~acted
                else:
                    x = code == _CODES["always"]
            elif code in (_CODES["defend"], _CODES["reserve"]):
                x = end
            elif code == _CODES["after-enemy"]:
                x = acted
            else:
                x = code == _CODES["never"]
            out[:, p] = ask[:, p] & x
        for p in self.custom:
            sel = np.flatnonzero(ask[:, p])
            if sel.size:
                view = HoldView(
                    participant=int(p),
                    side=int(self.side[p]),
                    value=value[sel, p],
                    dice=rows.cnt[sel, p, :].astype(np.int64),
                    held=rows.hcnt[sel, p, :].copy(),
                    enemy_acted=rows.side_acted[sel, 1 - self.side[p]].copy(),
                    anyone_acted=rows.acted[sel].copy(),
                    end=end[sel].copy(),
                    has_held=rows.hever[sel, p].copy(),
                )
                out[sel, p] = call_policy(self.policies[p], method, view)
        return out

    # ------------------------------------------------------------------ a step
    def _step(self, rows, ch, acc, r):
        """:meth:`Engine._step <.engine.Engine._step>`, each participant's highest unheld
        and held die read once per step (the dice left in a round from the first)."""
        n, P = rows.n, self.P
        live = ~rows.done
        top_c = self._top(rows.cnt)
        end = live & (_across(np.maximum, top_c) == 0)
        want = np.zeros((n, P), dtype=bool)
        if self.never_hold:
            hv = np.zeros((n, P), dtype=np.int64)
        else:
            hv = self._top(rows.hcnt)  # highest held die (0: none)
            want = self._ask(rows, "use", live[:, None] & (hv > 0), hv, end)
        interv = _across(np.logical_or, want)
        finish = end & ~interv
        turn = live & ~end & ~interv
        if finish.any():
            self._finish(rows, acc, finish, r)
        # candidates: the wanting holders (interventions) or the next to act (turns)
        cand = np.zeros((n, P), dtype=bool)
        if interv.any():
            held = self._count_each(rows.hcnt, hv)
            key = np.where(want, self._key(rows, hv, held), INF)
            cand |= interv[:, None] & want & (key == _across(np.minimum, key)[:, None])
        value = np.zeros(n, dtype=np.int64)
        if turn.any():
            vmax = _across(np.maximum, top_c)
            if self.order == "tier":
                v, cur = rows.tier_v, rows.cur
                cur_ok = (cur >= 0) & (rows.cnt[np.arange(n), np.maximum(cur, 0), v] > 0)
                member = (rows.tkey < INF) & (self._count(rows.cnt, v) > 0)
                reopen = turn & ~cur_ok & ~_across(np.logical_or, member)
                if reopen.any():  # the next value's tier opens: its holders ordered once
                    held = self._count(rows.cnt, vmax)
                    k = np.where(held > 0, self._key(rows, vmax[:, None], held), INF)
                    rows.tkey = np.where(reopen[:, None], k, rows.tkey)
                    rows.tier_v = np.where(reopen, vmax, rows.tier_v)
                    rows.cur = np.where(reopen, -1, rows.cur)
                    v = rows.tier_v
                    cur_ok &= ~reopen
                    member = (rows.tkey < INF) & (self._count(rows.cnt, v) > 0)
                pick = turn & ~cur_ok
                key = np.where(member, rows.tkey, INF)
                cand |= pick[:, None] & member & (key == _across(np.minimum, key)[:, None])
                keep = turn & cur_ok
                cand[keep, cur[keep]] = True
                value = np.where(turn, v, value)
            else:
                held = self._count(rows.cnt, vmax)
                key = np.where(held > 0, self._key(rows, vmax[:, None], held), INF)
                cand |= turn[:, None] & (held > 0) & (key == _across(np.minimum, key)[:, None])
                value = np.where(turn, vmax, value)
        rows.s_interv, rows.s_turn, rows.s_cand, rows.s_value = interv, turn, cand, value
        j = ch.uniform(rows, np.maximum(_across(np.add, rows.s_cand.astype(np.int64)), 1))
        n = rows.n
        cand = rows.s_cand
        first_true = np.zeros(n, dtype=np.int64)  # the (j + 1)-th candidate of each row
        seen = np.zeros(n, dtype=np.int64)
        for p in range(self.P):
            seen += cand[:, p]
            first_true[(seen == j + 1) & cand[:, p]] = p
        actor = np.where(rows.s_interv | rows.s_turn, first_true, -1)
        interv, turn = rows.s_interv, rows.s_turn
        if hv.shape[0] != n:  # rows expanded (an enumeration): read again
            hv = self._top(rows.hcnt)
        value = np.where(interv, hv[np.arange(n), np.maximum(actor, 0)], rows.s_value)
        if self.order == "tier":
            rows.cur = np.where(turn, actor, rows.cur)
        # a turn: hold the die, or act with it
        hold = np.zeros(n, dtype=bool)
        if not self.never_hold and turn.any():
            ask = (turn & ~rows.forbid)[:, None] & (actor[:, None] == np.arange(self.P))
            values = np.broadcast_to(value[:, None], (n, self.P))
            hold = self._ask(rows, "hold", ask, values, np.zeros(n, dtype=bool))
            hold = _across(np.logical_or, hold)
        if hold.any():
            hr = np.flatnonzero(hold)
            rows.cnt[hr, actor[hr], value[hr]] -= 1
            rows.hcnt[hr, actor[hr], value[hr]] += 1
            rows.hever[hr, actor[hr]] = True
        act = interv | (turn & ~hold)
        if act.any():
            self._act(rows, ch, acc, act, actor, value, interv)

    # ------------------------------------------------------------------ an attack
    def _attack(self, rows, ch, acc):
        """:meth:`Engine._attack <.engine.Engine._attack>`, who may answer worked out on the
        attacking rows only (the draws still made for every row, as the general engine
        makes them)."""
        if not isinstance(ch, _Draw):  # an enumeration: rows expand
            return super()._attack(rows, ch, acc)
        c = self.combat
        m = rows.a_mask
        acc.add(rows, "attacks", m)
        a_side = self.side[np.maximum(rows.a_p, 0)]
        j = ch.uniform(rows, np.where(m, self.n_enemies[a_side], 1))
        rows.a_t = np.where(m, self.enemies[a_side, j], -1)
        if c.rolls:
            rows.a_left = ch.roll(rows, c.attack, m)
        n, P = rows.n, self.P
        sel = np.flatnonzero(m)
        t = rows.a_t[sel]
        k = np.arange(sel.size)
        has = (rows.cnt[sel] > 0) | (rows.hcnt[sel] > 0)
        top = self._top(has)  # (attacks, P): the highest die, held or not
        tt = top[k, t]
        able_t = tt > 0
        rows.empty_hit[sel[~able_t], t[~able_t]] = True
        mate = (self.side[None, :] == self.side[t][:, None]) & (np.arange(P)[None, :] != t[:, None])
        av, ah = rows.a_v[sel], rows.a_h[sel]
        able_c = mate & (top > 0) & ((top >= av[:, None]) | ah[:, None])
        # the order in which responders answer: slot 0 the target, then companions
        # by their highest die, the lower participant number first among equals
        slots = np.full((sel.size, P), -1, dtype=np.int64)
        slots[:, 0] = np.where(able_t, t, -1)
        if c.respond == "cover":
            fast_t = able_t & ((tt >= av) | ah)
            cov = np.argmin(np.where(able_c, top * P + np.arange(P)[None, :], INF), axis=1)
            slots[:, 0] = np.where(~fast_t & _across(np.logical_or, able_c), cov, slots[:, 0])
        elif c.respond == "every":
            order_key = np.where(able_c, (6 - top) * P + np.arange(P)[None, :], INF)
            srt = np.argsort(order_key, axis=1, kind="stable")
            ok = np.take_along_axis(order_key, srt, axis=1) < INF
            slots[:, 1:] = np.where(ok, srt, -1)[:, : P - 1]
        able = np.zeros(n, dtype=bool)
        able[sel] = able_t if c.respond == "target" else able_t | _across(np.logical_or, able_c)
        rows.a_slots = np.full((n, P), -1, dtype=np.int64)
        rows.a_slots[sel] = slots
        acc.add(rows, "able", able)
        rows.a_full = np.zeros(n, dtype=bool)
        rows.a_nresp = np.zeros(n, dtype=np.int64)
        n_slots = 1 if c.respond != "every" else P
        for s_i in range(n_slots):
            who = rows.a_slots[:, s_i]
            has = rows.a_mask & (who >= 0)
            if not has.any():
                continue
            if s_i == 0:
                go = has & ((rows.a_left > 0) if (c.if_hit and c.rolls) else True)
            elif c.rolls:
                go = has & (rows.a_left > 0)
            else:
                go = has & ~rows.a_full
            if go.any():
                self._respond(rows, ch, acc, go, who)
        m = rows.a_mask
        acc.add(rows, "resp_k", m, (rows.a_nresp,))
        acc.add(rows, "defended", m & (rows.a_nresp > 0))
        if c.rolls:
            if c.armour is not None:
                hurt = m & (rows.a_left > 0)
                if hurt.any():
                    arm = ch.roll(rows, c.armour, hurt)
                    rows.a_left = np.maximum(rows.a_left - arm, 0)
            m = rows.a_mask
            left = np.where(m, rows.a_left, 0)
            acc.add(rows, "margin", m, (np.minimum(left, c.attack.most),))
            acc.add(rows, "wound", m, value=left)
            acc.add(rows, "wound_by", m, (self.side[np.maximum(rows.a_p, 0)],), value=left)
            acc.add(rows, "wounding", m & (left > 0))
