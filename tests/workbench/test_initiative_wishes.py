"""Issue 26 item 4: initiative wishes on the shared wish machinery (``solve initiative
--wish``): several wishes at once, exact by tiers, Monte Carlo with intervals otherwise."""

import json
from fractions import Fraction

import pytest

from dicestats import initiative as ini
from dicestats.cli import main
from dicestats.workbench import InitiativeWish, initiative_wishes, solve_initiative

AMBUSH = ["solve", "initiative", "--swiftness", "2,2", "--vs", "1,1"]
WISHES = ["--wish", "first >= 80%", "--wish", "double >= 50%"]


def test_the_pips_my_ambushers_need(capsys):
    """The designer's question: the pips for P(first) >= 80% and P(double) >= 50%."""
    assert main([*AMBUSH, *WISHES]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "3 pips for A1 is the least that satisfies all 2 wishes: side A acts first = 97.33%, "
        "someone acts twice in a row = 54.48%; swiftness [2, 2] against [1, 1] (exact)"
    )
    rows = {line.split()[0]: line for line in out.splitlines()[4:] if line[:1].isdigit()}
    assert "✗" in rows["2"] and "✗" not in rows["3"] and len(rows) == 6  # pips 0..4, 5 to 10
    assert rows["5"].startswith("5 to 10 ") and "100%" in rows["5"]  # 5 pips make the one die a 6


def test_every_setting_against_the_forward_question():
    r = initiative_wishes(["first >= 0.8", "double >= 1/2", "B2 first <= 5%"], [2, 2], [1, 1])
    for s in r.ranked:
        o = ini.odds([2, 2], [1, 1], pips=[s.difficulty, 0])
        assert s.probabilities == (o.p_first, o.p_double, o.p_participant_first[3])
        assert s.satisfied == (
            o.p_first >= Fraction(4, 5)
            and o.p_double >= Fraction(1, 2)
            and o.p_participant_first[3] <= Fraction(1, 20)
        )
    assert r.least.difficulty == min(s.difficulty for s in r.fits) and r.exact


def test_simulated_settings_carry_intervals(capsys):
    argv = [*AMBUSH, *WISHES, "--simulate", "--trials", "2000", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["simulated"] and not got["exact"] and got["trials_total"] == 11 * 2000
    first = got["ranked"][0]["probabilities"][1]
    assert {"value", "ci_low", "ci_high", "stderr"} <= set(first)
    assert "pips" in got["ranked"][0] and "difficulty" not in got["ranked"][0]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert " ± " in out and "2,000 trials per simulated setting" in out


def test_a_wish_an_estimate_cannot_decide_is_named():
    r = initiative_wishes(["first >= 0.5"], [1], [1], method="simulate", trials=400, rng=1)
    at_0 = next(s for s in r.ranked if s.difficulty == 0)  # 50% exactly: undecided
    assert at_0.unsure == (0,)


@pytest.mark.parametrize(
    "wish, said",
    [
        ("first >= 1.5", "wishes must be a probability in [0, 1] after the comparison"),
        ("C1 first >= 0.5", "wishes must be 'EVENT OP P'"),
        ("A3 first >= 0.5", "wishes must be about a participant of the round (A1, A2, B1, B2)"),
        ("A0 first >= 0.5", "participants counted from 1"),
    ],
)
def test_bad_wishes_exit_2_with_one_line(capsys, wish, said):
    assert main([*AMBUSH, "--wish", wish]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and said in err


def test_single_wish_flags_do_not_mix(capsys):
    assert main([*AMBUSH, *WISHES, "--at-least", "0.5"]) == 2
    assert "--at-least cannot apply with --wish" in capsys.readouterr().err
    assert main([*AMBUSH, *WISHES, "--chance", "side"]) == 2  # at its default, as --net 1
    assert "--chance cannot apply with --wish" in capsys.readouterr().err
    assert main([*AMBUSH]) == 2
    assert "give --at-least P" in capsys.readouterr().err


def test_wish_text():
    assert InitiativeWish.parse("side first ≥ 4/5") == InitiativeWish("first", ">=", Fraction(4, 5))
    assert str(InitiativeWish.parse("a2 first < 10%")) == "A2 acts first < 10%"
    with pytest.raises(ValueError, match="who must be None"):
        InitiativeWish("double", ">=", 0.5, "A1")


@pytest.mark.parametrize("ask", [initiative_wishes, solve_initiative])
def test_a_huge_limit_of_pips_is_refused_naming_its_range(ask):
    # the deep fuzz run: limit=10**79 had no upper bound for pips, and the scan's length
    # overflowed in the progress bar (OverflowError, a traceback)
    first = (["first >= 80%"],) if ask is initiative_wishes else ()
    kw = {} if ask is initiative_wishes else {"at_least": 0.8}
    with pytest.raises(ValueError, match=r"limit must be .*1000"):
        ask(*first, [2, 2], [3], limit=10**79, **kw)
