"""Two settings side by side: every number is the forward API's, every distance recomputed."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dicestats import InputError, fate
from dicestats import storyteller as st
from dicestats.workbench import compare_fate, compare_storyteller

from . import oracle

REVISED, FIRST = st.Rules.preset("revised"), st.Rules.preset("first")


def st_partition(n, d, rules=REVISED, specialty=False):
    r = st.pool(n, d, rules, specialty=specialty, exact=True)
    out = {k: p for k, p in r.net.items()}
    out[0] = out.get(0, 0) - r.p_botch
    out["botch"] = r.p_botch
    return r, out


def tv(a, b):
    return sum(abs(a.get(k, 0) - b.get(k, 0)) for k in set(a) | set(b)) / 2


def test_revised_against_first_edition_every_number_from_the_forward_api():
    c = compare_storyteller(range(1, 11), 8, REVISED, FIRST, exact=True)
    assert len(c.rows) == 10 and c.exact
    for row in c.rows:
        n = row["dice"]
        ra, pa = st_partition(n, 8)
        rb, pb = st_partition(n, 8, FIRST)
        for m in ("p_success", "p_fail", "p_botch", "p_ge_2", "p_ge_5", "mean_net"):
            assert row[m] == getattr(ra, m) and row[f"versus_{m}"] == getattr(rb, m)
            assert row[f"diff_{m}"] == getattr(rb, m) - getattr(ra, m)
        assert row["total_variation"] == tv(pa, pb)
        gaps = [abs(ra.net.p_ge(k) - rb.net.p_ge(k)) for k in range(1, n + 1)]
        assert row["max_gap"] == max(gaps)
    # the botch rule changes only which failures botch: success odds are identical
    assert all(d == 0 for d in c.column("diff_p_success"))
    assert c.largest["metric"] in ("p_botch", "p_fail")
    assert abs(c.largest["difference"]) == max(abs(x) for x in c.column("diff_p_botch"))
    assert c.total_variation == max(c.column("total_variation"))
    assert c.max_gap == 0  # P(net >= k) never differs between the botch rules


def test_revised_pool_against_the_brute_force():
    c = compare_storyteller([2, 3], [6, 9], versus_dice=4, exact=True)
    for row in c.rows:
        n, d = row["dice"], row["difficulty"]
        a, b = oracle.st_pool(n, d), oracle.st_pool(4, d)
        assert row["p_botch"] == a["botch"] and row["versus_p_botch"] == b["botch"]
        ge = [abs(oracle.st_ge(n, d, k) - oracle.st_ge(4, d, k)) for k in range(1, 5)]
        assert row["max_gap"] == max(ge)
        pa = dict(a["net"]) | {"botch": a["botch"]}
        pa[0] -= a["botch"]
        pb = dict(b["net"]) | {"botch": b["botch"]}
        pb[0] -= b["botch"]
        assert row["total_variation"] == tv(pa, pb)


def test_ten_again_and_specialty_sides():
    c = compare_storyteller(range(1, 6), [6, 8], versus_rules=st.Rules(ten_again=True))
    for row in c.rows:
        b = st.pool(row["dice"], row["difficulty"], st.Rules(ten_again=True))
        assert row["versus_p_ge_3"] == pytest.approx(b.p_ge_3, abs=1e-12)
    assert all(d >= 0 for d in c.column("diff_p_success"))
    v20 = compare_storyteller(4, 7, versus_rules=st.Rules.preset("v20"), versus_specialty=True)
    assert "a 10 counts double" in v20.second and v20.first == "revised rules"
    assert (
        v20.rows[0]["versus_mean_net"]
        == st.pool(4, 7, st.Rules.preset("v20"), specialty=True).mean_net
    )


def test_two_pools_at_two_difficulties():
    c = compare_storyteller(6, 7, versus_dice=4, versus_difficulty=5, exact=True)
    (row,) = c.rows
    assert (row["versus_dice"], row["versus_difficulty"]) == (4, 5)
    assert row["versus_p_success"] == st.pool(4, 5, exact=True).p_success
    assert c.total_variation_at == {
        "dice": 6,
        "difficulty": 7,
        "versus_dice": 4,
        "versus_difficulty": 5,
    }


@pytest.mark.parametrize("versus_bonus", [1, 3])
def test_fate_bonus_against_brute_force(versus_bonus):
    c = compare_fate(1, range(-1, 5), versus_bonus=versus_bonus, exact=True)
    for row in c.rows:
        d = row["difficulty"]
        o = fate.outcome_probs(1, difficulty=d, exact=True)
        v = fate.outcome_probs(versus_bonus, difficulty=d, exact=True)
        for m in ("p_fail", "p_tie", "p_style", "p_success_or_better", "mean_shifts"):
            assert row[m] == getattr(o, m) and row[f"versus_{m}"] == getattr(v, m)
        assert row["p_success_or_better"] == oracle.fate_ge(1, d)
        # a shift of the bonus moves the whole distribution: the gap is a sum of pmf terms
        gaps = [
            abs(oracle.fate_ge(1, d, k) - oracle.fate_ge(versus_bonus, d, k)) for k in range(-8, 9)
        ]
        assert row["max_gap"] == max(gaps)


def test_fate_style_rule_and_dice():
    c = compare_fate(2, [1, 2], versus_rules=fate.Rules(style_shifts=2), exact=True)
    for row in c.rows:
        assert row["diff_p_success_or_better"] == 0
        assert row["diff_p_style"] == oracle.fate_ge(2, row["difficulty"], 2) - oracle.fate_ge(
            2, row["difficulty"], 3
        )
        assert row["total_variation"] == 0  # the same shifts, other bands
    three = compare_fate(0, [0], versus_dice=3, exact=True)
    assert three.rows[0]["versus_p_tie"] == sum(
        p for t, p in oracle.fate_totals(3).items() if t == 0
    )


def test_float_agrees_with_exact_and_json():
    for call, args, kwargs in [
        (compare_storyteller, (range(1, 8), [6, 8, 10]), {"versus_rules": FIRST}),
        (compare_storyteller, ([3, 5], 7), {"versus_rules": st.Rules(ten_again=True)}),
        (compare_fate, (2, range(-2, 6)), {"versus_bonus": 3}),
    ]:
        ex, fl = call(*args, **kwargs, exact=True), call(*args, **kwargs)
        for a, b in zip(ex.rows, fl.rows, strict=True):
            for k, v in a.items():
                if isinstance(v, Fraction):
                    assert abs(float(v) - b[k]) < 1e-12, k
                else:
                    assert v == b[k]
        assert ex.largest["metric"] == fl.largest["metric"]
        data = json.loads(ex.to_json())
        assert data["rows"][0]["diff_p_success"].count("/") <= 1
        assert set(data) == set(ex.as_dict())


@pytest.mark.parametrize(
    ("call", "kwargs", "name"),
    [
        (compare_storyteller, {"dice": 3}, "versus_rules"),
        (compare_storyteller, {"dice": 0, "versus_rules": FIRST}, "dice"),
        (compare_storyteller, {"dice": 3, "difficulty": 1, "versus_rules": FIRST}, "difficulty"),
        (compare_storyteller, {"dice": 3, "versus_dice": 0}, "versus_dice"),
        (compare_storyteller, {"dice": 3, "versus_difficulty": 12}, "versus_difficulty"),
        (compare_storyteller, {"dice": 3, "versus_rules": "first"}, "rules"),
        (compare_storyteller, {"dice": 3, "versus_specialty": "yes"}, "versus_specialty"),
        (compare_fate, {"bonus": 2}, "versus_bonus"),
        (compare_fate, {"bonus": 2, "versus_bonus": 10**6}, "bonus"),
        (compare_fate, {"difficulty": "3", "versus_bonus": 1}, "difficulty"),
        (
            compare_fate,
            {"bonus": range(500), "difficulty": range(30), "versus_bonus": 1},
            "bonus × difficulty",
        ),
        (compare_storyteller, {"dice": [201], "versus_rules": FIRST, "exact": True}, "dice"),
        (
            compare_storyteller,
            {"dice": [60], "versus_rules": st.Rules(ten_again=True), "exact": True},
            "versus_dice",
        ),  # fmt: skip
    ],
)
def test_refusals_name_the_parameter(call, kwargs, name):
    with pytest.raises(InputError) as err:
        call(**kwargs)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(name), msg


# -- the command line ---------------------------------------------------------------------
def run(capsys, *argv):
    from dicestats.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


ACCEPTANCE = (
    "compare storyteller --preset revised --vs-preset first --dice 1-10 --difficulty 8 --json"
)


def test_acceptance_command_json_is_the_api_result(capsys):
    code, out, err = run(capsys, *ACCEPTANCE.split())
    assert code == 0 and err == ""
    data = json.loads(out)
    api = compare_storyteller(range(1, 11), [8], REVISED, FIRST)
    assert set(data) == set(api.as_dict())
    assert [r["dice"] for r in data["rows"]] == list(range(1, 11))
    for got, want in zip(data["rows"], api.rows, strict=True):
        for k, v in want.items():
            assert got[k] == pytest.approx(v, abs=1e-15)
        n = got["dice"]
        assert got["versus_p_botch"] == pytest.approx(float(st.pool(n, 8, FIRST).p_botch))
    assert data["largest"]["metric"] == "p_botch" and data["largest"]["dice"] == 10


def test_exact_json_and_text(capsys):
    code, out, _ = run(capsys, *ACCEPTANCE.split(), "--exact")
    data = json.loads(out)
    api = compare_storyteller(range(1, 11), [8], REVISED, FIRST, exact=True)
    assert data["rows"][4]["diff_p_botch"] == str(api.rows[4]["diff_p_botch"])
    code, out, _ = run(capsys, *ACCEPTANCE.split()[:-1])
    assert code == 0
    assert out.splitlines()[0] == "revised rules vs first-edition rules"
    assert "differ most: botch, 10 dice at difficulty 8: 2.22% vs 9.23% (+7.01 points)" in out
    assert "largest gap in P(net successes >= k): none" in out


def test_two_pools_and_fate_on_the_command_line(capsys):
    code, out, _ = run(capsys, "compare", "storyteller", "--dice", "6", "--difficulty", "7",
                       "--vs-dice", "4", "--vs-difficulty", "5", "--json")  # fmt: skip
    row = json.loads(out)["rows"][0]
    assert row["versus_p_success"] == pytest.approx(float(st.pool(4, 5).p_success))
    code, out, _ = run(capsys, "compare", "fate", "--bonus", "2", "--vs-bonus", "Good",
                       "--difficulty", "Fair", "--exact", "--json")  # fmt: skip
    data = json.loads(out)
    assert data["rows"][0]["versus_bonus"] == 3 and data["rows"][0]["difficulty"] == 2
    o = fate.outcome_probs(3, difficulty=2, exact=True)
    assert data["rows"][0]["versus_p_style"] == str(o.p_style)
    code, out, _ = run(capsys, "compare", "fate", "--vs-style-shifts", "2", "--difficulty=-2..1")
    assert code == 0 and "success with style at 2 shifts" in out
    assert out.count("\n-2 ") + out.count("\n0 ") >= 1


def test_vs_flags_change_only_the_second_side(capsys):
    code, out, _ = run(capsys, "compare", "storyteller", "--dice", "3-4", "--vs-ten-again",
                       "--vs-specialty", "--json")  # fmt: skip
    data = json.loads(out)
    assert data["first"] == "revised rules"
    b = st.pool(4, 6, st.Rules(ten_again=True), specialty=True)
    assert data["rows"][1]["versus_mean_net"] == pytest.approx(float(b.mean_net), abs=1e-12)
    code, out, _ = run(capsys, "compare", "storyteller", "--dice", "3", "--ten-again",
                       "--vs-no-ten-again", "--json")  # fmt: skip
    data = json.loads(out)
    assert (
        data["first"] == "revised rules; each 10 adds a die" and data["second"] == "revised rules"
    )


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_plot_is_written(capsys, tmp_path, fmt):
    path = tmp_path / f"cmp.{fmt}"
    code, out, err = run(capsys, *ACCEPTANCE.split()[:-1], "--plot", str(path))
    assert code == 0 and path.exists() and f"wrote {path}" in err
    head = path.read_bytes()[:8]
    assert head.startswith(b"\x89PNG") if fmt == "png" else b"<?xml" in head


def test_chart_draws_differences_on_a_fitted_axis():
    from dicestats.plots.workbench import close, compare_differences
    from dicestats.tables.workbench import comparison_table

    c = compare_storyteller(range(1, 11), 8, REVISED, FIRST)
    t = comparison_table(c)
    assert len(t) == 10 * len(c.metrics)
    row = t.query("metric == 'p_botch' and dice == 10").iloc[0]
    assert row.difference == pytest.approx(row.second - row.first)
    ax = compare_differences(t)
    lo, hi = ax.get_ylim()
    top = 100 * max(abs(v) for v in c.column("diff_p_botch"))
    assert lo < -top * 0.99 and top < hi < top * 1.5  # fitted to ±7 points, not 0-100%
    labels = [ln.get_label() for ln in ax.lines if not ln.get_label().startswith("_")]
    assert labels == ["botch", "failure"]
    close(ax)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["compare", "storyteller"], "nothing to compare"),
        (["compare", "storyteller", "--vs-difficulty", "11"], "versus_difficulty"),
        (["compare", "storyteller", "--vs-ten-again", "--vs-no-ten-again"], "not allowed with"),
        (["compare", "storyteller", "--vs-preset", "first", "--metric", "p_win"], "--metric"),
        (["compare", "storyteller", "--dice", "0-3", "--vs-preset", "first"], "dice must be"),
        (["compare", "fate", "--vs-bonus", "1", "--difficulty", "5..2"], "reversed"),
        (["compare", "fate", "--vs-bonus", "Wonderful"], "ladder name"),
        (["compare", "fate"], "nothing to compare"),
        (["compare"], "SYSTEM"),
        (["compare", "storyteller", "--vs-preset", "first", "--plot", "x.txt"], "--plot"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_the_docs_page_shows_real_output(capsys):
    """Each ``$ dicestats ...`` in docs/worth-and-compare.md prints what the page shows."""
    import re
    import shlex
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "worth-and-compare.md"
    blocks = re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    checked = 0
    for block in blocks:
        for example in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown_lines = example.splitlines()
            shown_lines = (
                shown_lines[: shown_lines.index("...")] if "..." in shown_lines else shown_lines
            )
            code, out, _ = run(capsys, *shlex.split(command.split("#")[0])[1:])
            assert code == 0 and out.splitlines()[: len(shown_lines)] == shown_lines
            checked += 1
    assert checked >= 2


# -- two systems' outcome bands -------------------------------------------------------------
@pytest.mark.parametrize(("bonus", "fate_difficulty"), [(2, 2), (0, 3), (4, 0)])
def test_bands_against_the_forward_apis_and_brute_force(bonus, fate_difficulty):
    from dicestats.workbench import compare_bands

    c = compare_bands([1, 3, 6], [6, 9], bonus=bonus, fate_difficulty=fate_difficulty, exact=True)
    o = fate.outcome_probs(bonus, difficulty=fate_difficulty, exact=True)
    totals = oracle.fate_totals()
    shifts = {}
    for t, p in totals.items():
        shifts[t + bonus - fate_difficulty] = shifts.get(t + bonus - fate_difficulty, 0) + p
    for row in c.rows:
        n, d = row["dice"], row["difficulty"]
        r, part = st_partition(n, d)
        assert row["p_fail"] == r.p_fail + r.p_botch and row["p_botch"] == r.p_botch
        assert row["p_tie"] == 0 and row["versus_p_botch"] == 0
        assert row["p_success_or_better"] == oracle.st_ge(n, d, 1)
        assert row["versus_p_success_or_better"] == o.p_success_or_better
        assert row["versus_p_tie"] == o.p_tie and row["versus_p_ge_3"] == o.p_style
        # the bands: botch, fail, tie, then each margin k >= 1 (net successes = shifts)
        mine = {"botch": part.pop("botch"), "fail": part.pop(0, 0), **part}
        theirs = {"fail": sum(p for k, p in shifts.items() if k < 0), "tie": shifts.get(0, 0)}
        theirs |= {k: p for k, p in shifts.items() if k > 0}
        assert row["total_variation"] == tv(mine, theirs)
        gaps = [
            abs(oracle.st_ge(n, d, k) - sum(p for s, p in shifts.items() if s >= k))
            for k in range(1, max(n, 4 + bonus) + 2)
        ]
        assert row["max_gap"] == max(gaps)


def test_bands_on_the_command_line(capsys, tmp_path):
    from dicestats.workbench import compare_bands

    argv = ["compare", "systems", "--dice", "3-5", "--difficulty", "7", "--bonus", "2",
            "--fate-difficulty", "Fair"]  # fmt: skip
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    api = compare_bands(range(3, 6), 7, bonus=2, fate_difficulty=2)
    assert code == 0 and data == json.loads(api.to_json())
    code, out, _ = run(capsys, *argv, "--plot", str(tmp_path / "b.png"))
    assert code == 0 and " vs Fate: 4dF +2 against Fair (+2)" in out
    assert "largest gap in P(margin >= k)" in out and (tmp_path / "b.png").exists()
    code, out, err = run(capsys, *argv, "--fate-difficulty", "Awful")
    assert code == 2 and "ladder name" in err
