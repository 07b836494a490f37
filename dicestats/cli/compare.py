"""The designer's workbench on the command line: ``worth`` and ``compare``.

``dicestats worth QUESTION``: what a change is worth in another currency
(:mod:`dicestats.workbench.worth`): ``die`` (one more Storyteller die in
difficulty steps), ``willpower`` / ``specialty`` / ``ten-again`` (in dice),
``invoke`` (Fate invokes in shifts), ``fate`` (the Fate difficulty matching a
Storyteller pool) and ``storyteller`` (the Storyteller difficulty or pool
matching a Fate roll).

``dicestats compare storyteller|fate|systems``: two settings side by side
(:mod:`dicestats.workbench.compare`). The second side is the first one but for
the ``--vs-*`` options (``--vs-preset``, ``--vs-ten-again``, ``--vs-dice``,
``--vs-difficulty``, ``--vs-bonus``, ...): the rule flags (``--ten-again``,
``--botch-rule``, ...) apply to both sides.

Every command prints a readable table, JSON with ``--json`` (the result's
fields), exact ``p/q`` numbers with ``--exact``, and draws its chart with
``--plot FILE`` (PNG, SVG or PDF).

Examples
--------
>>> from dicestats.cli import main
>>> main(["worth", "invoke", "--bonus", "0", "--difficulty", "2", "--policy", "plus2"])
1 invoke (+2 only) ≈ 2 shifts (exactly)
<BLANKLINE>
                                success or better
------------------------------  -----------------
without the change                          6.17%
with the change                            38.27%
+2 shifts (without the change)             38.27%
<BLANKLINE>
4dF +0 + x against 2 without invokes matches the invokes (success or better); x is \
interpolated linearly between the two integer steps around it
0
"""

from __future__ import annotations

import argparse

from ..core.checks import shown
from ..format import exact_text, metric_label, points, text_table, to_json
from . import CLIError
from ._common import (
    add_output_flags,
    add_plot_flag,
    fmt_prob,
    int_arg,
    int_list,
    rating_arg,
    write_plot,
)
from .storyteller import add_rule_flags, rules_of
from .workbench import ladder_range

__all__ = ["register"]

_METRICS = ("p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5", "mean_net")
_OBJECTIVES = ("success", "tie", "style")
_rating = rating_arg("rating")
_SINGULAR = {
    "difficulty steps": "difficulty step",
    "dice": "die",
    "shifts": "shift",
    "swiftness dice": "swiftness die",
}


def register(subparsers) -> None:
    """Add the ``worth`` and ``compare`` commands."""
    w = subparsers.add_parser(
        "worth",
        help="what a change is worth: a die in difficulty steps, Willpower or ten-again in "
        "dice, an invoke in shifts, odds across systems",
        description="What a change is worth in another currency: the chance it gives, found on "
        "an integer scale of the other currency (the two bracketing steps, and the step "
        "interpolated linearly between them).",
    )
    worth = w.add_subparsers(dest="question", metavar="QUESTION", required=True)
    _register_worth(worth)
    _register_declared(worth, "worth")
    c = subparsers.add_parser(
        "compare",
        help="two rule sets, two pools or two Fate rolls side by side: differences, where "
        "they differ most, distances",
        description="Two settings side by side: both sides, their differences (second - "
        "first), where they differ most, total variation and the largest gap in P(>= k). "
        "The second side is the first but for the --vs-* options.",
    )
    compare = c.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _register_compare(compare)
    _register_declared(compare, "compare")
    _register_lineup(compare)


# --------------------------------------------------------------------------- worth
def _pool(p, *, metric=_METRICS) -> None:
    """A Storyteller pool (``--dice``, ``--difficulty``) and the chance compared."""
    p.add_argument("--dice", type=int_arg, required=True, help="the pool")
    p.add_argument("--difficulty", type=int_arg, default=6, help="the difficulty (default 6)")
    p.add_argument(
        "--metric",
        choices=metric,
        default="p_success",
        help="the chance compared: P(net >= 1) (default), P(net >= k), or mean net successes",
    )


def _fate_roll(p) -> None:
    p.add_argument("--bonus", type=_rating, default=0, help="the Fate bonus (default 0)")
    p.add_argument(
        "--difficulty",
        type=_rating,
        required=True,
        help="the Fate difficulty: a number or a ladder name (Fair, Superb, ...)",
    )
    p.add_argument(
        "--objective",
        choices=_OBJECTIVES,
        default="success",
        help="success or better (default), at least a tie, or success with style",
    )


def _max_dice(p) -> None:
    p.add_argument(
        "--max-dice",
        type=int_arg,
        help="the largest pool searched (default 50, or the exact search limit of the rules)",
    )


def _marginal(p, one: str, count: str) -> None:
    p.add_argument(
        "--marginal",
        action="store_true",
        help=f"the k-th {one} as the difference it adds over k - 1, a row for each k = 1..n "
        f"(n: {count}; exact with --exact)",
    )


def _initiative_round(p) -> None:
    """``worth pip``: the d6 initiative round and whose margin grows."""
    from ..initiative.rules import Rules
    from .questions import rules_flags

    for flag, side in (("--swiftness", "A"), ("--vs", "B")):
        p.add_argument(
            flag, type=int_list, required=True, metavar="S,S,..", help=f"side {side}'s swiftness"
        )
    for flag, side in (("--pips", "A"), ("--vs-pips", "B")):
        p.add_argument(
            flag,
            type=int_list,
            metavar="P,P,..",
            help=f"side {side}'s preparation margins, one per participant (a bare number: a "
            "one-member side's, or the side's pool with side-pool)",
        )
    p.add_argument(
        "--participant", type=int_arg, default=1, help="whose margin grows (1: A1, the default)"
    )
    p.add_argument("--extra", type=int_arg, default=1, help="pips added (default 1)")
    p.add_argument(
        "--chance",
        choices=("side", "participant"),
        default="side",
        help="the chance compared: side A acts first (default), or the participant itself",
    )
    rules_flags(p, Rules)
    _marginal(p, "pip", "--extra")


def _register_worth(sub) -> None:
    d = sub.add_parser("die", help="one more Storyteller die ≈ how many difficulty steps")
    _pool(d)
    d.add_argument("--extra", type=int_arg, default=1, help="dice added (default 1)")
    _marginal(d, "die", "--extra")
    add_rule_flags(d)
    rooms = [d]
    for name in ("willpower", "specialty", "ten-again"):
        r = sub.add_parser(name, help=f"{name} ≈ how many Storyteller dice")
        _pool(r)
        _max_dice(r)
        add_rule_flags(r)
        rooms.append(r)

    i = sub.add_parser("invoke", help="Fate invokes (+2 or reroll) ≈ how many shifts")
    _fate_roll(i)
    i.add_argument("--invokes", type=int_arg, default=1, help="invokes spent (default 1)")
    i.add_argument(
        "--policy",
        choices=("optimal", "plus2", "reroll"),
        default="optimal",
        help="how invokes are used: the optimal +2 or reroll (default), +2 only, rerolls only",
    )
    i.add_argument("--fate-dice", type=int_arg, help="Fate dice rolled (default 4)")
    _marginal(i, "invoke", "--invokes")

    h = sub.add_parser(
        "helper", help="Storyteller teamwork helpers ≈ how many dice in the leader's own pool"
    )
    _pool(h)
    h.add_argument("--helpers", type=int_arg, default=1, help="helpers (default 1)")
    h.add_argument(
        "--helper-dice", type=int_arg, help="each helper's pool (default: the leader's --dice)"
    )
    _max_dice(h)
    _marginal(h, "helper", "--helpers")
    add_rule_flags(h)

    q = sub.add_parser(
        "pip", help="initiative preparation pips ≈ how many dice of swiftness, to act first"
    )
    _initiative_round(q)

    f = sub.add_parser("fate", help="the Fate difficulty whose odds match a Storyteller pool")
    _pool(f)
    f.add_argument("--bonus", type=_rating, default=0, help="the Fate roll's bonus (default 0)")
    f.add_argument(
        "--objective", choices=_OBJECTIVES, default="success", help="the Fate outcome matched"
    )
    add_rule_flags(f)

    s = sub.add_parser(
        "storyteller", help="the Storyteller difficulty (or pool) whose odds match a Fate roll"
    )
    _fate_roll(s)
    g = s.add_mutually_exclusive_group(required=True)
    g.add_argument("--dice", type=int_arg, help="find the difficulty for this pool")
    g.add_argument(
        "--storyteller-difficulty", type=int_arg, help="find the pool at this difficulty"
    )
    s.add_argument(
        "--metric",
        choices=_METRICS[:-1],
        default="p_success",
        help="the Storyteller chance matched (default P(net >= 1))",
    )
    _max_dice(s)
    add_rule_flags(s)
    for p in (*rooms, i, h, q, f, s):
        add_output_flags(p)
        add_plot_flag(p, "the scale searched, the target and the worth")
        p.set_defaults(func=_cmd_worth)


def _worth_question(args) -> tuple:
    """The worth question a command asks and its arguments: ``(function, kwargs)``, read
    the same by the plain form and by ``--marginal`` (:data:`dicestats.workbench.worth.
    MARGINAL` names the count the k-th one grows)."""
    from .. import workbench as wb

    q = args.question
    if q in ("die", "willpower", "specialty", "ten-again", "fate", "helper"):
        rules, specialty = rules_of(args)
        common = {"dice": args.dice, "difficulty": args.difficulty, "rules": rules}
        common.update(metric=args.metric, specialty=specialty, exact=args.exact)
        if q == "die":
            return wb.die_worth, {**common, "extra": args.extra}
        if q == "fate":
            return wb.fate_match, {**common, "bonus": args.bonus, "objective": args.objective}
        if q == "helper":
            more = dict(helpers=args.helpers, helper_dice=args.helper_dice)
            return wb.helper_worth, {**common, **more, "max_dice": args.max_dice}
        change = q.replace("-", "_")
        return wb.rule_worth, {**common, "change": change, "max_dice": args.max_dice}
    if q == "invoke":
        return wb.invoke_worth, dict(
            bonus=args.bonus,
            difficulty=args.difficulty,
            invokes=args.invokes,
            policy=args.policy,
            objective=args.objective,
            dice=args.fate_dice,
            exact=args.exact,
        )
    if q == "pip":
        from ..core.question import rules_from
        from ..initiative.rules import Rules

        if not 1 <= args.participant <= len(args.swiftness):
            raise CLIError(
                f"--participant must be 1..{len(args.swiftness)} (side A's participants), "
                f"got {args.participant}"
            )

        def margins(values):  # a bare number: a one-member side's, or the side's pool
            return 0 if values is None else values[0] if len(values) == 1 else list(values)

        return wb.pip_worth, dict(
            swiftness=args.swiftness,
            versus=args.vs,
            participant=args.participant - 1,
            extra=args.extra,
            pips=margins(args.pips),
            versus_pips=margins(args.vs_pips),
            chance=args.chance,
            rules=rules_from(args, Rules),
            exact=args.exact,
        )
    rules, specialty = rules_of(args)
    return wb.storyteller_match, dict(
        bonus=args.bonus,
        difficulty=args.difficulty,
        dice=args.dice,
        storyteller_difficulty=args.storyteller_difficulty,
        rules=rules,
        objective=args.objective,
        metric=args.metric,
        specialty=specialty,
        max_dice=args.max_dice,
        exact=args.exact,
    )


def _cmd_worth(args) -> int:
    ask, kwargs = _worth_question(args)
    if getattr(args, "marginal", False):
        return _cmd_marginal(ask, kwargs, args)
    w = ask(**kwargs)
    if args.plot:
        from ..plots.workbench import worth_scale
        from ..tables.workbench import worth_table

        write_plot(worth_scale(worth_table(w), w), args.plot)
    _print_worth(w, args)
    return 0


def _cmd_marginal(ask, kwargs, args) -> int:
    from ..workbench.worth import MARGINAL, marginal_worth

    change, count = next((k, c) for k, (f, c) in MARGINAL.items() if f is ask)
    m = marginal_worth(change, kwargs.pop(count), **kwargs)
    if args.plot:
        from ..plots.workbench import marginal_chart

        write_plot(marginal_chart(m), args.plot)
    if args.json:
        print(to_json(m))
        return 0
    print(m.summary())
    print()
    show = (lambda x: f"{float(x):.4f}") if m.metric == "mean_net" else fmt_prob
    many = {"die": "dice"}.get(m.change, m.change + "s")
    num = (lambda x: "—" if x is None else f"{float(x):.2f}") if not args.exact else None
    if args.exact:
        num = lambda x: "—" if x is None else exact_text(x)  # noqa: E731
    label = metric_label(m.metric)
    header = ("k", label, f"{many} together ({m.unit})", f"the k-th adds ({m.unit})")
    rows = [(0, show(m.p_base), num(0), "")]
    rows += [
        (k, show(p), num(t), num(a))
        for k, p, t, a in zip(m.ks, m.p_with, m.totals, m.marginals, strict=True)
    ]
    print(text_table(rows, header))
    print()
    print(m.reading)
    return 0


def _print_worth(w, args) -> None:
    if args.json:
        print(to_json(w))
        return
    print(w.summary())
    print()
    show = (lambda x: f"{float(x):.4f}") if w.metric == "mean_net" else fmt_prob
    rows = [("without the change", w.p_base)] if w.p_base is not None else []
    rows.append(("with the change" if w.p_base is not None else "to match", w.p_target))
    without = "" if w.p_base is None else " (without the change)"
    for step, p in ((w.lower, w.p_lower), (w.upper, w.p_upper)):
        if step is None or (step == 0 and w.p_base is not None):  # no change: the first row
            continue
        unit = _SINGULAR.get(w.unit, w.unit) if abs(step) == 1 else w.unit
        name = f"{step:+d} {unit}{without}" if without else f"{step} {unit}"
        if rows[-1][0] != name:
            rows.append((name, p))
    label = metric_label(w.metric)
    exact = (lambda p: (exact_text(p),)) if args.exact else (lambda p: ())
    header = ("", label) + (("exact",) if args.exact else ())
    print(text_table([(k, show(p), *exact(p)) for k, p in rows], header))
    print()
    print(w.reading)
    if w.worth is None and w.p_target == 1 and w.change == "a Willpower point":
        print("(a Willpower success is automatic: value it with --metric p_ge_2 or mean_net)")


# --------------------------------------------------------------------------- compare
def _pools(p) -> None:
    """``--dice`` and ``--difficulty`` ranges of Storyteller pools, and the rule flags."""
    p.add_argument(
        "--dice", type=int_list, default=list(range(1, 11)), help="pool sizes, e.g. 1-10 (default)"
    )
    p.add_argument(
        "--difficulty",
        type=int_list,
        default=[6],
        help="Storyteller difficulties, e.g. 6 or 6-8 (default 6)",
    )
    add_rule_flags(p)


def _register_compare(sub) -> None:
    from ..storyteller.rules import Rules
    from .questions import rules_flags

    st = sub.add_parser(
        "storyteller",
        help="two Storyteller rule sets or pools side by side",
        description="Every pool of --dice at every --difficulty under the first setting and "
        "the second (the first but for the --vs-* options).",
    )
    _pools(st)
    rules_flags(st, Rules, prefix="vs-", both=True)
    v = st.add_argument_group("the second side (default: the same as the first)")
    g = v.add_mutually_exclusive_group()
    g.add_argument("--vs-specialty", action="store_const", const=True, help="it has a specialty")
    g.add_argument(
        "--vs-no-specialty",
        dest="vs_specialty",
        action="store_const",
        const=False,
        help="it has none",
    )
    v.add_argument("--vs-dice", type=int_arg, metavar="N", help="a fixed pool")
    v.add_argument("--vs-difficulty", type=int_arg, metavar="N", help="a fixed difficulty")

    fate = sub.add_parser(
        "fate",
        help="two Fate rolls side by side over difficulties",
        description="A Fate roll at every --difficulty under the first setting and the "
        "second (the first but for the --vs-* options). Negative ranges: --difficulty=-2..6.",
    )
    fate.add_argument("--bonus", type=_rating, default=0, help="the bonus (default 0)")
    fate.add_argument(
        "--difficulty",
        type=lambda text: ladder_range(text, None),
        default=list(range(-2, 7)),
        help="difficulties: 2, Fair, 0..6, 1,3,5 (default -2..6)",
    )
    fate.add_argument("--dice", type=int_arg, help="Fate dice (default 4)")
    fate.add_argument("--helpers", type=int_arg, default=0, help="+1 each")
    fate.add_argument(
        "--style-shifts",
        type=int_arg,
        default=3,
        help="shifts that make a success with style (default 3)",
    )
    v = fate.add_argument_group("the second side (default: the same as the first)")
    v.add_argument("--vs-bonus", type=_rating, help="its bonus")
    v.add_argument("--vs-dice", type=int_arg, help="its Fate dice")
    v.add_argument("--vs-helpers", type=int_arg)
    v.add_argument("--vs-style-shifts", type=int_arg, help="its shifts for a success with style")

    bands = sub.add_parser(
        "systems",
        help="Storyteller pools against one Fate roll: outcome bands on one margin",
        description="Storyteller pools (--dice at --difficulty) against one Fate roll (--bonus "
        "against --fate-difficulty), band by band: net successes read as shifts, a failure as "
        "a Fate fail; the botch has no Fate counterpart, the tie no Storyteller one.",
    )
    _pools(bands)
    bands.add_argument("--bonus", type=_rating, default=0, help="the Fate roll's bonus (default 0)")
    bands.add_argument(
        "--fate-difficulty",
        type=_rating,
        default=0,
        help="the Fate difficulty: a number or a ladder name (default 0, Mediocre)",
    )
    bands.add_argument("--fate-dice", type=int_arg, help="Fate dice (default 4)")
    for p, metrics in (
        (st, "p_success,p_botch"),
        (fate, "p_success_or_better,p_style"),
        (bands, "p_success_or_better,p_fail"),
    ):
        p.add_argument(
            "--metric",
            help=f"metrics shown in the text table, comma-separated (default {metrics}, "
            "and the one that differs most)",
        )
        add_output_flags(p)
        add_plot_flag(p, "the differences, one line per metric")
        p.set_defaults(func=_cmd_compare, default_metrics=metrics.split(","))


def _cmd_compare(args) -> int:
    from .. import workbench as wb

    if getattr(args, "_question", None) is not None:
        c = _declared_comparison(args)
    elif args.system == "storyteller":
        rules, specialty = rules_of(args)
        # the second side: the first one's options, changed by the --vs-* ones
        second = {k[3:]: v for k, v in vars(args).items() if k[:3] == "vs_" and v is not None}
        vrules, vspec = rules_of(argparse.Namespace(**{**vars(args), **second}))
        if (vrules, vspec, args.vs_dice, args.vs_difficulty) == (rules, specialty, None, None):
            raise CLIError(
                "nothing to compare: the --vs-* options leave the second side equal to the "
                "first; give --vs-preset, --vs-ten-again, --vs-specialty, --vs-dice, ..."
            )
        c = wb.compare_storyteller(
            args.dice,
            args.difficulty,
            rules,
            vrules,
            specialty=specialty,
            versus_specialty=vspec,
            versus_dice=args.vs_dice,
            versus_difficulty=args.vs_difficulty,
            exact=args.exact,
        )
    elif args.system == "systems":
        rules, specialty = rules_of(args)
        c = wb.compare_bands(
            args.dice,
            args.difficulty,
            rules,
            bonus=args.bonus,
            fate_difficulty=args.fate_difficulty,
            specialty=specialty,
            fate_dice=args.fate_dice,
            exact=args.exact,
        )
    else:
        from ..fate.rules import Rules

        first = Rules(style_shifts=args.style_shifts)
        second = first if args.vs_style_shifts is None else Rules(style_shifts=args.vs_style_shifts)
        if (second, args.vs_bonus, args.vs_dice, args.vs_helpers) == (first, None, None, None):
            raise CLIError(
                "nothing to compare: the --vs-* options leave the second side equal to the "
                "first; give --vs-bonus, --vs-dice, --vs-helpers or --vs-style-shifts"
            )
        c = wb.compare_fate(
            args.bonus,
            args.difficulty,
            first,
            second,
            versus_bonus=args.vs_bonus,
            dice=args.dice,
            versus_dice=args.vs_dice,
            helpers=args.helpers,
            versus_helpers=args.vs_helpers,
            exact=args.exact,
        )
    if args.metric is None:
        metrics = list(args.default_metrics)
        metrics += [] if c.largest["metric"] in metrics else [c.largest["metric"]]
    else:
        metrics = [m.strip() for m in args.metric.split(",")]
        if not set(metrics) <= set(c.metrics):
            raise CLIError(
                f"--metric must be metrics of this comparison ({', '.join(c.metrics)}), got "
                f"{shown(args.metric, quote=True)}"
            )
    if args.plot:
        from ..plots.workbench import compare_differences
        from ..tables.workbench import comparison_table

        ax = compare_differences(comparison_table(c), first=c.first, second=c.second)
        write_plot(ax, args.plot)
    if args.json:
        print(to_json(c))
    else:
        q = getattr(args, "_question", None)
        _print_comparison(c, metrics, args.exact, q.counts.replace("_", " ") if q else "")
    return 0


def _cell(x, exact: bool, *, diff: bool = False) -> str:
    return exact_text(x) if exact else points(x) if diff else fmt_prob(x)


def _cell_words(c, cell: dict) -> str:
    if c.system == "storyteller vs fate":
        return f"{cell['dice']} dice at difficulty {cell['difficulty']}"
    if "difficulty" not in c.cells and "bonus" not in c.cells:  # a declared question's values
        grows = c.cells[0]
        vs = f" (second: {cell[c.cells[1]]})" if cell[c.cells[1]] != cell[grows] else ""
        return f"{cell[grows]} {grows}{vs}"
    if c.system == "fate":
        vs = "" if cell["versus_bonus"] == cell["bonus"] else f" (second {cell['versus_bonus']:+d})"
        return f"{cell['bonus']:+d} against {cell['difficulty']}{vs}"
    vs = ""
    if (cell["versus_dice"], cell["versus_difficulty"]) != (cell["dice"], cell["difficulty"]):
        vs = f" (second: {cell['versus_dice']} at {cell['versus_difficulty']})"
    return f"{cell['dice']} dice at difficulty {cell['difficulty']}{vs}"


def _metric_words(m: str) -> str:
    return metric_label(m)


def _print_comparison(c, metrics, exact: bool, counted: str = "") -> None:
    print(f"{c.first} vs {c.second}")
    print()
    mirror = {"versus_dice": "dice", "versus_difficulty": "difficulty", "versus_bonus": "bonus"}
    varying = [k for k in c.cells if k not in mirror or any(r[k] != r[mirror[k]] for r in c.rows)]
    if c.system == "storyteller vs fate":  # the Fate roll is one, named in the title
        varying = [k for k in varying if k not in ("bonus", "fate_difficulty")]
    header = [k.replace("_", " ") for k in varying]
    for m in metrics:
        word = _metric_words(m)
        header += [word, "second", "diff" + ("" if exact or m.startswith("mean") else " (pp)")]
    header += ["TV", "max gap"]
    rows = []
    for r in c.rows:
        row = [r[k] for k in varying]
        for m in metrics:
            if m.startswith("mean") and not exact:
                row += [f"{float(r[m]):.3f}", f"{float(r[f'versus_{m}']):.3f}"]
                row.append(f"{float(r[f'diff_{m}']):+.3f}")
            else:
                row += [_cell(r[m], exact), _cell(r[f"versus_{m}"], exact)]
                row.append(_cell(r[f"diff_{m}"], exact, diff=True))
        row += [_cell(r["total_variation"], exact), _cell(r["max_gap"], exact)]
        rows.append(row)
    print(text_table(rows, header))
    print()
    big = c.largest
    word = _metric_words(big["metric"])
    if not big["difference"] and not c.total_variation:
        print("the two sides agree on every outcome here (no difference at all)")
        return
    print(
        f"differ most: {word}, {_cell_words(c, big)}: {fmt_prob(big['value'])} vs "
        f"{fmt_prob(big['versus_value'])} ({points(big['difference'])} points)"
    )
    print(
        f"largest total variation: {fmt_prob(c.total_variation)} "
        f"({_cell_words(c, c.total_variation_at)})"
    )
    what = counted or {"storyteller": "net successes", "fate": "shifts"}.get(c.system, "margin")
    if c.max_gap:
        at = c.max_gap_at
        print(
            f"largest gap in P({what} >= k): {fmt_prob(c.max_gap)} at k = {at['k']} "
            f"({_cell_words(c, at)})"
        )
    else:
        print(f"largest gap in P({what} >= k): none (the same at every k)")


# --------------------------------------------------------------------------- declared systems
def _register_declared(sub, command: str) -> None:
    """``worth <system>`` and ``compare <system>`` of every system whose question grows
    and has no hand-written command: its options, then the ``--vs-*`` ones (the change)."""
    from ..registry import systems
    from .questions import add_parameters

    for s in systems():
        q = s.grown
        if q is None or s.name in sub.choices:
            continue
        asked = f"'dicestats {s.name} {q.name.replace('_', '-')}'"
        if command == "worth":
            p = sub.add_parser(
                s.name,
                help=f"what a change to the {s.title} roll is worth in {q.grows}",
                description=f"{s.title}: what the --vs-* options (a rule, one more of a "
                f"parameter) are worth in {q.grows}, and in percentage points. The options "
                f"as for {asked}; --vs-X changes X.",
            )
            read = add_parameters(p, q)
        else:
            p = sub.add_parser(
                s.name,
                help=f"two {s.title} settings side by side",
                description=f"{s.title}: every --{q.grows} (default {_span(q)}) under the first "
                f"setting and the second (the first but for the --vs-* options). The options "
                f"as for {asked}.",
            )
            read = add_parameters(p, q, lists=(q.grows,))
            # the grown parameter may be left out: compare_settings' default values
            read = [(n, r and n != q.grows) for n, r in read]
        add_parameters(p, q, prefix="vs-")  # read over the first side's (versus_of)
        p.add_argument(
            "--of" if command == "worth" else "--metric",
            choices=q.wishes if command == "worth" else None,
            help=f"the chance valued (default {q.wishes[0]})"
            if command == "worth"
            else "metrics shown in the text table, comma-separated (default "
            f"{','.join(q.wishes)}, and the one that differs most)",
        )
        if command == "worth":
            p.add_argument(
                "--up-to", type=int_arg, metavar="N", help=f"the largest {q.grows} searched"
            )
        add_output_flags(p)
        if command == "compare":
            add_plot_flag(p, "the differences, one line per metric")
        handler = _cmd_declared_worth if command == "worth" else _cmd_compare
        p.set_defaults(func=handler, _question=q, _read=read, default_metrics=list(q.wishes))


def _span(q) -> str:
    """The grown parameter's default values in words: ``1 to 10``, ``-3 to 6``."""
    from ..core.question import default_values

    v = default_values(q)
    return f"{v[0]} to {v[-1]}, the values a setting can take"


def _sides(args) -> tuple[dict, dict]:
    """The first setting and what the second changes (only the arguments that differ)."""
    from .questions import setting_of, versus_of

    q = args._question
    first = setting_of(args, q, args._read)
    second = versus_of(args, q, args._read)
    change = {k: v for k, v in second.items() if first.get(k) != v}
    if not change:
        raise CLIError(
            "nothing to compare: the --vs-* options leave the second side equal to the first; "
            f"give --vs-{q.grows} or a --vs- rule flag"
        )
    return first, change


def _cmd_declared_worth(args) -> int:
    from ..workbench.declared import worth_of

    q = args._question
    first, change = _sides(args)
    if q.grows not in first:
        raise CLIError(f"--{q.grows} is required: the setting's value to start from")
    w = worth_of(q.function, change, of=args.of, up_to=args.up_to, exact=args.exact, **first)
    _print_worth(w, args)
    return 0


def _declared_comparison(args):
    from ..workbench.declared import compare_settings

    first, change = _sides(args)
    return compare_settings(args._question.function, change, exact=args.exact, **first)


def _register_lineup(sub) -> None:
    p = sub.add_parser(
        "across",
        help="settings of several systems side by side: success as each reads it, and what "
        "each counts",
        description="Settings of several systems side by side (2 to 8 SIDEs), each read as its "
        "system reads success: P(success) and the distribution of what it counts (successes, "
        "net successes, hits ...), P(>= k) column by column. A SIDE is a system and its "
        "options as for its roll, quoted: 'storyteller --dice 6 --difficulty 6' "
        "'cod --dice 6' 'v5 --dice 6 --difficulty 2'.",
    )
    p.add_argument("sides", nargs="+", metavar="SIDE", help="a system and its options, quoted")
    p.add_argument("--up-to", type=int_arg, metavar="K", help="the largest count shown")
    add_output_flags(p)
    p.set_defaults(func=_cmd_lineup, _parser_class=type(p))


def _cmd_lineup(args) -> int:
    import shlex

    from ..format import view_text
    from ..registry import systems
    from ..workbench.declared import lineup
    from .questions import add_parameters, setting_of

    names = [s.name for s in systems() if s.grown is not None and s.grown.counts]
    sides = []
    for i, text in enumerate(args.sides):
        words = shlex.split(text)
        if not words or words[0] not in names:
            got = shown(words[0] if words else text, quote=True)
            raise CLIError(f"SIDE {i + 1} must start with a system: {', '.join(names)}; got {got}")
        q = next(s.grown for s in systems() if s.name == words[0])
        p = args._parser_class(prog=f"dicestats compare across: SIDE {i + 1} ({words[0]})")
        read = add_parameters(p, q)
        try:
            given = p.parse_args(words[1:])
        except SystemExit as exc:  # the side's parser said why, in one line (or its --help)
            return exc.code
        sides.append((q.function, setting_of(given, q, read)))
    result = lineup(sides, exact=args.exact, up_to=args.up_to)
    print(to_json(result) if args.json else view_text(result.view(), exact=args.exact))
    return 0
