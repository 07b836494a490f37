"""``dicestats challenge``: overcome rolls, optionally prepared by create-advantage steps."""

from __future__ import annotations

import textwrap

from ..format import ladder
from ._common import (
    add_output_flags,
    add_plot_flag,
    emit_json,
    exact_text,
    fmt_prob,
    int_arg,
    print_table,
)
from ._fate_args import RATING_HELP, cells, int_list, limited

__all__ = ["register_challenge"]


def register_challenge(subparsers) -> None:
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
        type=int_list("rating", "difficulties"),
        required=True,
        metavar="D,...",
        help=f"one difficulty per overcome roll, e.g. 1,Fair,+3 (each {RATING_HELP})",
    )
    c.add_argument(
        "--bonuses",
        type=int_list("rating", "bonuses"),
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
    limited(
        how, "--advantages", "challenge advantages",
        "find the best plan with up to this many create-advantage steps", metavar="N",
    )  # fmt: skip
    c.add_argument(
        "--advantage-bonuses",
        type=int_list("rating", "advantage_bonuses"),
        metavar="B[,...]",
        help="the create-advantage rolls' bonus: one for all, or one per A of --plan "
        "(default: the bonus of the roll each prepares)",
    )
    c.add_argument(
        "--advantage-difficulties",
        type=int_list("rating", "advantage_difficulties"),
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
    limited(c, "--dice", "invoke dice", "Fate dice rolled", default=4)
    add_output_flags(c)
    add_plot_flag(c, "the distribution of the overcome rolls that count")
    c.set_defaults(func=_cmd_challenge)


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
    if args.plot:
        from ._plots import plot_challenge

        plot_challenge(args, res)
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
    rows = [(str(k), *cells(res.successes.pmf(k), args.exact)) for k in range(n + 1)]
    print_table(rows, ("rolls that count", "probability") + (("exact",) if args.exact else ()))
    print()
    label = f"P(the challenge succeeds: at least {res.need} of {n} count)"
    print(
        f"{label}: {cells(res.p_challenge, args.exact)[0]}"
        + (f"  ({exact_text(res.p_challenge)})" if args.exact else "")
    )
    print(f"without the create-advantage steps: {fmt_prob(res.p_challenge_unaided)}")
    if best is not None:
        print()
        rows = [
            (" ".join(plan), *cells(p, args.exact))
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
