"""What every command shares: the argument types (a word read, never range-checked: a value
out of range is the API's own refusal) and the output flags (``--json``, ``--exact``,
``--plot FILE``)."""

from __future__ import annotations

import argparse
import re
import sys

from ..core.checks import parse_fraction_text, parse_int_text, shown
from ..format import percent

__all__ = [
    "typed",
    "int_arg",
    "seed_arg",
    "int_list",
    "int_or_list",
    "int_or_word",
    "word_list",
    "word_or_list",
    "real",
    "trials_arg",
    "rating_arg",
    "probability",
    "probabilities",
    "Gather",
    "LISTS",
    "add_output_flags",
    "add_plot_flag",
    "write_plot",
    "PLOT_SUFFIXES",
    "fmt_prob",
]


def typed(name: str):
    """An argparse ``type=`` from a function raising ``ValueError`` (named ``name`` in
    argparse's refusal of a malformed word)."""

    def wrap(read):
        def parse(text: str):
            try:
                return read(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None

        parse.__name__ = name
        return parse

    return wrap


@typed("int")
def int_arg(text: str) -> int:
    """An integer in ASCII digits (:func:`~dicestats.core.checks.parse_int_text`)."""
    return parse_int_text(text)


@typed("seed")
def seed_arg(text: str) -> int:
    """A seed, 0..2**63-1 (where the API leaves it to numpy, whose refusal names nothing)."""
    v = parse_int_text(text)
    if not 0 <= v < 2**63:
        raise ValueError(f"must be an integer in 0..{2**63 - 1:,}, got {shown(v)}")
    return v


#: The most values a range ``A-B`` spells (checked before the range is built).
RANGE_MAX = 100_000


@typed("list")
def int_list(text: str) -> list[int]:
    """``7,6,6``, a range ``1-10`` or one integer, as a list.

    >>> int_list("7,6,6"), int_list("2-4")
    ([7, 6, 6], [2, 3, 4])
    """
    head, sep, tail = text.strip().partition("-")
    if sep and head and "," not in text:  # A-B (a word starting with "-" is one integer)
        a, b = int_arg(head), int_arg(tail)
        if a > b:
            raise ValueError(f"reversed range {text!r}: write {b}-{a}")
        if b - a >= RANGE_MAX:
            raise ValueError(f"a range of at most {RANGE_MAX:,} values, got {shown(b - a + 1)}")
        return list(range(a, b + 1))
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise ValueError(
            "expected integers such as 3,3,2 or a range such as 1-10; got "
            f"{shown(text, quote=True)}"
        )
    return [int_arg(p) for p in parts]


def int_or_list(text: str):
    """One integer, or a list or range of them (:func:`int_list`)."""
    return int_list(text) if ("," in text or "-" in text.strip()[1:]) else int_arg(text)


def int_or_word(text: str):
    """An integer (``+3``, ``-1``) or else the word itself (``Fair``: the API reads it)."""
    try:
        return parse_int_text(text.removeprefix("+"))
    except ValueError:
        return text


@typed("list")
def word_list(text: str) -> list:
    """``1,Fair,+3``: integers or words (each as :func:`int_or_word` reads it), as a list."""
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise ValueError(f"expected values such as 1,Fair,+3; got {shown(text, quote=True)}")
    return [int_or_word(p.strip()) for p in parts]


def word_or_list(text: str):
    """One integer or word, or a list of them (``1,Fair,+3``)."""
    return word_list(text) if "," in text else int_or_word(text.strip())


@typed("number")
def real(text: str) -> float:
    if not text.isascii() or "_" in text:  # float() reads ٣, ３ and 1_0; other numbers don't
        raise ValueError(f"expected a number, got {shown(text, quote=True)}")
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"expected a number, got {shown(text, quote=True)}") from None


@typed("trials")
def trials_arg(text: str) -> int:
    """``1000000``, ``1_000_000`` or ``1e6``: a whole number of trials."""
    t = text.strip().lower()
    if re.fullmatch(r"[0-9]+(?:_[0-9]+)*(?:e[0-9]+)?", t):  # ASCII digits: int() reads others
        base, _, exp = t.replace("_", "").partition("e")
        return int(base) * 10 ** int(exp or 0)
    raise ValueError(f"expected a whole number such as 100000 or 1e6, got {text!r}")


def rating_arg(name: str):
    """A Fate rating: ``+2``, ``2``, ``Fair`` or ``fair``, in range
    (:func:`dicestats.fate.rules.check_rating`, imported on the first word read).

    >>> rating_arg("difficulty")("Superb"), rating_arg("difficulty")("-1")
    (5, -1)
    """

    @typed(name)
    def parse(text: str) -> int:
        from ..fate.rules import check_rating

        return check_rating(text, name)

    return parse


@typed("probability")
def probability(text: str):
    """A probability written ``0.75``, ``3/4`` or ``75%``, read exactly.

    >>> probability("3/4"), probability("75%"), probability("12.5 %")
    (Fraction(3, 4), Fraction(3, 4), Fraction(1, 8))
    """
    word = text.strip()
    if word.endswith("%"):  # a percentage: its number in 0..100, over 100
        try:
            return parse_fraction_text(word[:-1], 0, 100) / 100
        except ValueError:
            raise ValueError(
                f"must be a percentage in 0%..100% like 75%, got {shown(text, quote=True)}"
            ) from None
    return parse_fraction_text(text, 0, 1, "0.75, 3/4 or 75%")


@typed("levels")
def probabilities(text: str) -> list:
    """``"0.5,0.75,0.9"``: probabilities, each in [0, 1]."""
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise ValueError(
            "expected probabilities separated by commas such as 0.5,0.75,0.9; got "
            f"{shown(text, quote=True)}"
        )
    return [probability(p) for p in parts]


#: The converters that read lists: an option given twice adds to its list.
LISTS = (int_list, int_or_list, word_list, word_or_list)


class Gather(argparse.Action):
    """Store a list option's values; given again, add to them (``--vs 0 --vs 2``)."""

    def __call__(self, parser, namespace, values, option_string=None):
        before = getattr(namespace, self.dest, None)
        if before is not None:
            as_list = lambda v: list(v) if isinstance(v, list) else [v]  # noqa: E731
            values = as_list(before) + as_list(values)
        setattr(namespace, self.dest, values)


# --------------------------------------------------------------------------- output
def add_output_flags(p: argparse.ArgumentParser, exact: bool = True) -> None:
    """``--json`` and (optionally) ``--exact`` on a sub-command."""
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    if exact:
        p.add_argument("--exact", action="store_true", help='exact probabilities as "p/q" strings')


def fmt_prob(p) -> str:
    """A probability in the CLI's tables: :func:`dicestats.format.percent`, 2 decimals."""
    return percent(p, digits=2)


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
    import matplotlib.pyplot as plt

    from ..core.files import atomic_write
    from . import CLIError

    fig, suffix = ax.figure, path.suffix.lower()
    try:
        # a fixed salt: SVG element ids are random otherwise
        with matplotlib.rc_context({"svg.hashsalt": "dicestats"}), atomic_write(path) as fh:
            fig.savefig(
                fh, format=suffix[1:], dpi=150, bbox_inches="tight", metadata=_PLOT_METADATA[suffix]
            )
    except OSError as exc:  # a file where a directory should be, no permission: one line
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    print(f"wrote {path}", file=sys.stderr)
