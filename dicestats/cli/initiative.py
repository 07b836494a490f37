"""The ``initiative`` sub-command: who acts first in the d6 initiative system.

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

from ._common import add_output_flags, emit_json, fmt_prob, int_arg, int_list_arg, print_table

__all__ = ["register"]

#: The CLI simulates at most this many dice in all (trials x dice per round): at
#: 20-75 ns of CPU per die, a few seconds. Longer runs: ``dicestats.initiative.simulate``.
MAX_DICE = 5 * 10**7


#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("initiative",)


def register(subparsers) -> None:
    """Add the ``initiative`` sub-command."""
    p = subparsers.add_parser(
        "initiative",
        help="d6 initiative: P(a side acts first), actions before the other side acts",
        description=(
            "Each participant rolls as many d6 as its swiftness; the highest die acts "
            "first (more dice of that value, then the higher other dice, set-aside dice "
            "included, then a coin). Monte Carlo by default; --exact enumerates small "
            "setups (at most 100,000 outcome classes and 500,000 units of work, "
            "classes x dice x participants^2 / 4: a few seconds)."
        ),
    )
    p.add_argument(
        "--swiftness",
        type=int_list_arg(1, 15),
        required=True,
        metavar="S,S,..",
        help="swiftness of each participant of side A (e.g. 3,3,3)",
    )
    p.add_argument(
        "--vs",
        type=int_list_arg(1, 15),
        required=True,
        metavar="S,S,..",
        help="swiftness of each participant of side B (e.g. 2,2,2)",
    )
    p.add_argument(
        "--pips",
        type=int_list_arg(0, 1000),
        default=[0],
        metavar="P",
        help="side A's preparation pips: one number (a pool for the side) or one per participant",
    )
    p.add_argument(
        "--vs-pips",
        type=int_list_arg(0, 1000),
        default=[0],
        metavar="P",
        help="side B's preparation pips (as --pips)",
    )
    p.add_argument(
        "--pip-policy",
        choices=("highest", "single"),
        default="highest",
        help="spend pips on the highest die below 6 first (default) or all on one die",
    )
    p.add_argument(
        "--tiebreak",
        choices=("all", "unspent"),
        default="all",
        help="set-aside dice count in the tie-break (all, default) or not (unspent)",
    )
    p.add_argument(
        "--order",
        choices=("action", "tier"),
        default="action",
        help="re-evaluate after every action (default) or fix the order per value tier",
    )
    p.add_argument(
        "--trials",
        type=int_arg(1, 10**10),
        default=None,
        help=(
            f"rounds to simulate (200000, or fewer for big rounds); at most "
            f"{MAX_DICE:,} dice in all, trials x dice per round (a few seconds)"
        ),
    )
    p.add_argument("--seed", type=int_arg(0, 2**63 - 1), default=None, help="random seed")
    p.add_argument("--workers", type=int_arg(1, 256), default=1, help="worker processes (1)")
    add_output_flags(p)
    p.set_defaults(func=_cmd_initiative)


def _pips(values, n):
    """One value: the side's pool (an int). Several: one per participant (a list)."""
    return values[0] if len(values) == 1 else list(values)


def _cmd_initiative(args) -> int:
    from .. import initiative as ini

    a, b = args.swiftness, args.vs
    opts = dict(pip_policy=args.pip_policy, tiebreak=args.tiebreak, order=args.order)
    pa, pb = _pips(args.pips, len(a)), _pips(args.vs_pips, len(b))
    labels = [f"A{i + 1}" for i in range(len(a))] + [f"B{i + 1}" for i in range(len(b))]
    if args.exact:
        r = ini.exact(a, b, pa, pb, **opts)
        out = {
            "p_first": r.p_first,
            "p_first_ci": [r.p_first, r.p_first],
            "actions_before_opponent": {str(k): v for k, v in r.actions_before.items()},
            "p_participant_first": dict(zip(labels, r.p_participant_first, strict=True)),
            "p_double": r.p_double,
            "mean_position": dict(zip(labels, r.mean_position, strict=True)),
            "trials": None,
            "outcome_classes": r.outcomes,
        }
        method = f"exact, {r.outcomes:,} outcome classes"
    else:
        per_round = sum(a) + sum(b)
        most = MAX_DICE // per_round
        trials = min(200_000, most) if args.trials is None else args.trials
        if trials > most:
            raise ValueError(
                f"--trials: at most {MAX_DICE:,} dice in all, {most:,} rounds of "
                f"{per_round} dice here; got {trials:,} (use dicestats.initiative.simulate "
                f"for longer runs)"
            )
        r = ini.simulate(
            a, b, trials, rng=args.seed, pips=pa, versus_pips=pb, workers=args.workers, **opts
        )
        out = {
            "p_first": r.p_first.value,
            "p_first_ci": [r.p_first.ci_low, r.p_first.ci_high],
            "actions_before_opponent": {str(k): e.value for k, e in enumerate(r.actions_before)},
            "p_participant_first": {
                lab: e.value for lab, e in zip(labels, r.p_participant_first, strict=True)
            },
            "p_double": r.p_double.value,
            "mean_position": {lab: e.value for lab, e in zip(labels, r.mean_position, strict=True)},
            "trials": r.trials,
            "seed": args.seed,
        }
        method = f"Monte Carlo, {r.trials:,} rounds, seed {args.seed}"
    out["settings"] = {
        "swiftness": a,
        "vs": b,
        "pips": pa,
        "vs_pips": pb,
        **opts,
    }
    if args.json:
        emit_json(out)
        return 0
    print(f"d6 initiative: A = {a} vs B = {b} ({method})")
    if args.exact:
        first = f"{fmt_prob(r.p_first)}  ({_frac(r.p_first)})"
        double = f"{fmt_prob(r.p_double)}  ({_frac(r.p_double)})"
    else:
        first, double = str(r.p_first), str(r.p_double)
    print(f"P(side A acts first): {first}")
    print(f"P(someone acts twice in a row): {double}")
    print()
    rows = []
    for i, lab in enumerate(labels):
        pf = r.p_participant_first[i]
        mp = r.mean_position[i]
        rows.append(
            (
                lab,
                (a + b)[i],
                fmt_prob(pf if args.exact else pf.value),
                f"{float(mp):.3f}" if args.exact else f"{mp.value:.3f} ± {mp.stderr:.3f}",
            )
        )
    print_table(rows, header=("participant", "dice", "acts first", "mean position"))
    print()
    pmf = r.actions_before if args.exact else dict(enumerate(e.value for e in r.actions_before))
    rows = [(str(k), fmt_prob(p) + (f"  {_frac(p)}" if args.exact else "")) for k, p in pmf.items()]
    print_table(rows, header=("A actions before B's first", "probability"))
    return 0


def _frac(x) -> str:
    return f"{x.numerator}/{x.denominator}"
