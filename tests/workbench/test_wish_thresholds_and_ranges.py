"""The wish lists, polished after the audit: exact thresholds (a float wish is the decimal
it prints as), counts shown as numbers, flags that cannot apply with ``--wish`` refused
even when spelled at their default, ranges with negative ends, and odd inputs.

The thresholds are checked on hand-counted odds: one d10 at difficulty 6 succeeds on
6..10 (5 faces in 10, the 1 only a botch), at difficulty 5 on 5..10 (3/5); 4dF totals
-4..4 come up 1, 4, 10, 16, 19, 16, 10, 4, 1 times in 81, so Fair (+2) succeeds at
Average (+1) when the dice show 0 or more: 50/81.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import workbench as wb

F = Fraction


# --------------------------------------------------------------------------- exact thresholds
@pytest.mark.parametrize(
    "given,exact",
    [(0.6, F(3, 5)), (0.1, F(1, 10)), (0.5, F(1, 2)), (1, F(1)), (0, F(0)), (F(2, 3), F(2, 3)),
     (1 / 3, F("0.3333333333333333"))],
)  # fmt: skip
def test_a_float_threshold_is_the_decimal_it_prints_as(given, exact):
    for w in (wb.Wish(1, "success", 1, ">=", given), wb.FateWish(2, "success", ">=", given)):
        assert type(w.p) is Fraction and w.p == exact


@pytest.mark.parametrize("text,exact", [("0.6", F(3, 5)), ("3/4", F(3, 4)), ("60%", F(3, 5)),
                                        ("12.5%", F(1, 8)), (".1", F(1, 10))])  # fmt: skip
def test_a_text_threshold_is_the_decimal_written(text, exact):
    assert wb.Wish.parse(f"1 success >= {text}").p == exact
    assert wb.FateWish.parse(f"Fair success >= {text}").p == exact


def test_exact_slacks_are_fractions_for_float_thresholds():
    r = wb.fate_wishes([wb.FateWish(2, "success", ">=", 0.6)], [1], exact=True)
    assert r.ranked[0].slack == F(50, 81) - F(3, 5) and type(r.ranked[0].slack) is Fraction
    s = wb.wishes([wb.Wish(1, "success", 1, ">=", 0.1)], [6], exact=True).ranked[0]
    assert s.slacks == (F(2, 5),) and type(s.slack) is Fraction
    # float mode: the same numbers as the float threshold gave (the decimal's nearest float)
    f = wb.fate_wishes([wb.FateWish(2, "success", ">=", 0.6)], [1]).ranked[0]
    assert type(f.slack) is float and f.slack == 50 / 81 - 0.6


@pytest.mark.parametrize("p", [0.5, "1/2", "50%", F(1, 2)])
def test_a_probability_right_at_the_threshold(p):
    # one die at difficulty 6: P(success) = 1/2 exactly
    def wish(op):
        return wb.Wish.parse(f"1 success {op} {p}") if isinstance(p, str) \
            else wb.Wish(1, "success", 1, op, p)  # fmt: skip

    r = wb.wishes([wish(">="), wish("<="), wish(">"), wish("<")], [6], exact=True)
    s = r.ranked[0]
    assert s.probabilities == (F(1, 2),) * 4 and s.slacks == (0, 0, 0, 0)
    assert all(type(x) is Fraction for x in s.slacks)
    assert s.broken == (2, 3)  # >= and <= hold, > and < fail, exactly


def test_a_decimal_threshold_met_exactly_where_its_float_is_not():
    # 0.1 as a float is 0.1000000000000000055...; one die at difficulty 10 succeeds 1 in 10
    # under the V20 rules (a 1 only botches), so '>= 0.1' must hold exactly
    from dicestats import storyteller as st

    v20 = st.Rules.preset("v20")
    q = st.pool(1, 10, rules=v20, exact=True).p_success
    assert q == F(1, 10) and not q >= 0.1  # the binary float is above the decimal
    r = wb.wishes([wb.Wish(1, "success", 1, ">=", 0.1)], [10], v20, exact=True)
    assert r.fits and r.ranked[0].slack == 0


# --------------------------------------------------------------------------- counts
@pytest.mark.parametrize(
    "given,got",
    [([], "got 0"), (["W"] * 51, "got 51"), (["W"] * 1000, "got 1000"),
     (itertools.repeat("W"), "got more than 50")],
)  # fmt: skip
def test_a_count_reads_as_a_number(given, got):
    for solve, w in ((wb.wishes, "6 success >= 0.5"), (wb.fate_wishes, "Fair success >= 0.5")):
        ws = given if not isinstance(given, list) else [w] * len(given)
        if isinstance(given, itertools.repeat):
            ws = itertools.repeat(w)
        with pytest.raises(InputError) as e:
            solve(ws)
        assert str(e.value) == f"wishes must be 1..50 wishes, {got}"


# --------------------------------------------------------------------------- the command line
def run(argv, capsys):
    from dicestats.cli import main

    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


FAIR = ["solve", "fate", "--wish", "Fair success >= 0.6"]
SIX = ["solve", "storyteller", "--wish", "6 success >= 0.6"]


@pytest.mark.parametrize(
    "argv,says",
    [
        ([*FAIR, "--objective", "success"], "--objective cannot apply to several wishes"),
        ([*SIX, "--net", "1"], "--net cannot apply when solving several wishes"),
        ([*SIX, "--event", "success"], "--event cannot apply when solving several wishes"),
        (["solve", "storyteller", "--dice", "5", "--difficulty", "6", "--rounds", "3",
          "--at-least", "0.5", "--net", "1"], "--net cannot apply when solving the extended"),
    ],
)  # fmt: skip
def test_a_flag_given_at_its_default_is_still_refused_where_it_cannot_apply(argv, says, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and says in err


def test_the_single_solvers_keep_their_defaults(capsys):
    for argv in (["solve", "fate", "--rating", "2", "--at-least", "0.6"],
                 ["solve", "storyteller", "--difficulty", "8", "--at-least", "0.75"]):  # fmt: skip
        assert run(argv, capsys) == run([*argv, *{"fate": ["--objective", "success"]}.get(
            argv[1], ["--net", "1", "--event", "success"])], capsys)  # fmt: skip


@pytest.mark.parametrize(
    "spelling,difficulties",
    [("-4..-2", [-4, -3, -2]), ("\u22124..\u22122", [-4, -3, -2]), ("-2..1", [-2, -1, 0, 1]),
     ("Poor (-1)..Average", [-1, 0, 1]), ("Poor (-1),-2", [-2, -1]), ("0-2", [0, 1, 2]),
     ("Fair-Good", [2, 3]), ("-2", [-2])],
)  # fmt: skip
def test_fate_difficulties_with_negative_ends(spelling, difficulties, capsys):
    code, out, err = run([*FAIR, f"--difficulties={spelling}", "--json"], capsys)
    assert code == 0, err
    import json

    assert sorted(s["difficulty"] for s in json.loads(out)["ranked"]) == difficulties


@pytest.mark.parametrize(
    "argv,says",
    [
        # a dash between ends where one is negative: -4..2 or -4..-2? refused, naming A..B
        (
            [*FAIR, "--difficulties=-4-2"],
            "A..B when an end is negative: -4..2, -4..-2), got '-4-2'",
        ),
        ([*FAIR, "--difficulties=-4--2"], "got '-4--2'"),
        ([*FAIR, "--difficulties", "Poor (-1)-Fair"], "A..B when an end is negative"),
        ([*FAIR, "--difficulties", "4-"], "or a range A..B or A-B"),
        ([*FAIR, "--difficulties", "3-4-5"], "or a range A..B or A-B"),
        ([*FAIR, "--difficulties", "Fair.."], "expected a range A..B, got 'Fair..'"),
        ([*FAIR, "--difficulties", "..3"], "expected a range A..B, got '..3'"),
        ([*FAIR, "--difficulties", "Fair...Good"], "expected a range A..B, got 'Fair...Good'"),
        ([*FAIR, "--difficulties", ""], "got an empty item in ''"),
        ([*FAIR, "--difficulties", "0..3,,4"], "got an empty item in '0..3,,4'"),
        ([*FAIR, "--difficulties", "0..20000"], "must be in -10000..10000, got 20000"),
        ([*FAIR, "--difficulties", "5..2"], "reversed range '5..2': write 2..5"),
        # Storyteller: the ends are checked before the range is built (was a traceback)
        ([*SIX, "--difficulties", "2-99999999999999999999999"], "must be in 2..10, got 9999"),
        ([*SIX, "--difficulties", "1-3"], "must be in 2..10, got 1"),
        ([*SIX, "--difficulties", "2-"], "expected an integer or a range A..B or A-B, got '2-'"),
        ([*SIX, "--difficulties=-2-4"], "got '-2-4'"),
        ([*SIX, "--difficulties", "10-2"], "reversed range '10-2': write 2..10"),
        ([*SIX, "--difficulties", "6,,8"], "got an empty item in '6,,8'"),
    ],
)
def test_bad_difficulties_say_what_a_range_is(argv, says, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert says in err, err


@pytest.mark.parametrize("spelling", ["6..8", "6-8", "6,7,8", "6-7,8", " 6 .. 8 "])
def test_storyteller_difficulties_take_both_range_forms_and_lists(spelling, capsys):
    import json

    code, out, err = run([*SIX, "--difficulties", spelling, "--json"], capsys)
    assert code == 0, err
    assert sorted(s["difficulty"] for s in json.loads(out)["ranked"]) == [6, 7, 8]


def test_zero_wishes_on_the_command_line_cannot_happen_and_counts_read_as_numbers(capsys):
    code, _, err = run(["solve", "fate", *["--wish", "Fair success >= 0.5"] * 51], capsys)
    assert code == 2 and err.strip().endswith("wishes must be 1..50 wishes, got 51")


def test_a_numpy_float_threshold_is_the_decimal_it_prints_as():
    import numpy as np

    for x in (np.float32(0.6), np.float64(0.6)):
        assert wb.Wish(1, "success", 1, ">=", x).p == F(3, 5)
        assert wb.FateWish(2, "success", ">=", x).p == F(3, 5)


def test_a_mapping_of_wishes_is_refused_not_read_by_its_keys():
    for solve, w in ((wb.wishes, "6 success >= 0.5"), (wb.fate_wishes, "Fair success >= 0.5")):
        with pytest.raises(InputError, match="must be a sequence of wishes"):
            solve({w: 0.9})


@pytest.mark.parametrize(
    "argv,says",
    [
        (["solve", "fate", "--rating", "2", "--at-least", "0.5", "--difficulties", "0..2"],
         "--difficulties cannot apply without --wish: it lists the difficulties tried"),
        ([*FAIR, "--bonus", "2"], "--rating (--bonus) cannot apply to several wishes"),
    ],
)  # fmt: skip
def test_refusals_name_the_flag_and_the_reason(argv, says, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and says in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["calibrate", "storyteller", "--difficulty", "2-99999999999999999999999"],
        ["table", "--dice", "1-99999999999999999999999"],
        ["table", "--dice", "1-1000000000000"],
    ],
)
def test_a_huge_range_end_is_refused_before_the_range_is_built(argv, capsys):
    # the shared range parser built list(range(...)) first:
    # an OverflowError traceback, or a memory blow-up for 1-10**12
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "a range of at most 100,000 values" in err


def test_float_noise_is_no_negative_slack(capsys):
    # one die at difficulty 3 succeeds 8 in 10; in floats 0.7999999999999999, which meets
    # '>= 80%' (within 1e-12) and was shown 'satisfies the wish, slack -0.00'
    r = wb.wishes(["1 success >= 80%"], [3])
    assert r.fits and -1e-12 < r.ranked[0].slack < 0  # the number itself is unchanged
    assert "satisfies the wish, slack 0.00 percentage points" in str(r)
    code, out, _ = run(["solve", "storyteller", "--wish", "1 success >= 80%",
                        "--difficulties", "3"], capsys)  # fmt: skip
    assert code == 0 and "-0.00" not in out
    row = out.splitlines()[4].split()
    assert row[0] == "3" and row[-1] == "0.00"
    # a real failure by less than 0.005 points still shows its sign (and the ✗)
    assert wb.wishlist.slack_text(F(-1, 10**7), "+") == "-0.00"


# --------------------------------------------------------------------------- the single solvers
def test_single_solvers_read_a_float_wish_as_its_decimal_in_exact_mode():
    # one V20 die at difficulty 10 succeeds exactly 1 in 10 (the 10 only; a 1 botches);
    # the float 0.1 is 0.1000000000000000055..., which 1/10 missed in exact mode:
    # '2 dice ... (wished >= 10%; 1 die: 10.00%)', unlike the float mode
    from dicestats import storyteller as st

    v20 = st.Rules.preset("v20")
    for exact in (False, True):
        assert wb.solve_pool(10, 0.1, rules=v20, exact=exact).dice == 1
        assert wb.solve_difficulty(1, at_least=0.1, rules=v20, exact=exact).difficulty == 10
        # a tie in exact distances (0.4 and 0.5 around 0.45) goes to the harder difficulty
        assert wb.solve_difficulty(1, nearest=0.45, rules=v20, exact=exact).difficulty == 7
    assert wb.solve_pool(10, 0.1, rules=v20, exact=True).p_reached == F(1, 10)
    # below_with_confidence: an exact 1/10 is not below a float wish 0.1
    assert not wb.solve.below_with_confidence(F(1, 10), 0.1)
