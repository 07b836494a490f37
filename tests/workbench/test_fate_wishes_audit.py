"""Fate wishes, audited: numbers worked by hand from the 81 faces of 4dF, and the
odd inputs that misbehaved (a difficulty listed twice counted twice, numpy integers
refused, a wish over 99.999% shown as '> 100%').

4dF totals -4..4 come up 1, 4, 10, 16, 19, 16, 10, 4, 1 times in 81.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np

from dicestats import workbench as wb
from dicestats.cli import main

F = Fraction


def test_numbers_worked_by_hand():
    r = wb.fate_wishes(
        [
            "Fair with 1 invoke success >= 0",  # at Great: the dice must show 3 or more
            "Good with 1 helper tie >= 0",  # at Great: the dice show 0 exactly
            "Mediocre with 1 invoke fail >= 0",  # at Great: a tie needs 4 on the dice
            "Fair style >= 0",  # at Great: 5 on the dice, impossible
        ],
        ["Great", "Fair"],
        exact=True,
    )
    got = {s.difficulty: s.probabilities for s in r.ranked}
    # at Great (+4): 3 or 4 shown (5/81); 1 or 2 shown take +2 (26/81); 0 or less reroll
    assert got[4][0] == F(5, 81) + F(26, 81) + F(50, 81) * F(5, 81) == F(2761, 6561)
    assert got[4][1] == F(19, 81)
    # a tie at +4 from +0 needs 4 (1/81); 2 or 3 shown take +2 (14/81); else reroll
    assert got[4][2] == 1 - (F(1, 81) + F(14, 81) + F(66, 81) * F(1, 81))
    assert got[4][3] == 0
    # at Fair (+2): Fair needs 1 (31/81), 0 or -1 take +2 (35/81), else reroll
    assert got[2][0] == F(31, 81) + F(35, 81) + F(15, 81) * F(31, 81)
    assert got[2][1] == F(10, 81)  # the dice show -2
    assert got[2][3] == F(5, 81)  # style: 3 or more
    f = wb.fate_wishes([str(w) for w in r.wishes], ["Great", "Fair"])
    for s in f.ranked:
        assert all(
            abs(float(e) - q) < 1e-12
            for e, q in zip(got[s.difficulty], s.probabilities, strict=True)
        )


def test_a_difficulty_listed_twice_is_one_setting(capsys):
    r = wb.fate_wishes(["Fair success >= 0.6"], [1, 1, "Average", 0, "Mediocre"], exact=True)
    assert [s.difficulty for s in r.ranked] == [0, 1]
    assert "(2 settings fit)" in str(r)
    assert main(["solve", "fate", "--wish", "Fair success >= 0.6", "--difficulties",
                 "Mediocre..Average,Average,0", "--json"]) == 0  # fmt: skip
    assert [s["difficulty"] for s in json.loads(capsys.readouterr().out)["ranked"]] == [0, 1]
    st = wb.wishes(["6 success >= 0.5"], [6, 6, 7])  # the Storyteller wishes share it
    assert [s.difficulty for s in st.ranked] == [6, 7] and "(2 settings fit)" in str(st)


def test_numpy_integers_are_integers():
    r = wb.fate_wishes(["Fair success >= 0.6"], np.arange(0, 3))
    assert [s.difficulty for s in r.ranked] == [0, 1, 2]
    assert all(type(s.difficulty) is int for s in r.ranked)
    w = wb.FateWish(np.int64(2), "success", ">=", F(3, 5))
    assert type(w.rating) is int and w.rating == 2
    assert wb.solve_fate_difficulty(np.int64(2), F(1, 2)) == wb.solve_fate_difficulty(2, F(1, 2))


def test_a_wish_near_certainty_is_not_shown_as_100_percent(capsys):
    w = wb.FateWish.parse("-2 fail > 0.99999")
    assert str(w) == "Terrible (-2) fail > 99.999%"
    assert str(wb.FateWish.parse("Fair success >= 1")) == "Fair (+2) success or better >= 100%"
    assert str(wb.FateWish.parse("Fair style <= 0.0000001")).endswith("<= 1e-05%")
    assert main(["solve", "fate", "--wish", "-2 fail > 0.99999", "--difficulties", "5"]) == 0
    assert "> 99.999%" in capsys.readouterr().out
