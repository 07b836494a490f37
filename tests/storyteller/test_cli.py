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

from .cli_run import run, run_json
from .oracle import (
    Case,
    brute,
    chain_reference,
    extended_dp,
    success_p,
)


def frac(s: str) -> Fraction:
    return Fraction(s)


@pytest.mark.parametrize(
    "flags,case",
    [
        ([], Case(Rules())),
        (["--botch-rule", "first"], Case(Rules(botch_rule="first"))),
        (["--preset", "first"], Case(Rules(botch_rule="first"))),
        (["--no-rule-of-one"], Case(Rules(rule_of_one=False))),
        (["--willpower"], Case(Rules(willpower=True))),
        (["--ten-again", "--no-chain"], Case(Rules(ten_again=True, chain=False))),
        (
            ["--ten-again", "--no-chain", "--reroll-ones-cancel"],
            Case(Rules(ten_again=True, chain=False, reroll_ones_cancel=True)),
        ),
        (["--specialty", "--no-chain"], Case(Rules(chain=False), True)),
        (
            ["--preset", "v20", "--specialty", "--one-cancels", "highest"],
            Case(Rules(specialty_rule="double", one_cancels="highest"), True),
        ),
        (
            ["--specialty-rule", "double", "--specialty", "--one-cancels", "lowest"],
            Case(Rules(specialty_rule="double", one_cancels="lowest"), True),
        ),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, list) else repr(x),
)
@pytest.mark.parametrize("n,d", [(1, 6), (3, 7), (3, 10)])
def test_pool_json_exact_matches_brute_force(flags, case, n, d, capsys):
    rules = case.rules
    success, failure, botch, pmf, mean = brute(n, d, case)
    out = run_json(["pool", str(n), "--difficulty", str(d), "--json", "--exact", *flags], capsys)
    assert frac(out["p_success"]) == success
    assert frac(out["p_fail"]) == failure
    assert frac(out["p_botch"]) == botch
    assert frac(out["mean_net"]) == mean
    assert {int(k): frac(v) for k, v in out["net"].items()} == {k: p for k, p in pmf.items() if p}
    assert out["rules"] == {f: getattr(rules, f) for f in out["rules"]}
    assert out["specialty"] is case.specialty


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
    assert abs(sum(out["net"].values()) - 1) < 1e-12


def test_pool_text_output(capsys):
    code, out, err = run(["pool", "5", "--difficulty", "7"], capsys)
    assert code == 0 and err == ""
    assert "success" in out and "botch" in out and "mean net successes" in out


def test_table_csv_all_270_cells_exact(capsys, reference_table):
    code, out, err = run(
        ["table", "--dice", "1-30", "--difficulty", "2-10", "--format", "csv", "--exact"], capsys
    )
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 270
    for row in rows:
        n, d = int(row["dice"]), int(row["difficulty"])
        want = reference_table[d][n]
        for col, value in want.items():
            assert frac(row[col]) == value, (n, d, col)


def test_table_text_with_exact_says_where_the_exact_values_are(capsys):
    code, out, err = run(["table", "--dice", "1-2", "--difficulty", "6", "--exact"], capsys)
    assert code == 0, err
    assert out.rstrip().endswith("--json or --format csv give them as p/q")
    code, out, _ = run(["table", "--dice", "1-2", "--difficulty", "6"], capsys)
    assert code == 0 and "p/q" not in out


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


def test_anomalies_json_full_set(capsys, reference_table):
    data = run_json(["anomalies", "--dice", "1-30", "--difficulty", "2-10", "--json"], capsys)
    got = {(a["metric"], a["difficulty"], a["dice"]) for a in data["cells"]}
    ref = reference_table
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


def test_extended_on_botch_and_botch_rule_are_two_options(capsys):
    argv = ["extended", "--dice", "2", "--difficulty", "7", "--target", "3", "--json", "--exact"]
    new = run_json([*argv, "--on-botch", "ends"], capsys)
    assert new["on_botch"] == "ends"
    rule = run_json([*argv, "--botch-rule", "first"], capsys)
    assert rule["p_success"] != new["p_success"]


def test_help_states_the_rule_flags_and_limits(capsys):
    from dicestats.storyteller import LIMITS

    for cmd in ("pool", "extended"):
        assert main([cmd, "--help"]) == 0
        assert "--botch-rule" in capsys.readouterr().out
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
        ["anomalies", "--dice", "1-51", "--preset", "v20", "--specialty",
         "--one-cancels", "lowest", "--exact"],
        ["anomalies", "--dice", "1-21", "--ten-again", "--preset", "v20", "--specialty",
         "--one-cancels", "highest", "--exact"],
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
    argv = ["anomalies", "--ten-again", "--preset", "v20", "--specialty", "--one-cancels", "lowest"]
    assert main([*argv, "--json", "--difficulty", "10"]) == 0
    found = json.loads(capsys.readouterr().out)["cells"]
    assert found and max(a["dice"] for a in found) <= 20


def test_cli_float_table_with_chains_and_two_dim_cancelling_is_capped(capsys):
    # table --dice 1-200 with ten-again + double 10s + a 1 cancelling the lowest ran for minutes
    argv = ["table", "--dice", "1-81", "--ten-again", "--preset", "v20", "--specialty"]
    assert main([*argv, "--one-cancels", "lowest"]) == 2
    assert "1..80" in capsys.readouterr().err
    assert main([*argv, "--format", "csv"]) == 0  # one_cancels "success": one-dimensional


# ---------------------------------------------------------------------------
# Issue 9: --preset v20 is a rule set; --specialty is a per-roll flag
# ---------------------------------------------------------------------------
def test_v20_preset_gives_the_revised_numbers_and_the_specialty_flag_the_v20_effect(capsys):
    code, out, err = run(["pool", "5", "--difficulty", "7", "--preset", "v20"], capsys)
    assert code == 0 and "success       76.24%" in out
    assert out.splitlines()[0] == "5 dice at difficulty 7 (V20 rules)"
    assert err == ""
    code, out, err = run(
        ["pool", "5", "--difficulty", "7", "--preset", "v20", "--specialty"], capsys
    )
    assert code == 0 and err == "" and "success       79.80%" in out
    assert "(V20 rules, with a specialty: a 10 counts double)" in out
    # the revised rule set: a specialty's 10s earn extra dice (the ten-again mechanism)
    spec = run_json(["pool", "4", "--difficulty", "8", "--specialty", "--json"], capsys)
    again = run_json(["pool", "4", "--difficulty", "8", "--ten-again", "--json"], capsys)
    assert spec["p_success"] == again["p_success"] and spec["specialty"] is True


# ---------------------------------------------------------------------------
# Issue 10: a flag that cannot apply is an error that says why (exit 2, one line)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv,why",
    [
        (["pool", "3", "--no-chain"], "--no-chain cannot apply: no 10 earns an extra die"),
        (["pool", "3", "--reroll-ones-cancel"], "--reroll-ones-cancel cannot apply"),
        (["pool", "3", "--preset", "v20", "--specialty", "--no-chain"], "--no-chain cannot"),
        (["pool", "3", "--willpower-success", "ordinary"], "none is spent"),
        (["pool", "3", "--one-cancels", "highest"], "matters only when a 10 counts double"),
        (["pool", "3", "--preset", "v20", "--one-cancels", "lowest"], "counts double"),
        (["pool", "3", "--one-cancels", "highest", "--specialty-rule", "double", "--specialty",
          "--no-rule-of-one"], "no 1 cancels anything"),
        (["table", "--json", "--format", "csv"], "--json and --format csv disagree"),
        (["table", "--json", "--format", "text"], "--json and --format text disagree"),
        (["pool", "3", "--specialty-rule", "double"], "this roll has none"),
        (["actions", "--pools", "7,6", "--no-chain"], "--no-chain cannot apply"),
        (["extended", "--dice", "3", "--difficulty", "6", "--target", "3",
          "--willpower-success", "ordinary"], "Willpower"),
        (["anomalies", "--one-cancels", "lowest"], "counts double"),
    ],
)  # fmt: skip
def test_flags_that_cannot_apply_are_errors(argv, why, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and why in lines[0] and lines[0].startswith("dicestats")


def test_flags_that_do_apply_are_accepted(capsys):
    for argv in (
        ["pool", "3", "--ten-again", "--no-chain", "--reroll-ones-cancel"],
        ["pool", "3", "--specialty", "--no-chain"],  # the revised specialty rerolls 10s
        ["pool", "3", "--willpower", "--willpower-success", "ordinary"],
        ["pool", "3", "--preset", "v20", "--specialty", "--one-cancels", "highest"],
        ["pool", "3", "--difficulty", "12", "--above-ten", "clamp"],
        ["table", "--dice", "1", "--json", "--format", "json"],
        ["actions", "--pools", "7,6", "--difficulty", "11", "--above-ten", "clamp"],
    ):
        code, _, err = run(argv, capsys)
        assert code == 0, (argv, err)


def test_difficulty_above_ten_names_the_clamp_option(capsys):
    code, _, err = run(["pool", "3", "--difficulty", "11"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "got 11 (a d10 shows 1..10)" in err and "above_ten='clamp'" in err
    code, _, err = run(["extended", "--dice", "3", "--difficulty", "12", "--target", "3"], capsys)
    assert code == 2 and "above_ten='clamp'" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["pool", "٣"],  # Arabic-Indic three: int() reads it
        ["pool", "３"],  # fullwidth three
        ["pool", "1_0"],  # int() reads underscores
        ["pool", "3", "--difficulty", "٧"],
        ["table", "--dice", "1-1_0"],
        ["table", "--difficulty", "٢-5"],
        ["anomalies", "--dice", "1-１０"],
        ["actions", "--pools", "7,6_0"],
        ["extended", "--dice", "3", "--difficulty", "6", "--target", "1_0"],
        ["extended", "--dice", "3", "--difficulty", "6", "--target", "5", "--rounds", "١٠"],
    ],
)
def test_cli_integers_are_ascii_digits_only(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "digits 0-9" in err


@pytest.mark.parametrize(
    "argv,why",
    [
        (["anomalies", "--dice", "1-500", "--exact"], "an exact search over every pool grows"),
        (["table", "--dice", "1500"], "far beyond any character's pool"),
        (["table", "--exact", "--dice", "1-51", "--ten-again"], "chained ten-again makes"),
        (["actions", "--pools", "7,1500"], "1500 is outside"),
    ],
)
def test_caps_say_why_and_name_what_was_typed(argv, why, capsys):
    code, _, err = run(argv, capsys)
    assert code == 2 and err.count("\n") == 1 and why in err
    if "-" in argv[2]:  # no index of an expanded range the user never typed
        assert "[" not in err
