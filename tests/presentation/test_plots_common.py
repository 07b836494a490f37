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
