"""What each action yields (create an advantage, overcome, attack, defend), by brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import fate
from dicestats.core.dist import Dist

from .oracle import brute_shift_counts

F = Fraction


@pytest.mark.parametrize("bonus,diff", [(0, 0), (2, 1), (3, 5), (1, -2)])
def test_attack_expected_stress_and_boost(bonus, diff):
    counts = brute_shift_counts(bonus, diff)
    stress = sum(F(c * s, 81) for s, c in counts.items() if s > 0)
    traded = sum(F(c * (s - 1 if s >= 3 else s), 81) for s, c in counts.items() if s > 0)
    ties = F(counts.get(0, 0), 81)
    style = sum(F(c, 81) for s, c in counts.items() if s >= 3)
    a = fate.attack(bonus, difficulty=diff, exact=True)
    assert a.mean_stress == stress
    assert a.p_boost == ties
    assert a.stress.mean() == stress
    assert a.p_hit == sum(F(c, 81) for s, c in counts.items() if s >= 1)
    t = fate.attack(bonus, difficulty=diff, trade_for_boost=True, exact=True)
    assert t.mean_stress == traded
    assert t.p_boost == ties + style


@pytest.mark.parametrize("bonus,diff", [(0, 0), (2, 1), (3, 5)])
def test_create_advantage_by_brute_force(bonus, diff):
    counts = brute_shift_counts(bonus, diff)

    def expect(value_of_shift):
        return sum(F(c, 81) * value_of_shift(s) for s, c in counts.items())

    # new aspect: fail 0, tie a boost (1 free invoke), success 1, style 2
    def inv(s):
        return 0 if s < 0 else 1 if s < 3 else 2

    for aspect in ("new", "reveal", "known"):
        r = fate.create_advantage(bonus, difficulty=diff, aspect=aspect, exact=True)
        assert r.mean_free_invokes == expect(inv)
        assert sum(p for _, p in r.free_invokes.items()) == 1
    new = fate.create_advantage(bonus, difficulty=diff, aspect="new", exact=True)
    assert new.p_boost == expect(lambda s: s == 0)
    assert new.p_aspect == expect(lambda s: s >= 1)
    rev = fate.create_advantage(bonus, difficulty=diff, aspect="reveal", exact=True)
    assert rev.p_boost == 0
    assert rev.p_aspect == expect(lambda s: s >= 0)
    known = fate.create_advantage(bonus, difficulty=diff, aspect="known", exact=True)
    assert known.p_aspect == 1 and known.p_boost == 0
    opp = fate.create_advantage(
        bonus, difficulty=diff, aspect="new", fail_option="opposition_invokes", exact=True
    )
    assert opp.mean_opposition_invokes == expect(lambda s: s < 0)
    assert opp.p_aspect == expect(lambda s: s != 0)


def test_overcome_and_defend():
    counts = brute_shift_counts(1, 2)

    def pr(pred):
        return sum(F(c, 81) for s, c in counts.items() if pred(s))

    o = fate.overcome(1, difficulty=2, exact=True)
    assert o.p_goal == pr(lambda s: s >= 0)
    assert o.p_minor_cost == pr(lambda s: s == 0)
    assert o.p_boost == pr(lambda s: s >= 3)
    assert o.p_fail == pr(lambda s: s < 0)
    assert o.p_clean_success == pr(lambda s: s >= 1)
    d = fate.defend(1, difficulty=2, exact=True)
    assert d.p_opponent_gets_result == pr(lambda s: s < 0)
    assert d.p_tie == pr(lambda s: s == 0)
    assert d.p_denied == pr(lambda s: s >= 1)
    assert d.p_holds == pr(lambda s: 0 <= s < 3)
    assert d.p_boost == pr(lambda s: s >= 3)


def test_actions_against_an_active_opposition_and_floats():
    ca_f = fate.create_advantage(1, versus=1, aspect="reveal")
    ca_e = fate.create_advantage(1, versus=1, aspect="reveal", exact=True)
    assert isinstance(ca_f.mean_free_invokes, float)
    assert abs(ca_f.mean_free_invokes - float(ca_e.mean_free_invokes)) <= 1e-12
    assert ca_e.outcome == fate.outcome_probs(1, versus=1, exact=True)
    assert isinstance(fate.attack(0, difficulty=0).stress, Dist)


def test_action_results_serialise_and_refuse_bad_choices():
    r = fate.create_advantage(2, difficulty=2, exact=True)
    d = r.as_dict()
    assert d["free_invokes"] == {0: F(31, 81), 1: F(19 + 26, 81), 2: F(5, 81)}
    assert d["outcome"]["p_tie"] == F(19, 81)
    assert '"mean_free_invokes": "55/81"' in r.to_json()
    with pytest.raises(ValueError, match="aspect"):
        fate.create_advantage(0, difficulty=0, aspect="old")
    with pytest.raises(ValueError, match="fail_option"):
        fate.create_advantage(0, difficulty=0, fail_option="cry")
    with pytest.raises(TypeError, match="trade_for_boost"):
        fate.attack(0, difficulty=0, trade_for_boost="yes")
