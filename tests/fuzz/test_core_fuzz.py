"""The core's public functions and ``Dist``'s methods, called with generated arguments.

Every public function of ``dicestats.core.dist``, ``markov`` and ``montecarlo`` (their
``__all__``) and every public method of ``Dist`` (bound to a float and an exact d6) gets
values for its required parameters, and sometimes a wrong value for an optional one:
plausible ones (small numbers, a list, a probability table, a Dist) mixed with the
wrong ones of the API fuzz. The call must return or raise a one-line ``ValueError`` or
``TypeError``, within the harness' time bound.
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicestats import Dist
from dicestats.core import dist, markov, montecarlo

from .harness import check_answer, fuzz_settings, trial
from .strategies import WRONG

PLAUSIBLE = (1, 2, 6, 0.5, Fraction(1, 2), [1, 2, 3], [0.5, 0.5], {1: 0.5, 2: 0.5},
             Dist.die(4), [[Fraction(1, 2)]], "proportion")  # fmt: skip


def _targets():
    out = [("Dist", Dist)]
    for module in (dist, markov, montecarlo):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                out.append((f"{module.__name__.split('.')[-1]}.{name}", obj))
    samples = (("Dist.die(6)", Dist.die(6)), ("Dist.die(6, exact=True)", Dist.die(6, exact=True)))
    members = {}  # the class's attributes as written (getmembers_static: Python 3.11+)
    for klass in reversed(Dist.__mro__):
        members.update(vars(klass))
    for label, d in samples:
        for name, attr in sorted(members.items()):
            if name.startswith("_") or isinstance(attr, property):
                continue
            if isinstance(attr, (classmethod, staticmethod)) and label != samples[0][0]:
                continue  # a constructor: once
            bound = getattr(d, name)
            if inspect.ismethod(bound) or inspect.isfunction(bound):
                out.append((f"{label}.{name}", bound))
    return out


TARGETS = _targets()


@st.composite
def arguments(draw, fn):
    """(args, kwargs): every required parameter, and maybe one optional, given a value."""
    params = inspect.signature(fn).parameters.values()
    value = st.one_of(st.sampled_from(PLAUSIBLE), st.sampled_from(WRONG))
    args, kwargs = [], {}
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        required = p.default is p.empty
        if not required and draw(st.integers(0, 3)) > 0:
            continue
        v = draw(value)
        if p.kind is p.KEYWORD_ONLY or not required:
            kwargs[p.name] = v
        else:
            args.append(v)
    return tuple(args), kwargs


@pytest.mark.parametrize("label, fn", TARGETS, ids=[t[0] for t in TARGETS])
@fuzz_settings(quick=4, deep=200)
@given(data=st.data())
def test_core_calls_answer_or_refuse_cleanly(worker, label, fn, data):
    args, kwargs = data.draw(arguments(fn), label="arguments")
    shown = [f"{a!r:.60}" for a in args] + [f"{k}={v!r:.60}" for k, v in kwargs.items()]
    what = f"{label}({', '.join(shown)})"
    request = {"kind": "api", "fn": fn, "args": args, "kwargs": kwargs}
    with trial("core calls"):
        check_answer(worker.call(request, what), what, input_error=False)
