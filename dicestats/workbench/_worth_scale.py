"""Where a chance is reached on an integer scale: the one search behind every ``worth`` answer.

A worth question turns a change into another currency: the chance the change
gives (the *target*) is looked up on a scale of integer steps of that currency
(difficulty steps, dice, shifts, a Fate difficulty), whose chances are exact
numbers computed by the systems. The answer is the two neighbouring steps
whose chances bracket the target, and the fractional step between them at
which the straight line joining their chances meets the target (linear
interpolation of the chance between integer steps; exact Fractions when the
chances are Fractions). When the target equals a step's chance, the answer is
that step exactly.

Examples
--------
>>> from fractions import Fraction as F
>>> crossing([(0, F(1, 4)), (1, F(1, 2)), (2, F(3, 4))], F(5, 8), rising=True)  # doctest: +ELLIPSIS
Crossing(value=Fraction(3, 2), lower=1, upper=2, p_lower=Fraction(1, 2), p_upper=Fraction(3, 4), \
points=(...))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

__all__ = ["Crossing", "crossing", "two_way"]


@dataclass(frozen=True)
class Crossing:
    """Where ``target`` sits on a scale.

    ``value`` is the interpolated step (None when the scale does not reach the
    target); ``lower <= value <= upper`` are the bracketing integer steps (one
    of them None when the target lies beyond that end of the scale searched),
    ``p_lower`` and ``p_upper`` their chances.
    """

    value: object
    lower: int | None
    upper: int | None
    p_lower: object
    p_upper: object
    points: tuple = ()


def _side(x, p, below: bool) -> Crossing:
    """No crossing: the target lies below step ``x`` (``below``) or above it."""
    return Crossing(None, None, x, None, p) if below else Crossing(None, x, None, p, None)


def crossing(points, target, *, rising: bool) -> Crossing:
    """Where ``target`` is first reached walking ``points`` (a list of ``(step, chance)``).

    ``rising``: the chance is expected to rise along the walk (the first point
    whose chance is ``>= target`` is the crossing) or to fall (``<= target``).
    The walk may go up or down the scale; a chance that moves the wrong way for
    a while (a non-monotone pool) is walked through, and the first crossing wins.
    """
    points = list(points)
    return dataclasses.replace(_cross(points, target, rising), points=tuple(sorted(points)))


def _cross(points, target, rising):
    up = len(points) < 2 or points[1][0] > points[0][0]
    reached = (lambda p: p >= target) if rising else (lambda p: p <= target)
    for i, (x, p) in enumerate(points):
        if not reached(p):
            continue
        if p == target:
            return Crossing(x, x, x, p, p)
        if i == 0:  # the target lies before the first step
            return _side(x, p, below=up)
        xa, pa = points[i - 1]
        value = xa + (target - pa) * (x - xa) / (p - pa)
        if xa < x:
            return Crossing(value, xa, x, pa, p)
        return Crossing(value, x, xa, p, pa)
    x, p = points[-1]  # the target lies past the last step
    return _side(x, p, below=not up)


def two_way(target, base, up, down) -> Crossing:
    """Search from a base step both ways: ``up`` where the chance rises, ``down`` where it falls.

    ``base`` is the ``(step, chance)`` of no change; ``up`` and ``down`` are
    callables returning the lists of further points in each direction (only
    the one needed is computed).
    """
    if target >= base[1]:
        return crossing([base, *up()], target, rising=True)
    return crossing([base, *down()], target, rising=False)
