"""The Fate, initiative and compare explorers show the API's numbers for their controls."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("ipywidgets")

from dicestats import explore, fate, initiative, tables  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.format import percent  # noqa: E402

from .test_storyteller import run_cli, run_python, set_controls, shown  # noqa: E402


# -- Fate ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "controls",
    [
        dict(rating=2, difficulty=3, invokes=1),
        dict(rating=4, difficulty=6, invokes=2, helpers=1, objective="style"),
        dict(rating=1, against="versus", versus=3, invokes=1),
        dict(rating=0, difficulty=-1, invokes=0, objective="tie"),
    ],
)
def test_fate_shows_bands_invokes_and_contest_of_the_api(controls, capsys):
    ex = explore.fate()
    set_controls(ex, **controls)
    assert ex.error.value == ""
    c = {**ex.state()}
    fixed = c["against"] == "difficulty"
    opp = c["difficulty"] if fixed else c["versus"]
    side = dict(difficulty=opp) if fixed else dict(versus=opp)
    bands = fate.outcome_probs(c["rating"], helpers=c["helpers"], **side)
    bonus = c["rating"] + c["helpers"]
    if fixed:
        inv = fate.invoke_policy(bonus, opp, invokes=c["invokes"], objective=c["objective"])
    else:
        inv = fate.invoke_vs_opposition(bonus, opp, invokes=c["invokes"], objective=c["objective"])
    duel = fate.contest([bonus, opp])
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
    assert "<td>reroll</td>" in ex.table.value or "<td>+2</td>" in ex.table.value


def test_fate_refusals_are_one_line():
    ex = explore.fate()
    ex.controls["invokes"].value = 21
    assert ex.error.value.startswith("invokes must be an integer in 0..20, got 21")
    ex.controls["invokes"].value = 1
    assert ex.error.value == ""
    ex.controls["helpers"].value = -1
    assert ex.error.value.startswith("helpers must be")


# -- initiative ------------------------------------------------------------------------
def test_initiative_shows_the_seeded_estimates_of_the_api(capsys):
    ex = explore.initiative("2,1", "2", trials=3_000, seed=11)
    ex.wait()
    set_controls(ex, swiftness="3,1", versus="2,2", pips="1,0", hold="defend", rounds=2)
    view = ex.wait()
    kw = dict(trials=3_000, rng=11, pips=[1, 0], hold="defend", rounds=2)
    r = initiative.simulate([3, 1], [2, 2], **kw)
    d = initiative.defence([3, 1], [2, 2], attackers="versus", respond="every", **kw)
    # (RoundOdds.raw, the summed counts, compares by identity: compare the fields)
    assert view.result[0].as_dict() == r.as_dict()
    assert view.result[1].as_dict() == d.as_dict()
    assert shown(ex, "p_first") == str(r.p_first)
    assert shown(ex, "p_slow_round") == percent(d.p_slow_round.value)
    assert ex.status.value.startswith("full estimate (3,000 trials)")
    for e in list(r.actions_before.values()) + list(r.p_participant_first):
        assert f"<td>{e}</td>" in ex.table.value
    cmd = ex.view.cli.splitlines()[0]
    assert "--hold defend" in cmd and "--rounds 2" in cmd
    got = run_cli(cmd, capsys)
    assert got["p_first"]["value"] == r.p_first.value
    sim_line = ex.view.python.splitlines()[:2]
    assert run_python("\n".join(sim_line)).as_dict() == r.as_dict()


def test_initiative_gives_a_quick_estimate_first_without_freezing_the_controls():
    ex = explore.initiative("3,3", "2,2,2", trials=20_000, seed=3)
    ex.wait()
    start = time.perf_counter()
    ex.controls["swiftness"].value = "4,3"  # returns at once: the work is in the background
    assert time.perf_counter() - start < 0.1
    while not ex.status.value.startswith(("quick", "full")):
        time.sleep(0.005)
    quick = ex.view.result[0]
    assert time.perf_counter() - start < 0.5
    assert quick.trials == explore.initiative_ui.QUICK_TRIALS
    want = initiative.simulate([4, 3], [2, 2, 2], trials=2_000, rng=3)
    assert quick.as_dict() == want.as_dict()
    ex.controls["seed"].value = 4  # supersedes the refinement under way
    view = ex.wait()
    want = initiative.simulate([4, 3], [2, 2, 2], trials=20_000, rng=4)
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
def test_compare_puts_two_rule_sets_side_by_side(capsys):
    ex = explore.compare()
    set_controls(ex, a_dice=5, a_difficulty=9, b_dice=6, b_difficulty=9, b_preset="revised",
                 b_specialty=False, b_ten_again=True)  # fmt: skip
    a, b = st.pool(5, 9), st.pool(6, 9, st.Rules(ten_again=True))
    assert ex.view.result == (a, b)
    assert shown(ex, "p_botch_a") == percent(a.p_botch) == "16.0%"
    assert shown(ex, "p_botch_b") == percent(b.p_botch)
    odds_b = tables.storyteller_odds(range(1, 11), [9], st.Rules(ten_again=True))
    assert ex.view.table["p_success B"].tolist() == odds_b["p_success"].tolist()
    for cmd, want in zip(ex.view.cli.splitlines(), (a, b), strict=True):
        got = run_cli(cmd, capsys)["p_botch"]
        assert got == pytest.approx(float(want.p_botch), abs=1e-12)
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
