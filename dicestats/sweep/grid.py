"""A sweep's grid: its parameters, its cells (``itertools.product`` order, the first
parameter varying slowest), and each cell's own seed (:func:`cell_seed`).

Examples
--------
>>> from dicestats.sweep.questions import question
>>> g = Grid.of(question("initiative"), {"swiftness": range(1, 3), "versus": [2, [3, 3]]})
>>> [c for c in g.cells]
[{'swiftness': 1, 'versus': 2}, {'swiftness': 1, 'versus': '3,3'}, \
{'swiftness': 2, 'versus': 2}, {'swiftness': 2, 'versus': '3,3'}]
>>> cell_seed(1, "initiative", {"versus": 2, "swiftness": 1}) == \
cell_seed(1, "initiative", {"swiftness": 1, "versus": 2})
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.checks import check_int, described, not_a_list, refuse, shown
from ..core.lazy import numpy_types as _numpy_types
from ..core.limits import Limit, Limits

#: Bits of a cell's seed (and of a sweep's seed): an int64 column, any ``rng=``.
SEED_BITS = 63

#: The sweep's caps, as data.
LIMITS = Limits(
    Limit(
        "cells",
        1,
        1_000_000,
        why="one row per cell, and the output file is rewritten as cells finish",
        instead="split the grid into several sweeps (other files)",
    ),
    Limit("seed", 0, 2**SEED_BITS - 1, why="a sweep's seed is stored in an int64 column"),
    Limit("parameters", 1, 32, why="a grid's parameters: one column each"),
)


def cell_seed(seed: int, question: str, params: Mapping) -> int:
    """The seed of one cell: SHA-256 of the sweep's seed, the question and the parameters.

    The parameters are taken by name, whatever their order in the grid, so growing
    the grid never changes an existing cell; a 63-bit int, what ``rng=`` takes, so
    one cell is reproduced by one call.

    Examples
    --------
    >>> cell_seed(1, "initiative", {"swiftness": 3, "versus": 2, "pips": 0})
    2330441902131247121
    >>> cell_seed(3.5, "initiative", {"swiftness": 3})
    Traceback (most recent call last):
    ...
    dicestats.InputTypeError: seed must be an integer, got 3.5 (float)
    """
    seed = LIMITS["seed"].check(seed)
    if not isinstance(question, str):
        raise refuse("question", "a question's name (a str)", question, kind=True)
    if not isinstance(params, Mapping):
        raise refuse("params", "a mapping of parameter names to values", params, kind=True)
    if not all(isinstance(k, str) for k in params):
        raise refuse("params", "a mapping whose keys are parameter names (str)", params, kind=True)
    return seed_of(seed, question, {k: _scalar(k, v) for k, v in params.items()})


def seed_of(seed: int, question: str, cell: Mapping) -> int:
    """:func:`cell_seed` of checked arguments (a grid's own cells)."""
    text = json.dumps([seed, question, sorted(cell.items())], separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def _scalar(name: str, v):
    """A grid value as a frame shows it: None, bool, int, float or str (a rule set by its
    preset name)."""
    if isinstance(v, _numpy_types("generic")):
        v = v.item()
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, numbers.Integral):
        return int(v)
    if isinstance(v, numbers.Real) and math.isfinite(v):
        return float(v)
    raise refuse(
        f"a value of {name}",
        "a number, a string, a bool or None (a rule set by its preset name)",
        v,
        kind=not isinstance(v, numbers.Real),
    )


def _participants(name: str, v):
    """A participant list's grid value (a question's ``lists`` parameter): 3 or [3] → 3,
    [3, 3] or "3,3" → "3,3"."""
    if isinstance(v, _numpy_types("generic")):
        v = v.item()
    if isinstance(v, str):
        try:
            items = [int(p) for p in v.split(",")]
        except ValueError:
            raise refuse(f"a value of {name}", "a list of integers such as 3,3", v) from None
    elif isinstance(v, numbers.Integral) and not isinstance(v, bool):
        items = [int(v)]
    elif isinstance(v, (list, tuple, *_numpy_types("ndarray"))) and len(v) > 0:
        items = [check_int(f"{name} (a participant's value)", x) for x in v]
    else:
        raise refuse(
            f"a value of {name}", "an int or a list of ints (one per participant)", v, kind=True
        )
    return items[0] if len(items) == 1 else ",".join(str(x) for x in items)


#: How a repeated value of a participant list was meant: one fixed list.
_FIXED_LIST = (
    "to fix a participant list, give it as the one value: [[3, 3]] (3,3 on the command line)"
)


def _values(name: str, spec, lists: bool) -> list:
    """The values of one parameter: a collection of values, or one value."""
    if isinstance(spec, Mapping) or not_a_list(spec):
        spec = [spec]
    values = list(spec)
    if not values:
        raise refuse(name, "at least one value", spec)
    out = [_participants(name, v) if lists else _scalar(name, v) for v in values]
    seen = set()
    for v in out:  # the frame's Int64 column holds it (10**30 was an OverflowError traceback)
        if type(v) is int and not -(2**63) <= v < 2**63:
            raise refuse(f"a value of {name}", "an integer of at most 64 bits", v)
        key = (type(v).__name__, v)
        if key in seen:
            raise refuse(
                f"the values of {name}",
                "distinct",
                described("[" + ", ".join(repr(v) for v in values) + "]"),
                why=f"{shown(v)} comes twice",
                instead=_FIXED_LIST if lists else None,
            )
        seen.add(key)
    return out


def and_list(words) -> str:
    """``["dice", "target"]`` → ``"dice and target"``; three or more: ``"a, b and c"``."""
    words = list(words)
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


@dataclass(frozen=True)
class Grid:
    """The parameters of a sweep and their values, in order."""

    names: tuple
    values: tuple  # one tuple of values per name

    @classmethod
    def of(cls, q, grid: Mapping, *, complete: bool = True) -> Grid:
        """A checked grid of question ``q`` (a :class:`~.questions.Sweepable`);
        ``complete=False`` leaves out the check that it gives every required parameter."""
        if not isinstance(grid, Mapping):
            raise refuse("grid", "a mapping of parameter names to values", grid, kind=True)
        LIMITS["parameters"].check(len(grid), name="number of grid parameters")
        names, values = [], []
        for name, spec in grid.items():
            q.check_parameter(name)
            names.append(name)
            values.append(tuple(_values(name, spec, name in q.lists)))
        missing = [n for n in q.required if n not in grid] if complete else []
        if missing:
            raise refuse(
                "grid",
                f"a mapping that gives values of {and_list(missing)}",
                described(f"none for {and_list(missing)}"),
                why=f"parameters of {q.call.replace(':', '.')} without a default",
            )
        size = math.prod(len(v) for v in values)
        LIMITS["cells"].check(size, name="cells (the product of the grid's value counts)")
        return cls(tuple(names), tuple(values))

    @property
    def cells(self) -> list[dict]:
        """Every combination of values, the first parameter varying slowest."""
        return [
            dict(zip(self.names, combo, strict=True)) for combo in itertools.product(*self.values)
        ]
