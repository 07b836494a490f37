"""Argument validation shared by every module.

Each checker raises ``TypeError`` (wrong kind of value) or ``ValueError``
(right kind, outside the allowed range) with a message that names the
parameter and the allowed range, so that the API and the CLI can report bad
input in one readable line instead of a deep numpy traceback.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

__all__ = ["check_int", "check_real", "check_choice", "check_bool", "check_int_list"]


def _range_text(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    return "any integer"


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
    ValueError: dice must be an integer in 1..10, got 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{name} must be an integer in {_range_text(lo, hi)}, got {value!r} "
            f"({type(value).__name__})"
        )
    value = int(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{name} must be an integer in {_range_text(lo, hi)}, got {value}")
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
    ValueError: confidence must be a finite number in [0, 1], got nan
    """
    left = "(" if lo_open else "["
    right = ")" if hi_open else "]"
    span = f"{left}{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}{right}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a finite number in {span}, got {value!r}")
    x = float(value)
    bad = not math.isfinite(x)
    if lo is not None:
        bad = bad or (x <= lo if lo_open else x < lo)
    if hi is not None:
        bad = bad or (x >= hi if hi_open else x > hi)
    if bad:
        raise ValueError(f"{name} must be a finite number in {span}, got {value!r}")
    return x


def check_choice(name: str, value, choices: Iterable):
    """Return ``value`` if it is one of ``choices``.

    Examples
    --------
    >>> check_choice("botch", "first", ("revised", "first"))
    'first'
    >>> check_choice("botch", "never", ("revised", "first"))
    Traceback (most recent call last):
    ...
    ValueError: botch must be one of 'revised', 'first'; got 'never'
    """
    choices = tuple(choices)
    if value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {allowed}; got {value!r}")
    return value


def check_bool(name: str, value) -> bool:
    """Return ``value`` if it is a ``bool`` (``numpy.bool_`` accepted)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {value!r}")


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
        raise TypeError(f"{name} must be a sequence of integers, got {values!r}")
    out = [check_int(f"{name}[{i}]", v, lo, hi) for i, v in enumerate(values)]
    if len(out) < min_len:
        raise ValueError(f"{name} must hold at least {min_len} value(s), got {len(out)}")
    return out
