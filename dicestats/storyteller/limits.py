"""Every cap of the Storyteller system in one table, :data:`LIMITS` (the API checks
through it, the CLI reads its ranges from it, ``docs/rules/storyteller.md`` lists it).
A cap that depends on the rules is several named limits; :func:`dice_limit` and
:func:`search_limit` pick the one in force.

Examples
--------
>>> LIMITS["dice"].help
'1..1000'
>>> dice_limit(Rules(ten_again=True), exact=True).hi
100
>>> check_dice(101, Rules(ten_again=True), exact=True)
Traceback (most recent call last):
...
dicestats.InputError: dice must be an integer in 1..100 in exact mode, got 101 (exact \
numerators grow with every die and with the ten-again window); use exact=False
"""

from __future__ import annotations

import numbers

from ..core.checks import TEXT, InputTypeError, described, refuse, shown
from ..core.limits import Limit, Limits
from .rules import Rules

_EXACT_WHY = "exact numerators grow with every die and with the ten-again window"
_EXTENDED_WHY = "exact numerators grow with the pool and the rounds"
_CHAINED_WHY = "exact numerators grow with the pool, the rounds and the ten-again window"


def _exact(name: str, lo, hi, why: str, instead: str = "use exact=False") -> Limit:
    """A cap of exact mode only: float mode (or ``instead``) goes beyond it."""
    return Limit(name, lo, hi, why, when="exact", instead=instead)


def _search(name: str, hi: int, why: str, when: str = "exact") -> Limit:
    """A cap on the largest pool of a search over every pool (see :func:`search_limit`)."""
    return Limit("dice, " + name, 1, hi, why, when=when)


LIMITS = Limits(
    # -- pools -------------------------------------------------------------------
    Limit("dice", 1, 1000, why="far beyond any character's pool"),
    Limit(
        "dice, two-dimensional",
        1,
        200,
        why="a 1 cancelling the highest or lowest of double 10s makes the joint "
        "distribution two-dimensional (the cost grows with the cube of the pool)",
    ),
    _exact("dice, exact, chained ten-again", 1, 100, _EXACT_WHY),
    _exact(
        "dice, exact, chained ten-again, two-dimensional", 1, 40, _EXACT_WHY + ", in two dimensions"
    ),
    Limit("difficulty", 2, 10, why="a d10 shows 1..10; rules.above_ten='clamp' rolls higher at 10"),
    Limit(
        "values listed",
        1,
        1000,
        why="pool sizes or difficulties of one table or search: every pool is 1..1000 dice",
    ),
    # -- searches over every pool 1..N (the CLI's table --exact and anomalies) ---------
    _search(
        "exact search", 200, "an exact search over every pool grows with the square of the pool"
    ),
    _search(
        "exact search, chained ten-again", 50, "chained ten-again makes every exact pool costlier"
    ),
    _search(
        "exact search, two-dimensional",
        50,
        "a two-dimensional joint distribution makes every exact pool costlier",
    ),
    _search(
        "exact search, chained ten-again, two-dimensional",
        20,
        "chained ten-again in two dimensions: the costliest exact pools",
    ),
    _search(
        "float search, chained ten-again, two-dimensional",
        80,
        "chained ten-again in two dimensions grows with the cube of the pool, in float too",
        when="float",
    ),
    # -- actions -----------------------------------------------------------------
    Limit(
        "actions",
        1,
        100,
        why="actions declared in one round: the 100th of 100 loses 199 dice, and "
        "best_actions solves every count up to it",
    ),
    Limit(
        "team",
        1,
        100,
        why="characters rolling together: the total's distribution grows with every member",
    ),
    Limit("target, automatic success", 1, 50, why="successes a simple task may need"),
    Limit("attempts", 1, 1000, why="retries of one task"),
    _exact(
        "dice × attempts",
        None,
        10_000,
        "each attempt multiplies Fractions over 10^dice (unlimited attempts count as 50)",
    ),
    Limit("rolls", 1, 10**6, why="rolls in a botch-exemption period"),
    _exact(
        "dice × rolls", None, 200_000, "(1 - botch)^rolls over 10^dice: the digits grow with both"
    ),
    # -- extended and resisted -----------------------------------------------------
    Limit("target", 1, 200, why="successes an extended action accumulates"),
    _exact(
        "target, exact, no round limit",
        1,
        80,
        "a dense chain of target states solved over Fractions",
        instead="use exact=False or give rounds",
    ),
    Limit("rounds", 1, 500, why="a round limit of an extended action"),
    _exact("dice, exact extended", 1, 20, _EXTENDED_WHY),
    _exact("dice, exact extended, chained ten-again", 1, 10, _CHAINED_WHY),
    _exact("dice × rounds, exact extended", None, 1000, _EXTENDED_WHY),
    _exact("dice × rounds, exact extended, chained ten-again", None, 100, _CHAINED_WHY),
    Limit("target, race", 1, 100, why="net successes a resisted extended action races to"),
    _exact(
        "dice × target, exact race",
        None,
        300,
        "Fractions over 10^dice through target^2 states (dice: the larger side)",
    ),
    # -- Monte Carlo ---------------------------------------------------------------
    Limit("target, simulated", 1, 10_000, why="successes a simulated extended action needs"),
    Limit("rounds, simulated", 1, 100_000, why="a round limit of a simulated extended action"),
    Limit("max_rounds", 1, 100_000, why="rolls simulated per trial without a round limit"),
    Limit(
        "n × dice, rolled at once",
        hi=2**25,
        why="the faces of one batch are held in memory (268 MB at 8 bytes a face)",
        instead="roll in smaller batches (batch_size)",
    ),
)


def dice_limit(rules: Rules, *, exact: bool = False, specialty: bool = False) -> Limit:
    """The limit on one pool's dice in force for ``rules`` (and exact mode, and a specialty).

    Examples
    --------
    >>> v20 = Rules(specialty_rule="double", one_cancels="lowest")
    >>> dice_limit(Rules()).hi, dice_limit(v20).hi, dice_limit(v20, specialty=True).hi
    (1000, 1000, 200)
    """
    rules = rules._for_roll(specialty)
    if exact and rules.chained:
        two = ", two-dimensional" if rules.two_dimensional else ""
        return LIMITS["dice, exact, chained ten-again" + two]
    return LIMITS["dice, two-dimensional" if rules.two_dimensional else "dice"]


def search_limit(rules: Rules, *, exact: bool, specialty: bool = False) -> Limit | None:
    """The limit on the largest pool of a search over every pool (table, anomalies).

    ``None`` where the single-pool limit is the only one.

    Examples
    --------
    >>> search_limit(Rules(), exact=True).hi, search_limit(Rules(), exact=False)
    (200, None)
    >>> search_limit(Rules(), exact=True, specialty=True).hi   # a specialty rerolls 10s
    50
    """
    rules = rules._for_roll(specialty)
    name = ", exact search" if exact else ", float search"
    if rules.chained:
        name += ", chained ten-again"
    if rules.two_dimensional:
        name += ", two-dimensional"
    return LIMITS.get("dice" + name)


def check_dice(
    dice, rules: Rules, *, exact: bool = False, name: str = "dice", specialty: bool = False
) -> int:
    """Check one pool size against the limits in force (float limit first, then exact)."""
    n = dice_limit(rules, specialty=specialty).check(dice, name=name)
    return dice_limit(rules, exact=exact, specialty=specialty).check(n, name=name)


def check_pools(
    pools,
    rules: Rules,
    *,
    exact: bool = False,
    name: str = "dice",
    specialty: bool = False,
    length: Limit | None = None,
) -> list[int]:
    """Check a list of pool sizes (an int is a list of one); returns the list.

    A refusal names the value as the caller gave it (``range(1, 300)``, not
    its 201st entry), says which entry is wrong and why the limit exists.
    ``length`` caps how many values (default ``LIMITS["values listed"]``).

    Examples
    --------
    >>> check_pools(range(1, 4), Rules())
    [1, 2, 3]
    >>> check_pools(range(1, 300), Rules(specialty_rule="double", one_cancels="lowest"),
    ...             specialty=True)
    Traceback (most recent call last):
    ...
    dicestats.InputError: dice must be pool sizes in 1..200, got range(1, 300) (201 is outside; \
a 1 cancelling the highest or lowest of double 10s makes the joint distribution two-dimensional \
(the cost grows with the cube of the pool))
    """
    if isinstance(pools, numbers.Integral) and not isinstance(pools, bool):
        pools = [pools]
    length = LIMITS["values listed"] if length is None else length
    given = described(shown(pools, quote=isinstance(pools, (str, bytes))))
    if isinstance(pools, TEXT) or not hasattr(pools, "__iter__"):
        raise refuse(name, "a sequence of pool sizes (integers)", pools, kind=True)
    if hasattr(pools, "__len__") and len(pools) > length.hi:
        raise refuse(
            name, f"at most {length.hi:,} values", described(f"{len(pools):,} values"),
            why=length.why,
        )  # fmt: skip
    out = []
    for v in pools:
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            msg = refuse(name, "a sequence of pool sizes (integers)", given,
                         why=f"{shown(v, quote=True)} is a {type(v).__name__}")  # fmt: skip
            raise InputTypeError(str(msg))
        out.append(int(v))
        if len(out) > length.hi:
            raise refuse(name, f"at most {length.hi:,} values", given, why=length.why)
    if not out:
        raise refuse(name, "at least one pool size", given)
    limits = [dice_limit(rules, specialty=specialty)]
    if exact:
        limits.append(dice_limit(rules, exact=True, specialty=specialty))
    for limit in limits:
        bad = next((v for v in out if not limit.lo <= v <= limit.hi), None)
        if bad is not None:
            when = " in exact mode" if limit.when == "exact" else ""
            high = bad > limit.hi
            raise refuse(
                name,
                f"pool sizes in {limit.help}{when}",
                given,
                why=f"{shown(bad)} is outside" + (f"; {limit.why}" if high else ""),
                instead=(limit.instead or None) if high else None,
            )
    return out
