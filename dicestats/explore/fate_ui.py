"""The Fate explorer: one roll's outcome bands, the optimal invoke plan, contest odds.

Every figure is an answer of :mod:`dicestats.fate`: :func:`~dicestats.fate.outcome_probs`
(the bands), :func:`~dicestats.fate.invoke_policy` or, against an active opposition,
:func:`~dicestats.fate.invoke_vs_opposition` (invokes), :func:`~dicestats.fate.contest`
(a contest against the same opposition). The chart is
:func:`dicestats.plots.fate_outcomes` over the ladder
(:func:`dicestats.tables.fate_outcomes`); the table is the optimal invoke plan
(:func:`dicestats.tables.fate_invoke_plan`) against a fixed difficulty, or the
outcome table over the ladder otherwise.
"""

from __future__ import annotations

import shlex

import ipywidgets as widgets

from ..fate.rules import LADDER
from ..format import percent
from .base import Explorer, Panel, html_table

__all__ = ["FateExplorer", "fate", "LADDER_OPTIONS"]

#: The ladder as dropdown options, best first: ``("Great (+4)", 4)``.
LADDER_OPTIONS = [(f"{name} ({v:+d})", v) for v, name in LADDER.items()]
OBJECTIVES = ("success", "style", "tie")
FIGURES = {
    "p_fail": "fail",
    "p_tie": "tie",
    "p_success": "success",
    "p_style": "success with style",
    "p_optimal": "objective, invokes played best",
    "p_never": "objective, no invoke",
    "p_win": "contest won",
}
#: The difficulties of the chart and the outcome table: the whole ladder.
DIFFICULTIES = range(-2, 9)


class FateExplorer(Explorer):
    """Fate Accelerated (4dF): see :func:`fate`."""

    title = "Fate"

    def __init__(self, rating: int = 2, difficulty: int = 2, invokes: int = 1):
        text = dict(layout=widgets.Layout(width="190px"), continuous_update=False)
        c = {
            "rating": widgets.Dropdown(options=LADDER_OPTIONS, value=rating, description="rating"),
            "against": widgets.ToggleButtons(
                options=[("difficulty", "difficulty"), ("active opposition", "versus")],
                value="difficulty",
                description="against",
            ),
            "difficulty": widgets.Dropdown(
                options=LADDER_OPTIONS, value=difficulty, description="difficulty"
            ),
            "versus": widgets.Dropdown(options=LADDER_OPTIONS, value=2, description="opposition"),
            "helpers": widgets.IntText(value=0, description="helpers", **text),
            "invokes": widgets.IntText(value=invokes, description="invokes", **text),
            "objective": widgets.Dropdown(
                options=OBJECTIVES, value="success", description="objective"
            ),
        }
        for name, w in c.items():
            w.add_class(f"ds-{name}")
        rows = [
            widgets.HBox([c["rating"], c["helpers"]]),
            widgets.HBox([c["against"], c["difficulty"], c["versus"]]),
            widgets.HBox([c["invokes"], c["objective"]]),
        ]
        super().__init__(c, rows)
        self.refresh()

    def state(self) -> dict:
        state = super().state()
        fixed = state["against"] == "difficulty"
        self.controls["difficulty"].disabled = not fixed
        self.controls["versus"].disabled = fixed
        return state

    def compute(self, state: dict) -> Panel:
        from .. import fate, plots, tables

        rating, helpers, k = state["rating"], state["helpers"], state["invokes"]
        objective = state["objective"]
        fixed = state["against"] == "difficulty"
        opp = state["difficulty"] if fixed else state["versus"]
        side = dict(difficulty=opp) if fixed else dict(versus=opp)
        bands = fate.outcome_probs(rating, helpers=helpers, **side)
        bonus = rating + helpers  # helpers add +1 each (outcome_probs has checked them)
        if fixed:
            inv = fate.invoke_policy(bonus, opp, invokes=k, objective=objective)
        else:
            inv = fate.invoke_vs_opposition(bonus, opp, invokes=k, objective=objective)
        duel = fate.contest(bonus, opp)
        outcomes = tables.fate_outcomes(rating, DIFFICULTIES, helpers=helpers)
        if fixed and k >= 1:
            table = tables.fate_invoke_plan(bonus, opp, invokes=k, objective=objective)
            table_html = html_table(table)
        else:
            table = outcomes
            cols = ["difficulty_name", "p_fail", "p_tie", "p_success", "p_style"]
            shown = outcomes[cols].copy()
            for col in cols[1:]:
                shown[col] = shown[col].map(percent)
            shown.columns = ["difficulty", "fail", "tie", "success", "style"]
            table_html = html_table(shown, current=list(DIFFICULTIES).index(opp))

        def draw(fig):
            ax = fig.subplots()
            plots.fate_outcomes(outcomes, rating=rating + helpers, ax=ax)

        figures = {
            "p_fail": bands.p_fail,
            "p_tie": bands.p_tie,
            "p_success": bands.p_success,
            "p_style": bands.p_style,
            "p_optimal": inv.p_optimal,
            "p_never": inv.p_never,
            "p_win": duel.p_win[0],
        }
        against = ["--difficulty", str(opp)] if fixed else ["--vs", str(opp)]
        helper_flags = ["--helpers", str(helpers)] if helpers else []
        inv_flags = ["--objective", objective] if objective != "success" else []
        cli = [
            shlex.join(["dicestats", "fate", "--bonus", str(rating), *against, *helper_flags]),
            shlex.join(
                [
                    "dicestats",
                    *(["invoke"] if fixed else ["fate", "invoke-vs-opposition"]),
                    "--bonus",
                    str(bonus),
                    *against,
                    "--invokes",
                    str(k),
                    *inv_flags,
                ]
            ),  # fmt: skip
            shlex.join(["dicestats", "contest", "--bonus", str(bonus), "--vs", str(opp)]),
        ]
        kw = f"difficulty={opp}" if fixed else f"versus={opp}"
        helper_kw = f", helpers={helpers}" if helpers else ""
        invoke_call = (
            f"fate.invoke_policy({bonus}, {opp}"
            if fixed
            else f"fate.invoke_vs_opposition({bonus}, {opp}"
        )
        python = "\n".join(
            [
                "from dicestats import fate",
                f"fate.outcome_probs({rating}, {kw}{helper_kw})",
                f"{invoke_call}, invokes={k}, objective={objective!r})",
                f"fate.contest({bonus}, {opp})",
            ]
        )
        what = f"difficulty {LADDER[opp]}" if fixed else f"an active opposition {opp:+d}"
        return Panel(
            figures=figures,
            labels={key: (label, percent) for key, label in FIGURES.items()},
            draw=draw,
            chart_key=("outcomes", rating, helpers),
            table=table,
            table_html=table_html,
            cli="\n".join(cli),
            python=python,
            note=f"4dF {rating:+d}"
            + (f" and {helpers} helper(s)" if helpers else "")
            + f" against {what}; {k} invoke(s) aimed at {objective}; contest: first to 3 "
            "victories (Fate Accelerated)",
            result=(bands, inv, duel),
        )


def fate(rating: int = 2, difficulty: int = 2, invokes: int = 1) -> FateExplorer:
    """A live explorer of one Fate roll (an ``ipywidgets`` widget).

    Controls: the rating, a fixed difficulty or an active opposition (ladder
    names), helpers, invokes and the objective. Shows the outcome bands, the
    chance of the objective with the optimal invoke plan (and without
    invoking), the plan itself, the chance to win a contest against the same
    opposition, the chart over the ladder, the equivalent CLI commands and
    Python calls, and exports the chart (PNG/SVG) and the table (CSV).

    Examples
    --------
    >>> ex = fate(2, 3, invokes=1)
    >>> from dicestats import fate as api
    >>> ex.view.result[1].p_optimal == api.invoke_policy(2, 3, invokes=1).p_optimal
    True
    >>> ex.controls["invokes"].value = 99
    >>> ex.error.value.startswith("invokes must be")
    True
    """
    return FateExplorer(rating, difficulty, invokes)
