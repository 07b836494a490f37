"""Chronicles of Darkness: the published figures, the rules played out die by die, the
Storyteller engine's 10-again table, a hundred dice, the command line."""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction

import pytest

from dicestats import cod, storyteller
from dicestats.cli import main
from dicestats.cod.rolls import cap

TENTH = Fraction(1, 10)
AGAINS = ("10", "9", "8", "none")


@functools.cache
def rolling(pending: int, got: int, again: int, top: int) -> dict:
    """The successes, capped at ``top``, of ``got`` so far and ``pending`` plain dice still
    to roll, one die and its ten faces at a time (a face ``>= again`` adds a die). Every die
    rolled again is a success, so a branch reaching ``top`` stops: exact, the tail included."""
    if got >= top:
        return {top: Fraction(1)}
    if pending == 0:
        return {got: Fraction(1)}
    out: dict = {}
    for face in range(1, 11):
        more = rolling(pending - 1 + (face >= again), got + (face >= 8), again, top)
        for k, p in more.items():
            out[k] = out.get(k, 0) + p * TENTH
    return out


def brute(dice: int, rules: cod.Rules) -> tuple[dict, Fraction]:
    """Every first roll of the pool (and every rote reroll) enumerated face by face, the dice
    rolled again played out by :func:`rolling`: ``{successes: P}`` (``cap``: or more) and
    P(dramatic failure). The rolls are tallied by what they leave (successes, dice to roll
    again) in tenths to the power of the most dice rolled, then played out."""
    again, rolls = rules.threshold, 2 * (dice or 1)
    tally: dict = {}
    for first in itertools.product(range(1, 11), repeat=dice or 1):
        failed = [i for i, f in enumerate(first) if (f != 10 if dice == 0 else f <= 7)]
        if dice == 0 and rules.chance_rote == "one-stands":
            failed = [i for i in failed if first[i] != 1]
        if not rules.rote:
            failed = []
        for again_faces in itertools.product(range(1, 11), repeat=len(failed)):
            faces = list(first)
            for i, f in zip(failed, again_faces, strict=True):
                faces[i] = f
            if dice == 0:  # the chance die: only a 10, rolling again as a plain die
                hit = faces[0] == 10
                key = (int(hit), int(hit and again <= 10), faces[0] == 1)
            else:
                key = (sum(f >= 8 for f in faces), sum(f >= again for f in faces), False)
            tally[key] = tally.get(key, 0) + 10 ** (rolls - len(first) - len(failed))
    out, dramatic = {}, Fraction(0)
    for (hits, extra, one), count in tally.items():
        w = Fraction(count, 10**rolls)
        dramatic += w * one
        for k, p in rolling(extra, hits, again, cap(dice)).items():
            out[k] = out.get(k, 0) + w * p
    return {k: p for k, p in sorted(out.items()) if p}, dramatic


def test_the_generating_functions_of_the_rules_digest():
    """FAMILIES.md's per-die forms, and rote's R = (7/10)·G + (G − 7/10), against one die
    played out face by face (coefficients up to the cap, and the cap's tail)."""
    forms = {"10": ((7, 2), 1), "9": ((7, 1), 2), "8": ((7, 0), 3), "none": ((7, 3), 0)}
    for again, ((u, v), c) in forms.items():
        rules = cod.Rules(again=again)
        g = {k: p for k, p in cod.roll(1, rules, exact=True).successes.items()}
        assert g == rolling(1, 0, rules.threshold, cap(1))
        series = [Fraction(u, 10), *[Fraction(v * 10 + u * c, 10) * Fraction(c, 10) ** (k - 1)
                                     * Fraction(1, 10) for k in range(1, cap(1))]]  # fmt: skip
        assert [g.get(k, 0) for k in range(cap(1))] == series
        rote = cod.roll(1, cod.Rules(again=again, rote=True), exact=True).successes
        expected = {k: Fraction(17, 10) * p for k, p in g.items()}
        expected[0] -= Fraction(7, 10)
        assert dict(rote.items()) == {k: p for k, p in expected.items() if p}


@pytest.mark.parametrize("again", AGAINS)
@pytest.mark.parametrize(
    "dice, rote", [(1, False), (2, False), (3, False), (4, False), (1, True), (2, True)]
)
def test_exact_equals_every_roll_played_out(dice, rote, again):
    rules = cod.Rules(again=again, rote=rote)
    r = cod.roll(dice, rules, exact=True)
    dist, dramatic = brute(dice, rules)
    assert dict(r.successes.items()) == dist
    assert r.p_dramatic_failure == dramatic == 0
    assert r.p_success == 1 - dist[0] and r.p_failure == dist[0]
    assert r.p_exceptional == sum(p for k, p in dist.items() if k >= 5)


@pytest.mark.parametrize("again", AGAINS)
@pytest.mark.parametrize("rote, chance_rote", [(False, "reroll"), (True, "reroll"),
                                               (True, "one-stands")])  # fmt: skip
def test_the_chance_die_played_out(again, rote, chance_rote):
    rules = cod.Rules(again=again, rote=rote, chance_rote=chance_rote)
    r = cod.roll(0, rules, exact=True)
    dist, dramatic = brute(0, rules)
    assert dict(r.successes.items()) == dist and r.p_dramatic_failure == dramatic
    assert r.p_failure + r.p_dramatic_failure == dist[0]
    expected = {
        (False, "reroll"): (TENTH, TENTH),
        (True, "reroll"): (Fraction(19, 100), Fraction(9, 100)),
        (True, "one-stands"): (Fraction(18, 100), Fraction(18, 100)),
    }
    assert (r.p_success, r.p_dramatic_failure) == expected[rote, chance_rote]


def test_the_published_figures():
    """1 − 0.7ⁿ and 1 − 0.49ⁿ succeed; the exceptional odds as the tables print them."""
    five = cod.roll(5, exact=True)
    assert five.p_success == 1 - Fraction(7, 10) ** 5 == Fraction(83193, 100000)
    assert five.p_exceptional == Fraction(1013853, 50000000)
    assert [round(float(p) * 100, 2) for p in (five.p_success, five.p_exceptional)] == [
        83.19,
        2.03,
    ]
    rote = cod.roll(5, cod.Rules(again=8, rote=True), exact=True)
    assert rote.p_success == 1 - Fraction(49, 100) ** 5
    assert round(float(rote.p_exceptional) * 100, 2) == 29.82
    for again, mean in (("10", Fraction(1, 3)), ("9", Fraction(3, 8)), ("8", Fraction(3, 7))):
        assert cod.roll(3, cod.Rules(again=again), exact=True).mean_successes == 3 * mean


@pytest.mark.parametrize("dice", range(1, 9))
def test_10_again_is_the_storyteller_engine_at_8_without_the_rule_of_one(dice):
    st = storyteller.pool(dice, 8, storyteller.Rules(rule_of_one=False, ten_again=True), exact=True)
    r = cod.roll(dice, exact=True)
    assert (r.p_success, r.p_exceptional, r.mean_successes) == (st.p_success, st.p_ge_5,
                                                                st.mean_net)  # fmt: skip
    assert [r.successes.p_ge(k) for k in range(1, 6)] == [getattr(st, f"p_ge_{k}") for k in
                                                           range(1, 6)]  # fmt: skip


def test_a_hundred_dice_exactly():
    r = cod.roll(100, cod.Rules(again=8, rote=True), exact=True)
    assert r.successes.denominator and sum(r.successes.fractions()) == 1
    assert r.p_success == 1 - Fraction(49, 100) ** 100
    assert r.successes.max == r.cap == 210 and 0 < r.successes.pmf(210) < Fraction(1, 10**29)
    plain = cod.roll(100, cod.Rules(again="none"), exact=True)  # a binomial: nothing capped
    assert plain.successes.pmf(100) == Fraction(3, 10) ** 100 and plain.successes.max == 100
    assert abs(float(r.successes.mean()) - float(r.mean_successes)) < 1e-12


def test_the_command_line_example(capsys):
    argv = ["cod", "roll", "--dice", "5", "--again", "8", "--rote", "--exact", "--json"]
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)
    assert Fraction(got["p_success"]) == Fraction(9717524751, 10000000000)
    assert Fraction(got["p_exceptional"]) == Fraction(2981891614887, 10000000000000)
    assert main(["cod", "roll", "--dice", "0", "--again", "8", "--rote", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [Fraction(got[k]) for k in ("p_success", "p_exceptional", "p_dramatic_failure")] == [
        Fraction(19, 100),
        Fraction(1539, 1000000),
        Fraction(9, 100),
    ]
    assert main(["cod", "roll", "5", "--again", "none"]) == 0
    out = capsys.readouterr().out
    assert "5 dice (no again; exceptional at 5+)" in out and "83.19%" in out
    assert "dramatic" not in out and "5+" in out
    assert main(["cod", "roll", "0", "--chance-rote", "one-stands"]) == 2
    assert "--chance-rote cannot apply" in capsys.readouterr().err


def test_a_small_sweep(capsys):
    assert main(["sweep", "cod", "--dice", "0-3", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["dice"], Fraction(r["p_success"])) for r in rows] == [
        (0, Fraction(1, 10)),
        *((d, 1 - Fraction(7, 10) ** d) for d in range(1, 4)),
    ]


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match=r"dice must be an integer in 0\.\.100, got 101"):
        cod.roll(101)
    with pytest.raises(TypeError, match="rules must be a cod.Rules"):
        cod.roll(3, "8-again")
    with pytest.raises(ValueError, match="again must be one of '10', '9', '8', 'none', got 7"):
        cod.Rules(again=7)
    with pytest.raises(ValueError, match=r"exceptional must be an integer in 1\.\.10, got 0"):
        cod.Rules(exceptional=0)
    assert cod.Rules(again=8) == cod.Rules(again="8")
