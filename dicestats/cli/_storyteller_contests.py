"""Storyteller commands of two sides or several characters: ``resisted`` and ``teamwork``.

A room of :mod:`dicestats.cli.storyteller`. Both print the distribution the
rules count (the actor's net margin; the team's pooled successes) with
``P(=)`` and ``P(>=)``, the rule reading in words, ``--json`` (the API's
result: ``margin`` / ``total`` as ``{k: p}``, ``"p/q"`` with ``--exact``)
and ``--plot FILE`` (the distribution as bars).

Examples
--------
>>> from dicestats.cli import main
>>> main(["resisted", "--dice", "1", "--vs", "1", "--exact", "--json"])  # doctest: +ELLIPSIS
{
  "dice": 1,
...
  "margin": {
    "-1": "1/4",
    "0": "1/2",
    "1": "1/4"
  },
...
0
"""

from __future__ import annotations

from ..storyteller.limits import LIMITS
from ._common import emit_json, fmt_prob, int_arg, int_list_arg, limit_arg, print_table
from ._storyteller_args import dice_text, exact_cell, finish_parser, pool_parser, reading, rules_of

__all__ = ["register_contests", "distribution_rows"]

_DICE = LIMITS["dice"]
_DIFFICULTY = LIMITS["difficulty"]

#: The teamwork rule as the rules state it (Dark Ages, "Teamwork").
TEAMWORK_RULE = (
    "members roll apart and add their net successes; each member's 1s cancel only their "
    "own successes"
)


def distribution_rows(dist, exact: bool, signed: bool = False):
    """``(k, P(=k), P(>=k)[, exact P(=k)])`` rows of a distribution, and the header."""
    rows = []
    for k, p in dist.items():
        row = [f"{k:+d}" if signed and k else str(k), fmt_prob(p), fmt_prob(dist.p_ge(k))]
        if exact:
            row.append(exact_cell(p, True))
        rows.append(tuple(row))
    header = ("P(=)", "P(>=)") + (("exact",) if exact else ())
    return rows, header


def register_contests(subparsers) -> None:
    """Add the ``resisted`` and ``teamwork`` commands."""
    r = pool_parser(
        subparsers,
        "resisted",
        help="resisted action: both sides roll, only the excess successes count",
        description=(
            "Both sides roll, each against its own difficulty; each side's 1s cancel its own "
            "successes first; the margin is your net successes minus theirs (4 against 3 is "
            "one net success). Exact."
        ),
    )
    r.add_argument(
        "--vs", dest="versus", type=_DICE.argtype("vs"), required=True,
        help=f"the other side's dice ({_DICE.help})",
    )  # fmt: skip
    r.add_argument(
        "--vs-difficulty", dest="versus_difficulty",
        type=int_arg(_DIFFICULTY.lo, None, "vs-difficulty"), default=None,
        help="the other side's difficulty (default: --difficulty; above 10 only with --clamp)",
    )  # fmt: skip
    r.add_argument(
        "--vs-specialty", dest="versus_specialty", action="store_true",
        help="the other side's roll has a specialty (--specialty is yours)",
    )  # fmt: skip
    finish_parser(r, _cmd_resisted, "the margin's distribution")

    t = subparsers.add_parser(
        "teamwork",
        help="teamwork: several characters roll separately and add their successes",
        description=f"Teamwork: {TEAMWORK_RULE}. With --spoil (social tasks) one member's "
        "botch spoils the whole effort. Exact.",
    )
    t.add_argument(
        "--pools", type=limit_arg(_DICE, "list"), required=True,
        help=f"each member's pool, e.g. 4,3,3 (each {_DICE.help}; "
        f"{LIMITS['team'].help} members)",
    )  # fmt: skip
    t.add_argument(
        "--difficulty", type=int_list_arg(_DIFFICULTY.lo, None), default=[6],
        help="one difficulty for all (default 6) or one per member, e.g. 6,7,7 (above 10 "
        "only with --clamp)",
    )  # fmt: skip
    t.add_argument(
        "--spoil", action="store_true",
        help="one member's botch spoils the whole effort (the rules' variant for social "
        "tasks); default: a botch scores 0 for that member only",
    )  # fmt: skip
    finish_parser(t, _cmd_teamwork, "the total's distribution (and one merged pool, to compare)")


def _cmd_resisted(args) -> int:
    from .. import storyteller as st

    vs_d = args.difficulty if args.versus_difficulty is None else args.versus_difficulty
    rules, specialty = rules_of(args, [args.difficulty, vs_d])
    r = st.resisted(
        args.dice, args.difficulty, args.versus, vs_d, rules,
        specialty=specialty, versus_specialty=args.versus_specialty, exact=args.exact,
    )  # fmt: skip
    if args.plot:
        _plot_resisted(args, r)
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    theirs = " with a specialty" if args.versus_specialty else ""
    print(
        f"resisted action: {dice_text(r.dice)} at difficulty {r.difficulty} against "
        f"{dice_text(r.versus)} at difficulty {r.versus_difficulty}{theirs} "
        f"({reading(rules, specialty, args.preset)})"
    )
    print("each side's 1s cancel its own successes first; only the excess net successes count")
    print()
    outcomes = (
        ("you win (margin >= 1)", r.p_win),
        ("tie (margin 0)", r.p_tie),
        ("they win (margin <= -1)", r.p_lose),
        ("you botch", r.p_botch),
        ("they botch", r.p_versus_botch),
    )
    rows = [(name, fmt_prob(p)) + ((exact_cell(p, True),) if ex else ()) for name, p in outcomes]
    print_table(rows, ("outcome", "probability") + (("exact",) if ex else ()))
    print()
    rows, header = distribution_rows(r.margin, ex, signed=True)
    print_table(rows, ("your margin",) + header)
    print()
    print(f"mean margin  {float(r.mean_margin):+.4f}  {exact_cell(r.mean_margin, ex)}".rstrip())
    return 0


def _cmd_teamwork(args) -> int:
    from .. import storyteller as st

    diffs = args.difficulty[0] if len(args.difficulty) == 1 else args.difficulty
    rules, specialty = rules_of(args, args.difficulty)
    r = st.teamwork(args.pools, diffs, rules, spoil=args.spoil, specialty=specialty,
                    exact=args.exact)  # fmt: skip
    merged = _merged(args, r, rules, specialty)
    if args.plot:
        _plot_teamwork(args, r, merged)
    if args.json:
        emit_json(r)
        return 0
    ex = args.exact
    pools = ", ".join(str(n) for n in r.pools)
    at = (
        f"difficulty {r.difficulties[0]}" if len(set(r.difficulties)) == 1
        else "difficulties " + ", ".join(str(d) for d in r.difficulties)
    )  # fmt: skip
    print(
        f"teamwork: {len(r.pools)} member{'s' if len(r.pools) > 1 else ''} rolling {pools} "
        f"dice at {at} ({reading(rules, specialty, args.preset)})"
    )
    print(f"rule in force: {TEAMWORK_RULE}")
    if args.spoil:
        print("variant in force (--spoil): one member's botch spoils the whole effort (total 0)")
    else:
        print(
            "a botch scores 0 for that member only (--spoil: one botch spoils the whole "
            "effort, the rules' variant for social tasks)"
        )
    print()
    rows, header = distribution_rows(r.total, ex)
    print_table(rows, ("total successes",) + header)
    print()
    lines = [
        ("mean total", r.mean_total, f"{float(r.mean_total):.4f}"),
        ("P(total >= 1)", r.p_success, fmt_prob(r.p_success)),
        ("P(some member botches)", r.p_any_botch, fmt_prob(r.p_any_botch)),
    ]
    if args.spoil:
        lines.append(("P(the effort is spoiled)", r.p_spoiled, fmt_prob(r.p_spoiled)))
    width = max(len(name) for name, _, _ in lines)
    for name, value, text in lines:
        print(f"{name:<{width}}  {text}  {exact_cell(value, ex)}".rstrip())
    if merged is not None:
        n, m = merged
        print()
        print(
            f"for comparison, one merged pool of {n} dice (not allowed by the rules: every 1 "
            f"would cancel anyone's success): P(total >= 1) {fmt_prob(m.p_success)}, mean "
            f"{float(m.mean_net):.4f}"
        )
    return 0


def _merged(args, r, rules, specialty):
    """``(dice, Pool)`` of the team's dice merged into one pool, when that can be rolled."""
    from .. import storyteller as st

    n = sum(r.pools)
    if len(r.pools) < 2 or len(set(r.difficulties)) > 1 or args.spoil:
        return None
    try:
        return n, st.pool(n, r.difficulties[0], rules, specialty=specialty, exact=args.exact)
    except ValueError:  # too large a pool for these rules: no comparison
        return None


def _plot_resisted(args, r) -> None:
    from .. import plots
    from .. import tables as T
    from ._common import write_plot

    df = T.storyteller_distribution({"your net successes minus theirs": r.margin}, "margin")
    ax = plots.storyteller_distribution(
        df, x="margin", xlabel="your margin (net successes minus theirs)",
        title=f"Resisted: {dice_text(r.dice)} at {r.difficulty} against {dice_text(r.versus)} at "
        f"{r.versus_difficulty}",
    )  # fmt: skip
    write_plot(ax, args.plot)


def _plot_teamwork(args, r, merged) -> None:
    from .. import plots
    from .. import tables as T
    from ._common import write_plot

    dists = {"separate rolls, added (the rules)": r.total}
    if merged is not None:
        dists[f"one merged pool of {merged[0]} (not the rules)"] = merged[1].net
    df = T.storyteller_distribution(dists, "total")
    pools = "+".join(str(n) for n in r.pools)
    ax = plots.storyteller_distribution(
        df, x="total", xlabel="total net successes of the team",
        title=f"Teamwork: {pools} dice, each member's 1s cancel their own successes",
    )  # fmt: skip
    write_plot(ax, args.plot)
