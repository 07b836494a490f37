"""The anomaly finder: every cell where one die more moves a probability the wrong way.

References: the per-die convolution table and a multinomial closed form
(:mod:`.oracle`); the revised botch closed form.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import storyteller as st
from dicestats.storyteller import Rules

from .oracle import multinomial_figures

F = Fraction
TENTH = F(1, 10)
METRICS = ["p_success"] + [f"p_ge_{k}" for k in range(2, 6)]


def keys(found):
    return {(a.metric, a.difficulty, a.dice) for a in found}


@pytest.fixture(scope="module")
def default_exact():
    """The exact anomalies of the default rules, pools 1..30 at 2..10: read by three tests."""
    return st.anomalies(Rules(), range(1, 31), range(2, 11), exact=True)


def reference_anomalies(reference_table):
    out = set()
    for d in range(2, 11):
        for n in range(2, 31):
            before, after = reference_table[d][n - 1], reference_table[d][n]
            if after["p_botch"] > before["p_botch"]:
                out.add(("p_botch", d, n))
            for m in METRICS:
                if after[m] < before[m]:
                    out.add((m, d, n))
    return out


def test_anomalies_full_set_default_rules(reference_table, default_exact):
    got = default_exact
    assert keys(got) == reference_anomalies(reference_table)
    assert len(keys(got)) == len(got)
    for a in got:
        ref = reference_table[a.difficulty]
        assert a.before == ref[a.dice - 1][a.metric]
        assert a.after == ref[a.dice][a.metric]


def test_anomalies_botch_cells_follow_the_closed_form(default_exact):
    got = default_exact
    botch = {(a.difficulty, a.dice) for a in got if a.metric == "p_botch"}
    expected = set()
    for d in range(2, 11):
        q = F(d - 1, 10)
        for n in range(2, 31):
            if q**n - (q - TENTH) ** n > q ** (n - 1) - (q - TENTH) ** (n - 1):
                expected.add((d, n))
    assert botch == expected
    # the rule text's difficulty-10 anomaly: rises from 1 die up to a peak at 6 dice
    assert {n for d, n in botch if d == 10} == {2, 3, 4, 5, 6}
    # and smaller rises at difficulties 7-9
    for d in (7, 8, 9):
        assert any(dd == d for dd, _ in botch)
    assert not any(dd <= 6 for dd, _ in botch)


@pytest.mark.parametrize("botch_rule", ["revised", "first"])
def test_anomaly_finder_finds_every_cell(botch_rule):
    expected = set()
    for d in range(2, 11):
        prev = None
        for n in range(1, 31):
            cur = multinomial_figures(n, d, botch_rule)
            if prev:
                for m, v in cur.items():
                    if (m == "p_botch" and v > prev[m]) or (m != "p_botch" and v < prev[m]):
                        expected.add((m, d, n))
            prev = cur
    got = st.anomalies(st.Rules(botch_rule=botch_rule), exact=True)
    assert keys(got) == expected
    # the difficulty-10 anomaly: the botch chance rises up to 6 dice
    assert sorted(n for m, d, n in expected if m == "p_botch" and d == 10)[:5] == [2, 3, 4, 5, 6]


# ---------------------------------------------------------------------------
# Float mode (the default) finds exactly the cells exact mode finds
# ---------------------------------------------------------------------------
def test_anomalies_float_mode_agrees_with_exact(default_exact):
    a = default_exact
    b = st.anomalies(Rules(), range(1, 31), range(2, 11), exact=False, rtol=1e-13)
    assert keys(a) == keys(b)


def test_anomalies_default_is_float_like_every_function():
    found = st.anomalies(dice=range(1, 8), difficulty=[10])
    assert found.exact is False and isinstance(found[0].after, float)
    assert [a.dice for a in found if a.metric == "p_botch"] == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    "rules,specialty",
    [
        (Rules(), False),
        (Rules(botch_rule="first"), False),
        (Rules(rule_of_one=False), False),
        (Rules(ten_again=True), False),
        (Rules(specialty_rule="double", one_cancels="lowest"), True),
        (Rules(willpower=True, willpower_success="ordinary"), False),
    ],
    ids=repr,
)
def test_float_anomalies_equal_exact_ones_on_large_pools(rules, specialty):
    # pools up to 120 dice: at low difficulties success chances come within
    # 1e-16 of 1 (1.0 in float) and still wobble between odd and even pools,
    # where comparing P(net >= k) in float misses cells or reports noise
    roll = rules._for_roll(specialty)
    dice = range(1, 41 if roll.chained else 51 if roll.two_dimensional else 121)
    exact = st.anomalies(rules, dice, range(2, 11), specialty=specialty, exact=True)
    fl = st.anomalies(rules, dice, range(2, 11), specialty=specialty)
    assert keys(fl) == keys(exact) and exact.specialty == fl.specialty == specialty
    invisible = [a for a in exact if a.metric != "p_botch" and float(a.after) == 1.0]
    if rules == Rules():
        assert len(invisible) > 10  # cells whose success chance is 1.0 in float: still found
    for a, b in zip(exact, fl, strict=True):
        assert abs(float(a.before) - b.before) <= 1e-12 and abs(float(a.after) - b.after) <= 1e-12


def test_to_float_keeps_the_cells():
    found = st.anomalies(dice=range(1, 8), difficulty=[10], exact=True)
    fl = found.to_float()
    assert keys(fl) == keys(found) and fl.exact is False
    assert fl[0].after == float(found[0].after)
    assert fl.as_dict()["cells"][0]["metric"] == "p_botch"


def test_anomalies_bad_input():
    with pytest.raises(ValueError, match="rtol"):
        st.anomalies(rtol=2)
    with pytest.raises(ValueError, match="difficulty"):
        st.anomalies(difficulty=[1])
    with pytest.raises(ValueError, match="dice"):
        st.anomalies(dice=[0, 1])
