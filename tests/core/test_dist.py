"""Dist: brute force, closed forms, invariants, hypothesis properties."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats.core.checks import InputError, InputTypeError
from dicestats.core.dist import Dist, convolve_float, convolve_int


def brute_sum(faces: list[int], n: int) -> dict[int, Fraction]:
    """Distribution of the sum of n dice with the given equally likely faces, by enumeration."""
    counts = Counter(sum(roll) for roll in itertools.product(faces, repeat=n))
    total = len(faces) ** n
    return {k: Fraction(c, total) for k, c in counts.items()}


def assert_matches(d: Dist, expected: dict[int, Fraction]) -> None:
    assert d.support() == (min(expected), max(expected))
    for k in range(d.min - 2, d.max + 3):
        assert d.pmf(k) == expected.get(k, 0)


# -- brute force --------------------------------------------------------------
@pytest.mark.parametrize("sides", [2, 3, 4, 6, 10])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_ndx_matches_enumeration(sides, n):
    if sides**n > 20_000:
        pytest.skip("enumeration too large")
    expected = brute_sum(list(range(1, sides + 1)), n) if n else {0: Fraction(1)}
    exact = n @ Dist.die(sides, exact=True)
    assert_matches(exact, expected)
    flt = n @ Dist.die(sides)
    for k, p in expected.items():
        assert abs(flt.pmf(k) - float(p)) <= 1e-15


@pytest.mark.parametrize("n", range(1, 7))
def test_fudge_dice_match_enumeration(n):
    expected = brute_sum([-1, 0, 1], n)
    assert_matches(n @ Dist.fudge(exact=True), expected)


def test_4df_counts():
    # 4dF by hand: counts 1, 4, 10, 16, 19, 16, 10, 4, 1 over 81 (docs/rules/fate.md).
    d = 4 @ Dist.fudge(exact=True)
    assert [d.pmf(k) * 81 for k in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


# -- no overflow --------------------------------------------------------------
def test_200d6_exact_closed_form():
    # P(sum = k) for n d6 by the inclusion–exclusion closed form:
    # #ways = sum_j (-1)^j C(n, j) C(k - 6j - 1, n - 1).
    n = 200
    d = n @ Dist.die(6, exact=True)
    assert d.denominator == 6**n
    for k in (200, 201, 350, 700, 1199, 1200):
        ways = sum(
            (-1) ** j * math.comb(n, j) * math.comb(k - 6 * j - 1, n - 1)
            for j in range((k - n) // 6 + 1)
        )
        assert d.pmf(k) == Fraction(ways, 6**n)
    assert sum(d.weights) == 6**n
    assert d.mean() == Fraction(7 * n, 2)
    assert d.var() == Fraction(35 * n, 12)


def test_float_agrees_with_exact_for_large_pools():
    e = 200 @ Dist.die(6, exact=True)
    f = 200 @ Dist.die(6)
    assert np.max(np.abs(e.probabilities - f.probabilities)) < 1e-12
    assert abs(math.fsum(f.probabilities) - 1) < 1e-12


def test_fft_path_error_bound():
    # Long vectors take the FFT path only when the bound holds; compare with exact ints.
    rng = np.random.default_rng(5)
    a = rng.integers(0, 1000, size=900)
    b = rng.integers(0, 1000, size=800)
    exact = convolve_int(a.tolist(), b.tolist())
    sa, sb = int(a.sum()), int(b.sum())
    flt = convolve_float(a / sa, b / sb)
    ref = np.array([Fraction(x, sa * sb) for x in exact], dtype=object).astype(float)
    assert np.max(np.abs(flt - ref)) < 1e-13
    assert np.all(flt >= 0)


def test_convolve_int_matches_schoolbook():
    rng = np.random.default_rng(1)
    for _ in range(20):
        a = [int(x) * 10**30 for x in rng.integers(0, 50, size=rng.integers(1, 40))]
        b = [int(x) for x in rng.integers(0, 50, size=rng.integers(1, 40))]
        school = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                school[i + j] += x * y
        assert convolve_int(a, b) == school


def test_convolve_int_matches_schoolbook_on_huge_weights():
    # slots of thousands of bits: the GMP product must unpack to the same integers
    rng = np.random.default_rng(7)
    for _ in range(5):
        a = [int(x) * 7**2000 + int(x) for x in rng.integers(0, 10**9, size=rng.integers(9, 60))]
        b = [int(x) * 3**1500 for x in rng.integers(0, 10**9, size=rng.integers(9, 60))]
        school = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                school[i + j] += x * y
        assert convolve_int(a, b) == school


def test_sum_of_equals_the_left_to_right_sum():
    parts = [Dist.die(s, exact=True) for s in (2, 3, 6, 10, 4)] + [Dist({-3: 1, 5: 2}, exact=True)]
    left = parts[0]
    for d in parts[1:]:
        left = left + d
    assert Dist.sum_of(parts) == left
    assert Dist.sum_of(parts[:1]) == parts[0]
    flt = Dist.sum_of([d.to_float() for d in parts])
    assert (
        np.max(np.abs(np.array(flt.probabilities) - np.array(left.to_float().probabilities)))
        < 1e-15
    )
    with pytest.raises(InputError, match="dists must be a non-empty sequence"):
        Dist.sum_of([])
    with pytest.raises(TypeError, match=r"dists\[1\] must be a Dist"):
        Dist.sum_of([parts[0], 3])
    with pytest.raises(TypeError, match="exact and a float"):
        Dist.sum_of([parts[0], parts[1].to_float()])
    # refused before any work, naming the caller's parameter: 8 pools of 1,000 dice would
    # hold 249 million digits (the size check of 4 pools of 3,000; a tenth of the set-up)
    with pytest.raises(InputError, match=r"^pools must be small enough .* 100,000,000 digits"):
        Dist.sum_of([1000 @ Dist.die(6, exact=True)] * 8, name="pools")


def test_exact_mixture_matches_fraction_arithmetic():
    comps = [
        Dist({0: 1, 2: 3}, exact=True),
        Dist.die(6, exact=True),
        Dist({-2: 5, 9: 1}, exact=True),
    ]
    weights = [Fraction(1, 3), 0, Fraction(7, 11)]
    acc: dict = {}
    for c, w in zip(comps, weights, strict=True):
        for k, f in zip(range(c.min, c.max + 1), c.fractions(), strict=True):
            acc[k] = acc.get(k, Fraction(0)) + Fraction(w) * f
    total = sum(acc.values())
    mix = Dist.mixture(comps, weights)
    assert all(mix.pmf(k) == v / total for k, v in acc.items())
    assert sum(mix.pmf(k) for k in range(mix.min, mix.max + 1)) == 1


# -- scipy.stats vocabulary and invariants -----------------------------------------
CASES = [
    Dist.die(6, exact=True),
    3 @ Dist.die(6, exact=True),
    4 @ Dist.fudge(exact=True),
    Dist({-3: 1, 0: 5, 7: 2}, exact=True),
    Dist.die(20) - Dist.die(20),
    Dist([0.1, 0.0, 0.9], offset=-5),
]


@pytest.mark.parametrize("d", CASES, ids=repr)
def test_consistency(d):
    ks = np.arange(d.min - 1, d.max + 2)
    pmf = [d.pmf(int(k)) for k in ks]
    cdf = [d.cdf(int(k)) for k in ks]
    tol = 0 if d.exact else 1e-15
    total = sum(pmf[1:-1], Fraction(0) if d.exact else 0.0)
    assert abs(total - 1) <= 1e-15
    running = 0
    for (
        k,
        p,
        c,
    ) in zip(ks, pmf, cdf, strict=True):
        running += p
        assert abs(running - c) <= 1e-12
        assert abs(d.sf(int(k)) - (1 - c)) <= 1e-12
        assert abs(d.p_ge(int(k)) - (1 - c + p)) <= 1e-12
    for q in (0.0, 0.1, 0.25, 0.5, 0.9, 1.0):
        k = d.ppf(q)
        assert d.cdf(k) >= q - tol
        if k > d.min:
            assert d.cdf(k - 1) < q
    assert np.allclose(np.asarray(d.pmf(ks), dtype=float), np.asarray(pmf, dtype=float))


def test_moments_closed_form():
    d = 3 @ Dist.die(6, exact=True)
    assert d.mean() == Fraction(21, 2)
    assert d.var() == Fraction(35, 4)
    assert d.std() == pytest.approx(math.sqrt(35 / 4))
    assert d.moment(2) == d.var() + d.mean() ** 2
    assert d.median() == 10
    assert d.interval(0.5) == (d.ppf(Fraction(1, 4)), d.ppf(Fraction(3, 4)))


def test_operators():
    d6 = Dist.die(6, exact=True)
    assert (d6 + 3).support() == (4, 9)
    assert (3 + d6) == (d6 + 3)
    assert (d6 - 1).support() == (0, 5)
    assert (10 - d6).support() == (4, 9)
    assert (-d6).pmf(-6) == Fraction(1, 6)
    assert (d6 - d6).pmf(0) == Fraction(1, 6)
    assert 0 @ d6 == Dist.constant(0, exact=True)
    assert 1 @ d6 == d6
    with pytest.raises(TypeError):
        d6 + Dist.die(6)
    with pytest.raises(TypeError, match="ambiguous"):
        bool(d6)
    with pytest.raises(ValueError, match="n must be"):
        d6.repeat_sum(-1)


def test_repr_round_trips():
    for d in CASES:
        assert eval(repr(d), {"Dist": Dist}) == d  # noqa: S307 - test of repr


def test_immutable_and_hashable():
    d = Dist.die(6)
    with pytest.raises(ValueError):
        d.probabilities[0] = 1.0
    assert hash(Dist.die(6, exact=True)) == hash(Dist({i: 7 for i in range(1, 7)}, exact=True))
    assert len({Dist.die(6, exact=True), Dist.die(6, exact=True)}) == 1


def test_map_clip_mixture():
    d6 = Dist.die(6, exact=True)
    assert d6.map(lambda x: x // 2) == Dist({0: 1, 1: 2, 2: 2, 3: 1}, exact=True)
    assert d6.clip(2, 5).pmf(2) == Fraction(1, 3)
    m = Dist.mixture([d6, Dist.constant(0, exact=True)], [Fraction(1, 2), Fraction(1, 2)])
    assert m.pmf(0) == Fraction(1, 2) and m.pmf(6) == Fraction(1, 12)


def test_to_series():
    s = Dist.die(4).to_series()
    assert list(s.index) == [1, 2, 3, 4]
    assert s.sum() == pytest.approx(1)


@pytest.mark.parametrize(
    "make, exc, match",
    [
        (lambda: Dist({}), ValueError, "at least one"),
        (lambda: Dist([0, 0]), ValueError, "all be zero"),
        (lambda: Dist([1, -1]), ValueError, ">= 0"),
        (lambda: Dist([0.5, float("nan")]), ValueError, "finite"),
        (lambda: Dist([0.5, 0.5], exact=True), TypeError, "exact weights"),
        (lambda: Dist.die(0), ValueError, "sides"),
        (lambda: Dist.die(6).ppf(1.5), ValueError, "q must be"),
        (lambda: Dist.die(6).pmf("a"), TypeError, "k must be"),
        (lambda: Dist({1.5: 1}), TypeError, "outcome"),
    ],
)
def test_bad_input(make, exc, match):
    with pytest.raises(exc, match=match):
        make()


# -- hypothesis properties -------------------------------------------------------
weights = st.lists(st.integers(0, 50), min_size=1, max_size=8).filter(any)
exact_dists = st.builds(lambda w, off: Dist(w, offset=off, exact=True), weights, st.integers(-5, 5))


@settings(max_examples=60, deadline=None)
@given(exact_dists, exact_dists, exact_dists)
def test_convolution_associative_commutative(a, b, c):
    assert a + b == b + a
    assert (a + b) + c == a + (b + c)
    assert sum((a + b).fractions()) == 1


@settings(max_examples=60, deadline=None)
@given(exact_dists, st.integers(0, 12))
def test_float_agrees_with_exact(d, n):
    e = n @ d
    f = n @ d.to_float()
    assert e.support() == f.support()
    assert np.max(np.abs(e.probabilities - f.probabilities)) <= 1e-12
    assert abs(float(e.mean()) - f.mean()) <= 1e-9 * max(1, abs(f.mean()))


@settings(max_examples=60, deadline=None)
@given(exact_dists, st.integers(0, 9))
def test_repeat_sum_equals_repeated_addition(d, n):
    acc = Dist.constant(0, exact=True)
    for _ in range(n):
        acc = acc + d
    assert n @ d == acc
    assert (n @ d).mean() == n * d.mean()
    assert (n @ d).var() == n * d.var()


def test_huge_float_pool_stays_normalised():
    d = 1000 @ Dist.die(10)
    assert d.support() == (1000, 10000)
    assert abs(math.fsum(d.probabilities) - 1) < 1e-12
    assert d.mean() == pytest.approx(5500, rel=1e-12)
    assert d.var() == pytest.approx(1000 * 99 / 12, rel=1e-9)


# Edge cases: large shifts, outcomes beyond int64, -0.0, float reprs, huge spans.
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


# -- issue 10: nothing hangs, nothing is silently wrong ---------------------------
@pytest.mark.parametrize("bad", ["False", float("nan"), 1, None])
def test_exact_must_be_a_bool(bad):
    # exact='False' and exact=nan were truthy: silently exact
    for make in (
        lambda: Dist.die(6, exact=bad),
        lambda: Dist([1, 1], exact=bad),
        lambda: Dist.uniform(1, 3, exact=bad),
        lambda: Dist.fudge(exact=bad),
        lambda: Dist.constant(2, exact=bad),
        lambda: Dist.bernoulli(Fraction(1, 2), exact=bad),
    ):
        with pytest.raises(InputTypeError, match="exact must be True or False"):
            make()


@pytest.mark.parametrize(
    "weights", ["33", b"33", True, 5, 2.5, None, {1, 2}, np.ones((2, 2)), [True, False], ["0.5"]]
)
def test_scalars_and_strings_are_not_weights(weights):
    # Dist('33') and Dist(True) were Dist({0: 1.0})
    with pytest.raises(InputError, match="weights"):
        Dist(weights)


@pytest.mark.parametrize("method", ["pmf", "cdf", "sf", "p_ge"])
def test_a_bool_is_not_an_outcome(method):
    d = Dist.die(6, exact=True)
    with pytest.raises(InputTypeError, match="k must be an integer outcome"):
        getattr(d, method)(True)
    with pytest.raises(InputTypeError):
        getattr(d, method)(np.array([True, False]))
    assert getattr(d, method)(2.0) == getattr(d, method)(2)  # an integral float is fine
    with pytest.raises(InputTypeError):
        getattr(d, method)(2.5)
    # an indicator in map() is still read as 0/1
    assert d.map(lambda x: x >= 5) == Dist({0: 2, 1: 1}, exact=True)


def test_convolve_int_never_truncates():
    # convolve_int([3, 2.5], [1]) returned [3, 2]
    with pytest.raises(InputTypeError, match=r"a\[1\] must be a non-negative integer"):
        convolve_int([3, 2.5], [1])
    with pytest.raises(InputTypeError):
        convolve_int([3, True], [1])
    with pytest.raises(InputError):
        convolve_int([3, -1], [1])
    assert convolve_int([np.int64(3), 2], [1]) == [3, 2]


def test_weights_near_the_float_maximum_are_normalised():
    # Dist([1e308, 1e308]) raised OverflowError "intermediate overflow in fsum"
    assert Dist([1e308, 1e308]) == Dist([1, 1])
    assert Dist({3: 1e308, 5: 1.7e308}).pmf(3) == pytest.approx(1 / 2.7)
    a, b = Dist.constant(0), Dist.constant(1)
    assert Dist.mixture([a, b], [1e308, 1e308]).pmf(1) == 0.5


def test_mixture_refuses_what_is_not_a_dist():
    # Dist.mixture([1, 2], [1, 1]) raised AttributeError
    with pytest.raises(InputTypeError, match=r"components\[0\] must be a Dist"):
        Dist.mixture([1, 2], [1, 1])
    d = Dist.die(2)
    with pytest.raises(InputTypeError, match=r"weights\[0\] must be a number"):
        Dist.mixture([d, d], ["1", 1])
    with pytest.raises(InputError, match=r"weights\[1\]"):
        Dist.mixture([d, d], [1, -1])
    with pytest.raises(InputError, match="equal length"):
        Dist.mixture([d, d], [1])


def test_exact_work_is_capped_by_digits():
    # Dist.die(6, exact=True).repeat_sum(5000) ran 243 s with Python's Karatsuba (2.3 s
    # with GMP, 97 million digits, within "exact sum digits") and 10**6 @ d6 never ended
    d6 = Dist.die(6, exact=True)
    for n in (6000, 10**6, 10**400):
        with pytest.raises(InputError) as info:
            d6.repeat_sum(n)
        msg = str(info.value)
        assert msg.startswith("n must be at most ") and "use exact=False" in msg, msg
        assert len(msg) < 400
    with pytest.raises(InputError, match="in exact mode"):
        10**6 @ d6
    assert (1000 @ d6).support() == (1000, 6000)  # 3.9 million digits: within the cap
    assert (10**5 @ Dist.die(6)).support() == (10**5, 6 * 10**5)  # float: fine
    with pytest.raises(InputError, match="in exact mode"):
        Dist.uniform(0, 10**7, exact=True)


def test_moment_order_is_capped():
    # Dist.die(6, exact=True).moment(10**18) hung
    for d in (Dist.die(6), Dist.die(6, exact=True)):
        with pytest.raises(InputError, match=r"n must be an integer in 0\.\.1000"):
            d.moment(10**18)
    assert Dist.die(6, exact=True).moment(1000) > 0


def test_far_apart_float_outcomes_convolve_without_a_dense_product():
    # 3 million zero weights between two outcomes: np.convolve did 10^13
    # multiply-adds (over an hour); only the non-zero weights need shifting
    d = Dist({0: 0.5, 3 * 10**6: 0.5})
    s = d + d
    assert s.items() == [(0, 0.25), (3 * 10**6, 0.5), (6 * 10**6, 0.25)]


def test_a_dense_float_convolution_beyond_the_work_cap_is_refused():
    # a dominant weight gives a large norm: the FFT error bound does not hold, and
    # the direct product of 200,001 × 200,001 weights would take about 20 s
    p = np.zeros(200_001)
    p[::2] = 1.0
    p[0] = 1e6  # a dominant weight: large norm, FFT error bound too big
    a = p / p.sum()
    with pytest.raises(InputError, match="multiply-adds"):
        convolve_float(a, a)
