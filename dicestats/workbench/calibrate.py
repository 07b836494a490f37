"""Calibration tables: the dice each difficulty needs, the difficulty each Fate rating beats.

:func:`storyteller_calibration` answers, for every difficulty, the smallest pool
reaching each level (50%, 75%, 90%, 95% by default) — :func:`solve_pool` for
every cell, one engine pass per difficulty. :func:`fate_calibration` answers, for
every rating, the hardest difficulty it reaches each level at —
:func:`solve_fate_difficulty` for every cell. A level no pool reaches (at
difficulty 10 under the revised rules one 1 cancels each 10: ``P(success)``
stays below 50% for every pool) is ``None`` in the table, not an error.

Examples
--------
>>> cal = storyteller_calibration(difficulties=[6, 8, 10], dice_limit=60)
>>> cal.answers[8]
{0.5: 3, 0.75: 9, 0.9: 20, 0.95: 30}
>>> cal.answers[10][0.5] is None
True
>>> fate_calibration(ratings=[2]).answers[2]
{0.5: 1, 0.75: 0, 0.9: -1, 0.95: -2}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.checks import check_bool, check_exact, check_int, refuse
from ..core.results import Result
from ..fate.limits import LIMITS as FATE_LIMITS
from ..storyteller.pools import check_difficulty_list
from ..storyteller.rules import REVISED, Rules, check_rules
from ._search import check_probability, first_at_least
from .fate_solve import _check as _fate_check
from .fate_solve import difficulty_scan
from .storyteller_solve import _check_dice_limit, _check_event, pool_probabilities

__all__ = [
    "LEVELS",
    "CALIBRATION_DICE",
    "Calibration",
    "storyteller_calibration",
    "fate_calibration",
]

#: The default levels of a calibration table.
LEVELS = (0.5, 0.75, 0.9, 0.95)
#: The largest pool a Storyteller calibration table searches by default.
CALIBRATION_DICE = 100


@dataclass(frozen=True)
class Calibration(Result):
    """A calibration table: for each setting and level, the answer and its probability.

    Attributes
    ----------
    system : {"storyteller", "fate"}
    solved_for : {"dice", "difficulty"}
        What each cell answers: the smallest pool (Storyteller) or the hardest
        difficulty (Fate).
    levels : tuple
        The wished probabilities, in order.
    settings : tuple of int
        The difficulties (Storyteller) or the ratings (Fate), in order.
    answers : dict
        ``{setting: {level: answer or None}}`` (None: nothing in range reaches it).
    probabilities : dict
        ``{setting: {level: P at the answer or None}}``.
    reading : str
        The rules in force, in words.
    dice_limit : int or None
        The largest pool searched (Storyteller).
    exact : bool
    """

    system: str
    solved_for: str
    levels: tuple
    settings: tuple
    answers: dict
    probabilities: dict = field(repr=False)
    reading: str
    dice_limit: int | None
    exact: bool
    trials: int | None = None


def _levels(levels) -> tuple:
    if isinstance(levels, (str, bytes)) or not hasattr(levels, "__iter__"):
        raise refuse("levels", "a sequence of probabilities", levels, kind=True)
    levels = tuple(check_probability("levels", p) for p in levels)
    if not 1 <= len(levels) <= 20:
        raise refuse("levels", "1..20 probabilities", levels)
    return levels


def storyteller_calibration(
    levels=LEVELS,
    difficulties=range(2, 11),
    rules: Rules = REVISED,
    *,
    event: str = "success",
    net: int = 1,
    specialty: bool = False,
    dice_limit: int | None = None,
    exact: bool = False,
) -> Calibration:
    """For each difficulty, the smallest pool whose ``P(event)`` reaches each level.

    Arguments as :func:`.solve_pool`; ``levels`` a sequence of probabilities.
    ``dice_limit`` defaults to :data:`CALIBRATION_DICE` (100: a table for people),
    or the rules' search limit when it is lower.

    Examples
    --------
    >>> storyteller_calibration([0.5], [6], exact=True).probabilities[6]
    {0.5: Fraction(1, 2)}
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    net = _check_event(event, net, ("success", "no_botch"))
    levels = _levels(levels)
    diffs = check_difficulty_list(difficulties, rules)
    if dice_limit is None:  # the default: within the rules' own limit
        top = min(CALIBRATION_DICE, _check_dice_limit(None, rules, exact, specialty))
    else:
        top = _check_dice_limit(dice_limit, rules, exact, specialty)
    answers, probs = {}, {}
    hardest = max(levels)
    for d in diffs:
        pairs = pool_probabilities(
            d, rules, event=event, net=net, specialty=specialty, exact=exact, dice_limit=top,
            stop=lambda q: first_at_least([(0, q)], hardest) is not None,
        )  # fmt: skip
        hits = {p: first_at_least(pairs, p) for p in levels}
        answers[d] = {p: h[0] if h else None for p, h in hits.items()}
        probs[d] = {p: h[1] if h else None for p, h in hits.items()}
    return Calibration(
        "storyteller", "dice", levels, tuple(diffs), answers, probs,
        rules.describe(specialty=specialty), top, exact,
    )  # fmt: skip


def fate_calibration(
    levels=LEVELS,
    ratings=range(-1, 6),
    objective: str = "success",
    *,
    dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> Calibration:
    """For each rating, the hardest difficulty at which ``objective`` reaches each level.

    Examples
    --------
    >>> cal = fate_calibration([0.5], [0, 3], "tie", exact=True)
    >>> cal.answers, cal.probabilities[0]
    ({0: {0.5: 0}, 3: {0.5: 3}}, {0.5: Fraction(50, 81)})
    """
    rules, n, margin = _fate_check(objective, dice, exact, rules)
    levels = _levels(levels)
    if isinstance(ratings, (str, bytes)) or not hasattr(ratings, "__iter__"):
        raise refuse("ratings", "a sequence of integer ratings", ratings, kind=True)
    ratings = [FATE_LIMITS["rating"].check(r, name="ratings") for r in ratings]
    check_int("ratings", len(ratings), 1, 100)
    answers, probs = {}, {}
    for r in ratings:
        scan = difficulty_scan(r, objective, n, margin, exact=exact)
        hits = {p: first_at_least(scan, p) for p in levels}
        answers[r] = {p: h[0] for p, h in hits.items()}
        probs[r] = {p: h[1] for p, h in hits.items()}
    return Calibration(
        "fate", "difficulty", levels, tuple(ratings), answers, probs,
        f"{n}dF, {objective.replace('success', 'success or better')}", None, exact,
    )  # fmt: skip
