"""Shadowrun: the figures checked by hand, brute force over every roll, the command line."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from dicestats import shadowrun
from dicestats.cli import main
from dicestats.shadowrun.rolls import TAIL_AFTER

SIXTH = Fraction(1, 6)


@cache
def extra(m: int, k: int) -> Fraction:
    """P(m extra dice of the Rule of Six make exactly k hits), one die at a time: 1-4 ends
    the die, 5 is a hit, 6 a hit and one die more (a direct recursion, not the series)."""
    if k < 0:
        return Fraction(0)
    if m == 0:
        return Fraction(k == 0)
    return 4 * SIXTH * extra(m - 1, k) + SIXTH * extra(m - 1, k - 1) + SIXTH * extra(m, k - 1)


def brute(dice: int, edition: int, rule_of_six: bool, most: int) -> dict:
    """Every roll of the initial dice, read as the rules say: the glitch on the initial dice
    (more than half 1s; 4th edition half or more), the hits 0..most-1 (with the Rule of Six
    each 6's chain of extra dice added by the recursion above). The rolls are counted by
    what they show (1s, hits, 6s), then each kind is read once."""
    rolls = Counter(
        (faces.count(1), sum(f >= 5 for f in faces), faces.count(6))
        for faces in itertools.product(range(1, 7), repeat=dice)
    )
    glitch = critical = 0
    hits = [Fraction(0)] * most
    for (ones, own, sixes), times in rolls.items():
        if (2 * ones > dice) if edition == 5 else (2 * ones >= dice):
            glitch += times
            critical += times * (own == 0)
        sixes = sixes if rule_of_six else 0
        for k in range(own, most):
            hits[k] += times * extra(sixes, k - own)
    whole = 6**dice
    return {
        "p_glitch": Fraction(glitch, whole),
        "p_critical_glitch": Fraction(critical, whole),
        "hits": [h / whole for h in hits],
    }


def test_eight_dice_threshold_two_both_editions():
    five = shadowrun.roll(8, 2, exact=True)
    four = shadowrun.roll(8, 2, shadowrun.Rules(edition=4), exact=True)
    assert five.p_success == four.p_success == 1 - Fraction(2, 3) ** 8 - 8 * Fraction(2**7, 3**8)
    assert five.p_success == Fraction(5281, 6561)
    # 5th: five 1s or more of 8; 4th: four or more
    assert five.p_glitch == Fraction(sum(comb(8, k) * 5 ** (8 - k) for k in range(5, 9)), 6**8)
    assert (five.p_glitch, five.p_critical_glitch) == (
        Fraction(7741, 1679616),
        Fraction(1789, 1679616),
    )
    assert (four.p_glitch, four.p_critical_glitch) == (
        Fraction(51491, 1679616),
        Fraction(7459, 1679616),
    )
    shown = [round(float(p) * 100, 2) for p in (five.p_success, five.p_glitch, four.p_glitch)]
    assert shown == [80.49, 0.46, 3.07]
    assert five.mean_hits == Fraction(8, 3) and five.mean_net_hits == Fraction(2, 3)


@pytest.mark.parametrize("dice", range(1, 6))
@pytest.mark.parametrize("edition", [5, 4])
@pytest.mark.parametrize("rule_of_six", [False, True])
def test_exact_equals_every_roll_counted(dice, edition, rule_of_six):
    rules = shadowrun.Rules(edition=edition, rule_of_six=rule_of_six)
    want = None
    for threshold in (1, 2, 3, dice + 2):
        r = shadowrun.roll(dice, threshold, rules, exact=True)
        kept = len(r.hits) - 1 if rule_of_six else len(r.hits)  # the tail: the rest
        want = want or brute(dice, edition, rule_of_six, kept)
        assert r.p_success == 1 - sum(want["hits"][:threshold])
        assert (r.p_glitch, r.p_critical_glitch) == (want["p_glitch"], want["p_critical_glitch"])
        assert r.hits.fractions()[:kept] == want["hits"]
        if rule_of_six:
            assert r.hits_tail == dice + TAIL_AFTER == r.hits.max
            assert r.hits.pmf(r.hits_tail) == 1 - sum(want["hits"])
        else:
            assert r.hits_tail is None and r.hits.max == dice


def test_one_die_with_the_rule_of_six_is_the_closed_form():
    r = shadowrun.roll(1, rules=shadowrun.Rules(rule_of_six=True), exact=True)
    # G(z) = (4 + z) / (6 - z): P(0) = 4/6, P(k) = 10 / 6^(k+1)
    assert r.hits.fractions()[:-1] == [Fraction(2, 3)] + [
        Fraction(10, 6 ** (k + 1)) for k in range(1, TAIL_AFTER + 1)
    ]
    assert r.hits.pmf(1 + TAIL_AFTER) == Fraction(1, 3 * 6**TAIL_AFTER)  # P(hits >= 31)
    assert r.mean_hits == Fraction(2, 5)


def test_a_threshold_beyond_the_kept_hits_is_the_tail():
    rules = shadowrun.Rules(rule_of_six=True)
    r = shadowrun.roll(1, 50, rules, exact=True)
    assert r.hits_tail == 50 and r.p_success == Fraction(1, 3 * 6**49)  # 49 sixes, then 5+
    assert shadowrun.roll(1, 50, rules, trials=1000, rng=1).p_success.value == 0


def test_a_hundred_dice_exactly():
    r = shadowrun.roll(100, 30, exact=True)
    assert r.hits.fractions() == [
        Fraction(comb(100, k) * 2**k * 4 ** (100 - k), 6**100) for k in range(101)
    ]
    assert r.p_glitch == sum(
        Fraction(comb(100, k) * 5 ** (100 - k), 6**100) for k in range(51, 101)
    )
    assert r.p_critical_glitch == sum(
        Fraction(comb(100, k) * 3 ** (100 - k), 6**100) for k in range(51, 101)
    )
    six = shadowrun.roll(100, 30, shadowrun.Rules(edition=4, rule_of_six=True), exact=True)
    assert sum(six.hits.fractions()) == 1 and six.mean_hits == 40
    assert abs(six.hits.mean() - 40) < 1e-20  # the tail at 130 holds next to nothing
    assert six.p_success > r.p_success and six.p_glitch > r.p_glitch


def test_the_tail_is_negligible_for_every_pool():
    """With the Rule of Six the last outcome holds P(hits >= dice + 30): below 1e-19."""
    rules = shadowrun.Rules(rule_of_six=True)
    worst = max(
        shadowrun.roll(n, rules=rules, exact=True).hits.fractions()[-1] for n in range(1, 101)
    )
    assert worst < Fraction(1, 10**19)


@pytest.mark.parametrize("edition", [5, 4])
def test_the_command_line_example(capsys, edition):
    args = ["shadowrun", "roll", "--dice", "8", "--threshold", "2", "--exact", "--json"]
    assert main(args + (["--edition", "4"] if edition == 4 else [])) == 0
    got = json.loads(capsys.readouterr().out)
    want = {
        5: ("5281/6561", "7741/1679616", "1789/1679616"),
        4: ("5281/6561", "51491/1679616", "7459/1679616"),
    }[edition]
    keys = ("p_success", "p_glitch", "p_critical_glitch")
    assert [Fraction(got[k]) for k in keys] == [Fraction(w) for w in want]
    assert main(["shadowrun", "roll", "8", "--threshold", "2", "--rule-of-six"]) == 0
    out = capsys.readouterr().out
    assert "83.09%" in out and "critical glitch (no hit)" in out
    assert "21 rarer rows (each below 0.00001%) not shown (see --json)" in out


def test_a_small_sweep(capsys):
    assert main(["sweep", "shadowrun", "--dice", "1-6", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [Fraction(r["p_success"]) for r in rows] == [
        1 - Fraction(2, 3) ** n for n in range(1, 7)
    ]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"dice must be an integer in 1\.\.100, got 0"):
        shadowrun.roll(0)
    with pytest.raises(ValueError, match=r"threshold must be an integer in 1\.\.100, got 101"):
        shadowrun.roll(3, 101)
    with pytest.raises(TypeError, match="rules must be a shadowrun.Rules"):
        shadowrun.roll(3, 1, "fifth")
    with pytest.raises(ValueError, match="edition must be one of 5, 4, got 6"):
        shadowrun.Rules(edition=6)
