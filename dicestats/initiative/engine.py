"""The round engine: rounds played action by action, with holding, answers and armour.

It plays the rules of ``docs/rules/initiative.md`` on many rounds at once, vectorized
over rows, one action (or one hold) per row per step, for two masters through one code
path: **Monte Carlo** (:class:`Engine` as a batch function of
:func:`dicestats.core.montecarlo.run`: each row a fight, coins, targets and success rolls
drawn) and **exact enumeration** (:meth:`Engine.enumerate`: each row a weighted state;
every coin, target and roll outcome expands a row into one per outcome, weights as
Python integers over one common denominator; rows in the same state are merged after
every step, expectations accumulated as they happen, so merging loses nothing). Below
it, the questions put to it: :func:`check_fight` and the readers of its sums
(:class:`Sums` enumerated, :class:`Drawn` drawn).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import described, parse_int_text, refuse
from ..core.results import z_value
from .holding import HoldView, call_policy, hold_policies, is_never
from .limits import LIMITS
from .order import rank_key
from .pips import prepare
from .results import Odds
from .rolls import weights
from .rules import parse_words
from .setup import check_setup, dice_classes

# ====================================================================== rows and sums
INF = np.iinfo(np.int64).max
#: face f -> its 4-bit slot in a packed count (face 1 lowest); face 0 unused
FACE = np.left_shift(np.int64(1), 4 * np.arange(7, dtype=np.int64) - 4)
FACE[0] = 0

#: The state of a row (what merging compares); everything else on a row is scratch.
_STATE = tuple(
    "cnt hcnt hever rolled tier_v tkey cur acted side_acted n_a pos last dbl slow_any empty_hit"
    " done forbid edges".split()
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
#: The denominator of each ratio statistic (Monte Carlo sums their cross products).
_PER = dict.fromkeys(("slow", "adv", "adv_sum"), "responses") | {"pos_sum": "act_n"}
_PER |= dict.fromkeys(("able", "defended", "resp_k", "target_resp", "comp_resp"), "attacks")
_PER |= dict.fromkeys(("responses", "margin", "wound", "wounding"), "attacks")


class _Acc:
    """Accumulated statistics: weighted sums (exact) or per-row counts (Monte Carlo)."""

    def __init__(self, shapes, rows=None, exact=None):
        self.exact = exact
        if rows is None:  # exact or float enumeration: global weighted sums
            dt = object if exact else float
            self.tot = {k: np.zeros(s, dtype=dt) for k, s in shapes.items()}  # objects: int 0s
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
        self.exact, self.den, self.cap = exact, 1 if exact else 1.0, cap
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
    if_hit: bool = True
    kept: str = "at-die"

    @property
    def rolls(self) -> bool:
        return self.attack is not None


class Engine:
    """Rounds of one setup (:class:`~.setup.Sides`) played action by action, with one
    holding policy per participant, ``rounds`` per fight and ``combat`` (None: actions are
    not attacks, the acting order alone)."""

    def __init__(self, setup, policies, rounds: int, combat: Combat | None = None):
        self.setup, self.policies, self.rounds, self.combat = setup, tuple(policies), rounds, combat
        self.P, self.D, self.sw, self.owners = setup.n, setup.dice, setup.sw, setup.owners
        self.side = np.array(setup.sides, dtype=np.int64)
        self.order, self.tiebreak = setup.rules.order, setup.rules.tiebreak
        self.na, self.da = len(setup.swiftness), sum(setup.swiftness)
        members = [np.flatnonzero(self.side == s) for s in (0, 1)]
        self.enemies = np.full((2, self.P), -1, dtype=np.int64)
        self.n_enemies = np.array([members[1].size, members[0].size])
        for s in (0, 1):
            self.enemies[s, : members[1 - s].size] = members[1 - s]
        self.never_hold = all(is_never(p) for p in self.policies)
        self.shapes = self._shapes()

    # ------------------------------------------------------------------ statistics
    def _shapes(self) -> dict:
        """The statistics the fight's question reads, by shape: who acts when for ``odds``
        (no attacks), the attacks and their answers for ``defence``; holding for both."""
        P, R, c = self.P, self.rounds, self.combat
        s = {"all_held": (R,), "edges": (R + 1,)}
        if c is None:
            s.update(first=(P,), first_side=(), before=(self.da + 1,), double=())
            s.update(acts_at=(self.D, P), pos_sum=(P,), act_n=(P,))
        else:
            s.update(dict.fromkeys(("attacks", "able", "defended", "responses"), ()))
            s.update(dict.fromkeys(("target_resp", "comp_resp", "slow_round"), ()))
            defenders = self.na if c.attackers == "versus" else P
            s.update(resp_k=(max(self.na, P - self.na) + 1,), slow=(6,), out=(defenders + 1,))
        if c is not None and c.rolls:
            s.update(dict.fromkeys(("wound", "wounding", "adv_sum"), ()), wound_by=(2,))
            s.update(margin=(c.attack.most + 1,), adv=(c.defend.most + 1,))
        return s

    # ------------------------------------------------------------------ rows
    def _fresh(self, n, w=None) -> _Rows:
        rows = _Rows(n)
        if w is not None:
            rows.w = w
        rows.forbid = np.zeros(n, dtype=bool)
        rows.edges = np.zeros(n, dtype=np.int64)
        rows.cnt = np.zeros((n, self.P, 7), dtype=np.int64)
        self._reset_round(rows, np.ones(n, dtype=bool))
        return rows

    def _reset_round(self, rows, m):
        """Clear the round state of rows ``m`` (before a roll, or when a row finishes)."""
        n, P = rows.n, self.P
        start = {  # name: (shape per row, value at the start of a round)
            "hcnt": ((P, 7), 0),
            "hever": ((P,), False),
            "rolled": ((P,), 0),
            "tier_v": ((), 0),
            "tkey": ((P,), INF),
            "cur": ((), -1),
            "acted": ((), False),
            "side_acted": ((2,), False),
            "n_a": ((), 0),
            "pos": ((), 0),
            "last": ((), -1),
            "dbl": ((), False),
            "slow_any": ((), False),
            "empty_hit": ((P,), False),
        }
        if not hasattr(rows, "hcnt"):
            for k, (shape, v) in start.items():
                dtype = bool if isinstance(v, bool) else np.int64
                setattr(rows, k, np.full((n, *shape), v, dtype=dtype))
            rows.done = np.zeros(n, dtype=bool)
            return
        rows.cnt[m] = 0
        for k, (_, v) in start.items():
            getattr(rows, k)[m] = v

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

    def _ask(self, rows, method, ask, value, end):
        """Each participant's policy asked ``method`` (``"hold"`` or ``"use"``) on the rows
        ``ask[:, p]`` about the die ``value[:, p]``: (rows, P) bools, False where not asked."""
        out = np.zeros((rows.n, self.P), dtype=bool)
        for p in range(self.P):
            sel = np.flatnonzero(ask[:, p])
            if sel.size:
                view = HoldView(
                    participant=p,
                    side=int(self.side[p]),
                    value=value[sel, p],
                    dice=rows.cnt[sel, p, :].copy(),
                    held=rows.hcnt[sel, p, :].copy(),
                    enemy_acted=rows.side_acted[sel, 1 - self.side[p]].copy(),
                    anyone_acted=rows.acted[sel].copy(),
                    end=end[sel].copy(),
                    has_held=rows.hever[sel, p].copy(),
                )
                out[sel, p] = call_policy(self.policies[p], method, view)
        return out

    @staticmethod
    def _count(c, v):
        """Each participant's count of the face ``v`` (one per row) in counts (rows, P, 7)."""
        return np.take_along_axis(c, v[:, None, None].repeat(c.shape[1], 1), axis=2)[:, :, 0]

    @staticmethod
    def _top(c):
        """Highest face with a nonzero count (0: none), per (row, participant)."""
        has = c[..., 1:] > 0
        return np.where(has.any(axis=-1), 6 - np.argmax(has[..., ::-1], axis=-1), 0)

    def _key(self, rows, value, held):
        """Acting-rule keys (rows, P) for dice of ``value`` held ``held`` times."""
        below = None
        if self.tiebreak == "unspent":  # the unspent dice below the value
            shift = 4 * (np.maximum(value, 1) - 1)
            below = (rows.cnt * FACE).sum(axis=2) & ((np.int64(1) << shift) - 1)
        return rank_key(value, held, rows.rolled, below, self.tiebreak)

    def _step(self, rows, ch, acc, r):
        n, P = rows.n, self.P
        live = ~rows.done
        end = live & (rows.cnt[:, :, 1:].sum(axis=(1, 2)) == 0)
        hv = self._top(rows.hcnt)  # highest held die (0: none)
        want = np.zeros((n, P), dtype=bool)
        if not self.never_hold:
            want = self._ask(rows, "use", live[:, None] & (hv > 0), hv, end)
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
            vmax = self._top(rows.cnt).max(axis=1)
            if self.order == "tier":
                v, cur = rows.tier_v, rows.cur
                cur_ok = (cur >= 0) & (rows.cnt[np.arange(n), np.maximum(cur, 0), v] > 0)
                member = (rows.tkey < INF) & (self._count(rows.cnt, v) > 0)
                reopen = turn & ~cur_ok & ~member.any(axis=1)
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
                cand |= pick[:, None] & member & (key == key.min(axis=1, keepdims=True))
                keep = turn & cur_ok
                cand[keep, cur[keep]] = True
                value = np.where(turn, v, value)
            else:
                held = self._count(rows.cnt, vmax)
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
            ask = (turn & ~rows.forbid)[:, None] & (actor[:, None] == np.arange(self.P))
            values = np.broadcast_to(value[:, None], (n, self.P))
            hold = self._ask(rows, "hold", ask, values, np.zeros(n, dtype=bool)).any(axis=1)
        if hold.any():
            hr = np.flatnonzero(hold)
            rows.cnt[hr, actor[hr], value[hr]] -= 1
            rows.hcnt[hr, actor[hr], value[hr]] += 1
            rows.hever[hr, actor[hr]] = True
        act = interv | (turn & ~hold)
        if act.any():
            self._act(rows, ch, acc, act, actor, value, interv)

    def _spend_top(self, rows, sel, who):
        """``who`` (per row of ``sel``) sets aside its highest die, a held one first."""
        hv = self._top(rows.hcnt[sel, who])
        av = self._top(rows.cnt[sel, who])
        from_held = (hv >= av) & (hv > 0)
        h = np.maximum(hv, av)
        rows.hcnt[sel[from_held], who[from_held], h[from_held]] -= 1
        rows.cnt[sel[~from_held], who[~from_held], h[~from_held]] -= 1
        return h

    def _act(self, rows, ch, acc, act, actor, value, from_hold):
        n = rows.n
        sel = np.flatnonzero(act)
        c = self.combat
        # set the die aside: a holder its highest die, a turn the die of its value; an
        # attack on a turn its highest die («Чтобы атаковать, необходимо отложить кубик с
        # наивысшим значением инициативы»): a held die above the turn's, at its value
        self._spend_top(rows, sel[from_hold[sel]], actor[sel][from_hold[sel]])
        tsel = sel[~from_hold[sel]]
        kept = np.zeros(n, dtype=bool)  # turns that spent a kept die
        if c is not None and tsel.size:
            who = actor[tsel]
            hv = self._top(rows.hcnt[tsel, who])
            up = (hv > value[tsel]) & ((self.side[who] == 1) | (c.attackers == "both"))
            if up.any():
                rows.hcnt[tsel[up], who[up], hv[up]] -= 1
                value = value.copy()
                value[tsel[up]] = hv[up]
                kept[tsel[up]] = True
                tsel = tsel[~up]
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
        if c is None:
            return
        attack = act & ((s == 1) if c.attackers == "versus" else True)
        if attack.any():
            # a holder's action is answered at equal initiative; a kept die spent on a turn
            # too with kept="equal"
            equal = from_hold | (kept & (c.kept == "equal"))
            rows.a_mask, rows.a_p, rows.a_v, rows.a_h = attack, actor, value, equal
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
        n = rows.n
        m, t = rows.a_mask, rows.a_t
        t0 = np.maximum(t, 0)
        top = np.maximum(self._top(rows.cnt), self._top(rows.hcnt))  # (n, P)
        able_t, able, first, rows.a_later = answerers(
            top, t0, rows.a_v, rows.a_h, self.side, c.respond, m
        )
        hit = m & ~able_t
        rows.empty_hit[np.arange(n)[hit], t0[hit]] = True
        acc.add(rows, "able", able)
        rows.a_full = np.zeros(n, dtype=bool)
        rows.a_nresp = np.zeros(n, dtype=np.int64)
        n_slots = 1 if c.respond != "every" else self.P
        for s_i in range(n_slots):
            who = first if s_i == 0 else next_answerer(rows.a_later)
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
        rows = self._fresh(1, np.array([1], dtype=object) if exact else np.array([1.0]))
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
        order = np.lexsort(words[::-1])  # stable: each state's first row leads its group
        srt = np.stack([w[order] for w in words], axis=1)
        new = np.concatenate([[True], (srt[1:] != srt[:-1]).any(axis=1)])
        first = order[new]
        if first.size == n:
            return
        inv = np.empty(n, dtype=np.int64)
        inv[order] = np.cumsum(new) - 1
        w = np.zeros(first.size, dtype=rows.w.dtype)
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
        for k, x in tot.items():
            if k in _BATCH_ONLY:
                out[k] = x
                continue
            out[k] = x.sum(axis=0)
            if k in ("all_held", "edges"):
                continue  # proportions over fights (or counts): no squares needed
            out[k + "_sq"] = (x * x).sum(axis=0)
            d = _PER.get(k)
            if d is not None:
                y = tot[d]
                if y.ndim < x.ndim:
                    y = y.reshape(y.shape + (1,) * (x.ndim - y.ndim))
                out[f"{k}_x_{d}"] = (x * y).sum(axis=0)
        return out


def answerers(top, target, a_v, a_h, side, respond, m=None):
    """Who may answer an attack, one per row: ``top`` (rows, P) each participant's
    highest die (held or not, 0: none), ``target`` the attacked participant, ``a_v`` the
    attack's die, ``a_h`` answered at equal initiative (a holder's action), ``side`` each
    participant's side, ``respond`` the reading, ``m`` the rows that attack (None: all).

    Returns ``(able_t, able, first, later)``: the target has a die; someone may answer
    (by the reading); who answers first (the target or, ``"cover"``, the companion
    answering instead; -1: nobody); with ``"every"`` the companions' order keys
    (rows, P; ``INF`` for those that may not answer), read in order by
    :func:`next_answerer`: the highest die first, the lower participant number first
    among equals (None with the other readings).
    """
    n, P = top.shape
    cols = np.arange(P)
    tt = np.take(top, np.arange(0, n * P, P) + target)  # flat: faster than top[rows, target]
    able_t = tt > 0
    able_c = np.take(_mates(tuple(side.tolist())), target, axis=0)
    able_c &= may_answer(top, a_v.astype(top.dtype)[:, None], a_h[:, None])
    if m is not None:
        able_t &= m
        able_c &= m[:, None]
    first = np.where(able_t, target, -1)
    any_c = across(np.logical_or, able_c)
    later = None
    if respond == "cover":  # the lowest sufficient die, the lower number among equals
        fast_t = able_t & ((tt >= a_v) | a_h)
        key = answer_keys(top.astype(np.int64), cols[None, :], P, "cover")  # top may be int8
        cov = across(np.minimum, inf_unless(key, able_c)) % P
        first = np.where(~fast_t & any_c, cov, first)
    elif respond == "every":
        later = inf_unless(answer_keys(top.astype(np.int64), cols[None, :], P, "every"), able_c)
    able = able_t if respond == "target" else able_t | any_c
    return able_t, able, first, later


def may_answer(top, a_v, a_h):
    """Who may answer an attack at the die ``a_v`` besides its target: a companion whose
    highest die ``top`` (0: none) is as high, any die at equal initiative (``a_h``).
    Arrays broadcast, in either engine's layout.

    Examples
    --------
    >>> may_answer(np.array([0, 3, 5]), 4, False)
    array([False, False,  True])
    """
    ok = top > 0
    ok &= (top >= a_v) | a_h
    return ok


def answer_keys(top, cols, P: int, respond: str):
    """The companions' order keys, ascending (``top``: each one's highest die, ``cols``
    its participant number, broadcasting): with ``"every"`` the highest die answers first,
    with ``"cover"`` the lowest sufficient one covers; the lower number first among
    equals (a key ends with it: ``key % P``).

    Examples
    --------
    >>> answer_keys(np.array([5, 3]), np.array([0, 1]), 2, "every")
    array([2, 7])
    """
    return ((6 - top) if respond == "every" else top) * P + cols


@functools.cache
def _mates(side: tuple) -> np.ndarray:
    """``out[t, c]``: ``c`` is a companion of ``t`` (same side, another participant)."""
    s = np.array(side)
    return (s[:, None] == s[None, :]) & ~np.eye(s.size, dtype=bool)


def next_answerer(later):
    """The next companion to answer in each row (-1: none left), taken from the order
    keys ``later`` of :func:`answerers` (set to ``INF`` in place)."""
    P = later.shape[1]
    low = across(np.minimum, later)
    ok = low < INF
    j = low % P  # a key ends with its participant's number
    r = np.flatnonzero(ok)
    later[r, j[ok]] = INF
    return np.where(ok, j, -1)


def across(op, x):
    """``op`` reduced across the participants (columns) of ``x`` (rows, P): over a
    participant-major copy, much faster than numpy's reduction along a short last axis."""
    return op.reduce(np.ascontiguousarray(x.T), axis=0)


def inf_unless(key, mask, inf=INF):
    """``np.where(mask, key, inf)`` for keys >= 0 (``inf``: the maximum of the keys'
    dtype, every bit below its top set), without its slow branches on a random mask."""
    out = mask.astype(key.dtype)
    out -= 1
    out &= inf
    out |= key
    return out


# ====================================================================== the questions
#: Supporting characters go on edge with this penalty scale («на взводе [−3]»).
SUPPORTING_EDGE = 3


@dataclass(frozen=True)
class Fight:
    """A checked question for the round engine: setup, policies, rounds, edges (each
    participant's on-edge scale, None where not marked), combat."""

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
    """Each participant's on-edge scale: a hero's weakness (an int), ``"s"`` for a
    supporting character (3), None for a participant not marked (its scale unknown, so
    stated as missing, never taken as 3). As text: ``"2,s,?"``; ``s`` alone: the whole
    side supporting; None (the default): nobody marked."""
    lim = LIMITS["weakness"]

    def entry(v, at):
        if v is None or (isinstance(v, str) and v.strip() == "?"):
            return None
        if isinstance(v, str) and v.strip().lower() == "s":
            return SUPPORTING_EDGE
        return lim.check(v, name=at)

    if isinstance(value, str):
        value = parse_words(
            name,
            value,
            lambda w: w.strip() if w.strip().lower() in ("s", "?") else parse_int_text(w),
            "a hero's weakness per participant, s for a supporting character or ? for one "
            "not marked (2,s,?)",
        )
        value = value[0] if len(value) == 1 else value
    if value is None:
        return (None,) * n
    if isinstance(value, str) and value.strip().lower() == "s":
        return (SUPPORTING_EDGE,) * n
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise refuse(name, f"one entry per participant of the side ({n})", list(value))
        return tuple(entry(v, f"{name}[{i}]") for i, v in enumerate(value))
    if n != 1:
        raise refuse(
            name,
            f"one entry per participant of the side ({n}: a hero's weakness, s for a "
            "supporting character, None for one not marked)",
            value,
        )
    return (entry(value, name),)


def check_fight(
    swiftness, versus, *, hold, versus_hold, rounds, weakness, versus_weakness, combat=None, **setup
) -> Fight:
    """Every argument of a round-engine question (the public names; ``setup``: the
    arguments of :func:`~.setup.check_setup`), checked against ``LIMITS``; ``combat``
    already checked."""
    setup = check_setup(swiftness, versus, **setup)
    a, b = len(setup.swiftness), len(setup.versus)
    return Fight(
        setup,
        hold_policies("hold", hold, a) + hold_policies("versus_hold", versus_hold, b),
        LIMITS["rounds"].check(rounds, name="rounds"),
        _weakness("weakness", weakness, a) + _weakness("versus_weakness", versus_weakness, b),
        combat,
    )


def needs_engine(fight: Fight) -> bool:
    """Holding or several rounds: the fast acting-order paths do not apply."""
    return fight.rounds != 1 or not all(is_never(p) for p in fight.policies)


def engine_batch_size(fight: Fight) -> int:
    """Fights per batch of the engine's Monte Carlo: as many as keep its counters near 32 MB."""
    per_row = sum(int(np.prod(s)) for k, s in fight.engine().shapes.items() if k != "acts_at")
    per_row += 4 * fight.setup.n * 7 + 4 * fight.setup.n
    return int(max(64, min(16_384, 2**22 // max(per_row, 1))))


def ratio(num, den, exact):
    """``num / den`` of two weighted sums (None when ``den`` is 0)."""
    if den == 0:
        return None
    return Fraction(num, den) if exact else float(num) / float(den)


class Sums:
    """The engine's enumerated sums of a fight, read as Fractions (``exact``) or floats.

    The readers :class:`Sums` and :class:`Drawn` answer the same questions of a
    statistic ``name`` (an element ``index`` of it): ``share`` per unit of the statistic
    ``per`` (per attack, per response), ``each`` per its own element of ``per``,
    ``per_round`` and ``mean`` per round, ``pooled`` per round as a plain proportion,
    ``per_fight`` per fight. Refuses an enumeration that grows past ``LIMITS["exact
    states"]`` (its size in outcome classes is checked with the arguments).
    """

    def __init__(self, fight: Fight, exact: bool):
        lim = LIMITS["exact states"]
        try:
            self.tot, self.den = fight.engine().enumerate(exact, lim.hi)
        except _TooBig as big:
            raise refuse(
                "exact states",
                f"at most {lim.hi:,} in exact mode",
                described(f"{big.args[0]:,} at one step"),
                why=lim.why,
                instead=lim.instead,
            ) from None
        self.exact, self.rounds = exact, fight.rounds
        self.how = {"exact": exact, "trials": None}

    def size(self, name):
        return len(self.tot[name])

    def _at(self, name, index=None):
        return self.tot[name][() if index is None else index]

    def share(self, name, per, index=None, kind=None):
        return ratio(self._at(name, index), self._at(per), self.exact)

    def each(self, name, per, index):
        return ratio(self._at(name, index), self._at(per, index), self.exact)

    def per_round(self, name, index=None):
        return ratio(self._at(name, index), self.den * self.rounds, self.exact)

    mean = pooled = per_round

    def per_fight(self, name, index):
        return ratio(self._at(name, index), self.den, self.exact)

    def mean_scale(self, name, per, shares):
        """``Σ k · shares[k]``, the shares of ``name`` per ``per``."""
        num = sum(k * x for k, x in enumerate(self.tot[name]))
        return ratio(num, self._at(per), self.exact)

    def p_first(self, na):
        """P(the first side, its ``na`` participants, acts first in a round)."""
        return ratio(sum(self.tot["first"][:na]), self.den * self.rounds, self.exact)


class Drawn:
    """The summed Monte Carlo batches ``res`` of a fight's engine, drawn with ``seed``,
    read as :class:`~dicestats.core.results.Estimate` s (the questions of :class:`Sums`)."""

    def __init__(self, fight: Fight, res, seed):
        self.res, self.rounds, self.n, self.sw = res, fight.rounds, res.trials, fight.setup.sw
        self.how = {"exact": False, "trials": res.trials, "seed": seed, "raw": res}

    def size(self, name):
        return len(np.asarray(self.res[name]))

    def _at(self, name, index=None):
        x = self.res[name]
        return int(x if index is None else np.asarray(x)[index])

    def share(self, name, per, index=None, kind="proportion"):
        return self.res.ratio(name, per, index, kind)

    def each(self, name, per, index):
        if self._at(per, index) == 0:
            return None
        sums = (name, per, name + "_sq", per + "_sq", f"{name}_x_{per}")
        at = (self._at(k, index) for k in sums)
        return mc.ratio_estimate(*at, self.n, self.res.confidence, "mean")

    def per_round(self, name, index=None):
        """A per-round share pooled over the rounds of each fight."""
        if self.rounds == 1:
            return self.res.proportion(name, index)
        y, yy, R, n = self._at(name, index), self._at(name + "_sq", index), self.rounds, self.n
        return mc.ratio_estimate(
            y, n * R, yy, n * R * R, R * y, n, self.res.confidence, "proportion"
        )

    def mean(self, name, index=None):
        return self.res.mean(name, index, scale=self.rounds)

    def pooled(self, name, index):
        return mc.wilson(self._at(name, index), self.n * self.rounds, self.res.confidence)

    def per_fight(self, name, index):
        return mc.wilson(self._at(name, index), self.n, self.res.confidence)

    def mean_scale(self, name, per, shares):
        return mean_scale(shares)

    def p_first(self, na):
        return self.per_round("first_side")


def mean_scale(shares: dict):
    """``Σ k · shares[k]`` of Monte Carlo shares of one denominator, with a conservative
    interval: the ratio estimator's residual is ``Σ k · e_k``, so its standard error is at
    most ``Σ k · stderr_k`` (Minkowski). A nan share (no responses) gives a nan mean.

    Examples
    --------
    >>> half = mc.Estimate(0.5, 0.01, 0.48, 0.52, 100)
    >>> e = mean_scale({0: half, 2: half})
    >>> round(e.value, 12), round(e.stderr, 12), e.kind
    (1.0, 0.02, 'mean')
    """
    first = next(iter(shares.values()))
    value = sum(k * e.value for k, e in shares.items())
    se = sum(k * e.stderr for k, e in shares.items())
    z = z_value(first.confidence)
    return mc.Estimate(
        value, se, value - z * se, value + z * se, first.trials, "mean", first.confidence
    )


def held_fields(fight: Fight, read) -> dict:
    """The holding figures of a fight's result, from its engine's sums (``read``)."""
    R = fight.rounds
    return {
        "hold": fight.hold,
        "rounds": R,
        "p_all_held": tuple(read.per_fight("all_held", r) for r in range(R)),
        "on_edge": {k: read.per_fight("edges", k) for k in range(R + 1)},
        "edge_penalty": fight.edge,
    }


def engine_odds(fight: Fight, read, **how) -> Odds:
    """:class:`Odds` of a fight from its engine's sums: enumerated (``read`` a
    :class:`Sums`, ``how`` its ``outcome_classes``) or drawn (a :class:`Drawn`)."""
    setup, n = fight.setup, fight.setup.n
    return Odds(
        **setup.described(),
        p_first=read.p_first(len(setup.swiftness)),
        p_participant_first=tuple(read.per_round("first", p) for p in range(n)),
        actions_before={k: read.per_round("before", k) for k in range(read.size("before"))},
        p_double=read.per_round("double"),
        mean_position=tuple(read.each("pos_sum", "act_n", p) for p in range(n)),
        **held_fields(fight, read),
        **read.how,
        **how,
        p_acts_at=tuple(
            tuple(read.pooled("acts_at", (d, p)) for p in range(n)) for d in range(setup.dice)
        ),
    )
