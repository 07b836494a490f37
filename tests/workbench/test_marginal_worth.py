"""Issue 26 item 2: the k-th invoke, die, helper or pip as the difference it adds over k - 1,
one command."""

import json
from fractions import Fraction

import pytest

from dicestats.cli import main
from dicestats.workbench import invoke_worth, marginal_worth

INVOKES = ["worth", "invoke", "--bonus", "2", "--difficulty", "Good", "--invokes", "2"]


def test_the_second_invoke_is_worth_2_50_shifts(capsys):
    # the designer's question: two worth calls and a subtraction (4.86 - 2.36) by hand before
    assert main([*INVOKES, "--marginal"]) == 0
    out = capsys.readouterr().out
    assert "the 2nd invoke adds 2.50 shifts (2 invokes ≈ 4.86)" in out
    rows = [line.split() for line in out.split("\n\n")[1].splitlines()[2:]]
    assert rows[1][-2:] == ["2.36", "2.36"] and rows[2][-2:] == ["4.86", "2.50"]


def test_exact_with_exact(capsys):
    assert main([*INVOKES, "--marginal", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    one, two = (invoke_worth(2, 3, invokes=k, exact=True).worth for k in (1, 2))
    assert [Fraction(x) for x in got["totals"]] == [one, two]
    assert Fraction(got["marginals"][1]) == two - one == Fraction(87529, 34992)


def test_the_kth_die_and_a_chart(capsys, tmp_path):
    argv = ["worth", "die", "--dice", "3", "--extra", "2", "--marginal", "--exact"]
    assert main([*argv, "--plot", str(tmp_path / "m.png")]) == 0
    out = capsys.readouterr().out
    assert "the 2nd die adds" in out and (tmp_path / "m.png").stat().st_size > 0
    m = marginal_worth("die", 2, dice=3, difficulty=6, exact=True)
    assert m.marginals[1] == m.totals[1] - m.totals[0] and m.ks == (1, 2)


def test_the_count_is_the_table_s_own():
    with pytest.raises(ValueError, match="invokes must be left out"):
        marginal_worth("invoke", 2, bonus=2, difficulty=3, invokes=1)


def test_the_kth_helper_in_the_leader_s_dice(capsys):
    argv = ["worth", "helper", "--dice", "3", "--helper-dice", "2", "--helpers", "2"]
    assert main([*argv, "--marginal"]) == 0
    out = capsys.readouterr().out
    assert "the 2nd helper adds 5.07 dice (2 helpers ≈ 9.46)" in out
    m = marginal_worth("helper", 2, dice=3, difficulty=6, helper_dice=2, exact=True)
    one = wb_helper(1)
    assert m.totals[0] == one.worth and m.marginals[1] == m.totals[1] - m.totals[0]
    assert float(m.p_with[0]) == pytest.approx(0.909)  # a team of 3 + 2 dice at 6


def wb_helper(k):
    from dicestats.workbench import helper_worth

    return helper_worth(3, 6, helpers=k, helper_dice=2, exact=True)


def test_the_kth_pip_in_swiftness_dice_exact(capsys):
    argv = ["worth", "pip", "--swiftness", "2", "--vs", "2", "--extra", "2", "--marginal"]
    assert main([*argv, "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["change"] == "pip" and got["unit"] == "swiftness dice" and got["exact"]
    m = marginal_worth("pip", 2, swiftness=[2], versus=[2], exact=True)
    assert [Fraction(x) for x in got["totals"]] == list(m.totals)
    assert m.p_base == Fraction(1, 2) and m.marginals[1] == m.totals[1] - m.totals[0]
    assert main(argv) == 0
    assert "the 2nd pip adds 1.15 swiftness dice (2 pips ≈ 2.05)" in capsys.readouterr().out


def test_a_count_out_of_range_names_it(capsys):
    assert main(["worth", "helper", "--dice", "3", "--helpers", "21", "--marginal"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "n (helpers counted 1..n) must be an integer in 1..20, got 21" in err
    assert main(["worth", "pip", "--swiftness", "2", "--vs", "2", "--participant", "2"]) == 2
    assert "--participant must be 1..1" in capsys.readouterr().err


def test_a_round_the_exact_form_cannot_take_is_refused_in_words_of_worth(capsys):
    argv = ["worth", "pip", "--swiftness", "6,6", "--vs", "6,6,6", "--order", "action"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--exact" not in err
    assert "swiftness must be a round the exact form takes" in err


def test_a_pips_worth_refuses_bad_input_naming_it(capsys):
    # rules="x" raised AttributeError; a margin past 1000 blamed "swiftness", saying the
    # exact form could not take a 1-against-1 round
    from dicestats.workbench import pip_worth

    with pytest.raises(TypeError, match="rules must be an initiative.Rules"):
        pip_worth([1], [1], rules="x")
    with pytest.raises(ValueError, match=r"pips\[0\] must be an integer in 0\.\.1000, got 1001"):
        pip_worth([1], [1], pips=999, extra=2)
    assert main(["worth", "pip", "--swiftness", "1", "--vs", "1", "--extra", "1001"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "swiftness" not in err and "1001" in err
