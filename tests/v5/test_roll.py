"""Vampire: the Masquerade 5th edition: the published figures, brute force over every roll,
100 dice exactly, the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from dicestats import v5
from dicestats.cli import main

FIELDS = ("p_win", "p_critical", "p_messy_critical", "p_bestial_failure", "p_total_failure")


def brute(dice: int, hunger: int, difficulty: int, always: bool = False):
    """Every roll of the pool, face by face (the first ``hunger`` dice are the Hunger dice),
    read as the rules read it: the fields' probabilities and the successes' distribution."""
    counts = dict.fromkeys(FIELDS, 0)
    successes: dict[int, int] = {}
    rolls = list(itertools.product(range(1, 11), repeat=dice))
    for faces in rolls:
        tens, hungry = faces.count(10), faces[:hunger]
        n = sum(f >= 6 for f in faces) + 2 * (tens // 2)  # each pair of 10s: two more
        win = n >= difficulty
        critical = win and tens >= 2
        counts["p_win"] += win
        counts["p_critical"] += critical
        counts["p_messy_critical"] += critical and 10 in hungry
        counts["p_bestial_failure"] += 1 in hungry and (always or not win)
        counts["p_total_failure"] += n == 0
        successes[n] = successes.get(n, 0) + 1
    p = {k: Fraction(v, len(rolls)) for k, v in counts.items()}
    return p, {k: Fraction(v, len(rolls)) for k, v in sorted(successes.items())}


def fields(r) -> dict:
    return {k: getattr(r, k) for k in FIELDS}


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
def test_the_published_figures_3_normal_and_2_hunger_dice(difficulty):
    # a pair of 10s is four successes: at difficulty 1-4 every roll with two 10s is a
    # critical win, so P(critical win) is P(two or more 10s)
    r = v5.roll(5, hunger=2, difficulty=difficulty, exact=True)
    assert r.p_critical == 1 - Fraction(9, 10) ** 5 - 5 * Fraction(1, 10) * Fraction(9, 10) ** 4
    clean = r.p_critical - r.p_messy_critical
    assert (r.p_critical, r.p_messy_critical, clean) == (
        Fraction(8146, 100_000),
        Fraction(5878, 100_000),
        Fraction(2268, 100_000),
    )
    shown = [round(float(p) * 100, 3) for p in (r.p_critical, r.p_messy_critical, clean)]
    assert shown == [8.146, 5.878, 2.268]
    # at difficulty 5 a lone pair (four successes) fails: fewer critical wins
    assert v5.roll(5, hunger=2, difficulty=5, exact=True).p_critical < r.p_critical


@pytest.mark.parametrize(
    "dice, hunger, difficulty",
    [(1, 0, 1), (1, 1, 1), (2, 1, 4), (3, 0, 2), (3, 3, 6), (4, 1, 9), (4, 2, 4), (4, 4, 2)],
)
@pytest.mark.parametrize("always", [False, True])
def test_exact_equals_every_roll_counted(dice, hunger, difficulty, always):
    p, successes = brute(dice, hunger, difficulty, always)
    r = v5.roll(dice, hunger, difficulty, v5.Rules(bestial_always=always), exact=True)
    assert fields(r) == p
    assert dict(r.successes.items()) == successes
    assert r.mean_margin == sum(k * q for k, q in successes.items()) - difficulty


def test_five_dice_every_roll_counted_the_issue_s_example():
    p, successes = brute(5, 2, 3)
    r = v5.roll(5, 2, 3, exact=True)
    assert fields(r) == p and dict(r.successes.items()) == successes


def test_a_hundred_dice_exactly():
    r = v5.roll(100, hunger=5, difficulty=40, exact=True)
    assert sum(r.successes.fractions()) == 1
    assert r.successes.support() == (0, 200)  # all 10s: 50 pairs
    assert r.p_total_failure == Fraction(1, 2**100) == r.successes.pmf(0)
    assert r.successes.pmf(200) == Fraction(1, 10**100)
    # each die: 0.4 success + 0.1 ten; a pair of 10s adds 2: E[2 * (T // 2)] for T ~ B(100, 0.1)
    from math import comb

    pairs = sum(
        2 * (t // 2) * comb(100, t) * Fraction(1, 10) ** t * Fraction(9, 10) ** (100 - t)
        for t in range(101)
    )
    assert r.mean_margin == 50 + pairs - 40
    assert r.p_win == r.successes.p_ge(40)
    always = v5.roll(100, hunger=5, difficulty=40, rules=v5.Rules(bestial_always=True), exact=True)
    assert always.p_bestial_failure == 1 - Fraction(9, 10) ** 5
    assert always.p_win == r.p_win and always.p_messy_critical == r.p_messy_critical
    fl = v5.roll(100, hunger=5, difficulty=40)
    assert all(abs(float(getattr(r, k)) - getattr(fl, k)) < 1e-12 for k in FIELDS)
    from dicestats.format import view_text

    text = view_text(r.view())  # 201 numbers of successes: the rare ones left out
    assert "138 rarer numbers of successes (each below 1 in a million) left out" in text


def test_no_hunger_no_messy_and_no_bestial():
    r = v5.roll(7, difficulty=3, exact=True)
    assert r.p_messy_critical == 0 and r.p_bestial_failure == 0
    assert r.p_critical > 0


def test_the_command_line_example(capsys):
    argv = ["v5", "roll", "--dice", "5", "--hunger", "2", "--difficulty", "3", "--exact"]
    assert main([*argv, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert {k: Fraction(got[k]) for k in FIELDS} == {
        "p_win": Fraction(41, 80),
        "p_critical": Fraction(4073, 50000),
        "p_messy_critical": Fraction(2939, 50000),
        "p_bestial_failure": Fraction(1259, 10000),
        "p_total_failure": Fraction(1, 32),
    }
    assert Fraction(got["mean_margin"]) == Fraction(-2101, 6250)
    assert Fraction(got["successes"]["3"]) == Fraction(7, 25)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "8.15%" in out and "4073/50000" in out and "messy critical" in out
    assert main(["v5", "roll", "5", "--hunger", "2", "--bestial-always", "--exact", "--json"]) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["p_bestial_failure"]) == Fraction(19, 100)


def test_a_sweep_over_the_dice(capsys):
    assert main(["sweep", "v5", "--dice", "1-6", "--exact", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)
    assert [c["dice"] for c in cells] == [1, 2, 3, 4, 5, 6]
    # at difficulty 1 a win is any die showing 6+: 1 - (1/2)^dice
    assert [Fraction(c["p_win"]) for c in cells] == [1 - Fraction(1, 2**n) for n in range(1, 7)]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"hunger must be at most the pool \(5 dice\), got 6"):
        v5.roll(5, hunger=6)
    with pytest.raises(ValueError, match=r"dice must be an integer in 1\.\.100, got 0"):
        v5.roll(0)
    with pytest.raises(ValueError, match=r"difficulty must be an integer in 1\.\.200, got 0"):
        v5.roll(3, difficulty=0)
    with pytest.raises(TypeError, match="rules must be a v5.Rules"):
        v5.roll(3, 1, 2, "always")
    with pytest.raises(TypeError, match="bestial_always must be"):
        v5.Rules(bestial_always="yes")
