"""Tests of dicestats.tables: formatting helpers and the frames behind the charts.

Reference values are computed here independently: by enumerating every face
combination of the dice (brute force), or from closed forms quoted in RULES.md.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# ---------------------------------------------------------------- formatting
@pytest.mark.parametrize(
    "p, text",
    [
        (0, "0%"),
        (1, "100%"),
        (0.5, "50.0%"),
        (0.4321, "43.2%"),
        (0.01, "1.0%"),
        (0.0037, "0.37%"),
        (0.000012, "0.0012%"),
        (0.99, "99.0%"),
        (0.99637, "99.64%"),
        (Fraction(1, 3), "33.3%"),
    ],
)
def test_fmt_percent_values(p, text):
    assert T.fmt_percent(p) == text


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_never_lies_about_certainty(p):
    text = T.fmt_percent(p)
    assert text.endswith("%")
    if 0 < p < 1:
        assert text not in ("0%", "100%")
        number = text.lstrip("<>").rstrip("%")
        assert 0 < float(number) < 100 or text.startswith(("<", ">"))
        # within the shown precision of the truth
        decimals = len(number.split(".")[1]) if "." in number else 0
        if not text.startswith(("<", ">")):
            assert abs(float(number) - 100 * p) <= 0.5 * 10**-decimals + 1e-9


@pytest.mark.parametrize(
    "p, text",
    [
        (Fraction(1, 37), "1 in 37"),
        (0.25, "1 in 4.0"),
        (1 / 1234, "1 in 1,200"),
        (1 / 81, "1 in 81"),
        (0, "never"),
        (1, "always"),
    ],
)
def test_fmt_one_in(p, text):
    assert T.fmt_one_in(p) == text


def test_fmt_prob_adds_one_in_for_rare_events_only():
    assert T.fmt_prob(0.5) == "50.0%"
    assert T.fmt_prob(1 / 81) == "1.2% (1 in 81)"
    assert T.fmt_prob(0) == "0%"


@pytest.mark.parametrize("bad", [-0.1, 1.01, float("nan")])
def test_formatters_refuse_non_probabilities(bad):
    with pytest.raises(ValueError, match="probability in 0..1"):
        T.fmt_percent(bad)
    with pytest.raises(ValueError, match="probability in 0..1"):
        T.fmt_one_in(bad)


def test_formatters_refuse_wrong_types():
    with pytest.raises(TypeError, match="probability"):
        T.fmt_percent("half")
    with pytest.raises(ValueError, match="digits"):
        T.fmt_percent(0.5, digits=9)


def test_fmt_percent_short():
    got = [T.fmt_percent_short(x) for x in (0, 0.004, 0.005, 0.0099, 0.01, 0.4321, 0.991, 1)]
    assert got == ["0", "<1", "<1", "<1", "1", "43", ">99", "100"]


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_short_never_lies_about_certainty(p):
    text = T.fmt_percent_short(p)
    if 0 < p < 1:
        assert text not in ("0", "100")


def test_format_frame_and_writers(tmp_path):
    df = pd.DataFrame({"dice": [1, 2], "botch": [0.1, 1 / 400], "name": ["a|b", "c"]})
    out = T.format_frame(df, percent=["botch"])
    assert out["botch"].tolist() == ["10.0%", "0.25%"]
    assert df["botch"].tolist() == [0.1, 1 / 400]  # the input is not modified
    with pytest.raises(ValueError, match="no column 'nope'"):
        T.format_frame(df, percent=["nope"])
    md = T.to_markdown(out)
    lines = md.splitlines()
    assert lines[0] == "| dice | botch | name |"
    assert lines[1] == "|---:|---|---|"
    assert lines[2] == "| 1 | 10.0% | a\\|b |"
    text = T.to_text(out, title="Botches")
    assert text.splitlines()[0] == "Botches"
    assert "0.25%" in text
    path = tmp_path / "t.csv"
    T.to_csv(df, path)
    back = pd.read_csv(path)
    assert back["botch"].tolist() == pytest.approx(df["botch"].tolist(), abs=0)
    assert T.to_csv(df).splitlines()[0] == "dice,botch,name"


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
