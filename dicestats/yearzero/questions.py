"""The Year Zero Engine question, declared once (:func:`dicestats.core.question.question`)."""

from __future__ import annotations

from ..core.checks import refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules

DEFAULT = Rules()
PUSH = Rules(push=True)


@question(
    result="rolls:YearzeroRoll",
    compute="rolls",
    montecarlo="rolls",
    headline=("p_success", "p_success_first", "p_base_bane", "p_gear_bane"),
    grows="skill",
    wishes=("p_success", "p_success_first"),
    counts="successes",
    samples=(
        Sample(
            "3 base, 2 skill, 1 gear, pushed",
            (3, 2, 1),
            {"rules": PUSH},
            bad=({"base": -1}, {"need": 0}),
        ),
        Sample("3 base, 2 skill, 1 gear", (3, 2, 1)),
        Sample(
            "2 base, 4 skill, need 2, pushed",
            (2, 4, 0, 2, PUSH),
            bad=({"skill": 101}, {"base": 0, "skill": 0}),
        ),
        Sample(
            "4 base, 1 gear, pushed, every 1 rerolled",
            (4, 0, 1),
            {"rules": Rules(push=True, reroll_ones=True)},
            bad=({"gear": 1.5}, {"rules": "pushed"}),
        ),
    ),
)
def roll(base: int, skill: int = 0, gear: int = 0, need: int = 1, rules: Rules = DEFAULT):
    """The odds of one Year Zero roll: success, first and after a push, and its damage.

    Base (attribute), skill and gear d6 are rolled together; each 6 is a success, and the
    roll succeeds with at least ``need``. Pushed (``Rules(push=True)``, only when the first
    roll falls short), every die not showing 6 is rolled again but base and gear dice
    showing 1; then each base 1 is a point of attribute damage, each gear 1 a point of
    gear damage. An unpushed roll costs nothing.

    Parameters
    ----------
    base : int
        Base dice: the attribute (0..100; the pool holds at least one die).
    skill : int
        Skill dice (0..100): their 1s cost nothing. The dice a designer grows.
    gear : int
        Gear dice (0..100): a weapon's or a tool's bonus.
    need : int
        The 6s the roll needs to succeed (1..30): one, or more for a harder feat.
    rules : Rules
        Whether the roll is pushed when short, and whether a push rerolls the 1s too.

    Returns
    -------
    YearzeroRoll
        ``p_success`` (after the push when pushing), ``p_success_first`` (the first roll
        alone), ``p_pushed`` (the push taken), ``p_base_bane`` and ``p_gear_bane`` (at
        least one point of attribute or gear damage), ``successes`` (the 6s counted, a
        ``Dist``), ``base_damage`` and ``gear_damage`` (their distributions).

    Examples
    --------
    >>> r = roll(0, 1, rules=Rules(push=True), exact=True)
    >>> r.p_success_first, r.p_success
    (Fraction(1, 6), Fraction(11, 36))
    >>> roll(1, rules=Rules(push=True), exact=True).p_success
    Fraction(5, 18)
    """
    base = LIMITS["base"].check(base)
    skill = LIMITS["skill"].check(skill)
    gear = LIMITS["gear"].check(gear)
    need = LIMITS["need"].check(need)
    if base + skill + gear == 0:
        raise refuse("base + skill + gear", "at least 1 (a roll needs a die)", 0)
    if not isinstance(rules, Rules):
        raise refuse("rules", "a yearzero.Rules", rules, kind=True)
    return Setup(base=base, skill=skill, gear=gear, need=need, rules=rules)
