"""One contract, checked the same way for every registered system.

For each system's questions (declared in ``dicestats.<system>.questions``), each sample call
(the checks are in ``tests/contract.py``, which the workbench's contract test shares):

* float answers equal exact ones within 1e-12, field by field;
* the Monte Carlo form agrees with the exact answer within 4.5 standard errors;
* the same seed gives byte-identical Monte Carlo results with 1 and 2 workers, and on
  any executor;
* every result is a frozen ``Result`` whose ``to_json()`` parses back;
* bad input raises ``dicestats.InputError`` in one line naming the parameter;
* one function per question, its method a keyword, one result class named after it.

And for each system, that it is wired as ``docs/architecture.md`` says: its commands, its
booklet pages, ``Rules``, ``LIMITS`` and rules page exist.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dicestats import format as fmt
from dicestats import systems
from dicestats.core.limits import Limits
from dicestats.core.question import HOW as METHOD_KEYWORDS

from .contract import (
    HOW,
    ask,
    cases,
    check_float_equals_exact,
    check_monte_carlo_agrees,
    check_refusals,
    check_same_bytes_for_any_workers,
    check_serialises,
    public_callables,
    simulate,
)

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = systems()
QUESTIONS = [(s.name, c) for s in SYSTEMS for c in cases(s)]
IDS = [f"{name}: {c.name}" for name, c in QUESTIONS]
EXACT = [(n, c) for n, c in QUESTIONS if c.exact]
SIMULATED = [(n, c) for n, c in QUESTIONS if c.monte_carlo]
DECLARED = QUESTIONS


def test_every_system_asks_several_questions():
    for s in SYSTEMS:
        assert len(cases(s)) >= 4, s.name
        assert any(c.exact for c in cases(s)), s.name


@pytest.mark.parametrize("name, q", QUESTIONS, ids=IDS)
def test_results_are_frozen_results_that_serialise(name, q):
    check_serialises(q)


@pytest.mark.parametrize("name, q", EXACT, ids=[f"{n}: {q.name}" for n, q in EXACT])
def test_float_equals_exact(name, q):
    check_float_equals_exact(q)


@pytest.mark.parametrize("name, q", SIMULATED, ids=[f"{n}: {q.name}" for n, q in SIMULATED])
def test_monte_carlo_agrees_with_exact(name, q):
    check_monte_carlo_agrees(q)


@pytest.mark.parametrize("name, q", SIMULATED, ids=[f"{n}: {q.name}" for n, q in SIMULATED])
def test_same_seed_same_bytes_for_one_and_two_workers(name, q):
    check_same_bytes_for_any_workers(q)


@pytest.mark.parametrize("name, q", QUESTIONS, ids=IDS)
def test_bad_input_is_one_line_naming_the_parameter(name, q):
    check_refusals(q)


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
    # one naming scheme: a result class is its question's name in CamelCase, after its
    # system's name where the question's name is a common word (blades.roll: BladesRoll)
    camel = "".join(w.capitalize() for w in decl.name.split("_"))
    assert decl.result_class.__name__ in (camel, name.capitalize() + camel)
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
    assert isinstance(pkg.LIMITS, Limits) and len(pkg.LIMITS) >= 1
    assert dataclasses.is_dataclass(pkg.Rules) and pkg.Rules.__dataclass_params__.frozen
    choices = next(a for a in build_parser()._actions if a.dest == "command").choices
    inner = next((a.choices for a in choices[s.name]._actions if a.dest == "question"), None)
    assert inner is not None, f"{s.name}: its questions are not commands"
    for q in s.questions:  # dicestats <system> <question>, the short commands
        assert q.name.replace("_", "-") in inner
        assert not q.command or q.command in choices
    pages = s.pages()
    assert pages and all(p.system == s.name and p.title and p.how_to_read for p in pages)
    doc = (ROOT / s.rules_doc).read_text(encoding="utf-8")
    assert doc.startswith("# ")
    # the page's limits table is LIMITS as it is (python scripts/make_limits_tables.py)
    assert fmt.limits_table(pkg.LIMITS) in doc


@pytest.mark.parametrize("s", SYSTEMS, ids=[s.name for s in SYSTEMS])
def test_a_missing_value_says_how_to_give_it(s, capsys):
    from dicestats.cli import main

    q, first = next(
        (q, p)
        for q in s.questions
        for p in q.signature.parameters.values()
        if p.default is p.empty and p.kind is not p.KEYWORD_ONLY
    )
    word = first.name.replace("_", " ")
    if q is s.questions[0]:  # the system's own command: the first question's options only
        assert main([s.name]) == 2
        assert capsys.readouterr().err == (
            f"dicestats {s.name}: error: {word} is required: give it as --{first.name}\n"
        )
    assert main([s.name, q.name.replace("_", "-")]) == 2  # a question: positional or option
    assert f"give it as {first.name.upper()} or --{first.name}\n" in capsys.readouterr().err


def test_systems_are_distinct_and_ordered():
    names = [s.name for s in SYSTEMS]
    assert len(set(names)) == len(names) and all(n.isidentifier() for n in names)
    assert len({s.title for s in SYSTEMS}) == len(SYSTEMS)
    assert all(s.summary and s.title for s in SYSTEMS)


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
def test_monte_carlo_on_any_executor_is_byte_identical(name, q, process_pool):
    """Every Monte Carlo twin takes ``executor=``: its batches on a process pool (one kept
    across runs, as a user keeps one) give the same bytes as in this process."""
    here = simulate(q, trials=q.trials, rng=11).to_json()
    there = simulate(q, trials=q.trials, rng=11, executor=process_pool).to_json()
    assert there == here


SOLVABLE = [(n, c) for n, c in EXACT if c.question.grows]


def test_the_families_are_solvable():
    solvable = {n for n, _ in SOLVABLE}
    assert {s.name for s in SYSTEMS if not s.booklet} <= solvable


@pytest.mark.parametrize("name, q", SOLVABLE, ids=[f"{n}: {q.name}" for n, q in SOLVABLE])
def test_what_the_workbench_reads_is_declared(name, q):
    """A question the workbench grows (``grows``) names an integer parameter with a limit,
    probability fields to wish for (``wishes``) and, if any, the distribution it counts."""
    from dicestats import system
    from dicestats.core.dist import Dist

    decl = q.question
    assert decl.grows in [p.name for p in decl.parameters]
    assert decl.grows in system(name).package.LIMITS
    r = ask(q, exact=True)
    for field in decl.wishes:
        assert 0 <= getattr(r, field) <= 1, field
    if decl.counts:
        counts = getattr(r, decl.counts)
        assert isinstance(counts, Dist) and counts.exact and sum(counts.fractions()) == 1
        mc = ask(q, trials=2000, rng=5)
        assert sum(e.value for e in getattr(mc, decl.counts).values()) == pytest.approx(1)
    if decl.tail:  # the outcome that would hold "it or more": none above it (None: no cap)
        top = getattr(r, decl.tail)
        assert decl.counts and (top is None or top >= max(dict(getattr(r, decl.counts).items())))
