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
    victories and tie rule, challenge count, turn-order tiebreak), presets, the
    choices a question takes (:data:`ASPECT_KINDS`, :data:`OBJECTIVES`, ...),
    :func:`~dicestats.fate.rules.check_rating` (a number or a ladder name, in
    range) and :func:`~dicestats.fate.rules.check_roll`, one roll's checked
    arguments.
``limits``
    :data:`LIMITS`: every cap, what it bounds and why.
``ladder``
    :data:`LADDER` (rating → name) and :func:`parse_rating` (``"Superb"``,
    ``"fair"``, ``"+2"`` → an int); light, for the command line.
``dice``
    :func:`fate_dice` (NdF by convolution), :func:`parse_faces`,
    :func:`dice_total`, :func:`ladder_name`,
    :data:`APPROACHES`, :data:`DEFAULT_APPROACH_SPREAD`, :data:`OUTCOMES`.
``questions``
    The questions, each declared once (parameters, checks, computed form,
    headline, samples): the public functions :func:`outcome_probs`,
    :func:`create_advantage`, :func:`overcome`, :func:`attack`,
    :func:`defend`, :func:`invoke_policy`, :func:`invoke_vs_opposition`,
    :func:`challenge`, :func:`exchange_probs`, :func:`contest`,
    :func:`deck_vs_dice`. Each answers in floats or exact Fractions
    (``exact=True``) with one result class, named after it, whose ``view()``
    is what ``dicestats fate <question>`` prints. Ratings, difficulties and
    oppositions are numbers or ladder names (``"Superb"``, ``"+5"``).
``outcomes``
    :func:`shifts` (Dist of total − opposition), :class:`OutcomeProbs`
    (``p_fail``, ``p_tie``, ``p_success``, ``p_style``, a partition),
    :func:`classify`, :func:`outcome_table` (→ :class:`OutcomeRow` rows).
``actions``
    What each action yields: :class:`CreateAdvantage`, :class:`Overcome`,
    :class:`Attack`, :class:`Defend`.
``invokes``
    :class:`InvokePolicy` (the exact optimal policy for k invokes, +2 or
    reroll or keep, against "always +2", "only rerolls" and "never";
    optionally a value on saved points), :class:`InvokeVsOpposition`.
``challenges``
    :class:`Challenge`: overcome rolls, prepared by create-advantage steps
    whose free invokes the next overcome roll spends optimally, the plan given
    or the best place for the steps searched.
``contests``
    :class:`ExchangeProbs`, :class:`Contest` (two or more participants, an
    absorbing Markov chain).
``turns``
    :func:`turn_order`: the order of turns in a conflict (no dice: not a question).
``deck``
    The Deck of Fate, sequences and streaks: :func:`deck_counts`,
    :func:`totals_where`, :func:`deck_sequence_prob`,
    :func:`dice_sequence_prob`, :func:`deck_streak_prob`, :func:`dice_streak_prob`.
``deck_sums``
    Sums of draws and a session compared: :func:`deck_sum_var`,
    :func:`dice_sum_var`, :func:`deck_sum_dist`, :class:`DeckVsDice`.

The utilities (:func:`fate_dice`, :func:`shifts`, :func:`outcome_table`,
:func:`turn_order`, the deck's sums, sequences and streaks) are plain
functions: they return a distribution, a table, an order or one number, the
parts the questions are made of.

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
            "STEPS",
        ),
        "limits": ("LIMITS",),
        "ladder": ("LADDER", "parse_rating"),
        "dice": (
            "APPROACHES",
            "DEFAULT_APPROACH_SPREAD",
            "OUTCOMES",
            "fate_dice",
            "parse_faces",
            "dice_total",
            "ladder_name",
        ),
        "outcomes": ("OutcomeProbs", "OutcomeRow", "classify", "shifts", "outcome_table"),
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
        ),
        "deck_sums": ("DeckVsDice", "deck_sum_var", "dice_sum_var", "deck_sum_dist"),
    },
)
