"""Reactive defence in the d6 initiative system, against a plain exact reference."""

import itertools
from fractions import Fraction

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.core import montecarlo as mc


def counts(dice):
    return tuple(list(dice).count(f) for f in range(6, 0, -1))


def ref_defence(sw_a, sw_b, attackers="versus", cover=False):
    """Exact expectations per round: every die outcome, coin and target branch."""
    sides = [0] * len(sw_a) + [1] * len(sw_b)
    sw = list(sw_a) + list(sw_b)
    P = len(sw)
    acc = {"attacks": Fraction(0), "defended": Fraction(0), "slow": [Fraction(0)] * 6}
    out = {}

    def walk(left, gone, prob, att, dfd, slow, empty):
        if not any(left):
            acc["attacks"] += prob * att
            acc["defended"] += prob * dfd
            for k in range(6):
                acc["slow"][k] += prob * slow[k]
            defenders = [p for p in range(P) if attackers == "both" or sides[p] == 0]
            k = sum(1 for p in defenders if p in empty)
            out[k] = out.get(k, 0) + prob
            return
        v = max(max(d) for d in left if d)
        holders = [p for p in range(P) if v in left[p]]
        rank = {p: (left[p].count(v), counts(left[p] + gone[p])) for p in holders}
        best = max(rank.values())
        tied = [p for p in holders if rank[p] == best]
        for actor in tied:
            l1 = [list(d) for d in left]
            g1 = [list(d) for d in gone]
            l1[actor].remove(v)
            g1[actor].append(v)
            pr = prob / len(tied)
            if not (attackers == "both" or sides[actor] == 1):
                walk(l1, g1, pr, att, dfd, slow, empty)
                continue
            targets = [p for p in range(P) if sides[p] != sides[actor]]
            for t in targets:
                l2 = [list(d) for d in l1]
                g2 = [list(d) for d in g1]
                top_t = max(l2[t]) if l2[t] else 0
                defender = t if top_t else None
                if cover and top_t < v:
                    mates = [
                        c
                        for c in range(P)
                        if sides[c] == sides[t] and c != t and l2[c] and max(l2[c]) >= v
                    ]
                    if mates:
                        defender = min(mates, key=lambda c: (max(l2[c]), c))
                s2, e2 = list(slow), set(empty)
                d2 = dfd
                if not top_t:  # attacked with no die of its own left
                    e2.add(t)
                if defender is not None:
                    h = max(l2[defender])
                    l2[defender].remove(h)
                    g2[defender].append(h)
                    s2[max(0, v - h)] += 1
                    d2 += 1
                walk(l2, g2, pr / len(targets), att + 1, d2, s2, e2)

    n = 6 ** sum(sw)
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        dice, k = [], 0
        for s in sw:
            dice.append(list(faces[k : k + s]))
            k += s
        walk(dice, [[] for _ in dice], Fraction(1, n), 0, 0, [0] * 6, set())
    return acc, out


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


def close(est, exact, k=4.5):
    return abs(est.value - float(exact)) <= k * est.stderr + 1e-12


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
    r = ini.defence(a, b, 40_000, rng=17, attackers=attackers, cover=cover)
    assert (
        close(r.attacks, acc["attacks"])
        or r.attacks.stderr == 0
        and (r.attacks.value == float(acc["attacks"]))
    )
    assert close(r.defendable, acc["defended"] / acc["attacks"])
    assert r.defended.value == r.defendable.value  # everyone able defends
    for k in range(6):
        assert close(r.slow[k], acc["slow"][k] / acc["defended"]), k
    for k, p in out.items():
        assert close(r.out_of_dice[k], p) or r.out_of_dice[k].value == float(p)


def test_wounds_with_pluggable_rolls():
    # Attack 2d6 vs a defence of 0 dice, armour 1d6, success on 5+: whether or not
    # the hero defends, its defence scores 0, so a wound is max(A - R, 0).
    att, dfd, arm = ini.SuccessRoll(2), ini.SuccessRoll(0), ini.SuccessRoll(1)
    r = ini.defence([1], [1], 60_000, rng=4, attack=att, defend=dfd, armour=arm)
    # A ~ Bin(2, 1/3), R ~ Bin(1, 1/3): E[max(A - R, 0)] and P(A - R > 0)
    pa = [Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]
    pr = [Fraction(2, 3), Fraction(1, 3)]
    ew = sum(pa[x] * pr[y] * max(x - y, 0) for x in range(3) for y in range(2))
    pw = sum(pa[x] * pr[y] for x in range(3) for y in range(2) if x > y)
    assert close(r.wound, ew) and close(r.wounding, pw)
    assert r.advantage.value == 0  # a 0-dice defence never beats the attack
    assert str(r.wound).startswith("0.4") and str(r.wounding).split()[0].endswith("%")


def test_defend_only_when_hit():
    # an attack that can never score is never defended when the defender may wait
    # to see it; every one could have been (the hero holds its die half the time)
    never = ini.SuccessRoll(0)
    r = ini.defence([1], [1], 20_000, rng=2, attack=never, defend=never, defend_if_hit=True)
    assert r.defended.value == 0 and close(r.defendable, Fraction(1, 2))
    assert np.isnan(r.slow[0].value)  # no defence at all: no slow distribution
    # attack 1d6 (success 5+, 1/3): defended iff able and the attack scored
    r = ini.defence(
        [1],
        [1],
        40_000,
        rng=3,
        attack=ini.SuccessRoll(1),
        defend=ini.SuccessRoll(1),
        defend_if_hit=True,
    )
    assert close(r.defended, Fraction(1, 6))
    with pytest.raises(ValueError, match="defend_if_hit needs"):
        ini.defence([1], [1], 10, defend_if_hit=True)


def test_cover_never_leaves_more_slow_defences():
    base = ini.defence([3, 3, 3], [2, 2, 2], 20_000, rng=5)
    cov = ini.defence([3, 3, 3], [2, 2, 2], 20_000, rng=5, cover=True)
    assert cov.slow[0].value > base.slow[0].value
    assert abs(sum(e.value for e in base.slow) - 1) < 1e-9


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
    a = ini.defence([3, 3], [2, 2], 15_000, workers=1, **kw)
    b = ini.defence([3, 3], [2, 2], 15_000, workers=2, **kw)
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
    ],
)
def test_bad_input(kwargs, exc, words):
    with pytest.raises(exc, match=words):
        ini.defence([3], [2], 100, **kwargs)
    with pytest.raises(ValueError, match="success"):
        ini.SuccessRoll(2, success=9)
