"""The Deck of Fate against dice: sums of draws, and a session compared side by side.

The computed form of the question ``deck_vs_dice`` (declared in
:mod:`.questions`) and the sums it rests on.

Within one shuffle the first ``m`` cards are a uniform random ``m``-subset of
the deck, so the sum of draws has a closed-form variance (sampling without
replacement) and an exact distribution from a subset-sum generating function.

Examples
--------
>>> deck_sum_var(81, exact=True)  # the whole deck always sums to 0
Fraction(0, 1)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import InputError, check_bool
from ..core.dist import Dist
from ..core.results import Result, Table, View
from .deck import (
    deck_args,
    deck_counts,
    deck_sequence_prob,
    deck_streak_prob,
    dice_sequence_prob,
    dice_streak_prob,
    segments,
)
from .dice import fate_dice, ladder_name
from .limits import LIMITS
from .rules import resolve

__all__ = [
    "SESSION_PERCENTILES",
    "DeckVsDice",
    "deck_sum_var",
    "dice_sum_var",
    "deck_sum_dist",
    "compute_deck_vs_dice",
]


def deck_sum_var(
    m: int,
    *,
    dice: int | None = None,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
    rules=None,
):
    """Variance of the sum of ``m`` consecutive draws from the deck (closed form).

    Within one shuffle, sampling without replacement from a population of N
    cards with variance σ² = dice · 2/3 gives ``m σ² (N − m) / (N − 1)``;
    segments between reshuffles are independent and add.

    Examples
    --------
    >>> deck_sum_var(10, exact=True), dice_sum_var(10, exact=True)
    (Fraction(71, 3), Fraction(80, 3))
    """
    dice, copies, size, start, reshuffle_at = deck_args(dice, copies, start, reshuffle_at, rules)
    m = LIMITS["summed draws"].check(m, name="m")
    check_bool("exact", exact)
    sigma2 = Fraction(2 * dice, 3)
    v = Fraction(0)
    for seg in segments(m, start, reshuffle_at):
        v += seg * sigma2 * Fraction(size - seg, size - 1)
    return v if exact else float(v)


def dice_sum_var(m: int, *, dice: int | None = None, exact: bool = False, rules=None):
    """Variance of the sum of ``m`` independent NdF rolls: ``m · dice · 2/3``.

    Examples
    --------
    >>> dice_sum_var(3)
    8.0
    """
    m = LIMITS["summed draws"].check(m, name="m")
    dice = LIMITS["dice"].check(resolve(rules).dice if dice is None else dice, name="dice")
    check_bool("exact", exact)
    v = Fraction(2 * dice * m, 3)
    return v if exact else float(v)


def deck_sum_dist(
    m: int,
    *,
    dice: int | None = None,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
    rules=None,
) -> Dist:
    """Distribution of the sum of ``m`` consecutive deck draws.

    The number of ``m``-subsets of each sum comes from the generating function
    ``∏_t (1 + x y^t)^{count_t}`` (exact integers).

    Examples
    --------
    >>> deck_sum_dist(81, exact=True)
    Dist({0: 1}, exact=True)
    >>> deck_sum_dist(2, exact=True).var() == deck_sum_var(2, exact=True)
    True
    """
    dice, copies, size, start, reshuffle_at = deck_args(dice, copies, start, reshuffle_at, rules)
    m = LIMITS["summed draws (distribution)"].check(m, name="m")
    check_bool("exact", exact)
    segs = Counter(segments(m, start, reshuffle_at))  # {cards in a segment: segments}
    counts = deck_counts(dice, copies)
    # The whole deck sums to 0, so the last size - k cards sum to minus the first k:
    # a segment of k cards is read off the shorter of the two.
    work = sum(_subset_sum_work(counts, min(k, size - k)) for k in segs)
    LIMITS["deck sum terms"].check_work(work, name="m", value=m)
    result = Dist.constant(0, exact=exact)
    for k, times in segs.items():
        short = min(k, size - k)
        d = _subset_sum_dist(counts, short)
        d = d if short == k else -d
        # Segments between reshuffles are independent: identical ones add by squaring.
        result = result + (d if exact else d.to_float()).repeat_sum(times)
    return result


def _subset_sum_work(counts: dict, m: int) -> int:
    """How many terms :func:`_subset_sum_dist` updates for ``m`` cards (counted, not run).

    Row ``j`` of the polynomial holds every sum of ``j`` cards drawn from the
    classes multiplied in so far: a contiguous range between the ``j`` lowest
    and the ``j`` highest totals. Each class of ``c`` cards multiplies row
    ``j`` by ``min(c, m - j) + 1`` choices.
    """
    work = 0
    seen: list = []  # the totals of the cards multiplied in so far, sorted
    for t, c in counts.items():
        low = high = 0
        rows = [1]  # rows[j]: the sums of j cards so far
        for j in range(1, min(len(seen), m) + 1):
            low += seen[j - 1]
            high += seen[-j]
            rows.append(high - low + 1)
        work += sum(n * (min(c, m - j) + 1) for j, n in enumerate(rows))
        seen = sorted(seen + [t] * min(c, m))
    return work


def _subset_sum_dist(counts: dict, m: int) -> Dist:
    # poly[j] = {sum: number of j-subsets with that sum}, j <= m
    poly = [dict() for _ in range(m + 1)]
    poly[0][0] = 1
    for t, c in counts.items():
        # multiply by (1 + x y^t)^c: choose r cards of this total
        combs = [math.comb(c, r) for r in range(min(c, m) + 1)]
        new = [dict() for _ in range(m + 1)]
        for j in range(m + 1):
            for r in range(0, min(c, m - j) + 1):
                row, cr, shift = new[j + r], combs[r], r * t
                for s, w in poly[j].items():
                    key = s + shift
                    row[key] = row.get(key, 0) + w * cr
        poly = new
    return Dist(poly[m], exact=True)


#: The percentiles of the session's total that :func:`deck_vs_dice` reports.
SESSION_PERCENTILES = (5, 25, 50, 75, 95)


def _deck_extremes(m: int, counts: dict, size: int, segs: list[int]) -> tuple[int, Fraction]:
    """The lowest total of ``m`` draws and its exact probability (closed form).

    Within a shuffle of ``size`` cards, ``k`` draws are a uniform ``k``-subset:
    the lowest total takes the ``k`` lowest cards, and only the class at the
    boundary (``c`` cards of which ``r`` are needed) leaves a choice,
    ``C(c, r)`` of the ``C(size, k)`` subsets. Segments between reshuffles
    are independent: their lowest totals add and their chances multiply. The
    deck is symmetric, so the highest total is minus the lowest, as likely.
    """
    low, p = 0, Fraction(1)
    for k in segs:
        left, ways = k, 1
        for t in sorted(counts):
            take = min(left, counts[t])
            low += take * t
            ways *= math.comb(counts[t], take)
            left -= take
            if not left:
                break
        p *= Fraction(ways, math.comb(size, k))
    return low, p


def _percentiles(d: Dist) -> dict:
    """``{q: the smallest total t with P(total <= t) >= q%}`` for :data:`SESSION_PERCENTILES`."""
    return {q: int(d.ppf(Fraction(q, 100) if d.exact else q / 100)) for q in SESSION_PERCENTILES}


@dataclass(frozen=True)
class DeckVsDice(Result):
    """A session of draws with the Deck of Fate against the same session with dice
    (:func:`~dicestats.fate.deck_vs_dice`).

    The session's total is the sum of the draws' dice (bonus and difficulty
    left out): each draw shows −dice..+dice.

    Attributes
    ----------
    dice : int
        Fate dice per roll (the deck has ``3 ** dice`` cards per copy).
    var_sum_deck, var_sum_dice : variance of the session's dice total.
    p_fail_streak_deck, p_fail_streak_dice : P(some run of ``run`` failures in a row).
    p_all_fail_deck, p_all_fail_dice : P(the first ``run`` draws all fail).
    min_deck, max_deck, p_min_deck, p_max_deck : the lowest and highest session
        total the deck can give, and the chance of each (closed form, any size).
    min_dice, max_dice, p_min_dice, p_max_dice : the same with dice
        (``∓dice·draws``, each with chance ``3 ** -(dice·draws)``).
    percentiles_deck, percentiles_dice : ``{q: t}``, the smallest total ``t``
        with P(total ≤ t) ≥ q% for q in :data:`SESSION_PERCENTILES`; ``None``
        when the distribution is too large to count (``totals_note`` says why).
    totals_note : ``None``, or why the totals' distributions were not counted
        (:func:`deck_sum_dist` gives the deck's distribution itself).
    """

    draws: int
    bonus: int
    difficulty: int
    run: int
    dice: int
    copies: int
    reshuffle_at: int | None
    var_sum_deck: object
    var_sum_dice: object
    p_fail_streak_deck: object
    p_fail_streak_dice: object
    p_all_fail_deck: object
    p_all_fail_dice: object
    min_deck: int
    max_deck: int
    p_min_deck: object
    p_max_deck: object
    min_dice: int
    max_dice: int
    p_min_dice: object
    p_max_dice: object
    percentiles_deck: dict | None
    percentiles_dice: dict | None
    totals_note: str | None
    exact: bool

    def view(self) -> View:
        """The streaks, then the session's total: spread, extremes and percentiles, deck
        against dice (with exact values, each side's own column).

        >>> from dicestats.fate import deck_vs_dice
        >>> deck_vs_dice(4, 0, 1, run=2).view().title
        '4 draws, bonus +0 against Average (+1): Deck of Fate (81 cards) vs 4dF'
        """
        title = (
            f"{self.draws} draws, bonus {self.bonus:+d} against {ladder_name(self.difficulty)}: "
            f"Deck of Fate ({3**self.dice * self.copies} cards) vs {self.dice}dF"
        )
        kinds = ("text", "p", "p")
        streaks = Table(
            ("quantity", "deck", "dice"),
            (
                (
                    f"P({self.run} failures in a row, anywhere)",
                    self.p_fail_streak_deck,
                    self.p_fail_streak_dice,
                ),
                (f"P(the first {self.run} all fail)", self.p_all_fail_deck, self.p_all_fail_dice),
            ),
            kinds,
            exact_of=(1, 2),
        )
        sd = tuple(f"{float(v) ** 0.5:.3f}" for v in (self.var_sum_deck, self.var_sum_dice))
        rows = [("SD", *sd)]
        row_kinds = [None]
        if self.exact:  # the variance's exact value (its root, the SD, is not a fraction)
            rows.append(("variance", self.var_sum_deck, self.var_sum_dice))
            row_kinds.append("mean")
        rows += [
            ("lowest", f"{self.min_deck:+d}", f"{self.min_dice:+d}"),
            ("P(lowest)", self.p_min_deck, self.p_min_dice),
            ("highest", f"{self.max_deck:+d}", f"{self.max_dice:+d}"),
            ("P(highest)", self.p_max_deck, self.p_max_dice),
        ]
        row_kinds += [None, "rare", None, "rare"]
        if self.percentiles_deck is not None:
            for q, deck in self.percentiles_deck.items():
                label = "median" if q == 50 else f"{q}th percentile"
                rows.append((label, f"{deck:+d}", f"{self.percentiles_dice[q]:+d}"))
        totals = Table(
            ("quantity", "deck", "dice"),
            tuple(rows),
            kinds,
            exact_of=(1, 2),
            row_kinds=tuple(row_kinds),
            note=None
            if self.totals_note is None
            else f"percentiles not counted: {self.totals_note}",
            title="The session's total: the draws' dice added up (bonus and difficulty left out)",
        )
        return View(title, (streaks, totals))


def _session_totals(draws: int, deck: dict) -> tuple:
    """The distributions of the session's total with the deck and with dice, or why not.

    Returns ``(total_deck, total_dice, note)``: both ``None`` with the
    refusal's text when a work cap (``deck sum terms``, exact digits) stops them.
    """
    exact, rules = deck["exact"], deck["rules"]
    try:
        total_deck = deck_sum_dist(draws, **deck)
        one = fate_dice(exact=exact, rules=rules)
        total_dice = one.repeat_sum(draws)
    except InputError as exc:
        return None, None, str(exc)
    return total_deck, total_dice, None


def compute_deck_vs_dice(s, exact: bool) -> DeckVsDice:
    """A session with the deck against dice (:func:`dicestats.fate.deck_vs_dice`)."""
    draws, run, fail, rules, copies = s.draws, s.run, s.fail, s.rules, s.copies
    deck = {"copies": copies, "reshuffle_at": s.reshuffle_at, "exact": exact, "rules": rules}
    dice, size = s.dice, s.size
    low, p_low = _deck_extremes(
        draws, deck_counts(dice, copies), size, segments(draws, 0, s.reshuffle_every)
    )
    p_dice = Fraction(1, 3 ** (dice * draws))
    total_deck, total_dice, note = _session_totals(draws, deck)
    num = (lambda x: x) if exact else float
    return DeckVsDice(
        draws=draws,
        bonus=s.bonus,
        difficulty=s.difficulty,
        run=run,
        dice=dice,
        copies=copies,
        reshuffle_at=s.reshuffle_at,
        var_sum_deck=deck_sum_var(draws, **deck),
        var_sum_dice=dice_sum_var(draws, exact=exact, rules=rules),
        p_fail_streak_deck=deck_streak_prob(fail, run, draws, **deck),
        p_fail_streak_dice=dice_streak_prob(fail, run, draws, exact=exact, rules=rules),
        p_all_fail_deck=deck_sequence_prob([fail] * run, **deck),
        p_all_fail_dice=dice_sequence_prob([fail] * run, exact=exact, rules=rules),
        min_deck=low,
        max_deck=-low,
        p_min_deck=num(p_low),
        p_max_deck=num(p_low),
        min_dice=-dice * draws,
        max_dice=dice * draws,
        p_min_dice=num(p_dice),
        p_max_dice=num(p_dice),
        percentiles_deck=None if total_deck is None else _percentiles(total_deck),
        percentiles_dice=None if total_dice is None else _percentiles(total_dice),
        totals_note=note,
        exact=exact,
    )
