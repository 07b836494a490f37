"""Inverse questions: the setting a wish needs, and calibration tables of them.

Each solver scans a system's forward function over an ordered range of settings and answers
the first (or last) that reaches the wish; no probability is assumed monotone unless the
solver's docstring proves it, and an unreachable wish is an answer (``reached=False``). The
helpers every solver shares come first. How to read the answers: ``docs/workbench.md``.
"""

from __future__ import annotations

import functools
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import (
    InputError,
    check_bool,
    check_choice,
    check_exact,
    check_int,
    not_a_list,
    refuse,
)
from ..core.montecarlo import DEFAULT_TRIALS
from ..core.progress import progress_bar
from ..core.question import Sample, sampled
from ..core.results import Result
from ..fate.invokes import reach_by_invokes
from ..fate.limits import LIMITS as FATE_LIMITS
from ..fate.outcomes import fate_dice
from ..fate.rules import LADDER, parse_rating, resolve
from ..format import ladder, percent
from ..initiative.limits import LIMITS as INITIATIVE_LIMITS
from ..initiative.limits import check_exact_size
from ..storyteller import limits as st_limits
from ..storyteller.pools import check_difficulty_list, pool_grid
from ..storyteller.questions import extended
from ..storyteller.rules import ON_BOTCH, REVISED, Rules, check_difficulty, check_rules

__all__ = [
    "EVENTS",
    "PoolSolution",
    "DifficultySolution",
    "TargetSolution",
    "solve_pool",
    "solve_difficulty",
    "solve_target",
    "FateSolution",
    "ladder_value",
    "solve_fate_difficulty",
    "solve_fate_rating",
    "solve_fate_invokes",
    "InitiativeSolution",
    "solve_initiative",
    "LEVELS",
    "Calibration",
    "storyteller_calibration",
    "fate_calibration",
]

# ---------------------------------------------------------------------------
# The wish: a probability, whether it is reached, its words
# ---------------------------------------------------------------------------
_Z99 = 2.3263478740408408  # the 99% one-sided normal quantile: "below p" of an estimate


def check_probability(name: str, p):
    """A wished probability in [0, 1]: an int, a Fraction (kept exact) or a finite float.

    >>> check_probability("at_least", Fraction(2, 3))
    Fraction(2, 3)
    >>> check_probability("at_least", 1.5)
    Traceback (most recent call last):
    ...
    dicestats.InputError: at_least must be a probability: a number in [0, 1], got 1.5
    """
    allowed = "a probability: a number in [0, 1]"
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise refuse(name, allowed, p, kind=True)
    if isinstance(p, numbers.Rational):
        p = Fraction(p)
    else:
        p = float(p)
        if not math.isfinite(p):
            raise refuse(name, allowed, p)
    if not 0 <= p <= 1:
        raise refuse(name, allowed, p)
    return p


#: A float probability this close below a wish reaches it: float noise (1e-16) must
#: not move an answer the exact mode gives (floats agree with exact within 1e-12).
FLOAT_TOLERANCE = 1e-12


def decimal_of(p):
    """A float wish as the decimal it prints as (``0.1`` is 1/10, not the binary
    0.1000000000000000055...); anything else as it is. An exact probability is
    compared with this, so ``at_least=0.1`` is met by exactly 1/10.

    >>> decimal_of(0.1), decimal_of(Fraction(1, 3))
    (Fraction(1, 10), Fraction(1, 3))
    """
    return Fraction(repr(p)) if isinstance(p, float) else p


def _reaches(q, p) -> bool:
    """``q >= p``: exactly for a Fraction (a float ``p`` read by :func:`decimal_of`),
    within :data:`FLOAT_TOLERANCE` for a float, by the point value for a Monte Carlo
    estimate.

    >>> _reaches(0.09999999999999998, Fraction(1, 10)), _reaches(Fraction(99, 1000), 0.1)
    (True, False)
    >>> _reaches(Fraction(1, 10), 0.1)
    True
    """
    if hasattr(q, "stderr"):
        return q.value >= p
    if isinstance(q, float):
        return q >= p - FLOAT_TOLERANCE
    return q >= decimal_of(p)


def _at_the_edge(p) -> bool:
    """A wish within :data:`FLOAT_TOLERANCE` of 100% or of 0% (but not 0): float noise alone
    can put a probability on either side of it."""
    return p >= 1 - FLOAT_TOLERANCE or 0 < p <= FLOAT_TOLERANCE


def _decide(q, p, where: str, exactly=None) -> bool:
    """Whether ``q`` reaches the wish ``p`` (:func:`_reaches`), never by float noise at 0% or
    100%: a float within :data:`FLOAT_TOLERANCE` of such a wish is decided by ``exactly()`` (the
    exact probability, or None when it is beyond the exact limits) when given, else refused
    (``where``: the setting, for the message).

    >>> _decide(0.999999999999004, 1, "454 dice")
    Traceback (most recent call last):
    ...
    dicestats.InputError: at_least=100% cannot be told apart from float noise: P = \
0.999999999999004 (454 dice) is within 1e-12 of it; ask exactly (exact=True, --exact)
    >>> _decide(0.9999999999999944, 1, "", lambda: 1 - Fraction(1, 3**30))
    False
    """
    if isinstance(q, float) and _at_the_edge(p) and abs(q - float(p)) <= FLOAT_TOLERANCE:
        exact = None if exactly is None else exactly()
        if exact is None:
            raise InputError(
                f"at_least={wish_text(p)} cannot be told apart from float noise: P = {q!r} "
                f"({where}) is within {FLOAT_TOLERANCE:g} of it; ask exactly (exact=True, --exact)"
            )
        return exact >= decimal_of(p)
    return _reaches(q, p)


def _first_at_least(pairs, p):
    """The first ``(setting, probability)`` of ``pairs`` that :func:`_reaches` ``p``, or None.

    >>> _first_at_least([(1, 0.2), (2, 0.5), (3, 0.4), (4, 0.8)], 0.45)
    (2, 0.5)
    """
    for setting, q in pairs:
        if _reaches(q, p):
            return setting, q
    return None


def _best_of(pairs):
    """The ``(setting, probability)`` with the highest probability (the first such; an
    Estimate counts by its point value)."""
    return max(pairs, key=lambda pair: pair[1].value if hasattr(pair[1], "stderr") else pair[1])


def _pct(q) -> str:
    """A probability for an answer's sentence: ``format.percent`` with 2 decimals,
    an estimate with its standard error (``71.2% ± 0.4%``)."""
    if hasattr(q, "stderr"):
        return f"{percent(q.value, digits=2)} ± {percent(q.stderr, digits=2)}"
    return percent(q, digits=2)


def below_with_confidence(q, p) -> bool:
    """An estimate ``q`` is below ``p`` with 99% confidence (one-sided normal bound);
    an exact value simply is, or is not, below ``p``."""
    if hasattr(q, "stderr"):
        return q.value + _Z99 * q.stderr < p
    return q < decimal_of(p) if isinstance(q, numbers.Rational) else q < p


def wish_text(p) -> str:
    """A wished probability as the user would write it: ``75%``, ``99.99%``, ``66.67%``.

    Never ``100%`` or ``0%`` for what is not 1 or 0 (a wish ``> 0.99999`` would read
    ``> 100%``): more digits until it shows.

    >>> wish_text(0.99999), wish_text(1), wish_text(1e-9)
    ('99.999%', '100%', '1e-07%')
    """
    x = 100 * float(p)
    for digits in range(4, 18):
        text = f"{x:.{digits}g}"
        if (text != "100" or x == 100) and (text != "0" or x == 0):
            break
    return text + "%"


# ---------------------------------------------------------------------------
# Storyteller
# ---------------------------------------------------------------------------
#: What a wish can be about: ``P(net >= net)``, ``P(no botch)``, ``P(botch)``.
EVENTS = ("success", "no_botch", "botch")
_DIFFICULTIES = tuple(range(2, 11))
#: Pools computed per engine pass while scanning up: most answers are in the first.
_CHUNKS = (16, 64, 256, 1024)


def event_probability(r, event: str, net: int = 1):
    """The probability of ``event`` in a :class:`~dicestats.storyteller.Pool`."""
    if event == "success":
        return r.p_ge(net)
    one = Fraction(1) if r.exact else 1.0
    return one - r.p_botch if event == "no_botch" else r.p_botch


def event_label(event: str, net: int = 1) -> str:
    """``P(success)``, ``P(net >= 2)``, ``P(no botch)``, ``P(botch)``."""
    if event == "success":
        return "P(success)" if net == 1 else f"P(net >= {net})"
    return "P(no botch)" if event == "no_botch" else "P(botch)"


def check_event(event: str, net: int, events=EVENTS) -> int:
    """The checked ``net`` of a wish about ``event`` (one of ``events``): 1 unless a success."""
    check_choice("event", event, events)
    net = check_int("net", net, 1, st_limits.LIMITS["dice"].hi)
    if net != 1 and event != "success":
        raise refuse("net", f"1 with event={event!r} (net counts successes)", net)
    return net


def _st_checks(rules, exact, specialty, event, net, events=EVENTS[:2]) -> tuple:
    """The checked ``rules`` and ``net`` of a Storyteller solve (the rest checked too)."""
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    return rules, check_event(event, net, events)


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


def _pool_probabilities(difficulty, rules, event, net, specialty, exact, dice_limit, wish):
    """``[(dice, P(event))]`` for pools 1.. up, in engine passes of growing size, up to
    ``dice_limit`` or the first pool whose ``P`` reaches ``wish`` (checked arguments), and
    whether that last pool reaches it (a float within noise of a wish of 0% or 100% is
    refused: :func:`_decide`).
    """
    out, done, exact_pools = [], 0, {}
    exact_top = min(dice_limit, default_dice_limit(rules, exact=True, specialty=specialty))

    def exactly(n: int):  # pools from the first float noise can't tell, up to the exact limit
        if n > exact_top:
            return None
        if (difficulty, n) not in exact_pools:
            pools = list(range(n, exact_top + 1))
            exact_pools.update(pool_grid(pools, [difficulty], rules, True, specialty))
        return event_probability(exact_pools[(difficulty, n)], event, net)

    for top in (*[c for c in _CHUNKS if c < dice_limit], dice_limit):
        grid = pool_grid(list(range(done + 1, top + 1)), [difficulty], rules, exact, specialty)
        for n in range(done + 1, top + 1):
            p = event_probability(grid[(difficulty, n)], event, net)
            out.append((n, p))
            if _decide(p, wish, _pools(n), functools.partial(exactly, n)):
                return out, True
        done = top
    return out, False


def _pools(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


@dataclass(frozen=True)
class PoolSolution(Result):
    """The smallest pool reaching a wish at a difficulty (:func:`solve_pool`).

    Attributes
    ----------
    difficulty, event, net, at_least, dice_limit, rules, specialty, exact
        The question, as :func:`solve_pool` read it (``dice_limit``: the largest pool
        searched).
    dice : int or None
        The smallest pool with ``P >= at_least``; None when no pool up to
        ``dice_limit`` reaches it.
    p_reached : the pool's probability (None when unreachable).
    p_below : the probability of one die fewer (None for 1 die or when unreachable).
    reached : bool
    best_dice, p_best : the pool scanned with the highest probability, and it: the
        best of the whole range when the wish is unreachable (the answer itself when
        it is reached, as every smaller pool is below the wish).
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
                f"is {_pools(self.best_dice)} with {_pct(self.p_best)} ({reading})"
            )
        below = "" if self.p_below is None else f"; {_pools(self.dice - 1)}: {_pct(self.p_below)}"
        return (
            f"{_pools(self.dice)}: {what} = {_pct(self.p_reached)} at difficulty "
            f"{self.difficulty} (wished >= {wish_text(self.at_least)}{below}) ({reading})"
        )


@sampled(
    Sample(
        "75% at difficulty 8",
        (8,),
        {"at_least": 0.75, "dice_limit": 40},
        bad=({"at_least": 1.5}, {"event": "glory"}, {"dice_limit": 0}),
    ),
    Sample(
        "2 net successes with 50% at 7, ten-again",
        (7, 0.5, Rules(ten_again=True)),
        {"net": 2, "dice_limit": 40},
        bad=({"net": 0},),
    ),
    Sample("unreachable, 99.99% at 10", (10, 0.9999), {"dice_limit": 30}),
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
) -> PoolSolution:
    """The smallest pool whose ``P(event)`` is at least ``at_least`` at ``difficulty``.

    One die more is not always better (``storyteller.anomalies``: at difficulty 2 odd pools
    beat the next even one; the botch chance rises with the pool at high difficulties), so
    every pool is scanned from 1 up to the first that reaches the wish.

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
    PoolSolution
        ``reached=False`` (and the best pool of the range) when no pool reaches it.

    Examples
    --------
    >>> r = solve_pool(8, 0.75)
    >>> r.dice, round(r.p_reached, 4), round(r.p_below, 4)
    (9, 0.7676, 0.7446)
    >>> solve_pool(6, Fraction(1, 2), exact=True).p_reached
    Fraction(1, 2)
    >>> solve_pool(8, 0.5, event="no_botch").dice     # 1 die: no botch with 90%
    1
    """
    rules, net = _st_checks(rules, exact, specialty, event, net)
    d = check_difficulty(difficulty, rules)
    p = check_probability("at_least", at_least)
    top = _check_dice_limit(dice_limit, rules, exact, specialty)
    pairs, found = _pool_probabilities(d, rules, event, net, specialty, exact, top, p)
    dice, p_reached = pairs[-1] if found else (None, None)
    p_below = pairs[dice - 2][1] if dice and dice > 1 else None
    best = _best_of(pairs)
    return PoolSolution(
        d, event, net, p, dice, p_reached, p_below, found, *best, top, rules, specialty, exact
    )


@dataclass(frozen=True)
class DifficultySolution(Result):
    """The difficulty for a pool and a wish (:func:`solve_difficulty`).

    Attributes
    ----------
    dice, event, net, nearest, at_least, rules, specialty, exact
        The question, as :func:`solve_difficulty` read it (one of ``nearest`` and
        ``at_least`` is None).
    difficulty : int or None
        Nearest: the difficulty whose probability is nearest ``nearest`` (ties:
        the harder). At least: the hardest difficulty reaching it (None: none does).
    p_reached : its probability (None when none reaches it).
    reached : bool
    by_difficulty : dict
        ``{difficulty: probability}`` for 2..10: the scan behind the answer.
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
                f"difficulty {self.difficulty}: {what} = {_pct(self.p_reached)} for "
                f"{_pools(self.dice)}, the nearest to {wish_text(self.nearest)} "
                f"({reading})"
            )
        if not self.reached:
            easiest = self.by_difficulty[2]
            return (
                f"no difficulty reaches {what} >= {wish_text(self.at_least)} with "
                f"{_pools(self.dice)}; the best is difficulty 2 with {_pct(easiest)} ({reading})"
            )
        return (
            f"difficulty {self.difficulty}: {what} = {_pct(self.p_reached)} for "
            f"{_pools(self.dice)}, the hardest with >= {wish_text(self.at_least)} "
            f"({reading})"
        )


@sampled(Sample("4 dice nearest 50%", (4,), {"nearest": 0.5}, bad=({"nearest": 2},)))
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
) -> DifficultySolution:
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
    rules, net = _st_checks(rules, exact, specialty, event, net, EVENTS)
    n = st_limits.check_dice(dice, rules, exact=exact, specialty=specialty)
    if (nearest is None) == (at_least is None):
        raise refuse(
            "nearest and at_least",
            "exactly one given",
            (nearest, at_least),
            why="the difficulty nearest p, or the hardest reaching p",
        )
    grid = pool_grid([n], list(_DIFFICULTIES), rules, exact, specialty)
    by = {d: event_probability(grid[(d, n)], event, net) for d in _DIFFICULTIES}
    if nearest is not None:
        p = check_probability("nearest", nearest)
        to = decimal_of(p) if exact else p  # exact distances: 0.45 is 9/20
        gap = min(abs(q - to) for q in by.values())
        tol = 0 if exact else 1e-12  # float noise must not break a tie
        d = max(d for d in _DIFFICULTIES if abs(by[d] - to) - gap <= tol)
        hit, wish = (d, by[d]), (p, None)
    else:
        p = check_probability("at_least", at_least)
        exact_ok = n <= st_limits.dice_limit(rules, exact=True, specialty=specialty).hi

        def exactly(d: int):  # what float noise cannot tell (a wish of 100%)
            if exact_ok:
                pool = pool_grid([n], [d], rules, True, specialty)[(d, n)]
                return event_probability(pool, event, net)
            return None

        hits = (
            d
            for d in reversed(_DIFFICULTIES)
            if _decide(by[d], p, f"difficulty {d}", functools.partial(exactly, d))
        )
        hit, wish = next(((d, by[d]) for d in hits), None), (None, p)
    d, q = hit or (None, None)
    return DifficultySolution(
        n, event, net, *wish, d, q, hit is not None, by, rules, specialty, exact
    )


@dataclass(frozen=True)
class TargetSolution(Result):
    """The largest extended-action target done within ``rounds`` with ``P >= at_least``.

    Attributes
    ----------
    dice, difficulty, rounds, on_botch, at_least, target_limit, rules, specialty, exact
        The question, as :func:`solve_target` read it (``target_limit``: the largest
        target searched).
    target : int or None
        The largest target (successes to accumulate) reaching it; None when even
        one success within ``rounds`` falls short.
    p_reached : P(done within rounds) at ``target`` (at target 1 when unreachable).
    p_above : the same for ``target + 1`` (None at the target limit or when unreachable).
    reached : bool
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
                f"{_pct(self.p_reached)} ({reading})"
            )
        above = "" if self.p_above is None else f"; target {self.target + 1}: {_pct(self.p_above)}"
        return (
            f"target {self.target}: done within {self.rounds} rounds with {_pct(self.p_reached)} "
            f"({head}; wished >= {wish_text(self.at_least)}{above}) ({reading})"
        )


@sampled(
    Sample(
        "6 dice at 8 within 4 rounds, 50%",
        (6, 8),
        {"rounds": 4, "at_least": 0.5},
        bad=({"rounds": 0}, {"on_botch": "explodes"}),
    )
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
) -> TargetSolution:
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
    rounds = st_limits.LIMITS["rounds"].check(rounds)
    p = check_probability("at_least", at_least)
    top = st_limits.LIMITS["target"].hi
    if target_limit is not None:
        top = st_limits.LIMITS["target"].check(target_limit, name="target_limit")

    how = dict(on_botch=on_botch, rounds=rounds, specialty=specialty, exact=exact)

    @functools.cache
    def done(t: int, exact: bool = exact):
        return extended(dice, difficulty, t, rules, **{**how, "exact": exact}).p_success

    def reaches(t: int) -> bool:
        return _decide(done(t), p, f"target {t}", functools.partial(exactly, t))

    def exactly(t: int):  # what float noise cannot tell (a wish of 100%)
        try:
            return done(t, True)
        except InputError:  # beyond the exact limits
            return None

    # done(lo) >= p (0: nothing to do), the answer is in lo..hi
    lo, hi = 0, top if reaches(1) else 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if reaches(mid):
            lo = mid
        else:
            hi = mid - 1
    above = done(lo + 1) if 0 < lo < top else None
    t, q = lo or None, done(lo or 1)
    return TargetSolution(
        dice, difficulty, rounds, on_botch, p, t, q, above, lo > 0, top, rules, specialty, exact
    )


# ---------------------------------------------------------------------------
# Fate
# ---------------------------------------------------------------------------
#: The outcome levels a wish can be about, from the easiest.
OBJECTIVES = ("tie", "success", "style")
_OBJECTIVE_LABEL = {
    "tie": "tie or better",
    "success": "success or better",
    "style": "success with style",
}


def ladder_value(value, name: str = "difficulty") -> int:
    """A Fate rating or difficulty from a number or a ladder name.

    Accepts an int, ``"+2"``, ``"-1"``, a ladder name in any case (``"Fair"``,
    ``"superb"``) or the name with its number (``"Fair (+2)"``).

    Examples
    --------
    >>> ladder_value("Superb"), ladder_value("fair"), ladder_value("+2"), ladder_value(-1)
    (5, 2, 2, -1)
    >>> ladder_value("Fair (+3)")
    Traceback (most recent call last):
    ...
    dicestats.InputError: difficulty must be an integer or a Fate ladder name (Terrible, Poor, \
Mediocre, Average, Fair, Good, Great, Superb, Fantastic, Epic, Legendary), got 'Fair (+3)'
    """
    allowed = (
        "an integer or a Fate ladder name (" + ", ".join(LADDER[v] for v in sorted(LADDER)) + ")"
    )
    if isinstance(value, str):
        try:
            value = parse_rating(value.replace("\u2212", "-"))
        except ValueError:
            raise refuse(name, allowed, value) from None
    elif isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise refuse(name, allowed, value, kind=True)  # numpy ints are ints, as elsewhere
    return FATE_LIMITS["rating"].check(value, name=name)


def _fate_check(objective, dice, exact, rules):
    rules = resolve(rules)
    check_choice("objective", objective, OBJECTIVES)
    n = rules.dice if dice is None else FATE_LIMITS["dice"].check(dice, name="dice")
    check_bool("exact", exact)
    margin = {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]
    return rules, n, margin


def _difficulty_scan(rating: int, n: int, margin: int, *, exact) -> list:
    """``[(difficulty, P(shifts >= margin))]`` from the hardest difficulty at which the outcome
    can happen down to the first at which it is certain (the dice reach ``d + margin - rating``)."""
    dist, top = fate_dice(n, exact=exact), rating + n - margin
    return [(d, dist.p_ge(d + margin - rating)) for d in range(top, rating - n - margin - 1, -1)]


@dataclass(frozen=True)
class FateSolution(Result):
    """A Fate inverse answer (:func:`solve_fate_difficulty`, :func:`solve_fate_rating`,
    :func:`solve_fate_invokes`).

    Attributes
    ----------
    solved_for : {"difficulty", "rating", "invokes"}
        What was searched.
    rating, difficulty : int or None
        The rating and the difficulty (the one solved for is None when unreachable).
    invokes : int or None
        Invokes spent optimally (0 unless solved for; None when unreachable).
    objective, at_least, dice, exact
        The question, as asked (``dice``: the Fate dice rolled).
    reached : bool
    p_reached : the probability at the answer (at the best setting when unreachable).
    p_next : the probability one step short of the answer: one step harder, one
        rating lower, one invoke fewer (None when there is no such step).
    """

    solved_for: str
    rating: int | None
    difficulty: int | None
    invokes: int | None
    objective: str
    at_least: object
    reached: bool
    p_reached: object
    p_next: object
    dice: int
    exact: bool
    trials: int | None = None

    def __str__(self) -> str:
        what = f"P({_OBJECTIVE_LABEL[self.objective]})"
        wish = f"wished >= {wish_text(self.at_least)}"
        rating, difficulty, p = ladder(self.rating), ladder(self.difficulty), _pct(self.p_reached)
        if self.solved_for == "difficulty":
            nxt = f"{ladder(self.difficulty + 1)}: {_pct(self.p_next)}"
            return f"difficulty {difficulty}: {what} = {p} for rating {rating} ({wish}; {nxt})"
        if self.solved_for == "rating":
            nxt = f"{ladder(self.rating - 1)}: {_pct(self.p_next)}"
            return f"rating {rating}: {what} = {p} at difficulty {difficulty} ({wish}; {nxt})"
        if not self.reached:
            return (
                f"no number of invokes up to {FATE_LIMITS['invokes'].hi} gives rating {rating} "
                f"{what} >= {wish_text(self.at_least)} at difficulty {difficulty}; the best is {p}"
            )
        nxt, k = "", self.invokes - 1
        if self.p_next is not None:
            nxt = f"; {k} invoke{'' if k == 1 else 's'}: {_pct(self.p_next)}"
        return (
            f"{self.invokes} invoke{'' if self.invokes == 1 else 's'}: {what} = {p} for rating "
            f"{rating} at difficulty {difficulty}, spent optimally ({wish}{nxt})"
        )


@sampled(
    Sample(
        "Fair, success or better 60%",
        (),
        {"rating": "Fair", "at_least": 0.6},
        bad=({"rating": "Heroic"}, {"objective": "win"}),
    )
)
def solve_fate_difficulty(
    rating, at_least, objective: str = "success", *, dice=None, exact=False, rules=None
) -> FateSolution:
    """The hardest difficulty at which ``rating`` reaches ``objective`` with ``P >= at_least``.

    The scan covers every difficulty at which the outcome can still happen or fail (the
    chance is 0 or 1 outside): with ``at_least=0``, the hardest at which it can happen.

    Parameters
    ----------
    rating : int or str
        The bonus on the roll (approach, skill, stunts): a number or a ladder name.
    at_least : number in [0, 1]
    objective : {"tie", "success", "style"}
        Tie or better, success or better (default), success with style.
    dice : int, optional
        Fate dice rolled (default ``rules.dice``, 4).
    exact : bool
    rules : fate.Rules, optional

    Examples
    --------
    >>> from fractions import Fraction
    >>> solve_fate_difficulty("Good", Fraction(1, 2), "style", exact=True).difficulty
    0
    """
    rules, n, margin = _fate_check(objective, dice, exact, rules)
    rating = ladder_value(rating, "rating")
    p = check_probability("at_least", at_least)
    scan = _difficulty_scan(rating, n, margin, exact=exact)
    exactly = functools.partial(fate_dice, n, exact=True)  # decides what floats cannot
    hits = (
        (d, q)
        for d, q in scan
        if _decide(q, p, "", lambda d=d: exactly().p_ge(d + margin - rating))
    )
    d, q = next(hits)  # the last scanned difficulty has P = 1
    nxt = fate_dice(n, exact=exact).p_ge(d + 1 + margin - rating)
    return FateSolution("difficulty", rating, d, 0, objective, p, True, q, nxt, n, exact)


@sampled(Sample("style at Good, 50%", ("Good", 0.5, "style")))
def solve_fate_rating(
    difficulty, at_least, objective: str = "success", *, dice=None, exact=False, rules=None
) -> FateSolution:
    """The lowest rating that reaches ``objective`` at ``difficulty`` with ``P >= at_least``.

    Examples
    --------
    >>> r = solve_fate_rating("Fair", 0.75, exact=True)
    >>> r.rating, r.p_reached
    (4, Fraction(22, 27))
    """
    rules, n, margin = _fate_check(objective, dice, exact, rules)
    difficulty = ladder_value(difficulty, "difficulty")
    p = check_probability("at_least", at_least)
    low = difficulty + margin - n  # the lowest rating where the outcome can happen
    dist = fate_dice(n, exact=exact)
    scan = [
        (r, dist.p_ge(difficulty + margin - r)) for r in range(low, difficulty + margin + n + 1)
    ]
    exactly = functools.partial(fate_dice, n, exact=True)  # decides what floats cannot
    hits = (
        (r, q)
        for r, q in scan
        if _decide(q, p, "", lambda r=r: exactly().p_ge(difficulty + margin - r))
    )
    r, q = next(hits)  # the last scanned rating has P = 1
    nxt = dist.p_ge(difficulty + margin - r + 1)
    return FateSolution("rating", r, difficulty, 0, objective, p, True, q, nxt, n, exact)


@sampled(Sample("+0 at Fair, 70%", (0, 2, 0.7), bad=({"invokes_limit": 21},)))
def solve_fate_invokes(
    rating,
    difficulty,
    at_least,
    objective: str = "success",
    *,
    dice=None,
    invokes_limit: int | None = None,
    exact=False,
    rules=None,
) -> FateSolution:
    """The fewest invokes (+2 or a reroll each, spent optimally) that bring
    ``objective`` to ``P >= at_least`` for ``rating`` at ``difficulty``.

    One backward induction answers every number of invokes up to
    ``invokes_limit`` (default and cap: ``fate.LIMITS["invokes"]``, 20); the
    answer is the first that reaches the wish.

    Examples
    --------
    >>> r = solve_fate_invokes(0, 2, 0.5, exact=True)
    >>> r.invokes, r.p_reached, r.p_next
    (2, Fraction(158147, 177147), Fraction(2761, 6561))
    """
    rules, n, margin = _fate_check(objective, dice, exact, rules)
    FATE_LIMITS["invoke dice"].check(n, name="dice")
    rating = ladder_value(rating, "rating")
    difficulty = ladder_value(difficulty, "difficulty")
    p = check_probability("at_least", at_least)
    top = FATE_LIMITS["invokes"].hi
    if invokes_limit is not None:
        top = FATE_LIMITS["invokes"].check(invokes_limit, name="invokes_limit")
    reach = reach_by_invokes(difficulty + margin - rating, top, fate_dice(n, exact=exact), exact)
    scan = [(k, pk) for k, (pk, _) in enumerate(reach)]

    @functools.cache
    def exactly():  # decides what float noise cannot (a wish of 100%)
        return reach_by_invokes(difficulty + margin - rating, top, fate_dice(n, exact=True), True)

    hits = ((k, q) for k, q in scan if _decide(q, p, "", lambda k=k: exactly()[k][0]))
    k, q = next(hits, None) or (None, scan[-1][1])  # unreachable: the most invokes
    nxt = scan[k - 1][1] if k else None
    return FateSolution(
        "invokes", rating, difficulty, k, objective, p, k is not None, q, nxt, n, exact
    )


# ---------------------------------------------------------------------------
# Initiative
# ---------------------------------------------------------------------------
#: What can be solved for.
SOLVE_FOR = ("pips", "swiftness")
#: The chances of acting first a wish may name: side A's, or the searched participant's own.
CHANCES = ("side", "participant")
#: How each setting is computed.
METHODS = ("auto", "enumerate", "simulate")


@dataclass(frozen=True)
class InitiativeSolution(Result):
    """The pips or swiftness one participant needs to act first (:func:`solve_initiative`).

    Attributes
    ----------
    solved_for, participant, chance, swiftness, versus, pips, versus_pips, at_least
        The question, as :func:`solve_initiative` read it (the participant by its label,
        ``"A2"``; the chance wished, ``"side"`` or ``"participant"``; the sides and margins
        as given: the searched setting is the answer, not these).
    value : int or None
        The smallest setting reaching it (None: none in the range does).
    reached : bool
    p_reached, p_below : ``P(act first)`` at the answer and one below (None at
        the bottom of the range or when unreachable): Fractions when enumerated,
        Estimates when simulated.
    below_confident : bool or None
        The setting below is under ``at_least`` with 99% confidence (always True
        when it was enumerated; None when there is no setting below).
    best_value, p_best : the best setting of the range and its probability.
    scan : dict
        ``{setting: P(act first)}`` for every setting computed.
    exact : bool
        Every setting of the scan was enumerated, in Fractions.
    simulated : bool
        Some setting of the scan was simulated.
    trials : int or None
        Trials per simulated setting (None when nothing was simulated).
    trials_total : int
        Trials simulated in all (0 when everything was enumerated).
    """

    solved_for: str
    participant: str
    chance: str
    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    at_least: object
    value: int | None
    reached: bool
    p_reached: object
    p_below: object
    below_confident: bool | None
    best_value: int
    p_best: object
    scan: dict = field(repr=False)
    exact: bool
    simulated: bool
    trials: int | None
    trials_total: int

    def __str__(self) -> str:
        unit = {"pips": ("pip", "pips"), "swiftness": ("die", "dice")}[self.solved_for]

        def n(v):
            return f"{v} {unit[0] if v == 1 else unit[1]}"

        how = f"{self.trials:,} trials per setting, simulated" if self.simulated else "exact"
        who = (
            f"{self.participant}'s {self.solved_for}, swiftness {list(self.swiftness)} against "
            f"{list(self.versus)} ({how})"
        )
        what = (
            "P(side A acts first)" if self.chance == "side" else f"P({self.participant} acts first)"
        )
        if not self.reached:
            return (
                f"no setting up to {n(max(self.scan))} reaches {what} >= "
                f"{wish_text(self.at_least)}; the best is {n(self.best_value)} with "
                f"{_pct(self.p_best)}, with {who}"
            )
        below = ""
        if self.p_below is not None:
            below = f"; {n(self.value - 1)}: {_pct(self.p_below)}"
            if hasattr(self.p_below, "stderr"):
                sure = "is" if self.below_confident else "is not shown to be"
                below += f", {sure} below {wish_text(self.at_least)} with 99% confidence"
        return (
            f"{n(self.value)}: {what} = {_pct(self.p_reached)} (wished >= "
            f"{wish_text(self.at_least)}{below}) with {who}"
        )


def _sides(swiftness, versus):
    out = []
    for name, side in (("swiftness", swiftness), ("versus", versus)):
        if isinstance(side, int) and not isinstance(side, bool):
            side = [side]
        if isinstance(side, (str, bytes, bytearray, memoryview)) or not hasattr(side, "__iter__"):
            raise refuse(name, "a list of swiftness values, one per participant", side, kind=True)
        side = [INITIATIVE_LIMITS["swiftness"].check(s, name=name) for s in side]
        INITIATIVE_LIMITS["participants"].check(len(side), name=f"participants of {name}")
        out.append(side)
    return out


def _margins(pips, swiftness, side_pool: bool):
    """Side A's preparation margins as a list, one per participant (an int: a one-member
    side's, or 0 for nobody); with the side-pool rule, the side's one margin as given."""
    if side_pool:
        return pips
    if isinstance(pips, bool) or not isinstance(pips, (int, list, tuple)):
        raise refuse("pips", "an int or one margin per participant", pips, kind=True)
    pips = ([pips] if pips else [0] * len(swiftness)) if isinstance(pips, int) else pips
    pips = [check_int("pips", p, 0, None) for p in pips]
    if len(pips) != len(swiftness):
        raise refuse("pips", f"one margin per participant ({len(swiftness)})", pips)
    return pips


def _seed(rng):
    """One integer seed for every simulated setting (common random numbers)."""
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return int(rng.integers(2**63 - 1))
    if isinstance(rng, np.random.SeedSequence):
        return rng.entropy
    return np.random.SeedSequence(rng).entropy


@sampled(
    Sample(
        "pips for 3 dice against 3, 70%",
        ([3], [3]),
        {"at_least": 0.7},
        bad=({"at_least": -1}, {"solve_for": "luck"}),
    )
)
def solve_initiative(
    swiftness,
    versus,
    *,
    at_least,
    solve_for: str = "pips",
    participant: int = 0,
    chance: str = "side",
    pips=0,
    versus_pips=0,
    limit: int | None = None,
    rules=None,
    method: str = "auto",
    exact: bool = True,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    progress: bool | None = None,
) -> InitiativeSolution:
    """The smallest pips (or swiftness) of one participant for a wished chance of acting
    first: side A's (``chance="side"``) or that participant's own (``"participant"``).

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (one swiftness per participant); the first side is searched.
    at_least : number in [0, 1]
    solve_for : {"pips", "swiftness"}
        The searched participant's preparation margin (0 up to 5 per die it
        rolls: more cannot raise a die further) or its swiftness (1 up to
        ``initiative.LIMITS["swiftness"]``).
    participant : int
        Which participant of the first side, a Python index (0: A1; the answer names it
        ``"A1"``). With ``rules.pip_rule == "side-pool"`` the pips are the side's one margin.
    chance : {"side", "participant"}
        The chance wished for: P(side A acts first), or P(that participant acts first)
        (the first action of the round is its own).
    pips, versus_pips : list of int or int
        The margins of everyone else, as :func:`dicestats.initiative.odds` takes them.
    limit : int, optional
        The largest setting searched (default: as above).
    rules : initiative.Rules, optional
    method : {"auto", "enumerate", "simulate"}
        ``"auto"`` (default): answer exactly every setting the exact form takes
        (the default reading by tiers at any table size; a variant when small
        enough to enumerate), simulate the rest; ``"enumerate"``: exact or refuse;
        ``"simulate"``: simulate all.
    exact : bool, default True
        Exact probabilities as Fractions (else floats): no intervals needed.
    trials, rng, workers, progress
        The Monte Carlo budget per simulated setting, its seed (one seed for
        every setting), workers and the progress bar.

    Examples
    --------
    >>> r = solve_initiative([1], [2], at_least=0.9)   # 5 pips make a 6; a 6 of theirs still wins
    >>> r.reached, r.best_value, r.p_best
    (False, 5, Fraction(25, 36))
    >>> solve_initiative([1], [1], at_least=0.6, solve_for="swiftness").value
    2
    >>> print(solve_initiative([1], [2], at_least=0.5))
    3 pips: P(side A acts first) = 57.87% (wished >= 50%; 2 pips: 48.15%) with A1's pips, \
swiftness [1] against [2] (exact)
    >>> r = solve_initiative([2, 1], [1], participant=1, chance="participant", at_least=0.5)
    >>> r.participant, r.value, r.p_reached
    ('A2', 3, Fraction(1307, 2592))
    """
    swiftness, versus = _sides(swiftness, versus)
    check_choice("solve_for", solve_for, SOLVE_FOR)
    i = check_int("participant", participant, 0, len(swiftness) - 1)
    check_choice("chance", chance, CHANCES)
    p = check_probability("at_least", at_least)
    settings, answer, pips = _initiative_scan(
        swiftness, versus, i, solve_for, pips, versus_pips, limit, rules, method, exact, trials,
        rng, workers,
    )  # fmt: skip
    trials, scan, simulated = int(trials), {}, 0  # checked by the scan
    with progress_bar(
        len(settings) * trials, progress=progress, desc="solve initiative", unit="trial"
    ) as bar:
        for v in settings:
            r, drawn = answer(v)
            q = r.p_first if chance == "side" else r.p_participant_first[i]
            simulated += drawn
            scan[v] = q
            bar.update(trials)
            if _reaches(q, p):
                break
    best_value, _ = _best_of(scan.items())
    last = max(scan)
    reached = _reaches(scan[last], p)
    below = scan.get(last - 1) if reached else None
    pips = tuple(pips) if isinstance(pips, list) else pips
    asked = (solve_for, f"A{i + 1}", chance, tuple(swiftness), tuple(versus), pips, versus_pips, p)
    found = (last if reached else None, reached, scan[last] if reached else None, below)
    confident = None if below is None else below_with_confidence(below, p)
    how = (exact and not simulated, simulated > 0, trials if simulated else None, simulated)
    return InitiativeSolution(*asked, *found, confident, best_value, scan[best_value], scan, *how)


def exact_fits(swiftness, versus, pips, versus_pips, rules) -> bool:
    """Whether the exact form of :func:`dicestats.initiative.odds` takes a round: by tiers
    (the readings it carries, within its work cap), else enumerated (within the
    outcome-class cap)."""
    from ..initiative.limits import check_tier_work
    from ..initiative.setup import check_setup
    from ..initiative.tiers import carries

    try:
        if carries(rules) is None:
            return check_tier_work(check_setup(swiftness, versus, pips, versus_pips, rules)) >= 0
        return check_exact_size(swiftness + versus) > 0  # the number of outcome classes
    except InputError:
        return False


def _initiative_scan(
    swiftness, versus, i, solve_for, pips, versus_pips, limit, rules, method, exact, trials, rng,
    workers,
):  # fmt: skip
    """What a scan of one participant's pips or swiftness walks, checked: ``(settings,
    answer, pips)``. ``answer(v)`` is ``(odds, trials drawn)`` at setting ``v``: exact
    (Fractions, or floats without ``exact``) where the exact form takes the round (by
    tiers under the readings it carries, within its work cap; else enumerated within the
    outcome-class cap) and ``method`` allows, else ``trials`` simulated rounds from one seed
    for every setting (common random numbers). ``pips``: side A's margins as read."""
    from .. import initiative as ini

    check_choice("method", method, METHODS)
    check_exact(exact)
    rules = ini.Rules() if rules is None else rules
    if not isinstance(rules, ini.Rules):
        raise refuse("rules", "an initiative.Rules", rules, kind=True)
    side_pool = rules.pip_rule == "side-pool"
    if solve_for == "pips":
        top = 5 * (sum(swiftness) if side_pool else swiftness[i])
        settings_lo = 0
        pips = _margins(pips, swiftness, side_pool)
    else:
        top, settings_lo = INITIATIVE_LIMITS["swiftness"].hi, 1
    if limit is not None:  # the pips scanned are the initiative's pips (0..1000)
        most = top if solve_for == "swiftness" else INITIATIVE_LIMITS["pips"].hi
        top = check_int("limit", limit, settings_lo, most)
    trials = check_int("trials", trials, 1, None)
    seed = None

    def setup(v):
        sw, pp = list(swiftness), pips
        if solve_for == "swiftness":
            sw[i] = v
        elif side_pool:
            pp = v
        else:
            pp = list(pips)
            pp[i] = v
        return sw, pp

    def fits(sw, pp) -> bool:
        return exact_fits(sw, versus, pp, versus_pips, rules)

    def simulate(sw, pp):
        nonlocal seed
        seed = _seed(rng) if seed is None else seed
        how = dict(method="montecarlo", trials=trials, rng=seed, workers=workers, progress=False)
        return ini.odds(sw, versus, pips=pp, versus_pips=versus_pips, rules=rules, **how), trials

    def answer(v):
        sw, pp = setup(v)
        if method == "simulate" or (method == "auto" and not fits(sw, pp)):
            return simulate(sw, pp)
        try:
            return ini.odds(sw, versus, pips=pp, versus_pips=versus_pips, rules=rules,
                            exact=exact), 0  # fmt: skip
        except InputError:  # the double-action sweep's cap, met as it runs
            if method != "auto":
                raise
            return simulate(sw, pp)

    return range(settings_lo, top + 1), answer, pips


# ---------------------------------------------------------------------------
# Calibration tables
# ---------------------------------------------------------------------------
#: The default levels of a calibration table.
LEVELS = (0.5, 0.75, 0.9, 0.95)
#: The largest pool a Storyteller calibration table searches by default.
CALIBRATION_DICE = 100


@dataclass(frozen=True)
class Calibration(Result):
    """A calibration table: for each setting and level, the answer and its probability.

    Attributes
    ----------
    system, levels, dice_limit, exact
        The question (``dice_limit``: the largest pool searched; None for Fate).
    solved_for : {"dice", "difficulty"}
        What each cell answers: the smallest pool (Storyteller) or the hardest
        difficulty (Fate).
    settings : tuple of int
        The difficulties (Storyteller) or the ratings (Fate), in order.
    answers : dict
        ``{setting: {level: answer or None}}`` (None: nothing in range reaches it).
    probabilities : dict
        ``{setting: {level: P at the answer or None}}``.
    reading : str
        The rules in force, in words.
    """

    system: str
    solved_for: str
    levels: tuple
    settings: tuple
    answers: dict
    probabilities: dict = field(repr=False)
    reading: str
    dice_limit: int | None
    exact: bool
    trials: int | None = None


def _levels(levels) -> tuple:
    if not_a_list(levels):
        raise refuse("levels", "a sequence of probabilities", levels, kind=True)
    levels = tuple(check_probability("levels", p) for p in levels)
    if not 1 <= len(levels) <= 20:
        raise refuse("levels", "1..20 probabilities", levels)
    return levels


def _calibration(system, solved_for, levels, settings, scans, reading, dice_limit, exact, exactly):
    """A :class:`Calibration` of ``scans``, ``{setting: [(answer, P)]}`` in scan order;
    ``exactly(setting, answer)``: the exact P (or None) where floats cannot tell (:func:`_decide`).
    """

    def first(s, scan, p):
        for a, q in scan:
            if _decide(q, p, f"{s}, {a}", functools.partial(exactly, s, a)):
                return a, q
        return None, None

    hits = {s: {p: first(s, scan, p) for p in levels} for s, scan in scans.items()}
    answers = {s: {p: h[0] for p, h in row.items()} for s, row in hits.items()}
    probs = {s: {p: h[1] for p, h in row.items()} for s, row in hits.items()}
    return Calibration(
        system, solved_for, levels, tuple(settings), answers, probs, reading, dice_limit, exact
    )


def storyteller_calibration(
    levels=LEVELS,
    difficulties=range(2, 11),
    rules: Rules = REVISED,
    *,
    event: str = "success",
    net: int = 1,
    specialty: bool = False,
    dice_limit: int | None = None,
    exact: bool = False,
) -> Calibration:
    """For each difficulty, the smallest pool whose ``P(event)`` reaches each level.

    Arguments as :func:`.solve_pool`; ``levels`` a sequence of probabilities.
    ``dice_limit`` defaults to :data:`CALIBRATION_DICE` (100: a table for people),
    or the rules' search limit when it is lower.

    Examples
    --------
    >>> storyteller_calibration([0.5], [6], exact=True).probabilities[6]
    {0.5: Fraction(1, 2)}
    >>> storyteller_calibration([0.5], [10], dice_limit=60).answers  # a 1 cancels each 10
    {10: {0.5: None}}
    """
    rules, net = _st_checks(rules, exact, specialty, event, net)
    levels = _levels(levels)
    diffs = check_difficulty_list(difficulties, rules)
    top = _check_dice_limit(dice_limit, rules, exact, specialty)
    if dice_limit is None:  # a table for people, within the rules' own limit
        top = min(CALIBRATION_DICE, top)
    scans = {
        d: _pool_probabilities(d, rules, event, net, specialty, exact, top, max(levels))[0]
        for d in diffs
    }
    reading = rules.describe(specialty=specialty)
    exact_top = default_dice_limit(rules, exact=True, specialty=specialty)

    def exactly(d: int, n: int):
        if n > exact_top:
            return None
        return event_probability(pool_grid([n], [d], rules, True, specialty)[(d, n)], event, net)

    return _calibration("storyteller", "dice", levels, diffs, scans, reading, top, exact, exactly)


def fate_calibration(
    levels=LEVELS,
    ratings=range(-1, 6),
    objective: str = "success",
    *,
    dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> Calibration:
    """For each rating, the hardest difficulty at which ``objective`` reaches each level.

    Examples
    --------
    >>> cal = fate_calibration([0.5], [0, 3], "tie", exact=True)
    >>> cal.answers, cal.probabilities[0]
    ({0: {0.5: 0}, 3: {0.5: 3}}, {0.5: Fraction(50, 81)})
    """
    rules, n, margin = _fate_check(objective, dice, exact, rules)
    levels = _levels(levels)
    if not_a_list(ratings):
        raise refuse("ratings", "a sequence of integer ratings", ratings, kind=True)
    ratings = [FATE_LIMITS["rating"].check(r, name="ratings") for r in ratings]
    check_int("ratings", len(ratings), 1, 100)
    scans = {r: _difficulty_scan(r, n, margin, exact=exact) for r in ratings}
    reading = f"{n}dF, {objective.replace('success', 'success or better')}"

    def exactly(r: int, d: int):
        return fate_dice(n, exact=True).p_ge(d + margin - r)

    return _calibration("fate", "difficulty", levels, ratings, scans, reading, None, exact, exactly)
