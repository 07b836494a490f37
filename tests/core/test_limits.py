"""Limits as data and the one refusal wording."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest

import dicestats
from dicestats.core.checks import (
    InputError,
    InputTypeError,
    check_bool,
    check_choice,
    check_exact,
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


def test_a_limit_gives_its_range_as_help():
    assert LIMITS["dice"].help == "1..1000" and LIMITS["dice × rolls"].help == "<= 200,000"


def test_limits_table_is_read_only_and_unique():
    assert len(LIMITS) == 4 and "dice" in LIMITS
    assert [r["what"] for r in LIMITS.rows()] == list(LIMITS)
    with pytest.raises(TypeError):
        LIMITS["x"] = Limit("x")
    with pytest.raises(ValueError, match="two limits named"):
        Limits(Limit("a", 1, 2), Limit("a", 1, 3))


# -- the one rule for every public parameter (issue 10) ---------------------------
def test_a_huge_value_is_cut_in_the_refusal():
    # a 5,000-digit integer was echoed on a 5,069-character line (and Python
    # refuses str() beyond 4,300 digits)
    big = 10**5000 + 7
    msg = str(refuse("dice", "an integer in 1..10", big))
    assert len(msg) < 120 and "5,001 digits" in msg and msg.startswith("dice must be")
    with pytest.raises(InputError) as info:
        check_int("dice", big, 1, 10)
    assert len(str(info.value)) < 120
    long_text = "x" * 5000
    msg = str(refuse("name", "a short name", long_text))
    assert len(msg) < 130 and "5,002 characters" in msg
    assert len(str(refuse("p", "a probability", [10**5000]))) < 100  # str() fails: cut anyway


def test_numbers_beyond_float64_are_refused_not_overflowing():
    with pytest.raises(InputError, match="beyond the float64 range"):
        check_real("confidence", 10**400, 0, 1)
    with pytest.raises(InputError):
        check_real("p", Fraction(10**400, 3), 0, 1)


def test_an_unbounded_integer_is_worded_plainly():
    # was "n must be any integer, got 'x' (str)"
    with pytest.raises(InputTypeError) as info:
        check_int("n", "x")
    assert str(info.value) == "n must be an integer, got 'x' (str)"


@pytest.mark.parametrize("bad", ["False", "True", float("nan"), 1, 0, None, 1.0])
def test_exact_must_be_a_bool(bad):
    with pytest.raises(InputTypeError, match="exact must be True or False"):
        check_exact(bad)
    assert check_exact(True) is True and check_exact(False) is False


@pytest.mark.parametrize("bad", [True, 3.0, float("nan"), float("inf"), "3", Decimal(3), None])
def test_check_int_refuses_what_is_not_an_integer(bad):
    with pytest.raises(InputTypeError):
        check_int("n", bad, 0, 10)


def test_a_time_limit_says_why_and_what_to_do():
    with pytest.raises(InputError) as info:
        check_int("trials", 10**12, 1, 10**9, why="hours of work", instead="use fewer")
    assert str(info.value) == (
        "trials must be an integer in 1..1,000,000,000, got 1000000000000 (hours of work); "
        "use fewer"
    )


def test_a_list_may_have_a_cap():
    assert check_int_list("pips", [1, 2], 0, max_len=2) == [1, 2]
    with pytest.raises(InputError, match="at most 2 integers"):
        check_int_list("pips", [1, 2, 3], 0, max_len=2)
    with pytest.raises(InputError, match="at most 2 integers"):
        check_int_list("pips", iter(range(10**9)), 0, max_len=2)  # a generator: stops early


def test_a_numpy_bool_is_a_bool():
    # type(np.True_).__name__ is 'bool' since numpy 2: check_bool refused it
    import numpy as np

    assert check_bool("exact", np.True_) is True and check_exact(np.False_) is False
    with pytest.raises(InputTypeError):
        check_int("dice", np.True_, 0, 9)
