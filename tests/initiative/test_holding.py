"""Holding («выжидать») as a policy, several rounds and the "everyone held" rule.

The round engine's enumeration against the step-by-step oracle (``ref_fight``), its
Monte Carlo against its enumeration, the named policies by hand, a user's policy, and
the policy interface's refusals.
"""

from fractions import Fraction

import numpy as np
import pytest

from dicestats import InputError, InputTypeError
from dicestats import initiative as ini

from .oracle import close, ref_fight, within


class HoldSixes(ini.HoldPolicy):
    """A user's policy (the oracle's "hold-sixes"): keep 6s, use them once an enemy
    acted, or at the round's end."""

    name = "hold-sixes"

    def hold(self, view):
        return view.value == 6

    def use(self, view):
        return view.enemy_acted | view.end


def _policy(name):
    return HoldSixes() if name == "hold-sixes" else name


def _nz(d):
    return {k: v for k, v in d.items() if v}


CASES = [
    ([2], [1], "defend", "never", 1, "tier", "all"),
    ([2], [1], "after-enemy", "never", 2, "action", "all"),
    ([2], [2], "after-enemy", "after-enemy", 3, "tier", "all"),
    ([1, 1], [1], "always", "always", 2, "tier", "unspent"),
    ([2], [1], "hold-sixes", "defend", 1, "tier", "all"),
    ([1, 1], [1], "hold-sixes", "after-enemy", 2, "action", "unspent"),
    ([1, 1], [1], ["defend", "never"], "always", 2, "tier", "all"),
]


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_enumeration_matches_the_step_by_step_oracle(case):
    a, b, ha, hb, rounds, order, tiebreak = case
    total, all_held, edges = ref_fight(a, b, ha, hb, rounds, tiebreak, order)
    pa = [_policy(h) for h in ha] if isinstance(ha, list) else _policy(ha)
    r = ini.odds(
        a, b, hold=pa, versus_hold=_policy(hb), rounds=rounds, order=order, tiebreak=tiebreak
    )
    P = len(a) + len(b)
    assert r.p_participant_first == tuple(total.get(("first", p), 0) / rounds for p in range(P))
    assert r.p_first == sum(total.get(("first", p), 0) for p in range(len(a))) / rounds
    before = {k[1]: v / rounds for k, v in total.items() if k[0] == "before" and v}
    assert _nz(r.actions_before) == before
    assert r.p_double == total.get("double", 0) / rounds
    assert r.mean_position == tuple(
        total[("pos_sum", p)] / total[("act_n", p)] if total.get(("act_n", p)) else None
        for p in range(P)
    )
    assert list(r.p_all_held) == all_held
    assert _nz(r.on_edge) == _nz(edges)
    assert r.hold == tuple(
        (h if isinstance(h, str) else h) for h in (ha if isinstance(ha, list) else [ha] * len(a))
    ) + (hb,) * len(b)


@pytest.mark.parametrize(
    "a,b,kw",
    [
        ([2, 1], [2], dict(hold="after-enemy")),
        ([2], [2], dict(hold="defend", versus_hold="after-enemy", order="action")),
        ([2], [1, 1], dict(hold="always", versus_hold="after-enemy", rounds=3)),
        ([1, 2], [2], dict(hold=HoldSixes(), versus_hold="defend", rounds=2, pips=[2, 0])),
    ],
)
def test_simulation_agrees_with_the_enumeration(a, b, kw):
    ex = ini.odds(a, b, **kw)
    sim = ini.odds(a, b, trials=8_000, rng=7, **kw)
    assert type(sim) is type(ex) and list(sim.as_dict()) == list(ex.as_dict())
    assert within(sim.p_first, ex.p_first)
    for e, p in zip(sim.p_participant_first, ex.p_participant_first, strict=True):
        assert within(e, p)
    for k, p in ex.actions_before.items():
        assert within(sim.actions_before[k], p)
    assert within(sim.p_double, ex.p_double)
    for e, m in zip(sim.mean_position, ex.mean_position, strict=True):
        assert (e is None and m is None) or close(e, m)
    for e, p in zip(sim.p_all_held, ex.p_all_held, strict=True):
        assert within(e, p)
    for k, p in ex.on_edge.items():
        assert within(sim.on_edge[k], p)


@pytest.mark.parametrize("order", ["tier", "action"])
def test_never_holding_on_the_engine_is_the_plain_order(order):
    # several rounds of "never" run on the round engine: the same numbers as the
    # acting-order enumeration of one round, and nobody ever holds
    plain = ini.odds([2, 1], [2], order=order)
    eng = ini.odds([2, 1], [2], order=order, rounds=3)
    for f in ("p_first", "p_participant_first", "actions_before", "p_double"):
        assert getattr(plain, f) == getattr(eng, f), f
    assert plain.mean_position == eng.mean_position and plain.p_acts_at == eng.p_acts_at
    assert eng.p_all_held == (0, 0, 0) and _nz(eng.on_edge) == {0: 1}


def test_named_policies_by_hand():
    # one die each; the foe never holds
    defend = ini.odds([1], [1], hold="defend")
    # the hero keeps its die and uses it at the round's end: the foe always opens
    assert defend.p_first == 0 and defend.actions_before == {0: 1, 1: 0}
    assert defend.mean_position == (2, 1) and defend.p_double == 0
    after = ini.odds([1], [1], hold="after-enemy")
    assert after.p_first == 0 and after.mean_position == (2, 1)
    # "always": the hero never acts (its die only answers attacks)
    never_acts = ini.odds([1], [1], hold="always")
    assert never_acts.p_participant_first == (0, 1) and never_acts.mean_position == (None, 1)
    assert never_acts.p_all_held == (0,)  # the foe acted
    # two dice against one, "defend": the hero keeps its highest die and acts with the
    # other on its turn; it opens iff its lower die is at least the foe's: a tie goes
    # to the hero (two dice of the value, or its held die in the tie-break: «включая
    # отложенные»). P = Σ_z ((7 - z)/6)² / 6 = 91/216
    r = ini.odds([2], [1], hold="defend")
    want = sum(
        Fraction(1, 216)
        for x in range(1, 7)
        for y in range(1, 7)
        for z in range(1, 7)
        if min(x, y) >= z
    )
    assert r.p_first == want == Fraction(91, 216)


def test_everyone_held_puts_everyone_on_edge_and_forbids_holding():
    # both sides hold until the other acts: nobody ever acts in round 1 (a standoff);
    # round 2 forbids holding, round 3 allows it again
    r = ini.odds([2], [2], hold="after-enemy", versus_hold="after-enemy", rounds=3)
    assert r.p_all_held == (1, 0, 1) and _nz(r.on_edge) == {2: 1}
    # only the forbidden round had actions: its statistics are the plain order's, over 3
    plain = ini.odds([2], [2])
    assert r.p_first == plain.p_first / 3 and r.p_double == plain.p_double / 3
    # one side never holds: somebody always acts
    r = ini.odds([2], [2], hold="always", rounds=2)
    assert r.p_all_held == (0, 0) and _nz(r.on_edge) == {0: 1}
    # heroes on edge take their weakness, supporting characters 3
    # («герои оказываются на взводе [−слабость], а персонажи второго плана — на взводе
    # [−3]»); a participant not marked has no scale (None), never a silent 3
    r = ini.odds([1, 1], [1], hold="always", versus_hold="always", weakness=[2, "s"], rounds=2)
    assert r.edge_penalty == (2, 3, None) and r.p_all_held == (1, 0)
    assert ini.odds([1], [2], versus_weakness="s", weakness=5).edge_penalty == (5, 3)
    assert ini.odds([1, 1], [1], weakness="2,?").edge_penalty == (2, None, None)
    sim = ini.odds([1, 1], [1], hold="always", versus_hold="always", rounds=2, trials=1_000, rng=1)
    assert [e.value for e in sim.p_all_held] == [1.0, 0.0]
    assert sim.on_edge[1].value == 1.0


def test_same_seed_same_numbers_any_workers():
    # four batches (two a worker), the last one short
    kw = dict(hold="after-enemy", versus_hold="defend", rounds=2, trials=3_500, rng=5)
    one = ini.odds([2, 2], [3], workers=1, batch_size=1_000, **kw)
    two = ini.odds([2, 2], [3], workers=2, batch_size=1_000, **kw)
    assert one.to_json() == two.to_json()
    assert ini.odds([2, 2], [3], workers=1, batch_size=1_000, **{**kw, "rng": 6}) != one


def test_a_users_policy_and_the_interface():
    class Coward(ini.HoldPolicy):
        name = "coward"

        def hold(self, view):  # keep every die below 4
            return view.value < 4

        def use(self, view):
            return view.end

    r = ini.odds([1], [1], hold=Coward())
    assert r.hold == ("coward", "never")
    # the hero acts first only with a die of 4+ that beats the foe's (or wins the coin)
    want = sum(
        Fraction(1, 36) * (1 if x > y else Fraction(1, 2) if x == y else 0)
        for x in range(4, 7)
        for y in range(1, 7)
    )
    assert r.p_first == want
    assert ini.HOLD_POLICIES == ("never", "defend", "reserve", "after-enemy", "always")

    class Bad(ini.HoldPolicy):
        name = "bad"

        def hold(self, view):
            return np.ones(len(view) + 1, dtype=bool)

    with pytest.raises(InputError, match=r"bad.hold\(view\) must be a bool array"):
        ini.odds([1], [1], hold=Bad())

    class NoName:
        name = ""

        def hold(self, view):
            return view.value > 9

        def use(self, view):
            return view.end

    with pytest.raises(InputTypeError, match="hold.name must be a non-empty string"):
        ini.odds([1], [1], hold=NoName())
    with pytest.raises(InputTypeError, match="an object with hold"):
        ini.odds([1], [1], hold=object())

    class Unnamed(ini.HoldPolicy):  # inherits the name "never" but holds
        def hold(self, view):
            return np.ones(len(view), dtype=bool)

    with pytest.raises(InputError, match="hold.name must be a name of your own"):
        ini.odds([1], [1], hold=Unnamed())
    with pytest.raises(InputError, match="hold must be one of 'never', 'defend'"):
        ini.odds([1], [1], hold="Never")
