"""Year Zero Engine: the rules' checks, brute force over every roll, the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb

import pytest

from dicestats import yearzero
from dicestats.cli import main

PUSH = yearzero.Rules(push=True)
UNLOCKED = yearzero.Rules(push=True, reroll_ones=True)

#: The faces the rules read: a 6, a 1, or another face (2..5: four of them).
FACES = ((6, 1), (1, 1), (0, 4))


def brute(base, skill, gear, need=1, rules=PUSH, faces=FACES) -> dict:
    """Every first roll and every push of it, counted: the roll's fields as the rules read
    them (``faces``: (face, how many faces read alike))."""
    kinds = "b" * base + "s" * skill + "g" * gear
    n, sides = len(kinds), sum(w for _, w in faces)
    counts = {"successes": {}, "base_damage": {}, "gear_damage": {}}
    first_ok = pushed = 0

    def add(field, k, w):
        counts[field][k] = counts[field].get(k, 0) + w

    for first in itertools.product(faces, repeat=n):
        w1 = 1
        for _, w in first:
            w1 *= w
        sixes = sum(f == 6 for f, _ in first)
        first_ok += w1 * sides**n * (sixes >= need)
        if sixes >= need or not rules.push:
            for field in ("base_damage", "gear_damage"):
                add(field, 0, w1 * sides**n)
            add("successes", sixes, w1 * sides**n)
            continue
        pushed += w1 * sides**n
        # every die is rolled again; one that stays (a 6, a locked 1) ignores its new face
        for again in itertools.product(faces, repeat=n):
            w, final = w1, []
            for (f, _), (a, wa), k in zip(first, again, kinds, strict=True):
                stays = f == 6 or (f == 1 and k != "s" and not rules.reroll_ones)
                final.append(f if stays else a)
                w *= wa
            ones = [k for f, k in zip(final, kinds, strict=True) if f == 1]
            add("successes", final.count(6), w)
            add("base_damage", ones.count("b"), w)
            add("gear_damage", ones.count("g"), w)
    total = sides ** (2 * n)
    out = {f: {k: Fraction(v, total) for k, v in sorted(c.items())} for f, c in counts.items()}
    out["p_success_first"] = Fraction(first_ok, total)
    out["p_pushed"] = Fraction(pushed, total)
    out["p_success"] = sum(p for k, p in out["successes"].items() if k >= need)
    out["p_base_bane"] = 1 - out["base_damage"][0]
    out["p_gear_bane"] = 1 - out["gear_damage"][0]
    return out


def fields(r) -> dict:
    names = ("p_success_first", "p_success", "p_pushed", "p_base_bane", "p_gear_bane")
    out = {k: getattr(r, k) for k in names}
    for f in ("successes", "base_damage", "gear_damage"):
        out[f] = {int(k): p for k, p in getattr(r, f).items()}
    return out


def test_the_rules_checks_one_die_pushed():
    skill = yearzero.roll(0, 1, rules=PUSH, exact=True)
    base = yearzero.roll(1, rules=PUSH, exact=True)
    assert skill.p_success == Fraction(11, 36) and round(float(skill.p_success) * 100, 2) == 30.56
    assert base.p_success == Fraction(10, 36)
    assert skill.p_success_first == base.p_success_first == Fraction(1, 6)
    # the base die's 1 stays and hurts: a first 1 (6/36), or a rerolled 1 (4/36)
    assert base.p_base_bane == Fraction(10, 36) and skill.p_base_bane == 0
    # every 1 rerolled: the base die is a skill die but for its damage (5/36: a rerolled 1)
    free = yearzero.roll(1, rules=UNLOCKED, exact=True)
    assert free.p_success == Fraction(11, 36) and free.p_base_bane == Fraction(5, 36)


@pytest.mark.parametrize(
    "pool",
    [(1, 1, 1, 1), (2, 1, 2, 1), (1, 2, 1, 2), (2, 0, 2, 3), (0, 3, 1, 1), (3, 2, 0, 2)],
)
@pytest.mark.parametrize("rules", [PUSH, UNLOCKED, yearzero.Rules()], ids=["push", "free", "no"])
def test_exact_equals_every_roll_counted(pool, rules):
    assert fields(yearzero.roll(*pool, rules=rules, exact=True)) == brute(*pool, rules=rules)


def test_grouping_faces_counts_as_every_face_would():
    """The brute force above reads faces 2..5 alike: every face of three dice, pushed."""
    every = tuple((f if f in (1, 6) else 0, 1) for f in range(1, 7))
    assert brute(1, 1, 1, 1, PUSH, every) == brute(1, 1, 1, 1, PUSH)


def test_damage_only_on_pushed_rolls():
    r = yearzero.roll(3, 2, 1, exact=True)
    assert r.p_success == r.p_success_first and r.p_pushed == 0
    assert r.p_base_bane == r.p_gear_bane == 0 and r.base_damage.fractions() == [1]
    pushed = yearzero.roll(3, 2, 1, rules=PUSH, exact=True)
    assert pushed.p_pushed == 1 - pushed.p_success_first == Fraction(5, 6) ** 6
    # a base or gear die that is no 6 ends on a 1 with chance 1/5 + 4/5 · 1/6 = 1/3
    assert pushed.p_gear_bane == Fraction(5, 6) ** 6 / 3
    assert pushed.p_base_bane == Fraction(5, 6) ** 6 * (1 - Fraction(2, 3) ** 3)


def test_a_hundred_dice_exactly():
    r = yearzero.roll(40, 30, 30, need=5, rules=PUSH, exact=True)
    assert sum(r.successes.fractions()) == 1 and sum(r.base_damage.fractions()) == 1
    assert r.p_success_first == 1 - sum(
        Fraction(5, 6) ** (100 - k) * Fraction(1, 6) ** k * comb(100, k) for k in range(5)
    )
    skill = yearzero.roll(0, 100, rules=PUSH, exact=True)  # every die rerolled when short
    assert skill.p_success == 1 - Fraction(25, 36) ** 100
    base = yearzero.roll(100, rules=PUSH, exact=True)  # no 6: a die is a 1, or 4 faces rerolled
    assert base.p_success == 1 - Fraction(26, 36) ** 100
    assert base.p_base_bane == Fraction(5, 6) ** 100 - Fraction(20, 36) ** 100


def test_the_command_line_example(capsys):
    args = ["yearzero", "roll", "--base", "3", "--skill", "2", "--gear", "1", "--exact"]
    assert main([*args, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    first = 1 - Fraction(5, 6) ** 6
    assert Fraction(got["p_success"]) == first == Fraction(31031, 46656)
    assert main([*args, "--push", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert Fraction(got["p_success"]) == Fraction(118198271, 136048896)
    assert Fraction(got["p_success_first"]) == first
    assert Fraction(got["p_base_bane"]) == Fraction(296875, 1259712)
    assert Fraction(got["p_gear_bane"]) == Fraction(15625, 139968)
    assert main([*args, "--push"]) == 0
    out = capsys.readouterr().out
    assert "86.88%" in out and "attribute damage (any)     23.57%" in out


def test_a_sweep_grows_the_skill_dice(capsys):
    assert main(["sweep", "yearzero", "--base", "2", "--skill", "0-3", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["skill"] for r in rows] == [0, 1, 2, 3]
    assert [Fraction(r["p_success"]) for r in rows] == [
        1 - Fraction(5, 6) ** k for k in (2, 3, 4, 5)
    ]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"skill must be an integer in 0\.\.100, got 101"):
        yearzero.roll(1, 101)
    with pytest.raises(ValueError, match=r"base \+ skill \+ gear must be at least 1"):
        yearzero.roll(0)
    with pytest.raises(ValueError, match=r"need must be an integer in 1\.\.30, got 0"):
        yearzero.roll(2, need=0)
    with pytest.raises(TypeError, match="rules must be a yearzero.Rules"):
        yearzero.roll(3, rules="pushed")
    with pytest.raises(TypeError, match="push must be True or False"):
        yearzero.Rules(push="yes")
