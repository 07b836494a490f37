"""``dicestats resisted`` and ``dicestats teamwork`` against the oracles of :mod:`.oracle`.

Small pools against every face of every die (:func:`.oracle.resisted_brute`,
:func:`.oracle.team_brute`); the issue's acceptance commands against per-die
convolutions combined by hand (:func:`.oracle.net_pmf`, :func:`.oracle.combine`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import plots
from dicestats import tables as T

from ..charts import bars
from .cli_run import run, run_json
from .oracle import combine, net_pmf, resisted_brute, team_brute


def as_fractions(d: dict) -> dict:
    return {int(k): Fraction(v) for k, v in d.items()}


def nonzero(d: dict) -> dict:
    return {k: p for k, p in d.items() if p}


# ---------------------------------------------------------------- resisted
def test_resisted_acceptance_margin_is_exact(capsys):
    got = run_json(
        ["resisted", "--dice", "6", "--vs", "5", "--difficulty", "6", "--exact", "--json"], capsys
    )
    want = combine(net_pmf(6, 6), net_pmf(5, 6), sign=-1)
    assert as_fractions(got["margin"]) == nonzero(want)
    assert Fraction(got["p_win"]) == sum(p for k, p in want.items() if k >= 1)
    assert Fraction(got["p_tie"]) == want[0]
    assert Fraction(got["mean_margin"]) == sum(k * p for k, p in want.items())
    # --json keys are the result's fields
    from dicestats.storyteller import Resisted

    assert list(got) == [f for f in Resisted.__dataclass_fields__]


@pytest.mark.parametrize("n,d,m,e", [(1, 6, 1, 6), (2, 6, 2, 6), (2, 7, 1, 4), (3, 8, 1, 5)])
def test_resisted_against_every_face(n, d, m, e, capsys):
    argv = ["resisted", "--dice", str(n), "--difficulty", str(d), "--vs", str(m)]
    got = run_json([*argv, "--vs-difficulty", str(e), "--exact", "--json"], capsys)
    assert as_fractions(got["margin"]) == nonzero(resisted_brute(n, d, m, e))
    assert got["versus_difficulty"] == e


def test_resisted_text_states_the_rule_and_the_margin(capsys):
    code, out, _ = run(["resisted", "--dice", "2", "--vs", "2", "--exact"], capsys)
    assert code == 0
    assert "each side's 1s cancel its own successes first" in out
    assert "(revised rules)" in out
    want = resisted_brute(2, 6, 2, 6)
    line = next(ln for ln in out.splitlines() if ln.startswith("+1 "))
    assert str(want[1].numerator) + "/" + str(want[1].denominator) in line
    assert "mean margin" in out


def test_resisted_float_agrees_with_exact(capsys):
    ex = run_json(["resisted", "--dice", "4", "--vs", "3", "--exact", "--json"], capsys)
    fl = run_json(["resisted", "--dice", "4", "--vs", "3", "--json"], capsys)
    for k, v in ex["margin"].items():
        assert fl["margin"][k] == pytest.approx(float(Fraction(v)), abs=1e-12)


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["resisted", "--dice", "3"], "versus must be given"),
        (["resisted", "--dice", "3", "--vs", "0"], "versus must be"),
        (["resisted", "--dice", "3", "--vs", "2", "--vs-difficulty", "1"], "versus_difficulty"),
    ],
)
def test_resisted_bad_input_is_one_line(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and not out
    assert needle in err and "Traceback" not in err


# ---------------------------------------------------------------- teamwork
def test_teamwork_acceptance_total_is_exact(capsys):
    got = run_json(
        ["teamwork", "--pools", "4,3,3", "--difficulty", "6", "--exact", "--json"], capsys
    )
    want = combine(combine(net_pmf(4, 6), net_pmf(3, 6)), net_pmf(3, 6))
    assert as_fractions(got["total"]) == nonzero(want)
    assert Fraction(got["mean_total"]) == sum(k * p for k, p in want.items())


@pytest.mark.parametrize("pools,d", [([1, 1], 6), ([2, 1, 1], 7), ([2, 2], 5)])
@pytest.mark.parametrize("spoil", [False, True])
def test_teamwork_against_every_face(pools, d, spoil, capsys):
    argv = ["teamwork", "--pools", ",".join(map(str, pools)), "--difficulty", str(d)]
    got = run_json([*argv, *(["--spoil"] if spoil else []), "--exact", "--json"], capsys)
    assert as_fractions(got["total"]) == nonzero(team_brute(pools, d, spoil))


def test_teamwork_text_states_the_cancellation_rule(capsys):
    code, out, _ = run(["teamwork", "--pools", "4,3,3", "--difficulty", "6"], capsys)
    assert code == 0
    assert "each member's 1s cancel only their own successes" in out
    assert "spoil:" in out  # the rules' alternative is named
    code, out, _ = run(["teamwork", "--pools", "2,2", "--spoil"], capsys)
    assert "one member's botch spoils the whole effort" in out
    assert "P(the effort is spoiled)" in out


def test_teamwork_one_difficulty_per_member(capsys):
    got = run_json(
        ["teamwork", "--pools", "1,1", "--difficulty", "6,9", "--exact", "--json"], capsys
    )
    assert got["difficulties"] == [6, 9]
    want = combine(net_pmf(1, 6), net_pmf(1, 9))
    assert as_fractions(got["total"]) == nonzero(want)


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["teamwork", "--pools", "3,,2"], "--pools"),
        (["teamwork", "--pools", "3,0"], "pools must be"),
        (["teamwork", "--pools", "3,2", "--difficulty", "6,6,6"], "difficult"),
    ],
)
def test_teamwork_bad_input_is_one_line(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and not out
    assert needle in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- charts
# (--plot on resisted and teamwork: tests/storyteller/test_cli_plots.py, with every
# table-like command)
def test_distribution_chart_draws_each_label():
    from dicestats import storyteller as st

    team = st.teamwork([2, 2], exact=True)
    df = T.storyteller_distribution(
        {"separate": team.total, "merged": st.pool(4, 6, exact=True).net}, "total"
    )
    ax = plots.storyteller_distribution(df, x="total")
    drawn = bars(ax)
    assert len(drawn) == 2
    heights = [float(r.get_height()) for r in drawn[0]]
    assert heights == pytest.approx([float(p) for _, p in sorted(team.total.items())])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["separate", "merged"]


def test_difficulties_above_ten_only_with_clamp(capsys):
    code, out, err = run(["resisted", "--dice", "2", "--vs", "2", "--vs-difficulty", "12"], capsys)
    assert code == 2 and not out and "above_ten='clamp'" in err
    got = run_json(["resisted", "--dice", "2", "--vs", "2", "--vs-difficulty", "12",
                    "--above-ten", "clamp", "--exact", "--json"], capsys)  # fmt: skip
    assert got["versus_difficulty"] == 10
    assert as_fractions(got["margin"]) == nonzero(resisted_brute(2, 6, 2, 10))
    code, out, err = run(["teamwork", "--pools", "1,1", "--difficulty", "6,11"], capsys)
    assert code == 2 and "above_ten='clamp'" in err
    got = run_json(["teamwork", "--pools", "1,1", "--difficulty", "6,11", "--above-ten",
                    "clamp", "--exact", "--json"], capsys)  # fmt: skip
    assert as_fractions(got["total"]) == nonzero(combine(net_pmf(1, 6), net_pmf(1, 10)))
