"""The chart on screen is kept from change to change (issue 24, item 1): a chart of the same
kind is re-drawn on the same Figure and Axes, cleared of its data, and looks exactly as one
drawn anew."""

from __future__ import annotations

from dicestats import explore
from dicestats.explore.base import _ScreenChart
from dicestats.i18n import language


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


def test_the_screen_canvas_draws_what_the_plain_agg_canvas_draws():
    """The screen's renderer keeps strings' layouts, glyphs' bitmaps and fonts' heights between
    draws (:mod:`dicestats.explore.screen`): every chart it draws, once its caches are warm, is
    the plain Agg canvas's picture, pixel for pixel."""
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from dicestats.explore.screen import ScreenCanvas

    cases = [
        (explore.fate(2, 2), [("difficulty", "4"), ("bonus", "3"), ("difficulty", "2")]),
        (explore.storyteller(5, 9), [("dice", 6), ("difficulty", 7)]),
        (explore.compare(), [("a_dice", 7), ("metric", "p_botch")]),
        # drawn in the explorer's worker thread (Monte Carlo stages), with its own fonts
        (explore.initiative("2", "1", trials=2_000), [("swiftness", "3"), ("versus", "2")]),
    ]
    for ex, changes in cases:
        for control, value in changes:
            ex.controls[control].value = value
            ex.wait()
            screen = ex._screen
            assert isinstance(screen.canvas, ScreenCanvas)
            cached = np.asarray(screen.canvas.buffer_rgba()).copy()
            plain = FigureCanvasAgg(screen.fig)  # the figure now draws on a plain canvas
            try:
                plain.draw()
                assert np.array_equal(cached, np.asarray(plain.buffer_rgba())), (control, value)
            finally:
                screen.fig.set_canvas(screen.canvas)
    strings, glyphs = screen.canvas.get_renderer().kept()
    assert strings > 10 and glyphs > 50  # what the next draw takes from


def test_a_chart_shown_a_moment_ago_is_shown_again_not_drawn_anew(monkeypatch):
    from dicestats.explore import base

    monkeypatch.setattr(base, "RECENT_CHARTS", 2)
    ex = explore.fate(2, 2)
    drawn = []
    draw = ex._screen.draw
    ex._screen.draw = lambda *a: drawn.append(a) or draw(*a)
    first = ex.chart.value
    ex.controls["difficulty"].value = "4"
    fourth = ex.chart.value
    ex.controls["difficulty"].value = "2"
    assert ex.chart.value == first and len(drawn) == 1  # difficulty 2's, kept
    ex.controls["invokes"].value = 2  # not in the chart: nothing to draw
    ex.controls["difficulty"].value = "4"
    assert ex.chart.value == fourth and len(drawn) == 1
    ex.controls["difficulty"].value = "3"  # a new chart: the oldest kept (2's) goes
    ex.controls["difficulty"].value = "2"
    assert len(drawn) == 3 and ex.chart.value == first  # drawn again, the same bytes
    with language("de"):  # a chart kept in English is not a German one
        ex.controls["difficulty"].value = "3"
    assert len(drawn) == 4
