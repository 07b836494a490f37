"""The designer's workbench on the command line: ``solve`` and ``calibrate``.

``dicestats solve SYSTEM``: inverse questions (:mod:`dicestats.workbench`).

* ``solve storyteller --difficulty D --at-least P``: the smallest pool
  (``--net K`` for ``P(net >= K)``, ``--event no-botch``; ``--dice-limit N``
  bounds the search, by default the rules' own limit: 1000 dice, 200 exact);
* ``solve storyteller --dice N --nearest P`` (or ``--at-least P``): the difficulty
  nearest P (or the hardest reaching P);
* ``solve storyteller --dice N --difficulty D --rounds R --at-least P``: the largest
  extended-action target done within R rounds (``--on-botch``);
* ``solve fate --rating R --at-least P``: the hardest difficulty (``--objective
  tie|success|style``); ``--difficulty D`` alone: the lowest rating; both: the
  fewest invokes. Ratings and difficulties are numbers or ladder names;
* ``solve fate --wish 'Fair success >= 0.6' --wish '0 fail <= 50%' ...``: every
  difficulty of ``--difficulties`` (default the ladder, -2..8) that satisfies all
  the wishes, ranked by slack (``--dice``, ``--style-shifts``);
* ``solve initiative --swiftness 3 --vs 3 --at-least P``: the pips (or with
  ``--solve-for swiftness`` the dice) participant ``--participant`` of side A
  needs to act first; each setting enumerated when small enough, else simulated
  (``--trials`` per setting, a progress bar; ``--exact`` enumerates or refuses,
  ``--simulate`` simulates every setting).

``dicestats calibrate storyteller|fate``: the calibration tables (the dice each
difficulty needs for 50/75/90/95%, the difficulty each Fate rating beats at
those levels), with ``--plot FILE``; :mod:`._workbench_calibrate`.

Probabilities are written ``0.75`` or ``3/4`` (read exactly); a probability
outside [0, 1] or an unknown ladder name is one line on stderr and exit status 2.
The text output is one sentence that says the rule reading in force; ``--json``
prints the result's fields (``dice``, ``difficulty``, ``p_reached`` ...).

Examples
--------
>>> from dicestats.cli import main
>>> main(["solve", "storyteller", "--difficulty", "8", "--at-least", "0.75"])
9 dice: P(success) = 76.76% at difficulty 8 (wished >= 75%; 8 dice: 74.46%) (revised rules)
0
>>> main(["solve", "fate", "--rating", "Fair", "--at-least", "0.6"])
difficulty Average (+1): P(success or better) = 61.73% for rating Fair (+2) (wished >= 60%; \
Fair (+2): 38.27%)
0
"""

from __future__ import annotations

import argparse
import re

from ..core.checks import shown
from ..fate.limits import LIMITS as FATE_LIMITS
from ..format import ladder, percent
from ..storyteller.limits import LIMITS as ST_LIMITS
from ..storyteller.rules import ON_BOTCH
from . import CLIError
from ._common import add_output_flags, emit_json, exact_text, int_arg, limit_arg, print_table
from ._storyteller_args import add_rule_flags, difficulty_arg, rules_of
from ._workbench_calibrate import ladder_arg, probability_arg, register_calibrate

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order (read by the CLI).
COMMANDS = ("solve", "calibrate")

_DICE = ST_LIMITS["dice"]


def register(subparsers) -> None:
    """Add the ``solve`` and ``calibrate`` commands."""
    s = subparsers.add_parser(
        "solve",
        help="inverse questions: the pool, difficulty, rating, invokes or pips for a wished "
        "probability",
        description="Turn a question around: which pool, difficulty, rating, target, invokes "
        "or preparation reaches a wished probability. Exact where the forward question is; "
        "an unreachable wish is an answer (the best the range offers).",
    )
    sub = s.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _register_storyteller(sub)
    _register_fate(sub)
    _register_initiative(sub)
    register_calibrate(subparsers)


def _wish_flags(p, nearest: bool = False) -> None:
    p.add_argument(
        "--at-least", type=probability_arg, metavar="P", help="the wished probability (0.75, 3/4)"
    )
    if nearest:
        p.add_argument(
            "--nearest", type=probability_arg, metavar="P", help="come nearest this probability"
        )


# --------------------------------------------------------------------------- storyteller
def _register_storyteller(sub) -> None:
    p = sub.add_parser(
        "storyteller",
        help="the smallest pool, the difficulty, or the extended target for a wish",
        description="Give --difficulty to find the smallest pool, --dice to find the "
        "difficulty (--nearest or --at-least), or --dice, --difficulty and --rounds to find "
        "the largest extended-action target done within those rounds. Every pool is scanned "
        "from 1 up: one die more is not always better (see dicestats anomalies).",
    )
    p.add_argument("--dice", type=_DICE.argtype("dice"), help=f"the pool ({_DICE.help})")
    difficulty_arg(p)
    _wish_flags(p, nearest=True)
    p.add_argument(
        "--net",
        type=int_arg(1, _DICE.hi, "net"),
        default=None,
        help="wish for P(net successes >= NET) (default 1: P(success))",
    )
    p.add_argument(
        "--event",
        choices=("success", "no-botch"),
        default=None,
        help="what is wished for: success (P(net >= NET), the default) or no botch",
    )
    p.add_argument(
        "--dice-limit",
        type=int_arg(1, _DICE.hi, "dice_limit"),
        default=None,
        help="the largest pool searched (default: the rules' limit, 1000 dice; 200 with --exact)",
    )
    rounds, target = ST_LIMITS["rounds"], ST_LIMITS["target"]
    p.add_argument(
        "--rounds",
        type=rounds.argtype("rounds"),
        default=None,
        help=f"solve the extended target done within this many rounds ({rounds.help})",
    )
    p.add_argument(
        "--on-botch",
        choices=ON_BOTCH,
        default=None,
        help="with --rounds: what a botch does (default resets)",
    )
    p.add_argument(
        "--target-limit",
        type=target.argtype("target_limit"),
        default=None,
        help=f"with --rounds: the largest target searched ({target.help})",
    )
    p.add_argument(
        "--wish",
        action="append",
        default=None,
        metavar="WISH",
        help="several wishes at once (repeat the flag): 'DICE EVENT OP P' such as "
        "'6 success >= 2/3', '3 success <= 55%%', '3 botch < 15%%', '4 net2 >= 0.5'; every "
        "difficulty of --difficulties that satisfies all, ranked by slack",
    )
    p.add_argument(
        "--difficulties",
        type=_difficulty_range,
        default=None,
        metavar="D",
        help="with --wish: the difficulties tried, a range or a list (6-9, 6..9, 6,8; "
        "default 2-10)",
    )
    add_rule_flags(p)
    add_output_flags(p)
    p.set_defaults(func=_cmd_storyteller)


def _refuse_flags(args, what: str, names) -> None:
    for name in names:  # every such flag defaults to None: given at its default still counts
        if getattr(args, name) is not None:
            flag = "--" + name.replace("_", "-")
            raise CLIError(f"{flag} cannot apply when solving {what}")


def _cmd_storyteller(args) -> int:
    from .. import workbench as wb

    if args.wish is not None:
        return _cmd_wishes(args)
    if args.difficulties is not None:
        raise CLIError("--difficulties cannot apply without --wish: it lists the difficulties "
                       "tried against several wishes")  # fmt: skip
    rules, specialty = rules_of(args, None if args.difficulty is None else [args.difficulty])
    event, net = (args.event or "success").replace("-", "_"), args.net or 1
    common = dict(rules=rules, specialty=specialty, exact=args.exact)
    if args.rounds is not None:
        if args.dice is None or args.difficulty is None or args.at_least is None:
            raise CLIError("--rounds solves the extended target: give --dice, --difficulty "
                           "and --at-least too")  # fmt: skip
        _refuse_flags(args, "the extended target", ("nearest", "dice_limit", "net", "event"))
        r = wb.solve_target(
            args.dice, args.difficulty, args.rounds, args.at_least,
            on_botch=args.on_botch or "resets", target_limit=args.target_limit, **common,
        )  # fmt: skip
    elif args.dice is not None and args.difficulty is not None:
        raise CLIError("give --difficulty (solve the pool) or --dice (solve the difficulty), "
                       "or both with --rounds (solve the extended target)")  # fmt: skip
    elif args.dice is not None:
        _refuse_flags(args, "the difficulty", ("dice_limit", "on_botch", "target_limit"))
        if (args.nearest is None) == (args.at_least is None):
            raise CLIError("give one of --nearest P and --at-least P")
        r = wb.solve_difficulty(
            args.dice, nearest=args.nearest, at_least=args.at_least, event=event,
            net=net, **common,
        )  # fmt: skip
    elif args.difficulty is not None:
        _refuse_flags(args, "the pool", ("nearest", "on_botch", "target_limit"))
        if args.at_least is None:
            raise CLIError("give --at-least P: the probability the pool must reach")
        r = wb.solve_pool(
            args.difficulty, args.at_least, event=event, net=net,
            dice_limit=args.dice_limit, **common,
        )  # fmt: skip
    else:
        raise CLIError("give --difficulty (solve the pool) or --dice (solve the difficulty)")
    if args.json:
        emit_json(r)
        return 0
    print(r)
    if args.dice is not None and args.difficulty is None:
        rows = [(d, percent(p, digits=2)) + ((exact_text(p),) if args.exact else ())
                for d, p in r.by_difficulty.items()]  # fmt: skip
        head = ("difficulty", wb.solve.event_label(event, net))
        print()
        print_table(rows, head + (("exact",) if args.exact else ()))
    elif args.exact and r.p_reached is not None:
        print(f"exact: {exact_text(r.p_reached)}")
    return 0


def _cmd_wishes(args) -> int:
    from .. import workbench as wb

    names = ("dice", "difficulty", "at_least", "nearest", "rounds", "on_botch", "dice_limit")
    _refuse_flags(args, "several wishes", (*names, "target_limit", "net", "event"))
    difficulties = args.difficulties or list(range(2, 11))
    rules, specialty = rules_of(args, difficulties)
    r = wb.wishes(args.wish, difficulties, rules, specialty=specialty, exact=args.exact)
    return _print_wishes(r, args.json, str)


def _print_wishes(r, as_json: bool, difficulty_text) -> int:
    """The answer, then every setting ranked with each broken wish marked (or the JSON)."""
    from ..workbench.wishlist import slack_text

    if as_json:
        emit_json(r)
        return 0
    print(r)
    print()
    head = ("difficulty", *(str(w) for w in r.wishes), "slack")
    rows = []
    for s in r.ranked:
        cells = [
            percent(q, digits=2) + ("" if i not in s.broken else " ✗")
            for i, q in enumerate(s.probabilities)
        ]
        rows.append((difficulty_text(s.difficulty), *cells, slack_text(s.slack, "+")))
    print_table(rows, head)
    print("(ranked by slack, the smallest margin in percentage points; ✗: the wish breaks)")
    return 0


# --------------------------------------------------------------------------- fate
def _register_fate(sub) -> None:
    p = sub.add_parser(
        "fate",
        help="the hardest difficulty, the lowest rating or the fewest invokes for a wish",
        description="Give --rating to find the hardest difficulty, --difficulty to find the "
        "lowest rating, or both to find the fewest invokes (+2 or a reroll each, spent "
        "optimally); or give several --wish to find every difficulty that satisfies them "
        "all, ranked by slack. Ratings and difficulties are numbers (+2) or ladder names (Fair).",
    )
    p.add_argument(
        "--rating", "--bonus", dest="rating", type=ladder_arg("rating"), metavar="R",
        help="the bonus on the roll: a number or a ladder name (Fair, +2)",
    )  # fmt: skip
    p.add_argument(
        "--difficulty", type=ladder_arg("difficulty"), metavar="D",
        help="the difficulty: a number or a ladder name (Superb, +5)",
    )  # fmt: skip
    _wish_flags(p)
    p.add_argument(
        "--objective",
        choices=("tie", "success", "style"),
        default=None,
        help="tie or better, success or better (default), success with style",
    )
    p.add_argument(
        "--wish",
        action="append",
        default=None,
        metavar="WISH",
        help="several wishes at once (repeat the flag): 'RATING [with N invokes, N helpers] "
        "EVENT OP P' such as '+2 success >= 0.6', 'Fair style >= 0.2', '0 fail <= 50%%' "
        "(EVENT: fail, tie, tie-or-better, success (or better), style); every difficulty of "
        "--difficulties that satisfies all, ranked by slack",
    )
    p.add_argument(
        "--difficulties",
        type=_ladder_range,
        default=None,
        metavar="D",
        help="with --wish: the difficulties tried, a range or a list of numbers or ladder "
        "names (Mediocre..Great, -2..8, 0-4, Fair,Good; a negative end needs A..B: -4..-2; "
        "default -2..8, the ladder)",
    )
    p.add_argument(
        "--dice",
        type=FATE_LIMITS["dice"].argtype("dice"),
        default=None,
        metavar="N",
        help=f"with --wish: Fate dice rolled ({FATE_LIMITS['dice'].help}; default 4)",
    )
    p.add_argument(
        "--style-shifts",
        type=FATE_LIMITS["style_shifts"].argtype("style_shifts"),
        default=None,
        metavar="N",
        help="with --wish: shifts that make a success with style "
        f"({FATE_LIMITS['style_shifts'].help}; default 3)",
    )
    add_output_flags(p)
    p.set_defaults(func=_cmd_fate)


def _range_list(text: str, read, limit, listed, what: str, form: str = "A..B or A-B") -> list:
    """A list of ranges and values: ``A..B`` (ends may be negative), ``A-B`` (ends without
    a minus sign: ``-4-2`` could be -4..2 or -4..-2, so it is refused, naming ``A..B``),
    single values, comma-separated; each end read by ``read`` and checked against
    ``limit`` before a range is built, at most ``listed.hi`` values in all. ``what`` and
    ``form`` name a value and a range in a refusal."""
    out = []
    for part in text.split(","):
        item = part.strip().replace("\u2212", "-")
        if ".." in item:
            ends = [e.strip() for e in item.split("..")]
            if len(ends) != 2 or not all(ends) or any("." in e for e in ends):  # Fair...Good
                raise argparse.ArgumentTypeError(
                    f"expected a range A..B, got {shown(item, quote=True)}"
                )
        elif m := re.fullmatch(r"(\+?[0-9]+|[A-Za-z]+)\s*-\s*(\+?[0-9]+|[A-Za-z]+)", item):
            ends = list(m.groups())
        elif not item:
            raise argparse.ArgumentTypeError(
                f"expected {what}, a range {form}, or a comma-separated list of them; got an "
                f"empty item in {shown(text, quote=True)}"
            )
        elif re.search(r".-", item) and not re.fullmatch(r"[A-Za-z]+\s*\(\s*-[0-9]+\s*\)", item):
            raise argparse.ArgumentTypeError(
                f"expected {what} or a range {form}, got {shown(item, quote=True)}"
            )
        else:
            ends = [item]
        lo, hi = read(ends[0]), read(ends[-1])
        for v in (lo, hi):
            if not limit.lo <= v <= limit.hi:
                why = f" ({limit.why})" if v > limit.hi and limit.why else ""
                raise argparse.ArgumentTypeError(f"must be in {limit.help}, got {shown(v)}{why}")
        if lo > hi:
            raise argparse.ArgumentTypeError(
                f"reversed range {shown(item, quote=True)}: write {hi}..{lo}"
            )
        if len(out) + hi - lo + 1 > listed.hi:
            raise argparse.ArgumentTypeError(
                f"must list at most {listed.hi:,} difficulties ({listed.why}), got more"
            )
        out.extend(range(lo, hi + 1))
    return out


def _ladder_range(text: str) -> list:
    """``--difficulties`` of Fate: ``-2..8``, ``Mediocre..Great``, ``0-4``, ``Fair,Good,+5``
    or a mix."""
    from ..fate.ladder import parse_rating

    def read(end: str) -> int:
        try:
            return parse_rating(end)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    limits = FATE_LIMITS["rating"], FATE_LIMITS["difficulties listed"]
    form = "A..B or A-B (A..B when an end is negative: -4..2, -4..-2)"
    return _range_list(text, read, *limits, "a number, a ladder name", form)


def _difficulty_range(text: str) -> list:
    """``--difficulties`` of Storyteller: ``6-9``, ``6..9``, ``6,8`` or a mix."""
    limits = ST_LIMITS["difficulty"], ST_LIMITS["values listed"]
    return _range_list(text, int_arg(name="difficulties"), *limits, "an integer")


def _cmd_fate(args) -> int:
    from .. import workbench as wb

    if args.wish is not None:
        return _cmd_fate_wishes(args)
    if args.difficulties is not None:
        raise CLIError("--difficulties cannot apply without --wish: it lists the difficulties "
                       "tried against several wishes")  # fmt: skip
    for flag in ("dice", "style_shifts"):
        if getattr(args, flag) is not None:
            raise CLIError(f"--{flag.replace('_', '-')} cannot apply without --wish: the "
                           "single solvers roll 4dF with style at 3 shifts")  # fmt: skip
    if args.at_least is None:
        raise CLIError("give --at-least P: the probability to reach")
    how = dict(objective=args.objective or "success", exact=args.exact)
    if args.rating is not None and args.difficulty is not None:
        r = wb.solve_fate_invokes(args.rating, args.difficulty, args.at_least, **how)
    elif args.rating is not None:
        r = wb.solve_fate_difficulty(args.rating, args.at_least, **how)
    elif args.difficulty is not None:
        r = wb.solve_fate_rating(args.difficulty, args.at_least, **how)
    else:
        raise CLIError("give --rating (solve the difficulty), --difficulty (solve the rating) "
                       "or both (solve the invokes)")  # fmt: skip
    if args.json:
        emit_json(r)
        return 0
    print(r)
    if args.exact:
        print(f"exact: {exact_text(r.p_reached)}")
    return 0


def _cmd_fate_wishes(args) -> int:
    from .. import workbench as wb
    from ..fate.rules import Rules

    for flag in ("rating", "difficulty", "at_least"):
        if getattr(args, flag) is not None:
            flag = {"rating": "rating (--bonus)"}.get(flag, flag)
            raise CLIError(f"--{flag.replace('_', '-')} cannot apply to several wishes: each "
                           "wish names its rating, --difficulties the difficulties")  # fmt: skip
    if args.objective is not None:
        raise CLIError("--objective cannot apply to several wishes: each wish names its event")
    changes = {k: getattr(args, k) for k in ("dice", "style_shifts") if getattr(args, k)}
    difficulties = args.difficulties or list(range(-2, 9))
    r = wb.fate_wishes(args.wish, difficulties, Rules(**changes), exact=args.exact)
    return _print_wishes(r, args.json, ladder)


# --------------------------------------------------------------------------- initiative
def _initiative_flags(p) -> None:
    """The sides, their margins and readings; ``--trials``, ``--seed``, ``--workers``."""
    from ..core.montecarlo import LIMITS as MC
    from ..initiative.limits import LIMITS
    from ..initiative.rules import ORDERS, PIP_RULES, TIEBREAKS

    sw, pips = LIMITS["swiftness"], LIMITS["pips"]
    for flag, side in (("--swiftness", "A"), ("--vs", "B")):
        p.add_argument(
            flag,
            type=limit_arg(sw, "list", flag[2:]),
            required=True,
            metavar="S,S,..",
            help=f"side {side}'s swiftness per participant ({sw.help} each)",
        )
    for flag, side in (("--pips", "A"), ("--vs-pips", "B")):
        p.add_argument(
            flag,
            type=limit_arg(pips, "list", flag[2:]),
            metavar="P,P,..",
            help=f"side {side}'s preparation margins, one per participant (a bare "
            "number: a one-member side's, or the side's pool with side-pool)",
        )
    for name, choices in (("pip-rule", PIP_RULES), ("tiebreak", TIEBREAKS), ("order", ORDERS)):
        p.add_argument(
            f"--{name}",
            choices=choices,
            default=None,
            help=f"the reading in force (default {choices[0]})",
        )
    trials, seed, workers = MC["trials"], LIMITS["seed"], MC["workers"]
    dice = LIMITS["dice simulated"]
    p.add_argument(
        "--trials",
        type=trials.argtype("trials"),
        default=None,
        help=f"rounds to simulate per setting (100,000, or fewer for big rounds; "
        f"at most {dice.hi:,} dice in all)",
    )
    p.add_argument("--seed", type=seed.argtype("seed"), default=None, help="random seed")
    p.add_argument(
        "--workers",
        type=workers.argtype("workers"),
        default=None,
        help=f"worker processes (1; {workers.help})",
    )
    p.add_argument(
        "--exact", action="store_true", help="enumerate every setting (small setups), or refuse"
    )


def _register_initiative(sub) -> None:
    from ..initiative.limits import LIMITS

    p = sub.add_parser(
        "initiative",
        help="the pips or swiftness a participant needs to act first",
        description="Scan participant --participant of side A's preparation margin (pips) or "
        "swiftness from the bottom up; each setting is enumerated when small enough, else "
        "simulated (--trials per setting, the same seed for every setting). A simulated "
        "answer shows its standard error and whether the setting below is under the wish "
        "with 99% confidence.",
    )
    _initiative_flags(p)
    _wish_flags(p)
    p.add_argument(
        "--solve-for", choices=("pips", "swiftness"), default="pips", help="what to find"
    )
    p.add_argument(
        "--participant",
        type=int_arg(1, LIMITS["participants"].hi, "participant"),
        default=1,
        help="which participant of side A (1: A1)",
    )
    add_output_flags(p, exact=False)
    p.add_argument(
        "--simulate", action="store_true", help="simulate every setting (no enumeration)"
    )
    p.set_defaults(func=_cmd_initiative)


def _cmd_initiative(args) -> int:
    from .. import workbench as wb
    from ..core.montecarlo import DEFAULT_TRIALS
    from ..initiative.limits import LIMITS
    from ..initiative.rules import rules_with

    drawn = [f"--{n}" for n in ("trials", "seed", "workers") if getattr(args, n) is not None]
    if args.exact and drawn:
        raise CLIError(
            f"{', '.join(drawn)} cannot apply with --exact (an enumeration draws "
            "no random rounds); drop them, or drop --exact for Monte Carlo"
        )
    if args.at_least is None:
        raise CLIError("give --at-least P: the chance of acting first to reach")
    if args.exact and args.simulate:
        raise CLIError("--exact enumerates and --simulate simulates: give one")
    if args.participant > len(args.swiftness):
        raise CLIError(f"--participant must be 1..{len(args.swiftness)} (side A's participants), "
                       f"got {args.participant}")  # fmt: skip

    def pips(values):  # one value: a bare number (a one-member side, or the side's pool)
        return 0 if values is None else values[0] if len(values) == 1 else list(values)

    readings = dict(tiebreak=args.tiebreak, order=args.order, pip_rule=args.pip_rule)
    opts = dict(pips=pips(args.pips), versus_pips=pips(args.vs_pips), rules=rules_with(**readings))
    most = list(args.swiftness)
    if args.solve_for == "swiftness":
        most[args.participant - 1] = LIMITS["swiftness"].hi
    per_round, cap = sum(most) + sum(args.vs), LIMITS["dice simulated"]
    trials = (
        min(DEFAULT_TRIALS, max(cap.hi // per_round, 1)) if args.trials is None else args.trials
    )
    cap.check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name="dice per round"
    )
    method = "enumerate" if args.exact else "simulate" if args.simulate else "auto"
    r = wb.solve_initiative(
        args.swiftness, args.vs, at_least=args.at_least, solve_for=args.solve_for,
        participant=args.participant - 1, method=method, trials=trials, rng=args.seed,
        workers=args.workers or 1, **opts,
    )  # fmt: skip
    if args.json:
        emit_json({**r.as_dict(), "seed": args.seed})
        return 0
    print(r)
    if r.simulated:
        print(f"trial budget: {r.trials:,} trials per simulated setting, {r.trials_total:,} in all")
    return 0
