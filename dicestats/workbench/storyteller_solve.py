"""Storyteller inverse questions: the pool, the difficulty, the extended target for a wish.

* :func:`solve_pool`: the smallest pool whose ``P(success)`` (or ``P(net >= k)``,
  or ``P(no botch)``) is at least ``p`` at a difficulty;
* :func:`solve_difficulty`: the difficulty whose chance is nearest ``p``, or the
  hardest with at least ``p``, for a pool;
* :func:`solve_target`: the largest extended-action target a pool finishes
  within ``r`` rounds with probability at least ``p``.

Every answer is exact when asked (``exact=True``: Fractions), and the forward
function is :func:`dicestats.storyteller.pool` (one engine pass over the pools)
or :func:`dicestats.storyteller.extended`. One die more is *not* always better
(``storyteller.anomalies``: at difficulty 2 odd pools beat the next even one,
and the botch chance rises with the pool at high difficulties), so the pool
search scans every pool from 1 up and stops at the first that reaches the wish:
the answer is the smallest pool, whatever the shape of the curve. An
unreachable wish is an answer, not an error (``reached=False``, with the best
pool of the range).

Examples
--------
>>> r = solve_pool(8, 0.75)
>>> r.dice, round(r.p_reached, 4), round(r.p_below, 4)
(9, 0.7676, 0.7446)
>>> solve_pool(9, 0.75).dice
22
>>> print(solve_pool(10, 0.9999, dice_limit=30))
no pool up to 30 dice reaches P(success) >= 99.99% at difficulty 10; the best is 30 \
dice with 41.78% (revised rules)
>>> solve_difficulty(4, nearest=0.5).difficulty
9
>>> solve_target(6, 8, rounds=4, at_least=0.5).target
5
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import check_bool, check_choice, check_exact, check_int, refuse
from ..core.results import Result
from ..storyteller import limits as st_limits
from ..storyteller.limits import LIMITS
from ..storyteller.pools import pool_grid
from ..storyteller.questions import extended
from ..storyteller.rules import ON_BOTCH, REVISED, Rules, check_difficulty, check_rules
from ._search import (
    best_of,
    check_probability,
    decimal_of,
    first_at_least,
    pct,
    reaches,
    wish_text,
)

__all__ = [
    "EVENTS",
    "PoolNeeded",
    "DifficultyFound",
    "TargetFound",
    "solve_pool",
    "solve_difficulty",
    "solve_target",
    "event_probability",
    "event_label",
    "pool_probabilities",
    "default_dice_limit",
]

#: What a wish can be about: ``P(net >= net)``, ``P(no botch)``, ``P(botch)``.
EVENTS = ("success", "no_botch", "botch")
_DIFFICULTIES = tuple(range(2, 11))
#: Pools computed per engine pass while scanning up: most answers are in the first.
_CHUNKS = (16, 64, 256, 1024)


def event_probability(r, event: str, net: int = 1):
    """The probability of ``event`` in a :class:`~dicestats.storyteller.PoolOdds`."""
    if event == "success":
        return r.p_ge(net)
    one = Fraction(1) if r.exact else 1.0
    return one - r.p_botch if event == "no_botch" else r.p_botch


def event_label(event: str, net: int = 1) -> str:
    """``P(success)``, ``P(net >= 2)``, ``P(no botch)``, ``P(botch)``."""
    if event == "success":
        return "P(success)" if net == 1 else f"P(net >= {net})"
    return "P(no botch)" if event == "no_botch" else "P(botch)"


def _check_event(event: str, net, events=EVENTS) -> int:
    check_choice("event", event, events)
    net = check_int("net", net, 1, LIMITS["dice"].hi)
    if net != 1 and event != "success":
        raise refuse("net", f"1 with event={event!r} (net counts successes)", net)
    return net


def default_dice_limit(rules: Rules, *, exact: bool, specialty: bool = False) -> int:
    """The largest pool a search scans by default: the search limit of these rules
    (exact mode) or the single-pool limit (1000 dice under the plain rules)."""
    limit = st_limits.search_limit(rules, exact=exact, specialty=specialty)
    if limit is None:
        limit = st_limits.dice_limit(rules, exact=exact, specialty=specialty)
    return limit.hi


def _check_dice_limit(value, rules: Rules, exact: bool, specialty: bool) -> int:
    top = default_dice_limit(rules, exact=exact, specialty=specialty)
    if value is None:
        return top
    mode = " in exact mode" if exact else ""
    return check_int("dice_limit", value, 1, top, why=f"the largest pool these rules search{mode}")


def pool_probabilities(difficulty, rules, *, event, net, specialty, exact, dice_limit, stop=None):
    """``[(dice, P(event))]`` for pools 1.. up, in engine passes of growing size.

    ``stop(p)`` ends the scan after the first pool for which it is true; without
    it every pool up to ``dice_limit`` is computed. Arguments are checked.
    """
    out, done = [], 0
    for top in (*[c for c in _CHUNKS if c < dice_limit], dice_limit):
        if top <= done:
            continue
        grid = pool_grid(list(range(done + 1, top + 1)), [difficulty], rules, exact, specialty)
        for n in range(done + 1, top + 1):
            p = event_probability(grid[(difficulty, n)], event, net)
            out.append((n, p))
            if stop is not None and stop(p):
                return out
        done = top
    return out


def _pools(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


@dataclass(frozen=True)
class PoolNeeded(Result):
    """The smallest pool reaching a wish at a difficulty (:func:`solve_pool`).

    Attributes
    ----------
    difficulty : int
    event : {"success", "no_botch"}
        What is wished for; with ``"success"``, ``P(net >= net)``.
    net : int
    at_least : Fraction or float
        The wished probability.
    dice : int or None
        The smallest pool with ``P >= at_least``; None when no pool up to
        ``dice_limit`` reaches it.
    p_reached : the pool's probability (None when unreachable).
    p_below : the probability of one die fewer (None for 1 die or when unreachable).
    reached : bool
    best_dice, p_best : the pool scanned with the highest probability, and it: the
        best of the whole range when the wish is unreachable (the answer itself when
        it is reached, as every smaller pool is below the wish).
    dice_limit : int
        The largest pool searched.
    rules, specialty : the rule set and whether the roll has a specialty.
    exact : bool
    """

    difficulty: int
    event: str
    net: int
    at_least: object
    dice: int | None
    p_reached: object
    p_below: object
    reached: bool
    best_dice: int
    p_best: object
    dice_limit: int
    rules: Rules = field(repr=False)
    specialty: bool
    exact: bool
    trials: int | None = None

    def __str__(self) -> str:
        what = event_label(self.event, self.net)
        reading = self.rules.describe(specialty=self.specialty)
        if not self.reached:
            return (
                f"no pool up to {self.dice_limit} dice reaches {what} >= "
                f"{wish_text(self.at_least)} at difficulty {self.difficulty}; the best "
                f"is {_pools(self.best_dice)} with {pct(self.p_best)} ({reading})"
            )
        below = "" if self.p_below is None else f"; {_pools(self.dice - 1)}: {pct(self.p_below)}"
        return (
            f"{_pools(self.dice)}: {what} = {pct(self.p_reached)} at difficulty "
            f"{self.difficulty} (wished >= {wish_text(self.at_least)}{below}) ({reading})"
        )


def solve_pool(
    difficulty: int,
    at_least,
    rules: Rules = REVISED,
    *,
    event: str = "success",
    net: int = 1,
    specialty: bool = False,
    dice_limit: int | None = None,
    exact: bool = False,
) -> PoolNeeded:
    """The smallest pool whose ``P(event)`` is at least ``at_least`` at ``difficulty``.

    Parameters
    ----------
    difficulty : int
        2..10.
    at_least : number in [0, 1]
        The wished probability (a Fraction stays exact).
    rules : Rules
        Any rule set (a preset or its variants).
    event : {"success", "no_botch"}
        ``P(net >= net)`` (default ``P(success)``) or ``P(no botch)``.
    net : int, default 1
        The net successes wished for (with ``event="success"``).
    specialty : bool
        The roll has a specialty (``rules.specialty_rule`` says what it does).
    dice_limit : int, optional
        The largest pool searched; default and cap: the rules' search limit
        (1000 dice in float mode under the plain rules, 200 exact).
    exact : bool

    Returns
    -------
    PoolNeeded
        ``reached=False`` (and the best pool of the range) when no pool reaches it.

    Examples
    --------
    >>> solve_pool(6, Fraction(1, 2), exact=True).p_reached
    Fraction(1, 2)
    >>> solve_pool(8, 0.5, event="no_botch").dice     # 1 die: no botch with 90%
    1
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    net = _check_event(event, net, ("success", "no_botch"))
    d = check_difficulty(difficulty, rules)
    p = check_probability("at_least", at_least)
    top = _check_dice_limit(dice_limit, rules, exact, specialty)
    pairs = pool_probabilities(
        d, rules, event=event, net=net, specialty=specialty, exact=exact, dice_limit=top,
        stop=lambda q: reaches(q, p),
    )  # fmt: skip
    hit = first_at_least(pairs, p)
    best_n, best_p = best_of(pairs)
    if hit is None:
        dice = p_reached = p_below = None
    else:
        dice, p_reached = hit
        p_below = pairs[dice - 2][1] if dice > 1 else None
    return PoolNeeded(
        d, event, net, p, dice, p_reached, p_below, hit is not None, best_n, best_p, top,
        rules, specialty, exact,
    )  # fmt: skip


@dataclass(frozen=True)
class DifficultyFound(Result):
    """The difficulty for a pool and a wish (:func:`solve_difficulty`).

    Attributes
    ----------
    dice : int
    event, net : what is wished for (see :class:`PoolNeeded`).
    nearest : the probability to come nearest to (None when ``at_least`` is asked).
    at_least : the probability to reach at the hardest difficulty (or None).
    difficulty : int or None
        Nearest: the difficulty whose probability is nearest ``nearest`` (ties:
        the harder). At least: the hardest difficulty reaching it (None: none does).
    p_reached : its probability (None when none reaches it).
    reached : bool
    by_difficulty : dict
        ``{difficulty: probability}`` for 2..10: the scan behind the answer.
    rules, specialty, exact
    """

    dice: int
    event: str
    net: int
    nearest: object
    at_least: object
    difficulty: int | None
    p_reached: object
    reached: bool
    by_difficulty: dict = field(repr=False)
    rules: Rules = field(repr=False)
    specialty: bool
    exact: bool
    trials: int | None = None

    def __str__(self) -> str:
        what = event_label(self.event, self.net)
        reading = self.rules.describe(specialty=self.specialty)
        if self.nearest is not None:
            return (
                f"difficulty {self.difficulty}: {what} = {pct(self.p_reached)} for "
                f"{_pools(self.dice)}, the nearest to {wish_text(self.nearest)} "
                f"({reading})"
            )
        if not self.reached:
            easiest = self.by_difficulty[2]
            return (
                f"no difficulty reaches {what} >= {wish_text(self.at_least)} with "
                f"{_pools(self.dice)}; the best is difficulty 2 with {pct(easiest)} ({reading})"
            )
        return (
            f"difficulty {self.difficulty}: {what} = {pct(self.p_reached)} for "
            f"{_pools(self.dice)}, the hardest with >= {wish_text(self.at_least)} "
            f"({reading})"
        )


def solve_difficulty(
    dice: int,
    *,
    nearest=None,
    at_least=None,
    rules: Rules = REVISED,
    event: str = "success",
    net: int = 1,
    specialty: bool = False,
    exact: bool = False,
) -> DifficultyFound:
    """The difficulty whose ``P(event)`` for ``dice`` is nearest ``nearest``, or the
    hardest whose ``P(event)`` is at least ``at_least`` (give exactly one).

    Every difficulty 2..10 is computed (one engine pass) and the answer read off
    the scan, so no monotonicity is assumed.

    Examples
    --------
    >>> r = solve_difficulty(4, nearest=0.5)
    >>> r.difficulty, round(r.p_reached, 4)
    (9, 0.4528)
    >>> solve_difficulty(4, at_least=0.5).difficulty
    8
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    net = _check_event(event, net)
    n = st_limits.check_dice(dice, rules, exact=exact, specialty=specialty)
    if (nearest is None) == (at_least is None):
        raise refuse(
            "nearest and at_least", "exactly one given", (nearest, at_least),
            why="the difficulty nearest p, or the hardest reaching p",
        )  # fmt: skip
    grid = pool_grid([n], list(_DIFFICULTIES), rules, exact, specialty)
    by = {d: event_probability(grid[(d, n)], event, net) for d in _DIFFICULTIES}
    if nearest is not None:
        p = check_probability("nearest", nearest)
        to = decimal_of(p) if exact else p  # exact distances: 0.45 is 9/20
        gap = min(abs(q - to) for q in by.values())
        tol = 0 if exact else 1e-12  # float noise must not break a tie
        best = max(d for d in _DIFFICULTIES if abs(by[d] - to) - gap <= tol)
        return DifficultyFound(
            n, event, net, p, None, best, by[best], True, by, rules, specialty, exact
        )
    p = check_probability("at_least", at_least)
    hit = first_at_least([(d, by[d]) for d in reversed(_DIFFICULTIES)], p)
    d, q = hit if hit else (None, None)
    return DifficultyFound(
        n, event, net, None, p, d, q, hit is not None, by, rules, specialty, exact
    )


@dataclass(frozen=True)
class TargetFound(Result):
    """The largest extended-action target done within ``rounds`` with ``P >= at_least``.

    Attributes
    ----------
    dice, difficulty, rounds : int
    on_botch : str
        What a botch does (``storyteller.extended``'s ``on_botch``).
    at_least : the wished probability.
    target : int or None
        The largest target (successes to accumulate) reaching it; None when even
        one success within ``rounds`` falls short.
    p_reached : P(done within rounds) at ``target`` (at target 1 when unreachable).
    p_above : the same for ``target + 1`` (None at the target limit or when unreachable).
    reached : bool
    target_limit : the largest target searched.
    rules, specialty, exact
    """

    dice: int
    difficulty: int
    rounds: int
    on_botch: str
    at_least: object
    target: int | None
    p_reached: object
    p_above: object
    reached: bool
    target_limit: int
    rules: Rules = field(repr=False)
    specialty: bool
    exact: bool
    trials: int | None = None

    def __str__(self) -> str:
        reading = self.rules.describe(specialty=self.specialty)
        head = f"{_pools(self.dice)} at difficulty {self.difficulty}, a botch {self.on_botch}"
        if not self.reached:
            return (
                f"no target is done within {self.rounds} rounds with >= "
                f"{wish_text(self.at_least)} ({head}); even 1 success: "
                f"{pct(self.p_reached)} ({reading})"
            )
        above = "" if self.p_above is None else (f"; target {self.target + 1}: {pct(self.p_above)}")
        return (
            f"target {self.target}: done within {self.rounds} rounds with {pct(self.p_reached)} "
            f"({head}; wished >= {wish_text(self.at_least)}{above}) ({reading})"
        )


def solve_target(
    dice: int,
    difficulty: int,
    rounds: int,
    at_least,
    rules: Rules = REVISED,
    *,
    on_botch: str = "resets",
    specialty: bool = False,
    target_limit: int | None = None,
    exact: bool = False,
) -> TargetFound:
    """The largest target an extended action of ``dice`` reaches within ``rounds``
    rounds with probability at least ``at_least``.

    ``P(done within r)`` falls as the target grows, under every ``on_botch``:
    a run that reaches ``t + 1`` accumulated successes has at that roll also
    reached ``t``, so it is done for ``t`` no later. The search is a bisection
    on that order (about 8 calls of :func:`dicestats.storyteller.extended`).

    Examples
    --------
    >>> r = solve_target(6, 8, 4, 0.5)
    >>> r.target, round(r.p_reached, 4), round(r.p_above, 4)
    (5, 0.5943, 0.4427)
    """
    rules = check_rules(rules)
    check_choice("on_botch", on_botch, ON_BOTCH)
    rounds = LIMITS["rounds"].check(rounds)
    p = check_probability("at_least", at_least)
    top = LIMITS["target"].hi
    if target_limit is not None:
        top = LIMITS["target"].check(target_limit, name="target_limit")
    cache = {}

    def done(t: int):
        if t not in cache:
            cache[t] = extended(
                dice, difficulty, t, rules, on_botch=on_botch, rounds=rounds,
                specialty=specialty, exact=exact,
            ).p_success  # fmt: skip
        return cache[t]

    lo, hi = 0, top  # done(lo) >= p (0: nothing to do), the answer is in lo..hi
    if not reaches(done(1), p):
        hi = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if reaches(done(mid), p):
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return TargetFound(
            dice, difficulty, rounds, on_botch, p, None, done(1), None, False, top,
            rules, specialty, exact,
        )  # fmt: skip
    above = done(lo + 1) if lo < top else None
    return TargetFound(
        dice, difficulty, rounds, on_botch, p, lo, done(lo), above, True, top,
        rules, specialty, exact,
    )  # fmt: skip
