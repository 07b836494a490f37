"""Issue 26 item 2: the k-th invoke or die as the difference it adds over k - 1, one command."""

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
