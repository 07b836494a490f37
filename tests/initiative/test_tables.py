"""The initiative frames of dicestats.tables (behind the charts and the booklet)."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

from dicestats import initiative
from dicestats import tables as T


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
    assert a["p_exact"].tolist()[0] == 0.5 and a["p_exact"].tolist()[2] == pytest.approx(11 / 12)
    for row in a.itertuples(index=False):
        assert abs(row.p - row.p_exact) < 4.5 * row.stderr
    # the default reading is exact by tiers whatever exact_limit (it caps enumerations)
    big = T.initiative_first([([3], [3])], trials=500, rng=1, exact_limit=10)
    assert big["p_exact"].tolist() == [0.5]


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


# the booklet's matchups and pips, so every number a page prints is checked both ways
_MATCHUPS = T.INITIATIVE_MATCHUPS


def _within(exact, row, trials):
    """The Monte Carlo value within 4.5 standard errors of the exact one (the standard error
    of the exact chance at that many rounds; 0 and 1 are met exactly)."""
    p = float(exact)
    return abs(row - p) <= 4.5 * (p * (1 - p) / trials) ** 0.5 + 1e-12


def test_initiative_first_exact_by_default_and_monte_carlo_agrees():
    ex = T.initiative_first()
    assert list(ex.columns) == ["matchup", "p", "p_double"]
    assert ex["p"].dtype == float  # floats by default, like the other tables
    fr = T.initiative_first(exact=True)
    assert fr["p"].iloc[1] == Fraction(161, 216) and fr["p"].astype(float).equals(ex["p"])
    for (label, a, b, pips), row in zip(_MATCHUPS, fr.itertuples(index=False), strict=True):
        want = initiative.odds(a, b, pips=[pips] + [0] * (len(a) - 1))
        assert (row.matchup, row.p, row.p_double) == (label, want.p_first, want.p_double)
    mc = T.initiative_first(trials=20_000, rng=3)
    assert mc["p_exact"].equals(ex["p"])  # the Monte Carlo frame's exact column: the same
    for e, m in zip(fr.itertuples(index=False), mc.itertuples(index=False), strict=True):
        assert _within(e.p, m.p, m.trials) and _within(e.p_double, m.p_double, m.trials)
        assert abs(m.p - float(e.p)) < 4.5 * m.stderr + 1e-12


def test_initiative_actions_before_exact_and_monte_carlo_agree():
    ex = T.initiative_actions_before(exact=True)
    assert list(ex.columns) == ["label", "actions", "p"]
    mc = T.initiative_actions_before(trials=20_000, rng=4)
    assert mc[["label", "actions"]].equals(ex[["label", "actions"]])
    for label, a, b, _ in _MATCHUPS[2:5]:
        want = initiative.odds(a, b).actions_before
        assert (
            ex[ex.label == label]["p"].tolist() == list(want.values()) and sum(want.values()) == 1
        )
    for e, m in zip(ex.itertuples(index=False), mc.itertuples(index=False), strict=True):
        assert _within(e.p, m.p, m.trials), (e, m)


def test_initiative_pips_exact_and_monte_carlo_agree():
    ex = T.initiative_pips(exact=True)
    assert list(ex.columns) == ["label", "pips", "p"]
    assert ex[ex.label == "3 vs 3"]["p"].tolist()[0] == Fraction(1, 2)
    mc = T.initiative_pips(trials=10_000, rng=5)
    assert mc[["label", "pips"]].equals(ex[["label", "pips"]])
    for e, m in zip(ex.itertuples(index=False), mc.itertuples(index=False), strict=True):
        assert abs(m.p - float(e.p)) < 4.5 * m.stderr + 1e-12, (e, m)


@pytest.mark.parametrize(
    "how, message",
    [
        ({"method": "exact", "trials": 100}, "trials must be omitted"),
        ({"exact": True, "rng": 1}, "rng must be omitted"),
        ({"method": "dice"}, "method must be one of"),
        ({"exact": "yes"}, "exact must be"),
    ],
)
def test_acting_order_tables_check_the_method_keywords_as_odds_does(how, message):
    for table in (T.initiative_first, T.initiative_actions_before, T.initiative_pips):
        with pytest.raises(ValueError, match=message):
            table([([1], [1])], **how)


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
    assert df["defendable"].iloc[0] == df["defended"].iloc[0]  # everyone able defends
    with pytest.raises(ValueError, match="at least one"):
        T.initiative_slow([], trials=100)


def test_initiative_slow_keeps_defendable_and_defended_apart():
    # a defender who waits to see the attack never defends one that cannot score:
    # every attack could have been defended half the time, none was
    never = initiative.SuccessRoll(0)
    opts = {"attack": never, "defend": never}  # the target answers only what scored
    df = T.initiative_slow([("waits", [1], [1], opts)], trials=4_000, rng=2)
    row = df.iloc[0]
    stderr = (row["defendable_hi"] - row["defendable_lo"]) / (2 * 1.96)
    assert row["defended"] == 0 and abs(row["defendable"] - 0.5) < 4.5 * stderr


# ---------------------------------------------------------------- holding, every defender
def test_initiative_holding_is_seeded_and_matches_the_api():
    sc = [("1 vs 1", [1], [1])]
    a = T.initiative_holding(sc, ["never", "defend"], trials=3_000, rng=4)
    b = T.initiative_holding(sc, ["never", "defend"], trials=3_000, rng=4)
    pd.testing.assert_frame_equal(a, b)
    assert a["policy"].tolist() == ["never", "defend"]
    # by hand: holding its only die, the hero never opens (1 die each)
    assert a["p_first"].iloc[1] == 0 and abs(a["p_first"].iloc[0] - 0.5) < 0.05
    # the wounds agree with the enumeration of the same fights
    S = initiative.SuccessRoll
    for row in a.itertuples(index=False):
        ex = initiative.defence(
            [1], [1], attackers="both", hold=row.policy, attack=S(3), defend=S(3)
        )
        dealt, taken = ex.mean_wounds_by_side
        se = (row.dealt_hi - row.dealt_lo) / (2 * 1.96)
        assert abs(row.dealt - float(dealt)) < 4.5 * se + 1e-12
        guard = initiative.defence([1], [1], hold=row.policy, attack=S(3), defend=S(3))
        se = (row.guarded_hi - row.guarded_lo) / (2 * 1.96)
        assert abs(row.guarded - float(guard.mean_wounds_by_side[1])) < 4.5 * se + 1e-12
    assert "the user's assumption" in a["assumption"].iloc[0]
    with pytest.raises(ValueError, match="policies must be one of"):
        T.initiative_holding(sc, ["wait"], trials=100)
    with pytest.raises(ValueError, match="at least one"):
        T.initiative_holding([], trials=100)


def test_waiting_for_each_other_is_a_standoff():
    df = T.initiative_holding(
        [("2 vs 2", [2], [2])], ["after-enemy"], versus_hold="after-enemy", trials=500, rng=1
    )
    row = df.iloc[0]
    assert row["p_all_held"] == 1 and row["dealt"] == row["taken"] == 0


def test_initiative_defenders_and_margins():
    sc = [("1 + 1 vs 1", [1, 1], [1])]
    df = T.initiative_defenders(sc, trials=4_000, rng=3)
    assert sorted(set(df["respond"])) == ["every", "target"]
    for _, g in df.groupby("respond"):
        assert g["p"].sum() == pytest.approx(1.0)
    target = df[df.respond == "target"]
    assert target["companions"].iloc[0] == 0 and target["p"].iloc[2] == 0
    S = initiative.SuccessRoll
    ex = initiative.defence([1, 1], [1], attack=S(3), defend=S(3))
    every = df[df.respond == "every"]
    for row in every.itertuples(index=False):
        se = (row.hi - row.lo) / (2 * 1.96)
        assert abs(row.p - float(ex.responses[row.answers])) < 4.5 * se + 1e-12
    m = T.initiative_margins(sc, trials=4_000, rng=3)
    assert set(m["what"]) == {"margin", "advantage"}
    for what, g in m.groupby("what"):
        assert g["p"].sum() == pytest.approx(1.0), what
    margin = m[m.what == "margin"]
    for row in margin.itertuples(index=False):
        se = (row.hi - row.lo) / (2 * 1.96)
        assert abs(row.p - float(ex.margin[row.k])) < 4.5 * se + 1e-12
    with pytest.raises(ValueError, match="at least one"):
        T.initiative_defenders([], trials=100)
    with pytest.raises(ValueError, match="respond must be one of"):
        T.initiative_defenders(sc, respond=["all"], trials=100)


@pytest.mark.parametrize("bad", [[1, 2.5], [1, True], "33", [-1], [1001]])
def test_initiative_pips_refuses_what_is_not_a_margin(bad):
    # issue 10: pips=[1, 2.5] made a row of 2 pips instead of refusing
    with pytest.raises(ValueError, match="pips"):
        T.initiative_pips([([1], [1])], pips=bad, trials=100)


def test_your_margin_is_your_first_participants():
    # a bare number in a matchup is your first participant's margin (one-die reading)
    df = T.initiative_first([("a", [1, 1], [1], 5)], trials=2_000, rng=1)
    assert df["p_exact"].iloc[0] == pytest.approx(
        float(initiative.odds([1, 1], [1], pips=[5, 0]).p_first)
    )
