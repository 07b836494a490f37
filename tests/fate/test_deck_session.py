"""The session total of ``deck_vs_dice``: extremes and percentiles against enumeration,
and the ``deck`` command's text (``--exact`` honoured)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from dicestats import fate
from dicestats.cli import main

from .oracle import FACES, brute_deck_sequences

F = Fraction


def _summary(totals: Counter) -> dict:
    """Extremes and percentiles of an enumerated distribution {total: count}."""
    n = sum(totals.values())
    lo, hi = min(totals), max(totals)
    pct, acc = {}, 0
    for t in sorted(totals):
        acc += totals[t]
        for q in (5, 25, 50, 75, 95):
            if q not in pct and F(acc, n) >= F(q, 100):
                pct[q] = t
    return {"min": lo, "max": hi, "p_min": F(totals[lo], n), "p_max": F(totals[hi], n), "pct": pct}


@pytest.mark.parametrize(
    "draws,copies,reshuffle_at", [(3, 1, None), (4, 1, None), (5, 1, 4), (3, 2, None), (6, 1, None)]
)
def test_session_extremes_and_percentiles_match_enumeration(draws, copies, reshuffle_at):
    rules = fate.Rules(dice=2)  # a 9-card deck per copy: every ordering can be listed
    size = 9 * copies
    seqs = brute_deck_sequences(2, copies, 0, reshuffle_at or size, draws)
    deck = _summary(Counter(sum(s) for s in seqs))
    dice = _summary(Counter(sum(r) for r in itertools.product(FACES, repeat=2 * draws)))
    r = fate.deck_vs_dice(
        draws, 0, 0, run=1, copies=copies, reshuffle_at=reshuffle_at, exact=True, rules=rules
    )
    assert (r.min_deck, r.max_deck, r.p_min_deck, r.p_max_deck) == (
        deck["min"], deck["max"], deck["p_min"], deck["p_max"],
    )  # fmt: skip
    assert r.percentiles_deck == deck["pct"]
    assert (r.min_dice, r.max_dice, r.p_min_dice, r.p_max_dice) == (
        dice["min"], dice["max"], dice["p_min"], dice["p_max"],
    )  # fmt: skip
    assert r.percentiles_dice == dice["pct"]
    assert r.totals_note is None
    # the whole distributions, and a tail asked for, as counted
    deck_counts = Counter(sum(s) for s in seqs)
    assert dict(r.totals_deck.items()) == {t: F(c, len(seqs)) for t, c in deck_counts.items()}
    t = fate.deck_vs_dice(draws, 0, 0, run=1, copies=copies, reshuffle_at=reshuffle_at,
                          at_most=-1, at_least=2, exact=True, rules=rules)  # fmt: skip
    below = sum(c for t_, c in deck_counts.items() if t_ <= -1)
    assert (t.p_at_most_deck, t.p_at_least_dice) == (F(below, len(seqs)), r.totals_dice.p_ge(2))
    f = fate.deck_vs_dice(draws, 0, 0, run=1, copies=copies, reshuffle_at=reshuffle_at, rules=rules)
    assert f.percentiles_deck == r.percentiles_deck and f.min_deck == r.min_deck
    assert abs(f.p_min_deck - float(r.p_min_deck)) <= 1e-12


def test_whole_deck_always_sums_to_zero():
    r = fate.deck_vs_dice(81, 0, 0, exact=True)
    assert r.min_deck == r.max_deck == 0 and r.p_min_deck == 1
    assert set(r.percentiles_deck.values()) == {0}


def test_four_df_lowest_closed_form():
    # the lowest 20 of the 81 cards: one -4, four -3, ten -2 and five of the sixteen -1
    r = fate.deck_vs_dice(20, 0, 1, exact=True)
    assert r.min_deck == -4 - 12 - 20 - 5
    assert r.p_min_deck == F(16 * 15 * 14 * 13 * 12 // 120, 1) / _comb(81, 20)
    assert r.min_dice == -80 and r.p_min_dice == F(1, 3**80)


def _comb(n, k):
    from math import comb

    return comb(n, k)


def test_too_large_to_count_is_said_not_hidden():
    # exact sums of 4dF over 3000 draws exceed the exact-sum-digits cap (600 did before
    # the sums used GMP): percentiles are None, the extremes (closed form) are still
    # there and the note says why
    r = fate.deck_vs_dice(3000, 0, 1, run=1, exact=True)
    assert r.percentiles_deck is None and r.percentiles_dice is None
    assert "exact" in r.totals_note
    assert r.min_dice == -12000 and r.p_min_dice == F(1, 3**12000)
    assert fate.deck_vs_dice(600, 0, 1, run=1, exact=True).percentiles_dice is not None


def test_deck_json_has_the_new_keys(capsys):
    assert main(["deck", "--draws", "10", "--difficulty", "1", "--json", "--exact"]) == 0
    d = json.loads(capsys.readouterr().out)
    for key in ("min_deck", "max_deck", "p_min_deck", "percentiles_deck", "percentiles_dice"):
        assert key in d
    assert d["percentiles_deck"]["50"] == 0
    assert d["p_min_dice"] == f"1/{3**40}"


def test_deck_text_shows_extremes_percentiles_and_exact_columns(capsys):
    assert main(["deck", "--draws", "10", "--difficulty", "1", "--exact"]) == 0
    out = capsys.readouterr().out
    for text in ("lowest", "highest", "P(lowest)", "median", "95th percentile", "deck exact"):
        assert text in out
    r = fate.deck_vs_dice(10, 0, 1, exact=True)
    assert str(r.p_all_fail_deck) in out and str(r.var_sum_deck) in out
    assert main(["deck", "--draws", "10", "--difficulty", "1"]) == 0
    assert "deck exact" not in capsys.readouterr().out


def test_deck_exact_too_large_is_refused_in_one_line(capsys):
    assert main(["deck", "--draws", "5000", "--exact"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "exact" in err


def test_a_tail_of_the_sessions_total_deck_against_dice(capsys):
    """The designer's question: P(a 20-draw session totals -10 or less), deck vs dice."""
    r = fate.deck_vs_dice(20, at_most=-10, at_least=10, exact=True)
    assert r.p_at_most_deck == sum(p for t, p in r.totals_deck.items() if t <= -10)
    assert r.p_at_most_dice == r.totals_dice.cdf(-10)
    assert r.p_at_least_deck == r.p_at_most_deck  # a symmetric total
    assert sum(r.totals_deck.fractions()) == 1 and r.totals_deck.support() == (-41, 41)
    assert main(["deck", "--draws", "20", "--at-most", "-10"]) == 0
    assert "P(total <= -10)        6.84%        9.67%" in capsys.readouterr().out
    assert main(["deck", "--draws", "20", "--at-least", "81", "--json"]) == 2
    assert "at_least must be an integer in -80..80" in capsys.readouterr().err
