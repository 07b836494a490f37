"""Defences: who answers an attack, slow answers, armour and the defender's advantage.

The forms of :func:`~dicestats.initiative.defence` (declared in :mod:`.questions`):
a checked :class:`~.engine.Fight` with attackers and success rolls, played on the
round engine (:mod:`.engine`): enumerated (:func:`compute_defence`: Fractions or
floats) or by Monte Carlo (:func:`batch_defence`, :func:`reduce_defence`).

Examples
--------
>>> from dicestats.initiative import defence
>>> r = defence([1], [1], order="action", respond="target")
>>> r.p_defendable, r.slow[0]
(Fraction(1, 2), Fraction(1, 6))
"""

from __future__ import annotations

import numpy as np

from ..core.results import Estimate, z_value
from .engine import (
    Combat,
    engine_batch_size,
    enumerate_fight,
    held_fields,
    mc_held_fields,
    per_round,
    ratio,
)
from .results import Defence

__all__ = ["compute_defence", "batch_defence", "batch_size_defence", "reduce_defence"]


def _assumption(c: Combat) -> str | None:
    if not c.rolls:
        return None
    parts = [f"attack {c.attack.describe()}", f"defence {c.defend.describe()}"]
    if c.armour is not None:
        parts.append(f"armour {c.armour.describe()}")
    parts.append(f"slow costs {c.slow_cost} defence success(es) per point")
    return "; ".join(parts) + " — the user's assumption, not the game's odds"


def _defence_fields(fight):
    c = fight.combat
    return dict(
        **fight.setup.described(),
        attackers=c.attackers,
        respond=c.respond,
        defend_if_hit=c.if_hit,
        hold=fight.hold,
        rounds=fight.rounds,
        assumption=_assumption(c),
    )


def _resp_size(fight):
    s = fight.setup
    return max(len(s.swiftness), len(s.versus)) + 1


def compute_defence(s, exact: bool) -> Defence:
    """:class:`~.results.Defence` of a checked fight (``s.fight``), every outcome
    enumerated: Fractions, or floats. The enumeration holds at most
    ``LIMITS["exact states"]`` rows at once."""
    fight = s.fight
    tot, den = enumerate_fight(fight, exact)
    R = fight.rounds
    c = fight.combat
    att = tot["attacks"][()]
    resp = tot["responses"][()]

    def per(x, d):
        return ratio(x, d, exact)

    rolls = c.rolls
    return Defence(
        **_defence_fields(fight),
        mean_attacks=per(att, den * R),
        p_defendable=per(tot["able"][()], att),
        p_defended=per(tot["defended"][()], att),
        responses={k: per(x, att) for k, x in enumerate(tot["resp_k"][: _resp_size(fight)])},
        p_target_responds=per(tot["target_resp"][()], att),
        mean_companion_responses=per(tot["comp_resp"][()], att),
        slow={k: per(x, resp) for k, x in enumerate(tot["slow"])},
        mean_slow=per(sum(k * x for k, x in enumerate(tot["slow"])), resp),
        p_slow_round=per(tot["slow_round"][()], den * R),
        out_of_dice={k: per(x, den * R) for k, x in enumerate(tot["out"])},
        margin={k: per(x, att) for k, x in enumerate(tot["margin"])} if rolls else None,
        mean_wound=per(tot["wound"][()], att) if rolls else None,
        p_wounding=per(tot["wounding"][()], att) if rolls else None,
        mean_wounds_by_side=tuple(per(x, den * R) for x in tot["wound_by"]) if rolls else None,
        advantage={k: per(x, resp) for k, x in enumerate(tot["adv"])} if rolls else None,
        mean_advantage=per(tot["adv_sum"][()], resp) if rolls else None,
        **{
            k: v
            for k, v in held_fields(fight, tot, den, exact).items()
            if k not in ("hold", "rounds")
        },
        exact=exact,
        trials=None,
    )


def _mean_scale(shares: dict) -> Estimate:
    """``Σ k · shares[k]`` of Monte Carlo shares of one denominator, with a conservative
    interval: the ratio estimator's residual is ``Σ k · e_k``, so its standard error is at
    most ``Σ k · stderr_k`` (Minkowski). A nan share (no responses) gives a nan mean.

    Examples
    --------
    >>> from dicestats.core.results import Estimate
    >>> half = Estimate(0.5, 0.01, 0.48, 0.52, 100)
    >>> e = _mean_scale({0: half, 2: half})
    >>> round(e.value, 12), round(e.stderr, 12), e.kind
    (1.0, 0.02, 'mean')
    """
    first = next(iter(shares.values()))
    value = sum(k * e.value for k, e in shares.items())
    se = sum(k * e.stderr for k, e in shares.items())
    z = z_value(first.confidence)
    return Estimate(
        value, se, value - z * se, value + z * se, first.trials, "mean", first.confidence
    )


def batch_defence(s):
    """The batch function of :func:`~dicestats.initiative.defence`: the round engine."""
    return s.fight.engine()


def batch_size_defence(s) -> int:
    """Fights per batch by default (the round engine's: its counters near 32 MB)."""
    return engine_batch_size(s.fight)


def reduce_defence(s, res) -> Defence:
    """:class:`~.results.Defence` of the summed batches: every number an ``Estimate``.

    Examples
    --------
    One foe die against one hero die: the hero can defend exactly when the foe
    acts first (the hero's only die is unspent), which is half the time:

    >>> from dicestats.initiative import defence
    >>> r = defence([1], [1], trials=20_000, rng=3)
    >>> abs(r.p_defendable.value - 0.5) < 4.5 * r.p_defendable.stderr
    True
    """
    fight = s.fight
    R = fight.rounds
    c = fight.combat
    rolls = c.rolls

    def share(name, den, index=None, kind="proportion"):
        return res.ratio(name, den, index, kind)

    def hist(name, den, size):
        return {k: share(name, den, k) for k in range(size)}

    out_size = len(np.asarray(res["out"]))
    slow = hist("slow", "responses", 6)
    return Defence(
        **_defence_fields(fight),
        mean_attacks=res.mean("attacks", scale=R),
        p_defendable=share("able", "attacks"),
        p_defended=share("defended", "attacks"),
        responses=hist("resp_k", "attacks", _resp_size(fight)),
        p_target_responds=share("target_resp", "attacks"),
        mean_companion_responses=share("comp_resp", "attacks", kind="mean"),
        slow=slow,
        mean_slow=_mean_scale(slow),
        p_slow_round=per_round(res, "slow_round", None, R),
        out_of_dice={k: per_round(res, "out", k, R) for k in range(out_size)},
        margin=hist("margin", "attacks", c.attack.most + 1) if rolls else None,
        mean_wound=share("wound", "attacks", kind="mean") if rolls else None,
        p_wounding=share("wounding", "attacks") if rolls else None,
        mean_wounds_by_side=(
            tuple(res.mean("wound_by", side, scale=R) for side in (0, 1)) if rolls else None
        ),
        advantage=hist("adv", "responses", c.defend.most + 1) if rolls else None,
        mean_advantage=share("adv_sum", "responses", kind="mean") if rolls else None,
        **{k: v for k, v in mc_held_fields(fight, res).items() if k not in ("hold", "rounds")},
        exact=False,
        trials=res.trials,
        seed=s.seed,
        raw=res,
    )
