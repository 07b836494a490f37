"""A checked two-side setup (:class:`Sides`): participants numbered side by side, the
``swiftness`` side first (A1, A2, …, then B1, …), their dice in the same order; the
outcome classes both exact enumerations start from (:func:`dice_classes`) and the batch
size both Monte Carlo paths check (:func:`batch_rounds`)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import check_int_list, refuse
from .limits import LIMITS
from .rules import Rules, rules_with


def check_swiftness(name: str, values) -> tuple[int, ...]:
    """A side's swiftness list: at least one participant, each in the swiftness limit."""
    values = check_int_list(name, values)
    lim = LIMITS["swiftness"]
    return tuple(lim.check(v, name=f"{name}[{i}]") for i, v in enumerate(values))


def _check_pips(name: str, pips, n: int, pip_rule: str):
    """Preparation margins of one side of ``n`` participants: one per participant (a
    tuple), or with ``pip_rule="side-pool"`` one int for the side."""
    lim = LIMITS["pips"]
    if isinstance(pips, (list, tuple, np.ndarray)):
        if pip_rule == "side-pool":
            raise refuse(
                name,
                "one int with pip_rule='side-pool' (one margin shared by the side)",
                list(pips),
                instead="give the side's margin, or a per-participant rule",
            )
        out = check_int_list(name, pips, min_len=0)
        if len(out) != n:
            raise refuse(
                name,
                f"one margin per participant of the side ({n} numbers)",
                list(pips),
                why=f"pip_rule={pip_rule!r}: each participant has its own margin",
            )
        return tuple(lim.check(v, name=f"{name}[{i}]") for i, v in enumerate(out))
    value = lim.check(pips, name=name)
    if pip_rule == "side-pool":
        return value
    if n == 1 or value == 0:
        return (value,) * n
    raise refuse(
        name,
        f"one margin per participant of the side ({n} numbers, e.g. {[value] + [0] * (n - 1)})",
        value,
        why=f"pip_rule={pip_rule!r}: each participant has its own margin; a bare number is "
        "for a one-member side",
        instead="or pip_rule='side-pool' for one margin shared by the side",
    )


@dataclass(frozen=True)
class Sides:
    """Two sides of participants, their preparation pips and the rules in force."""

    swiftness: tuple
    versus: tuple
    pips: int | tuple = (0,)
    versus_pips: int | tuple = (0,)
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
        names = ("swiftness", "versus", "pips", "versus_pips", "rules", "labels")
        return {k: getattr(self, k) for k in names}

    def columns(self, p: int) -> tuple[int, int]:
        """The columns ``c0:c1`` of participant ``p``'s dice."""
        c0 = sum(self.sw[:p])
        return c0, c0 + self.sw[p]


def check_setup(swiftness, versus, pips=0, versus_pips=0, rules=None, **shortcuts) -> Sides:
    """:class:`Sides` from the API's arguments, every one checked against ``LIMITS``.

    Examples
    --------
    >>> s = check_setup([3], [2, 2], pips=2)
    >>> s.labels, s.pips, s.versus_pips
    (('A1', 'B1', 'B2'), (2,), (0, 0))
    """
    a = check_swiftness("swiftness", swiftness)
    b = check_swiftness("versus", versus)
    LIMITS["participants"].check(len(a) + len(b), name="participants")
    rules = rules_with(rules, **shortcuts)
    pa = _check_pips("pips", pips, len(a), rules.pip_rule)
    pb = _check_pips("versus_pips", versus_pips, len(b), rules.pip_rule)
    return Sides(a, b, pa, pb, rules)


def _multisets(s: int):
    """Every multiset of s d6 (faces high to low), (classes, s), and its orderings."""
    combos = list(itertools.combinations_with_replacement(range(6, 0, -1), s))
    weights = [
        math.factorial(s) // math.prod(math.factorial(c.count(f)) for f in set(c)) for c in combos
    ]
    return np.array(combos, dtype=np.int64).reshape(len(combos), s), weights


def dice_classes(sw, dtype):
    """The dice of every outcome class (classes, total dice), participants side by side,
    and each class's weight: its number of ordered rolls (so all 6^dice are covered)."""
    per = [_multisets(s) for s in sw]
    idx = np.indices([len(w) for _, w in per]).reshape(len(sw), -1)
    dice = np.concatenate([m[i] for (m, _), i in zip(per, idx, strict=True)], axis=1)
    weights = np.ones(idx.shape[1], dtype=dtype)
    for (_, w), i in zip(per, idx, strict=True):
        weights = weights * np.array(w, dtype=dtype)[i]
    return dice, weights


def batch_rounds(batch_size, sw):
    """``batch_size`` (checked against its memory), or the default: DEFAULT_BATCH rounds,
    fewer for big rounds."""
    if batch_size is not None:
        batch_size = mc.LIMITS["batch_size"].check(batch_size, name="batch_size")
        per = len(sw) * max(sw)  # dice columns of a round
        LIMITS["dice per given batch"].check_work(
            batch_size * per, name="batch_size", value=batch_size, per=per, per_name="dice a round"
        )
        return batch_size
    return max(256, min(mc.DEFAULT_BATCH, LIMITS["dice per batch"].hi // (len(sw) * max(sw))))
