"""The Fate tables (tidy DataFrames) against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import tables as T

from .oracle import brute_dice, brute_outcome

OUTCOMES = ("p_fail", "p_tie", "p_success", "p_style")


def margin_brute(margin, n=4):
    """{p_fail: p, ...} for total = NdF + margin against 0, from the oracle."""
    return {f"p_{k}": v for k, v in brute_outcome(margin, difficulty=0, dice=n).items()}


def test_fate_distribution_matches_enumeration():
    df = T.fate_distribution(exact=True)
    c = brute_dice(4)
    assert df["total"].tolist() == list(range(-4, 5))
    assert df["p"].tolist() == [Fraction(c[t], 81) for t in range(-4, 5)]
    ge = [Fraction(sum(c[u] for u in range(t, 5)), 81) for t in range(-4, 5)]
    assert df["p_at_least"].tolist() == ge
    flt = T.fate_distribution(dice=3)
    c3 = brute_dice(3)
    assert flt["p"].tolist() == pytest.approx([c3[t] / 27 for t in range(-3, 4)], abs=1e-12)


@pytest.mark.parametrize("rating", [0, 2, 3])
def test_fate_outcomes_match_enumeration(rating):
    df = T.fate_outcomes(rating, range(-2, 7), exact=True)
    assert df["difficulty"].tolist() == list(range(-2, 7))
    assert list(df.columns) == [
        "difficulty", "difficulty_name", *OUTCOMES,
        "p_success_or_better", "p_tie_or_better", "mean_shifts",
    ]  # fmt: skip
    for row in df.itertuples(index=False):
        want = margin_brute(rating - row.difficulty)
        assert (row.p_fail, row.p_tie, row.p_success, row.p_style) == tuple(want.values())
        assert row.mean_shifts == rating - row.difficulty
    flt = T.fate_outcomes(rating, [0, 1])
    assert flt[list(OUTCOMES)].sum(axis=1).tolist() == pytest.approx([1.0, 1.0], abs=1e-12)


def test_fate_odds_by_margin_matches_enumeration():
    df = T.fate_odds_by_margin(range(-5, 6), exact=True)
    for row in df.itertuples(index=False):
        want = margin_brute(row.margin)
        assert row.p_fail == want["p_fail"] and row.p_style == want["p_style"]
        assert row.p_tie_or_better == 1 - want["p_fail"]
        assert row.p_success_or_better == want["p_success"] + want["p_style"]


def test_fate_opposed_matches_enumeration():
    df = T.fate_opposed([0, 2], [0, 1], exact=True)
    assert len(df) == 4
    for row in df.itertuples(index=False):
        want = brute_outcome(row.rating, opposed=row.versus)
        assert row.p_tie == want["tie"]
        assert row.p_success_or_better == want["success"] + want["style"]
        assert row.p_tie_or_better == 1 - want["fail"]


def test_fate_contest_symmetry_and_monotone():
    df = T.fate_contest(range(-2, 3), exact=True)
    win = dict(zip(df["gap"], df["p_win"], strict=True))
    assert win[0] == Fraction(1, 2)
    for g in (1, 2):
        assert win[g] + win[-g] == 1  # the contest is symmetric
        assert win[g] > win[g - 1]
    assert (df["mean_exchanges"] >= 2).all()  # 3 victories need at least 2 exchanges


def test_fate_invokes_frame():
    df = T.fate_invokes(0, [2], exact=True)
    got = dict(zip(df["policy"], df["p_reach"], strict=True))
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


# Issue 10: int() read 2.5 as 2, True as 1 and '33' as two rows of 3: each is refused now.
_BAD_LISTS = (
    (T.fate_contest, (), "gaps"),
    (T.fate_invokes, (0,), "difficulties"),
    (T.fate_odds_by_margin, (), "margins"),
    (lambda v: T.fate_opposed(v, [0]), (), "ratings"),
    (lambda v: T.fate_opposed([0], v), (), "versus"),
)


@pytest.mark.parametrize("builder, head, name", _BAD_LISTS)
@pytest.mark.parametrize("bad", [[3, 2.5], [3, True], "33", [3, "2"], 7])
def test_tables_refuse_lists_that_are_not_integers(builder, head, name, bad):
    from dicestats import InputError

    with pytest.raises(InputError, match=rf"^{name}(\[1\])? must be"):
        builder(*head, bad)


def test_fate_challenge_plans_match_enumeration():
    from .oracle import brute_challenge, brute_plans

    df = T.fate_challenge_plans([1, 3], 2, advantages=2, need=1, exact=True)
    assert list(df.columns) == ["plan", "advantages", "p_challenge", "gain"]
    assert sorted(df["plan"]) == sorted(brute_plans(2, 2))
    diffs = (1, 3)
    for row in df.itertuples(index=False):
        steps = [
            (s, 2, diffs[row.plan[:i].count("O")]) for i, s in enumerate(row.plan)
        ]  # an "A" rolls against the difficulty of the roll it prepares
        want = brute_challenge(steps)
        assert row.p_challenge == want[1] + want[2]
        assert row.advantages == row.plan.count("A")
    assert df["p_challenge"].is_monotonic_decreasing
    unaided = df.set_index("plan").loc["OO", "p_challenge"]
    assert (df["gain"] == df["p_challenge"] - unaided).all()
