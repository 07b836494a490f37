"""The Storyteller's table commands, ``table`` (odds over pools × difficulties) and
``editions`` (the edition presets side by side), and the rule flags of every hand-written
command that rolls Storyteller dice (:func:`add_rule_flags`: the generated commands' flags,
:func:`dicestats.cli.questions.rules_flags`, and ``--specialty``).

Every Storyteller question (``pool``, ``extended``, ``actions``, ...) is a command generated
from its declaration (:mod:`dicestats.cli.questions`).
"""

from __future__ import annotations

from ..core.question import rules_from
from ..format import exact_text, percent, text_table, to_csv, to_json, to_markdown
from ..storyteller.limits import search_limit
from ..storyteller.rules import PRESETS, Rules
from . import CLIError
from ._common import add_output_flags, add_plot_flag, fmt_prob, int_arg, int_list, write_plot
from .questions import rules_flags

__all__ = ["register", "add_rule_flags", "rules_of"]

#: The columns of the text and Markdown tables (CSV and JSON carry every column).
_SHOWN = ("dice", "difficulty", "p_success", "p_fail", "p_botch", "mean_net")
_SHOWN += ("p_ge_2", "p_ge_3", "p_ge_5")
#: What the ``editions`` chart can draw.
_VALUES = {
    "p_botch": "chance of a botch",
    "p_success": "chance of success",
    "mean_net": "mean net successes",
}


def add_rule_flags(p) -> None:
    """``--preset``, one flag per field of :class:`~dicestats.storyteller.Rules`, and
    ``--specialty`` (this roll has one; the rule set says what it does)."""
    rules_flags(p, Rules)
    p.add_argument(
        "--specialty",
        action="store_true",
        help="this roll has a specialty (the rule set says what it does: 10s add dice, or "
        "under --preset v20 a 10 counts as two successes)",
    )


def rules_of(args) -> tuple[Rules, bool]:
    """The rule set and the specialty of this command's rolls."""
    return rules_from(args, Rules), bool(args.specialty)


def _check_search(rules: Rules, specialty: bool, dice, *, exact: bool) -> None:
    """Refuse a table over pools too large for these rules (minutes of work)."""
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None and max(dice) > limit.hi:
        when = " in exact mode" if limit.when == "exact" else ""
        raise CLIError(
            f"--dice must be pool sizes in {limit.help}{when} for these rules, got up to "
            f"{max(dice)} ({limit.why})"
        )


def register(subparsers) -> None:
    """Add ``table`` and ``editions``."""
    t = subparsers.add_parser(
        "table",
        help="Storyteller odds table over pools x difficulties",
        description="One row per (dice, difficulty): success, failure, botch, degrees.",
    )
    t.add_argument(
        "--dice",
        type=int_list,
        default=list(range(1, 11)),
        help="pool sizes, e.g. 1-30 (default 1-10)",
    )
    t.add_argument(
        "--difficulty",
        type=int_list,
        default=list(range(2, 11)),
        help="difficulties, e.g. 2-10 (default 2-10)",
    )
    t.add_argument(
        "--format",
        choices=("text", "csv", "markdown", "json"),
        help="text (default), csv, markdown or json (--json is --format json)",
    )
    add_rule_flags(t)
    add_output_flags(t)
    add_plot_flag(t, "the chance of success over dice x difficulty")
    t.set_defaults(func=_cmd_table)

    e = subparsers.add_parser(
        "editions",
        help="the edition presets side by side: success and botch chance by pool",
        description=(
            "Success and botch chances of the edition presets (revised, first, v20, dark_ages) "
            "by pool size at one difficulty. With --specialty each edition's specialty rule "
            "applies (revised, first, dark_ages: its 10s earn extra dice; v20: a 10 counts "
            "double); without one v20 rolls as revised does."
        ),
    )
    e.add_argument(
        "--dice", type=int_list, default=list(range(1, 11)), help="pool sizes (default 1-10)"
    )
    e.add_argument("--difficulty", type=int_arg, default=6, help="difficulty (default 6)")
    e.add_argument(
        "--presets",
        default="revised,first,v20",
        help="the presets compared, comma-separated (default revised,first,v20; any of "
        f"{', '.join(PRESETS)})",
    )
    e.add_argument("--specialty", action="store_true", help="every roll has a specialty")
    e.add_argument(
        "--value",
        choices=tuple(_VALUES),
        default="p_botch",
        help="what --plot draws (default p_botch: where the editions differ)",
    )
    add_output_flags(e)
    add_plot_flag(e, "the chosen --value by pool, one line per preset")
    e.set_defaults(func=_cmd_editions)


def _floats(df):
    """The frame with its probability and mean columns as floats (Fractions drawn as floats)."""
    out = df.copy()
    for c in out.columns:
        if c.startswith(("p_", "mean_")):
            out[c] = out[c].astype(float)
    return out


def _cmd_table(args) -> int:
    from .. import storyteller as st

    if args.json and args.format not in (None, "json"):
        raise CLIError(
            f"--json and --format {args.format} disagree: --json is --format json; give one"
        )
    rules, specialty = rules_of(args)
    _check_search(rules, specialty, args.dice, exact=args.exact)
    df = st.odds_table(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    reading = rules.describe(specialty=specialty)
    if args.plot:
        from ..plots import storyteller_heatmap

        title = f"Chance of success by pool and difficulty ({reading})"
        write_plot(storyteller_heatmap(_floats(df), title=title), args.plot)
    fmt = "json" if args.json else (args.format or "text")
    if fmt == "json":
        print(to_json(df))
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
            print(text_table(rows, _SHOWN, f"Storyteller pools ({reading})"))
            if args.exact:  # the cells are rounded for reading: say where the exact ones are
                print("exact: computed in fractions; --json or --format csv give them as p/q")
    return 0


def _cmd_editions(args) -> int:
    from .. import tables as T

    names = [n.strip() for n in args.presets.split(",")]
    bad = [n for n in names if n not in PRESETS]
    if bad or not names:
        raise CLIError(
            f"--presets must be names among {', '.join(PRESETS)}, comma-separated; got "
            f"{bad[0] if bad else args.presets!r}"
        )
    if len(set(names)) != len(names):
        raise CLIError(f"--presets names a preset twice: {args.presets!r}")
    for name in names:
        _check_search(PRESETS[name], args.specialty, args.dice, exact=args.exact)
    df = T.storyteller_editions(
        args.dice, args.difficulty, tuple(names), specialty=args.specialty, exact=args.exact
    )
    if args.plot:
        from .. import plots

        what = "with a specialty" if args.specialty else "without a specialty"
        ax = plots.storyteller_by_rules(
            _floats(df),
            y=args.value,
            ylabel=_VALUES[args.value],
            title=f"{_VALUES[args.value].capitalize()} at difficulty {args.difficulty} by "
            f"edition ({what})",
        )
        write_plot(ax, args.plot)
    if args.json:
        print(to_json(df))
        return 0
    cell = exact_text if args.exact else fmt_prob
    header = ["dice"] + [f"{value} {n}" for value in ("success", "botch") for n in names]
    rows = []
    for n in args.dice:
        at = df[df["dice"] == n].set_index("rules")
        rows.append(
            [str(n)] + [cell(at[c][name]) for c in ("p_success", "p_botch") for name in names]
        )
    what = ", with a specialty" if args.specialty else ""
    print(text_table(rows, header, f"the editions at difficulty {args.difficulty}{what}"))
    if "first" in names and "revised" in names:
        first = df[df["rules"] == "first"].set_index("dice")["p_botch"]
        gap = (first - df[df["rules"] == "revised"].set_index("dice")["p_botch"]).astype(float)
        print()
        print(
            "first edition botches whenever the 1s outnumber the successes (revised: no "
            f"success and a 1); the gap is largest at {int(gap.idxmax())} dice "
            f"({percent(float(gap.max()))})"
        )
    return 0
