"""The Storyteller commands' shared arguments: rule flags, the rule set, the reading in words.

A room of :mod:`dicestats.cli.storyteller` (and its other ``_storyteller_*``
rooms): the rule flags every command takes, the checked rule set with the
refusals of flags that cannot apply, and the rule reading printed in headers.
"""

from __future__ import annotations

import argparse
import dataclasses

from ..storyteller.limits import LIMITS, search_limit
from ..storyteller.rules import (
    _SPECIALTY_EFFECT,
    BOTCH_RULES,
    DIFFICULTY_WHY,
    ONE_CANCELS,
    PRESETS,
    SPECIALTY_RULES,
    Rules,
)
from . import CLIError
from ._common import add_output_flags, add_plot_flag, exact_text, int_arg

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]
_SEARCH = LIMITS["dice, exact search"]


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------
def difficulty_arg(p, **kw) -> None:
    p.add_argument(
        "--difficulty",
        type=int_arg(_DIFFICULTY.lo, None, "difficulty"),
        help=f"{_DIFFICULTY.help} (above 10 only with --clamp)",
        **kw,
    )


def add_rule_flags(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("rules (start from --preset, then change single flags)")
    g.add_argument(
        "--preset",
        choices=tuple(PRESETS),
        default=None,
        help="edition preset (default revised); a rule set: v20 makes a specialty count a "
        "10 double, but no preset rolls a specialty (add --specialty)",
    )
    g.add_argument(
        "--no-rule-of-one",
        dest="rule_of_one",
        action="store_false",
        default=None,
        help="1s do not cancel successes",
    )
    g.add_argument(
        "--botch-rule",
        dest="botch_rule",
        choices=BOTCH_RULES,
        default=None,
        help="revised: no success and a 1; first: 1s outnumber successes",
    )
    g.add_argument("--ten-again", action="store_true", default=None, help="10s add a die")
    g.add_argument(
        "--no-chain",
        dest="chain",
        action="store_false",
        default=None,
        help="when 10s add dice: an extra 10 does not add another die",
    )
    g.add_argument(
        "--reroll-ones-cancel",
        action="store_true",
        default=None,
        help="when 10s add dice: 1s on extra dice cancel successes",
    )
    g.add_argument(
        "--specialty",
        action="store_true",
        help="this roll has a specialty (the rule set says what it does: 10s add dice, or "
        "under --preset v20 a 10 counts as two successes)",
    )
    g.add_argument(
        "--specialty-rule",
        choices=SPECIALTY_RULES,
        default=None,
        help="what a specialty does: reroll (its 10s add dice; revised, first, dark_ages), "
        "double (a 10 counts two; v20) or none",
    )
    g.add_argument(
        "--one-cancels",
        choices=ONE_CANCELS,
        default=None,
        help="what a 1 removes when 10s count double (--specialty under v20)",
    )
    g.add_argument("--willpower", action="store_true", default=None, help="spend Willpower")
    g.add_argument(
        "--ordinary-willpower",
        action="store_true",
        default=False,
        help="with --willpower: its success can be cancelled by 1s",
    )
    g.add_argument(
        "--clamp",
        action="store_true",
        default=False,
        help="a difficulty above 10 is rolled at 10 (default: impossible)",
    )


_FLAGS = ("rule_of_one", "botch_rule", "ten_again", "chain", "reroll_ones_cancel")
_FLAGS += ("specialty_rule", "one_cancels", "willpower")


def rules_of(args, difficulties=None) -> tuple[Rules, bool]:
    """The rule set and the specialty of this command's rolls; refuses flags that cannot apply.

    ``difficulties``: the difficulties the command rolls at (None: 2..10 only).
    """
    changes = {n: getattr(args, n) for n in _FLAGS if getattr(args, n, None) is not None}
    if args.ordinary_willpower:
        changes["willpower_success"] = "ordinary"
    if args.clamp:
        changes["above_ten"] = "clamp"
    specialty = bool(args.specialty)
    rules = Rules.preset(args.preset or "revised").replace(**changes)
    roll = rules._for_roll(specialty)
    if args.specialty_rule is not None and not specialty:
        raise CLIError(
            "--specialty-rule cannot apply without --specialty: it says what a specialty "
            "does, and this roll has none"
        )
    for flag, given in (("--no-chain", args.chain is False),
                        ("--reroll-ones-cancel", bool(args.reroll_ones_cancel))):  # fmt: skip
        if given and not roll.rerolls:
            raise CLIError(
                f"{flag} cannot apply: no 10 earns an extra die here; add --ten-again, or "
                "--specialty under a rule set whose specialty rerolls 10s (--specialty-rule "
                "reroll, the default outside v20)"
            )
    if args.one_cancels not in (None, "success"):
        if not rules.rule_of_one:
            raise CLIError(
                f"--one-cancels {args.one_cancels} cannot apply with --no-rule-of-one: no 1 "
                "cancels anything"
            )
        if roll.ten_value != 2:
            raise CLIError(
                f"--one-cancels {args.one_cancels} cannot apply: it matters only when a 10 "
                "counts double; add --specialty with --preset v20 (or --specialty-rule double)"
            )
    if args.ordinary_willpower and not rules.willpower:
        raise CLIError(
            "--ordinary-willpower cannot apply without --willpower: it says how the Willpower "
            "success counts"
        )
    high = [d for d in (difficulties or []) if d > 10]
    if high and not args.clamp:
        raise CLIError(
            f"difficulty must be an integer in 2..10, got {high[0]} ({DIFFICULTY_WHY}); "
            "pass --clamp to roll a difficulty above 10 at 10"
        )
    if args.clamp and not high:
        where = (
            "this command rolls at 2..10 only"
            if difficulties is None
            else ("no difficulty here is above 10")
        )
        raise CLIError(
            f"--clamp cannot apply: it says how a difficulty above 10 is rolled, and {where}"
        )
    return rules, specialty


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


def reading(rules: Rules, specialty: bool, preset: str | None = None) -> str:
    """The rule reading in force, in words, for a title.

    The nearest preset (``preset`` when given, else the first equal one,
    else ``revised``) and every rule that differs from it, then the
    specialty: ``revised rules; each 10 adds a die; Willpower spent: its
    success escapes the 1s)``.

    Examples
    --------
    >>> reading(Rules(), False)
    'revised rules'
    >>> reading(Rules(willpower=True, botch_rule="first"), False)
    'first rules; Willpower spent: its success escapes the 1s'
    >>> reading(Rules(ten_again=True, chain=False), False)
    "revised rules; each 10 adds a die; an extra die's 10 adds no further die"
    """
    base = rules._with_flag(False) if hasattr(rules, "_with_flag") else rules
    name = preset
    if name is None:
        name = next((n for n, r in PRESETS.items() if r == base), None)
    if name is None:  # the preset that differs in the fewest fields
        name = min(PRESETS, key=lambda n: len(_differences(rules, PRESETS[n])))
    parts = [f"{name} rules"]
    for field, value in _differences(rules, PRESETS[name]):
        if field == "willpower_success":  # worded with the Willpower point
            continue
        if field == "willpower":
            if value:
                how = _WORDS[("willpower_success", rules.willpower_success)]
                parts.append(f"Willpower spent: {how}")
            continue
        parts.append(_WORDS.get((field, value), f"{field.replace('_', ' ')}: {value}"))
    text = "; ".join(parts)
    if specialty or getattr(rules, "_specialty", False):
        text += ", with a specialty: " + _SPECIALTY_EFFECT[rules.specialty_rule]
    return text


def _differences(rules: Rules, base: Rules) -> list[tuple[str, object]]:
    """``(field, value)`` of every rule field where ``rules`` differs from ``base``."""
    out = []
    for f in dataclasses.fields(rules):
        if f.name.startswith("_"):
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            out.append((f.name, value))
    return out


def check_search(rules: Rules, specialty: bool, dice, *, exact: bool) -> None:
    """Refuse a search over pools too large for these rules (minutes of work)."""
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None and max(dice) > limit.hi:
        when = " in exact mode" if limit.when == "exact" else ""
        raise CLIError(
            f"--dice must be pool sizes in {limit.help}{when} for these rules, got up to "
            f"{max(dice)} ({limit.why})"
        )


def exact_cell(x, exact: bool) -> str:
    return exact_text(x) if exact else ""


def pool_parser(subparsers, name: str, *, help: str, description: str):
    """A sub-command that rolls one pool: ``--dice`` (required) and ``--difficulty`` (6)."""
    p = subparsers.add_parser(name, help=help, description=description)
    p.add_argument("--dice", type=_DICE.argtype("dice"), required=True, help=_DICE.help)
    difficulty_arg(p, default=6)
    return p


def finish_parser(p, func, plot: str | None = None) -> None:
    """The rule flags, ``--json``/``--exact``, ``--plot`` (drawing ``plot``) and the handler."""
    add_rule_flags(p)
    add_output_flags(p)
    if plot:
        add_plot_flag(p, plot)
    p.set_defaults(func=func)


def dice_text(n: int) -> str:
    """``"1 die"``, ``"6 dice"``."""
    return f"{n} {'die' if n == 1 else 'dice'}"
