"""A Year Zero Engine roll: its exact odds (generating functions per kind of die) and its
Monte Carlo batches.

The exact method. One die's story is small: its first roll is a 6, a 1 or another face,
and a push (taken only when the first roll has fewer than ``need`` 6s) rolls it again
unless it shows 6 or is a locked 1. Per kind of die that is a polynomial in two
variables, with integer weights over 36 (one 36th per first face × reroll face):

* ``x`` marks a 6 on the first roll: it decides whether the roll is pushed;
* ``y`` marks what is counted after the push: a 6 (for the successes) or a 1 (for
  attribute or gear damage, on base or gear dice).

``n`` dice of a kind are the ``n``-th power: the coefficient of ``x^j`` is
``C(n, j) · 6^j · Q(y)^(n-j)`` (the multinomial counts), where ``Q`` is the linear
polynomial of a die whose first roll was not a 6. Kinds combine by a product of
polynomials, truncated to ``x^j`` with ``j < need`` (the pushed rolls); the rolls not pushed
are the binomial distribution of the first 6s. The product of two kinds is one
integer multiplication (the two-variable polynomials packed row by row, Kronecker
substitution, :func:`~dicestats.core.dist.convolve_int`) in exact mode, row by row in
floats (probabilities: the weights over 36). No roll is enumerated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core.dist import Dist, convolve_int
from ..core.results import Lines, Result, Table, View
from .rules import Rules

#: A die's first roll, in 36ths: a 6 (``x``), else the rest, by what a push makes of it.
SIX = 6
#: ``Q`` for the successes (``[no 6, a 6]`` after the push), a die whose first roll was no 6:
#: its 1 locked (a first 1 stays: 6; another face rerolled: 20 no 6, 4 a 6), or rerolled.
SUCCESS_LOCKED, SUCCESS_REROLLED = (26, 4), (25, 5)
#: ``Q`` for the damage (``[no 1, a 1]`` after the push) of a base or gear die whose first
#: roll was no 6: its 1 locked (a first 1 stays: 6; another face rerolled: 4 a 1, 16 not),
#: or rerolled (5 a 1, 25 not); a die of another kind costs nothing (30).
BANE_LOCKED, BANE_REROLLED, NO_BANE = (20, 10), (25, 5), (30,)
#: The first roll alone, in 36ths (the scale of the push): no 6, a 6.
FIRST = (30, SIX)


@dataclass(frozen=True)
class YearzeroRoll(Result):
    """The odds of one Year Zero Engine roll (:func:`~dicestats.yearzero.roll`)."""

    base: int
    skill: int
    gear: int
    need: int
    p_success: object  #: at least ``need`` 6s, after the push when the roll is pushed
    p_success_first: object  #: at least ``need`` 6s on the first roll (no push)
    p_pushed: object  #: the roll is pushed: pushing, and the first roll fell short
    p_base_bane: object  #: at least one point of attribute damage (pushed rolls only)
    p_gear_bane: object  #: at least one point of gear damage (pushed rolls only)
    successes: object  #: the 6s the roll ends with: a Dist ({k: Estimate} simulated)
    base_damage: object  #: points of attribute damage: the base 1s of a pushed roll
    gear_damage: object  #: points of gear damage: the gear 1s of a pushed roll
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        pool = f"{self.base} base, {self.skill} skill, {self.gear} gear"
        title = f"Year Zero: {pool} dice, {self.need} sixes needed ({self.rules.describe()})"
        if self.need == 1:
            title = f"Year Zero: {pool} dice, one six needed ({self.rules.describe()})"
        rows = [("success", self.p_success, "p")]
        if self.rules.push:
            rows += [
                ("success without the push", self.p_success_first, "p"),
                ("pushed (first roll short)", self.p_pushed, "p"),
                ("attribute damage (any)", self.p_base_bane, "p"),
                ("gear damage (any)", self.p_gear_bane, "p"),
            ]
        parts = [Lines(tuple(rows)), Table.distribution("successes", self.successes)]
        if self.rules.push:
            parts += [
                Table.distribution("attribute damage", self.base_damage),
                Table.distribution("gear damage", self.gear_damage),
            ]
        return View(title, tuple(parts))


# --------------------------------------------------------------------------- exact / float
class _Ring:
    """The arithmetic of a computation: Python ints over ``36^dice`` (exact) or float
    probabilities (the weights over 36)."""

    def __init__(self, exact: bool):
        self.exact = exact

    def weights(self, q) -> np.ndarray:
        if self.exact:
            return np.array([int(w) for w in q], dtype=object)
        return np.array(q, dtype=np.float64) / 36

    def zeros(self, n: int) -> np.ndarray:
        return np.zeros(n, dtype=object) if self.exact else np.zeros(n)

    def times(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        if self.exact:
            return np.array(convolve_int(a.tolist(), b.tolist()), dtype=object)
        return np.convolve(a, b)

    def power(self, q: np.ndarray, m: int) -> np.ndarray:
        """``q^m`` by repeated squaring."""
        out, sq = np.array([1], dtype=object) if self.exact else np.ones(1), q
        while m:
            if m & 1:
                out = self.times(out, sq)
            m >>= 1
            if m:
                sq = self.times(sq, sq)
        return out

    def binomial(self, n: int, j: int):
        """``C(n, j)`` times a first 6 ``j`` times: ``C(n, j) · 6^j`` (exact, over 36 per
        die) or ``C(n, j) / 6^j``."""
        return math.comb(n, j) * SIX**j if self.exact else math.comb(n, j) / 6.0**j


def _rows(ring: _Ring, n: int, q, rows: int, shift: bool) -> np.ndarray:
    """``n`` dice of one kind: the coefficients of ``x^j``, ``j < rows``, as a
    ``rows × (n + 1)`` array over ``y``: ``C(n, j) 6^j Q(y)^(n-j)``, times ``y^j`` when a
    first 6 is counted too (``shift``: the successes)."""
    q = ring.weights(q)
    width = n * (len(q) - 1) + (n if shift else 0) + 1
    out = np.zeros((rows, width), dtype=object if ring.exact else np.float64)
    top = min(rows - 1, n)
    p = ring.power(q, n - top)  # Q^(n - j), j from the top down: one linear factor a step
    for j in range(top, -1, -1):
        at = j if shift else 0
        out[j, at : at + len(p)] = ring.binomial(n, j) * p
        if j:
            p = ring.times(p, q)
    return out


def _product(ring: _Ring, a: np.ndarray, b: np.ndarray, rows: int) -> np.ndarray:
    """The product of two kinds' polynomials, truncated to ``x^j``, ``j < rows``."""
    width = a.shape[1] + b.shape[1] - 1
    if ring.exact:  # packed row by row (a row's product never spills into the next)
        pa = np.zeros((a.shape[0], width), dtype=object)
        pb = np.zeros((b.shape[0], width), dtype=object)
        pa[:, : a.shape[1]], pb[:, : b.shape[1]] = a, b
        pa, pb = pa.ravel().tolist(), pb.ravel().tolist()
        flat = convolve_int(_trim(pa), _trim(pb))
        flat += [0] * (rows * width - len(flat))
        return np.array(flat[: rows * width], dtype=object).reshape(rows, width)
    out = np.zeros((rows, width))
    for i in range(min(rows, a.shape[0])):
        for k in range(min(rows - i, b.shape[0])):
            out[i + k] += np.convolve(a[i], b[k])
    return out


def _trim(w: list) -> list:
    """Trailing zeros dropped (one weight kept)."""
    end = len(w)
    while end > 1 and not w[end - 1]:
        end -= 1
    return w[:end]


def _combined(ring: _Ring, kinds, rows: int, shift: bool) -> np.ndarray:
    """The kinds' ``(dice, Q)`` combined: ``rows × width`` over ``x^j`` (j < rows) and
    ``y``."""
    out = None
    for n, q in kinds:
        if n == 0:
            continue
        part = _rows(ring, n, q, rows, shift)
        out = part if out is None else _product(ring, out, part, rows)
    return out


def _exact_or_float(ring: _Ring, weights, total):
    if ring.exact:
        return Fraction(int(weights), total)
    return min(1.0, max(0.0, float(weights)))  # sums of floats may round past 1


def compute_roll(s, exact: bool) -> YearzeroRoll:
    ring = _Ring(exact)
    dice, need, rules = s.base + s.skill + s.gear, s.need, s.rules
    total = 36**dice if exact else 1.0
    first = ring.power(ring.weights(FIRST), dice)  # the first roll's 6s: binomial
    short = min(need, dice + 1)  # the first 6s a push follows: 0 .. need - 1
    success_first = first[short:].sum() if short <= dice else 0 * total
    if not rules.push:
        successes = first
        base_damage = gear_damage = [total]
    else:
        locked = SUCCESS_REROLLED if rules.reroll_ones else SUCCESS_LOCKED
        kinds = [(s.base + s.gear, locked), (s.skill, SUCCESS_REROLLED)]
        g = _combined(ring, kinds, short, shift=True)
        successes = ring.zeros(dice + 1)
        successes[short:] = first[short:]
        successes = successes + g[:, : dice + 1].sum(axis=0)
        bane = BANE_REROLLED if rules.reroll_ones else BANE_LOCKED
        base_damage = _damage(ring, s.base, dice - s.base, bane, short, total)
        gear_damage = _damage(ring, s.gear, dice - s.gear, bane, short, total)
    p = {
        "p_success": successes[short:].sum() if short <= dice else 0 * total,
        "p_success_first": success_first,
        "p_pushed": (total - success_first) if rules.push else 0 * total,
        "p_base_bane": total - base_damage[0],
        "p_gear_bane": total - gear_damage[0],
    }
    p = {k: _exact_or_float(ring, v, total) for k, v in p.items()}
    dists = {
        "successes": _dist(ring, successes),
        "base_damage": _dist(ring, base_damage),
        "gear_damage": _dist(ring, gear_damage),
    }
    return YearzeroRoll(s.base, s.skill, s.gear, s.need, **p, **dists, rules=rules, exact=exact)


def _damage(ring: _Ring, n: int, others: int, bane, short: int, total) -> list:
    """Points of damage on ``n`` base (or gear) dice: the 1s after a push, when the first
    roll had fewer than ``need`` 6s (``short`` rows); no damage otherwise."""
    if n == 0:
        return [total]
    h = _combined(ring, [(n, bane), (others, NO_BANE)], short, shift=False)
    out = list(h.sum(axis=0)[: n + 1])  # pushed, with 0, 1, ... base (gear) 1s
    out[0] = total - sum(out[1:], 0 * total)  # not pushed, or no 1 after the push
    return out


def _dist(ring: _Ring, weights) -> Dist:
    if ring.exact:
        return Dist.from_counts([int(w) for w in weights])
    return Dist.from_probabilities(np.asarray(weights, dtype=np.float64), normalise=True)


# --------------------------------------------------------------------------- Monte Carlo
class _Batch:
    """``fn(rng, n)``: n rolls, counted by successes (first and final) and damage."""

    def __init__(self, base: int, skill: int, gear: int, need: int, rules: Rules):
        self.base, self.skill, self.gear, self.need, self.rules = base, skill, gear, need, rules

    def __call__(self, rng, n):
        dice = self.base + self.skill + self.gear
        first = rng.integers(1, 7, size=(n, dice), dtype=np.int8)
        sixes = (first == 6).sum(axis=1)
        out = {"first": int(np.count_nonzero(sixes >= self.need))}
        if not self.rules.push:
            return out | {
                "successes": np.bincount(sixes, minlength=dice + 1).astype(np.int64),
                "pushed": 0,
                "base_damage": np.array([n], dtype=np.int64),
                "gear_damage": np.array([n], dtype=np.int64),
            }
        again = rng.integers(1, 7, size=(n, dice), dtype=np.int8)
        stays = first == 6
        if not self.rules.reroll_ones:  # base dice first, then skill, then gear
            locked = np.ones(dice, dtype=bool)
            locked[self.base : self.base + self.skill] = False
            stays |= (first == 1) & locked
        pushed = sixes < self.need
        final = np.where(stays | ~pushed[:, None], first, again)
        ones = final == 1
        base = ones[:, : self.base].sum(axis=1) * pushed
        gear = ones[:, self.base + self.skill :].sum(axis=1) * pushed
        return out | {
            "successes": np.bincount((final == 6).sum(axis=1), minlength=dice + 1).astype(np.int64),
            "pushed": int(np.count_nonzero(pushed)),
            "base_damage": np.bincount(base, minlength=self.base + 1).astype(np.int64),
            "gear_damage": np.bincount(gear, minlength=self.gear + 1).astype(np.int64),
        }


def batch_roll(s) -> _Batch:
    return _Batch(s.base, s.skill, s.gear, s.need, s.rules)


def batch_size_roll(s) -> int:
    """Trials per batch: two int8 rolls of the whole pool each, about 16 MB at most."""
    return max(1024, min(65536, 8_000_000 // (s.base + s.skill + s.gear)))


def reduce_roll(s, res) -> YearzeroRoll:
    from ..core.montecarlo import wilson

    n, conf = res.trials, res.confidence

    def seen(name: str) -> dict:  # a value no roll showed: not in the estimate
        return {k: wilson(int(c), n, conf) for k, c in enumerate(res.totals[name]) if c}

    counts = [int(c) for c in res.totals["successes"]]
    base = [int(c) for c in res.totals["base_damage"]]
    gear = [int(c) for c in res.totals["gear_damage"]]
    return YearzeroRoll(
        s.base,
        s.skill,
        s.gear,
        s.need,
        p_success=wilson(sum(counts[s.need :]), n, conf),
        p_success_first=res.proportion("first"),
        p_pushed=res.proportion("pushed"),
        p_base_bane=wilson(sum(base[1:]), n, conf),
        p_gear_bane=wilson(sum(gear[1:]), n, conf),
        successes=seen("successes"),
        base_damage=seen("base_damage"),
        gear_damage=seen("gear_damage"),
        rules=s.rules,
        exact=False,
        trials=n,
    )
