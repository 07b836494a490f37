"""A checked two-side setup: swiftness of each participant, their pips, the rules.

Participants are numbered side by side: the ``swiftness`` side first (labels
A1, A2, …), then the ``versus`` side (B1, B2, …). Their dice sit side by side
in the same order wherever a round is held as an array of dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..core.checks import check_int_list, refuse
from .limits import LIMITS
from .rules import Rules, rules_with

__all__ = ["Setup", "check_setup", "check_swiftness"]


def check_swiftness(name: str, values) -> tuple[int, ...]:
    """A side's swiftness list: at least one participant, each in the swiftness limit."""
    values = check_int_list(name, values)
    lim = LIMITS["swiftness"]
    return tuple(lim.check(v, name=f"{name}[{i}]") for i, v in enumerate(values))


def _check_pips(name: str, pips, n: int):
    """An int (the side's pool) or one int per participant (a tuple)."""
    lim = LIMITS["pips"]
    if isinstance(pips, (list, tuple, np.ndarray)):
        out = check_int_list(name, pips, min_len=0)
        if len(out) != n:
            raise refuse(
                name, f"one int (the side's pool) or one int per participant ({n})", list(pips)
            )
        return tuple(lim.check(v, name=f"{name}[{i}]") for i, v in enumerate(out))
    return lim.check(pips, name=name)


@dataclass(frozen=True)
class Setup:
    """Two sides of participants, their preparation pips and the rules in force."""

    swiftness: tuple
    versus: tuple
    pips: int | tuple = 0
    versus_pips: int | tuple = 0
    rules: Rules = Rules()

    @property
    def sw(self) -> tuple[int, ...]:
        """Swiftness of every participant, first side first."""
        return self.swiftness + self.versus

    @property
    def n(self) -> int:
        """Number of participants."""
        return len(self.swiftness) + len(self.versus)

    @property
    def sides(self) -> tuple[int, ...]:
        """Each participant's side: 0 (first) or 1 (versus)."""
        return (0,) * len(self.swiftness) + (1,) * len(self.versus)

    @property
    def labels(self) -> tuple[str, ...]:
        """A1, A2, … for the first side, B1, B2, … for the other."""
        return tuple(f"A{i + 1}" for i in range(len(self.swiftness))) + tuple(
            f"B{i + 1}" for i in range(len(self.versus))
        )

    @property
    def dice(self) -> int:
        """Dice rolled in a round."""
        return sum(self.sw)

    @cached_property
    def owners(self) -> np.ndarray:
        """The participant owning each column of a round's dice."""
        return np.repeat(np.arange(self.n), self.sw)

    def described(self) -> dict:
        """The fields a result repeats to say what it answers (sides, pips, rules, labels)."""
        return {
            "swiftness": self.swiftness,
            "versus": self.versus,
            "pips": self.pips,
            "versus_pips": self.versus_pips,
            "rules": self.rules,
            "labels": self.labels,
        }

    def columns(self, p: int) -> tuple[int, int]:
        """The columns ``c0:c1`` of participant ``p``'s dice."""
        c0 = sum(self.sw[:p])
        return c0, c0 + self.sw[p]


def check_setup(swiftness, versus, pips=0, versus_pips=0, rules=None, **shortcuts) -> Setup:
    """A :class:`Setup` from the API's arguments, every one checked against ``LIMITS``.

    Examples
    --------
    >>> check_setup([3], [2, 2], pips=[1]).labels
    ('A1', 'B1', 'B2')
    >>> check_setup([3, 3], [2], pips=[1])
    Traceback (most recent call last):
    ...
    dicestats.InputError: pips must be one int (the side's pool) or one int per participant (2), \
got [1]
    """
    a = check_swiftness("swiftness", swiftness)
    b = check_swiftness("versus", versus)
    LIMITS["participants"].check(len(a) + len(b), name="participants")
    pa = _check_pips("pips", pips, len(a))
    pb = _check_pips("versus_pips", versus_pips, len(b))
    return Setup(a, b, pa, pb, rules_with(rules, **shortcuts))
