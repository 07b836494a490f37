"""``main`` reuses one parser: the same command line gives the same answer every time, and a
system or a sweep question added later is on the command line at once."""

from __future__ import annotations

import pytest

from dicestats import registry
from dicestats.cli import _parser, build_parser, main


def _run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "--difficulty", "6", "--json"],  # a list default (the pool sizes)
        ["contest", "--bonus", "1", "--vs", "0", "--vs", "2", "--exact"],  # a gathered list
        ["initiative", "--swiftness", "3,,3", "--vs", "2"],  # a refusal
        ["pool", "2", "--difficulty", "6", "--exact", "--json"],
    ],
)
def test_the_same_command_line_twice_gives_the_same_answer(argv, capsys):
    first = _run(argv, capsys)
    assert first == _run(argv, capsys)
    assert _parser() is _parser()  # nothing changed: the same parser


def test_a_command_cannot_change_the_parsers_defaults(capsys):
    parser = _parser()
    before = parser.parse_args(["table"])
    assert main(["table", "--dice", "1-3", "--json"]) == 0
    capsys.readouterr()
    args = parser.parse_args(["table"])
    assert vars(args) == vars(before)
    assert args.dice == list(range(1, 11))


def test_build_parser_gives_a_new_parser_and_main_the_same(capsys):
    assert build_parser() is not build_parser()
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("dicestats ")
    assert _parser() is _parser()


def test_a_system_registered_later_is_a_command_at_once(monkeypatch, capsys):
    assert main(["pool", "1", "--exact"]) == 0  # a parser built before
    capsys.readouterr()
    storyteller = registry.system("storyteller")
    monkeypatch.setattr(registry, "_SYSTEMS", (storyteller,))
    assert main(["fate", "--bonus", "1"]) == 2  # Fate is gone with its line
    assert "invalid choice: 'fate'" in capsys.readouterr().err
    monkeypatch.undo()
    assert main(["fate", "--bonus", "1", "--difficulty", "2"]) == 0


def test_a_sweep_question_registered_later_is_a_choice_at_once(capsys):
    from dicestats.sweep import register
    from dicestats.sweep.questions import QUESTIONS

    assert main(["sweep", "--help"]) == 0
    assert "pool_again" not in capsys.readouterr().out
    pool = registry.system("storyteller").questions[0].function
    register(pool, "pool_again")
    try:
        assert main(["sweep", "--help"]) == 0
        assert "  pool_again " in capsys.readouterr().out
    finally:
        del QUESTIONS.added["pool_again"]
    assert main(["sweep", "--help"]) == 0
    assert "pool_again" not in capsys.readouterr().out
