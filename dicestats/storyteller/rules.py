"""Storyteller rules as data: the frozen :class:`Rules`, the edition presets, degree names.

An edition is a named preset over the same fields (:data:`PRESETS`); whether a roll has
a specialty is an argument of the roll. The rules: ``docs/rules/storyteller.md``.

Examples
--------
>>> Rules.preset("first").botch_rule
'first'
>>> Rules(ten_again=True).rerolls
True
>>> Rules.preset("v20").specialty_rule, Rules.preset("v20").ten_value   # no specialty rolled
('double', 1)
>>> degree_name(3), degree_name(7), degree_name(0)
('complete', 'phenomenal', None)
"""

from __future__ import annotations

import dataclasses
import itertools
import numbers
from dataclasses import KW_ONLY, dataclass
from types import MappingProxyType
from typing import ClassVar

from ..core.checks import TEXT, check_bool, check_choice, check_int, is_numpy_bool, refuse

#: What a botch does in an extended action.
ON_BOTCH = ("resets", "ends", "zero")
#: Names of the degrees of success for 1, 2, 3, 4 and 5+ net successes.
DEGREES = ("marginal", "moderate", "complete", "exceptional", "phenomenal")

BOTCH_RULES = ("revised", "first")
#: What a specialty does under a rule set (``Rules.specialty_rule``).
SPECIALTY_RULES = ("reroll", "double", "none")
ONE_CANCELS = ("success", "highest", "lowest")
WILLPOWER_SUCCESS = ("uncancellable", "ordinary")
ABOVE_TEN = ("impossible", "clamp")
_FLAGS = ("rule_of_one", "ten_again", "reroll_ones_cancel", "chain", "willpower")


@dataclass(frozen=True, eq=False)
class Rules:
    """An immutable set of Storyteller rule flags: an edition's rules, not a character's.

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
    specialty_rule : {"reroll", "double", "none"}, default "reroll"
        What a specialty does when a roll has one (the per-roll
        ``specialty=True`` of every function): ``"reroll"``: its 10s earn
        extra dice (the ten-again mechanism; the older lines); ``"double"``: a
        10 counts as two successes (V20); ``"none"``: nothing.
    one_cancels : {"success", "highest", "lowest"}, default "success"
        What a cancelling 1 removes (matters only for a roll whose 10s count
        double: ``specialty_rule="double"`` and a specialty).
    willpower : bool, default False
        Spend a Willpower point: one automatic success.
    willpower_success : {"uncancellable", "ordinary"}, default "uncancellable"
        Whether that success escapes the 1s (and prevents any botch).
    above_ten : {"impossible", "clamp"}, default "impossible"
        A difficulty above 10 cannot be attempted, or is rolled at 10.

    Examples
    --------
    >>> Rules(botch_rule="first")
    Rules(rule_of_one=True, botch_rule='first', ten_again=False, reroll_ones_cancel=False, \
chain=True, specialty_rule='reroll', one_cancels='success', willpower=False, \
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
    _: KW_ONLY
    specialty_rule: str = "reroll"
    one_cancels: str = "success"
    willpower: bool = False
    willpower_success: str = "uncancellable"
    above_ten: str = "impossible"
    #: True in the rules in force for a roll with a specialty (:meth:`_for_roll`), which the
    #: engines read; not a field (a rule set holds no specialty), but part of the identity.
    _specialty: ClassVar[bool] = False
    #: The preset these rules came from (:meth:`preset`), for :meth:`describe`; not a field.
    _name: ClassVar[str | None] = None

    def __post_init__(self):
        for name in _FLAGS:
            check_bool(name, getattr(self, name))
        check_choice("botch_rule", self.botch_rule, BOTCH_RULES)
        check_choice("specialty_rule", self.specialty_rule, SPECIALTY_RULES)
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

    def _key(self) -> tuple:
        return (*(getattr(self, f.name) for f in dataclasses.fields(self)), self._specialty)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def _for_roll(self, specialty: bool = False) -> Rules:
        """The rules in force for one roll: these rules, with a specialty if ``specialty``.

        What the engines read (:attr:`rerolls`, :attr:`ten_value`, ...).
        """
        rolled = check_bool("specialty", specialty) and not self._specialty
        return self._copy(True) if rolled else self

    def _copy(self, rolled: bool, **changes) -> Rules:
        """A copy with ``changes`` (validated again) whose rolls have a specialty if ``rolled``;
        it keeps the preset's name."""
        out = dataclasses.replace(self, **changes)
        for name, value in (("_specialty", rolled), ("_name", self._name)):
            if value:
                object.__setattr__(out, name, value)
        return out

    @property
    def rerolls(self) -> bool:
        """True when 10s earn extra dice: ``ten_again``, or a specialty under ``"reroll"``."""
        return self.ten_again or (self._specialty and self.specialty_rule == "reroll")

    @property
    def chained(self) -> bool:
        """True when extra dice showing 10 earn further extra dice (an unbounded chain)."""
        return self.rerolls and self.chain

    @property
    def ten_value(self) -> int:
        """Successes a 10 counts for: 2 with a specialty under ``"double"`` (V20), else 1."""
        return 2 if self._specialty and self.specialty_rule == "double" else 1

    @property
    def two_dimensional(self) -> bool:
        """True when a 1 cancels the highest or lowest of double-counting 10s.

        Then the net successes depend on two tallies at once (the exact
        engine's joint distribution is two-dimensional, and costlier).
        """
        return self.rule_of_one and self.ten_value == 2 and self.one_cancels != "success"

    @property
    def uncancellable_willpower(self) -> bool:
        """True when a Willpower success is spent and escapes the 1s (no botch possible)."""
        return self.willpower and self.willpower_success == "uncancellable"

    def replace(self, **changes) -> Rules:
        """A copy with some flags changed (validated again).

        >>> Rules().replace(ten_again=True).ten_again
        True
        """
        return self._copy(self._specialty, **changes)

    @staticmethod
    def preset(name: str) -> Rules:
        """The named edition preset: ``revised``, ``dark_ages``, ``first``, ``v20``.

        ``dark_ages`` has the same flags as ``revised`` (ten-again is an option
        to switch on); ``v20`` differs in what a specialty does (a 10 counts
        double). No preset rolls a specialty: pass ``specialty=True``.

        >>> Rules.preset("v20").specialty_rule
        'double'
        """
        check_choice("preset", name, tuple(PRESETS))
        return PRESETS[name]

    def cannot_apply(self, given, *, specialty: bool = False) -> list[tuple[str, str]]:
        """``(field, why)`` for each field in ``given`` (the fields a user set) that changes
        nothing for a roll with (or without) a specialty under these rules: a flag given in
        vain is a mistake to report, not a rule to ignore.

        >>> Rules(chain=False).cannot_apply({"chain"})
        [('chain', 'no 10 earns an extra die here; add ten_again, or a specialty whose rule \
set rerolls 10s')]
        """
        roll = self._for_roll(specialty)
        out = []
        for name in given:
            if name in ("chain", "reroll_ones_cancel") and not roll.rerolls:
                why = "no 10 earns an extra die here; add ten_again, or a specialty whose rule "
                out.append((name, why + "set rerolls 10s"))
            elif name == "one_cancels" and self.one_cancels != "success":
                if not self.rule_of_one:
                    out.append((name, "no 1 cancels anything (rule_of_one is off)"))
                elif roll.ten_value != 2:
                    out.append((name, "it matters only when a 10 counts double (a specialty "
                                      "under specialty_rule='double', as in v20)"))  # fmt: skip
            elif name == "willpower_success" and not self.willpower:
                out.append((name, "it says how the Willpower success counts, and none is spent"))
            elif name == "specialty_rule" and not specialty:
                out.append((name, "it says what a specialty does, and this roll has none"))
        return out

    def describe(self, *, specialty: bool = False) -> str:
        """The rule reading in force, in words, for a title.

        The preset these rules came from (``Rules.preset(name)``, then
        :meth:`replace`), else the first preset equal to them, else the one
        they differ from least; then every rule that differs from it, and the
        specialty.

        >>> Rules().describe(), Rules.preset("dark_ages").describe()
        ('revised rules', 'Dark Ages rules')
        >>> Rules(willpower=True, botch_rule="first").describe()
        'first-edition rules; Willpower spent: its success escapes the 1s'
        >>> Rules(ten_again=True, chain=False).describe()
        "revised rules; each 10 adds a die; an extra die's 10 adds no further die"
        >>> Rules.preset("v20").describe(specialty=True)
        'V20 rules, with a specialty: a 10 counts double'
        """
        base = self._copy(False) if self._specialty else self
        name = self._name or next((n for n, r in PRESETS.items() if r == base), None)
        if name is None:  # the preset that differs in the fewest fields
            name = min(PRESETS, key=lambda n: len(_differences(self, PRESETS[n])))
        parts = [f"{_PRESET_WORDS.get(name, name)} rules"]
        for field, value in _differences(self, PRESETS[name]):
            if field == "willpower" and value:  # worded with how its success counts
                how = _WORDS[("willpower_success", self.willpower_success)]
                parts.append(f"Willpower spent: {how}")
            elif field not in ("willpower", "willpower_success"):
                parts.append(_WORDS.get((field, value), f"{field.replace('_', ' ')}: {value}"))
        text = "; ".join(parts)
        if specialty or self._specialty:
            text += ", with a specialty: " + _SPECIALTY_EFFECT[self.specialty_rule]
        return text


#: Each preset in words, as a title names it (the CLI's --preset keeps the names).
_PRESET_WORDS = {"dark_ages": "Dark Ages", "first": "first-edition", "v20": "V20"}

#: Each rule field's value in words, when it differs from the base preset.
_WORDS = {
    ("rule_of_one", False): "1s cancel nothing",
    ("rule_of_one", True): "each 1 cancels a success",
    ("botch_rule", "first"): "a botch when the 1s outnumber the successes (first edition)",
    ("botch_rule", "revised"): "a botch needs no success and a 1 (revised)",
    ("ten_again", True): "each 10 adds a die",
    ("ten_again", False): "10s add no die",
    ("reroll_ones_cancel", True): "1s on extra dice cancel too",
    ("reroll_ones_cancel", False): "1s on extra dice cancel nothing",
    ("chain", False): "an extra die's 10 adds no further die",
    ("chain", True): "an extra die's 10 adds another die",
    ("specialty_rule", "reroll"): "a specialty's 10s add dice",
    ("specialty_rule", "double"): "a specialty's 10 counts double",
    ("specialty_rule", "none"): "a specialty does nothing",
    ("one_cancels", "success"): "a 1 cancels one success",
    ("one_cancels", "highest"): "a 1 cancels the highest success die",
    ("one_cancels", "lowest"): "a 1 cancels the lowest success die",
    ("willpower_success", "ordinary"): "its success can be cancelled by 1s",
    ("willpower_success", "uncancellable"): "its success escapes the 1s",
    ("above_ten", "clamp"): "a difficulty above 10 is rolled at 10",
    ("above_ten", "impossible"): "a difficulty above 10 cannot be attempted",
}


def _differences(rules: Rules, base: Rules) -> list[tuple[str, object]]:
    """``(field, value)`` of every rule field where ``rules`` differs from ``base``."""
    return [
        (f.name, getattr(rules, f.name))
        for f in dataclasses.fields(rules)
        if getattr(rules, f.name) != getattr(base, f.name)
    ]


#: What a specialty does, in words, by ``specialty_rule``.
_SPECIALTY_EFFECT = {
    "reroll": "its 10s earn extra dice",
    "double": "a 10 counts double",
    "none": "no effect under these rules",
}


#: The edition presets (read-only): rule sets of the editions, by name.
PRESETS = MappingProxyType(
    {
        "revised": Rules(),
        "dark_ages": Rules(),
        "first": Rules(botch_rule="first"),
        "v20": Rules(specialty_rule="double"),
    }
)
for _name, _rules in PRESETS.items():
    object.__setattr__(_rules, "_name", _name)
#: The default rules of every function: the revised preset.
REVISED = PRESETS["revised"]


def dice_text(n: int) -> str:
    """``"1 die"``, ``"6 dice"``."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def difficulties_text(diffs) -> str:
    """``"difficulty 8"``, or ``"difficulties 6, 8"`` when they differ."""
    if len(set(diffs)) == 1:
        return f"difficulty {diffs[0]}"
    return "difficulties " + ", ".join(map(str, diffs))


def degree_name(net: int) -> str | None:
    """The degree of success of ``net`` net successes (None for a failure)."""
    return None if net <= 0 else DEGREES[min(net, 5) - 1]


def check_rules(rules) -> Rules:
    """Return ``rules`` if it is a :class:`Rules` value."""
    if not isinstance(rules, Rules):
        raise refuse("rules", "a storyteller.Rules value", rules, kind=True)
    return rules


def check_difficulty(difficulty, rules: Rules, name: str = "difficulty") -> int:
    """A difficulty 2..10 (higher with ``above_ten="clamp"``, rolled at 10).

    >>> check_difficulty(11, Rules())
    Traceback (most recent call last):
    ...
    dicestats.InputError: difficulty must be an integer in 2..10, got 11 (a d10 shows 1..10); \
use rules.above_ten='clamp' to roll a higher difficulty at 10
    """
    if rules.above_ten == "clamp":
        return min(check_int(name, difficulty, 2), 10)
    instead = "use rules.above_ten='clamp' to roll a higher difficulty at 10"
    return check_int(name, difficulty, 2, 10, why="a d10 shows 1..10", instead=instead)


def check_difficulties(difficulty, count: int, rules: Rules) -> list[int]:
    """One difficulty per action: an int for all, or a sequence of ``count`` values.

    >>> check_difficulties([6, 8], 2, Rules())
    [6, 8]
    """
    if isinstance(difficulty, numbers.Integral) and not isinstance(difficulty, bool):
        return [check_difficulty(difficulty, rules)] * count
    allowed = f"an int or one value per pool ({count})"
    return [check_difficulty(x, rules) for x in _per_pool(difficulty, count, "difficulty", allowed)]


def check_specialties(specialty, count: int, name: str = "specialty") -> list[bool]:
    """One specialty flag per action or member: a bool for all, or ``count`` bools.

    >>> check_specialties(True, 2), check_specialties([True, False], 2)
    ([True, True], [True, False])
    """
    if isinstance(specialty, bool) or is_numpy_bool(specialty):
        return [bool(specialty)] * count
    allowed = f"True, False or one of them per pool ({count})"
    return [check_bool(name, v) for v in _per_pool(specialty, count, name, allowed)]


def _per_pool(values, count: int, name: str, allowed: str) -> list:
    """The ``count`` entries of a sequence given one per pool; a string or another count
    is refused as not ``allowed``."""
    if isinstance(values, TEXT) or not hasattr(values, "__iter__"):
        raise refuse(name, allowed, values, kind=True)
    if hasattr(values, "__len__") and len(values) != count:
        raise refuse(name, allowed, values, why=f"{len(values)} given")
    out = list(itertools.islice(values, count + 1))
    if len(out) != count:
        raise refuse(name, allowed, values, why=f"{len(out)} given")
    return out
