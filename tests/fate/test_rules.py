"""Rules and limits as data, and the declared questions."""

from __future__ import annotations

import pytest

from dicestats import InputError, fate, system


def test_default_rules_are_fate_accelerated():
    r = fate.Rules()
    assert (r.dice, r.style_shifts, r.victories, r.style_victories) == (4, 3, 3, 2)
    assert (r.tie_rule, r.challenge_count, r.tiebreak) == ("highest", "success", "given")
    assert r.conflict_approach == {"physical": "quick", "mental": "careful"}
    assert fate.Rules.preset("fae") is fate.DEFAULT_RULES
    with pytest.raises(AttributeError):
        r.dice = 3


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"dice": 0}, "dice"),
        ({"style_shifts": 0}, "style_shifts"),
        ({"victories": 51}, "victories"),
        ({"style_victories": 0}, "style_victories"),
        ({"tie_rule": "all"}, "tie_rule"),
        ({"challenge_count": "style"}, "challenge_count"),
        ({"tiebreak": "dice"}, "tiebreak"),
        ({"conflict_approaches": {"physical": "quick"}}, "conflict_approaches"),
    ],
)
def test_rules_refuse_bad_values(kwargs, name):
    with pytest.raises(InputError, match=name):
        fate.Rules(**kwargs)


def test_limits_table_is_the_one_source_of_caps():
    lim = fate.LIMITS
    assert lim["dice"].help == "1..200"
    assert lim["invokes"].hi == 20 and lim["invoke dice"].hi == 50
    assert lim["contest dice"].hi == 12 and lim["deck dice"].hi == 8
    for row in lim.rows():
        assert row["why"], row
    with pytest.raises(InputError, match=r"dice must be an integer in 1\.\.200, got 201"):
        fate.fate_dice(201)


SAMPLES = [(q, smp) for q in system("fate").questions for smp in q.samples]


@pytest.mark.parametrize("q, smp", SAMPLES, ids=[f"{q.name}: {s.name}" for q, s in SAMPLES])
def test_every_question_refuses_a_rule_set_that_is_not_a_fate_rules(q, smp):
    with pytest.raises(InputError, match=r"^rules must be a fate\.Rules"):
        q.function(*smp.args, **smp.kwargs, rules="fae")


def test_the_first_question_is_outcome_probs():
    # "dicestats sweep fate" asks the system's first question: it was outcome_probs.
    assert system("fate").questions[0].name == "outcome_probs"


def test_the_rules_page_names_every_rule():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "fate.md").read_text(
        encoding="utf-8"
    )
    for name in fate.Rules.__dataclass_fields__:
        assert f"`{name}`" in page, name
