"""Storyteller rules as data: the frozen :class:`Rules`, the edition presets, degree names.

Every rule variant the code implements is a field of one immutable
:class:`Rules` value; an edition is a named preset over the same fields
(:data:`PRESETS`). A specialty is part of the rule set passed for one roll.
The rules, their sources and their defaults are written out in
``docs/rules/storyteller.md``.

Examples
--------
>>> Rules.preset("first").botch_rule
'first'
>>> Rules(ten_again=True).rerolls
True
>>> degree_name(3), degree_name(7), degree_name(0)
('complete', 'phenomenal', None)
"""

from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from ..core.checks import check_bool, check_choice, check_int, check_int_list, refuse

__all__ = [
    "DEGREES",
    "PRESETS",
    "REVISED",
    "Rules",
    "degree_name",
    "check_rules",
    "check_difficulty",
    "check_difficulties",
    "renamed",
]

#: Names of the degrees of success for 1, 2, 3, 4 and 5+ net successes.
DEGREES = ("marginal", "moderate", "complete", "exceptional", "phenomenal")

BOTCH_RULES = ("revised", "first")
SPECIALTIES = ("none", "reroll", "double")
ONE_CANCELS = ("success", "highest", "lowest")
WILLPOWER_SUCCESS = ("uncancellable", "ordinary")
ABOVE_TEN = ("impossible", "clamp")
_FLAGS = ("rule_of_one", "ten_again", "reroll_ones_cancel", "chain", "willpower")


def renamed(old: str, new: str, value, old_value):
    """The value of a renamed keyword: ``old_value`` (with a deprecation warning) if given.

    Examples
    --------
    >>> renamed("need", "target", 1, None)
    1
    """
    if old_value is None:
        return value
    warnings.warn(
        f"{old}= is deprecated and goes in the next release; use {new}=",
        DeprecationWarning,
        stacklevel=3,
    )
    return old_value


@dataclass(frozen=True, init=False)
class Rules:
    """An immutable set of Storyteller rule flags.

    Parameters
    ----------
    rule_of_one : bool, default True
        Each 1 cancels one success.
    botch_rule : {"revised", "first"}, default "revised"
        When a roll botches. ``"revised"``: no success at all and at least one
        1. ``"first"``: the 1s outnumber the successes (needs ``rule_of_one``).
    ten_again : bool, default False
        Each 10 rolled adds an extra die.
    reroll_ones_cancel : bool, default False
        1s on extra (ten-again) dice cancel successes too.
    chain : bool, default True
        An extra die showing 10 adds another extra die (``False``: one reroll
        per 10 of the base roll only).
    specialty : {"none", "reroll", "double"}, default "none"
        ``"reroll"``: 10s are rerolled (the ten-again mechanism);
        ``"double"``: a 10 counts as two successes (V20).
    one_cancels : {"success", "highest", "lowest"}, default "success"
        What a cancelling 1 removes (matters only with ``specialty="double"``).
    willpower : bool, default False
        Spend a Willpower point: one automatic success.
    willpower_success : {"uncancellable", "ordinary"}, default "uncancellable"
        Whether that success escapes the 1s (and prevents any botch).
    above_ten : {"impossible", "clamp"}, default "impossible"
        A difficulty above 10 cannot be attempted, or is rolled at 10.
    botch : {"revised", "first"}, optional
        Deprecated spelling of ``botch_rule`` (goes in the next release).

    Examples
    --------
    >>> Rules(botch_rule="first")
    Rules(rule_of_one=True, botch_rule='first', ten_again=False, reroll_ones_cancel=False, \
chain=True, specialty='none', one_cancels='success', willpower=False, \
willpower_success='uncancellable', above_ten='impossible')
    >>> Rules(botch_rule="never")
    Traceback (most recent call last):
    ...
    dicestats.InputError: botch_rule must be one of 'revised', 'first', got 'never'
    """

    rule_of_one: bool = True
    botch_rule: str = "revised"
    ten_again: bool = False
    reroll_ones_cancel: bool = False
    chain: bool = True
    specialty: str = "none"
    one_cancels: str = "success"
    willpower: bool = False
    willpower_success: str = "uncancellable"
    above_ten: str = "impossible"

    def __init__(
        self,
        rule_of_one: bool = True,
        botch_rule: str = "revised",
        ten_again: bool = False,
        reroll_ones_cancel: bool = False,
        chain: bool = True,
        specialty: str = "none",
        one_cancels: str = "success",
        willpower: bool = False,
        willpower_success: str = "uncancellable",
        above_ten: str = "impossible",
        *,
        botch: str | None = None,
    ):
        botch_rule = renamed("botch", "botch_rule", botch_rule, botch)
        values = dict(locals())
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, values[f.name])
        for name in _FLAGS:
            check_bool(name, getattr(self, name))
        check_choice("botch_rule", self.botch_rule, BOTCH_RULES)
        check_choice("specialty", self.specialty, SPECIALTIES)
        check_choice("one_cancels", self.one_cancels, ONE_CANCELS)
        check_choice("willpower_success", self.willpower_success, WILLPOWER_SUCCESS)
        check_choice("above_ten", self.above_ten, ABOVE_TEN)
        if self.botch_rule == "first" and not self.rule_of_one:
            raise refuse(
                "botch_rule",
                "'revised' without the rule of one",
                "first",
                why="1s outnumbering successes needs rule_of_one=True",
                instead="use botch_rule='revised' or rule_of_one=True",
            )

    @property
    def botch(self) -> str:
        """Deprecated name of :attr:`botch_rule` (goes in the next release)."""
        warnings.warn(
            "Rules.botch is deprecated and goes in the next release; use Rules.botch_rule",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.botch_rule

    @property
    def rerolls(self) -> bool:
        """True when 10s earn extra dice (``ten_again`` or ``specialty="reroll"``)."""
        return self.ten_again or self.specialty == "reroll"

    @property
    def chained(self) -> bool:
        """True when extra dice showing 10 earn further extra dice (an unbounded chain)."""
        return self.rerolls and self.chain

    @property
    def ten_value(self) -> int:
        """Successes a 10 counts for: 2 with ``specialty="double"``, else 1."""
        return 2 if self.specialty == "double" else 1

    @property
    def two_dimensional(self) -> bool:
        """True when a 1 cancels the highest or lowest of double-counting 10s.

        Then the net successes depend on two tallies at once (the exact
        engine's joint distribution is two-dimensional, and costlier).
        """
        return self.rule_of_one and self.specialty == "double" and self.one_cancels != "success"

    @property
    def uncancellable_willpower(self) -> bool:
        """True when a Willpower success is spent and escapes the 1s (no botch possible)."""
        return self.willpower and self.willpower_success == "uncancellable"

    def replace(self, **changes) -> Rules:
        """A copy with some flags changed (validated again).

        >>> Rules().replace(ten_again=True).ten_again
        True
        """
        if "botch" in changes:
            changes["botch_rule"] = renamed("botch", "botch_rule", None, changes.pop("botch"))
        return dataclasses.replace(self, **changes)

    @staticmethod
    def preset(name: str) -> Rules:
        """The named edition preset: ``revised``, ``dark_ages``, ``first``, ``v20``.

        ``dark_ages`` has the same flags as ``revised`` (ten-again is an option
        to switch on); ``v20`` is a roll *with a specialty* (10s count double).

        >>> Rules.preset("v20").specialty
        'double'
        """
        check_choice("preset", name, tuple(PRESETS))
        return PRESETS[name]

    def describe(self) -> str:
        """The preset's name, or the flags that differ from the default rules.

        >>> Rules().describe(), Rules(ten_again=True).describe()
        ('revised rules', 'rules: ten_again=True')
        """
        for name, r in PRESETS.items():
            if r == self:
                return f"{name} rules"
        base = Rules()
        diffs = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        ]
        return "rules: " + ", ".join(diffs)


#: The edition presets (read-only): rule sets of the editions, by name.
PRESETS = MappingProxyType(
    {
        "revised": Rules(),
        "dark_ages": Rules(),
        "first": Rules(botch_rule="first"),
        "v20": Rules(specialty="double"),
    }
)
#: The default rules of every function: the revised preset.
REVISED = PRESETS["revised"]


def degree_name(net: int) -> str | None:
    """The degree of success of ``net`` net successes (None for a failure)."""
    return None if net <= 0 else DEGREES[min(net, 5) - 1]


def check_rules(rules) -> Rules:
    """Return ``rules`` if it is a :class:`Rules` value."""
    if not isinstance(rules, Rules):
        raise refuse("rules", "a storyteller.Rules value", rules, kind=True)
    return rules


def check_difficulty(difficulty, rules: Rules, name: str = "difficulty") -> int:
    """A difficulty 2..10 (higher with ``above_ten="clamp"``, rolled at 10)."""
    if rules.above_ten == "clamp":
        return min(check_int(name, difficulty, 2), 10)
    return check_int(name, difficulty, 2, 10)


def check_difficulties(difficulty, count: int, rules: Rules) -> list[int]:
    """One difficulty per action: an int for all, or a sequence of ``count`` values."""
    if isinstance(difficulty, (int, np.integer)) and not isinstance(difficulty, bool):
        return [check_difficulty(difficulty, rules)] * count
    hi = None if rules.above_ten == "clamp" else 10
    out = check_int_list("difficulty", difficulty, 2, hi)
    if len(out) != count:
        raise refuse(
            "difficulty", f"an int or one value per pool ({count})", out, why=f"{len(out)} given"
        )
    return [min(x, 10) for x in out]
