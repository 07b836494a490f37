"""The float table fast path (engine.table_figures) against brute force and exact tables."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from dicestats import storyteller as st
from dicestats.storyteller import pools
from dicestats.storyteller.engine import table_figures

from .oracle import CHAIN_RULES, FINITE_RULES, NOCHAIN_RULES, brute, chain_reference

F = Fraction
FIGS = list(st.TABLE_COLUMNS[2:])
ALL = FINITE_RULES + NOCHAIN_RULES + CHAIN_RULES


def _floats(table):
    return table[FIGS].to_numpy(dtype=object).astype(float)


def _general(dice, diffs, case):
    """The float table the general engine gives (the fast path switched off)."""
    rolled = sorted({min(d, 10) for d in diffs})
    res = pools.pool_grid(dice, rolled, case.rules, False, case.specialty)
    return np.array([[float(res[(min(d, 10), n)].row()[c]) for c in FIGS]
                     for n in dice for d in diffs])  # fmt: skip


def _takes_fast_path(case) -> bool:
    return table_figures([6], [1, 2], case.rules._for_roll(case.specialty)) is not None


def test_the_fast_path_covers_the_common_rule_sets():
    taken = [case for case in ALL if _takes_fast_path(case)]
    assert len(taken) >= 14
    R = st.Rules
    for rules in (R(), R(ten_again=True), R.preset("first"), R.preset("v20")):
        assert table_figures([6], [3], rules) is not None
    # a two-dimensional net and an uncancellable Willpower success use the general engine
    assert (
        table_figures([6], [3], R(specialty_rule="double", one_cancels="lowest")._for_roll(True))
        is None
    )
    assert table_figures([6], [3], R(willpower=True)) is None


@pytest.mark.parametrize("case", FINITE_RULES + NOCHAIN_RULES, ids=repr)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_fast_table_equals_brute_force(case, n):
    t = st.odds_table([n], [2, 6, 7, 10], **case.api)
    for row in t.itertuples():
        success, failure, botch, pmf, mean = brute(n, row.difficulty, case)
        want = {"p_success": success, "p_fail": failure, "p_botch": botch, "mean_net": mean}
        for k in range(1, 6):
            want[f"p_ge_{k}"] = sum((p for j, p in pmf.items() if j >= k), F(0))
        for k, name in enumerate(["marginal", "moderate", "complete", "exceptional"], 1):
            want[f"p_{name}"] = pmf.get(k, F(0))
        want["p_phenomenal"] = want["p_ge_5"]
        for c, v in want.items():
            assert abs(getattr(row, c) - float(v)) <= 1e-15, (row.difficulty, c)


@pytest.mark.parametrize("case", CHAIN_RULES, ids=repr)
def test_fast_table_chains_equal_truncated_convolution(case):
    t = st.odds_table([1, 2, 3], [6, 7, 9], **case.api)
    for row in t.itertuples():
        success, mean, first_botch = chain_reference(row.dice, row.difficulty, case)
        assert abs(row.p_success - float(success)) <= 1e-15
        assert abs(row.mean_net - float(mean)) <= 1e-15
        if case.botch_rule == "first":
            assert abs(row.p_botch - float(first_botch)) <= 1e-15


@pytest.mark.parametrize("case", ALL, ids=repr)
def test_fast_table_within_1e13_of_exact_and_of_the_general_engine(case):
    roll = case.rules._for_roll(case.specialty)
    # a chained two-dimensional net's exact table of 20 dice took 1-1.4 s (of 14: 0.2-0.4 s);
    # those rule sets take the general engine, within 4e-15 of exact at 14 dice as at 20
    dice, diffs = [1, 2, 5, 9, 14, 20], [2, 3, 6, 9, 10]
    if roll.chained and roll.two_dimensional:
        dice = dice[:-1]
    t = st.odds_table(dice, diffs, **case.api)
    exact = st.odds_table(dice, diffs, exact=True, **case.api)
    assert list(t.columns) == list(st.TABLE_COLUMNS)
    assert t["dice"].tolist() == exact["dice"].tolist()
    assert t["difficulty"].tolist() == exact["difficulty"].tolist()
    assert t["dice"].dtype == np.int64 and t["difficulty"].dtype == np.int64
    assert np.max(np.abs(_floats(t) - _floats(exact))) <= 1e-13
    assert np.max(np.abs(_floats(t) - _general(dice, diffs, case))) <= 1e-14


def test_fast_table_rows_in_the_order_given_with_repeats_and_clamping():
    rules = st.Rules(above_ten="clamp", ten_again=True)
    dice, diffs = [7, 3, 7, 1], [12, 6, 10, 6]
    t = st.odds_table(dice, diffs, rules)
    assert t["dice"].tolist() == [n for n in dice for _ in diffs]
    assert t["difficulty"].tolist() == diffs * len(dice)
    exact = st.odds_table(dice, diffs, rules, exact=True)
    assert np.max(np.abs(_floats(t) - _floats(exact))) <= 1e-13
    # a clamped difficulty rolls at 10
    assert t.query("difficulty == 12")["p_success"].tolist() == (
        t.query("difficulty == 10")["p_success"].tolist()
    )


def test_fast_table_large_pools_match_the_general_engine():
    case = CHAIN_RULES[0]  # ten-again
    dice, diffs = [*range(1, 150, 7), 150], [2, 6, 10]
    assert table_figures(diffs, dice, case.rules) is not None  # the fast path
    t = st.odds_table(dice, diffs, **case.api)
    assert np.max(np.abs(_floats(t) - _general(dice, diffs, case))) <= 1e-13
    assert np.allclose(t.p_success + t.p_fail + t.p_botch, 1, atol=1e-12, rtol=0)


def test_a_few_big_pools_use_the_general_engine():
    # the matrix products would cost more than the general engine's cells
    assert table_figures([6], [470], st.Rules()) is None
    assert table_figures([6], list(range(1, 301)), st.Rules(ten_again=True)) is not None


def test_revised_botch_is_the_exact_value_rounded_once():
    t = st.odds_table(range(1, 31), range(2, 11))
    for row in t.itertuples():
        q = F(row.difficulty - 1, 10)
        assert row.p_botch == float(q**row.dice - (q - F(1, 10)) ** row.dice)


@pytest.mark.parametrize(
    "case", [CHAIN_RULES[0], CHAIN_RULES[1], NOCHAIN_RULES[0], FINITE_RULES[0]], ids=repr
)
def test_float_engine_pmf_relative_to_exact(case):
    # the float engine's one-convolution-per-die path keeps tiny outcomes accurate
    # relative to their size, not only in absolute terms
    f = st.pool(60, 7, **case.api)
    e = st.pool(60, 7, exact=True, **case.api)
    exact = dict(e.net.items())
    for k, p in f.net.items():
        want = float(exact.get(k, 0))
        if want > 1e-250:
            assert abs(p - want) <= 1e-11 * want, k
    assert abs(f.net_tail - float(e.net_tail)) <= 1e-30


def test_team_members_alike_are_computed_once_and_sum_as_before(monkeypatch):
    from dicestats.storyteller import actions

    rules, asked = st.Rules(ten_again=True), []
    grid = actions.pool_grid
    monkeypatch.setattr(actions, "pool_grid", lambda *a: asked.append(a[:2]) or grid(*a))
    st.teamwork([5, 5, 3, 5], [6, 6, 6, 7], rules, exact=True)
    assert asked == [([5], [6]), ([3], [6]), ([5], [7])]
    team = st.teamwork([5, 5, 3], 6, rules, exact=True)
    one = [st.pool(n, 6, rules, exact=True).net for n in (5, 5, 3)]
    assert dict(team.total.items()) == dict((one[0] + one[1] + one[2]).items())


@pytest.mark.parametrize("case", CHAIN_RULES + NOCHAIN_RULES[:2] + FINITE_RULES[:3], ids=repr)
def test_kernel_steps_equal_the_general_float_step(case, monkeypatch):
    from dicestats.storyteller.engine import _Engine, compute

    roll = case.rules._for_roll(case.specialty)
    fast = compute([2, 6, 10], [1, 4, 40], roll, False)
    monkeypatch.setattr(_Engine, "kernel_steps", False)
    slow = compute([2, 6, 10], [1, 4, 40], roll, False)
    for key, v in slow.items():
        w = fast[key]
        assert len(w["pmf"]) == len(v["pmf"]) and abs(w["mean"] - v["mean"]) <= 1e-13
        for p, q in zip(w["pmf"], v["pmf"], strict=True):
            assert abs(p - q) <= 1e-12 * q + 1e-300
