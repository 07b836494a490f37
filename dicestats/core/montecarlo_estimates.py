"""What a run's sums estimate: the interval formulas and :class:`Totals`.

* :func:`wilson` (a proportion), :func:`mean_estimate` (a mean from Σx and Σx²),
  :func:`ratio_estimate` (Σy / Σx, delta method): each an
  :class:`~dicestats.core.results.Estimate`;
* :class:`Totals`: the summed statistics of a run with those estimators by name.

``dicestats.core.montecarlo`` re-exports all of them.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from .checks import InputError, check_choice, check_int, check_real, refuse
from .results import Estimate, z_value

__all__ = ["wilson", "mean_estimate", "ratio_estimate", "Totals", "UnknownStatistic"]


# --------------------------------------------------------------------------- estimates
def _z(confidence: float) -> float:
    return z_value(confidence)


def wilson(successes, trials, confidence: float = 0.95) -> Estimate:
    """A proportion with its Wilson score interval.

    Parameters
    ----------
    successes : int
        Number of trials where the event happened (0..trials).
    trials : int
        Number of trials (>= 1).
    confidence : float
        Confidence level of the interval, in (0, 1).

    Returns
    -------
    Estimate
        ``value = successes / trials``; ``stderr = sqrt(p (1 - p) / n)``; the
        Wilson interval (never outside [0, 1], sensible at p = 0 or 1).

    Examples
    --------
    >>> e = wilson(0, 100)
    >>> e.value, e.ci_low, round(e.ci_high, 4)
    (0.0, 0.0, 0.037)
    """
    n = _check_trials(trials)
    k = check_int("successes", successes, 0, n)
    confidence = _check_confidence(confidence)
    z = _z(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return Estimate(p, math.sqrt(p * (1 - p) / n), lo, hi, n, "proportion", confidence)


def _check_trials(trials) -> int:
    """A count of trials: the estimates compute with it in float64 (10**400 overflowed)."""
    return check_int("trials", trials, 1, 2**63 - 1, why="a count of trials is an int64")


def _check_confidence(confidence) -> float:
    return check_real("confidence", confidence, 0, 1, lo_open=True, hi_open=True)


def _check_scale(scale) -> float:
    """A divisor of the estimates: positive and finite (a negative one flipped the interval)."""
    return check_real("scale", scale, 0, None, lo_open=True)


def _check_sum(name: str, x):
    """A summed statistic: a number (numpy scalars become Python numbers), never a bool."""
    x = x.item() if isinstance(x, np.generic) else x
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise refuse(name, "a number (a sum over trials)", x, kind=True)
    return x


def _float(name: str, x) -> float:
    """``float(x)`` for a sum, refusing one beyond the float64 range (``10**400``)."""
    try:
        return float(x)
    except OverflowError:
        raise refuse(name, "a sum within the float64 range", x) from None


def mean_estimate(total, total_sq, trials, confidence: float = 0.95, scale=1) -> Estimate:
    """A mean with a normal-approximation interval, from the sums Σx and Σx².

    Parameters
    ----------
    total, total_sq : int or float
        Σx and Σx² over ``trials`` trials. With integers the variance is computed
        exactly (no cancellation) before it is turned into a float.
    trials : int
        Number of trials (>= 1).
    confidence : float
        Confidence level of the interval.
    scale : int or float
        Divide x by this (e.g. a sum of positions over a participant's dice
        divided by its number of dice); a positive number.

    Examples
    --------
    >>> e = mean_estimate(total=10, total_sq=30, trials=4)
    >>> e.value, round(e.stderr, 6)
    (2.5, 0.645497)
    """
    n = _check_trials(trials)
    confidence = _check_confidence(confidence)
    scale = _check_scale(scale)
    t = _check_sum("total", total)
    t2 = _check_sum("total_sq", total_sq)
    if isinstance(t, numbers.Integral) and isinstance(t2, numbers.Integral):
        mean = Fraction(int(t), n)
        var = Fraction(n * int(t2) - int(t) * int(t), n * (n - 1)) if n > 1 else Fraction(0)
        mean_f, var_f = _float("total", mean), max(0.0, _float("total_sq", var))
    else:
        mean_f = _float("total", t) / n
        t2f = _float("total_sq", t2)
        var_f = max(0.0, (t2f - n * mean_f * mean_f) / (n - 1)) if n > 1 else 0.0
        if not math.isfinite(mean_f) or not math.isfinite(var_f):
            raise refuse("total", "finite sums", t, why=f"total_sq={t2}")
    se = math.sqrt(var_f / n)
    mean_f, se = mean_f / scale, se / scale
    z = _z(confidence)
    return Estimate(mean_f, se, mean_f - z * se, mean_f + z * se, n, "mean", confidence)


def ratio_estimate(
    sum_y, sum_x, sum_yy, sum_xx, sum_xy, trials, confidence=0.95, kind="proportion"
) -> Estimate:
    """A ratio of totals R = Σy / Σx over trials, with a delta-method interval.

    For quantities counted per trial but shared out over several events of a
    trial (e.g. the share of attacks that are defended, when a round has
    several attacks that are not independent), the honest standard error comes
    from the per-trial totals: Var(R) ≈ Σ(y − R x)² / (n (n − 1) x̄²).
    ``kind`` is ``"proportion"`` (a share, printed as %) or ``"mean"`` (a mean per event).

    Examples
    --------
    >>> e = ratio_estimate(30, 60, 100, 400, 190, 10)
    >>> e.value, e.kind
    (0.5, 'proportion')
    """
    n = _check_trials(trials)
    confidence = _check_confidence(confidence)
    check_choice("kind", kind, ("proportion", "mean"))
    y, x, yy, xx, xy = (
        _float(name, _check_sum(name, v))
        for name, v in (
            ("sum_y", sum_y),
            ("sum_x", sum_x),
            ("sum_yy", sum_yy),
            ("sum_xx", sum_xx),
            ("sum_xy", sum_xy),
        )
    )
    if x == 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, n, kind, confidence)
    r = y / x
    resid = yy - 2 * r * xy + r * r * xx
    xbar = x / n
    se = math.sqrt(max(0.0, resid) / (n * max(n - 1, 1))) / xbar
    z = _z(confidence)
    return Estimate(r, se, r - z * se, r + z * se, n, kind, confidence)


# --------------------------------------------------------------------------- results
class UnknownStatistic(InputError, KeyError):
    """A statistic the batch function never returned: an ``InputError`` and a ``KeyError``."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class Totals:
    """The summed statistics of a run, with estimators.

    Attributes
    ----------
    trials : int
        Number of trials run.
    totals : dict
        Each key of the batch dicts, summed over all batches (numpy arrays are
        added element-wise; shorter histograms are padded with zeros).
    confidence : float
        Confidence level used by the estimators.
    """

    def __init__(self, totals: Mapping, trials: int, confidence: float = 0.95):
        if not isinstance(totals, Mapping):
            raise refuse("totals", "a mapping of summed statistics", totals, kind=True)
        self.totals = dict(totals)
        self.trials = _check_trials(trials)  # 2.5 was silently 2
        self.confidence = _check_confidence(confidence)

    def __repr__(self) -> str:
        return f"Totals(trials={self.trials}, keys={sorted(self.totals)})"

    def __getitem__(self, name):
        return self.totals[name]

    def _get(self, name, index=None):
        try:
            known = name in self.totals
        except TypeError:  # an unhashable name
            known = False
        if not known:
            have = ", ".join(repr(k) for k in sorted(self.totals, key=str))
            raise UnknownStatistic(
                str(refuse("name", f"a statistic of this run (one of {have})", name))
                + " (no statistic of that name)"
            )
        x = self.totals[name]
        if index is not None:
            try:
                x = np.asarray(x)[index]
            except (IndexError, TypeError, ValueError):
                raise refuse("index", f"an index into {name!r}", index) from None
        return x

    def proportion(self, name: str, index=None) -> Estimate:
        """Share of trials counted in ``totals[name]`` (or its element ``index``).

        Examples
        --------
        >>> Totals({"hit": 25}, 100).proportion("hit").value
        0.25
        """
        return wilson(int(self._get(name, index)), self.trials, self.confidence)

    def mean(self, name: str, index=None, scale=1) -> Estimate:
        """Mean of a per-trial quantity x from ``totals[name]`` (Σx) and ``name + "_sq"`` (Σx²).

        Examples
        --------
        >>> Totals({"x": 10, "x_sq": 30}, 4).mean("x").value
        2.5
        """
        return mean_estimate(
            self._get(name, index),
            self._get(name + "_sq", index),
            self.trials,
            self.confidence,
            scale,
        )

    def ratio(self, num: str, den: str, index=None, kind: str = "proportion") -> Estimate:
        """Ratio of two per-trial totals, Σy / Σx (e.g. defended attacks per attack).

        Needs the sums ``num``, ``den`` and ``num + "_sq"``, ``den + "_sq"``,
        ``num + "_x_" + den`` (Σy², Σx², Σxy over trials); ``index`` picks an
        element of ``num`` (and of its ``_sq`` / ``_x_`` sums). See
        :func:`ratio_estimate`.

        Examples
        --------
        >>> r = Totals({"y": 3, "x": 4, "y_sq": 5, "x_sq": 8, "y_x_x": 6}, 2)
        >>> r.ratio("y", "x").value
        0.75
        """
        return ratio_estimate(
            self._get(num, index),
            self._get(den),
            self._get(num + "_sq", index),
            self._get(den + "_sq"),
            self._get(num + "_x_" + den, index),
            self.trials,
            self.confidence,
            kind,
        )

    def pmf(self, name: str) -> np.ndarray:
        """A histogram statistic divided by the number of trials (float array).

        Examples
        --------
        >>> Totals({"h": np.array([1, 3])}, 4).pmf("h").tolist()
        [0.25, 0.75]
        """
        return np.asarray(self._get(name), dtype=float) / self.trials

    def proportions(self, name: str) -> list[Estimate]:
        """One :class:`Estimate` per bin of a histogram statistic.

        Examples
        --------
        >>> [e.value for e in Totals({"h": np.array([1, 3])}, 4).proportions("h")]
        [0.25, 0.75]
        """
        return [wilson(int(c), self.trials, self.confidence) for c in np.asarray(self._get(name))]
