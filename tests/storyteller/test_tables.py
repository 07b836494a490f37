"""Storyteller tables: the frames behind the charts, against brute force (:mod:`.oracle`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import format as fmt
from dicestats import tables as T
from dicestats.storyteller import Rules

from .oracle import brute


def st_brute(n, diff):
    """Revised rules, every roll enumerated: ({success, failure, botch}, net pmf)."""
    success, failure, botch, pmf, _ = brute(n, diff, Rules())
    return {"success": success, "failure": failure, "botch": botch}, pmf


def test_storyteller_odds_match_enumeration():
    df = T.storyteller_odds(range(1, 4), range(2, 11), exact=True)
    assert len(df) == 27
    for row in df.itertuples(index=False):
        want, net = st_brute(row.dice, row.difficulty)
        assert (row.p_success, row.p_fail, row.p_botch) == (
            want["success"],
            want["failure"],
            want["botch"],
        )
        assert row.p_marginal == net.get(1, 0)
        assert row.mean_net == sum(k * p for k, p in net.items())


def test_storyteller_grid_is_dice_by_difficulty():
    df = T.storyteller_odds(range(1, 4), [6, 10], exact=True)
    grid = T.storyteller_grid(df, "p_botch")
    assert grid.index.tolist() == [1, 2, 3]
    assert grid.columns.tolist() == [6, 10]
    assert grid.loc[2, 10] == st_brute(2, 10)[0]["botch"]
    text = T.storyteller_grid(df, "p_botch", fmt=fmt.percent)
    assert text.columns.tolist() == ["dice", "diff 6", "diff 10"]
    assert text["diff 10"].tolist()[0] == "10.0%"


def test_storyteller_anomalies_difficulty_10_closed_form():
    # the revised rule: P(botch) = q^N - (q - 1/10)^N, q = (D - 1)/10; at D = 10 it rises to 6 dice.
    df = T.storyteller_anomalies(dice=range(1, 12), difficulties=[10], metrics=["p_botch"])
    assert df["dice"].tolist() == [2, 3, 4, 5, 6]
    for row in df.itertuples(index=False):
        n = row.dice
        closed = Fraction(9, 10) ** n - Fraction(8, 10) ** n
        before = Fraction(9, 10) ** (n - 1) - Fraction(8, 10) ** (n - 1)
        assert (row.before, row.after) == (before, closed)
        assert row.change == closed - before > 0


def test_storyteller_anomalies_every_metric_is_a_real_wrong_way_step():
    df = T.storyteller_anomalies(dice=range(1, 6), difficulties=range(2, 11))
    assert set(df["metric"]) >= {"p_botch", "p_success"}
    odds = T.storyteller_odds(range(1, 6), range(2, 11), exact=True).set_index(
        ["difficulty", "dice"]
    )
    for row in df.itertuples(index=False):
        after = odds.loc[(row.difficulty, row.dice), row.metric]
        before = odds.loc[(row.difficulty, row.dice - 1), row.metric]
        assert (after > before) if row.metric == "p_botch" else (after < before)


def test_storyteller_degrees_partition():
    df = T.storyteller_degrees(6, range(1, 4), exact=True)
    assert df.columns.tolist() == ["dice", *T.DEGREE_COLUMNS]
    for row in df.itertuples(index=False):
        assert sum(row[1:]) == 1
    two = df[df.dice == 2].iloc[0]
    want, net = st_brute(2, 6)
    assert two["p_moderate"] == net[2] and two["p_botch"] == want["botch"]


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
    rev = df[df.rules == "revised"]["p_botch"].tolist()
    first = df[df.rules == "first"]["p_botch"].tolist()
    assert all(f >= r for f, r in zip(first, rev, strict=True))
    # 1st edition: a botch whenever the 1s outnumber the successes; enumerate 3 dice.
    assert first[2] == brute(3, 6, Rules(botch_rule="first"))[2]
    assert first[2] > rev[2]  # e.g. 1, 1, 7: two 1s outnumber one success


def test_storyteller_multiple_actions_hall_example():
    df = T.storyteller_multiple_actions([7, 6, 6], names=["punch", "dodge", "dodge"], exact=True)
    three = df[df.actions == 3]
    assert three["dice"].tolist() == [4, 2, 1]  # the rule text's Hall: 7 - 3, 6 - 4, 6 - 5
    assert three["name"].tolist() == ["punch", "dodge", "dodge"]
    assert df[df.actions == 1]["dice"].tolist() == [7]  # one action: the full pool
    for row in three.itertuples(index=False):
        assert row.p_success == st_brute(row.dice, 6)[0]["success"]
    p_all = 1
    for s in three["p_success"]:
        p_all *= s
    assert set(three["p_all"]) == {p_all}
    assert set(three["mean_successes"]) == {sum(three["p_success"])}
    with pytest.raises(ValueError, match="one name per pool"):
        T.storyteller_multiple_actions([7, 6], names=["x"])


def test_storyteller_extended_single_die_is_geometric():
    # One die at difficulty 6, target 1: each roll succeeds with 1/2; a botch (a 1) has
    # nothing to wipe out, so under every ruling but "ends", done within r = 1 - (1/2)^r.
    for botch in ("zero", "resets"):
        df = T.storyteller_extended([1], 6, 1, on_botch=botch, max_round=5, exact=True)
        assert df["p_done"].tolist() == [1 - Fraction(1, 2) ** r for r in range(1, 6)]
    ends = T.storyteller_extended_summary([1], 6, 1, on_botch="ends", exact=True).iloc[0]
    # Stops at the first success (1/2) or botch (1/10): P(success) = 5/6.
    assert ends["p_success"] == Fraction(5, 6)
    assert ends["p_failed"] == Fraction(1, 6)


def test_storyteller_extended_labels():
    df = T.storyteller_extended([4, 6], 6, 5, on_botch=["resets", "ends"], max_round=4)
    assert list(dict.fromkeys(df["label"])) == [
        "4 dice, botch resets",
        "6 dice, botch resets",
        "4 dice, botch ends",
        "6 dice, botch ends",
    ]
    for _, g in df.groupby("label"):
        assert g["p_done"].is_monotonic_increasing
    one = T.storyteller_extended([4], 6, 5, on_botch="ends", max_round=4)
    assert one["p_done"].tolist() == df[df.label == "4 dice, botch ends"]["p_done"].tolist()
