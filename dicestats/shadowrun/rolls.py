"""A Shadowrun success test: its exact odds (generating functions over the dice) and its
Monte Carlo batches.

Exactly: a die is a **hit** (5-6, weight 2), a **one** (weight 1) or neither (2-4, weight
3), so the initial ``n`` dice count as the trinomial ``(2h + y + 3)^n`` over ``6^n``. Its
marginals answer everything but the Rule of Six: the ones ``(5 + y)^n`` (the glitch: enough
ones), the hits ``(4 + 2h)^n``, and a glitch with no hit ``(3 + y)^n`` (no die above 1 but
1s, each die a one or one of 2-4).

With the Rule of Six a die's hits have the generating function
``G(z) = (4 + z) / 6 + (z / 6) G(z) = (4 + z) / (6 - z)``: 1-4 no hit, 5 one hit, 6 one hit
and one more die. Its coefficients are ``4/6`` and ``10 / 6^(k+1)`` (k >= 1), and the pool's
hits are ``G(z)^n = (4 + z)^n (6 - z)^(-n)``: the binomial ``(4 + z)^n`` times the negative
binomial series ``6^(-n) sum_j C(n+j-1, j) (z/6)^j``, truncated after ``z^(K-1)``: every
coefficient kept is exact, and the last outcome ``K`` holds the rest, ``P(hits >= K)``,
exactly (1 minus the kept ones). ``K = max(n + 30, threshold)``: no pool of 1..100 dice
puts more than 1e-19 there (``tests/shadowrun``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..core.results import Lines, Result, Table, View
from .rules import Rules

#: With the Rule of Six, the hits kept one by one reach ``dice + TAIL_AFTER``; the rest is
#: one outcome holding ``P(hits >= dice + TAIL_AFTER)`` (below 1e-19 for 1..100 dice).
TAIL_AFTER = 30

#: The smallest P(hits = k) the text shows (the JSON has them all).
SHOWN = 1e-7


@dataclass(frozen=True)
class ShadowrunRoll(Result):
    """The odds of one Shadowrun success test (:func:`~dicestats.shadowrun.roll`)."""

    dice: int
    threshold: int
    p_success: object  #: hits >= threshold
    p_glitch: object  #: too many 1s (critical glitches included)
    p_critical_glitch: object  #: a glitch with no hit
    hits: object  #: a Dist of the hits ({hits: Estimate} when simulated)
    hits_tail: int | None  #: Rule of Six: ``hits``' last outcome holds P(hits >= it)
    mean_hits: object  #: E[hits] (uncapped: n/3, with the Rule of Six 2n/5)
    mean_net_hits: object  #: E[hits - threshold]: the expected margin (negative: short)
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        title = f"Shadowrun: {self.dice} dice, threshold {self.threshold} ({self.rules.describe()})"
        names = ("success (hits >= threshold)", "glitch", "critical glitch (no hit)")
        values = (self.p_success, self.p_glitch, self.p_critical_glitch)
        outcomes = Table(
            ("outcome", "probability"), tuple(zip(names, values, strict=True)), ("text", "p")
        )
        means = Lines(
            (("mean hits", self.mean_hits, "mean"), ("mean net hits", self.mean_net_hits, "mean"))
        )

        def label(k):
            return f"{k}+" if k == self.hits_tail else str(k)

        # the rows a reader can see: the far tails (below 1e-7 each) left to the JSON
        hits = Table.distribution("hits", self.hits, label, least=SHOWN)
        return View(title, (outcomes, means, hits))


# ------------------------------------------------------------------------ exact
def _binomial(n: int, a: int, b: int) -> list[int]:
    """The coefficients of ``(a + b z)^n``: ``C(n, k) a^(n-k) b^k``, k = 0..n."""
    return [comb(n, k) * a ** (n - k) * b**k for k in range(n + 1)]


def _glitch_from(dice: int, edition: int) -> int:
    """The fewest 1s that glitch: more than half (5th), half or more (4th)."""
    return dice // 2 + 1 if edition == 5 else (dice + 1) // 2


def _hits_weights(dice: int, threshold: int, rule_of_six: bool) -> tuple[list[int], int | None]:
    """Integer weights of hits 0, 1, ... (over their sum); with the Rule of Six the last is
    the tail ``P(hits >= K)``, K returned (else None)."""
    if not rule_of_six:
        return _binomial(dice, 4, 2), None
    from ..core.dist import convolve_int

    k = max(dice + TAIL_AFTER, threshold)  # coefficients z^0 .. z^(k-1) kept, over 6^(n+k-1)
    head = _binomial(dice, 4, 1)  # (4 + z)^n
    series = [comb(dice + j - 1, j) * 6 ** (k - 1 - j) for j in range(k)]  # (1 - z/6)^-n
    kept = convolve_int(head, series)[:k]
    return [*kept, 6 ** (dice + k - 1) - sum(kept)], k


def compute_roll(s, exact: bool) -> ShadowrunRoll:
    from ..core.dist import Dist

    n, t, rules = s.dice, s.threshold, s.rules
    g = _glitch_from(n, rules.edition)
    whole = 6**n
    glitch = Fraction(sum(_binomial(n, 5, 1)[g:]), whole)  # ones among the initial dice
    critical = Fraction(sum(_binomial(n, 3, 1)[g:]), whole)  # no hit: each die a 1 or 2-4
    weights, tail = _hits_weights(n, t, rules.rule_of_six)
    hits = Dist(weights, exact=True)
    mean = Fraction(2 * n, 5) if rules.rule_of_six else Fraction(n, 3)
    p = {
        "p_success": hits.p_ge(t),
        "p_glitch": glitch,
        "p_critical_glitch": critical,
        "mean_hits": mean,
        "mean_net_hits": mean - t,
    }
    if not exact:
        p = {k: float(v) for k, v in p.items()}
        hits = hits.to_float()
    return ShadowrunRoll(n, t, **p, hits=hits, hits_tail=tail, rules=rules, exact=exact)


# ------------------------------------------------------------------------ Monte Carlo
class _Batch:
    """``fn(rng, n)``: n rolls, counted by glitch and by hits (the Rule of Six rolling one
    generation of extra dice at a time)."""

    def __init__(self, dice: int, glitch_from: int, rule_of_six: bool, tail: int | None):
        self.dice, self.glitch_from, self.rule_of_six = dice, glitch_from, rule_of_six
        self.bins = (tail if tail is not None else dice) + 1

    def __call__(self, rng, n):
        import numpy as np

        faces = rng.integers(1, 7, size=(n, self.dice), dtype=np.int8)
        hits = (faces >= 5).sum(axis=1, dtype=np.int64)
        glitch = (faces == 1).sum(axis=1) >= self.glitch_from
        critical = glitch & (hits == 0)
        if self.rule_of_six:
            sixes = (faces == 6).sum(axis=1, dtype=np.int64)
            while sixes.any():  # one generation of extra dice: one per 6 of the last
                roller = np.repeat(np.arange(n), sixes)
                extra = rng.integers(1, 7, size=roller.size, dtype=np.int8)
                hits += np.bincount(roller[extra >= 5], minlength=n)
                sixes = np.bincount(roller[extra == 6], minlength=n)
        return {
            "glitch": int(np.count_nonzero(glitch)),
            "critical": int(np.count_nonzero(critical)),
            "hits": np.bincount(np.minimum(hits, self.bins - 1), minlength=self.bins),
            "sum": int(hits.sum()),
            "sum_sq": int((hits * hits).sum()),
        }


def batch_roll(s) -> _Batch:
    tail = max(s.dice + TAIL_AFTER, s.threshold) if s.rules.rule_of_six else None
    return _Batch(s.dice, _glitch_from(s.dice, s.rules.edition), s.rules.rule_of_six, tail)


def reduce_roll(s, res) -> ShadowrunRoll:
    from ..core.montecarlo import mean_estimate, wilson

    n, t = res.trials, s.threshold
    counts = [int(c) for c in res.totals["hits"]]
    est = {k: wilson(c, n, res.confidence) for k, c in enumerate(counts) if c}
    total, total_sq = res.totals["sum"], res.totals["sum_sq"]
    net = mean_estimate(total - t * n, total_sq - 2 * t * total + t * t * n, n, res.confidence)
    tail = max(s.dice + TAIL_AFTER, t) if s.rules.rule_of_six else None
    return ShadowrunRoll(
        s.dice,
        t,
        p_success=wilson(sum(counts[t:]), n, res.confidence),
        p_glitch=res.proportion("glitch"),
        p_critical_glitch=res.proportion("critical"),
        hits=est,
        hits_tail=tail,
        mean_hits=res.mean("sum"),
        mean_net_hits=net,
        rules=s.rules,
        exact=False,
        trials=n,
    )
