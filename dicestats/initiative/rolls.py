"""Success rolls: THE USER'S ASSUMPTION of how attack, defence and armour rolls count (the
game's own action roll is unknown): :class:`SuccessRoll` or :class:`RollTable`, each with
its exact distribution (``pmf``, which the enumeration branches on) and its draws."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import check_real, refuse
from .limits import LIMITS


@dataclass(frozen=True)
class SuccessRoll:
    """``dice`` d6, each showing ``success`` or more is one success (the user's assumption).

    Parameters
    ----------
    dice : int
        Dice rolled (0..1000; 0 never succeeds).
    success : int
        The lowest face that is a success (1..7; 7: no face is).

    Examples
    --------
    >>> r = SuccessRoll(3, success=5)
    >>> r.p_success, r.most
    (Fraction(1, 3), 3)
    >>> import numpy as np
    >>> r(np.random.default_rng(0), (4,)).shape
    (4,)
    """

    dice: int
    success: int = 5

    def __post_init__(self):
        LIMITS["roll dice"].check(self.dice, name="dice")
        LIMITS["success"].check(self.success, name="success")

    @property
    def p_success(self) -> Fraction:
        """Chance that one die is a success."""
        return Fraction(7 - self.success, 6)

    @property
    def most(self) -> int:
        """The most successes the roll can give."""
        return self.dice

    def pmf(self) -> dict:
        """``{successes: probability}`` (binomial, Fractions)."""
        p = self.p_success
        return {
            k: math.comb(self.dice, k) * p**k * (1 - p) ** (self.dice - k)
            for k in range(self.dice + 1)
        }

    def describe(self) -> str:
        """``'3d6, 5+ succeeds'``: how the figures were assumed."""
        how = "no face succeeds" if self.success > 6 else f"{self.success}+ succeeds"
        return f"{self.dice}d6, {how}"

    def __call__(self, rng, shape):
        return rng.binomial(self.dice, float(self.p_success), size=shape)


@dataclass(frozen=True)
class RollTable:
    """Any distribution of successes: ``{successes: probability}`` (the user's assumption).

    Probabilities may be Fractions, ints or floats; they must be >= 0 and sum to 1
    (floats within 1e-9). Successes are whole numbers 0..1000.

    Examples
    --------
    >>> RollTable({0: Fraction(1, 2), 1: Fraction(1, 2)}).most
    1
    """

    table: dict = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.table, dict) or not self.table:
            raise refuse("table", "a non-empty dict {successes: probability}", self.table)
        lim = LIMITS["roll dice"]
        clean = {}
        for k, p in self.table.items():
            k = lim.check(k, name="successes")
            clean[k] = check_real(f"table[{k}]", p, 0, 1)
            if isinstance(p, (int, Fraction)) and not isinstance(p, bool):
                clean[k] = Fraction(p)
        total = sum(clean.values())
        if abs(float(total) - 1) > 1e-9:
            raise refuse("table", "probabilities summing to 1", f"a sum of {float(total)}")
        object.__setattr__(self, "table", dict(sorted(clean.items())))

    @property
    def most(self) -> int:
        """The most successes the roll can give."""
        return max(self.table)

    def pmf(self) -> dict:
        """``{successes: probability}`` for 0..most (zeros filled in)."""
        return {k: self.table.get(k, 0) for k in range(self.most + 1)}

    def describe(self) -> str:
        """``'successes 0: 1/2, 2: 1/2'``."""
        return "successes " + ", ".join(
            f"{k}: {p}" if isinstance(p, Fraction) else f"{k}: {p:g}" for k, p in self.table.items()
        )

    def __call__(self, rng, shape):
        import numpy as np  # only where a batch runs: declaring a question's samples needs none

        ks = np.array(list(self.table), dtype=np.int64)
        ps = np.array([float(p) for p in self.table.values()])
        return ks[rng.choice(ks.size, size=shape, p=ps / ps.sum())]


#: The text of a success roll: ``3`` or ``3d6`` (5+ succeeds), ``3d6/4+``.
_ROLL_TEXT = re.compile(r"\s*([0-9]{1,9})(?:d6)?(?:/([0-9]{1,9})\+)?\s*")


def check_roll(name: str, roll):
    """``roll`` if it is a :class:`SuccessRoll` or a :class:`RollTable` (or None); the
    text of a success roll (``"3"``, ``"3d6"``: 3d6, 5+ succeeds; ``"3d6/4+"``) as its
    :class:`SuccessRoll`.

    Examples
    --------
    >>> check_roll("attack", "3"), check_roll("attack", "2d6/4+")
    (SuccessRoll(dice=3, success=5), SuccessRoll(dice=2, success=4))
    """
    if roll is None or isinstance(roll, (SuccessRoll, RollTable)):
        return roll
    if isinstance(roll, str):
        m = _ROLL_TEXT.fullmatch(roll)
        if m is None:
            raise refuse(name, "a success roll such as 3 (3d6, 5+ succeeds) or 3d6/4+", roll)
        dice = LIMITS["roll dice"].check(int(m.group(1)), name=f"{name} dice")
        success = 5 if m.group(2) is None else int(m.group(2))
        return SuccessRoll(dice, LIMITS["success"].check(success, name=f"{name} success"))
    raise refuse(
        name,
        "a SuccessRoll(dice, success), a RollTable({successes: probability}) or the text "
        "of a success roll (3d6/4+): the enumeration needs the roll's distribution",
        roll,
        kind=True,
    )


def weights(roll, exact: bool):
    """The roll's distribution (0..most successes) as (numerators, denominator) ints, or
    (floats, 1.0); exact only for exact probabilities (the question's setup refuses floats)."""
    probs = list(roll.pmf().values())
    if not exact:
        return [float(p) for p in probs], 1.0
    den = math.lcm(*(p.denominator for p in probs))
    return [int(p * den) for p in probs], den
