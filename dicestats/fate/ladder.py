"""The Fate ladder: rating names, and a rating read from a number or a name.

A light module (no numpy): the command line reads ``--difficulty Superb``
through :func:`parse_rating` before any computation is imported.

Examples
--------
>>> LADDER[5]
'Superb'
>>> [parse_rating(w) for w in ("Superb", "fair", "+2", "2", "-1", "Good (+3)")]
[5, 2, 2, 2, -1, 3]
"""

from __future__ import annotations

import re

from ..core.checks import parse_int_text, shown

__all__ = ["LADDER", "ladder_text", "parse_rating"]

#: The Fate ladder (the source texts do not print it; these are the usual names).
LADDER = {
    8: "Legendary",
    7: "Epic",
    6: "Fantastic",
    5: "Superb",
    4: "Great",
    3: "Good",
    2: "Fair",
    1: "Average",
    0: "Mediocre",
    -1: "Poor",
    -2: "Terrible",
}

_BY_NAME = {name.lower(): value for value, name in LADDER.items()}
#: A name as the tables print it, with its number: ``Good (+3)``.
_NAMED = re.compile(r"([A-Za-z]+)\s*\(\s*([+-]?[0-9]+)\s*\)")


def ladder_text() -> str:
    """The ladder in one line, best first, as refusals list it.

    Examples
    --------
    >>> ladder_text()[:40]
    'Legendary +8, Epic +7, Fantastic +6, Sup'
    """
    return ", ".join(f"{name} {value:+d}" for value, name in LADDER.items())


def parse_rating(text) -> int:
    """A Fate rating, difficulty or opposition from a number or a ladder name.

    Numbers are ASCII integers with an optional sign (``"+2"``, ``"2"``,
    ``"-1"``); names are the ladder's, in any case (``"Fair"``, ``"fair"``),
    optionally with their number as the tables print them (``"Fair (+2)"``,
    which must agree). An int is returned as it is. The range is not checked
    here: ``LIMITS["rating"]`` does that.

    Raises
    ------
    ValueError
        One line naming the word and listing the ladder.

    Examples
    --------
    >>> parse_rating("SUPERB"), parse_rating(" +4 "), parse_rating(7)
    (5, 4, 7)
    >>> parse_rating("Heroic")
    Traceback (most recent call last):
    ...
    ValueError: expected an integer or a ladder name (Legendary +8, Epic +7, Fantastic +6, \
Superb +5, Great +4, Good +3, Fair +2, Average +1, Mediocre +0, Poor -1, Terrible -2), \
got 'Heroic'
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        raise ValueError(f"expected an integer or a ladder name, got {shown(text, quote=True)}")
    word = text.strip()
    named = _NAMED.fullmatch(word)
    if named and named.group(1).lower() in _BY_NAME:
        value = _BY_NAME[named.group(1).lower()]
        if int(named.group(2)) != value:
            raise ValueError(
                f"{shown(text, quote=True)} names {LADDER[value]} but gives {named.group(2)}: "
                f"{LADDER[value]} is {value:+d} on the ladder"
            )
        return value
    if word.lower() in _BY_NAME:
        return _BY_NAME[word.lower()]
    if word[:1].isalpha():
        raise ValueError(
            f"expected an integer or a ladder name ({ladder_text()}), got {shown(text, quote=True)}"
        )
    return parse_int_text(word, "an integer or a ladder name")
