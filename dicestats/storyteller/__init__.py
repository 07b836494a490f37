"""Storyteller d10 pools (World of Darkness, Dark Ages, V20): exact odds and Monte Carlo.

The rules as implemented (one frozen :class:`Rules` value, edition presets), their
sources and worked examples: ``docs/rules/storyteller.md``. The questions are declared
in ``questions``, computed in ``pools``, ``actions`` and ``extended_resisted`` on the
``engine``, simulated in ``simulation``; concrete rolls in ``evaluate``, caps in ``limits``.

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
