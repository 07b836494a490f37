"""The Chronicles of Darkness question, declared once (:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:CodRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_success", "p_exceptional", "p_dramatic_failure", "mean_successes"),
    grows="dice",
    wishes=("p_success", "p_exceptional"),
    counts="successes",
    tail="cap",
    samples=(
        Sample("5 dice, 10-again", (5,), bad=({"dice": -1},)),
        Sample("5 dice, 8-again, rote", (5, Rules(again="8", rote=True)), bad=({"dice": 101},)),
        Sample(
            "a chance die, 8-again, rote", (0, Rules(again=8, rote=True)), bad=({"rules": "8"},)
        ),
        Sample("8 dice, 9-again", (8, Rules(again="9"))),
        Sample("3 dice, no again, rote", (3, Rules(again="none", rote=True))),
    ),
)
def roll(dice: int, rules: Rules = DEFAULT, *, method):
    """The odds of one roll: success, exceptional success, failure, dramatic failure.

    Each die showing 8, 9 or 10 is a success; under the again rule (10-again by default)
    a die showing 10 (or 9+, 8+) adds a die, repeatedly. Five successes are an exceptional
    success. A pool of 0 dice (or fewer) rolls a chance die: only a 10 succeeds (and rolls
    again), a 1 is a dramatic failure.

    Parameters
    ----------
    dice : int
        The pool after modifiers (0..100); 0 for a pool reduced to 0 or fewer: the chance die.
    rules : Rules
        The again rule, rote, the exceptional threshold.

    Returns
    -------
    CodRoll
        ``p_success`` (1+ successes), ``p_exceptional`` (5+), ``p_failure``,
        ``p_dramatic_failure`` (a chance die's 1; else 0), ``mean_successes`` and
        ``successes``, their distribution: exact up to ``cap - 1`` (2 × dice + 10), the
        outcome ``cap`` holding P(cap or more) exactly.

    Examples
    --------
    >>> r = roll(5, Rules(again=8, rote=True), exact=True)
    >>> r.p_success, r.p_exceptional
    (Fraction(9717524751, 10000000000), Fraction(2981891614887, 10000000000000))
    >>> roll(0, exact=True).p_dramatic_failure
    Fraction(1, 10)
    """
    dice = LIMITS["dice"].check(dice)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a cod.Rules", rules, kind=True)
    return Setup(dice=dice, rules=rules)
