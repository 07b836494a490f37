"""The help says what a flag does (and so the CLI reference, generated from it).

- A flag that turns something off says so: ``--no-rule-of-one``'s help used to be the
  rule's own description, "Each 1 cancels one success.", which reads as what it does.
- ``solve initiative --exact`` is exact at any table size under the default reading (by
  tiers); its help said "enumerate every setting (small setups)".
- No help puts "a" before a vowel ("a change of a Exalted (2nd edition) roll").
"""

from __future__ import annotations

import argparse
import re

from dicestats.cli import build_parser

#: A help that reads as turning something off.
OFF = re.compile(r"^(turn off|the opposite of)|\bnot?\b|\bnone\b")


def _actions(parser, path=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, (*path, name))
        else:
            yield path, action


def _help(parser, command, flag) -> str:
    return next(a.help for p, a in _actions(parser) if p == command and flag in a.option_strings)


def test_every_flag_that_sets_false_says_it_turns_something_off():
    wrong = [
        (" ".join(path), action.option_strings[0], action.help)
        for path, action in _actions(build_parser())
        if isinstance(action, argparse._StoreConstAction)
        and action.const is False
        and not OFF.search(action.help or "")
    ]
    assert wrong == []


def test_the_rule_flags_that_turn_a_default_off_name_what_they_turn_off():
    parser = build_parser()
    assert _help(parser, ("pool",), "--no-rule-of-one") == (
        "turn off (on by default): Each 1 cancels one success."
    )
    assert _help(parser, ("try-again",), "--no-botch-ends").startswith(
        "turn off (on by default): A botch ends the attempts"
    )
    assert _help(parser, ("compare", "storyteller"), "--vs-no-rule-of-one").startswith(
        "turn off (on by default): Each 1 cancels"
    )


def _subparser(parser, *path):
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return parser


def test_solve_initiative_says_exact_by_tiers_not_small_setups_only():
    parser = build_parser()
    exact = _help(parser, ("solve", "initiative"), "--exact")
    assert "tiers" in exact and "small setups" not in exact
    assert (
        "by tiers under the default reading"
        in _subparser(parser, "solve", "initiative").description
    )


def _command_helps(parser):
    """The help line of every command and subcommand."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from (c.help for c in action._choices_actions if c.help)
            for sub in action.choices.values():
                yield from _command_helps(sub)


def test_no_help_says_a_before_a_vowel():
    parser = build_parser()
    helps = [a.help for _, a in _actions(parser) if a.help] + list(_command_helps(parser))
    assert [h for h in helps if re.search(r"\ba [AEIO]", h)] == []
