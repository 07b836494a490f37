"""The ``initiative`` and ``defence`` sub-commands of the d6 initiative system.

``initiative``: who acts first, tempo, holding and the "everyone held" rule.
Monte Carlo by default (:func:`dicestats.initiative.simulate`); ``--exact``
enumerates small setups (:func:`dicestats.initiative.odds`). Both answers are a
:class:`~dicestats.initiative.RoundOdds`, printed by one code path.

``defence``: attacks and their answers (:func:`dicestats.initiative.defence`,
``--exact``: :func:`dicestats.initiative.defence_odds`), with the user's assumed
success rolls.

Ranges and caps come from :data:`dicestats.initiative.LIMITS` (trials and worker
processes from :data:`dicestats.core.montecarlo.LIMITS`); integers are written
with the digits 0-9. The second line of every text output says the readings in
force.

Examples
--------
>>> from dicestats.cli import main
>>> main(["initiative", "--swiftness", "1", "--vs", "2", "--exact"])  # doctest: +ELLIPSIS
d6 initiative: A = [1] vs B = [2] (exact, 126 outcome classes)
readings: tier order (each acts all its dice of a value in a row); set-aside dice ...
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
from ..initiative.engine import ATTACKERS, RESPONSES
from ..initiative.holding import HOLD_POLICIES
from ..initiative.limits import LIMITS
from ..initiative.rules import ORDERS, PIP_POLICIES, PIP_RULES, TIEBREAKS, Rules
from . import CLIError
from ._common import add_output_flags, emit_json, fmt_prob, print_table

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("initiative", "defence")

#: The cap on dice the command simulates (trials × dice per round).
DICE_LIMIT = LIMITS["dice simulated"]
#: The cap on dice the round engine plays (trials × rounds × dice per round).
FIGHT_LIMIT = LIMITS["fight dice simulated"]
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
    one = int_word(LIMITS["weakness"], "weakness")
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
        type=int_word(rounds, "rounds"),
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
    """Add the ``initiative`` and ``defence`` sub-commands."""
    classes, work = LIMITS["outcome classes"], LIMITS["work"]
    p = subparsers.add_parser(
        "initiative",
        help="d6 initiative: P(a side acts first), actions before the other side acts",
        description=(
            "Each participant rolls as many d6 as its swiftness; the highest value opens a "
            "tier, whose holders act in order (more dice of that value, then the higher "
            "other dice, set-aside dice included, then a coin), each all its dice of the "
            "value in a row. --hold lets a side keep dice for later (a policy); --rounds "
            "plays fights with the everyone-held rule. Monte Carlo by default; --exact "
            "enumerates small "
            f"setups (at most {classes.hi:,} outcome classes and {work.hi:,} units of work, "
            "classes x dice x participants^2 / 4). Rules: docs/rules/initiative.md."
        ),
    )
    add_sides(p)
    add_holding(p)
    add_output_flags(p, exact=False)
    add_monte_carlo(p)
    p.set_defaults(func=_cmd_initiative)
    _register_defence(subparsers)


def _register_defence(subparsers) -> None:
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
    add_sides(p)
    add_holding(p)
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
            type=int_word(dice, flag[2:]),
            default=None,
            metavar="DICE",
            help=f"the {what} roll: DICE d6, each --success or more is a success "
            f"({dice.help}; your assumption)",
        )
    succ = LIMITS["success"]
    p.add_argument(
        "--success",
        type=int_word(succ, "success"),
        default=None,
        help=f"the lowest face that is a success in every roll ({succ.help}; default 5)",
    )
    cost = LIMITS["slow_cost"]
    p.add_argument(
        "--slow-cost",
        type=int_word(cost, "slow_cost"),
        default=None,
        help=f"defence successes lost per point of slow scale ({cost.help}; default 1)",
    )
    p.add_argument(
        "--defend-if-hit",
        action="store_true",
        help="the target answers only an attack that scored (needs the success rolls)",
    )
    add_output_flags(p, exact=False)
    add_monte_carlo(p, dice_limit=FIGHT_LIMIT)
    p.set_defaults(func=_cmd_defence)


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
    per_name = "dice per round" if dice_limit is DICE_LIMIT else "dice per fight"
    dice_limit.check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name=per_name
    )
    return trials


def _answer(args):
    """The :class:`RoundOdds` the arguments ask for: enumerated or simulated."""
    from .. import initiative as ini

    check_exact_flags(args)
    a, b = args.swiftness, args.vs
    opts = {**side_options(args), **hold_options(args)}
    if args.exact:
        return ini.odds(a, b, **opts)
    if uses_engine(args):
        trials = trials_for(args, (sum(a) + sum(b)) * args.rounds, FIGHT_LIMIT)
    else:
        trials = trials_for(args, sum(a) + sum(b))
    return ini.simulate(a, b, trials=trials, rng=args.seed, workers=args.workers or 1, **opts)


def _headline(x) -> str:
    """A headline probability: a percentage and "p/q", or an estimate with its interval."""
    if x is None:
        return "—"
    return f"{fmt_prob(x)}  ({fraction(x)})" if isinstance(x, Fraction) else str(x)


def _value(x):
    """The number behind an exact value or an estimate."""
    return x if isinstance(x, Fraction) else x.value


def _mean(x) -> str:
    if x is None:
        return "—"
    return f"{float(x):.3f}" if isinstance(x, Fraction) else f"{x.value:.3f} ± {x.stderr:.3f}"


def _pmf(x) -> str:
    if x is None:
        return "—"
    return f"{fmt_prob(x)}  {fraction(x)}" if isinstance(x, Fraction) else fmt_prob(x.value)


_ORDER_TEXT = {
    "tier": "tier order (each acts all its dice of a value in a row)",
    "action": "order re-evaluated after every action",
}
_TIEBREAK_TEXT = {"all": "set-aside dice count in ties", "unspent": "only unspent dice in ties"}
_PIP_TEXT = {
    "one-die": "a margin on one die",
    "split": "a margin split over dice",
    "side-pool": "one margin per side",
}


def readings(r) -> str:
    """The rule readings in force, in one line (every text output says them)."""
    rules = r.rules
    hold = r.hold
    na = len(r.swiftness)
    sides = []
    for lab, part in (("A", hold[:na]), ("B", hold[na:])):
        names = sorted(set(part), key=part.index)
        sides.append(f"{lab} {'/'.join(names)}")
    return (
        f"readings: {_ORDER_TEXT[rules.order]}; {_TIEBREAK_TEXT[rules.tiebreak]}; "
        f"{_PIP_TEXT[rules.pip_rule]} ({rules.pip_rule}); holding: {', '.join(sides)}"
    )


def method(r, seed) -> str:
    """How the numbers were computed, for the first line."""
    if r.exact:
        classes = getattr(r, "outcome_classes", None)
        return f"exact, {classes:,} outcome classes" if classes else "exact enumeration"
    what = f"{r.trials:,} rounds" if r.rounds == 1 else f"{r.trials:,} fights of {r.rounds} rounds"
    return f"Monte Carlo, {what}, seed {seed}"


def print_holding(r) -> None:
    """P(everyone held) per round and the on-edge counts (when holding can happen)."""
    if r.rounds == 1 and all(h == "never" for h in r.hold):
        return
    print()
    rows = [(f"round {i + 1}", _pmf(p)) for i, p in enumerate(r.p_all_held)]
    print_table(rows, header=("everyone held, nobody acted", "probability"))
    print()
    rows = [(f"{k} time{'s' if k != 1 else ''}", _pmf(p)) for k, p in r.pmf_on_edge.items()]
    print_table(rows, header=("everyone on edge", "probability"))
    pen = ", ".join(f"{lab} −{e}" for lab, e in zip(r.labels, r.edge_penalty, strict=True))
    print(
        f"on edge: {pen} (heroes their weakness, supporting characters 3); nobody may hold "
        "in the round after"
    )


def _cmd_initiative(args) -> int:
    r = _answer(args)
    if args.json:
        emit_json({**r.as_dict(), "seed": args.seed})
        return 0
    print(
        f"d6 initiative: A = {list(r.swiftness)} vs B = {list(r.versus)} ({method(r, args.seed)})"
    )
    print(readings(r))
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
    print_holding(r)
    return 0


def _rolls(args) -> dict:
    """The success-roll flags as API keywords; a flag that cannot apply is an error."""
    from ..initiative import SuccessRoll

    given = [f for f in ("attack", "defend", "armour") if getattr(args, f) is not None]
    if (args.attack is None) != (args.defend is None):
        raise CLIError(
            "--attack and --defend go together (an answer's successes come off the "
            "attack's): give both, or neither"
        )
    if not given:
        lonely = [
            flag
            for flag, on in (
                ("--success", args.success is not None),
                ("--slow-cost", args.slow_cost is not None),
                ("--defend-if-hit", args.defend_if_hit),
            )
            if on
        ]
        if lonely:
            raise CLIError(
                f"{', '.join(lonely)} cannot apply without success rolls: give --attack and "
                "--defend"
            )
        return {}
    success = 5 if args.success is None else args.success
    out = {f: SuccessRoll(getattr(args, f), success) for f in given}
    out["slow_cost"] = 1 if args.slow_cost is None else args.slow_cost
    out["defend_if_hit"] = args.defend_if_hit
    return out


def _defence_answer(args):
    from .. import initiative as ini

    check_exact_flags(args)
    a, b = args.swiftness, args.vs
    opts = {
        **side_options(args),
        **hold_options(args),
        **_rolls(args),
        "attackers": args.attackers,
        "respond": args.respond,
    }
    if args.exact:
        return ini.defence_odds(a, b, **opts)
    trials = trials_for(args, (sum(a) + sum(b)) * args.rounds, FIGHT_LIMIT)
    return ini.defence(a, b, trials=trials, rng=args.seed, workers=args.workers or 1, **opts)


_RESPOND_TEXT = {
    "every": "the target and every companion with a die as high as the attack's answer",
    "target": "the target alone answers",
    "cover": "one companion answers instead of a slow or empty-handed target",
}


def _share(x) -> str:
    if x is None:
        return "—"
    if isinstance(x, Fraction):
        return f"{fmt_prob(x)}  ({fraction(x)})"
    return str(x)


def _cmd_defence(args) -> int:
    r = _defence_answer(args)
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
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.pmf_responses.items()]
    print_table(rows, header=("answers per attack", "share of attacks"))
    print()
    rows = [(str(k) if k else "0 (not slow)", _pmf(p)) for k, p in r.pmf_slow.items()]
    print_table(rows, header=("slow scale", "share of answers"))
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.pmf_out_of_dice.items()]
    print_table(rows, header=("defenders attacked with no die", "share of rounds"))
    if r.pmf_margin is not None:
        print()
        print(
            f"mean margin left to the attacker: {_mean(r.mean_wound)}; attacks that wound: "
            f"{_share(r.p_wounding)}"
        )
        rows = [(str(k), _pmf(p)) for k, p in r.pmf_margin.items()]
        print_table(rows, header=("attacker's margin left (wound scale)", "share of attacks"))
        print()
        print(f"mean advantage per answer: {_mean(r.mean_advantage)}")
        rows = [(str(k), _pmf(p)) for k, p in r.pmf_advantage.items()]
        print_table(rows, header=("defender's advantage", "share of answers"))
        print("(every margin and advantage above depends on the assumed success rolls)")
    print_holding(r)
    return 0
