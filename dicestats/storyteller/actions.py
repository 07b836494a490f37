"""Actions built from single rolls: shortcuts, retries, botch exemption, teamwork.

* :func:`automatic_success`: take one success instead of rolling, or roll?
* :func:`try_again`: retries at difficulty +1, +2, ...
* :func:`botch_exemption`: the first botch of a period does not count;
* several actions in one round: :mod:`.multiple`;
* :func:`teamwork`: several characters add their successes.

Every function answers exactly (``exact=True``: Fractions) or in float, from
the single-pool odds of :mod:`.pools`; the rules are in
``docs/rules/storyteller.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import check_bool, check_exact, described
from ..core.dist import Dist
from ..core.results import Result
from .limits import LIMITS, check_dice, check_pools
from .pools import PoolOdds, clip, member_pools, non_botch, p_any, pool, pool_grid
from .rules import (
    REVISED,
    Rules,
    check_difficulties,
    check_difficulty,
    check_rules,
    check_specialties,
    renamed,
)

__all__ = [
    "Choice",
    "AutomaticSuccess",
    "Retries",
    "BotchExemption",
    "Teamwork",
    "automatic_success",
    "try_again",
    "botch_exemption",
    "teamwork",
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


def automatic_success(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    target: int = 1,
    stress: bool = False,
    specialty: bool = False,
    exact: bool = False,
    need: int | None = None,
) -> AutomaticSuccess:
    """Taking the automatic success versus rolling.

    If the pool is at least the difficulty, a character out of combat and
    stress may skip the roll and take one (marginal) success. It never botches
    but caps the result at one success.

    Parameters
    ----------
    dice, difficulty : int
    rules : Rules
    target : int, default 1
        Successes the task needs (1..50).
    stress : bool, default False
        In combat or under stress: the automatic success is not allowed.
    specialty : bool, default False
        The roll has a specialty (what it does: ``rules.specialty_rule``).
    exact : bool
    need : int, optional
        Deprecated spelling of ``target``.

    Examples
    --------
    >>> automatic_success(6, 6, exact=True).better
    'automatic'
    >>> automatic_success(6, 6, target=2).better
    'roll'
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    n = check_dice(dice, rules, exact=exact, specialty=specialty)
    d = check_difficulty(difficulty, rules)
    target = renamed("need", "target", target, need)
    target = LIMITS["target, automatic success"].check(target, name="target")
    check_bool("stress", stress)
    r = pool(n, d, rules, specialty=specialty, exact=exact)
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
class Retries(Result):
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


def try_again(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    attempts: int | None = None,
    botch_ends: bool = True,
    specialty: bool = False,
    exact: bool = False,
) -> Retries:
    """Trying again after failures: each retry is at difficulty +1.

    The first attempt is at ``difficulty``, the k-th at ``difficulty + k - 1``.
    A difficulty above 10 cannot be attempted (the sequence ends: the task is
    beyond the character) unless ``rules.above_ten == "clamp"``. A success
    ends the sequence. A botch ends it too by default (``botch_ends=True``: a
    botch is a disaster, not a mere failure to retry); with
    ``botch_ends=False`` it counts as a failure and the next try is harder.

    Parameters
    ----------
    attempts : int, optional
        The most attempts allowed (1..1000); unlimited by default. Exact mode
        caps ``dice × attempts`` (:data:`.limits.LIMITS`; unlimited counts as 50).
    specialty : bool, default False
        Every attempt has a specialty (what it does: ``rules.specialty_rule``).

    Examples
    --------
    Tries at 9 (success 2/10, botch 1/10) and at 10 (success 1/10), then
    the difficulty would be 11:

    >>> r = try_again(1, 9, exact=True)
    >>> r.p_success == Fraction(2, 10) + Fraction(7, 10) * Fraction(1, 10)
    True
    >>> r.mean_attempts
    Fraction(17, 10)
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    n = check_dice(dice, rules, exact=exact, specialty=specialty)
    d0 = check_difficulty(difficulty, rules)
    if attempts is not None:
        attempts = LIMITS["attempts"].check(attempts)
    check_bool("botch_ends", botch_ends)
    clamp = rules.above_ten == "clamp"
    # Attempt k is at difficulty d0 + k - 1 (clamped to 10, or impossible above
    # 10). With clamp and no attempt limit every attempt from the 50th on is at
    # 10: a geometric tail summed in closed form.
    if attempts is not None:
        last = attempts if clamp else min(attempts, 11 - d0)
    else:
        last = 50 if clamp else 11 - d0
    LIMITS["dice × attempts"].check_work(
        n * last,
        name="attempts",
        value="unlimited" if attempts is None else attempts,
        per=n,
        per_name="dice",
        exact=exact,
    )
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
    return Retries(
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


def botch_exemption(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    rolls: int = 10,
    specialty: bool = False,
    exact: bool = False,
) -> BotchExemption:
    """P(at least one counted botch in ``rolls`` rolls), with and without the exemption.

    With the exemption the first botch of the period does not count, so a
    counted botch needs two botches: ``1 - (1-b)**k - k*b*(1-b)**(k-1)``.
    Exact mode caps ``dice × rolls`` (:data:`.limits.LIMITS`). ``specialty``:
    every roll has a specialty (it adds successes; a botch needs none).

    Examples
    --------
    >>> r = botch_exemption(1, 10, rolls=2, exact=True)      # b = 1/10
    >>> r.p_any_botch, r.p_counted_botch
    (Fraction(19, 100), Fraction(1, 100))
    """
    rules = check_rules(rules)
    k = LIMITS["rolls"].check(rolls)
    check_exact(exact)
    check_bool("specialty", specialty)
    n = check_dice(dice, rules, exact=exact, specialty=specialty)
    LIMITS["dice × rolls"].check_work(
        n * k, name="rolls", value=k, per=n, per_name="dice", exact=exact
    )
    r = pool(n, difficulty, rules, specialty=specialty, exact=exact)
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


def teamwork(
    pools: list[int],
    difficulty=6,
    rules: Rules = REVISED,
    *,
    spoil: bool = False,
    specialty=False,
    exact: bool = False,
) -> Teamwork:
    """Teamwork: several characters roll separately and add their successes.

    Pools are never merged. With ``spoil=True`` (social tasks) one member's
    botch spoils the whole effort: it then scores 0. ``specialty`` is a bool
    for every member or one flag per member; ``difficulty`` an int or one per
    member. At most 100 members.

    Examples
    --------
    >>> r = teamwork([1, 1], exact=True)
    >>> r.total.pmf(2)
    Fraction(1, 4)
    """
    rules = check_rules(rules)
    check_exact(exact)
    base = check_pools(pools, rules, name="pools", length=LIMITS["team"])
    diffs = check_difficulties(difficulty, len(base), rules)
    specs = check_specialties(specialty, len(base))
    check_bool("spoil", spoil)
    for n, spec in zip(base, specs, strict=True):
        check_dice(n, rules, exact=exact, name="pools", specialty=spec)
    summands: dict[int, Dist] = {}  # what the total adds up, one per distinct member

    def summand(r: PoolOdds) -> Dist:
        if id(r) not in summands:
            summands[id(r)] = Dist(non_botch(r), exact=exact) if spoil else r.net
        return summands[id(r)]

    def check(members: list[PoolOdds]) -> None:  # an exact total too large: refused early
        if exact:
            some = described(f"{len(base):,} pools, of which the first {len(members):,}")
            Dist._check_sum_size([summand(r) for r in members], "pools", some)

    results: list[PoolOdds] = member_pools(base, diffs, specs, rules, exact, check=check)
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
