"""Preparation pips (:mod:`dicestats.initiative.pips`) against the oracles."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from dicestats import initiative as ini
from dicestats.initiative.pips import add_pips

from .oracle import ref_pips, text_pips

RULE = {"highest": "split", "single": "one-die"}


@pytest.mark.parametrize("policy", ["highest", "single"])
def test_pips_match_reference_on_all_small_rolls(policy):
    for s in (1, 2, 3):
        rolls = list(itertools.product(range(1, 7), repeat=s))
        for pips in (0, 1, 2, 3, 5, 9):
            vec = add_pips(np.array(rolls), pips, policy)
            for roll, row in zip(rolls, vec.tolist(), strict=True):
                plain = ini.apply_pips(list(roll), pips, RULE[policy])
                assert plain == row
                assert sorted(plain) == sorted(ref_pips(roll, pips, policy)), (roll, pips)
                assert plain == text_pips(list(roll), pips, policy), (roll, pips)
                assert max(plain) <= 6 and sum(plain) <= sum(roll) + pips


def test_highest_first_is_filling_the_dice_closest_to_six():
    # "raise the highest die below 6 first" and "fill the dice closest to 6" are two
    # names of one policy: they spend pips identically (the highest die below 6 is
    # the one closest to 6). Check by filling in order of distance to 6 directly.
    for roll in itertools.product(range(1, 7), repeat=3):
        for pips in range(0, 10):
            d, left = list(roll), pips
            for i in sorted(range(3), key=lambda i: 6 - d[i]):
                add = min(left, 6 - d[i])
                d[i] += add
                left -= add
            assert sorted(ini.apply_pips(list(roll), pips, "split")) == sorted(d)


def test_worked_examples():
    # the default (one-die): all on one die, the lowest die three pips bring to 6, the 3
    assert ini.apply_pips([5, 3, 2], 3) == [5, 6, 2]
    # none reaches 6: the highest die below 6 takes them all
    assert ini.apply_pips([2, 1], 2) == [4, 1]
    # split: three pips on 5, 3, 2: the 5 becomes a 6, the last two pips go to the 3
    assert ini.apply_pips([5, 3, 2], 3, "split") == [6, 5, 2]
    assert ini.apply_pips([5, 3, 2], 3, "side-pool") == [6, 5, 2]
    assert ini.apply_pips([], 5) == [] and ini.apply_pips([6, 6], 4) == [6, 6]


def test_an_unknown_pip_rule_is_refused():
    with pytest.raises(ValueError, match="pip_rule must be one of"):
        ini.apply_pips([3], 1, "lowest")


@settings(max_examples=60, deadline=None)
@given(
    dice=hs.lists(hs.integers(1, 6), min_size=0, max_size=6),
    pips=hs.integers(0, 40),
    policy=hs.sampled_from(["split", "one-die"]),
)
def test_pip_properties(dice, pips, policy):
    out = ini.apply_pips(dice, pips, policy)
    assert len(out) == len(dice) and all(1 <= v <= 6 for v in out)
    assert all(a >= b for a, b in zip(out, dice, strict=True))
    spent = sum(out) - sum(dice)
    assert spent <= pips
    if policy == "split":  # nothing is lost while some die is below 6
        assert spent == min(pips, sum(6 - v for v in dice))
    else:
        assert sum(a != b for a, b in zip(out, dice, strict=True)) <= 1
