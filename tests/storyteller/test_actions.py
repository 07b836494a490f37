"""Storyteller §2 extras against independent references.

References are built here from brute-force single-pool outcomes
(``outcome_table``: every face of every die, RULES.md's reading) and plain
dynamic programming / enumeration, never from dicestats' Markov solver.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from dicestats import storyteller as st
from dicestats.storyteller import Rules

F = Fraction
TENTH = F(1, 10)


@functools.cache
def outcome_table(n, d):
    """{(net, botch): P} for n dice at difficulty d, default rules.

    Brute force over every face for n <= 3; a per-die convolution over
    (successes, ones) counts for larger pools.
    """
    if n > 3:
        counts = {(0, 0): F(1)}
        die = {(1, 0): F(11 - d, 10), (0, 1): TENTH, (0, 0): F(d - 2, 10)}
        for _ in range(n):
            nxt = {}
            for (s, o), p in counts.items():
                for (ds, do), q in die.items():
                    nxt[(s + ds, o + do)] = nxt.get((s + ds, o + do), F(0)) + p * q
            counts = nxt
        out = {}
        for (s, o), p in counts.items():
            key = (max(s - o, 0), s == 0 and o >= 1)
            out[key] = out.get(key, F(0)) + p
        return out
    out = {}
    for faces in itertools.product(range(1, 11), repeat=n):
        s = sum(1 for x in faces if x >= d or x == 10)
        o = sum(1 for x in faces if x == 1)
        key = (max(s - o, 0), s == 0 and o >= 1)
        out[key] = out.get(key, F(0)) + TENTH**n
    return out


def success_p(n, d):
    return sum((p for (k, b), p in outcome_table(n, d).items() if k >= 1), F(0))


def botch_p(n, d):
    return sum((p for (k, b), p in outcome_table(n, d).items() if b), F(0))


# ---------------------------------------------------------------------------
# Multiple actions
# ---------------------------------------------------------------------------
def test_hall_example_pools_and_odds():
    # seed 004: Dexterity 3 + Brawl 4 = 7, Dexterity 3 + Dodge 3 = 6 (twice);
    # three actions: 7 - 3 = 4, 6 - 4 = 2, 6 - 5 = 1
    r = st.multiple_actions([7, 6, 6], 6, exact=True)
    assert [a["pool"] for a in r["actions"]] == [4, 2, 1]
    ps = [success_p(n, 6) for n in (4, 2, 1)]
    assert [a["success"] for a in r["actions"]] == ps
    assert r["p_all"] == ps[0] * ps[1] * ps[2]
    assert r["expected_successes"] == sum(ps)


def test_multiple_actions_pool_reduced_to_zero_cannot_be_attempted():
    r = st.multiple_actions([3, 3], 6, exact=True)  # 3 - 2 = 1, 3 - 3 = 0
    assert [a["pool"] for a in r["actions"]] == [1, 0]
    assert not r["actions"][1]["attempted"] and r["actions"][1]["success"] == 0
    assert r["p_all"] == 0


def test_best_actions_picks_the_largest_expected_count():
    r = st.best_actions([7, 6, 6], 6, exact=True)
    expect = {
        1: success_p(6, 6),
        2: success_p(5, 6) + success_p(3, 6),
        3: success_p(4, 6) + success_p(2, 6) + success_p(1, 6),
    }
    assert {row["actions"]: row["expected_successes"] for row in r["by_count"]} == expect
    assert r["best"] == max(expect, key=expect.get)


def test_multiple_actions_per_action_difficulty():
    r = st.multiple_actions([6, 6], [5, 8], exact=True)
    assert [a["success"] for a in r["actions"]] == [success_p(4, 5), success_p(3, 8)]
    with pytest.raises(ValueError, match="difficulty"):
        st.multiple_actions([6, 6], [5, 8, 9])


# ---------------------------------------------------------------------------
# Extended actions: plain dynamic programming over rounds
# ---------------------------------------------------------------------------
def extended_dp(n, d, target, botch, rounds):
    """(P(done within rounds), P(failed by botch within rounds)) by DP over score."""
    tab = outcome_table(n, d)
    state = {0: F(1)}
    done = F(0)
    failed = F(0)
    for _ in range(rounds):
        nxt = {}
        for s, p in state.items():
            for (k, b), q in tab.items():
                if b:
                    if botch == "ends":
                        failed += p * q
                        continue
                    s2 = 0 if botch == "resets" else s
                else:
                    s2 = s + k
                if s2 >= target:
                    done += p * q
                else:
                    nxt[s2] = nxt.get(s2, F(0)) + p * q
        state = nxt
    return done, failed


@pytest.mark.parametrize("botch", ["resets", "ends", "zero"])
def test_extended_with_round_limit_matches_dp(botch):
    n, d, target, rounds = 2, 7, 3, 6
    done, failed = extended_dp(n, d, target, botch, rounds)
    r = st.extended(n, d, target, botch=botch, rounds=rounds, exact=True)
    assert r["p_success"] == done
    assert r["p_failed"] == failed
    assert r["p_timeout"] == 1 - done - failed
    for k in range(1, rounds + 1):
        assert r["p_done_within"][k - 1] == extended_dp(n, d, target, botch, k)[0]
    assert r["rolls"].support()[1] == rounds


def test_extended_unlimited_mean_rolls_matches_long_dp():
    # mean rolls = sum over r >= 0 of P(still running after r rolls); truncated
    # at 400 rolls (the remaining mass is below 1e-30 here)
    n, d, target = 3, 6, 4
    tab = outcome_table(n, d)
    state = {0: 1.0}
    mean = 0.0
    for _ in range(400):
        mean += sum(state.values())
        nxt = {}
        for s, p in state.items():
            for (k, b), q in tab.items():
                s2 = 0 if b else s + k
                if s2 < target:
                    nxt[s2] = nxt.get(s2, 0.0) + p * float(q)
        state = nxt
    r = st.extended(n, d, target, botch="resets")
    assert r["p_success"] == pytest.approx(1, abs=1e-12)
    assert abs(r["mean_rolls"] - mean) < 1e-9
    assert abs(r["rolls"].mean() - mean) < 1e-9
    ex = st.extended(n, d, target, botch="resets", exact=True)
    assert abs(float(ex["mean_rolls"]) - mean) < 1e-9 and ex["rolls"] is None


def test_extended_single_success_is_geometric():
    p = success_p(2, 8)
    r = st.extended(2, 8, 1, botch="zero", exact=True)
    assert r["mean_rolls"] == 1 / p
    assert r["var_rolls"] == (1 - p) / p**2


def test_extended_seed_cliff_climb_runs():
    # seed 004's example: 15 successes to climb down a cliff
    r = st.extended(6, 6, 15, botch="ends")
    assert 0 < r["p_failed"] < 1 and abs(r["p_success"] + r["p_failed"] - 1) < 1e-12


# ---------------------------------------------------------------------------
# Retries, botch exemption, automatic success
# ---------------------------------------------------------------------------
def test_try_again_by_hand():
    # 2 dice from difficulty 8: tries at 8, 9, 10, then impossible
    s = {d: success_p(2, d) for d in (8, 9, 10)}
    b = {d: botch_p(2, d) for d in (8, 9, 10)}
    f = {d: 1 - s[d] - b[d] for d in (8, 9, 10)}
    r = st.try_again(2, 8, exact=True)
    assert r["p_success"] == s[8] + f[8] * s[9] + f[8] * f[9] * s[10]
    assert r["p_botch"] == b[8] + f[8] * b[9] + f[8] * f[9] * b[10]
    assert r["p_gave_up"] == f[8] * f[9] * f[10]
    assert r["expected_attempts"] == 1 + f[8] + f[8] * f[9]
    assert r["p_success_within"] == [s[8], s[8] + f[8] * s[9], r["p_success"]]
    # a botch counts as a failure: the sequence goes on
    g = {d: f[d] + b[d] for d in (8, 9, 10)}
    r2 = st.try_again(2, 8, botch_ends=False, exact=True)
    assert r2["p_success"] == s[8] + g[8] * s[9] + g[8] * g[9] * s[10]
    assert r2["p_botch"] == b[8] + f[8] * b[9] + f[8] * f[9] * b[10]
    # limited attempts
    r3 = st.try_again(2, 8, attempts=2, exact=True)
    assert r3["p_success"] == s[8] + f[8] * s[9]


def test_try_again_clamp_keeps_trying_at_ten():
    rules = Rules(above_ten="clamp")
    r = st.try_again(1, 10, rules, exact=True)
    # every try at 10: success 1/10, botch 1/10 -> P(success first) = 1/2
    assert r["p_success"] == F(1, 2) and r["expected_attempts"] == 5


def test_botch_exemption_against_enumeration():
    b = botch_p(3, 9)
    k = 4
    without = F(0)
    with_ex = F(0)
    for seq in itertools.product([True, False], repeat=k):
        p = F(1)
        for x in seq:
            p *= b if x else 1 - b
        count = sum(seq)
        without += p if count >= 1 else 0
        with_ex += p if count >= 2 else 0
    r = st.botch_exemption(3, 9, rolls=k, exact=True)
    assert (r["without"], r["with_exemption"]) == (without, with_ex)
    assert r["expected_with"] == k * b - without


def test_automatic_success_rules():
    r = st.automatic_success(6, 6, exact=True)
    assert r["allowed"] and r["automatic"]["success"] == 1 and r["better"] == "automatic"
    assert r["roll"]["success"] == st.pool(6, 6, exact=True).success
    assert not st.automatic_success(5, 6)["allowed"]
    assert not st.automatic_success(6, 6, stress=True)["allowed"]
    assert st.automatic_success(6, 6, need=2)["better"] == "roll"


# ---------------------------------------------------------------------------
# Resisted, resisted + extended, teamwork: brute force over both sides' faces
# ---------------------------------------------------------------------------
def test_resisted_seed_example_four_against_three():
    mine = st.evaluate_roll([10, 8, 7, 6, 2], 6)
    theirs = st.evaluate_roll([9, 7, 6, 3], 6)
    assert (mine.net, theirs.net) == (4, 3) and mine.net - theirs.net == 1


def test_resisted_against_brute_force():
    a, b = outcome_table(2, 6), outcome_table(2, 8)
    margin = {}
    for (k1, _), p1 in a.items():
        for (k2, _), p2 in b.items():
            margin[k1 - k2] = margin.get(k1 - k2, F(0)) + p1 * p2
    r = st.resisted(2, 6, 2, 8, exact=True)
    assert dict(r["margin"].items()) == {k: p for k, p in margin.items() if p}
    assert r["p_win"] == sum((p for k, p in margin.items() if k > 0), F(0))
    assert r["p_tie"] == margin[0]
    assert r["botch"] == botch_p(2, 6) and r["opp_botch"] == botch_p(2, 8)


def test_resisted_extended_target_one_and_symmetry():
    r = st.resisted(3, 6, 2, 7, exact=True)
    re1 = st.resisted_extended(3, 6, 2, 7, 1, exact=True)
    assert re1["p_win"] == r["p_win"] / (1 - r["p_tie"])
    assert re1["mean_rounds"] == 1 / (1 - r["p_tie"])
    sym = st.resisted_extended(3, 6, 3, 6, 3, exact=True)
    assert sym["p_win"] == sym["p_lose"] == F(1, 2)


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
    assert dict(r["total"].items()) == {k: p for k, p in total.items() if p}
    r2 = st.teamwork([2, 1], [6, 7], spoil=True, exact=True)
    assert dict(r2["total"].items()) == {k: p for k, p in spoiled_total.items() if p}
    assert r2["p_spoiled"] == spoiled


def test_extras_bad_input():
    with pytest.raises(ValueError, match="target"):
        st.extended(3, 6, 0)
    with pytest.raises(ValueError, match="botch"):
        st.extended(3, 6, 5, botch="explode")
    with pytest.raises(ValueError, match="pools"):
        st.multiple_actions([7, 0])
    with pytest.raises(ValueError, match="rolls"):
        st.botch_exemption(3, 6, rolls=0)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(3, 6, attempts=0)


def test_try_again_sir_jerome_second_try_is_at_seven():
    # seed 004: Wits + Etiquette at difficulty 6 fails; the retry is at 7
    s6, s7 = success_p(4, 6), success_p(4, 7)
    f6 = 1 - s6 - botch_p(4, 6)
    r = st.try_again(4, 6, exact=True)
    assert r["p_success_within"][:2] == [s6, s6 + f6 * s7]


def test_resisted_extended_against_markov_chain():
    # an independent solver: dicestats.core.markov on the (me, them) race
    from dicestats.core.markov import build

    margin = st.resisted(2, 6, 3, 7, exact=True)["margin"]
    target = 3

    def step(state):
        if not isinstance(state, tuple):
            return None
        me, them = state
        out = {}
        for m, p in margin.items():
            if m > 0:
                key = "win" if me + m >= target else (me + m, them)
            elif m < 0:
                key = "lose" if them - m >= target else (me, them - m)
            else:
                key = state
            out[key] = out.get(key, 0) + p
        return out

    chain = build((0, 0), step, exact=True)
    r = st.resisted_extended(2, 6, 3, 7, target, exact=True)
    assert r["p_win"] == chain.absorption()["win"]
    assert r["mean_rounds"] == chain.expected_steps()


def test_extended_exact_unlimited_target_cap():
    with pytest.raises(ValueError, match="target"):
        st.extended(3, 6, 81, exact=True)
    assert st.extended(3, 6, 81, rounds=5, exact=True)["p_success"] == 0


@pytest.mark.parametrize("botch_ends", [True, False])
def test_try_again_clamp_unlimited_tail_matches_long_finite_run(botch_ends):
    rules = Rules(above_ten="clamp")
    inf = st.try_again(3, 7, rules, botch_ends=botch_ends, exact=True)
    fin = st.try_again(3, 7, rules, attempts=400, botch_ends=botch_ends, exact=True)
    # the 400-attempt run misses the mass of ~396 failures at 10: < 0.75**396 < 1e-49
    tol = Fraction(1, 10**40)
    for key in ("p_success", "p_botch", "expected_attempts"):
        assert abs(inf[key] - fin[key]) < tol
    assert inf["p_gave_up"] == 0 and inf["p_success_within"] == fin["p_success_within"]
