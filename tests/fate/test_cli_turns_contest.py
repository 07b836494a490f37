"""``dicestats turn-order`` and the contest's ``--max-exchanges`` rows."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction

import pytest

from dicestats.cli import main

from .oracle import brute_exchanges_pmf

PEOPLE = ["Ann=quick:2,careful:1,clever:3", "Ben=quick:Fair,careful:2,clever:1",
          "Orc=quick:3,careful:0,clever:0", "Imp=quick:1,careful:Good,clever:0"]  # fmt: skip


def run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert rc == 0, err
    return out


def order_by_hand(ratings: dict) -> list:
    """Highest first; ties keep the given order (written from the rules, not the code)."""
    return [n for _, _, n in sorted((-r, i, n) for i, (n, r) in enumerate(ratings.items()))]


@pytest.mark.parametrize("conflict,approach", [("physical", "quick"), ("mental", "careful")])
def test_turn_order_json_matches_the_rule(capsys, conflict, approach):
    d = json.loads(run(capsys, "turn-order", *PEOPLE, "--conflict", conflict, "--json"))
    table = {
        "Ann": {"quick": 2, "careful": 1}, "Ben": {"quick": 2, "careful": 2},
        "Orc": {"quick": 3, "careful": 0}, "Imp": {"quick": 1, "careful": 3},
    }  # fmt: skip
    ratings = {n: table[n][approach] for n in table}
    assert d["order"] == order_by_hand(ratings)
    assert d["approach"] == approach and d["ratings"] == ratings


def test_turn_order_every_permutation_of_plain_ratings(capsys):
    people = {"a": 1, "b": 3, "c": 3, "d": -1}
    for perm in itertools.permutations(people):
        argv = [f"{n}={people[n]}" for n in perm]
        d = json.loads(run(capsys, "turn-order", *argv, "--json"))
        assert d["order"] == order_by_hand({n: people[n] for n in perm})


def test_turn_order_tiebreaks_npcs_and_text(capsys):
    d = json.loads(run(capsys, "turn-order", *PEOPLE, "--tiebreak", "approaches", "--json"))
    assert d["order"][1:3] == ["Ann", "Ben"]  # Ann's others (3, 1) beat Ben's (2, 1)
    d = json.loads(run(capsys, "turn-order", *PEOPLE, "--npcs", "Orc,Imp", "--json"))
    assert d["order"] == ["Orc", "Imp", "Ann", "Ben"]
    seeded = [
        json.loads(run(capsys, "turn-order", "x=1", "y=1", "z=1", "--tiebreak", "random",
                       "--seed", "5", "--json"))["order"]
        for _ in range(2)
    ]  # fmt: skip
    assert seeded[0] == seeded[1] and sorted(seeded[0]) == ["x", "y", "z"]
    out = run(capsys, "turn-order", *PEOPLE)
    assert "physical conflict: Quick, highest first" in out and "Good (+3)" in out


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["Ann"], "NAME=RATING"),
        (["Ann=Heroic"], "ladder name"),
        (["Ann=quick"], "ladder name"),
        (["Ann=quick:2,quick:3"], "twice"),
        (["Ann=2", "Ann=3"], "distinct"),
        (["Ann=2", "--seed", "4"], "--tiebreak random"),
        (["Ann=2", "--npcs", "Zed"], "npcs"),
        (["Ann=quick:2", "--conflict", "mental"], "careful"),
        (["Ann=2", "--exact"], "unrecognized"),
    ],
)
def test_turn_order_refusals_are_one_line(capsys, argv, needle):
    assert main(["turn-order", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and needle in err


@pytest.mark.parametrize("n", [3, 9, 14, 20])
def test_max_exchanges_lists_every_row_up_to_n(capsys, n):
    out = run(capsys, "contest", "--bonus", "0", "--vs", "0", "--max-exchanges", str(n), "--exact")
    ref, more = brute_exchanges_pmf([0, 0], n)
    rows = dict(re.findall(r"^(\d+)\s+(?:[<>] )?\S+\s+(\d+/\d+)$", out, re.M))
    assert {int(k): Fraction(v) for k, v in rows.items()} == {k: v for k, v in ref.items() if v}
    tail = re.search(rf"^more than {n}\s+(?:[<>] )?\S+\s+(\d+/\d+)$", out, re.M)
    assert Fraction(tail.group(1)) == more == 1 - sum(ref.values())


def test_max_exchanges_default_stops_at_99_9_percent(capsys):
    out = run(capsys, "contest", "--bonus", "0", "--vs", "0")
    assert "more than 10" in out and "\n11 " not in out
