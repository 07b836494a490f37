"""Fate (FAE) sub-commands: ``fate``, ``contest``, ``invoke``, ``challenge``, ``deck``.

Argument ranges and their help text come from :data:`dicestats.fate.LIMITS`;
the other side is ``--vs`` everywhere.

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

from fractions import Fraction

from ..core.checks import refuse
from ..fate.limits import LIMITS
from ..format import ladder
from ._common import add_output_flags, add_plot_flag, emit_json, print_table
from ._fate_args import cells, fraction_arg, limited, versus
from ._fate_challenge import register_challenge
from ._fate_deck import register_deck
from ._fate_turns import register_turns

__all__ = ["register", "COMMANDS"]

_OUTCOME_LABELS = {
    "p_fail": "fail",
    "p_tie": "tie",
    "p_success": "success",
    "p_style": "success with style",
}

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("fate", "contest", "invoke", "challenge", "deck", "turn-order")


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
    limited(p, "--dice", "dice", "Fate dice rolled", default=4)
    limited(p, "--bonus", "rating", "approach + other bonuses", default=0)
    g = p.add_mutually_exclusive_group(required=True)
    limited(g, "--difficulty", "rating", "fixed difficulty", metavar="D")
    versus(g, "active opposition's bonus")
    limited(p, "--helpers", "helpers", "helpers, +1 each", default=0)
    limited(p, "--max-helpers", "helpers", "the GM's cap on helpers", default=None)
    add_output_flags(p)
    add_plot_flag(p, "the outcomes against this difficulty and three steps either side")
    p.set_defaults(func=_cmd_fate)

    c = subparsers.add_parser(
        "contest",
        help="a Fate contest: P(win) and the number of exchanges",
        description=(
            "Exchanges of overcome rolls; the highest total marks a victory (two when it "
            "beats everyone by 3+, none on a tie for the highest); first to --victories wins."
        ),
    )
    limited(c, "--bonus", "rating", "your bonus", required=True, metavar="A")
    limited(
        c, "--vs", "rating", "an opponent's bonus (repeat for more participants)",
        action="append", required=True, metavar="B", dest="versus",
    )  # fmt: skip
    limited(c, "--victories", "victories", "victories to win", default=3)
    limited(c, "--dice", "contest dice", "Fate dice rolled", default=4)
    limited(
        c, "--max-exchanges", "max_exchanges",
        "list a row for every number of exchanges up to N, then the rest as 'more than N' "
        "(default: rows until 99.9%% is covered, at most 20)", metavar="N",
    )  # fmt: skip
    add_output_flags(c)
    add_plot_flag(c, "the distribution of the number of exchanges (the rows shown)")
    c.set_defaults(func=_cmd_contest)

    i = subparsers.add_parser(
        "invoke",
        help="the optimal way to spend invokes (+2 or reroll) on one roll",
        description=(
            "With K invokes (fate points or free invokes), the exact best chance to reach "
            "the objective and the policy that reaches it, against always +2 and never invoking."
        ),
    )
    limited(i, "--bonus", "rating", "approach + other bonuses", default=0)
    ig = i.add_mutually_exclusive_group(required=True)
    limited(ig, "--difficulty", "rating", "fixed difficulty", metavar="D")
    versus(ig, "active opposition's bonus (its roll is seen before invoking)")
    limited(i, "--invokes", "invokes", "invokes available", required=True, metavar="K")
    i.add_argument(
        "--objective",
        choices=("success", "style", "tie"),
        default="success",
        help="success or better (default), success with style, or at least a tie",
    )
    lim = LIMITS["point_value"]
    i.add_argument(
        "--point-value",
        type=fraction_arg,
        default=Fraction(0),
        metavar="V",
        help=f"value of an unspent invoke, {lim.help} of a success (e.g. 0.25 or 1/4; default 0)",
    )
    limited(i, "--dice", "invoke dice", "Fate dice rolled", default=4)
    add_output_flags(i)
    add_plot_flag(i, "the policies over this difficulty and three steps either side")
    i.set_defaults(func=_cmd_invoke)

    register_challenge(subparsers)

    register_deck(subparsers)
    register_turns(subparsers)


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
    if args.plot:
        from ._plots import plot_fate

        plot_fate(args)
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
    rows = [(label, *cells(getattr(o, k), args.exact)) for k, label in _OUTCOME_LABELS.items()]
    rows.append(("",) * len(header))
    rows.append(("success or better", *cells(o.p_success_or_better, args.exact)))
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
        max_exchanges=20 if args.max_exchanges is None else args.max_exchanges,
        exact=args.exact,
    )
    last = _last_row(res, args.max_exchanges)
    if args.plot:
        from ._plots import plot_contest

        plot_contest(args, res, last)
    if args.json:
        emit_json(res)
        return 0
    several = len(args.versus) > 1
    names = ["you"] + [
        f"opponent {i + 1}" if several else "opponent" for i in range(len(args.versus))
    ]
    header = ("participant", "bonus", "P(win)") + (("exact",) if args.exact else ())
    rows = [
        (n, f"{b:+d}", *cells(p, args.exact))
        for n, b, p in zip(names, res.bonuses, res.p_win, strict=True)
    ]
    title = f"Contest, first to {args.victories} victories, {args.dice}dF each"
    print_table(rows, header, title)
    print()
    print(f"expected exchanges: {float(res.mean_exchanges):.3f}")
    rows = [(str(n), *cells(p, args.exact)) for n, p in res.exchanges.items() if n <= last and p]
    tail = res.p_more_exchanges + sum(p for n, p in res.exchanges.items() if n > last)
    rows.append((f"more than {last}", *cells(tail, args.exact)))
    print_table(rows, ("exchanges", "probability") + (("exact",) if args.exact else ()))
    return 0


def _last_row(res, max_exchanges) -> int:
    """The last number of exchanges listed: ``max_exchanges`` when given, else the first
    at which 99.9% of the probability is covered."""
    if max_exchanges is not None:
        return max_exchanges
    covered, last = 0.0, 0
    for n, p in res.exchanges.items():
        if covered >= 0.999:
            break
        covered += float(p)
        last = n
    return last


def _cmd_invoke(args) -> int:
    from .. import fate

    if args.plot and args.versus is not None:
        raise refuse(
            "--plot", "used with --difficulty", "--vs",
            why="the chart draws the policies over difficulties",
            instead="give --difficulty, or leave out --plot",
        )  # fmt: skip
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
    if args.plot:
        from ._plots import plot_invoke

        plot_invoke(args)
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
        p_text, *exact = cells(p, args.exact)
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
