"""The Fate rules as data: :class:`Rules`, the ladder, and the checks every question shares.

Every function that depends on a rule takes ``rules=`` (default
:data:`DEFAULT_RULES`, Fate Accelerated as written; ``docs/rules/fate.md`` says
which per-call keywords override it). No numpy: the command line reads ratings here.

Examples
--------
>>> Rules(dice=0)
Traceback (most recent call last):
...
dicestats.InputError: dice must be an integer in 1..200, got 0
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ..core.checks import (
    TEXT,
    InputError,
    check_choice,
    check_int,
    check_int_list,
    parse_int_text,
    refuse,
    shown,
)
from ..core.question import Setup
from .limits import LIMITS

#: The four outcomes, in order: fail, tie, success, success with style.
OUTCOMES = ("fail", "tie", "success", "style")
#: FAE's default spread of approach ratings: one +3, two +2, two +1, one +0.
DEFAULT_APPROACH_SPREAD = (3, 2, 2, 1, 1, 0)
#: The six FAE approaches: English name → the name in the Chinese FAE text.
APPROACHES = {
    "careful": "謹慎",
    "clever": "機靈",
    "flashy": "花俏",
    "forceful": "猛烈",
    "quick": "迅速",
    "sneaky": "鬼祟",
}
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


# --------------------------------------------------------------------------- the ladder
#: The Fate ladder (the source texts do not print it; these are the usual names).
LADDER = {
    8: "Legendary",
    7: "Epic",
    6: "Fantastic",
    5: "Superb",
    4: "Great",
    3: "Good",
    2: "Fair",
    1: "Average",
    0: "Mediocre",
    -1: "Poor",
    -2: "Terrible",
}

_BY_NAME = {name.lower(): value for value, name in LADDER.items()}
#: A name as the tables print it, with its number: ``Good (+3)``.
_NAMED = re.compile(r"([A-Za-z]+)\s*\(\s*([+-]?[0-9]+)\s*\)")


def ladder_text() -> str:
    """The ladder in one line, best first, as refusals list it.

    Examples
    --------
    >>> ladder_text()[:40]
    'Legendary +8, Epic +7, Fantastic +6, Sup'
    """
    return ", ".join(f"{name} {value:+d}" for value, name in LADDER.items())


def parse_rating(text) -> int:
    """A Fate rating, difficulty or opposition from a number or a ladder name.

    Numbers are ASCII integers with an optional sign (``"+2"``, ``"2"``,
    ``"-1"``); names are the ladder's, in any case (``"Fair"``, ``"fair"``),
    optionally with their number as the tables print them (``"Fair (+2)"``,
    which must agree). An int is returned as it is. The range is not checked
    here: ``LIMITS["rating"]`` does that.

    Raises
    ------
    ValueError
        One line naming the word and listing the ladder.

    Examples
    --------
    >>> parse_rating("SUPERB"), parse_rating(" +4 "), parse_rating(7)
    (5, 4, 7)
    >>> parse_rating("Heroic")
    Traceback (most recent call last):
    ...
    ValueError: expected an integer or a ladder name (Legendary +8, Epic +7, Fantastic +6, \
Superb +5, Great +4, Good +3, Fair +2, Average +1, Mediocre +0, Poor -1, Terrible -2), \
got 'Heroic'
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        raise ValueError(f"expected an integer or a ladder name, got {shown(text, quote=True)}")
    word = text.strip()
    named = _NAMED.fullmatch(word)
    if named and named.group(1).lower() in _BY_NAME:
        value = _BY_NAME[named.group(1).lower()]
        if int(named.group(2)) != value:
            raise ValueError(
                f"{shown(text, quote=True)} names {LADDER[value]} but gives {named.group(2)}: "
                f"{LADDER[value]} is {value:+d} on the ladder"
            )
        return value
    if word.lower() in _BY_NAME:
        return _BY_NAME[word.lower()]
    if word[:1].isalpha():
        raise ValueError(
            f"expected an integer or a ladder name ({ladder_text()}), got {shown(text, quote=True)}"
        )
    return parse_int_text(word, "an integer or a ladder name")


def ladder_name(value: int) -> str:
    """The Fate ladder name of a rating or result, e.g. ``"Good (+3)"``.

    Values beyond the ladder (above +8, below −2) are shown as the number
    only. :func:`dicestats.format.ladder` is the formatter people-facing text
    uses; it calls this.

    Examples
    --------
    >>> ladder_name(3), ladder_name(-2), ladder_name(9)
    ('Good (+3)', 'Terrible (-2)', '+9')
    """
    value = check_int("value", value)
    text = f"{value:+d}"
    name = LADDER.get(value)
    return f"{name} ({text})" if name else text


# --------------------------------------------------------------------------- checks
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
    if not isinstance(values, TEXT) and hasattr(values, "__iter__"):
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
        if versus_dice is not None:
            raise refuse(
                "versus_dice",
                "None unless versus is given (a fixed difficulty rolls no dice)",
                versus_dice,
            )
        difficulty = check_rating(difficulty, "difficulty")
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
