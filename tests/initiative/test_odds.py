"""The exact enumeration (:func:`dicestats.initiative.odds`) against closed forms and oracles."""

from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import initiative as ini

from .oracle import OPTIONS, ref_exact, text_exact


def test_exact_one_die_each_is_a_fair_race():
    r = ini.odds([1], [1])
    assert r.p_first == Fraction(1, 2)  # symmetry
    # by hand: P(x > y) + 1/2 P(x = y) = 15/36 + 3/36
    assert r.p_participant_first == (Fraction(1, 2), Fraction(1, 2))
    assert r.actions_before == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert r.p_double == 0
    assert r.mean_position == (Fraction(3, 2), Fraction(3, 2))
    assert r.exact is True and r.trials is None and r.outcome_classes == 36


def test_exact_one_die_against_two_closed_form():
    # the single die must beat both (a tie loses: the other has more dice of the
    # value, or equal count and a die against a missing one): sum_x (x-1)^2 / 216
    r = ini.odds([1], [2])
    assert r.p_first == Fraction(sum((x - 1) ** 2 for x in range(1, 7)), 216)
    # two dice against one: the pair acts first iff its max >= y (a tie goes to the
    # side with more dice); both before the single die iff its min >= y
    r2 = ini.odds([2], [1])
    assert r2.p_first == 1 - Fraction(55, 216)
    assert r2.actions_before == {
        0: Fraction(55, 216),
        1: 1 - Fraction(55, 216) - Fraction(91, 216),
        2: Fraction(sum((7 - y) ** 2 for y in range(1, 7)), 216),  # 91/216
    }


SMALL = [
    ([1, 1], [1], 0, 0, "one-die"),
    ([2], [1, 1], 0, 0, "one-die"),
    ([2], [2], 1, 0, "one-die"),
    ([2], [2], 1, 0, "split"),
]
FIVE_DICE = [
    ([1, 2], [2], [1, 2], 0, "one-die"),
    ([1, 2], [2], [0, 2], 3, "split"),
    ([2], [1, 2], 0, 3, "side-pool"),
    ([2, 1], [2], 2, 1, "side-pool"),
]


@pytest.mark.parametrize(
    "setup,opts",
    [(s, o) for s in SMALL for o in OPTIONS] + [(s, OPTIONS[0]) for s in FIVE_DICE],
)
def test_exact_matches_brute_force(setup, opts):
    a, b, pa, pb, pip_rule = setup
    r = ini.odds(a, b, pips=pa, versus_pips=pb, pip_rule=pip_rule, **opts)
    first, before, double, pos = ref_exact(a, b, pa, pb, pip_rule, **opts)
    assert list(r.p_participant_first) == first
    assert r.p_first == sum(first[: len(a)])
    assert {k: v for k, v in r.actions_before.items() if v} == before
    assert r.p_double == double
    assert list(r.mean_position) == pos
    assert sum(r.actions_before.values()) == 1
    # who acts at each position: each position is someone's, each die acts once
    assert all(sum(row) == 1 for row in r.p_acts_at)
    assert [sum(col) for col in zip(*r.p_acts_at, strict=True)] == list(a) + list(b)


@pytest.mark.parametrize(
    "a,b,pips,pip_rule,opts",
    [
        ([3, 1], [1], 1, "side-pool", {}),
        ([3, 1], [1], [0, 3], "one-die", {}),
        ([1, 3], [1], [0, 2], "one-die", {"tiebreak": "unspent"}),
        ([1, 3], [1], [1, 2], "split", {"order": "tier"}),
        ([2], [2], 3, "one-die", {"order": "tier"}),
    ],
)
def test_exact_matches_text_oracle(a, b, pips, pip_rule, opts):
    ex = ini.odds(a, b, pips=pips, pip_rule=pip_rule, **opts)
    first, before, double, pos = text_exact(a, b, pips, 0, pip_rule, **opts)
    assert list(ex.p_participant_first) == first
    assert {k: v for k, v in ex.actions_before.items() if v} == before
    assert ex.p_double == double and list(ex.mean_position) == pos


def test_floats_are_the_same_enumeration():
    ex = ini.odds([2, 1], [2], pips=[1, 0], order="tier")
    fl = ini.odds([2, 1], [2], pips=[1, 0], order="tier", exact=False)
    assert fl.exact is False and isinstance(fl.p_first, float)
    assert fl.p_first == float(ex.p_first) and fl.p_double == float(ex.p_double)
    for x, y in zip(ex.mean_position, fl.mean_position, strict=True):
        assert abs(float(x) - y) < 1e-12
    assert {k: float(v) for k, v in ex.actions_before.items()} == fl.actions_before


def test_rules_object_and_shortcuts_agree():
    rules = ini.Rules(tiebreak="unspent", order="tier", pip_rule="split")
    a = ini.odds([2], [1, 1], pips=2, rules=rules)
    b = ini.odds([2], [1, 1], pips=2, tiebreak="unspent", order="tier", pip_rule="split")
    assert a == b and a.rules == rules
    # a shortcut overrides one field of rules=
    assert ini.odds([2], [1], rules=rules, order="action").rules.order == "action"


def test_exact_refuses_large_setups_of_a_variant():
    # the default reading is answered by tiers at any size (test_tiers.py); a variant the
    # tier form does not carry is enumerated, within the outcome-class cap
    with pytest.raises(InputError, match=r"order='action'.*65,856 outcome classes.*Monte Carlo"):
        ini.odds([3, 3], [2], order="action")
    with pytest.raises(InputError, match=r"tiebreak='unspent'.*at most 10\)"):
        ini.odds([1], [1], tiebreak="unspent", limit=10)
    assert ini.odds([3, 3, 3], [2, 2, 2]).outcome_classes == 1_626_379_776


@pytest.mark.parametrize("a,b", [([1, 1, 1], [1, 1, 1]), ([15], [1]), ([3, 3], [2]), ([6], [4])])
def test_exact_refuses_setups_with_much_work(a, b):
    # under the 100,000 outcome classes, these branch on many coins (many tied
    # participants) or make long rounds (16 dice): the enumeration's work cap refuses a
    # variant; the tier form answers the default reading
    with pytest.raises(InputError, match="units of work"):
        ini.odds(a, b, order="action")
    assert sum(ini.odds(a, b).actions_before.values()) == 1


def test_margins_are_per_participant_by_default():
    # the text: «выигрыш … на которые герой может увеличить значение, выпавшее на любом
    # из кубиков» — each hero's own margin, on one of its own dice
    with pytest.raises(InputError, match="one margin per participant of the side"):
        ini.odds([1, 1], [1], pips=2)  # two heroes: whose margin is it?
    with pytest.raises(InputError, match="one int with pip_rule='side-pool'"):
        ini.odds([1, 1], [1], pips=[2, 0], pip_rule="side-pool")
    with pytest.raises(InputError, match=r"pips\[1\] must be an integer in 0..1000"):
        ini.odds([1, 1], [1], pips=[2, -1])
    # 0 is no margin for anyone, whatever the side's size
    assert ini.odds([1, 1], [1], pips=0).pips == (0, 0)
    # a bare number for a one-member side is its margin
    assert ini.odds([2], [1], pips=2) == ini.odds([2], [1], pips=[2])
    # margin 2 on (5, 3): one-die puts it all on the 5 (the only die it brings to 6), the
    # excess is lost; split gives the 5 one pip and the 3 the other. On (5, 4): one-die
    # raises the 4 (the lowest die it brings to 6), split the 5 then the 4
    assert ini.apply_pips([5, 3], 2) == [6, 3] and ini.apply_pips([5, 3], 2, "split") == [6, 4]
    assert ini.apply_pips([5, 4], 2) == [5, 6] and ini.apply_pips([5, 4], 2, "split") == [6, 5]


@pytest.mark.parametrize("a,b", [([2], [1]), ([2, 1], [2]), ([3], [2]), ([1, 2], [1, 1])])
def test_tier_order_changes_tempo_not_who_opens(a, b):
    # the first action is the same under both readings (the highest die, then the
    # same ranking); the tier order lets a participant act all its dice of a value
    # in a row, so P(acting twice in a row) and the actions-before change
    tier, action = ini.odds(a, b), ini.odds(a, b, order="action")
    assert tier.rules.order == "tier" and action.rules.order == "action"
    assert tier.p_first == action.p_first
    assert tier.p_participant_first == action.p_participant_first
    assert tier.p_double >= action.p_double
    first, before, double, _ = ref_exact(a, b, order="tier")
    assert list(tier.p_participant_first) == first and tier.p_double == double
    assert {k: v for k, v in tier.actions_before.items() if v} == before


def test_tier_order_worked_example():
    # two dice against two: (5, 5) against (5, 1). Tier: A has more 5s, acts both in
    # a row, then B's 5, then B's 1. By action: A (two 5s), then A's second 5 ties B's
    # 5 on count, and A's other dice (5, 5) beat B's (5, 1): the same here.
    assert ini.resolve([[5, 5], [5, 1]]).participants == (0, 0, 1, 1)
    # (5, 5, 5) against (5, 5): tier 0 0 0 1 1; by action 0 0 1 0 1
    assert ini.resolve([[5, 5, 5], [5, 5]]).participants == (0, 0, 0, 1, 1)
    assert ini.resolve([[5, 5, 5], [5, 5]], order="action").participants == (0, 0, 1, 0, 1)


def test_one_die_default_against_split():
    # Both rules give the same highest die (a margin first goes to the die it brings to
    # 6, else all of it to the highest die below 6), but split can make a second 6:
    # (5, 5) + 2 is (6, 5) one-die and (6, 6) split. So split never opens less often,
    # and against a pair of dice it opens more often: (6, 6) ties a (6, 6) where
    # (6, 5) loses to it.
    for a, b in (([2], [1]), ([2], [2]), ([3], [3])):
        one = ini.odds(a, b, pips=2)
        split = ini.odds(a, b, pips=2, pip_rule="split")
        assert one.p_first <= split.p_first
    assert (
        ini.odds([2], [1], pips=2).p_first == ini.odds([2], [1], pips=2, pip_rule="split").p_first
    )
    assert ini.odds([2], [2], pips=2).p_first == Fraction(1939, 2592)
    assert ini.odds([2], [2], pips=2, pip_rule="split").p_first == Fraction(983, 1296)


def test_worked_examples_of_the_rules_page():
    # docs/rules/initiative.md, "What a round answers" and "Preparation pips"
    assert ini.odds([2], [1]).p_double == Fraction(73, 108)
    six = ini.odds([6], [1]).p_first
    assert six == 1 - sum(Fraction(y - 1, 6) ** 6 for y in range(1, 7)) / 6
    assert six == Fraction(259421, 279936)
    # the tier order (default) changes P(acting twice in a row), not P(first)
    assert ini.odds([3], [3]).p_double == Fraction(1163, 1296)
    assert ini.odds([3], [3], order="action").p_double == Fraction(12823, 15552)
    assert (
        ini.odds([3], [3]).p_first == ini.odds([3], [3], order="action").p_first == Fraction(1, 2)
    )
    # one die plus 5 pips is a 6: a coin against a 6, and a 6 of three dice goes first
    assert ini.odds([1], [1], pips=5).p_first == Fraction(11, 12)
    assert ini.odds([1], [3], pips=[5]).p_first == Fraction(5, 6) ** 3
