"""An Exalted roll: its exact odds (the pool's generating function and the botch's closed
form) and its Monte Carlo batches."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.results import Result, Table, View
from .rules import Rules

#: Rows of the successes table below this probability are left out of the text (never of
#: the result): 100 dice can show 0..200 successes, most of them far rarer than this.
SHOWN_FROM = 1e-6


@dataclass(frozen=True)
class ExaltedRoll(Result):
    """The odds of one Exalted roll (:func:`~dicestats.exalted.roll`)."""

    dice: int
    difficulty: int
    p_success: object  #: at least ``difficulty`` successes and no botch
    p_failure: object  #: neither a success nor a botch
    p_botch: object  #: no success and at least one 1
    successes: object  #: a ``Dist`` of the successes shown ({k: Estimate} when simulated)
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        title = (
            f"Exalted: {self.dice} dice at difficulty {self.difficulty} ({self.rules.describe()})"
        )
        names = ("success", "failure", "botch")
        values = (self.p_success, self.p_failure, self.p_botch)
        outcomes = Table(
            ("outcome", "probability"), tuple(zip(names, values, strict=True)), ("text", "p")
        )
        table = Table.distribution("successes", self.successes, least=SHOWN_FROM)
        return View(title, (outcomes, table))


def _die(rules: Rules, exact: bool):
    """One d10's successes: 0 on 1-6, 1 on 7-9 (and on a 10 that counts one), 2 on a 10."""
    from ..core.dist import Dist

    weights = {0: 6, 1: 3, 2: 1} if rules.double_tens else {0: 6, 1: 4}
    return Dist(weights, exact=exact)


def compute_roll(s, exact: bool) -> ExaltedRoll:
    """The pool's successes: the d10's generating function (6 + 3z + z²)/10 (with 10s
    counting one, (6 + 4z)/10) to the power ``dice``, by ``Dist.repeat_sum`` (repeated
    squaring of exact integer polynomials: 100 dice are 201 coefficients); the botch in
    closed form, P(no die 7+) − P(no die 7+ and no 1) = 0.6^n − 0.5^n."""
    successes = _die(s.rules, exact).repeat_sum(s.dice)
    if exact:
        botch = Fraction(6, 10) ** s.dice - Fraction(5, 10) ** s.dice
    else:
        botch = 0.6**s.dice - 0.5**s.dice
    at_least = successes.p_ge(s.difficulty)  # at difficulty 0: 1, the botches included
    success = at_least - botch if s.difficulty == 0 else at_least
    return ExaltedRoll(
        s.dice,
        s.difficulty,
        p_success=success,
        p_failure=1 - success - botch,
        p_botch=botch,
        successes=successes,
        rules=s.rules,
        exact=exact,
    )


class _Batch:
    """``fn(rng, n)``: n rolls, counted by successes shown, with the botches apart."""

    def __init__(self, dice: int, double_tens: bool):
        self.dice, self.double_tens = dice, double_tens

    def __call__(self, rng, n):
        import numpy as np

        faces = rng.integers(1, 11, size=(n, self.dice), dtype=np.int8)
        hits = (faces >= 7).sum(axis=1)
        if self.double_tens:
            hits = hits + (faces == 10).sum(axis=1)
        botch = (hits == 0) & (faces == 1).any(axis=1)
        most = self.dice * (2 if self.double_tens else 1)
        return {
            "successes": np.bincount(hits, minlength=most + 1).astype(np.int64),
            "botch": int(np.count_nonzero(botch)),
        }


def batch_roll(s) -> _Batch:
    return _Batch(s.dice, s.rules.double_tens)


def reduce_roll(s, res) -> ExaltedRoll:
    from ..core.montecarlo import wilson

    counts = [int(c) for c in res.totals["successes"]]
    n, botch = res.trials, res.totals["botch"]
    at_least = sum(counts[s.difficulty :])
    success = at_least - botch if s.difficulty == 0 else at_least
    est = {k: wilson(c, n, res.confidence) for k, c in enumerate(counts) if c}
    return ExaltedRoll(
        s.dice,
        s.difficulty,
        p_success=wilson(success, n, res.confidence),
        p_failure=wilson(n - success - botch, n, res.confidence),
        p_botch=wilson(botch, n, res.confidence),
        successes=est,
        rules=s.rules,
        exact=False,
        trials=n,
    )
