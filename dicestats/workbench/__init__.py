"""The designer's workbench: inverse questions, several wishes at once, calibration,
what a change is worth, and two rule sets side by side.

The systems answer forward questions (the odds of 6 dice at difficulty 8); the workbench
turns them around (*how many dice* for 75% at difficulty 8, *what Fate difficulty* a Fair
character beats 60% of the time), prices a change in another currency (a Willpower point in
dice, an invoke in shifts) and sets two rule sets side by side. Every number is a system's,
exact where the forward question is exact (Fractions with ``exact=True``); an unreachable
wish is an answer (``reached=False``), not an error. The rooms, each public name imported on
first use: :mod:`.solve` (inverse questions, calibration tables), :mod:`.wishlist` (several
wishes at once), :mod:`.worth` (what a change is worth) and :mod:`.compare` (two settings
side by side). How to read the answers: ``docs/workbench.md``, ``docs/worth-and-compare.md``.

Examples
--------
>>> from dicestats import workbench as wb
>>> wb.solve_pool(8, 0.75).dice
9
>>> wb.solve_fate_difficulty(2, 0.6).difficulty
1
>>> wb.invoke_worth(2, 2, policy="plus2", exact=True).worth
Fraction(2, 1)
"""

from __future__ import annotations

from ..core.lazy import lazy_exports

# Each public name and the room it lives in, imported on first use (PEP 562).
_ROOMS = {
    name: room
    for room, names in {
        "solve": "EVENTS PoolSolution DifficultySolution TargetSolution solve_pool "
        "solve_difficulty solve_target FateSolution solve_fate_difficulty solve_fate_rating "
        "solve_fate_invokes ladder_value InitiativeSolution solve_initiative LEVELS Calibration "
        "storyteller_calibration fate_calibration",
        "wishlist": "Wish WishSetting Wishes wishes FateWish FateWishes fate_wishes",
        "compare": "BAND_METRICS compare_bands Comparison FATE_METRICS STORYTELLER_METRICS "
        "compare_fate compare_storyteller",
        "worth": "CHANGES Worth die_worth fate_match invoke_worth rule_worth storyteller_match",
    }.items()
    for name in names.split()
}

__all__ = sorted(_ROOMS)

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
