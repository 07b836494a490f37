"""Reactive defence: one side attacks, the other defends (Monte Carlo).

Defences spend dice too, so the acting order changes as the round goes: after
every action each participant's next die is ranked again with
:func:`~.order.rank_key` (the one acting rule), the best rank acts, complete
ties by a fair choice. Attack, defence and armour rolls are **the user's
assumption** (:class:`SuccessRoll` or any callable): the source text does not
say how its action rolls are made.

Examples
--------
>>> SuccessRoll(3).p_success
Fraction(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import check_bool, check_choice, refuse
from ..core.results import Estimate, Result
from .limits import LIMITS
from .order import key_owner, key_value, rank_key
from .setup import check_setup
from .simulation import Rounds, run_rounds

__all__ = ["SuccessRoll", "DefenceResult", "defence"]

_ATTACKERS = ("versus", "both")


@dataclass(frozen=True)
class SuccessRoll:
    """A success roll: ``dice`` d6, each showing ``success`` or more is one success.

    This is **the user's assumption**, not the game's rule: the source text of
    the initiative system does not say how its action rolls (the "‰" success
    marks) are made. Pass any callable ``roll(rng, shape) -> int array`` instead
    to model another mechanic.

    Examples
    --------
    >>> r = SuccessRoll(3, success=5)
    >>> r(np.random.default_rng(0), (4,)).shape
    (4,)
    """

    dice: int
    success: int = 5

    def __post_init__(self):
        LIMITS["roll dice"].check(self.dice, name="dice")
        LIMITS["success"].check(self.success, name="success")

    @property
    def p_success(self) -> Fraction:
        """Chance that one die is a success."""
        return Fraction(7 - self.success, 6)

    def __call__(self, rng, shape):
        return rng.binomial(self.dice, float(self.p_success), size=shape)


@dataclass(frozen=True)
class DefenceResult(Result):
    """Reactive-defence statistics (Estimates; shares are per attack or per defence).

    Attributes
    ----------
    mean_attacks : Estimate
        Mean number of attacks per round.
    p_defendable : Estimate
        Share of attacks that could be actively defended (the target — or, with
        ``cover``, a companion able to cover — still had a die).
    p_defended : Estimate
        Share of attacks actually defended (less than ``p_defendable`` only with
        ``defend_if_hit``: no defence against an attack that scored nothing).
    pmf_slow : dict
        ``{k: share of the defences made under "slow" of scale k}`` (0 = none),
        k = 0..5.
    p_slow_round : Estimate
        P(at least one defence of the round is slow).
    pmf_out_of_dice : dict
        ``{k: P(k defending participants are attacked at some point with no die
        of their own left)}``, whether or not a companion covers.
    mean_wound : Estimate or None
        Mean wound scale per attack (the attacker's margin left after defence and
        armour), if success rolls were given.
    p_wounding : Estimate or None
        Share of attacks that wound.
    mean_advantage : Estimate or None
        Mean one-use advantage a defender gains per defence (its positive margin).
    exact : bool
        Always False (Monte Carlo).
    trials : int
        Rounds simulated.
    raw : montecarlo.Totals
        The summed counts (not exported).
    """

    mean_attacks: Estimate
    p_defendable: Estimate
    p_defended: Estimate
    pmf_slow: dict
    p_slow_round: Estimate
    pmf_out_of_dice: dict
    mean_wound: Estimate | None
    p_wounding: Estimate | None
    mean_advantage: Estimate | None
    exact: bool
    trials: int
    raw: object = field(default=None, repr=False, metadata={"export": False})


def _pick(rng, mask):
    """For each row, a uniformly chosen column among those where ``mask`` is True (-1 if none)."""
    k = mask.sum(axis=1)
    r = rng.integers(0, np.maximum(k, 1))  # exactly uniform on 0..k-1
    csum = np.cumsum(mask, axis=1)
    idx = np.argmax(mask & (csum == (r + 1)[:, None]), axis=1)
    return np.where(k > 0, idx, -1)


def _top(cnt):
    """Each participant's highest unspent die (0: none left), from face counts (n, P, 7)."""
    has = cnt[:, :, 1:] > 0
    return np.where(has.any(axis=2), 6 - np.argmax(has[:, :, ::-1], axis=2), 0)


_FACE = np.left_shift(1, 4 * np.arange(7) - 4)  # face f -> 1 << 4(f - 1) (packed counts)
_FACE[0] = 0


class _Defence:
    """Picklable batch function for :func:`defence` (one action per loop step, all rows at once)."""

    def __init__(self, setup, attackers, cover, rolls, slow_cost, if_hit):
        self.rounds = Rounds(setup, dense=False)
        self.if_hit = if_hit
        self.sw = setup.sw
        self.side = np.array(setup.sides)
        self.tiebreak, self.attackers, self.cover = setup.rules.tiebreak, attackers, cover
        self.rolls, self.slow_cost = rolls, slow_cost
        self.defenders = len(setup.swiftness) if attackers == "versus" else setup.n

    def _dice(self, rng, n):
        """Each participant's face counts (n, P, 7) after pips, drawn like :func:`simulate`."""
        keys = self.rounds.draw(rng, n)
        P = len(self.sw)
        flat = (np.arange(n)[:, None] * P + key_owner(keys)) * 7 + key_value(keys)
        return np.bincount(flat.ravel(), minlength=n * P * 7).reshape(n, P, 7)

    def __call__(self, rng, n):
        P = len(self.sw)
        cnt = self._dice(rng, n)
        rolled = (cnt * _FACE).sum(axis=2)  # all rolled dice (set-aside included)
        unspent = rolled.copy()
        rows = np.arange(n)
        side = self.side
        attacks = np.zeros(n, np.int64)
        able_n = np.zeros(n, np.int64)
        defended = np.zeros(n, np.int64)
        slow = np.zeros((n, 6), np.int64)
        hit_empty = np.zeros((n, P), bool)
        wound = np.zeros(n, np.int64)
        wounding = np.zeros(n, np.int64)
        adv = np.zeros(n, np.int64)

        def spend(r, who, face):
            cnt[r, who, face] -= 1
            unspent[r, who] -= _FACE[face]

        for _ in range(sum(self.sw)):
            t = _top(cnt)
            live = t.max(axis=1) > 0
            if not live.any():
                break
            # each participant's next die, ranked by the acting rule (min key acts)
            value = np.maximum(t, 1)
            shift = 4 * (value - 1)
            held = (unspent >> shift) & 15
            below = unspent & ((1 << shift) - 1) if self.tiebreak == "unspent" else None
            key = rank_key(value, held, rolled, below, self.tiebreak)
            key = np.where(t > 0, key, np.iinfo(np.int64).max)
            actor = _pick(rng, key == key.min(axis=1, keepdims=True))
            v = t[rows, np.maximum(actor, 0)]
            act = live & (actor >= 0)
            spend(rows[act], actor[act], v[act])
            # the attack
            if self.attackers == "versus":
                atk = act & (side[np.maximum(actor, 0)] == 1)
            else:
                atk = act
            if not atk.any():
                continue
            a_side = side[np.maximum(actor, 0)]
            target_mask = (side[None, :] != a_side[:, None]) & atk[:, None]
            target = _pick(rng, target_mask)
            t = _top(cnt)
            a = v
            tgt = np.maximum(target, 0)
            t_top = t[rows, tgt]
            defender = np.where(atk & (t_top > 0), tgt, -1)
            if self.cover:
                # a companion with a die >= a defends instead of a slow (or empty) target
                comp = (side[None, :] == side[tgt][:, None]) & (np.arange(P) != tgt[:, None])
                able = comp & (t >= a[:, None]) & atk[:, None]
                choice = np.argmin(np.where(able, t, 99), axis=1)  # lowest sufficient die
                use = able.any(axis=1) & (t_top < a)
                defender = np.where(use, choice, defender)
            d_ok = defender >= 0
            able_n += d_ok
            if self.rolls is not None:
                m = self.rolls[0](rng, (n,)).astype(np.int64)  # the attack's successes
                if self.if_hit:  # the defender decides after seeing the attack
                    d_ok &= m > 0
            h = t[rows, np.maximum(defender, 0)]
            sc = np.where(d_ok, np.maximum(a - h, 0), 0)
            dr = rows[d_ok]
            spend(dr, defender[d_ok], h[d_ok])
            attacks += atk
            defended += d_ok
            slow[dr, sc[d_ok]] += 1
            empty = atk & (t_top == 0)  # the target itself had no die left
            hit_empty[rows[empty], tgt[empty]] = True
            if self.rolls is not None:
                _, r_def, r_arm = self.rolls
                dsucc = np.maximum(r_def(rng, (n,)).astype(np.int64) - self.slow_cost * sc, 0)
                margin = np.where(d_ok, m - dsucc, m)
                adv += np.where(d_ok & (margin < 0), -margin, 0)
                armour = r_arm(rng, (n,)).astype(np.int64) if r_arm is not None else 0
                w = np.where(atk, np.maximum(margin - armour, 0), 0)
                wound += w
                wounding += w > 0
        out_n = (
            hit_empty[:, side == 0].sum(axis=1)
            if self.attackers == "versus"
            else (hit_empty.sum(axis=1))
        )
        res = {
            "attacks": int(attacks.sum()),
            "attacks_sq": int((attacks * attacks).sum()),
            "defended": int(defended.sum()),
            "defended_sq": int((defended * defended).sum()),
            "defended_x_attacks": int((defended * attacks).sum()),
            "able": int(able_n.sum()),
            "able_sq": int((able_n * able_n).sum()),
            "able_x_attacks": int((able_n * attacks).sum()),
            "slow": slow.sum(axis=0),
            "slow_sq": (slow * slow).sum(axis=0),
            "slow_x_defended": (slow * defended[:, None]).sum(axis=0),
            "slow_round": int((slow[:, 1:].sum(axis=1) > 0).sum()),
            "out": np.bincount(out_n, minlength=self.defenders + 1),
        }
        if self.rolls is not None:
            for name, x, per_name, per in (
                ("wound", wound, "attacks", attacks),
                ("wounding", wounding, "attacks", attacks),
                ("adv", adv, "defended", defended),
            ):  # sums, squares and cross products: ratio estimates per attack / defence
                res[name] = int(x.sum())
                res[name + "_sq"] = int((x * x).sum())
                res[f"{name}_x_{per_name}"] = int((x * per).sum())
        return res


def _check_rolls(attack, defend, armour, defend_if_hit):
    """The success rolls: attack and defend together (or neither), armour only with them."""
    if (attack is None) != (defend is None):
        given = "attack" if attack is not None else "defend"
        raise refuse(
            "attack, defend", "both given or both None", f"only {given}", instead="give both"
        )
    if attack is None:
        if armour is not None:
            raise refuse("armour", "None without the attack and defend rolls", armour)
        if defend_if_hit:
            raise refuse(
                "defend_if_hit", "False without the attack and defend rolls", defend_if_hit
            )
        return None
    for name, r in (("attack", attack), ("defend", defend), ("armour", armour)):
        if r is not None and not callable(r):
            raise refuse(name, "a roll callable(rng, shape), e.g. SuccessRoll(3)", r, kind=True)
    return (attack, defend, armour)


def defence(
    swiftness,
    versus,
    *,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    attackers: str = "versus",
    cover: bool = False,
    defend_if_hit: bool = False,
    attack=None,
    defend=None,
    armour=None,
    slow_cost: int = 1,
    pips=0,
    versus_pips=0,
    rules=None,
    tiebreak=None,
    pip_rule=None,
    pip_policy=None,
    workers: int = 1,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> DefenceResult:
    """Simulate reactive defence in the d6 initiative system.

    The round runs in the acting order re-evaluated after every action
    (defences spend dice too, so they change the order; ``rules.order`` must be
    ``"action"``). Policy: every action of an attacking participant is an
    attack, with the die it acts on (its highest), on a uniformly random
    participant of the other side. The target defends itself if it has a die
    left, setting aside its highest die; if that die is below the attack's
    value the defence is "slow" with scale (attack value − that die). With
    ``cover=True``, when the target would be slow or has no die, the companion
    with the lowest die that is still ≥ the attack's value defends instead (no
    slow). Holding is not modelled.

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (as in :func:`~dicestats.initiative.simulate`).
    trials : int
        Rounds simulated.
    rng : None, int, SeedSequence or Generator
        Seed.
    attackers : {"versus", "both"}
        ``"versus"``: the ``versus`` side attacks and the first side defends
        (its own actions spend dice on something else); ``"both"``: every action
        of everyone is an attack on the other side.
    cover : bool
        Whether companions cover a target that would defend slow or not at all.
    defend_if_hit : bool
        The text lets a defender decide after seeing how effective the attack
        was: with this flag (and success rolls) nobody defends an attack that
        scored no success, so no die is spent on it.
    attack, defend, armour : callable, optional
        Success rolls ``roll(rng, shape) -> int array`` (e.g. :class:`SuccessRoll`),
        **the user's assumption**. With ``attack`` and ``defend`` given, wounds are
        computed: the defence loses ``slow_cost`` successes per point of slow scale
        (floored at 0), the attacker's margin is attack − defence, armour removes
        one success each from what is left, and a wound's scale is the positive
        remainder; a defender with a positive margin gains that advantage.
    slow_cost : int
        Defence successes lost per point of slow scale (the user's assumption).
    pips, versus_pips, rules, tiebreak, pip_rule, pip_policy
        As in :func:`~dicestats.initiative.simulate`.
    workers, progress
        As in :func:`dicestats.core.montecarlo.run`.
    batch_size : int, optional
        As in :func:`~dicestats.initiative.simulate`.

    Returns
    -------
    DefenceResult

    Examples
    --------
    One foe die against one hero die: the hero can defend exactly when the foe
    acts first (the hero's only die is unspent), which is half the time:

    >>> r = defence([1], [1], trials=20_000, rng=3)
    >>> abs(r.p_defendable.value - 0.5) < 4.5 * r.p_defendable.stderr
    True
    """
    setup = check_setup(
        swiftness,
        versus,
        pips,
        versus_pips,
        rules,
        tiebreak=tiebreak,
        pip_rule=pip_rule,
        pip_policy=pip_policy,
    )
    if setup.rules.order != "action":
        raise refuse(
            "order",
            "'action' in defence (defences spend dice: the order is re-evaluated)",
            setup.rules.order,
        )
    check_choice("attackers", attackers, _ATTACKERS)
    cover = check_bool("cover", cover)
    defend_if_hit = check_bool("defend_if_hit", defend_if_hit)
    slow_cost = LIMITS["slow_cost"].check(slow_cost, name="slow_cost")
    rolls = _check_rolls(attack, defend, armour, defend_if_hit)
    fn = _Defence(setup, attackers, cover, rolls, slow_cost, defend_if_hit)
    res = run_rounds(fn, setup, trials, rng, batch_size, workers, progress, "defence rounds")
    wounds = rolls is not None
    return DefenceResult(
        mean_attacks=res.mean("attacks"),
        p_defendable=res.ratio("able", "attacks"),
        p_defended=res.ratio("defended", "attacks"),
        pmf_slow={k: res.ratio("slow", "defended", k) for k in range(6)},
        p_slow_round=res.proportion("slow_round"),
        pmf_out_of_dice=dict(enumerate(res.proportions("out"))),
        mean_wound=res.ratio("wound", "attacks", kind="mean") if wounds else None,
        p_wounding=res.ratio("wounding", "attacks") if wounds else None,
        mean_advantage=res.ratio("adv", "defended", kind="mean") if wounds else None,
        exact=False,
        trials=res.trials,
        raw=res,
    )
