"""The questions a sweep asks: every question a system declares, and those :func:`register` adds.

Everything is read from the declaration (:mod:`dicestats.core.question`): the parameters,
the participant lists (parameters annotated as lists), the headline a heatmap shows, the
``bulky`` fields a frame leaves out. A grid may also set a field of the system's ``Rules``
(``ten_again``): it is folded into ``rules=`` (:meth:`Sweepable.arguments`).

Examples
--------
>>> q = question("initiative")
>>> q.call, q.question.methods, q.headline
('dicestats.initiative:odds', ('float', 'exact', 'montecarlo'), 'p_first')
>>> "pips" in q.parameters
True
>>> question("fate").monte_carlo
False
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ..core.checks import refuse
from ..core.question import HOW, annotation_text, rules_class


@dataclass(frozen=True)
class Sweepable:
    """A declared question under the name a sweep (and ``dicestats sweep``) calls it.

    Attributes
    ----------
    name : str
        ``"initiative"``, ``"storyteller.extended"``.
    call : str
        ``"module:function"``: the question's public function, imported again where a
        cell runs (cells travel to worker processes as this name and path).
    """

    name: str
    call: str

    def __getstate__(self):  # the cached function is imported again where the cell runs
        return {"name": self.name, "call": self.call}

    def __setstate__(self, state):
        for k, v in state.items():
            object.__setattr__(self, k, v)

    @cached_property
    def function(self):
        """The public function (imported on first use)."""
        module, _, name = self.call.partition(":")
        return getattr(importlib.import_module(module), name)

    @property
    def question(self):
        """The :class:`~dicestats.core.question.Question` declared."""
        return self.function.question

    @property
    def headline(self) -> str:
        """The result field a heatmap of the sweep shows by default: the chance a wish
        names first (the one ``solve`` aims at), else the question's first headline field
        (Blades: ``p_success``, a 6 read, not ``p_critical``, the first of its ladder)."""
        q = self.question
        return (q.wishes or q.headline or ("",))[0]

    @property
    def monte_carlo(self) -> bool:
        return self.question.monte_carlo

    @cached_property
    def signature(self) -> inspect.Signature:
        return inspect.signature(self.function)

    @property
    def parameters(self) -> tuple[str, ...]:
        """The parameters a grid may set (the method keywords are the sweep's own)."""
        return tuple(p.name for p in self.question.parameters)

    @property
    def lists(self) -> tuple[str, ...]:
        """The parameters taking one integer per participant (annotated as a list): a grid
        value that is an int means a list of one."""
        params = self.question.parameters
        return tuple(p.name for p in params if annotation_text(p.annotation).startswith("list"))

    @property
    def required(self) -> tuple[str, ...]:
        """The grid parameters every sweep must give: the function's without a default.

        >>> question("storyteller.extended").required
        ('dice', 'difficulty', 'target')
        """
        return tuple(p.name for p in self.question.parameters if p.default is p.empty)

    @cached_property
    def rules_class(self):
        """The system's ``Rules`` class when the question takes ``rules=``, else None."""
        return rules_class(self.question)

    @property
    def rule_fields(self) -> tuple[str, ...]:
        """Fields of the system's ``Rules`` a grid may set by name (folded into ``rules``)."""
        cls = self.rules_class
        fields = dataclasses.fields(cls) if cls is not None else ()
        return tuple(f.name for f in fields if f.name not in self.parameters)

    def check_parameter(self, name: str) -> None:
        """Refuse a grid parameter the question cannot take, naming the ones it can."""
        if not isinstance(name, str) or not name.isidentifier():
            raise refuse("grid parameter", "a parameter name", name, kind=True)
        if name in HOW:
            raise refuse(
                f"grid parameter {name!r}",
                "a parameter of the question",
                name,
                why=f"{name} is set for the whole sweep",
                instead=f"pass {name}= to sweep() (--{name.replace('_', '-')} on the command line)",
            )
        if name not in self.parameters + self.rule_fields:
            raise refuse(
                f"grid parameter of {self.name!r}",
                f"one of {', '.join(self.parameters + self.rule_fields)}",
                name,
                why=f"the parameters of {self.call.replace(':', '.')}",
            )

    def arguments(self, params: dict) -> dict:
        """The keyword arguments of one cell: participant lists expanded, rule fields folded
        into ``rules`` (the preset a ``rules`` grid value names, or the default rules)."""
        kwargs, fields = {}, {}
        for name, value in params.items():
            if name in self.lists:  # 3 → [3], "3,3" → [3, 3]
                value = [int(v) for v in value.split(",")] if isinstance(value, str) else [value]
            (fields if name in self.rule_fields else kwargs)[name] = value
        cls = self.rules_class
        if cls is not None and isinstance(kwargs.get("rules"), str):
            if getattr(cls, "preset", None) is None:
                raise refuse(
                    "rules", "a rule set (this system has no named presets)", kwargs["rules"]
                )
            kwargs["rules"] = cls.preset(kwargs["rules"])
        if fields:
            base = kwargs.get("rules", self.signature.parameters["rules"].default)
            base = cls() if base is None or base is inspect.Parameter.empty else base
            kwargs["rules"] = dataclasses.replace(base, **fields)
        return kwargs


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
                for i, q in enumerate(system.questions):
                    call = f"{q.package}:{q.name}"
                    if i == 0:
                        found[system.name] = Sweepable(system.name, call)
                    found[f"{q.system}.{q.name}"] = Sweepable(f"{q.system}.{q.name}", call)
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


def register(function, name: str | None = None) -> Sweepable:
    """Add (or replace) a question a sweep asks by ``name`` (default: the question's);
    returns it.

    ``function`` is a declared question's public function
    (:func:`dicestats.core.question.question`), importable by name where cells run (a
    module on the workers' path), since cells travel as the question's name and path.
    """
    q = getattr(function, "question", None)
    if q is None:
        raise refuse("question", "a declared question's function", function, kind=True)
    sw = Sweepable(name or q.name, f"{function.__module__}:{function.__name__}")
    QUESTIONS.added[sw.name] = sw
    return sw


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
