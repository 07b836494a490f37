"""One pool and tables of pools against brute force, closed forms and convolutions.

Every reference comes from :mod:`.oracle` (brute force over every face,
per-die convolutions, a truncated ten-again convolution, line enumeration,
log-space multinomial sums for 1000-die pools), never from dicestats.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from dicestats import storyteller as st
from dicestats.storyteller import Rules

from .oracle import (
    CHAIN_RULES,
    FINITE_RULES,
    NOCHAIN_RULES,
    Case,
    brute,
    brute_pool,
    case_of,
    chain_reference,
    figures,
    logspace_success,
    per_die_table,
)

F = Fraction
TENTH = F(1, 10)


# ---------------------------------------------------------------------------
# pool() against brute force over every face (N <= 4)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", FINITE_RULES, ids=repr)
@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("d", [2, 6, 7, 10])
def test_pool_equals_brute_force(case, n, d):
    success, failure, botch, pmf, mean = brute(n, d, case)
    r = st.pool(n, d, exact=True, **case.api)
    assert (r.p_success, r.p_fail, r.p_botch, r.mean_net) == (success, failure, botch, mean)
    assert {k: p for k, p in r.net.items()} == {k: p for k, p in pmf.items() if p}
    assert r.net_tail == 0 and r.specialty == case.specialty and r.rules == case.rules
    f = st.pool(n, d, **case.api)
    pairs = [(f.p_success, success), (f.p_fail, failure), (f.p_botch, botch), (f.mean_net, mean)]
    for a, b in pairs:
        assert abs(a - float(b)) <= 1e-12


@pytest.mark.parametrize(
    "case",
    [
        Case(Rules()),
        Case(Rules(botch_rule="first")),
        Case(Rules(specialty_rule="double", one_cancels="highest"), True),
    ],
    ids=repr,
)
def test_pool_equals_brute_force_four_dice(case):
    success, failure, botch, pmf, mean = brute(4, 8, case)
    r = st.pool(4, 8, exact=True, **case.api)
    assert (r.p_success, r.p_fail, r.p_botch, r.mean_net) == (success, failure, botch, mean)
    assert dict(r.net.items()) == {k: p for k, p in pmf.items() if p}


@pytest.mark.parametrize("case", NOCHAIN_RULES, ids=repr)
@pytest.mark.parametrize("n,d", [(1, 6), (2, 8), (3, 6), (3, 10)])
def test_single_reroll_equals_brute_force(case, n, d):
    success, failure, botch, pmf, mean = brute(n, d, case)
    r = st.pool(n, d, exact=True, **case.api)
    assert (r.p_success, r.p_fail, r.p_botch, r.mean_net) == (success, failure, botch, mean)
    assert dict(r.net.items()) == {k: p for k, p in pmf.items() if p}


VARIANTS = [
    {},
    {"rule_of_one": False},
    {"botch_rule": "first"},
    {"ten_again": True, "chain": False},
    {"ten_again": True, "chain": False, "reroll_ones_cancel": True},
    {"specialty": "double"},
    {"specialty": "double", "one_cancels": "highest"},
    {"specialty": "double", "one_cancels": "lowest", "botch_rule": "first"},
    {"willpower": True},
    {"willpower": True, "willpower_success": "ordinary", "botch_rule": "first"},
]


@pytest.mark.parametrize("r", VARIANTS)
def test_pool_against_face_enumeration(r):
    rules, specialty = case_of(r)
    for n in (1, 2, 4):
        for d in (2, 7, 10):
            net, botch = brute_pool(n, d, r)
            got = st.pool(n, d, rules, specialty=specialty, exact=True)
            assert got.p_botch == botch
            assert got.p_success == sum(p for k, p in net.items() if k >= 1)
            assert got.mean_net == sum(k * p for k, p in net.items())
            assert all(got.net.pmf(k) == net.get(k, 0) for k in range(0, 3 * n + 3))
            fl = st.pool(n, d, rules, specialty=specialty)
            for name in ("p_success", "p_fail", "p_botch", "mean_net"):
                assert abs(getattr(fl, name) - float(getattr(got, name))) <= 1e-12


# ---------------------------------------------------------------------------
# Ten-again with chains: an independent truncated convolution
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", CHAIN_RULES, ids=repr)
@pytest.mark.parametrize("n,d", [(1, 6), (2, 9), (3, 7)])
def test_chained_ten_again_against_truncated_convolution(case, n, d):
    success, mean, first_botch = chain_reference(n, d, case)
    r = st.pool(n, d, exact=True, **case.api)
    tol = F(1, 10**30)
    assert abs(r.p_success - success) < tol
    assert abs(r.mean_net - mean) < tol
    if case.botch_rule == "first":
        assert abs(r.p_botch - first_botch) < tol
    else:
        assert r.p_botch == (F(d - 1, 10) ** n - F(d - 2, 10) ** n)
    assert 0 <= r.net_tail <= F(1, 10**16)
    assert r.p_success + r.p_fail + r.p_botch == 1
    f = st.pool(n, d, **case.api)
    assert abs(f.p_success - float(success)) < 1e-12
    assert abs(f.mean_net - float(mean)) < 1e-12
    assert abs(f.p_botch - float(r.p_botch)) < 1e-12


@pytest.mark.parametrize(
    "r",
    [
        {"ten_again": True},
        {"ten_again": True, "reroll_ones_cancel": True, "botch_rule": "first"},
        {"ten_again": True, "specialty": "double", "one_cancels": "lowest"},
    ],
)
def test_chained_ten_again_against_deep_enumeration(r):
    # chains deeper than 10 extra dice are dropped: error < 3 * 10**-11
    rules, specialty = case_of(r)
    for n, d in ((1, 6), (3, 10), (3, 3)):
        net, botch = brute_pool(n, d, r, depth=10)
        got = st.pool(n, d, rules, specialty=specialty, exact=True)
        assert abs(got.p_botch - botch) < F(1, 10**10)
        assert abs(got.p_success - sum(p for k, p in net.items() if k >= 1)) < F(1, 10**10)
        for k in range(6):
            assert abs(got.net.pmf(k) - net.get(k, 0)) < F(1, 10**10)


def test_ten_again_by_hand_one_die():
    # One die at difficulty 6, ten-again: P(net >= 2) = P(10) * P(extra chain
    # yields >= 1 success) = 1/10 * (1 - P(extra die is 1..5)) = 1/10 * 1/2.
    r = st.pool(1, 6, Rules(ten_again=True), exact=True)
    assert r.p_ge(2) == F(1, 20) == r.p_ge_2
    # net = 0 on 1..5, 1 on 6..9, 1 + extra successes on 10.
    # E[extra successes | 10] = E[geometric tens] + P(final >= 6 | not 10)
    #                         = 1/9 + (4/10)/(9/10) = 5/9.
    assert r.mean_net == F(4, 10) + F(1, 10) * (1 + F(5, 9))


# ---------------------------------------------------------------------------
# The whole default table against an independent per-die convolution
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def exact_table():
    return st.odds_table(range(1, 31), range(2, 11), exact=True)


def test_odds_table_all_270_cells_exact(exact_table, reference_table):
    assert len(exact_table) == 270
    assert list(exact_table.columns) == list(st.TABLE_COLUMNS)
    cols = list(st.TABLE_COLUMNS[2:])
    assert set(cols) == set(figures(per_die_table(1, 6)[1]))
    for row in exact_table.itertuples():
        ref = reference_table[row.difficulty][row.dice]
        for c in cols:
            assert getattr(row, c) == ref[c], (row.dice, row.difficulty, c)


def test_odds_table_float_matches_exact(exact_table):
    t = st.odds_table(range(1, 31), range(2, 11))
    cols = ["p_success", "p_fail", "p_botch", "mean_net", "p_phenomenal", "p_ge_3"]
    a = t[cols].to_numpy(dtype=float)
    b = exact_table[cols].to_numpy(dtype=object).astype(float)
    assert np.max(np.abs(a - b)) <= 1e-12
    assert np.allclose(t.p_success + t.p_fail + t.p_botch, 1, atol=1e-12, rtol=0)


def test_odds_table_keyword_call_and_single_values():
    t = st.odds_table(dice=[2, 3], difficulties=[6], rules=Rules())
    assert t["dice"].tolist() == [2, 3]
    # the float table has its own fast path: the same figure within a few ulps
    assert st.odds_table(4, 7)["p_success"].tolist() == pytest.approx(
        [st.pool(4, 7).p_success], rel=0, abs=1e-15
    )


def test_botch_closed_form_every_cell():
    for d in range(2, 11):
        q = F(d - 1, 10)
        t = st.odds_table(range(1, 31), [d], exact=True)
        for row in t.itertuples():
            assert row.p_botch == q**row.dice - (q - F(1, 10)) ** row.dice
    assert st.botch_closed_form(1, 10, exact=True) == TENTH
    assert st.botch_closed_form(3, 7, Rules(willpower=True)) == 0
    with pytest.raises(ValueError, match="revised"):
        st.botch_closed_form(3, 7, Rules(botch_rule="first"))


def test_ten_again_table_float_within_1e12_of_exact():
    rules = Rules(ten_again=True)
    a = st.odds_table(range(1, 13), [2, 6, 10], rules)
    b = st.odds_table(range(1, 13), [2, 6, 10], rules, exact=True)
    for c in ["p_success", "p_fail", "p_botch", "mean_net", "p_ge_5"]:
        assert np.max(np.abs(a[c].to_numpy(float) - b[c].to_numpy(object).astype(float))) < 1e-12


def test_table_rows_of_small_pools_match_single_pools():
    # a table is as wide as its largest pool; small pools' rows are trimmed of zeros
    for rules in (st.Rules(), st.Rules(ten_again=True)):
        t = st.odds_table([1, 2, 60], [6, 10], rules, exact=True)
        for n in (1, 2):
            for d in (6, 10):
                row = t.query("dice == @n and difficulty == @d").iloc[0]
                one = st.pool(n, d, rules, exact=True)
                assert row.p_success == one.p_success and row.p_botch == one.p_botch
                assert row.mean_net == one.mean_net and row.p_ge_2 == one.p_ge(2)
        net, _ = brute_pool(1, 10, {"ten_again": True}, depth=12)
        one = st.pool(1, 10, st.Rules(ten_again=True), exact=True)
        assert abs(one.net.pmf(2) - net[2]) < F(1, 10**12)


# ---------------------------------------------------------------------------
# Big pools: no overflow, no drift; compare with log-space multinomial sums
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("d", [2, 6, 9, 10])
def test_thousand_dice_float(d):
    r = st.pool(1000, d)
    assert abs(math.fsum(r.net.probabilities) - 1) <= 1e-12
    assert abs(r.p_success + r.p_fail + r.p_botch - 1) <= 1e-12
    assert abs(r.p_success - logspace_success(1000, d)) <= 1e-12
    # E[net] = E[X] + E[max(-X, 0)]; with 1000 dice P(X < 0) < 1e-20 for d <= 6
    if d <= 6:
        assert abs(r.mean_net - 1000 * ((11 - d) / 10 - 0.1)) <= 1e-9
    q = (d - 1) / 10
    assert abs(r.p_botch - (q**1000 - (q - 0.1) ** 1000)) <= 1e-12


def test_thousand_dice_ten_again():
    r = st.pool(1000, 6, Rules(ten_again=True))
    assert abs(math.fsum(r.net.probabilities) - 1) <= 1e-12
    assert r.net_tail <= 1e-16
    # E[X] per die: 5/10 - 1/10 + 1/10 * (1/9 + (4/10)/(9/10)) = 0.4 + 1/18
    assert abs(r.mean_net - 1000 * (0.4 + 1 / 18)) <= 1e-9


def test_float_success_never_above_one():
    # renormalised floats summed to 1.0000000000000002 at 1000 dice, difficulty 2
    for d in (2, 3):
        r = st.pool(1000, d)
        assert 0.0 <= r.p_success <= 1.0


def test_exact_medium_pool_matches_float():
    a = st.pool(60, 8, exact=True)
    b = st.pool(60, 8)
    assert abs(float(a.p_success) - b.p_success) < 1e-12
    assert abs(float(a.mean_net) - b.mean_net) < 1e-12


# ---------------------------------------------------------------------------
# Rules, limits and validation
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"dice": 0}, ValueError, "dice"),
        ({"dice": -3}, ValueError, "dice"),
        ({"dice": 1001}, ValueError, "dice"),
        ({"dice": 2.5}, TypeError, "dice"),
        ({"dice": True}, TypeError, "dice"),
        ({"dice": 3, "difficulty": 1}, ValueError, "difficulty"),
        ({"dice": 3, "difficulty": 11}, ValueError, "difficulty"),
        ({"dice": 3, "difficulty": float("nan")}, TypeError, "difficulty"),
        ({"dice": 3, "rules": "revised"}, TypeError, "rules"),
        ({"dice": 3, "exact": "yes"}, TypeError, "exact"),
    ],
)
def test_pool_bad_input(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        st.pool(**kwargs)


def test_exact_is_keyword_only():
    with pytest.raises(TypeError):
        st.pool(3, 6, Rules(), True)
    with pytest.raises(TypeError):
        st.odds_table([1], [6], Rules(), True)
    with pytest.raises(TypeError):
        st.anomalies(Rules(), [1, 2], [6], True)


def test_clamp_above_ten():
    rules = Rules(above_ten="clamp")
    assert (
        st.pool(4, 12, rules, exact=True).p_success == st.pool(4, 10, rules, exact=True).p_success
    )
    assert st.pool(4, 12, rules).difficulty == 10
    assert st.odds_table([4], [12], rules)["difficulty"].tolist() == [12]


def test_two_dimensional_cancel_modes_are_capped():
    v20 = Rules(specialty_rule="double", one_cancels="lowest")
    with pytest.raises(ValueError, match="dice"):
        st.pool(201, 6, v20, specialty=True)
    assert st.pool(201, 6, v20).dice == 201  # no specialty: 10s are plain, one dimension


def test_exact_mode_caps_for_expensive_rules():
    with pytest.raises(ValueError, match=r"dice must be an integer in 1\.\.100 in exact mode"):
        st.pool(101, 6, Rules(ten_again=True), exact=True)
    with pytest.raises(ValueError, match=r"1\.\.40"):
        st.odds_table(
            [41],
            [6],
            Rules(ten_again=True, specialty_rule="double", one_cancels="lowest"),
            specialty=True,
            exact=True,
        )
    assert st.pool(101, 6, Rules(ten_again=True)).p_success > 0.99  # float mode is fine


def test_willpower_removes_botch_and_adds_a_success():
    base = st.pool(4, 8, exact=True)
    wp = st.pool(4, 8, Rules(willpower=True), exact=True)
    assert wp.p_botch == 0 and wp.p_success == 1
    assert wp.mean_net == base.mean_net + 1


@settings(max_examples=30, deadline=None)
@given(
    n=st_.integers(1, 12),
    d=st_.integers(2, 10),
    rule_of_one=st_.booleans(),
    first=st_.booleans(),
    ten_again=st_.booleans(),
    chain=st_.booleans(),
    ones=st_.booleans(),
    spec=st_.sampled_from(["reroll", "double", "none"]),
    specialty=st_.booleans(),
    cancel=st_.sampled_from(["success", "highest", "lowest"]),
    wp=st_.sampled_from([None, "uncancellable", "ordinary"]),
)
def test_pool_invariants_over_random_rules(
    n, d, rule_of_one, first, ten_again, chain, ones, spec, specialty, cancel, wp
):
    rules = Rules(
        rule_of_one=rule_of_one,
        botch_rule="first" if (first and rule_of_one) else "revised",
        ten_again=ten_again,
        chain=chain,
        reroll_ones_cancel=ones,
        specialty_rule=spec,
        one_cancels=cancel,
        willpower=wp is not None,
        willpower_success=wp or "uncancellable",
    )
    ex = st.pool(n, d, rules, specialty=specialty, exact=True)
    fl = st.pool(n, d, rules, specialty=specialty)
    assert ex.p_success + ex.p_fail + ex.p_botch == 1
    assert min(ex.p_success, ex.p_fail, ex.p_botch) >= 0
    assert ex.p_botch <= ex.net.pmf(0)  # a botch is a roll with no net success
    assert sum(ex.net.fractions()) == 1
    rerolls = ten_again or (specialty and spec == "reroll")
    if not (rerolls and chain):  # finite: the mean is the Dist's mean
        assert ex.mean_net == ex.net.mean() and ex.net_tail == 0
    else:
        assert 0 <= ex.net_tail <= F(1, 10**16)
        assert abs(ex.mean_net - ex.net.mean()) < F(1, 10**12)
    for a, b in [
        (fl.p_success, ex.p_success),
        (fl.p_botch, ex.p_botch),
        (fl.mean_net, ex.mean_net),
    ]:
        assert abs(a - float(b)) <= 1e-12
    assert ex.degrees["marginal"] + ex.p_ge(2) == ex.p_success


# ---------------------------------------------------------------------------
# The result: one class, generated exports, the first release's names
# ---------------------------------------------------------------------------
def test_pool_result_exports_the_vocabulary():
    r = st.pool(2, 6, exact=True)
    d = r.as_dict()
    assert list(d)[:8] == [
        "dice",
        "difficulty",
        "rules",
        "specialty",
        "p_success",
        "p_fail",
        "p_botch",
        "mean_net",
    ]
    assert d["net"] == {0: F(7, 20), 1: F(2, 5), 2: F(1, 4)}
    assert d["exact"] is True and d["trials"] is None
    assert d["rules"]["botch_rule"] == "revised"
    assert '"p_success": "13/20"' in r.to_json()
    assert r.row() == {c: d[c] for c in st.TABLE_COLUMNS}
