"""The flags the ``initiative`` and ``defence`` commands share, and their API keywords.

Sides, margins and readings (:func:`add_sides`), holding and rounds
(:func:`add_holding`), Monte Carlo or ``--exact`` (:func:`add_monte_carlo`);
integers through the shared argument types (:func:`._common.limit_arg`,
:meth:`~dicestats.core.limits.Limit.argtype`): the digits 0-9 only.
"""

from __future__ import annotations

import argparse

from ..core.checks import shown
from ..core.montecarlo import DEFAULT_TRIALS
from ..core.montecarlo import LIMITS as MC_LIMITS
from ..initiative.limits import LIMITS
from ..initiative.rules import (
    HOLD_POLICIES,
    ORDERS,
    PIP_RULES,
    TIEBREAKS,
    Rules,
)
from . import CLIError
from ._common import limit_arg

#: The cap on dice the round engine plays (trials × rounds × dice per round).
FIGHT_LIMIT = LIMITS["fight dice simulated"]
#: Worker processes: the Monte Carlo engine's own cap (the API refuses more).
WORKERS = MC_LIMITS["workers"]
#: Trials: the Monte Carlo engine's own cap.
TRIALS = MC_LIMITS["trials"]


def add_sides(p) -> None:
    """``--swiftness``, ``--vs``, ``--pips``, ``--vs-pips``, ``--pip-rule`` and the readings."""
    sw, pips = LIMITS["swiftness"], LIMITS["pips"]
    for flag, side, e_g in (("--swiftness", "A", "3,3,3"), ("--vs", "B", "2,2,2")):
        p.add_argument(
            flag,
            type=limit_arg(sw, "list", flag[2:]),
            required=True,
            metavar="S,S,..",
            help=f"swiftness of each participant of side {side} ({sw.help} each; e.g. {e_g})",
        )
    for flag, side in (("--pips", "A"), ("--vs-pips", "B")):
        p.add_argument(
            flag,
            type=limit_arg(pips, "list", flag[2:]),
            default=None,
            metavar="P,P,..",
            help=f"side {side}'s preparation margins, one per participant ({pips.help} "
            "each; e.g. 2,0,0): the margin (net successes) of the participant's preparation "
            "roll, added after the initiative roll to one of its own dice, at most to 6 "
            "(the excess is lost; --pip-rule names other readings); a bare number for a "
            "one-member side, or for the side's pool with --pip-rule side-pool",
        )
    default = Rules()
    p.add_argument(
        "--pip-rule",
        choices=PIP_RULES,
        default=default.pip_rule,
        help="how a margin is spent: each participant's on one of its dice (one-die, the "
        "text), over its dice (split), or one margin for the whole side (side-pool) "
        f"(default: {default.pip_rule})",
    )
    for name, choices, text in (
        ("tiebreak", TIEBREAKS, "set-aside dice count in the tie-break (all) or not (unspent)"),
        (
            "order",
            ORDERS,
            "order the holders of a value once, each acting all its dice of it in a row "
            "(tier, the text), or re-evaluate after every action",
        ),
    ):
        p.add_argument(
            "--" + name.replace("_", "-"),
            choices=choices,
            default=getattr(default, name),
            help=f"{text} (default: {getattr(default, name)})",
        )


def _policy_list(text: str) -> list[str]:
    """``"defend"`` or ``"defend,never"``: named holding policies."""
    parts = [t.strip() for t in text.split(",")]
    for t in parts:
        if t not in HOLD_POLICIES:
            raise argparse.ArgumentTypeError(
                f"expected a holding policy ({', '.join(HOLD_POLICIES)}) or one per "
                f"participant, got {shown(t, quote=True)}"
            )
    return parts


_policy_list.__name__ = "policy"


def _weakness_list(text: str) -> list:
    """``"2,s,3"``: a hero's weakness, or ``s`` for a supporting character (−3)."""
    one = LIMITS["weakness"].argtype("weakness")
    out = []
    for t in text.split(","):
        t = t.strip()
        out.append(None if t.lower() == "s" else one(t))
    return out


_weakness_list.__name__ = "weakness"


def add_holding(p) -> None:
    """``--hold``, ``--vs-hold``, ``--rounds``, ``--weakness``, ``--vs-weakness``."""
    for flag, side in (("--hold", "A"), ("--vs-hold", "B")):
        p.add_argument(
            flag,
            type=_policy_list,
            default=None,
            metavar="POLICY",
            help=f"side {side}'s holding policy: {', '.join(HOLD_POLICIES)} (default: never), "
            "or one per participant (defend,never)",
        )
    rounds = LIMITS["rounds"]
    p.add_argument(
        "--rounds",
        type=rounds.argtype("rounds"),
        default=1,
        help=f"rounds per fight ({rounds.help}; {rounds.why}): a round in which everyone "
        "held puts everyone on edge and forbids holding in the next",
    )
    for flag, side in (("--weakness", "A"), ("--vs-weakness", "B")):
        p.add_argument(
            flag,
            type=_weakness_list,
            default=None,
            metavar="W,W,..",
            help=f"side {side}'s on-edge penalties: a hero's weakness per participant, or s "
            "for a supporting character (-3, the default)",
        )


def _hold_value(values):
    if values is None:
        return "never"
    return values[0] if len(values) == 1 else list(values)


def hold_options(args) -> dict:
    """The API keywords of the holding flags."""
    return dict(
        hold=_hold_value(args.hold),
        versus_hold=_hold_value(args.vs_hold),
        rounds=args.rounds,
        weakness=_side_list(args.weakness),
        versus_weakness=_side_list(args.vs_weakness),
    )


def _side_list(values):
    if values is None:
        return None
    return values[0] if len(values) == 1 else list(values)


def uses_engine(args) -> bool:
    """Holding or several rounds: the round engine plays the rounds action by action."""
    holds = (args.hold or []) + (args.vs_hold or [])
    return args.rounds != 1 or any(h != "never" for h in holds)


def add_monte_carlo(p, *, dice_limit) -> None:
    """``--trials``, ``--seed``, ``--workers`` and ``--exact``."""
    p.add_argument(
        "--trials",
        type=TRIALS.argtype("trials"),
        default=None,
        help=(
            f"rounds to simulate ({DEFAULT_TRIALS:,}, or fewer for big rounds); at most "
            f"{dice_limit.hi:,} dice in all, trials x dice per round ({dice_limit.why})"
        ),
    )
    p.add_argument("--seed", type=LIMITS["seed"].argtype("seed"), default=None, help="random seed")
    p.add_argument(
        "--workers",
        type=WORKERS.argtype("workers"),
        default=None,
        help=f"worker processes (1; {WORKERS.help}: {WORKERS.why})",
    )
    p.add_argument(
        "--exact",
        action="store_true",
        help='enumerate every dice outcome (small setups): exact "p/q" values; takes no '
        "--trials, --seed or --workers",
    )


def check_exact_flags(args) -> None:
    """``--exact`` enumerates: the Monte Carlo flags cannot apply, so they are an error."""
    if not args.exact:
        return
    given = [f"--{n}" for n in ("trials", "seed", "workers") if getattr(args, n) is not None]
    if given:
        raise CLIError(
            f"{', '.join(given)} cannot apply with --exact (an enumeration draws no random "
            "rounds); drop them, or drop --exact for Monte Carlo"
        )


def _pips(values):
    """One value: a bare number (one-member side, or the side's pool). Several: a list."""
    if values is None:
        return 0
    return values[0] if len(values) == 1 else list(values)


def side_options(args) -> dict:
    """The API keywords the side flags ask for (pips and the rules)."""
    rules = Rules(tiebreak=args.tiebreak, order=args.order, pip_rule=args.pip_rule)
    return dict(pips=_pips(args.pips), versus_pips=_pips(args.vs_pips), rules=rules)


def trials_for(args, per_round: int, dice_limit, per: str) -> int:
    """``--trials``, or the default; at most ``dice_limit`` dice in all, ``per_round``
    dice per ``per`` (``"round"`` or ``"fight"``)."""
    most = max(dice_limit.hi // per_round, 1)
    trials = min(DEFAULT_TRIALS, most) if args.trials is None else args.trials
    dice_limit.check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name=f"dice per {per}"
    )
    return trials
