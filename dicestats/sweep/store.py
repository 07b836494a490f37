"""A sweep's rows: a result flattened to tidy columns (:func:`flatten`: every exported
field of a :class:`~dicestats.core.results.Result` becomes columns), rows as a DataFrame
and as a Parquet or CSV file, written atomically.

=========================  ===================================================
an ``Estimate`` ``p``      ``p`` (its value), ``p_stderr``, ``p_ci_low``, ``p_ci_high``
a number, bool or string   one column; a ``Fraction`` stays a ``Fraction``
a list or tuple ``x``      ``x_0``, ``x_1``, … (each flattened again)
a dict or ``Dist`` ``x``   ``x_<key>``: ``net_0``, ``shifts_-3``
a nested result ``r``      ``r_<field>``
``None``                   no column (a missing value in the frame)
=========================  ===================================================

:func:`frame` turns rows (dicts) into a DataFrame with one type per column, decided by the
values alone — so the same rows give the same frame, and the same file bytes, however they
were computed:

==================================  ==================  ======================
values                              frame dtype         in the file
==================================  ==================  ======================
bools                               ``boolean``         bool
ints                                ``Int64``           int64
numbers with a float                ``float64``         double
any ``Fraction``                    Fractions (object)  ``"p/q"`` strings
strings (or a mix)                  object              strings
==================================  ==================  ======================

Missing values are ``<NA>`` / ``NaN``. The column order (:func:`order_columns`) and
the file's bytes (:func:`write`, :func:`read`) likewise depend only on the rows.

Examples
--------
>>> from dicestats import fate
>>> row = flatten(fate.outcome_probs(2, difficulty=1, exact=True), skip={"shifts"})
>>> row["p_success"], row["exact"]
(Fraction(35, 81), True)
>>> df = frame([{"dice": 3, "p": Fraction(1, 3)}, {"dice": 4, "p": Fraction(1, 2), "x": 1.5}])
>>> list(df.columns), str(df["dice"].dtype), df["p"][1]
(['dice', 'p', 'x'], 'Int64', Fraction(1, 2))
"""

from __future__ import annotations

import dataclasses
import io
import math
import numbers
import os
import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..core.checks import refuse
from ..core.files import clear_stale, temporary_name
from ..core.results import Estimate, jsonable

#: File formats by suffix.
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}
_FRACTION = re.compile(r"^-?\d+/\d+$")
_INT = re.compile(r"\A[-+]?[0-9]+\Z")


def file_format(path) -> str:
    """``"parquet"`` or ``"csv"``, from the file's suffix; refuses any other."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise refuse(
            "out",
            "a .parquet (or .pq) or .csv file",
            str(path),
            instead="name the file with one of those suffixes",
        )
    return FORMATS[suffix]


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
    keep = None if fields is None else set(fields) | {"exact", "trials"}
    out: dict = {}
    for f in dataclasses.fields(result):
        wanted = f.name in keep if keep is not None else f.name not in skip
        if wanted and f.metadata.get("export", True):
            _put(out, f.name, getattr(result, f.name))
    return out


def _put(out: dict, name: str, x) -> None:
    if x is None:
        return
    if isinstance(x, np.generic):
        x = x.item()
    if isinstance(x, Estimate):
        out[name] = float(x.value)
        out |= {f"{name}_{part}": float(getattr(x, part)) for part in _SUFFIXES}
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


#: The columns an estimate adds after its value, in order (their rank in the sort).
_SUFFIXES = {"stderr": 1, "ci_low": 2, "ci_high": 3}


def _token(t: str):
    try:
        return (0, int(t), "")
    except ValueError:
        return (1, 0, t)


def order_columns(cols, *, first=(), fields=(), last=()) -> list:
    """``cols`` in the sweep's order: ``first``, the result's columns, then ``last``.

    A result column belongs to the longest field of ``fields`` (the result's
    field names, in order) it starts with; columns of one field are sorted by
    their indices (numerically: ``net_2`` before ``net_10``), an
    estimate's value before its ``stderr``, ``ci_low`` and ``ci_high``. The
    order depends only on the set of columns, never on which rows came first.
    Columns in none of these come after the result's, in their given order.

    Examples
    --------
    >>> order_columns(["p_ci_low", "n", "pmf_10", "p", "pmf_2", "q"], first=["n"],
    ...               fields=["p", "pmf"], last=["q"])
    ['n', 'p', 'p_ci_low', 'pmf_2', 'pmf_10', 'q']
    """
    cols = list(dict.fromkeys(cols))
    fixed = set(first) | set(last)
    by_length = sorted(enumerate(fields), key=lambda f: -len(f[1]))
    keyed, rest = [], []
    for c in cols:
        if c in fixed:
            continue
        for i, name in by_length:
            if c == name or c.startswith(name + "_"):
                tail = c[len(name) + 1 :]
                rank = 0
                for suffix, r in _SUFFIXES.items():
                    if tail == suffix or tail.endswith("_" + suffix):
                        tail, rank = tail[: -len(suffix)].rstrip("_"), r
                        break
                tokens = tuple(_token(t) for t in tail.split("_")) if tail else ()
                keyed.append(((i, tokens, rank), c))
                break
        else:
            rest.append(c)
    body = [c for _, c in sorted(keyed)]
    return [c for c in first if c in cols] + body + rest + [c for c in last if c in cols]


def _missing(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def _kind(values) -> str:
    present = [v for v in values if not _missing(v)]
    if not present:
        return "empty"
    if all(isinstance(v, bool) for v in present):
        return "bool"
    if any(isinstance(v, bool) or not isinstance(v, numbers.Real) for v in present):
        return "str"
    if any(isinstance(v, Fraction) for v in present):
        return "fraction" if all(isinstance(v, numbers.Rational) for v in present) else "float"
    if all(isinstance(v, numbers.Integral) for v in present):
        return "int"
    return "float"


#: How a column of each kind (but floats) is built: each value's type, the column's dtype.
_KINDS = {
    "bool": (bool, "boolean"),
    "int": (int, "Int64"),
    "fraction": (Fraction, object),
    "str": (str, object),
    "empty": (None, object),
}


def frame(rows, cols=None):
    """The DataFrame of ``rows`` (dicts), one dtype per column (see the module docstring)."""
    import pandas as pd

    if cols is None:
        cols = list(dict.fromkeys(k for row in rows for k in row))
    data = {}
    for c in cols:
        values = [row.get(c) for row in rows]
        kind = _kind(values)
        if kind == "float":
            data[c] = np.array([np.nan if _missing(v) else float(v) for v in values], dtype=float)
        else:
            to, dtype = _KINDS[kind]
            data[c] = pd.Series([None if _missing(v) else to(v) for v in values], dtype=dtype)
    return pd.DataFrame(data, columns=cols, index=pd.RangeIndex(len(rows)))


def _for_file(df):
    """The frame as written: Fractions as "p/q" strings."""
    out = df.copy()
    for c in out.columns:
        if out[c].dtype == object and any(isinstance(v, Fraction) for v in out[c]):
            out[c] = [None if v is None else jsonable(v) for v in out[c]]  # "p/q", any size
    return out


def write(path, rows, cols=None) -> None:
    """Replace ``path`` with ``rows`` in one step (Parquet or CSV, by suffix).

    The rows go to a temporary file beside ``path``, flushed to disk and renamed
    over it (a reader, or a sweep killed at any moment, sees the old rows or the new
    ones, never half a file); temporary files left by killed writes are removed first.
    """
    path = Path(path)
    fmt = file_format(path)
    df = _for_file(frame(rows, cols))
    directory = path.parent if str(path.parent) else Path(".")
    clear_stale(directory)
    tmp = directory / temporary_name(path.name, directory=directory)
    try:
        if fmt == "parquet":
            df.to_parquet(tmp, index=False, engine="pyarrow")
        else:
            df.to_csv(tmp, index=False, lineterminator="\n")
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _parse(text: str):
    """One CSV field back to its value: "" → None, ints, floats, bools, else the text (a
    column of "p/q" texts is read as Fractions, as from Parquet)."""
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        if _INT.match(text):  # over 4,300 digits: int() of a text refuses, Decimal reads it
            return int(Decimal(text))
    if text in ("True", "False"):
        return text == "True"
    try:
        return float(text)
    except ValueError:
        return text


def _plain(v):
    import pandas as pd

    if v is None or v is pd.NA:
        return None
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return None
    return v


def read(path) -> tuple[list, list]:
    """The rows (dicts) and the column order of a file :func:`write` wrote."""
    import pandas as pd

    if file_format(path) == "parquet":
        # one read of the bytes: pyarrow given a path opens it twice, and a file replaced
        # between the two opens (a sweep writing as it runs) reads as a broken one
        df, cell = pd.read_parquet(io.BytesIO(Path(path).read_bytes()), engine="pyarrow"), _plain
    else:
        df, cell = pd.read_csv(path, dtype=str, keep_default_na=False), _parse
    cols = list(df.columns)
    rows = [
        {c: cell(v) for c, v in zip(cols, rec, strict=True)} for rec in df.itertuples(index=False)
    ]
    for c in cols:  # a column of "p/q" strings holds Fractions
        values = [r[c] for r in rows if r[c] is not None]
        if values and all(isinstance(v, str) and _FRACTION.match(v) for v in values):
            for r in rows:
                r[c] = None if r[c] is None else _fraction(r[c])
    return rows, cols


def _fraction(text: str) -> Fraction:
    """``"p/q"`` back to a Fraction, of any size (``int()`` of a text refuses more than 4,300
    digits; ``Decimal`` reads it exactly)."""
    num, den = text.split("/")
    return Fraction(int(Decimal(num)), int(Decimal(den)))
