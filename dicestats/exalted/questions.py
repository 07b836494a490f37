"""The Exalted question, declared once (:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:ExaltedRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_success", "p_failure", "p_botch"),
    grows="dice",
    wishes=("p_success",),
    counts="successes",
    samples=(
        Sample("5 dice at difficulty 1", (5,)),
        Sample("8 dice at difficulty 3", (8, 3), bad=({"dice": -1}, {"difficulty": 201})),
        Sample("6 dice, damage: 10s count one", (6, 2, Rules(double_tens=False))),
        Sample("3 dice at difficulty 0", (3, 0), bad=({"dice": 101}, {"difficulty": -1})),
    ),
)
def roll(dice: int, difficulty: int = 1, rules: Rules = DEFAULT, *, method):
    """The odds of one roll: success (successes at least the difficulty), failure, botch.

    Each d10 showing 7 or more is a success, a 10 two; no success and at least one 1 is a
    botch. The roll succeeds with at least ``difficulty`` successes and no botch (a botch
    shows none, so only difficulty 0 asks for the second).

    Parameters
    ----------
    dice : int
        The pool: Attribute + Ability plus bonus dice (0..100).
    difficulty : int
        The successes needed (0..200). At 0 the roll fails only by a botch.
    rules : Rules
        Whether a 10 counts two (not on a damage roll).

    Returns
    -------
    ExaltedRoll
        ``p_success``, ``p_failure`` (not a success, not a botch), ``p_botch``;
        ``successes``, the distribution of the successes shown.

    Examples
    --------
    >>> r = roll(5, exact=True)
    >>> r.p_success, r.p_failure, r.p_botch
    (Fraction(2882, 3125), Fraction(1, 32), Fraction(4651, 100000))
    >>> roll(3, 0, exact=True).p_success  # 1 - (0.6**3 - 0.5**3)
    Fraction(909, 1000)
    """
    dice = LIMITS["dice"].check(dice)
    difficulty = LIMITS["difficulty"].check(difficulty)
    if not isinstance(rules, Rules):
        raise refuse("rules", "an exalted.Rules", rules, kind=True)
    return Setup(dice=dice, difficulty=difficulty, rules=rules)
