"""Several Fate wishes at once against an exhaustive filter of every 4dF face.

The oracle (``tests/workbench/oracle.py``) lists the 81 faces of 4dF (and the
optimal invokes by expectimax over every reroll); nothing here reads the code's
forward functions.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from dicestats import InputError, fate
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
