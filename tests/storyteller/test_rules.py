"""Storyteller rules as data: Rules, presets, validation, the renamed botch rule."""

from __future__ import annotations

import dataclasses

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.storyteller import PRESETS, Rules

from .oracle import brute_pool, figures, per_die_table


def test_presets_follow_the_editions_table():
    assert Rules.preset("revised") == Rules()
    assert Rules.preset("dark_ages") == Rules()
    assert Rules.preset("first").botch_rule == "first"
    assert Rules.preset("v20").specialty_rule == "double"
    for name in ("revised", "dark_ages", "first", "v20"):
        r = Rules.preset(name)
        assert r.rule_of_one and r.willpower_success == "uncancellable"
        assert not r.rerolls and r.ten_value == 1  # no preset rolls a specialty
    for name in ("revised", "dark_ages", "first"):
        assert Rules.preset(name).specialty_rule == "reroll"
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
    with pytest.raises(ValueError, match="specialty_rule"):
        Rules(specialty_rule="triple")
    with pytest.raises(TypeError, match="specialty"):  # a specialty is the roll's, not a rule
        Rules(specialty=True)
    with pytest.raises(TypeError):  # the rule-variant fields after chain are keyword-only
        Rules(True, "revised", False, False, True, "double")
    with pytest.raises(ValueError, match="rule_of_one"):
        Rules(botch_rule="first", rule_of_one=False)
    with pytest.raises(InputError, match="botch_rule must be one of"):
        Rules(botch_rule="never")


def test_rules_fields_and_derived_flags():
    assert [f.name for f in dataclasses.fields(Rules)] == [
        "rule_of_one",
        "botch_rule",
        "ten_again",
        "reroll_ones_cancel",
        "chain",
        "specialty_rule",
        "one_cancels",
        "willpower",
        "willpower_success",
        "above_ten",
    ]
    assert Rules(ten_again=True).rerolls and Rules()._for_roll(True).rerolls
    assert not Rules().rerolls and not Rules.preset("v20")._for_roll(True).rerolls
    assert Rules(ten_again=True).chained and not Rules(ten_again=True, chain=False).chained
    v20 = Rules.preset("v20")
    assert v20._for_roll(True).ten_value == 2 and v20.ten_value == 1 == Rules().ten_value
    assert v20.replace(one_cancels="lowest")._for_roll(True).two_dimensional
    assert not v20.replace(one_cancels="lowest").two_dimensional  # no specialty rolled
    assert not Rules(one_cancels="lowest").two_dimensional  # no double 10s: one dimension
    assert Rules(willpower=True).uncancellable_willpower
    assert hash(Rules()) == hash(Rules.preset("revised"))
    assert Rules().replace(ten_again=True) == Rules(ten_again=True)


def test_describe_names_presets_or_changed_flags():
    assert Rules().describe() == "revised rules"
    assert Rules.preset("first").describe() == "first-edition rules"
    assert Rules(ten_again=True, chain=False).describe() == (
        "revised rules; each 10 adds a die; an extra die's 10 adds no further die"
    )
    assert Rules.preset("v20").describe() == "V20 rules"
    assert Rules.preset("v20").describe(specialty=True) == (
        "V20 rules, with a specialty: a 10 counts double"
    )
    assert Rules().describe(specialty=True) == (
        "revised rules, with a specialty: its 10s earn extra dice"
    )


# ---------------------------------------------------------------------------
# Issue 9: a preset is a rule set; a specialty is a per-roll flag the edition decides
# ---------------------------------------------------------------------------
def test_v20_preset_rolls_the_revised_numbers_without_a_specialty():
    v20 = Rules.preset("v20")
    want = figures(per_die_table(5, 7)[5])  # per-die convolution of the plain rules
    got = st.pool(5, 7, v20, exact=True)
    assert got.p_success == want["p_success"] and got.mean_net == want["mean_net"]
    assert got.row() == st.pool(5, 7, exact=True).row() and got.specialty is False
    assert round(float(got.p_success), 4) == 0.7624  # the 76.24%, not 79.80%
    for n, d in ((1, 6), (3, 10), (6, 7)):
        assert st.pool(n, d, v20).row() == st.pool(n, d).row()


def test_a_specialty_does_what_the_rule_set_says():
    # V20: a 10 counts double (a roll enumerated line by line, from the rule text)
    net, botch = brute_pool(5, 7, {"specialty": "double"})
    v20 = st.pool(5, 7, Rules.preset("v20"), specialty=True, exact=True)
    assert v20.p_success == sum(p for k, p in net.items() if k >= 1) and v20.p_botch == botch
    assert round(float(v20.p_success), 4) == 0.798 and v20.specialty is True
    # the older lines: a specialty's 10s earn extra dice (the ten-again mechanism)
    for name in ("revised", "dark_ages", "first"):
        rules = Rules.preset(name)
        got = st.pool(4, 8, rules, specialty=True, exact=True)
        assert got.row() == st.pool(4, 8, rules.replace(ten_again=True), exact=True).row()
    # a rule set whose specialty does nothing
    none = Rules(specialty_rule="none")
    assert st.pool(4, 8, none, specialty=True).row() == st.pool(4, 8).row()


def test_the_specialty_is_a_per_roll_argument_everywhere():
    v20 = Rules.preset("v20")
    one = st.pool(3, 7, v20, specialty=True, exact=True)
    assert st.odds_table([3], [7], v20, specialty=True, exact=True).iloc[0].to_dict() == one.row()
    assert st.automatic_success(3, 7, v20, specialty=True, exact=True).roll.mean_net == (
        one.mean_net
    )
    assert st.try_again(3, 7, v20, specialty=True, exact=True).p_success_within[0] == (
        one.p_success
    )
    assert st.extended(3, 7, 1, v20, specialty=True, rounds=1, exact=True).p_success == (
        one.p_success
    )
    acts = st.multiple_actions([6, 6], 7, v20, specialty=[True, False], exact=True)
    assert [a.specialty for a in acts.actions] == [True, False]
    assert acts.actions[0].p_success == st.pool(4, 7, v20, specialty=True, exact=True).p_success
    assert acts.actions[1].p_success == st.pool(3, 7, exact=True).p_success
    team = st.teamwork([3, 3], 7, v20, specialty=[True, False], exact=True)
    assert team.specialties == (True, False)
    res = st.resisted(3, 7, 3, 7, v20, specialty=True, exact=True)
    assert res.specialty and not res.versus_specialty and res.p_win > res.p_lose
    with pytest.raises(TypeError, match="specialty"):
        st.pool(3, 7, v20, specialty="double")
    with pytest.raises(ValueError, match="specialty"):
        st.multiple_actions([6, 6], 7, v20, specialty=[True])


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
