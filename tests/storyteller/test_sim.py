"""Storyteller multiple actions and extended actions: simulation vs exact results.

Two kinds of reference: a small independent enumeration of every d10 outcome
(default rules, written here from RULES.md §2) and the exact functions of
dicestats.storyteller (checked to exist with hasattr; they are part of the package).
"""

import itertools
from fractions import Fraction

import numpy as np
import pytest

from dicestats import storyteller as st
from dicestats import storyteller_sim as ss

HAS_EXACT = hasattr(st, "multiple_actions") and hasattr(st, "extended")
needs_exact = pytest.mark.skipif(not HAS_EXACT, reason="dicestats.storyteller lacks exact API")


def brute_pool(n, d):
    """(P(success), P(botch)) of n d10 at difficulty d, default rules, every outcome."""
    succ = botch = 0
    for faces in itertools.product(range(1, 11), repeat=n):
        s = sum(f >= d for f in faces)  # a 10 is always >= d (d <= 10)
        ones = faces.count(1)
        succ += s - ones >= 1
        botch += s == 0 and ones >= 1
    return Fraction(succ, 10**n), Fraction(botch, 10**n)


def close(est, exact, k=4.5):
    p = float(exact)
    se = est.stderr
    if est.kind == "proportion":  # the exact binomial error guards against p-hat = 0 or 1
        se = max(se, (p * (1 - p) / est.trials) ** 0.5)
    return abs(est.value - p) <= k * se + 1e-12


def test_hall_example_pools():
    # seed 004: Hall (Dexterity 3, Brawl 4, Dodge 3) punches and dodges twice:
    # punch 7 - 3 = 4 dice, first dodge 6 - 4 = 2, second dodge 6 - 5 = 1
    assert ss.multiple_actions([7, 6, 6], trials=10, rng=0).pools == [4, 2, 1]
    # a pool reduced to 0 or less cannot be attempted: never a success
    r = ss.multiple_actions([3, 3, 2], trials=2_000, rng=0)
    assert r.pools == [0, -1, -3]
    assert r.p_all.value == 0 and all(e.value == 0 for e in r.p_success)
    assert r.successes[0].value == 1


def test_multiple_actions_against_enumeration():
    # [5, 6] at difficulty 7: k = 2, pools 3 and 3
    ex = [brute_pool(3, 7), brute_pool(3, 7)]
    r = ss.multiple_actions([5, 6], 7, trials=60_000, rng=3)
    assert r.pools == [3, 3]
    for i, (s, b) in enumerate(ex):
        assert close(r.p_success[i], s) and close(r.p_botch[i], b)
    assert close(r.p_all, ex[0][0] * ex[1][0])
    assert close(r.mean_successes, ex[0][0] + ex[1][0])
    both_fail = (1 - ex[0][0]) * (1 - ex[1][0])
    assert close(r.successes[0], both_fail)


@needs_exact
@pytest.mark.parametrize(
    "pools,diff,rules",
    [
        ([7, 6, 6], 6, st.Rules()),
        ([8, 8], [5, 8], st.Rules(ten_again=True)),
        ([9, 7, 7], 7, st.Rules(botch="first")),
        ([6, 6], 6, st.Rules(specialty="double", one_cancels="highest")),
        ([7, 7], 8, st.Rules(ten_again=True, chain=False, reroll_ones_cancel=True)),
        ([5], 6, st.Rules(willpower=True, willpower_success="ordinary")),
    ],
)
def test_multiple_actions_against_storyteller_exact(pools, diff, rules):
    ex = st.multiple_actions(pools, diff, rules, exact=True)
    r = ss.multiple_actions(pools, diff, rules, trials=50_000, rng=11)
    for est, a in zip(r.p_success, ex["actions"], strict=True):
        assert close(est, a["success"])
    for est, a in zip(r.p_botch, ex["actions"], strict=True):
        assert close(est, a["botch"])
    assert close(r.p_all, ex["p_all"])
    assert close(r.mean_successes, ex["expected_successes"])


def test_extended_closed_forms():
    # 1 die at difficulty 6, target 1, a botch scores 0: geometric with p = 1/2
    e = ss.extended(1, 6, 1, botch="zero", trials=40_000, rng=5)
    assert close(e.mean_rolls, 2) and e.p_success.value == 1
    # target 2, a botch resets: E0 = 1 + E1/2 + E0/2 and E1 = 1 + 0.4 E1 + 0.1 E0
    # (success 1/2, plain failure 4/10, botch 1/10) give E1 = 2.4, E0 = 4.4
    e = ss.extended(1, 6, 2, trials=40_000, rng=6)
    assert close(e.mean_rolls, Fraction(22, 5))
    # a botch ends it: P(success) = P(two successes before a botch) = (5/6)^2
    e = ss.extended(1, 6, 2, botch="ends", trials=40_000, rng=7)
    assert close(e.p_success, Fraction(25, 36)) and close(e.p_failed, Fraction(11, 36))
    # within r rolls is cumulative and the end distribution sums to 1
    assert all(a <= b for a, b in zip(e.p_done_within, e.p_done_within[1:], strict=False))
    assert abs(sum(x.value for x in e.rolls) - 1) < 1e-12


@needs_exact
@pytest.mark.parametrize(
    "args,kw",
    [
        ((3, 6, 5), dict(rounds=6)),
        ((2, 7, 4), dict(rules=st.Rules(ten_again=True), botch="ends")),
        ((4, 8, 3), dict(botch="zero", rounds=4)),
        ((3, 6, 6), dict()),
    ],
)
def test_extended_against_storyteller_exact(args, kw):
    rules = kw.pop("rules", st.Rules())
    ex = st.extended(*args, rules, exact=True, **kw)
    e = ss.extended(*args, rules, trials=40_000, rng=13, **kw)
    assert close(e.p_success, ex["p_success"])
    assert close(e.p_failed, ex["p_failed"])
    assert close(e.p_timeout, ex["p_timeout"])
    assert close(e.mean_rolls, ex["mean_rolls"])
    assert e.p_unfinished.value == 0
    for r in (1, 2, 3):
        p = float(ex["p_done_within"][r - 1])
        assert abs(e.p_done_within[r - 1] - p) <= 4.5 * (p * (1 - p) / e.p_success.trials) ** 0.5


def test_default_fallback_evaluation_matches_storyteller():
    faces = np.random.default_rng(0).integers(1, 11, size=(5_000, 6))
    for d in (2, 6, 10):
        mine = ss._evaluate_default(faces, d)
        if hasattr(st, "evaluate_rolls"):
            ref = st.evaluate_rolls(faces, d)
            for key in ("net", "botch", "success"):
                assert np.array_equal(mine[key], ref[key]), (d, key)
    # seed 003 / 004 worked examples
    out = ss._evaluate_default(np.array([[3, 3, 8, 7, 10]]), 6)
    assert out["net"].tolist() == [3]
    out = ss._evaluate_default(np.array([[2, 5, 6, 6, 4, 3], [1, 3, 4, 3, 6, 2]]), 7)
    assert out["botch"].tolist() == [False, True] and out["success"].tolist() == [False, False]


def test_same_seed_identical_any_workers():
    kw = dict(trials=30_000, rng=4, batch_size=10_000)
    a = ss.multiple_actions([7, 6, 6], workers=1, **kw)
    b = ss.multiple_actions([7, 6, 6], workers=2, **kw)
    assert a.raw["count"].tolist() == b.raw["count"].tolist()
    c = ss.extended(3, 6, 5, workers=1, **kw)
    d = ss.extended(3, 6, 5, workers=2, **kw)
    assert c.raw["end"].tolist() == d.raw["end"].tolist()


@pytest.mark.parametrize(
    "call,exc,words",
    [
        (lambda: ss.multiple_actions([], trials=10), ValueError, "pools"),
        (lambda: ss.multiple_actions([0], trials=10), ValueError, r"pools\[0\]"),
        (lambda: ss.multiple_actions([5], 11, trials=10), ValueError, "difficulty"),
        (lambda: ss.multiple_actions([5, 5], [6], trials=10), ValueError, "one value per"),
        (lambda: ss.multiple_actions([5], rules="revised", trials=10), TypeError, "rules"),
        (lambda: ss.extended(0, 6, 3, trials=10), ValueError, "dice"),
        (lambda: ss.extended(3, 6, 0, trials=10), ValueError, "target"),
        (lambda: ss.extended(3, 6, 3, botch="lose", trials=10), ValueError, "botch"),
        (lambda: ss.extended(3, 6, 3, rounds=0, trials=10), ValueError, "rounds"),
        (lambda: ss.extended(3, 6, 3, trials=0), ValueError, "trials"),
    ],
)
def test_bad_input(call, exc, words):
    with pytest.raises(exc, match=words):
        call()
