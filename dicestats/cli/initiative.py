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

from fractions import Fraction

from ..core.montecarlo import DEFAULT_TRIALS
from ..format import fraction
from ..initiative.limits import LIMITS
from ..initiative.rules import ORDERS, PIP_POLICIES, TIEBREAKS, Rules
from ._common import add_output_flags, emit_json, fmt_prob, int_list_arg, print_table

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("initiative",)

#: The cap on dice the command simulates (trials × dice per round).
DICE_LIMIT = LIMITS["dice simulated"]


def _list_of(limit):
    """An argparse type: a comma-separated list, each value in ``limit``'s range."""
    return int_list_arg(limit.lo, limit.hi)


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
    sw, pips = LIMITS["swiftness"], LIMITS["pips"]
    for flag, side, e_g in (("--swiftness", "A", "3,3,3"), ("--vs", "B", "2,2,2")):
        p.add_argument(
            flag,
            type=_list_of(sw),
            required=True,
            metavar="S,S,..",
            help=f"swiftness of each participant of side {side} ({sw.help} each; e.g. {e_g})",
        )
    p.add_argument(
        "--pips",
        type=_list_of(pips),
        default=[0],
        metavar="P",
        help=f"side A's preparation pips ({pips.help}): one number (a pool for the side) "
        "or one per participant",
    )
    p.add_argument(
        "--vs-pips",
        type=_list_of(pips),
        default=[0],
        metavar="P",
        help="side B's preparation pips (as --pips)",
    )
    default = Rules()
    for name, choices, text in (
        (
            "pip_policy",
            PIP_POLICIES,
            "spend pips on the highest die below 6 first or all on one die",
        ),
        ("tiebreak", TIEBREAKS, "set-aside dice count in the tie-break (all) or not (unspent)"),
        ("order", ORDERS, "re-evaluate after every action or fix the order per value tier"),
    ):
        p.add_argument(
            "--" + name.replace("_", "-"),
            choices=choices,
            default=getattr(default, name),
            help=f"{text} (default: {getattr(default, name)})",
        )
    p.add_argument(
        "--trials",
        type=LIMITS["trials"].argtype("trials"),
        default=None,
        help=(
            f"rounds to simulate ({DEFAULT_TRIALS:,}, or fewer for big rounds); at most "
            f"{DICE_LIMIT.hi:,} dice in all, trials x dice per round"
        ),
    )
    p.add_argument("--seed", type=LIMITS["seed"].argtype("seed"), default=None, help="random seed")
    p.add_argument(
        "--workers",
        type=LIMITS["workers"].argtype("workers"),
        default=1,
        help=f"worker processes (1; {LIMITS['workers'].help})",
    )
    add_output_flags(p, exact=False)
    p.add_argument(
        "--exact",
        action="store_true",
        help='enumerate every dice outcome (small setups): exact "p/q" values',
    )
    p.set_defaults(func=_cmd_initiative)


def _pips(values):
    """One value: the side's pool (an int). Several: one per participant (a list)."""
    return values[0] if len(values) == 1 else list(values)


def _trials(args, per_round: int) -> int:
    """``--trials``, or the default; at most :data:`DICE_LIMIT` dice in all."""
    most = max(DICE_LIMIT.hi // per_round, 1)
    trials = min(DEFAULT_TRIALS, most) if args.trials is None else args.trials
    DICE_LIMIT.check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name="dice per round"
    )
    return trials


def _answer(args):
    """The :class:`RoundOdds` the arguments ask for: enumerated or simulated."""
    from .. import initiative as ini

    a, b = args.swiftness, args.vs
    opts = dict(
        pips=_pips(args.pips),
        versus_pips=_pips(args.vs_pips),
        rules=Rules(tiebreak=args.tiebreak, order=args.order, pip_policy=args.pip_policy),
    )
    if args.exact:
        return ini.odds(a, b, **opts)
    trials = _trials(args, sum(a) + sum(b))
    return ini.simulate(a, b, trials=trials, rng=args.seed, workers=args.workers, **opts)


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
