"""The Fate, initiative and compare explorers show the API's numbers for their controls."""

from __future__ import annotations

import html
import time

import pytest

pytest.importorskip("ipywidgets")

from dicestats import explore, fate, initiative, tables  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.format import percent, view_text  # noqa: E402

from .helpers import run_cli, run_python, set_controls, shown  # noqa: E402


# -- Fate ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "controls, bonus, helpers, side, invokes, objective",
    [
        (dict(bonus="2", difficulty="3", invokes=1), 2, 0, dict(difficulty=3), 1, "success"),
        (dict(bonus="Great", difficulty="6", invokes=2, helpers=1, objective="style"), 4, 1,
         dict(difficulty=6), 2, "style"),
        (dict(bonus="1", difficulty="", versus="3", invokes=1), 1, 0, dict(versus=3), 1,
         "success"),
        (dict(bonus="0", difficulty="-1", invokes=0, objective="tie"), 0, 0,
         dict(difficulty=-1), 0, "tie"),
    ],
)  # fmt: skip
def test_fate_shows_bands_invokes_and_contest_of_the_api(
    controls, bonus, helpers, side, invokes, objective, capsys
):
    ex = explore.fate()
    set_controls(ex, **controls)
    assert ex.error.value == ""
    (opp,) = side.values()
    bands = fate.outcome_probs(bonus, helpers=helpers, **side)
    total = bonus + helpers
    if "difficulty" in side:
        inv = fate.invoke_policy(total, opp, invokes=invokes, objective=objective)
    else:
        inv = fate.invoke_vs_opposition(total, opp, invokes=invokes, objective=objective)
    duel = fate.contest(total, opp)
    for key in ("p_fail", "p_tie", "p_success", "p_style"):
        assert shown(ex, key) == percent(getattr(bands, key))
    assert shown(ex, "p_optimal") == percent(inv.p_optimal)
    assert shown(ex, "p_never") == percent(inv.p_never)
    assert shown(ex, "p_win") == percent(duel.p_win[0])
    assert ex.view.result == (bands, inv, duel)
    # Each shown command gives the same answer as the figure it stands for.
    fate_cmd, invoke_cmd, contest_cmd = ex.view.cli.splitlines()
    assert run_cli(fate_cmd, capsys)["p_style"] == pytest.approx(float(bands.p_style), abs=1e-12)
    got = run_cli(invoke_cmd, capsys)["p_optimal"]
    assert got == pytest.approx(float(inv.p_optimal), abs=1e-12)
    got = run_cli(contest_cmd, capsys)["p_win"][0]
    assert got == pytest.approx(float(duel.p_win[0]), abs=1e-12)
    lines = ex.view.python.splitlines()
    for line, want in zip(lines[1:], (bands, inv, duel), strict=True):
        assert run_python(f"{lines[0]}\n{line}") == want


def test_fate_table_is_the_invoke_plan_against_a_difficulty():
    ex = explore.fate(2, 3, invokes=2)
    want = tables.fate_invoke_plan(2, 3, invokes=2)
    assert ex.view.table.equals(want)
    assert "Optimal plan after seeing the dice" in ex.table.value


def test_fate_refusals_are_one_line():
    ex = explore.fate()
    ex.controls["invokes"].value = 21
    assert ex.error.value.startswith("invokes must be an integer in 0..20, got 21")
    ex.controls["invokes"].value = 1
    assert ex.error.value == ""
    ex.controls["helpers"].value = -1
    assert ex.error.value.startswith("helpers must be")
    set_controls(ex, helpers=0, versus="3")
    assert ex.error.value.startswith("difficulty and versus must be exactly one given")


# -- initiative ------------------------------------------------------------------------
def test_initiative_shows_the_seeded_estimates_of_the_api(capsys):
    ex = explore.initiative("2,1", "2", trials=3_000, seed=11)
    ex.wait()
    set_controls(
        ex, method="montecarlo", swiftness="3,1", versus="2,2", pips="1,0", hold="defend", rounds=2
    )
    view = ex.wait()
    kw = dict(trials=3_000, rng=11, pips=[1, 0], hold="defend", rounds=2)
    r = initiative.odds([3, 1], [2, 2], **kw)
    d = initiative.defence([3, 1], [2, 2], attackers="versus", respond="every", **kw)
    # (Odds.raw, the summed counts, compares by identity: compare the fields)
    assert view.result[0].as_dict() == r.as_dict()
    assert view.result[1].as_dict() == d.as_dict()
    for key, e in (("p_first", r.p_first), ("p_slow_round", d.p_slow_round)):
        assert shown(ex, key) == f"{percent(e.value)} ± {percent(e.stderr)}"
    assert ex.status.value.startswith("full estimate (3,000 trials)")
    # both views on show: each participant's chances, the tempo, the slow answers
    on_show = html.unescape(ex.table.value)
    assert view_text(r.view()) in on_show and view_text(d.view()) in on_show
    # each command and each call on show gives the same answer
    odds_cmd, defence_cmd = ex.view.cli.splitlines()
    assert "--hold defend" in odds_cmd and "--rounds 2" in odds_cmd
    assert run_cli(odds_cmd, capsys)["p_first"]["value"] == r.p_first.value
    assert run_cli(defence_cmd, capsys)["p_slow_round"]["value"] == d.p_slow_round.value
    imports, *calls = ex.view.python.splitlines()
    for line, want in zip(calls, (r, d), strict=True):
        assert run_python(f"{imports}\n{line}").as_dict() == want.as_dict()


def test_initiative_opens_on_exact_odds_with_the_slow_answers_estimated_beside_them(capsys):
    ex = explore.initiative("3,3", "2,2,2", trials=3_000, seed=5)
    odds, slow = ex.wait().result
    want = initiative.odds([3, 3], [2, 2, 2])  # exact, by tiers
    assert odds.exact and odds.as_dict() == want.as_dict()
    d = initiative.defence([3, 3], [2, 2, 2], respond="every", trials=3_000, rng=5)
    assert slow.as_dict() == d.as_dict()
    assert shown(ex, "p_first") == percent(want.p_first)  # no interval: exact
    e = d.p_slow_round
    assert shown(ex, "p_slow_round") == f"{percent(e.value)} ± {percent(e.stderr)}"
    assert ex.status.value == "slow answers: full estimate (3,000 trials)"
    assert "Monte Carlo, 3,000 trials, seed 5" in ex.view.note
    assert not ex.controls["trials"].disabled  # they set the slow answers' estimate
    odds_cmd, defence_cmd = ex.view.cli.splitlines()
    assert "--exact" in odds_cmd and "--trials 3000 --seed 5" in defence_cmd
    assert run_cli(odds_cmd, capsys)["p_first"] == str(want.p_first)
    # holding past the exact limits: one line that names Monte Carlo
    ex.controls["hold"].value = "defend"
    ex.wait()
    assert "use Monte Carlo" in ex.error.value


def test_initiative_gives_a_quick_estimate_first_without_freezing_the_controls():
    # 6,000 trials: a quick estimate (2,000), then the full one
    ex = explore.initiative("3,3", "2,2,2", trials=6_000, seed=3)
    ex.wait()
    ex.controls["method"].value = "montecarlo"
    ex.wait()
    start = time.perf_counter()
    ex.controls["swiftness"].value = "4,3"  # returns at once: the work is in the background
    assert time.perf_counter() - start < 0.1
    while not ex.status.value.startswith(("quick", "full")):
        time.sleep(0.005)
    quick = ex.view.result[0]
    assert time.perf_counter() - start < 0.5
    assert quick.trials == explore.generic_ui.QUICK_TRIALS
    want = initiative.odds([4, 3], [2, 2, 2], trials=2_000, rng=3)
    assert quick.as_dict() == want.as_dict()
    ex.controls["seed"].value = 4  # supersedes the refinement under way
    view = ex.wait()
    want = initiative.odds([4, 3], [2, 2, 2], trials=6_000, rng=4)
    assert view.result[0].as_dict() == want.as_dict()


def test_initiative_refusals_are_one_line_in_the_widget():
    ex = explore.initiative("2", "2", trials=2_000)
    ex.wait()
    ex.controls["swiftness"].value = "3,x"
    assert ex.error.value.startswith("swiftness must be comma-separated whole numbers")
    ex.controls["swiftness"].value = "2"
    ex.wait()
    assert ex.error.value == ""
    ex.controls["rounds"].value = 99
    ex.wait()
    assert ex.error.value.startswith("rounds must be an integer in 1..50, got 99")


# -- compare ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "controls, call",
    [
        # the default: the same pools, revised against v20 with a specialty
        ({}, dict(dice=range(1, 11), difficulty=6, versus_rules=st.Rules.preset("v20"),
                  versus_specialty=True)),
        # two pools and two difficulties: A's pools against B's one pool
        (dict(a_dice=5, a_difficulty=7, b_dice=8, b_difficulty=8, b_preset="revised",
              b_specialty=False, b_ten_again=True),
         dict(dice=range(1, 11), difficulty=7, versus_rules=st.Rules(ten_again=True),
              versus_dice=8, versus_difficulty=8)),
        # A spends Willpower and has ten-again, B (first edition) has neither
        (dict(a_dice=12, a_difficulty=8, a_ten_again=True, a_willpower=True, b_dice=12,
              b_difficulty=8, b_preset="first", b_specialty=False),
         dict(dice=range(1, 15), difficulty=8,
              rules=st.Rules(ten_again=True, willpower=True),
              versus_rules=st.Rules.preset("first"))),
    ],
)  # fmt: skip
def test_compare_shows_the_workbench_comparison(controls, call, capsys):
    from dicestats.workbench import compare_storyteller

    ex = explore.compare()
    set_controls(ex, **controls)
    assert ex.error.value == ""
    c = compare_storyteller(
        call.pop("dice"), call.pop("difficulty"), call.pop("rules", st.Rules()),
        call.pop("versus_rules"), **call,
    )  # fmt: skip
    assert ex.view.result == c
    row = next(r for r in c.rows if r["dice"] == ex.state()["a_dice"])
    # both sides, the differences and the distances of A's cell, as the API returns them
    for m in ("p_success", "p_botch"):
        for key in (m, f"versus_{m}"):
            assert shown(ex, key) == percent(row[key])
        assert shown(ex, f"diff_{m}") == f"{100 * row[f'diff_{m}']:+.2f} pp"
    assert shown(ex, "diff_mean_net") == f"{row['diff_mean_net']:+.2f}"
    assert shown(ex, "total_variation") == percent(row["total_variation"])
    assert shown(ex, "max_gap") == percent(row["max_gap"])
    # where they differ most, on the note and marked in the table
    big = c.largest
    assert f"{percent(big['value'])} vs {percent(big['versus_value'])}" in ex.view.note
    assert f"largest total variation {percent(c.total_variation)}" in ex.view.note
    assert ex.view.table.to_dict("records") == list(c.rows)
    # the shown command is `dicestats compare storyteller` and gives the same numbers
    cmd = ex.view.cli
    assert cmd.startswith("dicestats compare storyteller ") and "--vs-preset" in cmd
    got = run_cli(cmd, capsys)
    assert len(got["rows"]) == len(c.rows)
    for g, want in zip(got["rows"], c.rows, strict=True):
        for k, v in want.items():
            assert g[k] == pytest.approx(float(v), abs=1e-12), k
    assert got["largest"]["metric"] == big["metric"]
    assert got["total_variation"] == pytest.approx(float(c.total_variation), abs=1e-12)
    assert run_python(ex.view.python) == c


def test_compare_refuses_two_equal_sides_and_bad_pools():
    ex = explore.compare()
    set_controls(ex, b_preset="revised", b_specialty=False)
    assert ex.error.value.startswith("versus_rules must be a second side that differs")
    set_controls(ex, b_preset="v20")
    assert ex.error.value == ""
    ex.controls["a_dice"].value = 0
    assert ex.error.value.startswith("dice must be an integer in 1..1000, got 0")


def test_every_explorer_exports(tmp_path):
    for make in (explore.fate, explore.compare):
        ex = make()
        ex.save_chart(tmp_path / f"{ex.title}.svg")
        ex.save_table(tmp_path / f"{ex.title}.csv")
        assert (tmp_path / f"{ex.title}.csv").read_text().count("\n") >= 2
    ex = explore.initiative("2", "1", trials=2_000)
    ex.wait()
    ex.save_chart(tmp_path / "i.png")
    assert (tmp_path / "i.png").read_bytes()[:4] == b"\x89PNG"
