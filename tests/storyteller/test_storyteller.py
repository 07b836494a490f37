"""Storyteller pools: seeds, brute force, closed forms, independent convolutions.

Every reference here is computed independently of dicestats.storyteller:
- ``simple_eval``: a plain-Python reading of RULES.md §2 for one concrete roll
  (procedural cancellation: remove the highest / lowest success die per 1);
- brute force: every one of the 10**N faces (and every extra die) for N <= 4;
- ``per_die_table``: per-die convolution over (successes, ones) states with
  Fractions for the default rules (RULES.md: a die is a success on >= D or 10,
  a one on 1);
- closed form: P(botch) = q**N - (q - 1/10)**N, q = (D - 1)/10 (RULES.md §2);
- log-space multinomial sums (scipy.special.gammaln) for 1000-die pools.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from dicestats import storyteller as st
from dicestats.storyteller import Rules

F = Fraction
TENTH = F(1, 10)


# ---------------------------------------------------------------------------
# An independent, simple evaluator of one concrete roll
# ---------------------------------------------------------------------------
def simple_eval(faces, extra, d, rules: Rules):
    """Return (net, botch) for base faces and the list of extra dice rolled."""
    d = min(d, 10)
    ten_value = 2 if rules.specialty == "double" else 1
    success_dice = []  # values of success dice
    ones = 0
    base_ones = 0
    for x in faces:
        if x == 10:
            success_dice.append(ten_value)
        elif x >= d:
            success_dice.append(1)
        elif x == 1:
            ones += 1
            base_ones += 1
    for x in extra:
        if x == 10:
            success_dice.append(ten_value)
        elif x >= d:
            success_dice.append(1)
        elif x == 1 and rules.reroll_ones_cancel:
            ones += 1
    wp = rules.willpower
    if wp and rules.willpower_success == "ordinary":
        success_dice.append(1)
    total = sum(success_dice)
    if not rules.rule_of_one:
        net = total
    elif rules.one_cancels == "success" or rules.specialty != "double":
        net = max(total - ones, 0)
    else:
        remaining = sorted(success_dice, reverse=(rules.one_cancels == "highest"))
        remaining = remaining[ones:]
        net = sum(remaining)
    if wp and rules.willpower_success == "uncancellable":
        return net + 1, False
    if rules.botch == "revised":
        botch = total == 0 and base_ones >= 1
    else:
        botch = ones > total
    return net, botch


def needed_extra(faces, extra, rules):
    n = sum(1 for x in faces if x == 10)
    if rules.chain:
        n += sum(1 for x in extra if x == 10)
    return n


def enumerate_rolls(n, rules, max_extra=4):
    """Yield (faces, extra, probability) over every outcome (finite rules only)."""
    for faces in itertools.product(range(1, 11), repeat=n):
        base_p = TENTH**n
        if not rules.rerolls or 10 not in faces:
            yield faces, (), base_p
            continue
        # breadth-first over extra dice (no chaining: exactly #tens extra dice)
        stack = [((), base_p)]
        while stack:
            extra, p = stack.pop()
            need = needed_extra(faces, extra, rules)
            if len(extra) == need:
                yield faces, extra, p
                continue
            assert len(extra) < max_extra
            for x in range(1, 11):
                stack.append((extra + (x,), p * TENTH))


def brute(n, d, rules):
    """Exact (success, failure, botch, net pmf dict, mean) by enumeration."""
    pmf = {}
    botch = F(0)
    for faces, extra, p in enumerate_rolls(n, rules):
        net, b = simple_eval(faces, extra, d, rules)
        pmf[net] = pmf.get(net, F(0)) + p
        if b:
            botch += p
    success = sum((p for k, p in pmf.items() if k >= 1), F(0))
    mean = sum((k * p for k, p in pmf.items()), F(0))
    assert sum(pmf.values()) == 1
    return success, 1 - success - botch, botch, pmf, mean


# ---------------------------------------------------------------------------
# Worked examples of the seeds
# ---------------------------------------------------------------------------
def test_seed_003_three_successes():
    r = st.evaluate_roll([3, 3, 8, 7, 10], 6)
    assert r.successes == 3 and r.net == 3 and r.degree == "complete" and not r.botch


def test_seed_004_failure_without_a_one_is_not_a_botch():
    r = st.evaluate_roll([2, 5, 6, 6, 4, 3], 7)
    assert r.outcome == "failure" and r.net == 0 and not r.botch


def test_seed_004_botch():
    r = st.evaluate_roll([1, 3, 4, 3, 6], 7)
    assert r.outcome == "botch" and r.botch and r.ones == 1 and r.successes == 0


def test_ones_cancelling_every_success_is_a_failure_not_a_botch():
    # seed 004: "1s cancel every success and 1s remain: an ordinary failure"
    r = st.evaluate_roll([1, 1, 7], 6)
    assert r.outcome == "failure"
    assert st.evaluate_roll([1, 1, 7], 6, Rules(botch="first")).outcome == "botch"


def test_degree_names():
    assert [st.evaluate_roll([10] * k, 6).degree for k in range(1, 7)] == [
        "marginal",
        "moderate",
        "complete",
        "exceptional",
        "phenomenal",
        "phenomenal",
    ]
    assert st.evaluate_roll([2], 6).degree is None


def test_evaluate_roll_with_extra_dice():
    rules = Rules(ten_again=True)
    r = st.evaluate_roll([10, 3], 6, rules, extra=[10, 1])  # chain: 10 -> 10 -> 1
    assert r.net == 2 and r.ones == 0
    r = st.evaluate_roll([10, 3], 6, rules.replace(reroll_ones_cancel=True), extra=[10, 1])
    assert r.net == 1
    with pytest.raises(ValueError, match="extra"):
        st.evaluate_roll([10, 3], 6, rules, extra=[10])
    with pytest.raises(ValueError, match="extra"):
        st.evaluate_roll([10, 3], 6, rules, extra=[5, 6])


# ---------------------------------------------------------------------------
# pool() against brute force over every face (N <= 4)
# ---------------------------------------------------------------------------
FINITE_RULES = [
    Rules(),
    Rules(botch="first"),
    Rules(rule_of_one=False),
    Rules(willpower=True),
    Rules(willpower=True, willpower_success="ordinary"),
    Rules(willpower=True, willpower_success="ordinary", botch="first"),
    Rules(willpower=True, botch="first"),
    Rules(specialty="double"),
    Rules(specialty="double", one_cancels="highest"),
    Rules(specialty="double", one_cancels="lowest"),
    Rules(specialty="double", one_cancels="lowest", botch="first"),
    Rules(specialty="double", rule_of_one=False),
]


@pytest.mark.parametrize("rules", FINITE_RULES, ids=repr)
@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("d", [2, 6, 7, 10])
def test_pool_equals_brute_force(rules, n, d):
    success, failure, botch, pmf, mean = brute(n, d, rules)
    r = st.pool(n, d, rules, exact=True)
    assert (r.success, r.failure, r.botch, r.mean_net) == (success, failure, botch, mean)
    assert {k: p for k, p in r.net.items()} == {k: p for k, p in pmf.items() if p}
    assert r.tail == 0
    f = st.pool(n, d, rules)
    for a, b in [(f.success, success), (f.failure, failure), (f.botch, botch), (f.mean_net, mean)]:
        assert abs(a - float(b)) <= 1e-12


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(botch="first"), Rules(specialty="double", one_cancels="highest")]
)
def test_pool_equals_brute_force_four_dice(rules):
    success, failure, botch, pmf, mean = brute(4, 8, rules)
    r = st.pool(4, 8, rules, exact=True)
    assert (r.success, r.failure, r.botch, r.mean_net) == (success, failure, botch, mean)
    assert dict(r.net.items()) == {k: p for k, p in pmf.items() if p}


NOCHAIN_RULES = [
    Rules(ten_again=True, chain=False),
    Rules(ten_again=True, chain=False, reroll_ones_cancel=True),
    Rules(specialty="reroll", chain=False, botch="first", reroll_ones_cancel=True),
    Rules(ten_again=True, chain=False, specialty="double", one_cancels="lowest"),
]


@pytest.mark.parametrize("rules", NOCHAIN_RULES, ids=repr)
@pytest.mark.parametrize("n,d", [(1, 6), (2, 8), (3, 6), (3, 10)])
def test_single_reroll_equals_brute_force(rules, n, d):
    success, failure, botch, pmf, mean = brute(n, d, rules)
    r = st.pool(n, d, rules, exact=True)
    assert (r.success, r.failure, r.botch, r.mean_net) == (success, failure, botch, mean)
    assert dict(r.net.items()) == {k: p for k, p in pmf.items() if p}


def test_evaluate_rolls_vectorized_matches_simple_eval_on_every_roll():
    faces = np.array(list(itertools.product(range(1, 11), repeat=3)))
    for rules in FINITE_RULES:
        for d in (2, 7, 10):
            out = st.evaluate_rolls(faces, d, rules)
            ref = [simple_eval(f, (), d, rules) for f in faces.tolist()]
            assert out["net"].tolist() == [x[0] for x in ref]
            assert out["botch"].tolist() == [x[1] for x in ref]


@settings(max_examples=60, deadline=None)
@given(
    faces=st_.lists(st_.integers(1, 10), min_size=1, max_size=8),
    extra_pool=st_.lists(st_.integers(1, 10), min_size=30, max_size=30),
    d=st_.integers(2, 10),
    ones=st_.booleans(),
    chain=st_.booleans(),
    spec=st_.sampled_from(["none", "reroll", "double"]),
    cancel=st_.sampled_from(["success", "highest", "lowest"]),
)
def test_evaluate_rolls_with_extra_dice_matches_simple_eval(
    faces, extra_pool, d, ones, chain, spec, cancel
):
    rules = Rules(
        ten_again=True, reroll_ones_cancel=ones, chain=chain, specialty=spec, one_cancels=cancel
    )
    extra = []
    for x in extra_pool:
        if len(extra) >= needed_extra(faces, extra, rules):
            break
        extra.append(x)
    if len(extra) < needed_extra(faces, extra, rules):
        return  # ran out of pre-drawn extra dice (a long chain): nothing to compare
    out = st.evaluate_rolls([faces], d, rules, [extra_pool])
    net, botch = simple_eval(faces, extra, d, rules)
    assert int(out["net"][0]) == net and bool(out["botch"][0]) == botch
    assert int(out["extra_used"][0]) == len(extra)


# ---------------------------------------------------------------------------
# Ten-again with chains: an independent truncated convolution
# ---------------------------------------------------------------------------
def chain_line_dist(d, rules, depth=40):
    """{(a, b, c): P} for one base die and its extra dice, chains cut at ``depth``.

    The cut drops mass 10**-(depth+1) per die: far below the 1e-30 tolerance used.
    """
    ten = (0, 1, 0) if rules.specialty == "double" else (1, 0, 0)
    xone = (0, 0, 1) if rules.reroll_ones_cancel else (0, 0, 0)
    out = {}

    def add(key, p):
        out[key] = out.get(key, F(0)) + p

    def plus(x, y):
        return tuple(i + j for i, j in zip(x, y, strict=True))

    for face in range(1, 11):
        p = TENTH
        if face == 1:
            add((0, 0, 1), p)
        elif face == 10:
            acc = ten
            q = p
            for _ in range(depth):
                for x in range(1, 10):  # the extra die that ends the chain
                    if x == 1:
                        add(plus(acc, xone), q * TENTH)
                    elif x >= d:
                        add(plus(acc, (1, 0, 0)), q * TENTH)
                    else:
                        add(acc, q * TENTH)
                acc = plus(acc, ten)  # the extra die shows 10
                q *= TENTH
        elif face >= d:
            add((1, 0, 0), p)
        else:
            add((0, 0, 0), p)
    return out


def net_of(a, b, c, rules):
    if not rules.rule_of_one:
        return a + 2 * b
    if rules.specialty != "double" or rules.one_cancels == "success":
        return max(a + 2 * b - c, 0)
    dice = [2] * b + [1] * a
    dice.sort(reverse=rules.one_cancels == "highest")
    return sum(dice[c:])


def chain_reference(n, d, rules):
    line = chain_line_dist(d, rules)
    joint = {(0, 0, 0): F(1)}
    for _ in range(n):
        nxt = {}
        for k1, p1 in joint.items():
            for k2, p2 in line.items():
                k = (k1[0] + k2[0], k1[1] + k2[1], k1[2] + k2[2])
                nxt[k] = nxt.get(k, F(0)) + p1 * p2
        joint = nxt
    success = F(0)
    mean = F(0)
    first_botch = F(0)
    for (a, b, c), p in joint.items():
        net = net_of(a, b, c, rules)
        success += p if net >= 1 else 0
        mean += net * p
        first_botch += p if c > a + 2 * b else 0
    return success, mean, first_botch


CHAIN_RULES = [
    Rules(ten_again=True),
    Rules(ten_again=True, reroll_ones_cancel=True),
    Rules(ten_again=True, reroll_ones_cancel=True, botch="first"),
    Rules(specialty="reroll"),
    Rules(ten_again=True, specialty="double"),
    Rules(ten_again=True, specialty="double", one_cancels="highest", reroll_ones_cancel=True),
    Rules(ten_again=True, specialty="double", one_cancels="lowest"),
    Rules(ten_again=True, rule_of_one=False),
]


@pytest.mark.parametrize("rules", CHAIN_RULES, ids=repr)
@pytest.mark.parametrize("n,d", [(1, 6), (2, 9), (3, 7)])
def test_chained_ten_again_against_truncated_convolution(rules, n, d):
    success, mean, first_botch = chain_reference(n, d, rules)
    r = st.pool(n, d, rules, exact=True)
    tol = F(1, 10**30)
    assert abs(r.success - success) < tol
    assert abs(r.mean_net - mean) < tol
    if rules.botch == "first":
        assert abs(r.botch - first_botch) < tol
    else:
        assert r.botch == (F(d - 1, 10) ** n - F(d - 2, 10) ** n)
    assert 0 <= r.tail <= F(1, 10**16)
    assert r.success + r.failure + r.botch == 1
    f = st.pool(n, d, rules)
    assert abs(f.success - float(success)) < 1e-12
    assert abs(f.mean_net - float(mean)) < 1e-12
    assert abs(f.botch - float(r.botch)) < 1e-12


def test_ten_again_by_hand_one_die():
    # One die at difficulty 6, ten-again: P(net >= 2) = P(10) * P(extra chain
    # yields >= 1 success) = 1/10 * (1 - P(extra die is 1..5)) = 1/10 * 1/2.
    r = st.pool(1, 6, Rules(ten_again=True), exact=True)
    assert r.p_ge(2) == F(1, 20)
    # mean: 5/10 base successes - 1/10 ones (never pushing below 0 with one die:
    # the 1 only matters when it cancels) ... computed directly:
    # net = 0 on 1..5, 1 on 6..9, 1 + extra successes on 10.
    # E[extra successes | 10] = E[geometric tens] + P(final >= 6 | not 10)
    #                         = 1/9 + (4/10)/(9/10) = 5/9.
    assert r.mean_net == F(4, 10) + F(1, 10) * (1 + F(5, 9))


# ---------------------------------------------------------------------------
# The whole default table against an independent per-die convolution
# ---------------------------------------------------------------------------
def per_die_table(n_max, d):
    """{n: {(s, o): P}} by per-die convolution; s successes, o ones."""
    die = {(0, 1): TENTH, (1, 0): F(11 - d, 10), (0, 0): F(d - 2, 10)}
    die = {k: p for k, p in die.items() if p}
    dist = {(0, 0): F(1)}
    out = {}
    for n in range(1, n_max + 1):
        nxt = {}
        for (s, o), p in dist.items():
            for (ds, do), q in die.items():
                key = (s + ds, o + do)
                nxt[key] = nxt.get(key, F(0)) + p * q
        dist = nxt
        out[n] = dist
    return out


def figures(dist):
    net = {}
    botch = F(0)
    for (s, o), p in dist.items():
        k = max(s - o, 0)
        net[k] = net.get(k, F(0)) + p
        if s == 0 and o >= 1:
            botch += p
    ge = {k: sum((p for j, p in net.items() if j >= k), F(0)) for k in range(1, 6)}
    mean = sum((k * p for k, p in net.items()), F(0))
    return {
        "success": ge[1],
        "botch": botch,
        "failure": 1 - ge[1] - botch,
        "mean_net": mean,
        "marginal": net.get(1, F(0)),
        "moderate": net.get(2, F(0)),
        "complete": net.get(3, F(0)),
        "exceptional": net.get(4, F(0)),
        "phenomenal": ge[5],
        **{f"p_ge_{k}": ge[k] for k in range(1, 6)},
    }


@pytest.fixture(scope="module")
def reference_table():
    return {d: {n: figures(x) for n, x in per_die_table(30, d).items()} for d in range(2, 11)}


@pytest.fixture(scope="module")
def exact_table():
    return st.odds_table(range(1, 31), range(2, 11), exact=True)


def test_odds_table_all_270_cells_exact(exact_table, reference_table):
    assert len(exact_table) == 270
    cols = [
        "success",
        "failure",
        "botch",
        "mean_net",
        "marginal",
        "moderate",
        "complete",
        "exceptional",
        "phenomenal",
    ] + [f"p_ge_{k}" for k in range(1, 6)]
    assert set(cols) | {"dice", "difficulty"} <= set(exact_table.columns)
    for row in exact_table.itertuples():
        ref = reference_table[row.difficulty][row.dice]
        for c in cols:
            assert getattr(row, c) == ref[c], (row.dice, row.difficulty, c)


def test_odds_table_float_matches_exact(exact_table):
    t = st.odds_table(range(1, 31), range(2, 11))
    cols = ["success", "failure", "botch", "mean_net", "phenomenal", "p_ge_3"]
    a = t[cols].to_numpy(dtype=float)
    b = exact_table[cols].to_numpy(dtype=object).astype(float)
    assert np.max(np.abs(a - b)) <= 1e-12
    assert np.allclose(t.success + t.failure + t.botch, 1, atol=1e-12, rtol=0)


def test_botch_closed_form_every_cell():
    for d in range(2, 11):
        q = F(d - 1, 10)
        t = st.odds_table(range(1, 31), [d], exact=True)
        for row in t.itertuples():
            assert row.botch == q**row.dice - (q - F(1, 10)) ** row.dice


def test_ten_again_table_float_within_1e12_of_exact():
    rules = Rules(ten_again=True)
    a = st.odds_table(range(1, 13), [2, 6, 10], rules)
    b = st.odds_table(range(1, 13), [2, 6, 10], rules, exact=True)
    for c in ["success", "failure", "botch", "mean_net", "p_ge_5"]:
        assert np.max(np.abs(a[c].to_numpy(float) - b[c].to_numpy(object).astype(float))) < 1e-12


# ---------------------------------------------------------------------------
# Big pools: no overflow, no drift; compare with log-space multinomial sums
# ---------------------------------------------------------------------------
def logspace_success(n, d):
    """P(successes - ones >= 1) for n dice by log-space trinomial sums (scipy)."""
    from scipy.special import gammaln, logsumexp

    ps, p1, pb = (11 - d) / 10, 0.1, (d - 2) / 10
    s = np.arange(n + 1)[:, None]
    o = np.arange(n + 1)[None, :]
    rest = n - s - o
    ok = (rest >= 0) & (s > o)
    if pb == 0:
        ok &= rest == 0
    restc = np.where(rest >= 0, rest, 0)
    with np.errstate(divide="ignore"):
        logp = (
            gammaln(n + 1)
            - gammaln(s + 1)
            - gammaln(o + 1)
            - gammaln(restc + 1)
            + s * np.log(ps)
            + o * np.log(p1)
            + (restc * np.log(pb) if pb > 0 else 0.0)
        )
    return float(np.exp(logsumexp(logp[ok])))


@pytest.mark.parametrize("d", [2, 6, 9, 10])
def test_thousand_dice_float(d):
    r = st.pool(1000, d)
    assert abs(math.fsum(r.net.probabilities) - 1) <= 1e-12
    assert abs(r.success + r.failure + r.botch - 1) <= 1e-12
    assert abs(r.success - logspace_success(1000, d)) <= 1e-12
    # E[net] = E[X] + E[max(-X, 0)]; with 1000 dice P(X < 0) < 1e-20 for d <= 6
    if d <= 6:
        assert abs(r.mean_net - 1000 * ((11 - d) / 10 - 0.1)) <= 1e-9
    q = (d - 1) / 10
    assert abs(r.botch - (q**1000 - (q - 0.1) ** 1000)) <= 1e-12


def test_thousand_dice_ten_again():
    r = st.pool(1000, 6, Rules(ten_again=True))
    assert abs(math.fsum(r.net.probabilities) - 1) <= 1e-12
    assert r.tail <= 1e-16
    # E[X] per die: 5/10 - 1/10 + 1/10 * (1/9 + (4/10)/(9/10)) = 0.4 + 1/18
    assert abs(r.mean_net - 1000 * (0.4 + 1 / 18)) <= 1e-9


def test_exact_medium_pool_matches_float():
    a = st.pool(60, 8, exact=True)
    b = st.pool(60, 8)
    assert abs(float(a.success) - b.success) < 1e-12
    assert abs(float(a.mean_net) - b.mean_net) < 1e-12


# ---------------------------------------------------------------------------
# Anomalies
# ---------------------------------------------------------------------------
def reference_anomalies(reference_table):
    out = set()
    for d in range(2, 11):
        for n in range(2, 31):
            before, after = reference_table[d][n - 1], reference_table[d][n]
            if after["botch"] > before["botch"]:
                out.add(("botch", d, n))
            for m in ["success"] + [f"p_ge_{k}" for k in range(2, 6)]:
                if after[m] < before[m]:
                    out.add((m, d, n))
    return out


def test_anomalies_full_set_default_rules(reference_table):
    got = st.anomalies(Rules(), range(1, 31), range(2, 11))
    keys = {(a["metric"], a["difficulty"], a["dice"]) for a in got}
    assert keys == reference_anomalies(reference_table)
    assert len(keys) == len(got)
    for a in got:
        ref = reference_table[a["difficulty"]]
        assert a["before"] == ref[a["dice"] - 1][a["metric"]]
        assert a["after"] == ref[a["dice"]][a["metric"]]


def test_anomalies_botch_cells_follow_the_closed_form():
    got = st.anomalies(Rules(), range(1, 31), range(2, 11))
    botch = {(a["difficulty"], a["dice"]) for a in got if a["metric"] == "botch"}
    expected = set()
    for d in range(2, 11):
        q = F(d - 1, 10)
        for n in range(2, 31):
            if q**n - (q - TENTH) ** n > q ** (n - 1) - (q - TENTH) ** (n - 1):
                expected.add((d, n))
    assert botch == expected
    # the seed's difficulty-10 anomaly: rises from 1 die up to a peak at 6 dice
    assert {n for d, n in botch if d == 10} == {2, 3, 4, 5, 6}
    # and smaller rises at difficulties 7-9
    for d in (7, 8, 9):
        assert any(dd == d for dd, _ in botch)
    assert not any(dd <= 6 for dd, _ in botch)


def test_anomalies_float_mode_agrees_with_exact():
    a = st.anomalies(Rules(), range(1, 31), range(2, 11))
    b = st.anomalies(Rules(), range(1, 31), range(2, 11), exact=False, tol=1e-13)
    assert {(x["metric"], x["difficulty"], x["dice"]) for x in a} == {
        (x["metric"], x["difficulty"], x["dice"]) for x in b
    }


# ---------------------------------------------------------------------------
# Rules and validation
# ---------------------------------------------------------------------------
def test_presets_follow_rules_table():
    assert Rules.preset("revised") == Rules()
    assert Rules.preset("dark_ages") == Rules()
    assert Rules.preset("first").botch == "first"
    assert Rules.preset("v20").specialty == "double"
    for name in ("revised", "dark_ages", "first", "v20"):
        r = Rules.preset(name)
        assert r.rule_of_one and r.willpower_success == "uncancellable"
    with pytest.raises(ValueError, match="preset"):
        Rules.preset("cod")


def test_rules_is_immutable_and_validated():
    r = Rules()
    with pytest.raises(AttributeError):
        r.botch = "first"
    with pytest.raises(TypeError, match="ten_again"):
        Rules(ten_again="yes")
    with pytest.raises(ValueError, match="specialty"):
        Rules(specialty="triple")
    with pytest.raises(ValueError, match="rule_of_one"):
        Rules(botch="first", rule_of_one=False)


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"dice": 0}, ValueError, "dice"),
        ({"dice": -3}, ValueError, "dice"),
        ({"dice": 1001}, ValueError, "dice"),
        ({"dice": 2.5}, TypeError, "dice"),
        ({"dice": True}, TypeError, "dice"),
        ({"dice": 3, "difficulty": 1}, ValueError, "difficulty"),
        ({"dice": 3, "difficulty": 11}, ValueError, "difficulty"),
        ({"dice": 3, "difficulty": float("nan")}, TypeError, "difficulty"),
        ({"dice": 3, "rules": "revised"}, TypeError, "rules"),
    ],
)
def test_pool_bad_input(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        st.pool(**kwargs)


def test_clamp_above_ten():
    rules = Rules(above_ten="clamp")
    assert st.pool(4, 12, rules, exact=True).success == st.pool(4, 10, rules, exact=True).success
    assert st.pool(4, 12, rules).difficulty == 10


def test_two_dimensional_cancel_modes_are_capped():
    with pytest.raises(ValueError, match="dice"):
        st.pool(201, 6, Rules(specialty="double", one_cancels="lowest"))


def test_willpower_removes_botch_and_adds_a_success():
    base = st.pool(4, 8, exact=True)
    wp = st.pool(4, 8, Rules(willpower=True), exact=True)
    assert wp.botch == 0 and wp.success == 1
    assert wp.mean_net == base.mean_net + 1


def test_simulate_agrees_with_exact():
    rules = Rules(ten_again=True)
    out = st.simulate(5, 7, rules, trials=40_000, rng=12345)
    exact = st.pool(5, 7, rules)
    n = out["net"].size
    for est, p in [(out["success"].mean(), exact.success), (out["botch"].mean(), exact.botch)]:
        se = math.sqrt(p * (1 - p) / n)
        assert abs(est - p) < 6 * se  # a 6-sigma bound: essentially never flakes


@pytest.mark.parametrize(
    "faces,exc",
    [
        ([[1, 2], [3]], ValueError),
        ([[0, 5]], ValueError),
        ([[11, 5]], ValueError),
        ([[2.5, 5]], TypeError),
        ([[True, False]], TypeError),
        ([1, 2, 3], ValueError),  # 1-d: not (trials, dice)
    ],
)
def test_evaluate_rolls_bad_faces(faces, exc):
    with pytest.raises(exc, match="faces"):
        st.evaluate_rolls(faces, 6)


@settings(max_examples=30, deadline=None)
@given(
    n=st_.integers(1, 12),
    d=st_.integers(2, 10),
    rule_of_one=st_.booleans(),
    first=st_.booleans(),
    ten_again=st_.booleans(),
    chain=st_.booleans(),
    ones=st_.booleans(),
    spec=st_.sampled_from(["none", "reroll", "double"]),
    cancel=st_.sampled_from(["success", "highest", "lowest"]),
    wp=st_.sampled_from([None, "uncancellable", "ordinary"]),
)
def test_pool_invariants_over_random_rules(
    n, d, rule_of_one, first, ten_again, chain, ones, spec, cancel, wp
):
    rules = Rules(
        rule_of_one=rule_of_one,
        botch="first" if (first and rule_of_one) else "revised",
        ten_again=ten_again,
        chain=chain,
        reroll_ones_cancel=ones,
        specialty=spec,
        one_cancels=cancel,
        willpower=wp is not None,
        willpower_success=wp or "uncancellable",
    )
    ex = st.pool(n, d, rules, exact=True)
    fl = st.pool(n, d, rules)
    assert ex.success + ex.failure + ex.botch == 1
    assert min(ex.success, ex.failure, ex.botch) >= 0
    assert ex.botch <= ex.net.pmf(0)  # a botch is a roll with no net success
    assert sum(ex.net.fractions()) == 1
    if not (rules.rerolls and rules.chain):  # finite: the mean is the Dist's mean
        assert ex.mean_net == ex.net.mean() and ex.tail == 0
    else:
        assert 0 <= ex.tail <= F(1, 10**16)
        assert abs(ex.mean_net - ex.net.mean()) < F(1, 10**12)
    for a, b in [(fl.success, ex.success), (fl.botch, ex.botch), (fl.mean_net, ex.mean_net)]:
        assert abs(a - float(b)) <= 1e-12
    assert ex.degrees["marginal"] + ex.p_ge(2) == ex.success


def test_exact_mode_caps_for_expensive_rules():
    with pytest.raises(ValueError, match=r"dice must be an integer in 1\.\.100 in exact mode"):
        st.pool(101, 6, Rules(ten_again=True), exact=True)
    with pytest.raises(ValueError, match=r"1\.\.40"):
        st.odds_table(
            [41], [6], Rules(ten_again=True, specialty="double", one_cancels="lowest"), exact=True
        )
    assert st.pool(101, 6, Rules(ten_again=True)).success > 0.99  # float mode is fine
