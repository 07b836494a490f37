"""The rules of a Blades in the Dark roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool, check_choice


@dataclass(frozen=True)
class Rules:
    """How a Blades in the Dark pool is read.

    Parameters
    ----------
    zero_dice : {"lowest-of-two", "none"}, default "lowest-of-two"
        A pool of 0 dice: roll 2d6 and read the lowest (no critical), as the rules say;
        ``"none"`` refuses a pool of 0.
    critical : bool, default True
        Two or more 6s are a critical success; off, they are a full success.
    """

    zero_dice: str = "lowest-of-two"
    critical: bool = True

    def __post_init__(self):
        check_choice("zero_dice", self.zero_dice, ("lowest-of-two", "none"))
        check_bool("critical", self.critical)

    def describe(self) -> str:
        """The reading in words: ``"0 dice: lowest of 2d6; two 6s: critical"``."""
        zero = "lowest of 2d6" if self.zero_dice == "lowest-of-two" else "refused"
        return f"0 dice: {zero}; two 6s: {'critical' if self.critical else 'full success'}"
