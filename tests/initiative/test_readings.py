"""The readings of issue 27, each against ``as_written`` (an oracle written from the rule
text alone: every roll, coin, target and success roll enumerated, the round played one
action at a time), on setups of at most five dice. The oracle's figures of three dice
holding against two are written out, and every rule at once is played on one die against
two (``DICESTATS_FUZZ=deep`` plays the oracle on both as before)."""

import os
from fractions import Fraction

import pytest

from dicestats import initiative as ini
from dicestats.initiative.engine import Combat

from .as_written import defence_round, summary

DEEP = os.environ.get("DICESTATS_FUZZ", "").strip().lower() == "deep"


def test_an_attack_sets_aside_the_highest_die():
    # «Чтобы атаковать, необходимо отложить кубик с наивысшим значением инициативы»:
    # a foe keeping its highest die attacks on its next turn with it (and at it)
    text = summary(defence_round([1], [2], versus_hold="defend"))
    old = summary(defence_round([1], [2], versus_hold="defend", spend="turn"))
    assert (old["mean_slow"], old["p_slow_round"]) == (Fraction(15, 13), Fraction(55, 216))
    assert (text["mean_slow"], text["p_slow_round"]) == (Fraction(35, 13), Fraction(85, 216))
    r = ini.defence([1], [2], versus_hold="defend")
    assert (r.mean_slow, r.p_slow_round) == (text["mean_slow"], text["p_slow_round"])
    assert r.p_defended == text["p_defended"] == Fraction(91, 432)
    # both sides attack, the hero keeping a die in reserve: 2261/2592 before
    text = summary(defence_round([2], [2], hold="reserve", attackers="both"))
    assert text["mean_slow"] == Fraction(2555, 2592)
    r = ini.defence([2], [2], attackers="both", hold="reserve")
    assert r.mean_slow == text["mean_slow"] and r.p_slow_round == text["p_slow_round"]


@pytest.mark.parametrize("kept", ["at-die", "equal"])
def test_an_attack_with_a_kept_die_at_its_value_or_at_equal_initiative(kept):
    # the two readings of «А если от действия выжидавшего кто-то защищается, то
    # считается, что у них одинаковая инициатива» for an attack on the attacker's turn
    # that spends its kept die
    text = summary(defence_round([1], [2], versus_hold="defend", kept=kept))
    r = ini.defence([1], [2], versus_hold="defend", kept_attack=kept)
    assert r.kept_attack == kept
    assert (r.mean_slow, r.p_slow_round, r.p_defended) == (
        text["mean_slow"],
        text["p_slow_round"],
        text["p_defended"],
    )
    both = dict(attackers="both", hold="reserve", versus_hold="defend")
    text = summary(defence_round([1, 1], [2], kept=kept, **both))
    r = ini.defence([1, 1], [2], kept_attack=kept, **both)
    assert (r.mean_slow, r.p_defendable, r.p_defended) == (
        text["mean_slow"],
        text["p_defendable"],
        text["p_defended"],
    )
    if kept == "equal":  # never slow against the kept die: only the foe's second attack
        assert r.mean_slow < ini.defence([1, 1], [2], **both).mean_slow


# The oracle's figures of three hero dice holding against two foe dice (docs/rules/initiative.md
# prints the attacks answered): playing its 7,776 rolls costs 0.4 s of CPU, so the figures are
# written here and DICESTATS_FUZZ=deep plays the oracle again.
HOLDING_3_VS_2 = {
    "defend": (Fraction(6175, 7776), Fraction(8799, 12350), Fraction(4289, 7776)),
    "reserve": (Fraction(7267, 7776), Fraction(7791, 14534), Fraction(3617, 7776)),
}


def test_defend_holds_the_first_die_only_and_reserve_keeps_one():
    # the defender keeps the die of its first turn, acts with the rest: 6175/7776 of the
    # attacks answered; keeping a die in reserve all round ("reserve", the old
    # "defend"): 7267/7776 (p_defended, mean_slow, p_slow_round)
    for policy, want in HOLDING_3_VS_2.items():
        if DEEP:
            text = summary(defence_round([3], [2], hold=policy))
            assert (text["p_defended"], text["mean_slow"], text["p_slow_round"]) == want, policy
        r = ini.defence([3], [2], hold=policy)
        assert (r.p_defended, r.mean_slow, r.p_slow_round) == want, policy


@pytest.mark.parametrize("every", [False, True])
def test_the_defender_decides_after_seeing_the_attack(every):
    # «Ты можешь решить … после того как узнаешь, насколько эффективна была атака»: by
    # default the target answers only an attack that scored; answer_every is the habit
    # of answering them all
    how = dict(attack=(1, 5), defend=(1, 4), answer="every" if every else "if-hit")
    text = defence_round([1], [1, 1], **how)
    rolls = dict(attack=ini.SuccessRoll(1), defend=ini.SuccessRoll(1, 4))
    r = ini.defence([1], [1, 1], answer_every=every, **rolls)
    assert r.answer_every is every
    assert r.p_defended == text["answered"] / text["attacks"]
    assert r.responses[0] == text[("answers", 0)] / text["attacks"]
    assert r.mean_wound == text["wound"] / text["attacks"]
    assert r.mean_advantage == text["advantage"] / text["responses"]
    if every:  # fewer attacks answered when the target waits to see them
        assert r.p_defended > ini.defence([1], [1, 1], **rolls).p_defended


def test_the_engine_default_is_the_text():
    assert Combat().if_hit is True
    assert ini.HOLD_POLICIES == ("never", "defend", "reserve", "after-enemy", "always")


# A holder after the enemy, a foe keeping its first die, both sides attacking, a kept die's
# attack at equal initiative and success rolls, all in one round: one hero die against two
# foe dice, where each of these (the hold, the foe's hold, the kept die's reading, the rolls)
# changes the figures; with two hero dice the oracle took 0.5 s of CPU (0.08 s with one),
# and runs with DICESTATS_FUZZ=deep.
HOLDERS_AND_ROLLS = dict(
    hold="after-enemy",
    versus_hold="defend",
    attackers="both",
    kept="equal",
    attack=(1, 5),
    defend=(1, 5),
)
CROSS = [
    ([1, 1], [2], dict(versus_hold="defend", attackers="both")),
    ([2], [1, 1], dict(hold="reserve")),
    ([1], [2], HOLDERS_AND_ROLLS),
]
DEEP_CROSS = [([2], [2], HOLDERS_AND_ROLLS)]


@pytest.mark.parametrize("a,b,how", CROSS + (DEEP_CROSS if DEEP else []))
def test_the_engine_plays_the_text_oracles_rounds(a, b, how):
    """Companions, holders stepping in, kept dice and success rolls together: the
    engine's enumeration against the oracle's, figure by figure."""
    text = defence_round(a, b, **how)
    kw = {k: how[k] for k in ("attackers", "hold", "versus_hold") if k in how}
    if "attack" in how:
        kw.update(attack=ini.SuccessRoll(*how["attack"]), defend=ini.SuccessRoll(*how["defend"]))
    r = ini.defence(a, b, kept_attack=how.get("kept", "at-die"), **kw)
    att, resp = text["attacks"], text["responses"]

    def per(name, den):
        return {k[1]: v / den for k, v in text.items() if isinstance(k, tuple) and k[0] == name}

    assert r.mean_attacks == att
    assert r.p_defendable == text.get("able", 0) / att
    assert r.p_defended == text.get("answered", 0) / att
    assert r.p_slow_round == text.get("slow_round", 0)
    assert {k: v for k, v in r.slow.items() if v} == {
        k: v for k, v in per("slow", resp).items() if v
    }
    assert {k: v for k, v in r.responses.items() if v} == per("answers", att)
    if "attack" in how:
        assert r.mean_wound == text["wound"] / att
        assert r.mean_advantage == text["advantage"] / resp
