"""The Storyteller CLI against independent exact values.

The references (brute force over every face, a per-die (successes, ones)
convolution, a truncated ten-again convolution, DP for extended actions) are
the oracles of :mod:`.oracle`; they never call dicestats.storyteller.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from dicestats.cli import main
from dicestats.storyteller import Rules

from .oracle import brute, chain_reference, extended_dp, figures, per_die_table, success_p


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
        (["--botch-rule", "first"], Rules(botch_rule="first")),
        (["--preset", "first"], Rules(botch_rule="first")),
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
    assert frac(out["p_success"]) == success
    assert frac(out["p_fail"]) == failure
    assert frac(out["p_botch"]) == botch
    assert frac(out["mean_net"]) == mean
    assert {int(k): frac(v) for k, v in out["pmf_net"].items()} == {
        k: p for k, p in pmf.items() if p
    }
    assert out["rules"] == {f: getattr(rules, f) for f in out["rules"]}


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
    assert abs(out["p_success"] - float(success)) < 1e-12
    assert abs(out["mean_net"] - float(mean)) < 1e-12
    assert abs(out["p_success"] + out["p_fail"] + out["p_botch"] - 1) < 1e-12
    assert abs(sum(out["pmf_net"].values()) - 1) < 1e-12


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
    assert abs(float(rows[2]["p_success"]) - float(success_p(3, 6))) < 1e-12
    data = run_json(["table", "--dice", "2", "--difficulty", "6-7", "--json"], capsys)
    assert [(r["dice"], r["difficulty"]) for r in data] == [(2, 6), (2, 7)]
    for fmt in ("text", "markdown"):
        code, out, _ = run(["table", "--dice", "1-2", "--difficulty", "6", "--format", fmt], capsys)
        assert code == 0 and "p_success" in out


def test_anomalies_json_full_set(capsys):
    data = run_json(["anomalies", "--dice", "1-30", "--difficulty", "2-10", "--json"], capsys)
    got = {(a["metric"], a["difficulty"], a["dice"]) for a in data["cells"]}
    ref = {d: {n: figures(x) for n, x in per_die_table(30, d).items()} for d in range(2, 11)}
    want = set()
    for d in range(2, 11):
        for n in range(2, 31):
            if ref[d][n]["p_botch"] > ref[d][n - 1]["p_botch"]:
                want.add(("p_botch", d, n))
            for m in ["p_success"] + [f"p_ge_{k}" for k in range(2, 6)]:
                if ref[d][n][m] < ref[d][n - 1][m]:
                    want.add((m, d, n))
    assert got == want
    assert {n for m, d, n in got if m == "p_botch" and d == 10} == {2, 3, 4, 5, 6}


def test_actions_hall_example(capsys):
    data = run_json(["actions", "--pools", "7,6,6", "--json", "--exact"], capsys)
    assert [a["dice"] for a in data["actions"]] == [4, 2, 1]
    ps = [success_p(n, 6) for n in (4, 2, 1)]
    assert [frac(a["p_success"]) for a in data["actions"]] == ps
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
            "--on-botch",
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
            "--on-botch",
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
        ["pool", "3", "--no-rule-of-one", "--botch-rule", "first"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("dicestats")


def test_anomalies_text_output(capsys):
    code, out, err = run(["anomalies", "--dice", "1-7", "--difficulty", "10"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "5 non-monotone cell(s) (revised rules)"
    assert lines[3].split() == ["p_botch", "10", "1", "->", "2", "10.0000%", "17.0000%"]


def test_anomalies_json_exact_and_float(capsys):
    exact = run_json(
        ["anomalies", "--dice", "1-3", "--difficulty", "10", "--json", "--exact"], capsys
    )
    assert [frac(c["after"]) for c in exact["cells"]] == [Fraction(17, 100), Fraction(217, 1000)]
    fl = run_json(["anomalies", "--dice", "1-3", "--difficulty", "10", "--json"], capsys)
    assert [c["after"] for c in fl["cells"]] == [0.17, 0.217]


def test_table_markdown_and_text_use_the_api_column_names(capsys):
    code, out, _ = run(
        ["table", "--dice", "1", "--difficulty", "6", "--format", "markdown"], capsys
    )
    assert out.splitlines()[0].startswith("| dice | difficulty | p_success | p_fail | p_botch |")
    assert "| 1 | 6 | 50.00% | 40.00% | 10.00% | 0.500 |" in out
    code, out, _ = run(["table", "--dice", "1", "--difficulty", "6"], capsys)
    assert out.splitlines()[0] == "Storyteller pools (revised rules)"


# ---------------------------------------------------------------------------
# Renamed options: the old spellings still work, hidden, with a note on stderr
# ---------------------------------------------------------------------------
def test_old_botch_spelling_picks_the_botch_rule_outside_extended(capsys):
    new = run_json(["pool", "3", "--botch-rule", "first", "--json", "--exact"], capsys)
    code, out, err = run(["pool", "3", "--botch", "first", "--json", "--exact"], capsys)
    assert code == 0 and json.loads(out) == new
    assert (
        err == "dicestats: --botch is deprecated and goes in the next release; use --botch-rule\n"
    )
    for cmd in (["table"], ["anomalies"], ["actions", "--pools", "5"]):
        code, _, err = run([*cmd, "--botch", "first", "--json"], capsys)
        assert code == 0 and "--botch-rule" in err


def test_old_botch_spelling_is_what_a_botch_does_in_extended(capsys):
    argv = ["extended", "--dice", "2", "--difficulty", "7", "--target", "3", "--json", "--exact"]
    new = run_json([*argv, "--on-botch", "ends"], capsys)
    code, out, err = run([*argv, "--botch", "ends"], capsys)
    assert code == 0 and json.loads(out) == new and new["on_botch"] == "ends"
    assert "use --on-botch" in err
    rule = run_json([*argv, "--botch-rule", "first"], capsys)
    assert rule["p_success"] != new["p_success"]


def test_help_hides_old_spellings_and_states_limits(capsys):
    from dicestats.storyteller import LIMITS

    for cmd in ("pool", "extended"):
        assert main([cmd, "--help"]) == 0
        out = capsys.readouterr().out
        assert "--botch-rule" in out and "--botch " not in out and "--botch\n" not in out
    assert main(["extended", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--on-botch" in out and LIMITS["target"].help in out and LIMITS["rounds"].help in out
    assert main(["anomalies", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert LIMITS["dice, exact search"].help in out


# ---------------------------------------------------------------------------
# Slow exact searches are refused (limits from the LIMITS table)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["table", "--exact", "--dice", "1-201"],
        ["table", "--exact", "--dice", "1-51", "--ten-again"],
        ["anomalies", "--dice", "1-51", "--specialty", "double", "--one-cancels", "lowest"],
        ["anomalies", "--dice", "1-21", "--ten-again", "--specialty", "double",
         "--one-cancels", "highest"],
        ["extended", "--dice", "100", "--difficulty", "10", "--target", "80", "--exact",
         "--ten-again"],
    ],
)  # fmt: skip
def test_cli_slow_exact_searches_are_refused(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--dice" in err or "dice" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_anomalies_default_range_fits_the_heaviest_rules(capsys):
    argv = ["anomalies", "--ten-again", "--specialty", "double", "--one-cancels", "lowest"]
    assert main([*argv, "--json", "--difficulty", "10"]) == 0
    found = json.loads(capsys.readouterr().out)["cells"]
    assert found and max(a["dice"] for a in found) <= 20


def test_cli_float_table_with_chains_and_two_dim_cancelling_is_capped(capsys):
    # table --dice 1-200 with ten-again + double 10s + a 1 cancelling the lowest ran for minutes
    argv = ["table", "--dice", "1-81", "--ten-again", "--specialty", "double"]
    assert main([*argv, "--one-cancels", "lowest"]) == 2
    assert "1..80" in capsys.readouterr().err
    assert main([*argv, "--format", "csv"]) == 0  # one_cancels "success": one-dimensional
