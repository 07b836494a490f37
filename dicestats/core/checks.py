"""Argument validation shared by every module, and the project's one error type.

Every refusal is worded by one helper, :func:`refuse`::

    <name> must be <what is allowed>, got <value>[ (<why>)][; <what to do instead>]

and raised as an :class:`InputError` (a ``ValueError``; a wrong *kind* of value
raises :class:`InputTypeError`, which is also a ``TypeError``). The API and
the CLI therefore report bad input in one readable line, never a deep numpy
traceback: the CLI prints the message after ``dicestats <command>: error:``.

Systems state their caps as data (:mod:`dicestats.core.limits`) and check
through these helpers.

Examples
--------
>>> check_int("dice", 0, 1, 10)
Traceback (most recent call last):
...
dicestats.InputError: dice must be an integer in 1..10, got 0
>>> issubclass(InputError, ValueError), issubclass(InputTypeError, TypeError)
(True, True)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

__all__ = [
    "InputError",
    "InputTypeError",
    "refuse",
    "check_int",
    "check_real",
    "check_choice",
    "check_bool",
    "check_int_list",
]


class InputError(ValueError):
    """Bad input: a value outside what a parameter allows (one-line message)."""


class InputTypeError(InputError, TypeError):
    """Bad input of the wrong kind (a string for a number of dice, ``True`` for 1)."""


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
    shown = repr(got) if isinstance(got, (str, bytes)) or kind else str(got)
    if kind:
        shown += f" ({type(got).__name__})"
    msg = f"{name} must be {allowed}, got {shown}"
    if why:
        msg += f" ({why})"
    if instead:
        msg += f"; {instead}"
    return (InputTypeError if kind else InputError)(msg)


def _range_text(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    return "any integer"


def int_range_text(lo, hi) -> str:
    """``"an integer in 1..10"``, ``"an integer >= 0"``: how ranges are worded.

    Examples
    --------
    >>> int_range_text(1, 10), int_range_text(0, None)
    ('an integer in 1..10', 'an integer >= 0')
    """
    span = _range_text(lo, hi)
    if span == "any integer":
        return span
    return f"an integer {'in ' if '..' in span else ''}{span}"


def check_int(name: str, value, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``value`` as a Python ``int`` if it is an integer in ``lo..hi``.

    Booleans are refused (``True`` is not a number of dice). Integral floats
    such as ``3.0`` are refused too: silently truncating ``3.5`` would be a
    silently wrong number.

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
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise refuse(name, int_range_text(lo, hi), value)
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
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise refuse(name, span, value, kind=True)
    x = float(value)
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
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise refuse(name, "True or False", value, kind=True)


def check_int_list(
    name: str, values, lo: int | None = None, hi: int | None = None, *, min_len: int = 1
) -> list[int]:
    """Return ``values`` as a list of ints, each in ``lo..hi``.

    Examples
    --------
    >>> check_int_list("pools", [7, 6, 6], 0)
    [7, 6, 6]
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise refuse(name, "a sequence of integers", values, kind=True)
    out = [check_int(f"{name}[{i}]", v, lo, hi) for i, v in enumerate(values)]
    if len(out) < min_len:
        raise refuse(name, f"a sequence of at least {min_len} integer(s)", out)
    return out


# Shown as ``dicestats.InputError`` in tracebacks and doctests: the public name.
InputError.__module__ = InputTypeError.__module__ = "dicestats"
