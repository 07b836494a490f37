"""``dicestats extended``: rolls given success, the "done within" table, --exact, --on-botch."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import storyteller as st

from .cli_run import run
from .oracle import extended_dp


def given_success_dp(n, d, target, botch, rounds):
    """E[rolls | done within ``rounds``] from the oracle's per-round DP."""
    done = [extended_dp(n, d, target, botch, r)[0] for r in range(rounds + 1)]
    return sum(r * (done[r] - done[r - 1]) for r in range(1, rounds + 1)) / done[rounds]


@pytest.mark.parametrize("n,d,target,botch,rounds", [(2, 7, 3, "ends", 6), (3, 6, 4, "resets", 5),
                                                     (1, 8, 2, "zero", 7)])  # fmt: skip
def test_mean_rolls_given_success_with_a_round_limit(n, d, target, botch, rounds):
    r = st.extended(n, d, target, on_botch=botch, rounds=rounds, exact=True)
    assert r.mean_rolls_given_success == given_success_dp(n, d, target, botch, rounds)
    f = st.extended(n, d, target, on_botch=botch, rounds=rounds)
    assert f.mean_rolls_given_success == pytest.approx(float(r.mean_rolls_given_success),
                                                       rel=1e-12)  # fmt: skip


@pytest.mark.parametrize("n,d,target", [(2, 6, 3), (4, 7, 6), (1, 9, 2)])
def test_mean_rolls_given_success_when_a_botch_ends_the_task(n, d, target):
    r = st.extended(n, d, target, on_botch="ends", exact=True)
    f = st.extended(n, d, target, on_botch="ends")
    assert float(r.mean_rolls_given_success) == pytest.approx(f.mean_rolls_given_success,
                                                              rel=1e-12)  # fmt: skip
    # a long round limit converges to the unlimited task (its tail is negligible)
    long = st.extended(n, d, target, on_botch="ends", rounds=400)
    assert long.mean_rolls_given_success == pytest.approx(f.mean_rolls_given_success, rel=1e-9)
    assert r.mean_rolls_given_success > 0


def test_given_success_is_the_mean_when_success_is_certain():
    r = st.extended(3, 6, 5, on_botch="resets", exact=True)
    assert r.p_success == 1 and r.mean_rolls_given_success == r.mean_rolls


def test_single_die_geometric():
    # 1 die at 6, target 1, a botch ends it: each roll succeeds 1/2, botches 1/10, goes on 2/5
    r = st.extended(1, 6, 1, on_botch="ends", exact=True)
    assert r.p_success == Fraction(1, 2) / (1 - Fraction(2, 5))
    # given success the number of rolls is geometric with P(stop) = 1 - 2/5
    assert r.mean_rolls_given_success == 1 / (1 - Fraction(2, 5))


def test_text_prints_the_within_table_and_exact(capsys):
    argv = ["extended", "--dice", "2", "--difficulty", "7", "--target", "3", "--on-botch",
            "ends", "--rounds", "6", "--exact"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert "a botch ends the task, at most 6 rolls (revised rules)" in out
    want = given_success_dp(2, 7, 3, "ends", 6)
    exact = f"{want.numerator}/{want.denominator}"
    assert f"mean rolls given success  {float(want):.4f}  {exact}" in out
    rows = [ln.split() for ln in out.splitlines() if ln[:1].isdigit()]
    assert [r[0] for r in rows] == ["1", "2", "3", "4", "5", "6"]
    for r in rows:
        assert Fraction(r[-1]) == extended_dp(2, 7, 3, "ends", int(r[0]))[0]


def test_text_without_round_limit_ends_where_the_curve_levels(capsys):
    code, out, _ = run(["extended", "--dice", "4", "--difficulty", "6", "--target", "10"], capsys)
    assert code == 0 and "rows end at" in out and "P(done within)" in out
    assert "exact" not in out


def test_json_has_the_new_field(capsys):
    code, out, _ = run(["extended", "--dice", "2", "--difficulty", "6", "--target", "2",
                        "--on-botch", "ends", "--exact", "--json"], capsys)  # fmt: skip
    got = json.loads(out)
    r = st.extended(2, 6, 2, on_botch="ends", exact=True)
    assert Fraction(got["mean_rolls_given_success"]) == r.mean_rolls_given_success
