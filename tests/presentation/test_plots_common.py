"""Tests of dicestats.plots: inspect the drawn artists, not pixels."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from dicestats import format as fmt
from dicestats import plots


# ---------------------------------------------------------------- generic behaviour
def test_plots_draw_into_a_given_axes_and_return_it():
    fig, ax = plt.subplots()
    df = pd.DataFrame({"gap": [0, 1], "p_win": [0.5, 0.7]})
    assert plots.fate_contest(df, ax=ax) is ax
    assert len(fig.axes) == 1


def test_a_chart_that_takes_lang_shows_and_documents_it():
    """``lang=`` (``i18n.with_lang``) is in the signature (``help()``, the API reference)
    and in the docstring of every chart that takes it."""
    import inspect

    from dicestats.plots import fate, initiative, storyteller

    charts = [
        f
        for module in (fate, storyteller, initiative)
        for f in vars(module).values()
        if getattr(getattr(f, "__code__", None), "co_name", "") == "drawn"  # with_lang's
    ]
    assert {f.__name__ for f in charts} >= {n for n in initiative.__all__ if "chart" not in n}
    assert len(charts) >= 17
    for f in charts:
        assert "lang" in inspect.signature(f).parameters, f.__name__
        assert f.__doc__.count("\n    lang : str, optional\n") == 1, f.__name__
        assert "lang : str, optional\n" in f.__doc__.split("\n    Returns\n")[0], f.__name__


def test_an_initiative_chart_takes_lang():
    import pandas as pd

    from dicestats import plots

    df = pd.DataFrame({"matchup": ["3 vs 2", "2 vs 2"], "p": [0.7, 0.5]})
    ax = plots.initiative_first(df, lang="zh-Hans")
    assert ax.get_xlabel() == "你方先行动的概率"
    assert "Noto Sans CJK SC dicestats" in ax.xaxis.label.get_fontfamily()
    plots.close(ax)
    ax = plots.initiative_first(df)  # the default stays English
    assert ax.get_xlabel() == "chance your side acts first"
    plots.close(ax)


@pytest.mark.parametrize(
    "func, cols",
    [
        (plots.fate_outcomes, ["difficulty", "fail", "tie", "success"]),
        (plots.fate_contest, ["gap"]),
        (plots.storyteller_heatmap, ["dice", "difficulty"]),
        (plots.initiative_first, ["matchup"]),
    ],
)
def test_missing_columns_are_named(func, cols):
    df = pd.DataFrame({c: [1] for c in cols})
    with pytest.raises(ValueError, match="lacks column"):
        func(df)


def test_non_frame_input_is_a_type_error():
    with pytest.raises(TypeError, match="DataFrame"):
        plots.fate_contest([(0, 0.5)])


def test_empty_frame_is_refused():
    with pytest.raises(ValueError, match="empty"):
        plots.fate_contest(pd.DataFrame({"gap": [], "p_win": []}))


def test_ladder_label():
    assert fmt.ladder(3, order="rating") == "+3 Good"
    assert fmt.ladder(-2, order="rating") == "−2 Terrible"
    assert fmt.ladder(12, order="rating") == "+12"


def test_percent_ticks_read_their_step():
    # the botch-anomaly chart's ticks were 2.5% apart and read "18%, 15%, 12%, 10%, 8%, 5%"
    odds = pd.DataFrame({"dice": [1, 2, 3], "difficulty": [9] * 3, "p_botch": [0.1, 0.12, 0.13]})
    ax = plots.storyteller_anomalies(odds, odds.iloc[:0])
    ax.figure.canvas.draw()
    labels = [t.get_text().replace("−", "-") for t in ax.get_yticklabels()]
    assert "2.5%" in labels and "5.0%" in labels
    assert [float(x.rstrip("%")) for x in labels] == pytest.approx(100 * ax.get_yticks())
    plt.close(ax.figure)
    fig, ax = plt.subplots()  # whole percents where every tick is one
    plots.initiative_first(pd.DataFrame({"matchup": ["a", "b"], "p": [0.3, 0.8]}), ax=ax)
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert "20%" in labels and "80%" in labels and not any("." in x for x in labels)
    plt.close(fig)
