"""The designer's workbench on the command line: ``solve`` and ``calibrate``
(:mod:`dicestats.workbench`).

``dicestats solve storyteller|fate|initiative``: the pool, difficulty, rating, extended
target, invokes or pips for a wished probability (``--at-least P``, ``--nearest P``), or
every difficulty (initiative: every pips or swiftness setting) that satisfies several
wishes (``--wish``, repeated), ranked by slack;
``dicestats calibrate storyteller|fate``: the calibration tables, with ``--plot FILE``.
Probabilities are written ``0.75`` or ``3/4`` (read exactly), Fate ratings as numbers or
ladder names. The text output is the answer's sentence, which says the rule reading in
force; ``--json`` prints the result's fields (``dice``, ``difficulty``, ``p_reached`` ...).

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
import re

from ..core.checks import shown
from ..fate.limits import LIMITS as FATE_LIMITS
from ..fate.rules import parse_rating
from ..format import exact_text, ladder, percent, text_table, to_json
from ..storyteller.limits import LIMITS as ST_LIMITS
from ..storyteller.rules import ON_BOTCH
from . import CLIError
from ._common import (
    add_output_flags,
    add_plot_flag,
    int_arg,
    int_list,
    probabilities,
    probability,
    rating_arg,
    seed_arg,
    trials_arg,
    typed,
    write_plot,
)
from .storyteller import add_rule_flags, rules_of

__all__ = ["register", "ladder_range"]

_OBJECTIVE = dict(
    choices=("tie", "success", "style"),
    help="tie or better, success or better (default), success with style",
)


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
    _register_declared(sub)
    _register_calibrate(subparsers)


def _register_declared(sub) -> None:
    """``solve <system>`` of every other system whose question grows (its declaration)."""
    from ..core.question import chance_words
    from ..registry import systems
    from .questions import add_parameters

    for s in systems():
        q = s.grown
        if q is None or s.name in sub.choices:  # hand-written above: more than one search
            continue
        wish = chance_words(q.wishes[0])
        p = sub.add_parser(
            s.name,
            help=f"the {q.grows} a wish needs ({wish} or another chance)",
            description=f"{s.title}: the least {q.grows} whose chance reaches --at-least P "
            f"(the other options as for 'dicestats {s.name} {q.name.replace('_', '-')}'). "
            "Unreachable in the range: the best it offers.",
        )
        read = add_parameters(p, q, skip=(q.grows,))
        g = p.add_argument_group("the wish")
        g.add_argument("--at-least", type=probability, metavar="P", help="the wished probability")
        g.add_argument(
            "--of",
            choices=q.wishes,
            help=f"the chance wished for (default {q.wishes[0]}: {wish})",
        )
        g.add_argument("--up-to", type=int_arg, metavar="N", help=f"the largest {q.grows} searched")
        add_output_flags(p)
        p.set_defaults(func=_cmd_declared, _question=q, _read=read)


def _cmd_declared(args) -> int:
    from ..workbench.declared import solve_for
    from .questions import setting_of

    if args.at_least is None:
        raise CLIError("--at-least is required: the wished probability, e.g. 0.75 or 3/4")
    q = args._question
    setting = setting_of(args, q, args._read)
    s = solve_for(
        q.function, args.at_least, of=args.of, up_to=args.up_to, exact=args.exact, **setting
    )
    print(to_json(s) if args.json else s)
    return 0


def _wish_flags(p, nearest: bool = False) -> None:
    p.add_argument("--at-least", type=probability, metavar="P", help="the wished probability")
    if nearest:
        p.add_argument(
            "--nearest", type=probability, metavar="P", help="come nearest this probability"
        )


def _several_wishes(p, example: str, difficulties, default: str) -> None:
    p.add_argument(
        "--wish",
        action="append",
        metavar="WISH",
        help=f"several wishes at once (repeat the flag): {example}; every difficulty of "
        "--difficulties that satisfies all, ranked by slack",
    )
    p.add_argument(
        "--difficulties",
        type=difficulties,
        metavar="D",
        help=f"with --wish: the difficulties tried, a range or a list ({default})",
    )


def _refuse_flags(args, what: str, names) -> None:
    for name in names:  # every such flag defaults to None: given at its default still counts
        if getattr(args, name) is not None:
            raise CLIError(f"--{name.replace('_', '-')} cannot apply when solving {what}")


def _no_difficulties(args) -> None:
    if args.difficulties is not None:
        raise CLIError(
            "--difficulties cannot apply without --wish: it lists the difficulties tried "
            "against several wishes"
        )


def _equal_runs(ranked) -> list:
    """The ranked settings as runs of one row each, where a run is consecutive whole-number
    settings of one rule set with exactly the same probabilities (pips past the point
    where every die is already a 6, say): one line "5 to 10" instead of six equal ones."""
    runs: list = []
    for s in ranked:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and isinstance(s.difficulty, int)
            and isinstance(last.difficulty, int)
            and s.difficulty == last.difficulty + 1
            and s.rules_name == last.rules_name
            and s.probabilities == last.probabilities
            and (s.broken, s.unsure) == (last.broken, last.unsure)
        ):
            runs[-1].append(s)
        else:
            runs.append([s])
    return runs


def _print_wishes(r, as_json: bool, difficulty_text, head: str = "difficulty") -> int:
    """The answer, then every setting ranked with each broken wish marked (or the JSON);
    ``head`` names the setting's column. A Monte Carlo chance shows its standard error,
    and ``?`` marks a wish its 95% interval cannot decide."""
    from ..workbench.wishlist import chance_text, slack_text

    if as_json:
        print(to_json(r))
        return 0
    print(r)
    print()
    rows = []
    for run in _equal_runs(r.ranked):
        s = run[0]
        cells = [
            chance_text(q) + (" ✗" if i in s.broken else "") + (" ?" if i in s.unsure else "")
            for i, q in enumerate(s.probabilities)
        ]
        setting = difficulty_text(s.difficulty)
        if len(run) > 1:
            setting += f" to {difficulty_text(run[-1].difficulty)}"
        rows.append((setting, *cells, slack_text(s.slack, "+")))
    print(text_table(rows, (head, *(str(w) for w in r.wishes), "slack")))
    print("(ranked by slack, the smallest margin in percentage points; ✗: the wish breaks)")
    if any(s.unsure for s in r.ranked):
        print("(?: the 95% interval of the estimate holds the wished probability)")
    return 0


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
    p.add_argument("--dice", type=int_arg, help="the pool")
    p.add_argument(
        "--difficulty", type=int_arg, help="2..10 (above 10 only with --above-ten clamp)"
    )
    _wish_flags(p, nearest=True)
    p.add_argument(
        "--net", type=int_arg, help="wish for P(net successes >= NET) (default 1: P(success))"
    )
    p.add_argument(
        "--event",
        choices=("success", "no-botch"),
        help="what is wished for: success (P(net >= NET), the default) or no botch",
    )
    p.add_argument(
        "--dice-limit",
        type=int_arg,
        help="the largest pool searched (default: the rules' limit, 1000 dice; 200 with --exact)",
    )
    p.add_argument(
        "--rounds", type=int_arg, help="solve the extended target done within this many rounds"
    )
    p.add_argument(
        "--on-botch", choices=ON_BOTCH, help="with --rounds: what a botch does (default resets)"
    )
    p.add_argument(
        "--target-limit", type=int_arg, help="with --rounds: the largest target searched"
    )
    _several_wishes(
        p,
        "'DICE EVENT OP P' such as '6 success >= 2/3', '3 success <= 55%%', '3 botch < 15%%', "
        "'4 net2 >= 0.5'",
        _difficulty_range,
        "6-9, 6..9, 6,8; default 2-10",
    )
    add_rule_flags(p)
    add_output_flags(p)
    p.set_defaults(func=_cmd_storyteller)


def _cmd_storyteller(args) -> int:
    from .. import workbench as wb

    if args.wish is not None:
        names = ("dice", "difficulty", "at_least", "nearest", "rounds", "on_botch", "dice_limit")
        _refuse_flags(args, "several wishes", (*names, "target_limit", "net", "event"))
        rules, specialty = rules_of(args)
        difficulties = args.difficulties or list(range(2, 11))
        r = wb.wishes(args.wish, difficulties, rules, specialty=specialty, exact=args.exact)
        return _print_wishes(r, args.json, str)
    _no_difficulties(args)
    rules, specialty = rules_of(args)
    event = (args.event or "success").replace("-", "_")
    net = 1 if args.net is None else args.net
    common = dict(rules=rules, specialty=specialty, exact=args.exact)
    if args.rounds is not None:
        if args.dice is None or args.difficulty is None or args.at_least is None:
            raise CLIError(
                "--rounds solves the extended target: give --dice, --difficulty and --at-least too"
            )
        _refuse_flags(args, "the extended target", ("nearest", "dice_limit", "net", "event"))
        r = wb.solve_target(
            args.dice,
            args.difficulty,
            args.rounds,
            args.at_least,
            on_botch=args.on_botch or "resets",
            target_limit=args.target_limit,
            **common,
        )
    elif args.dice is not None and args.difficulty is not None:
        raise CLIError(
            "give --difficulty (solve the pool) or --dice (solve the difficulty), or both "
            "with --rounds (solve the extended target)"
        )
    elif args.dice is not None:
        _refuse_flags(args, "the difficulty", ("dice_limit", "on_botch", "target_limit"))
        if (args.nearest is None) == (args.at_least is None):
            raise CLIError("give one of --nearest P and --at-least P")
        r = wb.solve_difficulty(
            args.dice, nearest=args.nearest, at_least=args.at_least, event=event, net=net, **common
        )
    elif args.difficulty is not None:
        _refuse_flags(args, "the pool", ("nearest", "on_botch", "target_limit"))
        if args.at_least is None:
            raise CLIError("give --at-least P: the probability the pool must reach")
        r = wb.solve_pool(
            args.difficulty,
            args.at_least,
            event=event,
            net=net,
            dice_limit=args.dice_limit,
            **common,
        )
    else:
        raise CLIError("give --difficulty (solve the pool) or --dice (solve the difficulty)")
    if args.json:
        print(to_json(r))
        return 0
    print(r)
    if args.dice is not None and args.difficulty is None:
        exact = (lambda p: (exact_text(p),)) if args.exact else (lambda p: ())
        rows = [(d, percent(p, digits=2), *exact(p)) for d, p in r.by_difficulty.items()]
        head = ("difficulty", wb.solve.event_label(event, net)) + (("exact",) if args.exact else ())
        print()
        print(text_table(rows, head))
    elif args.exact and r.p_reached is not None:
        print(f"exact: {exact_text(r.p_reached)}")
    return 0


def _range_list(text: str, read, limit, listed, what: str, form: str = "A..B or A-B") -> list:
    """A list of ranges and values: ``A..B`` (ends may be negative), ``A-B`` (ends without
    a minus sign: ``-4-2`` could be -4..2 or -4..-2, so it is refused, naming ``A..B``),
    single values, comma-separated; each end read by ``read`` and checked against
    ``limit`` before a range is built, at most ``listed.hi`` values in all (when ``listed``
    is given). ``what`` and ``form`` name a value and a range in a refusal."""
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
        if listed is not None and len(out) + hi - lo + 1 > listed.hi:
            raise argparse.ArgumentTypeError(
                f"must list at most {listed.hi:,} difficulties ({listed.why}), got more"
            )
        out.extend(range(lo, hi + 1))
    return out


def ladder_range(text: str, listed=FATE_LIMITS["difficulties listed"]) -> list:
    """Fate difficulties: ``-2..8``, ``Mediocre..Great``, ``0-4``, ``Fair,Good,+5`` or a mix."""
    form = "A..B or A-B (A..B when an end is negative: -4..2, -4..-2)"
    read = typed("difficulty")(parse_rating)  # checked against the rating limit below
    return _range_list(text, read, FATE_LIMITS["rating"], listed, "a number, a ladder name", form)


def _difficulty_range(text: str) -> list:
    """``--difficulties`` of Storyteller: ``6-9``, ``6..9``, ``6,8`` or a mix."""
    limits = ST_LIMITS["difficulty"], ST_LIMITS["values listed"]
    return _range_list(text, int_arg, *limits, "an integer")


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
        "--rating",
        "--bonus",
        dest="rating",
        type=rating_arg("rating"),
        metavar="R",
        help="the bonus on the roll: a number or a ladder name (Fair, +2)",
    )
    p.add_argument(
        "--difficulty",
        type=rating_arg("difficulty"),
        metavar="D",
        help="the difficulty: a number or a ladder name (Superb, +5)",
    )
    _wish_flags(p)
    p.add_argument("--objective", **_OBJECTIVE)
    _several_wishes(
        p,
        "'RATING [with N invokes, N helpers] EVENT OP P' such as '+2 success >= 0.6', "
        "'Fair style >= 0.2', '0 fail <= 50%%' (EVENT: fail, tie, tie-or-better, success "
        "(or better), style)",
        ladder_range,
        "Mediocre..Great, -2..8, 0-4, Fair,Good; a negative end needs A..B: -4..-2; default "
        "-2..8, the ladder",
    )
    p.add_argument("--dice", type=int_arg, metavar="N", help="with --wish: Fate dice (default 4)")
    p.add_argument(
        "--style-shifts",
        type=int_arg,
        metavar="N",
        help="with --wish: shifts that make a success with style (default 3)",
    )
    add_output_flags(p)
    p.set_defaults(func=_cmd_fate)


def _cmd_fate(args) -> int:
    from .. import workbench as wb
    from ..fate.rules import Rules

    if args.wish is not None:
        for flag in ("rating", "difficulty", "at_least"):
            if getattr(args, flag) is not None:
                flag = {"rating": "rating (--bonus)"}.get(flag, flag)
                raise CLIError(
                    f"--{flag.replace('_', '-')} cannot apply to several wishes: each wish "
                    "names its rating, --difficulties the difficulties"
                )
        if args.objective is not None:
            raise CLIError("--objective cannot apply to several wishes: each wish names its event")
        changes = {k: getattr(args, k) for k in ("dice", "style_shifts")}
        changes = {k: v for k, v in changes.items() if v is not None}
        difficulties = args.difficulties or list(range(-2, 9))
        r = wb.fate_wishes(args.wish, difficulties, Rules(**changes), exact=args.exact)
        return _print_wishes(r, args.json, ladder)
    _no_difficulties(args)
    for flag in ("dice", "style_shifts"):
        if getattr(args, flag) is not None:
            raise CLIError(
                f"--{flag.replace('_', '-')} cannot apply without --wish: the single solvers "
                "roll 4dF with style at 3 shifts"
            )
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
        raise CLIError(
            "give --rating (solve the difficulty), --difficulty (solve the rating) or both "
            "(solve the invokes)"
        )
    print(to_json(r) if args.json else r)
    if args.exact and not args.json:
        print(f"exact: {exact_text(r.p_reached)}")
    return 0


# --------------------------------------------------------------------------- initiative
def _register_initiative(sub) -> None:
    from ..initiative.rules import Rules
    from .questions import rules_flags

    p = sub.add_parser(
        "initiative",
        help="the pips or swiftness a participant needs to act first",
        description="Scan participant --participant of side A's preparation margin (pips) or "
        "swiftness from the bottom up; each setting is exact where the exact form takes it (by "
        "tiers under the default reading, else enumerated when small enough), else "
        "simulated (--trials per setting, the same seed for every setting). A simulated "
        "answer shows its standard error and whether the setting below is under the wish "
        "with 99% confidence.",
    )
    for flag, side in (("--swiftness", "A"), ("--vs", "B")):
        p.add_argument(
            flag,
            type=int_list,
            required=True,
            metavar="S,S,..",
            help=f"side {side}'s swiftness per participant",
        )
    for flag, side in (("--pips", "A"), ("--vs-pips", "B")):
        p.add_argument(
            flag,
            type=int_list,
            metavar="P,P,..",
            help=f"side {side}'s preparation margins, one per participant (a bare "
            "number: a one-member side's, or the side's pool with side-pool)",
        )
    rules_flags(p, Rules)
    p.add_argument(
        "--trials",
        type=trials_arg,
        help="rounds to simulate per setting (100,000, or fewer for big rounds; at most "
        f"{_cap().hi:,} dice in all)",
    )
    p.add_argument("--seed", type=seed_arg, help="random seed")
    p.add_argument("--workers", type=int_arg, help="worker processes (1)")
    p.add_argument(
        "--exact",
        action="store_true",
        help="every setting exact (by tiers, or enumerated), or refuse",
    )
    _wish_flags(p)
    p.add_argument(
        "--solve-for", choices=("pips", "swiftness"), default="pips", help="what to find"
    )
    p.add_argument(
        "--participant", type=int_arg, default=1, help="which participant of side A (1: A1)"
    )
    p.add_argument(
        "--chance",
        choices=("side", "participant"),
        help="the chance wished for: side A acts first (default), or the participant itself",
    )
    p.add_argument(
        "--wish",
        action="append",
        metavar="WISH",
        help="several wishes at once (repeat the flag): 'first >= 80%%' (side A acts first), "
        "'double >= 0.5' (someone acts twice in a row), 'A2 first >= 1/3' (that participant "
        "acts first); every setting of --solve-for is tried, the least that satisfies all "
        "is the answer, every setting ranked by slack",
    )
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--simulate", action="store_true", help="simulate every setting (none exact)")
    p.set_defaults(func=_cmd_initiative)


def _cap():
    from ..initiative.limits import LIMITS

    return LIMITS["dice simulated"]


def _cmd_initiative(args) -> int:
    from .. import workbench as wb
    from ..core.montecarlo import DEFAULT_TRIALS
    from ..core.question import rules_from
    from ..initiative.limits import LIMITS
    from ..initiative.rules import Rules

    drawn = [f"--{n}" for n in ("trials", "seed", "workers") if getattr(args, n) is not None]
    if args.exact and drawn:
        raise CLIError(
            f"{', '.join(drawn)} cannot apply with --exact (an exact answer draws "
            "no random rounds); drop them, or drop --exact for Monte Carlo"
        )
    if args.wish is not None:
        if args.at_least is not None:
            raise CLIError("--at-least cannot apply with --wish: each wish names its chance")
        if args.chance is not None:  # given at its default still counts
            raise CLIError(
                "--chance cannot apply with --wish: a wish names its chance ('A1 first >= 0.5')"
            )
    elif args.at_least is None:
        raise CLIError("give --at-least P (the chance of acting first to reach) or --wish")
    if args.exact and args.simulate:
        raise CLIError("--exact is exact and --simulate simulates: give one")
    if not 1 <= args.participant <= len(args.swiftness):
        raise CLIError(
            f"--participant must be 1..{len(args.swiftness)} (side A's participants), "
            f"got {args.participant}"
        )

    def pips(values):  # one value: a bare number (a one-member side, or the side's pool)
        return 0 if values is None else values[0] if len(values) == 1 else list(values)

    most = list(args.swiftness)
    if args.solve_for == "swiftness":
        most[args.participant - 1] = LIMITS["swiftness"].hi
    per_round = sum(most) + sum(args.vs)
    trials = args.trials
    if trials is None:
        trials = min(DEFAULT_TRIALS, max(_cap().hi // per_round, 1))
    _cap().check_work(
        trials * per_round, name="trials", value=trials, per=per_round, per_name="dice per round"
    )
    round_ = dict(
        solve_for=args.solve_for,
        participant=args.participant - 1,
        pips=pips(args.pips),
        versus_pips=pips(args.vs_pips),
        rules=rules_from(args, Rules),
        method="enumerate" if args.exact else "simulate" if args.simulate else "auto",
        trials=trials,
        rng=args.seed,
        workers=1 if args.workers is None else args.workers,
    )
    if args.wish is not None:
        r = wb.initiative_wishes(args.wish, args.swiftness, args.vs, **round_)
        if args.json:
            print(to_json({**r.as_dict(), "seed": args.seed}))
            return 0
        _print_wishes(r, False, str, head=args.solve_for)
        if r.simulated:
            print(
                f"trial budget: {r.trials:,} trials per simulated setting, "
                f"{r.trials_total:,} in all"
            )
        return 0
    r = wb.solve_initiative(
        args.swiftness, args.vs, at_least=args.at_least, chance=args.chance or "side", **round_
    )
    if args.json:
        print(to_json({**r.as_dict(), "seed": args.seed}))
        return 0
    print(r)
    if r.simulated:
        print(f"trial budget: {r.trials:,} trials per simulated setting, {r.trials_total:,} in all")
    return 0


# --------------------------------------------------------------------------- calibrate
def _register_calibrate(subparsers) -> None:
    c = subparsers.add_parser(
        "calibrate",
        help="calibration tables: dice needed per difficulty, Fate difficulty per rating",
        description="For each Storyteller difficulty the smallest pool reaching each level, "
        "or for each Fate rating the hardest difficulty reaching it (default levels 50%, "
        "75%, 90%, 95%). A level no pool in range reaches shows as a dash.",
    )
    sub = c.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    s = sub.add_parser("storyteller", help="the dice each difficulty needs")
    s.add_argument(
        "--difficulty",
        type=int_list,
        default=list(range(2, 11)),
        help="difficulties, e.g. 6-9 (default 2-10)",
    )
    s.add_argument("--net", type=int_arg, default=1, help="wish for P(net >= NET)")
    s.add_argument("--dice-limit", type=int_arg, help="the largest pool searched (default 100)")
    add_rule_flags(s)
    f = sub.add_parser("fate", help="the difficulty each Fate rating beats")
    f.add_argument(
        "--ratings",
        type=int_list,
        default=list(range(-1, 6)),
        metavar="R,R,..",
        help="ratings (default -1,0,1,2,3,4,5)",
    )
    f.add_argument("--objective", default="success", **_OBJECTIVE)
    for p in (s, f):
        p.add_argument(
            "--levels",
            type=probabilities,
            metavar="P,P,..",
            help="the wished probabilities (default 0.5,0.75,0.9,0.95)",
        )
        add_output_flags(p)
        add_plot_flag(p, "the calibration chart")
        p.set_defaults(func=_cmd_calibrate)


def _cmd_calibrate(args) -> int:
    from .. import workbench as wb

    levels = args.levels or wb.LEVELS
    if args.system == "storyteller":
        rules, specialty = rules_of(args)
        for d in args.difficulty:  # the calibration reads no difficulty above 10, even clamped
            ST_LIMITS["difficulty"].check(d, name="difficulty")
        cal = wb.storyteller_calibration(
            levels,
            args.difficulty,
            rules,
            net=args.net,
            specialty=specialty,
            dice_limit=args.dice_limit,
            exact=args.exact,
        )
        title = "Storyteller: the smallest pool reaching each level, up to "
        title += f"{cal.dice_limit} dice ({cal.reading})"
        setting, show = "difficulty", str
    else:
        cal = wb.fate_calibration(levels, args.ratings, args.objective, exact=args.exact)
        title = f"Fate: the hardest difficulty reaching each level ({cal.reading})"
        setting, show = "rating", ladder
    if args.json:
        print(to_json(cal))
    else:
        rows = []
        for s in cal.settings:
            cells = []
            for p in cal.levels:
                a, q = cal.answers[s][p], cal.probabilities[s][p]
                cells.append("—" if a is None else f"{show(a)} {percent(q, digits=2)}")
            rows.append((show(s) if setting == "rating" else s, *cells))
        head = (setting, *(f"{100 * float(p):.4g}%" for p in cal.levels))
        print(text_table(rows, head, title))
    if args.plot:
        from ..plots.workbench import calibration_chart

        write_plot(calibration_chart(cal), args.plot)
    return 0
