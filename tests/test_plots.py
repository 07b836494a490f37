"""Tests of dicestats.plots: inspect the drawn artists, not pixels.

Each test checks what a reader would rely on: bar heights equal the
probabilities (which are checked independently, by enumeration or closed
form), stacks add up, the highlighted cells are the anomalous ones, lines and
labels are the expected ones. Every figure is closed after each test.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402
from matplotlib.container import BarContainer  # noqa: E402

from dicestats import format as fmt  # noqa: E402
from dicestats import plots  # noqa: E402
from dicestats import tables as T  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def bars(ax):
    """The bar containers of ``ax`` (error-bar containers left out)."""
    return [c for c in ax.containers if isinstance(c, BarContainer)]


def luminance(colour):
    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def fate_brute(margin):
    counts = {}
    for faces in itertools.product((-1, 0, 1), repeat=4):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    res = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for tot, k in counts.items():
        s = tot + margin
        key = "fail" if s < 0 else "tie" if s == 0 else "success" if s < 3 else "style"
        res[key] += k
    return {k: v / 81 for k, v in res.items()}


# ---------------------------------------------------------------- Fate
def test_fate_outcomes_bars_are_the_enumerated_probabilities():
    rating, diffs = 2, list(range(-1, 7))
    df = T.fate_outcomes(rating, diffs)
    ax = plots.fate_outcomes(df, rating=rating)
    conts = bars(ax)
    assert [c.get_label() for c in conts] == ["fail", "tie", "success", "success with style"]
    keys = ["fail", "tie", "success", "style"]
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
        {"difficulty": [0], "fail": [0.02], "tie": [0.18], "success": [0.5], "style": [0.3]}
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
            want = df[(df.rating == r) & (df.opposition == o)]["win"].iloc[0]
            assert img[r, o] == pytest.approx(want)
    assert len(ax.texts) == 12
    assert ax.texts[0].get_text() == fmt.percent_short(img[0, 0])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["+0", "+1", "+2"]


def test_fate_contest_line():
    df = T.fate_contest(range(-2, 3))
    ax = plots.fate_contest(df)
    line = ax.lines[0]
    assert list(line.get_xdata()) == [-2, -1, 0, 1, 2]
    assert line.get_ydata() == pytest.approx(df["win"].astype(float).tolist())
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
        assert ln.get_ydata() == pytest.approx(g["success"].astype(float).tolist())
    styles = {(ln.get_linestyle(), ln.get_marker()) for ln in ax.lines}
    assert len(styles) == 4  # distinguishable without colour


# ---------------------------------------------------------------- generic behaviour
def test_plots_draw_into_a_given_axes_and_return_it():
    fig, ax = plt.subplots()
    df = pd.DataFrame({"gap": [0, 1], "win": [0.5, 0.7]})
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
        plots.fate_contest(pd.DataFrame({"gap": [], "win": []}))


def test_ladder_label():
    assert fmt.ladder(3, order="rating") == "+3 Good"
    assert fmt.ladder(-2, order="rating") == "−2 Terrible"
    assert fmt.ladder(12, order="rating") == "+12"


# ---------------------------------------------------------------- Storyteller (synthetic)
def botch_closed_form(dice, diff):
    """RULES.md: P(botch) = q^N − (q − 1/10)^N with q = (D − 1)/10."""
    q = Fraction(diff - 1, 10)
    return q**dice - (q - Fraction(1, 10)) ** dice


def test_heatmap_cells_and_contour():
    rows = [
        {"dice": n, "difficulty": d, "success": 1 - float(Fraction(d - 1, 10) ** n)}
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
    ax2 = plots.storyteller_heatmap(df[df.success > 0.5], contour=0.5)
    assert not [c for c in ax2.collections if c.get_gid() == "contour"]


def test_botch_heatmap_uses_botch_column():
    df = pd.DataFrame(
        [
            {"dice": n, "difficulty": d, "botch": float(botch_closed_form(n, d))}
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
            {"dice": n, "difficulty": d, "botch": float(botch_closed_form(n, d))}
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
                        "metric": "botch",
                        "difficulty": d,
                        "dice": n,
                        "before": float(before),
                        "after": float(after),
                    }
                )
    an = pd.DataFrame(recs)
    assert set(an[an.difficulty == 10].dice) == {2, 3, 4, 5, 6}  # seed 003's anomaly
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
    odds = pd.DataFrame({"dice": [1, 2], "difficulty": [6, 6], "botch": [0.1, 0.05]})
    empty = pd.DataFrame(columns=["metric", "difficulty", "dice", "before", "after"])
    ax = plots.storyteller_anomalies(odds, empty)
    assert len(ax.lines) == 1
    with pytest.raises(ValueError, match="lacks column.*luck"):
        plots.storyteller_anomalies(odds, empty, metric="luck")


def test_degrees_stack_to_one():
    cols = ["botch", "failure", "marginal", "moderate", "complete", "exceptional", "phenomenal"]
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
            "success": [0.8, 0.7, 0.6, 0.6, 0.4, 0.2],
            "all": [0.8, 0.42, 0.42, 0.048, 0.048, 0.048],
        }
    )
    ax = plots.storyteller_multiple_actions(df)
    heights = sorted(p.get_height() for c in bars(ax) for p in c)
    assert heights == pytest.approx(sorted(df["success"]))
    alls = [ln for ln in ax.lines if ln.get_gid() == "all"][0]
    assert alls.get_ydata() == pytest.approx([0.8, 0.42, 0.048])
    assert {t.get_text() for t in ax.texts} >= {"7d", "1d"}


def test_extended_step_lines():
    df = pd.DataFrame(
        {
            "round": [1, 2, 3] * 2,
            "done": [0.1, 0.4, 0.7, 0.2, 0.6, 0.9],
            "label": ["5 dice"] * 3 + ["7 dice"] * 3,
        }
    )
    ax = plots.storyteller_extended(df)
    lines = [ln for ln in ax.lines if not ln.get_label().startswith("_")]
    assert [ln.get_label() for ln in lines] == ["5 dice", "7 dice"]


def test_ten_again_lines():
    df = pd.DataFrame(
        {
            "dice": [1, 2] * 2,
            "rules": ["plain"] * 2 + ["ten-again"] * 2,
            "mean_net": [0.4, 0.8, 0.5, 1.0],
        }
    )
    ax = plots.storyteller_ten_again(df)
    assert [list(ln.get_ydata()) for ln in ax.lines] == [[0.4, 0.8], [0.5, 1.0]]


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
