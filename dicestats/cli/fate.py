"""Fate's special command: ``turn-order``, the order of turns in a conflict (no dice involved).

Every Fate question (``fate``, ``contest``, ``invoke``, ``challenge``, ``deck``, and
``dicestats fate <question>`` for each) is a command generated from its declaration
(:mod:`dicestats.cli.questions`); the order of turns is not a probability, so it is written
here.

Examples
--------
>>> from dicestats.cli import main
>>> main(["turn-order", "Ada=quick:2,careful:1", "Bo=quick:Good,careful:0",
...       "Cy=quick:2,careful:3"])
Turn order in a physical conflict: Quick, highest first; ties: the order given
turn        quick
------  ---------
1. Bo   Good (+3)
2. Ada  Fair (+2)
3. Cy   Fair (+2)
0
"""

from __future__ import annotations

from ..core.checks import shown
from ..fate.rules import DEFAULT_RULES, TIEBREAKS, check_rating
from ..format import ladder, text_table, to_json
from ._common import add_output_flags, seed_arg, typed

__all__ = ["register", "participant_arg"]

_TIEBREAK_TEXT = {
    "given": "the order given",
    "name": "alphabetical",
    "approaches": "the other approaches compared, high to low, then the order given",
    "random": "a random order",
}


@typed("participant")
def participant_arg(text: str) -> tuple:
    """``"Ada=2"``, ``"Ada=Fair"`` or ``"Ada=quick:2,careful:Good"`` → ``(name, rating or
    {approach: rating})``.

    Examples
    --------
    >>> participant_arg("Ada=Fair"), participant_arg("Bo=quick:3,Careful:-1")
    (('Ada', 2), ('Bo', {'quick': 3, 'careful': -1}))
    """
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name or not value.strip():
        raise ValueError(
            "expected NAME=RATING or NAME=APPROACH:RATING,..., e.g. Ada=2 or "
            f"Ada=quick:2,careful:Fair; got {shown(text, quote=True)}"
        )
    if ":" not in value:
        return name, check_rating(value, f"rating of {name}")
    ratings = {}
    for part in value.split(","):
        approach, colon, r = part.partition(":")
        approach = approach.strip().lower()
        if not colon or not approach:
            raise ValueError(
                f"expected APPROACH:RATING in {name}'s ratings, e.g. quick:2; "
                f"got {shown(part, quote=True)}"
            )
        if approach in ratings:
            raise ValueError(f"{name} rates {approach} twice")
        ratings[approach] = check_rating(r, f"{name}.{approach}")
    return name, ratings


def register(subparsers) -> None:
    """Add ``dicestats turn-order``."""
    t = subparsers.add_parser(
        "turn-order",
        help="the order of turns in a Fate conflict, highest approach first",
        description=(
            "Fate Accelerated: in a physical conflict the highest Quick acts first, in a "
            "mental one the highest Careful; ties are the GM's call (--tiebreak). No dice "
            "are rolled."
        ),
    )
    t.add_argument(
        "participants",
        nargs="+",
        type=participant_arg,
        metavar="NAME=RATING",
        help="a participant and either the rating that orders them (Ada=2, Ada=Fair) or "
        "their approaches (Ada=quick:2,careful:1)",
    )
    t.add_argument(
        "--conflict",
        choices=tuple(DEFAULT_RULES.conflict_approach),
        default="physical",
        help="physical (orders by Quick, default) or mental (by Careful)",
    )
    t.add_argument(
        "--tiebreak",
        choices=TIEBREAKS,
        help="ties: the order given (default), alphabetical, the other approaches high to "
        "low, or a random order (--seed)",
    )
    t.add_argument(
        "--npcs",
        metavar="NAME,...",
        help="the GM's shortcut: these NPCs act together at the place of the best of them",
    )
    t.add_argument("--seed", type=seed_arg, help="random seed of --tiebreak random (0..2^63-1)")
    add_output_flags(t, exact=False)
    t.set_defaults(func=_cmd_turn_order)


def _cmd_turn_order(args) -> int:
    from .. import fate
    from ..core.checks import refuse

    names = [n for n, _ in args.participants]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise refuse(
            "participants", "distinct names", ", ".join(twice), why="a name is given twice"
        )
    tiebreak = args.tiebreak or DEFAULT_RULES.tiebreak
    if args.seed is not None and tiebreak != "random":
        raise refuse(
            "--seed",
            "used with --tiebreak random",
            args.seed,
            why="only a random tiebreak draws numbers",
            instead="add --tiebreak random",
        )
    npcs = None if args.npcs is None else [n.strip() for n in args.npcs.split(",") if n.strip()]
    participants = dict(args.participants)
    order = fate.turn_order(
        participants, args.conflict, tiebreak=tiebreak, npcs=npcs, rng=args.seed
    )
    approach = DEFAULT_RULES.conflict_approach[args.conflict]
    ratings = {n: participants[n] for n in order}
    ratings = {n: v[approach] if isinstance(v, dict) else v for n, v in ratings.items()}
    if args.json:
        print(
            to_json(
                {
                    "order": order,
                    "conflict": args.conflict,
                    "approach": approach,
                    "ratings": ratings,
                    "tiebreak": tiebreak,
                    "npcs": npcs,
                    "seed": args.seed,
                }
            )
        )
        return 0
    title = (
        f"Turn order in a {args.conflict} conflict: {approach.capitalize()}, highest first; "
        f"ties: {_TIEBREAK_TEXT[tiebreak]}"
        + (f" (seed {args.seed})" if args.seed is not None else "")
    )
    rows = [
        (f"{i}. {n}" + (" (NPC)" if npcs and n in npcs else ""), ladder(ratings[n]))
        for i, n in enumerate(order, 1)
    ]
    print(text_table(rows, ("turn", approach), title))
    if npcs:
        print("NPCs act together at the place of the best of them (the GM's shortcut).")
    return 0
