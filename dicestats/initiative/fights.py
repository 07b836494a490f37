"""Holding, several rounds, defences and armour: the API over the round engine.

:func:`~dicestats.initiative.odds` and :func:`~dicestats.initiative.simulate`
come here when a holding policy or several rounds are asked for;
:func:`~.fight_defence.defence_odds` (exact) and :func:`~.fight_defence.defence`
(Monte Carlo) always do. Both ways run :class:`~.engine.Engine`: the
enumeration expands every chance into weighted rows, the simulation draws it.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import described, refuse
from .engine import Combat, Engine
from .engine_exact import _TooBig
from .holding import hold_policies, is_never
from .limits import EXACT_LIMIT, LIMITS, check_exact_size
from .results import RoundOdds
from .setup import check_setup
from .simulation import run_rounds

__all__ = ["engine_odds", "engine_simulate", "Fight", "check_fight"]

#: Supporting characters go on edge with this penalty scale («на взводе [−3]»).
SUPPORTING_EDGE = 3


@dataclasses.dataclass(frozen=True)
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
    """Each participant's on-edge scale: a hero's weakness, or None for a supporting one."""
    lim = LIMITS["weakness"]
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


def check_fight(
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
    combat=None,
) -> Fight:
    """Every argument of a round-engine question, checked against ``LIMITS``."""
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


def _enumerate(fight: Fight, exact: bool, limit: int):
    """The engine's weighted sums (refusing setups beyond the caps)."""
    size = check_exact_size(fight.setup.sw, limit)
    lim = LIMITS["exact states"]
    try:
        tot, den = fight.engine().enumerate(exact, lim.hi)
    except _TooBig as big:
        raise refuse(
            "exact states",
            f"at most {lim.hi:,} in exact mode",
            described(f"{big.args[0]:,} at one step"),
            why=lim.why,
            instead=lim.instead,
        ) from None
    return tot, den, size


def _ratio(num, den, exact):
    """``num / den`` of two weighted sums (None when ``den`` is 0)."""
    if den == 0:
        return None
    return Fraction(num, den) if exact else float(num) / float(den)


def _held_fields(fight, tot, den, exact):
    R = fight.rounds
    return {
        "hold": fight.hold,
        "rounds": R,
        "p_all_held": tuple(_ratio(tot["all_held"][r], den, exact) for r in range(R)),
        "on_edge": {k: _ratio(tot["edges"][k], den, exact) for k in range(R + 1)},
        "edge_penalty": fight.edge,
    }


def engine_odds(fight: Fight, exact: bool, limit: int = EXACT_LIMIT) -> RoundOdds:
    """:class:`RoundOdds` of a fight by the engine's enumeration."""
    tot, den, size = _enumerate(fight, exact, limit)
    setup, R = fight.setup, fight.rounds
    per_round = den * R
    first = [_ratio(x, per_round, exact) for x in tot["first"]]
    na = len(setup.swiftness)
    return RoundOdds(
        **setup.described(),
        p_first=_ratio(sum(tot["first"][:na]), per_round, exact),
        p_participant_first=tuple(first),
        actions_before={k: _ratio(x, per_round, exact) for k, x in enumerate(tot["before"])},
        p_double=_ratio(tot["double"][()], per_round, exact),
        mean_position=tuple(
            _ratio(tot["pos_sum"][p], tot["act_n"][p], exact) for p in range(setup.n)
        ),
        **_held_fields(fight, tot, den, exact),
        exact=exact,
        trials=None,
        outcome_classes=size,
        p_acts_at=tuple(tuple(_ratio(x, per_round, exact) for x in row) for row in tot["acts_at"]),
    )


def _engine_batch(setup, shapes_ints: int, batch_size):
    """Fights per Monte Carlo batch: the default keeps a batch's counters near 32 MB."""
    if batch_size is not None:
        return batch_size
    return int(max(64, min(16_384, 2**22 // max(shapes_ints, 1))))


def _run(fight: Fight, trials, rng, workers, batch_size, progress, desc, executor=None):
    eng = fight.engine()
    per_row = sum(int(np.prod(s)) for k, s in eng.shapes.items() if k != "acts_at")
    per_row += 4 * fight.setup.n * 7 + 4 * fight.setup.n
    batch = _engine_batch(fight.setup, per_row, batch_size)
    return run_rounds(eng, fight.setup, trials, rng, batch, workers, progress, desc, executor)


def _per_round(res, name, index, R):
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


def _mc_held_fields(fight, res):
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


def engine_simulate(
    fight: Fight, trials, rng, workers, batch_size, progress, executor=None
) -> RoundOdds:
    """:class:`RoundOdds` of a fight by the engine's Monte Carlo."""
    res = _run(fight, trials, rng, workers, batch_size, progress, "initiative fights", executor)
    setup, R = fight.setup, fight.rounds
    n = setup.n
    t = res.totals
    if R == 1:  # a 0/1 per fight: Wilson, as simulate's fast path
        p_first = mc.wilson(int(np.asarray(t["first_side"])), res.trials, res.confidence)
    else:
        p_first = _per_round(res, "first_side", None, R)
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
    return RoundOdds(
        **setup.described(),
        p_first=p_first,
        p_participant_first=tuple(_per_round(res, "first", p, R) for p in range(n)),
        actions_before={
            k: _per_round(res, "before", k, R) for k in range(len(np.asarray(t["before"])))
        },
        p_double=_per_round(res, "double", None, R),
        mean_position=tuple(mean_position),
        **_mc_held_fields(fight, res),
        exact=False,
        trials=res.trials,
        outcome_classes=None,
        p_acts_at=tuple(
            tuple(mc.wilson(int(c), res.trials * R, res.confidence) for c in row) for row in acts
        ),
        raw=res,
    )
