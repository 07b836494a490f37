"""What every solver shares: the wished probability, the scan, the words of an answer.

A solver asks a forward function (``storyteller.pool``, ``fate.outcome_probs``,
``initiative.odds``) over an ordered range of settings and returns the first
(or last) setting whose probability reaches the wish. The scan is the proof:
it never assumes a probability is monotone unless the solver says why it is.

Examples
--------
>>> check_probability("at_least", 1.5)
Traceback (most recent call last):
...
dicestats.InputError: at_least must be a probability: a number in [0, 1], got 1.5
>>> check_probability("at_least", Fraction(2, 3))
Fraction(2, 3)
>>> first_at_least([(1, 0.2), (2, 0.5), (3, 0.4), (4, 0.8)], 0.45)
(2, 0.5)
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

from ..core.checks import refuse
from ..format import percent

__all__ = [
    "check_probability",
    "first_at_least",
    "reaches",
    "FLOAT_TOLERANCE",
    "decimal_of",
    "best_of",
    "pct",
    "wish_text",
    "CONFIDENCE",
    "below_with_confidence",
]

#: The one-sided confidence of "below p" statements about a Monte Carlo answer.
CONFIDENCE = 0.99
_Z99 = 2.3263478740408408  # the 99% one-sided normal quantile


def check_probability(name: str, p):
    """A wished probability in [0, 1]: an int, a Fraction (kept exact) or a finite float."""
    allowed = "a probability: a number in [0, 1]"
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise refuse(name, allowed, p, kind=True)
    if isinstance(p, numbers.Rational):
        p = Fraction(p)
    else:
        p = float(p)
        if not math.isfinite(p):
            raise refuse(name, allowed, p)
    if not 0 <= p <= 1:
        raise refuse(name, allowed, p)
    return p


#: A float probability this close below a wish reaches it: float noise (1e-16) must
#: not move an answer the exact mode gives (floats agree with exact within 1e-12).
FLOAT_TOLERANCE = 1e-12


def decimal_of(p):
    """A float wish as the decimal it prints as (``0.1`` is 1/10, not the binary
    0.1000000000000000055...); anything else as it is. An exact probability is
    compared with this, so ``at_least=0.1`` is met by exactly 1/10.

    >>> decimal_of(0.1), decimal_of(Fraction(1, 3))
    (Fraction(1, 10), Fraction(1, 3))
    """
    return Fraction(repr(p)) if isinstance(p, float) else p


def reaches(q, p) -> bool:
    """``q >= p``: exactly for a Fraction (a float ``p`` read by :func:`decimal_of`),
    within :data:`FLOAT_TOLERANCE` for a float, by the point value for a Monte Carlo
    estimate.

    >>> reaches(0.09999999999999998, Fraction(1, 10)), reaches(Fraction(99, 1000), 0.1)
    (True, False)
    >>> reaches(Fraction(1, 10), 0.1)
    True
    """
    if hasattr(q, "stderr"):
        return q.value >= p
    if isinstance(q, float):
        return q >= p - FLOAT_TOLERANCE
    return q >= decimal_of(p)


def first_at_least(pairs, p):
    """The first ``(setting, probability)`` of ``pairs`` that :func:`reaches` ``p``, or None."""
    for setting, q in pairs:
        if reaches(q, p):
            return setting, q
    return None


def best_of(pairs):
    """The ``(setting, probability)`` with the highest probability (the first such)."""
    best = None
    for setting, q in pairs:
        if best is None or value(q) > value(best[1]):
            best = (setting, q)
    return best


def value(q):
    """A probability's number: an Estimate's point value, else itself."""
    return q.value if hasattr(q, "value") and hasattr(q, "stderr") else q


def pct(q) -> str:
    """A probability for an answer's sentence: ``format.percent`` with 2 decimals,
    an estimate with its standard error (``71.2% ± 0.4%``)."""
    if hasattr(q, "stderr"):
        return f"{percent(q.value, digits=2)} ± {percent(q.stderr, digits=2)}"
    return percent(q, digits=2)


def below_with_confidence(q, p) -> bool:
    """An estimate ``q`` is below ``p`` with 99% confidence (one-sided normal bound);
    an exact value simply is, or is not, below ``p``."""
    if hasattr(q, "stderr"):
        return q.value + _Z99 * q.stderr < p
    return q < decimal_of(p) if isinstance(q, numbers.Rational) else q < p


def wish_text(p) -> str:
    """A wished probability as the user would write it: ``75%``, ``99.99%``, ``66.67%``.

    Never ``100%`` or ``0%`` for what is not 1 or 0 (a wish ``> 0.99999`` would read
    ``> 100%``): more digits until it shows.

    >>> wish_text(0.99999), wish_text(1), wish_text(1e-9)
    ('99.999%', '100%', '1e-07%')
    """
    x = 100 * float(p)
    for digits in range(4, 18):
        text = f"{x:.{digits}g}"
        if (text != "100" or x == 100) and (text != "0" or x == 0):
            break
    return text + "%"
