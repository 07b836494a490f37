"""The rules of a Chronicles of Darkness roll: the again rule, rote, the exceptional threshold.

Examples
--------
>>> Rules().describe()
'10-again; exceptional at 5+'
>>> Rules(again=8, rote=True).again, Rules(again="none").explodes
('8', False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool, check_choice, check_int

#: The again rules, as the command line spells them (``--again 8``, ``--again none``).
AGAIN = ("10", "9", "8", "none")
#: What rote does to a chance die that fails (see :class:`Rules`).
CHANCE_ROTE = ("reroll", "one-stands")


@dataclass(frozen=True)
class Rules:
    """How a Chronicles of Darkness (2nd edition) pool is read: 8, 9 and 10 succeed.

    Parameters
    ----------
    again : {"10", "9", "8", "none"}, default "10"
        Which faces are rolled again (each adds a die, repeatedly): 10-again, 9-again
        (9 and 10), 8-again (8, 9 and 10), or none (a roll that loses 10-again). The
        integers 10, 9 and 8 are read as their words.
    rote : bool, default False
        A rote action: each die of the first roll that fails is rolled once more (the
        reroll follows the again rule; dice added by the again rule are not rerolled).
    exceptional : int, default 5
        The successes of an exceptional success (1..10; some Conditions and Merits
        lower it).
    chance_rote : {"reroll", "one-stands"}, default "reroll"
        A rote chance die that fails: rolled once more, a dramatic failure read on the
        die that stands (``"reroll"``); or a 1 stands as a dramatic failure at once and
        only 2-9 are rolled again (``"one-stands"``).

    Examples
    --------
    >>> Rules(again=7)
    Traceback (most recent call last):
    ...
    dicestats.InputError: again must be one of '10', '9', '8', 'none', got 7
    """

    again: str = "10"
    rote: bool = False
    exceptional: int = 5
    chance_rote: str = "reroll"

    def __post_init__(self):
        again = self.again
        if isinstance(again, int) and not isinstance(again, bool) and str(again) in AGAIN:
            object.__setattr__(self, "again", str(again))  # Rules(again=8): the word "8"
        check_choice("again", self.again, AGAIN)
        check_bool("rote", self.rote)
        check_int("exceptional", self.exceptional, 1, 10)
        check_choice("chance_rote", self.chance_rote, CHANCE_ROTE)

    @property
    def explodes(self) -> bool:
        """Whether any face rolls again (every rule but ``again="none"``)."""
        return self.again != "none"

    @property
    def threshold(self) -> int:
        """The lowest face that rolls again: 10, 9 or 8; 11 (no face) without again."""
        return 11 if self.again == "none" else int(self.again)

    def cannot_apply(self, given, *, specialty: bool = False) -> list[tuple[str, str]]:
        """``(field, why)`` for each field in ``given`` that changes nothing under these
        rules (the command line refuses a flag given in vain).

        >>> Rules(chance_rote="one-stands").cannot_apply({"chance_rote"})
        [('chance_rote', 'it says what rote does to a chance die, and this roll is no rote')]
        """
        if "chance_rote" in given and not self.rote:
            why = "it says what rote does to a chance die, and this roll is no rote"
            return [("chance_rote", why)]
        return []

    def describe(self) -> str:
        """The reading in words: ``"8-again, rote; exceptional at 5+"``.

        >>> Rules(again="none", rote=True, chance_rote="one-stands").describe()
        'no again, rote (a 1 on a chance die stands); exceptional at 5+'
        """
        parts = ["no again" if self.again == "none" else f"{self.again}-again"]
        if self.rote:
            stands = self.chance_rote == "one-stands"
            parts.append("rote (a 1 on a chance die stands)" if stands else "rote")
        return ", ".join(parts) + f"; exceptional at {self.exceptional}+"
