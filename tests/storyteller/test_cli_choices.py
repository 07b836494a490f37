"""``dicestats try-again``, ``auto`` and ``exemption`` against the oracles of :mod:`.oracle`."""

from __future__ import annotations

from fractions import Fraction

import pytest

from .cli_run import run, run_json
from .oracle import botches_in_rolls, figures, net_pmf, per_die_table, retries


# ---------------------------------------------------------------- try-again
@pytest.mark.parametrize(
    "n,d,attempts,flags",
    [(1, 9, None, []), (3, 7, None, []), (2, 8, 2, []), (2, 8, None, ["--no-botch-ends"]),
     (2, 9, 4, ["--above-ten", "clamp"]),
     (1, 9, 4, ["--above-ten", "clamp", "--no-botch-ends"])],
)  # fmt: skip
def test_try_again_against_every_sequence(n, d, attempts, flags, capsys):
    argv = ["try-again", "--dice", str(n), "--difficulty", str(d), *flags, "--exact", "--json"]
    if attempts:
        argv += ["--attempts", str(attempts)]
    got = run_json(argv, capsys)
    success, botch, gave_up, mean = retries(n, d, attempts, "--no-botch-ends" not in flags,
                                            "clamp" in flags)  # fmt: skip
    assert Fraction(got["p_success"]) == success
    assert Fraction(got["p_botch"]) == botch
    assert Fraction(got["p_gave_up"]) == gave_up
    assert Fraction(got["mean_attempts"]) == mean


def test_try_again_text_shows_the_difficulty_ladder(capsys):
    code, out, _ = run(["try-again", "--dice", "1", "--difficulty", "9", "--exact"], capsys)
    assert code == 0
    assert "+1 per retry, a botch ends the attempts (revised rules)" in out
    rows = [ln.split() for ln in out.splitlines() if ln[:1].isdigit()]
    assert [r[:2] for r in rows] == [["1", "9"], ["2", "10"]]
    assert rows[1][-1] == "27/100"  # 2/10 + 7/10 * 1/10, the docstring's worked case
    assert "mean attempts  1.7000  17/10" in out


# ---------------------------------------------------------------- auto
@pytest.mark.parametrize("n,d,target,stress", [(6, 6, 1, False), (6, 6, 2, False),
                                               (3, 6, 1, False), (8, 6, 1, True)])  # fmt: skip
def test_auto_against_the_pool(n, d, target, stress, capsys):
    argv = ["auto", "--dice", str(n), "--difficulty", str(d), "--target", str(target)]
    got = run_json([*argv, *(["--stress"] if stress else []), "--exact", "--json"], capsys)
    pmf = net_pmf(n, d)
    roll = sum(p for k, p in pmf.items() if k >= target)
    assert Fraction(got["roll"]["p_success"]) == roll
    allowed = n >= d and not stress
    assert got["allowed"] is allowed
    auto = Fraction(1 if allowed and target == 1 else 0)
    assert Fraction(got["automatic"]["p_success"]) == auto
    want = "automatic" if allowed and auto >= roll else "roll"
    assert got["better"] == want


def test_auto_text_says_why(capsys):
    _, out, _ = run(["auto", "--dice", "3", "--difficulty", "6"], capsys)
    assert "not allowed: the pool (3) is below the difficulty (6)" in out
    assert "better: roll" in out
    _, out, _ = run(["auto", "--dice", "8", "--stress"], capsys)
    assert "under stress" in out


# ---------------------------------------------------------------- exemption
@pytest.mark.parametrize("n,d,k", [(1, 10, 2), (2, 6, 3), (5, 6, 4)])
def test_exemption_against_every_sequence(n, d, k, capsys):
    argv = ["exemption", "--dice", str(n), "--difficulty", str(d), "--rolls", str(k)]
    got = run_json([*argv, "--exact", "--json"], capsys)
    b = figures(per_die_table(n, d)[n])["p_botch"]
    one, two = botches_in_rolls(b, k)
    assert Fraction(got["p_any_botch"]) == one
    assert Fraction(got["p_counted_botch"]) == two
    code, out, _ = run([*argv, "--exact"], capsys)
    line = next(ln for ln in out.splitlines() if ln.startswith("P(a counted botch), with "))
    assert line.endswith(f"  {two.numerator}/{two.denominator}")


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["exemption", "--dice", "2", "--rolls", "0"], "rolls must be"),
        (["auto", "--dice", "2", "--target", "51"], "target must be"),
        (["try-again", "--dice", "2", "--attempts", "0"], "attempts must be"),
        (["auto", "--dice", "2", "--plot", "x.txt"], "--plot"),  # a chart since issue 26
    ],
)
def test_bad_input_is_one_line(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and not out
    assert needle in err and "Traceback" not in err


def test_actions_honour_exact_in_text(capsys):
    # 4, 3, 6 dice as three actions at 8: 1, -1 and 1 dice; one die at 8 succeeds 3/10
    code, out, _ = run(["actions", "--pools", "4,3,6", "--difficulty", "8", "--exact"], capsys)
    assert code == 0
    rows = [ln.split() for ln in out.splitlines()[3:6]]
    assert [r[-1] for r in rows] == ["3/10", "0%", "3/10"]  # exact P(success); none: cannot
    assert "expected successes  0.6000  3/5" in out
