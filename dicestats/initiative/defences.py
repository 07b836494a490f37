"""The forms of :func:`~dicestats.initiative.defence`: its combat played on the round
engine, enumerated or by Monte Carlo, both read by :func:`defence_of`."""

from __future__ import annotations

from .engine import Drawn, Fight, Sums, engine_batch_size, held_fields
from .results import Defence
from .vector import batch_engine


def defence_of(fight: Fight, read) -> Defence:
    """:class:`~.results.Defence` of a fight from its engine's sums (``read``: enumerated,
    :class:`~.engine.Sums`, or drawn, :class:`~.engine.Drawn`)."""
    c = fight.combat
    rolls = c.rolls
    assumption = None
    if rolls:
        armour = [] if c.armour is None else [f"armour {c.armour.describe()}"]
        parts = [f"attack {c.attack.describe()}", f"defence {c.defend.describe()}", *armour]
        parts.append(f"slow costs {c.slow_cost} defence success(es) per point")
        assumption = "; ".join(parts) + " — the user's assumption, not the game's odds"

    def hist(name, per, size):
        return {k: read.share(name, per, k) for k in range(size)}

    slow = hist("slow", "responses", 6)
    return Defence(
        **fight.setup.described(),
        attackers=c.attackers,
        respond=c.respond,
        answer_every=not c.if_hit,
        kept_attack=c.kept,
        assumption=assumption,
        mean_attacks=read.mean("attacks"),
        p_defendable=read.share("able", "attacks"),
        p_defended=read.share("defended", "attacks"),
        responses=hist("resp_k", "attacks", read.size("resp_k")),
        p_target_responds=read.share("target_resp", "attacks"),
        mean_companion_responses=read.share("comp_resp", "attacks", kind="mean"),
        slow=slow,
        mean_slow=read.mean_scale("slow", "responses", slow),
        p_slow_round=read.per_round("slow_round"),
        out_of_dice={k: read.per_round("out", k) for k in range(read.size("out"))},
        margin=hist("margin", "attacks", c.attack.most + 1) if rolls else None,
        mean_wound=read.share("wound", "attacks", kind="mean") if rolls else None,
        p_wounding=read.share("wounding", "attacks") if rolls else None,
        mean_wounds_by_side=tuple(read.mean("wound_by", s) for s in (0, 1)) if rolls else None,
        advantage=hist("adv", "responses", c.defend.most + 1) if rolls else None,
        mean_advantage=read.share("adv_sum", "responses", kind="mean") if rolls else None,
        **held_fields(fight, read),
        **read.how,
    )


def compute_defence(s, exact: bool) -> Defence:
    """:class:`~.results.Defence` of a checked fight (``s.fight``), every outcome
    enumerated: Fractions, or floats (at most ``LIMITS["exact states"]`` rows at once)."""
    return defence_of(s.fight, Sums(s.fight, exact))


def batch_defence(s):
    """The batch function of :func:`~dicestats.initiative.defence`: the round engine's
    fast Monte Carlo (:class:`~.vector.VectorEngine`), or the general engine for a policy
    of the user's own (:func:`~.vector.batch_engine`)."""
    return batch_engine(s.fight)


def batch_size_defence(s) -> int:
    """Fights per batch by default (the round engine's: its counters near 32 MB)."""
    return engine_batch_size(s.fight)


def reduce_defence(s, res) -> Defence:
    """:class:`~.results.Defence` of the summed batches: every number an ``Estimate``."""
    return defence_of(s.fight, Drawn(s.fight, res, s.seed))
