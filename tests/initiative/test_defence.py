"""Defence (:func:`~dicestats.initiative.defence`, exact and by Monte Carlo) against the
exact oracles, the enumeration against the simulation, and worked examples."""

import json
from fractions import Fraction

import numpy as np
import pytest

from dicestats import InputError
from dicestats import initiative as ini
from dicestats.core import montecarlo as mc

from .oracle import close, ref_defence, ref_fight

S = ini.SuccessRoll


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
    # the readings this project used before: the order re-evaluated after every action,
    # the target alone answers, or a companion covers a slow or empty-handed target
    a, b, attackers, cover = setup
    acc, out = ref_defence(a, b, attackers, cover)
    respond = "cover" if cover else "target"
    r = ini.defence(
        a, b, trials=10_000, rng=17, attackers=attackers, respond=respond, order="action"
    )
    ex = ini.defence(a, b, attackers=attackers, respond=respond, order="action")
    assert ex.mean_attacks == acc["attacks"]
    assert ex.p_defendable == ex.p_defended == acc["defended"] / acc["attacks"]
    assert {k: v for k, v in ex.slow.items() if v} == {
        k: s / acc["defended"] for k, s in enumerate(acc["slow"]) if s
    }
    assert {k: v for k, v in ex.out_of_dice.items() if v} == out
    assert (
        close(r.mean_attacks, acc["attacks"])
        or r.mean_attacks.stderr == 0
        and (r.mean_attacks.value == float(acc["attacks"]))
    )
    assert close(r.p_defendable, acc["defended"] / acc["attacks"])
    assert r.p_defended.value == r.p_defendable.value  # everyone able defends
    for k in range(6):
        assert close(r.slow[k], acc["slow"][k] / acc["defended"]), k
    for k, p in out.items():
        assert close(r.out_of_dice[k], p) or r.out_of_dice[k].value == float(p)


def test_wounds_with_pluggable_rolls():
    # Attack 2d6 vs a defence of 0 dice, armour 1d6, success on 5+: whether or not
    # the hero defends, its defence scores 0, so a wound is max(A - R, 0).
    att, dfd, arm = ini.SuccessRoll(2), ini.SuccessRoll(0), ini.SuccessRoll(1)
    r = ini.defence([1], [1], trials=60_000, rng=4, attack=att, defend=dfd, armour=arm)
    ex = ini.defence([1], [1], attack=att, defend=dfd, armour=arm)
    # A ~ Bin(2, 1/3), R ~ Bin(1, 1/3): E[max(A - R, 0)] and P(A - R > 0)
    pa = [Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]
    pr = [Fraction(2, 3), Fraction(1, 3)]
    ew = sum(pa[x] * pr[y] * max(x - y, 0) for x in range(3) for y in range(2))
    pw = sum(pa[x] * pr[y] for x in range(3) for y in range(2) if x > y)
    assert close(r.mean_wound, ew) and close(r.p_wounding, pw)
    assert ex.mean_wound == ew and ex.p_wounding == pw
    assert ex.margin == {
        k: sum(pa[x] * pr[y] for x in range(3) for y in range(2) if max(x - y, 0) == k)
        for k in range(3)
    }
    assert r.mean_advantage.value == 0  # a 0-dice defence never beats the attack
    assert ex.advantage == {0: 1}
    assert "the user's assumption" in ex.assumption and "2d6, 5+ succeeds" in ex.assumption
    assert str(r.mean_wound).startswith("0.4") and str(r.p_wounding).split()[0].endswith("%")


def test_the_target_answers_only_an_attack_that_scored():
    # «Ты можешь решить, будешь ты совершать ответное действие или нет, после того как
    # узнаешь, насколько эффективна была атака»: by default an attack that can never
    # score is never answered, though every one could have been half the time
    never = ini.SuccessRoll(0)
    r = ini.defence([1], [1], trials=20_000, rng=2, attack=never, defend=never)
    assert r.p_defended.value == 0 and close(r.p_defendable, Fraction(1, 2))
    assert np.isnan(r.slow[0].value)  # no defence at all: no slow distribution
    assert r.answer_every is False
    # the table habit (answer_every): every attack the target can answer is answered
    ex = ini.defence([1], [1], attack=never, defend=never, answer_every=True)
    assert ex.p_defended == ex.p_defendable == Fraction(1, 2) and ex.answer_every is True
    # attack 1d6 (success 5+, 1/3): answered iff able and the attack scored
    r = ini.defence(
        [1], [1], trials=40_000, rng=3, attack=ini.SuccessRoll(1), defend=ini.SuccessRoll(1)
    )
    assert close(r.p_defended, Fraction(1, 6))
    with pytest.raises(ValueError, match="answer_every must be omitted without success rolls"):
        ini.defence([1], [1], trials=10, answer_every=True)


def test_cover_never_leaves_more_slow_defences():
    # 14% against 28% of the answers: about 30 standard errors apart at 5,000 rounds
    base = ini.defence([3, 3, 3], [2, 2, 2], trials=5_000, rng=5, respond="target")
    cov = ini.defence([3, 3, 3], [2, 2, 2], trials=5_000, rng=5, respond="cover")
    assert cov.slow[0].value > base.slow[0].value
    assert abs(sum(e.value for e in base.slow.values()) - 1) < 1e-9


def test_ratio_estimate_matches_direct_delta_method():
    rng = np.random.default_rng(0)
    x = rng.integers(1, 5, size=500)
    y = rng.binomial(x, 0.3)
    e = mc.ratio_estimate(y.sum(), x.sum(), (y * y).sum(), (x * x).sum(), (x * y).sum(), 500)
    r = y.sum() / x.sum()
    se = np.sqrt(((y - r * x) ** 2).sum() / (500 * 499)) / x.mean()
    assert e.value == pytest.approx(r) and e.stderr == pytest.approx(se)


def test_same_seed_identical_any_workers():
    kw = dict(rng=8, batch_size=2_000, attack=ini.SuccessRoll(2), defend=ini.SuccessRoll(2))
    a = ini.defence([3, 3], [2, 2], trials=6_000, workers=1, **kw)  # three batches
    b = ini.defence([3, 3], [2, 2], trials=6_000, workers=2, **kw)
    for key in a.raw.totals:
        assert np.array_equal(np.asarray(a.raw[key]), np.asarray(b.raw[key])), key


@pytest.mark.parametrize(
    "kwargs,exc,words",
    [
        (dict(attackers="all"), ValueError, "attackers"),
        (dict(attack=ini.SuccessRoll(2)), ValueError, "give both"),
        (dict(armour=ini.SuccessRoll(2)), ValueError, "armour"),
        (dict(attack=3, defend=3), TypeError, "SuccessRoll"),
        (dict(attack=lambda rng, shape: 0, defend=S(1)), TypeError, "RollTable"),
        (dict(respond="all"), ValueError, "respond must be one of"),
        (dict(slow_cost=-1), ValueError, "slow_cost"),
        (dict(hold="wait"), ValueError, "hold must be one of"),
        (dict(versus_hold=["never", "x"]), ValueError, "one policy for the side"),
        (dict(rounds=0), ValueError, "rounds"),
    ],
)
def test_bad_input(kwargs, exc, words):
    with pytest.raises(exc, match=words):
        ini.defence([3], [2], trials=100, **kwargs)
    with pytest.raises(exc, match=words):
        ini.defence([1], [1], **kwargs)
    with pytest.raises(ValueError, match="success"):
        ini.SuccessRoll(2, success=9)


def test_exact_refuses_float_tables_and_big_enumerations():
    table = ini.RollTable({0: 0.5, 1: 0.5})
    with pytest.raises(InputError, match="exact probabilities"):
        ini.defence([1], [1], attack=table, defend=table)
    r = ini.defence([1], [1], attack=table, defend=table, exact=False)
    assert isinstance(r.mean_wound, float)
    with pytest.raises(InputError, match=r"exact states must be at most 300,000 in exact mode"):
        ini.defence([2], [2], attack=S(12), defend=S(12), armour=S(12))


def test_result_vocabulary_and_json():
    rolls = {"attack": ini.SuccessRoll(2), "defend": ini.SuccessRoll(2)}
    r = ini.defence([2], [1, 1], trials=2_000, rng=1, **rolls)
    data = json.loads(r.to_json())
    assert data["exact"] is False and data["trials"] == 2_000 and "raw" not in data
    assert set(data["slow"]) == {"0", "1", "2", "3", "4", "5"}
    assert data["p_defendable"]["kind"] == "proportion"
    assert data["mean_wound"]["kind"] == "mean"
    ex = json.loads(ini.defence([1], [1], **rolls).to_json())
    assert set(ex) == set(data) and ex["exact"] is True and ex["trials"] is None
    assert ex["assumption"].endswith("the user's assumption, not the game's odds")


# ---------------------------------------------------------------- every defender
def _combat(**kw):
    base = dict(
        attackers="versus",
        respond="every",
        attack=None,
        defend=None,
        armour=None,
        slow_cost=1,
        if_hit=True,  # the text: the target answers only an attack that scored
    )
    base.update(kw)
    return base


def _api_kwargs(c):
    kw = dict(attackers=c["attackers"], respond=c["respond"])
    if c["attack"]:  # the slow cost counts successes: with success rolls only
        kw.update(attack=S(*c["attack"]), defend=S(*c["defend"]), slow_cost=c["slow_cost"])
        kw["answer_every"] = not c["if_hit"]
        if c["armour"]:
            kw["armour"] = S(*c["armour"])
    return kw


ORACLE_CASES = [
    ([1, 1], [1], "never", "never", 1, "tier", _combat()),
    ([1, 1], [1], "never", "never", 1, "action", _combat(respond="cover")),
    ([1, 1], [1], "defend", "never", 1, "tier", _combat(attack=(2, 5), defend=(1, 5))),
    ([1, 1], [1], "never", "never", 1, "tier", _combat(attack=(1, 5), defend=(1, 5), if_hit=False)),
    # an attack sets aside the attacker's highest die: a held one above its turn's die
    ([1], [2], "never", "defend", 1, "tier", _combat()),
    ([2], [2], "reserve", "defend", 1, "tier", _combat(attackers="both")),
    (
        [1, 1],
        [1],
        "always",
        "never",
        1,
        "tier",
        _combat(respond="target", attack=(2, 5), defend=(2, 5), armour=(1, 5)),
    ),
    (
        [2],
        [1],
        "never",
        "after-enemy",
        2,
        "tier",
        _combat(attackers="both", attack=(1, 4), defend=(1, 5), slow_cost=0),
    ),
    (
        [1, 1],
        [1],
        "hold-sixes",
        "defend",
        1,
        "tier",
        _combat(attack=(1, 3), defend=(1, 5), armour=(1, 6)),
    ),
]


class HoldSixes(ini.HoldPolicy):
    """The oracle's "hold-sixes", as a user writes it for the API."""

    name = "hold-sixes"

    def hold(self, view):
        return view.value == 6

    def use(self, view):
        return view.enemy_acted | view.end


def _policy(name):
    return HoldSixes() if name == "hold-sixes" else name


@pytest.mark.parametrize("case", ORACLE_CASES, ids=[str(i) for i in range(len(ORACLE_CASES))])
def test_enumeration_matches_the_step_by_step_oracle(case):
    a, b, ha, hb, rounds, order, c = case
    total, all_held, _ = ref_fight(a, b, ha, hb, rounds, "all", order, c)
    r = ini.defence(
        a,
        b,
        hold=_policy(ha),
        versus_hold=_policy(hb),
        rounds=rounds,
        order=order,
        **_api_kwargs(c),
    )
    att, resp = total["attacks"], total.get("responses", 0)

    def hist(name, den):
        return {
            k[1]: v / den for k, v in total.items() if isinstance(k, tuple) and k[0] == name and v
        }

    def nz(d):
        return {k: v for k, v in d.items() if v}

    assert r.mean_attacks == att / rounds
    assert r.p_defendable == total.get("able", 0) / att
    assert r.p_defended == total.get("defended", 0) / att
    assert nz(r.responses) == hist("resp_k", att)
    assert r.p_target_responds == total.get("target_resp", 0) / att
    assert r.mean_companion_responses == total.get("comp_resp", 0) / att
    assert r.p_slow_round == total.get("slow_round", 0) / rounds
    assert nz(r.out_of_dice) == hist("out", rounds)
    assert list(r.p_all_held) == all_held
    if resp:
        assert nz(r.slow) == hist("slow", resp)
    if c["attack"]:
        assert nz(r.margin) == hist("margin", att)
        assert r.mean_wound == total.get("wound", 0) / att
        assert r.p_wounding == total.get("wounding", 0) / att
        assert r.mean_wounds_by_side == tuple(
            total.get(("wound_by", side), 0) / rounds for side in (0, 1)
        )
        assert nz(r.advantage) == hist("adv", resp)
        assert r.mean_advantage == total.get("adv_sum", 0) / resp


# The enumerations are what cost here (the simulations 0.05-0.2 s each): two against two
# with every roll (was three heroes against a foe of 2 dice: 1.6 s) and a holder of two
# dice with a companion of one (was two holders of two dice: 3.2 s) check the same rules.
# The holder's defence rolls one die (with two: 0.65-1.1 s of CPU to enumerate, 0.3-0.4 s
# with one); the attack still rolls two, and a lost hold or a defence of two dice is some
# 25 standard errors away at 8,000 rounds.
SIM_CASES = [
    ([2, 1], [2], dict()),
    ([1, 1], [1, 1], dict(attack=S(2), defend=S(1), armour=S(1))),
    ([2, 1], [2], dict(hold="defend", attack=S(2), defend=S(1))),
    (
        [2],
        [2, 1],
        dict(
            attackers="both",
            hold="after-enemy",
            versus_hold="defend",
            rounds=2,
            attack=S(1),
            defend=S(1),
            respond="target",
            answer_every=True,
        ),
    ),
    ([1, 1], [2], dict(hold="always", versus_hold="always", rounds=3, order="action")),
]


@pytest.mark.parametrize("case", SIM_CASES, ids=[str(i) for i in range(len(SIM_CASES))])
def test_simulation_agrees_with_the_enumeration(case, exact_defence):
    a, b, kw = case
    ex = exact_defence(a, b, **kw)
    sim = ini.defence(a, b, trials=8_000, rng=99, **kw)
    assert type(ex) is type(sim) and list(ex.as_dict()) == list(sim.as_dict())
    checked = 0
    for name, x in ex.as_dict().items():
        y = getattr(sim, name)
        if isinstance(x, Fraction):
            assert close(y, x), (name, float(x), y)
            checked += 1
        elif isinstance(x, dict) and x and all(isinstance(v, Fraction) for v in x.values()):
            for k, v in x.items():
                assert close(y[k], v) or (v == 0 and y[k].value == 0), (name, k, float(v), y[k])
                checked += 1
        elif isinstance(x, list) and name == "p_all_held":
            for e, v in zip(y, x, strict=True):
                assert close(e, v) or e.value == float(v), (name, float(v), e)
    assert checked > 10


def test_every_defender_worked_examples():
    # two heroes with one die each against one foe die, tier order, no success rolls:
    # the foe's attack on one hero is answered by the target if it still has its die,
    # and, if that answer is slow (or the target has no die), by the companion whose
    # die is at least the foe's. Each answers at most once.
    r = ini.defence([1, 1], [1])
    assert r.respond == "every" and set(r.responses) == {0, 1, 2}
    assert sum(r.responses.values()) == 1
    assert r.responses[2] > 0  # a slow target and a fast companion, both answer
    # a companion is never slow: every slow answer is the target's
    target = ini.defence([1, 1], [1], respond="target")
    assert target.mean_companion_responses == 0 and target.responses[2] == 0
    assert r.p_defendable > target.p_defendable  # companions cover an empty-handed target


def test_holding_and_the_equal_initiative_rule():
    # The foe holds its one die (policy "defend") and attacks with it at the round's
    # end. A hero that never holds has already acted by then: nobody can answer.
    late = ini.defence([1], [1], versus_hold="defend")
    assert late.p_defendable == 0 and late.out_of_dice == {0: 0, 1: 1}
    # A hero that holds its die ("always": it answers, never acts) answers every attack;
    # against a holder's action it counts as having equal initiative: never slow,
    # whatever its die («считается, что у них одинаковая инициатива»)
    both = ini.defence([1], [1], hold="always", versus_hold="defend")
    assert both.p_defended == 1 and both.slow == {0: 1, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
    # a foe that does not hold attacks on its turn: the hero's held die answers slow
    # whenever it is lower, P(h >= a) = 21/36 at full speed
    plain = ini.defence([1], [1], hold="always")
    assert plain.p_defended == 1 and plain.slow[0] == Fraction(7, 12)
    assert plain.slow[5] == Fraction(1, 36) and sum(plain.slow.values()) == 1


def test_armour_counts_after_a_failed_defence_or_instead_of_one():
    # armour 6d6 (5+) against an attack of 1d6 that always hits... an attack that never
    # scores leaves nothing for armour; an undefended attack meets armour alone
    always = ini.RollTable({1: 1})
    r = ini.defence(
        [1], [1], order="action", respond="target", attack=always, defend=S(0), armour=S(1)
    )
    # margin 1 is removed by one armour success (1/3): wound 1 with 2/3
    assert r.margin == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    # a defence that removes the margin first: armour never rolls, the excess is an
    # advantage
    r = ini.defence(
        [1],
        [1],
        order="action",
        respond="target",
        attack=always,
        defend=ini.RollTable({2: 1}),
        armour=S(1),
        slow_cost=0,
    )
    # defended (half the attacks): margin 0, advantage 1; undefended: armour alone
    assert r.margin == {
        0: Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 3),
        1: Fraction(1, 2) * Fraction(2, 3),
    }
    assert r.advantage == {0: 0, 1: 1, 2: 0}
