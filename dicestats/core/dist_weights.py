"""Weights in, checked: what the ``Dist`` constructors and the kernels accept.

* ``_int_weights``: non-negative Python ints (``2.5`` is not ``2``, ``True`` is not ``1``);
* ``_float_weights``: a 1-D float64 array of finite numbers (``"0.5"`` is not a number;
  ``10**400`` is refused, not turned into ``inf``);
* ``_is_exact_number``: an int or a Fraction, never a bool.

A refusal is one line naming the first bad weight the way the caller spelled it.
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral, Rational, Real

import numpy as np

from .checks import described, refuse


def _int_weights(name: str, values) -> list[int]:
    """Non-negative Python ints, or a one-line refusal naming the first bad weight."""
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise refuse(name, "a sequence of non-negative integers", values, kind=True)
    out = []
    for i, x in enumerate(values):
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (Integral, np.integer)):
            raise refuse(f"{name}[{i}]", "a non-negative integer", x, kind=True)
        x = int(x)
        if x < 0:
            raise refuse(f"{name}[{i}]", "a non-negative integer", x)
        out.append(x)
    return out


def _float_weights(name: str, values, names: dict | None = None) -> np.ndarray:
    """A 1-D float64 array of finite numbers, or a one-line refusal.

    Booleans and strings are not numbers (``"0.5"``, ``True``); numbers beyond
    the float64 range are refused, not turned into ``inf``. ``names[i]`` is
    how the caller spelled element ``i`` (``weights[3]`` for the outcome 3 of
    a mapping); the default is ``name[i]``.
    """
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise refuse(
                name, "a 1-D sequence of numbers", described(f"an array of shape {values.shape}")
            )
        if values.dtype.kind in "iuf":
            return values.astype(np.float64, copy=False)
        values = values.tolist() if values.dtype.kind == "O" else values
        if not isinstance(values, list):
            raise refuse(name, "a sequence of numbers", values, kind=True)
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise refuse(name, "a sequence of numbers", values, kind=True)
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, Real):
            label = names.get(i, name) if names else f"{name}[{i}]"
            raise refuse(label, "a number", v, kind=True)
        try:
            out.append(float(v))
        except OverflowError:
            label = names.get(i, name) if names else f"{name}[{i}]"
            raise refuse(label, "a finite number", v, why="beyond the float64 range") from None
    return np.array(out, dtype=np.float64)


def _is_exact_number(x) -> bool:
    return isinstance(x, (Integral, Rational)) and not isinstance(x, bool)
