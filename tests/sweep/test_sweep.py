"""sweep(): one row per cell, the same numbers however it runs, nothing lost."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pandas as pd
import pytest

from dicestats import InputError, initiative
from dicestats.sweep import sweep

from .helpers import COIN, FLAKY

GRID = dict(swiftness=[1, 2], versus=[1, [2, 2]], trials=4_000, rng=3)


def test_one_row_per_cell_and_the_seed_reproduces_it():
    df = sweep("initiative", **GRID)
    assert df[["swiftness", "versus"]].values.tolist() == [
        [1, "1"],
        [1, "2,2"],
        [2, "1"],
        [2, "2,2"],
    ]
    assert df.attrs["sweep"]["parameters"] == ["swiftness", "versus"]
    assert df["error"].isna().all() and (df["trials"] == 4_000).all()
    one = initiative.odds([2], [2, 2], trials=4_000, rng=int(df.seed[3]))
    assert one.p_first.value == df.p_first[3] and one.p_first.stderr == df.p_first_stderr[3]
    assert one.mean_position[2].ci_high == df.mean_position_2_ci_high[3]


def test_adding_cells_never_changes_the_others():
    small = sweep("initiative", **{**GRID, "swiftness": [2]})
    big = sweep("initiative", **{**GRID, "swiftness": [1, 2, 3]})
    a = small.set_index("seed")[["p_first", "p_double"]]
    b = big.set_index("seed").loc[a.index, ["p_first", "p_double"]]
    pd.testing.assert_frame_equal(a, b)


def test_local_processes_and_any_executor_give_the_same_frame():
    one = sweep("initiative", **GRID)
    pd.testing.assert_frame_equal(one, sweep("initiative", workers=2, **GRID))
    with ThreadPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(one, sweep("initiative", executor=pool, **GRID))
        # a question that takes executor= runs its batches there (cells from threads here)
        kw = dict(p=[0.2, 0.5, 0.7], trials=3_000, rng=1)
        coins = sweep(COIN, **kw)
        pd.testing.assert_frame_equal(coins, sweep(COIN, executor=pool, **kw))
    pd.testing.assert_frame_equal(coins, sweep(COIN, workers=2, **kw))  # batches on 2 processes


def test_exact_questions_keep_fractions_or_give_floats():
    exact = sweep("fate", bonus=range(-1, 2), difficulty=1, exact=True)
    assert exact["p_success"].map(type).eq(Fraction).all()
    floats = sweep("fate", bonus=range(-1, 2), difficulty=1, exact=False)
    assert floats["p_success"].dtype == float
    assert floats["p_success"].tolist() == pytest.approx([float(x) for x in exact["p_success"]])
    assert exact["trials"].isna().all() and (exact["sweep_seed"] == 0).all()
    with ThreadPoolExecutor(2) as pool:  # a computed cell travels whole to the executor
        again = sweep("fate", bonus=range(-1, 2), difficulty=1, exact=True, executor=pool)
    pd.testing.assert_frame_equal(exact, again)


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_a_resumed_sweep_ends_with_the_same_file(tmp_path, suffix):
    whole, parts = tmp_path / f"whole{suffix}", tmp_path / f"parts{suffix}"
    ref = sweep("initiative", out=whole, **GRID)
    first = sweep("initiative", out=parts, **{**GRID, "versus": [[2, 2]]})
    assert first.attrs["sweep"]["computed"] == 2
    again = sweep("initiative", out=parts, **GRID)
    assert again.attrs["sweep"]["reused"] == 2 and again.attrs["sweep"]["computed"] == 2
    assert parts.read_bytes() == whole.read_bytes()
    pd.testing.assert_frame_equal(again, ref)
    # nothing left to do: the seed is taken from the file, nothing is computed or written
    before = parts.stat().st_mtime_ns
    done = sweep("initiative", out=parts, **{**GRID, "rng": None})
    assert done.attrs["sweep"]["computed"] == 0 and parts.stat().st_mtime_ns == before
    pd.testing.assert_frame_equal(done, ref)


def test_a_file_of_another_sweep_is_refused(tmp_path):
    out = tmp_path / "grid.csv"
    sweep("initiative", out=out, **GRID)
    for change in ({"rng": 4}, {"trials": 5_000}, {"batch_size": 500}):
        with pytest.raises(InputError, match="holds rows of another sweep"):
            sweep("initiative", out=out, **{**GRID, **change})
    with pytest.raises(InputError, match="holds rows of another sweep"):
        sweep("initiative.defence", swiftness=[1], versus=[1], trials=4_000, rng=3, out=out)


def test_a_failed_cell_is_reported_not_written_and_retried(tmp_path):
    out, marker = tmp_path / "grid.csv", tmp_path / "fixed"
    kw = dict(p=[0.25, 0.5], marker=str(marker), trials=1_000, rng=2, out=out)
    df = sweep(FLAKY, **kw)
    assert df["error"].tolist() == [
        "RuntimeError: worker lost (simulated)",
        None,
    ] and pd.isna(df["p_heads"][0])
    assert df.attrs["sweep"]["failed"] == 1
    assert pd.read_csv(out)["p"].tolist() == [0.5]  # only the finished cell
    marker.touch()
    again = sweep(FLAKY, **kw)
    assert again.attrs["sweep"] | {"out": None} == {
        "question": "test-flaky-coin",
        "parameters": ["p", "marker"],
        "seed": 2,
        "trials": 1_000,
        "cells": 2,
        "computed": 1,
        "reused": 1,
        "failed": 0,
        "out": None,
    }
    assert again["error"].isna().all() and pd.read_csv(out)["p"].tolist() == [0.25, 0.5]


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(question="chess", swiftness=[1]), InputError, "question must be one of"),
        (dict(), InputError, "grid must be a mapping of at least one parameter, got an empty grid"),
        (dict(swiftness=[1], versus=[1], trials=0), InputError, "trials"),
        (dict(swiftness=[1], versus=[1], rng=-1), InputError, "rng"),
        (dict(swiftness=[1], versus=[1], rng=True), TypeError, "rng"),
        (dict(swiftness=[1], versus=[1], trials=9, exact=True), InputError, "trials must be omit"),
        (dict(swiftness=[1], versus=[1], out="grid.xlsx"), InputError, "out must be"),
        (dict(swiftness=[1], versus=[1], out="/no/such/dir/g.csv"), InputError, "directory"),
        (dict(swiftness=[1], versus=[1], executor="tcp://x:1"), TypeError, "executor"),
        (
            dict(swiftness=[1], versus=[1], workers=2, executor=ThreadPoolExecutor(1)),
            InputError,
            "workers must be 1",
        ),  # fmt: skip
        (dict(question="fate", bonus=[1], trials=10), InputError, "trials must be omitted"),
    ],
)
def test_bad_input_is_one_line_before_any_work(kwargs, error, words, tmp_path):
    q = kwargs.pop("question", "initiative")
    with pytest.raises(error, match=words) as info:
        sweep(q, **kwargs)
    assert "\n" not in str(info.value)


def test_progress_is_one_bar_over_the_cells(monkeypatch, capsys):
    monkeypatch.setenv("TQDM_DISABLE", "")
    sweep("initiative", progress=True, **GRID)
    err = capsys.readouterr().err
    assert "sweep initiative" in err and "/4 " in err and "cell/s" in err and "trial" not in err
