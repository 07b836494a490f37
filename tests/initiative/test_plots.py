"""Tests of dicestats.plots: inspect the drawn artists, not pixels."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib.container import BarContainer

from dicestats import plots

from ..charts import bars


# ---------------------------------------------------------------- Initiative (synthetic)
def test_initiative_first_bars_with_intervals():
    df = pd.DataFrame(
        {"matchup": ["1 vs 1", "3 vs 1"], "p": [0.5, 0.8], "lo": [0.45, 0.77], "hi": [0.55, 0.83]}
    )
    ax = plots.initiative_first(df, seed=7, trials=1000)
    widths = [p.get_width() for p in bars(ax)[0]]
    assert widths == pytest.approx([0.5, 0.8])
    err = [c for c in ax.containers if not isinstance(c, BarContainer)]
    assert len(err) == 1  # the interval whiskers
    segs = err[0].lines[2][0].get_segments()
    assert [s[0][0] for s in segs] == pytest.approx([0.45, 0.77])
    assert [s[1][0] for s in segs] == pytest.approx([0.55, 0.83])
    assert "seed 7" in ax.get_xlabel() and "1,000 simulated rounds" in ax.get_xlabel()


def test_initiative_distributions():
    df = pd.DataFrame({"actions": [0, 1, 2, 3], "p": [0.4, 0.3, 0.2, 0.1]})
    ax = plots.initiative_actions_before(df)
    assert [p.get_height() for p in bars(ax)[0]] == pytest.approx([0.4, 0.3, 0.2, 0.1])
    pen = pd.DataFrame(
        {
            "penalty": [0, 1, 2, 0, 1, 2],
            "p": [0.6, 0.3, 0.1, 0.5, 0.3, 0.2],
            "label": ["a"] * 3 + ["b"] * 3,
        }
    )
    ax2 = plots.initiative_slow(pen)
    assert len(bars(ax2)) == 2
    assert [p.get_height() for p in bars(ax2)[1]] == pytest.approx([0.5, 0.3, 0.2])


def test_initiative_first_marks_exact_values():
    df = pd.DataFrame(
        {"matchup": ["1 vs 1", "3 vs 3"], "p": [0.49, 0.5], "p_exact": [0.5, float("nan")]}
    )
    ax = plots.initiative_first(df)
    (marks,) = [line for line in ax.lines if line.get_gid() == "exact"]
    assert list(marks.get_xdata()) == [0.5] and list(marks.get_ydata()) == [0]
