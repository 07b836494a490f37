"""The registry's contract, applied to the workbench's sample questions.

``dicestats.workbench.questions.QUESTIONS`` answers are frozen results that
serialise, float answers equal exact ones within 1e-12 (and agree on every
non-number), and every bad override is refused in one line naming the parameter.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats.core.results import Result
from dicestats.workbench.questions import QUESTIONS
from tests.test_contract import how_computed, is_number, leaves, same_shape

IDS = [q.name for q in QUESTIONS]


def ask(q, **how):
    return q.call(*q.args, **q.kwargs, **how)


@pytest.mark.parametrize("q", QUESTIONS, ids=IDS)
def test_results_are_frozen_results_that_serialise(q):
    for exact in (True, False):
        r = ask(q, exact=exact)
        assert isinstance(r, Result) and r.__dataclass_params__.frozen
        assert dataclasses.is_dataclass(r)
        back = json.loads(r.to_json())
        assert list(back) == list(r.as_dict())
        assert str(r) and "\n" not in str(r)


@pytest.mark.parametrize("q", QUESTIONS, ids=IDS)
def test_float_equals_exact(q):
    ex, fl = ask(q, exact=True), ask(q, exact=False)
    assert type(ex) is type(fl)
    a, b = ex.as_dict(), fl.as_dict()
    same_shape(a, b)
    fl_leaves = dict(leaves(b))
    checked = 0
    for path, x in leaves(a):
        y = fl_leaves.get(path)
        asked = path[0] == "wishes" or path[-1] in ("at_least", "nearest")  # inputs echoed
        if isinstance(x, Fraction) and not asked:
            assert is_number(y) and not isinstance(y, Fraction), (path, y)
            assert abs(float(x) - y) <= 1e-12 * max(1.0, abs(float(x))), (path, x, y)
            checked += 1
        elif not how_computed(path):
            assert x == y, (path, x, y)
    assert checked, "an exact answer with no Fraction in it"


@pytest.mark.parametrize(
    "q", [q for q in QUESTIONS if q.bad], ids=[q.name for q in QUESTIONS if q.bad]
)
def test_bad_input_is_refused_in_one_line(q):
    for override in q.bad:
        kwargs = dict(q.kwargs)
        args = list(q.args)
        for key, value in override.items():
            kwargs[key] = value
        names = q.call.__code__.co_varnames[: q.call.__code__.co_argcount]
        for key in override:  # an override of a positional argument replaces it
            if key in names[: len(args)]:
                args[names.index(key)] = kwargs.pop(key)
        with pytest.raises(InputError) as info:
            q.call(*args, **kwargs)
        msg = str(info.value)
        assert "\n" not in msg and next(iter(override)) in msg, msg
