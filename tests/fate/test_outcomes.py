"""One roll: shifts and the four outcomes, against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats import fate
from dicestats.core.dist import Dist

from .oracle import FACES, brute_outcome, brute_outcome_faces, outcome_name

F = Fraction


def probs(o) -> dict:
    """An Outcome as {outcome name: probability}, the oracles' shape."""
    return o.probabilities()


def test_outcomes_against_brute_force_grid():
    for bonus in range(-1, 4):
        for diff in range(-2, 7):
            ref = brute_outcome(bonus, difficulty=diff)
            got = probs(fate.outcome_probs(bonus, difficulty=diff, exact=True))
            assert got == ref, (bonus, diff)
            flt = probs(fate.outcome_probs(bonus, difficulty=diff))
            for k in ref:
                assert isinstance(flt[k], float)
                assert abs(flt[k] - float(ref[k])) <= 1e-12


@pytest.mark.parametrize("dice", [1, 2, 3, 6])
def test_outcomes_other_dice_counts_by_faces(dice):
    for bonus, diff in [(0, 0), (2, 1), (-1, 2), (3, 6)]:
        ref = brute_outcome_faces(bonus, diff, dice)
        assert probs(fate.outcome_probs(bonus, difficulty=diff, dice=dice, exact=True)) == ref
        ruled = fate.outcome_probs(bonus, difficulty=diff, rules=fate.Rules(dice=dice), exact=True)
        assert probs(ruled) == ref


def test_opposed_against_brute_force_over_both_rolls():
    # 8 dice listed face by face: 6561 rolls.
    rolls = list(itertools.product(FACES, repeat=8))
    for a, b in [(0, 0), (2, 1), (1, 3), (3, -1)]:
        counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
        for faces in rolls:
            counts[outcome_name(sum(faces[:4]) + a - (sum(faces[4:]) + b))] += 1
        ref = {k: F(v, len(rolls)) for k, v in counts.items()}
        assert probs(fate.outcome_probs(a, versus=b, exact=True)) == ref


def test_helpers_add_one_each_and_cap():
    for h in range(3):
        assert probs(fate.outcome_probs(1, difficulty=3, helpers=h, exact=True)) == (
            brute_outcome(1 + h, difficulty=3)
        )
    with pytest.raises(ValueError, match="helpers"):
        fate.outcome_probs(0, difficulty=0, helpers=3, max_helpers=2)
    with pytest.raises(ValueError, match="helpers"):
        fate.outcome_probs(0, difficulty=0, helpers=-1)


def test_shifts_mean_and_partition_helpers():
    sh = fate.shifts(2, difficulty=3, exact=True)
    assert sh.mean() == -1
    assert isinstance(fate.shifts(0, difficulty=0), Dist)
    o = fate.outcome_probs(2, difficulty=3, exact=True)
    assert o.p_success_or_better == o.p_success + o.p_style
    assert o.p_tie_or_better == 1 - o.p_fail
    assert o.mean_shifts == -1 and o.shifts == sh
    assert [fate.classify(s) for s in range(-2, 5)] == [
        "fail",
        "fail",
        "tie",
        "success",
        "success",
        "style",
        "style",
    ]


def test_style_threshold_is_a_rule():
    rules = fate.Rules(style_shifts=2)
    assert fate.classify(2, rules=rules) == "style"
    o = fate.outcome_probs(0, difficulty=0, rules=rules, exact=True)
    assert o.p_success == F(16, 81) and o.p_style == F(15, 81)
    assert o.p_fail + o.p_tie + o.p_success + o.p_style == 1


@settings(max_examples=40, deadline=None)
@given(
    bonus=st.integers(-6, 8),
    diff=st.integers(-4, 10),
    dice=st.integers(1, 8),
    helpers=st.integers(0, 3),
)
def test_outcomes_partition_and_float_agree(bonus, diff, dice, helpers):
    ex = fate.outcome_probs(bonus, difficulty=diff, dice=dice, helpers=helpers, exact=True)
    assert sum(probs(ex).values()) == 1
    assert all(0 <= p <= 1 for p in probs(ex).values())
    fl = fate.outcome_probs(bonus, difficulty=diff, dice=dice, helpers=helpers)
    for k in ("p_fail", "p_tie", "p_success", "p_style"):
        assert abs(getattr(fl, k) - float(getattr(ex, k))) <= 1e-12
    # A higher bonus never lowers P(success or better).
    up = fate.outcome_probs(bonus + 1, difficulty=diff, dice=dice, helpers=helpers, exact=True)
    assert up.p_success_or_better >= ex.p_success_or_better


def test_exactly_one_opposition():
    with pytest.raises(ValueError, match="difficulty"):
        fate.outcome_probs(1)
    with pytest.raises(ValueError, match="difficulty"):
        fate.outcome_probs(1, difficulty=1, versus=1)


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"dice": 0, "difficulty": 1}, "dice"),
        ({"dice": 2.5, "difficulty": 1}, "dice"),
        ({"difficulty": "three"}, "difficulty"),  # text: a number or a ladder name
        ({"difficulty": 1, "exact": "yes"}, "exact"),
        ({"versus": True}, "versus"),
        ({"difficulty": 1, "rules": "fae"}, "rules"),
    ],
)
def test_bad_input_names_the_parameter(kwargs, name):
    with pytest.raises((ValueError, TypeError), match=name):
        fate.outcome_probs(0, **kwargs)


def test_outcome_table_rows():
    rows = fate.outcome_table(range(-1, 4), range(-2, 7), exact=True)
    assert len(rows) == 45
    for r in rows:
        ref = brute_outcome(r.bonus, difficulty=r.difficulty)
        assert {"fail": r.p_fail, "tie": r.p_tie, "success": r.p_success, "style": r.p_style} == ref
        assert r.p_fail + r.p_tie + r.p_success + r.p_style == 1
        assert r.difficulty_name == fate.ladder_name(r.difficulty)
    flt = fate.outcome_table([0, 1], [1, 2])
    assert [r.bonus for r in flt] == [0, 0, 1, 1]
    for r in flt:
        assert abs(r.p_fail + r.p_tie + r.p_success + r.p_style - 1.0) <= 1e-12


def test_results_are_frozen_and_serialise():
    o = fate.outcome_probs(2, difficulty=2, exact=True)
    with pytest.raises(AttributeError):
        o.p_tie = 0
    d = o.as_dict()
    assert [k for k in d if k.startswith("p_")][:4] == ["p_fail", "p_tie", "p_success", "p_style"]
    assert (d["dice"], d["bonus"], d["difficulty"], d["versus"]) == (4, 2, 2, None)
    assert d["shifts"][0] == F(19, 81)
    assert '"p_tie": "19/81"' in o.to_json()
