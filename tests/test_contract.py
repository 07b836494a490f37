"""One contract, checked the same way for every registered system.

For each system's questions (declared in ``dicestats.<system>.questions``), each sample call:

* float answers equal exact ones within 1e-12, field by field;
* the Monte Carlo twin agrees with the exact answer within 4.5 standard errors;
* the same seed gives byte-identical Monte Carlo results with 1 and 2 workers;
* every result is a frozen ``Result`` whose ``to_json()`` parses back;
* bad input raises ``dicestats.InputError`` in one line naming the parameter.

And for each system, that it is wired as ``docs/architecture.md`` says: its CLI commands
exist, its booklet pages, tables, charts, ``Rules``, ``LIMITS`` and rules page exist.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from numbers import Real
from pathlib import Path

import pytest

import dicestats
from dicestats import format as fmt
from dicestats import systems
from dicestats.core.limits import Limits
from dicestats.core.question import HOW as METHOD_KEYWORDS
from dicestats.core.question import Question
from dicestats.core.results import Result

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = systems()


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
    question: object = None  # the declaration (None: a legacy sample)

    def ask(self, **how):
        return self.function(*self.args, **self.kwargs, **how)

    def simulate(self, **how):
        return self.simulate_with(*self.args, **self.kwargs, **how)

    @property
    def simulate_with(self):
        return self.function

    def with_arguments(self, changes: dict):
        """A call of the function with some arguments changed (given by name)."""
        import inspect

        bound = inspect.signature(self.function).bind_partial(*self.args, **self.kwargs)
        bound.arguments.update(changes)
        return lambda: self.function(*bound.args, **bound.kwargs)


def cases(system) -> list[Case]:
    out = []
    for q in system.questions:
        if isinstance(q, Question):
            f = q.function
            for smp in q.samples:
                out.append(
                    Case(
                        f"{q.name}: {smp.name}",
                        f,
                        smp.args,
                        smp.kwargs,
                        q.computed,
                        q.monte_carlo,
                        smp.trials,
                        smp.bad,
                        q,
                    )
                )
        else:  # a legacy sample (registry.Question), until its system declares its questions
            out.append(legacy_case(q))
    return out


def legacy_case(q) -> Case:
    """The case of a legacy sample (a ``registry.Question``)."""
    return _Legacy(
        q.name,
        q.call,
        q.args,
        q.kwargs,
        q.exact,
        q.simulate is not None,
        q.trials,
        q.bad,
        None,
        q.simulate,
    )


@dataclasses.dataclass(frozen=True)
class _Legacy(Case):
    twin: object = None

    @property
    def simulate_with(self):
        return self.twin


QUESTIONS = [(s.name, c) for s in SYSTEMS for c in cases(s)]
IDS = [f"{name}: {c.name}" for name, c in QUESTIONS]
EXACT = [(n, c) for n, c in QUESTIONS if c.exact]
SIMULATED = [(n, c) for n, c in QUESTIONS if c.monte_carlo]


def ask(q, **how):
    return q.ask(**how)


def simulate(q, **how):
    return q.simulate(**how)


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
    """Leaves that say how an answer was computed, at any depth: ``exact``, ``trials``
    and the size of an exact enumeration (``outcome_classes``, None when simulated)."""
    return bool(path) and path[-1] in ("exact", "trials", "outcome_classes")


def same_shape(a: dict, b: dict) -> list:
    """The leaf paths of ``a``; asserts ``b`` has the same ones (but for how_computed)."""
    pa = [p for p, _ in leaves(a) if not how_computed(p)]
    pb = [p for p, _ in leaves(b) if not how_computed(p)]
    assert pa == pb, f"shapes differ: {sorted(set(pa) ^ set(pb))[:6]}"
    return pa


def test_every_system_asks_several_questions():
    for s in SYSTEMS:
        assert len(cases(s)) >= 4, s.name
        assert any(c.exact for c in cases(s)), s.name


@pytest.mark.parametrize("name, q", QUESTIONS, ids=IDS)
def test_results_are_frozen_results_that_serialise(name, q):
    for how in ({"exact": True}, {"exact": False}) if q.exact else ({},):
        r = ask(q, **how)
        assert isinstance(r, Result) and dataclasses.is_dataclass(r)
        assert r.__dataclass_params__.frozen
        back = json.loads(r.to_json())
        assert isinstance(back, dict) and back
        assert list(back) == list(r.as_dict())


@pytest.mark.parametrize("name, q", EXACT, ids=[f"{n}: {q.name}" for n, q in EXACT])
def test_float_equals_exact(name, q):
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


@pytest.mark.parametrize("name, q", SIMULATED, ids=[f"{n}: {q.name}" for n, q in SIMULATED])
def test_monte_carlo_agrees_with_exact(name, q):
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


@pytest.mark.parametrize("name, q", SIMULATED, ids=[f"{n}: {q.name}" for n, q in SIMULATED])
def test_same_seed_same_bytes_for_one_and_two_workers(name, q):
    one = simulate(q, trials=q.trials, rng=7, workers=1).to_json()
    two = simulate(q, trials=q.trials, rng=7, workers=2).to_json()
    assert one == two
    assert simulate(q, trials=q.trials, rng=8).to_json() != one


def one_line_refusal(call, *, kind=dicestats.InputError):
    with pytest.raises(kind) as info:
        call()
    msg = str(info.value)
    assert isinstance(info.value, dicestats.InputError)
    assert "\n" not in msg and " must " in msg, msg
    return msg


@pytest.mark.parametrize("name, q", QUESTIONS, ids=IDS)
def test_bad_input_is_one_line_naming_the_parameter(name, q):
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


DECLARED = [(n, c) for n, c in QUESTIONS if c.question is not None]


@pytest.mark.parametrize("name, q", DECLARED, ids=[f"{n}: {c.name}" for n, c in DECLARED])
def test_a_declared_question_answers_every_method_with_one_class(name, q):
    """One function per question: its parameters, then the method keywords, keyword-only;
    the same result class whichever method; ``method=`` and its shorthands agree."""
    import inspect

    decl = q.question
    params = inspect.signature(q.function).parameters
    how = [n for n in params if n in METHOD_KEYWORDS]
    assert how == [n for n in METHOD_KEYWORDS if n in decl.how] and how[0] == "method"
    assert all(params[n].kind is inspect.Parameter.KEYWORD_ONLY for n in how)
    assert list(params)[: len(decl.parameters)] == [p.name for p in decl.parameters]
    assert decl.summary and q.function.__doc__.count("method :") == 1
    # one naming scheme: a result class is its question's name in CamelCase
    camel = "".join(w.capitalize() for w in decl.name.split("_"))
    assert decl.result_class.__name__ == camel
    if q.exact:
        assert ask(q, method="exact").to_json() == ask(q, exact=True).to_json()
        assert ask(q, method="float").to_json() == ask(q).to_json() or decl.default != "float"
        assert type(ask(q, method="float")) is decl.result_class
    if q.monte_carlo:
        a = ask(q, method="montecarlo", trials=2000, rng=3)
        assert a.to_json() == ask(q, trials=2000, rng=3).to_json()
        assert type(a) is decl.result_class and a.trials == 2000


@pytest.mark.parametrize("s", SYSTEMS, ids=[s.name for s in SYSTEMS])
def test_a_system_is_wired_as_the_architecture_says(s):
    from dicestats.cli import build_parser

    pkg = s.package
    assert isinstance(pkg.LIMITS, Limits) and len(pkg.LIMITS) >= 2
    assert dataclasses.is_dataclass(pkg.Rules) and pkg.Rules.__dataclass_params__.frozen
    choices = next(a for a in build_parser()._actions if a.dest == "command").choices
    if s.declared:  # dicestats <system> <question> for each, and the short commands
        inner = next(a for a in choices[s.name]._actions if a.dest == "question").choices
        for q in s.questions:
            assert q.name.replace("_", "-") in inner
            assert not q.command or q.command in choices
    else:
        assert any(c.startswith(s.name[:4]) for c in choices)
    pages = s.pages()
    assert pages and all(p.system == s.name and p.title and p.how_to_read for p in pages)
    doc = (ROOT / s.rules_doc).read_text(encoding="utf-8")
    assert doc.startswith("# ")
    # the page's limits table is LIMITS as it is (python scripts/make_limits_tables.py)
    assert fmt.limits_table(pkg.LIMITS) in doc


def test_systems_are_distinct_and_ordered():
    names = [s.name for s in SYSTEMS]
    assert len(set(names)) == len(names) and all(n.isidentifier() for n in names)
    assert len({s.title for s in SYSTEMS}) == len(SYSTEMS)
    assert all(s.summary and s.title for s in SYSTEMS)


HOW = ("exact", "rng", "trials", "workers", "progress", "executor")


def public_callables(module):
    """(name, function) for every public function and public method of ``module``."""
    import inspect

    for name in getattr(module, "__all__", []):
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            for attr, f in vars(obj).items():
                if inspect.isfunction(f) and not attr.startswith("_"):
                    yield f"{name}.{attr}", f


@pytest.mark.parametrize("s", SYSTEMS, ids=[s.name for s in SYSTEMS])
def test_how_an_answer_is_computed_is_always_keyword_only(s):
    """``exact``, ``rng``, ``trials``, ``workers``, ``progress`` are keyword-only in a
    system's API and its tables. A batch function (``fn(rng, n, ...)``, the Monte Carlo
    engine's calling convention) takes its generator first by design."""
    import importlib
    import importlib.util
    import inspect

    modules = [s.package]
    if importlib.util.find_spec(f"dicestats.tables.{s.name}") is not None:
        modules.append(importlib.import_module(f"dicestats.tables.{s.name}"))
    checked = 0
    for module in modules:
        for name, f in public_callables(module):
            params = list(inspect.signature(f).parameters.values())
            if [p.name for p in params[:2]] == ["rng", "n"]:
                continue  # a batch function
            for p in params:
                if p.name in HOW:
                    checked += 1
                    assert p.kind is p.KEYWORD_ONLY, f"{module.__name__}.{name}: {p.name}"
    assert checked >= 5


@pytest.mark.parametrize("name, q", SIMULATED, ids=[f"{n}: {q.name}" for n, q in SIMULATED])
def test_monte_carlo_on_any_executor_is_byte_identical(name, q):
    """Every Monte Carlo twin takes ``executor=``: its batches on a process pool give the
    same bytes as in this process."""
    from concurrent.futures import ProcessPoolExecutor

    here = simulate(q, trials=q.trials, rng=11).to_json()
    with ProcessPoolExecutor(2) as pool:
        there = simulate(q, trials=q.trials, rng=11, executor=pool).to_json()
    assert there == here
