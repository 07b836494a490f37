"""Fate (Fate Accelerated, 4dF): roll odds, actions, invokes, challenges, contests, the Deck.

The questions (:mod:`.questions`) answer in floats or exact Fractions, one result
class each; the rest are plain functions. The rules, sources, worked examples and
limits: ``docs/rules/fate.md``. Modules: ``rules`` (:class:`Rules`, the ladder, the
shared checks), ``limits``, ``outcomes`` (the dice and one roll), ``actions``,
``invokes``, ``challenges``, ``contests``, ``turns`` and ``deck``.

Examples
--------
>>> from dicestats import fate
>>> fate.fate_dice(exact=True).weights
(1, 4, 10, 16, 19, 16, 10, 4, 1)
>>> fate.dice_total("−+0+")
1
>>> o = fate.outcome_probs(bonus=2, difficulty=2, exact=True)
>>> o.p_tie, o.p_success_or_better
(Fraction(19, 81), Fraction(31, 81))
"""

from __future__ import annotations

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": (
            "outcome_probs",
            "create_advantage",
            "overcome",
            "attack",
            "defend",
            "invoke_policy",
            "invoke_vs_opposition",
            "challenge",
            "exchange_probs",
            "contest",
            "deck_vs_dice",
        ),
        "rules": (
            "Rules",
            "PRESETS",
            "DEFAULT_RULES",
            "TIE_RULES",
            "CHALLENGE_COUNTS",
            "TIEBREAKS",
            "ASPECT_KINDS",
            "FAIL_OPTIONS",
            "OBJECTIVES",
            "OUTCOMES",
            "APPROACHES",
            "DEFAULT_APPROACH_SPREAD",
            "LADDER",
            "ladder_name",
            "parse_rating",
        ),
        "limits": ("LIMITS",),
        "outcomes": (
            "fate_dice",
            "parse_faces",
            "dice_total",
            "OutcomeProbs",
            "OutcomeRow",
            "classify",
            "shifts",
            "outcome_table",
        ),
        "actions": ("CreateAdvantage", "Overcome", "Attack", "Defend"),
        "invokes": ("PlanRow", "InvokePolicy", "InvokeVsOpposition"),
        "challenges": ("Challenge",),
        "contests": ("ExchangeProbs", "Contest"),
        "turns": ("turn_order",),
        "deck": (
            "deck_counts",
            "totals_where",
            "deck_sequence_prob",
            "dice_sequence_prob",
            "deck_streak_prob",
            "dice_streak_prob",
            "DeckVsDice",
            "deck_sum_var",
            "dice_sum_var",
            "deck_sum_dist",
        ),
    },
)
