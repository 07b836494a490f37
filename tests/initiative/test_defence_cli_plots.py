"""The mean slow penalty (API, text, JSON), the --pips help, and --plot on every
table-like Fate and initiative command."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import initiative as ini
from dicestats.cli import main

F = Fraction


def test_mean_slow_one_die_each_by_hand():
    # the rules' worked example: slow scale 0 with 3/18, k = 1..5 with (6 - k)/18 (of answers)
    r = ini.defence([1], [1], order="action", respond="target")
    by_hand = sum(F(k * (6 - k), 18) for k in range(1, 6)) / sum(
        [F(3, 18)] + [F(6 - k, 18) for k in range(1, 6)]
    )
    assert r.mean_slow == by_hand == F(35, 18)


@pytest.mark.parametrize("a,b", [([1], [2]), ([2, 1], [1, 1]), ([2], [1, 1])])
def test_mean_slow_is_the_mean_of_slow_and_monte_carlo_agrees(a, b):
    ex = ini.defence(a, b)
    assert ex.mean_slow == sum(k * p for k, p in ex.slow.items())
    mc = ini.defence(a, b, trials=10_000, rng=11)
    e = mc.mean_slow
    assert e.kind == "mean" and e.ci_low <= e.value <= e.ci_high
    assert abs(e.value - float(ex.mean_slow)) <= 4.5 * e.stderr
    # the interval is conservative: at least as wide as the widest term's
    assert e.stderr >= max(k * s.stderr for k, s in mc.slow.items())
    fl = ini.defence(a, b, exact=False)
    assert abs(fl.mean_slow - float(ex.mean_slow)) <= 1e-12


def test_defence_text_and_json_show_the_mean_slow_penalty(capsys):
    assert main(["defence", "--swiftness", "1", "--vs", "1", "--exact", "--respond", "target",
                 "--order", "action"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "mean slow penalty per answer: 1.944  (35/18)" in out
    assert "slow scale (attack die − answering die)" in out
    assert main(["defence", "--swiftness", "1", "--vs", "1", "--exact", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert "mean_slow" in d and "/" in d["mean_slow"]
    assert main(["defence", "--swiftness", "2", "--vs", "1", "--trials", "2000", "--seed", "1",
                 "--json"]) == 0  # fmt: skip
    d = json.loads(capsys.readouterr().out)
    assert set(d["mean_slow"]) >= {"value", "stderr", "ci_low", "ci_high"}


def test_pips_help_ties_the_number_to_the_margin(capsys):
    assert main(["initiative", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "margin (net successes) of the participant's preparation roll" in text
    assert "at most to 6" in text


MAGIC = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}


# Each command with one chart format and one output (the table or --json), taking turns:
# the format is the same savefig path for every command, and the output after the chart
# the same code for every generated command (was every command in both outputs, 20 charts).
@pytest.mark.parametrize(
    "argv, suffix",
    [
        (["fate", "--bonus", "2", "--difficulty", "Superb"], ".png"),
        (["fate", "--bonus", "1", "--vs", "1"], ".svg"),
        (["contest", "--bonus", "1", "--vs", "0", "--max-exchanges", "8"], ".png"),
        (["invoke", "--bonus", "1", "--difficulty", "3", "--invokes", "1"], ".svg"),
        (["challenge", "--difficulties", "1,2", "--plan", "AOO"], ".png"),
        (["deck", "--draws", "12", "--difficulty", "1"], ".svg"),
        (["initiative", "--swiftness", "2", "--vs", "1", "--exact"], ".png"),
        (
            ["initiative", "--swiftness", "2", "--vs", "1", "--trials", "2000", "--seed", "3"],
            ".svg",
        ),
        (["defence", "--swiftness", "2", "--vs", "1,1", "--exact"], ".svg"),
        (["defence", "--swiftness", "2", "--vs", "1", "--trials", "2000", "--seed", "3"], ".png"),
    ],
)
def test_plot_writes_the_chart(tmp_path, capsys, argv, suffix):
    path = tmp_path / f"chart{suffix}"
    as_json = suffix == ".svg"
    assert main([*argv, "--plot", str(path), *(["--json"] if as_json else [])]) == 0
    out, err = capsys.readouterr()
    assert path.read_bytes().startswith(MAGIC[suffix])
    assert f"wrote {path}" in err and out  # the answer is still printed
    if as_json:
        assert json.loads(out)
    else:
        assert not out.lstrip().startswith("{")  # the table


def test_plot_pdf_and_refusals(tmp_path, capsys):
    pdf = tmp_path / "c.pdf"
    assert main(["deck", "--draws", "5", "--plot", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    capsys.readouterr()
    assert main(["fate", "--difficulty", "1", "--plot", str(tmp_path / "c.txt")]) == 2
    assert ".png" in capsys.readouterr().err
    # invoking against an active opposition declares no chart: no --plot
    argv = ["fate", "invoke-vs-opposition", "--vs", "1", "--plot", str(tmp_path / "i.png")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--plot" in err
    assert not (tmp_path / "i.png").exists()


def test_slow_scenario_labels_read_without_the_docs():
    from dicestats.tables.initiative import DEFENCE_SCENARIOS

    for label, *_ in DEFENCE_SCENARIOS:
        assert " dice" in label and "defends vs" not in label
