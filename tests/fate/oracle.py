"""Every independent Fate oracle the tests use: every face listed, plain recursion.

Written without dicestats' helpers so that they can catch its mistakes: dice
by ``itertools.product`` over faces, games by explicit recursion over their
states, the Deck of Fate by listing its cards and their orderings.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
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


#: The 81 equally likely totals of 4dF, one per face combination.
ROLLS4 = tuple(sum(f) for f in itertools.product(FACES, repeat=4))


def outcome_name(s: int) -> str:
    """fail / tie / success / style of ``s`` shifts (style from 3)."""
    return "fail" if s < 0 else "tie" if s == 0 else "success" if s <= 2 else "style"


def brute_outcome(bonus, difficulty=None, opposed=None, dice=4, helpers=0):
    """{outcome: probability} over every face combination (of both sides when opposed)."""
    counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    mine = brute_dice(dice)
    theirs = {0: 1} if opposed is None else brute_dice(dice)
    opp_bonus = difficulty if opposed is None else opposed
    den = 0
    for a, wa in mine.items():
        for b, wb in theirs.items():
            counts[outcome_name(a + bonus + helpers - (b + opp_bonus))] += wa * wb
            den += wa * wb
    return {k: F(v, den) for k, v in counts.items()}


def brute_outcome_faces(bonus, difficulty, dice):
    """The same against a difficulty, listing the faces directly (no grouping by total)."""
    counts = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    rolls = list(itertools.product(FACES, repeat=dice))
    for faces in rolls:
        counts[outcome_name(sum(faces) + bonus - difficulty)] += 1
    return {k: F(v, len(rolls)) for k, v in counts.items()}


def brute_shift_counts(bonus, diff):
    """{shifts: number of 4dF face combinations} at this bonus and difficulty."""
    out: dict = {}
    for faces in itertools.product(FACES, repeat=4):
        s = sum(faces) + bonus - diff
        out[s] = out.get(s, 0) + 1
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


def brute_contest_moments(bonuses, victories=3):
    """E[exchanges] and E[exchanges²] by first-step analysis (no fundamental matrix)."""
    ex = brute_exchange(bonuses)
    tie = ex.get("tie", F(0))

    @cache
    def moments(state):
        m1 = m2 = F(0)
        for key, p in ex.items():
            if key == "tie":
                continue
            i, v = key
            new = list(state)
            new[i] += v
            a1, a2 = (F(0), F(0)) if new[i] >= victories else moments(tuple(new))
            m1 += p * (1 + a1)
            m2 += p * (1 + 2 * a1 + a2)
        # with the self-loop: T = 1 + T' w.p. tie
        e1 = (m1 + tie) / (1 - tie)
        e2 = (m2 + tie * (1 + 2 * e1)) / (1 - tie)
        return e1, e2

    return moments(tuple([0] * len(bonuses)))


def brute_exchanges_pmf(bonuses, max_exchanges, victories=3):
    """{n: P(the contest ends at exchange n)} and P(still going), by forward iteration."""
    ex = brute_exchange(bonuses)
    dist = {tuple([0] * len(bonuses)): F(1)}
    pmf = {}
    for n in range(1, max_exchanges + 1):
        nxt: dict = {}
        done = F(0)
        for state, p in dist.items():
            for key, q in ex.items():
                if key == "tie":
                    nxt[state] = nxt.get(state, 0) + p * q
                    continue
                i, v = key
                new = list(state)
                new[i] += v
                if new[i] >= victories:
                    done += p * q
                else:
                    nxt[tuple(new)] = nxt.get(tuple(new), 0) + p * q
        dist = nxt
        pmf[n] = done
    return pmf, sum(dist.values())


def brute_invoke(need_total, bonus, k, actions=("+2", "reroll")):
    """Best P(final total >= need_total), listing all 81 rolls at every reroll."""

    @cache
    def best(dice_total, plus, left):
        options = [F(int(dice_total + bonus + 2 * plus >= need_total))]
        if left and "+2" in actions:
            options.append(best(dice_total, plus + 1, left - 1))
        if left and "reroll" in actions:
            options.append(sum(best(r, plus, left - 1) for r in ROLLS4) / 81)
        return max(options)

    return sum(best(r, 0, k) for r in ROLLS4) / 81


def brute_invoke_valued(need_total, bonus, k, point_value):
    """Best E[reach + point_value * invokes left], plus that policy's P(reach), E[spent].

    Ties in value go to the option with the smaller expected spend.
    """

    @cache
    def best(dice_total, plus, left):
        reach = F(int(dice_total + bonus + 2 * plus >= need_total))
        options = [(reach + point_value * left, reach, F(0))]
        if left:
            v, p, u = best(dice_total, plus + 1, left - 1)
            options.append((v, p, u + 1))
            subs = [best(r, plus, left - 1) for r in ROLLS4]
            options.append(
                (
                    sum(x[0] for x in subs) / 81,
                    sum(x[1] for x in subs) / 81,
                    sum(x[2] for x in subs) / 81 + 1,
                )
            )
        top = max(o[0] for o in options)
        return min((o for o in options if o[0] == top), key=lambda o: o[2])

    res = [best(r, 0, k) for r in ROLLS4]
    return tuple(sum(x[i] for x in res) / 81 for i in range(3))


def deck_cards(dice=4, copies=1):
    """The Deck of Fate: one card per ordered face combination, as its total."""
    return [sum(f) for f in itertools.product(FACES, repeat=dice)] * copies


def brute_deck_sequences(dice, copies, start, reshuffle_at, m):
    """Every equally likely sequence of m drawn card totals, reshuffling as told.

    Lists partial permutations of the deck for each segment between reshuffles; the
    ``start`` cards drawn before are part of the first permutation, unseen.
    """
    cards = deck_cards(dice, copies)
    size = len(cards)
    segs, pos, left = [], start, m
    first = True
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append((pos if first else 0, take))
        left -= take
        pos, first = 0, False
    seqs = [()]
    for skip, take in segs:
        # every ordered choice of the first skip + take cards is equally likely
        perms = list(itertools.permutations(range(size), skip + take))
        seqs = [s + tuple(cards[i] for i in p[skip:]) for s in seqs for p in perms]
    return seqs


def brute_streak_2df(event, run, draws, start, reshuffle_at):
    """P(a run of >= run hits) on the 9-card 2dF deck, enumerating every ordering."""
    cards = deck_cards(2)
    segs, pos, left = [], start, draws
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append((pos, take))
        left -= take
        pos = 0
    dists = []
    for pre, take in segs:
        c: Counter = Counter()
        n = 0
        for perm in itertools.permutations(range(9), pre + take):
            c[tuple(cards[perm[pre + j]] in event for j in range(take))] += 1
            n += 1
        dists.append([(k, F(v, n)) for k, v in c.items()])
    total = F(0)
    for combo in itertools.product(*dists):
        seq = sum((k for k, _ in combo), ())
        p = F(1)
        for _, q in combo:
            p *= q
        r = longest = 0
        for hit in seq:
            r = r + 1 if hit else 0
            longest = max(longest, r)
        if longest >= run:
            total += p
    return total


def run_length_chain(p: float, run: int, draws: int) -> float:
    """P(a run of >= run hits in draws independent tries), by a chain on the run length only."""
    state = [1.0] + [0.0] * (run - 1)
    done = 0.0
    for _ in range(draws):
        new = [0.0] * run
        new[0] = sum(state) * (1 - p)
        for r in range(run):
            if r + 1 == run:
                done += state[r] * p
            else:
                new[r + 1] += state[r] * p
        state = new
    return done


# --------------------------------------------------------------------------
# Challenges: overcome and create-advantage steps (FAE: «一連串克服行動及創造優勢行動»)
# --------------------------------------------------------------------------
#: Free invokes a create-advantage roll yields, by outcome, as the text lists them: a
#: failure creates nothing; a tie gives a boost (a new aspect: one free invoke, then gone),
#: counts as a success (revealing) or gives one free invoke (a known aspect); a success
#: one free invoke; a success with style two.
ADVANTAGE_INVOKES = {"fail": 0, "tie": 1, "success": 1, "style": 2}


def brute_advantage(bonus, difficulty):
    """{free invokes: number of the 81 face combinations} of one create-advantage roll."""
    out: Counter = Counter()
    for faces in itertools.product(FACES, repeat=4):
        out[ADVANTAGE_INVOKES[outcome_name(sum(faces) + bonus - difficulty)]] += 1
    return dict(out)


@cache
def _best_with(need_total, bonus, k):
    return brute_invoke(need_total, bonus, k)


def brute_challenge(steps, count="success"):
    """{overcome rolls that count: probability}, listing every roll of every step.

    ``steps`` is the plan as ``[("A" or "O", bonus, difficulty), ...]`` in order. Each
    create-advantage roll's free invokes go to the next overcome roll, which spends them
    the best way (+2 or reroll, by :func:`brute_invoke`); an overcome roll counts when its
    total beats the difficulty (``count="success"``) or ties it (``"tie"``). Every
    create-advantage roll is listed by its 81 faces, then every subset of overcome rolls
    that count.
    """
    margin = 1 if count == "success" else 0
    overcome = [(b, d) for kind, b, d in steps if kind == "O"]
    target, seen = [], 0
    for kind, _, _ in steps:
        if kind == "O":
            seen += 1
        else:
            target.append(seen)  # the next overcome roll: index ``seen``
    advantages = [brute_advantage(b, d) for kind, b, d in steps if kind == "A"]
    pmf: dict = {}
    for combo in itertools.product(*[list(a.items()) for a in advantages]):
        weight = F(math.prod(c for _, c in combo), 81 ** len(advantages))
        invokes = [0] * len(overcome)
        for t, (k, _) in zip(target, combo, strict=True):
            invokes[t] += k
        ps = [_best_with(d + margin, b, k) for (b, d), k in zip(overcome, invokes, strict=True)]
        for counted in itertools.product((0, 1), repeat=len(overcome)):
            pr = math.prod((p if c else 1 - p) for p, c in zip(ps, counted, strict=True))
            pmf[sum(counted)] = pmf.get(sum(counted), 0) + weight * pr
    return pmf


def brute_plans(n, most):
    """Every plan with ``n`` overcome rolls and at most ``most`` create-advantage steps.

    Every string over "A" and "O" with ``n`` O's that ends on an O (an advantage
    must prepare a later roll).
    """
    out = []
    for a in range(most + 1):
        for letters in itertools.product("AO", repeat=n + a):
            if letters.count("O") == n and letters[-1] == "O":
                out.append("".join(letters))
    return out
