"""Reactive defence (:func:`dicestats.initiative.defence`), against an exact oracle."""

import json
from fractions import Fraction

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.core import montecarlo as mc

from .oracle import close, ref_defence


def test_one_die_each_by_hand():
    # the hero defends iff the foe acts first (y > x, or a tie lost on the coin);
    # slow scale y - x: 0 with weight 3/36 (ties, half), k >= 1 with weight (6-k)/36
    acc, out = ref_defence([1], [1])
    assert acc["defended"] == Fraction(1, 2)
    assert [s / acc["defended"] for s in acc["slow"]] == [
        Fraction(3, 18),
        Fraction(5, 18),
        Fraction(4, 18),
        Fraction(3, 18),
        Fraction(2, 18),
        Fraction(1, 18),
    ]
    assert out == {0: Fraction(1, 2), 1: Fraction(1, 2)}


@pytest.mark.parametrize(
    "setup",
    [
        ([1], [1], "versus", False),
        ([2], [1, 1], "versus", False),
        ([1, 1], [2], "versus", True),
        ([1, 2], [1], "both", False),
        ([1, 1], [1, 1], "both", True),
    ],
)
def test_simulation_matches_exact_reference(setup):
    a, b, attackers, cover = setup
    acc, out = ref_defence(a, b, attackers, cover)
    r = ini.defence(a, b, trials=40_000, rng=17, attackers=attackers, cover=cover)
    assert (
        close(r.mean_attacks, acc["attacks"])
        or r.mean_attacks.stderr == 0
        and (r.mean_attacks.value == float(acc["attacks"]))
    )
    assert close(r.p_defendable, acc["defended"] / acc["attacks"])
    assert r.p_defended.value == r.p_defendable.value  # everyone able defends
    for k in range(6):
        assert close(r.pmf_slow[k], acc["slow"][k] / acc["defended"]), k
    for k, p in out.items():
        assert close(r.pmf_out_of_dice[k], p) or r.pmf_out_of_dice[k].value == float(p)


def test_wounds_with_pluggable_rolls():
    # Attack 2d6 vs a defence of 0 dice, armour 1d6, success on 5+: whether or not
    # the hero defends, its defence scores 0, so a wound is max(A - R, 0).
    att, dfd, arm = ini.SuccessRoll(2), ini.SuccessRoll(0), ini.SuccessRoll(1)
    r = ini.defence([1], [1], trials=60_000, rng=4, attack=att, defend=dfd, armour=arm)
    # A ~ Bin(2, 1/3), R ~ Bin(1, 1/3): E[max(A - R, 0)] and P(A - R > 0)
    pa = [Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]
    pr = [Fraction(2, 3), Fraction(1, 3)]
    ew = sum(pa[x] * pr[y] * max(x - y, 0) for x in range(3) for y in range(2))
    pw = sum(pa[x] * pr[y] for x in range(3) for y in range(2) if x > y)
    assert close(r.mean_wound, ew) and close(r.p_wounding, pw)
    assert r.mean_advantage.value == 0  # a 0-dice defence never beats the attack
    assert str(r.mean_wound).startswith("0.4") and str(r.p_wounding).split()[0].endswith("%")


def test_defend_only_when_hit():
    # an attack that can never score is never defended when the defender may wait
    # to see it; every one could have been (the hero holds its die half the time)
    never = ini.SuccessRoll(0)
    r = ini.defence([1], [1], trials=20_000, rng=2, attack=never, defend=never, defend_if_hit=True)
    assert r.p_defended.value == 0 and close(r.p_defendable, Fraction(1, 2))
    assert np.isnan(r.pmf_slow[0].value)  # no defence at all: no slow distribution
    # attack 1d6 (success 5+, 1/3): defended iff able and the attack scored
    r = ini.defence(
        [1],
        [1],
        trials=40_000,
        rng=3,
        attack=ini.SuccessRoll(1),
        defend=ini.SuccessRoll(1),
        defend_if_hit=True,
    )
    assert close(r.p_defended, Fraction(1, 6))
    with pytest.raises(ValueError, match="defend_if_hit must be False without the attack"):
        ini.defence([1], [1], trials=10, defend_if_hit=True)


def test_cover_never_leaves_more_slow_defences():
    base = ini.defence([3, 3, 3], [2, 2, 2], trials=20_000, rng=5)
    cov = ini.defence([3, 3, 3], [2, 2, 2], trials=20_000, rng=5, cover=True)
    assert cov.pmf_slow[0].value > base.pmf_slow[0].value
    assert abs(sum(e.value for e in base.pmf_slow.values()) - 1) < 1e-9


def test_ratio_estimate_matches_direct_delta_method():
    rng = np.random.default_rng(0)
    x = rng.integers(1, 5, size=500)
    y = rng.binomial(x, 0.3)
    e = mc.ratio_estimate(y.sum(), x.sum(), (y * y).sum(), (x * x).sum(), (x * y).sum(), 500)
    r = y.sum() / x.sum()
    se = np.sqrt(((y - r * x) ** 2).sum() / (500 * 499)) / x.mean()
    assert e.value == pytest.approx(r) and e.stderr == pytest.approx(se)


def test_same_seed_identical_any_workers():
    kw = dict(rng=8, batch_size=5_000, attack=ini.SuccessRoll(2), defend=ini.SuccessRoll(2))
    a = ini.defence([3, 3], [2, 2], trials=15_000, workers=1, **kw)
    b = ini.defence([3, 3], [2, 2], trials=15_000, workers=2, **kw)
    for key in a.raw.totals:
        assert np.array_equal(np.asarray(a.raw[key]), np.asarray(b.raw[key])), key


@pytest.mark.parametrize(
    "kwargs,exc,words",
    [
        (dict(attackers="all"), ValueError, "attackers"),
        (dict(attack=ini.SuccessRoll(2)), ValueError, "give both"),
        (dict(armour=ini.SuccessRoll(2)), ValueError, "armour"),
        (dict(attack=3, defend=3), TypeError, "callable"),
        (dict(cover="yes"), TypeError, "cover"),
        (dict(slow_cost=-1), ValueError, "slow_cost"),
        (dict(rules=ini.Rules(order="tier")), ValueError, "order must be 'action' in defence"),
    ],
)
def test_bad_input(kwargs, exc, words):
    with pytest.raises(exc, match=words):
        ini.defence([3], [2], trials=100, **kwargs)
    with pytest.raises(ValueError, match="success"):
        ini.SuccessRoll(2, success=9)


def test_result_vocabulary_and_json():
    rolls = {"attack": ini.SuccessRoll(2), "defend": ini.SuccessRoll(2)}
    r = ini.defence([2], [1, 1], trials=2_000, rng=1, **rolls)
    data = json.loads(r.to_json())
    assert data["exact"] is False and data["trials"] == 2_000 and "raw" not in data
    assert set(data["pmf_slow"]) == {"0", "1", "2", "3", "4", "5"}
    assert data["p_defendable"]["kind"] == "proportion"
    assert data["mean_wound"]["kind"] == "mean"
