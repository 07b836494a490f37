"""Several Fate wishes at once against an exhaustive filter of every 4dF face.

The oracle (``tests/workbench/oracle.py``) lists the 81 faces of 4dF (and the
optimal invokes by expectimax over every reroll); nothing here reads the code's
forward functions.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from dicestats import InputError, fate
from dicestats import workbench as wb
from dicestats.cli import main
from dicestats.workbench import FateWish, fate_wishes

from . import oracle

LADDER = range(-2, 9)
F = Fraction


def ok(q, op, p):
    return {">=": q >= p, ">": q > p, "<=": q <= p, "<": q < p}[op]


def slack(q, op, p):
    return q - p if op in (">=", ">") else p - q


def brute(spec, difficulties=LADDER, style=3, dice=4):
    """``[(difficulty, min slack, satisfied)]`` of every difficulty, by brute force."""
    out = []
    for d in difficulties:
        qs = [oracle.fate_event(ev, r, d, helpers=h, invokes=k, style=style, dice=dice)
              for r, ev, _, _, k, h in spec]  # fmt: skip
        sl = min(slack(q, op, p) for q, (_, _, op, p, _, _) in zip(qs, spec, strict=True))
        sat = all(ok(q, op, p) for q, (_, _, op, p, _, _) in zip(qs, spec, strict=True))
        out.append((d, sl, sat, qs))
    return out


def text(spec):
    mods = {(0, 0): "", (1, 0): " with 1 invoke", (0, 1): " with 1 helper"}
    words = {"tie_or_better": "tie or better", "success": "success"}
    return [f"{r:+d}{mods.get((k, h), f' with {k} invokes, {h} helpers')} "
            f"{words.get(ev, ev)} {op} {p}" for r, ev, op, p, k, h in spec]  # fmt: skip


SPECS = [
    # the designer: Fair succeeds >= 60%, Mediocre fails >= 50%, Good styles >= 20%
    [(2, "success", ">=", F(3, 5), 0, 0), (0, "fail", ">=", F(1, 2), 0, 0),
     (3, "style", ">=", F(1, 5), 0, 0)],
    [(2, "success", ">=", F(3, 5), 0, 0), (0, "fail", "<=", F(1, 2), 0, 0)],
    [(1, "tie", "<", F(1, 4), 0, 0), (1, "tie_or_better", ">", F(1, 2), 0, 0)],
    [(0, "success", ">=", F(1, 2), 1, 0), (2, "fail", "<=", F(1, 5), 0, 0)],
    [(0, "style", ">=", F(1, 3), 2, 1), (3, "success", "<", F(99, 100), 0, 0)],
    [(2, "success", ">=", F(9, 10), 0, 0), (2, "style", "<=", F(1, 20), 0, 0)],  # no fit
    [(-1, "fail", "<", F(1, 10), 1, 2), (4, "style", "<=", F(1, 2), 0, 0)],
]  # fmt: skip


@pytest.mark.parametrize("spec", SPECS)
def test_every_fit_against_the_exhaustive_filter(spec):
    r = fate_wishes(text(spec), exact=True)
    want = brute(spec)
    for s in r.ranked:  # every setting's probabilities are the oracle's
        assert list(s.probabilities) == next(qs for d, _, _, qs in want if d == s.difficulty)
    fits = sorted(((d, sl) for d, sl, sat, _ in want if sat), key=lambda t: (-t[1], t[0]))
    assert sorted(((s.difficulty, s.slack) for s in r.fits), key=lambda t: (-t[1], t[0])) == fits
    assert [s.slack for s in r.ranked] == sorted((s.slack for s in r.ranked), reverse=True)
    assert all(s.satisfied == (not s.broken) for s in r.ranked)
    if fits:
        assert r.nearest_miss is None and "satisfies all" in str(r)
    else:
        best = max(sl for _, sl, _, _ in want)
        assert r.nearest_miss.slack == best and r.nearest_miss.broken
        assert "nearest miss" in str(r)
        for i in r.nearest_miss.broken:
            assert f"'{r.wishes[i]}' fails" in str(r)


def test_the_designers_difficulty_is_average():
    r = fate_wishes(["Fair success >= 60%", "Mediocre fail >= 0.5", "Good style >= 0.2"])
    assert [s.difficulty for s in r.fits] == [1]
    assert "difficulty Average (+1) (Fate Accelerated: 4dF, style at 3 shifts)" in str(r)


def test_rules_change_the_odds():
    # 3dF and style at 2 shifts, against the same brute force
    spec = [(2, "success", ">=", F(3, 5), 0, 0), (3, "style", ">=", F(1, 5), 1, 0)]
    sets = {"3dF": fate.Rules(dice=3), "style2": fate.Rules(style_shifts=2)}
    r = fate_wishes(text(spec), rules=sets, exact=True)
    for s in r.ranked:
        style, dice = (3, 3) if s.rules_name == "3dF" else (2, 4)
        (row,) = [x for x in brute(spec, [s.difficulty], style, dice)]
        assert list(s.probabilities) == row[3] and s.slack == row[1]
    assert {s.rules_name for s in r.ranked} == {"3dF", "style2"} and len(r.ranked) == 22


def test_float_and_exact_agree():
    ws = text(SPECS[4]) + text(SPECS[0])
    ex, fl = fate_wishes(ws, exact=True), fate_wishes(ws)
    assert [s.difficulty for s in ex.ranked] == [s.difficulty for s in fl.ranked]
    for a, b in zip(ex.ranked, fl.ranked, strict=True):
        assert float(a.slack) == pytest.approx(b.slack, abs=1e-12)
        for x, y in zip(a.probabilities, b.probabilities, strict=True):
            assert float(x) == pytest.approx(y, abs=1e-12)


def test_difficulties_take_ladder_names():
    r = fate_wishes(["+2 success >= 0.6"], ["Mediocre", "Fair (+2)", 4], exact=True)
    assert [s.difficulty for s in r.ranked] == [0, 2, 4]
    assert fate_wishes(["+2 success >= 0.6"], "Good").ranked[0].difficulty == 3


def test_json_round_trip():
    r = fate_wishes(text(SPECS[3]), [-1, 0, 1, 2], exact=True)
    d = json.loads(r.to_json())
    assert set(d) == {"wishes", "ranked", "fits", "nearest_miss", "exact", "trials"}
    # the wishes and every setting read back from the JSON, exact values as "p/q"
    back = [FateWish(**{**w, "p": F(w["p"])}) for w in d["wishes"]]
    assert tuple(back) == r.wishes
    for got, s in zip(d["ranked"], r.ranked, strict=True):
        assert got["difficulty"] == s.difficulty and got["rules_name"] == s.rules_name
        assert [F(q) for q in got["probabilities"]] == list(s.probabilities)
        assert F(got["slack"]) == s.slack and tuple(got["broken"]) == s.broken


@pytest.mark.parametrize(
    ("wish", "want"),
    [
        ("+2 success >= 0.6", FateWish(2, "success", ">=", F(3, 5))),
        ("Fair style >= 0.2", FateWish(2, "style", ">=", F(1, 5))),
        ("0 fail <= 0.5", FateWish(0, "fail", "<=", F(1, 2))),
        ("Fair (+2) succeeds ≥ 60%", FateWish(2, "success", ">=", F(3, 5))),
        ("\u22121 tie < 1/4", FateWish(-1, "tie", "<", F(1, 4))),
        ("good with 1 invoke and 2 helpers: success >= .9",
         FateWish(3, "success", ">=", F(9, 10), invokes=1, helpers=2)),
        ("Superb, 3 invokes success-or-better > 0.5",
         FateWish(5, "success", ">", F(1, 2), invokes=3)),
        ("MEDIOCRE tie or better > 50%", FateWish(0, "tie_or_better", ">", F(1, 2))),
        ("Poor success with style <= 1/100", FateWish(-1, "style", "<=", F(1, 100))),
    ],
)  # fmt: skip
def test_parsing(wish, want):
    assert FateWish.parse(wish) == want
    assert FateWish.parse(str(want)).what == want.what  # the text form reads back


BAD = [
    "", "Fair success", "Heroic success >= 0.5", "Fair (+3) success >= 0.5",
    "Fair win >= 0.5", "Fair success >= 1.5", "Fair success => 0.5", "Fair success >= 1/0",
    "Fair with 1 invoke tie >= 0.1", "Fair 21 invokes success >= 0.5",
    "Fair 1 invoke 2 invokes success >= 0.5", "20000 success >= 0.5", "Fair +2 success >= .5",
    "6 success >= 2/3 and more", "x" * 300,
]  # fmt: skip


@pytest.mark.parametrize("bad", BAD)
def test_malformed_wishes_are_refused_in_one_line_naming_the_wish(bad):
    with pytest.raises(InputError) as info:
        fate_wishes([bad])
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("wishes must be") and "got '" in msg


@pytest.mark.parametrize("bad", [5, None, b"Fair success >= 0.5"])
def test_wishes_of_the_wrong_type(bad):
    with pytest.raises(InputError):
        fate_wishes([bad])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"wishes": "Fair success >= 0.5"},
        {"wishes": []},
        {"wishes": ["Fair success >= 0.5"] * 51},
        {"difficulties": []},
        {"difficulties": ["Heroic"]},
        {"difficulties": [20_000]},
        {"difficulties": range(1001)},
        {"difficulties": itertools.count()},  # refused at the 1,001st, not after forever
        {"difficulties": 2.5},
        {"rules": {}},
        {"rules": "fae"},
        {"exact": "yes"},
    ],
)
def test_bad_arguments(kwargs):
    args = {"wishes": ["Fair success >= 0.5"], **kwargs}
    with pytest.raises(InputError) as info:
        fate_wishes(**args)
    assert "\n" not in str(info.value)


def test_invoke_work_is_capped():
    with pytest.raises(InputError, match="invokes"):
        fate_wishes(["0 with 20 invokes success >= 0.5"], rules=fate.Rules(dice=40), exact=True)
    with pytest.raises(InputError, match="dice"):
        fate_wishes(["0 with 1 invoke success >= 0.5"], rules=fate.Rules(dice=60))
    # without invokes, any dice count is a closed form
    assert fate_wishes(["0 success >= 0.5"], rules=fate.Rules(dice=200)).ranked


def test_the_wish_class_checks_its_fields():
    for bad in ({"event": "win"}, {"op": "=>"}, {"p": 2}, {"invokes": 21}, {"helpers": -1},
                {"rating": "Heroic"}, {"event": "tie", "invokes": 1}):  # fmt: skip
        with pytest.raises(InputError):
            FateWish(**{"rating": 2, "event": "success", "op": ">=", "p": 0.5, **bad})


# ------------------------------------------------ worked by hand, and odd inputs
# 4dF totals -4..4 come up 1, 4, 10, 16, 19, 16, 10, 4, 1 times in 81. The odd inputs once
# misbehaved: a difficulty listed twice counted twice, numpy integers were refused, a wish
# over 99.999% was shown as '> 100%'.
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
