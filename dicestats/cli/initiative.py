"""The ``initiative`` sub-command: who acts first in the d6 initiative system.

Monte Carlo by default (:func:`dicestats.initiative.simulate`); ``--exact``
enumerates small setups (:func:`dicestats.initiative.odds`). Both answers are a
:class:`~dicestats.initiative.RoundOdds`, printed by one code path; ranges and
caps come from :data:`dicestats.initiative.LIMITS`.

Examples
--------
>>> from dicestats.cli import main
>>> main(["initiative", "--swiftness", "1", "--vs", "2", "--exact"])
d6 initiative: A = [1] vs B = [2] (exact, 126 outcome classes)
P(side A acts first): 25.46%  (55/216)
P(someone acts twice in a row): 67.59%  (73/108)
<BLANKLINE>
participant  dice  acts first  mean position
-----------  ----  ----------  -------------
A1              1      25.46%          2.167
B1              2      74.54%          1.917
<BLANKLINE>
A actions before B's first      probability
--------------------------  ---------------
0                           74.54%  161/216
1                            25.46%  55/216
0
"""

from __future__ import annotations

import argparse
import re
import sys
from fractions import Fraction

from ..core import montecarlo as mc
from ..core.checks import parse_int_text, shown
from ..core.montecarlo import DEFAULT_TRIALS
from ..format import fraction
from ..initiative.limits import LIMITS
from ..initiative.rules import ORDERS, PIP_POLICIES, PIP_RULES, TIEBREAKS, Rules
from . import CLIError
from ._common import add_output_flags, emit_json, fmt_prob, print_table

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("initiative",)

#: The cap on dice the command simulates (trials × dice per round).
DICE_LIMIT = LIMITS["dice simulated"]
#: Worker processes: the Monte Carlo engine's own cap (the API refuses more).
WORKERS = mc.LIMITS["workers"]
#: Trials: the Monte Carlo engine's own cap.
TRIALS = mc.LIMITS["trials"]

_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def int_word(limit, name: str):
    """An argparse type: one integer in ``limit``'s range, written with the digits 0-9.

    Unicode digits ("３", "٣") and underscores ("1_000") are refused: Python's
    ``int`` reads them, a shell user did not mean them.
    """

    def parse(text: str) -> int:
        word = text.strip()
        if not _ASCII_INT.fullmatch(word):
            raise argparse.ArgumentTypeError(
                f"expected an integer written with the digits 0-9, got {shown(text, quote=True)}"
            )
        try:
            return limit.check(parse_int_text(word, limit.help), name=name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name
    return parse


def int_list(limit, name: str):
    """An argparse type: ``"3,3,2"``, each value as :func:`int_word` reads it."""
    one = int_word(limit, name)

    def parse(text: str) -> list[int]:
        parts = text.split(",")
        if any(not p.strip() for p in parts):
            raise argparse.ArgumentTypeError(
                f"expected a comma-separated list of integers such as 3,3,2; got "
                f"{shown(text, quote=True)}"
            )
        return [one(p) for p in parts]

    parse.__name__ = "list"
    return parse


def add_sides(p) -> None:
    """``--swiftness``, ``--vs``, ``--pips``, ``--vs-pips``, ``--pip-rule`` and the readings."""
    sw, pips = LIMITS["swiftness"], LIMITS["pips"]
    for flag, side, e_g in (("--swiftness", "A", "3,3,3"), ("--vs", "B", "2,2,2")):
        p.add_argument(
            flag,
            type=int_list(sw, flag[2:]),
            required=True,
            metavar="S,S,..",
            help=f"swiftness of each participant of side {side} ({sw.help} each; e.g. {e_g})",
        )
    for flag, side in (("--pips", "A"), ("--vs-pips", "B")):
        p.add_argument(
            flag,
            type=int_list(pips, flag[2:]),
            default=None,
            metavar="P,P,..",
            help=f"side {side}'s preparation margins, one per participant ({pips.help} each; "
            "e.g. 2,0,0); a bare number for a one-member side, or for the side's pool with "
            "--pip-rule side-pool",
        )
    default = Rules()
    p.add_argument(
        "--pip-rule",
        choices=PIP_RULES,
        default=None,
        help="how a margin is spent: each participant's on one of its dice (one-die, the "
        "text), over its dice (split), or one margin for the whole side (side-pool) "
        f"(default: {default.pip_rule})",
    )
    p.add_argument(  # the old spelling, one release: highest -> split, single -> one-die
        "--pip-policy", choices=tuple(PIP_POLICIES), default=None, help=argparse.SUPPRESS
    )
    for name, choices, text in (
        ("tiebreak", TIEBREAKS, "set-aside dice count in the tie-break (all) or not (unspent)"),
        ("order", ORDERS, "re-evaluate after every action or fix the order per value tier"),
    ):
        p.add_argument(
            "--" + name.replace("_", "-"),
            choices=choices,
            default=getattr(default, name),
            help=f"{text} (default: {getattr(default, name)})",
        )


def add_monte_carlo(p, *, dice_limit=DICE_LIMIT) -> None:
    """``--trials``, ``--seed``, ``--workers`` and ``--exact``."""
    p.add_argument(
        "--trials",
        type=int_word(TRIALS, "trials"),
        default=None,
        help=(
            f"rounds to simulate ({DEFAULT_TRIALS:,}, or fewer for big rounds); at most "
            f"{dice_limit.hi:,} dice in all, trials x dice per round ({dice_limit.why})"
        ),
    )
    p.add_argument(
        "--seed", type=int_word(LIMITS["seed"], "seed"), default=None, help="random seed"
    )
    p.add_argument(
        "--workers",
        type=int_word(WORKERS, "workers"),
        default=None,
        help=f"worker processes (1; {WORKERS.help}: {WORKERS.why})",
    )
    p.add_argument(
        "--exact",
        action="store_true",
        help='enumerate every dice outcome (small setups): exact "p/q" values; takes no '
        "--trials, --seed or --workers",
    )


def register(subparsers) -> None:
    """Add the ``initiative`` sub-command."""
    classes, work = LIMITS["outcome classes"], LIMITS["work"]
    p = subparsers.add_parser(
        "initiative",
        help="d6 initiative: P(a side acts first), actions before the other side acts",
        description=(
            "Each participant rolls as many d6 as its swiftness; the highest die acts "
            "first (more dice of that value, then the higher other dice, set-aside dice "
            "included, then a coin). Monte Carlo by default; --exact enumerates small "
            f"setups (at most {classes.hi:,} outcome classes and {work.hi:,} units of work, "
            "classes x dice x participants^2 / 4). Rules: docs/rules/initiative.md."
        ),
    )
    add_sides(p)
    add_output_flags(p, exact=False)
    add_monte_carlo(p)
    p.set_defaults(func=_cmd_initiative)


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


def pip_rule(args) -> str:
    """``--pip-rule``, or the deprecated ``--pip-policy`` (with a note on stderr)."""
    if args.pip_policy is None:
        return args.pip_rule or Rules().pip_rule
    new = PIP_POLICIES[args.pip_policy]
    if args.pip_rule is not None:
        raise CLIError("--pip-policy is the deprecated spelling of --pip-rule: give one")
    print(
        f"dicestats: --pip-policy is deprecated and goes in the next release; use "
        f"--pip-rule {new} (margins are per participant now)",
        file=sys.stderr,
    )
    return new


def _pips(values):
    """One value: a bare number (one-member side, or the side's pool). Several: a list."""
    if values is None:
        return 0
    return values[0] if len(values) == 1 else list(values)


def side_options(args) -> dict:
    """The API keywords the side flags ask for (pips and the rules)."""
    rules = Rules(tiebreak=args.tiebreak, order=args.order, pip_rule=pip_rule(args))
    return dict(pips=_pips(args.pips), versus_pips=_pips(args.vs_pips), rules=rules)


def trials_for(args, per_round: int, dice_limit=None) -> int:
    """``--trials``, or the default; at most ``dice_limit`` (:data:`DICE_LIMIT`) dice in all."""
    dice_limit = DICE_LIMIT if dice_limit is None else dice_limit
    most = max(dice_limit.hi // per_round, 1)
    trials = min(DEFAULT_TRIALS, most) if args.trials is None else args.trials
    dice_limit.check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name="dice per round"
    )
    return trials


def _answer(args):
    """The :class:`RoundOdds` the arguments ask for: enumerated or simulated."""
    from .. import initiative as ini

    check_exact_flags(args)
    a, b = args.swiftness, args.vs
    opts = side_options(args)
    if args.exact:
        return ini.odds(a, b, **opts)
    trials = trials_for(args, sum(a) + sum(b))
    return ini.simulate(a, b, trials=trials, rng=args.seed, workers=args.workers or 1, **opts)


def _headline(x) -> str:
    """A headline probability: a percentage and "p/q", or an estimate with its interval."""
    return f"{fmt_prob(x)}  ({fraction(x)})" if isinstance(x, Fraction) else str(x)


def _value(x):
    """The number behind an exact value or an estimate."""
    return x if isinstance(x, Fraction) else x.value


def _mean(x) -> str:
    return f"{float(x):.3f}" if isinstance(x, Fraction) else f"{x.value:.3f} ± {x.stderr:.3f}"


def _pmf(x) -> str:
    return f"{fmt_prob(x)}  {fraction(x)}" if isinstance(x, Fraction) else fmt_prob(x.value)


def _cmd_initiative(args) -> int:
    r = _answer(args)
    if args.json:
        emit_json({**r.as_dict(), "seed": args.seed})
        return 0
    if r.exact:
        method = f"exact, {r.outcome_classes:,} outcome classes"
    else:
        method = f"Monte Carlo, {r.trials:,} rounds, seed {args.seed}"
    print(f"d6 initiative: A = {list(r.swiftness)} vs B = {list(r.versus)} ({method})")
    print(f"P(side A acts first): {_headline(r.p_first)}")
    print(f"P(someone acts twice in a row): {_headline(r.p_double)}")
    print()
    rows = [
        (lab, s, fmt_prob(_value(pf)), _mean(mp))
        for lab, s, pf, mp in zip(
            r.labels,
            r.swiftness + r.versus,
            r.p_participant_first,
            r.mean_position,
            strict=True,
        )
    ]
    print_table(rows, header=("participant", "dice", "acts first", "mean position"))
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.pmf_actions_before.items()]
    print_table(rows, header=("A actions before B's first", "probability"))
    return 0
