"""The exact (and float) forms of :func:`~dicestats.initiative.odds`: by tiers
(:mod:`.tiers`) where its readings allow, else every dice outcome.

Each participant's roll is a multiset of faces weighted by its orderings
(:func:`~.setup.dice_classes`); the acting order is the sort of
:func:`~.order.round_keys`, every order the coins can give weighted 1/m! per run of m
tied participants (:func:`~.order.coin_orders`), in exact integers over one common
denominator. Holding and several rounds are the round engine's (:mod:`.engine`).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .engine import Sums, engine_odds, needs_engine
from .order import coin_orders, round_keys
from .pips import prepare
from .results import Odds
from .setup import dice_classes
from .tiers import carries, tier_odds


def _sums(index, weights, size):
    """Exact integer sums of ``weights`` by ``index`` (0..size-1), as Python ints."""
    out = np.zeros(size, dtype=weights.dtype)  # of objects: Python int 0s
    np.add.at(out, index, weights)
    return [int(x) for x in out]


def compute_odds(s, exact: bool) -> Odds:
    """:class:`~.results.Odds` of a checked fight (``s.fight``, ``s.size`` outcome classes):
    by tiers where the tier form carries the readings (:mod:`.tiers`, any size its work cap
    allows), else every dice outcome enumerated (:func:`enumerate_odds`); Fractions, or
    floats; holding or several rounds on the round engine."""
    fight = s.fight
    if needs_engine(fight):
        return engine_odds(fight, Sums(fight, exact), outcome_classes=s.size)
    if carries(fight.setup.rules) is None:
        return tier_odds(fight, exact, outcome_classes=s.size)
    return enumerate_odds(s, exact)


def enumerate_odds(s, exact: bool) -> Odds:
    """:class:`~.results.Odds` of a checked one-round fight without holding, every dice
    outcome enumerated: the variants the tier form does not carry, and its oracle."""
    fight = s.fight
    setup = fight.setup
    n_dice, n = setup.dice, setup.n
    small = 6**n_dice * n_dice < 2**62
    dice, weights = dice_classes(setup.sw, np.int64 if small else object)
    dice = prepare(dice, setup)
    keys = np.sort(round_keys(dice, setup.owners, setup.rules.tiebreak, setup.rules.order), axis=1)
    orders, src, k = coin_orders(keys, setup.rules.order)
    # one common denominator: 6^dice ordered rolls times the lcm of the coin branchings
    lcm = math.lcm(*np.unique(k).tolist())
    den = 6**n_dice * lcm
    if den * n_dice >= 2**62:
        weights, k = weights.astype(object), k.astype(object)
    wt = weights[src] * (lcm // k)
    sides = np.array(setup.sides)
    first = _sums(orders[:, 0], wt, n)
    before = _sums(np.argmax(sides[orders] == 1, axis=1), wt, sum(setup.swiftness) + 1)
    double = int(wt[(orders[:, 1:] == orders[:, :-1]).any(axis=1)].sum())
    at = _sums((orders + n * np.arange(n_dice)).ravel(), np.repeat(wt, n_dice), n * n_dice)
    pos = [sum((d + 1) * at[d * n + p] for d in range(n_dice)) for p in range(n)]

    def num(x, scale=1):
        return Fraction(x, den * scale) if exact else x / (den * scale)

    return Odds(
        **setup.described(),
        p_first=num(sum(first[: len(setup.swiftness)])),
        p_participant_first=tuple(num(x) for x in first),
        actions_before={i: num(x) for i, x in enumerate(before)},
        p_double=num(double),
        mean_position=tuple(num(pos[p], setup.sw[p]) for p in range(n)),
        hold=fight.hold,
        rounds=1,
        p_all_held=(num(0),),
        on_edge={0: num(den), 1: num(0)},
        edge_penalty=fight.edge,
        exact=exact,
        trials=None,
        outcome_classes=s.size,
        p_acts_at=tuple(tuple(num(at[d * n + p]) for p in range(n)) for d in range(n_dice)),
    )
