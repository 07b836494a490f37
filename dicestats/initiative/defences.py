"""Defences: who answers an attack, slow answers, armour and the defender's advantage.

:func:`defence_odds` (exact) and :func:`defence` (Monte Carlo) set up a
:class:`~.engine.Fight` with attackers and success rolls and run it on the
round engine (:mod:`.engine`).

Examples
--------
>>> r = defence_odds([1], [1], order="action", respond="target")
>>> r.p_defendable, r.slow[0]
(Fraction(1, 2), Fraction(1, 6))
"""

from __future__ import annotations

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import check_bool, check_choice, check_int, refuse
from ..core.results import Estimate, z_value
from .engine import (
    Combat,
    check_fight,
    enumerate_fight,
    held_fields,
    mc_held_fields,
    per_round,
    ratio,
    run_fight,
)
from .limits import EXACT_LIMIT, LIMITS
from .results import DefenceResult
from .rolls import RollTable, check_roll
from .rules import ATTACKERS, RESPONSES

__all__ = ["defence", "defence_odds"]


def _check_combat(attackers, respond, defend_if_hit, attack, defend, armour, slow_cost):
    check_choice("attackers", attackers, ATTACKERS)
    respond = "every" if respond is None else respond
    check_choice("respond", respond, RESPONSES)
    defend_if_hit = check_bool("defend_if_hit", defend_if_hit)
    slow_cost = LIMITS["slow_cost"].check(slow_cost, name="slow_cost")
    attack, defend, armour = (
        check_roll("attack", attack),
        check_roll("defend", defend),
        check_roll("armour", armour),
    )
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
    return Combat(attackers, respond, attack, defend, armour, slow_cost, defend_if_hit)


def _assumption(c: Combat) -> str | None:
    if not c.rolls:
        return None
    parts = [f"attack {c.attack.describe()}", f"defence {c.defend.describe()}"]
    if c.armour is not None:
        parts.append(f"armour {c.armour.describe()}")
    parts.append(f"slow costs {c.slow_cost} defence success(es) per point")
    return "; ".join(parts) + " — the user's assumption, not the game's odds"


def _check_exact_rolls(c: Combat, exact: bool):
    if not exact:
        return
    for name in ("attack", "defend", "armour"):
        r = getattr(c, name)
        if isinstance(r, RollTable) and any(isinstance(p, float) for p in r.table.values()):
            raise refuse(
                name,
                "a roll with exact probabilities (ints or Fractions) when exact=True",
                r.describe(),
                instead="give Fractions, or exact=False",
            )


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


def defence_odds(
    swiftness,
    versus,
    *,
    attackers: str = "versus",
    respond: str | None = None,
    defend_if_hit: bool = False,
    attack=None,
    defend=None,
    armour=None,
    slow_cost: int = 1,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness=None,
    versus_weakness=None,
    pips=0,
    versus_pips=0,
    rules=None,
    tiebreak=None,
    order=None,
    pip_rule=None,
    limit: int = EXACT_LIMIT,
    exact: bool = True,
) -> DefenceResult:
    """Attacks and their answers, every outcome enumerated (small setups).

    The exact twin of :func:`defence` (the same :class:`~.results.DefenceResult`,
    Fractions where it has estimates); the parameters are the same (no ``trials``,
    ``rng``, ``workers``). Success rolls must be :class:`~.rolls.SuccessRoll` or
    :class:`~.rolls.RollTable` with exact probabilities. The enumeration holds at
    most ``LIMITS["exact states"]`` rows at once.

    Examples
    --------
    One foe die against one hero die, the order re-evaluated after every action:
    the hero can answer exactly when the foe acts first (half the time), slow
    unless the dice tie:

    >>> r = defence_odds([1], [1], order="action")
    >>> r.p_defendable, r.slow[0], r.slow[5]
    (Fraction(1, 2), Fraction(1, 6), Fraction(1, 18))
    """
    combat = _check_combat(attackers, respond, defend_if_hit, attack, defend, armour, slow_cost)
    exact = check_bool("exact", exact)
    _check_exact_rolls(combat, exact)
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
        combat,
    )
    tot, den, _ = enumerate_fight(fight, exact, check_int("limit", limit, 1))
    R = fight.rounds
    c = combat
    att = tot["attacks"][()]
    resp = tot["responses"][()]

    def per(x, d):
        return ratio(x, d, exact)

    rolls = c.rolls
    return DefenceResult(
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


def defence(
    swiftness,
    versus,
    *,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    attackers: str = "versus",
    respond: str | None = None,
    defend_if_hit: bool = False,
    attack=None,
    defend=None,
    armour=None,
    slow_cost: int = 1,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness=None,
    versus_weakness=None,
    pips=0,
    versus_pips=0,
    rules=None,
    tiebreak=None,
    order=None,
    pip_rule=None,
    workers: int = 1,
    executor=None,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> DefenceResult:
    """Attacks and their answers in the d6 initiative system (Monte Carlo).

    Every action of an attacking participant is an attack, with the die it acts
    on, on a uniformly chosen participant of the other side. Responders answer
    it in turn, each at most once, each setting aside its highest die («Когда на
    тебя нападают, ты не можешь предпринять больше одного ответного действия …
    твои товарищи могут попытаться спасти тебя, точно так же совершая по одному
    действию»):

    * the **target**, if it has a die left: slow when its highest die is lower
      than the attack's, scale = attack die − that die (never against the action
      of a holder: «считается, что у них одинаковая инициатива»);
    * with ``respond="every"`` (default), then each **companion** whose highest
      die is ≥ the attack's (any die against a holder's attack), highest die
      first, the lower participant number among equals, never slow — while the
      attack still threatens: with success rolls while the attacker has a
      margin left (a defender decides after seeing the attack), without them
      until one answer came at full speed;
    * ``respond="target"``: the target alone; ``respond="cover"``: the target,
      or instead of a slow or empty-handed target the companion with the lowest
      sufficient die (the readings this project used before).

    With success rolls (``attack`` and ``defend``, optionally ``armour``: **the
    user's assumption**, :class:`~.rolls.SuccessRoll` or :class:`~.rolls.RollTable`),
    each response's successes, less ``slow_cost`` per point of slow, come off
    the attacker's margin; a responder whose successes exceed what was left
    gains the excess as a one-use advantage; armour (passive: «Она учитывается
    после этого действия, если оно не принесло желаемых плодов, или вместо
    него») then removes its successes from what is left; the rest is the
    wound's (or difficulty's) scale.

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (as in :func:`~dicestats.initiative.simulate`).
    trials : int
        Fights simulated (each ``rounds`` rounds).
    rng : None, int, SeedSequence or Generator
        Seed; the same seed gives identical results for any ``workers``.
    workers, executor
        Worker processes, or any ``concurrent.futures.Executor`` to run the
        batches on (a Dask cluster's); the numbers are identical.
    attackers : {"versus", "both"}
        ``"versus"``: the ``versus`` side attacks, the first side defends (its
        own actions are not attacks); ``"both"``: every action is an attack.
    respond : {"every", "target", "cover"}
        Who answers an attack (above).
    defend_if_hit : bool
        The target answers only an attack that scored (needs success rolls).
    attack, defend, armour : SuccessRoll or RollTable, optional
        Success rolls (the user's assumption).
    slow_cost : int
        Defence successes lost per point of slow scale (the user's assumption).
    hold, versus_hold : str, HoldPolicy or list
        Each side's holding policy (:mod:`~.holding`): one for the side or one
        per participant.
    rounds : int
        Rounds per fight (the "everyone held" rule carries into the next round).
    weakness, versus_weakness : list of int or None, optional
        Each participant's on-edge scale: a hero's weakness, or None for a
        supporting character (3); None for the whole side: all supporting.
    pips, versus_pips, rules, tiebreak, order, pip_rule
        As in :func:`~dicestats.initiative.simulate`.
    workers, batch_size, progress
        As in :func:`dicestats.core.montecarlo.run`.

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
    combat = _check_combat(attackers, respond, defend_if_hit, attack, defend, armour, slow_cost)
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
        combat,
    )
    res = run_fight(fight, trials, rng, workers, batch_size, progress, "defence fights", executor)
    R = fight.rounds
    c = combat
    rolls = c.rolls

    def share(name, den, index=None, kind="proportion"):
        return res.ratio(name, den, index, kind)

    def hist(name, den, size):
        return {k: share(name, den, k) for k in range(size)}

    out_size = len(np.asarray(res["out"]))
    slow = hist("slow", "responses", 6)
    return DefenceResult(
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
            tuple(res.mean("wound_by", s, scale=R) for s in (0, 1)) if rolls else None
        ),
        advantage=hist("adv", "responses", c.defend.most + 1) if rolls else None,
        mean_advantage=share("adv_sum", "responses", kind="mean") if rolls else None,
        **{k: v for k, v in mc_held_fields(fight, res).items() if k not in ("hold", "rounds")},
        exact=False,
        trials=res.trials,
        raw=res,
    )
