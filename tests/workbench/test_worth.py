"""What a change is worth: closed forms, brute force and the forward functions agree."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import InputError, fate
from dicestats import storyteller as st
from dicestats.workbench import die_worth, fate_match, invoke_worth, rule_worth, storyteller_match

from . import oracle

NO_ONES = st.Rules(rule_of_one=False)


def closed_success(n: int, d: int) -> Fraction:
    """P(at least one success) without the rule of one: 1 - ((d-1)/10)^n."""
    return 1 - Fraction(d - 1, 10) ** n


# -- one more die, in difficulty steps --------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 5])
@pytest.mark.parametrize("d", [4, 6, 8, 10])
def test_die_worth_closed_form_without_rule_of_one(n, d):
    w = die_worth(n, d, NO_ONES, exact=True)
    target = closed_success(n + 1, d)
    assert w.p_target == target and w.p_base == closed_success(n, d)
    points = [(x, closed_success(n, d - x)) for x in range(0, d - 1)]
    expected = oracle.interpolate(points, target)
    assert w.worth == expected
    if expected is not None:
        assert w.lower <= w.worth <= w.upper and w.upper - w.lower <= 1
        assert w.p_lower == closed_success(n, d - w.lower)
        assert w.p_upper == closed_success(n, d - w.upper)
    else:  # no difficulty is easy enough: more than d - 2 steps
        assert (w.lower, w.upper) == (d - 2, None)


@pytest.mark.parametrize(("n", "d"), [(2, 6), (3, 7), (4, 8), (6, 9)])
def test_die_worth_brute_force_revised(n, d):
    w = die_worth(n, d, exact=True)
    target = oracle.st_ge(n + 1, d, 1)
    assert w.p_target == target
    points = [(x, oracle.st_ge(n, d - x, 1)) for x in range(0, d - 1)]
    assert w.worth == oracle.interpolate(points, target)


def test_die_worth_that_hurts_is_negative():
    # 1 die at difficulty 2 succeeds 9/10; 2 dice 81/100 (a 1 cancels): like difficulty 2.9
    w = die_worth(1, 2, exact=True)
    assert w.p_target == Fraction(81, 100) and w.worth == Fraction(-9, 10)
    assert (w.lower, w.upper) == (-1, 0)


def test_die_worth_extra_dice_and_metrics_match_the_forward_api():
    w = die_worth(4, 7, extra=2, metric="p_ge_2", exact=True)
    assert w.change == "2 more dice"
    assert w.p_target == st.pool(6, 7, exact=True).p_ge_2
    assert w.p_lower == st.pool(4, 7 - w.lower, exact=True).p_ge_2
    assert w.p_upper == st.pool(4, 7 - w.upper, exact=True).p_ge_2


# -- Willpower, a specialty, ten-again, in dice ------------------------------------------
@pytest.mark.parametrize(("n", "d"), [(2, 6), (3, 8), (5, 7)])
def test_willpower_in_dice_brute_force(n, d):
    # with an uncancellable Willpower success, P(net >= 2) is the plain P(net >= 1)
    w = rule_worth(n, d, change="willpower", metric="p_ge_2", max_dice=20, exact=True)
    assert w.p_target == oracle.st_ge(n, d, 2, willpower=True) == oracle.st_ge(n, d, 1)
    points = [(m - n, oracle.st_ge(m, d, 2)) for m in range(n, 21)]
    assert w.worth == oracle.interpolate(points, w.p_target)
    assert w.lower >= 0 and w.unit == "dice"


def test_willpower_p_success_is_never_reached():
    w = rule_worth(5, 6, change="willpower", max_dice=30)
    assert w.p_target == 1 and w.worth is None and (w.lower, w.upper) == (25, None)
    assert "more than 25 dice" in w.summary()


@pytest.mark.parametrize("change", ["specialty", "ten_again"])
@pytest.mark.parametrize("metric", ["p_success", "p_ge_3", "mean_net"])
def test_rule_worth_against_the_forward_api(change, metric):
    w = rule_worth(4, 8, change=change, metric=metric, exact=True)
    with_change = (
        st.pool(4, 8, specialty=True, exact=True)
        if change == "specialty"
        else st.pool(4, 8, st.Rules(ten_again=True), exact=True)
    )
    assert w.p_target == getattr(with_change, metric)
    assert w.p_lower == getattr(st.pool(4 + w.lower, 8, exact=True), metric)
    assert w.p_upper == getattr(st.pool(4 + w.upper, 8, exact=True), metric)
    assert w.p_lower <= w.p_target <= w.p_upper
    assert 0 < w.worth < 1  # a specialty or ten-again is worth less than a die here


def test_specialty_under_no_rule_is_worth_nothing():
    w = rule_worth(4, 6, st.Rules(specialty_rule="none"), change="specialty", exact=True)
    assert w.worth == 0 and w.lower == w.upper == 0


# -- Fate invokes, in shifts -----------------------------------------------------------
@pytest.mark.parametrize("bonus", [-1, 0, 2])
@pytest.mark.parametrize("difficulty", [0, 1, 3])
@pytest.mark.parametrize("objective", ["tie", "success", "style"])
def test_plus2_is_exactly_two_shifts(bonus, difficulty, objective):
    w = invoke_worth(bonus, difficulty, policy="plus2", objective=objective, exact=True)
    margin = {"tie": 0, "success": 1, "style": 3}[objective]
    assert w.p_target == oracle.fate_ge(bonus + 2, difficulty, margin)
    if oracle.fate_ge(bonus + 1, difficulty, margin) < w.p_target:
        assert w.worth == 2 and w.lower == w.upper == 2


@pytest.mark.parametrize(("bonus", "difficulty"), [(0, 2), (1, 3), (3, 2)])
def test_optimal_invoke_in_shifts_brute_force(bonus, difficulty):
    w = invoke_worth(bonus, difficulty, exact=True)
    assert w.p_target == fate.invoke_policy(bonus, difficulty, exact=True).p_optimal
    points = [(x, oracle.fate_ge(bonus + x, difficulty)) for x in range(0, 12)]
    assert w.worth == oracle.interpolate(points, w.p_target)
    assert w.worth >= 2  # the optimal policy is at least +2


def test_two_invokes_and_rerolls():
    two = invoke_worth(0, 2, invokes=2, exact=True)
    assert two.p_target == fate.invoke_policy(0, 2, invokes=2, exact=True).p_optimal
    assert two.worth >= 4 and two.change == "2 invokes"
    reroll = invoke_worth(0, 2, policy="reroll", exact=True)
    assert reroll.p_target == fate.invoke_policy(0, 2, exact=True).p_reroll_only
    assert 0 < reroll.worth < 2


# -- across systems --------------------------------------------------------------------
@pytest.mark.parametrize(("n", "d"), [(1, 6), (3, 6), (5, 8), (8, 9)])
def test_fate_difficulty_matching_a_pool(n, d):
    w = fate_match(n, d, exact=True)
    target = oracle.st_ge(n, d, 1)
    assert w.p_target == target and w.unit == "Fate difficulty"
    points = [(dd, oracle.fate_ge(0, dd)) for dd in range(-6, 6)]
    assert w.worth == oracle.interpolate(points, target)
    assert oracle.fate_ge(0, w.lower) >= target >= oracle.fate_ge(0, w.upper)


def test_fate_match_with_a_bonus_shifts_the_answer_by_the_bonus():
    a = fate_match(4, 7, exact=True)
    b = fate_match(4, 7, bonus=3, exact=True)
    assert b.worth == a.worth + 3


@pytest.mark.parametrize(("bonus", "difficulty", "n"), [(0, 0, 3), (2, 2, 5), (1, 4, 6)])
def test_storyteller_difficulty_matching_a_fate_roll(bonus, difficulty, n):
    w = storyteller_match(bonus, difficulty, dice=n, exact=True)
    target = oracle.fate_ge(bonus, difficulty)
    assert w.p_target == target
    points = [(dd, oracle.st_ge(n, dd, 1)) for dd in range(2, 11)]
    assert w.worth == oracle.interpolate(points, target)


def test_storyteller_pool_matching_a_fate_roll():
    w = storyteller_match(0, 2, storyteller_difficulty=8, exact=True)
    target = oracle.fate_ge(0, 2)
    points = [(m, oracle.st_ge(m, 8, 1)) for m in range(1, 21)]
    assert w.worth == oracle.interpolate(points, target) and w.unit == "Storyteller dice"


def test_there_and_back():
    """A pool's Fate difficulty, matched back, lands within the pool's difficulty step."""
    there = fate_match(5, 7, exact=True)
    back = storyteller_match(0, there.lower, dice=5, exact=True)
    assert back.lower <= 7 <= back.upper + 1


# -- float agrees with exact; JSON; refusals ---------------------------------------------
CALLS = [
    (die_worth, (3, 7), {}),
    (rule_worth, (4, 8), {"change": "ten_again"}),
    (rule_worth, (4, 6), {"change": "willpower", "metric": "mean_net"}),
    (invoke_worth, (1, 3), {"invokes": 2}),
    (fate_match, (5, 6), {}),
    (storyteller_match, (2, 2), {"dice": 5}),
    (storyteller_match, (2, 2), {"storyteller_difficulty": 6}),
]


@pytest.mark.parametrize(("call", "args", "kwargs"), CALLS)
def test_float_agrees_with_exact_and_json_round_trips(call, args, kwargs):
    ex = call(*args, **kwargs, exact=True)
    fl = call(*args, **kwargs, exact=False)
    for name in ("p_base", "p_target", "worth", "p_lower", "p_upper"):
        a, b = getattr(ex, name), getattr(fl, name)
        assert (a is None) == (b is None)
        if a is not None:
            assert isinstance(a, (Fraction, int)) and isinstance(b, float)
            assert abs(float(a) - b) < 1e-12
    assert (ex.lower, ex.upper) == (fl.lower, fl.upper)
    data = json.loads(ex.to_json())
    assert set(data) == set(ex.as_dict())
    assert "interpolated linearly" in data["reading"]


@pytest.mark.parametrize(
    ("call", "kwargs", "name"),
    [
        (die_worth, {"dice": 0}, "dice"),
        (die_worth, {"dice": 3, "difficulty": 11}, "difficulty"),
        (die_worth, {"dice": 3, "metric": "p_win"}, "metric"),
        (die_worth, {"dice": 3, "extra": 0}, "extra"),
        (rule_worth, {"dice": 3, "change": "luck"}, "change"),
        (
            rule_worth,
            {"dice": 3, "change": "ten_again", "rules": st.Rules(ten_again=True)},
            "change",
        ),
        (rule_worth, {"dice": 3, "change": "specialty", "specialty": True}, "change"),
        (rule_worth, {"dice": 3, "max_dice": 5000}, "max_dice"),
        (rule_worth, {"dice": 3, "max_dice": 300, "exact": True}, "max_dice"),
        (invoke_worth, {"policy": "sometimes"}, "policy"),
        (invoke_worth, {"invokes": 21}, "invokes"),
        (invoke_worth, {"objective": "win"}, "objective"),
        (fate_match, {"dice": 3, "metric": "mean_net"}, "metric"),
        (storyteller_match, {}, "dice and storyteller_difficulty"),
        (
            storyteller_match,
            {"dice": 3, "storyteller_difficulty": 6},
            "dice and storyteller_difficulty",
        ),
        (storyteller_match, {"storyteller_difficulty": 1}, "difficulty"),
    ],
)
def test_refusals_name_the_parameter(call, kwargs, name):
    with pytest.raises(InputError) as err:
        call(**kwargs)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(name)


def test_summary_lines():
    assert invoke_worth(0, 2, policy="plus2").summary() == "1 invoke (+2 only) ≈ 2 shifts (exactly)"
    assert die_worth(3, 6).summary().startswith("one more die ≈ 0.86 difficulty steps")


# -- the command line ---------------------------------------------------------------------
def run(capsys, *argv):
    from dicestats.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "api"),
    [
        (["worth", "die", "--dice", "5", "--difficulty", "7"], lambda: die_worth(5, 7)),
        (
            ["worth", "ten-again", "--dice", "5", "--difficulty", "8"],
            lambda: rule_worth(5, 8, change="ten_again"),
        ),  # fmt: skip
        (
            ["worth", "willpower", "--dice", "4", "--metric", "mean_net"],
            lambda: rule_worth(4, 6, change="willpower", metric="mean_net"),
        ),  # fmt: skip
        (
            ["worth", "specialty", "--dice", "4", "--preset", "v20"],
            lambda: rule_worth(4, 6, st.Rules.preset("v20"), change="specialty"),
        ),  # fmt: skip
        (
            ["worth", "invoke", "--bonus", "1", "--difficulty", "Good", "--invokes", "2"],
            lambda: invoke_worth(1, 3, invokes=2),
        ),  # fmt: skip
        (["worth", "fate", "--dice", "5", "--difficulty", "6"], lambda: fate_match(5, 6)),
        (
            ["worth", "storyteller", "--bonus", "+2", "--difficulty", "fair", "--dice", "5"],
            lambda: storyteller_match(2, 2, dice=5),
        ),  # fmt: skip
        (
            ["worth", "storyteller", "--difficulty", "2", "--storyteller-difficulty", "8"],
            lambda: storyteller_match(0, 2, storyteller_difficulty=8),
        ),  # fmt: skip
    ],
)
def test_cli_json_is_the_api_result(capsys, argv, api):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0
    assert json.loads(out) == json.loads(api().to_json())
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.splitlines()[0] == api().summary()


def test_cli_exact_and_plot(capsys, tmp_path):
    code, out, _ = run(capsys, "worth", "die", "--dice", "3", "--exact", "--json")
    assert json.loads(out)["worth"] == "121/140"
    code, out, _ = run(capsys, "worth", "die", "--dice", "3", "--exact")
    assert "1601/2000" in out
    path = tmp_path / "w.pdf"
    code, out, err = run(capsys, "worth", "invoke", "--difficulty", "2", "--plot", str(path))
    assert code == 0 and path.read_bytes().startswith(b"%PDF")


def test_willpower_hint(capsys):
    code, out, _ = run(capsys, "worth", "willpower", "--dice", "5", "--max-dice", "20")
    assert "more than 15 dice" in out and "--metric p_ge_2" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["worth", "die"], "--dice"),
        (["worth", "die", "--dice", "3", "--difficulty", "11"], "difficulty"),
        (["worth", "ten-again", "--dice", "3", "--ten-again"], "change"),
        (["worth", "willpower", "--dice", "3", "--max-dice", "2000"], "max_dice"),
        (["worth", "invoke", "--difficulty", "Wonderful"], "ladder name"),
        (["worth", "invoke", "--difficulty", "2", "--invokes", "30"], "invokes"),
        (["worth", "storyteller", "--difficulty", "2"], "--dice"),
        (["worth"], "QUESTION"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
