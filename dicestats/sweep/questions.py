"""Sweepable questions: a name, the public API function it calls, and how to call it.

Every question a system declares (:mod:`dicestats.core.question`) is sweepable,
found through the registry: ``"storyteller.extended"`` is the Storyteller's
``extended``, and a system's name alone (``"storyteller"``) its first question.
Nothing is written down twice: the parameters are the question's, a participant
list is a parameter annotated as a list, the heatmap shows its first headline
field, and the fields its result marks ``bulky`` are left out of the frame.
How each cell is answered is the sweep's ``method`` (Monte Carlo when it gives
``trials``, exact with ``exact=True``, else the question's default).

A :class:`Sweepable` can also name any public function by its import path
(``"package.module:function"``): a function with an ``rng`` parameter is a
**Monte Carlo** question, any other an **exact** one.

* A Monte Carlo cell is called with ``trials=``, ``rng=<the cell's seed>`` and
  ``progress=False``; a computed one with its method (or ``exact=``).
* A parameter the function does not take but that names a field of the system's
  ``Rules`` (``ten_again``, ``botch_rule``) is folded into ``rules=``: the rule set
  named by a ``rules`` grid value (a preset name), or the function's default,
  with that field replaced.

Cells are run by :func:`run_cell`, a module-level function of small picklable
arguments, so a cell can travel to a worker process or a Dask worker.

Examples
--------
>>> q = question("initiative")
>>> q.call, q.methods, q.headline
('dicestats.initiative:odds', ('float', 'exact', 'montecarlo'), 'p_first')
>>> "pips" in q.parameters
True
>>> question("fate").monte_carlo
False
>>> q = question("storyteller.extended")
>>> q.call, q.methods, q.headline
('dicestats.storyteller:extended', ('float', 'exact', 'montecarlo'), 'p_success')
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ..core.checks import refuse

__all__ = ["Sweepable", "QUESTIONS", "question", "register", "run_cell", "RESERVED"]

#: Keywords a sweep sets itself: never grid parameters.
RESERVED = ("trials", "rng", "workers", "executor", "progress", "exact", "batch_size")


@dataclass(frozen=True)
class Sweepable:
    """A question a sweep can ask of every cell of a grid.

    Attributes
    ----------
    name : str
        What the sweep (and ``dicestats sweep``) calls it: ``"initiative"``.
    call : str
        ``"module:function"``: the public function answering one cell, called
        with the cell's parameters as keywords; it returns a
        :class:`~dicestats.core.results.Result`.
    headline : str
        The result field a heatmap of the sweep shows by default.
    summary : str
        One line for ``dicestats sweep --help``.
    lists : tuple of str
        Parameters that take a list of integers (one per participant); a grid
        value that is an int means a list of one.
    skip : tuple of str
        Result fields left out of the frame (repeated ones); fields a result marks
        ``field(metadata={"bulky": True})`` are always left out.
    declared : bool
        The function is a declared question (its method is chosen per sweep).
    """

    name: str
    call: str
    headline: str
    summary: str = ""
    lists: tuple = ()
    skip: tuple = ()
    declared: bool = False

    def __getstate__(self):  # the cached function is imported again where the cell runs
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __setstate__(self, state):
        for k, v in state.items():
            object.__setattr__(self, k, v)

    @cached_property
    def function(self):
        """The function itself (imported on first use)."""
        module, _, name = self.call.partition(":")
        return getattr(importlib.import_module(module), name)

    @cached_property
    def signature(self) -> inspect.Signature:
        return inspect.signature(self.function)

    @property
    def parameters(self) -> tuple[str, ...]:
        """The function's parameters a grid may set (without the sweep's own keywords)."""
        return tuple(
            n
            for n, p in self.signature.parameters.items()
            if n not in RESERVED and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        )

    @property
    def required(self) -> tuple[str, ...]:
        """The grid parameters every sweep must give: the function's without a default.

        >>> question("storyteller.extended").required
        ('dice', 'difficulty', 'target')
        """
        params = self.signature.parameters
        return tuple(n for n in self.parameters if params[n].default is params[n].empty)

    def takes(self, name: str) -> bool:
        """Whether the function takes keyword ``name``."""
        p = self.signature.parameters.get(name)
        return p is not None and p.kind not in (p.VAR_POSITIONAL, p.POSITIONAL_ONLY)

    @property
    def open_keywords(self) -> bool:
        """Whether the function takes ``**keywords`` (any name goes through)."""
        return any(p.kind == p.VAR_KEYWORD for p in self.signature.parameters.values())

    @property
    def monte_carlo(self) -> bool:
        """Whether the function simulates (takes ``rng``)."""
        return self.takes("rng")

    @property
    def methods(self) -> tuple[str, ...]:
        """How its cells can be answered."""
        if self.declared:
            return self.function.question.methods
        return ("montecarlo",) if self.monte_carlo else ("float", "exact")

    def method_for(self, method=None, *, trials=None, exact=None) -> str:
        """The method of a sweep's cells: ``method``, or Monte Carlo when ``trials`` is
        given, exact with ``exact=True``, else the question's default."""
        if self.declared:
            return self.function.question.method_of(method, exact, trials)
        if method is not None and method not in self.methods:
            raise refuse("method", "one of " + ", ".join(map(repr, self.methods)), method)
        if self.monte_carlo:
            return "montecarlo"
        if trials is not None:
            raise refuse(
                "trials",
                f"None for {self.name!r}",
                trials,
                why="an exact question computes each cell, it does not simulate",
            )
        return "exact" if exact else "float"

    @cached_property
    def rules_class(self):
        """The system's ``Rules`` class when the function takes ``rules=``, else None."""
        if not self.takes("rules"):
            return None
        module = importlib.import_module(self.call.partition(":")[0])
        cls = getattr(module, "Rules", None)
        return cls if dataclasses.is_dataclass(cls) else None

    @property
    def rule_fields(self) -> tuple[str, ...]:
        """Fields of the system's ``Rules`` a grid may set by name (folded into ``rules``)."""
        cls = self.rules_class
        if cls is None:
            return ()
        return tuple(f.name for f in dataclasses.fields(cls) if not self.takes(f.name))

    def check_parameter(self, name: str) -> None:
        """Refuse a grid parameter the question cannot take, naming the ones it can."""
        if not isinstance(name, str) or not name.isidentifier():
            raise refuse("grid parameter", "a parameter name", name, kind=True)
        if name in RESERVED:
            raise refuse(
                f"grid parameter {name!r}",
                "a parameter of the question",
                name,
                why=f"{name} is set for the whole sweep",
                instead=f"pass {name}= to sweep() (--{name.replace('_', '-')} on the command line)",
            )
        if name in self.parameters or name in self.rule_fields or self.open_keywords:
            return
        known = ", ".join(self.parameters + self.rule_fields)
        raise refuse(
            f"grid parameter of {self.name!r}",
            f"one of {known}",
            name,
            why=f"the parameters of {self.call.replace(':', '.')}",
        )

    def arguments(self, params: dict) -> dict:
        """The keyword arguments of one cell: participant lists expanded, rules folded."""
        kwargs = {}
        fields = {}
        for name, value in params.items():
            if name in self.lists:
                value = _as_list(value)
            if name in self.rule_fields:
                fields[name] = value
            else:
                kwargs[name] = value
        cls = self.rules_class
        if cls is not None and isinstance(kwargs.get("rules"), str):
            kwargs["rules"] = _preset(cls, kwargs["rules"])
        if fields:
            base = kwargs.get("rules")
            if base is None:
                base = self.signature.parameters["rules"].default
            if base is None or base is inspect.Parameter.empty:
                base = cls()
            kwargs["rules"] = dataclasses.replace(base, **fields)
        return kwargs


def _as_list(value) -> list:
    """A participant list from its grid value: 3 → [3], "3,3" → [3, 3]."""
    if isinstance(value, str):
        return [int(v) for v in value.split(",")]
    return [value]


def _preset(cls, name: str):
    preset = getattr(cls, "preset", None)
    if preset is None:
        raise refuse("rules", "a rule set (this system has no named presets)", name)
    return preset(name)


class _Questions(Mapping):
    """The sweepable questions by name: every registered system's declared questions (read
    from the registry on each look-up, so that a system registered later is there; a
    system's name alone is its first question), then those :func:`register` added."""

    def __init__(self):
        self.added: dict[str, Sweepable] = {}
        self._cache: tuple = (None, {})

    def _all(self) -> dict[str, Sweepable]:
        from ..registry import systems

        registered = systems()
        if self._cache[0] is not registered:
            found: dict[str, Sweepable] = {}
            for system in registered:
                if not system.declared:
                    continue  # its questions are not declared yet: its entries are added
                for i, q in enumerate(system.questions):
                    sw = declared(q)
                    if i == 0:
                        found[system.name] = dataclasses.replace(sw, name=system.name)
                    found[sw.name] = sw
            self._cache = (registered, found)
        return {**self._cache[1], **self.added}

    def __getitem__(self, name: str) -> Sweepable:
        return self._all()[name]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: The sweepable questions, by name (see :class:`_Questions`). :func:`register` adds one.
QUESTIONS = _Questions()


def register(q: Sweepable) -> Sweepable:
    """Add (or replace) a sweepable question; returns it.

    The function must be importable by name where cells run (a module on the
    workers' path), since cells travel as the question's name and path.
    """
    if not isinstance(q, Sweepable):
        raise refuse("question", "a Sweepable", q, kind=True)
    QUESTIONS.added[q.name] = q
    return q


def question(q) -> Sweepable:
    """The :class:`Sweepable` called ``q`` (a name), or ``q`` itself.

    Examples
    --------
    >>> question("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicestats.InputError: question must be one of ..., got 'chess'
    """
    if isinstance(q, Sweepable):
        return q
    if isinstance(q, str) and q in QUESTIONS:
        return QUESTIONS[q]
    raise refuse(
        "question",
        "one of " + ", ".join(repr(n) for n in QUESTIONS),
        q,
        kind=not isinstance(q, str),
    )


def run_cell(q: Sweepable, params: dict, settings: dict, executor=None) -> tuple[dict, list]:
    """Answer one cell: its flattened result and the result's field names, in order.

    ``settings`` holds ``trials``, ``rng`` (the cell's seed), ``exact`` and
    ``batch_size`` (None: not passed), and ``fields`` (None: every field but the
    question's ``skip``). ``executor`` (batch mode) is passed to a function that
    takes it, so the cell's batches run there.
    """
    kwargs = q.arguments(params)
    if settings["method"] == "montecarlo":
        kwargs["trials"] = settings["trials"]
        kwargs["rng"] = settings["rng"]
        if q.takes("progress"):
            kwargs["progress"] = False
        if settings.get("batch_size") is not None:
            kwargs["batch_size"] = settings["batch_size"]
    if q.declared:
        kwargs["method"] = settings["method"]
    elif settings.get("exact") is not None:
        kwargs["exact"] = settings["exact"]
    if executor is not None:
        kwargs["executor"] = executor
    result = q.function(**kwargs)
    bulky = {f.name for f in dataclasses.fields(result) if f.metadata.get("bulky")}
    skip = set(q.skip) | bulky | set(params)
    from .columns import flatten  # numpy: only when a cell runs

    row = flatten(result, fields=settings.get("fields"), skip=skip)
    return row, [f.name for f in dataclasses.fields(result) if f.metadata.get("export", True)]


def declared(q) -> Sweepable:
    """The :class:`Sweepable` of a declared question (a
    :class:`~dicestats.core.question.Question`), named ``"<system>.<question>"``."""
    from ..core.question import annotation_text

    lists = tuple(p.name for p in q.parameters if annotation_text(p.annotation).startswith("list"))
    return Sweepable(
        f"{q.system}.{q.name}",
        f"{q.package}:{q.name}",
        q.headline[0] if q.headline else "",
        q.summary,
        lists=lists,
        declared=True,
    )
