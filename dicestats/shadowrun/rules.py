"""The rules of a Shadowrun success test."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool, check_choice


@dataclass(frozen=True)
class Rules:
    """How a Shadowrun dice pool is read.

    Parameters
    ----------
    edition : {5, 4}, default 5
        The glitch rule: 5th edition (as 6th World), a glitch when more than half the
        dice show 1; 4th edition, when half or more do.
    rule_of_six : bool, default False
        Edge spent before the roll (5th edition: Push the Limit): every 6 rolls one more
        die, again and again; the extra dice add hits but never a glitch (the glitch is
        judged on the dice rolled before any extra die).
    """

    edition: int = 5
    rule_of_six: bool = False

    def __post_init__(self):
        check_choice("edition", self.edition, (5, 4))
        check_bool("rule_of_six", self.rule_of_six)

    def describe(self) -> str:
        """The reading in words: ``"5th edition: glitch on more than half 1s"``."""
        glitch = "more than half" if self.edition == 5 else "half or more"
        six = "; Rule of Six" if self.rule_of_six else ""
        return f"{self.edition}th edition: glitch on {glitch} 1s{six}"
