"""Independent brute-force oracles of the d6 initiative rules (the only copy in the tests).

Written from the rule text, not from dicestats.initiative, and step by step
(every die outcome, every coin branch, Fractions), two independent readings of
the tie-break:

* ``ref_orders`` / ``ref_exact`` / ``ref_pips``: "more 6s, then more 5s, …":
  the participants' face counts compared from 6 down;
* ``text_orders`` / ``text_exact`` / ``text_pips``: the text's own phrasing, "the
  higher value on any other die, set-aside dice included": the other dice (one
  die of the acting value removed) sorted high to low; pool pips go one at a
  time to the first highest die below 6 in participant order;

plus ``ref_defence`` (reactive defence, every target and coin branch), the
readings the tests sweep (``OPTIONS``) and ``within``/``close`` (an estimate
against an exact value).
"""

import functools
import itertools
import math
from fractions import Fraction

#: The four readings of the acting order (tie-break × order).
OPTIONS = [
    dict(tiebreak="all", order="action"),
    dict(tiebreak="unspent", order="action"),
    dict(tiebreak="all", order="tier"),
    dict(tiebreak="unspent", order="tier"),
]


def face_counts(dice):
    """(#6, #5, ..., #1): comparing these tuples = "more 6s, then more 5s, ..."."""
    return tuple(list(dice).count(f) for f in range(6, 0, -1))


def _spend(left, gone, seq, queue, v, whole_tier):
    """Copies of the round's state after each participant of ``queue`` spends a die of
    value ``v`` (all its dice of value ``v`` with ``whole_tier``)."""
    nl = [list(d) for d in left]
    ng = [list(d) for d in gone]
    s = list(seq)
    for p in queue:
        for _ in range(nl[p].count(v) if whole_tier else 1):
            nl[p].remove(v)
            ng[p].append(v)
            s.append(p)
    return nl, ng, s


def ref_orders(dice, tiebreak="all", order="action"):
    """{sequence of participants: probability}, the rule applied one action at a time."""
    results = {}

    def walk(left, gone, seq, prob):
        if not any(left):
            results[tuple(seq)] = results.get(tuple(seq), 0) + prob
            return
        v = max(max(d) for d in left if d)
        holders = [p for p, d in enumerate(left) if v in d]

        def rank(p):
            pool = left[p] + gone[p] if tiebreak == "all" else left[p]
            return (left[p].count(v), face_counts(pool))

        if order == "action":
            top = max(rank(p) for p in holders)
            tied = [p for p in holders if rank(p) == top]
            for p in tied:  # a fair coin (uniform among the m tied)
                walk(*_spend(left, gone, seq, [p], v, False), prob / len(tied))
        else:
            # tier: the order of all holders of v is decided now, ties by a uniformly
            # random permutation (1/m! each); each then spends all its v dice
            ranks = sorted({rank(p) for p in holders}, reverse=True)
            blocks = [[p for p in holders if rank(p) == r] for r in ranks]
            perms = [list(itertools.permutations(b)) for b in blocks]
            for choice in itertools.product(*perms):
                queue = [p for block in choice for p in block]
                pr = prob / math.prod(math.factorial(len(b)) for b in blocks)
                walk(*_spend(left, gone, seq, queue, v, True), pr)

    walk([list(d) for d in dice], [[] for _ in dice], [], Fraction(1))
    return results


@functools.cache
def ref_cached(dice, tiebreak="all", order="action"):
    """ref_orders for a tuple of tuples (shared by the every-outcome tests)."""
    return ref_orders([list(d) for d in dice], tiebreak, order)


def ref_pips(dice, pips, policy):
    """Pips spent one at a time (highest: "split", "side-pool") or all on one die
    (single: "one-die", the die giving the most 6s, then 5s, …), independently."""
    d = list(dice)
    if policy == "highest":
        for _ in range(pips):
            below = [i for i in range(len(d)) if d[i] < 6]
            if not below:
                break
            best = max(d[i] for i in below)
            d[next(i for i in below if d[i] == best)] += 1
        return d
    cands = []
    for i in range(len(d)):
        if d[i] < 6:
            e = list(d)
            e[i] = min(6, d[i] + pips)
            cands.append(e)
    if not cands:
        return d
    # the best multiset for acting first: most 6s, then most 5s, ...
    return max(cands, key=lambda e: face_counts(e))


def _margins(pool, members):
    """A side's margins as the API reads them: a list (one each) or a bare number."""
    if isinstance(pool, list):
        return pool
    return [pool] * len(members) if (pool == 0 or len(members) == 1) else None


def _round_stats(swiftness, versus, pips, versus_pips, pip_rule, orders, add_pips, **opts):
    """Every ordered outcome of every die (6^k), every coin branch: (P(each participant
    first), {k: P(k first-side actions before the other side's first)}, P(someone acts
    twice in a row), each participant's mean position), with the given readings.

    ``pip_rule``: "one-die" (each participant's margin all on one of its own dice),
    "split" (each participant's margin pip by pip over its own dice) or "side-pool"
    (one int per side, pip by pip over all the side's dice)."""
    sw = list(swiftness) + list(versus)
    sides = [0] * len(swiftness) + [1] * len(versus)
    P = len(sw)
    first = [Fraction(0)] * P
    before = {}
    double = Fraction(0)
    pos = [Fraction(0)] * P
    n = 6 ** sum(sw)
    how = "single" if pip_rule == "one-die" else "highest"
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        dice = [[next(it) for _ in range(s)] for s in sw]
        for side, pool in ((0, pips), (1, versus_pips)):
            members = [p for p in range(P) if sides[p] == side]
            if pip_rule != "side-pool":
                for p, m in zip(members, _margins(pool, members), strict=True):
                    dice[p] = add_pips(dice[p], m, how)
            elif pool:
                flat = add_pips([v for p in members for v in dice[p]], pool, how)
                for p in members:
                    dice[p], flat = flat[: sw[p]], flat[sw[p] :]
        for seq, pr in orders(dice, **opts).items():
            first[seq[0]] += pr / n
            k = [sides[p] for p in seq].index(1)
            before[k] = before.get(k, 0) + pr / n
            if any(a == b for a, b in zip(seq, seq[1:], strict=False)):
                double += pr / n
            for i, p in enumerate(seq):
                pos[p] += pr * (i + 1) / (n * sw[p])
    return first, before, double, pos


def ref_exact(swiftness, versus, pips=0, versus_pips=0, pip_rule="one-die", **opts):
    """Round statistics with the face-count reading (``ref_orders``, ``ref_pips``)."""
    return _round_stats(
        swiftness, versus, pips, versus_pips, pip_rule, ref_orders, ref_pips, **opts
    )


def _other(dice_all, v):
    """The participant's other dice: its dice minus one die of value v, high to low."""
    d = sorted(dice_all, reverse=True)
    d.remove(v)
    return d


def text_orders(dice, tiebreak="all", order="action"):
    """{sequence: probability} with the tie-break as the text phrases it (other dice)."""
    out = {}

    def key(p, v, unspent, spent):
        pool = unspent[p] + (spent[p] if tiebreak == "all" else [])
        return (unspent[p].count(v), _other(pool, v))

    def go(unspent, spent, seq, pr):
        live = [d for d in unspent if d]
        if not live:
            out[tuple(seq)] = out.get(tuple(seq), Fraction(0)) + pr
            return
        v = max(max(d) for d in live)
        hold = [p for p in range(len(dice)) if v in unspent[p]]
        if order == "action":
            best = max(key(p, v, unspent, spent) for p in hold)
            tied = [p for p in hold if key(p, v, unspent, spent) == best]
            for p in tied:
                go(*_spend(unspent, spent, seq, [p], v, False), pr / len(tied))
        else:
            # every permutation of the holders consistent with the keys, equally likely
            keys = {p: key(p, v, unspent, spent) for p in hold}
            perms = [
                q
                for q in itertools.permutations(hold)
                if all(keys[q[i]] >= keys[q[i + 1]] for i in range(len(q) - 1))
            ]
            for q in perms:
                go(*_spend(unspent, spent, seq, q, v, True), pr / len(perms))

    go([list(d) for d in dice], [[] for _ in dice], [], Fraction(1))
    return out


def text_pips(flat, pips, policy):
    """Pips one at a time to the first highest die below 6, or all on the die that
    gives the best multiset (the first such die)."""
    d = list(flat)
    if policy == "highest":
        while pips and any(x < 6 for x in d):
            best = max(x for x in d if x < 6)
            d[d.index(best)] += 1
            pips -= 1
        return d
    # single: all on one die; choose the die giving the best multiset (most 6s, ...),
    # the first such die in order
    best = None
    for i in range(len(d)):
        if d[i] < 6:
            e = list(d)
            e[i] = min(6, e[i] + pips)
            k = sorted(e, reverse=True)
            if best is None or k > best[0]:
                best = (k, e)
    return d if best is None else best[1]


def text_exact(swiftness, versus, pips=0, versus_pips=0, pip_rule="one-die", **opts):
    """Round statistics with the text's reading (``text_orders``, ``text_pips``)."""
    return _round_stats(
        swiftness, versus, pips, versus_pips, pip_rule, text_orders, text_pips, **opts
    )


def ref_defence(sw_a, sw_b, attackers="versus", cover=False):
    """Exact expectations per round: every die outcome, coin and target branch."""
    sides = [0] * len(sw_a) + [1] * len(sw_b)
    sw = list(sw_a) + list(sw_b)
    P = len(sw)
    acc = {"attacks": Fraction(0), "defended": Fraction(0), "slow": [Fraction(0)] * 6}
    out = {}

    def walk(left, gone, prob, att, dfd, slow, empty):
        if not any(left):
            acc["attacks"] += prob * att
            acc["defended"] += prob * dfd
            for k in range(6):
                acc["slow"][k] += prob * slow[k]
            defenders = [p for p in range(P) if attackers == "both" or sides[p] == 0]
            k = sum(1 for p in defenders if p in empty)
            out[k] = out.get(k, 0) + prob
            return
        v = max(max(d) for d in left if d)
        holders = [p for p in range(P) if v in left[p]]
        rank = {p: (left[p].count(v), face_counts(left[p] + gone[p])) for p in holders}
        best = max(rank.values())
        tied = [p for p in holders if rank[p] == best]
        for actor in tied:
            l1 = [list(d) for d in left]
            g1 = [list(d) for d in gone]
            l1[actor].remove(v)
            g1[actor].append(v)
            pr = prob / len(tied)
            if not (attackers == "both" or sides[actor] == 1):
                walk(l1, g1, pr, att, dfd, slow, empty)
                continue
            targets = [p for p in range(P) if sides[p] != sides[actor]]
            for t in targets:
                l2 = [list(d) for d in l1]
                g2 = [list(d) for d in g1]
                top_t = max(l2[t]) if l2[t] else 0
                defender = t if top_t else None
                if cover and top_t < v:
                    mates = [
                        c
                        for c in range(P)
                        if sides[c] == sides[t] and c != t and l2[c] and max(l2[c]) >= v
                    ]
                    if mates:
                        defender = min(mates, key=lambda c: (max(l2[c]), c))
                s2, e2 = list(slow), set(empty)
                d2 = dfd
                if not top_t:  # attacked with no die of its own left
                    e2.add(t)
                if defender is not None:
                    h = max(l2[defender])
                    l2[defender].remove(h)
                    g2[defender].append(h)
                    s2[max(0, v - h)] += 1
                    d2 += 1
                walk(l2, g2, pr / len(targets), att + 1, d2, s2, e2)

    n = 6 ** sum(sw)
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        dice, k = [], 0
        for s in sw:
            dice.append(list(faces[k : k + s]))
            k += s
        walk(dice, [[] for _ in dice], Fraction(1, n), 0, 0, [0] * 6, set())
    return acc, out


def within(est, exact, k=4.5):
    """Whether an estimate is within k standard errors of an exact probability."""
    se = max(est.stderr, math.sqrt(float(exact) * (1 - float(exact)) / est.trials), 1e-12)
    return abs(est.value - float(exact)) <= k * se


def close(est, exact, k=4.5):
    """Whether an estimate is within k of its own standard errors of an exact value."""
    return abs(est.value - float(exact)) <= k * est.stderr + 1e-12
