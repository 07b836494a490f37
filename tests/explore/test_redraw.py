"""The chart on screen is kept from change to change (issue 24, item 1): a chart of the same
kind is re-drawn on the same Figure and Axes, cleared of its data, and looks exactly as one
drawn anew."""

from __future__ import annotations

from dicestats import explore
from dicestats.explore.base import _ScreenChart


def _fresh_png(view) -> bytes:
    screen = _ScreenChart()
    screen.draw(view.draw, view.chart_shape)
    return screen.png()


def test_a_chart_redrawn_in_place_is_the_chart_drawn_anew():
    ex = explore.storyteller(5, 9)
    fig = ex._screen.fig
    axes = fig.axes[0]
    changes = [("dice", 6), ("rules.ten_again", True), ("metric", "p_success")]
    for control, value in changes:
        ex.controls[control].value = value
        assert ex._screen.fig is fig and fig.axes == [axes]  # kept: no new Figure or Axes
        assert ex.chart.value == _fresh_png(ex.view), (control, value)


def test_a_chart_of_another_kind_starts_anew():
    ex = explore.generic("fate", "outcome_probs", bonus=2, difficulty=3)
    axes = ex._screen.fig.axes[0]
    ex.controls["difficulty"].value = "4"
    assert ex._screen.fig.axes == [axes] and ex.chart.value == _fresh_png(ex.view)
    ex.controls["question"].value = "contest"
    assert ex.view.chart_shape != "fate:outcome_probs_chart"
    assert ex.chart.value == _fresh_png(ex.view)
