"""Convolution kernels, and the span, size and work checks of a distribution.

* :func:`convolve_int`: exact, by Kronecker substitution (one big-integer product);
* :func:`convolve_float`: direct, or FFT where its error bound stays below 1e-13;
* ``_check_span``, ``_check_exact_size`` and the convolution work check: refusals
  against :data:`~dicestats.core.dist.LIMITS` before the work starts.

``dicestats.core.dist`` re-exports both kernels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from gmpy2 import mpz

from .checks import described, refuse, shown
from .dist_limits import LIMITS
from .dist_weights import _float_weights, _int_weights

__all__ = ["convolve_int", "convolve_float"]

_EPS = np.finfo(np.float64).eps
# Above this many multiply-adds, a float convolution may switch to FFT when the
# error bound below says it is safe. Direct convolution keeps tiny tail
# probabilities accurate relative to their size; FFT only bounds the absolute
# error, so it is kept for sizes where direct convolution would be slow.
_FFT_MIN_WORK = 10_000_000
# Largest absolute error a float convolution may introduce.
_FFT_MAX_ERROR = 1e-13


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

    Every weight must be an integer (``2.5`` is not silently ``2``, ``True``
    is not ``1``).
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
    (``scipy.signal.fftconvolve``) only where its error bound,
    ``8 * eps * log2(n) * sqrt(n) * ||a||_2 * ||b||_2`` (absolute), stays
    below 1e-13; FFT round-off is then clipped at zero from below.

    Examples
    --------
    >>> convolve_float(np.array([0.5, 0.5]), np.array([0.5, 0.5]))
    array([0.25, 0.5 , 0.25])

    Where the FFT bound does not hold and the direct product is large, the
    zero weights are skipped (far-apart outcomes); beyond
    ``LIMITS["convolution work"]`` multiply-adds it refuses instead of running
    for hours.
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
        if nz.size * b.size < work // 4:
            lim = LIMITS["convolution work"]
            if nz.size * b.size > lim.hi:
                _refuse_convolution(nz.size, b.size, lim)
            out = np.zeros(n)
            for i in nz.tolist():
                out[i : i + b.size] += a[i] * b
            return out
        lim = LIMITS["convolution work"]
        if work > lim.hi:
            _refuse_convolution(a.size, b.size, lim)
    return np.convolve(a, b)


def _refuse_convolution(m: int, n: int, lim) -> None:
    raise refuse(
        "the distributions",
        f"small enough for at most {lim.hi:,} multiply-adds in a float convolution",
        described(f"{m:,} × {n:,} outcomes"),
        why=lim.why,
        instead=lim.instead,
    )
