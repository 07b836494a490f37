"""Concrete rolls: the rule texts' worked examples, the vectorized evaluator, rolling.

References: :func:`.oracle.simple_eval` reads a roll face by face, never
through dicestats.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from dicestats import storyteller as st
from dicestats.storyteller import Rules

from .oracle import FINITE_RULES, Case, needed_extra, simple_eval


# ---------------------------------------------------------------------------
# Worked examples of the rule texts (docs/rules/storyteller.md)
# ---------------------------------------------------------------------------
def test_worked_example_three_successes():
    # difficulty 6, dice 3, 3, 8, 7, 10: three successes
    r = st.evaluate_roll([3, 3, 8, 7, 10], 6)
    assert r.successes == 3 and r.net == 3 and r.degree == "complete" and not r.botch


def test_worked_example_failure_without_a_one_is_not_a_botch():
    # Feodor: difficulty 7, dice 2, 5, 6, 6, 4, 3
    r = st.evaluate_roll([2, 5, 6, 6, 4, 3], 7)
    assert r.outcome == "failure" and r.net == 0 and not r.botch


def test_worked_example_botch():
    # Alexandra: difficulty 7, dice 1, 3, 4, 3, 6
    r = st.evaluate_roll([1, 3, 4, 3, 6], 7)
    assert r.outcome == "botch" and r.botch and r.ones == 1 and r.successes == 0


def test_worked_examples_vectorized():
    out = st.evaluate_rolls(np.array([[3, 3, 8, 7, 10]]), 6)
    assert out.net.tolist() == [3]
    out = st.evaluate_rolls(np.array([[2, 5, 6, 6, 4, 3], [1, 3, 4, 3, 6, 2]]), 7)
    assert out.botch.tolist() == [False, True] and out.success.tolist() == [False, False]


def test_ones_cancelling_every_success_is_a_failure_not_a_botch():
    # "1s cancel every success and 1s remain: an ordinary failure"
    r = st.evaluate_roll([1, 1, 7], 6)
    assert r.outcome == "failure"
    assert st.evaluate_roll([1, 1, 7], 6, Rules(botch_rule="first")).outcome == "botch"


def test_degree_names():
    assert [st.evaluate_roll([10] * k, 6).degree for k in range(1, 7)] == [
        "marginal",
        "moderate",
        "complete",
        "exceptional",
        "phenomenal",
        "phenomenal",
    ]
    assert st.evaluate_roll([2], 6).degree is None


def test_evaluate_roll_with_extra_dice():
    rules = Rules(ten_again=True)
    r = st.evaluate_roll([10, 3], 6, rules, extra=[10, 1])  # chain: 10 -> 10 -> 1
    assert r.net == 2 and r.ones == 0
    r = st.evaluate_roll([10, 3], 6, rules.replace(reroll_ones_cancel=True), extra=[10, 1])
    assert r.net == 1
    with pytest.raises(ValueError, match="extra"):
        st.evaluate_roll([10, 3], 6, rules, extra=[10])
    with pytest.raises(ValueError, match="extra"):
        st.evaluate_roll([10, 3], 6, rules, extra=[5, 6])


def test_results_serialise():
    r = st.evaluate_roll([3, 3, 8, 7, 10], 6)
    assert r.as_dict()["degree"] == "complete"
    out = st.evaluate_rolls([[1, 2], [10, 10]], 6)
    assert out.as_dict()["net"] == [0, 2] and len(out) == 2
    assert '"botch": [\n    true,' in out.to_json()


# ---------------------------------------------------------------------------
# The vectorized evaluator against the face-by-face reading
# ---------------------------------------------------------------------------
def test_evaluate_rolls_vectorized_matches_simple_eval_on_every_roll():
    faces = np.array(list(itertools.product(range(1, 11), repeat=3)))
    for case in FINITE_RULES:
        for d in (2, 7, 10):
            out = st.evaluate_rolls(faces, d, **case.api)
            ref = [simple_eval(f, (), d, case) for f in faces.tolist()]
            assert out.net.tolist() == [x[0] for x in ref]
            assert out.botch.tolist() == [x[1] for x in ref]


@settings(max_examples=60, deadline=None)
@given(
    faces=st_.lists(st_.integers(1, 10), min_size=1, max_size=8),
    extra_pool=st_.lists(st_.integers(1, 10), min_size=30, max_size=30),
    d=st_.integers(2, 10),
    ones=st_.booleans(),
    chain=st_.booleans(),
    spec=st_.sampled_from(["reroll", "double", "none"]),
    specialty=st_.booleans(),
    cancel=st_.sampled_from(["success", "highest", "lowest"]),
)
def test_evaluate_rolls_with_extra_dice_matches_simple_eval(
    faces, extra_pool, d, ones, chain, spec, specialty, cancel
):
    rules = Case(
        Rules(
            ten_again=True,
            reroll_ones_cancel=ones,
            chain=chain,
            specialty_rule=spec,
            one_cancels=cancel,
        ),
        specialty,
    )
    extra = []
    for x in extra_pool:
        if len(extra) >= needed_extra(faces, extra, rules):
            break
        extra.append(x)
    if len(extra) < needed_extra(faces, extra, rules):
        return  # ran out of pre-drawn extra dice (a long chain): nothing to compare
    out = st.evaluate_rolls([faces], d, extra=[extra_pool], **rules.api)
    net, botch = simple_eval(faces, extra, d, rules)
    assert int(out.net[0]) == net and bool(out.botch[0]) == botch
    assert int(out.extra_used[0]) == len(extra)


@pytest.mark.parametrize(
    "faces,exc",
    [
        ([[1, 2], [3]], ValueError),
        ([[0, 5]], ValueError),
        ([[11, 5]], ValueError),
        ([[2.5, 5]], TypeError),
        ([[True, False]], TypeError),
        ([1, 2, 3], ValueError),  # 1-d: not (rolls, dice)
    ],
)
def test_evaluate_rolls_bad_faces(faces, exc):
    with pytest.raises(exc, match="faces"):
        st.evaluate_rolls(faces, 6)


def test_concrete_roll_refuses_booleans_and_out_of_range_faces():
    with pytest.raises(TypeError, match=r"faces\[0\]"):
        st.evaluate_roll([True, 3], 6)
    with pytest.raises(ValueError, match=r"faces\[1\] must be an integer in 1\.\.10"):
        st.evaluate_roll([3, 11], 6)


# ---------------------------------------------------------------------------
# Rolling: the simulator evaluates what it draws with the same code
# ---------------------------------------------------------------------------
class _Recorder:
    """A Generator stand-in that records every array it hands out."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.draws = []

    def integers(self, *args, **kw):
        out = self.rng.integers(*args, **kw)
        self.draws.append(out)
        return out


@pytest.mark.parametrize(
    "case",
    [
        Case(Rules()),
        Case(Rules(ten_again=True)),
        Case(Rules(ten_again=True, chain=False, reroll_ones_cancel=True)),
        Case(Rules(botch_rule="first"), True),
        Case(Rules(ten_again=True, specialty_rule="double", one_cancels="lowest"), True),
    ],
    ids=repr,
)
def test_roll_pools_evaluates_its_draws_like_evaluate_rolls(case):
    rec = _Recorder(3)
    out = st.roll_pools(rec, 5000, 4, 8, **case.api)
    faces, columns = rec.draws[0], rec.draws[1:]
    assert faces.shape == (5000, 4)
    extra = np.stack(columns, axis=1) if columns else None
    ref = st.evaluate_rolls(faces, 8, extra=extra, **case.api)
    for name in ("net", "botch", "successes", "ones", "extra_used"):
        assert getattr(out, name).tolist() == getattr(ref, name).tolist()
    if case.rerolls:  # exactly as many columns as the longest chain needs
        assert len(columns) == int(ref.extra_used.max())
