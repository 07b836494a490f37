"""The conflict turn order: approach ratings, tiebreaks and the NPC shortcut."""

from __future__ import annotations

import pytest

from dicestats import fate

PEOPLE = {
    "Ann": {"Quick": 2, "Careful": 1, "Clever": 3},
    "Ben": {"quick": 2, "careful": 2, "clever": 1},
    "Orc": {"quick": 3, "careful": 0, "clever": 0},
    "Imp": {"quick": 1, "careful": 3, "clever": 0},
}


def test_turn_order_ties_and_npcs():
    people = PEOPLE
    assert fate.turn_order(people) == ["Orc", "Ann", "Ben", "Imp"]
    assert fate.turn_order(people, "mental") == ["Imp", "Ben", "Ann", "Orc"]
    # Ann and Ben tie on Quick: other approaches high to low: Ann (3, 1) > Ben (2, 1)
    assert fate.turn_order(people, tiebreak="approaches")[1:3] == ["Ann", "Ben"]
    assert fate.turn_order(people, tiebreak=lambda n: n == "Ben")[1:3] == ["Ben", "Ann"]
    r1 = fate.turn_order(people, tiebreak="random", rng=7)
    assert r1 == fate.turn_order(people, tiebreak="random", rng=7)
    assert r1[0] == "Orc" and r1[3] == "Imp"
    # NPCs act together at the best NPC's place.
    assert fate.turn_order(people, npcs=["Orc", "Imp"]) == ["Orc", "Imp", "Ann", "Ben"]
    assert fate.turn_order({"a": 1, "b": 2}) == ["b", "a"]
    with pytest.raises(ValueError, match="conflict"):
        fate.turn_order(people, "social")
    with pytest.raises(ValueError, match="quick"):
        fate.turn_order({"x": {"careful": 1}})


def test_tiebreak_and_approaches_are_rules():
    by_name = fate.Rules(tiebreak="name")
    assert fate.turn_order({"b": 1, "a": 1}, rules=by_name) == ["a", "b"]
    assert fate.turn_order({"b": 1, "a": 1}) == ["b", "a"]
    social = fate.Rules(conflict_approaches=(("physical", "quick"), ("social", "flashy")))
    assert fate.turn_order({"x": {"flashy": 1}, "y": {"flashy": 2}}, "social", rules=social) == [
        "y",
        "x",
    ]


def test_turn_order_bad_input():
    with pytest.raises(TypeError, match="participants"):
        fate.turn_order([("a", 1)])
    with pytest.raises(ValueError, match="npcs"):
        fate.turn_order({"a": 1}, npcs=["zed"])
    with pytest.raises(ValueError, match="tiebreak"):
        fate.turn_order({"a": 1}, tiebreak="dice")


def test_an_approach_outside_faes_six_is_refused():
    # a seventh approach broke ties silently: 'bogus 5' put Ada before Bob's careful 3
    people = {"Ada": {"quick": 2, "bogus": 5}, "Bob": {"quick": 2, "careful": 3}}
    with pytest.raises(ValueError, match="Ada's approach must be one of careful, .*'bogus'"):
        fate.turn_order(people, tiebreak="approaches")
    people["Ada"] = {"quick": 2, "Sneaky": 5}  # any case, as before
    assert fate.turn_order(people, tiebreak="approaches") == ["Ada", "Bob"]
    # conflicts rated by skills (a house rule): any names
    skills = fate.Rules(conflict_approaches=(("physical", "athletics"),))
    people = {"A": {"athletics": 2, "notice": 1}, "B": {"athletics": 2, "will": 3}}
    assert fate.turn_order(people, rules=skills, tiebreak="approaches") == ["B", "A"]
