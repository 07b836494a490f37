"""A sweep's columns in the CLI's words, for the tables and charts people read (the CSV
headers and the JSON keep the field names).

The words of a parameter are its system's: ``versus`` is B's swiftness in the initiative,
but the opposition's skill in Fate and the resisting pool in the Storyteller system, so
those read the field name aloud.

Examples
--------
>>> words("p_first", "initiative"), words("versus", "initiative.odds")
('P(side A acts first)', "B's swiftness")
>>> words("versus", "fate"), words("p_counted_botch"), words("mean_net")
('versus', 'P(counted botch)', 'mean net')
"""

from __future__ import annotations

from ..format import metric_label

__all__ = ["words"]

#: Columns whose words are not their field name read aloud, in every system (a chance reads
#: ``P(...)`` of its name in :data:`dicestats.format.METRIC_LABELS`).
_WORDS = {
    "rules_order": "order",
    "rules_pip_rule": "pip rule",
    "rules_tiebreak": "tiebreak",
}

#: A system's own words (by the system's name, the part of a question's name before a dot).
_SYSTEM_WORDS = {
    "initiative": {
        "p_double": "P(someone acts twice in a row)",
        "swiftness": "A's swiftness",
        "versus": "B's swiftness",
        "pips_0": "A's pips",
        "versus_pips_0": "B's pips",
        "hold": "A's holding",
        "versus_hold": "B's holding",
        "weakness": "A's weakness",
        "versus_weakness": "B's weakness",
        "p_defended": "P(the attack is answered)",
    },
}


def words(column: str, question: str | None = None) -> str:
    """A column of a sweep of ``question`` (a name such as ``"initiative.odds"``; None: no
    system's own words) in words: a chance ``p_x`` reads ``P(x)``; underscores are spaces."""
    column = str(column)
    own = _SYSTEM_WORDS.get(str(question).split(".", 1)[0], {}) if question else {}
    if column in own:
        return own[column]
    if column in _WORDS:
        return _WORDS[column]
    if column.startswith("p_"):
        return f"P({metric_label(column)})"
    return column.replace("_", " ")
