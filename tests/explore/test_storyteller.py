"""The Storyteller explorer shows the API's numbers for the controls' values.

Controls are set programmatically (as a person moving them would); the figures
read back from the page's HTML must be the API's answer for the same inputs,
formatted by :func:`dicestats.format.percent`; the shown CLI command and Python
call must give the same answer when run.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from dicestats import explore, tables  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.format import percent  # noqa: E402

from .helpers import run_cli, run_python, set_controls, shown  # noqa: E402


def test_botch_moves_from_5_to_6_dice_at_difficulty_9():
    ex = explore.storyteller(5, 9)
    assert shown(ex, "p_botch") == percent(st.pool(5, 9).p_botch) == "16.0%"
    ex.controls["dice"].value = 6
    assert shown(ex, "p_botch") == percent(st.pool(6, 9).p_botch) == "14.4%"
    assert ex.view.result == st.pool(6, 9)


@pytest.mark.parametrize(
    "controls, rules, specialty",
    [
        (dict(dice=7, difficulty=8), st.Rules(), False),
        ({"dice": 3, "difficulty": 10, "rules.preset": "first"}, st.Rules.preset("first"), False),
        ({"dice": 6, "difficulty": 7, "rules.ten_again": True, "rules.chain": False},
         st.Rules(ten_again=True, chain=False), False),
        ({"dice": 5, "difficulty": 7, "rules.preset": "v20", "specialty": True},
         st.Rules.preset("v20"), True),
        ({"dice": 5, "difficulty": 7, "rules.preset": "v20", "specialty": True,
          "rules.one_cancels": "highest"},
         st.Rules.preset("v20").replace(one_cancels="highest"), True),
        ({"dice": 4, "difficulty": 6, "rules.willpower": True,
          "rules.willpower_success": "ordinary"},
         st.Rules(willpower=True, willpower_success="ordinary"), False),
        ({"dice": 4, "difficulty": 12, "rules.above_ten": "clamp"}, st.Rules(above_ten="clamp"),
         False),
        ({"dice": 8, "difficulty": 6, "rules.rule_of_one": False}, st.Rules(rule_of_one=False),
         False),
    ],
)  # fmt: skip
def test_every_figure_is_the_apis_and_the_commands_say_the_same(controls, rules, specialty, capsys):
    ex = explore.storyteller()
    set_controls(ex, **controls)
    assert ex.error.value == ""
    want = st.pool(controls["dice"], controls["difficulty"], rules, specialty=specialty)
    assert ex.view.result == want
    for key in ("p_success", "p_fail", "p_botch", "p_marginal", "p_phenomenal"):
        assert shown(ex, key) == percent(getattr(want, key))
    assert shown(ex, "mean_net") == f"{float(want.mean_net):.2f}"
    # The command and the call on show give the same answer.
    got = run_cli(ex.view.cli, capsys)
    assert got["p_botch"] == pytest.approx(float(want.p_botch), abs=1e-12)
    assert got["p_success"] == pytest.approx(float(want.p_success), abs=1e-12)
    assert run_python(ex.view.python) == want


def test_the_table_is_the_odds_across_pools_with_the_anomalies_marked():
    ex = explore.storyteller(3, 10)
    odds = tables.storyteller_odds(range(1, 11), [10])
    assert ex.view.table["p_botch"].tolist() == odds["p_botch"].tolist()
    found = tables.storyteller_anomalies(None, range(1, 11), [10], exact=False)
    rows = re.findall(r"<tr([^>]*)>(.*?)</tr>", ex.table.value)[1:]
    for n in range(1, 11):
        cells = re.findall(r"<td([^>]*)>([^<]*)</td>", rows[n - 1][1])
        assert cells[0][1] == str(n)
        botch_cell = cells[3]
        assert botch_cell[1] == percent(odds["p_botch"][n - 1])
        bad = ((found["metric"] == "p_botch") & (found["dice"] == n)).any()
        assert ("ds-anomaly" in botch_cell[0]) == bad
    assert [i for i, (attrs, _) in enumerate(rows) if "ds-current" in attrs] == [2]


def test_a_refused_state_is_one_line_in_the_widget():
    ex = explore.storyteller(5, 9)
    ex.controls["dice"].value = 1001  # typed into the text box: over the limit
    assert ex.error.value.startswith("dice must be an integer in 1..1000, got 1001")
    assert "\n" not in ex.error.value
    assert shown(ex, "p_botch") == "16.0%"  # the last good view stays, dimmed
    assert "ds-stale" in ex.summary._dom_classes
    set_controls(ex, dice=5, difficulty=11)
    assert ex.error.value.startswith("difficulty must be an integer in 2..10, got 11")
    set_controls(ex, **{"dice": 5, "difficulty": 9, "rules.rule_of_one": False,
                        "rules.botch_rule": "first"})  # fmt: skip
    assert ex.error.value.startswith("botch_rule must be")
    ex.controls["rules.botch_rule"].value = "revised"
    assert ex.error.value == "" and "ds-stale" not in ex.summary._dom_classes


def test_the_largest_pool_is_shown_with_its_neighbours():
    ex = explore.storyteller(1000, 6)
    assert ex.error.value == "" and ex.view.result == st.pool(1000, 6)
    assert ex.view.table["dice"].tolist() == list(range(971, 1001))


def test_flags_that_cannot_apply_are_greyed_out_and_left_out():
    ex = explore.storyteller(5, 7)
    c = ex.controls
    for name in ("chain", "reroll_ones_cancel", "specialty_rule", "one_cancels",
                 "willpower_success", "above_ten"):  # fmt: skip
        assert c[f"rules.{name}"].disabled, name
    c["rules.ten_again"].value = True
    assert not c["rules.chain"].disabled
    c["rules.ten_again"].value = False
    c["rules.chain"].value = False  # greyed out: no 10 earns an extra die
    assert "--no-chain" not in ex.view.cli and ex.view.result == st.pool(5, 7)
    assert "chain left out: no 10 earns an extra die" in ex.view.note
    c["difficulty"].value = 12
    assert not c["rules.above_ten"].disabled
    c["rules.preset"].value = "v20"
    assert c["rules.one_cancels"].disabled  # a 10 counts double only with a specialty
    c["specialty"].value = True
    assert not c["rules.one_cancels"].disabled and not c["rules.specialty_rule"].disabled


def test_a_new_preset_starts_from_its_flags():
    ex = explore.storyteller(5, 7)
    ex.controls["rules.botch_rule"].value = "first"
    ex.controls["rules.preset"].value = "v20"
    assert ex.controls["rules.botch_rule"].value == "revised"
    assert ex.controls["rules.specialty_rule"].value == "double"
    assert ex.view.cli == "dicestats pool 5 --difficulty 7 --preset v20"


def test_extended_actions_keep_the_pool_and_the_rules(capsys):
    ex = explore.storyteller(6, 7)
    ex.controls["rules.ten_again"].value = True
    ex.controls["question"].value = "extended"
    assert (ex.controls["dice"].value, ex.controls["difficulty"].value) == (6, 7)
    set_controls(ex, target=8, rounds="5", on_botch="ends")
    want = st.extended(6, 7, 8, st.Rules(ten_again=True), on_botch="ends", rounds=5)
    assert ex.view.result == want
    assert shown(ex, "p_success") == percent(want.p_success)
    assert ex.view.cli == "dicestats extended 6 7 8 --ten-again --on-botch ends --rounds 5"
    got = run_cli(ex.view.cli, capsys)
    assert got["p_success"] == pytest.approx(float(want.p_success), abs=1e-12)
    assert run_python(ex.view.python) == want
    assert ex.extras.layout.display == "none"  # the chart metric: the pool's only


def test_exports_write_the_chart_and_the_table(tmp_path):
    ex = explore.storyteller(5, 9)
    ex.save_chart(tmp_path / "c.png")
    ex.save_chart(tmp_path / "c.svg")
    ex.save_table(tmp_path / "t.csv")
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in (tmp_path / "c.svg").read_bytes()[:400]
    csv = (tmp_path / "t.csv").read_text().splitlines()
    assert csv[0].startswith("dice,difficulty,p_success") and len(csv) == 11
    assert ex.chart.value[:4] == b"\x89PNG"
    ex._offer_download(".csv")
    assert 'download="dicestats-storyteller.csv"' in ex.downloads.value
    with pytest.raises(ValueError, match="path must be a"):
        ex.save_chart(tmp_path / "c.gif")
