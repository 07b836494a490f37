"""Ladder names wherever the Fate command line takes a difficulty, opposition or rating."""

from __future__ import annotations

import json

import pytest

from dicestats import fate
from dicestats.cli import main

from .oracle import brute_outcome

#: The usual Fate ladder, written out here (not read from the code).
NAMES = {
    "Legendary": 8, "Epic": 7, "Fantastic": 6, "Superb": 5, "Great": 4, "Good": 3,
    "Fair": 2, "Average": 1, "Mediocre": 0, "Poor": -1, "Terrible": -2,
}  # fmt: skip


def run_json(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert rc == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name,value", sorted(NAMES.items()))
def test_parse_rating_every_name_any_case(name, value):
    for word in (name, name.lower(), name.upper(), f" {name} ", f"{name} ({value:+d})"):
        assert fate.parse_rating(word) == value
    assert fate.LADDER[value] == name


@pytest.mark.parametrize("word,value", [("+2", 2), ("2", 2), ("-1", -1), ("0", 0), (" +12 ", 12)])
def test_parse_rating_numbers(word, value):
    assert fate.parse_rating(word) == value


@pytest.mark.parametrize("word", ["Heroic", "", "2.5", "Fair (+3)", "１２", "1_0", "fair+1"])
def test_parse_rating_refuses_in_one_line(word):
    with pytest.raises(ValueError) as e:
        fate.parse_rating(word)
    assert "\n" not in str(e.value)


def test_unknown_name_lists_the_ladder():
    with pytest.raises(ValueError, match="Legendary \\+8.*Terrible -2"):
        fate.parse_rating("Heroic")


def test_acceptance_difficulty_superb(capsys):
    d = run_json(capsys, "fate", "--bonus", "2", "--difficulty", "Superb", "--json", "--exact")
    assert d["difficulty"] == 5
    ref = brute_outcome(2, difficulty=5)
    for k, v in ref.items():
        assert d[f"p_{k}"] == f"{v.numerator}/{v.denominator}"


@pytest.mark.parametrize("spelling", ["+2", "2", "Fair", "fair", "FAIR", "Fair (+2)"])
def test_every_spelling_gives_the_same_answer(capsys, spelling):
    ref = run_json(capsys, "fate", "--bonus", "3", "--difficulty", "2", "--json")
    got = run_json(capsys, "fate", "--bonus", "3", "--difficulty", spelling, "--json")
    assert got == ref
    got = run_json(capsys, "fate", "--bonus", spelling, "--vs", "good", "--json")
    assert got["bonus"] == 2 and got["versus"] == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["contest", "--bonus", "Good", "--vs", "fair", "--victories", "1"],
        ["invoke", "--bonus", "Average", "--difficulty", "Great", "--invokes", "1"],
        ["challenge", "--difficulties", "Fair,good,+1", "--bonuses", "Fair"],
        ["deck", "--draws", "5", "--bonus", "Good", "--difficulty", "Fair"],
    ],
)
def test_every_fate_command_takes_names(capsys, argv):
    named = run_json(capsys, *argv, "--json")
    numbers = [
        {"Good": "3", "good": "3", "fair": "2", "Fair": "2", "Average": "1", "Great": "4",
         "Fair,good,+1": "2,3,1"}.get(a, a)
        for a in argv
    ]  # fmt: skip
    assert named == run_json(capsys, *numbers, "--json")


def test_unknown_name_is_one_line_exit_2(capsys):
    # in this process: tests/fate/test_cli.py::test_real_subprocess runs the real command
    assert main(["fate", "--bonus", "2", "--difficulty", "Heroic"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "difficulty must be" in lines[0] and "Superb +5" in lines[0] and "Heroic" in lines[0]


def test_out_of_range_still_refused(capsys):
    assert main(["fate", "--bonus", "0", "--difficulty", "99999"]) == 2
    assert "-10000..10000" in capsys.readouterr().err


def test_help_names_the_ladder(capsys):
    assert main(["fate", "--help"]) == 0
    assert "ladder name" in capsys.readouterr().out


def test_the_api_takes_ladder_names_wherever_it_takes_a_rating():
    # The command line passes "Superb" as typed: the API reads it (fate.rules.check_rating).
    same = [
        (fate.outcome_probs("Good", difficulty="fair"), fate.outcome_probs(3, difficulty=2)),
        (fate.outcome_probs("+1", versus="Average (+1)"), fate.outcome_probs(1, versus=1)),
        (fate.attack("Good", difficulty="Fair"), fate.attack(3, difficulty=2)),
        (fate.invoke_policy("Fair", "Great", total="Superb"), fate.invoke_policy(2, 4, total=5)),
        (fate.invoke_vs_opposition("fair", "GOOD"), fate.invoke_vs_opposition(2, 3)),
        (
            fate.challenge(["Fair", 3], "Good", plan="AOO", advantage_difficulties="Mediocre"),
            fate.challenge([2, 3], 3, plan="AOO", advantage_difficulties=0),
        ),
        (
            fate.challenge([1, "Good"], ["Fair", "+2"], advantages=1, advantage_bonuses="Good"),
            fate.challenge([1, 3], [2, 2], advantages=1, advantage_bonuses=3),
        ),
        (fate.contest("Good", ["Fair", "+1"]), fate.contest(3, [2, 1])),
        (fate.exchange_probs("Good", "Fair"), fate.exchange_probs(3, 2)),
        (fate.deck_vs_dice(5, "Good", "Fair"), fate.deck_vs_dice(5, 3, 2)),
    ]
    for named, numbers in same:
        assert named.to_json() == numbers.to_json()


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: fate.outcome_probs("Heroic", difficulty=1), "bonus"),
        (lambda: fate.outcome_probs(1, difficulty="Fair (+3)"), "difficulty"),
        (lambda: fate.challenge([1, "x"]), "difficulties[1]"),
        (lambda: fate.contest(1, [0, "Wonderful"]), "versus[1]"),
        (lambda: fate.deck_vs_dice(5, 0, "１"), "difficulty"),
    ],
)
def test_a_word_that_is_no_rating_is_refused_naming_the_parameter(call, name):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value).startswith(f"{name} must be") and "\n" not in str(info.value)
