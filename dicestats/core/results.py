"""One result convention for every system: a frozen dataclass derived from :class:`Result`.

The same question answered exactly or by Monte Carlo returns the same class: an exact
value is a :class:`~fractions.Fraction`, an estimate an :class:`Estimate` with its
interval. Fractions become ``"p/q"`` strings only at the JSON boundary (:func:`jsonable`).

Examples
--------
>>> from dataclasses import dataclass
>>> from fractions import Fraction
>>> @dataclass(frozen=True)
... class Coin(Result):
...     p_heads: object
...     exact: bool
>>> Coin(Fraction(1, 2), True).as_dict()
{'p_heads': Fraction(1, 2), 'exact': True}
>>> print(Coin(Fraction(1, 2), True).to_json(indent=None))
{"p_heads": "1/2", "exact": true}
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from statistics import NormalDist

__all__ = ["Result", "Estimate", "View", "Table", "Lines", "plain", "jsonable", "z_value"]


def plain(x):
    """``x`` as plain Python data: results and distributions become dicts.

    Fractions, ints, floats, strings and bools are kept; numpy scalars and
    arrays become Python numbers and lists; a :class:`Result` (or any frozen
    dataclass) becomes its ``as_dict()``; a ``Dist`` becomes
    ``{outcome: probability}``.

    Examples
    --------
    >>> from dicestats import Dist
    >>> import numpy as np
    >>> plain({"d": Dist.die(2, exact=True), "n": np.int64(3)})
    {'d': {1: Fraction(1, 2), 2: Fraction(1, 2)}, 'n': 3}
    """
    if isinstance(x, Result):
        return x.as_dict()
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    np = sys.modules.get("numpy")  # no numpy imported: x is no numpy object (keeps CLI start fast)
    if np is not None and isinstance(x, np.generic):  # before float: np.float64 is a float
        return x.item()
    if isinstance(x, (bool, str, int, float, Fraction)) or x is None:
        return x
    if np is not None and isinstance(x, np.ndarray):
        return [plain(v) for v in x.tolist()]
    if hasattr(x, "items") and hasattr(x, "probabilities") and hasattr(x, "support"):  # a Dist
        return {int(k): plain(v) for k, v in x.items()}
    if isinstance(x, Mapping):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [plain(v) for v in x]
    return x


def jsonable(x):
    """``x`` ready for :func:`json.dumps`: the JSON boundary.

    Like :func:`plain`, then Fractions become ``"p/q"`` strings, dict keys
    become strings and non-finite floats become ``None``.

    Examples
    --------
    >>> jsonable({1: Fraction(1, 3), "x": float("nan")})
    {'1': '1/3', 'x': None}
    """
    x = plain(x)
    if isinstance(x, Fraction):
        # Decimal, not str(): Python refuses str() of an int over 4,300 digits, and an
        # exact Deck of Fate session has longer denominators (Decimal(int) is exact).
        return f"{Decimal(x.numerator)}/{Decimal(x.denominator)}"
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [jsonable(v) for v in x]
    return x


def _shown_field(value, shown) -> str:
    try:
        return repr(value)
    except ValueError:  # a number of more than 4,300 digits
        return shown(value, width=60)


@dataclass(frozen=True)
class Result:
    """Base class of every result: a frozen dataclass with generated exports.

    A field declared with ``field(metadata={"export": False})`` is left out
    of :meth:`as_dict` (for bulky internals a user can still read).
    """

    def __str__(self) -> str:
        """Its repr; when a number inside is too long for ``repr`` (Python refuses ``str()``
        of an int over 4,300 digits), the same with each field shown as refusals show
        values (:func:`~dicestats.core.checks.shown`: leading digits and the length)."""
        try:
            return repr(self)
        except ValueError:
            from .checks import shown

            fields = (f for f in dataclasses.fields(self) if f.repr)
            parts = ", ".join(
                f"{f.name}={_shown_field(getattr(self, f.name), shown)}" for f in fields
            )
            return f"{type(self).__name__}({parts})"

    def as_dict(self) -> dict:
        """The fields as plain Python data (Fractions kept; see :func:`plain`)."""
        return {
            f.name: plain(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.metadata.get("export", True)
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The result as JSON: Fractions as ``"p/q"`` strings (see :func:`jsonable`)."""
        return json.dumps(jsonable(self), indent=indent, ensure_ascii=False)

    def view(self) -> View:
        """What a person reads of this result: a :class:`View` (data, not text).

        :func:`dicestats.format.view_text` renders it (the command line prints
        it). This default shows the probabilities (``p_*``) and expected values
        (``mean_*``) under the class's name; a result class overrides it with
        the tables and words of its question.
        """
        rows = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name.startswith(("p_", "mean_")) and not isinstance(value, (dict, list, tuple)):
                kind = "p" if f.name.startswith("p_") else "mean"
                rows.append((f.name.removeprefix("p_").replace("_", " "), value, kind))
        words = "".join(f" {c.lower()}" if c.isupper() else c for c in type(self).__name__)
        return View(words.strip(), (Lines(tuple(rows)),))


@dataclass(frozen=True)
class Table:
    """A table of a :class:`View`: a header and rows of cells.

    A cell is a string (shown as it is) or a number shown by its column's kind
    (``kinds``, one per column): ``"p"`` a probability (``43.21%``), ``"rare"``
    a rare one (``1 in 420,000``), ``"mean"`` an expected value (``2.4562``;
    ``"mean3"``: ``2.456``), ``"signed"`` (``+1.0000``; ``"signed2"``: ``+1.00``),
    ``"n"`` a plain number; an :class:`Estimate` shows its value and standard
    error; ``"estimate"`` is a probability whose estimate shows its whole interval
    (``74.7% ± 0.1% (95% CI 74.4–75.0%, n=100,000)``). With
    exact answers asked for, a table with one numeric column gets an ``exact``
    column (``p/q``); ``exact_of`` a tuple of columns gets one ``<column> exact``
    column each.
    """

    header: tuple
    rows: tuple
    kinds: tuple = ()
    #: The column whose exact values an ``exact`` column shows: ``"auto"`` (the one
    #: numeric column, if there is one), an index, a tuple of indices, or None (no exact
    #: column).
    exact_of: int | str | None = "auto"
    #: A line printed right under the table (what it leaves out, say).
    note: str | None = None
    #: The kind of each row's numeric cells, where rows differ (overrides ``kinds``).
    row_kinds: tuple = ()
    #: A line printed right above the table (what it shows, when the view has several).
    title: str | None = None

    @classmethod
    def distribution(cls, header: str, dist, label=str, least: float | None = None) -> Table:
        """A distribution as a table: ``value, P(=), P(>=)`` rows, the exact column showing
        P(=); a simulated one (``{value: Estimate}``, the values seen) as ``value,
        probability`` rows with each estimate's interval.

        Parameters
        ----------
        header : str
            What the values are (``"successes"``).
        dist : Dist or dict
            A ``Dist``, ``{value: p}`` (tails summed from the top) or ``{value: Estimate}``.
        label : callable
            A value's row label (``str``; ``lambda k: f"{k:+d}"``).
        least : float, optional
            Rows whose P(=) is below this are left out, and a note says how many.

        Examples
        --------
        >>> from fractions import Fraction as F
        >>> Table.distribution("hits", {0: F(1, 4), 1: F(3, 4)}).rows
        (('0', Fraction(1, 4), Fraction(1, 1)), ('1', Fraction(3, 4), Fraction(3, 4)))
        >>> t = Table.distribution("hits", {0: 0.5, 1: 0.4999999, 2: 1e-7}, least=1e-6)
        >>> len(t.rows), t.note
        (2, '1 rarer row (each below 0.0001%) not shown (see --json)')
        """
        items = sorted(dist.items())
        if items and all(isinstance(p, Estimate) for _, p in items):  # simulated
            rows = [(label(v), p) for v, p in items]
            table = cls((header, "probability"), (), ("text", "p"), exact_of=None)
        else:
            if hasattr(dist, "p_ge"):  # a Dist: its own tail sums
                rows = [(label(v), p, dist.p_ge(v)) for v, p in items]
            else:  # {value: p}: tails summed from the top
                rows, tail = [], 0 * items[-1][1] if items else 0
                for value, p in reversed(items):
                    tail = tail + p
                    rows.append((label(value), p, tail))
                rows.reverse()
            table = cls((header, "P(=)", "P(>=)"), (), ("text", "p", "p"), exact_of=1)
        note = None
        if least is not None:
            shown = [r for r in rows if float(getattr(r[1], "value", r[1])) >= least]
            if len(shown) < len(rows):
                n, below = len(rows) - len(shown), f"{least * 100:.12f}".rstrip("0").rstrip(".")
                note = f"{n} rarer row{'s' if n != 1 else ''} (each below {below}%) not shown"
                note += " (see --json)"
            rows = shown
        return dataclasses.replace(table, rows=tuple(rows), note=note)


@dataclass(frozen=True)
class Lines:
    """Aligned ``label  value`` lines of a :class:`View`: rows of ``(label, value, kind)``
    (kinds as in :class:`Table`; exact values get their ``p/q`` after the value).
    ``exact_only``: shown only when exact values are asked for. ``aligned=False``: each
    row reads ``label: value`` (exact values ``(p/q)`` after), a line of prose."""

    rows: tuple
    exact_only: bool = False
    aligned: bool = True


@dataclass(frozen=True)
class View:
    """What a person reads of a result: a title, then parts (tables, lines, sentences).

    Data, not text: the system says what to show, :func:`dicestats.format.view_text`
    how (percentages, aligned columns, exact values on request).
    """

    title: str
    parts: tuple = ()


def z_value(confidence: float) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _decimals(spread: float) -> int:
    """Decimals that show ``spread`` with one significant digit (1..6)."""
    if not spread > 0 or not math.isfinite(spread):
        return 1
    return min(6, max(1, -math.floor(math.log10(spread))))


@dataclass(frozen=True)
class Estimate(Result):
    """A Monte Carlo estimate with its standard error and confidence interval.

    Attributes
    ----------
    value : float
        The point estimate (a proportion or a mean).
    stderr : float
        Its standard error.
    ci_low, ci_high : float
        The confidence interval (Wilson for proportions, normal for means).
    trials : int
        The number of trials it rests on.
    kind : {"proportion", "mean"}
        Proportions print as percentages.
    confidence : float
        The confidence level of ``ci_low..ci_high`` (default 0.95).

    Examples
    --------
    >>> from dicestats.core.montecarlo import wilson, mean_estimate
    >>> print(wilson(43_210, 100_000))
    43.2% ± 0.2% (95% CI 42.9–43.5%, n=100,000)
    >>> print(mean_estimate(250, 700, 100))
    2.5 ± 0.1 (95% CI 2.3–2.7, n=100)
    >>> sorted(wilson(1, 4).as_dict())
    ['ci_high', 'ci_low', 'confidence', 'kind', 'stderr', 'trials', 'value']
    """

    value: float
    stderr: float
    ci_low: float
    ci_high: float
    trials: int
    kind: str = "proportion"
    confidence: float = 0.95

    @property
    def interval(self) -> tuple[float, float]:
        """``(ci_low, ci_high)``."""
        return (self.ci_low, self.ci_high)

    def __float__(self) -> float:
        return float(self.value)

    def __str__(self) -> str:
        level = f"{100 * self.confidence:g}%"
        if self.kind == "proportion":
            k = _decimals(100 * self.stderr)
            v, s, lo, hi = (100 * x for x in (self.value, self.stderr, self.ci_low, self.ci_high))
            return f"{v:.{k}f}% ± {s:.{k}f}% ({level} CI {lo:.{k}f}–{hi:.{k}f}%, n={self.trials:,})"
        k = _decimals(self.stderr)
        return (
            f"{self.value:.{k}f} ± {self.stderr:.{k}f} ({level} CI {self.ci_low:.{k}f}–"
            f"{self.ci_high:.{k}f}, n={self.trials:,})"
        )
