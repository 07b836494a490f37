"""Storyteller d10 sub-commands: ``pool``, ``table``, ``anomalies``, ``actions``, ``extended``,
``resisted``, ``teamwork``, ``try-again``, ``auto``, ``exemption`` and ``editions``.

Every command but ``editions`` (which compares the presets themselves) takes
the rule flags (``--preset``, ``--no-rule-of-one``,
``--botch-rule revised|first``, ``--ten-again``, ...), prints a readable table
by default, JSON with ``--json`` (the API's result, Fractions as ``"p/q"``
with ``--exact``) and exact ``"p/q"`` strings with ``--exact``. ``extended``
says what a botch does with ``--on-botch``. ``--specialty`` says the roll has a
specialty; the preset (or ``--specialty-rule``) says what it does. A flag that
cannot apply to the command is an error that says why (exit status 2), and
integers are written in the ASCII digits 0-9. Argument ranges come from
:data:`dicestats.storyteller.LIMITS`; the rules are in
``docs/rules/storyteller.md``.

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

from ..format import percent, to_csv, to_markdown
from ..storyteller.limits import LIMITS, search_limit
from ..storyteller.rules import ON_BOTCH
from . import CLIError
from ._common import (
    add_output_flags,
    add_plot_flag,
    emit_json,
    fmt_prob,
    limit_arg,
    print_table,
)
from ._storyteller_args import (
    add_rule_flags,
    check_search,
    difficulty_arg,
    exact_cell,
    reading,
    rules_of,
)
from ._storyteller_charts import register_editions
from ._storyteller_choices import register_choices
from ._storyteller_contests import register_contests
from ._storyteller_extended import show_extended

__all__ = ["register"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("pool", "table", "anomalies", "actions", "extended", "resisted", "teamwork")
COMMANDS += ("try-again", "auto", "exemption", "editions")

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]
_SEARCH = LIMITS["dice, exact search"]
#: The columns of the text and Markdown tables (CSV and JSON carry every column).
_SHOWN = ("dice", "difficulty", "p_success", "p_fail", "p_botch", "mean_net")
_SHOWN += ("p_ge_2", "p_ge_3", "p_ge_5")


def register(subparsers) -> None:
    """Add the Storyteller commands (:data:`COMMANDS`); the newer ones live in the rooms
    ``_storyteller_contests``, ``_storyteller_choices`` and ``_storyteller_charts``."""
    p = subparsers.add_parser(
        "pool",
        help="Storyteller d10 pool: success / failure / botch, net successes, degrees",
        description="Exact odds of one Storyteller pool of N d10 against a difficulty.",
    )
    p.add_argument("dice", type=_DICE.argtype("dice"), help=f"dice in the pool ({_DICE.help})")
    difficulty_arg(p, default=6)
    add_rule_flags(p)
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
    add_rule_flags(t)
    add_output_flags(t)
    add_plot_flag(t, "the chance of success over dice x difficulty")
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
    add_rule_flags(a)
    add_output_flags(a)
    add_plot_flag(a, "the botch chance by pool, wrong-way steps highlighted")
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
    difficulty_arg(m, default=6)
    add_rule_flags(m)
    add_output_flags(m)
    add_plot_flag(m, "each action's chance by actions declared")
    m.set_defaults(func=_cmd_actions)

    e = subparsers.add_parser(
        "extended",
        help="extended action: roll each round until the target is reached",
        description="Exact odds and expected rolls of an extended action (absorbing chain).",
    )
    e.add_argument("--dice", type=_DICE.argtype("dice"), required=True, help=_DICE.help)
    difficulty_arg(e, required=True)
    target = LIMITS["target"]
    e.add_argument(
        "--target",
        type=target.argtype("target"),
        required=True,
        help=f"{target.help}: {target.why}",
    )
    e.add_argument(
        "--on-botch",
        choices=ON_BOTCH,
        default="resets",
        help="what a botch does: loses every success so far (resets, default), ends the task "
        "(ends), or scores 0 (zero); when a roll botches is --botch-rule",
    )
    rounds = LIMITS["rounds"]
    e.add_argument(
        "--rounds",
        type=rounds.argtype("rounds"),
        default=None,
        help=f"round limit ({rounds.help})",
    )
    add_rule_flags(e)
    add_output_flags(e)
    add_plot_flag(e, "P(done within r rounds)")
    e.set_defaults(func=_cmd_extended)
    register_contests(subparsers)
    register_choices(subparsers)
    register_editions(subparsers)


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------
def _cmd_pool(args) -> int:
    from .. import storyteller as st

    rules, specialty = rules_of(args, [args.difficulty])
    r = st.pool(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    die = "die" if r.dice == 1 else "dice"
    outcomes = (("success", r.p_success), ("failure", r.p_fail), ("botch", r.p_botch))
    rows = [(name, fmt_prob(v), exact_cell(v, ex)) for name, v in outcomes]
    header = ("outcome", "probability", "exact")
    if not ex:
        rows, header = [row[:2] for row in rows], header[:2]
    rule_text = reading(rules, specialty, args.preset)
    title = f"{r.dice} {die} at difficulty {r.difficulty} ({rule_text})"
    print_table(rows, header, title=title)
    print()
    degrees = [
        (f"{name} ({k}{'+' if k == 5 else ''})", fmt_prob(p), fmt_prob(r.p_ge(k)))
        for k, (name, p) in enumerate(r.degrees.items(), start=1)
    ]
    print_table(degrees, ("degree (net successes)", "P(=)", "P(>=)"))
    print()
    print(f"mean net successes  {float(r.mean_net):.4f}  {exact_cell(r.mean_net, ex)}".rstrip())
    return 0


def _cmd_table(args) -> int:
    from .. import storyteller as st

    if args.json and args.format not in (None, "json"):
        raise CLIError(
            f"--json and --format {args.format} disagree: --json is --format json; give one"
        )
    rules, specialty = rules_of(args)
    check_search(rules, specialty, args.dice, exact=args.exact)
    df = st.odds_table(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    if args.plot:
        from ._storyteller_charts import plot_table

        plot_table(args, df, reading(rules, specialty, args.preset))
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
            title = f"Storyteller pools ({reading(rules, specialty, args.preset)})"
            print_table(rows, _SHOWN, title=title)
            if args.exact:  # the cells are rounded for reading: say where the exact ones are
                print("exact: computed in fractions; --json or --format csv give them as p/q")
    return 0


def _cmd_anomalies(args) -> int:
    from .. import storyteller as st

    rules, specialty = rules_of(args)
    dice = args.dice
    if dice is None:
        dice = list(range(1, min(30, search_limit(rules, exact=True, specialty=specialty).hi) + 1))
    check_search(rules, specialty, dice, exact=True)
    found = st.anomalies(rules, dice, args.difficulty, specialty=specialty, exact=True)  # exactly
    if args.plot:
        from ._storyteller_charts import plot_anomalies

        plot_anomalies(args, rules, specialty, dice, reading(rules, specialty, args.preset))
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
    title = f"{len(found)} non-monotone cell(s) ({reading(rules, specialty, args.preset)})"
    if rows:
        print_table(rows, ("metric", "difficulty", "dice", "before", "after"), title=title)
    else:
        print(title)
    return 0


def _cmd_actions(args) -> int:
    from .. import storyteller as st

    rules, specialty = rules_of(args, [args.difficulty])
    r = st.multiple_actions(
        args.pools, args.difficulty, rules, specialty=specialty, exact=args.exact
    )
    if args.plot:
        from ._storyteller_charts import plot_actions

        plot_actions(args, rules, specialty, reading(rules, specialty, args.preset))
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
        + ((exact_cell(a.p_success, True), exact_cell(a.p_botch, True)) if args.exact else ())
        for a in r.actions
    ]
    what = (
        "1 action (not a multiple action: the full pool)"
        if len(rows) == 1
        else (f"{len(rows)} actions")
    )
    print_table(
        rows,
        ("action", "base pool", "pool", "success", "botch")
        + (("exact success", "exact botch") if args.exact else ()),
        title=f"{what} at difficulty {args.difficulty} ({reading(rules, specialty, args.preset)})",
    )
    print()
    print(f"all succeed         {fmt_prob(r.p_all)}  {exact_cell(r.p_all, args.exact)}".rstrip())
    mean = f"{float(r.mean_successes):.4f}  {exact_cell(r.mean_successes, args.exact)}"
    print(f"expected successes  {mean}".rstrip())
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

    rules, specialty = rules_of(args, [args.difficulty])
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
    if args.plot:
        from ._storyteller_charts import plot_extended

        plot_extended(args, r, reading(rules, specialty, args.preset))
    if args.json:
        emit_json(r)
        return 0
    show_extended(r, args, reading(rules, specialty, args.preset))
    return 0
