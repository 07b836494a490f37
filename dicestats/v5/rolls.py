"""A Vampire: the Masquerade (5th edition) roll: its exact odds from generating functions
over the 10s and the other successes, and its Monte Carlo batches.

A die counts by what it shows: **1** (a Hunger die's bestial mark), **2-5** nothing, **6-9**
one success, **10** one success that may pair. ``T`` 10s (normal and Hunger dice together)
and ``S`` other successes make ``S + T + 2 * (T // 2) = S + 2T - (T mod 2)`` successes: a 10
is worth ``x**2`` and an odd count of them takes one back. So each die is
``fail + 4x + ten * x**2 * y`` with ``y**2 = 1`` (``y`` keeps the parity of the 10s), and a
pool of ``n`` such dice, by the binomial theorem over its 10s,
``sum_k C(n, k) ten**k x**(2k) y**k (fail + 4x)**(n - k)``: two polynomials in ``x`` (even
and odd ``k``), whose products over the normal and the Hunger dice give the successes.
The events that name a Hunger face are differences of the same count with that face taken
off the Hunger die (a Hunger die with no 10: ``5 + 4x``; with no 1: ``4 + 4x + x**2 y``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core.dist import Dist, convolve_int
from ..core.results import Lines, Result, Table, View
from .rules import Rules

#: Weights of a die's faces out of 10: nothing (2-5, and the 1 of a normal die), a success
#: (6-9), a 10; a Hunger die's 1 is one more "nothing" unless it is taken off.
FAIL, SUCCESS, TEN, SIDES = 5, 4, 1, 10
#: A view of a long distribution of successes leaves out those rarer than this.
RARE = 1e-6


@dataclass(frozen=True)
class V5Roll(Result):
    """The odds of one Vampire: the Masquerade (5th edition) roll
    (:func:`~dicestats.v5.roll`)."""

    dice: int
    hunger: int
    difficulty: int
    p_win: object  #: successes >= difficulty
    p_critical: object  #: a win with at least one pair of 10s (messy criticals included)
    p_messy_critical: object  #: a critical win with at least one Hunger die showing 10
    p_bestial_failure: object  #: a failed roll with a Hunger die showing 1 (see the rules)
    p_total_failure: object  #: no success at all
    mean_margin: object  #: the mean of successes - difficulty
    successes: object  #: a Dist of successes; simulated: {successes: Estimate} of those seen
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        title = (
            f"Vampire V5: {self.dice} dice, {self.hunger} Hunger, difficulty {self.difficulty} "
            f"({self.rules.describe()})"
        )
        bestial = "bestial (any Hunger 1)" if self.rules.bestial_always else "bestial failure"
        rows = (
            ("win", self.p_win),
            ("critical win (messy included)", self.p_critical),
            ("messy critical", self.p_messy_critical),
            (bestial, self.p_bestial_failure),
            ("total failure (no success)", self.p_total_failure),
        )
        outcomes = Table(("outcome", "probability"), rows, ("text", "p"))
        margin = Lines((("mean margin (successes - difficulty)", self.mean_margin, "signed"),))
        d = self.difficulty
        items = sorted(self.successes.items())
        shown = [(k, p) for k, p in items if float(p) >= RARE] if len(items) > 30 else items
        note = None
        if len(shown) < len(items):
            left = len(items) - len(shown)
            note = f"{left} rarer numbers of successes (each below 1 in a million) left out"
        counts = Table(
            ("successes", "margin", "probability"),
            tuple((k, f"{k - d:+d}", p) for k, p in shown),
            ("n", "text", "p"),
            exact_of=2,
            note=note,
        )
        return View(title, (outcomes, margin, counts))


# --------------------------------------------------------------------------- exact
class _Arithmetic:
    """Polynomials in ``x`` as numpy arrays: exact (Python-int counts out of ``10**dice``,
    products by :func:`~dicestats.core.dist.convolve_int`) or float (probabilities)."""

    def __init__(self, exact: bool):
        self.exact = exact

    def weight(self, w: int):
        return w if self.exact else w / SIDES

    def array(self, values):
        return np.array(values, dtype=object if self.exact else np.float64)

    def zeros(self, n: int):
        return self.array([0] * n)

    def conv(self, a, b):
        if not (a.any() and b.any()):  # convolve_int packs by the largest product: not 0
            return self.zeros(len(a) + len(b) - 1)
        if self.exact:
            return self.array(convolve_int(a.tolist(), b.tolist()))
        return np.convolve(a, b)


def _padded(a, n: int, arith: _Arithmetic):
    out = arith.zeros(n)
    out[: len(a)] += a
    return out


def _dice_gf(n: int, fail: int, ten: int, arith: _Arithmetic):
    """``n`` dice of one kind (weights ``fail``, 4 successes, ``ten`` 10s out of 10): the
    successes counted with ``x**2`` per 10, split by the parity of the 10s (``even``, ``odd``,
    each of degree ``2n``), and the counts of the other successes with no 10 (``none``) and
    with exactly one 10 (``one``)."""
    fail, success, ten = arith.weight(fail), arith.weight(SUCCESS), arith.weight(ten)
    powers = [arith.array([1])]  # (fail + success x) ** m, m = 0..n: one step per die
    for _ in range(n):
        p = powers[-1]
        step = arith.zeros(len(p) + 1)
        step[:-1] += fail * p
        step[1:] += success * p
        powers.append(step)
    even, odd = arith.zeros(2 * n + 1), arith.zeros(2 * n + 1)
    for k in range(n + 1):  # k 10s among the n dice: C(n, k) ten**k x**(2k) (fail + 4x)**(n-k)
        part = even if k % 2 == 0 else odd
        part[2 * k : n + k + 1] += math.comb(n, k) * ten**k * powers[n - k]
    one = arith.zeros(n + 1)  # degree n - 1, one term longer: any n, 0 included
    if n:
        one[:n] += n * ten * powers[n - 1]
    return even, odd, powers[n], one


def _success_counts(normal: int, hunger: int, hunger_fail: int, hunger_ten: int, exact: bool):
    """The successes of a pool (``normal`` dice and ``hunger`` dice whose faces weigh
    ``hunger_fail`` and ``hunger_ten`` out of 10): ``(all, few)``, the weight of each number
    of successes, over every roll and over the rolls with at most one 10."""
    arith = _Arithmetic(exact)
    e1, o1, none1, one1 = _dice_gf(normal, FAIL, TEN, arith)
    e2, o2, none2, one2 = _dice_gf(hunger, hunger_fail, hunger_ten, arith)
    conv = arith.conv
    even = conv(e1, e2) + conv(o1, o2)
    odd = conv(e1, o2) + conv(o1, e2)
    counts = even  # an odd count of 10s takes one success back: x**(k+1) -> k
    counts[:-1] += odd[1:]
    none = conv(none1, none2)
    one = conv(one1, none2) + conv(none1, one2)
    few = _padded(none, len(counts), arith)
    few[1 : 1 + len(one)] += one  # one 10: one success
    return counts, few


def compute_roll(s, exact: bool) -> V5Roll:
    normal, hunger, d = s.dice - s.hunger, s.hunger, s.difficulty
    total = SIDES**s.dice if exact else 1.0

    def scale(weight):  # a probability; floats kept in 0..1 (no -1e-17 from rounding)
        return Fraction(int(weight), total) if exact else min(max(float(weight), 0.0), 1.0)

    counts, few = _success_counts(normal, hunger, FAIL, TEN, exact)
    win = counts[d:].sum()  # an empty sum (d beyond the most successes) is 0
    critical = win - few[d:].sum()  # a win with two 10s or more
    messy = bestial = 0  # no Hunger die: neither
    if hunger:
        clean, clean_few = _success_counts(normal, hunger, FAIL, 0, exact)  # no Hunger 10
        messy = critical - (clean[d:].sum() - clean_few[d:].sum())
        if s.rules.bestial_always:  # any roll with a Hunger 1
            calm = SIDES**normal * (SIDES - 1) ** hunger if exact else 0.9**hunger
            bestial = total - calm
        else:  # a failure with a Hunger 1: every failure less those with no Hunger 1
            calm, _ = _success_counts(normal, hunger, FAIL - 1, TEN, exact)
            bestial = (total - win) - calm[:d].sum()
    if exact:
        successes = Dist.from_counts([int(c) for c in counts])
    else:
        successes = Dist.from_probabilities(counts.astype(np.float64), normalise=True)
    mean = successes.mean()
    p = {
        "p_win": scale(win),
        "p_critical": scale(critical),
        "p_messy_critical": scale(messy),
        "p_bestial_failure": scale(bestial),
        "p_total_failure": scale(counts[0]),
    }
    return V5Roll(
        s.dice,
        s.hunger,
        d,
        **p,
        mean_margin=mean - d,
        successes=successes,
        rules=s.rules,
        exact=exact,
    )


# --------------------------------------------------------------------------- Monte Carlo
class _Batch:
    """``fn(rng, n)``: n rolls (the first ``hunger`` dice of each are the Hunger dice),
    counted by outcome and by successes."""

    def __init__(self, dice: int, hunger: int, difficulty: int, bestial_always: bool):
        self.dice, self.hunger, self.difficulty = dice, hunger, difficulty
        self.bestial_always = bestial_always

    def __call__(self, rng, n):
        faces = rng.integers(1, 11, size=(n, self.dice), dtype=np.int8)
        hunger = faces[:, : self.hunger]
        tens = (faces == 10).sum(axis=1)
        successes = tens + 2 * (tens // 2) + ((faces >= 6) & (faces < 10)).sum(axis=1)
        win = successes >= self.difficulty
        critical = win & (tens >= 2)
        messy = critical & (hunger == 10).any(axis=1)
        bestial = (hunger == 1).any(axis=1)
        if not self.bestial_always:
            bestial &= ~win
        return {
            "win": int(np.count_nonzero(win)),
            "critical": int(np.count_nonzero(critical)),
            "messy": int(np.count_nonzero(messy)),
            "bestial": int(np.count_nonzero(bestial)),
            "successes": np.bincount(successes).astype(np.int64),
        }


def batch_roll(s) -> _Batch:
    return _Batch(s.dice, s.hunger, s.difficulty, s.rules.bestial_always)


def reduce_roll(s, res) -> V5Roll:
    from ..core.montecarlo import mean_estimate, wilson

    hist, n = [int(c) for c in res.totals["successes"]], res.trials
    margin = [(k - s.difficulty, c) for k, c in enumerate(hist)]
    mean = mean_estimate(
        sum(m * c for m, c in margin), sum(m * m * c for m, c in margin), n, res.confidence
    )
    return V5Roll(
        s.dice,
        s.hunger,
        s.difficulty,
        p_win=res.proportion("win"),
        p_critical=res.proportion("critical"),
        p_messy_critical=res.proportion("messy"),
        p_bestial_failure=res.proportion("bestial"),
        p_total_failure=wilson(hist[0], n, res.confidence),
        mean_margin=mean,
        successes={k: wilson(c, n, res.confidence) for k, c in enumerate(hist) if c},
        rules=s.rules,
        exact=False,
        trials=n,
    )
