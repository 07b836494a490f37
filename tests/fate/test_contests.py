"""Challenges, exchanges and contests against enumeration and recursion over victory counts."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats import fate
from dicestats.cli import main

from .oracle import (
    FACES,
    brute_contest,
    brute_contest_moments,
    brute_dice,
    brute_exchange,
    brute_exchanges_pmf,
)

F = Fraction


def as_moves(e) -> dict:
    """An ExchangeProbs in the oracle's shape: {(i, victories): p, "tie": p}, zeros left out."""
    out = {"tie": e.p_tie}
    for i, (win, style) in enumerate(zip(e.p_win, e.p_style, strict=True)):
        out[(i, 1)], out[(i, 2)] = win - style, style
    return {k: v for k, v in out.items() if v}


# --------------------------------------------------------------------------
# Challenges
# --------------------------------------------------------------------------
def test_challenge_against_enumeration_of_all_rolls():
    diffs, bonuses = [1, 3], [2, 1]
    counts: dict = {}
    for f1 in itertools.product(FACES, repeat=4):
        for f2 in itertools.product(FACES, repeat=4):
            wins = (sum(f1) + 2 - 1 >= 1) + (sum(f2) + 1 - 3 >= 1)
            counts[wins] = counts.get(wins, 0) + 1
    r = fate.challenge(diffs, bonuses, exact=True)
    for k in range(3):
        assert r.successes.pmf(k) == F(counts.get(k, 0), 6561)
    assert r.p_all == F(counts[2], 6561)
    assert r.p_at_least[1] == F(counts[1] + counts[2], 6561)


def test_challenge_three_rolls_2df_ties_count():
    diffs = [0, 1, -1]
    counts: dict = {}
    for faces in itertools.product(FACES, repeat=6):
        rolls = [sum(faces[0:2]), sum(faces[2:4]), sum(faces[4:6])]
        wins = sum(r - d >= 0 for r, d in zip(rolls, diffs, strict=True))
        counts[wins] = counts.get(wins, 0) + 1
    r = fate.challenge(diffs, 0, count="tie", dice=2, exact=True)
    for k in range(4):
        assert r.successes.pmf(k) == F(counts.get(k, 0), 729)
    ruled = fate.challenge(diffs, 0, rules=fate.Rules(dice=2, challenge_count="tie"), exact=True)
    assert ruled == r
    assert set(r.as_dict()) >= {"successes", "p_per_roll", "p_all", "p_at_least"}
    with pytest.raises(ValueError, match="bonuses"):
        fate.challenge([1, 2], [1, 2, 3])


def test_challenge_float_agrees_with_exact():
    ch_f, ch_e = fate.challenge([1, 2, 4], 2), fate.challenge([1, 2, 4], 2, exact=True)
    assert isinstance(ch_f.p_all, float)
    assert abs(ch_f.p_all - float(ch_e.p_all)) <= 1e-12
    assert ch_f.successes.isclose(ch_e.successes, atol=1e-12)


# --------------------------------------------------------------------------
# Exchanges and contests
# --------------------------------------------------------------------------
@pytest.mark.parametrize("a,b", [(0, 0), (2, 0), (1, 3), (3, -1)])
def test_contest_two_sides_against_recursion(a, b):
    wins, steps = brute_contest((a, b))
    c = fate.contest(a, b, exact=True)
    assert c.p_win == wins
    assert c.p_lose == wins[1]
    assert c.mean_exchanges == steps
    assert sum(c.p_win) == 1
    fl = fate.contest(a, b)
    assert abs(fl.p_win[0] - float(wins[0])) <= 1e-12
    assert abs(fl.mean_exchanges - float(steps)) <= 1e-12


def test_exchange_probs_against_faces():
    # list all 8 dice face by face for two participants
    rolls = list(itertools.product(FACES, repeat=8))
    counts: dict = {}
    for f in rolls:
        s0, s1 = sum(f[:4]) + 1, sum(f[4:])
        if s0 == s1:
            key = "tie"
        else:
            i = 0 if s0 > s1 else 1
            key = (i, 2 if abs(s0 - s1) >= 3 else 1)
        counts[key] = counts.get(key, 0) + 1
    ref = {k: F(v, 6561) for k, v in counts.items()}
    got = fate.exchange_probs(1, 0, exact=True)
    assert as_moves(got) == ref
    assert got.p_tie + sum(got.p_win) == 1


def test_contest_three_participants_and_victories():
    wins, steps = brute_contest((1, 0, 2), victories=2)
    c = fate.contest(1, [0, 2], victories=2, exact=True)
    assert c.p_win == wins
    assert c.mean_exchanges == steps
    wins6, steps6 = brute_contest((0, 1), victories=3, dice=6)
    c6 = fate.contest(0, 1, dice=6, exact=True)
    assert c6.p_win == wins6 and c6.mean_exchanges == steps6
    ruled = fate.contest(1, [0, 2], rules=fate.Rules(victories=2), exact=True)
    assert ruled.p_win == wins


def test_long_exact_contest_matches_recursion():
    # Long contests used to hang (exact) or die with a MemoryError; now sparse.
    pw, es = brute_contest((1, 0), victories=12)
    c = fate.contest(1, 0, victories=12, exact=True)
    assert c.p_win == pw
    assert c.mean_exchanges == es
    cf = fate.contest(1, 0, victories=12)
    assert abs(cf.p_win[0] - float(pw[0])) < 1e-12
    assert abs(cf.mean_exchanges - float(es)) < 1e-12


def test_three_participants_four_victories_match_recursion():
    pw, es = brute_contest((1, 0, -1), victories=4)
    c = fate.contest(1, [0, -1], victories=4, exact=True)
    assert c.p_win == pw
    assert c.mean_exchanges == es


def test_contest_exchange_distribution_by_forward_iteration():
    pmf, p_more = brute_exchanges_pmf((1, 0), 10)
    c = fate.contest(1, 0, max_exchanges=10, exact=True)
    assert c.exchanges == pmf
    assert c.p_more_exchanges == p_more
    assert c.exchanges[1] == 0  # nobody can reach 3 victories in one exchange
    d = c.as_dict()
    assert set(d) >= {"p_win", "p_lose", "mean_exchanges", "exchanges", "exchange"}


def test_contest_tie_rule_any_for_three():
    # literal reading: any tie among the totals stops everyone scoring
    totals = brute_dice(4)
    den = 81**3
    ref: dict = {}
    for combo in itertools.product(sorted(totals), repeat=3):
        w = F(math.prod(totals[t] for t in combo), den)
        sc = [combo[0] + 1, combo[1], combo[2] - 1]
        if len(set(sc)) < 3:
            key = "tie"
        else:
            top = max(sc)
            i = sc.index(top)
            key = (i, 2 if all(top - x >= 3 for j, x in enumerate(sc) if j != i) else 1)
        ref[key] = ref.get(key, 0) + w
    got = fate.exchange_probs(1, [0, -1], tie_rule="any", exact=True)
    assert as_moves(got) == ref
    assert sum(fate.contest(1, [0, -1], tie_rule="any", exact=True).p_win) == 1
    assert fate.contest(1, [0, -1], rules=fate.Rules(tie_rule="any"), exact=True).exchange == got
    # two participants: both readings agree
    assert as_moves(fate.exchange_probs(1, 0, tie_rule="any")) == as_moves(
        fate.exchange_probs(1, 0)
    )


def test_exchange_style_threshold():
    # with style from 5 shifts, +1 against +0 on 4dF wins with style only on a gap of 5+
    e = fate.exchange_probs(1, 0, style_shifts=5, exact=True)
    ref = brute_exchange((1, 0))
    assert e.p_win[0] == ref[(0, 1)] + ref[(0, 2)]
    assert e.p_style[0] < ref[(0, 2)]


@settings(max_examples=15, deadline=None)
@given(a=st.integers(-3, 4), b=st.integers(-3, 4), v=st.integers(1, 4))
def test_contest_symmetry_and_monotonicity(a, b, v):
    ab = fate.contest(a, b, victories=v, exact=True)
    ba = fate.contest(b, a, victories=v, exact=True)
    assert ab.p_win == ba.p_win[::-1]
    assert ab.mean_exchanges == ba.mean_exchanges
    assert sum(ab.p_win) == 1
    up = fate.contest(a + 1, b, victories=v, exact=True)
    assert up.p_win[0] > ab.p_win[0]


def test_contest_bad_input():
    with pytest.raises(ValueError, match="victories"):
        fate.contest(0, 0, victories=0)
    with pytest.raises(ValueError, match="versus"):
        fate.contest(0, [])
    with pytest.raises(ValueError, match="versus"):
        fate.contest(0, "Heroic")
    with pytest.raises(ValueError, match="tie_rule"):
        fate.contest(0, 0, tie_rule="some")


def test_contest_size_is_capped_with_a_clear_error():
    with pytest.raises(ValueError, match="victories must be small enough"):
        fate.contest(0, [0, 0], victories=50)
    with pytest.raises(ValueError, match="exact mode"):
        fate.contest(0, [0, 0], victories=30, exact=True)
    with pytest.raises(ValueError, match="max_exchanges"):
        fate.contest(0, 0, victories=50, max_exchanges=1000, exact=True)
    with pytest.raises(ValueError, match="participants²"):
        fate.contest(0, [0] * 5, victories=4, exact=True)
    with pytest.raises(ValueError, match="participants must be small enough"):
        fate.exchange_probs(0, [0] * 6, dice=12)


def test_cli_contest_bad_sizes_are_one_line(capsys):
    assert main(["contest", "--bonus", "0", "--vs", "0", "--vs", "0", "--victories", "50"]) == 2
    err = capsys.readouterr().err
    assert "victories" in err and "Traceback" not in err and err.count("\n") == 1


def test_three_participants_float_agrees_with_exact():
    c3f, c3e = fate.contest(2, [0, 1]), fate.contest(2, [0, 1], exact=True)

    def close(a, b):
        assert isinstance(a, float)
        assert abs(a - float(b)) <= 1e-12

    for a, b in zip(c3f.p_win, c3e.p_win, strict=True):
        close(a, b)
    close(c3f.mean_exchanges, c3e.mean_exchanges)
    close(c3f.var_exchanges, c3e.var_exchanges)
    for n, p in c3e.exchanges.items():
        close(c3f.exchanges[n], p)


def test_contest_variance_by_recursion():
    e1, e2 = brute_contest_moments((1, 0))
    c = fate.contest(1, 0, exact=True)
    assert c.mean_exchanges == e1
    assert c.var_exchanges == e2 - e1**2
