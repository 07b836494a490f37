"""The sample calls the API fuzz tests corrupt: every registered system's declared questions,
its table builders that can be called from defaults, and the workbench's sampled functions."""

from __future__ import annotations

import inspect

from dicestats import systems

from .strategies import HOW


def workbench_questions() -> list:
    """The workbench's sample calls (its sampled solvers and wish lists)."""
    from dicestats import workbench

    out = []
    for name in workbench.__all__:
        f = getattr(workbench, name)
        for s in getattr(f, "samples", ()):
            exact = "exact" in inspect.signature(f).parameters
            out.append(Call(f"{name}: {s.name}", f, s.args, s.kwargs, exact, None))
    return out


class Call:
    """One sample call: of a declared question, or of a sampled workbench function."""

    def __init__(self, name, call, args, kwargs, exact, simulate):
        self.name, self.call, self.args, self.kwargs = name, call, args, kwargs
        self.exact, self.simulate = exact, simulate


def sample_calls(system) -> list[Call]:
    out = []
    for q in system.questions:
        f = q.function
        for s in q.samples:
            twin = f if q.monte_carlo else None
            out.append(Call(f"{q.name}: {s.name}", f, s.args, s.kwargs, q.computed, twin))
    return out


QUESTIONS = [(s.name, i, q) for s in systems() for i, q in enumerate(sample_calls(s))]
#: Table builders whose every parameter has a default, or a sample value here.
SAMPLES = {"difficulties": [1, 2]}
BUILDERS = [
    (s.name, name, fn)
    for s in systems()
    for name, fn in s.table_builders.items()
    if all(
        p.default is not p.empty or p.name in SAMPLES
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    )
]


def parameters(fn) -> list[str]:
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    sig = inspect.signature(fn)
    return [p.name for p in sig.parameters.values() if p.kind in kinds and p.name not in HOW]


WORKBENCH = list(enumerate(workbench_questions()))
