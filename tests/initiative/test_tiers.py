"""The exact tier form (:mod:`dicestats.initiative.tiers`) against the enumeration (its
brute-force oracle, every field), closed values and Monte Carlo."""

import os
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import initiative as ini
from dicestats.core.question import Setup
from dicestats.initiative.engine import check_fight
from dicestats.initiative.enumeration import enumerate_odds
from dicestats.initiative.limits import outcome_classes
from dicestats.initiative.tiers import tier_odds

from .oracle import within

DEEP = os.environ.get("DICESTATS_FUZZ", "").strip().lower() == "deep"


def _fight(a, b, **kw):
    return check_fight(
        a, b, hold="never", versus_hold="never", rounds=1, weakness=None, versus_weakness=None, **kw
    )


SMALL = [
    ([1], [1], {}),
    ([1], [2], {}),
    ([3], [3], {}),
    ([2, 1], [2], {}),
    ([1, 1], [1, 1], {}),  # ties of identical rolls on both sides
    # one law for everyone (the telescoped sum): three participants with two dice each,
    # next to [1, 1] vs [1, 1] (four with one) and [3] vs [3] (two with three)
    ([2, 2], [2], {}),
    ([1, 1, 1], [1, 1], {}),
    ([2, 2], [2], {"pips": [1, 1], "versus_pips": [1]}),
    ([1, 1, 1], [2], {}),
    ([3], [2, 2], {}),
    ([2, 2], [1, 3], {}),
    ([4], [3], {}),
    ([2, 1], [2], {"pips": [1, 0]}),
    ([2], [2], {"pips": 3, "pip_rule": "split"}),
    ([3], [1, 1], {"versus_pips": [5, 2]}),
    ([1, 2], [2], {"pips": [0, 2], "versus_pips": 3, "pip_rule": "split"}),
]
# four participants of one law with two dice each: the enumeration of its 194,481 outcome
# classes cost 0.3 s of CPU; the telescoped sum meets the same counts in [2, 2] vs [2]
DEEP_SMALL = [([2, 2], [2, 2], {})]


@pytest.mark.parametrize("a,b,kw", SMALL + (DEEP_SMALL if DEEP else []))
def test_tiers_equal_the_enumeration_field_by_field(a, b, kw):
    fight = _fight(a, b, **kw)
    size = outcome_classes(fight.setup.sw)
    ref = enumerate_odds(Setup(fight=fight, size=size, seed=None), True)
    new = tier_odds(fight, True, outcome_classes=size)
    for name in ref.__dataclass_fields__:
        assert getattr(new, name) == getattr(ref, name), name
    floats = tier_odds(fight, False, outcome_classes=size)
    assert abs(floats.p_double - float(ref.p_double)) < 1e-12
    for k, p in ref.actions_before.items():
        assert abs(floats.actions_before[k] - float(p)) < 1e-12


def test_three_heroes_against_four_goblins_exactly():
    r = ini.odds([3, 3, 3], [2, 2, 2, 2])  # 34,153,975,296 outcome classes, not enumerated
    assert r.p_first == Fraction(1440511714841, 2115832430592)
    assert r.actions_before[0] == 1 - r.p_first and sum(r.actions_before.values()) == 1
    assert r.p_double == Fraction(10287653405, 11019960576)
    assert r.mean_position == (Fraction(1405, 162),) * 3 + (Fraction(1349, 144),) * 4
    assert all(sum(row) == 1 for row in r.p_acts_at)
    assert r.outcome_classes == 34_153_975_296


def test_eight_against_eight_at_swiftness_six():
    r = ini.odds([6] * 8, [6] * 8, exact=False)
    assert r.p_first == 0.5 and abs(sum(r.actions_before.values()) - 1) < 1e-12
    assert r.p_double > 1 - 1e-15 and abs(sum(r.mean_position) / 16 - 48.5) < 1e-9


def test_monte_carlo_agrees():
    a, b = [3, 2], [2, 2, 1]
    ex = ini.odds(a, b)
    mc = ini.odds(a, b, trials=40_000, rng=21)
    assert within(mc.p_first, ex.p_first) and within(mc.p_double, ex.p_double)
    for k, p in ex.actions_before.items():
        assert within(mc.actions_before[k], p)
    for est, p in zip(mc.p_participant_first, ex.p_participant_first, strict=True):
        assert within(est, p)


@pytest.mark.skipif(not DEEP, reason="deep profile: DICESTATS_FUZZ=deep")
def test_monte_carlo_agrees_at_a_million_rounds():
    ex = ini.odds([3, 3, 3], [2, 2, 2, 2])
    mc = ini.odds([3, 3, 3], [2, 2, 2, 2], trials=1_000_000, rng=21)
    assert within(mc.p_first, ex.p_first) and within(mc.p_double, ex.p_double)
    for k, p in ex.actions_before.items():
        assert within(mc.actions_before[k], p)


def test_a_variant_past_the_enumeration_is_refused_by_name():
    with pytest.raises(InputError, match=r"order='action'.*Monte Carlo"):
        ini.odds([3, 3, 3], [2, 2, 2, 2], order="action")
    with pytest.raises(InputError, match=r"pip_rule='side-pool'.*Monte Carlo"):
        ini.odds([3, 3, 3], [2, 2, 2, 2], pips=2, pip_rule="side-pool")
    small = ini.odds([2], [2], order="action")  # small variants are still enumerated
    assert small.p_first == Fraction(1, 2)


def test_solve_initiative_is_exact_past_the_enumeration():
    from dicestats.workbench import solve_initiative

    got = solve_initiative([3, 3], [2, 2, 2], at_least=0.8)  # 10^7 outcome classes
    assert got.exact and not got.simulated and got.trials is None
    by = {v: ini.odds([3, 3], [2, 2, 2], pips=[v, 0]).p_first for v in range(got.value + 1)}
    assert got.p_reached == by[got.value] >= 0.8 > by[got.value - 1] == got.p_below


def test_the_tier_work_cap_refuses_before_computing():
    with pytest.raises(InputError, match=r"tier work must be.*Monte Carlo"):
        ini.odds([6] * 32, [6] * 32)
    r = ini.odds([6] * 32, [6] * 32, trials=200, rng=1)  # the route it names
    assert r.trials == 200


def test_the_double_action_sweep_refuses_past_half_the_cap(monkeypatch):
    # the sweep counts its rows as it runs (no estimate before): past half the tier-work cap
    # it stops with the limit's words and the Monte Carlo route
    import dataclasses

    from dicestats.initiative import tiers

    small = dataclasses.replace(ini.LIMITS["tier work"], hi=2_000)
    monkeypatch.setattr(tiers, "LIMITS", {"tier work": small})
    laws = [tiers.roll_law(3, 0, "one-die"), tiers.roll_law(2, 0, "one-die")]
    with pytest.raises(InputError, match=r"at most 1,000 rows in the double-action sweep.*Monte"):
        tiers._no_double(laws, [3, 3])


def test_the_tier_work_says_what_a_unit_costs_with_several_kinds():
    # a unit cost ~0.22 µs when everyone's roll is of one kind but 1 to 7 µs with margins
    # (one side's margin 1: 1,596,672 units, 5.4 s) while the refusal said "a quarter to
    # a half microsecond each"; with GMP products both are 0.2-0.75 µs (1.2 s), as it says
    why = ini.LIMITS["tier work"].why
    assert "several kinds" in why and "three quarters of a microsecond" in why
