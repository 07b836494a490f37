"""The registry's contract (``tests/test_contract.py``), applied to the workbench's questions.

The workbench is not a registered dice system, so its sample questions
(``dicestats.workbench.questions.QUESTIONS``) are asked here through the contract
test's own checks: frozen results that serialise, float answers equal to exact ones
within 1e-12, one-line refusals naming the parameter, ``exact`` keyword-only.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

from dicestats.workbench.questions import QUESTIONS
from tests import test_contract as contract

IDS = [q.name for q in QUESTIONS]
# The wishes are echoed in the answer as Fractions in both modes (they are parsed
# exactly from their text); tests/workbench/test_wishes.py compares the slacks.
NUMERIC = [q for q in QUESTIONS if not q.name.startswith("wishes")]
# test_fate_wishes.py compares the Fate wishes' probabilities and slacks, float with exact.


@pytest.mark.parametrize("q", QUESTIONS, ids=IDS)
def test_results_are_frozen_results_that_serialise(q):
    contract.test_results_are_frozen_results_that_serialise("workbench", contract.legacy_case(q))
    text = str(q.call(*q.args, **q.kwargs))
    assert text and "\n" not in text


@pytest.mark.parametrize("q", NUMERIC, ids=[q.name for q in NUMERIC])
def test_float_equals_exact(q):
    contract.test_float_equals_exact("workbench", contract.legacy_case(q))


@pytest.mark.parametrize("q", QUESTIONS, ids=IDS)
def test_bad_input_is_one_line_naming_the_parameter(q):
    contract.test_bad_input_is_one_line_naming_the_parameter("workbench", contract.legacy_case(q))


def test_how_an_answer_is_computed_is_always_keyword_only():
    checked = 0
    rooms = ("solve", "wishlist")
    for room in rooms:
        module = importlib.import_module(f"dicestats.workbench.{room}")
        for name, f in contract.public_callables(module):
            for p in inspect.signature(f).parameters.values():
                if p.name in contract.HOW:
                    checked += 1
                    assert p.kind is p.KEYWORD_ONLY, f"{module.__name__}.{name}: {p.name}"
    assert checked >= 8
