"""Fate (Fate Accelerated, 4dF): roll odds, actions, invokes, challenges, contests, the Deck.

Everything is exact when asked (``exact=True``: :class:`fractions.Fraction`
probabilities, Python ints throughout) and float64 otherwise; float answers
agree with exact ones to 1e-12. Every answer is a frozen result
(:class:`~dicestats.core.results.Result`: ``as_dict()``, ``to_json()``) or a
:class:`~dicestats.core.dist.Dist`. The rules as implemented, their sources,
the worked examples and the limits are written out in ``docs/rules/fate.md``.

Modules
-------
``rules``
    :class:`Rules` (frozen; every variant: dice, style threshold, contest
    victories and tie rule, challenge count, turn-order tiebreak), presets.
``limits``
    :data:`LIMITS`: every cap, what it bounds and why.
``ladder``
    :data:`LADDER` (rating → name) and :func:`parse_rating` (``"Superb"``,
    ``"fair"``, ``"+2"`` → an int); light, for the command line.
``dice``
    :func:`fate_dice` (NdF by convolution), :func:`parse_faces`,
    :func:`dice_total`, :func:`ladder_name`,
    :data:`APPROACHES`, :data:`DEFAULT_APPROACH_SPREAD`, :data:`OUTCOMES`.
``outcomes``
    :func:`shifts` (Dist of total − opposition), :func:`outcome_probs`
    (→ :class:`Outcome`: ``p_fail``, ``p_tie``, ``p_success``, ``p_style``, a
    partition), :func:`classify`, :func:`outcome_table` (→ :class:`OutcomeRow` rows).
``actions``
    What each action yields: :func:`create_advantage`, :func:`overcome`,
    :func:`attack`, :func:`defend`.
``invokes``
    :func:`invoke_policy` (→ :class:`InvokePolicy`: the exact optimal policy
    for k invokes, +2 or reroll or keep, against "always +2", "only rerolls"
    and "never"; optionally a value on saved points),
    :func:`invoke_vs_opposition` (→ :class:`InvokeVsOpposition`).
``challenges``
    :func:`challenge` (→ :class:`ChallengeResult`): overcome rolls, prepared
    by create-advantage steps whose free invokes the next overcome roll
    spends optimally; :func:`best_challenge_plan` (→ :class:`ChallengePlan`):
    where to place the create-advantage steps; :data:`STEPS`.
``contests``
    :func:`exchange_probs` (→ :class:`ExchangeResult`), :func:`contest`
    (→ :class:`ContestResult`, two or more participants, an absorbing Markov
    chain).
``turns``
    :func:`turn_order`: the order of turns in a conflict.
``deck``
    The Deck of Fate, sequences and streaks: :func:`deck_counts`,
    :func:`totals_where`, :func:`deck_sequence_prob`,
    :func:`dice_sequence_prob`, :func:`deck_streak_prob`, :func:`dice_streak_prob`.
``deck_sums``
    Sums of draws and a session compared: :func:`deck_sum_var`,
    :func:`dice_sum_var`, :func:`deck_sum_dist`, :func:`deck_vs_dice`
    (→ :class:`DeckVsDice`).
``questions``
    :data:`~dicestats.fate.questions.QUESTIONS`, sample questions for the
    registry's contract test.

Vocabulary: ``bonus`` is everything added to the dice (approach rating,
stunts, invoked aspects); ``helpers`` add +1 each; the other side is a fixed
``difficulty`` or an active opposition ``versus`` (its bonus; it rolls its
own ``versus_dice``); ``objective`` is the outcome an invoke policy aims for.
``shifts = total − opposition``: fail below 0, tie 0, success 1..2, success
with style from 3.

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

from ..core.lazy import lazy_exports

# Each public name and the room it lives in, imported on first use (PEP 562).
_ROOMS = {
    "ASPECT_KINDS": "actions",
    "FAIL_OPTIONS": "actions",
    "AdvantageResult": "actions",
    "AttackResult": "actions",
    "DefendResult": "actions",
    "OvercomeResult": "actions",
    "attack": "actions",
    "create_advantage": "actions",
    "defend": "actions",
    "overcome": "actions",
    "STEPS": "challenges",
    "ChallengePlan": "challenges",
    "ChallengeResult": "challenges",
    "best_challenge_plan": "challenges",
    "challenge": "challenges",
    "ContestResult": "contests",
    "ExchangeResult": "contests",
    "contest": "contests",
    "exchange_probs": "contests",
    "deck_counts": "deck",
    "deck_sequence_prob": "deck",
    "deck_streak_prob": "deck",
    "dice_sequence_prob": "deck",
    "dice_streak_prob": "deck",
    "totals_where": "deck",
    "DeckVsDice": "deck_sums",
    "deck_sum_dist": "deck_sums",
    "deck_sum_var": "deck_sums",
    "deck_vs_dice": "deck_sums",
    "dice_sum_var": "deck_sums",
    "APPROACHES": "dice",
    "DEFAULT_APPROACH_SPREAD": "dice",
    "LADDER": "ladder",
    "OUTCOMES": "dice",
    "dice_total": "dice",
    "fate_dice": "dice",
    "ladder_name": "dice",
    "parse_faces": "dice",
    "OBJECTIVES": "invokes",
    "InvokePolicy": "invokes",
    "InvokeVsOpposition": "invokes",
    "PlanRow": "invokes",
    "invoke_policy": "invokes",
    "invoke_vs_opposition": "invokes",
    "parse_rating": "ladder",
    "LIMITS": "limits",
    "Outcome": "outcomes",
    "OutcomeRow": "outcomes",
    "classify": "outcomes",
    "outcome_probs": "outcomes",
    "outcome_table": "outcomes",
    "shifts": "outcomes",
    "CHALLENGE_COUNTS": "rules",
    "DEFAULT_RULES": "rules",
    "PRESETS": "rules",
    "TIE_RULES": "rules",
    "TIEBREAKS": "rules",
    "Rules": "rules",
    "turn_order": "turns",
}

__all__ = [
    "APPROACHES",
    "ASPECT_KINDS",
    "CHALLENGE_COUNTS",
    "DEFAULT_APPROACH_SPREAD",
    "DEFAULT_RULES",
    "FAIL_OPTIONS",
    "LADDER",
    "LIMITS",
    "OBJECTIVES",
    "OUTCOMES",
    "PRESETS",
    "STEPS",
    "TIEBREAKS",
    "TIE_RULES",
    "AdvantageResult",
    "AttackResult",
    "ChallengePlan",
    "ChallengeResult",
    "ContestResult",
    "DeckVsDice",
    "DefendResult",
    "ExchangeResult",
    "InvokePolicy",
    "InvokeVsOpposition",
    "Outcome",
    "OutcomeRow",
    "OvercomeResult",
    "PlanRow",
    "Rules",
    "attack",
    "best_challenge_plan",
    "challenge",
    "classify",
    "contest",
    "create_advantage",
    "deck_counts",
    "deck_sequence_prob",
    "deck_streak_prob",
    "deck_sum_dist",
    "deck_sum_var",
    "deck_vs_dice",
    "defend",
    "dice_sequence_prob",
    "dice_streak_prob",
    "dice_sum_var",
    "dice_total",
    "exchange_probs",
    "fate_dice",
    "invoke_policy",
    "invoke_vs_opposition",
    "ladder_name",
    "outcome_probs",
    "outcome_table",
    "overcome",
    "parse_faces",
    "parse_rating",
    "shifts",
    "totals_where",
    "turn_order",
]

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
