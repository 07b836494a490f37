"""Independent Fate oracles shared by the Fate tests: every face listed, plain recursion.

Written without dicestats' helpers so that they can catch its mistakes.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F
from functools import cache

FACES = (-1, 0, 1)


@cache
def brute_dice(n: int) -> dict:
    """{total: number of face tuples} for n Fate dice, by listing every roll."""
    out: dict = {}
    for faces in itertools.product(FACES, repeat=n):
        out[sum(faces)] = out.get(sum(faces), 0) + 1
    return out


def brute_exchange(bonuses, dice=4):
    """{(winner, victories) or 'tie': probability}, from weighted totals listed by faces."""
    totals = brute_dice(dice)
    den = (3**dice) ** len(bonuses)
    out: dict = {}
    for combo in itertools.product(sorted(totals), repeat=len(bonuses)):
        w = math.prod(totals[t] for t in combo)
        scores = [t + b for t, b in zip(combo, bonuses, strict=True)]
        top = max(scores)
        if scores.count(top) > 1:
            key = "tie"
        else:
            i = scores.index(top)
            others = [s for j, s in enumerate(scores) if j != i]
            key = (i, 2 if all(top - s >= 3 for s in others) else 1)
        out[key] = out.get(key, 0) + F(w, den)
    return out


def brute_contest(bonuses, victories=3, dice=4):
    """P(each participant wins) and E[exchanges], by recursion with the tie self-loop solved."""
    ex = brute_exchange(bonuses, dice)
    tie = ex.get("tie", F(0))
    n = len(bonuses)

    @cache
    def solve(state):
        # returns (tuple of win probs, expected exchanges)
        win = [F(0)] * n
        steps = F(1)
        for key, p in ex.items():
            if key == "tie":
                continue
            i, v = key
            new = list(state)
            new[i] += v
            if new[i] >= victories:
                win[i] += p
            else:
                w2, s2 = solve(tuple(new))
                win = [a + p * b for a, b in zip(win, w2, strict=True)]
                steps += p * s2
        # x = tie * x + rest  =>  x = rest / (1 - tie)
        return tuple(w / (1 - tie) for w in win), steps / (1 - tie)

    return solve(tuple([0] * n))
