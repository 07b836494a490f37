"""Storyteller d10 pools (World of Darkness, Dark Ages, V20): exact odds and Monte Carlo.

Roll ``N`` ten-sided dice against a difficulty ``D`` (2..10): each die showing
``>= D`` is a success, a 10 always is, each 1 cancels a success (rule of one),
and a roll with no success at all and at least one 1 is a *botch*. Every rule
variant is a field of one immutable :class:`Rules` value, with edition
presets. The rules as implemented, their sources (the first, revised, Dark
Ages and V20 editions) and the worked examples are in
``docs/rules/storyteller.md``.

Modules (each owns one job):

=============  ==========================================================
``rules``      :class:`Rules`, :data:`PRESETS`, :data:`DEGREES`, argument checks
``limits``     :data:`LIMITS`: every cap, what, at what, in which mode, why
``evaluate``   concrete rolls: :func:`evaluate_roll`, :func:`evaluate_rolls`,
               :func:`roll_pools` (the one ten-again extra-dice algorithm)
``engine``     the engine: the net-success distribution of every pool 1..N at
               every difficulty in one pass (float or Fractions); the float table
``pools``      one pool computed (:class:`Pool`), anomalies, :func:`odds_table`,
               :func:`botch_closed_form`
``actions``    automatic success, trying again, botch exemption, teamwork, computed
``multiple``   several actions in a round: :func:`reduced_pools`, computed odds
``extended_resisted``
               extended, resisted and resisted-extended actions, computed
``simulation`` the Monte Carlo forms: batch functions and their reductions
``questions``  the questions, each declared once (parameters, forms, headline,
               samples): the public functions :func:`pool`, :func:`anomalies`,
               :func:`automatic_success`, :func:`try_again`,
               :func:`botch_exemption`, :func:`multiple_actions`,
               :func:`best_actions`, :func:`extended`, :func:`resisted`,
               :func:`resisted_extended`, :func:`teamwork`
=============  ==========================================================

Every question returns a frozen result (:class:`dicestats.core.results.Result`)
in floats, exact Fractions (``exact=True``) or, for ``pool``,
``multiple_actions`` and ``extended``, by Monte Carlo (``trials=``, ``rng=``):
the same class whichever method. The method keywords are keyword-only. Bad
input raises :class:`dicestats.InputError`.

Examples
--------
>>> from dicestats import storyteller as st
>>> r = st.pool(5, 6, exact=True)
>>> r.p_botch == st.botch_closed_form(5, 6, exact=True)
True
>>> st.evaluate_roll([3, 3, 8, 7, 10], 6).successes
3
>>> st.evaluate_roll([1, 3, 4, 3, 6], 7).outcome
'botch'
"""

from __future__ import annotations

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "questions": (
            "pool",
            "anomalies",
            "automatic_success",
            "try_again",
            "botch_exemption",
            "multiple_actions",
            "best_actions",
            "extended",
            "resisted",
            "resisted_extended",
            "teamwork",
        ),
        "rules": ("Rules", "PRESETS", "REVISED", "DEGREES", "ON_BOTCH", "degree_name"),
        "limits": ("LIMITS",),
        "engine": ("TAIL_BOUND",),
        "evaluate": ("RollResult", "Rolls", "evaluate_roll", "evaluate_rolls", "roll_pools"),
        "pools": (
            "Pool",
            "Anomaly",
            "Anomalies",
            "TABLE_COLUMNS",
            "odds_table",
            "botch_closed_form",
        ),
        "actions": ("Choice", "AutomaticSuccess", "TryAgain", "BotchExemption", "Teamwork"),
        "multiple": ("DeclaredAction", "MultipleActions", "BestActions", "reduced_pools"),
        "extended_resisted": ("Extended", "Resisted", "ResistedExtended"),
    },
)
