"""The rules of a Year Zero Engine roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool


@dataclass(frozen=True)
class Rules:
    """How a Year Zero Engine roll is read.

    Parameters
    ----------
    push : bool, default False
        Push the roll, once, when the first roll falls short of ``need``: every die not
        showing 6 is rolled again (base and gear dice showing 1 stay). Only a pushed roll
        costs attribute or gear damage.
    reroll_ones : bool, default False
        A push rerolls every die not showing 6, base and gear 1s too (games whose 1s are
        not locked); off, base and gear dice showing 1 stay, as Mutant: Year Zero says.
    """

    push: bool = False
    reroll_ones: bool = False

    def __post_init__(self):
        check_bool("push", self.push)
        check_bool("reroll_ones", self.reroll_ones)

    def describe(self) -> str:
        """The reading in words: ``"pushed when short; base and gear 1s stay"``."""
        if not self.push:
            return "not pushed"
        ones = "every die but a 6 rerolled" if self.reroll_ones else "base and gear 1s stay"
        return f"pushed when short; {ones}"
