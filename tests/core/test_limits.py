"""Limits as data and the one refusal wording."""

from __future__ import annotations

import argparse
import math

import pytest

import dicestats
from dicestats.core.checks import (
    InputError,
    InputTypeError,
    check_bool,
    check_choice,
    check_int,
    check_int_list,
    check_real,
    refuse,
)
from dicestats.core.limits import Limit, Limits

LIMITS = Limits(
    Limit("dice", 1, 1000, why="no table needs more"),
    Limit("dice (exact)", 1, 200, when="exact", why="numerators grow", instead="use exact=False"),
    Limit("dice × rolls", hi=200_000, when="exact", why="digits grow", instead="use exact=False"),
    Limit("confidence", 0.5, 0.999, real=True),
)


def test_the_error_types_are_public_and_standard():
    assert dicestats.InputError is InputError and dicestats.InputTypeError is InputTypeError
    assert issubclass(InputError, ValueError) and issubclass(InputTypeError, TypeError)
    assert issubclass(InputTypeError, InputError)


def test_refuse_words_every_part_in_one_line():
    e = refuse("rolls", "at most 3", 4, why="a reason", instead="do this")
    assert str(e) == "rolls must be at most 3, got 4 (a reason); do this"
    assert type(e) is InputError
    t = refuse("dice", "an integer", "3", kind=True)
    assert str(t) == "dice must be an integer, got '3' (str)" and type(t) is InputTypeError


@pytest.mark.parametrize(
    "call, exc, text",
    [
        (
            lambda: check_int("dice", True, 1, 9),
            InputTypeError,
            "dice must be an integer in 1..9, got True (bool)",
        ),
        (lambda: check_int("dice", 3.0, 1, 9), InputTypeError, "got 3.0 (float)"),
        (
            lambda: check_int("dice", 10, 1, 9),
            InputError,
            "dice must be an integer in 1..9, got 10",
        ),
        (lambda: check_int("pips", -1, 0), InputError, "pips must be an integer >= 0, got -1"),
        (
            lambda: check_real("p", math.nan, 0, 1),
            InputError,
            "p must be a finite number in [0, 1], got nan",
        ),
        (lambda: check_real("p", "0.5", 0, 1), InputTypeError, "got '0.5' (str)"),
        (
            lambda: check_choice("order", "x", ("a", "b")),
            InputError,
            "order must be one of 'a', 'b', got 'x'",
        ),
        (lambda: check_choice("n", True, (1, 2)), InputError, "n must be one of 1, 2, got True"),
        (lambda: check_choice("n", [1], (1, 2)), InputError, "n must be one of 1, 2, got [1]"),
        (
            lambda: check_bool("exact", "False"),
            InputTypeError,
            "exact must be True or False, got 'False' (str)",
        ),
        (
            lambda: check_int_list("pools", "33", 0),
            InputTypeError,
            "pools must be a sequence of integers",
        ),
        (
            lambda: check_int_list("pools", [3, 2.5], 0),
            InputTypeError,
            "pools[1] must be an integer",
        ),
        (lambda: check_int_list("pools", [], 0), InputError, "at least 1 integer(s), got []"),
    ],
)
def test_checks_refuse_in_one_line(call, exc, text):
    with pytest.raises(exc) as info:
        call()
    assert type(info.value) is exc
    assert text in str(info.value) and "\n" not in str(info.value)


def test_a_range_limit_checks_and_says_why():
    assert LIMITS["dice"].check(1000) == 1000
    with pytest.raises(
        InputError, match=r"^dice must be an integer in 1\.\.1000, got 1001 \(no table"
    ):
        LIMITS["dice"].check(1001)
    with pytest.raises(InputTypeError):
        LIMITS["dice"].check("5")
    assert LIMITS["confidence"].check(0.9) == 0.9
    with pytest.raises(InputError):
        LIMITS["confidence"].check(0.9999)


def test_an_exact_only_limit_applies_in_exact_mode_only():
    lim = LIMITS["dice (exact)"]
    assert lim.check(500, name="dice", exact=False) == 500
    with pytest.raises(InputError) as info:
        lim.check(500, name="dice", exact=True)
    assert str(info.value) == (
        "dice must be an integer in 1..200 in exact mode, got 500 (numerators grow); "
        "use exact=False"
    )


def test_a_work_cap_names_the_parameter_to_lower():
    lim = LIMITS["dice × rolls"]
    lim.check_work(200_000, name="rolls", value=200, per=1000, per_name="dice")  # at the cap
    with pytest.raises(InputError) as info:
        lim.check_work(201_000, name="rolls", value=201, per=1000, per_name="dice")
    assert str(info.value) == (
        "rolls must be at most 200 in exact mode with 1000 dice, got 201 "
        "(dice × rolls <= 200,000: digits grow); use exact=False"
    )
    lim.check_work(10**9, name="rolls", value=1, exact=False)  # not in force in float mode
    with pytest.raises(InputError, match="dice × rolls = 300,000"):
        lim.check_work(300_000, name="rolls", value=300)


def test_a_limit_gives_the_cli_its_type_and_help():
    p = argparse.ArgumentParser()
    p.add_argument("--dice", type=LIMITS["dice"].argtype())
    assert p.parse_args(["--dice", "12"]).dice == 12
    for bad in ("0", "x", "2.5"):
        with pytest.raises(SystemExit):
            p.parse_args(["--dice", bad])
    assert LIMITS["dice"].help == "1..1000" and LIMITS["dice × rolls"].help == "<= 200000"


def test_limits_table_is_read_only_and_unique():
    assert len(LIMITS) == 4 and "dice" in LIMITS
    assert [r["what"] for r in LIMITS.rows()] == list(LIMITS)
    with pytest.raises(TypeError):
        LIMITS["x"] = Limit("x")
    with pytest.raises(ValueError, match="two limits named"):
        Limits(Limit("a", 1, 2), Limit("a", 1, 3))
