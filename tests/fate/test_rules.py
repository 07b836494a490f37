"""Rules and limits as data, and the sample questions."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from dicestats import InputError, fate
from dicestats.fate.questions import QUESTIONS


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


def _leaves(x, path=""):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path, x


@pytest.mark.parametrize("q", QUESTIONS, ids=[q.name for q in QUESTIONS])
def test_questions_float_equals_exact_and_serialise(q):
    fl = dict(_leaves(q.call(*q.args, **q.kwargs, exact=False).as_dict()))
    res = q.call(*q.args, **q.kwargs, exact=True)
    ex = dict(_leaves(res.as_dict()))
    assert fl.keys() == ex.keys()
    numbers = 0
    for k, v in ex.items():
        if isinstance(v, Fraction):
            assert isinstance(fl[k], float), k
            assert math.isclose(fl[k], v, rel_tol=0, abs_tol=1e-12), k
            numbers += 1
    assert numbers > 0
    assert json.loads(res.to_json())["exact"] is True


@pytest.mark.parametrize("q", QUESTIONS, ids=[q.name for q in QUESTIONS])
def test_questions_refuse_bad_input(q):
    with pytest.raises(InputError):
        q.call(*q.args, **q.kwargs, exact="yes")
    with pytest.raises(InputError):
        q.call(*q.args, **q.kwargs, rules="fae")


def test_the_rules_page_names_every_rule():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "fate.md").read_text(
        encoding="utf-8"
    )
    for name in fate.Rules.__dataclass_fields__:
        assert f"`{name}`" in page, name
