"""The Vampire: the Masquerade (5th edition) question, declared once
(:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:V5Roll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_win", "p_critical", "p_messy_critical", "p_bestial_failure", "p_total_failure"),
    grows="dice",
    wishes=("p_win", "p_critical"),
    counts="successes",
    samples=(
        Sample("5 dice, 2 Hunger, difficulty 3", (5, 2, 3), bad=({"hunger": 6},)),
        Sample("4 dice, no Hunger", (4,), bad=({"dice": 0}, {"difficulty": 0})),
        Sample(
            "6 dice, 3 Hunger, difficulty 4, any Hunger 1 bestial",
            (6, 3, 4, Rules(bestial_always=True)),
            bad=({"dice": 101}, {"hunger": -1}),
        ),
        Sample("2 Hunger dice alone, difficulty 2", (2, 2, 2), bad=({"difficulty": 201},)),
    ),
)
def roll(dice: int, hunger: int = 0, difficulty: int = 1, rules: Rules = DEFAULT):
    """The odds of one roll: win, critical win, messy critical, bestial and total failure.

    Each die showing 6-10 is a success; every pair of 10s (normal or Hunger dice) counts
    four; a win when the successes reach the difficulty. A critical win holds a pair of
    10s, a messy one a Hunger die showing 10; a bestial failure is a failed roll with a
    Hunger die showing 1; a total failure has no success at all.

    Parameters
    ----------
    dice : int
        The whole pool, Hunger dice included (1..100).
    hunger : int
        How many of its dice are Hunger dice (0..dice; Hunger is 0..5 in play).
    difficulty : int
        The successes needed (1..200).
    rules : Rules
        When a Hunger 1 is bestial.

    Returns
    -------
    V5Roll
        ``p_win``, ``p_critical`` (messy criticals included), ``p_messy_critical``,
        ``p_bestial_failure``, ``p_total_failure``; ``mean_margin``, the mean of
        successes - difficulty; ``successes``, their distribution.

    Examples
    --------
    >>> r = roll(5, hunger=2, difficulty=3, exact=True)
    >>> r.p_win, r.p_critical, r.p_messy_critical
    (Fraction(41, 80), Fraction(4073, 50000), Fraction(2939, 50000))
    >>> r.p_bestial_failure, r.p_total_failure
    (Fraction(1259, 10000), Fraction(1, 32))
    """
    dice = LIMITS["dice"].check(dice)
    hunger = LIMITS["hunger"].check(hunger)
    difficulty = LIMITS["difficulty"].check(difficulty)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a v5.Rules", rules, kind=True)
    if hunger > dice:
        raise refuse(
            "hunger",
            f"at most the pool ({dice} dice)",
            hunger,
            why="Hunger dice replace dice of the pool",
            instead=f"give hunger={dice}: every die is then a Hunger die",
        )
    return Setup(dice=dice, hunger=hunger, difficulty=difficulty, rules=rules)
