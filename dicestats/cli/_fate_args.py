"""The Fate command line's argument types: ratings (numbers or ladder names), limited
integers and lists, exact point values; and a probability's table cells.

Examples
--------
>>> rating_arg("difficulty")("superb")
5
"""

from __future__ import annotations

import argparse
import re
from fractions import Fraction

from ..core.checks import shown
from ..fate.ladder import parse_rating
from ..fate.limits import LIMITS
from ._common import exact_text, fmt_prob, limit_arg

__all__ = ["RATING_HELP", "rating_arg", "limited", "int_list", "versus", "fraction_arg", "cells"]

#: What a rating option's help says it takes.
RATING_HELP = f"{LIMITS['rating'].help} or a ladder name such as Fair or superb"


def rating_arg(name: str):
    """An argparse ``type=`` for a rating: ``+2``, ``2``, ``Fair`` or ``fair``, in range.

    Examples
    --------
    >>> rating_arg("difficulty")("Superb"), rating_arg("difficulty")("-1")
    (5, -1)
    """

    def parse(text: str) -> int:
        try:
            return LIMITS["rating"].check(parse_rating(text), name=name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name
    return parse


def limited(p, flag: str, limit: str, help: str, **kw):
    """An option whose type, range and help text come from ``LIMITS[limit]``;
    a ``rating`` also takes a ladder name."""
    lim = LIMITS[limit]
    default = kw.get("default")
    extra = f"; default {default}" if default is not None else ""
    name = flag.lstrip("-").replace("-", "_")
    if limit == "rating":
        return p.add_argument(
            flag, type=rating_arg(name), help=f"{help} ({RATING_HELP}{extra})", **kw
        )
    parse = lim.argtype(name)  # integers: ASCII digits only
    return p.add_argument(flag, type=parse, help=f"{help} ({lim.help}{extra})", **kw)


def int_list(limit: str, name: str):
    """An argparse ``type=`` for ``"2,3,4"``: ASCII integers within ``LIMITS[limit]``;
    ``rating`` lists also take ladder names (``Fair,Good,+4``).

    Examples
    --------
    >>> int_list("rating", "difficulties")("1,fair, Good (+3)")
    [1, 2, 3]
    """
    numbers = limit_arg(LIMITS[limit], "list", name)
    if limit != "rating":
        return numbers

    def parse(text: str) -> list[int]:
        # each ladder name becomes its number; the shared list parser checks the rest
        try:
            words = [
                str(parse_rating(w)) if w.strip()[:1].isalpha() else w for w in text.split(",")
            ]
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return numbers(",".join(words))

    parse.__name__ = name
    return parse


def versus(group, help: str):
    """``--vs`` (the active opposition's bonus)."""
    limited(group, "--vs", "rating", help, metavar="B2", dest="versus")


#: A point value as the command line takes it: a decimal (``0.25``, ``.5``, ``25e-2``) or a
#: fraction (``1/4``), ASCII digits only. ``Fraction()`` alone also reads underscores
#: (``1e-1_000``), Unicode digits and exponents whose integer takes minutes to build.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE]([+-]?[0-9]+))?")
_RATIO = re.compile(r"[+-]?[0-9]+ */ *[0-9]+")
#: The largest exponent a point value may carry: 1e-50 is already nothing next to 1.
_MAX_EXPONENT = 50


def fraction_arg(text: str) -> Fraction:
    """An exact number from ``"0.25"`` or ``"1/4"``, within ``LIMITS["point_value"]``.

    The text is matched strictly (ASCII digits, at most 100 characters, an
    exponent within ±50) before :class:`~fractions.Fraction` sees it:
    ``Fraction("1e-1_000_000")`` once ran for minutes.
    """
    lim = LIMITS["point_value"]
    word = text.strip()
    expected = f"a number in {lim.help} like 0.25 or 1/4"
    decimal = _DECIMAL.fullmatch(word) if len(word) <= 100 else None
    ratio = _RATIO.fullmatch(word) if len(word) <= 100 else None
    if not (decimal or ratio):
        raise argparse.ArgumentTypeError(
            f"must be {expected} (ASCII digits, at most 100 characters), "
            f"got {shown(text, quote=True)}"
        )
    if decimal and decimal.group(1) and abs(int(decimal.group(1))) > _MAX_EXPONENT:
        raise argparse.ArgumentTypeError(
            f"must be {expected} with an exponent within ±{_MAX_EXPONENT}, "
            f"got {shown(text, quote=True)} (a huge exponent takes minutes to read exactly, "
            f"and 1e-{_MAX_EXPONENT} is already nothing next to a success)"
        )
    try:
        v = Fraction(word.replace(" ", ""))
    except ZeroDivisionError:
        raise argparse.ArgumentTypeError(
            f"must be {expected}, got {shown(text, quote=True)} (a zero denominator)"
        ) from None
    if not lim.lo <= v <= lim.hi:
        raise argparse.ArgumentTypeError(f"must be a number in {lim.help}, got {shown(word)}")
    return v


def cells(x, exact: bool) -> tuple:
    """A probability's table cells: the percentage, and ``p/q`` when exact."""
    return (fmt_prob(x),) + ((exact_text(x),) if exact else ())
