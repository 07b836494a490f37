"""The Storyteller CLI against independent exact values.

The references (brute force over every face, a per-die (successes, ones)
convolution, a truncated ten-again convolution, DP for extended actions) live
in the two Storyteller test modules and never call dicestats.storyteller.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from dicestats.cli import main
from dicestats.storyteller import Rules

from .test_actions import extended_dp, success_p
from .test_storyteller import brute, chain_reference, figures, per_die_table


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 0, err
    return json.loads(out)


def frac(s: str) -> Fraction:
    return Fraction(s)


@pytest.mark.parametrize(
    "flags,rules",
    [
        ([], Rules()),
        (["--botch", "first"], Rules(botch="first")),
        (["--preset", "first"], Rules(botch="first")),
        (["--no-rule-of-one"], Rules(rule_of_one=False)),
        (["--willpower"], Rules(willpower=True)),
        (["--ten-again", "--no-chain"], Rules(ten_again=True, chain=False)),
        (
            ["--ten-again", "--no-chain", "--reroll-ones-cancel"],
            Rules(ten_again=True, chain=False, reroll_ones_cancel=True),
        ),
        (
            ["--preset", "v20", "--one-cancels", "highest"],
            Rules(specialty="double", one_cancels="highest"),
        ),
    ],
)
@pytest.mark.parametrize("n,d", [(1, 6), (3, 7), (3, 10)])
def test_pool_json_exact_matches_brute_force(flags, rules, n, d, capsys):
    success, failure, botch, pmf, mean = brute(n, d, rules)
    out = run_json(["pool", str(n), "--difficulty", str(d), "--json", "--exact", *flags], capsys)
    assert frac(out["success"]) == success
    assert frac(out["failure"]) == failure
    assert frac(out["botch"]) == botch
    assert frac(out["mean_net"]) == mean
    assert {int(k): frac(v) for k, v in out["net"].items()} == {k: p for k, p in pmf.items() if p}


@pytest.mark.parametrize(
    "flags,rules",
    [
        (["--ten-again"], Rules(ten_again=True)),
        (["--ten-again", "--reroll-ones-cancel"], Rules(ten_again=True, reroll_ones_cancel=True)),
    ],
)
def test_pool_json_ten_again_chain(flags, rules, capsys):
    success, mean, _ = chain_reference(3, 7, rules)
    out = run_json(["pool", "3", "--difficulty", "7", "--json", *flags], capsys)
    assert abs(out["success"] - float(success)) < 1e-12
    assert abs(out["mean_net"] - float(mean)) < 1e-12
    assert abs(out["success"] + out["failure"] + out["botch"] - 1) < 1e-12
    assert abs(sum(out["net"].values()) - 1) < 1e-12


def test_pool_text_output(capsys):
    code, out, err = run(["pool", "5", "--difficulty", "7"], capsys)
    assert code == 0 and err == ""
    assert "success" in out and "botch" in out and "mean net successes" in out


def test_table_csv_all_270_cells_exact(capsys):
    code, out, err = run(
        ["table", "--dice", "1-30", "--difficulty", "2-10", "--format", "csv", "--exact"], capsys
    )
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 270
    ref = {d: per_die_table(30, d) for d in range(2, 11)}
    for row in rows:
        n, d = int(row["dice"]), int(row["difficulty"])
        want = figures(ref[d][n])
        for col, value in want.items():
            assert frac(row[col]) == value, (n, d, col)


def test_table_csv_float_and_json(capsys):
    code, out, _ = run(["table", "--dice", "1-3", "--difficulty", "6", "--format", "csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [int(r["dice"]) for r in rows] == [1, 2, 3]
    assert abs(float(rows[2]["success"]) - float(success_p(3, 6))) < 1e-12
    data = run_json(["table", "--dice", "2", "--difficulty", "6-7", "--json"], capsys)
    assert [(r["dice"], r["difficulty"]) for r in data] == [(2, 6), (2, 7)]
    for fmt in ("text", "markdown"):
        code, out, _ = run(["table", "--dice", "1-2", "--difficulty", "6", "--format", fmt], capsys)
        assert code == 0 and "success" in out


def test_anomalies_json_full_set(capsys):
    data = run_json(["anomalies", "--dice", "1-30", "--difficulty", "2-10", "--json"], capsys)
    got = {(a["metric"], a["difficulty"], a["dice"]) for a in data["anomalies"]}
    ref = {d: {n: figures(x) for n, x in per_die_table(30, d).items()} for d in range(2, 11)}
    want = set()
    for d in range(2, 11):
        for n in range(2, 31):
            if ref[d][n]["botch"] > ref[d][n - 1]["botch"]:
                want.add(("botch", d, n))
            for m in ["success"] + [f"p_ge_{k}" for k in range(2, 6)]:
                if ref[d][n][m] < ref[d][n - 1][m]:
                    want.add((m, d, n))
    assert got == want
    assert {n for m, d, n in got if m == "botch" and d == 10} == {2, 3, 4, 5, 6}


def test_actions_hall_example(capsys):
    data = run_json(["actions", "--pools", "7,6,6", "--json", "--exact"], capsys)
    assert [a["pool"] for a in data["actions"]] == [4, 2, 1]
    ps = [success_p(n, 6) for n in (4, 2, 1)]
    assert [frac(a["success"]) for a in data["actions"]] == ps
    assert frac(data["p_all"]) == ps[0] * ps[1] * ps[2]


def test_extended_json(capsys):
    data = run_json(
        [
            "extended",
            "--dice",
            "2",
            "--difficulty",
            "7",
            "--target",
            "3",
            "--botch",
            "ends",
            "--rounds",
            "6",
            "--json",
            "--exact",
        ],
        capsys,
    )
    done, failed = extended_dp(2, 7, 3, "ends", 6)
    assert frac(data["p_success"]) == done and frac(data["p_failed"]) == failed
    assert "mean_rolls" in data
    plain = run_json(
        [
            "extended",
            "--dice",
            "2",
            "--difficulty",
            "8",
            "--target",
            "1",
            "--botch",
            "zero",
            "--json",
            "--exact",
        ],
        capsys,
    )
    assert frac(plain["mean_rolls"]) == 1 / success_p(2, 8)


@pytest.mark.parametrize(
    "argv",
    [
        ["pool", "0"],
        ["pool", "-3"],
        ["pool", "3", "--difficulty", "1"],
        ["pool", "3", "--difficulty", "11"],
        ["pool", "3", "--difficulty", "nan"],
        ["pool", "nan"],
        ["pool", "1001"],
        ["table", "--dice", "5-1"],
        ["table", "--difficulty", "10-2"],
        ["table", "--difficulty", "1-5"],
        ["anomalies", "--dice", "0-3"],
        ["actions", "--pools", "7,0,6"],
        ["actions", "--pools", "7,x"],
        ["extended", "--dice", "3", "--difficulty", "6", "--target", "0"],
        ["extended", "--dice", "3", "--difficulty", "11", "--target", "5"],
        ["pool", "3", "--no-rule-of-one", "--botch", "first"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("dicestats")
