"""Challenges with create-advantage steps, against the independent oracle (tests/fate/oracle.py)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from dicestats import InputError, fate

from .oracle import brute_advantage, brute_challenge, brute_outcome, brute_plans


def steps_of(plan, diffs, bons, a_bons=None, a_diffs=None):
    """The oracle's steps for a plan string; advantages default to the roll they prepare."""
    out, a = [], 0
    for i, letter in enumerate(plan):
        j = plan[:i].count("O")  # this roll, or the roll this advantage prepares
        if letter == "O":
            out.append(("O", bons[j], diffs[j]))
        else:
            b = bons[j] if a_bons is None else a_bons[a]
            d = diffs[j] if a_diffs is None else a_diffs[a]
            out.append(("A", b, d))
            a += 1
    return out


def of(result):
    return {k: v for k, v in result.successes.items() if v}


CASES = [
    # (plan, difficulties, bonuses, advantage bonuses, advantage difficulties, count)
    ("O", [2], [2], None, None, "success"),
    ("AO", [3], [1], None, None, "success"),
    ("AO", [3], [1], None, None, "tie"),
    ("AAO", [4], [2], [2, 0], [2, 1], "success"),
    ("OAO", [1, 3], [2, 2], None, None, "success"),
    ("AOO", [1, 3], [2, 2], None, None, "tie"),
    ("AOAO", [2, 2], [0, 3], [1, 1], [0, 3], "success"),
    ("OOAO", [-1, 0, 5], [0, 1, 2], [2], [1], "success"),
    ("AAOAO", [3, 2], [1, 1], None, None, "success"),
]


@pytest.mark.parametrize("plan, diffs, bons, a_bons, a_diffs, count", CASES)
def test_challenge_matches_the_enumeration(plan, diffs, bons, a_bons, a_diffs, count):
    want = brute_challenge(steps_of(plan, diffs, bons, a_bons, a_diffs), count)
    r = fate.challenge(
        diffs, bons, plan=plan, advantage_bonuses=a_bons, advantage_difficulties=a_diffs,
        count=count, exact=True,
    )  # fmt: skip
    assert of(r) == {k: v for k, v in want.items() if v}
    n = len(diffs)
    for need in range(n + 1):
        p = sum(v for k, v in want.items() if k >= need)
        assert fate.challenge(
            diffs, bons, plan=plan, advantage_bonuses=a_bons, advantage_difficulties=a_diffs,
            count=count, need=need, exact=True,
        ).p_challenge == p  # fmt: skip
    assert r.need == n and r.p_challenge == r.p_all == want[n]
    unaided = brute_challenge([("O", b, d) for b, d in zip(bons, diffs, strict=True)], count)
    assert r.p_challenge_unaided == unaided[n]
    flt = fate.challenge(
        diffs, bons, plan=plan, advantage_bonuses=a_bons, advantage_difficulties=a_diffs,
        count=count,
    )  # fmt: skip
    assert flt.p_challenge == pytest.approx(float(r.p_challenge), abs=1e-12)
    for a, b in zip(flt.p_per_roll, r.p_per_roll, strict=True):
        assert a == pytest.approx(float(b), abs=1e-12)


def test_plans_may_be_words_or_letters():
    words = fate.challenge([1, 3], 2, plan=["overcome", "advantage", "overcome"], exact=True)
    spaced = fate.challenge([1, 3], 2, plan="o, a o", exact=True)
    assert words.plan == spaced.plan == "OAO"
    assert (
        words.p_challenge
        == spaced.p_challenge
        == fate.challenge([1, 3], 2, plan="OAO", exact=True).p_challenge
    )


def test_random_plans_match_the_enumeration():
    rnd = random.Random(9)
    for _ in range(12):
        n = rnd.randint(1, 3)
        plan = "".join(rnd.choice(["O", "AO", "AO", "AAO"]) for _ in range(n))
        diffs = [rnd.randint(-1, 5) for _ in range(n)]
        bons = [rnd.randint(0, 3) for _ in range(n)]
        count = rnd.choice(["success", "tie"])
        if plan.count("A") > 2:
            continue
        r = fate.challenge(diffs, bons, plan=plan, count=count, exact=True)
        want = brute_challenge(steps_of(plan, diffs, bons), count)
        assert of(r) == {k: v for k, v in want.items() if v}, (plan, diffs, bons)


def test_without_a_plan_the_challenge_is_the_overcome_rolls_alone():
    r = fate.challenge([1, 2, 3], 2, exact=True)
    assert r.plan == "OOO" and r.advantage_bonuses == ()
    per = [brute_outcome(2, difficulty=d) for d in (1, 2, 3)]
    assert r.p_per_roll == tuple(p["success"] + p["style"] for p in per)
    assert r.p_challenge == r.p_challenge_unaided == r.p_all
    assert all(inv.max == 0 for inv in r.invokes)


def test_free_invokes_follow_the_text():
    # Fail: nothing; tie: a boost (one free invoke); success: one; style: two.
    r = fate.challenge([2], 2, plan="AO", advantage_bonuses=2, advantage_difficulties=2, exact=True)
    want = brute_advantage(2, 2)
    assert {k: v for k, v in r.invokes[0].items()} == {k: F(c, 81) for k, c in want.items()}
    assert r.invokes[0].pmf(2) == F(5, 81)  # 4dF >= +3
    for aspect in fate.ASPECT_KINDS:  # every kind of aspect yields the same invokes
        a = fate.create_advantage(2, difficulty=2, aspect=aspect, exact=True)
        assert a.free_invokes == r.invokes[0]
    assert 0 < r.mean_invokes_spent[0] <= r.invokes[0].mean()


def test_an_advantage_never_hurts_and_helps_only_its_roll():
    base = fate.challenge([1, 3, 2], [2, 2, 1], exact=True)
    for plan in ("AOOO", "OAOO", "OOAO", "AAOOO"):
        r = fate.challenge([1, 3, 2], [2, 2, 1], plan=plan, exact=True)
        assert r.p_challenge >= base.p_challenge
        prepared = {i for i, p in enumerate(plan.replace("AO", "X").replace("A", "")) if p == "X"}
        for i in range(3):
            if i in prepared:
                assert r.p_per_roll[i] > base.p_per_roll[i]
            else:
                assert r.p_per_roll[i] == base.p_per_roll[i]


@pytest.mark.parametrize(
    "diffs, bons, most, need, count, a_diff",
    [
        ([1, 3], [2, 2], 1, None, "success", None),
        ([1, 3], [2, 2], 2, None, "success", 2),
        ([2, 4, 0], [1, 1, 1], 2, 2, "success", None),
        ([3, 3], [2, 0], 2, 1, "tie", 1),
        ([4], [0], 3, None, "success", None),
    ],
)
def test_best_plan_is_the_best_of_every_plan(diffs, bons, most, need, count, a_diff):
    best = fate.challenge(
        diffs, bons, advantages=most, need=need, count=count, advantage_difficulties=a_diff,
        exact=True,
    )  # fmt: skip
    n = len(diffs)
    need = n if need is None else need
    scores = {}
    for plan in brute_plans(n, most):
        a_diffs = None if a_diff is None else [a_diff] * plan.count("A")
        want = brute_challenge(steps_of(plan, diffs, bons, None, a_diffs), count)
        scores[plan] = sum(v for k, v in want.items() if k >= need)
    top = max(scores.values())
    assert best.p_challenge == top == scores[best.plan]
    assert set(best.p_challenge_by_plan) == set(scores)
    assert best.p_challenge_by_plan == scores
    assert list(best.p_challenge_by_plan)[0] == best.plan
    # Ties go to fewer advantages.
    assert best.plan.count("A") == min(p.count("A") for p, v in scores.items() if v == top)
    assert best.p_challenge_unaided == scores["O" * n]
    assert best.advantages == most
    # the whole answer is the plan's own: asking for that plan gives it again
    again = fate.challenge(
        diffs, bons, plan=best.plan, need=need, count=count, advantage_difficulties=a_diff,
        exact=True,
    )  # fmt: skip
    assert again.p_challenge == best.p_challenge and again.successes == best.successes
    flt = fate.challenge(
        diffs, bons, advantages=most, need=need, count=count, advantage_difficulties=a_diff
    )
    assert flt.plan == best.plan
    assert flt.p_challenge == pytest.approx(float(top), abs=1e-12)


def test_best_plan_prefers_no_advantage_when_none_helps():
    # +9 against Mediocre never fails, and 4dF +0 against +9 never reaches it.
    best = fate.challenge([0], 9, advantages=3, exact=True)
    assert best.plan == "O" and best.p_challenge == 1
    hopeless = fate.challenge([20], 0, advantages=2, exact=True)
    assert hopeless.plan == "O" and hopeless.p_challenge == 0


def test_the_storm_at_sea():
    # The text's example: calm the passengers, repair the rigging, keep the course.
    # A crew at +2, +1, +3 against Fair, Good, Great; one advantage on the rigging.
    r = fate.challenge([2, 3, 4], [2, 1, 3], plan="OAOO", exact=True)
    want = brute_challenge([("O", 2, 2), ("A", 1, 3), ("O", 1, 3), ("O", 3, 4)])
    assert r.p_challenge == want[3]
    assert r.p_at_least[2] == want[2] + want[3]


BAD = [
    ({"plan": "AXO"}, r"^plan\[1\] must be 'A'"),
    ({"plan": "AO"}, r"^plan must be one 'O' per difficulty \(2 overcome rolls\)"),
    ({"plan": "OOA"}, r"^plan must be a plan whose every 'A' comes before an 'O'"),
    ({"plan": "A" * 11 + "OO"}, r"^create-advantage steps before one overcome roll must be"),
    ({"plan": 3}, r"^plan must be a string"),
    ({"plan": b"AOO"}, r"^plan must be a string"),
    ({"plan": ["A", None, "O"]}, r"^plan\[1\] must be 'A'"),
    ({"plan": ""}, r"^plan must be one 'O' per difficulty"),
    ({"plan": "AOO", "advantage_bonuses": [1, 2]}, r"^advantage_bonuses must be one int or one"),
    ({"plan": "AOO", "advantage_difficulties": 2.5}, r"^advantage_difficulties"),
    ({"plan": "AOO", "advantage_bonuses": True}, r"^advantage_bonuses"),
    ({"need": 3}, r"^need must be an integer in 0..2"),
    ({"need": -1}, r"^need must be"),
    ({"count": "style"}, r"^count must be one of"),
    ({"plan": "AOO", "dice": 60}, r"^dice must be an integer in 1..50"),
    ({"exact": "yes"}, r"^exact must be True or False"),
]


@pytest.mark.parametrize("kw, match", BAD)
def test_bad_challenges_are_refused_in_one_line(kw, match):
    with pytest.raises(InputError, match=match) as info:
        fate.challenge([1, 2], 2, **kw)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "kw, match",
    [
        ({"advantages": 21}, r"^advantages must be an integer in 0..20"),
        ({"advantages": -1}, r"^advantages must be"),
        ({"advantages": 1.0}, r"^advantages must be"),
        ({"advantage_bonuses": "Heroic"}, r"^advantage_bonuses must be"),
        ({"advantage_bonuses": [1, 2]}, r"^advantage_bonuses must be one value"),
        ({"advantage_difficulties": 10**400}, r"^advantage_difficulties must"),
        ({"plan": "OAO"}, r"^plan must be omitted with advantages"),
    ],
)
def test_bad_best_plan_questions_are_refused(kw, match):
    kw = {"advantages": 1, **kw}
    with pytest.raises(InputError, match=match):
        fate.challenge([1, 2], 2, **kw)


def test_challenge_work_is_capped_with_a_reason():
    with pytest.raises(InputError, match=r"^len\(difficulties\) must be an integer in 1..100"):
        fate.challenge([0] * 101)
    # Twenty advantages over twenty rolls: too many plans to score exactly.
    with pytest.raises(InputError, match=r"^advantages must be .*about \d+ s at the cap"):
        fate.challenge([0] * 6, advantages=20, exact=True)
    # Forty exact invoke policies of 20 invokes each (different difficulties).
    plan = "".join("A" * 10 + "O" for _ in range(40))
    with pytest.raises(InputError, match=r"^plan must be small enough .*about \d+ s"):
        fate.challenge([0] * 40, list(range(40)), plan=plan, exact=True)


def test_results_serialise():
    r = fate.challenge([1, 3], 2, advantages=1, exact=True)
    d = r.as_dict()
    assert d["plan"] == "OAO" and d["advantages"] == 1
    assert '"p_challenge_by_plan"' in r.to_json()
    given = fate.challenge([1, 3], 2, plan="OAO", exact=True).as_dict()
    assert given["advantages"] is None and given["p_challenge_by_plan"] is None
    assert {k: v for k, v in d.items() if k not in ("advantages", "p_challenge_by_plan")} == {
        k: v for k, v in given.items() if k not in ("advantages", "p_challenge_by_plan")
    }


def test_the_rules_page_example():
    # docs/rules/fate.md: +2 against Average and Good, both must succeed.
    best = fate.challenge([1, 3], 2, advantages=1, exact=True)
    assert best.p_challenge_unaided == F(250, 2187)
    assert best.plan == "OAO" and best.p_challenge == F(273556850, 1162261467)
    assert best.p_challenge_by_plan["AOO"] == F(809785, 4782969)
    assert round(float(best.p_challenge), 4) == 0.2354
    assert brute_challenge(steps_of("OAO", [1, 3], [2, 2]))[2] == best.p_challenge
