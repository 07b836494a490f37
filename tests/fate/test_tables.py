"""Tests of dicestats.tables: formatting helpers and the frames behind the charts."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from dicestats import tables as T


# ---------------------------------------------------------------- brute force helpers
def fate_counts(n=4):
    """{total: number of ordered face combinations} for n Fate dice."""
    out = {}
    for faces in itertools.product((-1, 0, 1), repeat=n):
        out[sum(faces)] = out.get(sum(faces), 0) + 1
    return out


def fate_outcome_brute(margin, n=4):
    """Exact fail/tie/success/style for total = dice + margin vs 0."""
    c = fate_counts(n)
    den = 3**n
    res = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for tot, k in c.items():
        s = tot + margin
        key = "fail" if s < 0 else "tie" if s == 0 else "success" if s < 3 else "style"
        res[key] += k
    return {k: Fraction(v, den) for k, v in res.items()}


def opposed_brute(r, o):
    """Exact outcome of 4dF + r against 4dF + o, by enumerating both rolls."""
    c = fate_counts(4)
    res = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for a, ka in c.items():
        for b, kb in c.items():
            s = (a + r) - (b + o)
            key = "fail" if s < 0 else "tie" if s == 0 else "success" if s < 3 else "style"
            res[key] += ka * kb
    return {k: Fraction(v, 81 * 81) for k, v in res.items()}


# ---------------------------------------------------------------- Fate frames
def test_fate_distribution_matches_enumeration():
    df = T.fate_distribution(exact=True)
    c = fate_counts(4)
    assert df["total"].tolist() == list(range(-4, 5))
    assert df["p"].tolist() == [Fraction(c[t], 81) for t in range(-4, 5)]
    ge = [Fraction(sum(c[u] for u in range(t, 5)), 81) for t in range(-4, 5)]
    assert df["p_at_least"].tolist() == ge
    flt = T.fate_distribution(dice=3)
    c3 = fate_counts(3)
    assert flt["p"].tolist() == pytest.approx([c3[t] / 27 for t in range(-3, 4)], abs=1e-12)


@pytest.mark.parametrize("rating", [0, 2, 3])
def test_fate_outcomes_match_enumeration(rating):
    df = T.fate_outcomes(rating, range(-2, 7), exact=True)
    assert df["difficulty"].tolist() == list(range(-2, 7))
    for row in df.itertuples(index=False):
        want = fate_outcome_brute(rating - row.difficulty)
        assert (row.fail, row.tie, row.success, row.style) == tuple(want.values())


def test_fate_odds_by_margin_matches_enumeration():
    df = T.fate_odds_by_margin(range(-5, 6), exact=True)
    for row in df.itertuples(index=False):
        want = fate_outcome_brute(row.margin)
        assert row.fail == want["fail"] and row.style == want["style"]
        assert row.p_tie_or_better == 1 - want["fail"]
        assert row.p_success_or_better == want["success"] + want["style"]


def test_fate_opposed_matches_enumeration():
    df = T.fate_opposed([0, 2], [0, 1], exact=True)
    assert len(df) == 4
    for row in df.itertuples(index=False):
        want = opposed_brute(row.rating, row.opposition)
        assert row.tie == want["tie"]
        assert row.win == want["success"] + want["style"]


def test_fate_contest_symmetry_and_monotone():
    df = T.fate_contest(range(-2, 3), exact=True)
    win = dict(zip(df["gap"], df["win"], strict=True))
    assert win[0] == Fraction(1, 2)
    for g in (1, 2):
        assert win[g] + win[-g] == 1  # the contest is symmetric
        assert win[g] > win[g - 1]
    assert (df["expected_exchanges"] >= 2).all()  # 3 victories need at least 2 exchanges


def test_fate_invokes_frame():
    df = T.fate_invokes(0, [2], exact=True)
    got = dict(zip(df["policy"], df["success"], strict=True))
    assert set(got) == set(T.INVOKE_POLICIES)
    # Never invoking: 4dF >= 3 (success at difficulty 2 with rating 0): (4 + 1) / 81.
    assert got["never invoke"] == Fraction(5, 81)
    # Always +2: 4dF >= 1: (16 + 10 + 4 + 1) / 81.
    assert got["always +2"] == Fraction(31, 81)
    assert got["optimal (+2 or reroll)"] >= max(got["always +2"], got["rerolls only"])


def test_fate_invoke_plan_table():
    plan = T.fate_invoke_plan(0, 2, invokes=2)
    assert plan.columns.tolist() == ["dice total", "1 invoke", "2 invokes"]
    assert plan["dice total"].tolist() == ["+4", "+3", "+2", "+1", "0", "-1", "-2", "-3", "-4"]
    by = plan.set_index("dice total")
    # +3 already succeeds against 2 with rating 0: keep; +1 needs exactly one +2.
    assert by.loc["+3", "1 invoke"] == "keep"
    assert by.loc["+1", "1 invoke"] == "+2"
