"""The Monte Carlo twin against exact values: same result classes, Estimates inside.

Two kinds of reference: outcome tables enumerated by brute force
(:mod:`.oracle`) and the exact functions of dicestats.storyteller.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dicestats import storyteller as st
from dicestats.core.results import Estimate
from dicestats.storyteller import simulation

from .oracle import agrees, botch_p, success_p


def brute_pool(n, d):
    """(P(success), P(botch)) of n d10 at difficulty d, default rules, every outcome."""
    return success_p(n, d), botch_p(n, d)


# ---------------------------------------------------------------------------
# One pool
# ---------------------------------------------------------------------------
def test_simulate_agrees_with_exact():
    rules = st.Rules(ten_again=True)
    out = st.pool(5, 7, rules, trials=40_000, rng=12345)
    exact = st.pool(5, 7, rules)
    n = out.trials
    for est, p in [(out.p_success.value, exact.p_success), (out.p_botch.value, exact.p_botch)]:
        se = math.sqrt(p * (1 - p) / n)
        assert abs(est - p) < 6 * se  # a 6-sigma bound: essentially never flakes


@pytest.mark.parametrize(
    "dice,d,rules,specialty",
    [
        (5, 6, st.Rules(), False),
        (3, 9, st.Rules(botch_rule="first"), False),
        (4, 8, st.Rules(ten_again=True, reroll_ones_cancel=True), False),
        (4, 7, st.Rules(specialty_rule="double", one_cancels="highest"), True),
        (4, 7, st.Rules(reroll_ones_cancel=True), True),
        (3, 6, st.Rules(willpower=True, willpower_success="ordinary"), False),
    ],
    ids=repr,
)
def test_simulated_pool_is_the_exact_pool_with_estimates(dice, d, rules, specialty):
    ex = st.pool(dice, d, rules, specialty=specialty, exact=True)
    mc = st.pool(dice, d, rules, specialty=specialty, trials=30_000, rng=5)
    assert type(mc) is type(ex) and mc.exact is False and mc.trials == 30_000
    assert mc.specialty is ex.specialty is specialty
    for name in st.TABLE_COLUMNS[2:]:
        est = getattr(mc, name)
        assert isinstance(est, Estimate)
        assert agrees(est, getattr(ex, name)), name
    for k, est in mc.net.items():
        assert agrees(est, ex.net.pmf(k)), k
    assert mc.p_success.value + mc.p_fail.value + mc.p_botch.value == pytest.approx(1)


# ---------------------------------------------------------------------------
# Multiple actions
# ---------------------------------------------------------------------------
def test_hall_example_pools():
    # Hall (Dexterity 3, Brawl 4, Dodge 3) punches and dodges twice:
    # punch 7 - 3 = 4 dice, first dodge 6 - 4 = 2, second dodge 6 - 5 = 1
    assert st.multiple_actions([7, 6, 6], trials=10, rng=0).pools == [4, 2, 1]
    # a pool reduced to 0 or less cannot be attempted: never a success
    r = st.multiple_actions([3, 3, 2], trials=2_000, rng=0)
    assert r.pools == [0, -1, -3]
    assert r.p_all.value == 0 and all(a.p_success.value == 0 for a in r.actions)
    assert r.successes[0].value == 1


def test_multiple_actions_against_enumeration():
    # [5, 6] at difficulty 7: k = 2, pools 3 and 3
    ex = [brute_pool(3, 7), brute_pool(3, 7)]
    r = st.multiple_actions([5, 6], 7, trials=60_000, rng=3)
    assert r.pools == [3, 3]
    for a, (s, b) in zip(r.actions, ex, strict=True):
        assert agrees(a.p_success, s) and agrees(a.p_botch, b)
    assert agrees(r.p_all, ex[0][0] * ex[1][0])
    assert agrees(r.mean_successes, ex[0][0] + ex[1][0])
    both_fail = (1 - ex[0][0]) * (1 - ex[1][0])
    assert agrees(r.successes[0], both_fail)


@pytest.mark.parametrize(
    "pools,diff,rules,specialty",
    [
        ([7, 6, 6], 6, st.Rules(), False),
        ([8, 8], [5, 8], st.Rules(ten_again=True), False),
        ([9, 7, 7], 7, st.Rules(botch_rule="first"), False),
        ([6, 6], 6, st.Rules(specialty_rule="double", one_cancels="highest"), True),
        ([8, 8], 7, st.Rules.preset("v20"), [True, False]),
        ([7, 7], 8, st.Rules(ten_again=True, chain=False, reroll_ones_cancel=True), False),
        ([5], 6, st.Rules(willpower=True, willpower_success="ordinary"), False),
    ],
)
def test_multiple_actions_against_storyteller_exact(pools, diff, rules, specialty):
    ex = st.multiple_actions(pools, diff, rules, specialty=specialty, exact=True)
    r = st.multiple_actions(pools, diff, rules, specialty=specialty, trials=50_000, rng=11)
    assert type(r) is type(ex)
    for est, a in zip(r.actions, ex.actions, strict=True):
        assert agrees(est.p_success, a.p_success)
        assert agrees(est.p_botch, a.p_botch)
        assert (est.dice, est.base, est.difficulty) == (a.dice, a.base, a.difficulty)
        assert est.specialty == a.specialty
    assert agrees(r.p_all, ex.p_all)
    assert agrees(r.mean_successes, ex.mean_successes)
    assert agrees(r.p_any_botch, ex.p_any_botch)
    for j, est in r.successes.items():
        assert agrees(est, ex.successes[j])


# ---------------------------------------------------------------------------
# Extended actions
# ---------------------------------------------------------------------------
def test_extended_runs_cut_off_are_not_an_unreachable_target():
    # 30 successes need about 17 rolls of 5 dice: cut at 5 rolls, no run gets there,
    # which the text said was "the target cannot be reached" (the exact answer: 100%)
    from dicestats.format import view_text

    e = st.extended(5, 6, 30, trials=1_000, rng=1, max_rounds=5)
    text = view_text(e.view())
    assert e.p_unfinished.value == 1 and e.mean_rolls_given_success is None
    assert "cannot be reached" not in text
    assert "more rolls may reach it" in text and "the mean rolls is a lower bound" in text
    text = view_text(st.extended(5, 6, 30, trials=1_000, rng=1).view())
    assert "lower bound" not in text and "more rolls" not in text  # every run ended
    assert st.extended(5, 6, 30).p_success == 1


def test_extended_closed_forms():
    # 1 die at difficulty 6, target 1, a botch scores 0: geometric with p = 1/2
    e = st.extended(1, 6, 1, on_botch="zero", trials=40_000, rng=5)
    assert agrees(e.mean_rolls, 2) and e.p_success.value == 1
    assert agrees(e.var_rolls, 2)  # (1 - p) / p**2
    # target 2, a botch resets: E0 = 1 + E1/2 + E0/2 and E1 = 1 + 0.4 E1 + 0.1 E0
    # (success 1/2, plain failure 4/10, botch 1/10) give E1 = 2.4, E0 = 4.4
    e = st.extended(1, 6, 2, trials=40_000, rng=6)
    assert agrees(e.mean_rolls, Fraction(22, 5))
    # a botch ends it: P(success) = P(two successes before a botch) = (5/6)^2
    e = st.extended(1, 6, 2, on_botch="ends", trials=40_000, rng=7)
    assert agrees(e.p_success, Fraction(25, 36)) and agrees(e.p_failed, Fraction(11, 36))
    # within r rolls is cumulative and the end distribution sums to 1
    within = [x.value for x in e.p_done_within]
    assert all(a <= b for a, b in zip(within, within[1:], strict=False))
    assert abs(sum(x.value for x in e.rolls.values()) - 1) < 1e-12


@pytest.mark.parametrize(
    "args,kw",
    [
        ((3, 6, 5), dict(rounds=6)),
        ((2, 7, 4), dict(rules=st.Rules(ten_again=True), on_botch="ends")),
        ((4, 8, 3), dict(on_botch="zero", rounds=4)),
        ((3, 6, 6), dict()),
        ((3, 7, 4), dict(rules=st.Rules.preset("v20"), specialty=True, rounds=5)),
        ((2, 8, 3), dict(specialty=True, on_botch="ends")),  # revised: the 10s reroll
    ],
)
def test_extended_against_storyteller_exact(args, kw):
    rules = kw.pop("rules", st.Rules())
    ex = st.extended(*args, rules, exact=True, **kw)
    e = st.extended(*args, rules, trials=40_000, rng=13, **kw)
    assert type(e) is type(ex) and e.specialty == ex.specialty == kw.get("specialty", False)
    assert agrees(e.p_success, ex.p_success)
    assert agrees(e.p_failed, ex.p_failed)
    assert agrees(e.p_timeout, ex.p_timeout)
    assert agrees(e.mean_rolls, ex.mean_rolls)
    assert agrees(e.var_rolls, ex.var_rolls)
    assert e.p_unfinished.value == 0
    # E[rolls | success], with or without a round limit (it was None without one)
    assert agrees(e.mean_rolls_given_success, ex.mean_rolls_given_success)
    assert len(e.p_done_within) == len(ex.p_done_within)
    for r in (1, 2, 3):
        assert agrees(e.p_done_within[r - 1], ex.p_done_within[r - 1])


# ---------------------------------------------------------------------------
# Seeds, workers, errors
# ---------------------------------------------------------------------------
def test_same_seed_identical_any_workers():
    kw = dict(trials=30_000, rng=4, batch_size=10_000)
    a = st.multiple_actions([7, 6, 6], workers=1, **kw)
    b = st.multiple_actions([7, 6, 6], workers=2, **kw)
    assert a.to_json() == b.to_json()
    c = st.extended(3, 6, 5, workers=1, **kw)
    d = st.extended(3, 6, 5, workers=2, **kw)
    assert c.to_json() == d.to_json()
    e = st.pool(4, 7, st.Rules(ten_again=True), workers=1, **kw)
    f = st.pool(4, 7, st.Rules(ten_again=True), workers=2, **kw)
    assert e.to_json() == f.to_json()


def test_big_pools_use_smaller_batches():
    assert simulation.batch_size_for(64) == 65536 and simulation.batch_size_for(1000) == 4194
    r = st.pool(1000, 6, trials=5000, rng=1)
    assert agrees(r.mean_net, st.pool(1000, 6).mean_net)


@pytest.mark.parametrize(
    "call,exc,words",
    [
        (lambda: st.multiple_actions([], trials=10), ValueError, "pools"),
        (lambda: st.multiple_actions([0], trials=10), ValueError, r"pools .*\[0\]"),
        (lambda: st.multiple_actions([5], 11, trials=10), ValueError, "difficulty"),
        (lambda: st.multiple_actions([5, 5], [6], trials=10), ValueError, "one value per"),
        (lambda: st.multiple_actions([5], rules="revised", trials=10), TypeError, "rules"),
        (lambda: st.extended(0, 6, 3, trials=10), ValueError, "dice"),
        (lambda: st.extended(3, 6, 0, trials=10), ValueError, "target"),
        (lambda: st.extended(3, 6, 3, on_botch="lose", trials=10), ValueError, "on_botch"),
        (lambda: st.extended(3, 6, 3, rounds=0, trials=10), ValueError, "rounds"),
        (lambda: st.extended(3, 6, 3, trials=0), ValueError, "trials"),
        (lambda: st.pool(1001, 6, trials=10), ValueError, "dice"),
        (lambda: st.pool(3, 6, trials=0), ValueError, "trials"),
        (lambda: st.pool(3, 6, 10), TypeError, "rules"),
    ],
)
def test_bad_input(call, exc, words):
    with pytest.raises(exc, match=words):
        call()
