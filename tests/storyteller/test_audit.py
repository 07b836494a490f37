"""Audit of dicestats.storyteller: independent oracles and regressions.

The oracles here never call dicestats.storyteller: a face-by-face enumeration
of lines (a base die and its ten-again chain) evaluated by physically removing
success dice for each 1, a multinomial closed form for the anomaly search, and
a Fraction Gaussian elimination for extended actions.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F
from math import comb

import pytest

from dicestats import storyteller as st
from dicestats.cli import main

TENTH = F(1, 10)


# ---------------------------------------------------------------------------
# Oracle 1: every face of every die (ten-again chains enumerated to a depth)
# ---------------------------------------------------------------------------
def _line(d, rerolls, chain, depth):
    """{(class of the base die, extra plain, extra tens, extra ones): P}."""
    out = defaultdict(F)

    def extra(prob, xp, xt, xo, left):
        for face in range(1, 11):
            p = prob * TENTH
            if face == 10:
                if chain:
                    if left:
                        extra(p, xp, xt + 1, xo, left - 1)
                    continue  # deeper chains are dropped (mass < 10**-depth)
                out[("ten", xp, xt + 1, xo)] += p
            else:
                out[("ten", xp + (face >= d), xt, xo + (face == 1))] += p

    for face in range(1, 11):
        cls = "one" if face == 1 else "ten" if face == 10 else "plain" if face >= d else "blank"
        if cls == "ten" and rerolls:
            extra(TENTH, 0, 0, 0, depth)
        else:
            out[(cls, 0, 0, 0)] += TENTH
    return out


def _evaluate(state, r: dict):
    base_ones, plain, tens, ones_extra = state
    double = r.get("specialty") == "double"
    dice = [1] * plain + [2 if double else 1] * tens
    if r.get("willpower") and r.get("willpower_success") == "ordinary":
        dice.append(1)
    total = sum(dice)
    ones = base_ones + (ones_extra if r.get("reroll_ones_cancel") else 0)
    if not r.get("rule_of_one", True):
        net = total
    elif r.get("one_cancels", "success") == "success":
        net = max(total - ones, 0)
    else:  # take one success die away per 1, highest or lowest first
        dice.sort(reverse=r["one_cancels"] == "highest")
        net = sum(dice[ones:])
    if r.get("willpower") and r.get("willpower_success", "uncancellable") == "uncancellable":
        return net + 1, False
    if r.get("botch", "revised") == "revised":
        return net, total == 0 and base_ones >= 1
    return net, ones > total


def brute_pool(n, d, r: dict, depth=0):
    rerolls = r.get("ten_again", False) or r.get("specialty") == "reroll"
    line = _line(d, rerolls, r.get("chain", True), depth)
    acc = {(0, 0, 0, 0): F(1)}
    for _ in range(n):
        new = defaultdict(F)
        for (bo, pl, te, xo), p in acc.items():
            for (cls, xp, xt, xone), q in line.items():
                key = (
                    bo + (cls == "one"),
                    pl + (cls == "plain") + xp,
                    te + (cls == "ten") + xt,
                    xo + xone,
                )
                new[key] += p * q
        acc = new
    net, botch = defaultdict(F), F(0)
    for s, p in acc.items():
        k, b = _evaluate(s, r)
        net[k] += p
        botch += p if b else 0
    return dict(net), botch


VARIANTS = [
    {},
    {"rule_of_one": False},
    {"botch": "first"},
    {"ten_again": True, "chain": False},
    {"ten_again": True, "chain": False, "reroll_ones_cancel": True},
    {"specialty": "double"},
    {"specialty": "double", "one_cancels": "highest"},
    {"specialty": "double", "one_cancels": "lowest", "botch": "first"},
    {"willpower": True},
    {"willpower": True, "willpower_success": "ordinary", "botch": "first"},
]


@pytest.mark.parametrize("r", VARIANTS)
def test_pool_against_face_enumeration(r):
    rules = st.Rules(**r)
    for n in (1, 2, 4):
        for d in (2, 7, 10):
            net, botch = brute_pool(n, d, r)
            got = st.pool(n, d, rules, exact=True)
            assert got.botch == botch
            assert got.success == sum(p for k, p in net.items() if k >= 1)
            assert got.mean_net == sum(k * p for k, p in net.items())
            assert all(got.net.pmf(k) == net.get(k, 0) for k in range(0, 3 * n + 3))
            fl = st.pool(n, d, rules)
            for name in ("success", "failure", "botch", "mean_net"):
                assert abs(getattr(fl, name) - float(getattr(got, name))) <= 1e-12


@pytest.mark.parametrize(
    "r",
    [
        {"ten_again": True},
        {"ten_again": True, "reroll_ones_cancel": True, "botch": "first"},
        {"ten_again": True, "specialty": "double", "one_cancels": "lowest"},
    ],
)
def test_chained_ten_again_against_deep_enumeration(r):
    # chains deeper than 10 extra dice are dropped: error < 3 * 10**-11
    rules = st.Rules(**r)
    for n, d in ((1, 6), (3, 10), (3, 3)):
        net, botch = brute_pool(n, d, r, depth=10)
        got = st.pool(n, d, rules, exact=True)
        assert abs(got.botch - botch) < F(1, 10**10)
        assert abs(got.success - sum(p for k, p in net.items() if k >= 1)) < F(1, 10**10)
        for k in range(6):
            assert abs(got.net.pmf(k) - net.get(k, 0)) < F(1, 10**10)


# ---------------------------------------------------------------------------
# Oracle 2: multinomial closed form for the anomaly search (no ten-again)
# ---------------------------------------------------------------------------
def _figures(n, d, botch_rule):
    p1, ps, pb = TENTH, F(11 - d, 10), F(d - 2, 10)
    net = defaultdict(F)
    first = F(0)
    for o in range(n + 1):
        for s in range(n - o + 1):
            p = comb(n, o) * comb(n - o, s) * p1**o * ps**s * pb ** (n - o - s)
            net[max(s - o, 0)] += p
            first += p if o > s else 0
    q = F(d - 1, 10)
    out = {"botch": q**n - (q - TENTH) ** n if botch_rule == "revised" else first}
    for k in range(1, 6):
        out["success" if k == 1 else f"p_ge_{k}"] = sum(p for j, p in net.items() if j >= k)
    return out


@pytest.mark.parametrize("botch_rule", ["revised", "first"])
def test_anomaly_finder_finds_every_cell(botch_rule):
    expected = set()
    for d in range(2, 11):
        prev = None
        for n in range(1, 31):
            cur = _figures(n, d, botch_rule)
            if prev:
                for m, v in cur.items():
                    if (m == "botch" and v > prev[m]) or (m != "botch" and v < prev[m]):
                        expected.add((m, d, n))
            prev = cur
    got = st.anomalies(st.Rules(botch=botch_rule))
    assert {(a["metric"], a["difficulty"], a["dice"]) for a in got} == expected
    # the seed-003 anomaly: at difficulty 10 the botch chance rises up to 6 dice
    assert sorted(n for m, d, n in expected if m == "botch" and d == 10)[:5] == [2, 3, 4, 5, 6]


# ---------------------------------------------------------------------------
# Oracle 3: extended actions by Fraction Gaussian elimination
# ---------------------------------------------------------------------------
def _solve(a, b):
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = next(r for r in range(i, n) if m[r][i] != 0)
        m[i], m[piv] = m[piv], m[i]
        m[i] = [x / m[i][i] for x in m[i]]
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i], strict=True)]
    return [row[n] for row in m]


@pytest.mark.parametrize("mode", ["resets", "ends", "zero"])
def test_extended_against_linear_system(mode):
    for n, d, target in ((1, 6, 3), (3, 9, 4), (2, 10, 2)):
        net, b = brute_pool(n, d, {})
        clean = dict(net)
        clean[0] -= b
        a = [[F(0)] * target for _ in range(target)]
        rhs = [F(0)] * target
        for s in range(target):
            a[s][s] += 1
            for k, p in clean.items():
                if s + k >= target:
                    rhs[s] += p
                else:
                    a[s][s + k] -= p
            if mode == "resets":
                a[s][0] -= b
            elif mode == "zero":
                a[s][s] -= b
        r = st.extended(n, d, target, botch=mode, exact=True)
        assert r["p_success"] == _solve(a, rhs)[0]
        assert r["mean_rolls"] == _solve(a, [F(1)] * target)[0]


# ---------------------------------------------------------------------------
# Regressions
# ---------------------------------------------------------------------------
def test_float_success_never_above_one():
    # renormalised floats summed to 1.0000000000000002 at 1000 dice, difficulty 2
    for d in (2, 3):
        r = st.pool(1000, d)
        assert 0.0 <= r.success <= 1.0


def test_table_rows_of_small_pools_match_single_pools():
    # a table is as wide as its largest pool; small pools' rows are trimmed of zeros
    for rules in (st.Rules(), st.Rules(ten_again=True)):
        t = st.odds_table([1, 2, 60], [6, 10], rules, exact=True)
        for n in (1, 2):
            for d in (6, 10):
                row = t.query("dice == @n and difficulty == @d").iloc[0]
                one = st.pool(n, d, rules, exact=True)
                assert row.success == one.success and row.botch == one.botch
                assert row.mean_net == one.mean_net and row.p_ge_2 == one.p_ge(2)
        net, _ = brute_pool(1, 10, {"ten_again": True}, depth=12)
        one = st.pool(1, 10, st.Rules(ten_again=True), exact=True)
        assert abs(one.net.pmf(2) - net[2]) < F(1, 10**12)


@pytest.mark.parametrize(
    "args,kw,name",
    [
        ((21, 6, 5), {}, "dice"),
        ((11, 6, 5), {"rules": st.Rules(ten_again=True)}, "dice"),
        ((20, 6, 5), {"rounds": 51}, "rounds"),
        ((2, 6, 5), {"rounds": 51, "rules": st.Rules(ten_again=True)}, "rounds"),
    ],
)
def test_extended_exact_is_capped_instead_of_running_for_minutes(args, kw, name):
    # extended(100, 10, 80, ten_again, exact=True) ran > 100 s; (1000, 10, 200,
    # rounds=500, exact=True) > 60 s. Float mode keeps the full range.
    with pytest.raises(ValueError, match=name):
        st.extended(*args, exact=True, **kw)
    assert st.extended(*args, **kw)["p_success"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "--exact", "--dice", "1-201"],
        ["table", "--exact", "--dice", "1-51", "--ten-again"],
        ["anomalies", "--dice", "1-51", "--specialty", "double", "--one-cancels", "lowest"],
        ["anomalies", "--dice", "1-21", "--ten-again", "--specialty", "double",
         "--one-cancels", "highest"],
        ["extended", "--dice", "100", "--difficulty", "10", "--target", "80", "--exact",
         "--ten-again"],
    ],
)  # fmt: skip
def test_cli_slow_exact_searches_are_refused(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--dice" in err or "dice" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_anomalies_default_range_fits_the_heaviest_rules(capsys):
    argv = ["anomalies", "--ten-again", "--specialty", "double", "--one-cancels", "lowest"]
    assert main([*argv, "--json", "--difficulty", "10"]) == 0
    import json

    found = json.loads(capsys.readouterr().out)["anomalies"]
    assert found and max(a["dice"] for a in found) <= 20


def test_multiple_actions_with_mixed_difficulties_against_enumeration():
    # pools are computed per difficulty in one engine pass; check every action
    pools, diffs = [6, 7, 6, 9], [6, 10, 6, 3]  # reduced to 2, 2, 0, 2 dice
    m = st.multiple_actions(pools, diffs, exact=True)
    assert [a["pool"] for a in m["actions"]] == [2, 2, 0, 2]
    p_all, expected = F(1), F(0)
    for a, d in zip(m["actions"], diffs, strict=True):
        if a["pool"] >= 1:
            net, botch = brute_pool(a["pool"], d, {})
            s = sum(p for k, p in net.items() if k >= 1)
        else:
            s = botch = F(0)
        assert a["success"] == s and a["botch"] == botch
        p_all *= s
        expected += s
    assert m["p_all"] == p_all == 0 and m["expected_successes"] == expected
    hall = st.multiple_actions([7, 6, 6], exact=True)
    want = [sum(p for k, p in brute_pool(n, 6, {})[0].items() if k >= 1) for n in (4, 2, 1)]
    assert [a["success"] for a in hall["actions"]] == want
    assert hall["p_all"] == want[0] * want[1] * want[2]


def test_cli_float_table_with_chains_and_two_dim_cancelling_is_capped(capsys):
    # table --dice 1-200 with ten-again + double 10s + a 1 cancelling the lowest took 90 s
    argv = ["table", "--dice", "1-81", "--ten-again", "--specialty", "double"]
    assert main([*argv, "--one-cancels", "lowest"]) == 2
    assert "1..80" in capsys.readouterr().err
    assert main([*argv, "--format", "csv"]) == 0  # one_cancels "success": one-dimensional


def test_exact_powers_over_many_rolls_are_capped():
    # botch_exemption(20, 6, rolls=10**5, exact=True) and try_again(1000, 2, clamp,
    # attempts=200, exact=True) ran for minutes (Fractions with millions of digits)
    with pytest.raises(ValueError, match="rolls"):
        st.botch_exemption(20, 6, rolls=10**5, exact=True)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(1000, 2, st.Rules(above_ten="clamp"), attempts=200, exact=True)
    with pytest.raises(ValueError, match="attempts"):
        st.try_again(300, 2, st.Rules(above_ten="clamp"), exact=True)
    # float mode keeps the range and agrees with the closed forms
    b = float(brute_pool(1, 10, {})[1])
    r = st.botch_exemption(1, 10, rolls=10**5)
    assert abs(r["expected_without"] - 10**5 * b) < 1e-9
    # without clamp at most 9 attempts: every pool size stays exact
    r = st.try_again(40, 2, exact=True)
    assert r["expected_attempts"] >= 1 and len(r["p_success_within"]) == 9


def test_exact_resisted_race_is_capped():
    # resisted_extended(20, 6, 20, 6, 60, exact=True) took 42 s
    with pytest.raises(ValueError, match="target"):
        st.resisted_extended(20, 6, 20, 6, 60, exact=True)
    fl = st.resisted_extended(20, 6, 20, 6, 60)
    assert abs(fl["p_win"] - 0.5) < 1e-12  # symmetric sides
    # an independent check of a small race: first to 1 net success
    me, _ = brute_pool(2, 6, {})
    them, _ = brute_pool(3, 7, {})
    win = sum(p * q for k, p in me.items() for j, q in them.items() if k > j)
    tie = sum(p * q for k, p in me.items() for j, q in them.items() if k == j)
    assert st.resisted_extended(2, 6, 3, 7, 1, exact=True)["p_win"] == win / (1 - tie)


def test_concrete_roll_refuses_booleans_and_out_of_range_faces():
    from dicestats import storyteller as st_mod

    with pytest.raises(TypeError, match=r"faces\[0\]"):
        st_mod.evaluate_roll([True, 3], 6)
    with pytest.raises(ValueError, match=r"faces\[1\] must be an integer in 1\.\.10"):
        st_mod.evaluate_roll([3, 11], 6)
