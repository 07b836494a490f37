"""docs/rules/storyteller.md tells the truth: its limits are LIMITS, its numbers the API's."""

from __future__ import annotations

from pathlib import Path

from dicestats import format as fmt
from dicestats import storyteller as st

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rules" / "storyteller.md").read_text(encoding="utf-8")


def test_worked_example_numbers():
    hall = st.multiple_actions([7, 6, 6], 6)
    shown = ", ".join(fmt.percent(a.p_success, 2) for a in hall.actions)
    assert f"{shown} at difficulty 6; all three {fmt.percent(hall.p_all, 2)}" in DOC
    assert f"{hall.mean_successes:.4f} successful actions" in DOC
    jerome = st.try_again(4, 6)
    at6, at7 = st.pool(4, 6).p_success, st.pool(4, 7).p_success
    assert f"success {fmt.percent(at6, 2)} at 6, {fmt.percent(at7, 2)} at 7" in DOC
    assert f"within two attempts {fmt.percent(jerome.p_success_within[1], 2)}" in DOC
    cliff = st.extended(6, 6, 15, on_botch="ends")
    assert f"done {fmt.percent(cliff.p_success, 2)}, failed {fmt.percent(cliff.p_failed, 2)}" in DOC
    assert f"{cliff.mean_rolls:.2f} rolls on average" in DOC
    peak = [st.pool(n, 10, exact=True).p_botch for n in range(1, 7)]
    assert "10%, 17%, 21.7%, 24.65%, 26.281%, 26.9297%" in DOC
    assert [float(p) for p in peak] == [0.1, 0.17, 0.217, 0.2465, 0.26281, 0.269297]
    assert float(st.pool(6, 10, exact=True).p_botch) == 0.269297  # "26.9297%"
    assert float(st.pool(7, 10, exact=True).p_botch) == 0.2685817  # "26.8582%"


def test_issue_9_numbers_quoted_by_the_rules_page():
    v20 = st.Rules.preset("v20")
    plain, special = st.pool(5, 7, v20).p_success, st.pool(5, 7, v20, specialty=True).p_success
    assert f"the revised {fmt.percent(plain, 2)} success" in DOC
    assert f"specialty's {fmt.percent(special, 2)}" in DOC
    assert plain == st.pool(5, 7).p_success
    best = st.best_actions([4, 3, 6], 8)
    means = [round(float(m.mean_successes), 3) for m in best.by_count]
    assert best.best == 1 and means == [0.602, 0.45, 0.6]
    assert "one action of 4 dice (0.602 against 0.45 and 0.6)" in DOC
    assert st.extended(1, 10, 10, exact=True).mean_rolls == 10230
    assert "10,230 rolls on average" in DOC


def test_teamwork_and_extended_numbers_quoted_by_the_rules_page():
    team = st.teamwork([4, 3, 3], 6)
    merged = st.pool(10, 6)
    assert f"{fmt.percent(team.p_success, 2)} of the time rolled apart" in DOC
    assert f"{fmt.percent(merged.p_success, 2)} as one pool of 10 dice" in DOC
    cliff = st.extended(6, 6, 15, on_botch="ends")
    assert f"{cliff.mean_rolls_given_success:.2f} rolls on average when it succeeds" in DOC
