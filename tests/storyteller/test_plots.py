"""Storyteller charts: inspect the drawn artists, not pixels."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from dicestats import format as fmt
from dicestats import plots

from ..charts import bars
from .oracle import botch_closed_form


# ---------------------------------------------------------------- Storyteller (synthetic)
def test_heatmap_cells_and_contour():
    rows = [
        {"dice": n, "difficulty": d, "p_success": 1 - float(Fraction(d - 1, 10) ** n)}
        for n in range(1, 6)
        for d in range(4, 10)
    ]
    df = pd.DataFrame(rows)
    ax = plots.storyteller_heatmap(df)
    img = ax.images[0].get_array()
    assert img.shape == (5, 6)
    assert img[0, 0] == pytest.approx(1 - 0.3)  # 1 die at difficulty 4
    assert len(ax.texts) == 30
    assert ax.texts[0].get_text() == fmt.percent_short(0.7)
    contours = [c for c in ax.collections if c.get_gid() == "contour"]
    assert len(contours) == 1
    assert contours[0].levels.tolist() == [0.5]
    assert "50%" in ax.get_xlabel()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["4", "5", "6", "7", "8", "9"]
    # No cell straddles 50% → no contour.
    ax2 = plots.storyteller_heatmap(df[df.p_success > 0.5], contour=0.5)
    assert not [c for c in ax2.collections if c.get_gid() == "contour"]


def test_botch_heatmap_uses_botch_column():
    df = pd.DataFrame(
        [
            {"dice": n, "difficulty": d, "p_botch": float(botch_closed_form(n, d))}
            for n in (1, 2, 3)
            for d in (6, 10)
        ]
    )
    ax = plots.storyteller_botch_heatmap(df)
    img = ax.images[0].get_array()
    assert img[0, 1] == pytest.approx(0.1)  # 1 die, difficulty 10: a 1 and no 10
    assert img[1, 1] == pytest.approx(0.81 - 0.64)
    assert "botch" in ax.get_title()


def test_anomaly_highlights_match_records():
    odds = pd.DataFrame(
        [
            {"dice": n, "difficulty": d, "p_botch": float(botch_closed_form(n, d))}
            for n in range(1, 11)
            for d in (6, 8, 10)
        ]
    )
    # anomalies written independently: botch chance rises from n - 1 to n dice
    recs = []
    for d in (6, 8, 10):
        for n in range(2, 11):
            before, after = botch_closed_form(n - 1, d), botch_closed_form(n, d)
            if after > before:
                recs.append(
                    {
                        "metric": "p_botch",
                        "difficulty": d,
                        "dice": n,
                        "before": float(before),
                        "after": float(after),
                    }
                )
    an = pd.DataFrame(recs)
    assert set(an[an.difficulty == 10].dice) == {2, 3, 4, 5, 6}  # the difficulty-10 anomaly
    ax = plots.storyteller_anomalies(odds, an)
    marks = {ln.get_gid(): ln for ln in ax.lines if (ln.get_gid() or "").startswith("anomaly")}
    assert set(marks) == {f"anomaly {r['difficulty']} {r['dice']}" for r in recs}
    seg = marks["anomaly 10 6"]
    assert list(seg.get_xdata()) == [5, 6]
    assert seg.get_ydata() == pytest.approx(
        [float(botch_closed_form(5, 10)), float(botch_closed_form(6, 10))]
    )
    curves = [ln for ln in ax.lines if (ln.get_gid() or "").startswith("difficulty")]
    assert [ln.get_gid() for ln in curves] == ["difficulty 6", "difficulty 8", "difficulty 10"]
    # Only one legend entry for all highlights.
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend.count("one more die is worse") == 1
    # Restricting to one difficulty drops the others' highlights.
    ax2 = plots.storyteller_anomalies(odds, an, difficulties=[10])
    assert len([ln for ln in ax2.lines if (ln.get_gid() or "").startswith("anomaly")]) == 5


def test_anomaly_chart_without_anomalies():
    odds = pd.DataFrame({"dice": [1, 2], "difficulty": [6, 6], "p_botch": [0.1, 0.05]})
    empty = pd.DataFrame(columns=["metric", "difficulty", "dice", "before", "after"])
    ax = plots.storyteller_anomalies(odds, empty)
    assert len(ax.lines) == 1
    with pytest.raises(ValueError, match="lacks column.*luck"):
        plots.storyteller_anomalies(odds, empty, metric="luck")


def test_degrees_stack_to_one():
    cols = ["p_botch", "p_fail", "p_marginal", "p_moderate", "p_complete", "p_exceptional"]
    cols += ["p_phenomenal"]
    rng = np.random.default_rng(5)
    w = rng.random((3, 7))
    w /= w.sum(axis=1, keepdims=True)
    df = pd.DataFrame(w, columns=cols).assign(dice=[2, 4, 6])
    ax = plots.storyteller_degrees(df)
    conts = bars(ax)
    assert [c.get_label() for c in conts] == [
        "botch",
        "failure",
        "1 marginal",
        "2 moderate",
        "3 complete",
        "4 exceptional",
        "5+ phenomenal",
    ]
    top = [p.get_y() + p.get_height() for p in conts[-1]]
    assert top == pytest.approx([1, 1, 1])
    assert [p.get_height() for p in conts[2]] == pytest.approx(w[:, 2].tolist())


def test_multiple_actions_bars_and_all_marker():
    df = pd.DataFrame(
        {
            "actions": [1, 2, 2, 3, 3, 3],
            "action": [1, 1, 2, 1, 2, 3],
            "dice": [7, 5, 4, 4, 2, 1],
            "p_success": [0.8, 0.7, 0.6, 0.6, 0.4, 0.2],
            "p_all": [0.8, 0.42, 0.42, 0.048, 0.048, 0.048],
        }
    )
    ax = plots.storyteller_multiple_actions(df)
    heights = sorted(p.get_height() for c in bars(ax) for p in c)
    assert heights == pytest.approx(sorted(df["p_success"]))
    alls = [ln for ln in ax.lines if ln.get_gid() == "all"][0]
    assert alls.get_ydata() == pytest.approx([0.8, 0.42, 0.048])
    assert {t.get_text() for t in ax.texts} >= {"7d", "1d"}


def test_extended_step_lines():
    df = pd.DataFrame(
        {
            "round": [1, 2, 3] * 2,
            "p_done": [0.1, 0.4, 0.7, 0.2, 0.6, 0.9],
            "label": ["5 dice"] * 3 + ["7 dice"] * 3,
        }
    )
    ax = plots.storyteller_extended(df)
    lines = [ln for ln in ax.lines if not ln.get_label().startswith("_")]
    assert [ln.get_label() for ln in lines] == ["5 dice", "7 dice"]


def test_by_rules_lines():
    df = pd.DataFrame(
        {
            "dice": [1, 2] * 2,
            "rules": ["plain"] * 2 + ["ten-again"] * 2,
            "mean_net": [0.4, 0.8, 0.5, 1.0],
        }
    )
    ax = plots.storyteller_by_rules(df)
    assert [list(ln.get_ydata()) for ln in ax.lines] == [[0.4, 0.8], [0.5, 1.0]]
