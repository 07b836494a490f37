"""Helpers shared by the sub-command modules: argument types and output."""

from __future__ import annotations

import argparse
import sys

from ..core.checks import int_range_text, parse_fraction_text, parse_int_text, shown
from ..core.results import jsonable
from ..format import fraction, percent, text_table, to_json

__all__ = [
    "int_arg",
    "int_range_arg",
    "int_list_arg",
    "rating_arg",
    "fraction_arg",
    "add_output_flags",
    "add_plot_flag",
    "write_plot",
    "PLOT_SUFFIXES",
    "limit_arg",
    "fmt_prob",
    "jsonable",
    "emit_json",
    "print_table",
]


def int_arg(lo: int | None = None, hi: int | None = None, name: str = "value"):
    """An argparse ``type=`` that accepts an integer in ``lo..hi``."""

    allowed = int_range_text(lo, hi)

    def parse(text: str) -> int:
        try:
            v = parse_int_text(text, allowed)  # a 5,000-digit word is not echoed in full
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError(f"must be {allowed}, got {shown(v)}")
        return v

    parse.__name__ = name
    return parse


def limit_arg(limit, kind: str = "int", name: str | None = None):
    """An argparse ``type=`` for one integer, a range ``3-8`` or a list ``7,6,6`` (``kind``)
    within a :class:`~dicestats.core.limits.Limit`; a value past its top says why.

    Examples
    --------
    >>> from dicestats.core.limits import Limit
    >>> limit_arg(Limit("dice", 1, 30, why="a sample"), "range")("2-4")
    [2, 3, 4]
    """

    def check(v: int) -> None:
        if not limit.lo <= v <= limit.hi:
            why = f" ({limit.why})" if v > limit.hi and limit.why else ""
            raise argparse.ArgumentTypeError(
                f"must be an integer in {limit.help}, got {shown(v)}{why}"
            )

    # a range's ends are checked before it is built: 1-10**23 is refused, not built
    if kind == "range":
        parse = int_range_arg(check_end=check)
    else:
        parse = {"int": int_arg, "list": int_list_arg}[kind]()

    def checked(text: str):
        values = parse(text)
        seq = values if isinstance(values, list) else [values]
        for v in (min(seq), max(seq)):  # the ends of a range: values the user typed
            check(v)
        return values

    checked.__name__ = name or limit.name
    return checked


def int_range_arg(lo: int | None = None, hi: int | None = None, *, check_end=None):
    """``"3-8"`` → ``[3, ..., 8]``, ``"5"`` → ``[5]``; refuses reversed ranges.
    ``check_end(v)`` (optional) checks each end before the range is built."""
    one = int_arg(lo, hi)

    def parse(text: str) -> list[int]:
        text = text.strip()
        head, sep, tail = text.partition("-") if not text.startswith("-") else (text, "", "")
        if sep:
            a, b = one(head), one(tail)
            for v in (a, b) if check_end else ():
                check_end(v)
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
                f"expected a comma-separated list of integers such as 3,3,2; got "
                f"{shown(text, quote=True)}"
            )
        return [one(p) for p in parts]

    parse.__name__ = "list"
    return parse


def rating_arg(name: str):
    """An argparse ``type=`` for a Fate rating: ``+2``, ``2``, ``Fair`` or ``fair``, in range
    (:func:`dicestats.fate.rules.check_rating`, imported on the first word read).

    Examples
    --------
    >>> rating_arg("difficulty")("Superb"), rating_arg("difficulty")("-1")
    (5, -1)
    """

    def parse(text: str) -> int:
        from ..fate.rules import check_rating

        try:
            return check_rating(text, name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name
    return parse


def fraction_arg(text: str):
    """An exact number in [0, 1] from ``"0.25"`` or ``"1/4"``
    (:func:`~dicestats.core.checks.parse_fraction_text`: strict, never slow).

    >>> fraction_arg("1/4")
    Fraction(1, 4)
    """
    try:
        return parse_fraction_text(text, 0, 1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: The chart files ``--plot`` writes, chosen by the extension.
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
# Dates left out, so the same chart gives the same bytes.
_PLOT_METADATA = {
    ".png": {"Software": None},
    ".svg": {"Date": None},
    ".pdf": {"CreationDate": None},
}


def _plot_path(text: str):
    from ..core.files import check_out_path

    try:
        return check_out_path("--plot", text, PLOT_SUFFIXES)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--plot ")) from None
    except OSError as exc:  # a name the system cannot even look up (too long, say)
        raise argparse.ArgumentTypeError(
            f"cannot write {shown(text, quote=True)}: {exc.strerror}"
        ) from None


def add_plot_flag(p: argparse.ArgumentParser, what: str = "the chart") -> None:
    """``--plot FILE``: also draw ``what`` into FILE (PNG, SVG or PDF by its extension)."""
    p.add_argument(
        "--plot",
        type=_plot_path,
        metavar="FILE",
        help=f"also draw {what} into FILE (.png, .svg or .pdf; written atomically)",
    )


def write_plot(ax, path) -> None:
    """Save the figure of ``ax`` to ``path`` (checked by ``--plot``), atomically; close it."""
    import matplotlib

    from ..core.files import atomic_write
    from . import CLIError

    fig = ax.figure
    try:
        # a fixed salt: SVG element ids are random otherwise
        with matplotlib.rc_context({"svg.hashsalt": "dicestats"}), atomic_write(path) as fh:
            fig.savefig(
                fh,
                format=path.suffix[1:].lower(),
                dpi=150,
                bbox_inches="tight",
                metadata=_PLOT_METADATA[path.suffix.lower()],
            )
    except OSError as exc:  # a file where a directory should be, no permission: one line
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
    print(f"wrote {path}", file=sys.stderr)


def add_output_flags(p: argparse.ArgumentParser, exact: bool = True) -> None:
    """``--json`` and (optionally) ``--exact`` on a sub-command."""
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    if exact:
        p.add_argument("--exact", action="store_true", help='exact probabilities as "p/q" strings')


def fmt_prob(p) -> str:
    """A probability in the CLI's tables: :func:`dicestats.format.percent`, 2 decimals."""
    return percent(p, digits=2)


#: The longest exact value a text cell shows whole: about 100 digits over 100 (GMP sums
#: make p/q of thousands of digits, a table of them megabytes).
EXACT_TEXT_CHARS = 200


def exact_text(x) -> str:
    """An exact value for a text table: ``'p/q'``, cut when it is longer than a table cell.

    >>> from fractions import Fraction
    >>> exact_text(Fraction(16, 81))
    '16/81'
    >>> exact_text(Fraction(1, 7**300))
    '1/338385…80001 (1/254 digits: whole with --json)'
    """
    text = fraction(x)
    if len(text) <= EXACT_TEXT_CHARS:
        return text
    num, _, den = text.partition("/")

    def cut(digits: str) -> str:
        return digits if len(digits) <= 12 else f"{digits[:6]}…{digits[-5:]}"

    sizes = f"{len(num):,}/{len(den):,}" if den else f"{len(num):,}"
    return f"{cut(num)}{'/' + cut(den) if den else ''} ({sizes} digits: whole with --json)"


def emit_json(obj) -> None:
    """Print a result (or plain data) as JSON, Fractions as ``"p/q"``."""
    sys.stdout.write(to_json(obj) + "\n")


def print_table(rows, header=None, title: str | None = None) -> None:
    """Print rows as an aligned text table (:func:`dicestats.format.text_table`)."""
    print(text_table(rows, header, title))
