"""Actions built from single rolls: shortcuts, retries, botch exemption, teamwork.

The computed forms of the questions (declared in :mod:`.questions`):

* ``automatic_success``: take one success instead of rolling, or roll?
* ``try_again``: retries at difficulty +1, +2, ...
* ``botch_exemption``: the first botch of a period does not count;
* several actions in one round: :mod:`.multiple`;
* ``teamwork``: several characters add their successes.

Each answers exactly (Fractions) or in float from the single-pool odds of
:mod:`.pools`; the rules are in ``docs/rules/storyteller.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import described
from ..core.dist import Dist
from ..core.results import Result
from .pools import Pool, clip, compute_pool, member_pools, non_botch, p_any, pool_grid

__all__ = [
    "Choice",
    "AutomaticSuccess",
    "TryAgain",
    "BotchExemption",
    "Teamwork",
    "compute_automatic_success",
    "compute_try_again",
    "compute_botch_exemption",
    "compute_teamwork",
]


def _one(exact: bool):
    return Fraction(1) if exact else 1.0


# --------------------------------------------------------------------------- automatic success
@dataclass(frozen=True)
class Choice(Result):
    """One way to resolve a task: its success chance, botch chance and mean net successes."""

    p_success: object
    p_botch: object
    mean_net: object


@dataclass(frozen=True)
class AutomaticSuccess(Result):
    """Rolling versus taking the automatic success.

    Attributes
    ----------
    allowed : bool
        The pool is at least the difficulty and the character is not under stress.
    roll, automatic : Choice
        ``p_success`` is ``P(net >= target)``.
    better : {"automatic", "roll", "either"}
        ``"automatic"`` when allowed and it meets ``target`` more often (or as
        often with no botch risk), ``"roll"`` when rolling does, ``"either"``
        on a tie.
    """

    dice: int
    difficulty: int
    specialty: bool
    target: int
    allowed: bool
    roll: Choice
    automatic: Choice
    better: str
    exact: bool


def compute_automatic_success(s, exact: bool) -> AutomaticSuccess:
    """Automatic success versus the roll (:func:`dicestats.storyteller.automatic_success`)."""
    n, d, target, stress = s.dice, s.difficulty, s.target, s.stress
    r = compute_pool(s, exact)
    allowed = n >= d and not stress
    one, zero = _one(exact), 0 * _one(exact)
    roll = Choice(r.p_ge(target), r.p_botch, r.mean_net)
    auto = Choice(one if (allowed and target <= 1) else zero, zero, one if allowed else zero)
    if allowed and (
        auto.p_success > roll.p_success or (auto.p_success == roll.p_success and r.p_botch > 0)
    ):
        better = "automatic"
    elif roll.p_success > auto.p_success or not allowed:
        better = "roll"
    else:
        better = "either"
    return AutomaticSuccess(n, d, r.specialty, target, allowed, roll, auto, better, exact)


# --------------------------------------------------------------------------- trying again
@dataclass(frozen=True)
class TryAgain(Result):
    """Trying again after failures (:func:`try_again`).

    Attributes
    ----------
    p_success : within the attempts allowed.
    p_botch : a botch before any success (with ``botch_ends`` the sequence ends there).
    p_gave_up : every allowed attempt failed (out of attempts or of reachable difficulties).
    mean_attempts : expected attempts made.
    p_success_within : tuple
        ``[k-1]`` = P(success within k attempts), k = 1 .. the longest possible
        run (at most 50 entries).
    """

    dice: int
    difficulty: int
    specialty: bool
    attempts: int | None
    botch_ends: bool
    p_success: object
    p_botch: object
    p_gave_up: object
    mean_attempts: object
    p_success_within: tuple
    exact: bool


def compute_try_again(s, exact: bool) -> TryAgain:
    """Trying again after failures (:func:`dicestats.storyteller.try_again`)."""
    n, d0, rules, specialty, last = s.dice, s.difficulty, s.rules, s.specialty, s.last
    attempts, botch_ends = s.attempts, s.botch_ends
    clamp = rules.above_ten == "clamp"
    diffs = sorted({min(d0 + k, 10) for k in range(last)})
    odds = {d: r for (d, _), r in pool_grid([n], diffs, rules, exact, specialty).items()}
    one = _one(exact)
    zero = 0 * one
    reach = clean = one  # P(attempt k is made); P(it is reached with no botch so far)
    p_success = p_botch = mean = zero
    within = []
    s = f = b = zero
    for k in range(1, last + 1):
        r = odds[min(d0 + k - 1, 10)]
        s, f, b = r.p_success, r.p_fail, r.p_botch
        mean = mean + reach
        p_success = p_success + reach * s
        p_botch = p_botch + clean * b
        clean = clean * f
        reach = reach * (f if botch_ends else f + b)
        if k <= 50:
            within.append(clip(p_success, exact))
    if clamp and attempts is None:  # attempts 51, 52, ... all at difficulty 10
        go = f if botch_ends else f + b
        mean = mean + reach / (1 - go)
        p_success = p_success + reach * s / (1 - go)
        p_botch = p_botch + clean * b / (1 - f)
        reach = zero
    return TryAgain(
        n,
        d0,
        odds[diffs[0]].specialty,
        attempts,
        botch_ends,
        clip(p_success, exact),
        clip(p_botch, exact),
        clip(reach, exact),
        mean,
        tuple(within),
        exact,
    )


# --------------------------------------------------------------------------- botch exemption
@dataclass(frozen=True)
class BotchExemption(Result):
    """Counted botches over a period of rolls, with and without the exemption.

    Attributes
    ----------
    p_botch : one roll botches.
    p_any_botch : at least one botch in the period (each counts without the exemption).
    p_counted_botch : at least one counted botch with the exemption (two botches or more).
    mean_botches, mean_counted_botches : expected (counted) botches.
    """

    dice: int
    difficulty: int
    specialty: bool
    rolls: int
    p_botch: object
    p_any_botch: object
    p_counted_botch: object
    mean_botches: object
    mean_counted_botches: object
    exact: bool


def compute_botch_exemption(s, exact: bool) -> BotchExemption:
    """Counted botches with and without the exemption
    (:func:`dicestats.storyteller.botch_exemption`)."""
    n, k = s.dice, s.rolls
    r = compute_pool(s, exact)
    b, one = r.p_botch, _one(exact)
    none = (one - b) ** k
    exactly_one = k * b * (one - b) ** (k - 1)
    return BotchExemption(
        n,
        r.difficulty,
        r.specialty,
        k,
        b,
        one - none,
        one - none - exactly_one,
        k * b,
        k * b - (one - none),
        exact,
    )


# --------------------------------------------------------------------------- teamwork
@dataclass(frozen=True)
class Teamwork(Result):
    """Several characters roll separately and add their successes.

    Attributes
    ----------
    total : Dist
        The summed net successes (a spoiled effort counts 0).
    mean_total : expected total.
    p_success : ``P(total >= 1)``.
    p_spoiled : some member botches and spoils the effort (0 without ``spoil``).
    p_any_botch : some member botches.
    """

    pools: tuple
    difficulties: tuple
    specialties: tuple
    spoil: bool
    total: Dist
    mean_total: object
    p_success: object
    p_spoiled: object
    p_any_botch: object
    exact: bool


def compute_teamwork(s, exact: bool) -> Teamwork:
    """Several characters adding their successes (:func:`dicestats.storyteller.teamwork`)."""
    base, diffs, specs, rules, spoil = s.pools, s.difficulties, s.specialties, s.rules, s.spoil
    summands: dict[int, Dist] = {}  # what the total adds up, one per distinct member

    def summand(r: Pool) -> Dist:
        if id(r) not in summands:
            summands[id(r)] = Dist(non_botch(r), exact=exact) if spoil else r.net
        return summands[id(r)]

    def check(members: list[Pool]) -> None:  # an exact total too large: refused early
        if exact:
            some = described(f"{len(base):,} pools, of which the first {len(members):,}")
            Dist._check_sum_size([summand(r) for r in members], "pools", some)

    results: list[Pool] = member_pools(base, diffs, specs, rules, exact, check=check)
    one = _one(exact)
    any_botch = p_any([r.p_botch for r in results], exact)
    no_botch = one - any_botch
    if not spoil:
        total = Dist.sum_of([summand(r) for r in results], name="pools")
        p_spoiled = 0 * one
    else:
        parts = [summand(r) for r in results]
        if no_botch == 0:
            total = Dist.constant(0, exact=exact)
        else:
            total = Dist.sum_of(parts, name="pools")
            total = Dist.mixture([total, Dist.constant(0, exact=exact)], [no_botch, any_botch])
        p_spoiled = any_botch
    return Teamwork(
        tuple(base),
        tuple(diffs),
        tuple(r.specialty for r in results),
        spoil,
        total,
        total.mean(),
        total.p_ge(1),
        p_spoiled,
        any_botch,
        exact,
    )
