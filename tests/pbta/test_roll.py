"""Powered by the Apocalypse: the published check, every roll of 2d6 and 3d6 counted, the
command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from dicestats import pbta
from dicestats.cli import main


def brute(stat: int, dice: str = "2d6", weak: int = 7, strong: int = 10) -> dict:
    """Every roll of the dice, one by one: the total of the two kept plus the stat, read."""
    rolls = list(itertools.product(range(1, 7), repeat=2 if dice == "2d6" else 3))
    totals: dict = {}
    for faces in rolls:
        kept = sorted(faces)[1:] if dice == "advantage" else sorted(faces)[:2]
        t = sum(kept) + stat
        totals[t] = totals.get(t, 0) + 1
    n = len(rolls)
    total = {t: Fraction(c, n) for t, c in sorted(totals.items())}
    hit = sum(p for t, p in total.items() if t >= weak)
    strong_hit = sum(p for t, p in total.items() if t >= strong)
    return {
        "p_miss": 1 - hit,
        "p_weak": hit - strong_hit,
        "p_strong": strong_hit,
        "p_hit": hit,
        "total": total,
    }


def test_the_published_check_at_plus_2():
    r = pbta.roll(2, exact=True)
    assert (r.p_miss, r.p_weak, r.p_strong) == (Fraction(1, 6), Fraction(5, 12), Fraction(5, 12))
    assert r.p_hit == Fraction(5, 6)


@pytest.mark.parametrize("dice", ["2d6", "advantage", "disadvantage"])
@pytest.mark.parametrize("stat", [-10, -3, -1, 0, 1, 2, 3, 10])
def test_exact_equals_every_roll_counted(dice, stat):
    rules = pbta.Rules(advantage=dice == "advantage", disadvantage=dice == "disadvantage")
    r = pbta.roll(stat, rules, exact=True)
    want = brute(stat, dice)
    assert {k: getattr(r, k) for k in want if k != "total"} == {
        k: v for k, v in want.items() if k != "total"
    }
    assert dict(r.total.items()) == want["total"]


@pytest.mark.parametrize("weak, strong", [(6, 9), (8, 11), (7, 12), (2, 13), (12, 13)])
def test_the_bands_moved(weak, strong):
    rules = pbta.Rules(advantage=True, weak_hit=weak, strong_hit=strong)
    r = pbta.roll(1, rules, exact=True)
    want = brute(1, "advantage", weak, strong)
    assert (r.p_miss, r.p_weak, r.p_strong) == (want["p_miss"], want["p_weak"], want["p_strong"])


def test_advantage_and_disadvantage_mirror_each_other():
    adv = pbta.roll(0, pbta.Rules(advantage=True), exact=True).total
    dis = pbta.roll(0, pbta.Rules(disadvantage=True), exact=True).total
    assert all(adv.pmf(t) == dis.pmf(14 - t) for t in range(2, 13))
    assert adv.pmf(12) == Fraction(16, 216) and dis.pmf(2) == Fraction(16, 216)


def test_the_command_line_examples(capsys):
    want = {
        (): (Fraction(1, 6), Fraction(5, 12), Fraction(5, 12)),
        ("--advantage",): (Fraction(11, 216), Fraction(29, 108), Fraction(49, 72)),
        ("--disadvantage",): (Fraction(77, 216), Fraction(97, 216), Fraction(7, 36)),
    }
    for flags, odds in want.items():
        assert main(["pbta", "roll", "--stat", "2", *flags, "--exact", "--json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert tuple(Fraction(got[k]) for k in ("p_miss", "p_weak", "p_strong")) == odds
    assert main(["pbta", "roll", "2"]) == 0
    out = capsys.readouterr().out
    assert "2d6; miss 6-, weak hit 7-9, strong hit 10+" in out and "83.33%" in out
    assert main(["pbta", "roll", "2", "--advantage", "--disadvantage"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "disadvantage must be False with advantage=True" in err


def test_a_small_sweep(capsys):
    assert main(["sweep", "pbta", "--stat", "-2-3", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["stat"] for r in rows] == [-2, -1, 0, 1, 2, 3]
    assert [Fraction(r["p_hit"]) for r in rows] == [brute(s)["p_hit"] for s in range(-2, 4)]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"stat must be an integer in -10\.\.10, got 11"):
        pbta.roll(11)
    with pytest.raises(TypeError, match="rules must be a pbta.Rules"):
        pbta.roll(1, "advantage")
    with pytest.raises(ValueError, match="disadvantage must be False with advantage=True"):
        pbta.Rules(advantage=True, disadvantage=True)
    with pytest.raises(ValueError, match=r"strong_hit must be above weak_hit \(9\), got 9"):
        pbta.Rules(weak_hit=9, strong_hit=9)
    with pytest.raises(ValueError, match=r"weak_hit must be an integer in 2\.\.12, got 1"):
        pbta.Rules(weak_hit=1)
