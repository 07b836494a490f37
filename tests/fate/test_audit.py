"""Audit regressions for dicestats.fate and its CLI, each against an independent oracle."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from dicestats import fate
from dicestats.cli import main

F = Fraction
_FACES = list(itertools.product((-1, 0, 1), repeat=4))
_CNT = Counter(sum(f) for f in _FACES)


def _exchange(bonuses):
    """One exchange by enumeration of every joint 4dF total (weights over 81**n)."""
    n = len(bonuses)
    out: Counter = Counter()
    for tots in itertools.product(range(-4, 5), repeat=n):
        w = 1
        for t in tots:
            w *= _CNT[t]
        vals = [t + b for t, b in zip(tots, bonuses, strict=True)]
        hi = max(vals)
        if vals.count(hi) > 1:
            out["tie"] += w
            continue
        i = vals.index(hi)
        style = all(hi - v >= 3 for j, v in enumerate(vals) if j != i)
        out[(i, 2 if style else 1)] += w
    return {k: F(v, 81**n) for k, v in out.items()}


def _contest_oracle(bonuses, victories):
    """P(win) and E[exchanges] by recursion; a tie loops, so divide by 1 - P(tie)."""
    e = _exchange(bonuses)
    pt = e.get("tie", 0)
    moves = [(k, p) for k, p in e.items() if k != "tie"]
    n = len(bonuses)

    @lru_cache(None)
    def solve(state):
        pw = [F(0)] * n
        es = F(1)
        for (i, v), p in moves:
            ns = list(state)
            ns[i] += v
            if ns[i] >= victories:
                pw[i] += p
            else:
                sub, se = solve(tuple(ns))
                pw = [a + p * b for a, b in zip(pw, sub, strict=True)]
                es += p * se
        return tuple(x / (1 - pt) for x in pw), es / (1 - pt)

    return solve(tuple([0] * n))


# --------------------------------------------------------------------------
# Contests: long contests used to hang (exact) or die with a MemoryError
# (three participants); now sparse and capped with a clear error.
# --------------------------------------------------------------------------
def test_long_exact_contest_matches_recursion():
    pw, es = _contest_oracle((1, 0), 12)
    c = fate.contest([1, 0], victories=12, exact=True)
    assert c.p_win == pw
    assert c.expected_exchanges == es
    cf = fate.contest([1, 0], victories=12)
    assert abs(cf.p_win[0] - float(pw[0])) < 1e-12
    assert abs(cf.expected_exchanges - float(es)) < 1e-12


def test_three_participants_match_recursion():
    pw, es = _contest_oracle((1, 0, -1), 4)
    c = fate.contest([1, 0, -1], victories=4, exact=True)
    assert c.p_win == pw
    assert c.expected_exchanges == es


def test_contest_size_is_capped_with_a_clear_error():
    with pytest.raises(ValueError, match="victories=50 with 3 participants"):
        fate.contest([0, 0, 0], victories=50)
    with pytest.raises(ValueError, match="exact mode"):
        fate.contest([0, 0, 0], victories=30, exact=True)
    with pytest.raises(ValueError, match="max_exchanges"):
        fate.contest([0, 0], victories=50, max_exchanges=1000, exact=True)
    with pytest.raises(ValueError, match="6 participants"):
        fate.contest([0] * 6, victories=4, exact=True)


def test_cli_contest_bad_sizes_are_one_line(capsys):
    assert main(["contest", "--bonus", "0", "--vs", "0", "--vs", "0", "--victories", "50"]) == 2
    err = capsys.readouterr().err
    assert "victories" in err and "Traceback" not in err and err.count("\n") == 1


# --------------------------------------------------------------------------
# Invokes against an active opposition: 101 opposition totals × a 50-dice DP
# took minutes; now capped with a clear error. --point-value 1e-99999999 hung.
# --------------------------------------------------------------------------
def test_invoke_vs_opposition_caps_and_checks_its_arguments():
    with pytest.raises(ValueError, match="invokes=20"):
        fate.invoke_vs_opposition(0, 0, invokes=20, dice=50)
    with pytest.raises(ValueError, match="opposed_dice"):
        fate.invoke_vs_opposition(0, 0, invokes=1, opposed_dice=0)
    with pytest.raises(TypeError, match="invokes"):
        fate.invoke_vs_opposition(0, 0, invokes=1.0)


def test_invoke_vs_opposition_against_brute_force():
    # Independent: average, over the opposition's 4dF, of an expectimax over
    # the actual 81 face combinations (keep / +2 / reroll with the +2s kept).
    def best(need, k):
        @lru_cache(None)
        def v(total, plus, left):
            out = F(int(total + plus >= need))
            if left:
                out = max(out, v(total, plus + 2, left - 1))
                out = max(out, sum(v(sum(f), plus, left - 1) for f in _FACES) / 81)
            return out

        return sum(v(sum(f), 0, k) for f in _FACES) / 81

    bonus, opposed, k = 1, 2, 2
    r = fate.invoke_vs_opposition(bonus, opposed, invokes=k, exact=True)
    exp = sum(F(_CNT[o], 81) * best(opposed + o + 1 - bonus, k) for o in range(-4, 5))
    assert r["p_optimal"] == exp


def test_cli_point_value_with_a_huge_exponent_is_refused(capsys):
    argv = ["invoke", "--difficulty", "0", "--invokes", "1", "--point-value", "1e-99999999"]
    assert main(argv) == 2
    assert "exponent" in capsys.readouterr().err
    assert main(["invoke", "--difficulty", "0", "--invokes", "1", "--point-value", "1e-40"]) == 0


# --------------------------------------------------------------------------
# Streaks: the dice DP kept one state per (hits so far, run), so states grew
# with draws² (10,000 draws: minutes); the deck had no size cap.
# --------------------------------------------------------------------------
def _streak_bf(event, run, draws, start, reshuffle_at):
    """P(a run of >= run hits) on the 9-card 2dF deck, enumerating every ordering."""
    cards = [sum(f) for f in itertools.product((-1, 0, 1), repeat=2)]
    segs, pos, left = [], start, draws
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append((pos, take))
        left -= take
        pos = 0
    dists = []
    for pre, take in segs:
        c: Counter = Counter()
        n = 0
        for perm in itertools.permutations(range(9), pre + take):
            c[tuple(cards[perm[pre + j]] in event for j in range(take))] += 1
            n += 1
        dists.append([(k, F(v, n)) for k, v in c.items()])
    total = F(0)
    for combo in itertools.product(*dists):
        seq = sum((k for k, _ in combo), ())
        p = F(1)
        for _, q in combo:
            p *= q
        r = longest = 0
        for hit in seq:
            r = r + 1 if hit else 0
            longest = max(longest, r)
        if longest >= run:
            total += p
    return total


@pytest.mark.parametrize(
    ("event", "run", "draws", "start", "reshuffle_at"),
    [
        ({-2, -1}, 2, 5, 0, 9),
        ({-2, -1, 0}, 3, 6, 2, 5),
        ({0, 1}, 1, 4, 0, 2),
        ({-1, 1, 2}, 2, 6, 3, 4),
        ({-2}, 2, 5, 0, 9),
    ],
)
def test_deck_streak_float_and_exact_against_enumeration(event, run, draws, start, reshuffle_at):
    exp = _streak_bf(event, run, draws, start, reshuffle_at)
    kw = {"dice": 2, "start": start, "reshuffle_at": reshuffle_at}
    assert fate.deck_streak_prob(event, run, draws, exact=True, **kw) == exp
    assert abs(fate.deck_streak_prob(event, run, draws, **kw) - float(exp)) < 1e-12


def test_dice_streak_long_session_against_run_length_chain():
    # Independent: a chain on the current run length only, in floats.
    fail = fate.totals_where("fail", 0, 1)
    p = sum(_CNT[t] for t in fail) / 81
    run, draws = 6, 3000
    state = [1.0] + [0.0] * (run - 1)
    done = 0.0
    for _ in range(draws):
        new = [0.0] * run
        new[0] = sum(state) * (1 - p)
        for r in range(run):
            if r + 1 == run:
                done += state[r] * p
            else:
                new[r + 1] += state[r] * p
        state = new
    assert abs(fate.dice_streak_prob(fail, run, draws) - done) < 1e-12
    ex = fate.dice_streak_prob(fail, 3, 40, exact=True)
    assert abs(fate.dice_streak_prob(fail, 3, 40) - float(ex)) < 1e-12


def test_deck_streak_size_is_capped_with_a_clear_error():
    fail = fate.totals_where("fail", 0, 0)
    with pytest.raises(ValueError, match="state updates"):
        fate.deck_streak_prob(fail, 100, 10_000, copies=100)
    with pytest.raises(ValueError, match="exact mode"):
        fate.deck_streak_prob(fail, 3, 10_000, exact=True)
    with pytest.raises(ValueError, match="draws=10000"):
        fate.dice_streak_prob(fail, 3, 10_000, exact=True)
