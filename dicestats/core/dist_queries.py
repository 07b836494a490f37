"""Reading a ``Dist``: its outcomes and weights, and the scipy.stats vocabulary.

``_Queries`` is a part of :class:`~dicestats.core.dist.Dist` (its base class):
``support``, ``outcomes``, ``probabilities``, ``weights``, ``fractions``, ``items``;
``pmf``, ``cdf``, ``sf``, ``p_ge``, ``p_le``, ``ppf``, ``median``, ``interval``,
``moment``, ``mean``, ``var``, ``std``. Nothing here makes a new distribution.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cached_property
from numbers import Integral, Real

import numpy as np

from .checks import InputTypeError, check_real, refuse
from .dist_kernels import _EPS
from .dist_limits import LIMITS
from .dist_weights import _is_exact_number

_INT64 = (-(2**63), 2**63 - 1)


class _Queries:
    """The questions a :class:`~dicestats.core.dist.Dist` answers (see there)."""

    __slots__ = ()

    # -- basic properties ----------------------------------------------------
    @property
    def exact(self) -> bool:
        """True for exact (Fraction) arithmetic, False for float64."""
        return self._exact

    @property
    def offset(self) -> int:
        """The smallest possible outcome (float tails may underflow to 0 there)."""
        return self._offset

    def __len__(self) -> int:
        return len(self._w) if self._exact else int(self._p.size)

    @property
    def min(self) -> int:
        """The smallest possible outcome."""
        return self._offset

    @property
    def max(self) -> int:
        """The largest possible outcome."""
        return self._offset + len(self) - 1

    def support(self) -> tuple[int, int]:
        """``(min, max)``: the smallest and largest possible outcomes (scipy's name).

        >>> from dicestats.core.dist import Dist
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
            a.flags.writeable = False
            return a
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
            out, s = [], 0
            for w in self._w:
                s += w
                out.append(s)
            return out
        c = np.cumsum(self._p)
        return np.minimum(c, 1.0)

    @cached_property
    def _rcum(self):
        """Reverse cumulative: rcum[i] = sum of weights of outcomes >= min + i."""
        if self._exact:
            out, s = [], 0
            for w in reversed(self._w):
                s += w
                out.append(s)
            return out[::-1]
        c = np.cumsum(self._p[::-1])[::-1]
        return np.minimum(c, 1.0)

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

        >>> from dicestats.core.dist import Dist
        >>> Dist.die(6, exact=True).pmf(7)
        Fraction(0, 1)
        """

        def one(x):
            i = x - self._offset
            if 0 <= i < len(self):
                return self._scalar(self._prob_vector()[i])
            return self._scalar(0)

        return self._vectorize(k, one)

    def cdf(self, k):
        """``P(X <= k)``.

        >>> from dicestats.core.dist import Dist
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

        >>> from dicestats.core.dist import Dist
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

        >>> from dicestats.core.dist import Dist
        >>> Dist.die(6, exact=True).sf(4)
        Fraction(1, 3)
        """
        return self._vectorize(k, lambda x: self._p_ge_one(x + 1))

    def p_le(self, k):
        """``P(X <= k)``: an alias of :meth:`cdf`."""
        return self.cdf(k)

    def ppf(self, q):
        """Percent point function: the smallest ``k`` with ``cdf(k) >= q``.

        >>> from dicestats.core.dist import Dist
        >>> Dist.die(6).ppf(0.5)
        3
        """

        def one(x):
            if self._exact and _is_exact_number(x):
                qv = Fraction(x)
                if not 0 <= qv <= 1:
                    raise refuse("q", "in [0, 1]", x)
                target = qv * self._den
                i = next(i for i, c in enumerate(self._cum) if c >= target)
                return self._offset + i
            qf = check_real("q", x, 0, 1)
            if self._exact:
                # Compare exactly against the float given.
                target = Fraction(qf) * self._den
                i = next(i for i, c in enumerate(self._cum) if c >= target)
                return self._offset + i
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

        >>> from dicestats.core.dist import Dist
        >>> (2 @ Dist.die(6)).interval(0.9)
        (3, 11)
        """
        c = check_real("confidence", confidence, 0, 1)
        return (self.ppf((1 - c) / 2), self.ppf((1 + c) / 2))

    def moment(self, n: int):
        """The raw moment ``E[X**n]`` (``n`` up to ``LIMITS["moment order"]``).

        >>> from dicestats.core.dist import Dist
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

        >>> from dicestats.core.dist import Dist
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

        >>> from dicestats.core.dist import Dist
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
