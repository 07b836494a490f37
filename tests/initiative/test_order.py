"""The acting order (one implementation, :mod:`dicestats.initiative.order`) against the oracles.

Worked cases of the rule, every sequence of a round with its probability, the
vectorized order on every outcome of small rounds, fair coins, and properties
of the resolver on generated rounds.
"""

import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from dicestats import InputError
from dicestats import initiative as ini
from dicestats.initiative.order import coin_orders, count_orders, round_keys

from .oracle import OPTIONS, ref_cached, ref_orders, text_orders

# ------------------------------------------------------------------ worked cases


def test_worked_order_more_dice_of_the_value_first():
    # B has two 6s, A one: B, then (B's last 6 vs A's 6: tie on count 1 each,
    # B's other dice 6,6 beat A's 6,2) B again, then A, then the 4, then A's 2
    seq = ini.resolve([[6, 2], [6, 6], [4]], sides=[0, 1, 1])
    assert [(a.participant, a.value) for a in seq] == [(1, 6), (1, 6), (0, 6), (2, 4), (0, 2)]
    assert [a.side for a in seq] == [1, 1, 0, 1, 0]


def test_set_aside_dice_count_in_the_tie_break():
    # the default (tier): A has more 6s, so A acts all three in a row, then B
    assert [a.participant for a in ini.resolve([[6, 6, 6], [6, 6]])] == [0, 0, 0, 1, 1]
    # order="action": A, A (2 left vs 2: A's dice incl. set-aside 6,6,6 beat 6,6),
    # B (1 vs 2), A (1 vs 1: A's three 6s win), B
    seq = ini.resolve([[6, 6, 6], [6, 6]], order="action")
    assert [a.participant for a in seq] == [0, 0, 1, 0, 1]
    # variant: set-aside dice excluded -> at 2 vs 2 and at 1 vs 1 the unspent dice
    # are equal: a coin each time, four orders of 1/4
    dist = ini.order_distribution(
        [[6, 6, 6], [6, 6]], tiebreak="unspent", order="action"
    ).p_sequence
    assert dist == {
        (0, 0, 1, 0, 1): Fraction(1, 4),
        (0, 0, 1, 1, 0): Fraction(1, 4),
        (0, 1, 0, 0, 1): Fraction(1, 4),
        (0, 1, 0, 1, 0): Fraction(1, 4),
    }
    # variant: order fixed per tier -> A spends all its 6s first
    assert ini.order_distribution([[6, 6, 6], [6, 6]], order="tier").p_sequence == {
        (0, 0, 0, 1, 1): Fraction(1)
    }


def test_other_dice_decide_then_coin():
    # equal 5s: the higher other die goes first
    assert [a.participant for a in ini.resolve([[5, 2], [5, 3]])] == [1, 0, 1, 0]
    # a missing die ranks lowest
    assert [a.participant for a in ini.resolve([[5], [5, 1]])][0] == 1
    # identical rolls: one fair coin when the tier opens, the winner acts both 4s
    dist = ini.order_distribution([[4, 4], [4, 4]]).p_sequence
    assert dist == {(0, 0, 1, 1): Fraction(1, 2), (1, 1, 0, 0): Fraction(1, 2)}
    # order="action": a fair coin at every tie
    dist = ini.order_distribution([[4, 4], [4, 4]], order="action").p_sequence
    assert dist == {
        (0, 1, 0, 1): Fraction(1, 4),
        (0, 1, 1, 0): Fraction(1, 4),
        (1, 0, 0, 1): Fraction(1, 4),
        (1, 0, 1, 0): Fraction(1, 4),
    }
    seen = {tuple(a.participant for a in ini.resolve([[3], [3]], rng=s)) for s in range(40)}
    assert seen == {(0, 1), (1, 0)}


@pytest.mark.parametrize("opts", OPTIONS)
def test_order_distribution_matches_plain_rule(opts):
    rng = np.random.default_rng(0)
    for _ in range(150):
        dice = [list(rng.integers(1, 7, size=s)) for s in rng.integers(1, 4, size=3)]
        dice = [[int(v) for v in d] for d in dice]
        got = ini.order_distribution(dice, **opts).p_sequence
        assert got == ref_orders(dice, **opts), dice
        assert got == text_orders(dice, **opts), dice
    for dice in ([[2, 2], [2, 2], [2]], [[6, 1], [6, 1], [6, 1]], [[1, 1, 1], [1, 1, 1]]):
        assert ini.order_distribution(dice, **opts).p_sequence == ref_orders(dice, **opts)


def test_order_distribution_caps_its_tied_orders():
    """m participants tied at every step give m! orders: eight are listed, nine are refused
    in one line that says why (a dozen would not finish); the count is the enumeration's."""
    assert len(ini.order_distribution([[6]] * 8).p_sequence) == math.factorial(8)
    with pytest.raises(InputError) as err:
        ini.order_distribution([[6]] * 9)
    msg = str(err.value)
    assert msg.startswith("dice must be") and "acting orders = 362,880" in msg
    assert "m! (8: 40,320" in msg and "\n" not in msg
    for opts in OPTIONS:
        rules = ini.Rules(**opts)
        for dice in ([[6, 6]] * 5, [[5, 4]] * 4 + [[3]] * 4, [[2, 2], [2, 2], [2]]):
            owners = [p for p, d in enumerate(dice) for _ in d]
            flat = np.array([[v for d in dice for v in d]])
            srt = np.sort(round_keys(flat, owners, rules.tiebreak, rules.order), axis=1)
            assert count_orders(dice, rules) == len(coin_orders(srt, rules.order)[0]), dice


# ------------------------------------------------------------------ vectorized order


@pytest.mark.parametrize(
    "layout,opts",
    [([2, 1, 2], o) for o in OPTIONS] + [([1, 1, 1, 1], OPTIONS[0]), ([3, 2], OPTIONS[1])],
)
def test_vectorized_order_on_every_outcome(layout, opts):
    """The one-sort-per-row order equals the step-by-step rule on all 6^k outcomes."""
    owners = [p for p, s in enumerate(layout) for _ in range(s)]
    k = len(owners)
    outcomes = np.array(list(itertools.product(range(1, 7), repeat=k)))
    got = ini.acting_order(outcomes, owners, rng=1, **opts)
    for row, seq in zip(outcomes, got, strict=True):
        dice = [
            [int(v) for v, o in zip(row, owners, strict=True) if o == p] for p in range(len(layout))
        ]
        ref = ref_cached(dice, **opts)
        if len(ref) == 1:
            assert tuple(seq) == next(iter(ref)), dice
        else:
            assert tuple(seq) in ref, dice


def test_vectorized_coins_are_fair():
    # [[4,4],[4,4]]: four orders of probability 1/4; [[3],[3],[3]]: six of 1/6
    for dice, owners, m in (([4, 4, 4, 4], [0, 0, 1, 1], 4), ([3, 3, 3], [0, 1, 2], 6)):
        n = 60_000
        got = ini.acting_order(np.tile(dice, (n, 1)), owners, rng=5, order="action")
        _, counts = np.unique(got, axis=0, return_counts=True)
        assert len(counts) == m
        p = 1 / m
        assert np.all(np.abs(counts / n - p) < 5.5 * math.sqrt(p * (1 - p) / n))
    # tier mode: one coin per participant and tier, so [[4,4],[4,4]] gives two orders
    got = ini.acting_order(np.tile([4, 4, 4, 4], (20_000, 1)), [0, 0, 1, 1], rng=5, order="tier")
    rows, counts = np.unique(got, axis=0, return_counts=True)
    assert sorted(map(tuple, rows.tolist())) == [(0, 0, 1, 1), (1, 1, 0, 0)]
    assert abs(counts[0] / 20_000 - 0.5) < 5.5 * math.sqrt(0.25 / 20_000)


# ------------------------------------------------------------------ properties

small_rounds = hs.lists(hs.lists(hs.integers(1, 6), min_size=1, max_size=3), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    dice=small_rounds,
    tiebreak=hs.sampled_from(["all", "unspent"]),
    order=hs.sampled_from(["action", "tier"]),
    seed=hs.integers(0, 2**32 - 1),
)
def test_resolver_properties(dice, tiebreak, order, seed):
    ref = ref_orders(dice, tiebreak=tiebreak, order=order)
    assert ini.order_distribution(dice, tiebreak=tiebreak, order=order).p_sequence == ref
    seq = ini.resolve(dice, rng=seed, tiebreak=tiebreak, order=order)
    assert tuple(a.participant for a in seq) in ref
    # every die acts once, values never rise, each actor spends a die it holds
    assert sorted(a.value for a in seq) == sorted(v for d in dice for v in d)
    assert all(x.value >= y.value for x, y in zip(seq, seq[1:], strict=False))
    for p, d in enumerate(dice):
        assert sorted(a.value for a in seq if a.participant == p) == sorted(d)


# ------------------------------------------------------------------ one rule, every engine


@pytest.mark.parametrize("opts", OPTIONS)
def test_coin_orders_of_every_outcome_match_the_plain_rule(opts):
    """The enumerator's engine (sort keys of all rounds at once, every coin order)
    gives the step-by-step rule's sequences and probabilities on all 6^4 rounds."""
    layout = [2, 1, 1]
    owners = [p for p, s in enumerate(layout) for _ in range(s)]
    rounds = np.array(list(itertools.product(range(1, 7), repeat=len(owners))))
    srt = np.sort(round_keys(rounds, owners, opts["tiebreak"], opts["order"]), axis=1)
    orders, src, k = coin_orders(srt, opts["order"])
    got: dict = {}
    for seq, row, m in zip(orders.tolist(), src.tolist(), k.tolist(), strict=True):
        got.setdefault(row, {})[tuple(seq)] = Fraction(1, m)
    assert sorted(got) == list(range(len(rounds)))
    for row, dist in got.items():
        dice = [
            [int(v) for v, o in zip(rounds[row], owners, strict=True) if o == p] for p in range(3)
        ]
        assert dist == ref_cached(dice, **opts), dice


def test_results_are_frozen_and_serialise():
    r = ini.resolve([[6, 2], [6, 6], [4]], sides=[0, 1, 1])
    assert r.participants == (1, 1, 0, 2, 0) and len(r) == 5 and r[0].value == 6
    data = json.loads(r.to_json())
    assert data["actions"][0] == {"participant": 1, "side": 1, "value": 6}
    assert data["rules"] == {"tiebreak": "all", "order": "tier", "pip_rule": "one-die"}
    d = ini.order_distribution([[3], [3]])
    assert json.loads(d.to_json())["p_sequence"] == {"(0, 1)": "1/2", "(1, 0)": "1/2"}
    assert ini.order_distribution([[3], [3]], exact=False).p_sequence == {(0, 1): 0.5, (1, 0): 0.5}
    with pytest.raises(AttributeError):
        r.actions = ()
