"""The ``solve`` and ``calibrate`` commands: the issue's acceptance shapes, refusals, JSON keys.

Every number printed is checked against the forward functions (``storyteller.pool``,
``fate.outcome_probs``), not against the solver.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import fate
from dicestats import initiative as ini
from dicestats import storyteller as st
from dicestats.cli import main


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(argv, capsys):
    code, out, err = run([*argv, "--json"], capsys)
    assert code == 0, err
    return json.loads(out)


def test_smallest_pool_at_difficulty_8(capsys):
    r = run_json(["solve", "storyteller", "--difficulty", "8", "--at-least", "0.75"], capsys)
    assert r["dice"] == 9
    assert r["p_reached"] == pytest.approx(st.pool(9, 8).p_success, abs=1e-12)
    assert r["p_below"] == pytest.approx(st.pool(8, 8).p_success, abs=1e-12)
    assert r["p_below"] < 0.75


def test_difficulty_9_needs_22_dice_within_the_default_range(capsys):
    r = run_json(["solve", "storyteller", "--difficulty", "9", "--at-least", "0.75"], capsys)
    assert r["dice"] == 22 and r["dice_limit"] >= 22
    r = run_json(
        ["solve", "storyteller", "--difficulty", "9", "--at-least", "0.75", "--dice-limit", "30"],
        capsys,
    )
    assert r["dice"] == 22
    r = run_json(
        ["solve", "storyteller", "--difficulty", "9", "--at-least", "0.75", "--dice-limit", "21"],
        capsys,
    )
    assert r["dice"] is None and not r["reached"] and r["best_dice"] == 21


def test_rule_flags_change_the_answer(capsys):
    argv = ["solve", "storyteller", "--difficulty", "8", "--at-least", "0.75", "--ten-again"]
    r = run_json(argv, capsys)
    pools = [st.pool(n, 8, st.Rules(ten_again=True)).p_success for n in range(1, 20)]
    assert r["dice"] == next(n for n, p in enumerate(pools, 1) if p >= 0.75)
    r = run_json([*argv[:-1], "--preset", "first", "--exact"], capsys)
    assert (
        Fraction(r["p_reached"])
        == st.pool(r["dice"], 8, st.Rules.preset("first"), exact=True).p_success
    )


def test_difficulty_nearest(capsys):
    r = run_json(["solve", "storyteller", "--dice", "4", "--nearest", "0.5"], capsys)
    by = {d: st.pool(4, d).p_success for d in range(2, 11)}
    assert r["difficulty"] == min(by, key=lambda d: abs(by[d] - 0.5))


def test_fate_hardest_difficulty(capsys):
    r = run_json(["solve", "fate", "--rating", "2", "--at-least", "0.6"], capsys)
    ok = [
        d for d in range(-6, 10) if fate.outcome_probs(2, difficulty=d).p_success_or_better >= 0.6
    ]
    assert r["difficulty"] == max(ok) == 1
    assert run_json(["solve", "fate", "--rating", "Fair", "--at-least", "0.6"], capsys) == r
    assert run_json(["solve", "fate", "--bonus", "+2", "--at-least", "0.6"], capsys) == r


def test_fate_rating_and_invokes_take_ladder_names(capsys):
    r = run_json(["solve", "fate", "--difficulty", "Superb", "--at-least", "0.5"], capsys)
    ok = [b for b in range(0, 12) if fate.outcome_probs(b, difficulty=5).p_success_or_better >= 0.5]
    assert r["rating"] == min(ok)
    r = run_json(
        ["solve", "fate", "--difficulty", "superb", "--rating", "fair", "--at-least", "0.5"], capsys
    )
    assert r["solved_for"] == "invokes" and r["invokes"] == 2


def test_extended_target(capsys):
    argv = ["solve", "storyteller", "--dice", "6", "--difficulty", "8", "--rounds", "4"]
    r = run_json([*argv, "--at-least", "0.5"], capsys)
    assert r["target"] == 5
    assert r["p_reached"] == pytest.approx(st.extended(6, 8, 5, rounds=4).p_success, abs=1e-12)


def test_initiative(capsys):
    code, out, _ = run(
        ["solve", "initiative", "--swiftness", "3", "--vs", "3", "--at-least", "0.7"], capsys
    )
    assert code == 0 and out.startswith("2 pips: P(side A acts first) = 74.81%")
    # the participant's own chance, named by its label in the text and the JSON (issue 27)
    argv = ["solve", "initiative", "--swiftness", "2,1", "--vs", "1", "--at-least", "0.5",
            "--participant", "2", "--exact"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    assert out.startswith("0 pips: P(side A acts first) = 80.52% (wished >= 50%) with A2's pips")
    code, out, _ = run([*argv, "--chance", "participant", "--json"], capsys)
    got = json.loads(out)
    assert (got["participant"], got["chance"], got["value"]) == ("A2", "participant", 3)
    own = [ini.odds([2, 1], [1], pips=[0, v], exact=True).p_participant_first[1] for v in (2, 3)]
    assert [Fraction(got["p_below"]), Fraction(got["p_reached"])] == own
    assert own == [Fraction(263, 648), Fraction(1307, 2592)]  # 40.59%, 50.42%
    code, out, _ = run(
        ["solve", "initiative", "--swiftness", "3", "--vs", "3", "--at-least", "0.7", "--simulate",
         "--trials", "5000", "--seed", "3"],
        capsys,
    )  # fmt: skip
    assert code == 0 and "trial budget: 5,000 trials per simulated setting" in out


def test_calibrate(capsys):
    r = run_json(["calibrate", "storyteller", "--difficulty", "8-9", "--levels", "0.75"], capsys)
    assert r["answers"] == {"8": {"3/4": 9}, "9": {"3/4": 22}}
    code, out, _ = run(["calibrate", "fate", "--ratings", "2", "--levels", "0.6"], capsys)
    assert code == 0 and "Average (+1) 61.73%" in out


def test_calibrate_plot(tmp_path, capsys):
    path = tmp_path / "cal.png"
    code, _, err = run(
        ["calibrate", "storyteller", "--difficulty", "6-9", "--plot", str(path)], capsys
    )
    assert code == 0 and path.read_bytes()[:4] == b"\x89PNG" and "wrote" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "storyteller", "--difficulty", "8", "--at-least", "1.5"],
        ["solve", "storyteller", "--difficulty", "8", "--at-least", "-0.1"],
        ["solve", "storyteller", "--difficulty", "8", "--at-least", "lots"],
        ["solve", "storyteller", "--difficulty", "8"],
        ["solve", "storyteller", "--dice", "4"],
        ["solve", "storyteller", "--dice", "4", "--difficulty", "6", "--at-least", "0.5"],
        ["solve", "storyteller", "--difficulty", "8", "--at-least", "0.5", "--nearest", "0.5"],
        ["solve", "storyteller", "--difficulty", "8", "--at-least", "0.5", "--exact",
         "--dice-limit", "500"],
        ["solve", "fate", "--rating", "Heroic", "--at-least", "0.5"],
        ["solve", "fate", "--rating", "2", "--at-least", "2"],
        ["solve", "fate", "--rating", "2"],
        ["solve", "initiative", "--swiftness", "3", "--vs", "3", "--at-least", "0.5",
         "--participant", "2"],
        ["solve", "initiative", "--swiftness", "3", "--vs", "3", "--at-least", "0.5", "--exact",
         "--simulate"],
        ["calibrate", "storyteller", "--levels", "0.5,1.2"],
        ["calibrate", "fate", "--ratings", "x"],
        ["solve"],
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err


def test_several_wishes(capsys):
    argv = ["solve", "storyteller", "--wish", "6 success >= 2/3", "--wish", "3 success <= 55%",
            "--wish", "3 botch < 15%"]  # fmt: skip
    r = run_json(argv, capsys)
    assert [s["difficulty"] for s in r["fits"]] == [8] and r["nearest_miss"] is None
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.startswith("difficulty 8 (revised rules) satisfies all 3 wishes")
    r = run_json(["solve", "storyteller", "--wish", "6 success >= 0.9", "--wish",
                  "3 success <= 0.5", "--difficulties", "5-9"], capsys)  # fmt: skip
    assert r["fits"] == [] and r["nearest_miss"]["difficulty"] == 7


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "storyteller", "--wish", "6 sucess >= 0.9"],
        ["solve", "storyteller", "--wish", "6 success >= 1.9"],
        ["solve", "storyteller", "--wish", "6 success >= 0.9", "--dice", "3"],
        ["solve", "storyteller", "--difficulties", "5-9", "--difficulty", "6", "--at-least", "0.5"],
    ],
)
def test_malformed_wishes_exit_2(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- Fate wishes
FATE_WISHES = ["--wish", "Fair success >= 0.6", "--wish", "0 fail >= 50%",
               "--wish", "Good style >= 0.2"]  # fmt: skip


def test_several_fate_wishes(capsys):
    from . import oracle

    r = run_json(["solve", "fate", *FATE_WISHES, "--exact"], capsys)
    assert [s["difficulty"] for s in r["fits"]] == [1] and r["nearest_miss"] is None
    assert [Fraction(q) for q in r["fits"][0]["probabilities"]] == [
        oracle.fate_event("success", 2, 1), oracle.fate_event("fail", 0, 1),
        oracle.fate_event("style", 3, 1),
    ]  # fmt: skip
    assert [s["difficulty"] for s in r["ranked"]] != [] and len(r["ranked"]) == 11
    code, out, err = run(["solve", "fate", *FATE_WISHES], capsys)
    assert code == 0 and err == ""
    first, *rest = out.splitlines()
    assert first.startswith(
        "difficulty Average (+1) (Fate Accelerated: 4dF, style at 3 shifts) satisfies all 3 wishes"
    )
    assert any(line.startswith("Mediocre (+0)") and "✗" in line for line in rest)
    assert rest[-1].startswith("(ranked by slack")


def test_fate_wishes_rules_and_difficulties(capsys):
    from . import oracle

    argv = ["solve", "fate", "--wish", "Fair with 1 invoke style >= 1/3", "--dice", "3",
            "--style-shifts", "2", "--difficulties", "Mediocre..Fair,+4", "--exact"]  # fmt: skip
    r = run_json(argv, capsys)
    assert sorted(s["difficulty"] for s in r["ranked"]) == [0, 1, 2, 4]
    for s in r["ranked"]:
        want = oracle.fate_event("style", 2, s["difficulty"], invokes=1, style=2, dice=3)
        assert Fraction(s["probabilities"][0]) == want
        assert s["rules_name"] == "3dF, style at 2 shifts"
    code, out, _ = run(argv[:-1], capsys)
    assert "(3dF, style at 2 shifts)" in out.splitlines()[0]
    for spelling in (["--difficulties", "-2..1"], ["--difficulties=-2..1"],
                     ["--difficulties", "Terrible,-1,0-1"]):  # fmt: skip
        r = run_json(["solve", "fate", "--wish", "0 tie <= 0.25", *spelling], capsys)
        assert [s["difficulty"] for s in r["ranked"]] == [-2, -1, 1, 0]


def test_fate_wishes_nearest_miss(capsys):
    argv = ["solve", "fate", "--wish", "Fair success >= 0.9", "--wish", "Fair style <= 5%"]
    r = run_json(argv, capsys)
    assert r["fits"] == [] and r["nearest_miss"]["difficulty"] == 1
    assert r["nearest_miss"]["broken"] == [0, 1]
    code, out, _ = run(argv, capsys)
    assert out.startswith("no setting satisfies all 2 wishes; the nearest miss is difficulty "
                          "Average (+1)")  # fmt: skip


def test_fate_wishes_json_matches_the_api(capsys):
    from dicestats.workbench import fate_wishes

    r = run_json(["solve", "fate", *FATE_WISHES, "--difficulties", "0..2"], capsys)
    api = fate_wishes(FATE_WISHES[1::2], range(0, 3))
    assert r == json.loads(api.to_json())
    assert set(r) == set(api.as_dict())


@pytest.mark.parametrize(
    "argv",
    [
        ["--wish", "Heroic success >= 0.6"],
        ["--wish", "Fair succes >= 0.6"],
        ["--wish", "Fair success >= 1.6"],
        ["--wish", "Fair with 1 invoke tie <= 0.2"],
        ["--wish", "Fair success >= 0.6", "--rating", "2"],
        ["--wish", "Fair success >= 0.6", "--at-least", "0.5"],
        ["--wish", "Fair success >= 0.6", "--objective", "style"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "5..2"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "Heroic..Fair"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "0..20000"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "-5000..5000"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "1..2..3"],
        ["--wish", "Fair success >= 0.6", "--difficulties", "0..3,,4"],
        ["--wish", "Fair success >= 0.6", "--dice", "0"],
        ["--wish", "0 with 20 invokes success >= 0.5", "--dice", "40", "--exact"],
        ["--rating", "2", "--at-least", "0.5", "--dice", "3"],
        ["--rating", "2", "--at-least", "0.5", "--difficulties", "0..2"],
    ],
)
def test_bad_fate_wishes_exit_2_with_one_line(argv, capsys):
    code, out, err = run(["solve", "fate", *argv], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_wished_probability_may_be_a_percentage(capsys):
    # docs/workbench.md: "a probability is read exactly from its text (0.1, 1/10, 10%)";
    # --at-least 50% was refused
    assert main(["solve", "blades", "--at-least", "75%", "--exact", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wished"] == "3/4"
    assert main(["calibrate", "storyteller", "--levels", "50%,12.5%", "--json"]) == 0
    capsys.readouterr()
    assert main(["solve", "blades", "--at-least", "150%"]) == 2
    assert "must be a percentage in 0%..100% like 75%, got '150%'" in capsys.readouterr().err
