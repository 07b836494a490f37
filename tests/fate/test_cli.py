"""The Fate commands (fate, contest, invoke, challenge, deck: generated from the questions'
declarations) against independent brute force."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from dicestats import fate, system
from dicestats.cli import main

from ..child import run_each
from .oracle import FACES, brute_contest, brute_outcome

F = Fraction


def run_json(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert rc == 0, err
    return json.loads(out)


def frac(s: str) -> Fraction:
    num, den = s.split("/")
    return F(int(num), int(den))


def brute(bonus, diff=None, opp=None, dice=4, helpers=0):
    """The oracle's {outcome: p}, keyed as the JSON output is (``p_fail``, ...)."""
    ref = brute_outcome(bonus, difficulty=diff, opposed=opp, dice=dice, helpers=helpers)
    return {f"p_{k}": v for k, v in ref.items()}


def test_fate_exact_grid_matches_brute_force(capsys):
    # every margin bonus - difficulty of the grid bonus -1..3 x difficulty -2..6 once (the
    # odds depend on the margin alone: the 45 cells were 13 margins), every bonus and every
    # difficulty among them
    cells = [(b, 6) for b in range(-1, 4)] + [(3, d) for d in range(5, -3, -1)]
    assert sorted({b - d for b, d in cells}) == list(range(-7, 6))
    for bonus, diff in cells:
        d = run_json(
            capsys,
            "fate",
            "--bonus",
            str(bonus),
            "--difficulty",
            str(diff),
            "--exact",
            "--json",
        )
        ref = brute(bonus, diff)
        got = {k: frac(d[k]) for k in ("p_fail", "p_tie", "p_success", "p_style")}
        assert got == ref, (bonus, diff)
        assert frac(d["p_success_or_better"]) == ref["p_success"] + ref["p_style"]
        assert d["bonus"] == bonus and d["difficulty"] == diff and d["dice"] == 4


@pytest.mark.parametrize("a,b", [(0, 0), (2, 1), (1, 3)])
def test_fate_opposed_matches_brute_force(capsys, a, b):
    d = run_json(capsys, "fate", "--bonus", str(a), "--vs", str(b), "--exact", "--json")
    ref = brute(a, opp=b)
    assert {k: frac(d[k]) for k in ref} == ref
    assert frac(d["mean_shifts"]) == a - b
    assert d["versus"] == b and d["difficulty"] is None


def test_fate_help_shows_vs_the_questions_and_the_ladder(capsys):
    assert main(["fate", "--help"]) == 0
    helptext = capsys.readouterr().out
    assert "--vs" in helptext and "--difficulty" in helptext and "ladder name" in helptext
    for q in ("create-advantage", "invoke-vs-opposition", "exchange-probs", "deck-vs-dice"):
        assert q in helptext  # every question is dicestats fate <question>
    assert "(default 0)" in helptext and "--style-shifts N" in helptext  # defaults, rule flags


@pytest.mark.parametrize("q", [q.name for q in system("fate").questions])
def test_every_question_prints_its_help(q, capsys):
    # dicestats contest --help raised TypeError: a "%" in a parameter's text reached argparse
    assert main(["fate", q.replace("_", "-"), "--help"]) == 0
    assert capsys.readouterr().out.startswith(f"usage: dicestats fate {q.replace('_', '-')}")


def test_fate_6df_helpers_and_floats(capsys):
    d = run_json(
        capsys, "fate", "--dice", "6", "--bonus", "1", "--difficulty", "3", "--helpers", "1",
        "--exact", "--json",
    )  # fmt: skip
    ref = brute(1, 3, dice=6, helpers=1)
    assert {k: frac(d[k]) for k in ref} == ref
    fl = run_json(capsys, "fate", "--dice", "6", "--bonus", "2", "--difficulty", "3", "--json")
    for k, v in ref.items():
        assert isinstance(fl[k], float)
        assert abs(fl[k] - float(v)) <= 1e-12
    assert abs(sum(fl[k] for k in ref) - 1) <= 1e-12


def test_fate_table_output(capsys):
    assert main(["fate", "--bonus", "3", "--difficulty", "2"]) == 0
    out = capsys.readouterr().out
    assert "Fair (+2)" in out
    assert "success with style" in out
    # P(style) at +3 vs 2 needs 4dF >= 2: 15/81 = 18.52%
    assert "18.52%" in out


# --------------------------------------------------------------------------
# contest: an independent recursion over victory counts
# --------------------------------------------------------------------------


@pytest.mark.parametrize("a,b,v", [(0, 0, 3), (2, 0, 3), (1, 3, 3), (0, 1, 2)])
def test_contest_exact_matches_recursion(capsys, a, b, v):
    d = run_json(
        capsys, "contest", "--bonus", str(a), "--vs", str(b), "--victories", str(v),
        "--exact", "--json",
    )  # fmt: skip
    wins, steps = brute_contest((a, b), victories=v)
    assert frac(d["p_win"][0]) == wins[0]
    assert frac(d["p_lose"]) == wins[1]
    assert frac(d["mean_exchanges"]) == steps
    pm = {int(k): frac(p) for k, p in d["exchanges"].items()}
    assert sum(pm.values()) + frac(d["p_more_exchanges"]) == 1


def test_contest_three_participants(capsys):
    d = run_json(
        capsys, "contest", "--bonus", "1", "--vs", "0", "--vs", "2", "--victories", "2",
        "--exact", "--json",
    )  # fmt: skip
    wins, steps = brute_contest((1, 0, 2), victories=2)
    assert [frac(x) for x in d["p_win"]] == list(wins)
    assert frac(d["mean_exchanges"]) == steps


def test_contest_float_and_table(capsys):
    d = run_json(capsys, "contest", "--bonus", "2", "--vs", "0", "--json")
    wins, steps = brute_contest((2, 0))
    assert abs(d["p_win"][0] - float(wins[0])) <= 1e-12
    assert abs(d["mean_exchanges"] - float(steps)) <= 1e-12
    assert main(["contest", "--bonus", "2", "--vs", "0"]) == 0
    out = capsys.readouterr().out
    assert "expected exchanges" in out and "P(win)" in out


# --------------------------------------------------------------------------
# invoke and deck
# --------------------------------------------------------------------------
def test_invoke_command(capsys):
    d = run_json(
        capsys, "invoke", "--bonus", "0", "--difficulty", "2", "--invokes", "1", "--exact",
        "--json",
    )  # fmt: skip
    # need a dice total of 3: keep on 3+, +2 on 1..2, else reroll once.
    rolls = [sum(f) for f in itertools.product(FACES, repeat=4)]
    p_hit = F(sum(r >= 3 for r in rolls), 81)
    p_plus = F(sum(1 <= r <= 2 for r in rolls), 81)
    p_low = 1 - p_hit - p_plus
    assert frac(d["p_optimal"]) == p_hit + p_plus + p_low * p_hit
    assert frac(d["p_always_plus2"]) == p_hit + p_plus
    assert frac(d["p_never"]) == p_hit
    assert main(["invoke", "--bonus", "1", "--difficulty", "3", "--invokes", "2"]) == 0
    out = capsys.readouterr().out
    assert "reroll" in out and "k=2" in out
    # a saved point worth 1/10: rerolling from the bottom (5/81 < 1/10) is not worth it
    d = run_json(
        capsys, "invoke", "--difficulty", "2", "--invokes", "1", "--point-value", "1/10",
        "--exact", "--json",
    )  # fmt: skip
    low = [r for r in d["table"] if r["roll"] <= 0]
    assert all(r["plan"] == "keep" for r in low)
    assert frac(d["p_optimal"]) == p_hit + p_plus
    assert frac(d["mean_spent_optimal"]) == p_plus


def test_invoke_command_against_active_opposition(capsys):
    d = run_json(
        capsys, "fate", "invoke-vs-opposition", "--bonus", "2", "--vs", "1", "--invokes", "1",
        "--exact", "--json",
    )  # fmt: skip
    rolls = [sum(f) for f in itertools.product(FACES, repeat=4)]
    # per opposition roll o: need my dice >= o + 1 + 1 - 2 = o; one invoke:
    # keep if reached, +2 if within 2, else reroll once.
    ref_opt = ref_never = F(0)
    for o in rolls:
        need = o
        hit = F(sum(r >= need for r in rolls), 81)
        near = F(sum(need - 2 <= r < need for r in rolls), 81)
        ref_opt += (hit + near + (1 - hit - near) * hit) / 81
        ref_never += hit / 81
    assert frac(d["p_optimal"]) == ref_opt
    assert frac(d["p_never"]) == ref_never
    assert len(d["by_opposition"]) == 9
    argv = ["fate", "invoke-vs-opposition", "--bonus", "2", "--vs", "1", "--invokes", "1"]
    assert main(argv) == 0
    assert "active opposition" in capsys.readouterr().out
    assert main(["invoke", "--bonus", "2", "--vs", "1", "--invokes", "1"]) == 2  # its own command


def test_deck_command(capsys):
    d = run_json(capsys, "deck", "--draws", "3", "--difficulty", "1", "--exact", "--json")
    # 4dF fails at difficulty 1 on a total <= 0: 50 of the 81 cards
    assert frac(d["p_all_fail_deck"]) == F(50 * 49 * 48, 81 * 80 * 79)
    assert frac(d["p_all_fail_dice"]) == F(50, 81) ** 3
    assert main(["deck", "--draws", "10"]) == 0
    assert "deck" in capsys.readouterr().out


# --------------------------------------------------------------------------
# Bad input: one line on stderr naming the parameter, exit status 2 (the API's own
# refusal, "<parameter> must be ...", or argparse's "argument --<option>: ...")
# --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv,name",
    [
        (["fate", "--dice", "0", "--difficulty", "1"], "dice must be"),
        (["fate", "--bonus", "x", "--difficulty", "1"], "bonus must be"),
        (["fate", "--bonus", "1"], "difficulty and versus must be exactly one"),
        (["fate", "--difficulty", "1", "--vs", "1"], "difficulty and versus must be"),
        (["invoke", "--difficulty", "1", "--vs", "1", "--invokes", "1"], "--vs"),
        (["deck", "--draws", "5", "--run", "101"], "run must be"),
        (["contest", "--bonus", "0", "--vs", "0", "--dice", "13"], "dice must be"),
        (["fate", "--difficulty", "1", "--helpers", "-1"], "helpers must be"),
        (["fate", "--difficulty", "1", "--helpers", "3", "--max-helpers", "2"], "helpers"),
        (["fate", "--difficulty", "1.5"], "difficulty must be"),
        (["contest", "--bonus", "1", "--vs", "0", "--victories", "-1"], "victories must be"),
        (["contest", "--bonus", "1", "--vs", "0", "--victories", "0"], "victories must be"),
        (["contest", "--bonus", "1"], "versus is required: give it as VERSUS or --vs"),
        (["contest", "--bonus", "1", "--vs", "a"], "versus must be"),
        (["contest", "--bonus", "1", "--vs", "0,,2"], "--vs"),
        (["invoke", "--difficulty", "2", "--invokes", "-2"], "invokes must be"),
        (["invoke", "--difficulty", "2", "--invokes", "1", "--objective", "win"], "--objective"),
        (["deck", "--draws", "0"], "draws must be"),
        (["invoke", "--difficulty", "2", "--invokes", "1", "--point-value", "x"], "point_value"),
        (["invoke", "--difficulty", "2", "--invokes", "1", "--point-value", "2"], "point_value"),
        (["deck", "--draws", "5", "--reshuffle-at", "100"], "reshuffle_at"),
        (["fate", "--difficulty", "1", "--tie-rule", "all"], "--tie-rule"),
        (["fate", "--difficulty", "1", "--style-shifts", "x"], "--style-shifts"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, argv, name):
    rc = main(argv)
    out, err = capsys.readouterr()
    assert rc == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert name in lines[0]
    assert "Traceback" not in err


def test_real_subprocess():
    cmd = [sys.executable, "-m", "dicestats", "fate", "--bonus", "1", "--difficulty", "2"]
    r = subprocess.run([*cmd, "--exact", "--json"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert {k: frac(d[k]) for k in ("p_fail", "p_tie", "p_success", "p_style")} == brute(1, 2)
    bad = subprocess.run(
        [sys.executable, "-m", "dicestats", "contest", "--bonus", "1", "--vs", "0",
         "--victories", "-3"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "victories must be" in bad.stderr and "Traceback" not in bad.stderr


def test_cli_point_value_with_a_huge_exponent_is_refused(capsys):
    # --point-value 1e-99999999 once built a 100-million-digit integer (it hung).
    argv = ["invoke", "--difficulty", "0", "--invokes", "1", "--point-value", "1e-99999999"]
    assert main(argv) == 2
    assert "exponent" in capsys.readouterr().err
    # the API reads the same text: saved points worth 1/4 of a success
    assert fate.invoke_policy(2, 3, invokes=3, point_value="1/4", exact=True).point_value == F(1, 4)
    assert main(["invoke", "--difficulty", "0", "--invokes", "1", "--point-value", "1e-40"]) == 0


# --------------------------------------------------------------------------
# Issue 10: strict command-line numbers
# --------------------------------------------------------------------------
_INT_OPTIONS = [
    (["fate", "--difficulty", "1"], "--bonus"),
    (["fate", "--bonus", "1"], "--difficulty"),
    (["fate", "--difficulty", "1"], "--helpers"),
    (["fate", "--difficulty", "1"], "--dice"),
    (["contest", "--bonus", "1"], "--vs"),
    (["contest", "--bonus", "1", "--vs", "0"], "--victories"),
    (["contest", "--bonus", "1", "--vs", "0"], "--max-exchanges"),
    (["invoke", "--difficulty", "2"], "--invokes"),
    (["deck", "--draws", "10"], "--run"),
    (["deck", "--draws", "10"], "--reshuffle-at"),
    (["deck"], "--draws"),
]


@pytest.mark.parametrize("argv, option", _INT_OPTIONS)
@pytest.mark.parametrize("word", ["２", "٣", "1_0", "+_1", "3.0", "0x3", " "])
def test_integers_are_ascii_digits_only(capsys, argv, option, word):
    # int() reads '２', '٣' and '1_0': a command line must not. A rating is a number or a
    # ladder name: the API refuses the word, naming its parameter.
    rc = main([*argv, option, word])
    err = capsys.readouterr().err
    name = {"--vs": "versus"}.get(option, option[2:].replace("-", "_"))
    assert rc == 2
    assert len(err.strip().splitlines()) == 1, err
    assert option in err or f"{name} must be" in err, err


def test_ascii_integers_with_a_sign_still_work(capsys):
    d = run_json(capsys, "fate", "--bonus", "-1", "--difficulty", "+1", "--exact", "--json")
    assert frac(d["p_tie"]) == brute(-1, 1)["p_tie"]


_POINT_VALUES = ["1e-1_000_000", "1e-9_999_999", "1e-1_000", "1_0e-2", "١/٤", "nan", "inf",
                 "1e-51", "1/0", "1e", ".", "1/-4", "0." + "1" * 120]  # fmt: skip


@pytest.fixture(scope="module")
def point_value_refusals():
    """``dicestats invoke ... --point-value WORD`` of every word, in one child process
    bounded in time: a word that hangs fails its test instead of the suite."""
    argv = ["invoke", "--bonus", "2", "--difficulty", "3", "--invokes", "3", "--exact"]
    calls = {w: f"print(main({[*argv, '--point-value', w]!r}))" for w in _POINT_VALUES}
    return run_each("from dicestats.cli import main", calls, timeout=60)


@pytest.mark.parametrize("word", _POINT_VALUES)
def test_point_value_is_parsed_strictly_and_never_hangs(word, point_value_refusals):
    # Fraction() reads underscores: '1e-1_000_000' passed the exponent check and ran 181 s.
    r = point_value_refusals[word]
    assert r["error"] is None and r["out"] == "2\n", r
    lines = r["err"].strip().splitlines()
    assert len(lines) == 1 and "point_value must be" in lines[0], r["err"]


@pytest.mark.parametrize(
    "word, value",
    [
        ("0.25", F(1, 4)),
        ("1/4", F(1, 4)),
        (".5e-1", F(1, 20)),
        ("25E-2", F(1, 4)),
        ("1e-50", F(1, 10**50)),
        ("1", F(1)),
    ],
)
def test_point_value_accepts_plain_numbers(capsys, word, value):
    argv = ["invoke", "--difficulty", "2", "--invokes", "1", "--exact", "--json"]
    d = run_json(capsys, *argv, "--point-value", word)
    assert frac(d["point_value"]) == value


# --------------------------------------------------------------------------
# dicestats challenge (issue 9)
# --------------------------------------------------------------------------
def test_challenge_command_matches_the_enumeration(capsys):
    from .oracle import brute_challenge

    d = run_json(
        capsys, "challenge", "--difficulties", "1,3", "--bonuses", "2", "--plan", "OAO",
        "--exact", "--json",
    )  # fmt: skip
    want = brute_challenge([("O", 2, 1), ("A", 2, 3), ("O", 2, 3)])
    assert {int(k): frac(v) for k, v in d["successes"].items()} == want
    assert frac(d["p_challenge"]) == want[2] and d["plan"] == "OAO" and d["need"] == 2
    tie = run_json(
        capsys, "challenge", "--difficulties", "3", "--bonuses", "1", "--plan", "AO",
        "--advantage-difficulties", "1", "--count", "tie", "--exact", "--json",
    )  # fmt: skip
    assert frac(tie["p_challenge"]) == brute_challenge([("A", 1, 1), ("O", 1, 3)], "tie")[1]


def test_challenge_command_finds_the_best_plan(capsys):
    from .oracle import brute_challenge, brute_plans

    d = run_json(
        capsys, "challenge", "--difficulties", "1,3", "--bonuses", "2", "--advantages", "1",
        "--exact", "--json",
    )  # fmt: skip
    scores = {}
    for plan in brute_plans(2, 1):
        steps, j = [], 0
        for letter in plan:
            d_ = (1, 3)[plan[: len(steps)].count("O")] if letter == "A" else (1, 3)[j]
            steps.append((letter, 2, d_))
            j += letter == "O"
        scores[plan] = brute_challenge(steps)[2]
    assert d["plan"] == max(scores, key=scores.get) == "OAO"
    assert {k: frac(v) for k, v in d["p_challenge_by_plan"].items()} == scores


def test_challenge_command_text_says_the_reading(capsys):
    assert main(["challenge", "--difficulties", "1,2,3", "--bonuses", "2", "--plan", "OOAO"]) == 0
    out = capsys.readouterr().out
    assert "plan O O A O" in out and "go to the next O" in out
    assert "success or better" in out and "needs 3 of 3" in out
    assert "3. create an advantage for roll 3" in out
    assert main(["challenge", "--difficulties", "1,3", "--advantages", "2", "--count", "tie"]) == 0
    out = capsys.readouterr().out
    assert "the best with up to 2" in out and "Plans compared, best first" in out
    assert "a tie or better" in out


@pytest.mark.parametrize(
    "extra, name",
    [
        (["--plan", "OXO"], "plan[1]"),
        (["--plan", "AO"], "plan"),
        (["--plan", "OOA"], "plan"),
        (["--plan", "OAO", "--advantages", "1"], "plan must be omitted with advantages"),
        (["--advantages", "2", "--advantage-bonuses", "1,2"], "advantage_bonuses must be one"),
        (["--plan", "OAO", "--advantage-difficulties", "1,2"], "advantage_difficulties"),
        (["--need", "3"], "need"),
        (["--need", "-1"], "need must be"),
        (["--advantages", "21"], "advantages must be"),
        (["--bonuses", "1,2,3"], "bonuses"),
        (["--bonuses", "1,,2"], "--bonuses"),
        (["--plan", "OAO", "--dice", "51"], "dice must be"),
        (["--advantages", "1_0"], "--advantages"),
        (["--difficulties", "1,Heroic"], "difficulties[3] must be"),  # given twice: added
    ],
)
def test_challenge_bad_input_one_line_exit_2(capsys, extra, name):
    rc = main(["challenge", "--difficulties", "1,2", *extra])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and name in lines[0], err


def test_a_zero_mean_is_never_printed_negative(capsys):
    # Float round-off once printed "mean shifts -0.00" for +2 against Fair.
    assert main(["fate", "--bonus", "2", "--difficulty", "2"]) == 0
    assert "mean shifts               +0.00" in capsys.readouterr().out


# --------------------------------------------------------------------------
# Every question is a command printing its result's view
# --------------------------------------------------------------------------
_QUESTIONS = [
    (["fate", "outcome-probs", "--bonus", "2", "--difficulty", "Fair"],
     lambda **how: fate.outcome_probs(2, difficulty=2, **how)),
    (["fate", "create-advantage", "--bonus", "2", "--vs", "1", "--aspect", "reveal",
      "--fail-option", "opposition_invokes"],
     lambda **how: fate.create_advantage(2, versus=1, aspect="reveal",
                                         fail_option="opposition_invokes", **how)),
    (["fate", "overcome", "--bonus", "1", "--difficulty", "1", "--helpers", "2"],
     lambda **how: fate.overcome(1, difficulty=1, helpers=2, **how)),
    (["fate", "attack", "--bonus", "1", "--difficulty", "0", "--trade-for-boost"],
     lambda **how: fate.attack(1, difficulty=0, trade_for_boost=True, **how)),
    (["fate", "defend", "--bonus", "2", "--difficulty", "Good"],
     lambda **how: fate.defend(2, difficulty=3, **how)),
    (["fate", "invoke-policy", "--bonus", "1", "--total", "Superb", "--invokes", "2"],
     lambda **how: fate.invoke_policy(1, total=5, invokes=2, **how)),
    (["fate", "exchange-probs", "1", "0,-1", "--tie-rule", "any"],
     lambda **how: fate.exchange_probs(1, [0, -1], tie_rule="any", **how)),
    (["fate", "contest", "1", "0,2", "--tie-rule", "any"],
     lambda **how: fate.contest(1, [0, 2], tie_rule="any", **how)),
    (["fate", "challenge", "1,3", "--bonuses", "2", "--count", "tie"],
     lambda **how: fate.challenge([1, 3], 2, count="tie", **how)),
    (["fate", "deck-vs-dice", "12", "--difficulty", "1", "--dice", "3"],
     lambda **how: fate.deck_vs_dice(12, 0, 1, rules=fate.Rules(dice=3), **how)),
]  # fmt: skip


@pytest.mark.parametrize("argv, answer", _QUESTIONS, ids=[" ".join(a[:2]) for a, _ in _QUESTIONS])
def test_every_question_prints_its_view(capsys, argv, answer):
    from dicestats.format import view_text

    assert main(argv) == 0
    assert capsys.readouterr().out == view_text(answer().view()) + "\n"
    assert main([*argv, "--exact"]) == 0
    exact = answer(exact=True)
    assert capsys.readouterr().out == view_text(exact.view(), exact=True) + "\n"
    assert run_json(capsys, *argv, "--exact", "--json") == json.loads(exact.to_json())


def test_a_required_value_given_twice_is_refused(capsys):
    assert main(["fate", "contest", "1", "0", "--vs", "2"]) == 2
    assert "versus given twice" in capsys.readouterr().err


# The charts of fate --vs, contest, invoke and deck are drawn by
# tests/initiative/test_defence_cli_plots.py (every table-like Fate and initiative command);
# these two are the ones it does not draw: a declared question's, and a challenge's advantages.
@pytest.mark.parametrize(
    "argv",
    [
        ["fate", "invoke-policy", "--bonus", "2", "--total", "5"],
        ["challenge", "--difficulties", "1,3", "--bonuses", "2", "--advantages", "1", "--exact"],
    ],
)
def test_plot_draws_the_questions_chart(tmp_path, capsys, argv):
    out = tmp_path / "chart.svg"
    assert main([*argv, "--plot", str(out)]) == 0
    assert out.read_bytes().startswith(b"<?xml")
    assert "wrote" in capsys.readouterr().err
