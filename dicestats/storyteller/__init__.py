"""Storyteller d10 pools (World of Darkness, Dark Ages, V20): exact odds and Monte Carlo.

Roll ``N`` ten-sided dice against a difficulty ``D`` (2..10): each die showing
``>= D`` is a success, a 10 always is, each 1 cancels a success (rule of one),
and a roll with no success at all and at least one 1 is a *botch*. Every rule
variant is a field of one immutable :class:`Rules` value, with edition
presets. The rules as implemented, their sources (the first, revised, Dark
Ages and V20 editions) and the worked examples are in
``docs/rules/storyteller.md``.

The questions are declared once in ``questions`` (the public functions: floats,
exact Fractions with ``exact=True``, or Monte Carlo with ``trials=``, ``rng=`` where
declared, one result class whichever method; bad input raises
:class:`dicestats.InputError`). Their computed forms live in ``pools``,
``actions`` and ``extended_resisted``, on the ``engine``; the Monte
Carlo forms in ``simulation``; concrete rolls in ``evaluate``; every cap in
``limits``; the rule set in ``rules``.

Examples
--------
>>> from dicestats import storyteller as st
>>> r = st.pool(5, 6, exact=True)
>>> r.p_botch == st.botch_closed_form(5, 6, exact=True)
True
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
        "actions": (
            "Choice",
            "AutomaticSuccess",
            "TryAgain",
            "BotchExemption",
            "DeclaredAction",
            "MultipleActions",
            "BestActions",
            "reduced_pools",
            "Teamwork",
        ),
        "extended_resisted": ("Extended", "Resisted", "ResistedExtended"),
    },
)
