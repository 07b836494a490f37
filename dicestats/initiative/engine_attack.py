"""The round engine's attacks: who is attacked, who answers, and what is left.

:class:`Combat` says how attacks are made and answered; :class:`_Attacks` is the
part of :class:`~.engine.Engine` that plays one attack (the rules are in the
docstring of :mod:`~.engine`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .engine_rows import INF
from .rules import ATTACKERS, RESPONSES  # noqa: F401 (re-exported)


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


class _Attacks:
    """An attack and its answers (a base class of :class:`~.engine.Engine`)."""

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
