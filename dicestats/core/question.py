"""A question, declared once: the public function and everything else come from it.

A *question* ("the odds of 6 dice at difficulty 7") is declared by :func:`question`
on a *setup* function, whose signature is the public one and whose body checks the
arguments; the declaration (:class:`Question`) says once how it is computed and how
it is simulated, into **the same result class**. From it come the public function
(``method="exact" | "float" | "montecarlo"``, or ``exact=True`` and ``trials=``), the
sweep's cells, the command line and the contract test. Forms named ``"module:name"``
are imported on the first answer, so a declaration imports no numpy. The functions
after :func:`is_question` read a declaration for the entry points.

Examples
--------
A coin question, declared and asked three ways:

>>> from dataclasses import dataclass
>>> from fractions import Fraction
>>> from dicestats.core.results import Result
>>> @dataclass(frozen=True)
... class Heads(Result):
...     coins: int
...     p_all: object
...     exact: bool
...     trials: int | None = None
>>> def _all_heads(coins, exact):
...     return Heads(coins, Fraction(1, 2**coins) if exact else 0.5**coins, exact)
>>> def _toss(coins):
...     return lambda rng, n: {"all": int((rng.integers(0, 2, (n, coins)) == 1).all(1).sum())}
>>> def _heads(coins, totals):
...     return Heads(coins, totals.proportion("all"), False, totals.trials)
>>> @question(result=Heads, compute=_all_heads, batch=_toss, reduce=_heads, headline="p_all")
... def heads(coins: int = 2):
...     '''The chance that every coin shows heads.'''
...     return coins
>>> heads(3).p_all, heads(3, exact=True).p_all
(0.125, Fraction(1, 8))
>>> r = heads(3, trials=4000, rng=1)
>>> r.trials, abs(r.p_all.value - 0.125) < 4.5 * r.p_all.stderr
(4000, True)
>>> heads(3, method="chess")
Traceback (most recent call last):
...
dicestats.InputError: method must be one of 'float', 'exact', 'montecarlo', got 'chess'
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace

from .checks import check_bool, described, refuse

__all__ = [
    "Question",
    "Sample",
    "Setup",
    "question",
    "annotation_text",
    "sampled",
    "HOW",
    "is_question",
    "chance_words",
    "setting_words",
    "parameter_docs",
    "documented",
    "unmarked",
    "doc_choices",
    "option",
    "rules_class",
    "rules_presets",
    "rules_from",
]

#: The keywords that say how (keyword-only on every question; never a setup parameter).
HOW = ("method", "exact", "trials", "rng", "workers", "executor", "progress", "batch_size")
_MONTE_CARLO = HOW[2:]

_HOW_DOC = {
    "method": (
        "method : {{{methods}}}, optional\n"
        "    How the answer is computed (default ``{default!r}``): {words}."
    ),
    "exact": (
        "exact : bool, optional\n"
        "    ``exact=True`` is ``method='exact'``; ``False``, ``'float'`` (or Monte Carlo)."
    ),
    "trials": (
        "trials, rng, workers, executor, progress, batch_size : optional\n"
        "    Monte Carlo: the number of trials (giving it, or ``rng``, chooses Monte Carlo),\n"
        "    the seed (anything ``numpy.random.default_rng`` takes), local worker processes\n"
        "    or any ``concurrent.futures.Executor``, a progress bar, trials per batch. The\n"
        "    same seed gives the same bytes for any workers or executor."
    ),
}
_WORDS = {
    "float": "floats",
    "exact": "exact Fractions",
    "montecarlo": "Monte Carlo estimates with 95% intervals",
}


@dataclass(frozen=True)
class Sample:
    """A sample call of a question: what the contract test (and the docs) ask of it.

    Attributes
    ----------
    name : str
        A short label (``"5 dice at 7"``).
    args, kwargs : tuple, dict
        The arguments, without the method keywords.
    bad : tuple of dict
        Argument overrides (merged into ``kwargs``), each of which must be
        refused with :class:`~dicestats.InputError` in one line naming it.
    trials : int
        Trials for the Monte Carlo check (small: the test suite runs it).
    """

    name: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    bad: tuple = ()
    trials: int = 20_000


class Setup(SimpleNamespace):
    """A question's checked arguments: an immutable namespace (``Setup(dice=3).dice``).

    >>> s = Setup(dice=3)
    >>> s.dice = 4
    Traceback (most recent call last):
    ...
    AttributeError: a Setup is immutable: make another (Setup(**vars(s), ...))
    """

    def __setattr__(self, name, value):
        raise AttributeError("a Setup is immutable: make another (Setup(**vars(s), ...))")


def _resolve(ref, package: str, optional: bool = False):
    """An object from a reference: itself, or ``"module:name"`` relative to ``package``
    (``None`` for a missing optional one)."""
    if ref is None or not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    mod = importlib.import_module("." + module, package)
    return getattr(mod, name, None) if optional else getattr(mod, name)


@dataclass(frozen=True, eq=False)
class Question:
    """One question of a dice system, declared once (see the module's docstring).

    Attributes
    ----------
    name : str
        Its name: the public function's, the command's (``_`` as ``-``).
    setup : callable
        The parameters: its signature is the public one (a keyword named like a
        method keyword, ``method`` or ``batch_size``, if it takes one, receives
        that keyword and is not shown); its body checks the arguments and
        returns the setup the forms below take.
    result : type or str
        The result class, whichever method (a :class:`~.results.Result`), or
        ``"module:Name"``.
    compute : callable or str, optional
        ``compute(setup, exact: bool) -> result``: exact Fractions or floats.
    batch, reduce : callable or str, optional
        The Monte Carlo form: ``batch(setup)`` → a batch function
        ``fn(rng, n) -> dict of sums``; ``reduce(setup, totals) -> result``.
    batch_size : callable or str, optional
        ``batch_size(setup) -> int``: trials per batch by default (memory).
    headline : tuple of str
        The result fields it answers first (the first: a sweep's heatmap, unless the
        question declares ``wishes``).
    default : str
        The method when none is asked for.
    samples : tuple of Sample
        Sample calls for the contract test.
    command : str
        A short top-level command of the command line (``"pool"``), if any
        (the question is always ``dicestats <system> <question>``).
    chart : str
        ``"module:function"`` of :mod:`dicestats.plots` drawing its result
        (``--plot FILE``), if any.
    command_default : str
        The method its command answers by when none is asked for, where it differs
        from ``default`` (``"montecarlo"``: a command line takes any setup, and an
        exact answer may be too big to enumerate).
    grows : str
        The integer parameter a designer grows to reach a wish (``"dice"``; PbtA's
        ``"stat"``), its range the system's ``LIMITS``: the workbench's ``solve``,
        ``worth`` (in that currency) and ``compare`` read it. Empty: not solvable.
    wishes : tuple of str
        The result's probability fields a wish may name; the first is the system's
        success as read across families (``p_success``; V5's ``p_win``): what ``solve``
        aims at and a sweep's heatmap shows by default.
    counts : str
        The result field holding the distribution of what the roll counts (a
        :class:`~.dist.Dist` of successes, hits ...; ``{k: Estimate}`` when
        simulated): a cross-family comparison shows it side by side. Empty: none.
    tail : str
        The result field naming the outcome of ``counts`` that holds "it or more" when
        the count has no bound and is kept to a cap (CoD's ``cap``, above the last outcome
        where its count is bounded; the Rule of Six's ``hits_tail``, None without it):
        the workbench compares two such counts up to the lower cap. Empty: never capped.
    """

    name: str
    setup: Callable
    result: type | str
    compute: Callable | str | None = None
    batch: Callable | str | None = None
    reduce: Callable | str | None = None
    batch_size: Callable | str | None = None
    headline: tuple = ()
    default: str = ""
    samples: tuple = ()
    command: str = ""
    chart: str = ""
    command_default: str = ""
    grows: str = ""
    wishes: tuple = ()
    counts: str = ""
    tail: str = ""

    def __post_init__(self):
        for what in ("headline", "wishes"):
            if isinstance(getattr(self, what), str):
                object.__setattr__(self, what, (getattr(self, what),))
        if self.grows and not self.wishes:
            raise TypeError(f"question {self.name}: grows {self.grows!r} without wishes")
        if (self.batch is None) != (self.reduce is None):
            raise TypeError(f"question {self.name}: batch and reduce go together")
        if self.compute is None and self.batch is None:
            raise TypeError(f"question {self.name}: neither compute nor batch")
        object.__setattr__(self, "default", self.default or self.methods[0])
        object.__setattr__(self, "command_default", self.command_default or self.default)
        for what in ("default", "command_default"):
            if getattr(self, what) not in self.methods:
                raise TypeError(
                    f"question {self.name}: {what} {getattr(self, what)!r} not a method"
                )

    # ------------------------------------------------------------------ what it is
    @property
    def package(self) -> str:
        """The package that declared it (``dicestats.storyteller``)."""
        module = self.setup.__module__
        is_package = hasattr(sys.modules.get(module), "__path__")
        return module if is_package else module.rpartition(".")[0]

    @property
    def system(self) -> str:
        """The system's name: the last part of :attr:`package` (``storyteller``)."""
        return self.package.rpartition(".")[2]

    @property
    def methods(self) -> tuple[str, ...]:
        """The methods it has: ``float`` and ``exact`` (computed), ``montecarlo``."""
        out = ("float", "exact") if self.compute is not None else ()
        return out + (("montecarlo",) if self.batch is not None else ())

    @property
    def chances(self) -> tuple[str, ...]:
        """The probabilities a table or comparison of it shows: its ``wishes``, then its
        ``headline``'s other ``p_*`` fields."""
        return tuple(
            dict.fromkeys([*self.wishes, *(h for h in self.headline if h.startswith("p_"))])
        )

    @property
    def monte_carlo(self) -> bool:
        """Whether it has a Monte Carlo form."""
        return self.batch is not None

    @property
    def computed(self) -> bool:
        """Whether it has an exact (and float) form."""
        return self.compute is not None

    @functools.cached_property
    def _setup_signature(self) -> inspect.Signature:
        return inspect.signature(self.setup)

    @property
    def receives(self) -> tuple[str, ...]:
        """The method keywords its setup takes, to check limits that depend on them
        (``method``; ``batch_size``: a batch's memory). Never public parameters."""
        return tuple(n for n in self._setup_signature.parameters if n in HOW)

    @property
    def parameters(self) -> tuple[inspect.Parameter, ...]:
        """Its own parameters, in order (the method keywords left out)."""
        return tuple(p for n, p in self._setup_signature.parameters.items() if n not in HOW)

    @property
    def how(self) -> tuple[str, ...]:
        """The method keywords it takes."""
        out = ["method"]
        if self.computed:
            out.append("exact")
        if self.monte_carlo:
            out += _MONTE_CARLO
        return tuple(out)

    @property
    def summary(self) -> str:
        """The first line of its docstring."""
        return (inspect.getdoc(self.setup) or "").strip().split("\n", 1)[0]

    @property
    def signature(self) -> inspect.Signature:
        """The public signature: its parameters, then the method keywords (keyword-only)."""
        kw = inspect.Parameter.KEYWORD_ONLY
        defaults = {"method": None, "exact": None, "trials": None, "rng": None}
        extra = [inspect.Parameter(n, kw, default=defaults.get(n)) for n in self.how]
        result = self.result if isinstance(self.result, str) else self.result.__name__
        return self._setup_signature.replace(
            parameters=[*self.parameters, *extra], return_annotation=result.rpartition(":")[2]
        )

    @property
    def result_class(self) -> type:
        """The result class (imported on first use)."""
        return _resolve(self.result, self.package)

    # ------------------------------------------------------------------ answering
    def method_of(self, method=None, exact=None, trials=None, rng=None, **monte_carlo) -> str:
        """The method a call asks for, its keywords checked against each other.

        ``exact=True`` is ``method="exact"``; ``trials``, ``rng`` or another
        Monte Carlo keyword chooses Monte Carlo when no method is named;
        ``exact=False`` is floats, or Monte Carlo with those keywords.
        """
        if method is not None and method not in self.methods:
            raise refuse("method", "one of " + ", ".join(map(repr, self.methods)), method)
        simulated = {"trials": trials, "rng": rng, **monte_carlo}
        simulated = {k: v for k, v in simulated.items() if v is not None}
        if exact is not None:
            check_bool("exact", exact)
            if exact and not self.computed:
                only = " or ".join(_WORDS[m] for m in self.methods)
                why = f"{self.name} is answered by {only} only"
                raise refuse("exact", "False or omitted", exact, why=why)
            wanted = (
                "exact" if exact else ("montecarlo" if simulated or not self.computed else "float")
            )
            if wanted not in self.methods or method not in (None, wanted):
                raise refuse("exact", f"{not exact} or omitted with method={method!r}", exact)
            method = wanted
        if method is None:
            method = "montecarlo" if simulated and self.monte_carlo else self.default
        if method != "montecarlo" and simulated:
            name, value = next(iter(simulated.items()))
            why = f"it sets up Monte Carlo, and this answer is {_WORDS[method]}"
            if not self.monte_carlo:
                why = f"{self.name} has no Monte Carlo form"
            shown = value if name == "trials" else described("given")
            raise refuse(name, "omitted", shown, why=why)
        return method

    def answer(self, *args, **kwargs):
        """The answer to one call of the public function (its arguments as given)."""
        how = {k: kwargs.pop(k) for k in HOW if k in kwargs}
        method = self.method_of(**how)
        for name in self.receives:
            kwargs[name] = method if name == "method" else how.get(name)
        setup = self.setup(*args, **kwargs)
        if method == "montecarlo":
            return self.simulate(setup, how)
        return _resolve(self.compute, self.package)(setup, method == "exact")

    def simulate(self, setup, how: dict):
        """The Monte Carlo answer for a checked setup; ``how``: the engine's keywords given
        (``trials``, ``rng``, ``workers``, ``executor``, ``progress``, ``batch_size``)."""
        from . import montecarlo as mc

        trials, workers, batch_size = how.get("trials"), how.get("workers"), how.get("batch_size")
        if batch_size is None:
            size = _resolve(self.batch_size, self.package, optional=True)
            batch_size = size(setup) if size is not None else mc.DEFAULT_BATCH
        totals = mc.run(
            _resolve(self.batch, self.package)(setup),
            trials=mc.DEFAULT_TRIALS if trials is None else trials,
            rng=how.get("rng"),
            batch_size=batch_size,
            workers=1 if workers is None else workers,
            executor=how.get("executor"),
            progress=how.get("progress"),
            desc=self.name.replace("_", " "),
        )
        return _resolve(self.reduce, self.package)(setup, totals)

    # ------------------------------------------------------------------ the function
    @functools.cached_property
    def function(self) -> Callable:
        """The public function: the setup's name, signature and docstring, any method."""
        q = self

        @functools.wraps(self.setup, assigned=("__module__", "__name__", "__qualname__"))
        def answer(*args, **kwargs):
            return q.answer(*args, **kwargs)

        answer.__signature__ = self.signature
        answer.__doc__ = self._doc()
        answer.question = self
        return answer

    def _doc(self) -> str:
        doc = inspect.getdoc(self.setup) or self.summary
        words = dict(methods=", ".join(map(repr, self.methods)), default=self.default)
        words["words"] = ", ".join(_WORDS[m] for m in self.methods)
        block = "\n".join(_HOW_DOC[k].format(**words) for k in _HOW_DOC if k in self.how)
        sections = list(re.finditer(r"^(\w[\w ]*)\n-{3,}$", doc, re.M))
        params = next((m for m in sections if m.group(1) == "Parameters"), None)
        if params is not None:
            later = [m for m in sections if m.start() > params.start()]
            at = later[0].start() if later else len(doc)
            return doc[:at].rstrip("\n") + "\n" + block + "\n\n" + doc[at:]
        first = sections[0].start() if sections else len(doc)
        head, tail = doc[:first].rstrip("\n"), doc[first:]
        return f"{head}\n\nParameters\n----------\n{block}\n\n{tail}".rstrip() + "\n"


def question(*, name: str | None = None, montecarlo: str | None = None, **declared):
    """Declare a question on its setup function; returns the public function.

    The decorated function's signature and docstring are the question's; it
    checks the arguments and returns a setup. The keywords are :class:`Question`'s
    fields. A reference that names a module only (``compute="pools"``)
    means that module's ``compute_<name>``; ``montecarlo="simulation"`` means
    its ``batch_<name>``, ``reduce_<name>`` and (if defined)
    ``batch_size_<name>``. The function returned has the attribute ``question``.
    """

    def declare(setup: Callable) -> Callable:
        qname = name or setup.__name__
        forms = dict(declared)
        if montecarlo:
            forms.update(batch=montecarlo, reduce=montecarlo, batch_size=montecarlo)
        for kind in ("compute", "batch", "reduce", "batch_size"):  # a module alone
            value = forms.get(kind)
            if isinstance(value, str) and ":" not in value:
                forms[kind] = f"{value}:{kind}_{qname}"
        forms["samples"] = tuple(forms.get("samples", ()))
        return Question(qname, setup, **forms).function

    return declare


def annotation_text(annotation) -> str:
    """A parameter's annotation as text, whether the module postpones annotations or not:
    ``int`` → ``"int"``, ``list[int]`` → ``"list[int]"``; ``""`` for none.

    >>> annotation_text(int), annotation_text(list[int]), annotation_text("int | str")
    ('int', 'list[int]', 'int | str')
    """
    if annotation is inspect.Parameter.empty or annotation is None:
        return ""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation).replace("typing.", "")


def sampled(*samples: Sample):
    """Attach sample calls to a function that is not a system's question (the workbench's
    solvers): ``fn.samples``, asked by its contract test as a question's samples are.

    >>> @sampled(Sample("two", (2,)))
    ... def double(x, *, exact=False):
    ...     return 2 * x
    >>> double.samples[0].args
    (2,)
    """

    def attach(fn):
        fn.samples = tuple(samples)
        return fn

    return attach


def chance_words(field: str) -> str:
    """A result's probability field in words: ``p_success`` → ``P(success)``.

    >>> chance_words("p_partial_or_better"), chance_words("p_win")
    ('P(partial or better)', 'P(win)')
    """
    return f"P({field.removeprefix('p_').replace('_', ' ')})"


def setting_words(q, setting: dict) -> str:
    """A question's arguments in words, the rules in their own (``Rules.describe()``).

    >>> from dicestats import blades
    >>> setting_words(blades.roll.question, {"dice": 3, "rules": blades.Rules(critical=False)})
    'dice 3; 0 dice: lowest of 2d6; two 6s: full success'
    """
    parts, rules = [], None
    for name, value in setting.items():
        if name == "rules":
            rules = value
        else:
            parts.append(f"{name.replace('_', ' ')} {value}")
    text = ", ".join(parts)
    if rules is not None and hasattr(rules, "describe"):
        text += ("; " if text else "") + rules.describe()
    return text


#: How many values of a question's grown parameter a table or a comparison shows by default.
DEFAULT_COUNT = 10


def default_values(q) -> range:
    """Ten values of ``q``'s grown parameter (``q.grows``, checked by its system's
    ``LIMITS``): a pool's 1..10, a signed one's (a stat) from its first sample's value
    less five, within the limit.

    >>> from dicestats import blades, pbta
    >>> default_values(blades.roll.question), default_values(pbta.roll.question)
    (range(1, 11), range(-3, 7))
    """
    lim = importlib.import_module(q.package).LIMITS[q.grows]
    start = max(lim.lo, 1)
    if lim.lo < 0 and q.samples:
        sample = q.samples[0]
        names = [p.name for p in q.parameters]
        at = dict(zip(names, sample.args, strict=False)).get(q.grows, sample.kwargs.get(q.grows))
        start = max(lim.lo, (at if isinstance(at, int) else 0) - 5)
    return range(start, min(lim.hi, start + DEFAULT_COUNT - 1) + 1)


def is_question(obj) -> bool:
    """Whether ``obj`` is a public function made by :func:`question`."""
    return isinstance(getattr(obj, "question", None), Question)


# --------------------------------------------------------------------------- reading a declaration
def parameter_docs(doc: str | None) -> dict[str, tuple[str, str]]:
    """``{name: (type, text)}`` of a numpydoc ``Parameters`` section (names listed together,
    ``a, b : int``, share their entry).

    >>> parameter_docs('''Roll.
    ...
    ... Parameters
    ... ----------
    ... dice, difficulty : int
    ...     The pool and the difficulty.
    ... on_botch : {"resets", "ends"}
    ...     What a botch does.
    ... ''')["on_botch"]
    ('{"resets", "ends"}', 'What a botch does.')
    """
    text = inspect.cleandoc(doc or "")
    m = re.search(r"^Parameters\n-+\n(.*?)(?=^\w[\w ]*\n-{3,}$|\Z)", text, re.S | re.M)
    if not m:
        return {}
    out: dict = {}
    names, lines = [], []

    def flush():
        for n in names:
            out[n] = (kind, " ".join(" ".join(lines).split()))

    kind = ""
    for line in m.group(1).splitlines():
        if line and not line[0].isspace():
            flush()
            head, _, kind = line.partition(" : ")
            names, lines = [n.strip() for n in head.split(",")], []
            kind = kind.strip()
        elif line.strip():
            lines.append(line.strip())
    flush()
    return out


def documented(fn, seen: tuple = ()) -> dict[str, tuple[str, str]]:
    """:func:`parameter_docs` of ``fn``, an entry that reads "As in :func:`other`" taking
    the text (and the type, where it gives none) of ``other``'s entry of that name, a
    function of the same module."""
    docs = parameter_docs(fn.__doc__)
    module = sys.modules.get(fn.__module__)
    for name, (kind, text) in list(docs.items()):
        m = re.match(r"As in :func:`~?(?:[\w.]+\.)?(\w+)`", text)
        other = getattr(module, m.group(1), None) if m else None
        if other is not None and other not in seen:
            ref = documented(other, (*seen, fn)).get(name)
            if ref is not None:
                docs[name] = (kind or ref[0], ref[1])
    return docs


def unmarked(text: str) -> str:
    """Docstring text without its reST markup, as a terminal or a page shows it.

    >>> unmarked("Spend ``invokes`` as :func:`~dicestats.fate.invoke_policy` says.")
    'Spend invokes as invoke_policy says.'
    """
    return re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"\1", text).replace("``", "")


def doc_choices(kind: str) -> tuple[str, ...]:
    """The words a numpydoc type lists in braces (its default after them is not one more).

    >>> doc_choices('{"revised", "first"}, default "revised"'), doc_choices("int")
    (('revised', 'first'), ())
    """
    m = re.match(r"\s*\{([^}]*)\}", kind)
    return tuple(re.findall(r'"([^"]+)"', m.group(1))) if m else ()


def option(name: str) -> str:
    """The command-line option of a parameter: ``--name`` (``_`` as ``-``), ``versus`` as
    ``--vs``.

    >>> option("versus_difficulty"), option("on_botch")
    ('--vs-difficulty', '--on-botch')
    """
    if name == "versus" or name.startswith("versus_"):
        name = "vs" + name[len("versus") :]
    return "--" + name.replace("_", "-")


def rules_class(q: Question):
    """The system's ``Rules`` class (``<package>.rules.Rules``) when question ``q`` takes
    ``rules=``, else None."""
    if not any(p.name == "rules" for p in q.parameters):
        return None
    return getattr(importlib.import_module(q.package + ".rules"), "Rules", None)


def rules_presets(cls) -> tuple[str, ...]:
    """The names of a ``Rules`` class's presets (its module's ``PRESETS``, when the class has
    ``preset()``), else ``()``."""
    module = importlib.import_module(cls.__module__)
    presets = getattr(module, "PRESETS", None)
    return tuple(presets) if presets is not None and hasattr(cls, "preset") else ()


def rules_from(args, cls, *, prefix: str = "", skip=()):
    """The rule set that ``args`` (any object with attributes: parsed options, say) gives:
    the preset ``args.<prefix>preset`` (or ``cls()``), then every field whose
    ``args.<prefix><field>`` is not None (``prefix`` ``"vs-"`` reads ``vs_preset``, ...);
    ``skip``: the fields that have no flag (a parameter of the question of that name)."""
    p = prefix.replace("-", "_")
    preset = getattr(args, f"{p}preset", None)
    base = cls.preset(preset) if preset else cls()
    changes = {
        f.name: getattr(args, f"{p}{f.name}")
        for f in dataclasses.fields(cls)
        if f.name not in skip and getattr(args, f"{p}{f.name}", None) is not None
    }
    replace = getattr(base, "replace", None)
    return replace(**changes) if replace else dataclasses.replace(base, **changes)
