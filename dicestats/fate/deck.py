"""The Deck of Fate against dice: sequences, streaks and sums of draws, and a session compared.

Everything is exact by counting (hypergeometric dynamic programming, subset-sum
generating functions, never an enumeration of orderings); float mode is
vectorized where it pays. The deck is read as ``docs/rules/fate.md`` says.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core.checks import InputError, check_bool, check_choice, check_int, refuse
from ..core.dist import Dist
from ..core.results import Result, Table, View
from .limits import LIMITS
from .outcomes import classify, fate_dice, given, num
from .rules import OUTCOMES, ladder_name, resolve

_GROUPS = {
    "success_or_better": ("success", "style"),
    "tie_or_better": ("tie", "success", "style"),
}


def deck_dice(dice, rules) -> int:
    """Faces per card: ``dice`` or ``rules.dice``, checked against the deck's limit."""
    return LIMITS["deck dice"].check(resolve(rules).dice if dice is None else dice, name="dice")


def deck_counts(dice: int | None = None, copies: int = 1, *, rules=None) -> dict:
    """Cards per total in a Deck of Fate: ``{total: cards}``, one card per ordered face combination.

    Examples
    --------
    >>> sum(deck_counts(copies=2).values())
    162
    """
    dice = deck_dice(dice, rules)
    copies = LIMITS["copies"].check(copies, name="copies")
    return {t - dice: copies * int(w) for t, w in enumerate(fate_dice(dice, exact=True).weights)}


def totals_where(
    outcome: str | Iterable[str],
    bonus: int = 0,
    difficulty: int = 0,
    *,
    dice: int | None = None,
    rules=None,
) -> frozenset:
    """The dice totals (card totals) that give ``outcome`` at this bonus and difficulty.

    ``outcome`` is one of fail / tie / success / style or an iterable of
    them, or ``"success_or_better"`` / ``"tie_or_better"``.

    Examples
    --------
    >>> sorted(totals_where("fail", bonus=1, difficulty=2))
    [-4, -3, -2, -1, 0]
    """
    names = (outcome,) if isinstance(outcome, str) else tuple(outcome)
    wanted = set()
    for n in names:
        wanted.update(_GROUPS.get(n, (check_choice("outcome", n, OUTCOMES + tuple(_GROUPS)),)))
    bonus = LIMITS["rating"].check(bonus, name="bonus")
    difficulty = LIMITS["rating"].check(difficulty, name="difficulty")
    dice = deck_dice(dice, rules)
    return frozenset(
        t for t in range(-dice, dice + 1) if classify(t + bonus - difficulty, rules=rules) in wanted
    )


def check_events(events, dice: int) -> list[frozenset]:
    """``events`` as a list of sets of card totals in ``-dice..dice`` (one per draw)."""
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise refuse("events", "a sequence of sets of card totals", events, kind=True)
    out = []
    for i, e in enumerate(events):
        if isinstance(e, (str, bytes)) or not isinstance(e, Iterable):
            raise refuse(f"events[{i}]", "a set of card totals", e, kind=True)
        out.append(frozenset(check_int(f"events[{i}]", t, -dice, dice) for t in e))
    if not out:
        raise refuse("events", "at least one draw's set of totals", out)
    return out


def segments(m: int, start: int, reshuffle_at: int) -> list[int]:
    """Split ``m`` draws into runs between reshuffles."""
    first = min(m, reshuffle_at - start % reshuffle_at)  # the rest of the current shuffle
    full, rest = divmod(m - first, reshuffle_at)
    return [k for k in (first, *[reshuffle_at] * full, rest) if k]


def deck_args(dice, copies, start, reshuffle_at, rules):
    """Checked ``(dice, copies, deck size, start, reshuffle_at)`` of a deck question."""
    dice = deck_dice(dice, rules)
    copies = LIMITS["copies"].check(copies, name="copies")
    size = copies * 3**dice
    if reshuffle_at is None:
        reshuffle_at = size
    reshuffle_at = check_int("reshuffle_at", reshuffle_at, 1, size)
    start = check_int("start", start, 0, reshuffle_at - 1)
    return dice, copies, size, start, reshuffle_at


def _segment_count(counts: dict, events: list[frozenset]) -> tuple[int, int]:
    """Ordered draws (distinct cards) matching each event in turn / all ordered draws.

    Dynamic programming over how many cards of each class have been drawn,
    with classes = the cells of the partition of totals that the events
    induce (multivariate hypergeometric, never 81! orderings).
    """
    totals = sorted(counts)
    sig = {t: tuple(t in e for e in events) for t in totals}
    cells: Counter = Counter()
    for t in totals:
        cells[sig[t]] += counts[t]
    keys = list(cells)
    sizes = [cells[k] for k in keys]
    states = {tuple([0] * len(keys)): 1}
    for i, _e in enumerate(events):
        nxt: dict = {}
        for st, ways in states.items():
            for c, key in enumerate(keys):
                if not key[i]:
                    continue
                left = sizes[c] - st[c]
                if left <= 0:
                    continue
                ns = st[:c] + (st[c] + 1,) + st[c + 1 :]
                nxt[ns] = nxt.get(ns, 0) + ways * left
        states = nxt
        if not states:
            break
    return sum(states.values()), math.perm(sum(sizes), len(events))


def deck_sequence_prob(
    events,
    *,
    dice: int | None = None,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
    rules=None,
):
    """P(the next draws from a Deck of Fate fall in ``events[0]``, ``events[1]``, …).

    Draws are without replacement. Cards already drawn since the shuffle but
    not seen (``start`` of them) do not change the odds (exchangeability);
    they only move the reshuffle point: the deck is reshuffled once
    ``reshuffle_at`` cards (default: the whole deck) have been drawn, and draws
    on either side of a reshuffle are independent.

    Parameters
    ----------
    events : sequence of sets of int
        For each draw, the card totals that count (see :func:`totals_where`).
    dice : int, optional
        Faces per card (default ``rules.dice``, 4: the 81-card deck), 1..8.
    copies : int
        Number of full decks shuffled together (deck size ``copies · 3 ** dice``).
    start : int
        Cards drawn since the last shuffle before the first of these draws.
    reshuffle_at : int, optional
        Cards drawn before the deck is reshuffled.
    exact : bool
    rules : Rules, optional

    Examples
    --------
    Three failures in a row at bonus +1 against Mediocre (+0): 15 of the 81
    cards fail, so the deck gives 15·14·13 / (81·80·79), dice (15/81)**3:

    >>> fail = totals_where("fail", 1, 0)
    >>> deck_sequence_prob([fail] * 3, exact=True)
    Fraction(91, 17064)
    >>> dice_sequence_prob([fail] * 3, exact=True)
    Fraction(125, 19683)
    """
    dice, copies, _, start, reshuffle_at = deck_args(dice, copies, start, reshuffle_at, rules)
    ev = check_events(events, dice)
    check_bool("exact", exact)
    counts = deck_counts(dice, copies)
    p = Fraction(1)
    i = 0
    for seg in segments(len(ev), start, reshuffle_at):
        num, den = _segment_count(counts, ev[i : i + seg])
        p *= Fraction(num, den)
        i += seg
    return p if exact else float(p)


def dice_sequence_prob(events, *, dice: int | None = None, exact: bool = False, rules=None):
    """P(independent dice rolls fall in ``events[0]``, ``events[1]``, …).

    Examples
    --------
    >>> dice_sequence_prob([{0}, {0}], exact=True)
    Fraction(361, 6561)
    """
    dice = deck_dice(dice, rules)
    ev = check_events(events, dice)
    check_bool("exact", exact)
    counts = deck_counts(dice)
    p = Fraction(1)
    for e in ev:
        p *= Fraction(sum(counts[t] for t in e), 3**dice)
    return p if exact else float(p)


def _streak(draws, run, step_probs, reset_points, exact):
    """P(some run of >= ``run`` consecutive hits) by DP over (hits in segment, run length).

    ``step_probs(h, i)`` gives P(hit) at draw i of its segment after h hits
    in that segment; ``reset_points`` are the draw indices where a new
    segment starts (the deck is reshuffled).
    """
    one = Fraction(1) if exact else 1.0
    states = {(0, 0): one}  # (hits in segment, current run) -> prob; done mass aside
    done = 0 * one
    seg_i = 0
    for d in range(draws):
        if d in reset_points:
            merged: dict = {}
            for (_h, r), p in states.items():
                merged[(0, r)] = merged.get((0, r), 0 * one) + p
            states = merged
            seg_i = 0
        nxt: dict = {}
        for (h, r), p in states.items():
            q = step_probs(h, seg_i)
            if q:
                if r + 1 >= run:
                    done += p * q
                else:
                    key = (h + 1, r + 1)
                    nxt[key] = nxt.get(key, 0 * one) + p * q
            if q != 1:
                key = (h, 0)
                nxt[key] = nxt.get(key, 0 * one) + p * (1 - q)
        states = nxt
        seg_i += 1
    return done


def _streak_args(event, run, draws, dice, exact):
    ev = check_events([event], dice)[0]
    run = LIMITS["run"].check(run, name="run")
    draws = LIMITS["draws"].check(draws, name="draws")
    check_bool("exact", exact)
    return ev, run, draws


def deck_streak_prob(
    event,
    run: int,
    draws: int,
    *,
    dice: int | None = None,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
    rules=None,
):
    """P(at least ``run`` consecutive draws in ``event`` somewhere in ``draws`` draws), deck.

    Exact, by dynamic programming over (event cards drawn since the shuffle,
    current run length): a hypergeometric chain, no enumeration of orderings.
    A run may span a reshuffle. Float mode is vectorized over those states.
    The work, ``draws × (event cards + 1) × run``, is capped (see
    :data:`~dicestats.fate.LIMITS`).

    Examples
    --------
    >>> fail = totals_where("fail", 0, 1)
    >>> round(deck_streak_prob(fail, 3, 10), 4), round(dice_streak_prob(fail, 3, 10), 4)
    (0.7386, 0.732)
    """
    dice, copies, size, start, reshuffle_at = deck_args(dice, copies, start, reshuffle_at, rules)
    ev, run, draws = _streak_args(event, run, draws, dice, exact)
    counts = deck_counts(dice, copies)
    hits = sum(counts[t] for t in ev)
    resets = set(range(reshuffle_at - start, draws, reshuffle_at))
    check_streak_work(hits, run, draws, reshuffle_at, exact)
    if not exact:
        return _deck_streak_float(draws, run, hits, size, reshuffle_at, resets)
    return _streak(draws, run, lambda h, i: Fraction(hits - h, size - i), resets, exact)


def check_streak_work(hits: int, run: int, draws: int, reshuffle_at: int, exact: bool) -> None:
    """Cap the deck streak chain: ``draws × (event cards + 1) × run`` state updates."""
    work = draws * (min(hits, reshuffle_at) + 1) * min(run, draws + 1)
    for key in ("draws × (event cards + 1) × run", "exact draws × (event cards + 1) × run"):
        LIMITS[key].check_work(work, name="draws", value=draws, exact=exact)


def _deck_streak_float(draws, run, hits, size, reshuffle_at, resets) -> float:
    """:func:`_streak` for the deck in float64, vectorized over (hits drawn, run)."""
    top = min(hits, reshuffle_at)
    prob = np.zeros((top + 1, run))
    prob[0, 0] = 1.0
    h = np.arange(top + 1, dtype=np.float64)
    done = 0.0
    seg_i = 0
    for d in range(draws):
        if d in resets:
            merged = prob.sum(axis=0)
            prob[:] = 0.0
            prob[0] = merged
            seg_i = 0
        q = np.clip((hits - h) / (size - seg_i), 0.0, 1.0)
        hit = prob * q[:, None]
        done += float(hit[:, run - 1].sum())
        nxt = np.zeros_like(prob)
        nxt[1:, 1:] = hit[:-1, :-1]
        nxt[:, 0] = (prob * (1.0 - q)[:, None]).sum(axis=1)
        prob = nxt
        seg_i += 1
    return min(done, 1.0)


def dice_streak_prob(
    event, run: int, draws: int, *, dice: int | None = None, exact: bool = False, rules=None
):
    """The same as :func:`deck_streak_prob` with independent dice rolls.

    Exact mode caps ``draws² × run`` (the exact numbers grow with the draws).

    Examples
    --------
    >>> dice_streak_prob({-4, -3, -2, -1, 0, 1, 2, 3, 4}, 3, 3)
    1.0
    """
    dice = deck_dice(dice, rules)
    ev, run, draws = _streak_args(event, run, draws, dice, exact)
    LIMITS["draws² × run"].check_work(
        draws * draws * min(run, draws), name="draws", value=draws, exact=exact
    )
    counts = deck_counts(dice)
    p = Fraction(sum(counts[t] for t in ev), 3**dice)
    p = p if exact else float(p)
    # The hit chance does not depend on earlier hits: "reshuffling" at every
    # draw keeps one state per run length (else the states grow with draws²).
    return _streak(draws, run, lambda h, i: p, set(range(draws)), exact)


# --------------------------------------------------------------------------- sums of draws
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
    (:func:`~dicestats.fate.deck_vs_dice`), each figure ``*_deck`` and ``*_dice``: the
    variance of the session's total (the draws' dice added up, bonus and difficulty left
    out), P(``run`` failures in a row somewhere; in the first ``run`` draws), the lowest
    and highest totals and their chances (closed form, any size), and the percentiles
    ``{q: t}`` of :data:`SESSION_PERCENTILES`, the totals' distributions ``totals_deck``
    and ``totals_dice`` (:class:`~dicestats.core.dist.Dist`) and, when asked for, the tails
    ``p_at_most_*`` = P(total <= ``at_most``) and ``p_at_least_*`` = P(total >=
    ``at_least``) (None when too large to count: ``totals_note`` says why).
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
    totals_deck: object = None
    totals_dice: object = None
    at_most: int | None = None
    p_at_most_deck: object = None
    p_at_most_dice: object = None
    at_least: int | None = None
    p_at_least_deck: object = None
    p_at_least_dice: object = None

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
        header, kinds = ("quantity", "deck", "dice"), ("text", "p", "p")
        streak = (self.p_fail_streak_deck, self.p_fail_streak_dice)
        first = (self.p_all_fail_deck, self.p_all_fail_dice)
        rows = (f"P({self.run} failures in a row, anywhere)", *streak)
        rows = (rows, (f"P(the first {self.run} all fail)", *first))
        streaks = Table(header, rows, kinds, exact_of=(1, 2))
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
                row_kinds.append(None)
        for op, k, deck, dice in (
            ("<=", self.at_most, self.p_at_most_deck, self.p_at_most_dice),
            (">=", self.at_least, self.p_at_least_deck, self.p_at_least_dice),
        ):
            if k is not None and deck is not None:
                rows.append((f"P(total {op} {k:+d})", deck, dice))
                row_kinds.append("p")
        note = self.totals_note and f"percentiles not counted: {self.totals_note}"
        totals = Table(
            header,
            tuple(rows),
            kinds,
            exact_of=(1, 2),
            row_kinds=tuple(row_kinds),
            note=note,
            title="The session's total: the draws' dice added up (bonus and difficulty left out)",
        )
        return View(title, (streaks, totals))


def compute_deck_vs_dice(s, exact: bool) -> DeckVsDice:
    """A session with the deck against dice (:func:`dicestats.fate.deck_vs_dice`)."""
    draws, run, fail, rules, copies = s.draws, s.run, s.fail, s.rules, s.copies
    deck = {"copies": copies, "reshuffle_at": s.reshuffle_at, "exact": exact, "rules": rules}
    dice, size = s.dice, s.size
    low, p_low = _deck_extremes(
        draws, deck_counts(dice, copies), size, segments(draws, 0, s.reshuffle_every)
    )
    p_dice = Fraction(1, 3 ** (dice * draws))
    try:  # the distributions of the session's total, unless a work cap stops them
        total_deck = deck_sum_dist(draws, **deck)
        total_dice, note = fate_dice(exact=exact, rules=rules).repeat_sum(draws), None
    except InputError as exc:
        total_deck = total_dice = None
        note = str(exc)
    tails = {}
    if total_deck is not None:
        for name, k in (("at_most", s.at_most), ("at_least", s.at_least)):
            if k is None:
                continue
            p = (lambda d, k=k: d.cdf(k)) if name == "at_most" else (lambda d, k=k: d.p_ge(k))
            tails.update(
                {name: k, f"p_{name}_deck": p(total_deck), f"p_{name}_dice": p(total_dice)}
            )
    else:
        tails = {"at_most": s.at_most, "at_least": s.at_least}
    return DeckVsDice(
        **given(s, "draws", "bonus", "difficulty", "run", "dice", "copies", "reshuffle_at"),
        var_sum_deck=deck_sum_var(draws, **deck),
        var_sum_dice=dice_sum_var(draws, exact=exact, rules=rules),
        p_fail_streak_deck=deck_streak_prob(fail, run, draws, **deck),
        p_fail_streak_dice=dice_streak_prob(fail, run, draws, exact=exact, rules=rules),
        p_all_fail_deck=deck_sequence_prob([fail] * run, **deck),
        p_all_fail_dice=dice_sequence_prob([fail] * run, exact=exact, rules=rules),
        min_deck=low,
        max_deck=-low,
        p_min_deck=num(p_low, exact),
        p_max_deck=num(p_low, exact),
        min_dice=-dice * draws,
        max_dice=dice * draws,
        p_min_dice=num(p_dice, exact),
        p_max_dice=num(p_dice, exact),
        percentiles_deck=None if total_deck is None else _percentiles(total_deck),
        percentiles_dice=None if total_dice is None else _percentiles(total_dice),
        totals_note=note,
        exact=exact,
        totals_deck=total_deck,
        totals_dice=total_dice,
        **tails,
    )
