"""``dicestats sweep``: tables, JSON, plots, one-line refusals, and a killed sweep resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dicestats.cli import main
from dicestats.sweep import store

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["sweep", "initiative", "--swiftness", "1-2", "--vs", "1", "2,2", "--trials", "4e3"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_table_of_the_headline_and_a_summary(capsys):
    code, out, err = run(capsys, *ARGS, "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    # the CLI's words, not the field names (those stay in the CSV and the JSON)
    assert lines[0].split("  ")[:2] == ["A's swiftness", "B's swiftness"]
    assert lines[0].endswith("P(side A acts first)")
    assert len(lines) == 2 + 4 and "±" in lines[2]
    assert "sweep initiative: 4 cells (4 computed, 0 failed)" in err and "seed 3" in err


def test_a_sweep_shows_the_chance_solve_aims_at(capsys):
    # Blades' outcome ladder starts with the critical (two 6s): its sweep showed
    # P(critical) while solve aimed at P(success), a 6 read
    from dicestats.blades import roll

    code, out, _ = run(capsys, "sweep", "blades", "--dice", "1-3", "--quiet")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[-1] == "P(success)"
    assert [float(x.split()[-1].rstrip("%")) for x in lines[2:]] == [
        round(100 * roll(n).p_success, 2) for n in (1, 2, 3)
    ]
    code, out, _ = run(capsys, "solve", "blades", "--at-least", "0.75", "--json")
    assert code == 0 and json.loads(out)["of"] == "p_success"


def test_the_words_of_a_column_are_its_own_systems(capsys):
    # "versus" is B's swiftness in the initiative only: Fate's is the opposition's
    # skill, the Storyteller's the resisting pool (both read "B's swiftness" before)
    code, out, _ = run(capsys, "sweep", "fate", "--vs", "1", "--bonus", "0-1", "--quiet")
    assert code == 0 and out.splitlines()[0].split("  ")[0] == "versus"
    code, out, _ = run(
        capsys, "sweep", "storyteller.resisted", "--dice", "5", "--vs", "3-4", "--quiet"
    )
    assert code == 0 and "swiftness" not in out.splitlines()[0]
    from dicestats.sweep import sweep
    from dicestats.sweep.plot import heatmaps

    fig = heatmaps(sweep("fate", versus=[0, 1], bonus=[0, 1]))
    labels = [t for ax in fig.axes for t in (ax.get_xlabel(), ax.get_ylabel())]
    assert "versus" in labels and not any("swiftness" in t for t in labels)


def test_json_has_every_column_and_the_api_frame(capsys):
    from dicestats.sweep import sweep

    code, out, _ = run(capsys, *ARGS, "--seed", "3", "--json", "--quiet")
    records = json.loads(out)
    ref = sweep("initiative", swiftness=[1, 2], versus=[1, [2, 2]], trials=4_000, rng=3)
    assert code == 0 and [r["p_first"] for r in records] == ref["p_first"].tolist()
    assert records[1]["versus"] == "2,2" and records[0]["seed"] == int(ref["seed"][0])


def test_options_before_or_after_the_question_and_exact_fractions(capsys):
    a = run(capsys, "sweep", "--exact", "fate", "--bonus", "-1-1", "--difficulty", "2")
    b = run(capsys, "sweep", "fate", "--bonus", "-1,0,1", "--difficulty=2", "--exact")
    assert a[:2] == b[:2] and a[0] == 0 and "5/27" in a[1]


def test_plot_and_parquet_out(capsys, tmp_path):
    png, out = tmp_path / "grid.png", tmp_path / "grid.parquet"
    code, _, _ = run(capsys, *ARGS, "--seed", "1", "--out", str(out), "--plot", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"
    rows, _ = store.read(out)
    assert len(rows) == 4 and rows[0]["question"] == "initiative"


def test_a_question_lists_its_parameters(capsys):
    code, out, _ = run(capsys, "sweep", "initiative", "--help")
    assert code == 0 and "--swiftness --vs --pips --vs-pips" in out


@pytest.mark.parametrize(
    "argv, words",
    [
        (["sweep", "chess", "--x", "1"], "unknown question 'chess'"),
        (["sweep", "initiative", "--swiftness", "3-1"], "reversed range '3-1': write 1-3"),
        (["sweep", "initiative", "--swiftness", "1-"], "list of integers"),
        (["sweep", "initiative", "--swiftnes", "1-3"], "grid parameter of 'initiative'"),
        (["sweep", "initiative", "--swiftness"], "--swiftness needs at least one value"),
        (["sweep", "initiative", "1-3"], "values follow their parameter"),
        (["sweep", "initiative", "--swiftness", "1", "--trials", "1.5"], "whole number"),
        (["sweep", "initiative", "--swiftness", "1", "--vs", "1", "--out", "g.xlsx"], ".parquet"),
        (["sweep", "fate", "--bonus", "1", "--trials", "10"], "trials must be omitted"),
        (["sweep", "initiative", "--swiftness", "0", "--vs", "1"], "swiftness[0] must be"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_file(capsys, tmp_path, argv, words):
    out = tmp_path / "grid.csv"
    argv = argv + ([] if "--out" in argv else ["--out", str(out)])
    code, stdout, err = run(capsys, *argv)
    assert code == 2 and stdout == ""
    assert words in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_scheduler_is_one_line(capsys, tmp_path):
    out = tmp_path / "grid.csv"
    t = time.perf_counter()
    code, _, err = run(
        capsys, *ARGS, "--scheduler", "tcp://127.0.0.1:9", "--timeout", "0.5", "--out", str(out)
    )
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert len(err.strip().splitlines()) == 1 and not out.exists()
    assert time.perf_counter() - t < 30


@pytest.mark.parametrize("flag", [["--scheduler", "tcp://127.0.0.1:8786"], ["--dask", "local"]])
def test_dask_options_without_the_extra(capsys, monkeypatch, flag):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, _, err = run(capsys, *ARGS, *flag)
    assert code == 2
    assert err.strip() == (
        f"dicestats sweep: error: {flag[0]} needs Dask, which is not installed: "
        'pip install "dicestats[cluster]"'
    )


def test_cells_refusing_their_input_exit_2_and_keep_the_others(capsys, tmp_path):
    # a grid value out of range is bad input: exit 2, not "failed, run again" (exit 1)
    out = tmp_path / "grid.csv"
    code, stdout, err = run(capsys, "sweep", "initiative", "--swiftness", "0-1", "--vs", "1",
                            "--trials", "1000", "--out", str(out))  # fmt: skip
    assert code == 2 and "failed: InputError" in stdout
    assert err.count("\n") == 2 and "run the same command again" not in err
    assert "error: 1 cell(s) refused their input and were not written" in err
    assert "swiftness=0" in err and len(store.read(out)[0]) == 1
    code, _, err = run(capsys, "sweep", "cod", "--dice", "3,101", "--quiet")
    assert code == 2 and err.count("\n") == 1 and "dice must be an integer in 0..100" in err


# ------------------------------------------------------------------ killed, then resumed
SLOW = [
    "sweep", "test-slow-coin", "--p", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9",
    "--trials", "2000", "--seed", "5", "--quiet",
]  # fmt: skip
SCRIPT = (
    "import sys, tests.sweep.helpers; from dicestats.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_a_killed_sweep_resumes_to_the_same_file(tmp_path, capsys):
    killed, whole = tmp_path / "killed.parquet", tmp_path / "whole.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *SLOW, "--out", str(killed)],
        cwd=ROOT,
        env={**os.environ, "SWEEP_TEST_DELAY": "0.15"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        rows = 0
        while rows < 3 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
            if killed.exists():
                rows = len(store.read(killed)[0])
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read()
    assert 3 <= len(store.read(killed)[0]) < 9  # killed midway, after some cells
    assert main([*SLOW, "--out", str(killed)]) == 0  # resumed
    assert main([*SLOW, "--out", str(whole)]) == 0  # never interrupted
    assert killed.read_bytes() == whole.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["killed.parquet", "whole.parquet"]
