"""Audit of the d6 initiative system against an oracle written from the seed text.

The oracle here is independent of dicestats.initiative and of the references in
tests/test_initiative.py: the tie-break compares the participants' *other* dice
(one die of the acting value removed) sorted high to low, as the seed phrases
it ("the higher value on any other die, set-aside dice included"), and pool
pips go one at a time to the first highest die below 6 in participant order.
"""

import itertools
import json
import math
from fractions import Fraction

import pytest

from dicestats import initiative as ini
from dicestats.cli import main


def _other(dice_all, v):
    """The participant's other dice: its dice minus one die of value v, high to low."""
    d = sorted(dice_all, reverse=True)
    d.remove(v)
    return d


def oracle_orders(dice, tiebreak="all", order="action"):
    out = {}

    def key(p, v, unspent, spent):
        pool = unspent[p] + (spent[p] if tiebreak == "all" else [])
        return (unspent[p].count(v), _other(pool, v))

    def go(unspent, spent, seq, pr):
        live = [d for d in unspent if d]
        if not live:
            out[tuple(seq)] = out.get(tuple(seq), Fraction(0)) + pr
            return
        v = max(max(d) for d in live)
        hold = [p for p in range(len(dice)) if v in unspent[p]]
        if order == "action":
            best = max(key(p, v, unspent, spent) for p in hold)
            tied = [p for p in hold if key(p, v, unspent, spent) == best]
            for p in tied:
                u = [list(d) for d in unspent]
                s = [list(d) for d in spent]
                u[p].remove(v)
                s[p].append(v)
                go(u, s, seq + [p], pr / len(tied))
        else:
            # every permutation of the holders consistent with the keys, equally likely
            keys = {p: key(p, v, unspent, spent) for p in hold}
            perms = [
                q
                for q in itertools.permutations(hold)
                if all(keys[q[i]] >= keys[q[i + 1]] for i in range(len(q) - 1))
            ]
            for q in perms:
                u = [list(d) for d in unspent]
                s = [list(d) for d in spent]
                sq = list(seq)
                for p in q:
                    while v in u[p]:
                        u[p].remove(v)
                        s[p].append(v)
                        sq.append(p)
                go(u, s, sq, pr / len(perms))

    go([list(d) for d in dice], [[] for _ in dice], [], Fraction(1))
    return out


def oracle_pips(flat, pips, policy):
    d = list(flat)
    if policy == "highest":
        while pips and any(x < 6 for x in d):
            best = max(x for x in d if x < 6)
            d[d.index(best)] += 1
            pips -= 1
        return d
    # single: all on one die; choose the die giving the best multiset (most 6s, ...),
    # the first such die in order
    best = None
    for i in range(len(d)):
        if d[i] < 6:
            e = list(d)
            e[i] = min(6, e[i] + pips)
            k = sorted(e, reverse=True)
            if best is None or k > best[0]:
                best = (k, e)
    return d if best is None else best[1]


def oracle_exact(a, b, pips=0, vpips=0, policy="highest", **opts):
    sw = list(a) + list(b)
    side = [0] * len(a) + [1] * len(b)
    P = len(sw)
    n = 6 ** sum(sw)
    first = [Fraction(0)] * P
    before = {}
    double = Fraction(0)
    pos = [Fraction(0)] * P
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        dice = [[next(it) for _ in range(s)] for s in sw]
        for sd, pool in ((0, pips), (1, vpips)):
            mem = [p for p in range(P) if side[p] == sd]
            if isinstance(pool, list):
                for p, m in zip(mem, pool, strict=True):
                    dice[p] = oracle_pips(dice[p], m, policy)
            elif pool:
                flat = oracle_pips([x for p in mem for x in dice[p]], pool, policy)
                for p in mem:
                    dice[p], flat = flat[: sw[p]], flat[sw[p] :]
        for seq, pr in oracle_orders(dice, **opts).items():
            first[seq[0]] += pr / n
            k = [side[p] for p in seq].index(1)
            before[k] = before.get(k, 0) + pr / n
            if any(x == y for x, y in zip(seq, seq[1:], strict=False)):
                double += pr / n
            for i, p in enumerate(seq):
                pos[p] += pr * (i + 1) / (n * sw[p])
    return first, before, double, pos


def within(est, exact, k=4.5):
    se = max(est.stderr, math.sqrt(float(exact) * (1 - float(exact)) / est.trials), 1e-12)
    return abs(est.value - float(exact)) <= k * se


@pytest.mark.parametrize(
    "a,b,pips,policy,opts",
    [
        ([3, 1], [1], 1, "highest", {}),
        ([1, 3], [1], 2, "single", {"tiebreak": "unspent"}),
        ([2], [2], 3, "single", {"order": "tier"}),
    ],
)
def test_exact_matches_seed_oracle(a, b, pips, policy, opts):
    ex = ini.exact(a, b, pips, pip_policy=policy, **opts)
    first, before, double, pos = oracle_exact(a, b, pips, 0, policy, **opts)
    assert ex.p_participant_first == first
    assert {k: v for k, v in ex.actions_before.items() if v} == before
    assert ex.p_double == double and ex.mean_position == pos


def test_pool_pips_go_to_the_same_participant_in_simulate_and_exact():
    """A side pool of pips over participants of different swiftness: of two equal
    dice the participant listed first gets the pip (exact and apply_pips), so the
    simulation must agree with the exact figures participant by participant (it
    used to list the side's dice by swiftness group: 122 standard errors off)."""
    a, b = [3, 1], [1]
    first, _, _, pos = oracle_exact(a, b, 1, 0)
    sim = ini.simulate(a, b, 60_000, rng=5, pips=1)
    for est, p in zip(sim.p_participant_first, first, strict=True):
        assert within(est, p)
    for est, m in zip(sim.mean_position, pos, strict=True):
        assert abs(est.value - float(m)) <= 4.5 * est.stderr
    d = ini.defence(a, b, 30_000, rng=5, pips=1)  # draws its dice the same way
    assert d.trials == 30_000


@pytest.mark.parametrize("a,b", [([1, 1, 1], [1, 1, 1]), ([15], [1]), ([3, 3], [2]), ([6], [4])])
def test_exact_refuses_setups_that_take_many_seconds(a, b, capsys):
    # under the 100,000 outcome classes, these took 9-35 s each (many tied
    # participants branch on every coin; 16 dice make long rounds): refused at once
    with pytest.raises(ValueError, match="units of work"):
        ini.exact(a, b)
    argv = ["initiative", "--swiftness", ",".join(map(str, a)), "--vs", ",".join(map(str, b))]
    assert main([*argv, "--exact"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "units of work" in err
    # an explicit, larger limit is the caller's choice to wait
    with pytest.raises(ValueError, match="outcome classes"):
        ini.exact(a, b, limit=10)


def test_default_batch_bounds_the_dice_of_a_batch(monkeypatch):
    # 64 participants of swiftness 15: 65,536 rounds per batch took 3.2 GB
    seen = []
    run = ini.mc.run

    def spy(fn, trials, rng, **kw):
        seen.append(kw["batch_size"])
        return run(fn, trials, rng, **kw)

    monkeypatch.setattr(ini.mc, "run", spy)
    ini.simulate([15] * 32, [15] * 32, 300, rng=1)
    ini.defence([15] * 20, [15] * 20, 20, rng=1)
    ini.simulate([3, 3, 3], [2, 2, 2], 300, rng=1)
    ini.simulate([3], [2], 300, rng=1, batch_size=7)
    assert seen[0] * 64 * 15 <= ini.BATCH_DICE and seen[0] >= 256
    assert seen[1] * 40 * 15 <= ini.BATCH_DICE
    assert seen[2:] == [ini.mc.DEFAULT_BATCH, 7]  # small rounds keep the default


def test_cli_caps_the_dice_simulated(monkeypatch, capsys):
    from dicestats.cli import initiative as cli_ini

    monkeypatch.setattr(cli_ini, "MAX_DICE", 30_000)
    argv = ["initiative", "--swiftness", "3,3,3", "--vs", "2,2,2", "--seed", "1", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["trials"] == 30_000 // 15
    assert main([*argv, "--trials", "2001"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "at most 30,000 dice" in err
    assert main([*argv, "--trials", "2000"]) == 0
