"""How a ``Dist`` is made: the named distributions and the setters every constructor ends in.

``_Factories`` is a part of :class:`~dicestats.core.dist.Dist` (its base class):
``constant``, ``uniform``, ``die``, ``fudge``, ``bernoulli``, ``from_counts`` and
``from_probabilities``, and the private constructors that trim, reduce and normalise
the weights (``_set_exact``, ``_set_float``, ``_from_ints``, ``_from_probs``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import reduce
from typing import TYPE_CHECKING

import numpy as np
from gmpy2 import divexact, gcd, mpz

from .checks import check_exact, check_int, check_real, described, refuse
from .dist_kernels import _check_exact_size, _check_span, _digits_of
from .dist_limits import LIMITS
from .dist_weights import _float_weights, _int_weights, _is_exact_number

if TYPE_CHECKING:  # pragma: no cover
    from .dist import Dist


class _Factories:
    """The constructors of :class:`~dicestats.core.dist.Dist` (see there)."""

    __slots__ = ()

    # -- construction helpers ------------------------------------------------
    def _init_exact(self, values, offset, names=None):
        _check_exact_size(len(values), 1, "weights", described(f"{len(values):,} weights"))
        fr = []
        for i, v in enumerate(values):
            if not _is_exact_number(v):
                name = names.get(i, "weights") if names else f"weights[{i}]"
                raise refuse(
                    name,
                    "an int or a Fraction (exact weights must be ints or Fractions)",
                    v,
                    kind=True,
                    instead="use exact=False for float weights",
                )
            f = Fraction(v)
            if f < 0:
                name = names.get(i, "weights") if names else f"weights[{i}]"
                raise refuse(name, "a weight >= 0", v)
            fr.append(f)
        lcm = reduce(math.lcm, (f.denominator for f in fr), 1)
        ints = [int(f * lcm) for f in fr]
        self._set_exact(ints, offset)

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

    def _init_float(self, values, offset, names=None):
        p = _float_weights("weights", values, names)
        self._set_float(p, offset, normalise=True)

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

        >>> from dicestats.core.dist import Dist
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

        >>> from dicestats.core.dist import Dist
        >>> Dist.from_probabilities([0.25, 0.75], offset=1).pmf(2)
        0.75
        """
        from .checks import check_bool

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

        >>> from dicestats.core.dist import Dist
        >>> Dist.constant(3, exact=True)
        Dist({3: 1}, exact=True)
        """
        return cls({check_int("k", k): 1}, exact=exact)

    @classmethod
    def uniform(cls, low: int, high: int, *, exact: bool = False) -> Dist:
        """Uniform over the integers ``low..high`` inclusive.

        >>> from dicestats.core.dist import Dist
        >>> Dist.uniform(1, 4).pmf(2)
        0.25
        """
        low = check_int("low", low)
        high = check_int("high", high, low)
        exact = check_exact(exact)
        most = low + LIMITS["outcomes"].hi - 1
        _check_span(high - low + 1, "high", high, allowed=f"at most low + {most - low:,}")
        if exact:
            most = low + LIMITS["exact digits"].hi - 1
            _check_exact_size(
                high - low + 1,
                1,
                "high",
                high,
                allowed=f"at most low + {most - low:,} in exact mode",
            )
        return cls([1] * (high - low + 1), offset=low, exact=exact)

    @classmethod
    def die(cls, sides: int, *, exact: bool = False) -> Dist:
        """A fair die numbered ``1..sides``.

        >>> from dicestats.core.dist import Dist
        >>> Dist.die(6, exact=True).mean()
        Fraction(7, 2)
        """
        sides = check_int("sides", sides, 1)
        return cls.uniform(1, sides, exact=exact)

    @classmethod
    def fudge(cls, *, exact: bool = False) -> Dist:
        """A Fate (Fudge) die: -1, 0, +1 with probability 1/3 each.

        >>> from dicestats.core.dist import Dist
        >>> Dist.fudge(exact=True).pmf(-1)
        Fraction(1, 3)
        """
        return cls.uniform(-1, 1, exact=exact)

    @classmethod
    def bernoulli(cls, p, *, exact: bool = False) -> Dist:
        """1 with probability ``p``, else 0.

        >>> from dicestats.core.dist import Dist
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
            return cls({0: 1 - p, 1: p}, exact=True)
        p = check_real("p", p, 0, 1)
        return cls({0: 1 - p, 1: p})
