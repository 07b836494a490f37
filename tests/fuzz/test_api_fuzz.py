"""Every registered system's sample questions, called with wrong values, refuse cleanly.

For each question of ``dicestats.systems()`` (the ones the contract test asks, so a
system's new questions are fuzzed without a change here), one or two of its arguments,
or of ``exact``/``trials``/``rng``/``workers``/``progress``, get a wrong value: a bool
for an int, a float, a string, None, NaN, infinities, negative and huge numbers, lists
holding such values. The call must return normally or raise ``ValueError`` or
``TypeError`` (``dicestats.InputError``/``InputTypeError``) with a one-line message,
never another exception, and answer within the harness' time bound (it runs in the
worker process, which is killed on overrun).
"""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .calls import BUILDERS, QUESTIONS, SAMPLES, WORKBENCH, parameters
from .harness import check_answer, fuzz_settings, known, trial
from .strategies import HOW, WRONG


def wrong_value(current) -> st.SearchStrategy:
    """A wrong value for an argument whose sample value is ``current``: one of
    :data:`WRONG`, or (for a list) the list with one item replaced by one."""
    anything = st.sampled_from(WRONG)
    if isinstance(current, (list, tuple)) and current:
        swapped = st.builds(
            lambda i, v: [*current[:i], v, *current[i + 1 :]],
            st.integers(0, len(current) - 1),
            anything,
        )
        return st.one_of(anything, swapped, swapped)
    return anything


@st.composite
def corrupted_call(draw, q):
    """(twin, args, kwargs): the question's call with one or two arguments made wrong."""
    twin = q.simulate is not None and draw(st.booleans())
    fn = q.simulate if twin else q.call
    args, kwargs = list(q.args), dict(q.kwargs)
    how = {"trials": 200, "rng": 1} if twin else {}
    names = parameters(fn)
    if q.exact and not twin:
        names.append("exact")
    if twin:
        names += ["trials", "rng", "workers", "progress"]
    for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)):
        if name in HOW:
            how[name] = draw(st.one_of(st.sampled_from(HOW[name]), st.sampled_from(WRONG)))
            continue
        pos = names.index(name)
        if pos < len(args):
            args[pos] = draw(wrong_value(args[pos]))
        else:
            kwargs[name] = draw(wrong_value(kwargs.get(name)))
    return twin, tuple(args), {**kwargs, **how}


def describe(q, twin, args, kwargs) -> str:
    fn = q.simulate if twin else q.call
    shown = [repr(a)[:80] for a in args] + [f"{k}={v!r:.80}" for k, v in kwargs.items()]
    return f"{fn.__module__}.{fn.__qualname__}({', '.join(shown)})"


@pytest.mark.parametrize(
    "system, index, q", QUESTIONS, ids=[f"{s}: {q.name}" for s, _, q in QUESTIONS]
)
@fuzz_settings(quick=4, deep=200)
@given(data=st.data())
def test_wrong_values_are_refused_cleanly(worker, system, index, q, data):
    twin, args, kwargs = data.draw(corrupted_call(q), label="call")
    what = describe(q, twin, args, kwargs)
    fn = q.simulate if twin else q.call
    request = {"kind": "api", "fn": fn, "args": args, "kwargs": kwargs}
    with trial("API calls"):
        check_answer(worker.call(request, what), what)


@st.composite
def corrupted_table(draw, fn):
    """kwargs for a table builder: its defaults (few trials) with one or two made wrong."""
    params = inspect.signature(fn).parameters
    kwargs = {n: v for n, v in SAMPLES.items() if n in params}
    if "trials" in params:
        kwargs.update(trials=200, rng=1)
    names = [n for n, p in params.items() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not names:
        return kwargs
    for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)):
        default = kwargs.get(name, params[name].default)
        sample = list(default) if isinstance(default, (range, tuple)) else default
        wrong = st.one_of(wrong_value(sample), st.sampled_from(HOW.get(name, WRONG)))
        kwargs[name] = draw(wrong)
    return kwargs


@pytest.mark.parametrize("system, name, fn", BUILDERS, ids=[f"{s}: {n}" for s, n, _ in BUILDERS])
@fuzz_settings(quick=3, deep=150)
@given(data=st.data())
def test_table_builders_refuse_wrong_values_cleanly(worker, system, name, fn, data):
    kwargs = data.draw(corrupted_table(fn), label="kwargs")
    shown = ", ".join(f"{k}={v!r:.80}" for k, v in kwargs.items())
    what = f"{fn.__module__}.{name}({shown})"
    request = {
        "kind": "api",
        "system": system,
        "builder": name,
        "twin": False,
        "args": (),
        "kwargs": kwargs,
    }
    with trial("API table builders"):
        check_answer(worker.call(request, what), what)


@pytest.mark.parametrize("index, q", WORKBENCH, ids=[f"workbench: {q.name}" for _, q in WORKBENCH])
@fuzz_settings(quick=4, deep=200)
@given(data=st.data())
def test_workbench_refuses_wrong_values_cleanly(worker, index, q, data):
    """The workbench is no registered system: its own sample questions, the same rule."""
    twin, args, kwargs = data.draw(corrupted_call(q), label="call")
    what = describe(q, twin, args, kwargs)
    fn = q.simulate if twin else q.call
    names = parameters(fn)
    changed = [n for i, n in enumerate(names) if i < len(args) and args[i] is not q.args[i]]
    changed += [k for k, v in kwargs.items() if q.kwargs.get(k, changed) is not v]
    with trial("API workbench"):
        ans = worker.call({"kind": "api", "fn": fn, "args": args, "kwargs": kwargs}, what)
        check_answer(ans, what, known=known(fn, changed))
