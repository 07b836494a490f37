"""Storyteller rules as data: Rules, presets, validation, the renamed botch rule."""

from __future__ import annotations

import dataclasses

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.storyteller import PRESETS, Rules


def test_presets_follow_the_editions_table():
    assert Rules.preset("revised") == Rules()
    assert Rules.preset("dark_ages") == Rules()
    assert Rules.preset("first").botch_rule == "first"
    assert Rules.preset("v20").specialty == "double"
    for name in ("revised", "dark_ages", "first", "v20"):
        r = Rules.preset(name)
        assert r.rule_of_one and r.willpower_success == "uncancellable"
    with pytest.raises(ValueError, match="preset"):
        Rules.preset("cod")
    assert set(PRESETS) == {"revised", "dark_ages", "first", "v20"}
    assert st.REVISED is PRESETS["revised"]


def test_rules_is_immutable_and_validated():
    r = Rules()
    with pytest.raises(AttributeError):
        r.botch_rule = "first"
    with pytest.raises(TypeError, match="ten_again"):
        Rules(ten_again="yes")
    with pytest.raises(ValueError, match="specialty"):
        Rules(specialty="triple")
    with pytest.raises(ValueError, match="rule_of_one"):
        Rules(botch_rule="first", rule_of_one=False)
    with pytest.raises(InputError, match="botch_rule must be one of"):
        Rules(botch_rule="never")


def test_botch_keyword_is_a_deprecated_spelling_of_botch_rule():
    with pytest.warns(DeprecationWarning, match="botch_rule"):
        r = Rules(botch="first")
    assert r == Rules(botch_rule="first") == Rules.preset("first")
    with pytest.warns(DeprecationWarning, match="botch_rule"):
        assert r.botch == "first"
    with pytest.warns(DeprecationWarning):
        assert Rules().replace(botch="first") == r
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="rule_of_one"):
        Rules(botch="first", rule_of_one=False)


def test_rules_fields_and_derived_flags():
    assert [f.name for f in dataclasses.fields(Rules)] == [
        "rule_of_one",
        "botch_rule",
        "ten_again",
        "reroll_ones_cancel",
        "chain",
        "specialty",
        "one_cancels",
        "willpower",
        "willpower_success",
        "above_ten",
    ]
    assert Rules(ten_again=True).rerolls and Rules(specialty="reroll").rerolls
    assert Rules(ten_again=True).chained and not Rules(ten_again=True, chain=False).chained
    assert Rules(specialty="double").ten_value == 2 and Rules().ten_value == 1
    assert Rules(specialty="double", one_cancels="lowest").two_dimensional
    assert not Rules(one_cancels="lowest").two_dimensional  # no double 10s: one dimension
    assert Rules(willpower=True).uncancellable_willpower
    assert hash(Rules()) == hash(Rules.preset("revised"))
    assert Rules().replace(ten_again=True) == Rules(ten_again=True)


def test_describe_names_presets_or_changed_flags():
    assert Rules().describe() == "revised rules"
    assert Rules.preset("first").describe() == "first rules"
    assert Rules(ten_again=True, chain=False).describe() == "rules: ten_again=True, chain=False"


def test_degree_names():
    assert [st.degree_name(k) for k in range(0, 7)] == [
        None,
        "marginal",
        "moderate",
        "complete",
        "exceptional",
        "phenomenal",
        "phenomenal",
    ]
    assert st.DEGREES == ("marginal", "moderate", "complete", "exceptional", "phenomenal")


def test_rules_must_be_a_rules_value():
    with pytest.raises(TypeError, match="rules"):
        st.pool(3, 6, "revised")
    with pytest.raises(InputError, match="rules"):
        st.odds_table([1], [6], {"ten_again": True})
