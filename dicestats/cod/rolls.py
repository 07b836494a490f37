"""A Chronicles of Darkness roll: its exact odds (generating functions) and its Monte Carlo
batches.

The exact method
----------------
A die's successes have a rational generating function: with ``a`` the lowest face that
rolls again (10, 9, 8; 11 with no again), ``c = 11 - a`` faces roll again and ``e = a - 8``
succeed without rolling again, so G = 7/10 + (e/10)·z + (c/10)·z·G, that is

    G(z) = (7 + e·z) / (10 - c·z)  =  A(z)/A(1) · (1 - r)/(1 - r·z),   r = c/10:

a polynomial distribution times a geometric one. A rote die rolls its failure (7/10) once
more as a plain die: R = (7/10)·G + (G - 7/10) = (49 + (10a - 59)·z) / (10·(10 - c·z)), the
same shape. A pool of n such dice is A(z)^n/A(1)^n (a binomial) times (1-r)^n/(1-r·z)^n (a
negative binomial, coefficients C(n+k-1, k)·(1-r)^n·r^k): both in closed form, one product
(:func:`~dicestats.core.dist.convolve_int`, exact integers over 10^(n+cap)·A(1)^n).

The successes are unbounded when dice roll again: the coefficients are exact up to
``cap - 1`` (:func:`cap`, 2 × dice + 10) and the outcome ``cap`` holds P(successes >= cap)
exactly, 1 minus the rest. The chance die is (1 - s) + s·z·X, s the chance that a 10
stands (1/10; 19/100 with rote; 18/100 when a 1 stands) and X a plain die's G (1 with no
again).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..core.results import Lines, Result, Table, View
from .rules import Rules

#: Successes at or below this P(>= k) are one last row "k+" of the view's table.
SHOWN = 1e-6


def cap(dice: int) -> int:
    """The outcome that holds "this many successes or more": 2 × dice + 10.

    A pool has at most ``dice`` successes before a die rolls again, and rolling again adds
    on average 3/7 of a success per die at most (8-again; 51/70 with rote): the cap is
    many standard deviations above the mean, and at least 10 (so above any exceptional
    threshold).

    >>> cap(5), cap(0)
    (20, 10)
    """
    return 2 * dice + 10


@dataclass(frozen=True)
class CodRoll(Result):
    """The odds of one Chronicles of Darkness roll (:func:`~dicestats.cod.roll`)."""

    dice: int
    p_success: object  #: at least one success
    p_exceptional: object  #: at least ``rules.exceptional`` successes (5)
    p_failure: object  #: no success, and no dramatic failure
    p_dramatic_failure: object  #: a chance die's 1 (0 for a pool of 1 or more dice)
    mean_successes: object  #: the expected successes (exact: no cap)
    successes: object  #: Dist of successes, ``cap`` meaning cap or more; {k: Estimate}
    cap: int  #: the outcome of ``successes`` that holds "cap or more" (2 × dice + 10)
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        pool = "a chance die" if self.dice == 0 else f"{self.dice} dice"
        title = f"Chronicles of Darkness: {pool} ({self.rules.describe()})"
        names = (
            "success (1+ successes)",
            f"exceptional success ({self.rules.exceptional}+)",
            "failure",
            "dramatic failure",
        )
        values = (self.p_success, self.p_exceptional, self.p_failure, self.p_dramatic_failure)
        rows = tuple(zip(names, values, strict=True))[: 3 if self.dice else 4]
        outcomes = Table(("outcome", "probability"), rows, ("text", "p"))
        mean = Lines((("mean successes", self.mean_successes, "mean"),))
        shown, note = self._successes_rows()
        table = Table(("successes", "probability"), shown, ("text", "p"), note=note)
        return View(title, (outcomes, mean, table))

    def _successes_rows(self):
        """The rows of the successes table: each count, then "k+" for the rare rest."""
        top = f"{self.cap}+"
        if isinstance(self.successes, dict):  # simulated: the counts seen
            rows = [(top if k == self.cap else str(k), p) for k, p in self.successes.items()]
            return tuple(rows), None
        rows = []
        for k, p in self.successes.items():
            rest = self.successes.p_ge(k)
            if k == self.cap or rest < SHOWN:
                rows.append((f"{k}+", rest))
                break
            rows.append((str(k), p))
        cut = rows[-1][0].endswith("+")
        return tuple(rows), ("the last row: that many successes or more" if cut else None)


# --------------------------------------------------------------------------- exact and float
def _pool_form(rules: Rules, rote: bool) -> tuple[tuple[int, int], int]:
    """``(A, c)`` of a die's generating function A(z)/A(1) · (1-r)/(1-r·z), r = c/10."""
    a = rules.threshold
    c = 11 - a
    return ((49, 10 * a - 59) if rote else (7, a - 8)), c


def _series_exact(form, c: int, n: int, top: int) -> tuple[list[int], int]:
    """P(k) for k < ``top``, then P(>= top): integer weights and their denominator."""
    from ..core.dist import convolve_int

    u, v = form
    binomial = [math.comb(n, j) * u ** (n - j) * v**j for j in range(min(n, top - 1) + 1)]
    negative = [10**top]  # no again: no die rolls again, the geometric factor is 1
    if c:
        negative = [math.comb(n + i - 1, i) * c**i * 10 ** (top - i) for i in range(top)]
    w = convolve_int(binomial, negative)[:top]
    w = [x * (10 - c) ** n for x in w]
    den = (u + v) ** n * 10 ** (n + top)
    return [*w, *[0] * (top - len(w)), den - sum(w)], den


def _series(form, c: int, n: int, top: int, exact: bool):
    """P(k), k < ``top``, then P(>= top), of n dice of generating function ``(form, c)``:
    ``(weights, denominator)`` exact, or ``(probabilities, 1.0)``: in floats the tail is the
    sum of the coefficients from ``top`` to 2 × top + 60 (what lies past them is at most
    0.3^72, about 2e-38, of it: one die at 8-again; less for larger pools)."""
    if exact:
        return _series_exact(form, c, n, top)
    import numpy as np

    (u, v), far = form, 2 * top + 60
    poly, power, m = np.array([1.0]), np.array([u, v], dtype=float) / (u + v), n
    while m:  # A(z)^n / A(1)^n by squaring: all terms positive, no cancellation
        if m & 1:
            poly = np.convolve(poly, power)[:far]
        power, m = np.convolve(power, power)[:far], m >> 1
    r = c / 10
    i = np.arange(far - 1, dtype=float)
    steps = r * (n + i) / (i + 1)  # C(n+k-1, k) r^k (1-r)^n, term by term
    negative = (1 - r) ** n * np.concatenate(([1.0], np.cumprod(steps)))
    p = np.convolve(poly, negative)[:far]
    return np.concatenate((p[:top], [math.fsum(p[top:])])), 1.0


def _chance_stands(rules: Rules) -> tuple[Fraction, Fraction]:
    """A chance die: (P(a 10 stands), P(a 1 stands: dramatic failure))."""
    if not rules.rote:
        return Fraction(1, 10), Fraction(1, 10)
    if rules.chance_rote == "reroll":  # any failure rolled again as a chance die
        return Fraction(19, 100), Fraction(9, 100)
    return Fraction(18, 100), Fraction(18, 100)  # a 1 stands, 2-9 rolled again


def _successes(dice: int, rules: Rules, exact: bool):
    """The distribution of successes (``cap(dice)`` holding cap or more) and P(dramatic)."""
    import numpy as np

    from ..core.dist import Dist

    top = cap(dice)
    if dice:
        form, c = _pool_form(rules, rules.rote)
        w, den = _series(form, c, dice, top, exact)
        dramatic = Fraction(0)
    else:  # (1 - s) + s·z·X: X a plain die rolling again, or no die at all
        s, dramatic = _chance_stands(rules)
        if rules.explodes:
            form, c = _pool_form(rules, False)
            x, den = _series(form, c, 1, top - 1, exact)
        else:
            x, den = ([1] if exact else np.array([1.0])), 1
        if exact:
            w = [(s.denominator - s.numerator) * den, *(s.numerator * v for v in x)]
            den *= s.denominator
        else:
            w = np.concatenate(([1 - float(s)], float(s) * np.asarray(x)))
    if exact:
        return Dist.from_counts(w), dramatic
    return Dist.from_probabilities(np.asarray(w) / den, normalise=False), float(dramatic)


def mean_successes(dice: int, rules: Rules) -> Fraction:
    """The expected successes, exactly (no cap): a plain die's G'(1) = 3/(a-1) (3/10 with no
    again), a rote die's 17/10 of it, a chance die's s·(1 + G'(1)).

    >>> mean_successes(5, Rules()), mean_successes(3, Rules(again=8, rote=True))
    (Fraction(5, 3), Fraction(153, 70))
    """
    one = Fraction(3, rules.threshold - 1)
    if dice == 0:
        s, _ = _chance_stands(rules)
        return s * (1 + one) if rules.explodes else s
    return dice * (Fraction(17, 10) * one if rules.rote else one)


def compute_roll(s, exact: bool) -> CodRoll:
    dist, dramatic = _successes(s.dice, s.rules, exact)
    p_success = dist.p_ge(1)
    mean = mean_successes(s.dice, s.rules)
    return CodRoll(
        s.dice,
        p_success=p_success,
        p_exceptional=dist.p_ge(s.rules.exceptional),
        p_failure=1 - p_success - dramatic,
        p_dramatic_failure=dramatic,
        mean_successes=mean if exact else float(mean),
        successes=dist,
        cap=cap(s.dice),
        rules=s.rules,
        exact=exact,
    )


# --------------------------------------------------------------------------- Monte Carlo
class _Batch:
    """``fn(rng, n)``: n rolls, counted by successes (capped), with their sums for the mean
    and the dramatic failures. Vectorized over trials × dice; one loop per generation of
    dice rolled again."""

    def __init__(self, dice: int, rules: Rules):
        self.dice, self.again, self.rote = dice, rules.threshold, rules.rote
        self.stands_one = rules.chance_rote != "reroll"

    def __call__(self, rng, n):
        import numpy as np

        dramatic = 0
        if self.dice == 0:
            face = rng.integers(1, 11, size=n, dtype=np.int8)
            if self.rote:
                again = (face != 10) & ~(self.stands_one & (face == 1))
                face = np.where(again, rng.integers(1, 11, size=n, dtype=np.int8), face)
            dramatic = int(np.count_nonzero(face == 1))
            hits = (face == 10).astype(np.int64)
            pending = hits.copy() if self.again <= 10 else np.zeros(n, dtype=np.int64)
        else:
            faces = rng.integers(1, 11, size=(n, self.dice), dtype=np.int8)
            if self.rote:  # each failed die of the first roll rolled once more
                again = rng.integers(1, 11, size=(n, self.dice), dtype=np.int8)
                faces = np.where(faces <= 7, again, faces)
            hits = (faces >= 8).sum(axis=1, dtype=np.int64)
            pending = (faces >= self.again).sum(axis=1, dtype=np.int64)
        owner = np.arange(n)
        while pending.any():  # one generation of dice rolled again
            who = np.repeat(owner, pending)
            face = rng.integers(1, 11, size=who.size, dtype=np.int8)
            hits += np.bincount(who, weights=face >= 8, minlength=n).astype(np.int64)
            pending = np.bincount(who, weights=face >= self.again, minlength=n).astype(np.int64)
        top = cap(self.dice)
        return {
            "successes": np.bincount(np.minimum(hits, top), minlength=top + 1).astype(np.int64),
            "total": int(hits.sum()),
            "total_sq": int((hits * hits).sum()),
            "dramatic": dramatic,
        }


def batch_roll(s) -> _Batch:
    return _Batch(s.dice, s.rules)


def reduce_roll(s, res) -> CodRoll:
    from ..core.montecarlo import wilson

    seen = [int(c) for c in res.totals["successes"]]
    n, dramatic, conf = res.trials, res.totals["dramatic"], res.confidence
    est = {k: wilson(c, n, conf) for k, c in enumerate(seen) if c}
    return CodRoll(
        s.dice,
        p_success=wilson(n - seen[0], n, conf),
        p_exceptional=wilson(sum(seen[s.rules.exceptional :]), n, conf),
        p_failure=wilson(seen[0] - dramatic, n, conf),
        p_dramatic_failure=wilson(dramatic, n, conf),
        mean_successes=res.mean("total"),
        successes=est,
        cap=cap(s.dice),
        rules=s.rules,
        exact=False,
        trials=n,
    )
