"""Bytes, bytearrays and numpy scalars for every parameter of the API's sample calls
(issue 25, item 6: ``fate_wishes(..., difficulties=b'3')`` used difficulty 51,
``reduced_pools(b'3')`` returned ``[51]``, ``cell_seed(3.5, ...)`` equalled ``cell_seed(3, ...)``).

For every sample call (each registered system's questions, the workbench's, the table
builders', and a few functions of their own below) and each of its parameters:

* bytes-like values (``b"3"``, ``bytearray(b"3")``, ``[b"3"]``) are refused with a one-line
  ValueError or TypeError, or ignored (a parameter the call does not use: the sample's own
  answer); another answer is *silently wrong* (bytes read as numbers);
* numpy values (``np.int64``, ``np.float32``, ``np.bool_``, numpy items in a list, an array)
  answer as the same Python value does (its numbers; an answer may echo the numpy value),
  or are refused: an answer where the Python value is refused (``np.bool_`` read as 1), or
  an answer that differs, is silently wrong.

The quick profile tries the functions of issue 25's findings (below); the deep one every
sample call.
"""

from __future__ import annotations

import contextlib
import inspect
import re

import numpy as np
import pytest

from .calls import BUILDERS, QUESTIONS, SAMPLES, WORKBENCH, parameters
from .harness import DEEP, Finding, Known, check_answer, expect, known, trial


def _own_calls() -> list:
    from dicestats.fate import contest
    from dicestats.storyteller import reduced_pools
    from dicestats.sweep import cell_seed
    from dicestats.tables import initiative_first
    from dicestats.workbench import fate_wishes

    return [
        ("sweep.cell_seed", cell_seed, (3, "fate", {"bonus": 1}), {}),
        ("storyteller.reduced_pools", reduced_pools, ([7, 6, 6],), {}),
        ("workbench.fate_wishes", fate_wishes, (["Fair success >= 0.5"],), {"difficulties": [3]}),
        (
            "tables.initiative_first",
            initiative_first,
            (),
            {"exact_limit": 10, "trials": 200, "rng": 1},
        ),
        ("fate.contest", contest, (1, 0), {}),  # bytearray(b"3") was +51 (the deep run found it)
    ]


def _targets() -> list:
    out = [(f"{s}: {q.name}", q.call, q.args, q.kwargs) for s, _, q in QUESTIONS]
    out += [(f"workbench: {q.name}", q.call, q.args, q.kwargs) for _, q in WORKBENCH]
    for s, name, fn in BUILDERS:
        params = inspect.signature(fn).parameters
        kwargs = {n: v for n, v in SAMPLES.items() if n in params}
        kwargs.update({"trials": 200, "rng": 1} if "trials" in params else {})
        for n, p in params.items():
            if n not in kwargs and p.default is not p.empty and p.kind is not p.VAR_KEYWORD:
                d = p.default
                kwargs[n] = list(d) if isinstance(d, range) else d
        out.append((f"{s}: {name}", fn, (), kwargs))
    return out


OWN = _own_calls()
TARGETS = _targets() + OWN


def _python(v):
    """The Python value of a numpy variant."""
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, list):
        return [_python(x) for x in v]
    return v


def variants(v, every: bool) -> list:
    """``(label, value)`` pairs standing in for a parameter whose sample value is ``v``."""
    out = [("b'3'", b"3")]
    if not every:
        return out
    out += [("bytearray", bytearray(b"3")), ("[b'3']", [b"3"])]
    if isinstance(v, (bool, np.bool_)):
        out.append(("np.bool_", np.bool_(v)))
    elif isinstance(v, int) and abs(v) < 2**31:
        out += [("np.int64", np.int64(v)), ("np.int32", np.int32(v)), ("np.bool_", np.bool_(v))]
    elif isinstance(v, float):
        out += [("np.float64", np.float64(v)), ("np.float32", np.float32(v))]
    elif isinstance(v, (list, tuple)) and v and all(type(x) in (int, float) for x in v):
        out.append(("numpy items", [np.array(x)[()] for x in v]))
        out.append(("ndarray", np.array(v)))
    return out


def _calls(fn, args, kwargs, every: bool) -> list:
    """``(parameter, label, args, kwargs)`` for each parameter and variant."""
    names = parameters(fn) if args else []
    out = []
    for i, name in enumerate(names[: len(args)]):
        for label, v in variants(args[i], every):
            out.append((name, label, (*args[:i], v, *args[i + 1 :]), kwargs))
    params = inspect.signature(fn).parameters
    for name in params:
        if name in names[: len(args)] or params[name].kind in (
            inspect.Parameter.VAR_POSITIONAL,
            inspect.Parameter.VAR_KEYWORD,
        ):
            continue
        if name in ("trials", "rng", "progress", "workers"):
            continue
        current = kwargs.get(name, params[name].default)
        if current is inspect.Parameter.empty:
            continue
        for label, v in variants(current, every):
            out.append((name, label, args, {**kwargs, name: v}))
    return out


def _numbers(shown: str) -> str:
    """An answer's repr with numpy scalars written as Python's (``np.int64(3)`` as ``3``)."""
    return re.sub(r"np\.(?:True_|False_)|np\.\w+\(([^()]*)\)", lambda m: m[1] or m[0][3:-1], shown)


@contextlib.contextmanager
def _known(why: str | None):
    """A finding of a :data:`~tests.fuzz.harness.KNOWN` defect counted as known."""
    try:
        yield
    except Finding:
        if why is None:
            raise
        raise Known(why) from None


def _shown(args, kwargs) -> str:
    return ", ".join([f"{a!r:.60}" for a in args] + [f"{k}={v!r:.60}" for k, v in kwargs.items()])


#: The quick profile's: the functions of issue 25's findings (the deep one: every target).
RUN = TARGETS if DEEP else OWN


@pytest.mark.parametrize("label, fn, args, kwargs", RUN, ids=[t[0] for t in RUN])
def test_bytes_and_numpy_values(worker, label, fn, args, kwargs):
    calls = _calls(fn, args, kwargs, every=True)
    if not calls:
        return
    requests = []
    for _, v_label, a, kw in calls:
        req = {"kind": "api", "fn": fn, "args": a, "kwargs": kw}
        if v_label.startswith(("b'", "byte", "[b")):  # compared with the sample's own answer
            req["shown"] = req["bytes"] = True
        else:
            kw_python = {k: _python(v) for k, v in kw.items()}
            req["also"] = {"args": tuple(_python(list(a))), "kwargs": kw_python}
        requests.append(req)
    answers = worker.call({"kind": "batch", "requests": requests}, f"{label}: {len(calls)} calls")
    if any(
        r.get("bytes") and a["outcome"] == "ok"
        for r, a in zip(requests, answers["answers"], strict=True)
    ):
        sample = {"kind": "api", "fn": fn, "args": args, "kwargs": kwargs, "shown": True}
        sample = worker.call(sample, f"{label}: the sample")
        for r, a in zip(requests, answers["answers"], strict=True):
            if r.get("bytes"):
                a["twin"] = sample
    for (name, v_label, a, kw), req, ans in zip(calls, requests, answers["answers"], strict=True):
        ans.setdefault("stray", "")
        what = f"{label}: {fn.__qualname__}({_shown(a, kw)}) [{name} = {v_label}]"
        with trial("bytes and numpy values"), _known(known(fn, [name])):
            check_answer(ans, what, known=known(fn, [name]))
            twin = ans.get("twin")
            if ans["outcome"] != "ok":
                continue  # refused (numpy: strict, not wrong)
            if req.get("bytes"):  # answered: only as if it were not given (not read)
                same = twin["outcome"] == "ok" and ans["shown"] == twin["shown"]
                expect("silent wrong", same, f"{what}: bytes read")
                continue
            expect("silent wrong", twin["outcome"] == "ok", f"{what}: the Python value is refused")
            same = _numbers(ans["shown"]) == _numbers(twin["shown"])
            expect("silent wrong", same, f"{what}: another answer")
