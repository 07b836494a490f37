"""The optimal invoke policy against an independent recursion over concrete rolls."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dicestats import fate

from .oracle import ROLLS4, brute_dice, brute_invoke, brute_invoke_valued

F = Fraction


@pytest.mark.parametrize("bonus", [0, 2])
@pytest.mark.parametrize("difficulty", [1, 3, 5])
@pytest.mark.parametrize("objective,margin", [("success", 1), ("style", 3)])
def test_invoke_policy_against_brute_recursion(bonus, difficulty, objective, margin):
    for k in range(0, 3):
        pol = fate.invoke_policy(bonus, difficulty, invokes=k, objective=objective, exact=True)
        need_total = difficulty + margin
        assert pol.p_optimal == brute_invoke(need_total, bonus, k)
        assert pol.p_always_plus2 == brute_invoke(need_total, bonus, k, actions=("+2",))
        assert pol.p_reroll_only == brute_invoke(need_total, bonus, k, actions=("reroll",))
        assert pol.p_never == F(sum(r + bonus >= need_total for r in ROLLS4), 81)
        assert pol.p_optimal >= max(pol.p_always_plus2, pol.p_reroll_only, pol.p_never)
        fl = fate.invoke_policy(bonus, difficulty, invokes=k, objective=objective)
        assert abs(fl.p_optimal - float(pol.p_optimal)) <= 1e-12


@pytest.mark.parametrize("point_value", [F(0), F(1, 10), F(3, 10), F(1)])
def test_invoke_policy_with_a_value_on_saved_points(point_value):
    for bonus, diff, k in [(0, 2, 1), (1, 3, 2), (2, 5, 3)]:
        value, p, spent = brute_invoke_valued(diff + 1, bonus, k, point_value)
        pol = fate.invoke_policy(bonus, diff, invokes=k, point_value=point_value, exact=True)
        assert pol.value_optimal == value
        assert pol.p_optimal == p
        assert pol.mean_spent_optimal == spent
        fl = fate.invoke_policy(bonus, diff, invokes=k, point_value=float(point_value))
        assert abs(fl.value_optimal - float(value)) <= 1e-12
    # A point worth a full success is never spent.
    if point_value == 1:
        assert pol.mean_spent_optimal == 0 and pol.p_optimal == pol.p_never


def test_invoke_policy_spends_nothing_once_the_objective_is_reached():
    pol = fate.invoke_policy(3, 0, invokes=3, exact=True)
    for row in pol.table:
        if row.roll + 3 >= 1:
            assert row.plan == "keep" and row.mean_spent == 0
    with pytest.raises(ValueError, match="point_value"):
        fate.invoke_policy(0, 2, point_value=2)
    with pytest.raises(TypeError, match="point_value"):
        fate.invoke_policy(0, 2, point_value=0.5, exact=True)


def test_invoke_against_an_active_opposition_seen_before_invoking():
    total = {"opt": F(0), "never": F(0), "plus": F(0)}
    for r in ROLLS4:  # every opposition roll, listed
        need = 1 + r + 1  # opposition bonus +1, success needs one more
        total["opt"] += brute_invoke(need, 2, 1) / 81
        total["plus"] += brute_invoke(need, 2, 1, actions=("+2",)) / 81
        total["never"] += brute_invoke(need, 2, 0) / 81
    r = fate.invoke_vs_opposition(2, 1, invokes=1, exact=True)
    assert r.p_optimal == total["opt"]
    assert r.p_always_plus2 == total["plus"]
    assert r.p_never == total["never"]
    assert sorted(r.by_opposition) == list(range(-4, 5))
    fl = fate.invoke_vs_opposition(2, 1, invokes=1)
    assert isinstance(fl.p_optimal, float)
    assert abs(fl.p_optimal - float(r.p_optimal)) <= 1e-12


def test_invoke_vs_opposition_two_invokes_against_brute_force():
    # The expectimax over the actual 81 face combinations, averaged over the opposition's 4dF.
    bonus, versus, k = 1, 2, 2
    r = fate.invoke_vs_opposition(bonus, versus, invokes=k, exact=True)
    counts = brute_dice(4)
    exp = sum(F(counts[o], 81) * brute_invoke(versus + o + 1, bonus, k) for o in range(-4, 5))
    assert r.p_optimal == exp
    fl = fate.invoke_vs_opposition(1, 2, invokes=2)
    assert abs(fl.p_optimal - float(r.p_optimal)) <= 1e-12


def test_invoke_vs_opposition_caps_and_checks_its_arguments():
    # 101 opposition totals × a 50-dice policy took minutes: capped, one clear line.
    with pytest.raises(ValueError, match="invokes must be small enough"):
        fate.invoke_vs_opposition(0, 0, invokes=20, dice=50)
    with pytest.raises(ValueError, match="exact mode"):
        fate.invoke_vs_opposition(0, 0, invokes=10, dice=10, exact=True)
    with pytest.raises(ValueError, match="versus_dice"):
        fate.invoke_vs_opposition(0, 0, invokes=1, versus_dice=0)
    with pytest.raises(TypeError, match="invokes"):
        fate.invoke_vs_opposition(0, 0, invokes=1.0)


def test_invoke_policy_three_invokes_and_a_total():
    pol = fate.invoke_policy(1, 0, invokes=3, total=6, exact=True)
    assert pol.p_optimal == brute_invoke(6, 1, 3)
    assert pol.need == 5
    assert pol.objective == "total" and pol.difficulty == 6


def test_invoke_policy_table_follows_the_values():
    pol = fate.invoke_policy(0, 2, invokes=2, exact=True)
    need = 3
    for row in pol.table:
        s, k, plan = row.roll, row.invokes_left, row.plan
        if s >= need:
            assert plan == "keep" and row.p == 1
        elif s + 2 * k >= need:
            # +2s alone guarantee success: exactly as many as needed.
            assert plan == " ".join(["+2"] * math.ceil((need - s) / 2))
            assert row.p == 1
        else:
            assert plan == "reroll"
    assert pol.plan(-4, 1) == "reroll"
    assert pol.plan(0) == "+2 +2" and pol.plan(0, 0) == "keep"
    d = pol.as_dict()
    assert d["p_optimal"] == pol.p_optimal and len(d["table"]) == 2 * 9
    assert d["table"][0] == {
        "roll": -4, "invokes_left": 1, "plan": "reroll", "p": F(5, 81), "mean_spent": 1,
    }  # fmt: skip
    with pytest.raises(ValueError, match="roll"):
        pol.plan(9)


def test_invoke_policy_bad_input():
    with pytest.raises(ValueError, match="invokes"):
        fate.invoke_policy(0, 2, invokes=-1)
    with pytest.raises(ValueError, match="objective"):
        fate.invoke_policy(0, 2, objective="win")
    with pytest.raises(ValueError, match="dice"):
        fate.invoke_policy(0, 2, dice=51)


def test_a_sweep_of_invoke_policies_leaves_the_plan_tables_out():
    # The sweep "fate-invoke" skipped the plan table by name; "fate.invoke_policy" finds
    # it marked bulky on the result (and InvokeVsOpposition's policy per opposition total).
    from dicestats.sweep import sweep

    policies = sweep("fate.invoke_policy", bonus=[0, 1], difficulty=2, invokes=2, exact=True)
    assert list(policies.p_optimal) == [
        fate.invoke_policy(b, 2, invokes=2, exact=True).p_optimal for b in (0, 1)
    ]
    seen = sweep("fate.invoke_vs_opposition", bonus=0, versus=[0, 1])
    for frame in (policies, seen):
        assert not [c for c in frame.columns if c.startswith(("table", "by_opposition"))]
