"""Exalted: the closed forms, brute force over every roll, the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb

import pytest

from dicestats import exalted
from dicestats.cli import main


def brute(dice: int, double_tens: bool = True) -> tuple[dict, dict]:
    """Every roll of the pool, counted: ``({successes: P}, {successes: P(botch and that)})``."""
    shown: dict = {}
    botch = 0
    rolls = list(itertools.product(range(1, 11), repeat=dice))
    for faces in rolls:
        hits = sum(f >= 7 for f in faces) + (double_tens and faces.count(10))
        shown[hits] = shown.get(hits, 0) + 1
        botch += hits == 0 and 1 in faces
    n = len(rolls)
    return {k: Fraction(c, n) for k, c in sorted(shown.items())}, Fraction(botch, n)


def generating_function(dice: int) -> list[Fraction]:
    """The coefficients of ((6 + 3z + z²)/10)^n by the multinomial theorem (not by
    convolution): i dice showing 7-9 and j showing 10 give z^(i + 2j)."""
    coef = [0] * (2 * dice + 1)
    for j in range(dice + 1):
        for i in range(dice - j + 1):
            ways = comb(dice, j) * comb(dice - j, i)
            coef[i + 2 * j] += ways * 6 ** (dice - i - j) * 3**i
    return [Fraction(c, 10**dice) for c in coef]


def test_the_published_closed_forms_at_5_dice():
    r = exalted.roll(5, exact=True)
    assert r.p_botch == Fraction(6, 10) ** 5 - Fraction(5, 10) ** 5 == Fraction(4651, 100000)
    assert r.p_success == 1 - Fraction(6, 10) ** 5 == Fraction(2882, 3125)
    assert r.p_failure == Fraction(1, 2) ** 5
    assert r.successes.fractions() == generating_function(5)
    shown = [round(float(p) * 100, 2) for p in (r.p_success, r.p_failure, r.p_botch)]
    assert shown == [92.22, 3.12, 4.65]


@pytest.mark.parametrize("dice", range(0, 5))
@pytest.mark.parametrize("double_tens", [True, False])
def test_exact_equals_every_roll_counted(dice, double_tens):
    shown, botch = brute(dice, double_tens)
    rules = exalted.Rules(double_tens=double_tens)
    for difficulty in range(0, 4):
        r = exalted.roll(dice, difficulty, rules, exact=True)
        assert dict(r.successes.items()) == shown
        assert r.p_botch == botch
        at_least = sum(p for k, p in shown.items() if k >= difficulty)
        assert r.p_success == (at_least - botch if difficulty == 0 else at_least)
        assert r.p_success + r.p_failure + r.p_botch == 1


def test_five_dice_every_roll_counted():
    shown, botch = brute(5)
    r = exalted.roll(5, 2, exact=True)
    assert dict(r.successes.items()) == shown and r.p_botch == botch


def test_a_hundred_dice_exactly():
    r = exalted.roll(100, 50, exact=True)
    assert r.successes.fractions() == generating_function(100)
    assert sum(r.successes.fractions()) == 1
    assert r.p_botch == Fraction(6, 10) ** 100 - Fraction(1, 2) ** 100
    assert r.successes.pmf(200) == Fraction(1, 10**100)
    damage = exalted.roll(100, 40, exalted.Rules(double_tens=False), exact=True)
    assert damage.successes.fractions() == [
        Fraction(comb(100, k) * 4**k * 6 ** (100 - k), 10**100) for k in range(101)
    ]
    assert abs(float(r.p_success) - exalted.roll(100, 50).p_success) < 1e-12


def test_difficulty_zero_fails_only_by_a_botch_and_zero_dice_never_botch():
    r = exalted.roll(3, 0, exact=True)
    assert r.p_success == 1 - (Fraction(6, 10) ** 3 - Fraction(1, 2) ** 3) and r.p_failure == 0
    empty = exalted.roll(0, 1, exact=True)
    assert (empty.p_success, empty.p_failure, empty.p_botch) == (0, 1, 0)


def test_the_command_line_example(capsys):
    argv = ["exalted", "roll", "--dice", "5", "--difficulty", "1", "--exact", "--json"]
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)
    assert Fraction(got["p_success"]) == Fraction(2882, 3125)
    assert Fraction(got["p_botch"]) == Fraction(4651, 100000)
    assert main(["exalted", "roll", "6", "--difficulty", "2", "--no-double-tens", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "10 counts one (damage)" in out
    assert "2396/3125" in out and "31031/1000000" in out


def test_a_small_sweep(capsys):
    assert main(["sweep", "exalted", "--dice", "1-6", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [Fraction(r["p_botch"]) for r in rows] == [
        Fraction(6, 10) ** n - Fraction(1, 2) ** n for n in range(1, 7)
    ]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"dice must be an integer in 0\.\.100, got 101"):
        exalted.roll(101)
    with pytest.raises(ValueError, match=r"difficulty must be an integer in 0\.\.200, got -1"):
        exalted.roll(5, -1)
    with pytest.raises(TypeError, match="rules must be an exalted.Rules"):
        exalted.roll(3, 1, "damage")
    with pytest.raises(TypeError, match="double_tens must be True or False"):
        exalted.Rules(double_tens=1)
