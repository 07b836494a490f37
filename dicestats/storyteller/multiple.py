"""Several actions in one round: :func:`reduced_pools` and the computed forms of
``multiple_actions`` and ``best_actions`` (declared in :mod:`.questions`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.question import Setup
from ..core.results import Lines, Result, Table, View
from .actions import _one
from .pools import clip, p_any, pool_grid
from .rules import difficulties_text


def reduced_pools(pools) -> list[int]:
    """The dice each declared action rolls: of ``k >= 2`` actions, action ``i`` loses ``k + i - 1``.

    One action is not a multiple action: it rolls its full pool (the Dark
    Ages text penalises only a character who does more than one thing in a
    round). A result of 0 or less means the action cannot be attempted.

    >>> reduced_pools([7, 6, 6])    # Hall punches and dodges twice
    [4, 2, 1]
    >>> reduced_pools([7])          # one action: no penalty
    [7]
    """
    k = len(pools)
    if k == 1:
        return list(pools)
    return [base - k - (i - 1) for i, base in enumerate(pools, start=1)]


@dataclass(frozen=True)
class DeclaredAction(Result):
    """One action of a round: its pools and chances (0 when it cannot be attempted)."""

    action: int
    base: int
    dice: int
    difficulty: int
    specialty: bool
    attempted: bool
    p_success: object
    p_botch: object


@dataclass(frozen=True)
class MultipleActions(Result):
    """Several actions declared in one round.

    Attributes
    ----------
    actions : tuple of DeclaredAction
    p_all : every action succeeds (the rolls are independent).
    mean_successes : expected successful actions.
    successes : dict
        ``{j: P(exactly j actions succeed)}``, j = 0..k.
    p_any_botch : at least one action botches.
    """

    actions: tuple
    p_all: object
    mean_successes: object
    successes: dict
    p_any_botch: object
    exact: bool
    trials: int | None = None
    rules: object = field(default=None, repr=False)

    @property
    def pools(self) -> list[int]:
        """The dice each action rolls after the reduction (<= 0: not attempted)."""
        return [a.dice for a in self.actions]

    def view(self) -> View:
        k = len(self.actions)
        what = "1 action (not a multiple action: the full pool)" if k == 1 else f"{k} actions"
        at = difficulties_text([a.difficulty for a in self.actions])
        title = f"{what} at {at} ({self.rules.describe()})"
        rows = tuple(
            (
                str(a.action),
                str(a.base),
                str(a.dice),
                a.p_success if a.attempted else "cannot",
                a.p_botch,
            )
            for a in self.actions
        )
        header = ("action", "base pool", "pool", "success", "botch")
        means = (
            ("all succeed", self.p_all, "p"),
            ("expected successes", self.mean_successes, "mean"),
        )
        parts = (Table(header, rows, ("text", "text", "text", "p", "p"), exact_of=3), Lines(means))
        return View(title, parts)


def action_rows(pools, sizes, diffs, specs, odds) -> tuple:
    """The :class:`DeclaredAction` of each action, ``odds[i] = (p_success, p_botch)``."""
    rows = zip(pools, sizes, diffs, specs, strict=True)
    return tuple(
        DeclaredAction(i, base, size, d, spec, size >= 1, *odds[i - 1])
        for i, (base, size, d, spec) in enumerate(rows, start=1)
    )


def compute_multiple_actions(s, exact: bool) -> MultipleActions:
    """Several actions in one round (:func:`dicestats.storyteller.multiple_actions`)."""
    rules, base, sizes, diffs, specs = s.rules, s.pools, s.sizes, s.difficulties, s.specialties
    computed: dict = {}
    for d, spec in sorted(set(zip(diffs, specs, strict=True))):
        # one engine pass per difficulty (and specialty) gives every reduced pool
        wanted = [
            s
            for s, dd, sp in zip(sizes, diffs, specs, strict=True)
            if (dd, sp) == (d, spec) and s >= 1
        ]
        if wanted:
            grid = pool_grid(wanted, [d], rules, exact, spec)
            computed.update({(dd, n, spec): r for (dd, n), r in grid.items()})
    one = _one(exact)
    zero = 0 * one
    odds = [
        (computed[(d, s, sp)].p_success, computed[(d, s, sp)].p_botch) if s >= 1 else (zero, zero)
        for s, d, sp in zip(sizes, diffs, specs, strict=True)
    ]
    counts = [one]  # P(j actions succeed): a Poisson-binomial, one action at a time
    p_all, mean = one, zero
    for s, _ in odds:
        new = [zero] * (len(counts) + 1)
        for j, c in enumerate(counts):
            new[j] += c * (one - s)
            new[j + 1] += c * s
        counts = new
        p_all, mean = p_all * s, mean + s
    return MultipleActions(
        action_rows(base, sizes, diffs, specs, odds),
        p_all,
        mean,
        {j: clip(c, exact) for j, c in enumerate(counts)},
        p_any([b for _, b in odds], exact),
        exact,
        rules=rules,
    )


@dataclass(frozen=True)
class BestActions(Result):
    """How many actions to declare (taking the first k): ``best`` maximises mean successes."""

    best: int
    by_count: tuple
    exact: bool

    def view(self) -> View:
        last = self.by_count[-1]
        pools = ", ".join(str(a.base) for a in last.actions)
        n = self.best
        mean = float(self.by_count[n - 1].mean_successes)
        at = difficulties_text([a.difficulty for a in last.actions])
        title = f"declaring the first k actions of pools {pools} at {at} ({last.rules.describe()})"
        rows = tuple(
            (str(k), ", ".join(str(a.dice) for a in m.actions), m.mean_successes, m.p_all)
            for k, m in enumerate(self.by_count, 1)
        )
        header = ("actions", "pools rolled", "expected successes", "all succeed")
        best = f"best: declare {n} action{'s' if n > 1 else ''} ({mean:.4f} expected successes)"
        return View(title, (Table(header, rows, ("text", "text", "mean", "p"), exact_of=2), best))


def compute_best_actions(s, exact: bool) -> BestActions:
    """The number of actions with the most expected successes
    (:func:`dicestats.storyteller.best_actions`)."""
    base, diffs, specs = s.pools, s.difficulties, s.specialties
    rows = tuple(
        compute_multiple_actions(
            Setup(
                rules=s.rules,
                pools=base[:k],
                difficulties=diffs[:k],
                specialties=specs[:k],
                sizes=reduced_pools(base[:k]),
            ),
            exact,
        )
        for k in range(1, len(base) + 1)
    )
    best = max(range(len(rows)), key=lambda i: rows[i].mean_successes) + 1
    return BestActions(best, rows, exact)
