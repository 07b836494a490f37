"""``--plot FILE`` on every table-like Storyteller command, and the chart fixes."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from dicestats import plots
from dicestats import tables as T
from dicestats.plots._style import LEGEND_FONTSIZE

from .cli_run import run
from .oracle import botch_closed_form

_MAGIC = {".png": b"\x89PNG\r\n\x1a\n", ".svg": b"<?xml", ".pdf": b"%PDF"}


@pytest.mark.parametrize(
    "argv,suffix",
    [
        (["table", "--dice", "1-10", "--difficulty", "2-10"], ".png"),
        (["table", "--dice", "1-4", "--difficulty", "6", "--exact", "--format", "csv"], ".svg"),
        (["anomalies", "--dice", "1-8"], ".png"),
        (["actions", "--pools", "7,6,6"], ".pdf"),
        (["extended", "--dice", "4", "--difficulty", "6", "--target", "10"], ".png"),
        (
            [
                "extended",
                "--dice",
                "4",
                "--difficulty",
                "6",
                "--target",
                "5",
                "--rounds",
                "4",
                "--exact",
            ],
            ".png",
        ),  # fmt: skip
        (["editions"], ".png"),
        (["editions", "--specialty", "--value", "mean_net"], ".svg"),
        (["try-again", "--dice", "2"], ".png"),
        (["resisted", "--dice", "2", "--vs", "2"], ".png"),
        (["teamwork", "--pools", "2,1"], ".png"),
    ],
)
def test_every_table_like_command_writes_its_chart(argv, suffix, tmp_path, capsys):
    path = tmp_path / f"chart{suffix}"
    code, out, err = run([*argv, "--plot", str(path)], capsys)
    assert code == 0, err
    assert path.read_bytes().lstrip()[: len(_MAGIC[suffix])] == _MAGIC[suffix]
    assert f"wrote {path}" in err
    assert out  # the table is still printed


def test_table_plot_and_json_together(tmp_path, capsys):
    path = tmp_path / "odds.png"
    code, out, _ = run(["table", "--dice", "1-2", "--difficulty", "6", "--json", "--plot",
                        str(path)], capsys)  # fmt: skip
    assert code == 0 and path.exists()
    assert [row["dice"] for row in json.loads(out)] == [1, 2]


def test_plot_refuses_an_unknown_extension(tmp_path, capsys):
    code, out, err = run(["table", "--plot", str(tmp_path / "odds.gif")], capsys)
    assert code == 2 and not out and "--plot" in err and not (tmp_path / "odds.gif").exists()


# ---------------------------------------------------------------- editions
def test_editions_text_against_the_closed_form(capsys):
    code, out, _ = run(["editions", "--dice", "1-3", "--presets", "revised,first", "--exact"],
                       capsys)  # fmt: skip
    assert code == 0
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln[:1].isdigit()}
    for n in (1, 2, 3):
        b = botch_closed_form(n, 6)
        assert rows[str(n)][3] == f"{b.numerator}/{b.denominator}"  # revised botch
    assert "first edition botches whenever the 1s outnumber the successes" in out


def test_editions_bad_preset(capsys):
    code, out, err = run(["editions", "--presets", "revised,fifth"], capsys)
    assert code == 2 and not out and "--presets" in err and "fifth" in err


# ---------------------------------------------------------------- chart fixes
def test_editions_chart_axis_is_fitted_to_botch_lines():
    df = T.storyteller_editions(range(1, 11), 6)
    ax = plots.storyteller_by_rules(df, y="p_botch")
    lo, hi = ax.get_ylim()
    top = float(df["p_botch"].max())
    assert hi < 0.2 and top <= hi <= top + 0.05  # 0-10% botch lines fill the chart
    assert lo >= 0
    # without a specialty v20 rolls as revised does: one line, both names
    assert [ln.get_label() for ln in ax.lines] == ["revised = v20 (identical)", "first"]
    df = T.storyteller_editions(range(1, 11), 6, specialty=True)
    ax = plots.storyteller_by_rules(df, y="mean_net")  # the botch rule moves no net success
    assert [ln.get_label() for ln in ax.lines] == ["revised = first (identical)", "v20"]


def test_by_rules_keeps_a_wide_range_on_0_to_100():
    df = pd.DataFrame({"dice": [1, 2, 1, 2], "rules": ["a", "a", "b", "b"],
                       "p_success": [0.1, 0.95, 0.2, 0.9]})  # fmt: skip
    ax = plots.storyteller_by_rules(df, y="p_success")
    assert ax.get_ylim() == (0.0, 1.0)


def test_the_rule_sets_chart_has_a_true_name():
    assert "storyteller_by_rules" in plots.__all__
    # the misleading old name is gone (it drew the editions too, not only ten-again)
    assert not hasattr(plots, "storyteller_ten_again")


def test_extended_identical_curves_are_one_labelled_line():
    # target 1: a botch that resets and a botch that scores 0 are the same task
    df = T.storyteller_extended([3], 6, 1, on_botch=["resets", "zero"], max_round=6)
    ax = plots.storyteller_extended(df)
    assert len(ax.lines) - 1 == 1  # one curve (and the 50% guide)
    label = ax.get_legend().get_texts()[0].get_text()
    assert "botch resets" in label and "botch zero" in label and "identical" in label
    # different curves stay apart
    df = T.storyteller_extended([4, 6], 6, 10, on_botch="resets", max_round=6)
    ax = plots.storyteller_extended(df)
    assert [ln.get_label() for ln in ax.lines if not ln.get_label().startswith("_")] == [
        "4 dice", "6 dice",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plots.storyteller_by_rules(T.storyteller_editions(range(1, 4), 6), y="p_botch"),
        lambda: plots.storyteller_extended(T.storyteller_extended([4, 6], 6, 5, max_round=4)),
        lambda: plots.storyteller_degrees(T.storyteller_degrees(6, range(1, 4))),
        lambda: plots.storyteller_distribution(
            pd.DataFrame({"label": ["a", "b"], "net": [0, 0], "p": [1.0, 1.0]})
        ),
    ],
)
def test_legends_are_legible_at_print_size(draw):
    ax = draw()
    sizes = {t.get_fontsize() for t in ax.get_legend().get_texts()}
    assert sizes == {LEGEND_FONTSIZE} and LEGEND_FONTSIZE >= 9
