"""The registry's contract, checked on the Storyteller's sample questions.

For every question of ``dicestats.storyteller.questions.QUESTIONS``: the float
answer equals the exact one within 1e-12 (every numeric leaf, by field
name), the Monte Carlo twin returns the same class and agrees with the exact
answer within 4.5 standard errors, one seed gives byte-identical JSON with 1
and 2 workers, every result serialises, and bad input raises InputError.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from dicestats import InputError, system
from dicestats.core.dist import Dist
from dicestats.core.results import Estimate, Result
from dicestats.storyteller.questions import QUESTIONS

from .oracle import agrees

_SKIP = {"rules", "exact", "trials"}


def leaves(x, path=()):
    """``{path: number}`` of a result: Fractions, floats, ints (not bools) and Estimates."""
    if isinstance(x, Estimate) or (
        isinstance(x, (int, float, Fraction)) and not isinstance(x, bool)
    ):
        return {path: x}
    out = {}
    if isinstance(x, Result):
        items = [(f.name, getattr(x, f.name)) for f in dataclasses.fields(x)]
        items = [(k, v) for k, v in items if k not in _SKIP]
    elif isinstance(x, Dist):
        items = x.items()
    elif isinstance(x, dict):
        items = x.items()
    elif isinstance(x, (list, tuple)):
        items = enumerate(x)
    else:
        return out
    for k, v in items:
        out.update(leaves(v, (*path, k)))
    return out


def ask(q, **kw):
    return q.call(*q.args, **q.kwargs, **kw)


def test_the_registry_lists_these_questions():
    assert system("storyteller").questions == QUESTIONS
    assert 5 <= len(QUESTIONS) <= 14
    assert len({q.name for q in QUESTIONS}) == len(QUESTIONS)


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.name)
def test_float_equals_exact(q):
    exact, fl = ask(q, exact=True), ask(q, exact=False)
    assert type(exact) is type(fl) and exact.exact is True and fl.exact is False
    a, b = leaves(exact), leaves(fl)
    assert a.keys() == b.keys()
    assert any(isinstance(v, Fraction) for v in a.values())
    for path, v in a.items():
        assert abs(float(v) - float(b[path])) <= 1e-12, path
    json.loads(exact.to_json())
    json.loads(fl.to_json())


@pytest.mark.parametrize("q", [q for q in QUESTIONS if q.simulate], ids=lambda q: q.name)
def test_monte_carlo_agrees_with_exact(q):
    exact = ask(q, exact=True)
    mc = q.simulate(*q.args, **q.kwargs, trials=q.trials, rng=2024)
    assert type(mc) is type(exact) and mc.trials == q.trials
    a, b = leaves(exact), leaves(mc)
    estimates = {p: v for p, v in b.items() if isinstance(v, Estimate)}
    assert len(estimates) >= 5
    for path, est in estimates.items():
        assert path in a, path
        assert agrees(est, a[path]), (path, est, a[path])
    json.loads(mc.to_json())


@pytest.mark.parametrize("q", [q for q in QUESTIONS if q.simulate], ids=lambda q: q.name)
def test_one_seed_any_workers(q):
    kw = dict(trials=3000, rng=7, batch_size=1000)
    one = q.simulate(*q.args, **q.kwargs, workers=1, **kw)
    two = q.simulate(*q.args, **q.kwargs, workers=2, **kw)
    assert one.to_json() == two.to_json()


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.name)
def test_bad_input_raises_input_error(q):
    if q.args:
        args, kwargs = (-1, *q.args[1:]), q.kwargs
    else:
        args, kwargs = (), {**q.kwargs, "dice": [0, 1]}
    with pytest.raises(InputError) as info:
        q.call(*args, **kwargs)
    assert "\n" not in str(info.value)
    if q.simulate:
        with pytest.raises(InputError):
            q.simulate(*args, **kwargs, trials=10)
