"""Tests for dicestats.fate against brute-force enumeration and the seed texts.

Every reference value here is computed in this file, independently of the
module: by ``itertools.product`` over die faces, by explicit recursion over
game states, or by enumerating permutations of a small deck.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats import fate
from dicestats.core.dist import Dist

from .oracle import FACES, brute_contest, brute_dice, brute_exchange

F = Fraction


# --------------------------------------------------------------------------
# Independent brute force
# --------------------------------------------------------------------------


def brute_outcome(bonus, difficulty=None, opposed=None, dice=4, helpers=0):
    """Outcome counts over every face combination (of both sides when opposed)."""
    counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    mine = brute_dice(dice)
    theirs = {0: 1} if opposed is None else brute_dice(dice)
    opp_bonus = difficulty if opposed is None else opposed
    den = 0
    for a, wa in mine.items():
        for b, wb in theirs.items():
            s = a + bonus + helpers - (b + opp_bonus)
            key = "fail" if s < 0 else "tie" if s == 0 else "success" if s <= 2 else "style"
            counts[key] += wa * wb
            den += wa * wb
    return {k: F(v, den) for k, v in counts.items()}


def brute_outcome_faces(bonus, difficulty, dice):
    """The same, listing the faces directly (no grouping by total)."""
    counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    rolls = list(itertools.product(FACES, repeat=dice))
    for faces in rolls:
        s = sum(faces) + bonus - difficulty
        key = "fail" if s < 0 else "tie" if s == 0 else "success" if s <= 2 else "style"
        counts[key] += 1
    return {k: F(v, len(rolls)) for k, v in counts.items()}


# --------------------------------------------------------------------------
# Dice, the seed's examples, the ladder
# --------------------------------------------------------------------------
def test_4df_counts_match_enumeration():
    d = fate.fate_dice(4, exact=True)
    assert d.weights == (1, 4, 10, 16, 19, 16, 10, 4, 1)  # RULES.md §1
    for n in range(1, 7):
        ref = brute_dice(n)
        d = fate.fate_dice(n, exact=True)
        assert d.support() == (-n, n)
        for t, c in ref.items():
            assert d.pmf(t) == F(c, 3**n)


def test_float_dice_agree_with_exact():
    for n in (1, 4, 6, 30):
        a, b = fate.fate_dice(n), fate.fate_dice(n, exact=True)
        assert a.isclose(b, atol=1e-12)


# Seed 001, verbatim (full-width glyphs): "－＋０＋＝＋１＋－００＝０" and
# "＋＋＋－＝＋２－０００＝－１": four rolls and their totals.
SEED_LINES = ("－＋０＋＝＋１＋－００＝０", "＋＋＋－＝＋２－０００＝－１")
SEED_EXAMPLES = [("－＋０＋", 1), ("＋－００", 0), ("＋＋＋－", 2), ("－０００", -1)]


def _split_seed_line(line: str):
    """Split a seed line into (faces, stated total) pairs: 4 glyphs '＝' signed digit."""
    pat = re.compile(r"([＋－０]{4})＝([＋－]?[０-９])")
    out = []
    for faces, total in pat.findall(line):
        total = total.translate(str.maketrans("＋－０１２３４５６７８９", "+-0123456789"))
        out.append((faces, int(total)))
    return out


def test_seed_lines_split_into_the_four_examples():
    pairs = [p for line in SEED_LINES for p in _split_seed_line(line)]
    assert pairs == SEED_EXAMPLES


@pytest.mark.parametrize("faces,total", SEED_EXAMPLES)
def test_seed_001_examples(faces, total):
    assert fate.dice_total(faces) == total


@pytest.mark.parametrize(
    "faces,total",
    [
        ("-+0+", 1),
        ("+-00", 0),
        ("+++-", 2),
        ("-000", -1),
        ("−+0+", 1),  # U+2212 minus sign
        ("− + 0 +", 1),
        ([-1, "+", 0, 1], 1),
        ((1, -1, 0, 0), 0),
    ],
)
def test_dice_total_accepts_every_glyph(faces, total):
    assert fate.dice_total(faces) == total


def test_seed_file_examples_if_present():
    path = Path(__file__).resolve().parents[3] / "shared/rules/seeds/001_e206200d67a722b1.txt"
    if not path.exists():
        pytest.skip("seed text not available in this checkout")
    text = path.read_text(encoding="utf-8")
    pairs = [p for line in text.splitlines() for p in _split_seed_line(line)]
    assert pairs == SEED_EXAMPLES
    for faces, total in pairs:
        assert fate.dice_total(faces) == total


@pytest.mark.parametrize("bad", ["+x0+", "", [2], [True], 3.0, None])
def test_dice_total_rejects_bad_faces(bad):
    with pytest.raises((ValueError, TypeError), match="faces"):
        fate.dice_total(bad)


def test_ladder():
    assert fate.ladder_name(8) == "Legendary (+8)"
    assert fate.ladder_name(0) == "Mediocre (+0)"
    assert fate.ladder_name(-2) == "Terrible (-2)"
    assert sorted(fate.LADDER) == list(range(-2, 9))
    assert fate.ladder_name(-3) == "-3"


# --------------------------------------------------------------------------
# Outcomes
# --------------------------------------------------------------------------
def test_outcomes_against_brute_force_grid():
    for bonus in range(-1, 4):
        for diff in range(-2, 7):
            ref = brute_outcome(bonus, difficulty=diff)
            got = fate.outcome_probs(bonus, difficulty=diff, exact=True).as_dict()
            assert got == ref, (bonus, diff)
            flt = fate.outcome_probs(bonus, difficulty=diff).as_dict()
            for k in ref:
                assert isinstance(flt[k], float)
                assert abs(flt[k] - float(ref[k])) <= 1e-12


@pytest.mark.parametrize("dice", [1, 2, 3, 6])
def test_outcomes_other_dice_counts_by_faces(dice):
    for bonus, diff in [(0, 0), (2, 1), (-1, 2), (3, 6)]:
        ref = brute_outcome_faces(bonus, diff, dice)
        assert fate.outcome_probs(bonus, difficulty=diff, dice=dice, exact=True).as_dict() == ref


def test_opposed_against_brute_force_over_both_rolls():
    # 8 dice listed face by face: 6561 rolls.
    rolls = list(itertools.product(FACES, repeat=8))
    for a, b in [(0, 0), (2, 1), (1, 3), (3, -1)]:
        counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
        for faces in rolls:
            s = sum(faces[:4]) + a - (sum(faces[4:]) + b)
            key = "fail" if s < 0 else "tie" if s == 0 else "success" if s <= 2 else "style"
            counts[key] += 1
        ref = {k: F(v, len(rolls)) for k, v in counts.items()}
        assert fate.outcome_probs(a, opposed=b, exact=True).as_dict() == ref


def test_helpers_add_one_each_and_cap():
    for h in range(3):
        assert fate.outcome_probs(1, difficulty=3, helpers=h, exact=True).as_dict() == (
            brute_outcome(1 + h, difficulty=3)
        )
    with pytest.raises(ValueError, match="helpers"):
        fate.outcome_probs(0, difficulty=0, helpers=3, max_helpers=2)
    with pytest.raises(ValueError, match="helpers"):
        fate.outcome_probs(0, difficulty=0, helpers=-1)


def test_shifts_mean_and_partition_helpers():
    sh = fate.shifts(2, difficulty=3, exact=True)
    assert sh.mean() == -1
    o = fate.outcome_probs(2, difficulty=3, exact=True)
    assert o.p_success_or_better == o.success + o.style
    assert o.p_tie_or_better == 1 - o.fail
    assert [fate.classify(s) for s in range(-2, 5)] == [
        "fail",
        "fail",
        "tie",
        "success",
        "success",
        "style",
        "style",
    ]


@settings(max_examples=40, deadline=None)
@given(
    bonus=st.integers(-6, 8),
    diff=st.integers(-4, 10),
    dice=st.integers(1, 8),
    helpers=st.integers(0, 3),
)
def test_outcomes_partition_and_float_agree(bonus, diff, dice, helpers):
    ex = fate.outcome_probs(bonus, difficulty=diff, dice=dice, helpers=helpers, exact=True)
    assert sum(ex.as_dict().values()) == 1
    assert all(0 <= p <= 1 for p in ex.as_dict().values())
    fl = fate.outcome_probs(bonus, difficulty=diff, dice=dice, helpers=helpers)
    for k in fate.OUTCOMES:
        assert abs(getattr(fl, k) - float(getattr(ex, k))) <= 1e-12
    # A higher bonus never lowers P(success or better).
    up = fate.outcome_probs(bonus + 1, difficulty=diff, dice=dice, helpers=helpers, exact=True)
    assert up.p_success_or_better >= ex.p_success_or_better


def test_exactly_one_opposition():
    with pytest.raises(ValueError, match="difficulty"):
        fate.outcome_probs(1)
    with pytest.raises(ValueError, match="difficulty"):
        fate.outcome_probs(1, difficulty=1, opposed=1)


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"dice": 0, "difficulty": 1}, "dice"),
        ({"dice": 2.5, "difficulty": 1}, "dice"),
        ({"difficulty": "3"}, "difficulty"),
        ({"difficulty": 1, "exact": "yes"}, "exact"),
        ({"opposed": True}, "opposed"),
    ],
)
def test_bad_input_names_the_parameter(kwargs, name):
    with pytest.raises((ValueError, TypeError), match=name):
        fate.outcome_probs(0, **kwargs)


def test_outcome_table_records_and_frame():
    rows = fate.outcome_table(range(-1, 4), range(-2, 7), exact=True)
    assert len(rows) == 45
    for r in rows:
        ref = brute_outcome(r["bonus"], difficulty=r["difficulty"])
        assert {k: r[k] for k in fate.OUTCOMES} == ref
        assert r["fail"] + r["tie"] + r["success"] + r["style"] == 1
    df = fate.outcome_table([0, 1], [1, 2], as_frame=True)
    assert list(df["bonus"]) == [0, 0, 1, 1]
    assert {"fail", "tie", "success", "style", "difficulty_name"} <= set(df.columns)
    assert np.allclose(df[list(fate.OUTCOMES)].sum(axis=1), 1.0, atol=1e-12)


# --------------------------------------------------------------------------
# Action yields
# --------------------------------------------------------------------------
def _brute_shift_counts(bonus, diff):
    out = {}
    for faces in itertools.product(FACES, repeat=4):
        s = sum(faces) + bonus - diff
        out[s] = out.get(s, 0) + 1
    return out


@pytest.mark.parametrize("bonus,diff", [(0, 0), (2, 1), (3, 5), (1, -2)])
def test_attack_expected_stress_and_boost(bonus, diff):
    counts = _brute_shift_counts(bonus, diff)
    stress = sum(F(c * s, 81) for s, c in counts.items() if s > 0)
    traded = sum(F(c * (s - 1 if s >= 3 else s), 81) for s, c in counts.items() if s > 0)
    ties = F(counts.get(0, 0), 81)
    style = sum(F(c, 81) for s, c in counts.items() if s >= 3)
    a = fate.attack(bonus, difficulty=diff, exact=True)
    assert a["expected_stress"] == stress
    assert a["p_boost"] == ties
    assert a["stress"].mean() == stress
    t = fate.attack(bonus, difficulty=diff, trade_for_boost=True, exact=True)
    assert t["expected_stress"] == traded
    assert t["p_boost"] == ties + style


@pytest.mark.parametrize("bonus,diff", [(0, 0), (2, 1), (3, 5)])
def test_create_advantage_by_brute_force(bonus, diff):
    counts = _brute_shift_counts(bonus, diff)

    def expect(value_of_shift):
        return sum(F(c, 81) * value_of_shift(s) for s, c in counts.items())

    # new aspect: fail 0, tie a boost (1 free invoke), success 1, style 2
    def inv(s):
        return 0 if s < 0 else 1 if s < 3 else 2

    for aspect in ("new", "reveal", "known"):
        r = fate.create_advantage(bonus, difficulty=diff, aspect=aspect, exact=True)
        assert r["expected_free_invokes"] == expect(inv)
        assert sum(p for _, p in r["free_invokes"].items()) == 1
    new = fate.create_advantage(bonus, difficulty=diff, aspect="new", exact=True)
    assert new["p_boost"] == expect(lambda s: s == 0)
    assert new["p_aspect"] == expect(lambda s: s >= 1)
    rev = fate.create_advantage(bonus, difficulty=diff, aspect="reveal", exact=True)
    assert rev["p_boost"] == 0
    assert rev["p_aspect"] == expect(lambda s: s >= 0)
    opp = fate.create_advantage(
        bonus, difficulty=diff, aspect="new", fail_option="opposition_invokes", exact=True
    )
    assert opp["expected_opposition_invokes"] == expect(lambda s: s < 0)
    assert opp["p_aspect"] == expect(lambda s: s != 0)


def test_overcome_and_defend():
    counts = _brute_shift_counts(1, 2)

    def pr(pred):
        return sum(F(c, 81) for s, c in counts.items() if pred(s))

    o = fate.overcome(1, difficulty=2, exact=True)
    assert o["p_goal"] == pr(lambda s: s >= 0)
    assert o["p_minor_cost"] == pr(lambda s: s == 0)
    assert o["p_boost"] == pr(lambda s: s >= 3)
    d = fate.defend(1, difficulty=2, exact=True)
    assert d["p_opponent_gets_result"] == pr(lambda s: s < 0)
    assert d["p_tie"] == pr(lambda s: s == 0)
    assert d["p_denied"] == pr(lambda s: s >= 1)
    assert d["p_holds"] == pr(lambda s: 0 <= s < 3)
    assert d["p_boost"] == pr(lambda s: s >= 3)


# --------------------------------------------------------------------------
# The invoke policy: an independent recursion over concrete rolls
# --------------------------------------------------------------------------
ROLLS4 = [sum(f) for f in itertools.product(FACES, repeat=4)]  # 81 equally likely totals


def brute_invoke(need_total, bonus, k, actions=("+2", "reroll")):
    """Best P(final total >= need_total), listing all 81 rolls at every reroll."""

    @cache
    def best(dice_total, plus, left):
        options = [F(int(dice_total + bonus + 2 * plus >= need_total))]
        if left and "+2" in actions:
            options.append(best(dice_total, plus + 1, left - 1))
        if left and "reroll" in actions:
            options.append(sum(best(r, plus, left - 1) for r in ROLLS4) / 81)
        return max(options)

    return sum(best(r, 0, k) for r in ROLLS4) / 81


@pytest.mark.parametrize("bonus", [0, 2])
@pytest.mark.parametrize("difficulty", [1, 3, 5])
@pytest.mark.parametrize("objective,margin", [("success", 1), ("style", 3)])
def test_invoke_policy_against_brute_recursion(bonus, difficulty, objective, margin):
    for k in range(0, 3):
        pol = fate.invoke_policy(bonus, difficulty, invokes=k, objective=objective, exact=True)
        need_total = difficulty + margin
        assert pol.p_optimal == brute_invoke(need_total, bonus, k)
        assert pol.p_always_plus2 == brute_invoke(need_total, bonus, k, actions=("+2",))
        assert pol.p_reroll_only == brute_invoke(need_total, bonus, k, actions=("reroll",))
        assert pol.p_never == F(sum(r + bonus >= need_total for r in ROLLS4), 81)
        assert pol.p_optimal >= max(pol.p_always_plus2, pol.p_reroll_only, pol.p_never)
        fl = fate.invoke_policy(bonus, difficulty, invokes=k, objective=objective)
        assert abs(fl.p_optimal - float(pol.p_optimal)) <= 1e-12


def brute_invoke_valued(need_total, bonus, k, point_value):
    """Best E[reach + point_value * invokes left], plus that policy's P(reach), E[spent].

    Ties in value go to the option with the smaller expected spend.
    """

    @cache
    def best(dice_total, plus, left):
        reach = F(int(dice_total + bonus + 2 * plus >= need_total))
        options = [(reach + point_value * left, reach, F(0))]
        if left:
            v, p, u = best(dice_total, plus + 1, left - 1)
            options.append((v, p, u + 1))
            subs = [best(r, plus, left - 1) for r in ROLLS4]
            options.append(
                (
                    sum(x[0] for x in subs) / 81,
                    sum(x[1] for x in subs) / 81,
                    sum(x[2] for x in subs) / 81 + 1,
                )
            )
        top = max(o[0] for o in options)
        return min((o for o in options if o[0] == top), key=lambda o: o[2])

    res = [best(r, 0, k) for r in ROLLS4]
    return tuple(sum(x[i] for x in res) / 81 for i in range(3))


@pytest.mark.parametrize("point_value", [F(0), F(1, 10), F(3, 10), F(1)])
def test_invoke_policy_with_a_value_on_saved_points(point_value):
    for bonus, diff, k in [(0, 2, 1), (1, 3, 2), (2, 5, 3)]:
        value, p, spent = brute_invoke_valued(diff + 1, bonus, k, point_value)
        pol = fate.invoke_policy(bonus, diff, invokes=k, point_value=point_value, exact=True)
        assert pol.value_optimal == value
        assert pol.p_optimal == p
        assert pol.spent_optimal == spent
        fl = fate.invoke_policy(bonus, diff, invokes=k, point_value=float(point_value))
        assert abs(fl.value_optimal - float(value)) <= 1e-12
    # A point worth a full success is never spent.
    if point_value == 1:
        assert pol.spent_optimal == 0 and pol.p_optimal == pol.p_never


def test_invoke_policy_spends_nothing_once_the_target_is_reached():
    pol = fate.invoke_policy(3, 0, invokes=3, exact=True)
    for row in pol.table:
        if row["roll"] + 3 >= 1:
            assert row["plan"] == "keep" and row["expected_spent"] == 0
    with pytest.raises(ValueError, match="point_value"):
        fate.invoke_policy(0, 2, point_value=2)
    with pytest.raises(TypeError, match="point_value"):
        fate.invoke_policy(0, 2, point_value=0.5, exact=True)


def test_invoke_against_an_active_opposition_seen_before_invoking():
    total = {"opt": F(0), "never": F(0), "plus": F(0)}
    for r in ROLLS4:  # every opposition roll, listed
        need = 1 + r + 1  # opposition bonus +1, success needs one more
        total["opt"] += brute_invoke(need, 2, 1) / 81
        total["plus"] += brute_invoke(need, 2, 1, actions=("+2",)) / 81
        total["never"] += brute_invoke(need, 2, 0) / 81
    r = fate.invoke_vs_opposition(2, 1, invokes=1, exact=True)
    assert r["p_optimal"] == total["opt"]
    assert r["p_always_plus2"] == total["plus"]
    assert r["p_never"] == total["never"]
    assert sorted(r["by_opposition"]) == list(range(-4, 5))


def test_invoke_policy_three_invokes_and_target():
    pol = fate.invoke_policy(1, 0, invokes=3, target=6, exact=True)
    assert pol.p_optimal == brute_invoke(6, 1, 3)
    assert pol.need == 5


def test_invoke_policy_table_follows_the_values():
    pol = fate.invoke_policy(0, 2, invokes=2, exact=True)
    need = 3
    for row in pol.table:
        s, k, plan = row["roll"], row["invokes_left"], row["plan"]
        if s >= need:
            assert plan == "keep" and row["p"] == 1
        elif s + 2 * k >= need:
            # +2s alone guarantee success: exactly as many as needed.
            assert plan == " ".join(["+2"] * math.ceil((need - s) / 2))
            assert row["p"] == 1
        else:
            assert plan == "reroll"
    assert pol.plan(-4, 1) == "reroll"
    assert "k=2" in pol.format()
    d = pol.as_dict()
    assert d["p_optimal"] == pol.p_optimal and len(d["table"]) == 2 * 9


def test_invoke_policy_bad_input():
    with pytest.raises(ValueError, match="invokes"):
        fate.invoke_policy(0, 2, invokes=-1)
    with pytest.raises(ValueError, match="objective"):
        fate.invoke_policy(0, 2, objective="win")


# --------------------------------------------------------------------------
# Challenges
# --------------------------------------------------------------------------
def test_challenge_against_enumeration_of_all_rolls():
    diffs, bonuses = [1, 3], [2, 1]
    counts: dict = {}
    for f1 in itertools.product(FACES, repeat=4):
        for f2 in itertools.product(FACES, repeat=4):
            wins = (sum(f1) + 2 - 1 >= 1) + (sum(f2) + 1 - 3 >= 1)
            counts[wins] = counts.get(wins, 0) + 1
    r = fate.challenge(diffs, bonuses, exact=True)
    for k in range(3):
        assert r.successes.pmf(k) == F(counts.get(k, 0), 6561)
    assert r.p_all == F(counts[2], 6561)
    assert r.p_at_least[1] == F(counts[1] + counts[2], 6561)


def test_challenge_three_rolls_2df_ties_count():
    diffs = [0, 1, -1]
    counts: dict = {}
    for faces in itertools.product(FACES, repeat=6):
        rolls = [sum(faces[0:2]), sum(faces[2:4]), sum(faces[4:6])]
        wins = sum(r - d >= 0 for r, d in zip(rolls, diffs, strict=True))
        counts[wins] = counts.get(wins, 0) + 1
    r = fate.challenge(diffs, 0, count="tie", dice=2, exact=True)
    for k in range(4):
        assert r.successes.pmf(k) == F(counts.get(k, 0), 729)
    assert set(r.as_dict()) == {"successes", "per_roll", "p_all", "p_at_least"}
    with pytest.raises(ValueError, match="bonuses"):
        fate.challenge([1, 2], [1, 2, 3])


# --------------------------------------------------------------------------
# Contests: independent recursion over victory counts
# --------------------------------------------------------------------------


@pytest.mark.parametrize("a,b", [(0, 0), (2, 0), (1, 3), (3, -1)])
def test_contest_two_sides_against_recursion(a, b):
    wins, steps = brute_contest((a, b))
    c = fate.contest([a, b], exact=True)
    assert c.p_win == wins
    assert c.p_lose == wins[1]
    assert c.expected_exchanges == steps
    assert sum(c.p_win) == 1
    fl = fate.contest([a, b])
    assert abs(fl.p_win[0] - float(wins[0])) <= 1e-12
    assert abs(fl.expected_exchanges - float(steps)) <= 1e-12


def test_exchange_probs_against_faces():
    # list all 8 dice face by face for two participants
    rolls = list(itertools.product(FACES, repeat=8))
    counts: dict = {}
    for f in rolls:
        s0, s1 = sum(f[:4]) + 1, sum(f[4:])
        if s0 == s1:
            key = "tie"
        else:
            i = 0 if s0 > s1 else 1
            key = (i, 2 if abs(s0 - s1) >= 3 else 1)
        counts[key] = counts.get(key, 0) + 1
    ref = {k: F(v, 6561) for k, v in counts.items()}
    got = fate.exchange_probs([1, 0], exact=True)
    assert {k: v for k, v in got.items() if v} == ref


def test_contest_three_participants_and_victories():
    wins, steps = brute_contest((1, 0, 2), victories=2)
    c = fate.contest([1, 0, 2], victories=2, exact=True)
    assert c.p_win == wins
    assert c.expected_exchanges == steps
    wins6, steps6 = brute_contest((0, 1), victories=3, dice=6)
    c6 = fate.contest([0, 1], dice=6, exact=True)
    assert c6.p_win == wins6 and c6.expected_exchanges == steps6


def test_contest_exchange_distribution_by_forward_iteration():
    ex = brute_exchange((1, 0))
    dist = {(0, 0): F(1)}
    pmf = {}
    for n in range(1, 11):
        nxt: dict = {}
        done = F(0)
        for state, p in dist.items():
            for key, q in ex.items():
                if key == "tie":
                    nxt[state] = nxt.get(state, 0) + p * q
                    continue
                i, v = key
                new = list(state)
                new[i] += v
                if new[i] >= 3:
                    done += p * q
                else:
                    nxt[tuple(new)] = nxt.get(tuple(new), 0) + p * q
        dist = nxt
        pmf[n] = done
    c = fate.contest([1, 0], max_exchanges=10, exact=True)
    assert c.exchanges_pmf == pmf
    assert c.p_longer == sum(dist.values())
    assert c.exchanges_pmf[1] == 0  # nobody can reach 3 victories in one exchange
    d = c.as_dict()
    assert set(d) >= {"p_win", "p_lose", "expected_exchanges", "exchanges"}


def test_contest_tie_rule_any_for_three():
    # literal reading: any tie among the totals stops everyone scoring
    totals = brute_dice(4)
    den = 81**3
    ref: dict = {}
    for combo in itertools.product(sorted(totals), repeat=3):
        w = F(math.prod(totals[t] for t in combo), den)
        sc = [combo[0] + 1, combo[1], combo[2] - 1]
        if len(set(sc)) < 3:
            key = "tie"
        else:
            top = max(sc)
            i = sc.index(top)
            key = (i, 2 if all(top - x >= 3 for j, x in enumerate(sc) if j != i) else 1)
        ref[key] = ref.get(key, 0) + w
    got = fate.exchange_probs([1, 0, -1], tie="any", exact=True)
    assert {k: v for k, v in got.items() if v} == ref
    assert sum(fate.contest([1, 0, -1], tie="any", exact=True).p_win) == 1
    # two participants: both readings agree
    assert fate.exchange_probs([1, 0], tie="any") == fate.exchange_probs([1, 0])


@settings(max_examples=15, deadline=None)
@given(a=st.integers(-3, 4), b=st.integers(-3, 4), v=st.integers(1, 4))
def test_contest_symmetry_and_monotonicity(a, b, v):
    ab = fate.contest([a, b], victories=v, exact=True)
    ba = fate.contest([b, a], victories=v, exact=True)
    assert ab.p_win == ba.p_win[::-1]
    assert ab.expected_exchanges == ba.expected_exchanges
    assert sum(ab.p_win) == 1
    up = fate.contest([a + 1, b], victories=v, exact=True)
    assert up.p_win[0] > ab.p_win[0]


def test_contest_bad_input():
    with pytest.raises(ValueError, match="victories"):
        fate.contest([0, 0], victories=0)
    with pytest.raises(ValueError, match="bonuses"):
        fate.contest([0])


# --------------------------------------------------------------------------
# Turn order
# --------------------------------------------------------------------------
def test_turn_order_ties_and_npcs():
    people = {
        "Ann": {"Quick": 2, "Careful": 1, "Clever": 3},
        "Ben": {"quick": 2, "careful": 2, "clever": 1},
        "Orc": {"quick": 3, "careful": 0, "clever": 0},
        "Imp": {"quick": 1, "careful": 3, "clever": 0},
    }
    assert fate.turn_order(people) == ["Orc", "Ann", "Ben", "Imp"]
    assert fate.turn_order(people, "mental") == ["Imp", "Ben", "Ann", "Orc"]
    # Ann and Ben tie on Quick: other approaches high to low: Ann (3, 1) > Ben (2, 1)
    assert fate.turn_order(people, tiebreak="approaches")[1:3] == ["Ann", "Ben"]
    assert fate.turn_order(people, tiebreak=lambda n: n == "Ben")[1:3] == ["Ben", "Ann"]
    r1 = fate.turn_order(people, tiebreak="random", rng=7)
    assert r1 == fate.turn_order(people, tiebreak="random", rng=7)
    assert r1[0] == "Orc" and r1[3] == "Imp"
    # NPCs act together at the best NPC's place.
    assert fate.turn_order(people, npcs=["Orc", "Imp"]) == ["Orc", "Imp", "Ann", "Ben"]
    assert fate.turn_order({"a": 1, "b": 2}) == ["b", "a"]
    with pytest.raises(ValueError, match="conflict"):
        fate.turn_order(people, "social")
    with pytest.raises(ValueError, match="quick"):
        fate.turn_order({"x": {"careful": 1}})


# --------------------------------------------------------------------------
# The Deck of Fate
# --------------------------------------------------------------------------
def deck_cards(dice=4, copies=1):
    """One card per ordered face combination: its total."""
    return [sum(f) for f in itertools.product(FACES, repeat=dice)] * copies


def test_deck_counts_by_listing_cards():
    cards = deck_cards()
    assert len(cards) == 81
    assert fate.deck_counts() == {t: cards.count(t) for t in range(-4, 5)}


def test_three_failures_in_a_row_by_enumerating_ordered_draws():
    cards = np.array(deck_cards())
    idx = np.array(list(itertools.permutations(range(81), 3)))  # 81*80*79 ordered draws
    totals = cards[idx]
    for bonus, diff in [(1, 0), (0, 1), (2, 3)]:
        fail = fate.totals_where("fail", bonus, diff)
        is_fail = np.isin(totals, list(fail))
        count = int(np.all(is_fail, axis=1).sum())
        assert fate.deck_sequence_prob([fail] * 3, exact=True) == F(count, len(idx))
        # dice: independent
        k = sum(t in fail for t in deck_cards())
        assert fate.dice_sequence_prob([fail] * 3, exact=True) == F(k, 81) ** 3
    # mixed events: fail, then success with style, then a tie
    ev = [fate.totals_where("fail", 0, 0), {3, 4}, {0}]
    mask = np.isin(totals[:, 0], list(ev[0])) & np.isin(totals[:, 1], [3, 4]) & (totals[:, 2] == 0)
    assert fate.deck_sequence_prob(ev, exact=True) == F(int(mask.sum()), len(idx))


def brute_deck_sequences(dice, copies, start, reshuffle_at, m):
    """Every equally likely sequence of m drawn card totals, reshuffling as told.

    Lists partial permutations of the deck for each segment between reshuffles; the
    ``start`` cards drawn before are part of the first permutation, unseen.
    """
    cards = deck_cards(dice, copies)
    size = len(cards)
    segs, pos, left = [], start, m
    first = True
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append((pos if first else 0, take))
        left -= take
        pos, first = 0, False
    seqs = [()]
    for skip, take in segs:
        # every ordered choice of the first skip + take cards is equally likely
        perms = list(itertools.permutations(range(size), skip + take))
        seqs = [s + tuple(cards[i] for i in p[skip:]) for s in seqs for p in perms]
    return seqs


@pytest.mark.parametrize(
    "dice,copies,start,reshuffle_at,m",
    [(1, 1, 0, 3, 3), (1, 2, 0, 6, 4), (1, 2, 2, 4, 4), (1, 1, 1, 3, 4)],
)
def test_deck_sequences_and_streaks_with_reshuffle(dice, copies, start, reshuffle_at, m):
    seqs = brute_deck_sequences(dice, copies, start, reshuffle_at, m)
    kw = {"dice": dice, "copies": copies, "start": start, "reshuffle_at": reshuffle_at}
    low = {-1}
    # a fixed sequence of events
    ev = [low, {0, 1}, low, {-1, 0}][:m]
    count = sum(all(s[i] in ev[i] for i in range(m)) for s in seqs)
    assert fate.deck_sequence_prob(ev, exact=True, **kw) == F(count, len(seqs))

    # streaks of 2 lows somewhere
    def has_run(s, r):
        run = 0
        for t in s:
            run = run + 1 if t in low else 0
            if run >= r:
                return True
        return False

    for r in (1, 2, 3):
        count = sum(has_run(s, r) for s in seqs)
        assert fate.deck_streak_prob(low, r, m, exact=True, **kw) == F(count, len(seqs))
    # the variance of the sum: closed form against the listed sequences
    sums = [sum(s) for s in seqs]
    mean = F(sum(sums), len(sums))
    var = sum((x - mean) ** 2 for x in sums) / len(sums)
    assert fate.deck_sum_var(m, exact=True, **kw) == var
    sd = fate.deck_sum_dist(m, exact=True, **kw)
    for x in set(sums):
        assert sd.pmf(x) == F(sums.count(x), len(sums))


def test_deck_streaks_9_card_deck_by_all_permutations():
    cards = np.array(deck_cards(2))  # 9 cards
    perms = np.array(list(itertools.permutations(range(9))))
    seq = cards[perms]  # 362880 x 9 totals
    ev = {-2, -1}
    hit = np.isin(seq, list(ev))
    for r in (2, 3):
        run = np.zeros(len(seq), dtype=int)
        found = np.zeros(len(seq), dtype=bool)
        for i in range(9):
            run = np.where(hit[:, i], run + 1, 0)
            found |= run >= r
            got = fate.deck_streak_prob(ev, r, i + 1, dice=2, exact=True)
            assert got == F(int(found.sum()), len(seq))


def test_dice_streak_by_enumeration():
    ev = {-1}
    for m in range(0, 8):
        count = 0
        for faces in itertools.product(FACES, repeat=m):
            run = best = 0
            for f in faces:
                run = run + 1 if f in ev else 0
                best = max(best, run)
            count += best >= 2
        assert fate.dice_streak_prob(ev, 2, m, dice=1, exact=True) == F(count, 3**m)


def test_deck_sum_var_against_ordered_pairs_and_triples():
    cards = np.array(deck_cards(), dtype=np.int64)
    for m in (2, 3):
        idx = np.array(list(itertools.permutations(range(81), m)))
        sums = cards[idx].sum(axis=1)
        n = len(sums)
        s1, s2 = int(sums.sum()), int((sums**2).sum())
        var = F(s2, n) - F(s1, n) ** 2
        assert fate.deck_sum_var(m, exact=True) == var
        assert fate.deck_sum_dist(m, exact=True).var() == var
        assert fate.dice_sum_var(m, exact=True) == F(8 * m, 3)
    assert fate.deck_sum_var(81) == 0.0
    # with a reshuffle every 40 cards, 81 draws are three independent runs (40, 40, 1)
    v = fate.deck_sum_var(81, reshuffle_at=40, exact=True)
    sigma2 = F(8, 3)
    assert v == 2 * 40 * sigma2 * F(81 - 40, 80) + sigma2


def test_deck_vs_dice_summary_and_bad_input():
    r = fate.deck_vs_dice(30, 0, 1, run=3, exact=True)
    assert r["var_sum_deck"] < r["var_sum_dice"]
    assert 0 < r["p_all_fail_deck"] < r["p_all_fail_dice"]
    assert r["p_fail_streak_dice"] == fate.dice_streak_prob(
        fate.totals_where("fail", 0, 1), 3, 30, exact=True
    )
    with pytest.raises(ValueError, match="reshuffle_at"):
        fate.deck_sequence_prob([{0}], reshuffle_at=82)
    with pytest.raises(ValueError, match="events"):
        fate.deck_sequence_prob([{9}])
    with pytest.raises(TypeError, match="events"):
        fate.deck_sequence_prob("fail")
    with pytest.raises(ValueError, match="outcome"):
        fate.totals_where("win")


def test_dist_types():
    assert isinstance(fate.fate_dice(), Dist)
    assert isinstance(fate.shifts(0, difficulty=0), Dist)
    assert isinstance(fate.attack(0, difficulty=0)["stress"], Dist)


def test_float_results_agree_with_exact():
    def close(a, b):
        assert isinstance(a, float)
        assert abs(a - float(b)) <= 1e-12

    ev = fate.totals_where("fail", 1, 2)
    kw = {"copies": 2, "reshuffle_at": 100, "start": 30}
    close(
        fate.deck_streak_prob(ev, 4, 60, **kw), fate.deck_streak_prob(ev, 4, 60, exact=True, **kw)
    )
    close(fate.dice_streak_prob(ev, 4, 60), fate.dice_streak_prob(ev, 4, 60, exact=True))
    close(
        fate.deck_sequence_prob([ev, {0}], **kw),
        fate.deck_sequence_prob([ev, {0}], exact=True, **kw),
    )
    close(fate.deck_sum_var(90, **kw), fate.deck_sum_var(90, exact=True, **kw))
    assert fate.deck_sum_dist(5).isclose(fate.deck_sum_dist(5, exact=True), atol=1e-12)
    ch_f, ch_e = fate.challenge([1, 2, 4], 2), fate.challenge([1, 2, 4], 2, exact=True)
    close(ch_f.p_all, ch_e.p_all)
    assert ch_f.successes.isclose(ch_e.successes, atol=1e-12)
    ca_f = fate.create_advantage(1, opposed=1, aspect="reveal")
    ca_e = fate.create_advantage(1, opposed=1, aspect="reveal", exact=True)
    close(ca_f["expected_free_invokes"], ca_e["expected_free_invokes"])
    iv_f = fate.invoke_vs_opposition(1, 2, invokes=2)
    iv_e = fate.invoke_vs_opposition(1, 2, invokes=2, exact=True)
    close(iv_f["p_optimal"], iv_e["p_optimal"])
    c3f, c3e = fate.contest([2, 0, 1]), fate.contest([2, 0, 1], exact=True)
    for a, b in zip(c3f.p_win, c3e.p_win, strict=True):
        close(a, b)
    close(c3f.expected_exchanges, c3e.expected_exchanges)
    close(c3f.var_exchanges, c3e.var_exchanges)
    for n, p in c3e.exchanges_pmf.items():
        close(c3f.exchanges_pmf[n], p)


def test_contest_variance_by_recursion():
    # E[T^2] by first-step analysis, independent of the fundamental matrix
    ex = brute_exchange((1, 0))
    tie = ex["tie"]

    @cache
    def moments(state):
        m1 = m2 = F(0)
        for key, p in ex.items():
            if key == "tie":
                continue
            i, v = key
            new = list(state)
            new[i] += v
            if new[i] >= 3:
                a1, a2 = F(0), F(0)
            else:
                a1, a2 = moments(tuple(new))
            m1 += p * (1 + a1)
            m2 += p * (1 + 2 * a1 + a2)
        # with the self-loop: T = 1 + T' w.p. tie
        e1 = (m1 + tie) / (1 - tie)
        e2 = (m2 + tie * (1 + 2 * e1)) / (1 - tie)
        return e1, e2

    e1, e2 = moments((0, 0))
    c = fate.contest([1, 0], exact=True)
    assert c.expected_exchanges == e1
    assert c.var_exchanges == e2 - e1**2
