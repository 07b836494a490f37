"""A result as one row of tidy columns: what a sweep stores per cell.

Every exported field of a :class:`~dicestats.core.results.Result` becomes columns:

=========================  ===================================================
an ``Estimate`` ``p``      ``p`` (its value), ``p_stderr``, ``p_ci_low``, ``p_ci_high``
a number, bool or string   one column; a ``Fraction`` stays a ``Fraction``
a list or tuple ``x``      ``x_0``, ``x_1``, … (each flattened again)
a dict or ``Dist`` ``x``   ``x_<key>``: ``net_0``, ``shifts_-3``
a nested result ``r``      ``r_<field>``
``None``                   no column (a missing value in the frame)
=========================  ===================================================

Examples
--------
>>> from dicestats import fate
>>> row = flatten(fate.outcome_probs(2, difficulty=1, exact=True), skip={"shifts"})
>>> row["p_success"], row["exact"]
(Fraction(35, 81), True)
>>> from dicestats.core.montecarlo import wilson
>>> sorted(flatten_value("p", wilson(3, 10)))
['p', 'p_ci_high', 'p_ci_low', 'p_stderr']
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from ..core.checks import refuse
from ..core.results import Estimate

__all__ = ["flatten", "flatten_value"]


def flatten(result, *, fields=None, skip=()) -> dict:
    """The columns of one result (see the module docstring).

    Parameters
    ----------
    result : Result
        A frozen dataclass (fields marked ``export=False`` are left out).
    fields : sequence of str, optional
        Keep only these fields (``exact`` and ``trials`` are always kept).
    skip : set of str
        Fields left out (ignored when ``fields`` names them).
    """
    if not dataclasses.is_dataclass(result) or isinstance(result, type):
        raise refuse("a sweep's question", "a function returning a Result", result, kind=True)
    keep = None if fields is None else set(fields) | {"exact", "trials"}
    out: dict = {}
    for f in dataclasses.fields(result):
        if not f.metadata.get("export", True):
            continue
        if keep is not None:
            if f.name not in keep:
                continue
        elif f.name in skip:
            continue
        out.update(flatten_value(f.name, getattr(result, f.name)))
    return out


def flatten_value(name: str, x) -> dict:
    """The columns of one value called ``name``."""
    out: dict = {}
    _put(out, name, x)
    return out


def _put(out: dict, name: str, x) -> None:
    if x is None:
        return
    if isinstance(x, np.generic):
        x = x.item()
    if isinstance(x, Estimate):
        out[name] = float(x.value)
        out[name + "_stderr"] = float(x.stderr)
        out[name + "_ci_low"] = float(x.ci_low)
        out[name + "_ci_high"] = float(x.ci_high)
    elif isinstance(x, (bool, str, Fraction)):
        out[name] = x
    elif isinstance(x, numbers.Integral):
        out[name] = int(x)
    elif isinstance(x, numbers.Real):
        out[name] = float(x)
    elif hasattr(x, "items") and hasattr(x, "support") and hasattr(x, "probabilities"):  # Dist
        for k, v in x.items():
            _put(out, f"{name}_{int(k)}", v)
    elif isinstance(x, Mapping):
        for k, v in x.items():
            _put(out, f"{name}_{k}", v)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.metadata.get("export", True):
                _put(out, f"{name}_{f.name}", getattr(x, f.name))
    elif isinstance(x, (list, tuple, np.ndarray)):
        for i, v in enumerate(x):
            _put(out, f"{name}_{i}", v)
    # anything else (a raw Totals, a callable) has no column
