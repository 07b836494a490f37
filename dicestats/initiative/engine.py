"""The round engine: rounds played action by action, with holding, defences and armour.

One engine answers every question about choices: holding policies
(:mod:`~.holding`), several rounds with the "everyone held" rule, every defender's
response to an attack, success rolls, armour and the defender's advantage. It
plays many rounds at once, vectorized over rows, one action (or one hold) per row
per step, and serves two masters through one code path:

* **Monte Carlo** (:class:`Engine` as a :func:`dicestats.core.montecarlo.run`
  batch function): each row is a fight; coins, targets and success rolls are drawn.
* **Exact enumeration** (:meth:`Engine.enumerate`): each row is a weighted state;
  every coin, target and roll outcome *expands* the row into one row per outcome
  (weights multiplied by their probability, Python integers over one common
  denominator), and rows in the same state are merged after every step.
  Expectations are accumulated linearly as they happen, so merging loses nothing.

The rules the engine plays (``docs/rules/initiative.md`` quotes the text):

* the acting order is the one rule of :mod:`~.order` (``rank_key``): with
  ``order="tier"`` the holders of a value are ordered once when it is reached and
  each acts all its dice of it in a row; with ``"action"`` the order is
  re-evaluated after every action. Ties: a fair choice;
* at its turn a participant asks its policy whether to hold the die; between any
  two actions every holder asks whether to act now (the best-ranked holder that
  wants to acts first: its highest held die, then the tie-break, then a coin); a
  holder acts with its highest die; when no unheld die is left, holders have a
  last chance, then held dice lapse;
* a round in which nobody acted: everyone goes on edge, and nobody may hold in
  the next round;
* an attack (every action of an attacking side, on a uniformly chosen participant
  of the other side) is answered by responders (``respond``), each at most once,
  each setting aside its highest die (a held die first among equals): the target
  (if it has any die; slow by attack die − its highest die when that is lower,
  never against a holder's attack), and companions whose highest die is ≥ the
  attack's (any die against a holder's attack), never slow;
* with success rolls: each response, in turn, removes its successes (less
  ``slow_cost`` per point of slow) from the attacker's margin; a responder whose
  successes exceed what was left gains the excess as its advantage; armour then
  removes its successes from what is left; what is left is the wound's scale.

:class:`Engine` is this module's round loop (the state of a round, turns,
holding, actions, a round's end) on three base classes, one room each:
:mod:`~.engine_exact` (the enumeration), :mod:`~.engine_montecarlo` (the batch
function) and :mod:`~.engine_attack` (an attack and its answers); the rows and
the accumulated statistics are :mod:`~.engine_rows`.
"""

from __future__ import annotations

import numpy as np

from .engine_attack import ATTACKERS, RESPONSES, Combat, _Attacks
from .engine_exact import _Branch, _Enumeration
from .engine_montecarlo import _MonteCarlo
from .engine_rows import FACE, INF, _Rows
from .holding import View, call_policy, is_never
from .order import rank_key

__all__ = ["Combat", "Engine", "RESPONSES", "ATTACKERS"]


class Engine(_Enumeration, _MonteCarlo, _Attacks):
    """Rounds of one setup played action by action (see the module docstring).

    Parameters
    ----------
    setup : Setup
        Sides, margins and rules (:func:`~.setup.check_setup`).
    policies : tuple
        One holding policy per participant (:func:`~.holding.hold_policies`).
    rounds : int
        Rounds per fight.
    combat : Combat or None
        None: actions are not attacks (the acting order alone).
    """

    def __init__(self, setup, policies, rounds: int, combat: Combat | None = None):
        self.setup = setup
        self.policies = tuple(policies)
        self.rounds = rounds
        self.combat = combat
        self.P = setup.n
        self.side = np.array(setup.sides, dtype=np.int64)
        self.sw = setup.sw
        self.D = setup.dice
        self.order = setup.rules.order
        self.tiebreak = setup.rules.tiebreak
        self.na = len(setup.swiftness)
        self.da = sum(setup.swiftness)
        members = [np.flatnonzero(self.side == s) for s in (0, 1)]
        self.enemies = np.full((2, self.P), -1, dtype=np.int64)
        self.n_enemies = np.array([members[1].size, members[0].size])
        for s in (0, 1):
            self.enemies[s, : members[1 - s].size] = members[1 - s]
        self.owners = setup.owners
        self.never_hold = all(is_never(p) for p in self.policies)
        self.shapes = self._shapes()

    # ------------------------------------------------------------------ statistics
    def _shapes(self) -> dict:
        P, R = self.P, self.rounds
        s = {
            "first": (P,),
            "first_side": (),
            "before": (self.da + 1,),
            "double": (),
            "acts_at": (self.D, P),
            "pos_sum": (P,),
            "act_n": (P,),
            "all_held": (R,),
            "edges": (R + 1,),
        }
        c = self.combat
        if c is not None:
            defenders = self.na if c.attackers == "versus" else P
            s.update(
                {
                    "attacks": (),
                    "able": (),
                    "defended": (),
                    "responses": (),
                    "resp_k": (max(self.na, P - self.na) + 1,),
                    "target_resp": (),
                    "comp_resp": (),
                    "slow": (6,),
                    "slow_round": (),
                    "out": (defenders + 1,),
                }
            )
            if c.rolls:
                s.update(
                    {
                        "margin": (c.attack.most + 1,),
                        "wound": (),
                        "wound_by": (2,),
                        "wounding": (),
                        "adv": (c.defend.most + 1,),
                        "adv_sum": (),
                    }
                )
        return s

    # ------------------------------------------------------------------ rows
    def _fresh(self, n, w=None) -> _Rows:
        rows = _Rows(n)
        if w is not None:
            rows.w = w
        P = self.P
        rows.forbid = np.zeros(n, dtype=bool)
        rows.edges = np.zeros(n, dtype=np.int64)
        rows.cnt = np.zeros((n, P, 7), dtype=np.int64)
        self._reset_round(rows, np.ones(n, dtype=bool))
        return rows

    def _reset_round(self, rows, m):
        """Clear the round state of rows ``m`` (before a roll, or when a row finishes)."""
        n, P = rows.n, self.P
        if not hasattr(rows, "hcnt"):
            rows.hcnt = np.zeros((n, P, 7), dtype=np.int64)
            rows.rolled = np.zeros((n, P), dtype=np.int64)
            rows.tier_v = np.zeros(n, dtype=np.int64)
            rows.tkey = np.full((n, P), INF, dtype=np.int64)
            rows.cur = np.full(n, -1, dtype=np.int64)
            rows.acted = np.zeros(n, dtype=bool)
            rows.side_acted = np.zeros((n, 2), dtype=bool)
            rows.n_a = np.zeros(n, dtype=np.int64)
            rows.pos = np.zeros(n, dtype=np.int64)
            rows.last = np.full(n, -1, dtype=np.int64)
            rows.dbl = np.zeros(n, dtype=bool)
            rows.slow_any = np.zeros(n, dtype=bool)
            rows.empty_hit = np.zeros((n, P), dtype=bool)
            rows.done = np.zeros(n, dtype=bool)
            return
        rows.cnt[m] = 0
        rows.hcnt[m] = 0
        rows.rolled[m] = 0
        rows.tier_v[m] = 0
        rows.tkey[m] = INF
        rows.cur[m] = -1
        rows.acted[m] = False
        rows.side_acted[m] = False
        rows.n_a[m] = 0
        rows.pos[m] = 0
        rows.last[m] = -1
        rows.dbl[m] = False
        rows.slow_any[m] = False
        rows.empty_hit[m] = False

    def _set_dice(self, rows, dice):
        """Rows' face counts from dice (rows, D), margins already added."""
        n, P = dice.shape[0], self.P
        flat = ((np.arange(n)[:, None] * P + self.owners[None, :]) * 7 + dice).ravel()
        rows.cnt = np.bincount(flat, minlength=n * P * 7).reshape(n, P, 7).astype(np.int64)
        rows.rolled = (rows.cnt * FACE).sum(axis=2)
        rows.done = np.zeros(n, dtype=bool)

    # ------------------------------------------------------------------ a round
    def _play(self, rows, ch, acc, r):
        exact = isinstance(ch, _Branch)
        for _ in range(4 * self.D + 2):
            if rows.done.all():
                return
            self._step(rows, ch, acc, r)
            rows.scratch_clear()
            if exact:
                self._merge(rows)
        raise AssertionError("a round did not end")  # pragma: no cover - every step spends

    def _view(self, rows, p, m, value, end):
        sel = np.flatnonzero(m)
        return sel, View(
            participant=p,
            side=int(self.side[p]),
            value=value[sel],
            dice=rows.cnt[sel, p, :].copy(),
            held=rows.hcnt[sel, p, :].copy(),
            enemy_acted=rows.side_acted[sel, 1 - self.side[p]].copy(),
            anyone_acted=rows.acted[sel].copy(),
            end=end[sel].copy(),
        )

    @staticmethod
    def _top(c):
        """Highest face with a nonzero count (0: none), per (row, participant)."""
        has = c[..., 1:] > 0
        return np.where(has.any(axis=-1), 6 - np.argmax(has[..., ::-1], axis=-1), 0)

    def _key(self, rows, value, held):
        """Acting-rule keys (rows, P) for dice of ``value`` held ``held`` times."""
        shift = 4 * (np.maximum(value, 1) - 1)
        below = None
        if self.tiebreak == "unspent":
            unspent = (rows.cnt * FACE).sum(axis=2)
            below = unspent & ((np.int64(1) << shift) - 1)
        return rank_key(value, held, rows.rolled, below, self.tiebreak)

    def _step(self, rows, ch, acc, r):
        n, P = rows.n, self.P
        live = ~rows.done
        end = live & (rows.cnt[:, :, 1:].sum(axis=(1, 2)) == 0)
        hv = self._top(rows.hcnt)  # highest held die (0: none)
        want = np.zeros((n, P), dtype=bool)
        if not self.never_hold:
            for p in range(P):
                m = live & (hv[:, p] > 0)
                if m.any():
                    sel, view = self._view(rows, p, m, hv[:, p], end)
                    want[sel, p] = call_policy(self.policies[p], "use", view)
        interv = want.any(axis=1)
        finish = end & ~interv
        turn = live & ~end & ~interv
        if finish.any():
            self._finish(rows, acc, finish, r)
        # candidates: the wanting holders (interventions) or the next to act (turns)
        cand = np.zeros((n, P), dtype=bool)
        if interv.any():
            held = np.take_along_axis(rows.hcnt, hv[:, :, None], axis=2)[:, :, 0]
            key = np.where(want, self._key(rows, hv, held), INF)
            cand |= interv[:, None] & want & (key == key.min(axis=1, keepdims=True))
        value = np.zeros(n, dtype=np.int64)
        if turn.any():
            top = self._top(rows.cnt)
            vmax = top.max(axis=1)
            if self.order == "tier":
                v = rows.tier_v
                cur = rows.cur
                cur_ok = (cur >= 0) & (rows.cnt[np.arange(n), np.maximum(cur, 0), v] > 0)
                member = (rows.tkey < INF) & (
                    np.take_along_axis(rows.cnt, v[:, None, None].repeat(P, 1), axis=2)[:, :, 0] > 0
                )
                reopen = turn & ~cur_ok & ~member.any(axis=1)
                if reopen.any():  # the next value's tier opens: its holders ordered once
                    nv = vmax
                    held = np.take_along_axis(rows.cnt, nv[:, None, None].repeat(P, 1), axis=2)
                    held = held[:, :, 0]
                    k = np.where(held > 0, self._key(rows, nv[:, None], held), INF)
                    rows.tkey = np.where(reopen[:, None], k, rows.tkey)
                    rows.tier_v = np.where(reopen, nv, rows.tier_v)
                    rows.cur = np.where(reopen, -1, rows.cur)
                    v = rows.tier_v
                    cur_ok &= ~reopen
                    member = (rows.tkey < INF) & (
                        np.take_along_axis(rows.cnt, v[:, None, None].repeat(P, 1), axis=2)[:, :, 0]
                        > 0
                    )
                pick = turn & ~cur_ok
                key = np.where(member, rows.tkey, INF)
                cand |= pick[:, None] & member & (key == key.min(axis=1, keepdims=True))
                keep = turn & cur_ok
                cand[keep, cur[keep]] = True
                value = np.where(turn, v, value)
            else:
                held = np.take_along_axis(rows.cnt, vmax[:, None, None].repeat(P, 1), axis=2)
                held = held[:, :, 0]
                key = np.where(held > 0, self._key(rows, vmax[:, None], held), INF)
                cand |= turn[:, None] & (held > 0) & (key == key.min(axis=1, keepdims=True))
                value = np.where(turn, vmax, value)
        rows.s_interv, rows.s_turn, rows.s_cand, rows.s_value = interv, turn, cand, value
        j = ch.uniform(rows, np.maximum(rows.s_cand.sum(axis=1), 1))
        n = rows.n
        cand = rows.s_cand
        first_true = np.argmax(np.cumsum(cand, axis=1) == (j + 1)[:, None], axis=1)
        actor = np.where(rows.s_interv | rows.s_turn, first_true, -1)
        interv, turn = rows.s_interv, rows.s_turn
        hv = self._top(rows.hcnt)
        value = np.where(interv, hv[np.arange(n), np.maximum(actor, 0)], rows.s_value)
        if self.order == "tier":
            rows.cur = np.where(turn, actor, rows.cur)
        # a turn: hold the die, or act with it
        hold = np.zeros(n, dtype=bool)
        if not self.never_hold and turn.any():
            free = turn & ~rows.forbid
            for p in range(self.P):
                m = free & (actor == p)
                if m.any():
                    sel, view = self._view(rows, p, m, value, np.zeros(n, dtype=bool))
                    hold[sel] = call_policy(self.policies[p], "hold", view)
        if hold.any():
            hr = np.flatnonzero(hold)
            rows.cnt[hr, actor[hr], value[hr]] -= 1
            rows.hcnt[hr, actor[hr], value[hr]] += 1
        act = interv | (turn & ~hold)
        if act.any():
            self._act(rows, ch, acc, act, actor, value, interv)

    def _spend_top(self, rows, sel, who):
        """``who`` (per row of ``sel``) sets aside its highest die, a held one first."""
        hv = self._top(rows.hcnt[sel, who])
        av = self._top(rows.cnt[sel, who])
        from_held = (hv >= av) & (hv > 0)
        h = np.maximum(hv, av)
        hs, ws = sel[from_held], who[from_held]
        rows.hcnt[hs, ws, h[from_held]] -= 1
        cs, wc = sel[~from_held], who[~from_held]
        rows.cnt[cs, wc, h[~from_held]] -= 1
        return h

    def _act(self, rows, ch, acc, act, actor, value, from_hold):
        n = rows.n
        sel = np.flatnonzero(act)
        a = actor[sel]
        # set the die aside: a holder its highest die, a turn the die of its value
        hsel, hwho = sel[from_hold[sel]], a[from_hold[sel]]
        if hsel.size:
            self._spend_top(rows, hsel, hwho)
        tsel = sel[~from_hold[sel]]
        rows.cnt[tsel, actor[tsel], value[tsel]] -= 1
        # who acts when
        pos = rows.pos
        p0 = np.maximum(actor, 0)
        acc.add(rows, "first", act & (pos == 0), (p0,))
        acc.add(rows, "first_side", act & (pos == 0) & (self.side[p0] == 0))
        acc.add(rows, "acts_at", act, (np.minimum(pos, self.D - 1), p0))
        acc.add(rows, "pos_sum", act, (p0,), value=pos + 1)
        acc.add(rows, "act_n", act, (p0,))
        twice = act & (rows.last == actor) & ~rows.dbl
        acc.add(rows, "double", twice)
        rows.dbl |= twice
        rows.last = np.where(act, actor, rows.last)
        rows.pos = pos + act
        s = self.side[p0]
        b_first = act & (s == 1) & ~rows.side_acted[:, 1]
        acc.add(rows, "before", b_first, (np.minimum(rows.n_a, self.da),))
        rows.n_a = rows.n_a + (act & (s == 0) & ~rows.side_acted[:, 1])
        rows.side_acted[np.arange(n)[act], s[act]] = True
        rows.acted |= act
        c = self.combat
        if c is None:
            return
        attack = act & ((s == 1) if c.attackers == "versus" else True)
        if attack.any():
            rows.a_mask, rows.a_p, rows.a_v, rows.a_h = attack, actor, value, from_hold.copy()
            self._attack(rows, ch, acc)

    # ------------------------------------------------------------------ round's end
    def _finish(self, rows, acc, m, r):
        c = self.combat
        acc.add(rows, "before", m & ~rows.side_acted[:, 1], (np.minimum(rows.n_a, self.da),))
        nobody = m & ~rows.acted
        acc.add(rows, "all_held", nobody, (np.full(rows.n, r),))
        if c is not None:
            cols = self.side == 0 if c.attackers == "versus" else np.ones(self.P, dtype=bool)
            k = rows.empty_hit[:, cols].sum(axis=1)
            acc.add(rows, "out", m, (k,))
        rows.edges = rows.edges + nobody
        rows.forbid = np.where(m, nobody, rows.forbid)
        self._reset_round(rows, m)
        rows.done = rows.done | m
