"""``Dist``: an immutable finite distribution over integer outcomes.

A ``Dist`` is dense: an integer ``offset`` (the smallest outcome) and one
weight per outcome from there on. Two arithmetics, chosen explicitly when a
distribution is made and kept by every operation on it:

* **float** (the default): a read-only float64 array of probabilities;
* **exact**: Python-int weights over their sum, exposed as
  :class:`fractions.Fraction`. Python ints never overflow, so ``200 @ d6`` is
  exact (numpy int64 convolution silently wraps from about 25d6).

Operators (note: unlike scipy's new random-variable API, ``+`` between two
distributions *convolves*):

* ``a + b``: the sum of two independent rolls (convolution);
* ``d + 3`` / ``d - 3``: a shift;
* ``-d``: negation;
* ``a - b``: ``a + (-b)``, the difference of independent rolls;
* ``n @ d``: the sum of ``n`` independent copies, by repeated squaring.

The probability vocabulary is scipy.stats': ``pmf``, ``cdf``, ``sf``
(``P(X > k)``), ``ppf`` (smallest ``k`` with ``cdf(k) >= q``), ``mean``,
``var``, ``std``, ``median``, ``interval``, ``support``; plus ``p_ge(k)``
(``P(X >= k)``) and ``to_series()`` for pandas.

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
from numbers import Integral

import numpy as np

from .checks import InputTypeError, check_exact, check_int, check_real, described, refuse
from .dist_factories import _Factories
from .dist_kernels import (
    _check_exact_size,
    _check_span,
    _digits_of,
    _exact_digits,
    convolve_float,
    convolve_int,
)
from .dist_limits import LIMITS
from .dist_queries import _Queries
from .dist_weights import _float_weights, _is_exact_number

__all__ = ["Dist", "convolve_float", "convolve_int", "LIMITS"]


# How a Dist is made (dist_factories) and what it answers (dist_queries) are its base
# classes, each in its own module; this class adds the constructor, arithmetic and display.
class Dist(_Factories, _Queries):
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
            offset = min(keys)
            _check_span(
                max(keys) - offset + 1,
                "weights",
                weights,
                allowed=f"outcomes at most {LIMITS['outcomes'].hi:,} apart",
            )
            if not exact:  # straight into an array: no Python list as long as the span
                local = [k - offset for k in keys]
                vals = _float_weights(
                    "weights",
                    list(weights.values()),
                    dict(enumerate(f"weights[{k}]" for k in keys)),
                )
                p = np.zeros(max(local) + 1)
                p[local] = vals
                self._set_float(p, offset, normalise=True)
                return
            span = max(keys) - offset + 1
            _check_exact_size(span, 1, "weights", weights, allowed="outcomes closer together")
            values = [0] * span
            for k, v in zip(keys, weights.values(), strict=True):
                values[k - offset] = v
            names = {k - offset: f"weights[{k}]" for k in keys}
        elif isinstance(weights, np.ndarray) or (
            isinstance(weights, (Sequence, range)) and not isinstance(weights, (str, bytes))
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
        if exact:
            self._init_exact(values, offset, names)
        else:
            self._init_float(values, offset, names)

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
                _check_exact_size(
                    len(self) + len(other) - 1,
                    _digits_of(self._den) + _digits_of(other._den),
                    "the distributions",
                    described(f"{len(self):,} + {len(other):,} outcomes"),
                    what="their sum",
                    limit="exact sum digits",
                )
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
                most = 1
                while size(2 * most) <= lim.hi:
                    most *= 2
                step = most // 2
                while step:  # the largest n that fits, by bisection
                    if size(most + step) <= lim.hi:
                        most += step
                    step //= 2
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
        exact = components[0].exact
        for c in components:
            components[0]._coerce(c)
        lo = min(c.min for c in components)
        hi = max(c.max for c in components)
        _check_span(
            hi - lo + 1,
            "components",
            described(f"{len(components)} components"),
            what="the mixture",
        )
        if exact:
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

    def format(self, spec: str = "") -> str:
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
