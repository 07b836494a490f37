"""Several actions in one round: reduced pools, their odds, the best number of actions.

* :func:`reduced_pools`: the pools after the multiple-action penalty (also used
  by the Monte Carlo twin :func:`dicestats.storyteller.simulate_multiple_actions`);
  a single declared action is not a multiple action and keeps its full pool;
* :func:`multiple_actions`: P(each action succeeds), P(all succeed), expected
  successful actions;
* :func:`best_actions`: the number of actions that maximises expected successes.

The rules are in ``docs/rules/storyteller.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_exact, refuse
from ..core.results import Result
from .actions import _one
from .limits import LIMITS, check_pools, dice_limit
from .pools import clip, p_any, pool_grid
from .rules import (
    REVISED,
    Rules,
    check_difficulties,
    check_rules,
    check_specialties,
)

__all__ = [
    "ActionOdds",
    "MultipleActions",
    "BestActions",
    "reduced_pools",
    "multiple_actions",
    "best_actions",
]


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
class ActionOdds(Result):
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
    actions : tuple of ActionOdds
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

    @property
    def pools(self) -> list[int]:
        """The dice each action rolls after the reduction (<= 0: not attempted)."""
        return [a.dice for a in self.actions]


def action_rows(pools, sizes, diffs, specs, odds) -> tuple:
    """The :class:`ActionOdds` of each action, ``odds[i] = (p_success, p_botch)``."""
    rows = zip(pools, sizes, diffs, specs, strict=True)
    return tuple(
        ActionOdds(i, base, size, d, spec, size >= 1, *odds[i - 1])
        for i, (base, size, d, spec) in enumerate(rows, start=1)
    )


def check_actions(pools, difficulty, rules, specialty, exact, *, computed: bool = True):
    """The checked ``(rules, base pools, reduced pools, difficulties, specialties)``.

    When ``computed`` (not simulated), a reduced pool beyond the dice limit
    the engine has in force is refused, naming the pools as given and the
    action whose reduced pool is too large. ``specialties`` are those in
    force (a deprecated ``Rules(specialty=...)`` has one on every roll).
    """
    rules = check_rules(rules)
    check_exact(exact)
    base = check_pools(pools, rules, name="pools", length=LIMITS["actions"])
    diffs = check_difficulties(difficulty, len(base), rules)
    specs = [rules._for_roll(sp)._specialty for sp in check_specialties(specialty, len(base))]
    sizes = reduced_pools(base)
    for i, (size, spec) in enumerate(zip(sizes, specs, strict=True) if computed else (), 1):
        limit = dice_limit(rules, exact=exact, specialty=spec)
        if size > limit.hi:
            when = " in exact mode" if limit.when == "exact" else ""
            raise refuse(
                "pools",
                f"pools whose reduced sizes are in {limit.help}{when}",
                base,
                why=f"action {i} rolls {size} dice; {limit.why}",
                instead=limit.instead or None,
            )
    return rules, base, sizes, diffs, specs


def multiple_actions(
    pools: list[int],
    difficulty=6,
    rules: Rules = REVISED,
    *,
    specialty=False,
    exact: bool = False,
) -> MultipleActions:
    """Several actions in one round, with the reduced pools of :func:`reduced_pools`.

    Declaring ``k >= 2`` actions, the first action's pool loses ``k`` dice and
    each later one a die more (action ``i`` loses ``k + i - 1``); a pool
    reduced to 0 or less cannot be attempted. A single action (``k = 1``) is
    not a multiple action: it rolls its full pool.

    Parameters
    ----------
    pools : sequence of int
        The base pools (1..1000; 1..100 actions), in the order the actions are taken.
    difficulty : int or sequence of int
        One difficulty for all, or one per action.
    specialty : bool or sequence of bool
        A specialty for every action, or one flag per action (a Brawl
        specialty helps the punch, not the dodges).

    Examples
    --------
    Hall (Dexterity 3, Brawl 4, Dodge 3) punches and dodges twice:

    >>> multiple_actions([7, 6, 6]).pools
    [4, 2, 1]
    >>> multiple_actions([7]).pools      # one action: the full pool
    [7]
    """
    rules, base, sizes, diffs, specs = check_actions(pools, difficulty, rules, specialty, exact)
    computed: dict = {}
    for d, spec in sorted(set(zip(diffs, specs, strict=True))):
        # one engine pass per difficulty (and specialty) gives every reduced pool
        wanted = [
            s for s, dd, sp in zip(sizes, diffs, specs, strict=True)
            if (dd, sp) == (d, spec) and s >= 1
        ]  # fmt: skip
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
    )


@dataclass(frozen=True)
class BestActions(Result):
    """How many actions to declare (taking the first k): ``best`` maximises mean successes."""

    best: int
    by_count: tuple
    exact: bool


def best_actions(
    pools: list[int],
    difficulty=6,
    rules: Rules = REVISED,
    *,
    specialty=False,
    exact: bool = False,
) -> BestActions:
    """The number of actions (the first k of ``pools``) with the most expected successes.

    ``by_count[k-1]`` is the :class:`MultipleActions` of declaring ``k``
    actions; ``k = 1`` rolls the first pool in full (one action is not a
    multiple action). On a tie the fewer actions win.

    Examples
    --------
    >>> r = best_actions([7, 6, 6], exact=True)
    >>> [len(m.actions) for m in r.by_count]
    [1, 2, 3]
    >>> from dicestats.storyteller import pool
    >>> r.by_count[0].mean_successes == pool(7, 6, exact=True).p_success
    True
    >>> best_actions([4, 3, 6], 8).best     # splitting small pools at 8 does not pay
    1
    """
    rules, base, _, diffs, specs = check_actions(pools, difficulty, rules, specialty, exact)
    rows = tuple(
        multiple_actions(base[:k], diffs[:k], rules, specialty=specs[:k], exact=exact)
        for k in range(1, len(base) + 1)
    )
    best = max(range(len(rows)), key=lambda i: rows[i].mean_successes) + 1
    return BestActions(best, rows, exact)
