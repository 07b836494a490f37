"""The Shadowrun question, declared once (:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:ShadowrunRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_success", "p_glitch", "p_critical_glitch"),
    grows="dice",
    wishes=("p_success",),
    counts="hits",
    tail="hits_tail",
    samples=(
        Sample("8 dice, threshold 2", (8, 2)),
        Sample("3 dice, 4th edition", (3, 1, Rules(edition=4)), bad=({"dice": 0},)),
        Sample(
            "5 dice, threshold 3, Rule of Six",
            (5, 3, Rules(rule_of_six=True)),
            bad=({"threshold": 0}, {"threshold": 101}),
        ),
        Sample("12 dice, 4th edition, Rule of Six", (12, 4, Rules(edition=4, rule_of_six=True))),
        Sample("1 die", (1,), bad=({"dice": 101},)),
    ),
)
def roll(dice: int, threshold: int = 1, rules: Rules = DEFAULT, *, method):
    """The odds of one success test: success, glitch, critical glitch, the hits.

    Each die showing 5 or 6 is a hit; the test succeeds with hits >= the threshold. A
    glitch: more than half the dice show 1 (4th edition: half or more); a critical glitch:
    a glitch with no hit. With the Rule of Six every 6 rolls one more die, again and again.

    Parameters
    ----------
    dice : int
        The pool: attribute plus skill plus modifiers (1..100).
    threshold : int
        The hits needed (1..100).
    rules : Rules
        The edition's glitch rule and the Rule of Six.

    Returns
    -------
    ShadowrunRoll
        ``p_success``, ``p_glitch``, ``p_critical_glitch``; ``hits``, the distribution of
        the hits (with the Rule of Six its last outcome ``hits_tail`` holds
        P(hits >= it)); ``mean_hits`` and ``mean_net_hits`` (E[hits - threshold]).

    Examples
    --------
    >>> r = roll(8, 2, exact=True)
    >>> r.p_success, r.p_glitch, r.p_critical_glitch
    (Fraction(5281, 6561), Fraction(7741, 1679616), Fraction(1789, 1679616))
    >>> roll(1, rules=Rules(rule_of_six=True), exact=True).hits.pmf(2)
    Fraction(5, 108)
    """
    dice = LIMITS["dice"].check(dice)
    threshold = LIMITS["threshold"].check(threshold)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a shadowrun.Rules", rules, kind=True)
    return Setup(dice=dice, threshold=threshold, rules=rules)
