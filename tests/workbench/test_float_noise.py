"""Issue 25: a float search never claims a wish of 100% (or within float noise of 0% or 100%)
is reached; it decides exactly where it can, and says the float cannot tell where it cannot."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats.storyteller import Rules
from dicestats.workbench import (
    solve_difficulty,
    solve_fate_difficulty,
    solve_fate_invokes,
    solve_fate_rating,
    solve_pool,
    storyteller_calibration,
)


def test_a_100_percent_wish_is_not_reached_by_float_noise():
    """It answered "454 dice ... (wished >= 100%)" with reached=True (P = 0.999999999999004)."""
    with pytest.raises(InputError, match=r"at_least=100% cannot be told apart .*exact=True"):
        solve_pool(8, 1)
    assert not solve_pool(8, 1, exact=True, dice_limit=20).reached


def test_floats_decide_exactly_where_the_exact_value_is_cheap():
    # no rule of one, difficulty 2: 13 dice give 1 - 10**-13, never 100%
    r = solve_pool(2, 1, Rules(rule_of_one=False), dice_limit=24)
    assert not r.reached
    assert solve_pool(2, 1, Rules(willpower=True)).dice == 1  # a sure success
    assert storyteller_calibration([1], [2], Rules(rule_of_one=False), dice_limit=24).answers == {
        2: {1: None}
    }
    assert not solve_difficulty(13, at_least=1, rules=Rules(rule_of_one=False)).reached
    # 30 Fate dice: P(>= -29) = 1 - 3**-30 is 0.9999999999999944 in floats
    assert solve_fate_difficulty(0, 1, dice=30).difficulty == -31  # as exact=True says
    assert solve_fate_rating(0, 1, dice=30).rating == 31
    assert solve_fate_invokes(0, 2, 1, dice=30).invokes == 17
    assert solve_fate_difficulty(0, Fraction(1), dice=4).difficulty == -5


@pytest.mark.parametrize(
    "argv",
    [
        ["worth", "invoke", "--bonus", "2", "--difficulty", "2", "--policy", "plus2"],
        ["worth", "invoke", "--bonus", "2", "--difficulty", "3", "--policy", "plus2"],
        ["worth", "ten-again", "--dice", "1", "--difficulty", "7"],
        ["worth", "cod", "--dice", "5", "--vs-rote"],
    ],
)
def test_a_worth_on_a_step_is_that_step_in_floats_too(argv, capsys):
    # float noise moved the bracket: "≈ 2 shifts (between 1 and 2)", "rote ≈ 5 dice
    # (between 4 and 5)", and ten-again's target 0.39999999999999997 against a base of 0.4
    # walked down off the scale ("more than 0 dice"); exactly, each is on a step
    import json

    from dicestats.cli import main

    answers = []
    for exact in ([], ["--exact"]):
        assert main([*argv, *exact, "--json"]) == 0
        answers.append(json.loads(capsys.readouterr().out))
    floats, exacts = answers
    assert exacts["lower"] == exacts["upper"] == Fraction(exacts["worth"])
    assert floats["lower"] == floats["upper"] == exacts["lower"]
    assert floats["worth"] == float(Fraction(exacts["worth"]))
