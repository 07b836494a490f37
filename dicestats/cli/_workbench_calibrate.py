"""The ``calibrate`` command and the argument types of the workbench's commands.

``dicestats calibrate storyteller``: for each difficulty (``--difficulty 2-10``),
the smallest pool reaching each level (``--levels 0.5,0.75,0.9,0.95``), under any
rule flags; ``dicestats calibrate fate``: for each rating (``--ratings
-1,0,1,2,3,4,5``), the hardest difficulty reaching each level. ``--plot FILE``
draws the table (:func:`dicestats.plots.workbench.calibration_chart`).

Examples
--------
>>> from dicestats.cli import main
>>> main(["calibrate", "fate", "--ratings", "0,2", "--levels", "0.5,0.9"])
Fate: the hardest difficulty reaching each level (4dF, success or better)
rating                         50%               90%
-------------  -------------------  ----------------
Mediocre (+0)     Poor (-1) 61.73%         -3 93.83%
Fair (+2)      Average (+1) 61.73%  Poor (-1) 93.83%
0
"""

from __future__ import annotations

import argparse

from ..core.checks import shown
from ..format import ladder, percent
from ..storyteller.limits import LIMITS as ST_LIMITS
from ._common import (
    add_output_flags,
    add_plot_flag,
    emit_json,
    fraction_arg,
    int_arg,
    limit_arg,
    print_table,
)
from ._common import rating_arg as ladder_arg
from ._storyteller_args import add_rule_flags, rules_of

__all__ = ["probability_arg", "ladder_arg", "levels_arg", "register_calibrate"]

_DICE = ST_LIMITS["dice"]


def probability_arg(text: str):
    """A probability in [0, 1] written ``0.75`` or ``3/4``, read exactly."""
    try:
        return fraction_arg(text)
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("like 0.25", "like 0.75")) from None


probability_arg.__name__ = "probability"


def levels_arg(text: str) -> list:
    """``"0.5,0.75,0.9"``: probabilities, each in [0, 1]."""
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise argparse.ArgumentTypeError(
            f"expected probabilities separated by commas such as 0.5,0.75,0.9; got "
            f"{shown(text, quote=True)}"
        )
    return [probability_arg(p) for p in parts]


levels_arg.__name__ = "levels"


def register_calibrate(subparsers) -> None:
    """Add the ``calibrate`` command (``storyteller`` and ``fate``)."""
    c = subparsers.add_parser(
        "calibrate",
        help="calibration tables: dice needed per difficulty, Fate difficulty per rating",
        description="For each Storyteller difficulty the smallest pool reaching each level, "
        "or for each Fate rating the hardest difficulty reaching it (default levels 50%%, "
        "75%%, 90%%, 95%%). A level no pool in range reaches shows as a dash.",
    )
    sub = c.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    s = sub.add_parser("storyteller", help="the dice each difficulty needs")
    s.add_argument(
        "--difficulty",
        type=limit_arg(ST_LIMITS["difficulty"], "range"),
        default=list(range(2, 11)),
        help="difficulties, e.g. 6-9 (default 2-10)",
    )
    s.add_argument(
        "--net", type=int_arg(1, _DICE.hi, "net"), default=1, help="wish for P(net >= NET)"
    )
    s.add_argument(
        "--dice-limit",
        type=int_arg(1, _DICE.hi, "dice_limit"),
        default=None,
        help="the largest pool searched (default 100)",
    )
    _levels_flag(s)
    add_rule_flags(s)
    add_output_flags(s)
    add_plot_flag(s, "the calibration chart")
    s.set_defaults(func=_cmd_storyteller)
    f = sub.add_parser("fate", help="the difficulty each Fate rating beats")
    f.add_argument(
        "--ratings",
        type=limit_arg(_fate_rating_limit(), "list", "ratings"),
        default=list(range(-1, 6)),
        metavar="R,R,..",
        help="ratings (default -1,0,1,2,3,4,5)",
    )
    f.add_argument(
        "--objective",
        choices=("tie", "success", "style"),
        default="success",
        help="tie or better, success or better (default), success with style",
    )
    _levels_flag(f)
    add_output_flags(f)
    add_plot_flag(f, "the calibration chart")
    f.set_defaults(func=_cmd_fate)


def _fate_rating_limit():
    from ..fate.limits import LIMITS

    return LIMITS["rating"]


def _levels_flag(p) -> None:
    p.add_argument(
        "--levels",
        type=levels_arg,
        default=None,
        metavar="P,P,..",
        help="the wished probabilities (default 0.5,0.75,0.9,0.95)",
    )


def _level_name(p) -> str:
    return f"{100 * float(p):.4g}%"


def _emit(cal, args, setting_name: str, show) -> int:
    if args.json:
        emit_json(cal)
    else:
        rows = []
        for s in cal.settings:
            cells = []
            for p in cal.levels:
                a, q = cal.answers[s][p], cal.probabilities[s][p]
                cells.append("—" if a is None else f"{show(a)} {percent(q, digits=2)}")
            rows.append((show(s) if setting_name == "rating" else s, *cells))
        print_table(rows, (setting_name, *map(_level_name, cal.levels)), _title(cal))
    if args.plot:
        from ..plots.workbench import calibration_chart
        from ._common import write_plot

        write_plot(calibration_chart(cal), args.plot)
    return 0


def _title(cal) -> str:
    if cal.system == "storyteller":
        return (
            f"Storyteller: the smallest pool reaching each level, up to {cal.dice_limit} dice "
            f"({cal.reading})"
        )
    return f"Fate: the hardest difficulty reaching each level ({cal.reading})"


def _cmd_storyteller(args) -> int:
    from .. import workbench as wb

    rules, specialty = rules_of(args, args.difficulty)
    cal = wb.storyteller_calibration(
        args.levels or wb.LEVELS, args.difficulty, rules, net=args.net, specialty=specialty,
        dice_limit=args.dice_limit, exact=args.exact,
    )  # fmt: skip
    return _emit(cal, args, "difficulty", str)


def _cmd_fate(args) -> int:
    from .. import workbench as wb

    cal = wb.fate_calibration(
        args.levels or wb.LEVELS, args.ratings, args.objective, exact=args.exact
    )
    return _emit(cal, args, "rating", ladder)
