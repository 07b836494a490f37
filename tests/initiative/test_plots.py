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


def test_initiative_holding_tradeoff():
    df = pd.DataFrame(
        {
            "label": ["a", "a", "b", "b"],
            "policy": ["never", "defend", "never", "defend"],
            "dealt": [1.2, 0.4, 2.0, 1.0],
            "taken": [1.1, 1.6, 1.5, 2.0],
            "dealt_lo": [1.1, 0.3, 1.9, 0.9],
            "dealt_hi": [1.3, 0.5, 2.1, 1.1],
            "taken_lo": [1.0, 1.5, 1.4, 1.9],
            "taken_hi": [1.2, 1.7, 1.6, 2.1],
        }
    )
    ax = plots.initiative_holding(df, seed=3, trials=500)
    lines = [ln for ln in ax.lines if ln.get_gid() == "holding"]
    assert [list(ln.get_xdata()) for ln in lines] == [[1.2, 0.4], [2.0, 1.0]]
    assert [list(ln.get_ydata()) for ln in lines] == [[1.1, 1.6], [1.5, 2.0]]
    assert [t.get_text() for t in ax.texts] == ["never", "defend", "never", "defend"]
    assert "seed 3" in ax.get_xlabel()


def test_initiative_defenders_and_margins_charts():
    df = pd.DataFrame(
        {
            "label": ["x"] * 4,
            "respond": ["target", "target", "every", "every"],
            "answers": [0, 1, 0, 1],
            "p": [0.5, 0.5, 0.4, 0.6],
        }
    )
    ax = plots.initiative_defenders(df)
    assert len(bars(ax)) == 2
    assert [p.get_height() for p in bars(ax)[1]] == pytest.approx([0.4, 0.6])
    m = pd.DataFrame(
        {"what": ["margin"] * 2 + ["advantage"] * 2, "k": [0, 1, 0, 1], "p": [0.7, 0.3, 0.9, 0.1]}
    )
    ax = plots.initiative_margins(m)
    assert len(bars(ax)) == 2 and "assumed" in ax.get_xlabel()
