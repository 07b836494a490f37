"""The ``defence`` sub-command: attacks and their answers, slow defences, armour, wounds.

:func:`dicestats.initiative.defence` (Monte Carlo, or ``--exact``), with the
user's assumed success rolls. Registered by :func:`dicestats.cli.initiative.register`.
"""

from __future__ import annotations

from fractions import Fraction

from ..initiative.limits import LIMITS
from ..initiative.rules import ATTACKERS, RESPONSES
from . import CLIError
from . import _initiative_args as flags
from ._common import add_output_flags, add_plot_flag, emit_json, exact_text, fmt_prob, print_table
from ._initiative_text import _mean, _pmf, method, print_holding, readings


def register_defence(subparsers) -> None:
    """Add the ``defence`` sub-command."""
    states = LIMITS["exact states"]
    p = subparsers.add_parser(
        "defence",
        help="d6 initiative: attacks and their answers, slow defences, armour, wounds",
        description=(
            "Every action of the attackers (side B, or both sides) attacks a random "
            "participant of the other side. The target answers with its highest die (slow "
            "when it is lower than the attack's); with --respond every, companions with a "
            "die as high as the attack's add one answer each. With --attack and --defend "
            "(and --armour) success rolls - YOUR ASSUMPTION, the game's own roll is "
            "unknown - it reports the attacker's margin left and the defender's advantage. "
            "Monte Carlo by default; --exact enumerates small setups (at most "
            f"{states.hi:,} states at once). Rules: docs/rules/initiative.md."
        ),
    )
    flags.add_sides(p)
    flags.add_holding(p)
    p.add_argument(
        "--attackers",
        choices=ATTACKERS,
        default="versus",
        help="who attacks: side B (versus: side A defends) or both (default: versus)",
    )
    p.add_argument(
        "--respond",
        choices=RESPONSES,
        default="every",
        help="who answers an attack: the target and every companion with a high enough die "
        "(every), the target alone (target), or one companion instead of a slow target "
        "(cover) (default: every)",
    )
    dice = LIMITS["roll dice"]
    for flag, what in (
        ("--attack", "attack"),
        ("--defend", "defence"),
        ("--armour", "armour (passive, after the answers)"),
    ):
        p.add_argument(
            flag,
            type=dice.argtype(flag[2:]),
            default=None,
            metavar="DICE",
            help=f"the {what} roll: DICE d6, each --success or more is a success "
            f"({dice.help}; your assumption)",
        )
    succ = LIMITS["success"]
    p.add_argument(
        "--success",
        type=succ.argtype("success"),
        default=None,
        help=f"the lowest face that is a success in every roll ({succ.help}; default 5)",
    )
    cost = LIMITS["slow_cost"]
    p.add_argument(
        "--slow-cost",
        type=cost.argtype("slow_cost"),
        default=None,
        help=f"defence successes lost per point of slow scale ({cost.help}; default 1)",
    )
    p.add_argument(
        "--defend-if-hit",
        action="store_true",
        help="the target answers only an attack that scored (needs the success rolls)",
    )
    add_output_flags(p, exact=False)
    flags.add_monte_carlo(p, dice_limit=flags.FIGHT_LIMIT)
    add_plot_flag(p, "the distribution of the answers' slow scale")
    p.set_defaults(func=_cmd_defence)


def _rolls(args) -> dict:
    """The success-roll flags as API keywords; a flag that cannot apply is an error."""
    from ..initiative import SuccessRoll

    given = [f for f in ("attack", "defend", "armour") if getattr(args, f) is not None]
    if (args.attack is None) != (args.defend is None):
        raise CLIError(
            "--attack and --defend go together (an answer's successes come off the "
            "attack's): give both, or neither"
        )
    if args.attack is None:
        lonely = [
            flag
            for flag, on in (
                ("--armour", args.armour is not None),
                ("--success", args.success is not None),
                ("--slow-cost", args.slow_cost is not None),
                ("--defend-if-hit", args.defend_if_hit),
            )
            if on
        ]
        if lonely:
            dice = LIMITS["roll dice"]
            raise CLIError(
                f"{', '.join(lonely)} cannot apply without success rolls: give --attack and "
                f"--defend (DICE d6 each, {dice.help})"
            )
        return {}
    success = 5 if args.success is None else args.success
    out = {f: SuccessRoll(getattr(args, f), success) for f in given}
    out["slow_cost"] = 1 if args.slow_cost is None else args.slow_cost
    out["defend_if_hit"] = args.defend_if_hit
    return out


def _defence_answer(args):
    from .. import initiative as ini

    flags.check_exact_flags(args)
    a, b = args.swiftness, args.vs
    opts = {
        **flags.side_options(args),
        **flags.hold_options(args),
        **_rolls(args),
        "attackers": args.attackers,
        "respond": args.respond,
    }
    if args.exact:
        return ini.defence(a, b, **opts)
    trials = flags.trials_for(args, (sum(a) + sum(b)) * args.rounds, flags.FIGHT_LIMIT, "fight")
    mc = dict(trials=trials, rng=args.seed, workers=args.workers or 1)
    return ini.defence(a, b, method="montecarlo", **mc, **opts)


_RESPOND_TEXT = {
    "every": "the target and every companion with a die as high as the attack's answer",
    "target": "the target alone answers",
    "cover": "one companion answers instead of a slow or empty-handed target",
}


def _share(x) -> str:
    if x is None:
        return "—"
    if isinstance(x, Fraction):
        return f"{fmt_prob(x)}  ({exact_text(x)})"
    return str(x)


def _cmd_defence(args) -> int:
    r = _defence_answer(args)
    if args.plot:
        from ._plots import plot_defence

        plot_defence(args, r)
    if args.json:
        emit_json({**r.as_dict(), "seed": args.seed})
        return 0
    who = "B attacks A" if r.attackers == "versus" else "both sides attack"
    print(
        f"d6 defence: A = {list(r.swiftness)} vs B = {list(r.versus)}, {who} "
        f"({method(r, args.seed)})"
    )
    print(readings(r) + f"; {_RESPOND_TEXT[r.respond]}")
    if r.assumption:
        print(f"success rolls: {r.assumption}")
    print(f"attacks per round: {_mean(r.mean_attacks)}")
    print(f"attacks someone could answer: {_share(r.p_defendable)}")
    print(f"attacks answered: {_share(r.p_defended)}")
    print(f"attacks the target answers itself: {_share(r.p_target_responds)}")
    print(f"companions' answers per attack: {_mean(r.mean_companion_responses)}")
    print(f"rounds with a slow answer: {_share(r.p_slow_round)}")
    print(
        f"mean slow penalty per answer: {_mean(r.mean_slow)}"
        + (f" = {exact_text(r.mean_slow)}" if isinstance(r.mean_slow, Fraction) else "")
        + " (the slow scale: the attack's "
        "die minus the answering die when lower, 0 when not slow)"
    )
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.responses.items()]
    print_table(rows, header=("answers per attack", "share of attacks"))
    print()
    rows = [(str(k) if k else "0 (not slow)", _pmf(p)) for k, p in r.slow.items()]
    print_table(rows, header=("slow scale (attack die − answering die)", "share of answers"))
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.out_of_dice.items()]
    print_table(rows, header=("defenders attacked with no die", "share of rounds"))
    if r.margin is not None:
        print()
        print(
            f"mean margin left to the attacker: {_mean(r.mean_wound)}; attacks that wound: "
            f"{_share(r.p_wounding)}"
        )
        rows = [(str(k), _pmf(p)) for k, p in r.margin.items()]
        print_table(rows, header=("attacker's margin left (wound scale)", "share of attacks"))
        print()
        print(f"mean advantage per answer: {_mean(r.mean_advantage)}")
        rows = [(str(k), _pmf(p)) for k, p in r.advantage.items()]
        print_table(rows, header=("defender's advantage", "share of answers"))
        print("(every margin and advantage above depends on the assumed success rolls)")
    print_holding(r)
    return 0
