"""The rules of a Powered by the Apocalypse roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool, check_int, refuse


@dataclass(frozen=True)
class Rules:
    """How a Powered by the Apocalypse roll is made and read.

    Parameters
    ----------
    advantage : bool, default False
        Roll 3d6 and keep the highest two (a hack's advantage); not with ``disadvantage``.
    disadvantage : bool, default False
        Roll 3d6 and keep the lowest two (a hack's disadvantage); not with ``advantage``.
    weak_hit : int, default 7
        The lowest total that is a hit (7: 6 or less misses); 2..12, below ``strong_hit``.
    strong_hit : int, default 10
        The lowest total that is a strong hit (10: 7-9 is a weak hit); 3..13.
    """

    advantage: bool = False
    disadvantage: bool = False
    weak_hit: int = 7
    strong_hit: int = 10

    def __post_init__(self):
        check_bool("advantage", self.advantage)
        check_bool("disadvantage", self.disadvantage)
        if self.advantage and self.disadvantage:
            raise refuse(
                "disadvantage",
                "False with advantage=True",
                self.disadvantage,
                why="a roll keeps its highest two of 3d6 or its lowest two, not both",
            )
        why = "the bands' edges lie on the two dice's totals 2..12 (13: a hit only a bonus reaches)"
        check_int("weak_hit", self.weak_hit, 2, 12, why=why)
        check_int("strong_hit", self.strong_hit, 3, 13, why=why)
        if self.strong_hit <= self.weak_hit:
            raise refuse("strong_hit", f"above weak_hit ({self.weak_hit})", self.strong_hit)

    @property
    def dice(self) -> str:
        """The dice rolled and kept, in words: ``"2d6"``, ``"3d6 keep the highest two"``."""
        if self.advantage:
            return "3d6 keep the highest two"
        return "3d6 keep the lowest two" if self.disadvantage else "2d6"

    def describe(self) -> str:
        """The reading in words: ``"2d6; miss 6-, weak hit 7-9, strong hit 10+"``."""
        weak, strong = self.weak_hit, self.strong_hit
        band = f"{weak}-{strong - 1}" if strong - 1 > weak else f"{weak}"
        return f"{self.dice}; miss {weak - 1}-, weak hit {band}, strong hit {strong}+"
