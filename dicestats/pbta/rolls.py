"""A Powered by the Apocalypse roll: its exact odds (every roll of the dice counted at
once) and its Monte Carlo batches."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.results import Result, Table, View
from .rules import Rules


@dataclass(frozen=True)
class PbtaRoll(Result):
    """The odds of one Powered by the Apocalypse move (:func:`~dicestats.pbta.roll`)."""

    stat: int
    p_miss: object
    p_weak: object  #: a weak hit: from ``weak_hit`` to below ``strong_hit``
    p_strong: object  #: a strong hit: ``strong_hit`` or more
    p_hit: object  #: a weak or a strong hit
    total: object  #: a ``Dist`` of the two dice kept + the stat ({k: Estimate} when simulated)
    rules: Rules
    exact: bool
    trials: int | None = None

    def view(self) -> View:
        title = f"Powered by the Apocalypse: stat {self.stat:+d} ({self.rules.describe()})"
        names = ("strong hit", "weak hit", "miss", "hit (weak or strong)")
        values = (self.p_strong, self.p_weak, self.p_miss, self.p_hit)
        outcomes = Table(
            ("outcome", "probability"), tuple(zip(names, values, strict=True)), ("text", "p")
        )
        return View(title, (outcomes, Table.distribution("total", self.total)))


def _kept_counts(rules: Rules) -> list[int]:
    """How many rolls of the dice keep each sum 2..12: every roll of 2d6 (36) or 3d6 (216)
    at once, as numpy arrays, the two highest or lowest kept."""
    import numpy as np

    k = 2 if not (rules.advantage or rules.disadvantage) else 3
    faces = np.indices((6,) * k).reshape(k, -1) + 1  # every roll, one column each
    kept = faces.sum(axis=0)
    if rules.advantage:
        kept = kept - faces.min(axis=0)
    elif rules.disadvantage:
        kept = kept - faces.max(axis=0)
    return np.bincount(kept - 2, minlength=11).tolist()


def compute_roll(s, exact: bool) -> PbtaRoll:
    from ..core.dist import Dist

    counts = _kept_counts(s.rules)
    total = Dist(counts if exact else [float(c) for c in counts], offset=2 + s.stat, exact=exact)
    weak, strong = s.rules.weak_hit, s.rules.strong_hit
    hit, p_strong = total.p_ge(weak), total.p_ge(strong)
    return PbtaRoll(
        s.stat,
        p_miss=1 - hit,
        p_weak=hit - p_strong,
        p_strong=p_strong,
        p_hit=hit,
        total=total,
        rules=s.rules,
        exact=exact,
    )


class _Batch:
    """``fn(rng, n)``: n rolls, counted by the sum of the two dice kept (2..12)."""

    def __init__(self, rules: Rules):
        self.advantage, self.disadvantage = rules.advantage, rules.disadvantage

    def __call__(self, rng, n):
        import numpy as np

        k = 3 if self.advantage or self.disadvantage else 2
        faces = rng.integers(1, 7, size=(n, k), dtype=np.int8)
        kept = faces.sum(axis=1, dtype=np.int64)
        if self.advantage:
            kept -= faces.min(axis=1)
        elif self.disadvantage:
            kept -= faces.max(axis=1)
        return {"kept": np.bincount(kept - 2, minlength=11).astype(np.int64)}


def batch_roll(s) -> _Batch:
    return _Batch(s.rules)


def reduce_roll(s, res) -> PbtaRoll:
    from ..core.montecarlo import wilson

    counts = [int(c) for c in res.totals["kept"]]  # sums 2..12 of the dice kept
    n, conf = res.trials, res.confidence
    at = {2 + i + s.stat: c for i, c in enumerate(counts)}  # the totals, stat added
    hit = sum(c for t, c in at.items() if t >= s.rules.weak_hit)
    strong = sum(c for t, c in at.items() if t >= s.rules.strong_hit)
    return PbtaRoll(
        s.stat,
        p_miss=wilson(n - hit, n, conf),
        p_weak=wilson(hit - strong, n, conf),
        p_strong=wilson(strong, n, conf),
        p_hit=wilson(hit, n, conf),
        total={t: wilson(c, n, conf) for t, c in at.items() if c},
        rules=s.rules,
        exact=False,
        trials=n,
    )
