"""Storyteller d10 sub-commands: ``pool``, ``table``, ``anomalies``, ``actions``, ``extended``.

Every command takes the rule flags (``--preset``, ``--no-rule-of-one``,
``--botch-rule revised|first``, ``--ten-again``, ...), prints a readable table
by default, JSON with ``--json`` (the API's result, Fractions as ``"p/q"``
with ``--exact``) and exact ``"p/q"`` strings with ``--exact``. ``extended``
says what a botch does with ``--on-botch``. ``--specialty`` says the roll has a
specialty; the preset (or ``--specialty-rule``) says what it does. A flag that
cannot apply to the command is an error that says why (exit status 2), and
integers are written in the ASCII digits 0-9. Argument ranges come from
:data:`dicestats.storyteller.LIMITS`; the rules are in
``docs/rules/storyteller.md``.

Renamed options keep their old spelling for one release (hidden, with a note
on stderr): ``--botch`` is ``--botch-rule`` in ``pool``, ``table``,
``anomalies`` and ``actions``, and ``--on-botch`` in ``extended``;
``--specialty none|reroll|double`` is ``--specialty-rule VALUE --specialty``.
``--preset v20`` no longer rolls a specialty (a note on stderr says so).

Examples
--------
>>> from dicestats.cli import main
>>> main(["pool", "1", "--difficulty", "6", "--exact"])
1 die at difficulty 6 (revised rules)
outcome  probability  exact
-------  -----------  -----
success       50.00%  1/2
failure       40.00%  2/5
botch         10.00%  1/10
<BLANKLINE>
degree (net successes)    P(=)   P(>=)
----------------------  ------  ------
marginal (1)            50.00%  50.00%
moderate (2)                0%      0%
complete (3)                0%      0%
exceptional (4)             0%      0%
phenomenal (5+)             0%      0%
<BLANKLINE>
mean net successes  0.5000  1/2
0
"""

from __future__ import annotations

import argparse
import sys

from ..core.checks import shown
from ..format import fraction, percent, to_csv, to_markdown
from ..storyteller.limits import LIMITS, search_limit
from ..storyteller.rules import (
    BOTCH_RULES,
    DIFFICULTY_WHY,
    ON_BOTCH,
    ONE_CANCELS,
    PRESETS,
    ROLLS_TAIL,
    SPECIALTIES,
    SPECIALTY_RULES,
    Rules,
)
from . import CLIError
from ._common import (
    add_deprecated_alias,
    add_output_flags,
    emit_json,
    fmt_prob,
    int_arg,
    limit_arg,
    print_table,
)

__all__ = ["register"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("pool", "table", "anomalies", "actions", "extended")

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]
_SEARCH = LIMITS["dice, exact search"]
#: The columns of the text and Markdown tables (CSV and JSON carry every column).
_SHOWN = ("dice", "difficulty", "p_success", "p_fail", "p_botch", "mean_net")
_SHOWN += ("p_ge_2", "p_ge_3", "p_ge_5")


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------
def _difficulty_arg(p, **kw) -> None:
    p.add_argument(
        "--difficulty",
        type=int_arg(_DIFFICULTY.lo, None, "difficulty"),
        help=f"{_DIFFICULTY.help} (above 10 only with --clamp)",
        **kw,
    )


class _SpecialtyFlag(argparse.Action):
    """``--specialty``: this roll has a specialty (a flag without a value).

    The first release took a value, ``--specialty none|reroll|double``, which
    made the rule set a roll with a specialty; it still works for one release,
    with a note on stderr, as ``--specialty-rule VALUE --specialty``.
    """

    def __init__(self, option_strings, dest, **kw):
        super().__init__(option_strings, dest, nargs="?", const=True, default=False, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        if values is None or values is True:  # --specialty alone (argparse passes const)
            namespace.specialty = True
            return
        if values not in SPECIALTIES:
            parser.error(
                f"argument --specialty: takes no value (this roll has a specialty), got "
                f"{shown(values, quote=True)}; what a specialty does is --specialty-rule "
                f"{'|'.join(SPECIALTY_RULES)}"
            )
        new = "no --specialty" if values == "none" else f"--specialty-rule {values} --specialty"
        print(
            f"dicestats: --specialty {values} is deprecated and goes in the next release; "
            f"use {new} (a specialty is a per-roll flag; the rule set says what it does)",
            file=sys.stderr,
        )
        namespace.specialty = values != "none"
        if values != "none":
            namespace.specialty_rule = values


def _add_rule_flags(p: argparse.ArgumentParser, *, botch_alias: bool = True) -> None:
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
    rule = g.add_argument(
        "--botch-rule",
        dest="botch_rule",
        choices=BOTCH_RULES,
        default=None,
        help="revised: no success and a 1; first: 1s outnumber successes",
    )
    if botch_alias:
        add_deprecated_alias(g, "--botch", rule)
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
        action=_SpecialtyFlag,
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


def _rules(args, difficulties=None) -> tuple[Rules, bool]:
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
    if args.preset == "v20" and not specialty:  # the first release's v20 rolled a specialty
        print(
            "dicestats: note: --preset v20 is a rule set and no longer rolls a specialty; "
            "add --specialty for a roll with one (a 10 counts double)",
            file=sys.stderr,
        )
    return rules, specialty


def _reading(rules: Rules, specialty: bool) -> str:
    """The rule reading in force, for a title: ``v20 rules, with a specialty: ...``."""
    return rules.describe(specialty=specialty)


def _check_search(rules: Rules, specialty: bool, dice, *, exact: bool) -> None:
    """Refuse a search over pools too large for these rules (minutes of work)."""
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None and max(dice) > limit.hi:
        when = " in exact mode" if limit.when == "exact" else ""
        raise CLIError(
            f"--dice must be pool sizes in {limit.help}{when} for these rules, got up to "
            f"{max(dice)} ({limit.why})"
        )


def _exact_cell(x, exact: bool) -> str:
    return fraction(x) if exact else ""


def register(subparsers) -> None:
    """Add the ``pool``, ``table``, ``anomalies``, ``actions`` and ``extended`` commands."""
    p = subparsers.add_parser(
        "pool",
        help="Storyteller d10 pool: success / failure / botch, net successes, degrees",
        description="Exact odds of one Storyteller pool of N d10 against a difficulty.",
    )
    p.add_argument("dice", type=_DICE.argtype("dice"), help=f"dice in the pool ({_DICE.help})")
    _difficulty_arg(p, default=6)
    _add_rule_flags(p)
    add_output_flags(p)
    p.set_defaults(func=_cmd_pool)

    t = subparsers.add_parser(
        "table",
        help="Storyteller odds table over pools x difficulties",
        description="One row per (dice, difficulty): success, failure, botch, degrees.",
    )
    t.add_argument(
        "--dice",
        type=limit_arg(_DICE, "range"),
        default=list(range(1, 11)),
        help=f"pool sizes, e.g. 1-30 (default 1-10; {_DICE.help})",
    )
    t.add_argument(
        "--difficulty",
        type=limit_arg(_DIFFICULTY, "range"),
        default=list(range(2, 11)),
        help=f"difficulties, e.g. 2-10 (default {_DIFFICULTY.help})",
    )
    t.add_argument(
        "--format",
        choices=("text", "csv", "markdown", "json"),
        default=None,
        help="text (default), csv, markdown or json (--json is --format json)",
    )
    _add_rule_flags(t)
    add_output_flags(t)
    t.set_defaults(func=_cmd_table)

    a = subparsers.add_parser(
        "anomalies",
        help="cells where one die more raises the botch chance or lowers a success chance",
        description=(
            "Compares each pool with one die fewer at every difficulty, exactly (no float "
            "noise): botch rising, or P(net >= k) falling for k = 1..5."
        ),
    )
    a.add_argument(
        "--dice",
        type=limit_arg(_SEARCH, "range"),
        default=None,
        help=f"pool sizes (default 1-30; {_SEARCH.help}: {_SEARCH.why}; fewer with chained "
        "ten-again or a 1 cancelling the highest/lowest of double 10s)",
    )
    a.add_argument(
        "--difficulty",
        type=limit_arg(_DIFFICULTY, "range"),
        default=list(range(2, 11)),
        help=f"difficulties (default {_DIFFICULTY.help})",
    )
    _add_rule_flags(a)
    add_output_flags(a)
    a.set_defaults(func=_cmd_anomalies)

    m = subparsers.add_parser(
        "actions",
        help="multiple actions in one round: reduced pools and odds",
        description=(
            "Declare k >= 2 actions: action i rolls its pool minus k minus (i - 1) dice; a "
            "pool reduced to 0 or less cannot be attempted. One action is not a multiple "
            "action: it rolls its full pool."
        ),
    )
    m.add_argument(
        "--pools",
        type=limit_arg(_DICE, "list"),
        required=True,
        help=f"base pools in action order, e.g. 7,6,6 (each {_DICE.help}; "
        f"{LIMITS['actions'].help} actions)",
    )
    _difficulty_arg(m, default=6)
    _add_rule_flags(m)
    add_output_flags(m)
    m.set_defaults(func=_cmd_actions)

    e = subparsers.add_parser(
        "extended",
        help="extended action: roll each round until the target is reached",
        description="Exact odds and expected rolls of an extended action (absorbing chain).",
    )
    e.add_argument("--dice", type=_DICE.argtype("dice"), required=True, help=_DICE.help)
    _difficulty_arg(e, required=True)
    target = LIMITS["target"]
    e.add_argument(
        "--target",
        type=target.argtype("target"),
        required=True,
        help=f"{target.help}: {target.why}",
    )
    on_botch = e.add_argument(
        "--on-botch",
        choices=ON_BOTCH,
        default="resets",
        help="a botch loses everything (resets, default), ends the task, or scores 0",
    )
    add_deprecated_alias(e, "--botch", on_botch)
    rounds = LIMITS["rounds"]
    e.add_argument(
        "--rounds",
        type=rounds.argtype("rounds"),
        default=None,
        help=f"round limit ({rounds.help})",
    )
    _add_rule_flags(e, botch_alias=False)
    add_output_flags(e)
    e.set_defaults(func=_cmd_extended)


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------
def _cmd_pool(args) -> int:
    from .. import storyteller as st

    rules, specialty = _rules(args, [args.difficulty])
    r = st.pool(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    die = "die" if r.dice == 1 else "dice"
    outcomes = (("success", r.p_success), ("failure", r.p_fail), ("botch", r.p_botch))
    rows = [(name, fmt_prob(v), _exact_cell(v, ex)) for name, v in outcomes]
    header = ("outcome", "probability", "exact")
    if not ex:
        rows, header = [row[:2] for row in rows], header[:2]
    title = f"{r.dice} {die} at difficulty {r.difficulty} ({_reading(rules, specialty)})"
    print_table(rows, header, title=title)
    print()
    degrees = [
        (f"{name} ({k}{'+' if k == 5 else ''})", fmt_prob(p), fmt_prob(r.p_ge(k)))
        for k, (name, p) in enumerate(r.degrees.items(), start=1)
    ]
    print_table(degrees, ("degree (net successes)", "P(=)", "P(>=)"))
    print()
    print(f"mean net successes  {float(r.mean_net):.4f}  {_exact_cell(r.mean_net, ex)}".rstrip())
    return 0


def _cmd_table(args) -> int:
    from .. import storyteller as st

    if args.json and args.format not in (None, "json"):
        raise CLIError(
            f"--json and --format {args.format} disagree: --json is --format json; give one"
        )
    rules, specialty = _rules(args)
    _check_search(rules, specialty, args.dice, exact=args.exact)
    df = st.odds_table(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    fmt = "json" if args.json else (args.format or "text")
    if fmt == "json":
        emit_json(df)
    elif fmt == "csv":
        print(to_csv(df), end="")  # floats as shortest round-trip repr, Fractions as p/q
    else:
        shown = df[list(_SHOWN)].copy()
        for c in _SHOWN[2:]:
            fn = (lambda v: f"{float(v):.3f}") if c == "mean_net" else fmt_prob
            shown[c] = [fn(v) for v in shown[c]]
        if fmt == "markdown":
            print(to_markdown(shown))
        else:
            rows = list(shown.itertuples(index=False))
            print_table(rows, _SHOWN, title=f"Storyteller pools ({_reading(rules, specialty)})")
    return 0


def _cmd_anomalies(args) -> int:
    from .. import storyteller as st

    rules, specialty = _rules(args)
    dice = args.dice
    if dice is None:
        dice = list(range(1, min(30, search_limit(rules, exact=True, specialty=specialty).hi) + 1))
    _check_search(rules, specialty, dice, exact=True)
    found = st.anomalies(rules, dice, args.difficulty, specialty=specialty, exact=True)  # exactly
    if args.json:
        emit_json(found if args.exact else found.to_float())
        return 0
    rows = [
        (
            a.metric,
            str(a.difficulty),
            f"{a.dice - 1} -> {a.dice}",
            percent(a.before, digits=4),
            percent(a.after, digits=4),
        )
        for a in found
    ]
    title = f"{len(found)} non-monotone cell(s) ({_reading(rules, specialty)})"
    if rows:
        print_table(rows, ("metric", "difficulty", "dice", "before", "after"), title=title)
    else:
        print(title)
    return 0


def _cmd_actions(args) -> int:
    from .. import storyteller as st

    rules, specialty = _rules(args, [args.difficulty])
    r = st.multiple_actions(
        args.pools, args.difficulty, rules, specialty=specialty, exact=args.exact
    )
    if args.json:
        emit_json(r)
        return 0
    rows = [
        (
            str(a.action),
            str(a.base),
            str(a.dice),
            fmt_prob(a.p_success) if a.attempted else "cannot",
            fmt_prob(a.p_botch),
        )
        for a in r.actions
    ]
    what = (
        "1 action (not a multiple action: the full pool)"
        if len(rows) == 1
        else (f"{len(rows)} actions")
    )
    print_table(
        rows,
        ("action", "base pool", "pool", "success", "botch"),
        title=f"{what} at difficulty {args.difficulty} ({_reading(rules, specialty)})",
    )
    print()
    print(f"all succeed         {fmt_prob(r.p_all)}")
    print(f"expected successes  {float(r.mean_successes):.4f}")
    if len(rows) > 1:  # declaring only the first k actions (k = 1: the full pool)
        best = st.best_actions(
            args.pools, args.difficulty, rules, specialty=specialty, exact=args.exact
        )
        means = "  ".join(
            f"{k}: {float(m.mean_successes):.4f}" for k, m in enumerate(best.by_count, 1)
        )
        print(f"by actions declared {means}")
        n = best.best
        print(
            f"best: declare {n} action{'s' if n > 1 else ''} "
            f"({float(best.by_count[n - 1].mean_successes):.4f} expected successes)"
        )
    return 0


def _cmd_extended(args) -> int:
    from .. import storyteller as st

    rules, specialty = _rules(args, [args.difficulty])
    r = st.extended(
        args.dice,
        args.difficulty,
        args.target,
        rules,
        on_botch=args.on_botch,
        rounds=args.rounds,
        specialty=specialty,
        exact=args.exact,
    )
    if args.json:
        emit_json(r)
        return 0
    limit = f", at most {args.rounds} rolls" if args.rounds else ""
    dice = f"{args.dice} {'die' if args.dice == 1 else 'dice'}"
    print(
        f"extended action: {dice} at difficulty {args.difficulty}, "
        f"target {args.target}, a botch {args.on_botch}{limit} ({_reading(rules, specialty)})"
    )
    rows = [
        ("done", fmt_prob(r.p_success)),
        ("failed (botch)", fmt_prob(r.p_failed)),
        ("out of time", fmt_prob(r.p_timeout)),
    ]
    print_table(rows, ("outcome", "probability"))
    print()
    print(f"mean rolls  {float(r.mean_rolls):.4f}")
    if r.rolls_tail and r.rolls_tail > ROLLS_TAIL:  # the distribution stopped at its roll cap
        top = r.rolls.support()[1]
        print(
            f"distribution of rolls (--json): rolls beyond {top:,} lumped into {top:,} "
            f"(P = {r.rolls_tail:.3g})"
        )
    return 0
