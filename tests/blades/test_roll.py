"""Blades in the Dark: the rulebook's figures, brute force over every roll, the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from dicestats import blades
from dicestats.cli import main


def brute(dice: int, critical: bool = True) -> dict:
    """Every roll of the pool, counted: the outcome of each as the rules read it."""
    counts = dict.fromkeys(("critical", "full", "partial", "bad"), 0)
    rolls = list(itertools.product(range(1, 7), repeat=dice or 2))
    for faces in rolls:
        read = min(faces) if dice == 0 else max(faces)
        if read == 6:
            two = dice > 0 and critical and faces.count(6) >= 2
            counts["critical" if two else "full"] += 1
        else:
            counts["partial" if read >= 4 else "bad"] += 1
    return {f"p_{k}": Fraction(v, len(rolls)) for k, v in counts.items()}


def test_the_rulebook_check_at_4_dice():
    r = blades.roll(4, exact=True)
    assert (r.p_bad, r.p_partial, r.p_full, r.p_critical) == (
        Fraction(1, 16),
        Fraction(34, 81),
        Fraction(125, 324),
        Fraction(19, 144),
    )
    shown = [round(float(p) * 100, 2) for p in (r.p_bad, r.p_partial, r.p_full, r.p_critical)]
    assert shown == [6.25, 41.98, 38.58, 13.19]


@pytest.mark.parametrize("dice", range(0, 6))
@pytest.mark.parametrize("critical", [True, False])
def test_exact_equals_every_roll_counted(dice, critical):
    r = blades.roll(dice, blades.Rules(critical=critical), exact=True)
    assert {k: getattr(r, k) for k in brute(dice, critical)} == brute(dice, critical)
    assert sum(r.die.fractions()) == 1 and r.p_critical + r.p_full == r.die.pmf(6)


def test_zero_dice_reads_the_lowest_of_two_and_never_crits():
    r = blades.roll(0, exact=True)
    assert (r.p_bad, r.p_partial, r.p_full, r.p_critical) == (
        Fraction(3, 4),
        Fraction(2, 9),
        Fraction(1, 36),
        0,
    )
    with pytest.raises(ValueError, match="dice must be at least 1 with zero_dice='none'"):
        blades.roll(0, blades.Rules(zero_dice="none"))


def test_a_hundred_dice_exactly():
    r = blades.roll(100, exact=True)
    assert r.p_bad == Fraction(1, 2**100)
    assert r.p_critical + r.p_full + r.p_partial + r.p_bad == 1
    assert abs(float(r.p_critical) - (1 - (5 / 6) ** 100 - 100 / 6 * (5 / 6) ** 99)) < 1e-12


def test_the_command_line_example(capsys):
    assert main(["blades", "roll", "--dice", "4", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [Fraction(got[k]) for k in ("p_critical", "p_full", "p_partial", "p_bad")] == [
        Fraction(19, 144),
        Fraction(125, 324),
        Fraction(34, 81),
        Fraction(1, 16),
    ]
    assert main(["blades", "roll", "4"]) == 0
    out = capsys.readouterr().out
    assert "13.19%" in out and "6.25%" in out


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"dice must be an integer in 0\.\.100, got 101"):
        blades.roll(101)
    with pytest.raises(TypeError, match="rules must be a blades.Rules"):
        blades.roll(3, "revised")
    with pytest.raises(ValueError, match="zero_dice must be one of"):
        blades.Rules(zero_dice="highest")
