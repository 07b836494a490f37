"""Tests of dicestats.tables: formatting helpers and the frames behind the charts.

Reference values are computed here independently: by enumerating every face
combination of the dice (brute force), or from closed forms quoted in RULES.md.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats import format as fmt
from dicestats import tables as T


# ---------------------------------------------------------------- brute force helpers
def fate_counts(n=4):
    """{total: number of ordered face combinations} for n Fate dice."""
    out = {}
    for faces in itertools.product((-1, 0, 1), repeat=n):
        out[sum(faces)] = out.get(sum(faces), 0) + 1
    return out


def fate_outcome_brute(margin, n=4):
    """Exact fail/tie/success/style for total = dice + margin vs 0."""
    c = fate_counts(n)
    den = 3**n
    res = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for tot, k in c.items():
        s = tot + margin
        key = "fail" if s < 0 else "tie" if s == 0 else "success" if s < 3 else "style"
        res[key] += k
    return {k: Fraction(v, den) for k, v in res.items()}


def opposed_brute(r, o):
    """Exact outcome of 4dF + r against 4dF + o, by enumerating both rolls."""
    c = fate_counts(4)
    res = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for a, ka in c.items():
        for b, kb in c.items():
            s = (a + r) - (b + o)
            key = "fail" if s < 0 else "tie" if s == 0 else "success" if s < 3 else "style"
            res[key] += ka * kb
    return {k: Fraction(v, 81 * 81) for k, v in res.items()}


# ---------------------------------------------------------------- formatting
@pytest.mark.parametrize(
    "p, text",
    [
        (0, "0%"),
        (1, "100%"),
        (0.5, "50.0%"),
        (0.4321, "43.2%"),
        (0.01, "1.0%"),
        (0.0037, "0.37%"),
        (0.000012, "0.0012%"),
        (0.99, "99.0%"),
        (0.99637, "99.64%"),
        (Fraction(1, 3), "33.3%"),
    ],
)
def test_fmt_percent_values(p, text):
    assert fmt.percent(p) == text


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_never_lies_about_certainty(p):
    text = fmt.percent(p)
    assert text.endswith("%")
    if 0 < p < 1:
        assert text not in ("0%", "100%")
        number = text.lstrip("<>").rstrip("%")
        assert 0 < float(number) < 100 or text.startswith(("<", ">"))
        # within the shown precision of the truth
        decimals = len(number.split(".")[1]) if "." in number else 0
        if not text.startswith(("<", ">")):
            assert abs(float(number) - 100 * p) <= 0.5 * 10**-decimals + 1e-9


@pytest.mark.parametrize(
    "p, text",
    [
        (Fraction(1, 37), "1 in 37"),
        (0.25, "1 in 4.0"),
        (1 / 1234, "1 in 1,200"),
        (1 / 81, "1 in 81"),
        (0, "never"),
        (1, "always"),
    ],
)
def test_fmt_one_in(p, text):
    assert fmt.one_in(p) == text


def test_fmt_prob_adds_one_in_for_rare_events_only():
    assert fmt.prob(0.5) == "50.0%"
    assert fmt.prob(1 / 81) == "1.2% (1 in 81)"
    assert fmt.prob(0) == "0%"


@pytest.mark.parametrize("bad", [-0.1, 1.01, float("nan")])
def test_formatters_refuse_non_probabilities(bad):
    with pytest.raises(ValueError, match="probability in 0..1"):
        fmt.percent(bad)
    with pytest.raises(ValueError, match="probability in 0..1"):
        fmt.one_in(bad)


def test_formatters_refuse_wrong_types():
    with pytest.raises(TypeError, match="probability"):
        fmt.percent("half")
    with pytest.raises(ValueError, match="digits"):
        fmt.percent(0.5, digits=9)


def test_fmt_percent_short():
    got = [fmt.percent_short(x) for x in (0, 0.004, 0.005, 0.0099, 0.01, 0.4321, 0.991, 1)]
    assert got == ["0", "<1", "<1", "<1", "1", "43", ">99", "100"]


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_short_never_lies_about_certainty(p):
    text = fmt.percent_short(p)
    if 0 < p < 1:
        assert text not in ("0", "100")


def test_format_frame_and_writers(tmp_path):
    df = pd.DataFrame({"dice": [1, 2], "botch": [0.1, 1 / 400], "name": ["a|b", "c"]})
    out = fmt.format_frame(df, percent=["botch"])
    assert out["botch"].tolist() == ["10.0%", "0.25%"]
    assert df["botch"].tolist() == [0.1, 1 / 400]  # the input is not modified
    with pytest.raises(ValueError, match="format_frame column must be one of"):
        fmt.format_frame(df, percent=["nope"])
    md = fmt.to_markdown(out)
    lines = md.splitlines()
    assert lines[0] == "| dice | botch | name |"
    assert lines[1] == "|---:|---|---|"
    assert lines[2] == "| 1 | 10.0% | a\\|b |"
    text = fmt.to_text(out, title="Botches")
    assert text.splitlines()[0] == "Botches"
    assert "0.25%" in text
    path = tmp_path / "t.csv"
    fmt.to_csv(df, path)
    back = pd.read_csv(path)
    assert back["botch"].tolist() == pytest.approx(df["botch"].tolist(), abs=0)
    assert fmt.to_csv(df).splitlines()[0] == "dice,botch,name"


# ---------------------------------------------------------------- Fate frames
def test_fate_distribution_matches_enumeration():
    df = T.fate_distribution(exact=True)
    c = fate_counts(4)
    assert df["total"].tolist() == list(range(-4, 5))
    assert df["p"].tolist() == [Fraction(c[t], 81) for t in range(-4, 5)]
    ge = [Fraction(sum(c[u] for u in range(t, 5)), 81) for t in range(-4, 5)]
    assert df["p_at_least"].tolist() == ge
    flt = T.fate_distribution(dice=3)
    c3 = fate_counts(3)
    assert flt["p"].tolist() == pytest.approx([c3[t] / 27 for t in range(-3, 4)], abs=1e-12)


@pytest.mark.parametrize("rating", [0, 2, 3])
def test_fate_outcomes_match_enumeration(rating):
    df = T.fate_outcomes(rating, range(-2, 7), exact=True)
    assert df["difficulty"].tolist() == list(range(-2, 7))
    for row in df.itertuples(index=False):
        want = fate_outcome_brute(rating - row.difficulty)
        assert (row.fail, row.tie, row.success, row.style) == tuple(want.values())


def test_fate_odds_by_margin_matches_enumeration():
    df = T.fate_odds_by_margin(range(-5, 6), exact=True)
    for row in df.itertuples(index=False):
        want = fate_outcome_brute(row.margin)
        assert row.fail == want["fail"] and row.style == want["style"]
        assert row.p_tie_or_better == 1 - want["fail"]
        assert row.p_success_or_better == want["success"] + want["style"]


def test_fate_opposed_matches_enumeration():
    df = T.fate_opposed([0, 2], [0, 1], exact=True)
    assert len(df) == 4
    for row in df.itertuples(index=False):
        want = opposed_brute(row.rating, row.opposition)
        assert row.tie == want["tie"]
        assert row.win == want["success"] + want["style"]


def test_fate_contest_symmetry_and_monotone():
    df = T.fate_contest(range(-2, 3), exact=True)
    win = dict(zip(df["gap"], df["win"], strict=True))
    assert win[0] == Fraction(1, 2)
    for g in (1, 2):
        assert win[g] + win[-g] == 1  # the contest is symmetric
        assert win[g] > win[g - 1]
    assert (df["expected_exchanges"] >= 2).all()  # 3 victories need at least 2 exchanges


def test_fate_invokes_frame():
    df = T.fate_invokes(0, [2], exact=True)
    got = dict(zip(df["policy"], df["success"], strict=True))
    assert set(got) == set(T.INVOKE_POLICIES)
    # Never invoking: 4dF >= 3 (success at difficulty 2 with rating 0): (4 + 1) / 81.
    assert got["never invoke"] == Fraction(5, 81)
    # Always +2: 4dF >= 1: (16 + 10 + 4 + 1) / 81.
    assert got["always +2"] == Fraction(31, 81)
    assert got["optimal (+2 or reroll)"] >= max(got["always +2"], got["rerolls only"])


def test_fate_invoke_plan_table():
    plan = T.fate_invoke_plan(0, 2, invokes=2)
    assert plan.columns.tolist() == ["dice total", "1 invoke", "2 invokes"]
    assert plan["dice total"].tolist() == ["+4", "+3", "+2", "+1", "0", "-1", "-2", "-3", "-4"]
    by = plan.set_index("dice total")
    # +3 already succeeds against 2 with rating 0: keep; +1 needs exactly one +2.
    assert by.loc["+3", "1 invoke"] == "keep"
    assert by.loc["+1", "1 invoke"] == "+2"


# ---------------------------------------------------------------- Storyteller frames
def st_brute(n, diff):
    """Revised rules by enumerating all 10**n rolls: (success, failure, botch, net pmf)."""
    counts = {"success": 0, "failure": 0, "botch": 0}
    net = {}
    for roll in itertools.product(range(1, 11), repeat=n):
        succ = sum(1 for f in roll if f >= diff or f == 10)
        ones = roll.count(1)
        k = max(succ - ones, 0)
        net[k] = net.get(k, 0) + 1
        if succ == 0 and ones > 0:
            counts["botch"] += 1
        elif k == 0:
            counts["failure"] += 1
        else:
            counts["success"] += 1
    den = 10**n
    return {k: Fraction(v, den) for k, v in counts.items()}, {
        k: Fraction(v, den) for k, v in net.items()
    }


def test_storyteller_odds_match_enumeration():
    df = T.storyteller_odds(range(1, 4), range(2, 11), exact=True)
    assert len(df) == 27
    for row in df.itertuples(index=False):
        want, net = st_brute(row.dice, row.difficulty)
        assert (row.success, row.failure, row.botch) == (
            want["success"],
            want["failure"],
            want["botch"],
        )
        assert row.marginal == net.get(1, 0)
        assert row.mean_net == sum(k * p for k, p in net.items())


def test_storyteller_grid_is_dice_by_difficulty():
    df = T.storyteller_odds(range(1, 4), [6, 10], exact=True)
    grid = T.storyteller_grid(df, "botch")
    assert grid.index.tolist() == [1, 2, 3]
    assert grid.columns.tolist() == [6, 10]
    assert grid.loc[2, 10] == st_brute(2, 10)[0]["botch"]
    text = T.storyteller_grid(df, "botch", fmt=fmt.percent)
    assert text.columns.tolist() == ["dice", "diff 6", "diff 10"]
    assert text["diff 10"].tolist()[0] == "10.0%"


def test_storyteller_anomalies_difficulty_10_closed_form():
    # RULES.md: P(botch) = q^N - (q - 1/10)^N, q = (D - 1)/10; at D = 10 it rises to 6 dice.
    df = T.storyteller_anomalies(dice=range(1, 12), difficulties=[10], metrics=["botch"])
    assert df["dice"].tolist() == [2, 3, 4, 5, 6]
    for row in df.itertuples(index=False):
        n = row.dice
        closed = Fraction(9, 10) ** n - Fraction(8, 10) ** n
        before = Fraction(9, 10) ** (n - 1) - Fraction(8, 10) ** (n - 1)
        assert (row.before, row.after) == (before, closed)
        assert row.change == closed - before > 0


def test_storyteller_anomalies_every_metric_is_a_real_wrong_way_step():
    df = T.storyteller_anomalies(dice=range(1, 6), difficulties=range(2, 11))
    assert set(df["metric"]) >= {"botch", "success"}
    odds = T.storyteller_odds(range(1, 6), range(2, 11), exact=True).set_index(
        ["difficulty", "dice"]
    )
    for row in df.itertuples(index=False):
        after = odds.loc[(row.difficulty, row.dice), row.metric]
        before = odds.loc[(row.difficulty, row.dice - 1), row.metric]
        assert (after > before) if row.metric == "botch" else (after < before)


def test_storyteller_degrees_partition():
    df = T.storyteller_degrees(6, range(1, 4), exact=True)
    assert df.columns.tolist() == ["dice", *T.DEGREE_COLUMNS]
    for row in df.itertuples(index=False):
        assert sum(row[1:]) == 1
    two = df[df.dice == 2].iloc[0]
    want, net = st_brute(2, 6)
    assert two["moderate"] == net[2] and two["botch"] == want["botch"]


def test_storyteller_ten_again_frame():
    df = T.storyteller_ten_again(range(1, 5), 6, exact=True)
    assert list(dict.fromkeys(df["rules"])) == list(T.ten_again_variants())
    plain = df[df.rules == "plain 10s"].reset_index(drop=True)
    base = T.storyteller_odds(range(1, 5), [6], exact=True)
    assert plain["mean_net"].tolist() == base["mean_net"].tolist()
    again = df[df.rules == "ten-again"].reset_index(drop=True)
    assert (again["mean_net"] > plain["mean_net"]).all()  # extra dice only add successes
    # One die, ten-again without chain: a 10 (1/10) rolls one extra die that succeeds
    # half the time, so E[net] = 1/2 + 1/10 * 1/2.
    one = df[(df.rules == "ten-again, no chain") & (df.dice == 1)].iloc[0]
    assert one["mean_net"] == Fraction(1, 2) + Fraction(1, 20)


def test_storyteller_editions_first_botch_is_wider():
    df = T.storyteller_editions(range(1, 5), 6, exact=True)
    rev = df[df.rules == "revised"]["botch"].tolist()
    first = df[df.rules == "first"]["botch"].tolist()
    assert all(f >= r for f, r in zip(first, rev, strict=True))
    # 1st edition: a botch whenever the 1s outnumber the successes; enumerate 3 dice.
    rolls = list(itertools.product(range(1, 11), repeat=3))
    n_first = sum(r.count(1) > sum(f >= 6 for f in r) for r in rolls)
    assert first[2] == Fraction(n_first, 1000)
    assert first[2] > rev[2]  # e.g. 1, 1, 7: two 1s outnumber one success


def test_storyteller_multiple_actions_hall_example():
    df = T.storyteller_multiple_actions([7, 6, 6], names=["punch", "dodge", "dodge"], exact=True)
    three = df[df.actions == 3]
    assert three["dice"].tolist() == [4, 2, 1]  # seed 004: 7 - 3, 6 - 4, 6 - 5
    assert three["name"].tolist() == ["punch", "dodge", "dodge"]
    assert df[df.actions == 1]["dice"].tolist() == [6]
    for row in three.itertuples(index=False):
        assert row.success == st_brute(row.dice, 6)[0]["success"]
    p_all = 1
    for s in three["success"]:
        p_all *= s
    assert set(three["all"]) == {p_all}
    assert set(three["expected"]) == {sum(three["success"])}
    with pytest.raises(ValueError, match="one name per pool"):
        T.storyteller_multiple_actions([7, 6], names=["x"])


def test_storyteller_extended_single_die_is_geometric():
    # One die at difficulty 6, target 1: each roll succeeds with 1/2; a botch (a 1) has
    # nothing to wipe out, so under every ruling but "ends", done within r = 1 - (1/2)^r.
    for botch in ("zero", "resets"):
        df = T.storyteller_extended([1], 6, 1, botch=botch, max_round=5, exact=True)
        assert df["done"].tolist() == [1 - Fraction(1, 2) ** r for r in range(1, 6)]
    ends = T.storyteller_extended_summary([1], 6, 1, botch="ends", exact=True).iloc[0]
    # Stops at the first success (1/2) or botch (1/10): P(success) = 5/6.
    assert ends["p_success"] == Fraction(5, 6)
    assert ends["p_failed"] == Fraction(1, 6)


def test_storyteller_extended_labels():
    df = T.storyteller_extended([4, 6], 6, 5, botch=["resets", "ends"], max_round=4)
    assert list(dict.fromkeys(df["label"])) == [
        "4 dice, botch resets",
        "6 dice, botch resets",
        "4 dice, botch ends",
        "6 dice, botch ends",
    ]
    for _, g in df.groupby("label"):
        assert g["done"].is_monotonic_increasing


# ---------------------------------------------------------------- Initiative frames
def test_initiative_first_is_seeded_and_consistent_with_exact():
    ms = [("1 vs 1", [1], [1], 0), ([2], [1]), ([1], [1], 5)]
    a = T.initiative_first(ms, trials=4_000, rng=11)
    b = T.initiative_first(ms, trials=4_000, rng=11)
    c = T.initiative_first(ms, trials=4_000, rng=12)
    pd.testing.assert_frame_equal(a, b)
    assert not a["p"].equals(c["p"])
    assert a["matchup"].tolist() == ["1 vs 1", "2 vs 1", "1 (+5 pips) vs 1"]
    assert (a["lo"] <= a["p"]).all() and (a["p"] <= a["hi"]).all()
    # By hand: one die plus 5 pips is a 6; the other die is a 6 with 1/6 (then a coin).
    assert a["exact"].tolist()[0] == 0.5 and a["exact"].tolist()[2] == pytest.approx(11 / 12)
    for row in a.itertuples(index=False):
        assert abs(row.p - row.exact) < 4.5 * row.stderr


def test_initiative_actions_before_distribution():
    df = T.initiative_actions_before([([1], [1]), ([3], [1])], trials=4_000, rng=5)
    for _, g in df.groupby("label"):
        assert g["p"].sum() == pytest.approx(1.0)
        assert g["actions"].tolist() == list(range(len(g)))
    one = df[df.label == "1 vs 1"]
    assert one["actions"].tolist() == [0, 1]
    assert one["lo"].iloc[0] < 0.5 < one["hi"].iloc[0]


def test_initiative_pips_rise():
    df = T.initiative_pips([([3], [3])], pips=[0, 3, 6], trials=4_000, rng=2)
    assert df["pips"].tolist() == [0, 3, 6]
    assert df["p"].is_monotonic_increasing
    assert df["lo"].iloc[0] < 0.5 < df["hi"].iloc[0]  # no pips: a symmetric matchup


def test_matchup_validation():
    with pytest.raises(ValueError, match="at least one"):
        T.initiative_first([], trials=100)


def test_initiative_slow_one_die_each_by_hand():
    # One foe die a against one hero die h. The hero can defend only if the foe acts
    # first: a > h (15/36), or a == h and the coin favours the foe (6/36 * 1/2).
    # Given that, slow scale a - h = 0 has weight 3/36 and k = 1..5 weight (6 - k)/36,
    # out of 18/36 in all.
    want = [Fraction(3, 18)] + [Fraction(6 - k, 18) for k in range(1, 6)]
    df = T.initiative_slow([("1 vs 1", [1], [1], {})], trials=40_000, rng=9)
    assert df["penalty"].tolist() == list(range(6))
    for row, w in zip(df.itertuples(index=False), want, strict=True):
        stderr = (row.hi - row.lo) / (2 * 1.96)
        assert abs(row.p - float(w)) < 4.5 * stderr
    assert df["defended"].iloc[0] == pytest.approx(0.5, abs=4.5 * 0.5 / 200)
    with pytest.raises(ValueError, match="at least one"):
        T.initiative_slow([], trials=100)
