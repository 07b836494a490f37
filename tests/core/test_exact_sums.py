"""Exact sums and mixtures through GMP (the audit of issue 14, item 4).

Every reference is a plain ``{outcome: Fraction}`` computed here by enumeration,
never by dicestats; the types a user gets back are Python ``int``/``Fraction``.
"""

from __future__ import annotations

import math
import pickle
import random
from fractions import Fraction

import numpy as np
import pytest

import dicestats.core.dist as dist_module
from dicestats import InputError
from dicestats.core.dist import Dist

F = Fraction


def _probs(weights: dict) -> dict:
    total = sum(weights.values())
    return {k: F(w) / total for k, w in weights.items() if w}


def _convolve(a: dict, b: dict) -> dict:
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, F(0)) + p * q
    return out


def _random_dist(rng: random.Random) -> tuple[Dist, dict]:
    lo = rng.randint(-6, 6)
    ws = [rng.choice([0, 1, 2, 3, 7, 10**30 + 1]) for _ in range(rng.randint(1, 6))]
    ws[0] = ws[0] or 1
    weights = {lo + i: w for i, w in enumerate(ws)}
    return Dist(weights, exact=True), _probs(weights)


def _assert_plain(d: Dist) -> None:
    assert all(type(x) is int for x in d._w) and type(d._den) is int
    assert all(type(p) is Fraction for p in d.fractions())
    assert type(d.pmf(d.min)) is Fraction


def test_sum_of_against_enumeration():
    rng = random.Random(14)
    for _ in range(60):
        pairs = [_random_dist(rng) for _ in range(rng.randint(1, 5))]
        ref = pairs[0][1]
        for _, p in pairs[1:]:
            ref = _convolve(ref, p)
        got = Dist.sum_of([d for d, _ in pairs])
        assert dict(got.items()) == ref
        _assert_plain(got)


def test_sum_of_one_and_iterables():
    d6 = Dist.die(6, exact=True)
    assert Dist.sum_of([d6]) == d6
    assert Dist.sum_of(d for d in (d6, d6)) == 2 @ d6
    assert Dist.sum_of(np.array([d6, d6, d6], dtype=object)) == 3 @ d6


def test_big_sums_hold_python_ints_and_pickle():
    d6 = Dist.die(6, exact=True)
    big = Dist.sum_of([300 @ d6, 200 @ d6, Dist.die(1000, exact=True)])
    _assert_plain(big)
    back = pickle.loads(pickle.dumps(big))  # what a worker process receives
    assert back == big
    _assert_plain(back)
    assert big.mean() == 500 * F(7, 2) + F(1001, 2)


def test_sum_of_refuses_before_any_product(monkeypatch):
    def no_product(*args):  # pragma: no cover - must not run
        raise AssertionError("a product ran before the refusal")

    monkeypatch.setattr(dist_module, "convolve_int", no_product)
    # a d100000 (a d10**6 took 2 s to build): 31 of them would hold ~480,000,000 digits
    small, wide = Dist.die(6, exact=True), Dist.die(10**5, exact=True)
    with pytest.raises(InputError, match=r"^pools must be small enough .* 100,000,000 digits"):
        Dist.sum_of([small, wide, small] + [wide] * 30, name="pools")


def test_exact_mixture_against_enumeration():
    rng = random.Random(41)
    for _ in range(60):
        pairs = [_random_dist(rng) for _ in range(rng.randint(1, 4))]
        weights = [rng.choice([0, 1, 3, F(2, 7), F(5, 3), np.int64(2)]) for _ in pairs]
        if not any(weights):
            weights[0] = 1
        plain = [F(int(w)) if isinstance(w, np.integer) else F(w) for w in weights]
        ref: dict = {}
        for (_, p), w in zip(pairs, plain, strict=True):
            for k, q in p.items():
                ref[k] = ref.get(k, F(0)) + w * q / sum(plain)
        got = Dist.mixture([d for d, _ in pairs], weights)
        assert dict(got.items()) == {k: p for k, p in ref.items() if p}
        _assert_plain(got)


def test_exact_mixture_takes_numpy_int_weights():
    # Fraction(np.int64(3)) keeps a numpy numerator: GMP's gcd refused it
    # (TypeError) and a big component overflowed it (OverflowError)
    d6, zero = Dist.die(6, exact=True), Dist.constant(0, exact=True)
    ints = Dist.mixture([d6, zero], [3, 1])
    assert Dist.mixture([d6, zero], [np.int64(3), np.int64(1)]) == ints
    assert Dist.mixture([d6, zero], [np.int32(3), F(np.int64(1))]) == ints
    big = Dist.mixture([100 @ d6, zero], [np.int64(3), np.int64(1)])
    assert big.pmf(0) == F(1, 4) and big.pmf(600) == F(3, 4) / 6**100
    _assert_plain(big)


def test_exact_mixture_refusals_unchanged():
    d6 = Dist.die(6, exact=True)
    with pytest.raises(InputError) as e:
        Dist.mixture([d6, d6], [0, F(0)])
    assert str(e.value) == (
        "weights must be non-negative with one above zero, got [0, 0, 0, 0, 0, 0] "
        "(weights must not all be zero)"
    )
    with pytest.raises(TypeError, match=r"^weights\[0\] must be an int or a Fraction"):
        Dist.mixture([d6, d6], [True, 1])
    with pytest.raises(InputError, match=r"^weights\[1\] must be a weight >= 0"):
        Dist.mixture([d6, d6], [1, -1])


def test_mixture_of_shifted_components_keeps_their_outcomes():
    a = Dist({-3: 1, -1: 2}, exact=True)
    b = Dist({5: 1}, exact=True)
    m = Dist.mixture([a, b, Dist.constant(-100, exact=True)], [F(1, 2), 1, 0])
    assert dict(m.items()) == {-3: F(1, 9), -1: F(2, 9), 5: F(2, 3)}
    assert math.isclose(float(m.mean()), float(F(1, 9) * -3 + F(2, 9) * -1 + F(10, 3)))


def test_variance_and_floats_of_exact_sums_against_fractions():
    # the largest exact sums hold 100 million digits: var and the float vector are
    # integer arithmetic now (var took 10 s on 5069 @ d6), the same numbers as before
    rng = random.Random(7)
    for _ in range(40):
        d, ref = _random_dist(rng)
        d = Dist.sum_of([d, d + rng.randint(-3, 3)])
        probs = dict(d.items())
        mean = sum(k * p for k, p in probs.items())
        assert d.var() == sum(p * (k - mean) ** 2 for k, p in probs.items())
        assert type(d.var()) is Fraction
        assert d.probabilities.tolist() == [float(p) for p in d.fractions()]
    tiny = Dist({0: 1, 1: 10**400}, exact=True)  # float of a ratio beyond the float range
    assert tiny.probabilities.tolist() == [0.0, 1.0]
    assert Dist.constant(5, exact=True).var() == 0


def test_convolve_int_through_gmp_against_the_schoolbook_sum():
    from dicestats.core.dist import convolve_int

    rng = random.Random(3)
    for _ in range(30):
        a = [
            rng.choice([0, 1, 7, 2**64 - 1, 2**200 + 3, 10**50]) for _ in range(rng.randint(1, 90))
        ]
        b = [rng.choice([0, 1, 5, 2**70, 3**90]) for _ in range(rng.randint(1, 90))]
        want = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                want[i + j] += x * y
        got = convolve_int(np.array(a, dtype=object) if len(a) % 2 else a, b)
        assert got == want and all(type(x) is int for x in got)
    assert convolve_int([0] * 70, [0] * 70) == [0] * 139
