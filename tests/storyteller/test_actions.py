"""Actions built from single rolls: multiple actions, retries, exemption, teamwork, p_any.

References are built from brute-force single-pool outcomes
(:func:`.oracle.outcome_table`, :func:`.oracle.brute_pool`) and plain
enumeration, never from dicestats.
"""

from __future__ import annotations

import dataclasses
import json
import math
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.core.dist import LIMITS as DIST_LIMITS
from dicestats.storyteller import Rules
from dicestats.storyteller import pools as pools_module
from dicestats.storyteller.pools import p_any

from .oracle import (
    botch_p,
    botches_in_rolls,
    brute_pool,
    declared_pools,
    outcome_table,
    success_p,
    successes_of_actions,
)

F = Fraction


# ---------------------------------------------------------------------------
# Multiple actions
# ---------------------------------------------------------------------------
def test_hall_example_pools_and_odds():
    # the rule text: Dexterity 3 + Brawl 4 = 7, Dexterity 3 + Dodge 3 = 6 (twice);
    # three actions: 7 - 3 = 4, 6 - 4 = 2, 6 - 5 = 1
    r = st.multiple_actions([7, 6, 6], 6, exact=True)
    assert [a.dice for a in r.actions] == [4, 2, 1] == r.pools
    ps = [success_p(n, 6) for n in (4, 2, 1)]
    assert [a.p_success for a in r.actions] == ps
    assert r.p_all == ps[0] * ps[1] * ps[2]
    assert r.mean_successes == sum(ps)
    assert st.reduced_pools([7, 6, 6]) == [4, 2, 1]


def test_multiple_actions_distribution_of_successes():
    r = st.multiple_actions([7, 6, 6], 6, exact=True)
    ps = [success_p(n, 6) for n in (4, 2, 1)]
    bs = [botch_p(n, 6) for n in (4, 2, 1)]
    want = successes_of_actions(ps)
    assert r.successes == want
    assert r.p_any_botch == 1 - (1 - bs[0]) * (1 - bs[1]) * (1 - bs[2])
    f = st.multiple_actions([7, 6, 6], 6)
    assert all(abs(f.successes[j] - float(want[j])) < 1e-12 for j in want)


def test_multiple_actions_pool_reduced_to_zero_cannot_be_attempted():
    r = st.multiple_actions([3, 3], 6, exact=True)  # 3 - 2 = 1, 3 - 3 = 0
    assert [a.dice for a in r.actions] == [1, 0]
    assert not r.actions[1].attempted and r.actions[1].p_success == 0
    assert r.p_all == 0


def test_best_actions_picks_the_largest_expected_count():
    r = st.best_actions([7, 6, 6], 6, exact=True)
    expect = {
        1: success_p(7, 6),  # one action is not a multiple action: the full pool
        2: success_p(5, 6) + success_p(3, 6),
        3: success_p(4, 6) + success_p(2, 6) + success_p(1, 6),
    }
    got = {len(m.actions): m.mean_successes for m in r.by_count}
    assert got == expect
    assert r.best == max(expect, key=expect.get)


def test_one_action_is_not_a_multiple_action():
    # The Dark Ages text penalises only a character who does more than one thing in a
    # round: a single declared action rolls its full pool (issue 9).
    assert st.reduced_pools([7]) == declared_pools([7]) == [7]
    one = st.multiple_actions([7], 6, exact=True)
    assert one.pools == [7] and one.actions[0].p_success == success_p(7, 6)
    assert one.mean_successes == success_p(7, 6)
    sim = st.multiple_actions([7], 6, trials=2_000, rng=1)
    assert sim.pools == [7]


def test_best_actions_keeps_one_action_when_splitting_does_not_pay():
    # 4, 3 and 6 dice at difficulty 8: one action (4 dice, 0.602 expected successes) beats
    # two (2 and 0 dice: 0.45) and three (1, -1 and 1 dice: 0.6): the answer is 1, where
    # charging the single action a die made it 3 (issue 9).
    r = st.best_actions([4, 3, 6], 8, exact=True)
    assert r.best == 1
    means = [m.mean_successes for m in r.by_count]
    assert means == [
        success_p(4, 8),
        success_p(2, 8),
        success_p(1, 8) + success_p(1, 8),
    ]
    # a single action of 1 die keeps its die: 1/2 expected successes at 6, not 0
    small = st.best_actions([1, 4], 6, exact=True)
    assert small.by_count[0].pools == [1]
    assert small.by_count[0].mean_successes == F(1, 2)


@pytest.mark.parametrize(
    "pools", [[7], [7, 6, 6], [3, 3], [1, 4], [4, 3, 6], [9, 8, 7, 6], [2, 2, 2, 2, 2]]
)
def test_reduced_pools_against_the_text(pools):
    assert st.reduced_pools(pools) == declared_pools(pools)
    assert st.multiple_actions(pools).pools == declared_pools(pools)


def test_multiple_actions_per_action_difficulty():
    r = st.multiple_actions([6, 6], [5, 8], exact=True)
    assert [a.p_success for a in r.actions] == [success_p(4, 5), success_p(3, 8)]
    with pytest.raises(ValueError, match="difficulty"):
        st.multiple_actions([6, 6], [5, 8, 9])


def test_multiple_actions_with_mixed_difficulties_against_enumeration():
    # pools are computed per difficulty in one engine pass; check every action
    pools, diffs = [6, 7, 6, 9], [6, 10, 6, 3]  # reduced to 2, 2, 0, 2 dice
    m = st.multiple_actions(pools, diffs, exact=True)
    assert [a.dice for a in m.actions] == [2, 2, 0, 2]
    p_all, expected = F(1), F(0)
    for a, d in zip(m.actions, diffs, strict=True):
        if a.dice >= 1:
            net, botch = brute_pool(a.dice, d, {})
            s = sum(p for k, p in net.items() if k >= 1)
        else:
            s = botch = F(0)
        assert a.p_success == s and a.p_botch == botch
        p_all *= s
        expected += s
    assert m.p_all == p_all == 0 and m.mean_successes == expected
    hall = st.multiple_actions([7, 6, 6], exact=True)
    want = [sum(p for k, p in brute_pool(n, 6, {})[0].items() if k >= 1) for n in (4, 2, 1)]
    assert [a.p_success for a in hall.actions] == want
    assert hall.p_all == want[0] * want[1] * want[2]


# ---------------------------------------------------------------------------
# TryAgain, botch exemption, automatic success
# ---------------------------------------------------------------------------
def test_try_again_by_hand():
    # 2 dice from difficulty 8: tries at 8, 9, 10, then impossible
    s = {d: success_p(2, d) for d in (8, 9, 10)}
    b = {d: botch_p(2, d) for d in (8, 9, 10)}
    f = {d: 1 - s[d] - b[d] for d in (8, 9, 10)}
    r = st.try_again(2, 8, exact=True)
    assert r.p_success == s[8] + f[8] * s[9] + f[8] * f[9] * s[10]
    assert r.p_botch == b[8] + f[8] * b[9] + f[8] * f[9] * b[10]
    assert r.p_gave_up == f[8] * f[9] * f[10]
    assert r.mean_attempts == 1 + f[8] + f[8] * f[9]
    assert r.p_success_within == (s[8], s[8] + f[8] * s[9], r.p_success)
    # a botch counts as a failure: the sequence goes on
    g = {d: f[d] + b[d] for d in (8, 9, 10)}
    r2 = st.try_again(2, 8, botch_ends=False, exact=True)
    assert r2.p_success == s[8] + g[8] * s[9] + g[8] * g[9] * s[10]
    assert r2.p_botch == b[8] + f[8] * b[9] + f[8] * f[9] * b[10]
    # limited attempts
    r3 = st.try_again(2, 8, attempts=2, exact=True)
    assert r3.p_success == s[8] + f[8] * s[9]


def test_try_again_clamp_keeps_trying_at_ten():
    rules = Rules(above_ten="clamp")
    r = st.try_again(1, 10, rules, exact=True)
    # every try at 10: success 1/10, botch 1/10 -> P(success first) = 1/2
    assert r.p_success == F(1, 2) and r.mean_attempts == 5


def test_try_again_sir_jerome_second_try_is_at_seven():
    # the rule text: Wits + Etiquette at difficulty 6 fails; the retry is at 7
    s6, s7 = success_p(4, 6), success_p(4, 7)
    f6 = 1 - s6 - botch_p(4, 6)
    r = st.try_again(4, 6, exact=True)
    assert list(r.p_success_within[:2]) == [s6, s6 + f6 * s7]


@pytest.mark.parametrize("botch_ends", [True, False])
def test_try_again_clamp_unlimited_tail_matches_long_finite_run(botch_ends):
    rules = Rules(above_ten="clamp")
    inf = st.try_again(3, 7, rules, botch_ends=botch_ends, exact=True)
    fin = st.try_again(3, 7, rules, attempts=400, botch_ends=botch_ends, exact=True)
    # the 400-attempt run misses the mass of ~396 failures at 10: < 0.75**396 < 1e-49
    tol = Fraction(1, 10**40)
    for key in ("p_success", "p_botch", "mean_attempts"):
        assert abs(getattr(inf, key) - getattr(fin, key)) < tol
    assert inf.p_gave_up == 0 and inf.p_success_within == fin.p_success_within


def test_botch_exemption_against_enumeration():
    b = botch_p(3, 9)
    k = 4
    without, with_ex = botches_in_rolls(b, k)
    r = st.botch_exemption(3, 9, rolls=k, exact=True)
    assert (r.p_any_botch, r.p_counted_botch) == (without, with_ex)
    assert r.mean_counted_botches == k * b - without
    assert r.mean_botches == k * b and r.p_botch == b


def test_automatic_success_rules():
    r = st.automatic_success(6, 6, exact=True)
    assert r.allowed and r.automatic.p_success == 1 and r.better == "automatic"
    assert r.roll.p_success == st.pool(6, 6, exact=True).p_success
    assert not st.automatic_success(5, 6).allowed
    assert not st.automatic_success(6, 6, stress=True).allowed
    assert st.automatic_success(6, 6, target=2).better == "roll"


def test_exact_powers_over_many_rolls_are_capped():
    # botch_exemption(20, 6, rolls=10**5, exact=True) and try_again(1000, 2, clamp,
    # attempts=200, exact=True) ran for minutes (Fractions with millions of digits)
    with pytest.raises(ValueError, match="rolls"):
        st.botch_exemption(20, 6, rolls=10**5, exact=True)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(1000, 2, st.Rules(above_ten="clamp"), attempts=200, exact=True)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(300, 2, st.Rules(above_ten="clamp"), exact=True)
    # float mode keeps the range and agrees with the closed forms
    b = float(brute_pool(1, 10, {})[1])
    r = st.botch_exemption(1, 10, rolls=10**5)
    assert abs(r.mean_botches - 10**5 * b) < 1e-9
    # without clamp at most 9 attempts: every pool size stays exact
    r = st.try_again(40, 2, exact=True)
    assert r.mean_attempts >= 1 and len(r.p_success_within) == 9


# ---------------------------------------------------------------------------
# Teamwork: brute force over every member's faces
# ---------------------------------------------------------------------------
def test_teamwork_against_brute_force():
    a, b = outcome_table(2, 6), outcome_table(1, 7)
    total, spoiled_total = {}, {}
    spoiled = F(0)
    for (k1, b1), p1 in a.items():
        for (k2, b2), p2 in b.items():
            total[k1 + k2] = total.get(k1 + k2, F(0)) + p1 * p2
            kk = 0 if (b1 or b2) else k1 + k2
            spoiled_total[kk] = spoiled_total.get(kk, F(0)) + p1 * p2
            spoiled += p1 * p2 if (b1 or b2) else 0
    r = st.teamwork([2, 1], [6, 7], exact=True)
    assert dict(r.total.items()) == {k: p for k, p in total.items() if p}
    r2 = st.teamwork([2, 1], [6, 7], spoil=True, exact=True)
    assert dict(r2.total.items()) == {k: p for k, p in spoiled_total.items() if p}
    assert r2.p_spoiled == spoiled == r2.p_any_botch
    assert r.p_success == r.total.p_ge(1) and r.mean_total == r.total.mean()


def test_big_exact_teamwork_within_its_caps():
    # [300] x 10 held 9 million digits, over the old 4-million-digit cap (and 17.5 s);
    # the GMP sum does it in well under a second. Floats agree with it to 1e-12.
    r = st.teamwork([300] * 10, exact=True)
    f = st.teamwork([300] * 10)
    assert (r.total.min, r.total.max) == (f.total.min, f.total.max) == (0, 3000)
    assert sum(r.total.weights) == r.total.denominator  # (3,001 Fractions: half a second)
    assert abs(float(r.mean_total) - f.mean_total) < 1e-9  # a mean of 1200
    for k in (1, 1000, 1200, 1300, 1500):
        assert abs(float(r.total.p_ge(k)) - f.total.p_ge(k)) < 1e-12
    # ten botches of 4.9e-91 each: the float keeps its relative accuracy (it read 0)
    assert r.p_any_botch > 0 and f.p_any_botch > 0
    assert abs(f.p_any_botch / float(r.p_any_botch) - 1) < 1e-12
    with pytest.raises(ValueError, match=r"^pools must be small enough .* exact mode"):
        st.teamwork([1000] * 11, exact=True)


def test_p_any_botch_keeps_tiny_chances():
    r = st.multiple_actions([300, 300], 6, exact=True)
    f = st.multiple_actions([300, 300], 6)
    assert f.p_any_botch > 0 and abs(f.p_any_botch / float(r.p_any_botch) - 1) < 1e-12


def test_actions_bad_input():
    with pytest.raises(ValueError, match="pools"):
        st.multiple_actions([7, 0])
    with pytest.raises(ValueError, match="rolls"):
        st.botch_exemption(3, 6, rolls=0)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(3, 6, attempts=0)
    with pytest.raises(ValueError, match="target"):
        st.automatic_success(3, 6, target=51)
    with pytest.raises(TypeError, match="spoil"):
        st.teamwork([3], spoil="yes")


def test_results_serialise():
    assert '"better": "automatic"' in st.automatic_success(6, 6).to_json()
    assert st.multiple_actions([7, 6, 6]).as_dict()["actions"][0]["dice"] == 4
    assert st.best_actions([5, 5], exact=True).to_json().count('"actions"') == 2
    assert st.teamwork([2, 2]).as_dict()["total"][0] > 0
    assert st.try_again(2, 8).as_dict()["p_success_within"][0] == st.pool(2, 8).p_success


# ---------------------------------------------------------------------------
# p_any, early refusal of a too large exact sum, float against exact
# (references: plain 1 - prod(1 - p) over Fractions)
# ---------------------------------------------------------------------------


def test_p_any_edges():
    assert p_any([], exact=True) == 0 and p_any([F(0)], exact=True) == 0
    assert p_any([F(1), F(1, 3)], exact=True) == 1
    for ps in ([], [0.0], [0, F(0)]):  # nothing can happen: 0.0, never -0.0
        got = p_any(ps, exact=False)
        assert got == 0.0 and math.copysign(1.0, got) == 1.0
    assert p_any([F(1), 0.2], exact=False) == 1.0
    ps = [F(1, 3), F(2, 7), F(1, 10**40)]
    ref = 1 - (1 - ps[0]) * (1 - ps[1]) * (1 - ps[2])
    assert p_any(ps, exact=True) == ref
    assert abs(p_any(ps, exact=False) - float(ref)) < 1e-15
    tiny = [F(1, 10**90)] * 10
    assert abs(p_any(tiny, exact=False) / float(p_any(tiny, exact=True)) - 1) < 1e-12


def test_no_botch_possible_is_zero_not_minus_zero():
    wp = Rules(willpower=True)  # an uncancellable Willpower success: no botch
    for r in (
        st.teamwork([3, 2], [6, 7], wp),
        st.teamwork([3, 2], [6, 7], wp, spoil=True),
        st.multiple_actions([6, 5], 6, wp),
    ):
        text = r.to_json()
        assert "-0.0" not in text
        assert math.copysign(1.0, r.p_any_botch) == 1.0


def test_teamwork_and_multiple_p_any_botch_against_enumeration():
    pools, diffs = [3, 1, 2], [6, 8, 4]
    ref = 1 - math.prod((1 - botch_p(n, d) for n, d in zip(pools, diffs, strict=True)), start=F(1))
    assert st.teamwork(pools, diffs, exact=True).p_any_botch == ref
    assert abs(st.teamwork(pools, diffs).p_any_botch - float(ref)) < 1e-15
    declared = st.multiple_actions([8, 7, 7], 6, exact=True)
    ref = 1 - math.prod((1 - botch_p(n, 6) for n in declared.pools), start=F(1))
    assert declared.p_any_botch == ref


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.preset("first"), Rules.preset("v20"), Rules(ten_again=True)],
    ids=["revised", "first", "v20", "ten_again"],
)
@pytest.mark.parametrize("spoil", [False, True])
def test_float_teamwork_and_actions_agree_with_exact(rules, spoil):
    pools, diffs = [5, 1, 4, 2], [6, 9, 2, 10]
    e = st.teamwork(pools, diffs, rules, spoil=spoil, exact=True)
    f = st.teamwork(pools, diffs, rules, spoil=spoil)
    for name in ("mean_total", "p_success", "p_spoiled", "p_any_botch"):
        assert abs(float(getattr(e, name)) - getattr(f, name)) < 1e-12, name
    assert e.total.isclose(f.total, atol=1e-12)
    e = st.multiple_actions([9, 8, 7, 7], diffs, rules, exact=True)
    f = st.multiple_actions([9, 8, 7, 7], diffs, rules)
    for name in ("p_all", "mean_successes", "p_any_botch"):
        assert abs(float(getattr(e, name)) - getattr(f, name)) < 1e-12, name


def test_teamwork_refuses_a_too_large_exact_total_before_computing_every_member(monkeypatch):
    # 100 different 1000-dice pools were each computed (0.65 s apiece) before the sum
    # refused; now the members computed so far are checked before each new one
    lim = DIST_LIMITS["exact sum digits"]
    monkeypatch.setitem(DIST_LIMITS._by_name, lim.name, dataclasses.replace(lim, hi=2000))
    calls = []
    real = pools_module.pool_grid

    def counted(dice, *args, **kwargs):
        calls.append(dice[0])
        return real(dice, *args, **kwargs)

    monkeypatch.setattr(pools_module, "pool_grid", counted)
    for spoil in (False, True):
        calls.clear()
        with pytest.raises(InputError, match=r"^pools must be small enough .* got 20 pools, of"):
            st.teamwork(list(range(20, 0, -1)), exact=True, spoil=spoil)
        assert calls == [20, 19, 18]  # 20 + 19 dice fit in 2,000 digits, with 18 they do not
    calls.clear()
    r = st.teamwork([10, 10, 10], exact=True)  # repeats share one computation, and fit
    assert calls == [10] and r.total.max == 30
    assert json.loads(r.to_json())["pools"] == [10, 10, 10]
