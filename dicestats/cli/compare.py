"""The designer's workbench on the command line: ``worth`` and ``compare``.

``dicestats worth QUESTION``: what a change is worth in another currency
(:mod:`dicestats.workbench.worth`): ``die`` (one more Storyteller die in
difficulty steps), ``willpower`` / ``specialty`` / ``ten-again`` (in dice),
``invoke`` (Fate invokes in shifts), ``fate`` (the Fate difficulty matching a
Storyteller pool) and ``storyteller`` (the Storyteller difficulty or pool
matching a Fate roll).

``dicestats compare storyteller|fate``: two settings side by side
(:mod:`dicestats.workbench.compare`). The first side takes the usual options;
the second side is the first one but for the ``--vs-*`` options
(``--vs-preset``, ``--vs-ten-again``, ``--vs-dice``, ``--vs-difficulty``,
``--vs-bonus``, ...). The single rule flags (``--ten-again``, ``--botch-rule``,
...) apply to both sides; ``--vs-preset`` changes the second side's preset.

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
from ..fate.limits import LIMITS as FATE_LIMITS
from ..format import points
from . import CLIError
from ._common import add_output_flags, add_plot_flag, emit_json, fmt_prob, limit_arg, print_table
from ._compare_args import (
    _DICE,
    _DIFFICULTY,
    _METRIC_WORDS,
    _cell,
    _rating,
    _ratings,
)
from ._compare_worth import _register_worth
from ._storyteller_args import add_rule_flags, rules_of

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order.
COMMANDS = ("worth", "compare")


# ---------------------------------------------------------------------------
# Parsers
# ---------------------------------------------------------------------------
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
    wsub = w.add_subparsers(dest="question", metavar="QUESTION", required=True)
    _register_worth(wsub)

    c = subparsers.add_parser(
        "compare",
        help="two rule sets, two pools or two Fate rolls side by side: differences, where "
        "they differ most, distances",
        description="Two settings side by side: both sides, their differences (second - "
        "first), where they differ most, total variation and the largest gap in P(>= k). "
        "The second side is the first but for the --vs-* options.",
    )
    csub = c.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _register_compare_storyteller(csub)
    _register_compare_fate(csub)
    _register_compare_bands(csub)


def _pools_and_rules(p) -> None:
    """``--dice`` and ``--difficulty`` ranges of Storyteller pools, and the rule flags."""
    p.add_argument(
        "--dice",
        type=limit_arg(_DICE, "range"),
        default=list(range(1, 11)),
        help=f"pool sizes, e.g. 1-10 (default; {_DICE.help})",
    )
    p.add_argument(
        "--difficulty",
        type=limit_arg(_DIFFICULTY, "range"),
        default=[6],
        help=f"Storyteller difficulties, e.g. 6 or 6-8 (default 6; {_DIFFICULTY.help})",
    )
    add_rule_flags(p)


def _register_compare_storyteller(sub) -> None:
    p = sub.add_parser(
        "storyteller",
        help="two Storyteller rule sets or pools side by side",
        description="Every pool of --dice at every --difficulty under the first setting and "
        "the second (the first but for the --vs-* options).",
    )
    _pools_and_rules(p)
    from ..storyteller.rules import BOTCH_RULES, PRESETS

    v = p.add_argument_group("the second side (default: the same as the first)")
    v.add_argument("--vs-preset", choices=tuple(PRESETS), help="its edition preset")
    v.add_argument("--vs-botch-rule", choices=BOTCH_RULES, help="its botch rule")
    v.add_argument("--vs-ten-again", action="store_true", help="its 10s add a die")
    v.add_argument("--vs-no-ten-again", action="store_true", help="its 10s add no die")
    v.add_argument("--vs-specialty", action="store_true", help="its roll has a specialty")
    v.add_argument("--vs-no-specialty", action="store_true", help="its roll has no specialty")
    v.add_argument("--vs-willpower", action="store_true", help="it spends Willpower")
    v.add_argument("--vs-no-willpower", action="store_true", help="it spends no Willpower")
    v.add_argument("--vs-no-rule-of-one", action="store_true", help="its 1s cancel nothing")
    v.add_argument("--vs-dice", type=_DICE.argtype("vs_dice"), help="a fixed pool")
    v.add_argument(
        "--vs-difficulty", type=_DIFFICULTY.argtype("vs_difficulty"), help="a fixed difficulty"
    )
    _compare_outputs(p, "p_success,p_botch")


def _register_compare_fate(sub) -> None:
    p = sub.add_parser(
        "fate",
        help="two Fate rolls side by side over difficulties",
        description="A Fate roll at every --difficulty under the first setting and the "
        "second (the first but for the --vs-* options). Negative ranges: --difficulty=-2..6.",
    )
    p.add_argument("--bonus", type=_rating, default=0, help="the bonus (default 0)")
    p.add_argument(
        "--difficulty",
        type=_ratings,
        default=list(range(-2, 7)),
        help="difficulties: 2, Fair, 0..6, 1,3,5 (default -2..6)",
    )
    dice = FATE_LIMITS["dice"]
    p.add_argument("--dice", type=dice.argtype("dice"), default=None, help="Fate dice (default 4)")
    helpers = FATE_LIMITS["helpers"]
    p.add_argument("--helpers", type=helpers.argtype("helpers"), default=0, help="+1 each")
    style = FATE_LIMITS["style_shifts"]
    p.add_argument(
        "--style-shifts", type=style.argtype("style_shifts"), default=3,
        help="shifts that make a success with style (default 3)",
    )  # fmt: skip
    v = p.add_argument_group("the second side (default: the same as the first)")
    v.add_argument("--vs-bonus", type=_rating, default=None, help="its bonus")
    v.add_argument("--vs-dice", type=dice.argtype("vs_dice"), default=None, help="its Fate dice")
    v.add_argument("--vs-helpers", type=helpers.argtype("vs_helpers"), default=None)
    v.add_argument(
        "--vs-style-shifts", type=style.argtype("vs_style_shifts"), default=None,
        help="its shifts for a success with style",
    )  # fmt: skip
    _compare_outputs(p, "p_success_or_better,p_style")


def _register_compare_bands(sub) -> None:
    p = sub.add_parser(
        "systems",
        help="Storyteller pools against one Fate roll: outcome bands on one margin",
        description="Storyteller pools (--dice at --difficulty) against one Fate roll (--bonus "
        "against --fate-difficulty), band by band: net successes read as shifts, a failure as "
        "a Fate fail; the botch has no Fate counterpart, the tie no Storyteller one.",
    )
    _pools_and_rules(p)
    p.add_argument("--bonus", type=_rating, default=0, help="the Fate roll's bonus (default 0)")
    p.add_argument(
        "--fate-difficulty",
        type=_rating,
        default=0,
        help="the Fate difficulty: a number or a ladder name (default 0, Mediocre)",
    )
    p.add_argument(
        "--fate-dice",
        type=FATE_LIMITS["dice"].argtype("fate_dice"),
        default=None,
        help="Fate dice (default 4)",
    )
    _compare_outputs(p, "p_success_or_better,p_fail")


def _compare_outputs(p, default_metrics: str) -> None:
    p.add_argument(
        "--metric",
        default=None,
        help=f"metrics shown in the text table, comma-separated (default {default_metrics}, "
        "and the one that differs most)",
    )
    add_output_flags(p)
    add_plot_flag(p, "the differences, one line per metric")
    p.set_defaults(func=_cmd_compare, default_metrics=default_metrics.split(","))


# ---------------------------------------------------------------------------
# compare
# ---------------------------------------------------------------------------
def _second_storyteller(args):
    """The second side's namespace: the first one's, changed by the --vs-* options."""
    for yes, no in (("ten_again", "no_ten_again"), ("specialty", "no_specialty"),
                    ("willpower", "no_willpower")):  # fmt: skip
        if getattr(args, f"vs_{yes}") and getattr(args, f"vs_{no}"):
            raise CLIError(f"--vs-{yes.replace('_', '-')} and --vs-{no.replace('_', '-')} "
                           "disagree: give one")  # fmt: skip
    ns = argparse.Namespace(**vars(args))
    if args.vs_preset:
        ns.preset = args.vs_preset
    if args.vs_botch_rule:
        ns.botch_rule = args.vs_botch_rule
    if args.vs_no_rule_of_one:
        ns.rule_of_one = False
    for flag in ("ten_again", "willpower"):
        if getattr(args, f"vs_{flag}"):
            setattr(ns, flag, True)
        if getattr(args, f"vs_no_{flag}"):
            setattr(ns, flag, False)
            if flag == "willpower":
                ns.ordinary_willpower = False
            if flag == "ten_again":
                ns.chain, ns.reroll_ones_cancel = None, None
    if args.vs_specialty:
        ns.specialty = True
    if args.vs_no_specialty:
        ns.specialty, ns.specialty_rule = False, None
    return ns


def _cmd_compare(args) -> int:
    from .. import workbench as wb

    if args.system == "storyteller":
        diffs = args.difficulty + ([args.vs_difficulty] if args.vs_difficulty else [])
        rules, specialty = rules_of(args, args.difficulty)
        vrules, vspec = rules_of(_second_storyteller(args), diffs)
        if (vrules, vspec, args.vs_dice, args.vs_difficulty) == (rules, specialty, None, None):
            raise CLIError(
                "nothing to compare: the --vs-* options leave the second side equal to the "
                "first; give --vs-preset, --vs-ten-again, --vs-specialty, --vs-dice, ..."
            )
        c = wb.compare_storyteller(
            args.dice, args.difficulty, rules, vrules, specialty=specialty,
            versus_specialty=vspec, versus_dice=args.vs_dice,
            versus_difficulty=args.vs_difficulty, exact=args.exact,
        )  # fmt: skip
    elif args.system == "systems":
        rules, specialty = rules_of(args, args.difficulty)
        c = wb.compare_bands(
            args.dice, args.difficulty, rules, bonus=args.bonus,
            fate_difficulty=args.fate_difficulty, specialty=specialty, fate_dice=args.fate_dice,
            exact=args.exact,
        )  # fmt: skip
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
            args.bonus, args.difficulty, first, second, versus_bonus=args.vs_bonus,
            dice=args.dice, versus_dice=args.vs_dice, helpers=args.helpers,
            versus_helpers=args.vs_helpers, exact=args.exact,
        )  # fmt: skip
    metrics = _metrics(args, c)
    if args.plot:
        from ..plots.workbench import compare_differences
        from ..tables.workbench import comparison_table
        from ._common import write_plot

        ax = compare_differences(comparison_table(c), first=c.first, second=c.second)
        write_plot(ax, args.plot)
    if args.json:
        emit_json(c)
        return 0
    _print_comparison(c, metrics, args.exact)
    return 0


def _metrics(args, c) -> list[str]:
    if args.metric is None:
        shown_ = list(args.default_metrics)
        if c.largest["metric"] not in shown_:
            shown_.append(c.largest["metric"])
        return shown_
    names = [m.strip() for m in args.metric.split(",")]
    bad = [m for m in names if m not in c.metrics]
    if bad or not names:
        raise CLIError(
            f"--metric must be metrics of this comparison ({', '.join(c.metrics)}), got "
            f"{shown(args.metric, quote=True)}"
        )
    return names


def _cell_words(c, cell: dict) -> str:
    if c.system == "storyteller vs fate":
        return f"{cell['dice']} dice at difficulty {cell['difficulty']}"
    if c.system == "fate":
        vs = "" if cell["versus_bonus"] == cell["bonus"] else f" (second {cell['versus_bonus']:+d})"
        return f"{cell['bonus']:+d} against {cell['difficulty']}{vs}"
    vs = ""
    if (cell["versus_dice"], cell["versus_difficulty"]) != (cell["dice"], cell["difficulty"]):
        vs = f" (second: {cell['versus_dice']} at {cell['versus_difficulty']})"
    return f"{cell['dice']} dice at difficulty {cell['difficulty']}{vs}"


def _print_comparison(c, metrics, exact: bool) -> None:
    print(f"first:  {c.first}")
    print(f"second: {c.second}")
    print()
    mirror = {"versus_dice": "dice", "versus_difficulty": "difficulty", "versus_bonus": "bonus"}
    varying = [k for k in c.cells if k not in mirror or any(r[k] != r[mirror[k]] for r in c.rows)]
    if c.system == "storyteller vs fate":  # the Fate roll is one, named in the title
        varying = [k for k in varying if k not in ("bonus", "fate_difficulty")]
    header = [k.replace("_", " ") for k in varying]
    for m in metrics:
        word = _METRIC_WORDS.get(m, m.replace("_", " "))
        header += [word, "second", "diff" + ("" if exact or m.startswith("mean") else " (pp)")]
    header += ["TV", "max gap"]
    rows = []
    for r in c.rows:
        row = [r[k] for k in varying]
        for m in metrics:
            if m.startswith("mean") and not exact:
                row += [f"{float(r[m]):.3f}", f"{float(r[f'versus_{m}']):.3f}",
                        f"{float(r[f'diff_{m}']):+.3f}"]  # fmt: skip
            else:
                row += [_cell(r[m], exact), _cell(r[f"versus_{m}"], exact),
                        _cell(r[f"diff_{m}"], exact, diff=True)]  # fmt: skip
        row += [_cell(r["total_variation"], exact), _cell(r["max_gap"], exact)]
        rows.append(row)
    print_table(rows, header)
    print()
    big = c.largest
    word = _METRIC_WORDS.get(big["metric"], big["metric"])
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
    what = {"storyteller": "net successes", "fate": "shifts"}.get(c.system, "margin")
    if c.max_gap:
        at = c.max_gap_at
        print(
            f"largest gap in P({what} >= k): {fmt_prob(c.max_gap)} at k = {at['k']} "
            f"({_cell_words(c, at)})"
        )
    else:
        print(f"largest gap in P({what} >= k): none (the same at every k)")
