"""Extended, resisted and resisted-extended actions against independent references.

References: dynamic programming over the score and Fraction Gaussian
elimination on outcome tables built by brute force (:mod:`.oracle`); the
race is also solved by :mod:`dicestats.core.markov` (an independent solver
of this system's code).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import storyteller as st
from dicestats.storyteller import Rules

from .oracle import botch_p, brute_pool, extended_dp, outcome_table, solve_linear, success_p

F = Fraction


# ---------------------------------------------------------------------------
# Extended actions
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("on_botch", ["resets", "ends", "zero"])
def test_extended_with_round_limit_matches_dp(on_botch):
    n, d, target, rounds = 2, 7, 3, 6
    done, failed = extended_dp(n, d, target, on_botch, rounds)
    r = st.extended(n, d, target, on_botch=on_botch, rounds=rounds, exact=True)
    assert r.p_success == done
    assert r.p_failed == failed
    assert r.p_timeout == 1 - done - failed
    for k in range(1, rounds + 1):
        assert r.p_done_within[k - 1] == extended_dp(n, d, target, on_botch, k)[0]
    assert r.rolls.support()[1] == rounds


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
    r = st.extended(n, d, target, on_botch="resets")
    assert r.p_success == pytest.approx(1, abs=1e-12)
    assert abs(r.mean_rolls - mean) < 1e-9
    assert abs(r.rolls.mean() - mean) < 1e-9
    ex = st.extended(n, d, target, on_botch="resets", exact=True)
    assert abs(float(ex.mean_rolls) - mean) < 1e-9 and ex.rolls is None


# Issue 9: float extended actions without a round limit crashed on long tasks ("the chain had
# not been absorbed after ... steps") for 19 of these 112 combinations, where exact mode worked.
_GRID = [(n, d, t) for n in range(1, 8) for d in range(7, 11) for t in (5, 10, 15, 20)]


def _rel(a, b) -> float:
    return abs(float(a) - float(b)) / max(1.0, abs(float(b)))


@pytest.mark.parametrize("dice", range(1, 8))
def test_extended_float_answers_every_long_task_and_agrees_with_exact(dice):
    from dicestats.storyteller.extended_resisted import ROLLS_MAX, ROLLS_TAIL

    for n, d, t in (g for g in _GRID if g[0] == dice):
        f = st.extended(n, d, t)
        e = st.extended(n, d, t, exact=True)  # within the exact limits on the whole grid
        for field in ("p_success", "p_failed", "mean_rolls", "var_rolls"):
            assert _rel(getattr(f, field), getattr(e, field)) <= 1e-12, (n, d, t, field)
        within = zip(f.p_done_within, e.p_done_within, strict=True)
        assert all(_rel(x, y) <= 1e-12 for x, y in within)
        # the distribution of rolls: cut at a stated tail mass (or at ROLLS_MAX rolls)
        top = f.rolls.support()[1]
        assert f.rolls_tail <= ROLLS_TAIL or top == ROLLS_MAX, (n, d, t)
        assert abs(f.rolls.probabilities.sum() - 1) < 1e-9  # (items(): 1e6 pairs in Python)
        # ... whose first 30 rolls are the exact ones (a round limit of 30 lumps the rest)
        cut = st.extended(n, d, t, rounds=30, exact=True).rolls
        for r in range(1, 30):
            assert abs(f.rolls.pmf(r) - float(cut.pmf(r))) <= 1e-15, (n, d, t, r)


def test_extended_one_die_at_ten_to_ten_successes_takes_10230_rolls():
    # The figure, in both modes, and the pmf against dynamic programming over
    # the score (oracle.extended_dp, built on brute-force outcome tables).
    e = st.extended(1, 10, 10, exact=True)
    f = st.extended(1, 10, 10)
    assert e.mean_rolls == 10230 and f.mean_rolls == pytest.approx(10230, rel=1e-13)
    for rounds in (10, 40, 100):
        done, failed = extended_dp(1, 10, 10, "resets", rounds)
        got = sum(f.rolls.pmf(r) for r in range(1, rounds + 1))
        assert abs(got - float(done + failed)) < 1e-15
    # cut where the mass still rolling is at most 1e-15: about 35 mean lengths
    top = f.rolls.support()[1]
    assert 0 < f.rolls_tail <= 1e-15 and 300_000 < top < 400_000
    assert f.rolls.pmf(top) >= f.rolls_tail


def test_extended_float_beyond_the_roll_cap_states_its_tail():
    # 1 die at 10 to 200 successes, a botch resets: about 1.6e61 rolls on average. The
    # mean and variance are solved, the distribution stops at ROLLS_MAX rolls and says
    # how much mass it lumped there.
    from dicestats.storyteller.extended_resisted import ROLLS_MAX

    r = st.extended(1, 10, 200)
    assert r.mean_rolls == pytest.approx(1.6069380442589903e61, rel=1e-9)
    assert r.rolls.support() == (200, ROLLS_MAX)
    assert 0.99 < r.rolls_tail <= 1 and r.p_success == 1


def test_extended_cli_answers_long_tasks(capsys):
    import json

    from dicestats.cli import main

    assert main(["extended", "--dice", "2", "--difficulty", "10", "--target", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mean_rolls"] == pytest.approx(3762.2427743834, rel=1e-12)
    assert 0 < out["rolls_tail"] <= 1e-15
    assert main(["extended", "--dice", "1", "--difficulty", "10", "--target", "20"]) == 0
    text = capsys.readouterr().out
    assert "mean rolls                10485750.0000" in text
    assert "(rows end at 50 rolls, still" in text
    assert "rolls beyond 1,000,000" in text  # the cut of the distribution is stated


def test_extended_single_success_is_geometric():
    p = success_p(2, 8)
    r = st.extended(2, 8, 1, on_botch="zero", exact=True)
    assert r.mean_rolls == 1 / p
    assert r.var_rolls == (1 - p) / p**2


def test_extended_cliff_climb_runs():
    # the rule text's example: 15 successes to climb down a cliff
    r = st.extended(6, 6, 15, on_botch="ends")
    assert 0 < r.p_failed < 1 and abs(r.p_success + r.p_failed - 1) < 1e-12


@pytest.mark.parametrize("mode", ["resets", "ends", "zero"])
def test_extended_against_linear_system(mode):
    for n, d, target in ((1, 6, 3), (3, 9, 4), (2, 10, 2)):
        net, b = brute_pool(n, d, {})
        clean = dict(net)
        clean[0] -= b
        a = [[F(0)] * target for _ in range(target)]
        rhs = [F(0)] * target
        for s in range(target):
            a[s][s] += 1
            for k, p in clean.items():
                if s + k >= target:
                    rhs[s] += p
                else:
                    a[s][s + k] -= p
            if mode == "resets":
                a[s][0] -= b
            elif mode == "zero":
                a[s][s] -= b
        r = st.extended(n, d, target, on_botch=mode, exact=True)
        assert r.p_success == solve_linear(a, rhs)[0]
        assert r.mean_rolls == solve_linear(a, [F(1)] * target)[0]


def test_extended_exact_unlimited_target_cap():
    with pytest.raises(ValueError, match="target"):
        st.extended(3, 6, 81, exact=True)
    assert st.extended(3, 6, 81, rounds=5, exact=True).p_success == 0


@pytest.mark.parametrize(
    "args,kw,name",
    [
        ((21, 6, 5), {}, "dice"),
        ((11, 6, 5), {"rules": st.Rules(ten_again=True)}, "dice"),
        ((20, 6, 5), {"rounds": 51}, "rounds"),
        ((2, 6, 5), {"rounds": 51, "rules": st.Rules(ten_again=True)}, "rounds"),
    ],
)
def test_extended_exact_is_capped_instead_of_running_for_minutes(args, kw, name):
    # extended(100, 10, 80, ten_again, exact=True) and (1000, 10, 200, rounds=500,
    # exact=True) ran for minutes. Float mode keeps the full range.
    with pytest.raises(ValueError, match=name):
        st.extended(*args, exact=True, **kw)
    assert st.extended(*args, **kw).p_success > 0


def test_extended_bad_input():
    with pytest.raises(ValueError, match="target"):
        st.extended(3, 6, 0)
    with pytest.raises(ValueError, match="on_botch"):
        st.extended(3, 6, 5, on_botch="explode")
    with pytest.raises(ValueError, match="rounds"):
        st.extended(3, 6, 5, rounds=501)
    with pytest.raises(TypeError):
        st.extended(3, 6, 5, Rules(), "resets")  # on_botch is keyword-only


# ---------------------------------------------------------------------------
# Resisted, resisted + extended: brute force over both sides' faces
# ---------------------------------------------------------------------------
def test_resisted_worked_example_four_against_three():
    # "four successes against three: one net success"
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
    assert dict(r.margin.items()) == {k: p for k, p in margin.items() if p}
    assert r.p_win == sum((p for k, p in margin.items() if k > 0), F(0))
    assert r.p_tie == margin[0]
    assert r.p_botch == botch_p(2, 6) and r.p_versus_botch == botch_p(2, 8)
    assert r.p_win + r.p_tie + r.p_lose == 1


def test_resisted_versus_keywords():
    r = st.resisted(3, 6, versus=2, versus_difficulty=7, exact=True)
    assert (r.versus, r.versus_difficulty) == (2, 7)
    first = Rules(botch_rule="first")
    mixed = st.resisted(3, 6, 3, 6, Rules(), first, exact=True)
    assert st.resisted(3, 6, 3, 6, versus_rules=first, exact=True) == mixed
    assert mixed.p_versus_botch == st.pool(3, 6, first, exact=True).p_botch
    race = st.resisted_extended(3, 6, versus=3, versus_difficulty=7, target=2, exact=True)
    assert race == st.resisted_extended(3, 6, 3, 7, 2, exact=True)
    with pytest.raises(ValueError, match="versus must be given"):
        st.resisted(3, 6)
    with pytest.raises(TypeError, match="target"):
        st.resisted_extended(3, 6, 3, 7)


def test_resisted_extended_target_one_and_symmetry():
    r = st.resisted(3, 6, 2, 7, exact=True)
    re1 = st.resisted_extended(3, 6, 2, 7, 1, exact=True)
    assert re1.p_win == r.p_win / (1 - r.p_tie)
    assert re1.mean_rounds == 1 / (1 - r.p_tie)
    sym = st.resisted_extended(3, 6, 3, 6, 3, exact=True)
    assert sym.p_win == sym.p_lose == F(1, 2)


def test_resisted_extended_against_markov_chain():
    # an independent solver: dicestats.core.markov on the (me, them) race
    from dicestats.core.markov import build

    margin = st.resisted(2, 6, 3, 7, exact=True).margin
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
    assert r.p_win == chain.absorption()["win"]
    assert r.mean_rounds == chain.expected_steps()


def test_exact_resisted_race_is_capped():
    # resisted_extended(20, 6, 20, 6, 60, exact=True) ran for most of a minute
    with pytest.raises(ValueError, match="target"):
        st.resisted_extended(20, 6, 20, 6, 60, exact=True)
    fl = st.resisted_extended(20, 6, 20, 6, 60)
    assert abs(fl.p_win - 0.5) < 1e-12  # symmetric sides
    # an independent check of a small race: first to 1 net success
    me, _ = brute_pool(2, 6, {})
    them, _ = brute_pool(3, 7, {})
    win = sum(p * q for k, p in me.items() for j, q in them.items() if k > j)
    tie = sum(p * q for k, p in me.items() for j, q in them.items() if k == j)
    assert st.resisted_extended(2, 6, 3, 7, 1, exact=True).p_win == win / (1 - tie)


def test_results_serialise():
    assert '"rolls": null' in st.extended(2, 6, 3, exact=True).to_json()
    assert st.extended(2, 6, 3, rounds=2).as_dict()["rolls"][2] > 0
    assert st.resisted(2, 6, 2, 6).as_dict()["margin"][0] > 0
    assert '"p_win": "1/2"' in st.resisted_extended(3, 6, 3, 6, 2, exact=True).to_json()
