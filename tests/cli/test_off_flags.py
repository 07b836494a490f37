"""A flag that turns something off says so in its help (and so in the CLI reference).

``--no-rule-of-one`` turns the rule of one off; its help used to be the rule's own
description, "Each 1 cancels one success.", which reads as what the flag does.
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
