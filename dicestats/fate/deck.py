"""The Deck of Fate against dice: sequences and streaks of draws.

The deck has one card per ordered face combination (81 cards for 4 faces),
so a single draw is exactly 4dF; drawing *without replacement* until the
reshuffle makes draws dependent. Everything here is exact by counting
(hypergeometric dynamic programming, never an enumeration of orderings);
float mode is vectorized where it pays. Sums of draws are in
:mod:`dicestats.fate.deck_sums`.

Examples
--------
>>> deck_counts()
{-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from ..core.checks import check_bool, check_choice, check_int, refuse
from ..core.dist import convolve_int
from .dice import OUTCOMES
from .limits import LIMITS
from .outcomes import classify
from .rules import resolve

__all__ = [
    "deck_counts",
    "totals_where",
    "deck_sequence_prob",
    "dice_sequence_prob",
    "deck_streak_prob",
    "dice_streak_prob",
]

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
    c = [1]
    for _ in range(dice):
        c = convolve_int(c, [1, 1, 1])
    return {t - dice: copies * w for t, w in enumerate(c)}


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
    segs = []
    pos = start % reshuffle_at
    left = m
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append(take)
        left -= take
        pos = 0
    return segs


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
    cells: dict = {}
    for t in totals:
        cells.setdefault(sig[t], 0)
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
