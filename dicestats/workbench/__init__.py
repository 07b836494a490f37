"""The designer's workbench: inverse questions, several wishes at once, calibration,
what a change is worth, and two rule sets side by side.

The systems answer forward questions (the odds of 6 dice at difficulty 8); the
workbench turns them around: *how many dice* for 75% at difficulty 8, *which
difficulty* puts a 4-die pool nearest 50%, *what Fate difficulty* a Fair (+2)
character beats 60% of the time, *how many pips* a side needs to act first; it
prices a change in another currency (a Willpower point in dice, an invoke in
shifts) and sets two rule sets side by side. Every answer is exact where the
forward question is exact (Fractions with ``exact=True``), read off a scan of
the forward function (no monotonicity assumed unless it is proven in the
docstring), and an unreachable wish is an answer (``reached=False`` and the
best the range offers), not an error. Monte Carlo answers carry intervals and
say whether the setting below is under the wish with 99% confidence.

Rooms (each public name is imported on first use):

=====================  =======================================================
``storyteller_solve``  :func:`solve_pool`, :func:`solve_difficulty`, :func:`solve_target`
``fate_solve``         :func:`solve_fate_difficulty`, :func:`solve_fate_rating`,
                       :func:`solve_fate_invokes`
``initiative_solve``   :func:`solve_initiative` (pips or swiftness to act first)
``wishlist``           several wishes at once: :class:`Wish`, :func:`wishes` (Storyteller),
                       :class:`FateWish`, :func:`fate_wishes` (Fate)
``calibrate``          :func:`storyteller_calibration`, :func:`fate_calibration`
``worth``              what a change is worth in another currency: :func:`die_worth`,
                       :func:`rule_worth`, :func:`invoke_worth`, :func:`fate_match`,
                       :func:`storyteller_match` (→ :class:`Worth`)
``compare``            two rule sets, two pools or two Fate rolls side by side:
                       :func:`compare_storyteller`, :func:`compare_fate`,
                       :func:`compare_bands` (→ :class:`Comparison`)
``questions``          sample questions for the workbench's contract test
=====================  =======================================================

``docs/workbench.md`` and ``docs/worth-and-compare.md`` explain how to read the answers.

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
    "EVENTS": "storyteller_solve",
    "PoolNeeded": "storyteller_solve",
    "DifficultyFound": "storyteller_solve",
    "TargetFound": "storyteller_solve",
    "solve_pool": "storyteller_solve",
    "solve_difficulty": "storyteller_solve",
    "solve_target": "storyteller_solve",
    "FateSolved": "fate_solve",
    "solve_fate_difficulty": "fate_solve",
    "solve_fate_rating": "fate_solve",
    "solve_fate_invokes": "fate_solve",
    "ladder_value": "fate_solve",
    "InitiativeSolved": "initiative_solve",
    "solve_initiative": "initiative_solve",
    "Wish": "wishlist",
    "WishSetting": "wishlist",
    "Wishes": "wishlist",
    "wishes": "wishlist",
    "FateWish": "wishlist",
    "FateWishes": "wishlist",
    "fate_wishes": "wishlist",
    "LEVELS": "calibrate",
    "Calibration": "calibrate",
    "storyteller_calibration": "calibrate",
    "fate_calibration": "calibrate",
    "BAND_METRICS": "compare",
    "compare_bands": "compare",
    "Comparison": "compare",
    "FATE_METRICS": "compare",
    "STORYTELLER_METRICS": "compare",
    "compare_fate": "compare",
    "compare_storyteller": "compare",
    "CHANGES": "worth",
    "Worth": "worth",
    "die_worth": "worth",
    "fate_match": "worth",
    "invoke_worth": "worth",
    "rule_worth": "worth",
    "storyteller_match": "worth",
}

__all__ = sorted(_ROOMS)

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
