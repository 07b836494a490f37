"""Helpers the table builders share (no system knowledge)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import islice

from ..core.checks import not_a_list, refuse
from ..core.limits import Limit, Limits


def _num(x):
    """Exact Fractions stay Fractions; everything else becomes a float."""
    return x if isinstance(x, Fraction) else float(x)


def _p(x) -> dict:
    """A probability's columns: ``p``, and ``lo``/``hi`` for an estimate (NaN for None)."""
    if x is None:
        return {"p": float("nan")}
    if hasattr(x, "ci_low"):
        return {"p": x.value, "lo": x.ci_low, "hi": x.ci_high}
    return {"p": float(x)}


def _frame(rows, columns=None):
    """Records (dicts) as a DataFrame; pandas is imported on first use, not with the package."""
    import pandas as pd

    return pd.DataFrame.from_records(rows, columns=columns)


#: The tables' caps, as data.
LIMITS = Limits(
    Limit(
        "entries listed",
        1,
        1000,
        why="the matchups, scenarios, pips or names of one table: each is computed on its own",
    ),
)


def _listed(name, values, what, *, one=str):
    """``values`` as a non-empty list, refused in one line naming ``name`` otherwise.

    A string, a mapping or a non-iterable is no list (``True`` is not a list of
    presets); a single ``one`` value (a name) is a list of one.

    >>> _listed("presets", "v20", "preset names")
    ['v20']
    >>> _listed("presets", (), "preset names")
    Traceback (most recent call last):
    ...
    dicestats.InputError: presets must be a sequence of preset names (at least one), got []
    """
    if one is not None and isinstance(values, one):
        return [values]
    if isinstance(values, Mapping) or not_a_list(values):
        raise refuse(name, f"a sequence of {what}", values, kind=True)
    most = LIMITS["entries listed"].hi
    out = list(islice(values, most + 1))  # a range of 10**9 entries is never listed whole
    if len(out) > most:
        raise refuse(
            name, f"a sequence of at most {most:,} {what}", values, why=LIMITS["entries listed"].why
        )
    if not out:
        raise refuse(name, f"a sequence of {what} (at least one)", out)
    return out
