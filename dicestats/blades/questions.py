"""The Blades in the Dark question, declared once (:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:BladesRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_critical", "p_full", "p_partial", "p_bad"),
    grows="dice",
    wishes=("p_success", "p_partial_or_better"),
    counts="die",
    samples=(
        Sample("4 dice", (4,)),
        Sample("0 dice: the lowest of two", (0,), bad=({"dice": -1},)),
        Sample("2 dice, no criticals", (2, Rules(critical=False)), bad=({"dice": 101},)),
        Sample("7 dice", (7,)),
    ),
)
def roll(dice: int, rules: Rules = DEFAULT, *, method):
    """The odds of one action roll: critical, full success, partial success, bad outcome.

    The highest die decides: 6 a full success, 4-5 a partial one, 1-3 a bad outcome; two
    or more 6s a critical. A pool of 0 dice rolls 2d6 and reads the lowest (no critical).

    Parameters
    ----------
    dice : int
        The pool: action rating plus bonus dice (0..100).
    rules : Rules
        The reading of 0 dice and of two 6s.

    Returns
    -------
    BladesRoll
        ``p_critical``, ``p_full``, ``p_partial``, ``p_bad``; ``p_success`` (full or
        critical: a 6 read) and ``p_partial_or_better`` (4+ read); ``die``, the
        distribution of the die read (the highest; with 0 dice the lowest of two).

    Examples
    --------
    >>> r = roll(4, exact=True)
    >>> r.p_critical, r.p_full, r.p_partial, r.p_bad
    (Fraction(19, 144), Fraction(125, 324), Fraction(34, 81), Fraction(1, 16))
    >>> roll(0, exact=True).p_bad
    Fraction(3, 4)
    """
    dice = LIMITS["dice"].check(dice)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a blades.Rules", rules, kind=True)
    if dice == 0 and rules.zero_dice == "none":
        raise refuse("dice", "at least 1 with zero_dice='none'", dice)
    return Setup(dice=dice, rules=rules)
