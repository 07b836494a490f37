"""Exact odds of one round by enumerating every dice outcome (small setups).

Each participant's roll is enumerated as a multiset of faces weighted by its
number of orderings (so all 6^k ordered outcomes are covered); the pips are
added, the acting order is the sort of :func:`~.order.round_keys` (the one
rule), and every order the coins can give is weighted 1/m! per run of m tied
participants (:func:`~.order.coin_orders`). Sums are Python-exact integers over
one common denominator; the answer is Fractions, or floats with ``exact=False``.

Examples
--------
>>> odds([1], [1]).p_first
Fraction(1, 2)
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..core.checks import check_bool, check_int
from .engine import check_fight, engine_odds, needs_engine
from .limits import EXACT_LIMIT, check_exact_size
from .order import coin_orders, round_keys
from .pips import prepare
from .results import RoundOdds
from .setup import dice_classes

__all__ = ["odds"]


def _sums(index, weights, size):
    """Exact integer sums of ``weights`` by ``index`` (0..size-1), as Python ints."""
    out = np.zeros(size, dtype=weights.dtype)
    if weights.dtype == object:
        out[:] = 0
    np.add.at(out, index, weights)
    return [int(x) for x in out]


def odds(
    swiftness,
    versus,
    *,
    pips=0,
    versus_pips=0,
    rules=None,
    tiebreak=None,
    order=None,
    pip_rule=None,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness=None,
    versus_weakness=None,
    limit: int = EXACT_LIMIT,
    exact: bool = True,
) -> RoundOdds:
    """Statistics of one round of two sides, every dice outcome enumerated.

    The same question as :func:`~dicestats.initiative.simulate` (the same
    :class:`~.results.RoundOdds`), answered by enumeration: for small setups.

    Parameters
    ----------
    swiftness, versus : list of int
        Swiftness (number of d6) of each participant of the two sides.
    pips, versus_pips : list of int, or int
        Preparation margins, one per participant of the side (``[2, 0, 0]``);
        a bare int for a one-member side (or 0: nobody prepared). With
        ``pip_rule="side-pool"``: one int, the side's shared margin.
    rules : Rules, optional
        The readings in force; ``tiebreak``, ``order`` and ``pip_rule``
        override one field.
    hold, versus_hold : str, HoldPolicy or list
        Each side's holding policy (:mod:`~dicestats.initiative.holding`):
        ``"never"`` (default), ``"defend"``, ``"after-enemy"``, ``"always"`` or
        your own; one for the side or one per participant. Anything but
        ``"never"`` (or ``rounds`` > 1) plays the rounds action by action on the
        round engine (:mod:`~dicestats.initiative.engine`).
    rounds : int
        Rounds per fight: a round in which everyone held puts everyone on edge
        and forbids holding in the next. The round statistics are pooled over
        the rounds; ``p_all_held`` is per round.
    weakness, versus_weakness : list of int or None, optional
        Each participant's on-edge scale: a hero's weakness, or None for a
        supporting character («на взводе [−3]»); None for a side: all supporting.
    limit : int
        Refuse setups with more outcome classes than this (default
        ``LIMITS["outcome classes"]``), or with more work than
        ``EXACT_WORK_PER_CLASS`` times this (work = outcome classes × dice ×
        participants² / 4, a measure of the running time).
    exact : bool
        Fractions (default) or floats.

    Returns
    -------
    RoundOdds
        With ``trials=None`` and ``outcome_classes`` set.

    Raises
    ------
    dicestats.InputError
        If the setup has more than ``limit`` outcome classes, or more work (as above).

    Examples
    --------
    One die against two: the single die acts first only if it beats both
    (a tie loses: the other side has more dice, and a missing die ranks
    lowest), so P = Σ_x (x-1)²/6³ = 55/216:

    >>> odds([1], [2]).p_first
    Fraction(55, 216)
    >>> odds([1], [2], exact=False).p_first
    0.25462962962962965
    """
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
    )
    setup = fight.setup
    limit = check_int("limit", limit, 1)
    exact = check_bool("exact", exact)
    if needs_engine(fight):
        return engine_odds(fight, exact, limit)
    size = check_exact_size(setup.sw, limit)
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

    return RoundOdds(
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
        outcome_classes=size,
        p_acts_at=tuple(tuple(num(at[d * n + p]) for p in range(n)) for d in range(n_dice)),
    )
