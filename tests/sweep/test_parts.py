"""The sweep's parts: grids and seeds, flattening, column order, files."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from dicestats import InputError
from dicestats.core.montecarlo import mean_estimate, wilson
from dicestats.sweep import Grid, cell_seed, flatten, question, store


# ------------------------------------------------------------------ grids and seeds
def test_cells_in_product_order_with_participant_lists():
    g = Grid.of(question("initiative"), {"swiftness": range(1, 3), "versus": [[2], (3, 3), "2,1"]})
    assert g.cells[:3] == [
        {"swiftness": 1, "versus": 2},
        {"swiftness": 1, "versus": "3,3"},
        {"swiftness": 1, "versus": "2,1"},
    ]
    assert len(g.cells) == 6 and g.names == ("swiftness", "versus")
    assert question("initiative").arguments({"swiftness": 2, "versus": "3,3"}) == {
        "swiftness": [2],
        "versus": [3, 3],
    }


def test_a_cell_seed_depends_on_its_parameters_only():
    a = cell_seed(1, "initiative", {"swiftness": 3, "versus": 2})
    assert a == cell_seed(1, "initiative", {"versus": 2, "swiftness": 3})  # order-free
    assert a != cell_seed(2, "initiative", {"swiftness": 3, "versus": 2})
    assert a != cell_seed(1, "defence", {"swiftness": 3, "versus": 2})
    assert a != cell_seed(1, "initiative", {"swiftness": 2, "versus": 3})
    assert 0 <= a < 2**63


@pytest.mark.parametrize(
    "grid, words",
    [
        ({"swiftnes": [1]}, "grid parameter of 'initiative' must be one of swiftness"),
        ({"trials": [1]}, "set for the whole sweep"),
        ({"swiftness": [3, 3]}, "distinct"),
        ({"swiftness": []}, "at least one value"),
        ({"swiftness": ["x"]}, "list of integers"),
        ({"swiftness": [1], "pips": [object()]}, "a value of pips"),
        ({"swiftness": range(1000), "versus": range(1001), "pips": range(3)}, "cells"),
    ],
)
def test_bad_grids_are_refused_in_one_line(grid, words):
    with pytest.raises(InputError, match=words) as info:
        Grid.of(question("initiative"), grid)
    assert "\n" not in str(info.value)


def test_rule_fields_fold_into_the_rules():
    q = question("storyteller")
    assert "ten_again" in q.rule_fields
    kw = q.arguments({"dice": 3, "rules": "v20", "ten_again": True})
    assert kw["rules"].ten_again is True
    from dicestats.storyteller import Rules

    assert kw["rules"] == dataclasses.replace(Rules.preset("v20"), ten_again=True)


# ------------------------------------------------------------------ flattening
def test_flatten_spells_estimates_fractions_lists_and_dicts():
    from dataclasses import dataclass, field

    from dicestats.core.results import Result

    @dataclass(frozen=True)
    class R(Result):
        p: object
        pmf: dict
        parts: tuple
        exact: bool
        hidden: object = field(default=None, metadata={"export": False})

    row = flatten(
        R(wilson(3, 10), {0: Fraction(1, 3), 2: None}, (1.5, mean_estimate(6, 20, 3)), False)
    )
    assert list(row) == [
        "p", "p_stderr", "p_ci_low", "p_ci_high", "pmf_0", "parts_0",
        "parts_1", "parts_1_stderr", "parts_1_ci_low", "parts_1_ci_high", "exact",
    ]  # fmt: skip
    assert row["pmf_0"] == Fraction(1, 3) and row["p"] == 0.3


def test_columns_are_ordered_by_field_then_index_whatever_the_arrival():
    cols = ["n", "pmf_10", "pmf_2", "p_ci_high", "p", "p_stderr", "pmf_-1", "q"]
    order = store.order_columns(cols, first=["n"], fields=["p", "pmf"], last=["q"])
    assert order == ["n", "p", "p_stderr", "p_ci_high", "pmf_-1", "pmf_2", "pmf_10", "q"]
    assert store.order_columns(list(reversed(cols)), first=["n"], fields=["p", "pmf"],
                               last=["q"]) == order  # fmt: skip


# ------------------------------------------------------------------ files
ROWS = [
    {"question": "q", "dice": 1, "rules": "v20", "p": Fraction(1, 3), "x": 0.1, "ok": True},
    {"question": "q", "dice": 2, "rules": "v20", "p": Fraction(2, 3), "ok": False, "n": 7},
    {"question": "q", "dice": "3,3", "p": Fraction(1), "x": float("nan")},
]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_files_round_trip_to_the_same_rows_and_bytes(tmp_path, suffix):
    path = tmp_path / f"rows{suffix}"
    store.write(path, ROWS)
    rows, cols = store.read(path)
    assert cols == ["question", "dice", "rules", "p", "x", "ok", "n"]
    assert rows[0]["p"] == Fraction(1, 3) and rows[2]["p"] == Fraction(1)
    assert rows[1]["x"] is None and rows[2]["ok"] is None and rows[1]["n"] == 7
    first = path.read_bytes()
    store.write(path, rows, cols)  # rows read back write the same bytes
    assert path.read_bytes() == first
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_frame_dtypes_come_from_the_values():
    df = store.frame(ROWS)
    assert str(df["dice"].dtype) == "object" and df["dice"].tolist() == ["1", "2", "3,3"]
    assert str(df["ok"].dtype) == "boolean" and str(df["n"].dtype) == "Int64"
    assert df["x"].dtype == np.float64 and df["p"][2] == Fraction(1)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "rows.csv"
    store.write(path, ROWS[:1])
    before = path.read_bytes()

    def broken(self, *a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(pd.DataFrame, "to_csv", broken)
    with pytest.raises(KeyboardInterrupt):
        store.write(path, ROWS)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["rows.csv"]


def test_file_suffix_decides_the_format():
    assert store.file_format("a.PARQUET") == "parquet" and store.file_format("b.csv") == "csv"
    with pytest.raises(InputError, match="out must be a .parquet"):
        store.file_format("grid.xlsx")
