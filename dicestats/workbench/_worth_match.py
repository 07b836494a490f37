"""Odds matched across systems: a Storyteller pool in Fate difficulties, a Fate roll in pools.

The two cross-system questions of the workbench's worth (see
:mod:`dicestats.workbench.worth` for how a :class:`~.worth.Worth` is read):
:func:`fate_match` and :func:`storyteller_match`.

Examples
--------
>>> fate_match(5, 6).lower
-3
"""

from __future__ import annotations

from ..core.checks import refuse
from ._worth_scale import crossing
from .worth import Worth, _fate_shifts, _fields, _margin, _max_dice, _reading, _st_args, _st_values

__all__ = ["fate_match", "storyteller_match"]


def _matched(change, unit, metric, target, c, exact, rules, specialty, words, setting) -> Worth:
    """A cross-system :class:`Worth`: no chance without a change, only the one to match."""
    return Worth(
        change=change,
        unit=unit,
        metric=metric,
        p_base=None,
        p_target=target,
        **_fields(c, exact),
        reading=_reading(rules, specialty, words),
        setting=setting,
        exact=exact,
    )


def _probability(metric: str) -> None:
    """Refuse ``mean_net``: an expected value matches no Fate chance."""
    if metric == "mean_net":
        raise refuse(
            "metric",
            "a probability to match",
            metric,
            why="a Fate chance is matched",
            instead="use p_success or p_ge_k",
        )


def fate_match(
    dice: int,
    difficulty: int = 6,
    rules=None,
    *,
    bonus: int = 0,
    objective: str = "success",
    metric: str = "p_success",
    specialty: bool = False,
    fate_dice: int | None = None,
    fate_rules=None,
    exact: bool = False,
) -> Worth:
    """The Fate difficulty whose odds match a Storyteller pool at a difficulty.

    The target is the Storyteller ``metric`` of ``dice`` at ``difficulty``
    under ``rules``; the scale is a Fate roll of ``fate_dice`` dF + ``bonus``
    (default 4dF + 0) reaching ``objective`` (default success or better)
    against every Fate difficulty. The worth is the Fate difficulty (the
    hardest one when several give the same chance).

    Examples
    --------
    >>> print(fate_match(5, 6, exact=True).summary())
    5 dice at difficulty 6 ≈ -2.24 Fate difficulty (between -3 and -2)
    """
    _probability(metric)
    rules, n, d = _st_args(dice, difficulty, rules, metric, specialty, exact)
    target = _st_values([n], [d], rules, exact, specialty, metric)[(d, n)]
    s, frules = _fate_shifts(bonus, 0, fate_dice, fate_rules, exact)  # shifts against 0
    m = _margin(objective, frules)
    lo, hi = s.support()
    # P(shifts − D ≥ m) for D from certain (lo − m) to impossible (hi − m + 1)
    points = [(dd, s.p_ge(m + dd)) for dd in range(lo - m, hi - m + 2)]
    c = crossing(points, target, rising=False)
    k = frules.dice if fate_dice is None else fate_dice
    words = f"; {k}dF {bonus:+d} against Fate difficulty x ({objective} or better) matches {n} "
    words += f"dice at {d}"
    setting = {"dice": n, "difficulty": d, "specialty": specialty, "bonus": bonus,
               "objective": objective, "fate_dice": k}  # fmt: skip
    change = f"{n} {'die' if n == 1 else 'dice'} at difficulty {d}"
    return _matched(change, "Fate difficulty", metric, target, c, exact, rules, specialty, words,
                    setting)  # fmt: skip


def storyteller_match(
    bonus: int = 0,
    difficulty: int = 0,
    *,
    dice: int | None = None,
    storyteller_difficulty: int | None = None,
    rules=None,
    objective: str = "success",
    metric: str = "p_success",
    specialty: bool = False,
    fate_dice: int | None = None,
    fate_rules=None,
    max_dice: int | None = None,
    exact: bool = False,
) -> Worth:
    """The Storyteller difficulty (or pool) whose odds match a Fate roll.

    The target is the chance of a Fate roll (``fate_dice`` dF + ``bonus``
    against ``difficulty``) reaching ``objective``. Give ``dice`` to find the
    Storyteller difficulty for that pool (2..10; the worth is a difficulty),
    or ``storyteller_difficulty`` to find the pool at that difficulty (1 ..
    ``max_dice`` dice; the worth is a number of dice). The Storyteller side
    is read as ``metric`` under ``rules`` (default revised).

    Examples
    --------
    >>> print(storyteller_match(2, 2, dice=5, exact=True).summary())
    +2 against 2 ≈ 9.53 Storyteller difficulty (between 9 and 10)
    >>> print(storyteller_match(2, 2, storyteller_difficulty=9).summary())
    +2 against 2 ≈ 2.8 Storyteller dice (between 2 and 3)
    """
    if (dice is None) == (storyteller_difficulty is None):
        raise refuse(
            "dice and storyteller_difficulty",
            "exactly one given (the pool whose difficulty is sought, or the difficulty "
            "whose pool is sought)",
            (dice, storyteller_difficulty),
        )
    _probability(metric)
    s, frules = _fate_shifts(bonus, difficulty, fate_dice, fate_rules, exact)
    m = _margin(objective, frules)
    target = s.p_ge(m)
    k = frules.dice if fate_dice is None else fate_dice
    if dice is not None:
        rules, n, _ = _st_args(dice, 6, rules, metric, specialty, exact)
        values = _st_values([n], range(2, 11), rules, exact, specialty, metric)
        c = crossing([(dd, values[(dd, n)]) for dd in range(2, 11)], target, rising=False)
        unit, side = "Storyteller difficulty", f"{n} dice at difficulty x"
    else:
        rules, _, d = _st_args(1, storyteller_difficulty, rules, metric, specialty, exact)
        top = _max_dice(max_dice, rules, exact, specialty, 1)
        values = _st_values(range(1, top + 1), [d], rules, exact, specialty, metric)
        c = crossing([(nn, values[(d, nn)]) for nn in range(1, top + 1)], target, rising=True)
        unit, side = "Storyteller dice", f"x dice (up to {top}) at difficulty {d}"
    words = f"; {side} match {k}dF {bonus:+d} against {difficulty} ({objective} or better)"
    setting = {"bonus": bonus, "difficulty": difficulty, "objective": objective, "fate_dice": k,
               "dice": dice, "storyteller_difficulty": storyteller_difficulty,
               "specialty": specialty}  # fmt: skip
    return _matched(f"{bonus:+d} against {difficulty}", unit, metric, target, c, exact, rules,
                    specialty, words, setting)  # fmt: skip
