"""The Fate rules as data: one frozen :class:`Rules` holds every variant the code implements.

A :class:`Rules` is a rule set, never a character trait: bonuses, helpers,
invokes and an action's choices (reveal or create an aspect, trade a shift
for a boost) are per-roll arguments. Every function that depends on a rule
takes ``rules=`` (default :data:`DEFAULT_RULES`, Fate Accelerated as written);
a per-call keyword of the same name (``dice=``, ``victories=``, ``tie_rule=``,
...) overrides the rule for that call only.

The rules, their sources and defaults are written out in ``docs/rules/fate.md``.

Examples
--------
>>> Rules().dice, Rules().style_shifts, Rules().victories
(4, 3, 3)
>>> Rules.preset("fae") == Rules()
True
>>> Rules(tie_rule="any").tie_rule
'any'
>>> Rules(dice=0)
Traceback (most recent call last):
...
dicestats.InputError: dice must be an integer in 1..200, got 0 (Fate dice in one roll)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..core.checks import InputError, check_choice, check_int, check_int_list, refuse
from ..core.question import Setup
from .ladder import parse_rating
from .limits import LIMITS

__all__ = [
    "Rules",
    "PRESETS",
    "DEFAULT_RULES",
    "TIE_RULES",
    "CHALLENGE_COUNTS",
    "TIEBREAKS",
    "ASPECT_KINDS",
    "FAIL_OPTIONS",
    "OBJECTIVES",
    "STEPS",
    "check_roll",
    "check_rating",
    "check_ratings",
]

#: Which ties in a contest exchange stop everyone scoring: a tie for the highest
#: total (the default reading), or any two equal totals (a literal reading).
TIE_RULES = ("highest", "any")
#: What counts as a success in a challenge roll: success or better, or a tie or better.
CHALLENGE_COUNTS = ("success", "tie")
#: How ties in the conflict turn order are broken (a callable is also accepted per call).
TIEBREAKS = ("given", "name", "approaches", "random")
#: What a create-advantage roll aims at: a new aspect, revealing one, or one already known.
ASPECT_KINDS = ("new", "reveal", "known")
#: What a failure to create or reveal an aspect does: nothing, or the aspect exists
#: and an opponent gets its free invoke.
FAIL_OPTIONS = ("nothing", "opposition_invokes")
#: What an invoke policy aims for: a tie or better, success or better, success with style.
OBJECTIVES = ("success", "style", "tie")
#: The letters of a challenge's plan: ``"A"`` creates an advantage for the next ``"O"``,
#: an overcome roll.
STEPS = {"A": "create an advantage", "O": "overcome"}


@dataclass(frozen=True)
class Rules:
    """Every Fate rule variant dicestats implements (defaults: Fate Accelerated).

    Parameters
    ----------
    dice : int
        Fate dice per roll (FAE: always 4; other counts for exploration), 1..200.
    style_shifts : int
        Shifts that make a success *with style* (FAE: 3). In a contest, a
        winner who beats every other total by this much marks
        ``style_victories``.
    victories : int
        Victories that win a contest (FAE: 3).
    style_victories : int
        Victories marked for winning an exchange with style (FAE: 2; 1 turns
        the rule off).
    tie_rule : {"highest", "any"}
        Contest exchanges: a tie for the highest total stops everyone scoring
        (default), or any two equal totals do (``"any"``, the literal reading
        of "if there is a tie"; it differs only with three or more participants).
    challenge_count : {"success", "tie"}
        What counts as a success in a challenge: success or better (default),
        or a tie or better (an overcome tie succeeds at a minor cost).
    tiebreak : {"given", "name", "approaches", "random"}
        Ties in the conflict turn order: the given order, alphabetical, the
        other approaches high to low, or a seeded random order. The text says
        "any reasonable method; the GM decides".
    conflict_approaches : tuple of (conflict, approach) pairs
        The approach that orders turns in each kind of conflict (FAE: physical
        by Quick, mental by Careful).
    """

    dice: int = 4
    style_shifts: int = 3
    victories: int = 3
    style_victories: int = 2
    tie_rule: str = "highest"
    challenge_count: str = "success"
    tiebreak: str = "given"
    conflict_approaches: tuple = (("physical", "quick"), ("mental", "careful"))

    def __post_init__(self):
        LIMITS["dice"].check(self.dice, name="dice")
        LIMITS["style_shifts"].check(self.style_shifts, name="style_shifts")
        LIMITS["victories"].check(self.victories, name="victories")
        LIMITS["style_victories"].check(self.style_victories, name="style_victories")
        check_choice("tie_rule", self.tie_rule, TIE_RULES)
        check_choice("challenge_count", self.challenge_count, CHALLENGE_COUNTS)
        check_choice("tiebreak", self.tiebreak, TIEBREAKS)
        pairs = self.conflict_approaches
        if (
            not isinstance(pairs, tuple)
            or not pairs
            or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs)
            or not all(isinstance(x, str) for p in pairs for x in p)
        ):
            raise refuse(
                "conflict_approaches", "a non-empty tuple of (conflict, approach) pairs", pairs
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set: ``"fae"`` (Fate Accelerated, the default).

        >>> Rules.preset("core")
        Traceback (most recent call last):
        ...
        dicestats.InputError: preset must be one of 'fae', got 'core'
        """
        return PRESETS[check_choice("preset", name, tuple(PRESETS))]

    def replace(self, **changes) -> Rules:
        """A copy with some rules changed (checked like a new :class:`Rules`).

        >>> Rules().replace(victories=5).victories
        5
        """
        return dataclasses.replace(self, **changes)

    @property
    def conflict_approach(self) -> dict:
        """``{conflict: approach}``: ``{'physical': 'quick', 'mental': 'careful'}``."""
        return dict(self.conflict_approaches)


#: The default rule set: Fate Accelerated as written.
DEFAULT_RULES = Rules()

#: Named rule sets. Fate Core plays the same dice, ladder, outcomes, challenges
#: and contests; only FAE's approaches are modelled (see docs/rules/fate.md).
PRESETS = {"fae": DEFAULT_RULES}


def resolve(rules) -> Rules:
    """``rules`` or the default rule set; refuses anything but a :class:`Rules`."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise refuse("rules", "a fate.Rules (or None for Fate Accelerated)", rules, kind=True)
    return rules


def pick(name: str, value, rules: Rules):
    """A per-call override of a rule: ``value`` if given, else the rule (checked)."""
    if value is None:
        return getattr(rules, name)
    return getattr(rules.replace(**{name: value}), name)


def check_rating(value, name: str) -> int:
    """A rating, difficulty or opposition: an int, or its text as a command line types it
    (a number ``"+5"`` or a ladder name ``"Superb"``, ``"superb"``, ``"Superb (+5)"``),
    within ``LIMITS["rating"]``.

    Examples
    --------
    >>> check_rating("Superb", "difficulty"), check_rating(-1, "difficulty")
    (5, -1)
    >>> check_rating("Heroic", "difficulty")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicestats.InputError: difficulty must be an integer or a ladder name (Legendary +8, ...), \
got 'Heroic'
    """
    if isinstance(value, str):
        try:
            value = parse_rating(value)
        except ValueError as exc:
            why = str(exc)
            raise InputError(
                f"{name} must be {why.removeprefix('expected ')}"
                if why.startswith("expected ")
                else f"{name} must be a ladder name with its own number: {why}"
            ) from None
    return LIMITS["rating"].check(value, name=name)


def check_ratings(values, name: str, *, min_len: int = 1) -> list[int]:
    """A sequence of ratings (each as :func:`check_rating` takes it), as a list of ints.

    >>> check_ratings([1, "fair", "Good (+3)"], "difficulties")
    [1, 2, 3]
    """
    if not isinstance(values, (str, bytes)) and hasattr(values, "__iter__"):
        values = [
            check_rating(v, f"{name}[{i}]") if isinstance(v, str) else v
            for i, v in enumerate(values)
        ]
    lim = LIMITS["rating"]
    return check_int_list(name, values, lim.lo, lim.hi, min_len=min_len)


def check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules) -> Setup:
    """One roll's checked arguments (those of :func:`dicestats.fate.shifts`).

    Returns a setup of ``rules``, ``bonus``, ``helpers``, ``dice`` and the
    other side: a fixed ``difficulty``, or an active ``versus`` rolling
    ``versus_dice`` (default: ``dice``); the side not given is ``None``.

    >>> check_roll(2, None, 1, 0, None, None, None, None).versus_dice
    4
    """
    rules = resolve(rules)
    bonus = check_rating(bonus, "bonus")
    if max_helpers is not None:
        max_helpers = LIMITS["helpers"].check(max_helpers, name="max_helpers")
    helpers = check_int("helpers", helpers, 0, LIMITS["helpers"].hi)
    if max_helpers is not None:
        helpers = check_int("helpers", helpers, 0, max_helpers)
    if (difficulty is None) == (versus is None):
        raise refuse(
            "difficulty and versus",
            "exactly one given (a fixed difficulty or an active opposition)",
            (difficulty, versus),
        )
    dice = rules.dice if dice is None else LIMITS["dice"].check(dice, name="dice")
    if difficulty is not None:
        difficulty, versus_dice = check_rating(difficulty, "difficulty"), None
    else:
        versus = check_rating(versus, "versus")
        versus_dice = dice if versus_dice is None else versus_dice
        versus_dice = LIMITS["dice"].check(versus_dice, name="versus_dice")
    return Setup(
        rules=rules,
        bonus=bonus,
        helpers=helpers,
        dice=dice,
        difficulty=difficulty,
        versus=versus,
        versus_dice=versus_dice,
    )
