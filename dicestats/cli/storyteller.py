"""The Storyteller's table commands: ``table`` (odds over pools × difficulties) and ``editions``
(the edition presets side by side).

Every Storyteller question (``pool``, ``extended``, ``actions``, ...) is a command generated
from its declaration (:mod:`dicestats.cli.questions`); these two print tables over grids of
pools, and draw them with ``--plot FILE``. The rule flags are those of every command
(``--preset``, ``--ten-again``, ``--no-rule-of-one``, ``--botch-rule first``, ...).
"""

from __future__ import annotations

from ..format import percent, to_csv, to_markdown
from ..storyteller.limits import LIMITS
from ..storyteller.rules import PRESETS
from . import CLIError
from ._common import (
    add_output_flags,
    add_plot_flag,
    emit_json,
    exact_text,
    fmt_prob,
    limit_arg,
    print_table,
)
from ._storyteller_args import add_rule_flags, check_search, rules_of

__all__ = ["register"]

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]
#: The columns of the text and Markdown tables (CSV and JSON carry every column).
_SHOWN = ("dice", "difficulty", "p_success", "p_fail", "p_botch", "mean_net")
_SHOWN += ("p_ge_2", "p_ge_3", "p_ge_5")
#: What the ``editions`` chart can draw.
_VALUES = {"p_botch": "chance of a botch", "p_success": "chance of success",
           "mean_net": "mean net successes"}  # fmt: skip


def register(subparsers) -> None:
    """Add ``table`` and ``editions``."""
    t = subparsers.add_parser(
        "table",
        help="Storyteller odds table over pools x difficulties",
        description="One row per (dice, difficulty): success, failure, botch, degrees.",
    )
    t.add_argument(
        "--dice",
        type=limit_arg(_DICE, "range"),
        default=list(range(1, 11)),
        help=f"pool sizes, e.g. 1-30 (default 1-10; {_DICE.help})",
    )
    t.add_argument(
        "--difficulty",
        type=limit_arg(_DIFFICULTY, "range"),
        default=list(range(2, 11)),
        help=f"difficulties, e.g. 2-10 (default {_DIFFICULTY.help})",
    )
    t.add_argument(
        "--format",
        choices=("text", "csv", "markdown", "json"),
        default=None,
        help="text (default), csv, markdown or json (--json is --format json)",
    )
    add_rule_flags(t)
    add_output_flags(t)
    add_plot_flag(t, "the chance of success over dice x difficulty")
    t.set_defaults(func=_cmd_table)

    register_editions(subparsers)


def _cmd_table(args) -> int:
    from .. import storyteller as st

    if args.json and args.format not in (None, "json"):
        raise CLIError(
            f"--json and --format {args.format} disagree: --json is --format json; give one"
        )
    rules, specialty = rules_of(args)
    check_search(rules, specialty, args.dice, exact=args.exact)
    df = st.odds_table(args.dice, args.difficulty, rules, specialty=specialty, exact=args.exact)
    if args.plot:
        _plot_table(args, df, rules.describe(specialty=specialty))
    fmt = "json" if args.json else (args.format or "text")
    if fmt == "json":
        emit_json(df)
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
            title = f"Storyteller pools ({rules.describe(specialty=specialty)})"
            print_table(rows, _SHOWN, title=title)
            if args.exact:  # the cells are rounded for reading: say where the exact ones are
                print("exact: computed in fractions; --json or --format csv give them as p/q")
    return 0


def _floats(df):
    """The frame with its probability and mean columns as floats (Fractions drawn as floats)."""
    out = df.copy()
    for c in out.columns:
        if c.startswith("p_") or c.startswith("mean_"):
            out[c] = out[c].astype(float)
    return out


def _write(ax, args) -> None:
    from ._common import write_plot

    write_plot(ax, args.plot)


def _plot_table(args, df, rule_text: str) -> None:
    """``table --plot``: the chance of success over dice × difficulty (50% contour)."""
    from .. import plots

    ax = plots.storyteller_heatmap(
        _floats(df), title=f"Chance of success by pool and difficulty ({rule_text})"
    )
    _write(ax, args)


def register_editions(subparsers) -> None:
    """Add the ``editions`` command: the edition presets side by side."""
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
        "--dice", type=limit_arg(_DICE, "range"), default=list(range(1, 11)),
        help=f"pool sizes, e.g. 1-10 (default 1-10; {_DICE.help})",
    )  # fmt: skip
    e.add_argument(
        "--difficulty", type=_DIFFICULTY.argtype("difficulty"), default=6,
        help=f"difficulty ({_DIFFICULTY.help}; default 6)",
    )  # fmt: skip
    e.add_argument(
        "--presets", default="revised,first,v20",
        help=f"the presets compared, comma-separated (default revised,first,v20; any of "
        f"{', '.join(PRESETS)})",
    )  # fmt: skip
    e.add_argument("--specialty", action="store_true", help="every roll has a specialty")
    e.add_argument(
        "--value", choices=tuple(_VALUES), default="p_botch",
        help="what --plot draws (default p_botch: where the editions differ)",
    )  # fmt: skip
    add_output_flags(e)
    add_plot_flag(e, "the chosen --value by pool, one line per preset")
    e.set_defaults(func=_cmd_editions)


def _presets(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    bad = [n for n in names if n not in PRESETS]
    if bad or not names:
        raise CLIError(
            f"--presets must be names among {', '.join(PRESETS)}, comma-separated; got "
            f"{bad[0] if bad else text!r}"
        )
    if len(set(names)) != len(names):
        raise CLIError(f"--presets names a preset twice: {text!r}")
    return names


def _cmd_editions(args) -> int:
    from .. import tables as T

    names = _presets(args.presets)

    for name in names:
        check_search(PRESETS[name], args.specialty, args.dice, exact=args.exact)
    df = T.storyteller_editions(
        args.dice, args.difficulty, tuple(names), specialty=args.specialty, exact=args.exact
    )
    if args.plot:
        from .. import plots

        what = "with a specialty" if args.specialty else "without a specialty"
        ax = plots.storyteller_by_rules(
            _floats(df), y=args.value, ylabel=_VALUES[args.value],
            title=f"{_VALUES[args.value].capitalize()} at difficulty {args.difficulty} by "
            f"edition ({what})",
        )  # fmt: skip
        _write(ax, args)
    if args.json:
        emit_json(df)
        return 0
    cell = exact_text if args.exact else fmt_prob
    header = ["dice"]
    for value in ("success", "botch"):
        header += [f"{value} {n}" for n in names]
    rows = []
    for n in args.dice:
        row = [str(n)]
        for col in ("p_success", "p_botch"):
            for name in names:
                v = df[(df["rules"] == name) & (df["dice"] == n)][col].iloc[0]
                row.append(cell(v))
        rows.append(row)
    what = ", with a specialty" if args.specialty else ""
    print_table(rows, header, title=f"the editions at difficulty {args.difficulty}{what}")
    if "first" in names and "revised" in names:
        gaps = _botch_gap(df)
        print()
        print(
            "first edition botches whenever the 1s outnumber the successes (revised: no "
            f"success and a 1); the gap is largest at {gaps[0]} dice ({percent(gaps[1])})"
        )
    return 0


def _botch_gap(df):
    """``(dice, gap)`` where first edition's botch chance exceeds revised's the most."""
    first = df[df["rules"] == "first"].set_index("dice")["p_botch"]
    revised = df[df["rules"] == "revised"].set_index("dice")["p_botch"]
    gap = (first - revised).astype(float)
    return int(gap.idxmax()), float(gap.max())
