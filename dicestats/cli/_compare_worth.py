"""``dicestats worth QUESTION``: the parsers and the handler (a room of :mod:`.compare`)."""

from __future__ import annotations

from ..fate.limits import LIMITS as FATE_LIMITS
from ._common import add_output_flags, add_plot_flag, emit_json, exact_text, fmt_prob, print_table
from ._compare_args import (
    _DICE,
    _DIFFICULTY,
    _METRIC_WORDS,
    _METRICS,
    _OBJECTIVES,
    _fate_roll_args,
    _max_dice_arg,
    _rating,
    _st_pool_args,
)
from ._storyteller_args import add_rule_flags, rules_of


def _register_worth(sub) -> None:
    d = sub.add_parser("die", help="one more Storyteller die ≈ how many difficulty steps")
    _st_pool_args(d)
    d.add_argument(
        "--extra",
        type=_DICE.argtype("extra"),
        default=1,
        help="dice added (default 1)",
    )
    add_rule_flags(d)
    _worth_outputs(d)

    for name, change in (("willpower", "willpower"), ("specialty", "specialty"),
                         ("ten-again", "ten_again")):  # fmt: skip
        r = sub.add_parser(name, help=f"{name} ≈ how many Storyteller dice")
        _st_pool_args(r)
        _max_dice_arg(r)
        add_rule_flags(r)
        _worth_outputs(r)
        r.set_defaults(change=change)

    i = sub.add_parser("invoke", help="Fate invokes (+2 or reroll) ≈ how many shifts")
    _fate_roll_args(i)
    i.add_argument(
        "--invokes",
        type=FATE_LIMITS["invokes"].argtype("invokes"),
        default=1,
        help=f"invokes spent ({FATE_LIMITS['invokes'].help}; default 1)",
    )
    i.add_argument(
        "--policy",
        choices=("optimal", "plus2", "reroll"),
        default="optimal",
        help="how invokes are used: the optimal +2 or reroll (default), +2 only, rerolls only",
    )
    i.add_argument(
        "--fate-dice",
        type=FATE_LIMITS["invoke dice"].argtype("fate_dice"),
        default=None,
        help="Fate dice rolled (default 4)",
    )
    _worth_outputs(i)

    f = sub.add_parser("fate", help="the Fate difficulty whose odds match a Storyteller pool")
    _st_pool_args(f)
    f.add_argument("--bonus", type=_rating, default=0, help="the Fate roll's bonus (default 0)")
    f.add_argument(
        "--objective", choices=_OBJECTIVES, default="success", help="the Fate outcome matched"
    )
    add_rule_flags(f)
    _worth_outputs(f)

    s = sub.add_parser(
        "storyteller", help="the Storyteller difficulty (or pool) whose odds match a Fate roll"
    )
    _fate_roll_args(s)
    g = s.add_mutually_exclusive_group(required=True)
    g.add_argument("--dice", type=_DICE.argtype("dice"), help="find the difficulty for this pool")
    g.add_argument(
        "--storyteller-difficulty",
        type=_DIFFICULTY.argtype("storyteller_difficulty"),
        help="find the pool at this difficulty",
    )
    s.add_argument(
        "--metric",
        choices=_METRICS[:-1],
        default="p_success",
        help="the Storyteller chance matched (default P(net >= 1))",
    )
    _max_dice_arg(s)
    add_rule_flags(s)
    _worth_outputs(s)


def _worth_outputs(p) -> None:
    add_output_flags(p)
    add_plot_flag(p, "the scale searched, the target and the worth")
    p.set_defaults(func=_cmd_worth)


# ---------------------------------------------------------------------------
# worth
# ---------------------------------------------------------------------------
def _cmd_worth(args) -> int:
    from .. import workbench as wb

    q = args.question
    if q in ("die", "willpower", "specialty", "ten-again", "fate"):
        rules, specialty = rules_of(args, [args.difficulty])
        common = {"metric": args.metric, "specialty": specialty, "exact": args.exact}
        if q == "die":
            w = wb.die_worth(args.dice, args.difficulty, rules, extra=args.extra, **common)
        elif q == "fate":
            w = wb.fate_match(args.dice, args.difficulty, rules, bonus=args.bonus,
                              objective=args.objective, **common)  # fmt: skip
        else:
            w = wb.rule_worth(args.dice, args.difficulty, rules, change=args.change,
                              max_dice=args.max_dice, **common)  # fmt: skip
    elif q == "invoke":
        w = wb.invoke_worth(
            args.bonus, args.difficulty, invokes=args.invokes, policy=args.policy,
            objective=args.objective, dice=args.fate_dice, exact=args.exact,
        )  # fmt: skip
    else:
        rules, specialty = rules_of(args, None)
        w = wb.storyteller_match(
            args.bonus, args.difficulty, dice=args.dice,
            storyteller_difficulty=args.storyteller_difficulty, rules=rules,
            objective=args.objective, metric=args.metric, specialty=specialty,
            max_dice=args.max_dice, exact=args.exact,
        )  # fmt: skip
    if args.plot:
        from ..plots.workbench import worth_scale
        from ..tables.workbench import worth_table
        from ._common import write_plot

        write_plot(worth_scale(worth_table(w), w), args.plot)
    if args.json:
        emit_json(w)
        return 0
    _print_worth(w, args.exact)
    return 0


def _print_worth(w, exact: bool) -> None:
    print(w.summary())
    print()
    mean = w.metric == "mean_net"
    show = (lambda x: f"{float(x):.4f}") if mean else fmt_prob
    rows = []
    if w.p_base is not None:
        rows.append(("without the change", w.p_base))
    rows.append(("with the change" if w.p_base is not None else "to match", w.p_target))
    without = "" if w.p_base is None else " (without the change)"
    for step, p in ((w.lower, w.p_lower), (w.upper, w.p_upper)):
        unit = _SINGULAR.get(w.unit, w.unit) if abs(step or 0) == 1 else w.unit
        if step is None:
            continue
        name = f"{step:+d} {unit}{without}" if without else f"{step} {unit}"
        if rows[-1][0] != name:
            rows.append((name, p))
    label = _METRIC_WORDS.get(w.metric, w.metric.replace("_", " "))
    header = ("", label) + (("exact",) if exact else ())
    print_table([(k, show(p), *((exact_text(p),) if exact else ())) for k, p in rows], header)
    print()
    print(w.reading)
    if w.worth is None and w.p_target == 1 and w.change == "a Willpower point":
        print("(a Willpower success is automatic: value it with --metric p_ge_2 or mean_net)")


_SINGULAR = {"difficulty steps": "difficulty step", "dice": "die", "shifts": "shift"}
