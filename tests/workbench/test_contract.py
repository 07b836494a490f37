"""The contract (``tests/contract.py``), applied to the workbench's sampled functions.

The workbench is not a registered dice system; its solvers and wish lists carry their own
sample calls (``dicestats.core.question.sampled``), asked here with the contract's checks:
frozen results that serialise, float answers equal to exact ones within 1e-12, one-line
refusals naming the parameter, ``exact`` keyword-only.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

from dicestats import workbench

from ..contract import (
    HOW,
    check_float_equals_exact,
    check_refusals,
    check_serialises,
    public_callables,
    sampled_cases,
)

SAMPLED = [
    getattr(workbench, n) for n in workbench.__all__ if hasattr(getattr(workbench, n), "samples")
]
CASES = sampled_cases(SAMPLED)
IDS = [c.name for c in CASES]
# The wishes are echoed in the answer as Fractions in both modes (they are parsed
# exactly from their text); tests/workbench/test_wishes.py compares the slacks.
NUMERIC = [c for c in CASES if "wishes" not in c.name]


def test_every_solver_and_wish_list_has_samples():
    names = {f.__name__ for f in SAMPLED}
    assert {"solve_pool", "solve_initiative", "wishes", "fate_wishes"} <= names
    assert len(CASES) >= 10


@pytest.mark.parametrize("q", CASES, ids=IDS)
def test_results_are_frozen_results_that_serialise(q):
    check_serialises(q)
    text = str(q.ask())
    assert text and "\n" not in text


@pytest.mark.parametrize("q", NUMERIC, ids=[c.name for c in NUMERIC])
def test_float_equals_exact(q):
    check_float_equals_exact(q)


@pytest.mark.parametrize("q", CASES, ids=IDS)
def test_bad_input_is_one_line_naming_the_parameter(q):
    check_refusals(q)


def test_how_an_answer_is_computed_is_always_keyword_only():
    checked = 0
    for room in ("solve", "wishlist"):
        module = importlib.import_module(f"dicestats.workbench.{room}")
        for name, f in public_callables(module):
            for p in inspect.signature(f).parameters.values():
                if p.name in HOW:
                    checked += 1
                    assert p.kind is p.KEYWORD_ONLY, f"{module.__name__}.{name}: {p.name}"
    assert checked >= 8
