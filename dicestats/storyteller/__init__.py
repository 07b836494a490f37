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
``engine``     the exact engine: the net-success distribution of every pool
               1..N at every difficulty in one pass (float or Fractions)
``pools``      :func:`pool` → :class:`PoolOdds`, :func:`odds_table`,
               :func:`anomalies`, :func:`botch_closed_form`
``actions``    :func:`automatic_success`, :func:`try_again`,
               :func:`botch_exemption`, :func:`teamwork`
``multiple``   several actions in a round: :func:`reduced_pools`,
               :func:`multiple_actions`, :func:`best_actions`
``extended_resisted``
               :func:`extended`, :func:`resisted`, :func:`resisted_extended`
``extended_chain``
               the float chain of an extended action, its rolls, and
               ``E[rolls | success]`` (a room of ``extended_resisted``)
``sim``        the Monte Carlo twin: :func:`simulate`,
               :func:`simulate_multiple_actions`, :func:`simulate_extended`
               (same result classes, with Estimates)
``questions``  sample questions for the registry's contract test
=============  ==========================================================

Every function returns a frozen result (:class:`dicestats.core.results.Result`)
or, for a table, a DataFrame; ``exact``, ``rng``, ``trials``, ``workers`` and
``progress`` are keyword-only. Bad input raises :class:`dicestats.InputError`.

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

from ..core.lazy import lazy_exports

# Each public name and the room it lives in, imported on first use (PEP 562).
_ROOMS = {
    "AutomaticSuccess": "actions",
    "BotchExemption": "actions",
    "Choice": "actions",
    "Retries": "actions",
    "Teamwork": "actions",
    "automatic_success": "actions",
    "botch_exemption": "actions",
    "teamwork": "actions",
    "try_again": "actions",
    "TAIL_BOUND": "engine",
    "RollResult": "evaluate",
    "Rolls": "evaluate",
    "evaluate_roll": "evaluate",
    "evaluate_rolls": "evaluate",
    "roll_pools": "evaluate",
    "ON_BOTCH": "rules",
    "Extended": "extended_resisted",
    "Race": "extended_resisted",
    "Resisted": "extended_resisted",
    "extended": "extended_resisted",
    "resisted": "extended_resisted",
    "resisted_extended": "extended_resisted",
    "LIMITS": "limits",
    "ActionOdds": "multiple",
    "BestActions": "multiple",
    "MultipleActions": "multiple",
    "best_actions": "multiple",
    "multiple_actions": "multiple",
    "reduced_pools": "multiple",
    "TABLE_COLUMNS": "pools",
    "Anomalies": "pools",
    "Anomaly": "pools",
    "PoolOdds": "pools",
    "PoolResult": "pools",
    "anomalies": "pools",
    "botch_closed_form": "pools",
    "odds_table": "pools",
    "pool": "pools",
    "DEGREES": "rules",
    "PRESETS": "rules",
    "REVISED": "rules",
    "Rules": "rules",
    "degree_name": "rules",
    "simulate": "sim",
    "simulate_extended": "sim",
    "simulate_multiple_actions": "sim",
}

__all__ = [
    # rules and limits
    "DEGREES",
    "PRESETS",
    "REVISED",
    "Rules",
    "degree_name",
    "LIMITS",
    "TAIL_BOUND",
    "ON_BOTCH",
    "TABLE_COLUMNS",
    # concrete rolls
    "RollResult",
    "Rolls",
    "evaluate_roll",
    "evaluate_rolls",
    "roll_pools",
    # single pools
    "PoolOdds",
    "PoolResult",
    "Anomaly",
    "Anomalies",
    "pool",
    "odds_table",
    "anomalies",
    "botch_closed_form",
    # actions
    "Choice",
    "AutomaticSuccess",
    "Retries",
    "BotchExemption",
    "ActionOdds",
    "MultipleActions",
    "BestActions",
    "Teamwork",
    "automatic_success",
    "try_again",
    "botch_exemption",
    "reduced_pools",
    "multiple_actions",
    "best_actions",
    "teamwork",
    # extended and resisted
    "Extended",
    "Resisted",
    "Race",
    "extended",
    "resisted",
    "resisted_extended",
    # Monte Carlo
    "simulate",
    "simulate_multiple_actions",
    "simulate_extended",
]

__getattr__, __dir__ = lazy_exports(__name__, _ROOMS)
