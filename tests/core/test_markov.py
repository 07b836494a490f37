"""Absorbing Markov chains against closed forms and direct recursion."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicestats.core.checks import InputError, InputTypeError
from dicestats.core.markov import build, solve_fraction

F = Fraction


def gamblers_ruin(p, n, exact=True):
    def step(x):
        if x in (0, n):
            return None
        return {x + 1: p, x - 1: 1 - p}

    return build(1, step, exact=exact)


@pytest.mark.parametrize("p", [F(1, 2), F(1, 3), F(3, 5)])
@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_gamblers_ruin_closed_form(p, n):
    chain = gamblers_ruin(p, n)
    # P(reach n from 1): (1 - r) / (1 - r^n), r = q/p; 1/n when fair.
    r = (1 - p) / p
    win = F(1, n) if p == F(1, 2) else (1 - r) / (1 - r**n)
    assert chain.absorption() == {n: win, 0: 1 - win} or chain.absorption() == {0: 1 - win, n: win}
    # Expected duration from 1 (fair): 1 * (n - 1).
    if p == F(1, 2):
        assert chain.expected_steps() == n - 1
    flt = gamblers_ruin(float(p), n, exact=False)
    assert flt.absorption()[n] == pytest.approx(float(win), abs=1e-12)
    assert flt.expected_steps() == pytest.approx(float(chain.expected_steps()), abs=1e-12)


def test_geometric_steps_and_variance():
    # Success chance p per step: steps ~ Geometric(p); mean 1/p, variance (1-p)/p^2.
    p = F(1, 6)
    chain = build("try", lambda s: None if s == "done" else {"done": p, "try": 1 - p}, exact=True)
    assert chain.expected_steps() == 6
    assert chain.var_steps() == (1 - p) / p**2
    pmf = chain.steps_pmf(max_steps=10)
    assert pmf[0] == 0
    for n in range(1, 11):
        assert pmf[n] == (1 - p) ** (n - 1) * p
    assert chain.absorbed_by(3) == {"done": 1 - (1 - p) ** 3}


def test_steps_distribution_matches_recursion():
    # First to 3 points; each step: A scores w.p. 1/2, B w.p. 1/3, nobody 1/6.
    pa, pb = F(1, 2), F(1, 3)

    def step(s):
        a, b = s
        if a == 3 or b == 3:
            return None
        return {(a + 1, b): pa, (a, b + 1): pb, (a, b): 1 - pa - pb}

    chain = build((0, 0), step, exact=True)

    @cache
    def win(a, b):
        if a == 3:
            return F(1)
        if b == 3:
            return F(0)
        return (pa * win(a + 1, b) + pb * win(a, b + 1)) / (pa + pb)

    absorbed = chain.absorption()
    p_a = sum(v for k, v in absorbed.items() if k[0] == 3)
    assert p_a == win(0, 0)
    assert sum(absorbed.values()) == 1
    pmf = chain.steps_pmf(max_steps=60)
    assert abs(float(sum(pmf)) - 1) < 1e-6
    mean_trunc = sum(n * p for n, p in enumerate(pmf))
    assert abs(float(mean_trunc - chain.expected_steps())) < 1e-4


def test_finite_chain_steps_dist_is_exact():
    # Without self-loops the chain is absorbed within 5 steps: best of 5 coin flips to 3.
    def step(s):
        a, b = s
        if a == 3 or b == 3:
            return None
        return {(a + 1, b): F(1, 2), (a, b + 1): F(1, 2)}

    d = build((0, 0), step, exact=True).steps_dist()
    assert d.pmf(3) == F(1, 4) and d.pmf(4) == F(3, 8) and d.pmf(5) == F(3, 8)


def test_solve_fraction_against_numpy():
    rng = np.random.default_rng(3)
    a = rng.integers(-5, 6, size=(5, 5)) + 20 * np.eye(5, dtype=int)
    b = rng.integers(-5, 6, size=(5, 2))
    x = solve_fraction(
        [[F(int(v)) for v in row] for row in a], [[F(int(v)) for v in row] for row in b]
    )
    assert np.allclose(np.array(x, dtype=float), np.linalg.solve(a, b), atol=1e-12)


def test_errors():
    with pytest.raises(ValueError, match="transient"):
        build(0, lambda s: None)
    with pytest.raises(ValueError, match="sum to"):
        build(0, lambda s: None if s else {1: F(1, 2)}, exact=True)
    with pytest.raises(ValueError, match="singular"):
        solve_fraction([[F(1), F(1)], [F(1), F(1)]], [[F(1)], [F(1)]])
    chain = gamblers_ruin(F(1, 2), 3)
    with pytest.raises(ValueError, match="start"):
        chain.expected_steps(start=99)


# Sparse solving: a dense t×t matrix made 3-participant contests die with a
# 116 GiB MemoryError and exact 2-participant ones hang.
def _ladder(n, p_up, p_stay, exact):
    """Walk 0..n-1 upwards; from each rung: up with p_up, stay with p_stay, else fall off."""
    p_off = 1 - p_up - p_stay

    def step(s):
        if s in ("top", "off"):
            return None
        nxt = "top" if s == n - 1 else s + 1
        return {nxt: p_up, s: p_stay, "off": p_off}

    return build(0, step, exact=exact)


def test_long_forward_chain_is_solved_sparsely():
    # 30,000 transient states: a dense float Q alone would be 7.2 GB.
    n = 30_000
    chain = _ladder(n, 0.999, 0.0005, exact=False)
    # Independent closed form: each rung is left upwards with 0.999 / 0.9995.
    q = 0.999 / 0.9995
    assert chain.absorption()["top"] == pytest.approx(q**n, rel=1e-9)
    # Steps: per rung a geometric number of tries with mean 1 / 0.9995, until
    # the walk leaves; E[T] = sum_{k<n} q^k / 0.9995.
    expected = sum(q**k for k in range(n)) / 0.9995
    assert chain.expected_steps() == pytest.approx(expected, rel=1e-9)


def _cyclic_chain(exact):
    # A chain with a cycle between transient states (a component of 3 states)
    # feeding a forward part: exercises the dense block inside the sparse solve.
    h = F(1, 2) if exact else 0.5
    t = F(1, 3) if exact else 1 / 3
    s6 = F(1, 6) if exact else 1 / 6

    def step(s):
        if s in ("A", "B"):
            return None
        if s == 0:
            return {1: h, 2: t, 3: s6}
        if s == 1:
            return {2: h, 0: h}
        if s == 2:
            return {0: t, 3: 1 - t}
        if s == 3:
            return {3: h, "A": t, "B": s6}
        raise AssertionError(s)

    return build(0, step, exact=exact)


def _brute_chain_stats(n_steps=400):
    # Independent oracle: propagate the distribution step by step (Fractions).
    trans = {
        0: {1: F(1, 2), 2: F(1, 3), 3: F(1, 6)},
        1: {2: F(1, 2), 0: F(1, 2)},
        2: {0: F(1, 3), 3: F(2, 3)},
        3: {3: F(1, 2), "A": F(1, 3), "B": F(1, 6)},
    }
    v = {0: 1.0}
    pa = 0.0
    mean = 0.0
    second = 0.0
    for n in range(1, n_steps + 1):
        nv: dict = {}
        for s, p in v.items():
            for s2, q in trans[s].items():
                if s2 in ("A", "B"):
                    mean += n * p * float(q)
                    second += n * n * p * float(q)
                    if s2 == "A":
                        pa += p * float(q)
                else:
                    nv[s2] = nv.get(s2, 0.0) + p * float(q)
        v = nv
    return pa, mean, second - mean**2


def test_cyclic_component_exact_float_and_brute_force_agree():
    ex = _cyclic_chain(True)
    fl = _cyclic_chain(False)
    pa, mean, var = _brute_chain_stats()
    assert float(ex.absorption()["A"]) == pytest.approx(pa, abs=1e-12)
    assert float(ex.expected_steps()) == pytest.approx(mean, abs=1e-9)
    assert float(ex.var_steps()) == pytest.approx(var, abs=1e-8)
    assert isinstance(ex.absorption()["A"], Fraction)
    assert abs(fl.absorption()["A"] - float(ex.absorption()["A"])) < 1e-12
    assert abs(fl.expected_steps() - float(ex.expected_steps())) < 1e-12
    assert abs(fl.var_steps() - float(ex.var_steps())) < 1e-11
    pe = ex.steps_pmf(max_steps=30)
    pf = fl.steps_pmf(max_steps=30)
    assert max(abs(a - float(b)) for a, b in zip(pf, pe, strict=True)) < 1e-12
    # steps_pmf and absorbed_by describe the same absorption times
    assert sum(pe) == sum(ex.absorbed_by(30).values())


def test_closed_transient_set_still_refused():
    for exact in (True, False):
        one = F(1) if exact else 1.0

        def step(s, one=one):
            if s == "end":
                return None
            if s == 0:
                return {1: one / 2, "end": one / 2}
            return {1 if s == 2 else 2: one}  # 1 <-> 2 forever

        with pytest.raises(ValueError, match="singular"):
            build(0, step, exact=exact).absorption()


# -- issue 10: nothing hangs, nothing is silently wrong ---------------------------
def _three_heads(exact):
    """Toss until three heads in a row: absorbed with certainty, but it can loop forever."""
    h = F(1, 2) if exact else 0.5
    return build(0, lambda s: None if s >= 3 else {s + 1: h, 0: h}, exact=exact)


def test_an_exact_looping_chain_refuses_endless_work():
    # steps_pmf(), steps_dist(), absorbed_by(10**6) and steps_pmf(max_steps=10**6)
    # each ran for more than 10 minutes
    chain = _three_heads(True)
    with pytest.raises(InputError, match="max_steps must be given for steps_pmf in exact mode"):
        chain.steps_pmf()
    with pytest.raises(InputError, match="can loop"):
        chain.steps_dist()
    with pytest.raises(InputError, match=r"n must be at most [\d,]+ in exact mode for this chain"):
        chain.absorbed_by(10**6)
    with pytest.raises(InputError, match=r"max_steps must be at most [\d,]+ in exact mode"):
        chain.steps_pmf(max_steps=10**6)
    with pytest.raises(InputError, match="max_steps must be an integer in 0..1,000,000"):
        chain.steps_pmf(max_steps=10**7)
    # what the limits allow still works, exactly
    pmf = chain.steps_pmf(max_steps=10)
    assert pmf[3] == F(1, 8) and pmf[4] == F(1, 16) and len(pmf) == 11
    assert chain.absorbed_by(5) == {3: sum(pmf[:6])}


def test_a_float_looping_chain_still_answers():
    chain = _three_heads(False)
    pmf = chain.steps_pmf()
    assert abs(sum(pmf) - 1) < 1e-14 and len(pmf) < 1000
    assert chain.steps_dist().mean() == pytest.approx(14)  # E[T] = 2^4 - 2
    assert chain.absorbed_by(10**6)[3] == pytest.approx(1)  # stops once nothing is left
    assert len(chain.steps_pmf(max_steps=10**6)) == 10**6 + 1


def test_a_chain_without_loops_is_exact_for_any_horizon():
    def step(s):
        return None if s == "off" or s >= 50 else {s + 1: F(1, 3), "off": F(2, 3)}

    chain = build(0, step, exact=True)
    assert chain.absorbed_by(10**9)[50] == F(1, 3) ** 50  # depth 50: no more work
    assert len(chain.steps_pmf()) == 51
    assert chain.steps_dist().pmf(50) == F(1, 3) ** 49


def test_a_truncated_steps_dist_is_refused_not_renormalised():
    # Dist(pmf) renormalised a truncated pmf: a silently wrong distribution
    chain = _ladder(10, 0.5, 0.25, exact=False)
    with pytest.raises(InputError, match="large enough for the chain to be absorbed"):
        chain.steps_dist(max_steps=5)


@pytest.mark.parametrize("bad", [float("nan"), 3.0, float("inf"), Decimal(5), True, "10"])
def test_max_states_must_be_an_integer(bad):
    # nan switched the state guard off (3.7 GB, then MemoryError)
    with pytest.raises(InputTypeError, match="max_states must be an integer"):
        build(0, lambda s: None if s else {1: 1.0}, max_states=bad)
    with pytest.raises(InputError, match="max_states"):
        build(0, lambda s: None if s else {1: 1.0}, max_states=10**7)


def test_exact_and_probabilities_are_checked():
    with pytest.raises(InputTypeError, match="exact must be True or False"):
        build(0, lambda s: None if s else {1: F(1)}, exact="False")
    with pytest.raises(InputTypeError, match="must be a number, got True"):
        build(0, lambda s: None if s else {1: True})
    with pytest.raises(InputTypeError, match="an int or a Fraction in exact mode"):
        build(0, lambda s: None if s else {1: 1.0}, exact=True)
    with pytest.raises(InputTypeError, match="mapping"):
        build(0, lambda s: None if s else [1])


def test_solve_fraction_refuses_bad_shapes():
    # solve_fraction(a, []) raised IndexError
    with pytest.raises(InputError, match="b must be a matrix of 1 rows"):
        solve_fraction([[F(1)]], [])
    with pytest.raises(InputError, match="square"):
        solve_fraction([[F(1), F(2)]], [[F(1)]])
    with pytest.raises(InputTypeError, match=r"a\[0\]\[0\] must be an int or a Fraction"):
        solve_fraction([[0.5]], [[F(1)]])
    assert solve_fraction([], []) == []


def test_a_system_names_its_own_parameter_in_the_refusal():
    # fate.contest passes max_exchanges as max_steps: its users never typed max_steps
    chain = _three_heads(True)
    with pytest.raises(InputError, match=r"^max_exchanges must be at most [\d,]+ in exact mode"):
        chain.steps_pmf(max_steps=10**6, name="max_exchanges")
    with pytest.raises(InputError, match=r"^horizon must be at most"):
        chain.absorbed_by(10**6, name="horizon")
