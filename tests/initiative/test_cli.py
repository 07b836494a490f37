"""``dicestats initiative``: JSON keys, --exact, determinism across workers, bad input."""

import json
from fractions import Fraction

import pytest

from dicestats.cli import main


def run(capsys, *argv):
    status = main(["initiative", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_exact_json_matches_closed_form(capsys):
    status, out, err = run(capsys, "--swiftness", "1", "--vs", "2", "--exact", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    # one die must beat both of the other's: sum_x (x-1)^2 / 216 = 55/216
    assert data["p_first"] == "55/216"
    assert data["p_first_ci"] == ["55/216", "55/216"]
    assert data["actions_before_opponent"] == {"0": "161/216", "1": "55/216"}
    total = sum(Fraction(v) for v in data["actions_before_opponent"].values())
    assert total == 1


def test_monte_carlo_json(capsys):
    status, out, _ = run(
        capsys, "--swiftness", "2,1", "--vs", "2", "--trials", "40000", "--seed", "3", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert {"p_first", "p_first_ci", "actions_before_opponent", "trials"} <= set(data)
    assert data["trials"] == 40_000
    lo, hi = data["p_first_ci"]
    assert lo < data["p_first"] < hi
    assert set(data["actions_before_opponent"]) == {"0", "1", "2", "3"}
    assert sum(data["actions_before_opponent"].values()) == pytest.approx(1)
    # agrees with the exact enumeration of the same setup
    _, out, _ = run(capsys, "--swiftness", "2,1", "--vs", "2", "--exact", "--json")
    exact = float(Fraction(json.loads(out)["p_first"]))
    se = (exact * (1 - exact) / 40_000) ** 0.5
    assert abs(data["p_first"] - exact) < 4.5 * se


def test_same_seed_byte_identical_json_any_workers(capsys):
    args = ["--swiftness", "3,3,3", "--vs", "2,2,2", "--trials", "140000", "--seed", "11"]
    _, one, _ = run(capsys, *args, "--json")
    _, two, _ = run(capsys, *args, "--json", "--workers", "2")
    assert one == two
    _, other, _ = run(capsys, *args[:-1], "12", "--json")
    assert other != one


def test_readable_table(capsys):
    status, out, _ = run(capsys, "--swiftness", "3", "--vs", "2", "--pips", "2", "--exact")
    assert status == 0
    assert "P(side A acts first)" in out and "A actions before B's first" in out
    assert "B1" in out and "/" in out
    status, out, _ = run(capsys, "--swiftness", "3", "--vs", "2,2", "--trials", "1000")
    assert status == 0 and "95% CI" in out


@pytest.mark.parametrize(
    "argv,words",
    [
        (["--swiftness", "3,0", "--vs", "2"], "1..15"),
        (["--swiftness", "3", "--vs", "x"], "integer"),
        (["--swiftness", "3", "--vs", "2", "--trials", "0"], "trials"),
        (["--swiftness", "3,3", "--vs", "2", "--pips", "1,2,3"], "one int per participant"),
        (["--swiftness", "3,3,3", "--vs", "2,2,2", "--exact"], "limited to 100,000"),
        (["--swiftness", "3", "--vs", "2", "--order", "random"], "invalid choice"),
        (["--vs", "2"], "required"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and words in err
