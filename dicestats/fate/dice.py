"""Fate dice, die faces and the ladder: NdF by convolution, concrete faces, rating names.

Examples
--------
>>> fate_dice(exact=True).weights
(1, 4, 10, 16, 19, 16, 10, 4, 1)
>>> dice_total("−+0+"), ladder_name(3)
(1, 'Good (+3)')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from ..core.checks import check_bool, check_int, refuse
from ..core.dist import Dist
from .ladder import LADDER
from .limits import LIMITS
from .rules import resolve

__all__ = [
    "OUTCOMES",
    "LADDER",
    "APPROACHES",
    "DEFAULT_APPROACH_SPREAD",
    "fate_dice",
    "parse_faces",
    "dice_total",
    "ladder_name",
]

#: The four outcomes, in order: fail, tie, success, success with style.
OUTCOMES = ("fail", "tie", "success", "style")


#: FAE's default spread of approach ratings: one +3, two +2, two +1, one +0.
DEFAULT_APPROACH_SPREAD = (3, 2, 2, 1, 1, 0)

#: The six FAE approaches: English name → the name in the Chinese FAE text.
APPROACHES = {
    "careful": "謹慎",
    "clever": "機靈",
    "flashy": "花俏",
    "forceful": "猛烈",
    "quick": "迅速",
    "sneaky": "鬼祟",
}

# Glyphs a Fate die face may be written with (the Chinese FAE text uses full-width ones).
_GLYPHS = {
    "+": 1,
    "＋": 1,
    "-": -1,
    "−": -1,
    "－": -1,
    "–": -1,
    "0": 0,
    "０": 0,
    "□": 0,
}


def num(x, exact: bool):
    """``x`` as a Fraction (exact) or a float: how every Fate result stores numbers."""
    return Fraction(x) if exact else float(x)


def fate_dice(n: int | None = None, *, exact: bool = False, rules=None) -> Dist:
    """The sum of ``n`` Fate dice (NdF), by convolution.

    Parameters
    ----------
    n : int, optional
        Number of dice (default ``rules.dice``: 4, as FAE always rolls), 1..200.
    exact : bool
        Fractions (exact) or float64.
    rules : Rules, optional

    Examples
    --------
    >>> fate_dice(4, exact=True).pmf(0)
    Fraction(19, 81)
    >>> fate_dice(2).support()
    (-2, 2)
    """
    n = resolve(rules).dice if n is None else LIMITS["dice"].check(n, name="dice")
    check_bool("exact", exact)
    return _fate_dice(n, exact)


@lru_cache(maxsize=64)
def _fate_dice(n: int, exact: bool) -> Dist:
    return n @ Dist.fudge(exact=exact)


def parse_faces(faces) -> tuple[int, ...]:
    """Fate die faces as a tuple of -1/0/+1.

    Accepts a string of glyphs (``"+"``, ``"-"``, ``"−"``, ``"0"``, the
    full-width ``"＋"``, ``"－"``, ``"０"`` of the Chinese FAE text, ``"□"``
    for a blank; whitespace is ignored) or an iterable of such glyphs and/or
    the ints -1, 0, 1.

    Examples
    --------
    >>> parse_faces("－＋０＋")
    (-1, 1, 0, 1)
    >>> parse_faces([1, "-", 0])
    (1, -1, 0)
    """
    if isinstance(faces, str):
        items = [c for c in faces if not c.isspace()]
    elif isinstance(faces, Iterable):
        items = list(faces)
    else:
        raise refuse("faces", "a string or a sequence of die faces", faces, kind=True)
    out = []
    for i, f in enumerate(items):
        if isinstance(f, str):
            s = f.strip()
            if s not in _GLYPHS:
                raise refuse(f"faces[{i}]", "one of '+', '-', '−', '0' (or -1, 0, 1)", f)
            out.append(_GLYPHS[s])
        else:
            out.append(check_int(f"faces[{i}]", f, -1, 1))
    if not out:
        raise refuse("faces", "at least one die face", faces)
    return tuple(out)


def dice_total(faces) -> int:
    """The total of concrete Fate dice faces (see :func:`parse_faces`).

    Examples
    --------
    The four worked examples of the FAE text ("－＋０＋＝＋１" and so on):

    >>> [dice_total(s) for s in ("−+0+", "+−00", "+++−", "−000")]
    [1, 0, 2, -1]
    """
    return sum(parse_faces(faces))


def ladder_name(value: int) -> str:
    """The Fate ladder name of a rating or result, e.g. ``"Good (+3)"``.

    Values beyond the ladder (above +8, below −2) are shown as the number
    only. :func:`dicestats.format.ladder` is the formatter people-facing text
    uses; it calls this.

    Examples
    --------
    >>> ladder_name(3), ladder_name(-2), ladder_name(9)
    ('Good (+3)', 'Terrible (-2)', '+9')
    """
    value = check_int("value", value)
    text = f"{value:+d}"
    name = LADDER.get(value)
    return f"{name} ({text})" if name else text
