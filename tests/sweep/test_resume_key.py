"""Issue 25: a sweep resumes only a file of the same numbers, and one file has one writer."""

from __future__ import annotations

import pytest

from dicestats import InputError
from dicestats.core import files
from dicestats.sweep import store, sweep

FATE = dict(bonus=[0, 1], difficulty=2)


def test_a_changed_batch_size_is_not_resumed(tmp_path):
    """It said "0 computed, 2 from bs.csv": 73.92% where a fresh run gives 74.06%."""
    out = tmp_path / "bs.csv"
    kw = dict(swiftness=[1], versus=2, trials=1_000, rng=1, out=out)
    sweep("initiative", **kw)
    with pytest.raises(InputError) as info:
        sweep("initiative", batch_size=100, **kw)
    msg = str(info.value)
    assert msg.endswith(
        "batch size none (here 100); resume with the same settings, or give another file"
    )
    assert "\n" not in msg and "…" not in msg  # one whole line
    assert (
        sweep("initiative", batch_size=100, **{**kw, "out": tmp_path / "b.csv"}).attrs["sweep"][
            "computed"
        ]
        == 1
    )


def test_exact_and_float_rows_are_not_mixed(tmp_path):
    out = tmp_path / "ex.csv"
    sweep("fate", exact=True, out=out, **FATE)
    with pytest.raises(InputError, match=r"exact True \(here False\)"):
        sweep("fate", out=out, **FATE)
    rows, _ = store.read(out)
    assert all(r["exact"] is True for r in rows)


def test_rows_of_other_numbers_are_not_resumed(tmp_path):
    out = tmp_path / "old.csv"
    sweep("fate", out=out, **FATE)
    rows, cols = store.read(out)
    store.write(out, [{k: v for k, v in r.items() if k != "numbers_version"} for r in rows])
    with pytest.raises(InputError, match=r"numbers version none \(here 1\)"):
        sweep("fate", out=out, **FATE)


def test_an_out_in_use_by_another_sweep_is_refused(tmp_path):
    """Two sweeps with different grids on one --out both exited 0; 19 of 32 rows were left."""
    out = tmp_path / "grid.csv"
    with files.locked(out, who="sweep"):
        with pytest.raises(InputError, match="out is being written by another sweep"):
            sweep("fate", out=out, **FATE)
        assert not out.exists()
    sweep("fate", out=out, **FATE)  # the lock is gone with its holder
    assert [p.name for p in tmp_path.iterdir()] == ["grid.csv"]
