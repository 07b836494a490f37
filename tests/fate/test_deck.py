"""The Deck of Fate against dice: listed cards, orderings and independent chains."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from dicestats import fate

from .oracle import (
    FACES,
    brute_deck_sequences,
    brute_dice,
    brute_streak_2df,
    deck_cards,
    run_length_chain,
)

F = Fraction


def test_deck_counts_by_listing_cards():
    cards = deck_cards()
    assert len(cards) == 81
    assert fate.deck_counts() == {t: cards.count(t) for t in range(-4, 5)}


def test_three_failures_in_a_row_by_enumerating_ordered_draws():
    cards = np.array(deck_cards())
    idx = np.array(list(itertools.permutations(range(81), 3)))  # 81*80*79 ordered draws
    totals = cards[idx]
    for bonus, diff in [(1, 0), (0, 1), (2, 3)]:
        fail = fate.totals_where("fail", bonus, diff)
        is_fail = np.isin(totals, list(fail))
        count = int(np.all(is_fail, axis=1).sum())
        assert fate.deck_sequence_prob([fail] * 3, exact=True) == F(count, len(idx))
        # dice: independent
        k = sum(t in fail for t in deck_cards())
        assert fate.dice_sequence_prob([fail] * 3, exact=True) == F(k, 81) ** 3
    # mixed events: fail, then success with style, then a tie
    ev = [fate.totals_where("fail", 0, 0), {3, 4}, {0}]
    mask = np.isin(totals[:, 0], list(ev[0])) & np.isin(totals[:, 1], [3, 4]) & (totals[:, 2] == 0)
    assert fate.deck_sequence_prob(ev, exact=True) == F(int(mask.sum()), len(idx))


@pytest.mark.parametrize(
    "dice,copies,start,reshuffle_at,m",
    [(1, 1, 0, 3, 3), (1, 2, 0, 6, 4), (1, 2, 2, 4, 4), (1, 1, 1, 3, 4)],
)
def test_deck_sequences_and_streaks_with_reshuffle(dice, copies, start, reshuffle_at, m):
    seqs = brute_deck_sequences(dice, copies, start, reshuffle_at, m)
    kw = {"dice": dice, "copies": copies, "start": start, "reshuffle_at": reshuffle_at}
    low = {-1}
    # a fixed sequence of events
    ev = [low, {0, 1}, low, {-1, 0}][:m]
    count = sum(all(s[i] in ev[i] for i in range(m)) for s in seqs)
    assert fate.deck_sequence_prob(ev, exact=True, **kw) == F(count, len(seqs))

    # streaks of 2 lows somewhere
    def has_run(s, r):
        run = 0
        for t in s:
            run = run + 1 if t in low else 0
            if run >= r:
                return True
        return False

    for r in (1, 2, 3):
        count = sum(has_run(s, r) for s in seqs)
        assert fate.deck_streak_prob(low, r, m, exact=True, **kw) == F(count, len(seqs))
    # the variance of the sum: closed form against the listed sequences
    sums = [sum(s) for s in seqs]
    mean = F(sum(sums), len(sums))
    var = sum((x - mean) ** 2 for x in sums) / len(sums)
    assert fate.deck_sum_var(m, exact=True, **kw) == var
    sd = fate.deck_sum_dist(m, exact=True, **kw)
    for x in set(sums):
        assert sd.pmf(x) == F(sums.count(x), len(sums))


def test_deck_streaks_9_card_deck_by_all_permutations():
    cards = np.array(deck_cards(2))  # 9 cards
    perms = np.array(list(itertools.permutations(range(9))))
    seq = cards[perms]  # 362880 x 9 totals
    ev = {-2, -1}
    hit = np.isin(seq, list(ev))
    for r in (2, 3):
        run = np.zeros(len(seq), dtype=int)
        found = np.zeros(len(seq), dtype=bool)
        for i in range(9):
            run = np.where(hit[:, i], run + 1, 0)
            found |= run >= r
            got = fate.deck_streak_prob(ev, r, i + 1, dice=2, exact=True)
            assert got == F(int(found.sum()), len(seq))


@pytest.mark.parametrize(
    ("event", "run", "draws", "start", "reshuffle_at"),
    [
        ({-2, -1}, 2, 5, 0, 9),
        ({-2, -1, 0}, 3, 6, 2, 5),
        ({0, 1}, 1, 4, 0, 2),
        ({-1, 1, 2}, 2, 6, 3, 4),
        ({-2}, 2, 5, 0, 9),
    ],
)
def test_deck_streak_float_and_exact_against_enumeration(event, run, draws, start, reshuffle_at):
    exp = brute_streak_2df(event, run, draws, start, reshuffle_at)
    kw = {"dice": 2, "start": start, "reshuffle_at": reshuffle_at}
    assert fate.deck_streak_prob(event, run, draws, exact=True, **kw) == exp
    assert abs(fate.deck_streak_prob(event, run, draws, **kw) - float(exp)) < 1e-12


def test_dice_streak_by_enumeration():
    ev = {-1}
    for m in range(0, 8):
        count = 0
        for faces in itertools.product(FACES, repeat=m):
            run = best = 0
            for f in faces:
                run = run + 1 if f in ev else 0
                best = max(best, run)
            count += best >= 2
        assert fate.dice_streak_prob(ev, 2, m, dice=1, exact=True) == F(count, 3**m)


def test_dice_streak_long_session_against_run_length_chain():
    # The dice chain once kept one state per (hits so far, run): minutes for 10,000 draws.
    fail = fate.totals_where("fail", 0, 1)
    counts = brute_dice(4)
    p = sum(counts[t] for t in fail) / 81
    assert abs(fate.dice_streak_prob(fail, 6, 3000) - run_length_chain(p, 6, 3000)) < 1e-12
    ex = fate.dice_streak_prob(fail, 3, 40, exact=True)
    assert abs(fate.dice_streak_prob(fail, 3, 40) - float(ex)) < 1e-12


def test_deck_streak_size_is_capped_with_a_clear_error():
    fail = fate.totals_where("fail", 0, 0)
    with pytest.raises(ValueError, match="draws must be small enough"):
        fate.deck_streak_prob(fail, 100, 10_000, copies=100)
    with pytest.raises(ValueError, match="exact mode"):
        fate.deck_streak_prob(fail, 3, 10_000, exact=True)
    with pytest.raises(ValueError, match="draws² × run"):
        fate.dice_streak_prob(fail, 3, 10_000, exact=True)
    with pytest.raises(ValueError, match="run"):
        fate.dice_streak_prob(fail, 101, 10)


def test_a_run_outside_the_session_names_the_sessions_range():
    # a run of 0 in a session of 10 draws named 1..100, a run of 11 named 1..10
    for run, words in [(0, r"1\.\.10, got 0"), (11, r"1\.\.10 \(the session's draws\)")]:
        with pytest.raises(ValueError, match=f"run must be an integer in {words}"):
            fate.deck_vs_dice(10, run=run)
    with pytest.raises(ValueError, match=r"run must be an integer in 1\.\.100, got 0"):
        fate.deck_vs_dice(500, run=0)
    with pytest.raises(TypeError, match="run"):
        fate.deck_vs_dice(10, run=True)


def test_deck_sum_var_against_ordered_pairs_and_triples():
    cards = np.array(deck_cards(), dtype=np.int64)
    for m in (2, 3):
        idx = np.array(list(itertools.permutations(range(81), m)))
        sums = cards[idx].sum(axis=1)
        n = len(sums)
        s1, s2 = int(sums.sum()), int((sums**2).sum())
        var = F(s2, n) - F(s1, n) ** 2
        assert fate.deck_sum_var(m, exact=True) == var
        assert fate.deck_sum_dist(m, exact=True).var() == var
        assert fate.dice_sum_var(m, exact=True) == F(8 * m, 3)
    assert fate.deck_sum_var(81) == 0.0
    # with a reshuffle every 40 cards, 81 draws are three independent runs (40, 40, 1)
    v = fate.deck_sum_var(81, reshuffle_at=40, exact=True)
    sigma2 = F(8, 3)
    assert v == 2 * 40 * sigma2 * F(81 - 40, 80) + sigma2


def test_deck_vs_dice_summary_and_bad_input():
    r = fate.deck_vs_dice(30, 0, 1, run=3, exact=True)
    assert r.var_sum_deck < r.var_sum_dice
    assert 0 < r.p_all_fail_deck < r.p_all_fail_dice
    assert r.p_fail_streak_dice == fate.dice_streak_prob(
        fate.totals_where("fail", 0, 1), 3, 30, exact=True
    )
    assert r.as_dict()["p_all_fail_dice"] == F(50, 81) ** 3
    with pytest.raises(ValueError, match="reshuffle_at"):
        fate.deck_sequence_prob([{0}], reshuffle_at=82)
    with pytest.raises(ValueError, match="events"):
        fate.deck_sequence_prob([{9}])
    with pytest.raises(TypeError, match="events"):
        fate.deck_sequence_prob("fail")
    with pytest.raises(ValueError, match="outcome"):
        fate.totals_where("win")
    with pytest.raises(ValueError, match="draws"):
        fate.deck_vs_dice(0)


def test_totals_where_groups():
    assert fate.totals_where("success_or_better", 0, 0) == frozenset({1, 2, 3, 4})
    assert fate.totals_where(["tie", "style"], 0, 0) == frozenset({0, 3, 4})
    assert fate.totals_where("tie_or_better", 0, 0) == frozenset(range(0, 5))


def test_float_results_agree_with_exact():
    def close(a, b):
        assert isinstance(a, float)
        assert abs(a - float(b)) <= 1e-12

    ev = fate.totals_where("fail", 1, 2)
    kw = {"copies": 2, "reshuffle_at": 100, "start": 30}
    close(
        fate.deck_streak_prob(ev, 4, 60, **kw), fate.deck_streak_prob(ev, 4, 60, exact=True, **kw)
    )
    close(fate.dice_streak_prob(ev, 4, 60), fate.dice_streak_prob(ev, 4, 60, exact=True))
    close(
        fate.deck_sequence_prob([ev, {0}], **kw),
        fate.deck_sequence_prob([ev, {0}], exact=True, **kw),
    )
    close(fate.deck_sum_var(90, **kw), fate.deck_sum_var(90, exact=True, **kw))
    assert fate.deck_sum_dist(5).isclose(fate.deck_sum_dist(5, exact=True), atol=1e-12)
