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

The module holds, in this order: the rows (:class:`_Rows`, a fight or a weighted
state) and the sums over them (:class:`_Acc`); the two ways a chance is taken
(:class:`_Branch` expands, :class:`_Draw` draws); :class:`Combat`; :class:`Engine`
(a round's state, turns, holding, actions, an attack and its answers, a round's
end, the enumeration and the Monte Carlo batch function); and the questions put
to it (:class:`Fight`, :func:`check_fight`, :func:`engine_odds`,
:func:`engine_estimates`). :func:`~dicestats.initiative.odds` comes here for
holding or several rounds (exact or Monte Carlo), :func:`~dicestats.initiative.defence`
always does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import described, parse_int_text, refuse
from .holding import View, call_policy, hold_policies, is_never
from .limits import LIMITS
from .order import rank_key
from .pips import prepare
from .results import Odds
from .rolls import weights
from .setup import check_setup, dice_classes

__all__ = [
    "Engine",
    "Combat",
    "Fight",
    "check_fight",
    "needs_engine",
    "engine_odds",
    "engine_estimates",
    "engine_batch_size",
    "enumerate_fight",
    "ratio",
    "per_round",
    "held_fields",
    "mc_held_fields",
]


# ====================================================================== rows and sums
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


# ====================================================================== chances
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


class _Draw:
    """Monte Carlo choices: drawn from ``rng``; rows never multiply."""

    def __init__(self, rng):
        self.rng = rng

    def uniform(self, rows, k):
        if k.max() <= 1:
            return np.zeros(rows.n, dtype=np.int64)
        return self.rng.integers(0, k)

    def roll(self, rows, roll, mask):
        x = np.asarray(roll(self.rng, (rows.n,)), dtype=np.int64)
        return np.where(mask, x, 0)


@dataclass(frozen=True)
class Combat:
    """How attacks are made and answered (checked by the API)."""

    attackers: str = "versus"
    respond: str = "every"
    attack: object = None
    defend: object = None
    armour: object = None
    slow_cost: int = 1
    if_hit: bool = False

    @property
    def rolls(self) -> bool:
        return self.attack is not None


class Engine:
    """Rounds of one setup played action by action (see the module docstring).

    Parameters
    ----------
    setup : Sides
        The sides, margins and rules (:func:`~.setup.check_setup`).
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

    # ------------------------------------------------------------------ an attack
    def _attack(self, rows, ch, acc):
        c = self.combat
        m = rows.a_mask
        acc.add(rows, "attacks", m)
        a_side = self.side[np.maximum(rows.a_p, 0)]
        k = np.where(m, self.n_enemies[a_side], 1)
        j = ch.uniform(rows, k)
        m = rows.a_mask
        a_side = self.side[np.maximum(rows.a_p, 0)]
        rows.a_t = np.where(m, self.enemies[a_side, j], -1)
        if c.rolls:
            rows.a_left = ch.roll(rows, c.attack, rows.a_mask)
        n, P = rows.n, self.P
        m, t = rows.a_mask, rows.a_t
        t0 = np.maximum(t, 0)
        rng_n = np.arange(n)
        top = np.maximum(self._top(rows.cnt), self._top(rows.hcnt))  # (n, P)
        tt = top[rng_n, t0]
        able_t = m & (tt > 0)
        hit = m & ~able_t
        rows.empty_hit[rng_n[hit], t0[hit]] = True
        mate = (self.side[None, :] == self.side[t0][:, None]) & (
            np.arange(P)[None, :] != t0[:, None]
        )
        able_c = mate & (top > 0) & ((top >= rows.a_v[:, None]) | rows.a_h[:, None]) & m[:, None]
        # the order in which responders answer: slot 0 the target, then companions
        # by their highest die, the lower participant number first among equals
        slots = np.full((n, P), -1, dtype=np.int64)
        if c.respond == "cover":
            fast_t = able_t & ((tt >= rows.a_v) | rows.a_h)
            cover_key = np.where(able_c, top * P + np.arange(P)[None, :], INF)
            cov = np.argmin(cover_key, axis=1)
            use_cov = m & ~fast_t & able_c.any(axis=1)
            slots[:, 0] = np.where(use_cov, cov, np.where(able_t, t, -1))
            acc.add(rows, "able", m & (able_t | able_c.any(axis=1)))
        else:
            slots[:, 0] = np.where(able_t, t, -1)
            if c.respond == "every":
                order_key = np.where(able_c, (6 - top) * P + np.arange(P)[None, :], INF)
                srt = np.argsort(order_key, axis=1, kind="stable")
                ok = np.take_along_axis(order_key, srt, axis=1) < INF
                slots[:, 1:] = np.where(ok, srt, -1)[:, : P - 1]
                acc.add(rows, "able", m & (able_t | able_c.any(axis=1)))
            else:
                acc.add(rows, "able", able_t)
        rows.a_slots = slots
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

    def _respond(self, rows, ch, acc, go, who):
        c = self.combat
        sel = np.flatnonzero(go)
        w = who[sel]
        h = self._spend_top(rows, sel, w)
        t, a, from_hold = rows.a_t[sel], rows.a_v[sel], rows.a_h[sel]
        scale = np.where((w == t) & ~from_hold, np.maximum(a - h, 0), 0)
        sc = np.zeros(rows.n, dtype=np.int64)
        sc[sel] = scale
        is_t = np.zeros(rows.n, dtype=bool)
        is_t[sel] = w == t
        acc.add(rows, "responses", go)
        acc.add(rows, "slow", go, (sc,))
        acc.add(rows, "target_resp", go & is_t)
        acc.add(rows, "comp_resp", go & ~is_t)
        slow_now = go & (sc > 0) & ~rows.slow_any
        acc.add(rows, "slow_round", slow_now)
        rows.slow_any |= slow_now
        rows.a_full |= go & (sc == 0)
        rows.a_nresp = rows.a_nresp + go
        if not c.rolls:
            return
        rows.r_go, rows.r_sc = go, sc
        d = ch.roll(rows, c.defend, rows.r_go)
        go, sc = rows.r_go, rows.r_sc
        d = np.maximum(d - c.slow_cost * sc, 0)
        left = rows.a_left
        adv = np.where(go, np.maximum(d - left, 0), 0)
        acc.add(rows, "adv", go, (np.minimum(adv, c.defend.most),))
        acc.add(rows, "adv_sum", go, value=adv)
        rows.a_left = np.where(go, np.maximum(left - d, 0), left)

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

    # ------------------------------------------------------------------ enumeration
    def enumerate(self, exact: bool, cap: int):
        """Every outcome, weighted: ``(sums, denominator)`` of every statistic.

        Raises ``_TooBig`` past ``cap`` rows.
        """
        wt = object if exact else float
        rows = self._fresh(1, np.array([1], dtype=wt) if exact else np.array([1.0]))
        ch = _Branch(exact, cap)
        acc = _Acc(self.shapes, exact=exact)
        ch.acc = acc
        dice, orderings = dice_classes(self.sw, np.int64 if 6**self.D < 2**62 else object)
        dice = prepare(dice, self.setup)
        cw = np.array([int(x) for x in orderings], dtype=object)
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

    # ------------------------------------------------------------------ Monte Carlo
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


# ====================================================================== the questions
#: Supporting characters go on edge with this penalty scale («на взводе [−3]»).
SUPPORTING_EDGE = 3


@dataclass(frozen=True)
class Fight:
    """A checked question for the round engine: setup, policies, rounds, edges, combat."""

    setup: object
    policies: tuple
    rounds: int
    edge: tuple
    combat: Combat | None = None

    def engine(self) -> Engine:
        return Engine(self.setup, self.policies, self.rounds, self.combat)

    @property
    def hold(self) -> tuple:
        return tuple(p.name for p in self.policies)


def _weakness(name, value, n):
    """Each participant's on-edge scale: a hero's weakness, or None for a supporting one
    (as text: ``"2,s"``, ``s`` for a supporting character)."""
    lim = LIMITS["weakness"]
    if isinstance(value, str):
        value = _weakness_text(name, value)
    if value is None:
        return (SUPPORTING_EDGE,) * n
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise refuse(name, f"one entry per participant of the side ({n})", list(value))
        return tuple(
            SUPPORTING_EDGE if v is None else lim.check(v, name=f"{name}[{i}]")
            for i, v in enumerate(value)
        )
    if n != 1:
        raise refuse(
            name,
            f"one entry per participant of the side ({n}: a hero's weakness, or None for a "
            "supporting character)",
            value,
        )
    return (lim.check(value, name=name),)


def _weakness_text(name, text):
    """``"2,s,3"``: a hero's weakness, or ``s`` for a supporting character; one value alone
    is the side's (one participant's, or ``s``: all supporting)."""
    out = []
    for word in text.split(","):
        if word.strip().lower() == "s":
            out.append(None)
            continue
        try:
            out.append(parse_int_text(word))
        except ValueError:
            raise refuse(
                name, "a weakness per participant, or s for a supporting character (2,s)", text
            ) from None
    return out[0] if len(out) == 1 else out


def check_fight(
    swiftness, versus, *, pips, versus_pips, rules, tiebreak, order, pip_rule, hold, versus_hold,
    rounds, weakness, versus_weakness, combat=None,
) -> Fight:  # fmt: skip
    """Every argument of a round-engine question (the public names), checked against
    ``LIMITS``; ``combat`` already checked."""
    shortcuts = dict(tiebreak=tiebreak, order=order, pip_rule=pip_rule)
    setup = check_setup(swiftness, versus, pips, versus_pips, rules, **shortcuts)
    pol = hold_policies("hold", hold, len(setup.swiftness)) + hold_policies(
        "versus_hold", versus_hold, len(setup.versus)
    )
    rounds = LIMITS["rounds"].check(rounds, name="rounds")
    edge = _weakness("weakness", weakness, len(setup.swiftness)) + _weakness(
        "versus_weakness", versus_weakness, len(setup.versus)
    )
    return Fight(setup, pol, rounds, edge, combat)


def needs_engine(fight: Fight) -> bool:
    """Holding or several rounds: the fast acting-order paths do not apply."""
    return fight.rounds != 1 or not all(is_never(p) for p in fight.policies)


def enumerate_fight(fight: Fight, exact: bool):
    """The engine's weighted sums ``(sums, denominator)``, refusing an enumeration that
    grows past ``LIMITS["exact states"]`` (its size in outcome classes is checked with the
    arguments)."""
    lim = LIMITS["exact states"]
    try:
        return fight.engine().enumerate(exact, lim.hi)
    except _TooBig as big:
        raise refuse(
            "exact states",
            f"at most {lim.hi:,} in exact mode",
            described(f"{big.args[0]:,} at one step"),
            why=lim.why,
            instead=lim.instead,
        ) from None


def ratio(num, den, exact):
    """``num / den`` of two weighted sums (None when ``den`` is 0)."""
    if den == 0:
        return None
    return Fraction(num, den) if exact else float(num) / float(den)


def held_fields(fight, tot, den, exact):
    R = fight.rounds
    return {
        "hold": fight.hold,
        "rounds": R,
        "p_all_held": tuple(ratio(tot["all_held"][r], den, exact) for r in range(R)),
        "on_edge": {k: ratio(tot["edges"][k], den, exact) for k in range(R + 1)},
        "edge_penalty": fight.edge,
    }


def engine_odds(fight: Fight, exact: bool, size: int) -> Odds:
    """:class:`Odds` of a fight by the engine's enumeration (``size`` outcome classes)."""
    tot, den = enumerate_fight(fight, exact)
    setup, R = fight.setup, fight.rounds
    den_r = den * R
    first = [ratio(x, den_r, exact) for x in tot["first"]]
    na = len(setup.swiftness)
    return Odds(
        **setup.described(),
        p_first=ratio(sum(tot["first"][:na]), den_r, exact),
        p_participant_first=tuple(first),
        actions_before={k: ratio(x, den_r, exact) for k, x in enumerate(tot["before"])},
        p_double=ratio(tot["double"][()], den_r, exact),
        mean_position=tuple(
            ratio(tot["pos_sum"][p], tot["act_n"][p], exact) for p in range(setup.n)
        ),
        **held_fields(fight, tot, den, exact),
        exact=exact,
        trials=None,
        outcome_classes=size,
        p_acts_at=tuple(tuple(ratio(x, den_r, exact) for x in row) for row in tot["acts_at"]),
    )


def engine_batch_size(fight: Fight) -> int:
    """Fights per batch of the engine's Monte Carlo: as many as keep its counters near 32 MB."""
    per_row = sum(int(np.prod(s)) for k, s in fight.engine().shapes.items() if k != "acts_at")
    per_row += 4 * fight.setup.n * 7 + 4 * fight.setup.n
    return int(max(64, min(16_384, 2**22 // max(per_row, 1))))


def per_round(res, name, index, R):
    """A per-round share pooled over the R rounds of each fight."""
    if R == 1:
        return res.proportion(name, index)
    t = res.totals
    y = np.asarray(t[name])[index] if index is not None else t[name]
    yy = np.asarray(t[name + "_sq"])[index] if index is not None else t[name + "_sq"]
    n = res.trials
    return mc.ratio_estimate(
        int(y), n * R, int(yy), n * R * R, R * int(y), n, res.confidence, "proportion"
    )


def mc_held_fields(fight, res):
    R, n = fight.rounds, res.trials
    all_held = np.asarray(res["all_held"])
    edges = np.asarray(res["edges"])
    return {
        "hold": fight.hold,
        "rounds": R,
        "p_all_held": tuple(mc.wilson(int(all_held[r]), n, res.confidence) for r in range(R)),
        "on_edge": {k: mc.wilson(int(edges[k]), n, res.confidence) for k in range(R + 1)},
        "edge_penalty": fight.edge,
    }


def engine_estimates(fight: Fight, res, seed=None) -> Odds:
    """:class:`Odds` of a fight from the summed batches of its engine (``fight.engine()``),
    drawn with ``seed``."""
    setup, R = fight.setup, fight.rounds
    n = setup.n
    t = res.totals
    if R == 1:  # a 0/1 per fight: Wilson, as the fast path
        p_first = mc.wilson(int(np.asarray(t["first_side"])), res.trials, res.confidence)
    else:
        p_first = per_round(res, "first_side", None, R)
    mean_position = []
    for p in range(n):
        if int(np.asarray(t["act_n"])[p]) == 0:
            mean_position.append(None)
            continue
        mean_position.append(
            mc.ratio_estimate(
                int(np.asarray(t["pos_sum"])[p]),
                int(np.asarray(t["act_n"])[p]),
                int(np.asarray(t["pos_sum_sq"])[p]),
                int(np.asarray(t["act_n_sq"])[p]),
                int(np.asarray(t["pos_sum_x_act_n"])[p]),
                res.trials,
                res.confidence,
                "mean",
            )
        )
    acts = np.asarray(t["acts_at"])
    return Odds(
        **setup.described(),
        p_first=p_first,
        p_participant_first=tuple(per_round(res, "first", p, R) for p in range(n)),
        actions_before={
            k: per_round(res, "before", k, R) for k in range(len(np.asarray(t["before"])))
        },
        p_double=per_round(res, "double", None, R),
        mean_position=tuple(mean_position),
        **mc_held_fields(fight, res),
        exact=False,
        trials=res.trials,
        outcome_classes=None,
        seed=seed,
        p_acts_at=tuple(
            tuple(mc.wilson(int(c), res.trials * R, res.confidence) for c in row) for row in acts
        ),
        raw=res,
    )
