"""Fate (FAE) sub-commands: ``fate``, ``contest``, ``invoke``, ``deck``.

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

from ._common import add_output_flags, emit_json, fmt_prob, int_arg, print_table

__all__ = ["register"]

_OUTCOME_LABELS = {
    "fail": "fail",
    "tie": "tie",
    "success": "success",
    "style": "success with style",
}
_B = 1000  # bonus / difficulty bounds on the command line


#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("fate", "contest", "invoke", "deck")


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
    p.add_argument("--dice", type=int_arg(1, 200), default=4, help="Fate dice rolled (default 4)")
    p.add_argument("--bonus", type=int_arg(-_B, _B), default=0, help="approach + other bonuses")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--difficulty", type=int_arg(-_B, _B), metavar="D", help="fixed difficulty")
    g.add_argument(
        "--opposed", type=int_arg(-_B, _B), metavar="B2", help="active opposition's bonus"
    )
    p.add_argument("--helpers", type=int_arg(0, 100), default=0, help="helpers, +1 each")
    p.add_argument(
        "--max-helpers", type=int_arg(0, 100), default=None, help="the GM's cap on helpers"
    )
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
    c.add_argument("--bonus", type=int_arg(-_B, _B), required=True, metavar="A", help="your bonus")
    c.add_argument(
        "--vs",
        type=int_arg(-_B, _B),
        action="append",
        required=True,
        metavar="B",
        help="an opponent's bonus (repeat for more participants)",
    )
    c.add_argument("--victories", type=int_arg(1, 50), default=3, help="victories to win (3)")
    c.add_argument("--dice", type=int_arg(1, 12), default=4, help="Fate dice rolled (default 4)")
    c.add_argument(
        "--max-exchanges",
        type=int_arg(1, 1000),
        default=20,
        help="list the exchanges distribution up to this many (default 20)",
    )
    add_output_flags(c)
    c.set_defaults(func=_cmd_contest)

    i = subparsers.add_parser(
        "invoke",
        help="the optimal way to spend invokes (+2 or reroll) on one roll",
        description=(
            "With K invokes (fate points or free invokes), the exact best chance to reach "
            "the target and the policy that reaches it, against always +2 and never invoking."
        ),
    )
    i.add_argument("--bonus", type=int_arg(-_B, _B), default=0, help="approach + other bonuses")
    ig = i.add_mutually_exclusive_group(required=True)
    ig.add_argument("--difficulty", type=int_arg(-_B, _B), metavar="D", help="fixed difficulty")
    ig.add_argument(
        "--opposed",
        type=int_arg(-_B, _B),
        metavar="B2",
        help="active opposition's bonus (its roll is seen before invoking)",
    )
    i.add_argument("--invokes", type=int_arg(0, 20), required=True, metavar="K")
    i.add_argument(
        "--objective",
        choices=("success", "style", "tie"),
        default="success",
        help="success or better (default), success with style, or at least a tie",
    )
    i.add_argument(
        "--point-value",
        type=_fraction_arg,
        default=Fraction(0),
        metavar="V",
        help="value of an unspent invoke, 0..1 of a success (e.g. 0.25 or 1/4; default 0)",
    )
    i.add_argument("--dice", type=int_arg(1, 50), default=4, help="Fate dice rolled (default 4)")
    add_output_flags(i)
    i.set_defaults(func=_cmd_invoke)

    d = subparsers.add_parser(
        "deck",
        help="Deck of Fate vs dice over a session of draws",
        description=(
            "How drawing from the 81-card Deck of Fate without replacement differs from "
            "rolling 4dF: spread of the session's total and streaks of failures."
        ),
    )
    d.add_argument("--draws", type=int_arg(1, 10_000), required=True, help="draws in the session")
    d.add_argument("--bonus", type=int_arg(-_B, _B), default=0)
    d.add_argument("--difficulty", type=int_arg(-_B, _B), default=0, metavar="D")
    d.add_argument("--run", type=int_arg(1, 100), default=3, help="failure streak length (3)")
    d.add_argument("--copies", type=int_arg(1, 100), default=1, help="81-card decks shuffled in")
    d.add_argument(
        "--reshuffle-at", type=int_arg(1, 8100), default=None, help="draws before a reshuffle"
    )
    add_output_flags(d)
    d.set_defaults(func=_cmd_deck)


def _fraction_arg(text: str) -> Fraction:
    """An exact number from ``"0.25"`` or ``"1/4"``, within 0..1."""
    import argparse
    import re

    text = text.strip()
    expo = re.search(r"[eE]\s*([+-]?\d+)", text)
    if len(text) > 100 or (expo and abs(int(expo.group(1))) > 50):
        # Fraction("1e-99999999") builds a 100-million-digit integer: minutes.
        raise argparse.ArgumentTypeError(
            f"expected a number like 0.25 or 1/4 (at most 100 characters, exponent "
            f"within ±50), got {text[:40]!r}"
        )
    try:
        v = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"expected a number like 0.25 or 1/4, got {text!r}"
        ) from None
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError(f"must be a number in 0..1, got {text}")
    return v


def _p(x, exact: bool):
    return x if exact else float(x)


def _exact_cell(x) -> str:
    return f"{x.numerator}/{x.denominator}" if isinstance(x, Fraction) else ""


def _cmd_fate(args) -> int:
    from .. import fate

    sh = fate.shifts(
        args.bonus,
        difficulty=args.difficulty,
        opposed=args.opposed,
        helpers=args.helpers,
        max_helpers=args.max_helpers,
        dice=args.dice,
        exact=args.exact,
    )
    o = fate.Outcome.from_shifts(sh)
    ex = args.exact
    out = {
        "dice": args.dice,
        "bonus": args.bonus,
        "helpers": args.helpers,
        "difficulty": args.difficulty,
        "opposed": args.opposed,
        **{k: _p(v, ex) for k, v in o.as_dict().items()},
        "p_success_or_better": _p(o.p_success_or_better, ex),
        "p_tie_or_better": _p(o.p_tie_or_better, ex),
        "mean_shifts": _p(sh.mean(), ex),
        "shifts": {k: _p(v, ex) for k, v in sh.items()},
    }
    if args.json:
        emit_json(out)
        return 0
    against = (
        f"difficulty {fate.ladder_name(args.difficulty)}"
        if args.difficulty is not None
        else f"active opposition {args.dice}dF {args.opposed:+d}"
    )
    helpers = f" with {args.helpers} helper(s)" if args.helpers else ""
    title = f"{args.dice}dF {args.bonus:+d}{helpers} against {against}"
    header = ("outcome", "probability") + (("exact",) if ex else ())
    rows = []
    for k in fate.OUTCOMES:
        v = out[k]
        rows.append((_OUTCOME_LABELS[k], fmt_prob(v)) + ((_exact_cell(v),) if ex else ()))
    rows.append(("",) * len(header))
    v = out["p_success_or_better"]
    rows.append(("success or better", fmt_prob(v)) + ((_exact_cell(v),) if ex else ()))
    rows.append(("mean shifts", f"{float(out['mean_shifts']):+.2f}") + (("",) if ex else ()))
    print_table(rows, header, title)
    return 0


def _cmd_contest(args) -> int:
    from .. import fate

    res = fate.contest(
        [args.bonus, *args.vs],
        victories=args.victories,
        dice=args.dice,
        max_exchanges=args.max_exchanges,
        exact=args.exact,
    )
    d = res.as_dict()
    if args.json:
        emit_json({"dice": args.dice, **d})
        return 0
    names = ["you"] + [
        f"opponent {i + 1}" if len(args.vs) > 1 else "opponent" for i in range(len(args.vs))
    ]
    header = ("participant", "bonus", "P(win)") + (("exact",) if args.exact else ())
    rows = [
        (n, f"{b:+d}", fmt_prob(p)) + ((_exact_cell(p),) if args.exact else ())
        for n, b, p in zip(names, res.bonuses, res.p_win, strict=True)
    ]
    title = f"Contest, first to {args.victories} victories, {args.dice}dF each"
    print_table(rows, header, title)
    print()
    print(f"expected exchanges: {float(res.expected_exchanges):.3f}")
    # List exchanges until 99.9% of the probability is covered; the rest in one row.
    rows, covered, last = [], 0.0, 0
    for n, p in res.exchanges_pmf.items():
        if covered >= 0.999:
            break
        if p:
            rows.append((str(n), fmt_prob(p)))
        covered += float(p)
        last = n
    tail = 1 - sum(p for n, p in res.exchanges_pmf.items() if n <= last)
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
    if args.opposed is not None:
        res = fate.invoke_vs_opposition(args.bonus, args.opposed, **kw)
        by = res.pop("by_opposition")
        if args.json:
            emit_json(
                {
                    "bonus": args.bonus,
                    "opposed": args.opposed,
                    **{k: v for k, v in kw.items() if k != "exact"},
                    **res,
                    "table_by_opposition": {o: [dict(r) for r in p.table] for o, p in by.items()},
                }
            )
            return 0
        pol = None
        against = f"active opposition {args.dice}dF {args.opposed:+d} (seen before invoking)"
        p = res
    else:
        pol = fate.invoke_policy(args.bonus, args.difficulty, **kw)
        if args.json:
            emit_json(pol.as_dict())
            return 0
        against = fate.ladder_name(args.difficulty)
        p = pol.as_dict()
    title = (
        f"{args.dice}dF {args.bonus:+d} against {against}, "
        f"{args.invokes} invoke(s), objective: {args.objective}"
    )
    header = ("policy", "P(reach target)", "invokes spent") + (("exact",) if args.exact else ())
    rows = []
    for label, v, spent in (
        ("optimal (+2 or reroll)", p["p_optimal"], p["spent_optimal"]),
        ("+2 only", p["p_always_plus2"], p["spent_always_plus2"]),
        ("reroll only", p["p_reroll_only"], p["spent_reroll_only"]),
        ("never invoke", p["p_never"], 0),
    ):
        cells = (label, fmt_prob(v), f"{float(spent):.2f}")
        rows.append(cells + ((_exact_cell(v),) if args.exact else ()))
    print_table(rows, header, title)
    if args.invokes and pol is not None:
        print()
        print("Optimal plan after seeing the dice (rows: dice total; columns: invokes left)")
        print(pol.format())
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
        emit_json({**r, "copies": args.copies, "reshuffle_at": args.reshuffle_at})
        return 0
    title = (
        f"{args.draws} draws, bonus {args.bonus:+d} against {fate.ladder_name(args.difficulty)}: "
        f"Deck of Fate ({81 * args.copies} cards) vs 4dF"
    )
    rows = [
        (
            "SD of the session's dice total",
            f"{float(r['var_sum_deck']) ** 0.5:.3f}",
            f"{float(r['var_sum_dice']) ** 0.5:.3f}",
        ),
        (
            f"P({args.run} failures in a row, anywhere)",
            fmt_prob(r["p_fail_streak_deck"]),
            fmt_prob(r["p_fail_streak_dice"]),
        ),
        (
            f"P(the first {args.run} all fail)",
            fmt_prob(r["p_all_fail_deck"]),
            fmt_prob(r["p_all_fail_dice"]),
        ),
    ]
    print_table(rows, ("quantity", "deck", "dice"), title)
    return 0
