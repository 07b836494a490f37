"""Every cap of the d6 initiative system (:data:`LIMITS`): what, at what, in which mode,
and why; trials and workers are the Monte Carlo engine's (``core.montecarlo.LIMITS``).

Examples
--------
>>> LIMITS["swiftness"].help, LIMITS["swiftness"].why
('1..15', 'a count of one face must fit 4 bits of the acting-order key')
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

from ..core.limits import Limit, Limits

_SIMULATE = "use Monte Carlo (trials=), or fewer dice"

#: The caps of the d6 initiative system (see the module docstring).
LIMITS = Limits(
    Limit("swiftness", 1, 15, why="a count of one face must fit 4 bits of the acting-order key"),
    Limit(
        "participants", 1, 64, why="a participant's number must fit 6 bits of the acting-order key"
    ),
    Limit("pips", 0, 1000, why="far more than it takes to raise every die to 6"),
    Limit(
        "outcome classes",
        hi=100_000,
        when="exact",
        why="the enumeration (defence, holding, several rounds, the variants the tier form "
        "does not carry) lists every class: C(s + 5, 5) rolls of s dice per participant",
        instead=_SIMULATE,
    ),
    Limit(
        "work",
        hi=500_000,
        when="exact",
        why="units of work, outcome classes × dice × participants² / 4: the enumeration "
        "follows every coin branch of tied participants",
        instead=_SIMULATE + " or participants",
    ),
    Limit(
        "tier work",
        hi=8_000_000,
        when="exact",
        why="units of work of the exact tier form, a quarter to three quarters of a "
        "microsecond each, with one kind of roll or several kinds (margins): per law of a "
        "roll (swiftness and margin), rolls × values × participants × laws × (dice / 32)², "
        "and the double-action sweep's rows; 8 against 8 with 6 dice each: 399,168",
        instead=_SIMULATE + ", or fewer kinds of participant (swiftness and margin)",
    ),
    Limit(
        "dice per batch",
        hi=2**21,
        why="bounds the memory of one Monte Carlo batch: bigger rounds get fewer rounds per batch",
    ),
    Limit(
        "dice per given batch",
        hi=2**24,
        why="an explicit batch_size × dice per round: a batch holds about 50 bytes a die "
        "while it is sorted, so 16.8 million dice are about 800 MB",
        instead="use a smaller batch_size, or leave it to the default",
    ),
    Limit(
        "dice simulated",
        hi=5 * 10**7,
        why="trials × dice per round, the cap of dicestats solve initiative: 50 million dice "
        "take 2 to 10 seconds on one core",
        instead="use dicestats.initiative.odds (trials=) for longer runs",
    ),
    Limit(
        "exact states",
        hi=300_000,
        when="exact",
        why="rows the round engine's enumeration holds at once: every coin, target and "
        "success roll multiplies them; 300,000 take a few seconds",
        instead="use Monte Carlo, or fewer dice, participants or success-roll dice",
    ),
    Limit(
        "rounds", 1, 50, why="rounds of one fight, each played in full: the work grows with them"
    ),
    Limit("weakness", 0, 100, why="a hero's on-edge penalty scale"),
    Limit("seed", 0, 2**63 - 1, why="a numpy SeedSequence entropy"),
    Limit("roll dice", 0, 1000, why="dice of one success roll"),
    Limit("success", 1, 7, why="the lowest d6 face that is a success (7: none is)"),
    Limit("slow_cost", 0, 100, why="defence successes lost per point of slow scale"),
    Limit(
        "acting orders",
        hi=40_320,
        why="order_distribution lists every order the coins can give, one row each: m "
        "participants tied at every step give m! (8: 40,320 rows, 9: 362,880)",
        instead="use resolve(dice, rng=...) for one order drawn with fair coins",
    ),
)

#: Outcome classes the exact enumeration accepts by default (its ``limit=``).
EXACT_LIMIT = LIMITS["outcome classes"].hi
#: The work cap of the exact enumeration, per outcome class of its ``limit``.
EXACT_WORK_PER_CLASS = LIMITS["work"].hi // EXACT_LIMIT


def outcome_classes(swiftness) -> int:
    """Outcome classes of a setup: one multiset of faces per participant.

    >>> outcome_classes([1, 2])
    126
    """
    return math.prod(math.comb(s + 5, 5) for s in swiftness)


def check_exact_size(swiftness, limit: int = EXACT_LIMIT) -> int:
    """Refuse a setup too big to enumerate; return its number of outcome classes.

    ``limit`` replaces the default cap on outcome classes; the work cap scales
    with it (:data:`EXACT_WORK_PER_CLASS` units per class of ``limit``)."""
    size = outcome_classes(swiftness)
    dataclasses.replace(LIMITS["outcome classes"], hi=limit).check(size, name="outcome classes")
    work = size * sum(swiftness) * len(swiftness) ** 2 // 4
    dataclasses.replace(LIMITS["work"], hi=EXACT_WORK_PER_CLASS * limit).check(work, name="work")
    return size


def tier_work(setup) -> int:
    """Units of work of the exact tier form (:mod:`.tiers`) for a checked setup, a quarter
    to three quarters of a microsecond each (8 against 8 with 6 dice: 399,168 units in 0.13 s
    of CPU; with one side's margins 1, two kinds of roll whose ties take coins: 1,596,672
    units in 1.2 s): for each law of a participant's roll (its swiftness and margin), its
    rolls × values (the target rolls) × participants × laws (one generating function each
    per target roll) × (dice / 32)², at least 1 (a product of two generating functions
    grows with the square of their size). The double-action sweep
    counts its own rows as it runs, against half the same cap.

    >>> from dicestats.initiative.setup import check_setup
    >>> tier_work(check_setup([6] * 8, [6] * 8))
    399168
    """
    pips = tuple(setup.pips) + tuple(setup.versus_pips)
    kinds = Counter((s, min(p, 6 * s)) for s, p in zip(setup.sw, pips, strict=True))
    size = max(setup.dice**2 // 1024, 1) * setup.n * len(kinds)
    return sum(math.comb(s + 5, 5) * min(s, 6) * size for s, _ in kinds)


def check_tier_work(setup) -> int:
    """Refuse a setup whose exact tier form would take too long; return its work."""
    return LIMITS["tier work"].check(tier_work(setup), name="tier work")
