"""``dicestats deck``: a session with the Deck of Fate against the same session with dice.

Examples
--------
>>> from dicestats.cli import main
>>> main(["deck", "--draws", "4", "--difficulty", "1", "--run", "2"])
4 draws, bonus +0 against Average (+1): Deck of Fate (81 cards) vs 4dF
quantity                            deck    dice
--------------------------------  ------  ------
P(2 failures in a row, anywhere)  67.48%  67.27%
P(the first 2 all fail)           37.81%  38.10%
<BLANKLINE>
The session's total: the draws' dice added up (bonus and difficulty left out)
quantity                 deck             dice
---------------  ------------  ---------------
SD                      3.204            3.266
lowest                    -13              -16
P(lowest)        1 in 420,000  1 in 43,000,000
highest                   +13              +16
P(highest)       1 in 420,000  1 in 43,000,000
5th percentile             -5               -5
25th percentile            -2               -2
median                     +0               +0
75th percentile            +2               +2
95th percentile            +5               +5
0
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..format import ladder, one_in
from ._common import (
    add_output_flags,
    add_plot_flag,
    emit_json,
    exact_text,
    fmt_prob,
    int_arg,
    print_table,
)
from ._fate_args import limited

__all__ = ["register_deck"]


def register_deck(subparsers) -> None:
    """Add ``dicestats deck``."""
    d = subparsers.add_parser(
        "deck",
        help="Deck of Fate vs dice over a session of draws",
        description=(
            "How drawing from the 81-card Deck of Fate without replacement differs from "
            "rolling 4dF: failure streaks, and the spread, extremes and percentiles of "
            "the session's total."
        ),
    )
    limited(d, "--draws", "session draws", "draws in the session", required=True)
    limited(d, "--bonus", "rating", "approach + other bonuses", default=0)
    limited(d, "--difficulty", "rating", "fixed difficulty", default=0, metavar="D")
    limited(d, "--run", "run", "failure streak length", default=3)
    limited(d, "--copies", "copies", "81-card decks shuffled in", default=1)
    d.add_argument(
        "--reshuffle-at",
        type=int_arg(1, None, "reshuffle_at"),
        default=None,
        metavar="N",
        help="draws before a reshuffle (1..deck size; default: the whole deck)",
    )
    add_output_flags(d)
    add_plot_flag(d, "the distribution of the session's total, deck against dice")
    d.set_defaults(func=_cmd_deck)


def _rare(p) -> str:
    """An extreme's chance as ``1 in N`` (``1 in 1.5e38`` past a billion); it always can
    happen, even where a float underflows.

    Examples
    --------
    >>> _rare(1 / 420_000), _rare(Fraction(1, 3**80)), _rare(0.0)
    ('1 in 420,000', '1 in 1.5e38', '1 in more than 1e308')
    """
    if not p > 0:
        return "1 in more than 1e308"
    if p >= 1e-9:
        return one_in(p)
    n = 1 / Fraction(p)
    log = math.log10(n.numerator) - math.log10(n.denominator)  # big ints: no overflow
    exponent = math.floor(log)
    mantissa = round(10 ** (log - exponent), 1)
    if mantissa >= 10:
        mantissa, exponent = 1.0, exponent + 1
    return f"1 in {mantissa:.1f}e{exponent}"


def _cmd_deck(args) -> int:
    from .. import fate

    r = fate.deck_vs_dice(
        args.draws,
        args.bonus,
        args.difficulty,
        run=args.run,
        copies=args.copies,
        reshuffle_at=args.reshuffle_at,
        exact=args.exact,
    )
    if args.plot:
        from ._plots import plot_deck

        plot_deck(args)
    if args.json:
        emit_json(r)
        return 0
    exact = args.exact

    def probs(label, deck, dice, show=fmt_prob):
        return (label, show(deck), show(dice)) + (
            (exact_text(deck), exact_text(dice)) if exact else ()
        )

    header = ("quantity", "deck", "dice") + (("deck exact", "dice exact") if exact else ())
    blank = ("", "") if exact else ()
    title = (
        f"{args.draws} draws, bonus {args.bonus:+d} against {ladder(args.difficulty)}: "
        f"Deck of Fate ({81 * args.copies} cards) vs 4dF"
    )
    rows = [
        probs(
            f"P({args.run} failures in a row, anywhere)", r.p_fail_streak_deck, r.p_fail_streak_dice
        ),
        probs(f"P(the first {args.run} all fail)", r.p_all_fail_deck, r.p_all_fail_dice),
    ]
    print_table(rows, header, title)
    print()
    sd = ("SD", f"{float(r.var_sum_deck) ** 0.5:.3f}", f"{float(r.var_sum_dice) ** 0.5:.3f}")
    rows = [sd + blank]
    if exact:
        rows.append(("variance", "", "", exact_text(r.var_sum_deck), exact_text(r.var_sum_dice)))
    rows += [
        ("lowest", f"{r.min_deck:+d}", f"{r.min_dice:+d}") + blank,
        probs("P(lowest)", r.p_min_deck, r.p_min_dice, _rare),
        ("highest", f"{r.max_deck:+d}", f"{r.max_dice:+d}") + blank,
        probs("P(highest)", r.p_max_deck, r.p_max_dice, _rare),
    ]
    if r.percentiles_deck is not None:
        for q in r.percentiles_deck:
            label = "median" if q == 50 else f"{q}th percentile"
            deck, dice = r.percentiles_deck[q], r.percentiles_dice[q]
            rows.append((label, f"{deck:+d}", f"{dice:+d}") + blank)
    title = "The session's total: the draws' dice added up (bonus and difficulty left out)"
    print_table(rows, header, title)
    if r.totals_note is not None:
        print(f"percentiles not counted: {r.totals_note}")
    return 0
