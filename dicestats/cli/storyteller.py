"""Storyteller d10 sub-commands: ``pool``, ``table``, ``anomalies``, ``actions``, ``extended``.

Every command takes the rule flags (``--preset``, ``--no-rule-of-one``,
``--botch revised|first``, ``--ten-again``, ...; ``extended`` spells the botch
rule ``--botch-rule`` because its ``--botch`` says what a botch does to the
task), prints a readable table by default, JSON with ``--json``, and exact
``"p/q"`` strings with ``--exact``.

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
from fractions import Fraction

from ._common import (
    add_output_flags,
    emit_json,
    fmt_prob,
    int_arg,
    int_list_arg,
    int_range_arg,
    print_table,
)

__all__ = ["register"]

_MAX_DICE = 1000
# The exact anomaly search costs ~n^2 big-integer work: 200 dice take ~2 s, 1000 ~30 s.
_MAX_ANOMALY_DICE = 200
_PRESETS = ("revised", "dark_ages", "first", "v20")
# Exact searches over every pool 1..N (table --exact, anomalies) with the rules that
# make the exact engine heavier: chained ten-again, and specialty "double" with a 1
# cancelling the highest/lowest die (two-dimensional). Keys: (chained, two-dim).
# Measured: ten-again 1-100 took 12 s, two-dim 1-200 over 100 s, both 1-40 over 30 s.
_MAX_EXACT_SEARCH = {(False, False): 200, (False, True): 50, (True, False): 50, (True, True): 20}


# A float table with both (1-200 took 90 s, 1-80 about 5 s); other rules keep the
# module's limits (1000 dice, 200 two-dimensional).
_MAX_FLOAT_TABLE_BOTH = 80


def _heavy(rules) -> tuple[bool, bool]:
    two_dim = rules.specialty == "double" and rules.rule_of_one and rules.one_cancels != "success"
    return (rules.rerolls and rules.chain, two_dim)


def _exact_search_cap(rules) -> int:
    return _MAX_EXACT_SEARCH[_heavy(rules)]


def _check_exact_search(rules, dice, what: str, exact: bool = True) -> None:
    """Refuse a search over pools too large for these rules (minutes of work)."""
    if exact:
        cap = _exact_search_cap(rules)
    elif _heavy(rules) == (True, True):
        cap = _MAX_FLOAT_TABLE_BOTH
    else:
        return
    if max(dice) > cap:
        raise ValueError(
            f"--dice must be within 1..{cap} for {what} with these rules, got up to {max(dice)}"
        )


def _add_rule_flags(p: argparse.ArgumentParser, botch_flag: str = "--botch") -> None:
    g = p.add_argument_group("rules (start from --preset, then change single flags)")
    g.add_argument("--preset", choices=_PRESETS, default="revised", help="edition preset")
    g.add_argument(
        "--no-rule-of-one",
        dest="rule_of_one",
        action="store_false",
        default=None,
        help="1s do not cancel successes",
    )
    g.add_argument(
        botch_flag,
        dest="botch_rule",
        choices=("revised", "first"),
        default=None,
        help="revised: no success and a 1; first: 1s outnumber successes",
    )
    g.add_argument("--ten-again", action="store_true", default=None, help="10s add a die")
    g.add_argument(
        "--no-chain",
        dest="chain",
        action="store_false",
        default=None,
        help="ten-again: an extra 10 does not add another die",
    )
    g.add_argument(
        "--reroll-ones-cancel",
        action="store_true",
        default=None,
        help="ten-again: 1s on extra dice cancel successes",
    )
    g.add_argument(
        "--specialty",
        choices=("none", "reroll", "double"),
        default=None,
        help="none / reroll 10s / a 10 counts as two successes",
    )
    g.add_argument(
        "--one-cancels",
        choices=("success", "highest", "lowest"),
        default=None,
        help="what a 1 removes (matters with --specialty double)",
    )
    g.add_argument("--willpower", action="store_true", default=None, help="spend Willpower")
    g.add_argument(
        "--ordinary-willpower",
        action="store_true",
        default=False,
        help="the Willpower success can be cancelled by 1s",
    )
    g.add_argument(
        "--clamp",
        action="store_true",
        default=False,
        help="a difficulty above 10 is rolled at 10 (default: impossible)",
    )


def _rules(args):
    from ..storyteller import Rules

    changes = {}
    for name in (
        "rule_of_one",
        "ten_again",
        "chain",
        "reroll_ones_cancel",
        "specialty",
        "one_cancels",
        "willpower",
    ):
        v = getattr(args, name, None)
        if v is not None:
            changes[name] = v
    if getattr(args, "botch_rule", None) is not None:
        changes["botch"] = args.botch_rule
    if args.ordinary_willpower:
        changes["willpower_success"] = "ordinary"
    if args.clamp:
        changes["above_ten"] = "clamp"
    return Rules.preset(args.preset).replace(**changes)


def _rules_text(rules) -> str:
    from ..storyteller import PRESETS, Rules

    for name, r in PRESETS.items():
        if r == rules:
            return f"{name} rules"
    base = Rules()
    diffs = [
        f"{f.name}={getattr(rules, f.name)!r}"
        for f in rules.__dataclass_fields__.values()
        if getattr(rules, f.name) != getattr(base, f.name)
    ]
    return "rules: " + ", ".join(diffs)


def _num(x, exact: bool):
    """A probability for JSON: Fraction in exact mode, else float."""
    if exact:
        return x
    return float(x)


def _exact_cell(x, exact: bool) -> str:
    return f"{x.numerator}/{x.denominator}" if exact and isinstance(x, Fraction) else ""


#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("pool", "table", "anomalies", "actions", "extended")


def register(subparsers) -> None:
    """Add the ``pool``, ``table``, ``anomalies``, ``actions`` and ``extended`` commands."""
    p = subparsers.add_parser(
        "pool",
        help="Storyteller d10 pool: success / failure / botch, net successes, degrees",
        description="Exact odds of one Storyteller pool of N d10 against a difficulty.",
    )
    p.add_argument("dice", type=int_arg(1, _MAX_DICE, "dice"), help="dice in the pool")
    p.add_argument(
        "--difficulty", type=int_arg(2, None, "difficulty"), default=6, help="2..10 (default 6)"
    )
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
        type=int_range_arg(1, _MAX_DICE),
        default=list(range(1, 11)),
        help="pool sizes, e.g. 1-30 (default 1-10)",
    )
    t.add_argument(
        "--difficulty",
        type=int_range_arg(2, 10),
        default=list(range(2, 11)),
        help="difficulties, e.g. 2-10 (default)",
    )
    t.add_argument("--format", choices=("text", "csv", "markdown", "json"), default="text")
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
        type=int_range_arg(1, _MAX_ANOMALY_DICE),
        default=None,
        help=f"pool sizes (default 1-30, at most {_MAX_ANOMALY_DICE}: the exact search "
        "grows with the square of the pool; 50 with chained ten-again or with a 1 "
        "cancelling the highest/lowest of double 10s, 20 with both, where the default "
        "is 1-20)",
    )
    a.add_argument(
        "--difficulty",
        type=int_range_arg(2, 10),
        default=list(range(2, 11)),
        help="difficulties (default 2-10)",
    )
    _add_rule_flags(a)
    add_output_flags(a)
    a.set_defaults(func=_cmd_anomalies)

    m = subparsers.add_parser(
        "actions",
        help="multiple actions in one round: reduced pools and odds",
        description=(
            "Declare k actions: action i rolls its pool minus k minus (i - 1) dice; a pool "
            "reduced to 0 or less cannot be attempted."
        ),
    )
    m.add_argument(
        "--pools",
        type=int_list_arg(1, _MAX_DICE),
        required=True,
        help="base pools in action order, e.g. 7,6,6",
    )
    m.add_argument("--difficulty", type=int_arg(2, None, "difficulty"), default=6)
    _add_rule_flags(m)
    add_output_flags(m)
    m.set_defaults(func=_cmd_actions)

    e = subparsers.add_parser(
        "extended",
        help="extended action: roll each round until the target is reached",
        description="Exact odds and expected rolls of an extended action (absorbing chain).",
    )
    e.add_argument("--dice", type=int_arg(1, _MAX_DICE, "dice"), required=True)
    e.add_argument("--difficulty", type=int_arg(2, None, "difficulty"), required=True)
    e.add_argument("--target", type=int_arg(1, 200, "target"), required=True)
    e.add_argument(
        "--botch",
        choices=("resets", "ends", "zero"),
        default="resets",
        help="a botch loses everything (resets, default), ends the task, or scores 0",
    )
    e.add_argument("--rounds", type=int_arg(1, 500, "rounds"), default=None, help="round limit")
    _add_rule_flags(e, botch_flag="--botch-rule")
    add_output_flags(e)
    e.set_defaults(func=_cmd_extended)


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------
def _cmd_pool(args) -> int:
    from .. import storyteller as st

    rules = _rules(args)
    r = st.pool(args.dice, args.difficulty, rules, exact=args.exact)
    ex = args.exact
    if args.json:
        emit_json(
            {
                "dice": r.dice,
                "difficulty": r.difficulty,
                "rules": {k: getattr(rules, k) for k in rules.__dataclass_fields__},
                "success": _num(r.success, ex),
                "failure": _num(r.failure, ex),
                "botch": _num(r.botch, ex),
                "mean_net": _num(r.mean_net, ex),
                "net": {str(k): _num(p, ex) for k, p in r.net.items()},
                "net_tail": _num(r.tail, ex),
                "degrees": {k: _num(v, ex) for k, v in r.degrees.items()},
                "p_ge": {str(k): _num(r.p_ge(k), ex) for k in range(1, 6)},
            }
        )
        return 0
    die = "die" if r.dice == 1 else "dice"
    outcomes = (("success", r.success), ("failure", r.failure), ("botch", r.botch))
    if ex:
        rows = [(name, fmt_prob(v), _exact_cell(v, ex)) for name, v in outcomes]
        header = ("outcome", "probability", "exact")
    else:
        rows = [(name, fmt_prob(v)) for name, v in outcomes]
        header = ("outcome", "probability")
    print_table(
        rows, header, title=f"{r.dice} {die} at difficulty {r.difficulty} ({_rules_text(rules)})"
    )
    print()
    degrees = [
        (f"{name} ({k}{'+' if k == 5 else ''})", fmt_prob(p), fmt_prob(r.p_ge(k)))
        for k, (name, p) in enumerate(r.degrees.items(), start=1)
    ]
    print_table(degrees, ("degree (net successes)", "P(=)", "P(>=)"))
    print()
    print(f"mean net successes  {float(r.mean_net):.4f}  {_exact_cell(r.mean_net, ex)}".rstrip())
    return 0


_TABLE_COLS = [
    "dice",
    "difficulty",
    "success",
    "failure",
    "botch",
    "mean_net",
    "marginal",
    "moderate",
    "complete",
    "exceptional",
    "phenomenal",
    "p_ge_1",
    "p_ge_2",
    "p_ge_3",
    "p_ge_4",
    "p_ge_5",
]


def _cmd_table(args) -> int:
    from .. import storyteller as st

    rules = _rules(args)
    what = "an exact table" if args.exact else "a table"
    _check_exact_search(rules, args.dice, what, exact=args.exact)
    df = st.odds_table(args.dice, args.difficulty, rules, exact=args.exact)
    df = df[_TABLE_COLS]
    fmt = "json" if args.json else args.format
    if fmt == "json":
        emit_json(
            [
                {
                    k: _num(v, args.exact) if k not in ("dice", "difficulty") else int(v)
                    for k, v in row.items()
                }
                for row in df.to_dict("records")
            ]
        )
    elif fmt == "csv":
        if not args.exact:
            df = df.astype({c: float for c in _TABLE_COLS[2:]})
        df.to_csv(sys.stdout, index=False)  # floats as shortest round-trip repr
    else:
        cols = [
            "dice",
            "difficulty",
            "success",
            "failure",
            "botch",
            "mean_net",
            "p_ge_2",
            "p_ge_3",
            "p_ge_5",
        ]
        rows = []
        for row in df.to_dict("records"):
            rows.append(
                tuple(
                    str(row[c])
                    if c in ("dice", "difficulty")
                    else (f"{float(row[c]):.3f}" if c == "mean_net" else fmt_prob(row[c]))
                    for c in cols
                )
            )
        if fmt == "markdown":
            print("| " + " | ".join(cols) + " |")
            print("|" + "|".join("---:" for _ in cols) + "|")
            for r in rows:
                print("| " + " | ".join(r) + " |")
        else:
            print_table(rows, tuple(cols), title=f"Storyteller pools ({_rules_text(rules)})")
    return 0


def _cmd_anomalies(args) -> int:
    from .. import storyteller as st

    rules = _rules(args)
    dice = args.dice
    if dice is None:
        dice = list(range(1, min(30, _exact_search_cap(rules)) + 1))
    _check_exact_search(rules, dice, "the (exact) anomaly search")
    found = st.anomalies(rules, dice, args.difficulty, exact=True)
    if args.json:
        emit_json(
            {
                "anomalies": [
                    {
                        **a,
                        "before": _num(a["before"], args.exact),
                        "after": _num(a["after"], args.exact),
                    }
                    for a in found
                ]
            }
        )
        return 0
    rows = [
        (
            a["metric"],
            str(a["difficulty"]),
            f"{a['dice'] - 1} -> {a['dice']}",
            fmt_prob(a["before"], 4),
            fmt_prob(a["after"], 4),
        )
        for a in found
    ]
    title = f"{len(found)} non-monotone cell(s) ({_rules_text(rules)})"
    if rows:
        print_table(rows, ("metric", "difficulty", "dice", "before", "after"), title=title)
    else:
        print(title)
    return 0


def _cmd_actions(args) -> int:
    from .. import storyteller as st

    rules = _rules(args)
    r = st.multiple_actions(args.pools, args.difficulty, rules, exact=args.exact)
    ex = args.exact
    if args.json:
        emit_json(
            {
                "actions": [
                    {**a, "success": _num(a["success"], ex), "botch": _num(a["botch"], ex)}
                    for a in r["actions"]
                ],
                "p_all": _num(r["p_all"], ex),
                "expected_successes": _num(r["expected_successes"], ex),
            }
        )
        return 0
    rows = [
        (
            str(a["action"]),
            str(a["base"]),
            str(a["pool"]),
            fmt_prob(a["success"]) if a["attempted"] else "cannot",
            fmt_prob(a["botch"]),
        )
        for a in r["actions"]
    ]
    print_table(
        rows,
        ("action", "base pool", "pool", "success", "botch"),
        title=f"{len(rows)} actions at difficulty {args.difficulty}",
    )
    print()
    print(f"all succeed         {fmt_prob(r['p_all'])}")
    print(f"expected successes  {float(r['expected_successes']):.4f}")
    return 0


def _cmd_extended(args) -> int:
    from .. import storyteller as st

    rules = _rules(args)
    r = st.extended(
        args.dice,
        args.difficulty,
        args.target,
        rules,
        botch=args.botch,
        rounds=args.rounds,
        exact=args.exact,
    )
    ex = args.exact
    out = {
        k: _num(r[k], ex) for k in ("p_success", "p_failed", "p_timeout", "mean_rolls", "var_rolls")
    }
    if args.json:
        out["p_done_within"] = [_num(x, ex) for x in r["p_done_within"]]
        emit_json(out)
        return 0
    limit = f", at most {args.rounds} rolls" if args.rounds else ""
    dice = f"{args.dice} {'die' if args.dice == 1 else 'dice'}"
    print(
        f"extended action: {dice} at difficulty {args.difficulty}, "
        f"target {args.target}, a botch {args.botch}{limit}"
    )
    rows = [
        ("done", fmt_prob(r["p_success"])),
        ("failed (botch)", fmt_prob(r["p_failed"])),
        ("out of time", fmt_prob(r["p_timeout"])),
    ]
    print_table(rows, ("outcome", "probability"))
    print()
    print(f"mean rolls  {float(r['mean_rolls']):.4f}")
    return 0
