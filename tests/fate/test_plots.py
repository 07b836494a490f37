"""Tests of dicestats.plots: inspect the drawn artists, not pixels."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgb

from dicestats import format as fmt
from dicestats import plots
from dicestats import tables as T

from ..charts import bars
from .oracle import brute_outcome


def luminance(colour):
    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def fate_brute(margin):
    """{column: probability} of NdF + margin against 0, from the oracle, as floats."""
    return {f"p_{k}": float(v) for k, v in brute_outcome(margin, difficulty=0).items()}


# ---------------------------------------------------------------- Fate
def test_fate_outcomes_bars_are_the_enumerated_probabilities():
    rating, diffs = 2, list(range(-1, 7))
    df = T.fate_outcomes(rating, diffs)
    ax = plots.fate_outcomes(df, rating=rating)
    conts = bars(ax)
    assert [c.get_label() for c in conts] == ["fail", "tie", "success", "success with style"]
    keys = ["p_fail", "p_tie", "p_success", "p_style"]
    bottoms = np.zeros(len(diffs))
    for c, key in zip(conts, keys, strict=True):
        heights = [p.get_height() for p in c]
        want = [fate_brute(rating - d)[key] for d in diffs]
        assert heights == pytest.approx(want, abs=1e-12)
        assert [p.get_y() for p in c] == pytest.approx(bottoms, abs=1e-12)
        bottoms += heights
    assert bottoms == pytest.approx(np.ones(len(diffs)), abs=1e-12)  # a partition
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks[0] == "−1\nPoor" and ticks[3] == "+2\nFair"
    assert "+2 Fair" in ax.get_title()
    assert ax.get_ylim() == (0.0, 1.0)
    assert "difficulty" in ax.get_xlabel()


def test_fate_outcome_categories_survive_greyscale():
    ax = plots.fate_outcomes(T.fate_outcomes(2, [0, 2]))
    styles = [
        (luminance(c.patches[0].get_facecolor()), c.patches[0].get_hatch() or "") for c in bars(ax)
    ]
    for (l1, h1), (l2, h2) in itertools.combinations(styles, 2):
        assert h1 != h2 or abs(l1 - l2) > 0.15


def test_fate_outcomes_labels_only_large_segments():
    df = pd.DataFrame(
        {"difficulty": [0], "p_fail": [0.02], "p_tie": [0.18], "p_success": [0.5], "p_style": [0.3]}
    )
    ax = plots.fate_outcomes(df)
    assert sorted(t.get_text() for t in ax.texts) == ["18", "30", "50"]
    ax2 = plots.fate_outcomes(df, labels=False)
    assert len(ax2.texts) == 0


def test_fate_opposed_matrix_cells():
    df = T.fate_opposed(range(0, 3), range(0, 4))
    ax = plots.fate_opposed(df)
    img = ax.images[0].get_array()
    assert img.shape == (3, 4)
    for r in range(3):
        for o in range(4):
            want = df[(df.rating == r) & (df.versus == o)]["p_success_or_better"].iloc[0]
            assert img[r, o] == pytest.approx(want)
    assert len(ax.texts) == 12
    assert ax.texts[0].get_text() == fmt.percent_short(img[0, 0])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["+0", "+1", "+2"]


def test_fate_contest_line():
    df = T.fate_contest(range(-2, 3))
    ax = plots.fate_contest(df)
    line = ax.lines[0]
    assert list(line.get_xdata()) == [-2, -1, 0, 1, 2]
    assert line.get_ydata() == pytest.approx(df["p_win"].astype(float).tolist())
    assert line.get_ydata()[2] == pytest.approx(0.5)
    # with labels: one line per label (the 50% reference line is extra)
    two = pd.concat([df.assign(label="first to 3"), df.assign(label="first to 2")])
    ax2 = plots.fate_contest(two)
    labelled = [ln for ln in ax2.lines if not ln.get_label().startswith("_")]
    assert [ln.get_label() for ln in labelled] == ["first to 3", "first to 2"]


def test_fate_invokes_one_line_per_policy():
    df = T.fate_invokes(2, range(0, 6))
    ax = plots.fate_invokes(df)
    assert [ln.get_label() for ln in ax.lines] == list(T.INVOKE_POLICIES)
    for ln, (_, g) in zip(ax.lines, df.groupby("policy", sort=False), strict=True):
        assert ln.get_ydata() == pytest.approx(g["p_reach"].astype(float).tolist())
    styles = {(ln.get_linestyle(), ln.get_marker()) for ln in ax.lines}
    assert len(styles) == 4  # distinguishable without colour
