"""Every Storyteller cap is one row of LIMITS; the API refuses through it in one line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.storyteller import LIMITS, Rules
from dicestats.storyteller.limits import dice_limit, search_limit

PACKAGE = Path(st.__file__).parent


def test_every_limit_says_what_at_what_and_why():
    assert len(LIMITS) >= 20
    for row in LIMITS.rows():
        assert row["what"] and row["allowed"] and row["why"], row
        assert row["when"] in ("always", "exact", "float")


def test_the_first_release_cap_constants_are_gone():
    old = ["MAX_DICE", "MAX_DICE_2D", "MAX_DICE_EXACT", "EXTENDED_EXACT_DICE"]
    old += ["EXTENDED_EXACT_WORK", "EXACT_POWER_WORK", "EXACT_RETRY_WORK", "EXACT_RACE_WORK"]
    assert not [name for name in old if hasattr(st, name)]
    assert LIMITS["dice"].hi == 1000 and LIMITS["dice, two-dimensional"].hi == 200
    assert LIMITS["dice × rolls"].hi == 200_000 and LIMITS["dice × attempts"].hi == 10_000
    assert LIMITS["dice × target, exact race"].hi == 300


V20 = {"specialty_rule": "double"}


@pytest.mark.parametrize(
    "rules,specialty,exact,hi",
    [
        (Rules(), False, False, 1000),
        (Rules(), False, True, 1000),
        (Rules(), True, True, 100),  # the revised specialty rerolls 10s: a chain
        (Rules(**V20, one_cancels="highest"), True, True, 200),
        (Rules(**V20, one_cancels="highest"), False, True, 1000),
        (Rules(ten_again=True), False, False, 1000),
        (Rules(ten_again=True), False, True, 100),
        (Rules(ten_again=True, chain=False), False, True, 1000),
        (Rules(ten_again=True, **V20, one_cancels="lowest"), True, True, 40),
    ],
)
def test_dice_limit_in_force(rules, specialty, exact, hi):
    assert dice_limit(rules, exact=exact, specialty=specialty).hi == hi
    st.pool(1, 6, rules, specialty=specialty, exact=exact)
    with pytest.raises(InputError, match="dice"):
        st.pool(hi + 1, 6, rules, specialty=specialty, exact=exact)


def test_search_limits():
    heavy = Rules(ten_again=True, **V20, one_cancels="lowest")
    got = [search_limit(r, exact=True, specialty=True).hi for r in (Rules(), heavy)]
    assert got == [50, 20]
    assert search_limit(Rules(), exact=True).hi == 200
    assert search_limit(Rules(ten_again=True), exact=True).hi == 50
    assert search_limit(Rules(**V20, one_cancels="lowest"), exact=True, specialty=True).hi == 50
    assert search_limit(heavy, exact=False, specialty=True).hi == 80
    assert search_limit(Rules(ten_again=True), exact=False) is None


@pytest.mark.parametrize(
    "call",
    [
        lambda: st.pool(0),
        lambda: st.pool(101, 6, Rules(ten_again=True), exact=True),
        lambda: st.extended(3, 6, 201),
        lambda: st.extended(21, 6, 5, exact=True),
        lambda: st.extended(20, 6, 5, rounds=51, exact=True),
        lambda: st.try_again(300, 2, Rules(above_ten="clamp"), exact=True),
        lambda: st.botch_exemption(20, 6, rolls=10**5, exact=True),
        lambda: st.resisted_extended(20, 6, 20, 6, 60, exact=True),
        lambda: st.extended(3, 6, 10_001, trials=10),
        lambda: st.evaluate_roll([]),
        lambda: st.multiple_actions([7, 6], [6]),
    ],
)
def test_refusals_are_one_line_input_errors(call):
    with pytest.raises(InputError) as info:
        call()
    msg = str(info.value)
    assert "\n" not in msg and " must be " in msg and ", got " in msg


def test_exact_work_refusals_say_how_far_to_go():
    with pytest.raises(InputError) as info:
        st.botch_exemption(20, 6, rolls=10**5, exact=True)
    assert str(info.value).startswith("rolls must be at most 10000 in exact mode with 20 dice")
    assert str(info.value).endswith("; use exact=False")


def test_the_package_raises_only_through_refuse():
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = getattr(node.exc.func, "id", None)
                assert name not in ("ValueError", "TypeError"), (path.name, node.lineno)
