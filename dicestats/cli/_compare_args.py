"""Argument types and groups shared by ``worth`` and ``compare`` (:mod:`.compare`)."""

from __future__ import annotations

import argparse
import re

from ..format import points
from ..storyteller.limits import LIMITS as ST_LIMITS
from ._common import exact_text, fmt_prob, rating_arg

_DICE = ST_LIMITS["dice"]
_DIFFICULTY = ST_LIMITS["difficulty"]
_METRICS = ("p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5", "mean_net")
_OBJECTIVES = ("success", "tie", "style")


# ---------------------------------------------------------------------------
# Argument types
# ---------------------------------------------------------------------------
_ladder_value = rating_arg("rating")


def _rating(text: str) -> int:
    return _ladder_value(text)


_rating.__name__ = "rating"


def _ratings(text: str) -> list[int]:
    """Fate difficulties: ``3``, ``Fair``, ``0..6``, ``0-6``, ``-2..4`` or ``1,3,5``."""
    if "," in text:
        return [_ladder_value(t) for t in text.split(",")]
    m = re.fullmatch(r"\s*([+-]?[0-9]+)\s*(?:\.\.|-)\s*([+-]?[0-9]+)\s*", text)
    if m:
        a, b = _ladder_value(m.group(1)), _ladder_value(m.group(2))
        if a > b:
            raise argparse.ArgumentTypeError(f"reversed range {text!r}: write {b}..{a}")
        if b - a >= 1000:
            raise argparse.ArgumentTypeError(f"at most 1,000 difficulties, got {b - a + 1:,}")
        return list(range(a, b + 1))
    return [_ladder_value(text)]


_ratings.__name__ = "difficulties"


def _cell(x, exact: bool, *, diff: bool = False) -> str:
    if exact:
        return exact_text(x)
    return points(x) if diff else fmt_prob(x)


def _st_pool_args(p, *, dice_required: bool = True, metric: bool = True) -> None:
    p.add_argument(
        "--dice",
        type=_DICE.argtype("dice"),
        required=dice_required,
        help=f"the pool ({_DICE.help})",
    )
    p.add_argument(
        "--difficulty",
        type=_DIFFICULTY.argtype("difficulty"),
        default=6,
        help=f"the difficulty ({_DIFFICULTY.help}; default 6)",
    )
    if metric:
        p.add_argument(
            "--metric",
            choices=_METRICS,
            default="p_success",
            help="the chance compared: P(net >= 1) (default), P(net >= k), or mean net successes",
        )


def _max_dice_arg(p) -> None:
    p.add_argument(
        "--max-dice",
        type=_DICE.argtype("max_dice"),
        default=None,
        help="the largest pool searched (default 50, or the exact search limit of the rules)",
    )


def _fate_roll_args(p, difficulty_required: bool = True) -> None:
    p.add_argument("--bonus", type=_rating, default=0, help="the Fate bonus (default 0)")
    p.add_argument(
        "--difficulty",
        type=_rating,
        required=difficulty_required,
        default=None if difficulty_required else 0,
        help="the Fate difficulty: a number or a ladder name (Fair, Superb, ...)",
    )
    p.add_argument(
        "--objective",
        choices=_OBJECTIVES,
        default="success",
        help="success or better (default), at least a tie, or success with style",
    )


_METRIC_WORDS = {
    "p_success": "success",
    "p_botch": "botch",
    "p_fail": "failure",
    "p_tie": "tie",
    "p_ge_2": "2+ net successes",
    "p_ge_3": "3+ net successes",
    "p_ge_4": "4+ net successes",
    "p_ge_5": "5+ net successes",
    "mean_net": "mean net successes",
    "p_success_or_better": "success or better",
    "p_tie_or_better": "tie or better",
    "p_style": "success with style",
}
