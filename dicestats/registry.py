"""The registry of dice systems: the one list the CLI, the booklet and the docs iterate.

A system is one package (``dicestats/<name>/``) plus one line in :data:`_SYSTEMS`.
Everything else is found by convention from its name:

==============================  ========================================================
``dicestats.<name>``            the system: its ``Rules``, ``LIMITS`` and API
``dicestats.<name>.questions``  its questions, each declared once
                                (:func:`dicestats.core.question.question`): the public
                                functions, their samples for the contract test
``dicestats.cli.<name>``        optional: ``register(subparsers)`` of its special
                                commands
``dicestats.report.<name>``     ``pages()``: the system's booklet pages
``dicestats.tables.<name>``     its table builders (``__all__``)
``dicestats.plots.<name>``      its charts (``__all__``)
``docs/rules/<name>.md``        the rules as implemented, with their sources
==============================  ========================================================

Examples
--------
>>> from dicestats import systems
>>> "storyteller" in [s.name for s in systems()]
True
>>> system("storyteller").questions[0].name
'pool'
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from .core.checks import refuse

__all__ = ["System", "systems", "system", "grown_question"]


@dataclass(frozen=True)
class System:
    """One registered dice system.

    Attributes
    ----------
    name : str
        The package name and CLI word: ``"fate"``.
    title : str
        How people call it: ``"Fate (FAE, 4dF)"``.
    summary : str
        What a designer can ask it (one line: the README's system table).
    doc : str, optional
        Its rules page, if not ``docs/rules/<name>.md`` (a path from the project's root,
        or absolute).
    booklet : bool, default True
        Whether the default booklet has its pages (the source systems'); any system's are
        there when asked for (``dicestats report --systems blades``).
    """

    name: str
    title: str
    summary: str
    doc: str = ""
    booklet: bool = True

    def _module(self, where: str, optional: bool = False):
        """``dicestats.<where><name>``; None for a missing optional one."""
        name = f"dicestats.{where}{self.name}"
        if optional and importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)

    @property
    def package(self):
        """The system's package (imported on first use)."""
        return self._module("")

    def pages(self) -> list:
        """Its booklet pages (:class:`dicestats.report.Page` objects): those of
        ``dicestats.report.<name>``, else a generic page of its questions' sample answers."""
        mod = self._module("report.", optional=True)
        if mod is None:
            from .report.generic import pages

            return pages(self)
        return mod.pages()

    @property
    def table_builders(self) -> dict[str, Callable]:
        """Its table builders by name (``dicestats.tables.<name>``; none without one)."""
        return _public_callables(self._module("tables.", optional=True))

    @property
    def charts(self) -> dict[str, Callable]:
        """Its chart functions by name (``dicestats.plots.<name>``; none without one)."""
        return _public_callables(self._module("plots.", optional=True))

    @property
    def questions(self) -> tuple:
        """Its questions: :class:`~dicestats.core.question.Question` declarations, in the
        order of ``dicestats.<name>.questions.__all__``, or of their definitions there
        (that module imports no numpy).
        """
        from .core.question import is_question

        mod = importlib.import_module(f"dicestats.{self.name}.questions")
        names = getattr(mod, "__all__", None) or list(vars(mod))  # defined order without one
        found = [getattr(mod, n) for n in names]
        return tuple(f.question for f in found if is_question(f) and f.__module__ == mod.__name__)

    @property
    def grown(self):
        """Its first question that grows (``grows``: the workbench's solve, worth, compare
        and lineup read it), or None."""
        return next((q for q in self.questions if q.grows), None)

    @property
    def rules_doc(self) -> str:
        """Where its rules are documented: ``docs/rules/<name>.md`` from the project's root
        (or the ``doc`` it was registered with)."""
        return self.doc or f"docs/rules/{self.name}.md"


def _public_callables(mod) -> dict[str, Callable]:
    if mod is None:
        return {}
    return {n: getattr(mod, n) for n in mod.__all__ if callable(getattr(mod, n))}


#: The registered systems, in the order the CLI, the booklet and the README show them.
#: Adding a system: write its package (see :mod:`dicestats.registry`), then add a line here.
_SYSTEMS = (
    System(
        "fate",
        "Fate (FAE, 4dF)",
        "outcome odds against a difficulty or an active opponent, contests, challenges, "
        "the optimal invoke policy (+2 or reroll), the Deck of Fate",
    ),
    System(
        "storyteller",
        "Storyteller d10 pools",
        "success / failure / botch and degrees for any pool and rule set, every "
        '"one more die is worse" anomaly, multiple, extended, resisted and team actions',
    ),
    System(
        "initiative",
        "d6 initiative",
        "who acts first, how many actions before the enemy answers, what preparation "
        "margins buy, how slow the defences are",
    ),
    System(
        "cod",
        "Chronicles of Darkness (2nd edition)",
        "success, exceptional success and dramatic failure of a d10 pool counting 8+ under "
        "10-, 9-, 8- or no again, rote actions, the chance die",
        booklet=False,
    ),
    System(
        "v5",
        "Vampire: the Masquerade 5th edition",
        "win, critical win, messy critical, bestial and total failure for any pool, "
        "Hunger and difficulty, with the successes and the margin",
        booklet=False,
    ),
    System(
        "shadowrun",
        "Shadowrun (5th edition; 4th as a flag)",
        "success, glitch and critical glitch for any pool and threshold, the hits, the Rule of Six",
        booklet=False,
    ),
    System(
        "yearzero",
        "Year Zero Engine",
        "success with and without a push, the attribute and gear damage a push costs, "
        "the successes counted, for any base, skill and gear dice",
        booklet=False,
    ),
    System(
        "exalted",
        "Exalted (2nd edition)",
        "success, failure and botch for any d10 pool and difficulty, 10s counting two "
        "or (damage) one, and the successes shown",
        booklet=False,
    ),
    System(
        "blades",
        "Blades in the Dark",
        "an action roll's critical, full, partial and bad outcomes for any pool, 0 dice included",
        booklet=False,
    ),
    System(
        "pbta",
        "Powered by the Apocalypse",
        "a move's miss, weak hit and strong hit for any stat, with advantage or "
        "disadvantage and the bands moved, and the total's distribution",
        booklet=False,
    ),
)


def systems() -> tuple[System, ...]:
    """The registered systems, in display order."""
    return _SYSTEMS


def system(name: str) -> System:
    """The registered system called ``name``.

    Examples
    --------
    >>> system("fate").title
    'Fate (FAE, 4dF)'
    >>> system("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicestats.InputError: system must be one of 'fate', ..., got 'chess'
    """
    for s in _SYSTEMS:
        if s.name == name:
            return s
    raise refuse("system", "one of " + ", ".join(repr(s.name) for s in _SYSTEMS), name)


def grown_question(question):
    """The declaration (:class:`~dicestats.core.question.Question`) of a question that
    grows (``grows``: the workbench reads it): a public function (``dicestats.cod.roll``)
    or a system's name (its :attr:`System.grown`).

    >>> grown_question("blades").name, grown_question("blades").grows
    ('roll', 'dice')
    """
    from .core.question import is_question

    if isinstance(question, str):
        grown = {s.name: s.grown for s in _SYSTEMS}
        if grown.get(question) is None:
            names = ", ".join(repr(name) for name, q in grown.items() if q is not None)
            raise refuse("question", f"a system whose questions grow: {names}", question)
        return grown[question]
    if is_question(question) and question.question.grows:
        return question.question
    allowed = "a system's name or a declared question that grows (dicestats.blades.roll)"
    raise refuse("question", allowed, question, kind=not is_question(question))
