"""Storyteller charts from the command line (``--plot FILE``) and the ``editions`` command.

A room of :mod:`dicestats.cli.storyteller`: each table-like command draws
the chart of what it printed (``table``: the success map; ``anomalies``: the
botch chance by pool with the wrong-way steps highlighted; ``actions``: each
action's chance by actions declared; ``extended``: P(done within r rounds);
``editions``: the presets side by side on an axis fitted to the data).
Charts are written atomically as PNG, SVG or PDF by the file's extension.
"""

from __future__ import annotations

from ..format import percent
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

__all__ = [
    "register_editions",
    "plot_table",
    "plot_anomalies",
    "plot_actions",
    "plot_extended",
]

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]
#: What the ``editions`` chart can draw.
_VALUES = {"p_botch": "chance of a botch", "p_success": "chance of success",
           "mean_net": "mean net successes"}  # fmt: skip


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


def plot_table(args, df, rule_text: str) -> None:
    """``table --plot``: the chance of success over dice × difficulty (50% contour)."""
    from .. import plots

    ax = plots.storyteller_heatmap(
        _floats(df), title=f"Chance of success by pool and difficulty ({rule_text})"
    )
    _write(ax, args)


def plot_anomalies(args, rules, specialty, dice, rule_text: str) -> None:
    """``anomalies --plot``: the botch chance by pool, each wrong-way step highlighted."""
    from .. import plots
    from .. import storyteller as st
    from .. import tables as T

    odds = st.odds_table(dice, args.difficulty, rules, specialty=specialty)
    found = T.storyteller_anomalies(
        rules, dice, args.difficulty, metrics="p_botch", specialty=specialty
    )
    ax = plots.storyteller_anomalies(
        _floats(odds), _floats_anomalies(found), metric="p_botch",
        title=f"Where does one more die raise the botch chance? ({rule_text})",
    )  # fmt: skip
    _write(ax, args)


def _floats_anomalies(df):
    out = df.copy()
    for c in ("before", "after", "change"):
        if c in out.columns:
            out[c] = out[c].astype(float)
    return out


def plot_actions(args, rules, specialty, rule_text: str) -> None:
    """``actions --plot``: each action's chance when declaring the first k actions."""
    from .. import plots
    from .. import tables as T

    df = T.storyteller_multiple_actions(args.pools, args.difficulty, rules, specialty=specialty)
    ax = plots.storyteller_multiple_actions(
        _floats(df), title=f"Multiple actions at difficulty {args.difficulty} ({rule_text})"
    )
    _write(ax, args)


def plot_extended(args, r, rule_text: str) -> None:
    """``extended --plot``: P(done within r rounds), until the curve has levelled off."""
    import pandas as pd

    from .. import plots

    within = [float(p) for p in r.p_done_within]
    final = within[-1]
    last = next((i + 1 for i, p in enumerate(within) if final - p <= 1e-3), len(within))
    last = max(last, min(3, len(within)))
    df = pd.DataFrame({"round": range(1, last + 1), "p_done": within[:last]})
    dice = f"{r.dice} {'die' if r.dice == 1 else 'dice'}"
    ax = plots.storyteller_extended(
        df,
        title=f"Extended action: {dice} at difficulty {r.difficulty}, target {r.target}, "
        f"a botch {r.on_botch}\n({rule_text})",
    )
    _write(ax, args)


# ---------------------------------------------------------------------------
# editions
# ---------------------------------------------------------------------------
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
    from ._storyteller_args import check_search

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
