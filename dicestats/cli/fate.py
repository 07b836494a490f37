"""Fate (FAE) sub-commands: ``fate``, ``contest``, ``invoke``, ``challenge``, ``deck``.

Argument ranges and their help text come from :data:`dicestats.fate.LIMITS`;
the other side is ``--vs`` everywhere (``--opposed`` is a deprecated alias).

Examples
--------
>>> from dicestats.cli import main
>>> main(["fate", "--bonus", "2", "--difficulty", "2", "--exact"])
4dF +2 against difficulty Fair (+2)
outcome             probability  exact
------------------  -----------  -----
fail                     38.27%  31/81
tie                      23.46%  19/81
success                  32.10%  26/81
success with style        6.17%   5/81
<BLANKLINE>
success or better        38.27%  31/81
mean shifts               +0.00
0
"""

from __future__ import annotations

import argparse
import re
import textwrap
from fractions import Fraction

from ..core.checks import shown
from ..fate.limits import LIMITS
from ..format import fraction, ladder
from ._common import (
    add_deprecated_alias,
    add_output_flags,
    emit_json,
    fmt_prob,
    int_arg,
    limit_arg,
    print_table,
)

__all__ = ["register", "COMMANDS"]

_OUTCOME_LABELS = {
    "p_fail": "fail",
    "p_tie": "tie",
    "p_success": "success",
    "p_style": "success with style",
}

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("fate", "contest", "invoke", "challenge", "deck")


def _limited(p, flag: str, limit: str, help: str, **kw):
    """An option whose type, range and help text come from ``LIMITS[limit]``."""
    lim = LIMITS[limit]
    default = kw.get("default")
    extra = f"; default {default}" if default is not None else ""
    parse = lim.argtype(flag.lstrip("-").replace("-", "_"))  # integers: ASCII digits only
    return p.add_argument(flag, type=parse, help=f"{help} ({lim.help}{extra})", **kw)


def _int_list(limit: str, name: str):
    """An argparse ``type=`` for ``"2,3,4"``: ASCII integers within ``LIMITS[limit]``."""
    return limit_arg(LIMITS[limit], "list", name)


def _versus(group, help: str):
    """``--vs`` (the active opposition's bonus), with ``--opposed`` as a deprecated alias."""
    new = _limited(group, "--vs", "rating", help, metavar="B2", dest="versus")
    add_deprecated_alias(group, "--opposed", new)


def register(subparsers) -> None:
    """Add the ``fate``, ``contest``, ``invoke`` and ``deck`` sub-commands."""
    p = subparsers.add_parser(
        "fate",
        help="odds of one Fate (FAE) roll: fail / tie / success / success with style",
        description=(
            "Odds of one Fate roll (NdF + bonus + helpers) against a fixed difficulty "
            "or an active opposition that rolls its own dice."
        ),
    )
    _limited(p, "--dice", "dice", "Fate dice rolled", default=4)
    _limited(p, "--bonus", "rating", "approach + other bonuses", default=0)
    g = p.add_mutually_exclusive_group(required=True)
    _limited(g, "--difficulty", "rating", "fixed difficulty", metavar="D")
    _versus(g, "active opposition's bonus")
    _limited(p, "--helpers", "helpers", "helpers, +1 each", default=0)
    _limited(p, "--max-helpers", "helpers", "the GM's cap on helpers", default=None)
    add_output_flags(p)
    p.set_defaults(func=_cmd_fate)

    c = subparsers.add_parser(
        "contest",
        help="a Fate contest: P(win) and the number of exchanges",
        description=(
            "Exchanges of overcome rolls; the highest total marks a victory (two when it "
            "beats everyone by 3+, none on a tie for the highest); first to --victories wins."
        ),
    )
    _limited(c, "--bonus", "rating", "your bonus", required=True, metavar="A")
    _limited(
        c, "--vs", "rating", "an opponent's bonus (repeat for more participants)",
        action="append", required=True, metavar="B", dest="versus",
    )  # fmt: skip
    _limited(c, "--victories", "victories", "victories to win", default=3)
    _limited(c, "--dice", "contest dice", "Fate dice rolled", default=4)
    _limited(
        c, "--max-exchanges", "max_exchanges",
        "list the exchanges distribution up to this many", default=20,
    )  # fmt: skip
    add_output_flags(c)
    c.set_defaults(func=_cmd_contest)

    i = subparsers.add_parser(
        "invoke",
        help="the optimal way to spend invokes (+2 or reroll) on one roll",
        description=(
            "With K invokes (fate points or free invokes), the exact best chance to reach "
            "the objective and the policy that reaches it, against always +2 and never invoking."
        ),
    )
    _limited(i, "--bonus", "rating", "approach + other bonuses", default=0)
    ig = i.add_mutually_exclusive_group(required=True)
    _limited(ig, "--difficulty", "rating", "fixed difficulty", metavar="D")
    _versus(ig, "active opposition's bonus (its roll is seen before invoking)")
    _limited(i, "--invokes", "invokes", "invokes available", required=True, metavar="K")
    i.add_argument(
        "--objective",
        choices=("success", "style", "tie"),
        default="success",
        help="success or better (default), success with style, or at least a tie",
    )
    lim = LIMITS["point_value"]
    i.add_argument(
        "--point-value",
        type=_fraction_arg,
        default=Fraction(0),
        metavar="V",
        help=f"value of an unspent invoke, {lim.help} of a success (e.g. 0.25 or 1/4; default 0)",
    )
    _limited(i, "--dice", "invoke dice", "Fate dice rolled", default=4)
    add_output_flags(i)
    i.set_defaults(func=_cmd_invoke)

    _register_challenge(subparsers)

    d = subparsers.add_parser(
        "deck",
        help="Deck of Fate vs dice over a session of draws",
        description=(
            "How drawing from the 81-card Deck of Fate without replacement differs from "
            "rolling 4dF: spread of the session's total and streaks of failures."
        ),
    )
    _limited(d, "--draws", "session draws", "draws in the session", required=True)
    _limited(d, "--bonus", "rating", "approach + other bonuses", default=0)
    _limited(d, "--difficulty", "rating", "fixed difficulty", default=0, metavar="D")
    _limited(d, "--run", "run", "failure streak length", default=3)
    _limited(d, "--copies", "copies", "81-card decks shuffled in", default=1)
    d.add_argument(
        "--reshuffle-at",
        type=int_arg(1, None, "reshuffle_at"),
        default=None,
        metavar="N",
        help="draws before a reshuffle (1..deck size; default: the whole deck)",
    )
    add_output_flags(d)
    d.set_defaults(func=_cmd_deck)


#: A point value as the command line takes it: a decimal (``0.25``, ``.5``, ``25e-2``) or a
#: fraction (``1/4``), ASCII digits only. ``Fraction()`` alone also reads underscores
#: (``1e-1_000``), Unicode digits and exponents whose integer takes minutes to build.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE]([+-]?[0-9]+))?")
_RATIO = re.compile(r"[+-]?[0-9]+ */ *[0-9]+")
#: The largest exponent a point value may carry: 1e-50 is already nothing next to 1.
_MAX_EXPONENT = 50


def _register_challenge(subparsers) -> None:
    """``dicestats challenge``: overcome rolls prepared by create-advantage steps."""
    c = subparsers.add_parser(
        "challenge",
        help="a Fate challenge: overcome rolls, optionally prepared by create-advantage steps",
        description=(
            "A challenge is a series of overcome and create-advantage actions. --plan "
            "lists the steps in order: O an overcome roll (one per --difficulties), A a "
            "create-advantage roll whose free invokes (fail 0, tie 1, success 1, style 2) "
            "go to the next O, which spends them the optimal way (+2 or reroll). "
            "--advantages N finds the best plan with up to N create-advantage steps."
        ),
    )
    c.add_argument(
        "--difficulties",
        type=_int_list("rating", "difficulties"),
        required=True,
        metavar="D,...",
        help=f"one difficulty per overcome roll, e.g. 1,2,3 (each {LIMITS['rating'].help})",
    )
    c.add_argument(
        "--bonuses",
        type=_int_list("rating", "bonuses"),
        default=[0],
        metavar="B[,...]",
        help="the roller's bonus: one for every roll, or one per overcome roll (default 0)",
    )
    how = c.add_mutually_exclusive_group()
    how.add_argument(
        "--plan",
        metavar="STEPS",
        help="the steps in order, e.g. OOAO: A creates an advantage for the next O "
        "(default: the overcome rolls only)",
    )
    _limited(
        how, "--advantages", "challenge advantages",
        "find the best plan with up to this many create-advantage steps", metavar="N",
    )  # fmt: skip
    c.add_argument(
        "--advantage-bonuses",
        type=_int_list("rating", "advantage_bonuses"),
        metavar="B[,...]",
        help="the create-advantage rolls' bonus: one for all, or one per A of --plan "
        "(default: the bonus of the roll each prepares)",
    )
    c.add_argument(
        "--advantage-difficulties",
        type=_int_list("rating", "advantage_difficulties"),
        metavar="D[,...]",
        help="the create-advantage rolls' difficulty: one for all, or one per A of --plan "
        "(default: the difficulty of the roll each prepares)",
    )
    c.add_argument(
        "--need",
        type=int_arg(0, None, "need"),
        metavar="K",
        help="overcome rolls that must count for the challenge to succeed (default: all)",
    )
    c.add_argument(
        "--count",
        choices=("success", "tie"),
        default=None,
        help="what an overcome roll must reach to count: success or better (default) "
        "or a tie or better (an overcome tie succeeds at a minor cost)",
    )
    _limited(c, "--dice", "invoke dice", "Fate dice rolled", default=4)
    add_output_flags(c)
    c.set_defaults(func=_cmd_challenge)


def _fraction_arg(text: str) -> Fraction:
    """An exact number from ``"0.25"`` or ``"1/4"``, within ``LIMITS["point_value"]``.

    The text is matched strictly (ASCII digits, at most 100 characters, an
    exponent within ±50) before :class:`~fractions.Fraction` sees it:
    ``Fraction("1e-1_000_000")`` once ran for minutes.
    """
    lim = LIMITS["point_value"]
    word = text.strip()
    expected = f"a number in {lim.help} like 0.25 or 1/4"
    decimal = _DECIMAL.fullmatch(word) if len(word) <= 100 else None
    ratio = _RATIO.fullmatch(word) if len(word) <= 100 else None
    if not (decimal or ratio):
        raise argparse.ArgumentTypeError(
            f"must be {expected} (ASCII digits, at most 100 characters), "
            f"got {shown(text, quote=True)}"
        )
    if decimal and decimal.group(1) and abs(int(decimal.group(1))) > _MAX_EXPONENT:
        raise argparse.ArgumentTypeError(
            f"must be {expected} with an exponent within ±{_MAX_EXPONENT}, "
            f"got {shown(text, quote=True)} (a huge exponent takes minutes to read exactly, "
            f"and 1e-{_MAX_EXPONENT} is already nothing next to a success)"
        )
    try:
        v = Fraction(word.replace(" ", ""))
    except ZeroDivisionError:
        raise argparse.ArgumentTypeError(
            f"must be {expected}, got {shown(text, quote=True)} (a zero denominator)"
        ) from None
    if not lim.lo <= v <= lim.hi:
        raise argparse.ArgumentTypeError(f"must be a number in {lim.help}, got {shown(word)}")
    return v


def _cells(x, exact: bool) -> tuple:
    """A probability's table cells: the percentage, and ``p/q`` when exact."""
    return (fmt_prob(x),) + ((fraction(x),) if exact else ())


def _cmd_fate(args) -> int:
    from .. import fate

    o = fate.outcome_probs(
        args.bonus,
        difficulty=args.difficulty,
        versus=args.versus,
        helpers=args.helpers,
        max_helpers=args.max_helpers,
        dice=args.dice,
        exact=args.exact,
    )
    if args.json:
        asked = {"dice": args.dice, "bonus": args.bonus, "helpers": args.helpers}
        emit_json({**asked, "difficulty": args.difficulty, "versus": args.versus, **o.as_dict()})
        return 0
    against = (
        f"difficulty {ladder(args.difficulty)}"
        if args.difficulty is not None
        else f"active opposition {args.dice}dF {args.versus:+d}"
    )
    helpers = f" with {args.helpers} helper(s)" if args.helpers else ""
    title = f"{args.dice}dF {args.bonus:+d}{helpers} against {against}"
    header = ("outcome", "probability") + (("exact",) if args.exact else ())
    rows = [(label, *_cells(getattr(o, k), args.exact)) for k, label in _OUTCOME_LABELS.items()]
    rows.append(("",) * len(header))
    rows.append(("success or better", *_cells(o.p_success_or_better, args.exact)))
    # round(-1e-17, 2) is -0.0, printed "-0.00": adding 0.0 makes it +0.0.
    mean = round(float(o.mean_shifts), 2) + 0.0
    rows.append(("mean shifts", f"{mean:+.2f}") + (("",) if args.exact else ()))
    print_table(rows, header, title)
    return 0


def _cmd_contest(args) -> int:
    from .. import fate

    res = fate.contest(
        [args.bonus, *args.versus],
        victories=args.victories,
        dice=args.dice,
        max_exchanges=args.max_exchanges,
        exact=args.exact,
    )
    if args.json:
        emit_json(res)
        return 0
    several = len(args.versus) > 1
    names = ["you"] + [
        f"opponent {i + 1}" if several else "opponent" for i in range(len(args.versus))
    ]
    header = ("participant", "bonus", "P(win)") + (("exact",) if args.exact else ())
    rows = [
        (n, f"{b:+d}", *_cells(p, args.exact))
        for n, b, p in zip(names, res.bonuses, res.p_win, strict=True)
    ]
    title = f"Contest, first to {args.victories} victories, {args.dice}dF each"
    print_table(rows, header, title)
    print()
    print(f"expected exchanges: {float(res.mean_exchanges):.3f}")
    # List exchanges until 99.9% of the probability is covered; the rest in one row.
    rows, covered, last = [], 0.0, 0
    for n, p in res.exchanges.items():
        if covered >= 0.999:
            break
        if p:
            rows.append((str(n), fmt_prob(p)))
        covered += float(p)
        last = n
    tail = 1 - sum(p for n, p in res.exchanges.items() if n <= last)
    rows.append((f"more than {last}", fmt_prob(max(float(tail), 0.0))))
    print_table(rows, ("exchanges", "probability"))
    return 0


def _cmd_invoke(args) -> int:
    from .. import fate

    kw = {
        "invokes": args.invokes,
        "objective": args.objective,
        "point_value": args.point_value if args.exact else float(args.point_value),
        "dice": args.dice,
        "exact": args.exact,
    }
    if args.versus is not None:
        res = fate.invoke_vs_opposition(args.bonus, args.versus, **kw)
        against = f"active opposition {args.dice}dF {args.versus:+d} (seen before invoking)"
    else:
        res = fate.invoke_policy(args.bonus, args.difficulty, **kw)
        against = ladder(args.difficulty)
    if args.json:
        emit_json(res)
        return 0
    title = (
        f"{args.dice}dF {args.bonus:+d} against {against}, "
        f"{args.invokes} invoke(s), objective: {args.objective}"
    )
    header = ("policy", "P(reach objective)", "invokes spent") + (("exact",) if args.exact else ())
    rows = []
    for label, p, spent in (
        ("optimal (+2 or reroll)", res.p_optimal, res.mean_spent_optimal),
        ("+2 only", res.p_always_plus2, res.mean_spent_always_plus2),
        ("reroll only", res.p_reroll_only, res.mean_spent_reroll_only),
        ("never invoke", res.p_never, 0),
    ):
        p_text, *exact = _cells(p, args.exact)
        rows.append((label, p_text, f"{float(spent):.2f}", *exact))
    print_table(rows, header, title)
    if args.invokes and args.versus is None:
        print()
        print("Optimal plan after seeing the dice (rows: dice total; columns: invokes left)")
        ks = range(1, args.invokes + 1)
        plan = [
            (f"{s:+d}", *(res.plan(s, k) for k in ks)) for s in range(args.dice, -args.dice - 1, -1)
        ]
        print_table(plan, ("roll", *(f"k={k}" for k in ks)))
    return 0


def _cmd_deck(args) -> int:
    from .. import fate

    r = fate.deck_vs_dice(
        args.draws,
        args.bonus,
        args.difficulty,
        run=args.run,
        copies=args.copies,
        reshuffle_at=args.reshuffle_at,
        exact=args.exact,
    )
    if args.json:
        emit_json(r)
        return 0
    title = (
        f"{args.draws} draws, bonus {args.bonus:+d} against {ladder(args.difficulty)}: "
        f"Deck of Fate ({81 * args.copies} cards) vs 4dF"
    )
    rows = [
        (
            "SD of the session's dice total",
            f"{float(r.var_sum_deck) ** 0.5:.3f}",
            f"{float(r.var_sum_dice) ** 0.5:.3f}",
        ),
        (
            f"P({args.run} failures in a row, anywhere)",
            fmt_prob(r.p_fail_streak_deck),
            fmt_prob(r.p_fail_streak_dice),
        ),
        (
            f"P(the first {args.run} all fail)",
            fmt_prob(r.p_all_fail_deck),
            fmt_prob(r.p_all_fail_dice),
        ),
    ]
    print_table(rows, ("quantity", "deck", "dice"), title)
    return 0


def _one_or_list(values):
    """A list option as the API takes it: one int for all, or the list itself."""
    if values is None:
        return None
    return values[0] if len(values) == 1 else values


def _cmd_challenge(args) -> int:
    from .. import fate
    from ..core.checks import refuse

    bonuses = _one_or_list(args.bonuses)
    common = {
        "need": args.need,
        "count": args.count,
        "dice": args.dice,
        "exact": args.exact,
    }
    if args.advantages is not None:
        for flag, values in (
            ("--advantage-bonuses", args.advantage_bonuses),
            ("--advantage-difficulties", args.advantage_difficulties),
        ):
            if values is not None and len(values) > 1:
                raise refuse(
                    flag,
                    "one value with --advantages",
                    ",".join(map(str, values)),
                    why="the best plan places identical create-advantage steps",
                    instead="give one value, or write the steps with --plan",
                )
        best = fate.best_challenge_plan(
            args.difficulties,
            bonuses,
            advantages=args.advantages,
            advantage_bonus=_one_or_list(args.advantage_bonuses),
            advantage_difficulty=_one_or_list(args.advantage_difficulties),
            **common,
        )
        res = best.best
    else:
        best = None
        res = fate.challenge(
            args.difficulties,
            bonuses,
            plan=args.plan,
            advantage_bonuses=_one_or_list(args.advantage_bonuses),
            advantage_difficulties=_one_or_list(args.advantage_difficulties),
            **common,
        )
    if args.json:
        emit_json(best if best is not None else res)
        return 0
    n = len(res.difficulties)
    counted = "success or better" if res.count == "success" else "a tie or better"
    print(
        f"Challenge: {n} overcome roll(s), {args.dice}dF, plan {' '.join(res.plan)}"
        + (f" (the best with up to {best.advantages} advantage(s))" if best else "")
    )
    reading = (
        "Reading: O is an overcome roll; A a create-advantage roll whose free invokes "
        "(fail 0, tie 1, success 1, style 2) go to the next O, spent the optimal way "
        f"(+2 or reroll); a roll counts on {counted}; the challenge needs {res.need} of {n}."
    )
    print(textwrap.fill(reading, width=90))
    print()
    _print_steps(res, args.exact)
    print()
    rows = [(str(k), *_cells(res.successes.pmf(k), args.exact)) for k in range(n + 1)]
    print_table(rows, ("rolls that count", "probability") + (("exact",) if args.exact else ()))
    print()
    label = f"P(the challenge succeeds: at least {res.need} of {n} count)"
    print(
        f"{label}: {_cells(res.p_challenge, args.exact)[0]}"
        + (f"  ({fraction(res.p_challenge)})" if args.exact else "")
    )
    print(f"without the create-advantage steps: {fmt_prob(res.p_challenge_unaided)}")
    if best is not None:
        print()
        rows = [
            (" ".join(plan), *_cells(p, args.exact))
            for plan, p in list(best.p_challenge_by_plan.items())[:8]
        ]
        more = len(best.p_challenge_by_plan) - len(rows)
        title = "Plans compared, best first" + (f" ({more} more in --json)" if more > 0 else "")
        print_table(rows, ("plan", "P(succeeds)") + (("exact",) if args.exact else ()), title)
    return 0


def _print_steps(res, exact: bool) -> None:
    """One row per step of the plan: what it rolls, and the free invokes it gives or gets."""
    rows, o, a = [], 0, 0
    for i, step in enumerate(res.plan, 1):
        if step == "O":
            got = res.invokes[o]
            rows.append(
                (
                    f"{i}. overcome roll {o + 1}",
                    f"{res.bonuses[o]:+d}",
                    ladder(res.difficulties[o]),
                    f"gets {float(got.mean()):.2f}" if got.max else "",
                    fmt_prob(res.p_per_roll[o]),
                    fmt_prob(res.p_per_roll_unaided[o]),
                )
            )
            o += 1
        else:
            rows.append(
                (
                    f"{i}. create an advantage for roll {res.plan[:i].count('O') + 1}",
                    f"{res.advantage_bonuses[a]:+d}",
                    ladder(res.advantage_difficulties[a]),
                    f"gives {float(res.mean_invokes_created[a]):.2f}",
                    "",
                    "",
                )
            )
            a += 1
    header = ("step", "bonus", "difficulty", "free invokes", "P(counts)", "without")
    print_table(rows, header)
