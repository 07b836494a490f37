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
``solve``              inverse questions: :func:`solve_pool`, :func:`solve_difficulty`,
                       :func:`solve_target` (Storyteller); :func:`solve_fate_difficulty`,
                       :func:`solve_fate_rating`, :func:`solve_fate_invokes` (Fate);
                       :func:`solve_initiative` (pips or swiftness to act first); the
                       calibration tables :func:`storyteller_calibration`,
                       :func:`fate_calibration` (→ :class:`Calibration`)
``wishlist``           several wishes at once: :class:`Wish`, :func:`wishes` (Storyteller),
                       :class:`FateWish`, :func:`fate_wishes` (Fate)
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
    "EVENTS": "solve",
    "PoolSolution": "solve",
    "DifficultySolution": "solve",
    "TargetSolution": "solve",
    "solve_pool": "solve",
    "solve_difficulty": "solve",
    "solve_target": "solve",
    "FateSolution": "solve",
    "solve_fate_difficulty": "solve",
    "solve_fate_rating": "solve",
    "solve_fate_invokes": "solve",
    "ladder_value": "solve",
    "InitiativeSolution": "solve",
    "solve_initiative": "solve",
    "LEVELS": "solve",
    "Calibration": "solve",
    "storyteller_calibration": "solve",
    "fate_calibration": "solve",
    "Wish": "wishlist",
    "WishSetting": "wishlist",
    "Wishes": "wishlist",
    "wishes": "wishlist",
    "FateWish": "wishlist",
    "FateWishes": "wishlist",
    "fate_wishes": "wishlist",
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
