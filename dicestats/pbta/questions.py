"""The Powered by the Apocalypse question, declared once
(:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()


@question(
    result="rolls:PbtaRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_hit", "p_strong", "p_weak", "p_miss"),
    grows="stat",
    wishes=("p_hit", "p_strong"),
    counts="total",
    samples=(
        Sample("+2", (2,)),
        Sample("+0 with advantage", (0, Rules(advantage=True)), bad=({"stat": 11},)),
        Sample("-1 with disadvantage", (-1, Rules(disadvantage=True)), bad=({"stat": -11},)),
        Sample("+1, bands moved to 8 and 11", (1, Rules(weak_hit=8, strong_hit=11))),
    ),
)
def roll(stat: int, rules: Rules = DEFAULT, *, method):
    """The odds of one move: a miss, a weak hit, a strong hit.

    Roll 2d6 and add the stat: 6 or less is a miss, 7-9 a weak hit (you do it, at a cost),
    10 or more a strong hit. With advantage roll 3d6 and keep the highest two; with
    disadvantage, the lowest two.

    Parameters
    ----------
    stat : int
        The stat added to the dice, with any forward or ongoing (-10..10).
    rules : Rules
        Advantage or disadvantage, and where the bands start.

    Returns
    -------
    PbtaRoll
        ``p_miss``, ``p_weak``, ``p_strong`` and ``p_hit`` (weak or strong); ``total``,
        the distribution of the two dice kept plus the stat.

    Examples
    --------
    >>> r = roll(2, exact=True)
    >>> r.p_miss, r.p_weak, r.p_strong, r.p_hit
    (Fraction(1, 6), Fraction(5, 12), Fraction(5, 12), Fraction(5, 6))
    >>> roll(0, Rules(advantage=True), exact=True).p_strong
    Fraction(77, 216)
    """
    stat = LIMITS["stat"].check(stat)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a pbta.Rules", rules, kind=True)
    return Setup(stat=stat, rules=rules)
