"""The contract every question answers to, as checks the contract tests share.

A :class:`Case` is one sample call of a question: a declared question's sample
(:class:`dicestats.core.question.Sample`), or a sampled function of the workbench
(:func:`dicestats.core.question.sampled`). ``tests/test_contract.py`` asks every registered
system's cases, ``tests/workbench/test_contract.py`` the workbench's, with the checks below.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from fractions import Fraction
from numbers import Real

import pytest

import dicestats
from dicestats.core.results import Result


@dataclasses.dataclass(frozen=True)
class Case:
    """One sample call of one question, asked the same way whatever its declaration."""

    name: str
    function: object  # the public function
    args: tuple
    kwargs: dict
    exact: bool  # it is computed (float and exact)
    monte_carlo: bool
    trials: int
    bad: tuple
    question: object = None  # the declaration (None: a sampled function)

    def ask(self, **how):
        return self.function(*self.args, **self.kwargs, **how)

    def with_arguments(self, changes: dict):
        """A call of the function with some arguments changed (given by name)."""
        bound = inspect.signature(self.function).bind_partial(*self.args, **self.kwargs)
        bound.arguments.update(changes)
        return lambda: self.function(*bound.args, **bound.kwargs)


def cases(system) -> list[Case]:
    """Every sample of every question ``system`` declares."""
    return [
        Case(f"{q.name}: {s.name}", q.function, s.args, s.kwargs, q.computed, q.monte_carlo,
             s.trials, s.bad, q)
        for q in system.questions
        for s in q.samples
    ]  # fmt: skip


def sampled_cases(functions) -> list[Case]:
    """Every sample of functions that carry them (``fn.samples``): computed, float or exact."""
    out = []
    for f in functions:
        takes_exact = "exact" in inspect.signature(f).parameters
        for s in f.samples:
            out.append(Case(f"{f.__name__}: {s.name}", f, s.args, s.kwargs, takes_exact, False,
                            s.trials, s.bad))  # fmt: skip
    return out


def ask(q, **how):
    return q.ask(**how)


def simulate(q, **how):
    return q.ask(**how)


def is_estimate(x) -> bool:
    return isinstance(x, dict) and {"value", "stderr", "ci_low", "ci_high", "trials"} <= set(x)


def leaves(x, path=()):
    """(path, value) for every leaf of plain data; an estimate is one leaf."""
    if is_estimate(x):
        yield path, x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from leaves(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from leaves(v, (*path, i))
    else:
        yield path, x


def is_number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def how_computed(path) -> bool:
    """Leaves that say how an answer was computed, at any depth: ``exact``, ``trials``,
    the size of an exact enumeration (``outcome_classes``, None when simulated) and the
    Monte Carlo ``seed`` (None when enumerated)."""
    return bool(path) and path[-1] in ("exact", "trials", "outcome_classes", "seed")


def same_shape(a: dict, b: dict) -> list:
    """The leaf paths of ``a``; asserts ``b`` has the same ones (but for how_computed)."""
    pa = [p for p, _ in leaves(a) if not how_computed(p)]
    pb = [p for p, _ in leaves(b) if not how_computed(p)]
    assert pa == pb, f"shapes differ: {sorted(set(pa) ^ set(pb))[:6]}"
    return pa


def one_line_refusal(call, *, kind=dicestats.InputError):
    with pytest.raises(kind) as info:
        call()
    msg = str(info.value)
    assert isinstance(info.value, dicestats.InputError)
    assert "\n" not in msg and " must " in msg, msg
    return msg


def check_serialises(q: Case) -> None:
    for how in ({"exact": True}, {"exact": False}) if q.exact else ({},):
        r = ask(q, **how)
        assert isinstance(r, Result) and dataclasses.is_dataclass(r)
        assert r.__dataclass_params__.frozen
        back = json.loads(r.to_json())
        assert isinstance(back, dict) and back
        assert list(back) == list(r.as_dict())


def check_float_equals_exact(q: Case) -> None:
    ex, fl = ask(q, exact=True), ask(q, exact=False)
    assert type(ex) is type(fl)
    a, b = ex.as_dict(), fl.as_dict()
    same_shape(a, b)
    fl_leaves = dict(leaves(b))
    checked = 0
    for path, x in leaves(a):
        y = fl_leaves.get(path)
        if isinstance(x, Fraction):
            assert is_number(y) and not isinstance(y, Fraction), (path, y)
            assert abs(float(x) - y) <= 1e-12 * max(1.0, abs(float(x))), (path, x, y)
            checked += 1
        elif not how_computed(path):
            assert x == y, (path, x, y)
    assert checked, "an exact answer with no Fraction in it"


def check_monte_carlo_agrees(q: Case) -> None:
    ref = ask(q, exact=True) if q.exact else ask(q)
    mc = simulate(q, trials=q.trials, rng=20261130)
    assert type(mc) is type(ref)
    a, b = ref.as_dict(), mc.as_dict()
    assert list(a) == list(b)
    mc_leaves = dict(leaves(b))
    ref_paths = set()
    estimates = 0
    for path, x in leaves(a):
        ref_paths.add(path)
        if how_computed(path):
            continue
        if path not in mc_leaves:
            # a value of a distribution the simulation never saw: it must be rare
            assert isinstance(path[-1], int) and float(x) <= 10 / q.trials, (path, x)
            continue
        y = mc_leaves[path]
        if is_estimate(y):
            estimates += 1
            assert y["trials"] == q.trials
            assert y["ci_low"] <= y["value"] <= y["ci_high"]
            err = abs(float(x) - y["value"])
            assert err <= 4.5 * y["stderr"] + 1e-12, (path, float(x), y)
        elif is_number(x) and is_number(y):  # an input echoed, or a mass below any trial count
            assert abs(float(x) - float(y)) <= 1e-12, (path, x, y)
        else:
            assert x == y, (path, x, y)
    unseen = [p for p in mc_leaves if p not in ref_paths and not how_computed(p)]
    assert not unseen, f"simulated outcomes that cannot happen: {unseen[:5]}"
    assert estimates, "a Monte Carlo answer without an estimate in it"
    assert b["exact"] is False and b["trials"] == q.trials


def check_same_bytes_for_any_workers(q: Case) -> None:
    one = simulate(q, trials=q.trials, rng=7, workers=1).to_json()
    two = simulate(q, trials=q.trials, rng=7, workers=2).to_json()
    assert one == two
    assert simulate(q, trials=q.trials, rng=8).to_json() != one


def check_refusals(q: Case) -> None:
    if q.exact:
        msg = one_line_refusal(lambda: ask(q, exact="yes"), kind=dicestats.InputTypeError)
        assert msg.startswith("exact must be")
    if q.monte_carlo:
        msg = one_line_refusal(lambda: simulate(q, trials=0, rng=1))
        assert msg.startswith("trials must be")
    for bad in q.bad:
        call = q.with_arguments(bad)
        msg = one_line_refusal(call)
        assert any(msg.startswith(k) for k in bad), (bad, msg)
    if q.question is not None:
        msg = one_line_refusal(lambda: ask(q, method="guess"))
        assert msg.startswith("method must be one of")
        if not q.monte_carlo:
            msg = one_line_refusal(lambda: ask(q, trials=1000))
            assert msg.startswith("trials must be omitted") and "no Monte Carlo" in msg
        else:
            msg = one_line_refusal(lambda: ask(q, exact=True, trials=1000))
            assert msg.startswith("trials must be omitted") and "exact" in msg


#: The keywords that say how an answer is computed: keyword-only everywhere.
HOW = ("exact", "rng", "trials", "workers", "progress", "executor")


def public_callables(module):
    """(name, function) for every public function and public method of ``module``."""
    for name in getattr(module, "__all__", []):
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            for attr, f in vars(obj).items():
                if inspect.isfunction(f) and not attr.startswith("_"):
                    yield f"{name}.{attr}", f
