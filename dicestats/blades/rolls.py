"""A Blades in the Dark roll: its exact odds (closed forms over the die read) and its
Monte Carlo batches."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.dist import Dist
from ..core.results import Result, Table, View
from .rules import Rules


@dataclass(frozen=True)
class BladesRoll(Result):
    """The odds of one Blades in the Dark action roll (:func:`~dicestats.blades.roll`)."""

    dice: int
    p_critical: object
    p_full: object
    p_partial: object
    p_bad: object
    p_success: object  #: a full success or a critical: the die read is a 6
    p_partial_or_better: object  #: any success, partial included: the die read is 4+
    #: the die read (the highest, or with 0 dice the lowest of 2): a Dist over 1..6, or
    #: {face: Estimate} of the faces seen when simulated
    die: object
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        read = "the lowest of 2d6" if self.dice == 0 else "the highest die"
        title = f"Blades in the Dark: {self.dice} dice, {read} read ({self.rules.describe()})"
        names = ("critical", "full success", "partial success", "bad outcome")
        values = (self.p_critical, self.p_full, self.p_partial, self.p_bad)
        outcomes = Table(
            ("outcome", "probability"), tuple(zip(names, values, strict=True)), ("text", "p")
        )
        die = Table(("die read", "probability"), tuple(self.die.items()), ("n", "p"), exact_of=1)
        return View(title, (outcomes, die))


def _die(s) -> list[int]:
    """The weights of the die read = 1..6 (over 6 ** dice; with 0 dice over 36)."""
    if s.dice == 0:  # the lowest of two: P(min >= k) = ((7 - k) / 6) ** 2
        return [(7 - k) ** 2 - (6 - k) ** 2 for k in range(1, 7)]
    return [k**s.dice - (k - 1) ** s.dice for k in range(1, 7)]


def compute_roll(s, exact: bool) -> BladesRoll:
    weights = _die(s)
    die = dict(zip(range(1, 7), Dist(weights, 1, exact=True).fractions(), strict=True))
    six = die[6]
    crit = Fraction(0)
    if s.dice >= 2 and s.rules.critical:  # two or more 6s: all but none and exactly one
        crit = (
            1 - Fraction(5, 6) ** s.dice - s.dice * Fraction(1, 6) * Fraction(5, 6) ** (s.dice - 1)
        )
    p = {
        "p_critical": crit,
        "p_full": six - crit,
        "p_partial": die[4] + die[5],
        "p_bad": die[1] + die[2] + die[3],
        "p_success": six,
        "p_partial_or_better": die[4] + die[5] + six,
    }
    if not exact:
        p = {k: float(v) for k, v in p.items()}
    return BladesRoll(s.dice, **p, die=Dist(weights, 1, exact=exact), rules=s.rules, exact=exact)


class _Batch:
    """``fn(rng, n)``: n rolls, counted by outcome and by the face read."""

    def __init__(self, dice: int, critical: bool):
        self.dice, self.critical = dice, critical

    def __call__(self, rng, n):
        import numpy as np

        if self.dice == 0:
            faces = rng.integers(1, 7, size=(n, 2), dtype=np.int8)
            read, sixes = faces.min(axis=1), np.zeros(n, dtype=np.int64)
        else:
            faces = rng.integers(1, 7, size=(n, self.dice), dtype=np.int8)
            read, sixes = faces.max(axis=1), (faces == 6).sum(axis=1)
        crit = (sixes >= 2) if self.critical else np.zeros(n, dtype=bool)
        return {
            "critical": int(np.count_nonzero(crit)),
            "face": np.bincount(read, minlength=7)[1:].astype(np.int64),
        }


def batch_roll(s) -> _Batch:
    return _Batch(s.dice, s.rules.critical)


def reduce_roll(s, res) -> BladesRoll:
    from ..core.montecarlo import wilson

    face = [int(c) for c in res.totals["face"]]
    n, crit = res.trials, res.totals["critical"]
    seen = zip(range(1, 7), face, strict=True)  # a face no roll showed: not in the estimate
    est = {k: wilson(c, n, res.confidence) for k, c in seen if c}
    return BladesRoll(
        s.dice,
        p_critical=res.proportion("critical"),
        p_full=wilson(face[5] - int(crit), n, res.confidence),
        p_partial=wilson(face[3] + face[4], n, res.confidence),
        p_bad=wilson(sum(face[:3]), n, res.confidence),
        p_success=wilson(face[5], n, res.confidence),
        p_partial_or_better=wilson(sum(face[3:]), n, res.confidence),
        die=est,
        rules=s.rules,
        exact=False,
        trials=n,
    )
