"""Independent brute force for the workbench tests, written from the rules, not the code.

Storyteller (revised, no ten-again): each d10 is a 1, a success (>= difficulty,
a 10 included) or neither; each 1 cancels a success; net = max(successes − 1s, 0);
a botch is no success at all and at least one 1. Counted by the multinomial
over (1s, successes, others), so pools of 20 dice are exact in a moment.
Fate: 4dF is every one of the 81 faces.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb


def st_pool(n: int, d: int, willpower: bool = False) -> dict:
    """``{"net": {k: p}, "botch": p}`` of ``n`` d10 at difficulty ``d`` (revised rules).

    ``willpower``: one automatic success that no 1 cancels (no botch then).
    """
    p_one, p_succ = Fraction(1, 10), Fraction(11 - d, 10)
    p_other = 1 - p_one - p_succ
    net: dict = {}
    botch = Fraction(0)
    for ones in range(n + 1):
        for succ in range(n - ones + 1):
            other = n - ones - succ
            p = comb(n, ones) * comb(n - ones, succ) * p_one**ones * p_succ**succ * p_other**other
            k = max(succ - ones, 0) + (1 if willpower else 0)
            net[k] = net.get(k, 0) + p
            if not willpower and succ == 0 and ones > 0:
                botch += p
    return {"net": net, "botch": botch}


def st_ge(n: int, d: int, k: int, willpower: bool = False) -> Fraction:
    """P(net >= k)."""
    return sum((p for v, p in st_pool(n, d, willpower)["net"].items() if v >= k), Fraction(0))


def fate_totals(dice: int = 4) -> dict:
    """``{total: p}`` of ``dice`` dF by listing every face."""
    out: dict = {}
    for faces in itertools.product((-1, 0, 1), repeat=dice):
        out[sum(faces)] = out.get(sum(faces), 0) + Fraction(1, 3**dice)
    return out


def fate_ge(bonus: int, difficulty: int, margin: int = 1, dice: int = 4) -> Fraction:
    """P(total + bonus − difficulty >= margin)."""
    return sum(
        (p for t, p in fate_totals(dice).items() if t + bonus - difficulty >= margin), Fraction(0)
    )


def interpolate(points, target):
    """The first crossing of ``target`` by the chances of ``points`` (step, p), linearly."""
    rising = points[-1][1] >= points[0][1]
    for (xa, pa), (xb, pb) in zip(points, points[1:], strict=False):
        if pa == target:
            return xa
        if (pa < target <= pb) if rising else (pa > target >= pb):
            return xa + (target - pa) / (pb - pa) * (xb - xa)
    return points[-1][0] if points[-1][1] == target else None


def fate_event(
    event: str,
    rating: int,
    difficulty: int,
    *,
    helpers: int = 0,
    invokes: int = 0,
    style: int = 3,
    dice: int = 4,
) -> Fraction:
    """P(``event``) of one roll from every face of ``dice`` dF: shifts = faces + rating +
    helpers − difficulty; fail below 0, tie at 0, success from 1, style from ``style``.
    ``success`` counts a success with style; ``tie_or_better`` is not failing. With
    ``invokes``, each one after seeing the roll is +2 or a reroll of every die (+2s kept),
    chosen to reach the outcome (a tie or better for ``fail``): :func:`best_reach`."""
    need = difficulty - rating - helpers  # the dice total that ties
    if event == "tie":
        assert not invokes
        return fate_totals(dice).get(need, Fraction(0))
    margin = {"fail": 0, "tie_or_better": 0, "success": 1, "style": style}[event]
    p = best_reach(need + margin, invokes, dice)
    return 1 - p if event == "fail" else p


def best_reach(need: int, invokes: int, dice: int = 4) -> Fraction:
    """The best chance that the dice (+2 per invoke taken) reach ``need``, by expectimax
    over every roll: stop, take +2, or reroll every die, each of the last two for an invoke."""
    faces = list(itertools.product((-1, 0, 1), repeat=dice))
    memo: dict = {}

    def value(total: int, want: int, k: int) -> Fraction:
        key = (total, want, k)
        if key not in memo:
            best = Fraction(int(total >= want))
            if k:
                best = max(best, value(total, want - 2, k - 1))
                reroll = sum(value(sum(f), want, k - 1) for f in faces) / len(faces)
                best = max(best, reroll)
            memo[key] = best
        return memo[key]

    return sum(value(sum(f), need, invokes) for f in faces) / len(faces)
