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


def ref_orders(dice, tiebreak="all", order="tier"):
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


def multisets(dice):
    """Each participant's dice as a sorted tuple: both readings order the participants
    by their multisets of dice alone (counts, maxima, a die of a value removed), so
    rolls with the same multisets share one computation of their orders."""
    return tuple(tuple(sorted(d)) for d in dice)


@functools.cache
def _ref_of_multisets(key, tiebreak, order):
    return ref_orders([list(d) for d in key], tiebreak, order)


def ref_cached(dice, tiebreak="all", order="tier"):
    """ref_orders of ``dice``, computed once per :func:`multisets` (shared by the
    every-outcome tests)."""
    return _ref_of_multisets(multisets(dice), tiebreak, order)


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
    rolls = {}  # multisets() of the dice after pips -> [those dice, ordered outcomes]
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        dice = [[next(it) for _ in range(s)] for s in sw]
        for side, pool in ((0, pips), (1, versus_pips)):
            members = [p for p in range(P) if sides[p] == side]
            if pip_rule != "side-pool":
                for p, m in zip(members, _margins(pool, members), strict=True):
                    if m:  # a margin of 0 leaves the dice as rolled
                        dice[p] = add_pips(dice[p], m, how)
            elif pool:
                flat = add_pips([v for p in members for v in dice[p]], pool, how)
                for p in members:
                    dice[p], flat = flat[: sw[p]], flat[sw[p] :]
        key = multisets(dice)
        if key in rolls:
            rolls[key][1] += 1
        else:
            rolls[key] = [dice, 1]
    # the orders of each multisets() once, weighted by its share of the 6^k outcomes
    for dice, count in rolls.values():
        w = Fraction(count, n)
        for seq, pr in orders(dice, **opts).items():
            prw = pr * w
            first[seq[0]] += prw
            k = [sides[p] for p in seq].index(1)
            before[k] = before.get(k, 0) + prw
            if any(a == b for a, b in zip(seq, seq[1:], strict=False)):
                double += prw
            places = [0] * P  # the sum of each participant's (1-based) positions
            for i, p in enumerate(seq):
                places[p] += i + 1
            for p in range(P):
                pos[p] += prw * places[p] / sw[p]
    return first, before, double, pos


_STATS = {}


def _stats_once(orders, add_pips, swiftness, versus, pips, versus_pips, pip_rule, opts):
    """:func:`_round_stats`, computed once per setup and reading in a session (several
    test modules ask the same setup); each caller gets its own copy."""
    key = (orders, add_pips, tuple(swiftness), tuple(versus), repr(pips), repr(versus_pips))
    key += (pip_rule, tuple(sorted(opts.items())))
    if key not in _STATS:
        _STATS[key] = _round_stats(
            swiftness, versus, pips, versus_pips, pip_rule, orders, add_pips, **opts
        )
    first, before, double, pos = _STATS[key]
    return list(first), dict(before), double, list(pos)


def ref_exact(swiftness, versus, pips=0, versus_pips=0, pip_rule="one-die", **opts):
    """Round statistics with the face-count reading (``ref_orders``, ``ref_pips``)."""
    return _stats_once(ref_orders, ref_pips, swiftness, versus, pips, versus_pips, pip_rule, opts)


def _other(dice_all, v):
    """The participant's other dice: its dice minus one die of value v, high to low."""
    d = sorted(dice_all, reverse=True)
    d.remove(v)
    return d


def text_orders(dice, tiebreak="all", order="tier"):
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
    return _stats_once(text_orders, text_pips, swiftness, versus, pips, versus_pips, pip_rule, opts)


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
    # the walk reads each participant's dice as a multiset (its highest, how many of a
    # value, one removed): each multisets() once, weighted by its count of the 6^k rolls
    rolls = {}
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        key = multisets([[next(it) for _ in range(s)] for s in sw])
        rolls[key] = rolls.get(key, 0) + 1
    for key, count in rolls.items():
        dice = [list(d) for d in key]
        walk(dice, [[] for _ in dice], Fraction(count, n), 0, 0, [0] * 6, set())
    return acc, out


def within(est, exact, k=4.5):
    """Whether an estimate is within k standard errors of an exact probability."""
    se = max(est.stderr, math.sqrt(float(exact) * (1 - float(exact)) / est.trials), 1e-12)
    return abs(est.value - float(exact)) <= k * se


def close(est, exact, k=4.5):
    """Whether an estimate is within k of its own standard errors of an exact value."""
    return abs(est.value - float(exact)) <= k * est.stderr + 1e-12


# =====================================================================================
# Holding, several rounds, every defender, success rolls and armour: a step-by-step
# resolver of the round as the text tells it, one event at a time, every chance a
# branch (Fractions). Written from the rules page's readings, not from the engine:
#
# * the acting order: the highest unspent (unheld) value v opens; "tier": the holders
#   of v are ordered ONCE (more dice of v, then the tie-break, then a uniformly random
#   order of the tied: 1/m! each) and each acts all its dice of v in a row; "action":
#   the order is re-evaluated after every action (a coin per tie);
# * at its turn a participant's policy may hold the die (unless holding is forbidden
#   this round); before every turn, holders whose policy wants to act now act, the
#   best first: its highest held die, more held dice of that value, the tie-break,
#   a coin; a holder acts with its highest die; with no unheld die left holders get a
#   last chance, then the round ends;
# * a round where nobody acted: everyone on edge, nobody holds next round;
# * an attack (every action of an attacking side) sets aside the attacker's highest
#   die (on its turn: a held die above the turn's die, the attack made at it);
# * it targets a uniformly random enemy;
#   the target answers if it has any die (slow by a - its highest die, unless the
#   attacker was a holder); then ("every") each companion with a die >= a (any die
#   against a holder's attack), highest die first, lower number first, while the
#   attack threatens (margin left with rolls; no full-speed answer yet without);
#   each answer sets aside the responder's highest die (a held one among equals);
# * with rolls the target answers only an attack that scored unless if_hit is False;
# * rolls: each answer's successes minus slow_cost * scale (at least 0) come off the
#   margin, the excess is the responder's advantage; armour after all answers if a
#   margin is left.
# =====================================================================================


def pol_never():
    return {"name": "never", "hold": lambda v: False, "use": lambda v: True}


def pol_defend():
    """Keep the die of the first turn (never held this round yet)."""
    return {"name": "defend", "hold": lambda v: not v["has_held"], "use": lambda v: v["end"]}


def pol_reserve():
    """Keep a die in reserve: hold again whenever nothing is held."""
    return {"name": "reserve", "hold": lambda v: not v["held"], "use": lambda v: v["end"]}


def pol_after_enemy():
    return {
        "name": "after-enemy",
        "hold": lambda v: not v["enemy_acted"],
        "use": lambda v: v["enemy_acted"],
    }


def pol_always():
    return {"name": "always", "hold": lambda v: True, "use": lambda v: False}


def pol_hold_sixes():
    """A user's policy: keep 6s; act with them once an enemy acted, or at the end."""
    return {
        "name": "hold-sixes",
        "hold": lambda v: v["value"] == 6,
        "use": lambda v: v["enemy_acted"] or v["end"],
    }


REF_POLICIES = {
    "never": pol_never,
    "defend": pol_defend,
    "reserve": pol_reserve,
    "after-enemy": pol_after_enemy,
    "always": pol_always,
    "hold-sixes": pol_hold_sixes,
}


def binom_pmf(dice, success=5):
    """{successes: probability} of `dice` d6 each succeeding on `success`+."""
    p = Fraction(7 - success, 6)
    return {k: math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}


class _Acc:
    def __init__(self):
        self.s = {}

    def add(self, key, pr, x=1):
        v = pr if x == 1 else pr * x  # (most terms are a probability alone)
        before = self.s.get(key)
        self.s[key] = v if before is None else before + v


def _tb(pool):
    return face_counts(pool)


def ref_round(dice, sides, policies, forbid, tiebreak, order, combat, acc):
    """Play every branch of one round from concrete `dice`; add expectations to `acc`.

    Returns {True: P(nobody acted), False: P(someone acted)}.
    """
    P = len(dice)
    out = {True: Fraction(0), False: Fraction(0)}

    def rolled(st, p):
        return st["un"][p] + st["held"][p] + st["gone"][p]

    def key_of(st, p, v, count):
        pool = rolled(st, p) if tiebreak == "all" else [x for x in st["un"][p] if x < v]
        return (count, _tb(pool))

    def view(st, p, value, end):
        return {
            "value": value,
            "dice": list(st["un"][p]),
            "held": list(st["held"][p]),
            "enemy_acted": st["acted_side"][1 - sides[p]],
            "anyone_acted": st["acted_side"][0] or st["acted_side"][1],
            "end": end,
            "has_held": p in st["ever"],
        }

    def top(st, p):
        return max(st["un"][p] + st["held"][p], default=0)

    def spend_top(st, p):
        h = top(st, p)
        if h in st["held"][p]:
            st["held"][p].remove(h)
        else:
            st["un"][p].remove(h)
        st["gone"][p].append(h)
        return h

    def copy(st):
        out = {}
        for k, v in st.items():
            if k in ("un", "held", "gone"):
                out[k] = [list(x) for x in v]
            elif isinstance(v, (list, set)):
                out[k] = type(v)(v)
            else:
                out[k] = v
        return out

    def finish(st, pr):
        if not st["acted_side"][1]:
            acc.add(("before", st["n_a"]), pr)
        nobody = not (st["acted_side"][0] or st["acted_side"][1])
        if combat is not None:
            defenders = [p for p in range(P) if combat["attackers"] == "both" or sides[p] == 0]
            acc.add(("out", sum(1 for p in defenders if p in st["empty"])), pr)
        out[nobody] += pr

    def attack_resolve(st, pr, attacker, a, from_hold, then):
        """Branch over target, rolls; call then(new_state, prob) for each outcome."""
        c = combat
        acc.add("attacks", pr)
        enemies = [q for q in range(P) if sides[q] != sides[attacker]]
        for t in enemies:
            pt = pr / len(enemies)
            att = binom_pmf(*c["attack"]) if c["attack"] else {0: Fraction(1)}
            for A, pa in att.items():
                s2 = copy(st)
                p2 = pt * pa
                t_top = top(s2, t)
                able_t = t_top > 0
                if not able_t:
                    s2["empty"].add(t)
                mates = [
                    q
                    for q in range(P)
                    if sides[q] == sides[t]
                    and q != t
                    and top(s2, q) > 0
                    and (top(s2, q) >= a or from_hold)
                ]
                if c["respond"] == "target":
                    acc.add("able", p2, 1 if able_t else 0)
                else:
                    acc.add("able", p2, 1 if (able_t or mates) else 0)
                # the responders, in turn
                if c["respond"] == "cover":
                    if able_t and (t_top >= a or from_hold):
                        plan = [t]
                    elif mates:
                        plan = [min(mates, key=lambda q: (top(s2, q), q))]
                    elif able_t:
                        plan = [t]
                    else:
                        plan = []
                    companions = []
                else:
                    plan = [t] if able_t else []
                    companions = sorted(mates, key=lambda q: (-top(s2, q), q))
                    if c["respond"] == "target":
                        companions = []
                    plan = plan + companions
                _respond_chain(s2, p2, t, a, from_hold, plan, A, 0, False, then, sides[attacker])

    def _respond_chain(st, pr, t, a, from_hold, plan, left, nresp, full, then, a_side):
        c = combat
        if not plan:
            acc.add(("resp_k", nresp), pr)
            if nresp:
                acc.add("defended", pr)
            if c["attack"] is None:
                then(st, pr)
                return
            arm = binom_pmf(*c["armour"]) if (c["armour"] and left > 0) else {0: Fraction(1)}
            for R, pr_a in arm.items():
                rest = max(left - R, 0)
                acc.add(("margin", rest), pr * pr_a)
                acc.add("wound", pr * pr_a, rest)
                acc.add(("wound_by", a_side), pr * pr_a, rest)
                if rest > 0:
                    acc.add("wounding", pr * pr_a)
                then(copy(st), pr * pr_a)
            return
        q, rest_plan = plan[0], plan[1:]
        if c["respond"] == "cover" or q == t:
            go = True
            if c["if_hit"] and c["attack"] is not None:
                go = left > 0
        elif c["attack"] is not None:
            go = left > 0
        else:
            go = not full
        if not go:
            _respond_chain(st, pr, t, a, from_hold, rest_plan, left, nresp, full, then, a_side)
            return
        s2 = copy(st)
        h = spend_top(s2, q)
        scale = max(a - h, 0) if (q == t and not from_hold) else 0
        acc.add("responses", pr)
        acc.add(("slow", scale), pr)
        acc.add("target_resp" if q == t else "comp_resp", pr)
        if scale > 0 and not s2["slow_any"]:
            acc.add("slow_round", pr)
            s2["slow_any"] = True
        full2 = full or scale == 0
        if c["attack"] is None:
            _respond_chain(s2, pr, t, a, from_hold, rest_plan, left, nresp + 1, full2, then, a_side)
            return
        for D, pd in binom_pmf(*c["defend"]).items():
            d = max(D - c["slow_cost"] * scale, 0)
            adv = max(d - left, 0)
            acc.add(("adv", adv), pr * pd)
            acc.add("adv_sum", pr * pd, adv)
            _respond_chain(
                copy(s2),
                pr * pd,
                t,
                a,
                from_hold,
                rest_plan,
                max(left - d, 0),
                nresp + 1,
                full2,
                then,
                a_side,
            )

    def act(st, pr, p, value, from_hold, then):
        s2 = copy(st)
        attacking = combat is not None and (combat["attackers"] == "both" or sides[p] == 1)
        if from_hold:
            spend_top(s2, p)
        elif attacking and max(s2["held"][p], default=0) > value:
            # an attack sets aside the highest die: a held one above the turn's die
            value = max(s2["held"][p])
            s2["held"][p].remove(value)
            s2["gone"][p].append(value)
        else:
            s2["un"][p].remove(value)
            s2["gone"][p].append(value)
        if s2["pos"] == 0:
            acc.add(("first", p), pr)
        acc.add(("acts_at", s2["pos"], p), pr)
        acc.add(("pos_sum", p), pr, s2["pos"] + 1)
        acc.add(("act_n", p), pr)
        if s2["last"] == p and not s2["dbl"]:
            acc.add("double", pr)
            s2["dbl"] = True
        s2["last"] = p
        s2["pos"] += 1
        if sides[p] == 1 and not s2["acted_side"][1]:
            acc.add(("before", s2["n_a"]), pr)
        if sides[p] == 0 and not s2["acted_side"][1]:
            s2["n_a"] += 1
        s2["acted_side"] = list(s2["acted_side"])
        s2["acted_side"][sides[p]] = True
        if attacking:
            attack_resolve(s2, pr, p, value, from_hold, then)
        else:
            then(s2, pr)

    def moment(st, pr):
        end = not any(st["un"])
        wanting = [
            p
            for p in range(P)
            if st["held"][p] and policies[p]["use"](view(st, p, max(st["held"][p]), end))
        ]
        if wanting:

            def hkey(p):
                hv = max(st["held"][p])
                pool = rolled(st, p) if tiebreak == "all" else [x for x in st["un"][p] if x < hv]
                return (hv, st["held"][p].count(hv), _tb(pool))

            best = max(hkey(p) for p in wanting)
            tied = [p for p in wanting if hkey(p) == best]
            for p in tied:
                act(st, pr / len(tied), p, max(st["held"][p]), True, moment)
            return
        if end:
            finish(st, pr)
            return
        # the scheduled turn
        if order == "action":
            v = max(max(d) for d in st["un"] if d)
            hs = [p for p in range(P) if v in st["un"][p]]
            ks = {p: key_of(st, p, v, st["un"][p].count(v)) for p in hs}
            best = max(ks.values())
            tied = [p for p in hs if ks[p] == best]
            for p in tied:
                turn(st, pr / len(tied), p, v)
            return
        # tier: continue the queue, or open the next tier
        queue = [p for p in st["queue"] if st["tier"] in st["un"][p]]
        if not queue:
            v = max(max(d) for d in st["un"] if d)
            hs = [p for p in range(P) if v in st["un"][p]]
            ks = {p: key_of(st, p, v, st["un"][p].count(v)) for p in hs}
            ranks = sorted(set(ks.values()), reverse=True)
            blocks = [[p for p in hs if ks[p] == r] for r in ranks]
            perms = list(itertools.product(*[list(itertools.permutations(b)) for b in blocks]))
            for choice in perms:
                s2 = copy(st)
                s2["tier"] = v
                s2["queue"] = [p for b in choice for p in b]
                turn(s2, pr / len(perms), s2["queue"][0], v)
            return
        turn(st, pr, queue[0], st["tier"])

    def turn(st, pr, p, v):
        if not st["forbid"] and policies[p]["hold"](view(st, p, v, False)):
            s2 = copy(st)
            s2["un"][p].remove(v)
            s2["held"][p].append(v)
            s2["ever"] = s2["ever"] | {p}
            moment(s2, pr)
            return
        act(st, pr, p, v, False, moment)

    st0 = {
        "un": [list(d) for d in dice],
        "held": [[] for _ in dice],
        "gone": [[] for _ in dice],
        "acted_side": [False, False],
        "n_a": 0,
        "pos": 0,
        "last": -1,
        "dbl": False,
        "forbid": forbid,
        "tier": 0,
        "queue": [],
        "slow_any": False,
        "empty": set(),
        "ever": frozenset(),
    }
    moment(st0, Fraction(1))
    return out


def ref_fight(
    sw_a,
    sw_b,
    hold_a="never",
    hold_b="never",
    rounds=1,
    tiebreak="all",
    order="tier",
    combat=None,
):
    """Expectations per fight of `rounds` rounds: every die outcome of every round.

    `combat`: None, or {"attackers", "respond", "attack": (dice, success) or None,
    "defend", "armour", "slow_cost", "if_hit"}. Returns (acc dict of sums per fight,
    p_all_held per round, {k: P(everyone on edge k times)}).
    """
    sw = list(sw_a) + list(sw_b)
    sides = [0] * len(sw_a) + [1] * len(sw_b)
    pa = hold_a if isinstance(hold_a, list) else [hold_a] * len(sw_a)
    pb = hold_b if isinstance(hold_b, list) else [hold_b] * len(sw_b)
    policies = [REF_POLICIES[h]() for h in pa + pb]
    n = 6 ** sum(sw)
    # every die outcome, by each participant's multiset of dice (the round reads a
    # participant's dice by value: the highest, how many, one removed), with its count
    rolls = {}
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        key = multisets([[next(it) for _ in range(s)] for s in sw])
        rolls[key] = rolls.get(key, 0) + 1
    per = {}
    for forbid in (False, True):
        if forbid and (rounds == 1 or per[False][1] == 0):
            # a round with holding forbidden follows only an all-held round: it never
            # comes in one round, nor when nobody ever holds every die (weight 0 below)
            per[True] = ({}, Fraction(0))
            break
        acc = _Acc()
        nobody = Fraction(0)
        for key, count in rolls.items():
            dice = [list(d) for d in key]
            sub = _Acc()
            res = ref_round(dice, sides, policies, forbid, tiebreak, order, combat, sub)
            w = Fraction(count, n)
            for k, v in sub.s.items():
                acc.add(k, w, v)
            nobody += res[True] * w
        per[forbid] = (acc.s, nobody)
    # rounds: holding allowed unless the round before was all held
    total = {}
    p_allowed = Fraction(1)
    all_held = []
    dist = {(True, 0): Fraction(1)}  # (holding allowed, times on edge) -> probability
    for _ in range(rounds):
        for forbid, w in ((False, p_allowed), (True, 1 - p_allowed)):
            for k, v in per[forbid][0].items():
                total[k] = total.get(k, Fraction(0)) + w * v
        q = per[False][1]
        all_held.append(p_allowed * q)
        new = {}
        for (allowed, k), p in dist.items():
            if allowed:
                new[(False, k + 1)] = new.get((False, k + 1), 0) + p * q
                new[(True, k)] = new.get((True, k), 0) + p * (1 - q)
            else:
                new[(True, k)] = new.get((True, k), 0) + p
        dist = new
        p_allowed = 1 - p_allowed * q
    edges = {}
    for (_, k), p in dist.items():
        edges[k] = edges.get(k, 0) + p
    return total, all_held, edges
