"""Helpers shared by the sub-command modules: argument types and output."""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction

__all__ = [
    "int_arg",
    "int_range_arg",
    "int_list_arg",
    "add_output_flags",
    "fmt_prob",
    "jsonable",
    "emit_json",
    "print_table",
]


def int_arg(lo: int | None = None, hi: int | None = None, name: str = "value"):
    """An argparse ``type=`` that accepts an integer in ``lo..hi``."""

    def parse(text: str) -> int:
        try:
            v = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            if lo is not None and hi is not None:
                span = f"in {lo}..{hi}"
            else:
                span = f">= {lo}" if lo is not None else f"<= {hi}"
            raise argparse.ArgumentTypeError(f"must be an integer {span}, got {v}")
        return v

    parse.__name__ = name
    return parse


def int_range_arg(lo: int | None = None, hi: int | None = None):
    """``"3-8"`` → ``[3, ..., 8]``, ``"5"`` → ``[5]``; refuses reversed ranges."""
    one = int_arg(lo, hi)

    def parse(text: str) -> list[int]:
        text = text.strip()
        head, sep, tail = text.partition("-") if not text.startswith("-") else (text, "", "")
        if sep:
            a, b = one(head), one(tail)
            if a > b:
                raise argparse.ArgumentTypeError(f"reversed range {text!r}: write {b}-{a}")
            return list(range(a, b + 1))
        return [one(text)]

    parse.__name__ = "range"
    return parse


def int_list_arg(lo: int | None = None, hi: int | None = None):
    """``"7,6,6"`` → ``[7, 6, 6]``."""
    one = int_arg(lo, hi)

    def parse(text: str) -> list[int]:
        parts = text.split(",")
        if any(not p.strip() for p in parts):
            raise argparse.ArgumentTypeError(
                f"expected a comma-separated list of integers such as 3,3,2; got {text!r}"
            )
        return [one(p) for p in parts]

    parse.__name__ = "list"
    return parse


def add_output_flags(p: argparse.ArgumentParser, exact: bool = True) -> None:
    """``--json`` and (optionally) ``--exact`` on a sub-command."""
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    if exact:
        p.add_argument("--exact", action="store_true", help='exact probabilities as "p/q" strings')


def fmt_prob(p, digits: int = 2) -> str:
    """A probability as a percentage for people: ``'43.21%'``, ``'<0.01%'``."""
    x = float(p)
    if x == 0:
        return "0%"
    if x == 1:
        return "100%"
    pct = 100 * x
    floor = 10 ** (-digits)
    if pct < floor:
        return f"<{floor:.{digits}f}%"
    if pct > 100 - floor:
        return f">{100 - floor:.{digits}f}%"
    return f"{pct:.{digits}f}%"


def jsonable(x):
    """Fractions → ``"p/q"`` strings, numpy scalars → Python, recursively."""
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        x = x.item()
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def emit_json(obj) -> None:
    """Print ``obj`` as JSON (Fractions as ``"p/q"``)."""
    json.dump(jsonable(obj), sys.stdout, indent=2)
    sys.stdout.write("\n")


def print_table(rows: list[tuple], header: tuple | None = None, title: str | None = None) -> None:
    """Print rows of strings as an aligned text table (first column left, others right)."""
    allrows = ([header] if header else []) + [tuple(str(c) for c in r) for r in rows]
    widths = [max(len(str(r[i])) for r in allrows) for i in range(len(allrows[0]))]
    if title:
        print(title)
    for n, r in enumerate(allrows):
        cells = [
            f"{str(c):<{widths[i]}}" if i == 0 else f"{str(c):>{widths[i]}}"
            for i, c in enumerate(r)
        ]
        print("  ".join(cells).rstrip())
        if header and n == 0:
            print("  ".join("-" * w for w in widths))
