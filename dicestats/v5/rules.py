"""The rules of a Vampire: the Masquerade (5th edition) roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool


@dataclass(frozen=True)
class Rules:
    """How a Vampire: the Masquerade (5th edition) roll is read.

    Parameters
    ----------
    bestial_always : bool, default False
        Count any roll with a Hunger die showing 1 as bestial, a win too (critical and
        messy ones included), as some dice tools do; by default only a failed roll is, as
        the rules say.
    """

    bestial_always: bool = False

    def __post_init__(self):
        check_bool("bestial_always", self.bestial_always)

    def describe(self) -> str:
        """The reading in words: ``"bestial: a failed roll with a Hunger 1"``."""
        if self.bestial_always:
            return "bestial: any roll with a Hunger 1"
        return "bestial: a failed roll with a Hunger 1"
