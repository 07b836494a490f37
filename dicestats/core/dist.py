"""``Dist``: an immutable finite distribution over integer outcomes.

A ``Dist`` is dense: an integer ``offset`` (the smallest outcome) and one weight
per outcome from there on, in the arithmetic chosen when it is made and kept by
every operation: **float** (the default, float64) or **exact** (Python-int weights
over their sum, read as Fractions: ``200 @ d6`` is exact where numpy int64
convolution silently wraps from about 25d6).

``a + b`` is the sum of two independent rolls (a convolution, unlike scipy's
random-variable API), ``d + 3`` a shift, ``-d`` and ``a - b`` negation and the
difference of independent rolls, ``n @ d`` the sum of ``n`` copies. The probability
vocabulary is scipy.stats' (``pmf``, ``cdf``, ``sf``, ``ppf``, ``mean``, ``var``,
``interval``, ...) plus ``p_ge(k)``, ``P(X >= k)``. What a distribution may cost is
:data:`LIMITS`, checked before the work starts.

Examples
--------
>>> from dicestats.core.dist import Dist
>>> d6 = Dist.die(6, exact=True)
>>> two = d6 + d6
>>> two.pmf(7)
Fraction(1, 6)
>>> (4 @ Dist.fudge(exact=True)).pmf(0)
Fraction(19, 81)
>>> (d6 + 3).support()
(4, 9)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property, reduce
from itertools import accumulate
from numbers import Integral, Rational, Real

import numpy as np
from gmpy2 import divexact, gcd, mpz

from .checks import (
    TEXT,
    InputTypeError,
    check_bool,
    check_exact,
    check_int,
    check_real,
    described,
    refuse,
    shown,
)
from .limits import Limit, Limits

__all__ = ["Dist", "convolve_float", "convolve_int", "LIMITS"]

#: What a distribution may cost, as data (see :mod:`dicestats.core.limits`):
#: far-apart outcomes, a huge ``n @ d`` or a high moment would otherwise exhaust
#: memory or run for minutes instead of failing clearly.
LIMITS = Limits(
    Limit("outcomes", 1, 50_000_000, why="a Dist is dense: 50 million float64 weights are 400 MB"),
    Limit(
        "exact digits",
        hi=4_000_000,
        when="exact",
        why="exact weights are built with Python's integer arithmetic, whose time grows "
        "with the square of the digits",
        instead="use exact=False (float64)",
    ),
    Limit(
        "exact sum digits",
        hi=100_000_000,
        when="exact",
        why="a sum of distributions (d + e, n @ d) is one GMP product of packed integers: "
        "4000 @ d6 holds 62 million digits and takes about 1.5 s; the time grows about "
        "linearly with the digits",
        instead="use exact=False (float64)",
    ),
    Limit(
        "convolution work",
        hi=20_000_000_000,
        when="float",
        why="outcomes × outcomes multiply-adds, about 10 s, where an FFT would lose the "
        "accuracy of the tails",
        instead="trim the far tails or use fewer dice",
    ),
    Limit(
        "moment order",
        0,
        1_000,
        why="a raw moment of order n has n times the digits of an outcome; no dice "
        "question needs more",
    ),
)


# --------------------------------------------------------------------------- weights
def _int_weights(name: str, values) -> list[int]:
    """Non-negative Python ints, or a one-line refusal naming the first bad weight."""
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise refuse(name, "a sequence of non-negative integers", values, kind=True)
    out = []
    for i, x in enumerate(values):
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (Integral, np.integer)):
            raise refuse(f"{name}[{i}]", "a non-negative integer", x, kind=True)
        x = int(x)
        if x < 0:
            raise refuse(f"{name}[{i}]", "a non-negative integer", x)
        out.append(x)
    return out


def _float_weights(name: str, values, names: dict | None = None) -> np.ndarray:
    """A 1-D float64 array of numbers (never a bool or a string; beyond float64 refused, not
    ``inf``), or a one-line refusal; ``names[i]``: how the caller spelled element ``i``."""
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise refuse(
                name, "a 1-D sequence of numbers", described(f"an array of shape {values.shape}")
            )
        if values.dtype.kind in "iuf":
            return values.astype(np.float64, copy=False)
        values = values.tolist() if values.dtype.kind == "O" else values
        if not isinstance(values, list):
            raise refuse(name, "a sequence of numbers", values, kind=True)
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise refuse(name, "a sequence of numbers", values, kind=True)
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, Real):
            label = names.get(i, name) if names else f"{name}[{i}]"
            raise refuse(label, "a number", v, kind=True)
        try:
            out.append(float(v))
        except OverflowError:
            label = names.get(i, name) if names else f"{name}[{i}]"
            raise refuse(label, "a finite number", v, why="beyond the float64 range") from None
    return np.array(out, dtype=np.float64)


def _is_exact_number(x) -> bool:
    return isinstance(x, Rational) and not isinstance(x, bool)


# ------------------------------------------------------------- sizes and kernels
_EPS = np.finfo(np.float64).eps
# Above this many multiply-adds, a float convolution may switch to FFT when the
# error bound below says it is safe. Direct convolution keeps tiny tail
# probabilities accurate relative to their size; FFT only bounds the absolute
# error, so it is kept for sizes where direct convolution would be slow.
_FFT_MIN_WORK = 10_000_000
# Largest absolute error a float convolution may introduce.
_FFT_MAX_ERROR = 1e-13
# outcomes beyond int64 make object arrays of Python ints, not an overflow
_INT64 = (-(2**63), 2**63 - 1)


def _count(n: int) -> str:
    """A count for a message: ``1,234,567``, or cut when it is huge."""
    return f"{n:,}" if n < 10**18 else shown(n)


def _check_span(
    span: int, name: str, value, *, what: str = "the distribution", allowed: str | None = None
) -> None:
    """Refuse a distribution spanning more outcomes than ``LIMITS["outcomes"]``."""
    lim = LIMITS["outcomes"]
    if span > lim.hi:
        raise refuse(
            name,
            allowed or f"small enough that {what} spans at most {lim.hi:,} outcomes",
            value,
            why=f"{what} would span {_count(span)} outcomes; {lim.why}",
        )


def _digits_of(n: int) -> float:
    """``log10(n)``: the decimal digits a factor ``n`` adds to a product (no conversion)."""
    return math.log10(n) if n > 0 else 0.0


def _exact_digits(outcomes: int, weight_digits: float) -> int:
    """The size of an exact distribution: outcomes × digits of a weight."""
    return int(outcomes * max(1.0, weight_digits))


def _check_exact_size(
    outcomes: int,
    weight_digits: float,
    name: str,
    value,
    *,
    what: str = "the distribution",
    allowed: str | None = None,
    limit: str = "exact digits",
) -> None:
    """Refuse exact work beyond ``LIMITS[limit]`` (``"exact sum digits"`` for sums)."""
    lim = LIMITS[limit]
    size = _exact_digits(outcomes, weight_digits)
    if size > lim.hi:
        raise refuse(
            name,
            allowed or f"small enough that {what} holds at most {lim.hi:,} digits in exact mode",
            value,
            why=f"{what} would hold {_count(size)} digits, {_count(outcomes)} outcomes × "
            f"{_count(int(weight_digits))}; {lim.why}",
            instead=lim.instead,
        )


def convolve_int(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Exact convolution of two sequences of non-negative Python ints.

    Uses Kronecker substitution: each sequence is packed into one big integer
    with a slot wide enough that no sum can carry into the next slot, the two
    integers are multiplied (GMP, through gmpy2: its FFT multiplication keeps
    a product of millions of digits to a fraction of a second), and the product is
    unpacked. Exact for any size; never overflows.

    Examples
    --------
    >>> convolve_int([1, 1], [1, 2, 1])
    [1, 3, 3, 1]
    >>> convolve_int([2**70], [3])
    [3541774862152233910272]
    """
    a = _int_weights("a", a)
    b = _int_weights("b", b)
    if not a or not b:
        return []
    _check_exact_size(
        len(a) + len(b) - 1,
        _digits_of(max(a)) + _digits_of(max(b)),
        "a and b",
        described(f"{len(a):,} and {len(b):,} weights"),
        what="their convolution",
        limit="exact sum digits",
    )
    if len(a) * len(b) <= 64:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    bound = max(a) * max(b) * min(len(a), len(b))
    nbytes = max(1, (bound.bit_length() + 8) // 8)
    pa = mpz.from_bytes(b"".join(x.to_bytes(nbytes, "little") for x in a), "little")
    pb = mpz.from_bytes(b"".join(x.to_bytes(nbytes, "little") for x in b), "little")
    n = len(a) + len(b) - 1
    raw = (pa * pb).to_bytes(n * nbytes, "little")
    return [int.from_bytes(raw[i * nbytes : (i + 1) * nbytes], "little") for i in range(n)]


def convolve_float(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Convolution of two non-negative float vectors, error below 1e-13.

    Direct convolution for small inputs. For large ones, FFT
    (``scipy.signal.fftconvolve``, round-off clipped at zero) only where its
    absolute error bound, ``8 * eps * log2(n) * sqrt(n) * ||a||_2 * ||b||_2``,
    stays below 1e-13; else zero weights are skipped (far-apart outcomes), and
    beyond ``LIMITS["convolution work"]`` multiply-adds it refuses.

    >>> convolve_float(np.array([0.5, 0.5]), np.array([0.5, 0.5]))
    array([0.25, 0.5 , 0.25])
    """
    a = _float_weights("a", a)
    b = _float_weights("b", b)
    n = a.size + b.size - 1
    work = a.size * b.size
    if work >= _FFT_MIN_WORK:
        bound = 8 * _EPS * math.log2(n) * math.sqrt(n) * np.linalg.norm(a) * np.linalg.norm(b)
        if bound < _FFT_MAX_ERROR:
            from scipy.signal import fftconvolve

            return np.clip(fftconvolve(a, b), 0.0, None)
        # Few non-zero weights (outcomes far apart): one shifted copy per weight.
        if b.size < a.size:
            a, b = b, a
        nz = np.flatnonzero(a)
        sparse = nz.size * b.size < work // 4
        m, lim = (nz.size if sparse else a.size), LIMITS["convolution work"]
        if m * b.size > lim.hi:
            raise refuse(
                "the distributions",
                f"small enough for at most {lim.hi:,} multiply-adds in a float convolution",
                described(f"{m:,} × {b.size:,} outcomes"),
                why=lim.why,
                instead=lim.instead,
            )
        if sparse:
            out = np.zeros(n)
            for i in nz.tolist():
                out[i : i + b.size] += a[i] * b
            return out
    return np.convolve(a, b)


# --------------------------------------------------------------------------- Dist
class Dist:
    """An immutable finite distribution over consecutive integer outcomes.

    Parameters
    ----------
    weights : mapping or sequence
        Either a mapping ``{outcome: weight}`` or a sequence of weights for
        the outcomes ``offset, offset + 1, ...``. Weights need not sum to 1;
        they are normalised. In exact mode they must be ints or Fractions.
    offset : int, default 0
        The outcome of the first weight when ``weights`` is a sequence.
    exact : bool, default False
        Exact (integer weights, Fraction probabilities) or float64.

    Examples
    --------
    >>> Dist({-1: 1, 0: 1, 1: 1}, exact=True)
    Dist({-1: 1, 0: 1, 1: 1}, exact=True)
    >>> Dist([0.25, 0.5, 0.25], offset=2).mean()
    3.0
    >>> d = Dist({1: 1, 2: 3}, exact=True)
    >>> eval(repr(d)) == d
    True
    """

    __slots__ = ("_offset", "_w", "_den", "_p", "_exact", "__dict__")

    def __init__(self, weights, offset: int = 0, *, exact: bool = False):
        offset = check_int("offset", offset)
        exact = check_exact(exact)
        if isinstance(weights, Dist):
            raise refuse(
                "weights", "a mapping or a sequence; use the Dist itself", weights, kind=True
            )
        if isinstance(weights, Mapping):
            if not weights:
                raise refuse("weights", "a mapping with at least one outcome", weights)
            keys = [check_int("outcome", k) for k in weights]
            offset, span = min(keys), max(keys) - min(keys) + 1
            apart = f"outcomes at most {LIMITS['outcomes'].hi:,} apart"
            _check_span(span, "weights", weights, allowed=apart)
            if not exact:  # straight into an array: no Python list as long as the span
                names = dict(enumerate(f"weights[{k}]" for k in keys))
                p = np.zeros(span)
                p[[k - offset for k in keys]] = _float_weights(
                    "weights", [*weights.values()], names
                )
                self._set_float(p, offset, normalise=True)
                return
            _check_exact_size(span, 1, "weights", weights, allowed="outcomes closer together")
            values = [0] * span
            for k, v in zip(keys, weights.values(), strict=True):
                values[k - offset] = v
            names = {k - offset: f"weights[{k}]" for k in keys}
        elif isinstance(weights, np.ndarray) or (
            isinstance(weights, (Sequence, range)) and not isinstance(weights, TEXT)
        ):
            if isinstance(weights, np.ndarray) and weights.ndim != 1:
                raise refuse(
                    "weights",
                    "a 1-D sequence of weights",
                    described(f"an array of shape {weights.shape}"),
                )
            if len(weights) == 0:
                raise refuse("weights", "a sequence with at least one outcome", weights)
            _check_span(len(weights), "weights", described(f"{len(weights):,} weights"))
            values = weights
            names = None
        else:
            # '33' is not [3, 3] and True is not [1]: a scalar or a string was a
            # distribution over {0} before.
            raise refuse(
                "weights",
                "a mapping {outcome: weight} or a sequence of weights",
                weights,
                kind=True,
            )
        if not exact:
            self._set_float(_float_weights("weights", values, names), offset, normalise=True)
            return
        _check_exact_size(len(values), 1, "weights", described(f"{len(values):,} weights"))
        fr = []
        for i, v in enumerate(values):
            if not _is_exact_number(v):
                raise refuse(
                    names.get(i, "weights") if names else f"weights[{i}]",
                    "an int or a Fraction (exact weights must be ints or Fractions)",
                    v,
                    kind=True,
                    instead="use exact=False for float weights",
                )
            f = Fraction(v)
            if f < 0:
                raise refuse(
                    names.get(i, "weights") if names else f"weights[{i}]", "a weight >= 0", v
                )
            fr.append(f)
        lcm = reduce(math.lcm, (f.denominator for f in fr), 1)
        self._set_exact([int(f * lcm) for f in fr], offset)

    # -- construction helpers ------------------------------------------------
    def _set_exact(self, ints: list[int], offset: int) -> None:
        lo = next((i for i, x in enumerate(ints) if x), None)
        if lo is None:
            raise refuse(
                "weights",
                "non-negative with one above zero",
                ints,
                why="weights must not all be zero",
            )
        hi = len(ints) - next(i for i, x in enumerate(reversed(ints)) if x)
        ints = ints[lo:hi]
        g = mpz(0)  # GMP's gcd and exact division: several times CPython's on big weights
        for x in ints:
            g = gcd(g, x)
            if g == 1:
                break
        if g > 1:
            ints = [int(divexact(x, g)) for x in ints]
        self._exact = True
        self._offset = offset + lo
        self._w = tuple(ints)
        self._den = sum(ints)
        self._p = None

    def _set_float(self, p: np.ndarray, offset: int, *, normalise: bool, trim: bool = True) -> None:
        if not np.all(np.isfinite(p)):
            bad = p[~np.isfinite(p)][0]
            raise refuse("weights", "finite numbers", float(bad))
        if np.any(p < 0):
            raise refuse("weights", "numbers >= 0", float(p[p < 0][0]))
        nz = np.flatnonzero(p)
        if nz.size == 0:
            raise refuse(
                "weights",
                "non-negative with one above zero",
                p.tolist(),
                why="weights must not all be zero",
            )
        if not trim:
            nz = np.array([0, p.size - 1])
        p = p[nz[0] : nz[-1] + 1]
        if normalise:
            try:
                total = math.fsum(p)
            except OverflowError:  # weights near the float64 maximum: scale them first
                p = p / p.max()
                total = math.fsum(p)
            if total != 1.0:
                p = p / total
        # + 0.0 turns -0.0 into 0.0: == (array_equal) and hash (bytes) agree.
        p = np.array(p, dtype=np.float64) + 0.0
        p.flags.writeable = False
        self._exact = False
        self._offset = offset + int(nz[0])
        self._p = p
        self._w = None
        self._den = None

    @classmethod
    def _from_ints(cls, ints: list[int], offset: int) -> Dist:
        d = object.__new__(cls)
        d._set_exact(ints, offset)
        return d

    @classmethod
    def _from_probs(
        cls, p: np.ndarray, offset: int, *, normalise: bool = False, trim: bool = True
    ) -> Dist:
        d = object.__new__(cls)
        d._set_float(np.asarray(p, dtype=np.float64), offset, normalise=normalise, trim=trim)
        return d

    @classmethod
    def from_counts(cls, counts: Sequence[int], offset: int = 0) -> Dist:
        """An exact distribution from non-negative integer counts (no Fraction detour).

        ``counts[i]`` is the weight of outcome ``offset + i``; the
        probabilities are ``counts[i] / sum(counts)``.

        >>> Dist.from_counts([1, 2, 1], offset=-1)
        Dist({-1: 1, 0: 2, 1: 1}, exact=True)
        """
        offset = check_int("offset", offset)
        ints = _int_weights("counts", counts)
        if not ints:
            raise refuse("counts", "a sequence with at least one outcome", counts)
        _check_span(len(ints), "counts", described(f"{len(ints):,} counts"))
        _check_exact_size(
            len(ints), _digits_of(max(ints)), "counts", described(f"{len(ints):,} counts")
        )
        return cls._from_ints(ints, offset)

    @classmethod
    def from_probabilities(cls, p, offset: int = 0, *, normalise: bool = False) -> Dist:
        """A float distribution from a probability vector, used as given.

        Unlike the constructor, the vector is not renormalised unless
        ``normalise=True`` (a vector that already sums to 1 within rounding
        keeps its exact float values).

        >>> Dist.from_probabilities([0.25, 0.75], offset=1).pmf(2)
        0.75
        """
        normalise = check_bool("normalise", normalise)
        offset = check_int("offset", offset)
        arr = _float_weights("p", p)
        if arr.size == 0:
            raise refuse("p", "a non-empty 1-D probability vector", p)
        _check_span(arr.size, "p", described(f"{arr.size:,} probabilities"))
        if not normalise and abs(math.fsum(arr) - 1) > 1e-9:
            raise refuse(
                "p",
                "a vector that sums to 1",
                described(f"a sum of {math.fsum(arr)!r}"),
                instead="pass normalise=True",
            )
        return cls._from_probs(arr, offset, normalise=normalise)

    # -- common distributions -----------------------------------------------
    @classmethod
    def constant(cls, k: int = 0, *, exact: bool = False) -> Dist:
        """The distribution that is always ``k``.

        >>> Dist.constant(3, exact=True)
        Dist({3: 1}, exact=True)
        """
        return cls({check_int("k", k): 1}, exact=exact)

    @classmethod
    def uniform(cls, low: int, high: int, *, exact: bool = False) -> Dist:
        """Uniform over the integers ``low..high`` inclusive.

        >>> Dist.uniform(1, 4).pmf(2)
        0.25
        """
        low = check_int("low", low)
        high = check_int("high", high, low)
        span = high - low + 1
        _check_span(span, "high", high, allowed=f"at most low + {LIMITS['outcomes'].hi - 1:,}")
        if check_exact(exact):
            most = f"at most low + {LIMITS['exact digits'].hi - 1:,} in exact mode"
            _check_exact_size(span, 1, "high", high, allowed=most)
        return cls([1] * span, offset=low, exact=exact)

    @classmethod
    def die(cls, sides: int, *, exact: bool = False) -> Dist:
        """A fair die numbered ``1..sides``.

        >>> Dist.die(6, exact=True).mean()
        Fraction(7, 2)
        """
        sides = check_int("sides", sides, 1)
        return cls.uniform(1, sides, exact=exact)

    @classmethod
    def fudge(cls, *, exact: bool = False) -> Dist:
        """A Fate (Fudge) die: -1, 0, +1 with probability 1/3 each.

        >>> Dist.fudge(exact=True).pmf(-1)
        Fraction(1, 3)
        """
        return cls.uniform(-1, 1, exact=exact)

    @classmethod
    def bernoulli(cls, p, *, exact: bool = False) -> Dist:
        """1 with probability ``p``, else 0.

        >>> Dist.bernoulli(Fraction(1, 4), exact=True).mean()
        Fraction(1, 4)
        """
        if check_exact(exact):
            if not _is_exact_number(p):
                raise refuse(
                    "p",
                    "an exact number (int or Fraction) in [0, 1]",
                    p,
                    kind=True,
                    instead="use exact=False for a float p",
                )
            if not 0 <= p <= 1:
                raise refuse("p", "an exact number in [0, 1]", p)
            p = Fraction(p)
        else:
            p = check_real("p", p, 0, 1)
        return cls({0: 1 - p, 1: p}, exact=exact)

    # -- reading a distribution ----------------------------------------------
    @property
    def exact(self) -> bool:
        """True for exact (Fraction) arithmetic, False for float64."""
        return self._exact

    def __len__(self) -> int:
        return len(self._w) if self._exact else int(self._p.size)

    @property
    def min(self) -> int:
        """The smallest possible outcome (float tails may underflow to 0 there)."""
        return self._offset

    @property
    def max(self) -> int:
        """The largest possible outcome."""
        return self._offset + len(self) - 1

    def support(self) -> tuple[int, int]:
        """``(min, max)``: the smallest and largest possible outcomes (scipy's name).

        >>> (3 @ Dist.die(6)).support()
        (3, 18)
        """
        return (self.min, self.max)

    @cached_property
    def outcomes(self) -> np.ndarray:
        """The outcomes ``min..max`` as an int64 array (zero-weight ones included).

        Outcomes beyond the int64 range (a huge shift) give an object array of
        Python ints instead of an overflow.
        """
        if self.min < _INT64[0] or self.max > _INT64[1]:
            a = np.array(range(self.min, self.max + 1), dtype=object)
        else:
            a = np.arange(self.min, self.max + 1, dtype=np.int64)
        a.flags.writeable = False
        return a

    @cached_property
    def probabilities(self) -> np.ndarray:
        """The probability of each of :attr:`outcomes`, as float64.

        Exact distributions convert each Fraction correctly rounded.
        """
        if not self._exact:
            return self._p
        # int / int is correctly rounded (what Fraction.__float__ does), without the
        # gcd per weight that Fraction(w, den) costs on weights of thousands of digits
        den = self._den
        p = np.array([w / den for w in self._w], dtype=np.float64)
        p.flags.writeable = False
        return p

    @property
    def weights(self) -> tuple[int, ...]:
        """Exact mode: the integer weights (reduced), over :attr:`denominator`."""
        self._need_exact("weights")
        return self._w

    @property
    def denominator(self) -> int:
        """Exact mode: the sum of :attr:`weights`."""
        self._need_exact("denominator")
        return self._den

    def _need_exact(self, what: str) -> None:
        if not self._exact:
            raise InputTypeError(f"{what} is only defined for exact distributions (exact=True)")

    def fractions(self) -> list[Fraction]:
        """Exact mode: the probability of each outcome as a Fraction."""
        self._need_exact("fractions()")
        return [Fraction(w, self._den) for w in self._w]

    def items(self):
        """``(outcome, probability)`` pairs for outcomes with non-zero probability."""
        if self._exact:
            return [(self._offset + i, Fraction(w, self._den)) for i, w in enumerate(self._w) if w]
        p = self._p
        return [(self._offset + i, float(p[i])) for i in np.flatnonzero(p).tolist()]

    # -- scipy.stats vocabulary ------------------------------------------
    def _prob_vector(self):
        return self._w if self._exact else self._p

    def _scalar(self, num):
        return Fraction(num, self._den) if self._exact else float(num)

    @cached_property
    def _cum(self):
        """Cumulative weights: cum[i] = sum of weights of outcomes <= min + i."""
        if self._exact:
            return list(accumulate(self._w))
        return np.minimum(np.cumsum(self._p), 1.0)

    @cached_property
    def _rcum(self):
        """Reverse cumulative: rcum[i] = sum of weights of outcomes >= min + i."""
        if self._exact:
            return list(accumulate(reversed(self._w)))[::-1]
        return np.minimum(np.cumsum(self._p[::-1])[::-1], 1.0)

    def _vectorize(self, k, fn):
        if np.ndim(k) == 0:
            return fn(self._as_outcome(k))
        arr = np.asarray(k)
        flat = [fn(self._as_outcome(x)) for x in arr.ravel()]
        dtype = object if self._exact else np.float64
        return np.array(flat, dtype=dtype).reshape(arr.shape)

    @staticmethod
    def _as_outcome(k, name: str = "k") -> int:
        """``k`` as an int outcome: an integer, or a float with an integer value.

        ``True`` is not the outcome 1 and ``2.5`` is no outcome at all.
        """
        if isinstance(k, (bool, np.bool_)):
            raise refuse(name, "an integer outcome", k, kind=True)
        if not isinstance(k, (Integral, np.integer)):
            if isinstance(k, Real) and math.isfinite(k) and float(k).is_integer():
                return int(k)
            raise refuse(name, "an integer outcome", k, kind=True)
        return int(k)

    def pmf(self, k):
        """``P(X == k)``; ``k`` an int or an array of ints.

        >>> Dist.die(6, exact=True).pmf(7)
        Fraction(0, 1)
        """

        def one(x):
            i = x - self._offset
            return self._scalar(self._prob_vector()[i] if 0 <= i < len(self) else 0)

        return self._vectorize(k, one)

    def cdf(self, k):
        """``P(X <= k)``.

        >>> Dist.die(6, exact=True).cdf(2)
        Fraction(1, 3)
        """

        def one(x):
            i = x - self._offset
            if i < 0:
                return self._scalar(0)
            if i >= len(self):
                return self._scalar(self._den if self._exact else 1.0)
            return self._scalar(self._cum[i])

        return self._vectorize(k, one)

    def p_ge(self, k):
        """``P(X >= k)``, accurate in the upper tail (no ``1 - cdf`` cancellation).

        >>> Dist.die(6, exact=True).p_ge(5)
        Fraction(1, 3)
        """
        return self._vectorize(k, self._p_ge_one)

    def _p_ge_one(self, x: int):
        i = x - self._offset
        if i <= 0:
            return self._scalar(self._den if self._exact else 1.0)
        if i >= len(self):
            return self._scalar(0)
        return self._scalar(self._rcum[i])

    def sf(self, k):
        """Survival function ``P(X > k)`` (scipy's definition).

        >>> Dist.die(6, exact=True).sf(4)
        Fraction(1, 3)
        """
        return self._vectorize(k, lambda x: self._p_ge_one(x + 1))

    def ppf(self, q):
        """Percent point function: the smallest ``k`` with ``cdf(k) >= q``.

        >>> Dist.die(6).ppf(0.5)
        3
        """

        def one(x):
            if self._exact:  # compared exactly with q (a float q as the float given)
                if not _is_exact_number(x):
                    x = check_real("q", x, 0, 1)
                elif not 0 <= x <= 1:
                    raise refuse("q", "in [0, 1]", x)
                target = Fraction(x) * self._den
                return self._offset + next(i for i, c in enumerate(self._cum) if c >= target)
            qf = check_real("q", x, 0, 1)
            if qf >= 1.0:
                # The largest outcome, as in exact mode; the rounded float cdf
                # can reach 1.0 before the last outcome with a tiny tail.
                return self.max
            if qf > 0.5:
                # Upper half: cdf(k) >= q  <=>  P(X > k) <= 1 - q, read from
                # the tail sums (accurate to the last bits; 1 - q is exact
                # here), not from a cumulative sum that rounds to 1 early.
                sf = np.append(self._rcum[1:], 0.0)
                return self._offset + int(np.argmax(sf <= (1.0 - qf) * (1 + 4 * _EPS)))
            i = int(np.searchsorted(self._cum, qf * (1 - 4 * _EPS), side="left"))
            return self._offset + min(i, len(self) - 1)

        if np.ndim(q) == 0:
            return one(q)
        arr = np.asarray(q)
        big = self.min < _INT64[0] or self.max > _INT64[1]
        out = np.array([one(x) for x in arr.ravel()], dtype=object if big else np.int64)
        return out.reshape(arr.shape)

    def median(self):
        """The smallest ``k`` with ``cdf(k) >= 1/2``."""
        return self.ppf(Fraction(1, 2) if self._exact else 0.5)

    def interval(self, confidence: float):
        """``(ppf((1-c)/2), ppf((1+c)/2))``, scipy's equal-tails interval.

        >>> (2 @ Dist.die(6)).interval(0.9)
        (3, 11)
        """
        c = check_real("confidence", confidence, 0, 1)
        return (self.ppf((1 - c) / 2), self.ppf((1 + c) / 2))

    def moment(self, n: int):
        """The raw moment ``E[X**n]`` (``n`` up to ``LIMITS["moment order"]``).

        >>> Dist.die(6, exact=True).moment(2)
        Fraction(91, 6)
        """
        n = LIMITS["moment order"].check(n, name="n")
        if self._exact:
            s = sum(w * (self._offset + i) ** n for i, w in enumerate(self._w))
            return Fraction(s, self._den)
        x = np.arange(len(self), dtype=np.float64) + float(self._offset)
        return float(np.dot(self._p, x**n))

    def mean(self):
        """The expected value (Fraction in exact mode).

        >>> (4 @ Dist.fudge(exact=True)).mean()
        Fraction(0, 1)
        """
        if self._exact:
            return Fraction(sum(w * (self._offset + i) for i, w in enumerate(self._w)), self._den)
        # Relative to the offset: exact for any shift, no int64 overflow.
        local = float(np.dot(self._p, np.arange(len(self), dtype=np.float64)))
        return self._offset + local

    def var(self):
        """The variance, computed about the mean (no cancellation).

        >>> Dist.die(6, exact=True).var()
        Fraction(35, 12)
        """
        if self._exact:  # (den * S2 - S1^2) / den^2 about the offset: integers, one gcd
            s1 = s2 = 0
            for i, w in enumerate(self._w):
                if w:
                    s1 += w * i
                    s2 += w * i * i
            return Fraction(self._den * s2 - s1 * s1, self._den * self._den)
        local = np.arange(len(self), dtype=np.float64)
        mu = float(np.dot(self._p, local))  # the mean relative to the offset
        return float(np.dot(self._p, (local - mu) ** 2))

    def std(self) -> float:
        """The standard deviation (always a float)."""
        return math.sqrt(self.var())

    # -- conversion --------------------------------------------------------
    def to_float(self) -> Dist:
        """The same distribution in float64 arithmetic."""
        if not self._exact:
            return self
        return Dist._from_probs(self.probabilities, self._offset)

    # -- arithmetic --------------------------------------------------------
    def _coerce(self, other: Dist) -> None:
        if self._exact != other._exact:
            raise InputTypeError(
                "cannot combine an exact and a float Dist; convert with .to_float() "
                "or build both with exact=True"
            )

    def __add__(self, other):
        if isinstance(other, Dist):
            self._coerce(other)
            off = self._offset + other._offset
            if self._exact:
                both = described(f"{len(self):,} + {len(other):,} outcomes")
                Dist._check_sum_size([self, other], "the distributions", both)
                return Dist._from_ints(convolve_int(self._w, other._w), off)
            # The support of a sum is structural: underflow or FFT round-off in
            # the far tails must not shrink it.
            return Dist._from_probs(convolve_float(self._p, other._p), off, trim=False)
        if isinstance(other, (Integral, np.integer)) and not isinstance(other, bool):
            return self._shifted(int(other))
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, Dist):
            return self + (-other)
        if isinstance(other, (Integral, np.integer)) and not isinstance(other, bool):
            return self._shifted(-int(other))
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, (Integral, np.integer)) and not isinstance(other, bool):
            return (-self)._shifted(int(other))
        return NotImplemented

    def _shifted(self, k: int) -> Dist:
        if self._exact:
            return Dist._from_ints(list(self._w), self._offset + k)
        return Dist._from_probs(self._p, self._offset + k)

    def __neg__(self) -> Dist:
        if self._exact:
            return Dist._from_ints(list(self._w[::-1]), -self.max)
        return Dist._from_probs(self._p[::-1], -self.max)

    def __pos__(self) -> Dist:
        return self

    def __rmatmul__(self, n) -> Dist:
        """``n @ d``: the sum of ``n`` independent copies of ``d`` (``n >= 0``)."""
        if isinstance(n, bool) or not isinstance(n, (Integral, np.integer)):
            return NotImplemented
        return self.repeat_sum(int(n))

    def repeat_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies, by repeated squaring.

        >>> Dist.die(6, exact=True).repeat_sum(3).pmf(10)
        Fraction(1, 8)
        """
        n = check_int("n", n, 0)
        span = n * (len(self) - 1) + 1
        if self._exact and n > 1:

            def size(k: int) -> float:
                if k > 10**15:  # certainly beyond the cap (and beyond float ranges)
                    return math.inf
                return _exact_digits(k * (len(self) - 1) + 1, k * _digits_of(self._den))

            lim = LIMITS["exact sum digits"]
            if size(n) > lim.hi:
                most = max(lim.most(size), 1)  # one copy is this Dist: no work
                shown_size = "more than 10^15" if size(n) == math.inf else f"{size(n):,}"
                raise refuse(
                    "n",
                    f"at most {most:,} in exact mode for this Dist",
                    n,
                    why=f"the exact sum of n copies would hold {shown_size} digits; {lim.why}",
                    instead=lim.instead,
                )
        if len(self) > 1:
            most = (LIMITS["outcomes"].hi - 1) // (len(self) - 1)
            _check_span(
                span, "n", n, what="the sum of n copies", allowed=f"at most {most:,} for this Dist"
            )
        result = Dist.constant(0, exact=self._exact)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def map(self, func) -> Dist:
        """The distribution of ``func(X)`` for an integer-valued ``func``.

        >>> Dist.die(6, exact=True).map(lambda x: x >= 5)
        Dist({0: 2, 1: 1}, exact=True)
        """
        if not callable(func):
            raise refuse("func", "a callable returning an integer outcome", func, kind=True)
        acc: dict[int, object] = {}
        for k, p in zip(self.outcomes.tolist(), self._prob_vector(), strict=True):
            if not p:
                continue
            v = func(k)
            if isinstance(v, (bool, np.bool_)):  # an indicator: False/True are 0/1 here
                v = int(v)
            v = self._as_outcome(v, "func(x)")
            acc[v] = acc.get(v, 0) + p
        if self._exact:
            return Dist(acc, exact=True)
        return Dist(acc)

    def clip(self, low: int | None = None, high: int | None = None) -> Dist:
        """Outcomes below ``low`` become ``low``; above ``high`` become ``high``."""
        lo = self.min if low is None else check_int("low", low)
        hi = self.max if high is None else check_int("high", high)
        if lo > hi:
            raise refuse("low", f"<= high ({hi})", lo)
        return self.map(lambda x: min(max(x, lo), hi))

    @staticmethod
    def sum_of(dists: Sequence[Dist], *, name: str = "dists") -> Dist:
        """The sum of independent distributions, added pairwise.

        Equal to ``dists[0] + dists[1] + ...``, but balanced: in exact mode each
        step multiplies integers of similar size, so ten pools of 300 dice add
        in a fraction of the time of a left-to-right sum. An exact sum beyond
        ``LIMITS["exact sum digits"]`` is refused before any work, naming
        ``name`` (a caller passes its own parameter's name).

        >>> d6 = Dist.die(6, exact=True)
        >>> Dist.sum_of([d6, d6, d6]) == 3 @ d6
        True
        """
        if isinstance(dists, (str, bytes, Mapping, Dist)) or not hasattr(dists, "__iter__"):
            raise refuse("dists", "a sequence of Dist", dists, kind=True)
        dists = list(dists)
        if not dists:
            raise refuse("dists", "a non-empty sequence of Dist", described("an empty sequence"))
        for i, d in enumerate(dists):
            if not isinstance(d, Dist):
                raise refuse(f"dists[{i}]", "a Dist", d, kind=True)
            dists[0]._coerce(d)
        Dist._check_sum_size(dists, name)  # before any work, not at the last step
        while len(dists) > 1:
            pairs = [a + b for a, b in zip(dists[::2], dists[1::2], strict=False)]
            dists = pairs + ([dists[-1]] if len(dists) % 2 else [])
        return dists[0]

    @staticmethod
    def _check_sum_size(dists: list[Dist], name: str, value=None) -> None:
        """Refuse an exact sum of ``dists`` (checked Dists) beyond ``"exact sum digits"``.

        Also the check of a part of a sum: a part too large refuses the whole
        before the other summands are computed (``storyteller.teamwork``).
        """
        if dists[0]._exact and len(dists) > 1:
            _check_exact_size(
                sum(len(d) - 1 for d in dists) + 1,
                sum(_digits_of(d._den) for d in dists),
                name,
                value or described(f"{len(dists):,} summands"),
                what="their sum",
                limit="exact sum digits",
            )

    @staticmethod
    def mixture(components: Sequence[Dist], weights: Sequence) -> Dist:
        """Pick component ``i`` with probability proportional to ``weights[i]``.

        >>> a, b = Dist.constant(0, exact=True), Dist.constant(2, exact=True)
        >>> Dist.mixture([a, b], [1, 3])
        Dist({0: 1, 2: 3}, exact=True)
        """
        for what, seq in (("components", components), ("weights", weights)):
            if isinstance(seq, (str, bytes, Mapping, Dist)) or not hasattr(seq, "__iter__"):
                raise refuse(what, "a sequence", seq, kind=True)
        components, weights = list(components), list(weights)
        if len(components) != len(weights) or not components:
            raise refuse(
                "components and weights",
                "non-empty and of equal length",
                described(f"{len(components)} components and {len(weights)} weights"),
            )
        for i, c in enumerate(components):
            if not isinstance(c, Dist):
                raise refuse(f"components[{i}]", "a Dist", c, kind=True)
            components[0]._coerce(c)
        lo, hi = min(c.min for c in components), max(c.max for c in components)
        many = described(f"{len(components)} components")
        _check_span(hi - lo + 1, "components", many, what="the mixture")
        if components[0].exact:
            for i, w in enumerate(weights):
                if not _is_exact_number(w):
                    raise refuse(
                        f"weights[{i}]",
                        "an int or a Fraction (weights of exact components must be ints or "
                        "Fractions)",
                        w,
                        kind=True,
                    )
                if w < 0:
                    raise refuse(f"weights[{i}]", "a weight >= 0", w)
            # integer weights over one common denominator: no Fraction per outcome.
            # Python ints throughout: Fraction(np.int64(3)) keeps a numpy numerator,
            # which overflows and which GMP's gcd refuses.
            wts = [
                Fraction(int(Fraction(w).numerator), int(Fraction(w).denominator)) for w in weights
            ]
            # w / den reduced first: a weight that shares factors with its component's
            # denominator (teamwork's P(no botch) and its sum) keeps the numbers small
            per = [w / c._den for c, w in zip(components, wts, strict=True)]
            common = math.lcm(*(f.denominator for f in per))
            acc = [0] * (hi - lo + 1)
            for c, f in zip(components, per, strict=True):
                if f:
                    scale = f.numerator * (common // f.denominator)
                    start = c.min - lo
                    for i, x in enumerate(c._w):
                        if x:
                            acc[start + i] += scale * x
            return Dist._from_ints(acc, lo)
        wts = _float_weights("weights", weights)
        if np.any(~np.isfinite(wts)) or np.any(wts < 0):
            bad = int(np.flatnonzero(~np.isfinite(wts) | (wts < 0))[0])
            raise refuse(f"weights[{bad}]", "a finite weight >= 0", weights[bad])
        wts = wts / wts.max() if wts.max() > 0 else wts  # no overflow for weights near 1e308
        acc = np.zeros(hi - lo + 1)
        for c, w in zip(components, wts.tolist(), strict=True):
            acc[c.min - lo : c.max - lo + 1] += w * c._p
        return Dist(acc, offset=lo)

    # -- comparison, hashing, display ---------------------------------------
    def __eq__(self, other) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        if self._exact != other._exact or self._offset != other._offset:
            return False
        if self._exact:
            return self._w == other._w
        return bool(np.array_equal(self._p, other._p))

    def __hash__(self) -> int:
        data = self._w if self._exact else self._p.tobytes()
        return hash((self._exact, self._offset, data))

    def __bool__(self):
        raise TypeError(
            "the truth value of a Dist is ambiguous; compare probabilities instead, "
            "e.g. d.p_ge(k) > 0.5"
        )

    def isclose(self, other: Dist, atol: float = 1e-12) -> bool:
        """True if both give the same probabilities to within ``atol`` everywhere.

        Works across exact and float distributions.
        """
        if not isinstance(other, Dist):
            raise refuse("other", "a Dist", other, kind=True)
        atol = check_real("atol", atol, 0, None)
        lo = min(self.min, other.min)
        hi = max(self.max, other.max)
        ks = np.arange(lo, hi + 1)
        a = np.asarray(self.to_float().pmf(ks), dtype=np.float64)
        b = np.asarray(other.to_float().pmf(ks), dtype=np.float64)
        return bool(np.all(np.abs(a - b) <= atol))

    def __repr__(self) -> str:
        if self._exact:
            body = ", ".join(f"{self._offset + i}: {w}" for i, w in enumerate(self._w) if w)
            return f"Dist({{{body}}}, exact=True)"
        if math.fsum(self._p) != 1.0:
            # Dist({...}) would renormalise (changing the last bits); this
            # form keeps every probability as it is.
            body = ", ".join(repr(float(p)) for p in self._p)
            return f"Dist.from_probabilities([{body}], offset={self._offset})"
        body = ", ".join(f"{self._offset + i}: {float(p)!r}" for i, p in enumerate(self._p) if p)
        return f"Dist({{{body}}})"

    def to_series(self, name: str = "probability"):
        """A pandas Series of probabilities indexed by outcome.

        Exact distributions give a column of Fractions (object dtype).
        """
        import pandas as pd

        values = self.fractions() if self._exact else self._p.tolist()
        return pd.Series(values, index=pd.Index(self.outcomes, name="outcome"), name=name)

    def format(self) -> str:
        """A small text table: outcome, probability, P(X >= outcome).

        >>> print(Dist.die(2, exact=True).format())
        outcome  P(=)    P(>=)
              1  50.00%  100.00%
              2  50.00%  50.00%
        """
        rows = [("outcome", "P(=)", "P(>=)")]
        for i, k in enumerate(self.outcomes.tolist()):
            p = float(self.probabilities[i])
            ge = float(self._rcum[i] / self._den) if self._exact else float(self._rcum[i])
            rows.append((str(k), f"{100 * p:.2f}%", f"{100 * ge:.2f}%"))
        w0 = max(len(r[0]) for r in rows)
        w1 = max(len(r[1]) for r in rows)
        lines = [f"{r[0]:>{w0}}  {r[1]:<{w1}}  {r[2]}" for r in rows]
        return "\n".join(line.rstrip() for line in lines)
