"""The rules of an Exalted roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool


@dataclass(frozen=True)
class Rules:
    """How an Exalted (2nd edition) pool is counted.

    Parameters
    ----------
    double_tens : bool, default True
        A 10 counts two successes; off, one, as on a damage roll (whose 10s never count
        double).
    """

    double_tens: bool = True

    def __post_init__(self):
        check_bool("double_tens", self.double_tens)

    def describe(self) -> str:
        """The reading in words: ``"7+ a success; a 10 counts two"``."""
        return f"7+ a success; a 10 counts {'two' if self.double_tens else 'one (damage)'}"
