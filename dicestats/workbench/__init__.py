"""The designer's workbench: the systems' forward questions turned around.

:mod:`.solve` (inverse questions, calibration tables), :mod:`.wishlist` (several wishes at
once), :mod:`.worth` (what a change is worth in another currency) and :mod:`.compare` (two
settings side by side); every number is a system's, exact with ``exact=True``. How to read
the answers: ``docs/workbench.md``, ``docs/worth-and-compare.md``.

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

from ..core.lazy import lazy_package

# Each room and the public names it defines, imported on first use (PEP 562).
__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "solve": (
            "EVENTS PoolSolution DifficultySolution TargetSolution solve_pool solve_difficulty "
            "solve_target FateSolution solve_fate_difficulty solve_fate_rating solve_fate_invokes "
            "ladder_value InitiativeSolution solve_initiative LEVELS Calibration "
            "storyteller_calibration fate_calibration"
        ).split(),
        "wishlist": (
            "Wish WishSetting Wishes wishes FateWish FateWishes fate_wishes InitiativeWish "
            "InitiativeWishes initiative_wishes"
        ).split(),
        "compare": (
            "BAND_METRICS compare_bands Comparison FATE_METRICS STORYTELLER_METRICS compare_fate "
            "compare_storyteller"
        ).split(),
        "declared": "Solution solve_for worth_of compare_settings Lineup lineup".split(),
        "worth": (
            "CHANGES Worth die_worth fate_match invoke_worth rule_worth storyteller_match "
            "helper_worth pip_worth MarginalWorth marginal_worth"
        ).split(),
    },
)
