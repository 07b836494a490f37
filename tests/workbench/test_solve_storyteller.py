"""Every Storyteller solver answer against a brute-force scan of the forward function.

The scan calls ``storyteller.pool`` (one pool at a time) and ``storyteller.extended``
(one target at a time) over the whole range and picks the answer by its definition:
the smallest pool, the nearest or hardest difficulty, the largest target.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.workbench import solve_difficulty, solve_pool, solve_target

RULES = {
    "revised": (st.Rules(), False),
    "first": (st.Rules.preset("first"), False),
    "ten-again": (st.Rules(ten_again=True), False),
    "v20 specialty": (st.Rules.preset("v20"), True),
    "willpower": (st.Rules(willpower=True), False),
    "no rule of one": (st.Rules(rule_of_one=False), False),
}
LIMIT = 24
WISHES = (0, Fraction(1, 2), 0.75, 0.97, 1)
# These wishes at these difficulties meet, for every rule set and event, each kind of answer
# that the wishes 0, 1/10, 1/2, 0.75, 0.9, 0.97, 1 meet over difficulties 2..10 (reached at
# 1 die, reached later, never reached with the best at the last pool or before it; for an
# int, a Fraction, a float and the exact 100% wish): 1/10, 0.9 and difficulties 3 to 7 and 9
# added no case. 10 is where P(no botch) is not monotone.
DIFFICULTIES = (2, 8, 10)


@functools.cache
def forward(name: str, d: int, exact: bool = False) -> tuple:
    rules, specialty = RULES[name]
    return tuple(
        st.pool(n, d, rules, specialty=specialty, exact=exact) for n in range(1, LIMIT + 1)
    )


def metric(r, event, net):
    if event == "success":
        return r.p_ge(net)
    return 1 - r.p_botch


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("event, net", [("success", 1), ("success", 3), ("no_botch", 1)])
def test_smallest_pool_is_the_first_of_the_scan(name, event, net):
    rules, specialty = RULES[name]
    for d in DIFFICULTIES:
        ps = [metric(r, event, net) for r in forward(name, d)]
        for p in WISHES:
            got = solve_pool(
                d, p, rules, event=event, net=net, specialty=specialty, dice_limit=LIMIT
            )
            if p == 1:  # floats cannot tell 100% from 1 - 1e-13: the solver decides exactly
                exact = [metric(r, event, net) for r in forward(name, d, True)]
                want = next((n for n, q in enumerate(exact, 1) if q == 1), None)
            else:
                want = next((n for n, q in enumerate(ps, 1) if q >= p - 1e-12), None)
            assert got.dice == want, (d, p)
            assert got.reached == (want is not None)
            scanned = want or LIMIT  # the scan stops at the answer
            best = max(range(scanned), key=lambda i: (ps[i], -i))
            assert got.best_dice == best + 1
            assert got.p_best == pytest.approx(ps[best], abs=1e-12)
            if want is not None:
                assert got.p_reached == pytest.approx(ps[want - 1], abs=1e-12)
                if want > 1:
                    assert got.p_below == pytest.approx(ps[want - 2], abs=1e-12)
                    assert got.p_below < p - 1e-12
                else:
                    assert got.p_below is None


def test_exact_answers_are_exact_and_agree_with_the_scan():
    for d in (6, 8, 9):
        ps = [r.p_success for r in forward("revised", d, True)]
        for p in (Fraction(1, 2), Fraction(2, 3), Fraction(3, 4)):
            got = solve_pool(d, p, exact=True, dice_limit=LIMIT)
            want = next((n for n, q in enumerate(ps, 1) if q >= p), None)
            assert got.dice == want
            if want:
                assert got.p_reached == ps[want - 1] and isinstance(got.p_reached, Fraction)


def test_the_issue_numbers():
    """9 dice at difficulty 8, 22 at 9 (75%): the second is beyond the old --dice 1-10."""
    r8, r9 = solve_pool(8, 0.75), solve_pool(9, 0.75)
    assert (r8.dice, r9.dice) == (9, 22)
    assert r8.p_below == pytest.approx(st.pool(8, 8).p_success, abs=1e-12)
    assert r9.p_reached == pytest.approx(st.pool(22, 9).p_success, abs=1e-12)


def test_no_botch_is_not_monotone_and_the_scan_still_finds_the_smallest_pool():
    # at difficulty 10 the botch chance rises from 1 die to 6: P(no botch) falls
    ps = [1 - r.p_botch for r in forward("revised", 10)]
    assert ps[0] > ps[5] and ps[5] < ps[-1]
    p = (ps[5] + ps[0]) / 2  # reached by 1 die, not by 2..6
    assert solve_pool(10, p, event="no_botch", dice_limit=LIMIT).dice == 1


def test_an_unreachable_wish_is_an_answer():
    r = solve_pool(10, 0.9999, dice_limit=40)
    assert not r.reached and r.dice is None and r.p_reached is None
    text = str(r)
    assert text.startswith("no pool up to 40 dice reaches P(success) >= 99.99%")
    assert "the best is 40 dice" in text


@pytest.mark.parametrize("name", ["revised", "first", "v20 specialty", "ten-again"])
def test_difficulty_nearest_and_hardest_against_the_scan(name):
    rules, specialty = RULES[name]
    for n in (1, 2, 4, 7):
        by = {d: st.pool(n, d, rules, specialty=specialty).p_success for d in range(2, 11)}
        for p in (0, 0.2, 0.5, 0.8, 0.95, 1):
            got = solve_difficulty(n, nearest=p, rules=rules, specialty=specialty)
            gap = min(abs(q - p) for q in by.values())
            assert abs(got.p_reached - p) == pytest.approx(gap, abs=1e-12)
            tied = [d for d, q in by.items() if abs(abs(q - p) - gap) < 1e-12]
            assert got.difficulty == max(tied)  # ties: the harder
            got = solve_difficulty(n, at_least=p, rules=rules, specialty=specialty)
            ok = [d for d, q in by.items() if q >= p - 1e-12]
            assert got.difficulty == (max(ok) if ok else None)
            assert got.reached == bool(ok)


@pytest.mark.parametrize("on_botch", ["resets", "ends", "zero"])
def test_largest_target_against_the_scan(on_botch):
    for dice, d, rounds in ((6, 8, 4), (3, 6, 5), (2, 9, 3)):
        done = {t: st.extended(dice, d, t, on_botch=on_botch, rounds=rounds).p_success
                for t in range(1, 31)}  # fmt: skip
        for p in (0.05, 0.3, 0.5, 0.8, 0.99):
            got = solve_target(dice, d, rounds, p, on_botch=on_botch, target_limit=30)
            ok = [t for t, q in done.items() if q >= p - 1e-12]
            want = max(ok) if ok else None
            assert got.target == want, (dice, d, rounds, p)
            if want:
                assert got.p_reached == pytest.approx(done[want], abs=1e-12)
                if want < 30:
                    assert got.p_above == pytest.approx(done[want + 1], abs=1e-12)
                    assert got.p_above < p


def test_the_strongbox_target():
    """Notebook 04: 6 dice at 8, done within 4 rounds at least half the time."""
    r = solve_target(6, 8, 4, 0.5)
    assert r.target == 5 and r.p_above < 0.5 <= r.p_reached


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve_pool(8, 1.5),
        lambda: solve_pool(8, -0.1),
        lambda: solve_pool(8, float("nan")),
        lambda: solve_pool(8, "0.75"),
        lambda: solve_pool(11, 0.5),
        lambda: solve_pool(8, 0.5, event="glory"),
        lambda: solve_pool(8, 0.5, event="no_botch", net=2),
        lambda: solve_pool(8, 0.5, dice_limit=1001),
        lambda: solve_pool(8, 0.5, dice_limit=201, exact=True),
        lambda: solve_difficulty(4),
        lambda: solve_difficulty(4, nearest=0.5, at_least=0.5),
        lambda: solve_difficulty(4, nearest=2),
        lambda: solve_target(6, 8, 0, 0.5),
        lambda: solve_target(6, 8, 4, 0.5, on_botch="explodes"),
    ],
)
def test_bad_input_is_one_line(call):
    with pytest.raises(InputError) as info:
        call()
    assert "\n" not in str(info.value)


def test_float_answers_equal_exact_ones_on_the_boundary():
    """1 die at 10 succeeds with exactly 1/10; in floats 0.09999999999999998."""
    for d, p in ((10, Fraction(1, 10)), (6, Fraction(1, 2)), (6, Fraction(3, 4))):
        ex, fl = solve_pool(d, p, exact=True), solve_pool(d, p)
        assert ex.dice == fl.dice
