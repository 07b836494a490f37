"""The Storyteller explorer (:func:`storyteller`): the generic one, with the neighbouring pools'
odds and anomalies beside a pool."""

from __future__ import annotations

import functools

import ipywidgets as widgets

from ..format import percent
from ..storyteller.limits import LIMITS
from .base import chart_axes, html_table
from .generic_ui import GenericExplorer

__all__ = ["StorytellerExplorer", "storyteller", "pool_span"]

#: The columns of the odds table, as shown.
TABLE = {"dice": "dice", "p_success": "success", "p_fail": "failure", "p_botch": "botch"}
TABLE |= {"mean_net": "mean net"} | {f"p_ge_{k}": f"{k}+" for k in range(2, 6)}
POOL_DEGREES = ("p_marginal", "p_moderate", "p_complete", "p_exceptional", "p_phenomenal")
#: The chart's metric choices (the anomaly metrics of the API).
METRICS = ("p_botch", "p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5")


def pool_span(dice: int) -> range:
    """The pools the table and chart show around ``dice``: at most 30, 1..10 at least,
    none above the pool limit.

    >>> pool_span(5), pool_span(40), pool_span(1000)
    (range(1, 11), range(13, 43), range(971, 1001))
    """
    top = min(max(10, dice + 2), LIMITS["dice"].hi)
    return range(max(1, top - 29), top + 1)


@functools.lru_cache(maxsize=64)
def _span_tables(span: range, difficulty: int, rules, specialty: bool):
    """The odds across ``span`` at ``difficulty`` and their anomalies (two DataFrames, not to
    be changed): kept for the next change, which most often moves the pool within the span."""
    from .. import tables

    odds = tables.storyteller_odds(span, [difficulty], rules, specialty=specialty)
    found = tables.storyteller_anomalies(
        rules, span, [difficulty], specialty=specialty, exact=False
    )
    return odds, found


class StorytellerExplorer(GenericExplorer):
    """Storyteller d10 pools: see :func:`storyteller`."""

    title = "Storyteller"

    short = True
    headline = {"pool": ("p_success", "p_fail", "p_botch", "mean_net", *POOL_DEGREES)}

    def extra_controls(self, values: dict) -> dict:
        from ..format import METRIC_LABELS

        options = [(METRIC_LABELS[m], m) for m in METRICS]
        return {"metric": widgets.Dropdown(options=options, value="p_botch", description="chart")}

    def greyed(self, state: dict) -> dict:
        difficulty = state.get("difficulty")
        if "rules.above_ten" in self.controls and isinstance(difficulty, int):
            return {"rules.above_ten": difficulty <= 10}  # what a difficulty above 10 is, only
        return {}

    def panel(self, call, result, *, quick: bool = False, executor=None):
        p = super().panel(call, result, quick=quick, executor=executor)
        if call.question.name != "pool" or quick:
            return p
        from .. import plots

        n, d, rules, specialty = result.dice, result.difficulty, result.rules, result.specialty
        span = pool_span(n)
        odds, found = _span_tables(span, d, rules, specialty)
        shown = odds[list(TABLE)].copy()
        for col in list(TABLE)[1:]:
            shown[col] = shown[col].map("{:.2f}".format if col == "mean_net" else percent)
        shown.columns = list(TABLE.values())
        found_at = zip(found["metric"], found["dice"], strict=True)
        marked = [(k - span.start, TABLE[m]) for m, k in found_at]
        metric = call.state["metric"]

        def draw(fig):
            ax = chart_axes(fig)
            plots.storyteller_anomalies(odds, found, metric=metric, ax=ax)
            ax.axvline(n, color="#999999", linewidth=0.8, linestyle="--")
            legend = ax.get_legend()  # over the pool's line (it crossed the legend's words)
            legend.set_frame_on(True)
            legend.get_frame().set(facecolor="white", edgecolor="none", alpha=0.9)

        p.draw, p.chart_key = draw, ("pool", rules, specialty, span, d, metric, n)
        p.chart_shape = "storyteller_anomalies"
        p.table = odds
        p.table_html += html_table(shown, marked=marked, current=n - span.start)
        p.note += " Highlighted: one more die is worse."
        return p


def storyteller(dice: int = 5, difficulty: int = 6, preset: str = "revised") -> StorytellerExplorer:
    """A live explorer of a Storyteller d10 pool (an ``ipywidgets`` widget).

    The generic explorer of the Storyteller's questions (:func:`~dicestats.explore.generic`:
    every rule flag, a flag that cannot apply to the roll greyed out, ``above_ten`` below
    difficulty 11 too), opening on :func:`~dicestats.storyteller.pool`. To the pool it adds
    the degrees to the headline figures, the odds across neighbouring pools
    (:func:`dicestats.tables.storyteller_odds`, the table and its CSV) with the cells where
    one more die is worse highlighted (:func:`dicestats.tables.storyteller_anomalies`), and
    their chart (:func:`dicestats.plots.storyteller_anomalies`, its metric a control).
    Extended actions and the other questions are in the picker; the commands are the short
    ones (``dicestats pool``).

    Examples
    --------
    >>> ex = storyteller(5, 9)
    >>> ex.summary.value.count('class="ds-p_botch">16.0%')
    1
    >>> import dicestats.storyteller
    >>> ex.controls["dice"].value = 6
    >>> ex.view.result.p_botch == dicestats.storyteller.pool(6, 9).p_botch
    True
    >>> ex.controls["dice"].value = 1001
    >>> ex.error.value
    'dice must be an integer in 1..1000, got 1001 (far beyond any character&#x27;s pool)'
    """
    from .. import registry
    from ..storyteller import Rules

    values = {"dice": dice, "difficulty": difficulty, "rules": Rules.preset(preset)}
    return StorytellerExplorer(registry.system("storyteller"), "pool", values=values)
