"""Storyteller commands about one character's choices: ``try-again``, ``auto``, ``exemption``.

A room of :mod:`dicestats.cli.storyteller`: trying again at a rising
difficulty, taking the automatic success instead of rolling, and the botch
exemption over a period of rolls. Each prints a readable table with the rule
reading in words, ``--json`` (the API's result), ``--exact`` (``"p/q"``) and,
where the answer is a table, ``--plot FILE``.

Examples
--------
>>> from dicestats.cli import main
>>> main(["auto", "--dice", "6", "--difficulty", "6"])
automatic success or roll: 6 dice at difficulty 6, the task needs 1 success (revised rules)
the automatic success is allowed: the pool (6) is at least the difficulty (6) and there is no stress
<BLANKLINE>
choice     P(success)  P(botch)  mean net
---------  ----------  --------  --------
roll           87.65%     1.15%    2.4562
automatic        100%        0%    1.0000
<BLANKLINE>
better: take the automatic success
0
"""

from __future__ import annotations

from ..storyteller.limits import LIMITS
from ._common import emit_json, fmt_prob, print_table
from ._storyteller_args import dice_text, exact_cell, finish_parser, pool_parser, reading, rules_of

__all__ = ["register_choices"]


def _cells(p, exact: bool) -> tuple:
    return (fmt_prob(p),) + ((exact_cell(p, True),) if exact else ())


def register_choices(subparsers) -> None:
    """Add the ``try-again``, ``auto`` and ``exemption`` commands."""
    t = pool_parser(
        subparsers,
        "try-again",
        help="trying again after a failure: each retry at difficulty +1",
        description=(
            "The first attempt is at --difficulty, the k-th at difficulty + k - 1; a "
            "difficulty above 10 cannot be attempted (with --clamp it is rolled at 10). A "
            "success ends the attempts; so does a botch unless --botch-retries."
        ),
    )
    attempts = LIMITS["attempts"]
    t.add_argument(
        "--attempts", type=attempts.argtype("attempts"), default=None,
        help=f"the most attempts allowed ({attempts.help}; default: until the difficulty "
        "passes 10)",
    )  # fmt: skip
    t.add_argument(
        "--botch-retries", dest="botch_ends", action="store_false",
        help="a botch is only a failure: the next try is harder (default: a botch ends the "
        "attempts)",
    )  # fmt: skip
    finish_parser(t, _cmd_try_again, "P(success within k attempts)")

    a = pool_parser(
        subparsers,
        "auto",
        help="automatic success versus rolling",
        description=(
            "With a pool at least the difficulty and no stress, a character may skip the roll "
            "and take one (marginal) success: it never botches, but it is only one success."
        ),
    )
    target = LIMITS["target, automatic success"]
    a.add_argument(
        "--target", type=target.argtype("target"), default=1,
        help=f"successes the task needs ({target.help}; default 1)",
    )  # fmt: skip
    a.add_argument(
        "--stress", action="store_true",
        help="in combat or under stress: the automatic success is not allowed",
    )  # fmt: skip
    finish_parser(a, _cmd_auto)

    e = pool_parser(
        subparsers,
        "exemption",
        help="botch exemption: the first botch of a period does not count",
        description=(
            "The chance of a counted botch over a period of rolls, with and without the "
            "Storyteller's exemption (the first botch of the period does not count)."
        ),
    )
    rolls = LIMITS["rolls"]
    e.add_argument(
        "--rolls", type=rolls.argtype("rolls"), default=10,
        help=f"rolls in the period ({rolls.help}; default 10)",
    )  # fmt: skip
    finish_parser(e, _cmd_exemption)


def _cmd_try_again(args) -> int:
    from .. import storyteller as st

    # with --clamp the retries climb past 10 (rolled at 10); without it they stop at 10
    top = 11 if args.attempts is None else args.difficulty + args.attempts - 1
    rules, specialty = rules_of(args, [args.difficulty, top] if args.clamp else [args.difficulty])
    r = st.try_again(
        args.dice, args.difficulty, rules, attempts=args.attempts, botch_ends=args.botch_ends,
        specialty=specialty, exact=args.exact,
    )  # fmt: skip
    if args.plot:
        _plot_try_again(args, r)
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    botch = "a botch ends the attempts" if r.botch_ends else "a botch is only a failure"
    most = f", at most {r.attempts} attempts" if r.attempts else ""
    print(
        f"trying again: {dice_text(r.dice)} from difficulty {r.difficulty}, +1 per retry, {botch}"
        f"{most} ({reading(rules, specialty, args.preset)})"
    )
    head = ("outcome", "probability") + (("exact",) if ex else ())
    rows = [
        ("success", *_cells(r.p_success, ex)),
        (
            "botch (ends the attempts)" if r.botch_ends else "a botch before the success",
            *_cells(r.p_botch, ex),
        ),
        ("gave up (no attempt left)", *_cells(r.p_gave_up, ex)),
    ]
    print_table(rows, head)
    print()
    mean = f"mean attempts  {float(r.mean_attempts):.4f}  {exact_cell(r.mean_attempts, ex)}"
    print(mean.rstrip())
    print()
    clamp = rules.above_ten == "clamp"
    rows = [
        (str(k), str(min(r.difficulty + k - 1, 10) if clamp else r.difficulty + k - 1),
         *_cells(p, ex))
        for k, p in enumerate(r.p_success_within, 1)
    ]  # fmt: skip
    print_table(rows, ("attempts", "difficulty", "P(success within)") + (head[2:]))
    return 0


def _plot_try_again(args, r) -> None:
    import pandas as pd

    from .. import plots
    from ._common import write_plot

    df = pd.DataFrame(
        {"round": range(1, len(r.p_success_within) + 1), "p_done": r.p_success_within}
    )
    ax = plots.storyteller_extended(
        df, xlabel="attempts made (each retry 1 harder)", ylabel="chance of a success by then",
        title=f"Trying again: {dice_text(r.dice)} from difficulty {r.difficulty}",
    )  # fmt: skip
    write_plot(ax, args.plot)


def _cmd_auto(args) -> int:
    from .. import storyteller as st

    rules, specialty = rules_of(args, [args.difficulty])
    r = st.automatic_success(
        args.dice, args.difficulty, rules, target=args.target, stress=args.stress,
        specialty=specialty, exact=args.exact,
    )  # fmt: skip
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    need = f"{r.target} success{'es' if r.target > 1 else ''}"
    print(
        f"automatic success or roll: {dice_text(r.dice)} at difficulty {r.difficulty}, the task "
        f"needs {need} ({reading(rules, specialty, args.preset)})"
    )
    if r.allowed:
        print(
            f"the automatic success is allowed: the pool ({r.dice}) is at least the difficulty "
            f"({r.difficulty}) and there is no stress"
        )
    elif args.stress:
        print("the automatic success is not allowed: under stress (--stress) the roll is made")
    else:
        print(
            f"the automatic success is not allowed: the pool ({r.dice}) is below the "
            f"difficulty ({r.difficulty})"
        )
    print()
    head = ("choice", "P(success)", "P(botch)", "mean net")
    rows = []
    for name, c in (("roll", r.roll), ("automatic", r.automatic)):
        if name == "automatic" and not r.allowed:
            rows.append((name, "not allowed", "", ""))
            continue
        rows.append((name, fmt_prob(c.p_success), fmt_prob(c.p_botch), f"{float(c.mean_net):.4f}"))
        if ex:
            rows.append(("  exact", *(exact_cell(v, True) for v in c.as_dict().values())))
    print_table(rows, head)
    print()
    better = {
        "automatic": "take the automatic success",
        "roll": "roll",
        "either": "either (the same chance, neither can botch)",
    }[r.better]
    print(f"better: {better}")
    return 0


def _cmd_exemption(args) -> int:
    from .. import storyteller as st

    rules, specialty = rules_of(args, [args.difficulty])
    r = st.botch_exemption(
        args.dice, args.difficulty, rules, rolls=args.rolls, specialty=specialty,
        exact=args.exact,
    )  # fmt: skip
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    print(
        f"botch exemption: {dice_text(r.dice)} at difficulty {r.difficulty}, {r.rolls} roll"
        f"{'s' if r.rolls > 1 else ''} in the period ({reading(rules, specialty, args.preset)})"
    )
    print("with the exemption the first botch of the period does not count")
    print()
    head = ("", "without exemption", "with exemption")
    rows = [
        ("P(a counted botch)", fmt_prob(r.p_any_botch), fmt_prob(r.p_counted_botch)),
        (
            "mean counted botches",
            f"{float(r.mean_botches):.4f}",
            f"{float(r.mean_counted_botches):.4f}",
        ),
    ]
    print_table(rows, head)
    print()
    print(f"one roll botches  {fmt_prob(r.p_botch)}  {exact_cell(r.p_botch, ex)}".rstrip())
    if ex:
        print()
        exact = (
            ("P(a counted botch), without", r.p_any_botch),
            ("P(a counted botch), with", r.p_counted_botch),
            ("mean counted botches, without", r.mean_botches),
            ("mean counted botches, with", r.mean_counted_botches),
        )
        for name, value in exact:
            print(f"{name:<30}  {exact_cell(value, True)}")
    return 0
