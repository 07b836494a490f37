"""The workbench read from a declaration (``grows``, ``wishes``, ``counts``): solve, worth,
compare and a lineup across systems, through the API and the command line, checked against
the systems' own answers and closed forms."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import blades, storyteller
from dicestats.cli import main
from dicestats.workbench import compare_settings, lineup, solve_for, worth_of


def blades_success(n: int) -> Fraction:
    return 1 - Fraction(5, 6) ** n


def test_solve_finds_the_least_pool_by_the_closed_form():
    for wish in (Fraction(1, 2), Fraction(3, 4), Fraction(99, 100)):
        s = solve_for(blades.roll, wish, exact=True)
        least = next(n for n in range(1, 101) if blades_success(n) >= wish)
        assert (s.dice, s.p_reached, s.reached) == (least, blades_success(least), True)
        assert (s.previous, s.p_previous) == (least - 1, blades_success(least - 1))
    assert solve_for("blades", 0.75).dice == solve_for("blades", 0.75, exact=True).dice == 8


def test_a_wish_met_exactly_by_a_float_that_falls_short_is_decided_exactly():
    # P(partial or better) at 1 die is 1/2: the float search must say 1 die, as exact does
    assert solve_for("blades", 0.5, of="p_partial_or_better").dice == 1
    # 1 - 2**-n never reaches 1, though its float rounds to 1 from 54 dice on
    s = solve_for("blades", 1, of="p_partial_or_better")
    assert not s.reached and s.dice == 54 and s.p_reached == 1.0
    assert str(s).startswith("not reached") and "exact=True tells" in str(s)


def test_solve_refuses_the_grown_parameter_and_unknown_ones():
    with pytest.raises(ValueError, match=r"^dice must be omitted, got 3 \(the search finds"):
        solve_for("blades", 0.5, dice=3)
    with pytest.raises(ValueError, match=r"^hunger must be a parameter of blades.roll: dice"):
        solve_for("blades", 0.5, hunger=2)
    with pytest.raises(ValueError, match=r"^question must be a system whose questions grow"):
        solve_for("fate", 0.5)


def test_worth_of_a_die_and_of_a_rule():
    w = worth_of("blades", {"dice": 3}, dice=2, exact=True)
    assert (w.worth, w.p_base, w.p_target) == (1, blades_success(2), blades_success(3))
    assert w.summary() == "dice 2 → 3 ≈ 1 dice (exactly)"
    # criticals off change no 6 read: worth nothing, in dice or in points
    w = worth_of(blades.roll, {"rules": blades.Rules(critical=False)}, dice=3, exact=True)
    assert (w.worth, w.p_target - w.p_base) == (0, 0)
    # a target between two pools: interpolated linearly between them
    w = worth_of("storyteller", {"difficulty": 5}, dice=3, difficulty=6, exact=True)
    lower = storyteller.pool(3 + w.lower, 6, exact=True).p_success
    upper = storyteller.pool(3 + w.upper, 6, exact=True).p_success
    assert w.upper == w.lower + 1 and lower < w.p_target <= upper
    assert w.worth == w.lower + (w.p_target - lower) / (upper - lower)


def test_compare_settings_reads_the_systems_own_answers():
    c = compare_settings(blades.roll, {"rules": blades.Rules(critical=False)}, dice=[2, 4])
    assert c.column("dice") == [2, 4]
    assert c.column("p_critical") == [blades.roll(n).p_critical for n in (2, 4)]
    assert c.column("versus_p_critical") == [0.0, 0.0]
    assert c.largest["metric"] == "p_critical" and c.largest["dice"] == 4
    assert c.total_variation == 0  # the die read is the same


def test_compare_settings_means_are_the_systems_own_uncapped_means():
    # CoD's successes and the Rule of Six's hits are kept to a cap (its last outcome holds
    # "cap or more"): the mean of that capped distribution falls short of the true mean,
    # so an exact comparison reads the mean the roll gives (exact, uncapped)
    from dicestats import cod, shadowrun

    c = compare_settings("cod", {"rules": cod.Rules("9", rote=True)}, dice=[5], exact=True)
    assert c.column("mean_successes") == [Fraction(5, 3)]
    assert c.column("versus_mean_successes") == [Fraction(51, 16)]
    assert c.column("diff_mean_successes") == [Fraction(51, 16) - Fraction(5, 3)]
    six = {"rules": shadowrun.Rules(rule_of_six=True)}
    c = compare_settings("shadowrun", six, dice=[8], exact=True)
    assert c.column("versus_mean_hits") == [Fraction(16, 5)]
    nine_rote = cod.Rules(again="9", rote=True)
    c = compare_settings("cod", {"rules": nine_rote}, dice=[5])
    assert c.column("versus_mean_successes") == [cod.roll(5, rules=nine_rote).mean_successes]


def test_compare_settings_capped_counts_meet_at_the_lower_cap():
    # 6 dice keep CoD's successes to 22 ("22 or more"), 2 dice to 14: compared outcome by
    # outcome, "14 or more" of one stood against "exactly 14" of the other, and the total
    # variation was off by P(15 or more) of the 6 dice (about 2e-9, in an exact answer)
    from dicestats import cod

    eight_rote = cod.Rules(again="8", rote=True)
    a, b = cod.roll(6, exact=True), cod.roll(2, rules=eight_rote, exact=True)
    assert (a.cap, b.cap) == (22, 14)

    def folded(r):
        d = dict(r.successes.items())
        return {k: p for k, p in d.items() if k < 14} | {
            14: sum(p for k, p in d.items() if k >= 14)
        }

    fa, fb = folded(a), folded(b)
    tv = sum(abs(fa.get(k, 0) - fb.get(k, 0)) for k in set(fa) | set(fb)) / 2
    c = compare_settings("cod", {"dice": 2, "rules": eight_rote}, dice=6, exact=True)
    assert c.total_variation == tv
    assert c.total_variation < 1  # and not the sum over mismatched outcomes
    other = compare_settings("cod", {"dice": 2, "rules": eight_rote}, dice=6)
    assert other.total_variation == pytest.approx(float(tv), abs=1e-12)


def test_compare_settings_rule_of_six_hits_meet_at_the_lower_tail():
    # the Rule of Six keeps Shadowrun's hits to a tail (``hits_tail``: its last outcome holds
    # "tail or more"), as CoD keeps its successes to ``cap``: 10 dice hold "40 or more",
    # 5 dice against threshold 60 hold "60 or more"; compared outcome by outcome, "40 or
    # more" of one stood against "exactly 40" of the other (the exact total variation off
    # by 2.2e-26); a side without the rule (no tail) is folded at the other's tail too (the
    # same total variation here, the capped side holding less past it, but no P(>= k) past it)
    from dicestats import shadowrun

    six = shadowrun.Rules(rule_of_six=True)

    def folded(r, top):
        d = dict(r.hits.items())
        return {k: p for k, p in d.items() if k < top} | {
            top: sum(p for k, p in d.items() if k >= top)
        }

    def tv(fa, fb):
        return sum(abs(fa.get(k, 0) - fb.get(k, 0)) for k in set(fa) | set(fb)) / 2

    a = shadowrun.roll(10, rules=six, exact=True)
    b = shadowrun.roll(5, threshold=60, rules=six, exact=True)
    assert (a.hits_tail, b.hits_tail) == (40, 60)
    c = compare_settings("shadowrun", {"dice": 5, "threshold": 60}, dice=10, rules=six, exact=True)
    assert c.total_variation == tv(folded(a, 40), folded(b, 40))
    plain = shadowrun.roll(100, exact=True)
    small = shadowrun.roll(2, rules=six, exact=True)
    c = compare_settings(
        "shadowrun", {"dice": 100, "rules": shadowrun.Rules()}, dice=2, rules=six, exact=True
    )
    assert c.total_variation == tv(folded(small, 32), folded(plain, 32))


def test_a_lineup_states_each_reading_and_counts_side_by_side():
    sides = [("storyteller", {"dice": 6, "difficulty": 6}), ("blades", {"dice": 3})]
    lu = lineup(sides, exact=True)
    st = storyteller.pool(6, 6, exact=True)
    assert lu.p_success == (st.p_success, blades_success(3))
    assert lu.success == ("p_success", "p_success") and lu.counted == ("net", "die")
    assert "revised" in lu.sides[0]  # the rules in force are named even when not given
    rows = {r["k"]: r for r in lu.rows}
    assert rows[2]["p_ge_0"] == st.net.p_ge(2) and rows[6]["p_eq_1"] == Fraction(91, 216)
    with pytest.raises(ValueError, match=r"^sides must be 2 to 8"):
        lineup(sides[:1])


def test_the_command_lines(capsys):
    assert main(["solve", "blades", "--at-least", "3/4", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["dice"] == 8 and Fraction(got["p_reached"]) == blades_success(8)
    assert main(["worth", "blades", "--dice", "2", "--vs-dice", "4", "--exact", "--json"]) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["worth"]) == 2
    assert main(["compare", "blades", "--dice", "1-3", "--vs-no-critical"]) == 0
    out = capsys.readouterr().out
    assert " vs no critical" in out.splitlines()[0] and "differ most: critical, 3 dice" in out
    # --dice left out: every pool of 1-10, as the help says (it was refused as required)
    assert main(["compare", "cod", "--vs-rote", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [r["dice"] for r in got["rows"]] == list(range(1, 11))
    # the default values skip those a side cannot take: a pool below its Hunger
    assert main(["compare", "v5", "--vs-hunger", "2", "--json"]) == 0
    assert [r["dice"] for r in json.loads(capsys.readouterr().out)["rows"]] == list(range(2, 11))
    assert main(["compare", "v5", "--dice", "1-3", "--vs-hunger", "2"]) == 2  # given: refused
    assert "hunger must be at most the pool" in capsys.readouterr().err
    sides = ["storyteller --dice 6 --difficulty 6", "blades --dice 3"]
    assert main(["compare", "across", *sides, "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["p_success"] == ["87647/100000", "91/216"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "blades"], "--at-least is required"),
        (["solve", "blades", "--at-least", "2"], "at-least"),
        (["worth", "blades", "--dice", "2"], "nothing to compare"),
        (["compare", "across", "chess", "blades"], "SIDE 1 must start with a system"),
        (["compare", "across", "blades --dice x", "blades"], "SIDE 1 (blades): error"),
    ],
)
def test_bad_command_lines_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
