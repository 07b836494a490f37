"""Fate and initiative solver answers against brute-force scans of the forward functions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import InputError, fate
from dicestats import initiative as ini
from dicestats.workbench import (
    ladder_value,
    solve_fate_difficulty,
    solve_fate_invokes,
    solve_fate_rating,
    solve_initiative,
)

FIELD = {"tie": "p_tie_or_better", "success": "p_success_or_better", "style": "p_style"}
WISHES = (0, Fraction(1, 81), 0.2, Fraction(1, 2), 0.6, 0.9, 1)


def outcome(rating, difficulty, objective, exact=True):
    return getattr(fate.outcome_probs(rating, difficulty=difficulty, exact=exact), FIELD[objective])


@pytest.mark.parametrize("objective", FIELD)
def test_hardest_difficulty_against_the_scan(objective):
    for rating in (-2, 0, 2, 5):
        by = {d: outcome(rating, d, objective) for d in range(rating - 12, rating + 12)}
        for p in WISHES:
            got = solve_fate_difficulty(rating, p, objective, exact=True)
            possible = [d for d, q in by.items() if q > 0] if p == 0 else list(by)
            want = max(d for d in possible if by[d] >= p)
            assert (got.difficulty, got.p_reached) == (want, by[want]), (rating, p)
            assert got.p_next == by[want + 1] and (p == 0 or got.p_next < p)


@pytest.mark.parametrize("objective", FIELD)
def test_lowest_rating_against_the_scan(objective):
    for difficulty in (-1, 1, 2, 4):
        by = {r: outcome(r, difficulty, objective) for r in range(difficulty - 12, difficulty + 12)}
        for p in WISHES:
            got = solve_fate_rating(difficulty, p, objective, exact=True)
            possible = [r for r, q in by.items() if q > 0] if p == 0 else list(by)
            want = min(r for r in possible if by[r] >= p)
            assert (got.rating, got.p_reached, got.p_next) == (want, by[want], by[want - 1])


@pytest.mark.parametrize("objective", FIELD)
def test_fewest_invokes_against_the_policy_scan(objective):
    for rating, difficulty in ((0, 2), (2, 5), (1, 0), (0, 8)):
        by = [
            fate.invoke_policy(rating, difficulty, invokes=k, objective=objective, exact=True)
            .p_optimal
            for k in range(6)
        ]  # fmt: skip
        for p in WISHES:
            got = solve_fate_invokes(rating, difficulty, p, objective, invokes_limit=5, exact=True)
            ok = [k for k, q in enumerate(by) if q >= p]
            assert got.invokes == (ok[0] if ok else None), (rating, difficulty, p)
            assert got.p_reached == (by[ok[0]] if ok else by[-1])


def test_the_issue_fate_answer():
    """A Fair (+2) character: the hardest difficulty with success or better >= 60%."""
    r = solve_fate_difficulty("Fair", 0.6)
    assert r.difficulty == 1 and r.p_reached >= 0.6 > r.p_next
    assert "Average (+1)" in str(r)


def test_ladder_names():
    assert [ladder_value(x) for x in ("Superb", "SUPERB", "+5", "5", "Superb (+5)", 5)] == [5] * 6
    assert ladder_value("Terrible") == -2 and ladder_value("−1") == -1
    for bad in ("Heroic", "Fair (+3)", "", "2.5", 2.5, True):
        with pytest.raises(InputError):
            ladder_value(bad)


def test_float_and_exact_agree():
    for p in (Fraction(50, 81), 0.6, Fraction(31, 81)):
        assert (
            solve_fate_difficulty(2, p).difficulty
            == solve_fate_difficulty(2, p, exact=True).difficulty
        )


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve_fate_difficulty(2, 1.2),
        lambda: solve_fate_difficulty("Heroic", 0.5),
        lambda: solve_fate_difficulty(2, 0.5, "win"),
        lambda: solve_fate_rating("Fair", -0.5),
        lambda: solve_fate_invokes(0, 2, 0.5, invokes_limit=21),
        lambda: solve_initiative([3], [3], at_least=2),
        lambda: solve_initiative([3], [3], at_least=0.5, solve_for="luck"),
        lambda: solve_initiative([3], [3], at_least=0.5, participant=1),
        lambda: solve_initiative([16], [3], at_least=0.5),
    ],
)
def test_bad_input_is_one_line(call):
    with pytest.raises(InputError) as info:
        call()
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------------- initiative
@pytest.mark.parametrize("sides", [([1], [1]), ([1], [2]), ([2], [2]), ([2], [1, 1])])
def test_pips_against_the_exact_scan(sides):
    swift, versus = sides
    by = {v: ini.odds(swift, versus, pips=[v]).p_first for v in range(0, 5 * swift[0] + 1)}
    for p in (0.3, 0.5, 0.6, 0.7, 0.8, 0.95):
        got = solve_initiative(swift, versus, at_least=p)
        ok = [v for v, q in by.items() if q >= p]
        assert got.value == (ok[0] if ok else None) and got.exact
        if ok:
            assert got.p_reached == by[ok[0]]
            assert got.p_below == by.get(ok[0] - 1)
        else:
            assert got.p_best == max(by.values())


def test_swiftness_against_the_exact_scan():
    by = {s: ini.odds([s], [2]).p_first for s in range(1, 5)}
    for p in (0.2, 0.4, 0.6, 0.7):
        got = solve_initiative([1], [2], at_least=p, solve_for="swiftness", limit=4)
        ok = [s for s, q in by.items() if q >= p]
        assert got.value == (ok[0] if ok else None)


def test_a_simulated_answer_has_intervals_and_a_confidence_statement():
    exact = solve_initiative([2], [2], at_least=0.7)
    mc = solve_initiative([2], [2], at_least=0.7, method="simulate", trials=20_000, rng=7)
    assert mc.simulated and not mc.exact and mc.trials == 20_000
    assert mc.trials_total == 20_000 * len(mc.scan)
    for v, q in mc.scan.items():
        assert abs(q.value - float(exact.scan.get(v, ini.odds([2], [2], pips=[v]).p_first))) <= (
            4.5 * q.stderr
        )
    assert mc.value == exact.value  # the exact steps are far from 70% here
    assert mc.below_confident is True
    assert "below 70% with 99% confidence" in str(mc)
    again = solve_initiative([2], [2], at_least=0.7, method="simulate", trials=20_000, rng=7)
    assert again.scan == mc.scan  # seeded


@pytest.mark.parametrize(
    "kwargs, named",
    [
        ({"rules": True}, "rules"),
        ({"rules": 3}, "rules"),
        ({"pips": [b"3"]}, "pips"),
        ({"swiftness": bytearray(b"\x03")}, "swiftness"),
    ],
)
def test_solve_initiative_refuses_what_it_cannot_read(kwargs, named):
    """rules=True raised AttributeError deep in the tier form; pips=[b'3'] answered as
    pips=[0]; a bytearray of swiftness was read as [3] (found by the fuzz harness)."""
    args = {"swiftness": [3], "versus": [3], "at_least": 0.7, **kwargs}
    with pytest.raises((ValueError, TypeError), match=named):
        solve_initiative(args.pop("swiftness"), args.pop("versus"), **args)
