"""Issue 26 item 3: several holding policies side by side, one command (cheap: 1,500 fights)."""

import json

from dicestats.cli import main

ARGV = ["defence", "3", "3", "--attack", "3", "--defend", "3", "--trials", "1500", "--seed", "7"]


def test_policies_side_by_side_with_a_verdict_and_a_chart(capsys, tmp_path):
    chart = tmp_path / "hold.png"
    assert main([*ARGV, "--hold", "never,defend,always", "--plot", str(chart)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("d6 holding policies: A = [3] vs B = [3], B holds never")
    table = out.split("\n\n")[1].splitlines()
    assert table[0].split("  ")[0] == "A holds" and "B's attacks that wound A" in table[0]
    assert [row.split()[0] for row in table[2:5]] == ["never", "defend", "always"]
    # always holding deals nothing in an exchange: its dealt column is 0.00
    assert table[4].split()[4] == "0.00"
    verdict = lines[-1]
    assert verdict.startswith("on the defensive, ") and "; in an exchange, " in verdict
    assert "of B's attacks wound A (never → " in verdict  # holding pays on the defensive
    assert "in an exchange, never pays" in verdict  # and not in an exchange
    assert chart.stat().st_size > 0


def test_dealt_and_taken_per_policy_in_the_json(capsys):
    assert main([*ARGV, "--hold", "never,defend", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["policy"] for r in rows] == ["never", "defend"]
    for r in rows:
        assert abs(r["net"] - (r["dealt"] - r["taken"])) < 1e-12 and 0 <= r["wounded"] <= 1


def test_one_policy_per_participant_is_read_as_before(capsys):
    argv = ["defence", "3,3", "2", "--hold", "defend,never", "--trials", "300", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("d6 defence: A = [3, 3]") and "holding: A defend/never" in out


def test_several_policies_are_simulated(capsys):
    assert main(["defence", "3", "3", "--hold", "never,defend", "--exact"]) == 2
    assert "cannot apply with several --hold policies" in capsys.readouterr().err
