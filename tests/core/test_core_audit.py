"""Audit regressions for the core (dist, markov), each against an independent oracle."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats.core.dist import Dist
from dicestats.core.markov import build

F = Fraction


# --------------------------------------------------------------------------
# markov: sparse solving (a dense t×t matrix made 3-participant contests die
# with a 116 GiB MemoryError and exact 2-participant ones hang)
# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
# Dist edge cases
# --------------------------------------------------------------------------


def test_float_moments_do_not_depend_on_a_large_shift():
    # Closed form: var(d6) = 35/12 whatever the shift. Before: 16384.0 at 2**60
    # (int64 outcomes minus a rounded mean) and OverflowError beyond int64.
    for shift in (10**15, 2**60, 10**20, -(10**25)):
        d = Dist.die(6) + shift
        assert d.var() == pytest.approx(35 / 12, abs=1e-12)
        assert d.mean() == pytest.approx(shift + 3.5, rel=1e-15)
        assert d.std() == pytest.approx((35 / 12) ** 0.5, abs=1e-12)


def test_outcomes_beyond_int64():
    big = 10**20
    d = Dist.die(6) + big
    assert d.outcomes.tolist() == [big + i for i in range(1, 7)]
    assert d.map(lambda v: v - big) == Dist.die(6)
    assert d.ppf([0.0, 0.5, 1.0]).tolist() == [big + 1, big + 3, big + 6]
    assert list(d.to_series().index) == [big + i for i in range(1, 7)]
    e = Dist.die(6, exact=True) + big
    assert e.var() == Fraction(35, 12)


def test_negative_zero_weights_hash_like_equal_dists():
    a = Dist([1, 0.0, 1])
    b = Dist([1, -0.0, 1])
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@pytest.mark.parametrize(
    "d",
    [
        3 @ Dist.die(6),
        10 @ Dist.fudge(),
        5 @ Dist.die(3),
        Dist([0.1, 0.2, 0.7]),
        Dist.die(7) - Dist.die(5),
    ],
    ids=["3d6", "10dF", "5d3", "0.1/0.2/0.7", "d7-d5"],
)
def test_float_repr_round_trips_bit_for_bit(d):
    back = eval(repr(d), {"Dist": Dist})  # noqa: S307 - test of repr
    assert back == d
    assert back.probabilities.tobytes() == d.probabilities.tobytes()


def test_float_ppf_at_and_near_one_agrees_with_exact():
    # Exact oracle: the same distributions with integer weights.
    pairs = [
        (Dist([1, 1e-20]), Dist({0: 10**20, 1: 1}, exact=True)),
        (200 @ Dist.fudge(), 200 @ Dist.fudge(exact=True)),
        (30 @ Dist.die(6), 30 @ Dist.die(6, exact=True)),
    ]
    qs = [0.0, 1e-300, 0.25, 0.5, 0.75, 1 - 1e-12, 1 - 2**-53, 1.0]
    for fl, ex in pairs:
        for q in qs:
            assert fl.ppf(q) == ex.ppf(q), (fl, q)
    assert Dist([1, 1e-20]).ppf(1.0) == 1


def test_huge_spans_fail_fast_with_a_clear_error():
    with pytest.raises(ValueError, match="outcomes"):
        Dist({0: 1, 10**12: 1})
    with pytest.raises(ValueError, match="outcomes"):
        Dist.die(6).repeat_sum(10**12)
    with pytest.raises(ValueError, match="outcomes"):
        Dist.uniform(0, 10**12)
    with pytest.raises(ValueError, match="finite"):
        Dist([10**400, 1])
    with pytest.raises(TypeError, match="Dist"):
        Dist.die(6).isclose(3)


def test_exact_mixture_refuses_float_weights():
    # 0.1 would silently become 3602879701896397/36028797018963968.
    a, b = Dist.constant(0, exact=True), Dist.constant(1, exact=True)
    with pytest.raises(TypeError, match="ints or Fractions"):
        Dist.mixture([a, b], [0.1, 0.9])
    assert Dist.mixture([a, b], [Fraction(1, 10), Fraction(9, 10)]).pmf(1) == Fraction(9, 10)
