"""Argument validation shared by every module, and the project's one error type.

Every refusal is one line worded by :func:`refuse` and raised as an :class:`InputError`
(a ``ValueError``; a wrong *kind* of value raises :class:`InputTypeError`, also a
``TypeError``). Every public parameter follows one rule: a bool is never a number, a
float is never truncated (``3.0`` dice are refused), a string is never a number, NaN and
numbers beyond float64 are refused, and a long value is cut in the message (:func:`shown`).

Examples
--------
>>> issubclass(InputError, ValueError), issubclass(InputTypeError, TypeError)
(True, True)
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable

__all__ = [
    "InputError",
    "InputTypeError",
    "refuse",
    "shown",
    "described",
    "check_int",
    "check_real",
    "check_choice",
    "check_bool",
    "check_exact",
    "check_int_list",
    "parse_int_text",
    "parse_fraction_text",
    "is_numpy_bool",
    "not_a_list",
]

#: Longest value shown in a refusal; longer ones are cut in the middle.
SHOWN_MAX = 60


class InputError(ValueError):
    """Bad input: a value outside what a parameter allows (one-line message)."""


class InputTypeError(InputError, TypeError):
    """Bad input of the wrong kind (a string for a number of dice, ``True`` for 1)."""


class described(str):  # noqa: N801 - used like a function: described("3 rows")
    """A description shown as is in a refusal, in place of the value itself.

    >>> str(refuse("b", "a matrix of 2 rows", described("3 rows")))
    'b must be a matrix of 2 rows, got 3 rows'
    """


def refuse(
    name: str,
    allowed: str,
    got,
    *,
    why: str | None = None,
    instead: str | None = None,
    kind: bool = False,
) -> InputError:
    """The one wording of every refusal; returns the exception for ``raise``.

    Parameters
    ----------
    name : str
        The parameter as the caller spelled it (``"dice"``, ``"pips[1]"``).
    allowed : str
        What it may be: ``"an integer in 1..10"``, ``"at most 200 in exact mode"``.
    got : object
        The value received; strings are shown with quotes.
    why : str, optional
        Why the limit exists, in a few words.
    instead : str, optional
        What to do instead (``"use exact=False"``).
    kind : bool
        True when the value has the wrong type: raises :class:`InputTypeError`.

    Examples
    --------
    >>> str(refuse("rolls", "at most 200 in exact mode with 1000 dice", 300,
    ...            why="dice × rolls <= 200,000", instead="use exact=False"))
    'rolls must be at most 200 in exact mode with 1000 dice, got 300 (dice × rolls <= 200,000); \
use exact=False'
    """
    quote = (isinstance(got, (str, bytes)) and not isinstance(got, described)) or kind
    text = shown(got, quote=quote)
    if kind:
        text += f" ({type(got).__name__})"
    msg = f"{name} must be {allowed}, got {text}"
    if why:
        msg += f" ({why})"
    if instead:
        msg += f"; {instead}"
    return (InputTypeError if kind else InputError)(msg)


def _digits(n: int) -> int:
    """The number of decimal digits of ``abs(n)`` (no string conversion)."""
    n = abs(n)
    if n < 10:
        return 1
    d = int(n.bit_length() * 0.30102999566398120) + 1  # upper bound or exact
    return d if n >= 10 ** (d - 1) else d - 1


def shown(value, *, quote: bool = False, width: int = SHOWN_MAX) -> str:
    """``value`` as a refusal shows it: its ``str`` (``repr`` when ``quote``), cut to ``width``.

    A long value keeps its head and tail around ``…`` and says how long it
    was; a huge integer (or a fraction of huge ones) is shown by its leading
    digits and its number of digits, without converting it to a string
    (Python refuses to print integers of more than 4,300 digits).

    Examples
    --------
    >>> shown(10**5000)
    '1000000000000000000000000000000000…0000 (5,001 digits)'
    >>> shown("x" * 100, quote=True)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxx' (102 characters)"
    >>> shown(2.5), shown("abc", quote=True)
    ('2.5', "'abc'")
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        n, d = abs(int(value)), _digits(int(value))
        if d > width - 1:  # leading and trailing digits, and the length
            lead, sign = n // 10 ** (d - max(width - 26, 4)), "-" if value < 0 else ""
            return f"{sign}{lead}…{n % 10**4:04d} ({d:,} digits)"
    elif isinstance(value, numbers.Rational) and not isinstance(value, numbers.Integral):
        num, den = int(value.numerator), int(value.denominator)
        if _digits(num) + _digits(den) > width - 1:
            return f"a fraction of {_digits(num):,}/{_digits(den):,} digits"
    try:
        text = repr(value) if quote else str(value)
    except Exception:  # a str() that fails (a huge number inside a container, a broken object)
        text = f"<{type(value).__name__} object>"
    if len(text) <= width:
        return text
    head = width - 16
    return f"{text[:head]}…{text[-10:]} ({len(text):,} characters)"


def _range_text(lo, hi) -> str:
    """``1..1,000,000`` (thousands separators from 100,000 on), ``>= 0``, ``<= 9`` or ``""``."""
    lo, hi = (f"{x:,}" if isinstance(x, int) and abs(x) >= 100_000 else x for x in (lo, hi))
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    return f">= {lo}" if lo is not None else f"<= {hi}" if hi is not None else ""


def int_range_text(lo, hi) -> str:
    """``"an integer in 1..10"``, ``"an integer >= 0"``: how ranges are worded.

    Examples
    --------
    >>> int_range_text(1, 10), int_range_text(0, None), int_range_text(None, None)
    ('an integer in 1..10', 'an integer >= 0', 'an integer')
    """
    span = _range_text(lo, hi)
    return f"an integer {'in ' if '..' in span else ''}{span}" if span else "an integer"


_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def parse_int_text(text: str, allowed: str = "an integer") -> int:
    """The integer a command-line word spells, or a one-line ``ValueError``.

    Only the ASCII digits 0-9 with an optional sign (``int()`` also reads
    ``١٢``, ``１２`` and ``1_000``); a word of thousands of digits is refused by
    its length, not echoed.

    Examples
    --------
    >>> parse_int_text(" 12 ")
    12
    >>> parse_int_text("1_000")
    Traceback (most recent call last):
    ...
    ValueError: expected an integer in the digits 0-9, got '1_000'
    >>> parse_int_text("9" * 5000, "an integer in 1..10")
    Traceback (most recent call last):
    ...
    ValueError: must be an integer in 1..10, got an integer of 5,000 digits
    """
    word = text.strip()
    if not _ASCII_INT.fullmatch(word):
        spelled = word.lstrip("+-").replace("_", "").isdecimal()  # another script, or 1_000
        what = "an integer in the digits 0-9" if spelled else "an integer"
        raise ValueError(f"expected {what}, got {shown(text, quote=True)}")
    digits = word.lstrip("+-")
    if len(digits) > 4000:
        raise ValueError(f"must be {allowed}, got an integer of {len(digits):,} digits")
    return int(word)


#: A number as text: a decimal (``0.25``, ``.5``, ``25e-2``) or a fraction (``1/4``).
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE]([+-]?[0-9]+))?")
_RATIO = re.compile(r"[+-]?[0-9]+ */ *[0-9]+")
#: The largest exponent :func:`parse_fraction_text` reads: 1e-50 is already nothing next to 1.
MAX_EXPONENT = 50


def parse_fraction_text(text: str, lo, hi, example: str = "0.25 or 1/4"):
    """The exact number a word spells (``"0.25"``, ``"1/4"``) in ``lo..hi``, or a one-line
    ``ValueError`` (``must be ...``: the caller names the parameter).

    The text is matched strictly (ASCII digits, at most 100 characters, an
    exponent within ±50) before :class:`~fractions.Fraction` sees it:
    ``Fraction("1e-1_000_000")`` once ran for minutes.

    Examples
    --------
    >>> parse_fraction_text(" 0.25", 0, 1), parse_fraction_text("1 / 4", 0, 1)
    (Fraction(1, 4), Fraction(1, 4))
    >>> parse_fraction_text("1e-1_000", 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: must be a number in [0, 1] like 0.25 or 1/4 (ASCII digits, at most 100 \
characters), got '1e-1_000'
    """
    from fractions import Fraction

    word = text.strip()
    expected = f"a number in [{lo}, {hi}] like {example}"
    decimal = _DECIMAL.fullmatch(word) if len(word) <= 100 else None
    ratio = _RATIO.fullmatch(word) if len(word) <= 100 else None
    if not (decimal or ratio):
        raise ValueError(
            f"must be {expected} (ASCII digits, at most 100 characters), "
            f"got {shown(text, quote=True)}"
        )
    if decimal and decimal.group(1) and abs(int(decimal.group(1))) > MAX_EXPONENT:
        raise ValueError(
            f"must be {expected} with an exponent within ±{MAX_EXPONENT}, "
            f"got {shown(text, quote=True)} (a huge exponent takes minutes to read exactly, "
            f"and 1e-{MAX_EXPONENT} is already nothing next to 1)"
        )
    try:
        v = Fraction(word.replace(" ", ""))
    except ZeroDivisionError:
        raise ValueError(
            f"must be {expected}, got {shown(text, quote=True)} (a zero denominator)"
        ) from None
    if not lo <= v <= hi:
        raise ValueError(f"must be a number in [{lo}, {hi}], got {shown(word)}")
    return v


def check_int(
    name: str,
    value,
    lo: int | None = None,
    hi: int | None = None,
    *,
    why: str | None = None,
    instead: str | None = None,
) -> int:
    """Return ``value`` as a Python ``int`` if it is an integer in ``lo..hi``.

    ``why`` and ``instead`` go into a refusal of a value out of range; of a range with both
    ends, only into the refusal of a value above it (they explain the cap).

    Examples
    --------
    >>> check_int("dice", 3, 1, 10)
    3
    >>> check_int("dice", 0, 1, 10)
    Traceback (most recent call last):
    ...
    dicestats.InputError: dice must be an integer in 1..10, got 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise refuse(name, int_range_text(lo, hi), value, kind=True)
    value = int(value)
    if lo is not None and value < lo and hi is not None:
        # the reason and the advice of a range explain its cap: a value below the range is
        # told the range only, never judged by words about the other end
        raise refuse(name, int_range_text(lo, hi), value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise refuse(name, int_range_text(lo, hi), value, why=why, instead=instead)
    return value


def check_real(
    name: str,
    value,
    lo: float | None = None,
    hi: float | None = None,
    *,
    lo_open: bool = False,
    hi_open: bool = False,
) -> float:
    """Return ``value`` as a finite ``float`` within the given bounds.

    Examples
    --------
    >>> check_real("confidence", 0.95, 0, 1, lo_open=True, hi_open=True)
    0.95
    >>> check_real("confidence", float("nan"), 0, 1)
    Traceback (most recent call last):
    ...
    dicestats.InputError: confidence must be a finite number in [0, 1], got nan
    """
    left = "(" if lo_open else "["
    right = ")" if hi_open else "]"
    span = f"a finite number in {left}{'-inf' if lo is None else lo}, "
    span += f"{'inf' if hi is None else hi}{right}"
    if lo is None and hi is None:  # "in [-inf, inf]" said nothing
        span = "a finite number"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise refuse(name, span, value, kind=True)
    try:
        x = float(value)
    except OverflowError:  # an int or Fraction beyond float64 (10**400)
        raise refuse(name, span, value, why="beyond the float64 range") from None
    bad = not math.isfinite(x)
    if lo is not None:
        bad = bad or (x <= lo if lo_open else x < lo)
    if hi is not None:
        bad = bad or (x >= hi if hi_open else x > hi)
    if bad:
        raise refuse(name, span, value)
    return x


def check_choice(name: str, value, choices: Iterable):
    """Return ``value`` if it is one of ``choices``.

    Examples
    --------
    >>> check_choice("botch_rule", "first", ("revised", "first"))
    'first'
    >>> check_choice("botch_rule", "never", ("revised", "first"))
    Traceback (most recent call last):
    ...
    dicestats.InputError: botch_rule must be one of 'revised', 'first', got 'never'
    """
    choices = tuple(choices)
    try:
        ok = value in choices
    except TypeError:  # an uncomparable value
        ok = False
    if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices):
        ok = False  # True == 1: not a choice of 1
    if not ok:
        raise refuse(name, "one of " + ", ".join(repr(c) for c in choices), value)
    return value


def check_bool(name: str, value) -> bool:
    """Return ``value`` if it is a ``bool`` (``numpy.bool_`` accepted).

    Examples
    --------
    >>> check_bool("exact", "False")
    Traceback (most recent call last):
    ...
    dicestats.InputTypeError: exact must be True or False, got 'False' (str)
    """
    if isinstance(value, bool) or is_numpy_bool(value):
        return bool(value)
    raise refuse(name, "True or False", value, kind=True)


def is_numpy_bool(value) -> bool:
    """True for ``numpy.bool_`` (named ``numpy.bool`` since numpy 2), without importing numpy."""
    t = type(value)
    return t.__module__ == "numpy" and t.__name__ in ("bool_", "bool")


def check_exact(exact) -> bool:
    """``check_bool("exact", exact)``: ``exact="False"`` and ``nan`` were truthy, so exact."""
    return check_bool("exact", exact)


#: Text and byte strings: iterable, but never a list of values (``b"3"`` iterates as ``[51]``).
TEXT = (str, bytes, bytearray, memoryview)


def not_a_list(values) -> bool:
    """True when ``values`` cannot be a list of values: text, bytes or not iterable.

    >>> not_a_list([3]), not_a_list(range(3)), not_a_list(b"3"), not_a_list(bytearray(b"3"))
    (False, False, True, True)
    """
    return isinstance(values, TEXT) or not isinstance(values, Iterable)


def check_int_list(
    name: str,
    values,
    lo: int | None = None,
    hi: int | None = None,
    *,
    min_len: int = 1,
    max_len: int | None = None,
    why: str | None = None,
) -> list[int]:
    """Return ``values`` as a list of ints, each in ``lo..hi``.

    ``max_len`` caps the length (``why`` says why); a string is never a
    list of numbers (``"33"`` is not ``[3, 3]``).

    Examples
    --------
    >>> check_int_list("pools", [7, 6, 6], 0)
    [7, 6, 6]
    """
    if not_a_list(values):
        raise refuse(name, "a sequence of integers", values, kind=True)
    if max_len is not None and hasattr(values, "__len__") and len(values) > max_len:
        raise refuse(name, f"a sequence of at most {max_len} integers", values, why=why)
    out = []
    for i, v in enumerate(values):
        if max_len is not None and i >= max_len:
            raise refuse(name, f"a sequence of at most {max_len} integers", values, why=why)
        out.append(check_int(f"{name}[{i}]", v, lo, hi))
    if len(out) < min_len:
        raise refuse(name, f"a sequence of at least {min_len} integer(s)", out)
    return out


# Shown as ``dicestats.InputError`` in tracebacks and doctests: the public name.
InputError.__module__ = InputTypeError.__module__ = "dicestats"
