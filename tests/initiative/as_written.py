"""A second brute-force oracle of one round of attacks and answers, written from the rule
text alone (issue 27), not from ``dicestats.initiative`` nor from ``oracle.py``.

Every die outcome, coin, target and success roll is a branch (Fractions); the round is
played one action at a time, as the text tells it:

* the acting order, by value tiers: the highest value among the dice neither set aside
  nor held opens a tier; its holders go in order of how many dice of it they have, then
  of all their dice rolled this round ("more 6s, then more 5s, …", set-aside dice
  included), then a fair coin (a uniformly random order of the tied); each acts all its
  dice of the value in a row;
* holding: at its turn a participant may keep the die; before every turn (and once more
  when no die is left to act) a holder may step in, setting aside its **highest** die;
* «Чтобы атаковать, необходимо отложить кубик с наивысшим значением инициативы
  независимо от успешности действия»: **every attack sets aside the attacker's highest
  die**, held or not, and is made at that die's initiative (``spend="highest"``; the
  old reading, ``spend="turn"``, sets aside the die of the turn);
* an attack on a uniformly chosen enemy; the target answers with its highest die, slow
  by the attack's die minus that die when lower (never against a holder stepping in:
  «считается, что у них одинаковая инициатива»); then each companion whose highest die
  is at least the attack's (any die against a holder) answers, highest die first, while
  the attack still threatens; one answer each;
* «Ты можешь решить, будешь ты совершать ответное действие или нет, после того как
  узнаешь, насколько эффективна была атака»: with success rolls the target answers only
  an attack that scored (``answer="if-hit"``), or every attack (``answer="every"``);
  without success rolls every attack threatens;
* an attack on a turn that spends a kept die is answered at that die's initiative
  (``kept="at-die"``) or at equal initiative, as the action of one who waited
  (``kept="equal"``).

Policies are functions of what the participant sees: ``hold(me)`` at its turn and
``use(me)`` between actions, ``me`` a dict (``value``, ``held``, ``gone``, ``ever_held``,
``enemy_acted``, ``end``).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction


def counts(dice):
    """(#6, #5, …, #1): comparing these is "more 6s, then more 5s, …"."""
    return tuple(sorted(dice).count(f) for f in range(6, 0, -1))


def binomial(n, success=5):
    """{successes: probability} of n d6, each ``success`` or more a success."""
    p = Fraction(7 - success, 6)
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


POLICIES = {
    "never": (lambda me: False, lambda me: True),
    # keep the die of its first turn (its highest then); act with the rest; use it at the end
    "defend": (lambda me: not me["ever_held"], lambda me: me["end"]),
    # keep a die in reserve: hold again whenever nothing is held; use it at the end
    "reserve": (lambda me: not me["held"], lambda me: me["end"]),
    "always": (lambda me: True, lambda me: False),
    "after-enemy": (lambda me: not me["enemy_acted"], lambda me: me["enemy_acted"]),
}


class Tally:
    def __init__(self):
        self.s = {}

    def add(self, key, pr, x=1):
        self.s[key] = self.s.get(key, Fraction(0)) + pr * x


def play_round(dice, sides, hold, *, attackers="versus", spend="highest", answer="if-hit",
               kept="at-die", attack=None, defend=None, armour=None, slow_cost=1,
               tally):  # fmt: skip
    """Every branch of one round of the concrete ``dice``; sums into ``tally``."""
    P = len(dice)
    pol = [POLICIES[h] for h in hold]

    def me(s, p, value, end):
        return {
            "value": value,
            "held": list(s["held"][p]),
            "gone": list(s["gone"][p]),
            "ever_held": p in s["ever"],
            "enemy_acted": s["acted"][1 - sides[p]],
            "end": end,
        }

    def clone(s):
        out = {k: [list(x) for x in s[k]] for k in ("un", "held", "gone")}
        return {**s, **out, "acted": list(s["acted"]), "queue": list(s["queue"])}

    def highest(s, p):
        return max(s["un"][p] + s["held"][p], default=0)

    def set_aside_highest(s, p):
        h = highest(s, p)
        (s["held"][p] if h in s["held"][p] else s["un"][p]).remove(h)
        s["gone"][p].append(h)
        return h

    def rolled(s, p):
        return s["un"][p] + s["held"][p] + s["gone"][p]

    def attacks(p):
        return attackers == "both" or sides[p] == 1

    # ---------------------------------------------------------------- one attack
    def strike(s, pr, p, a, stepped_in, then):
        tally.add("attacks", pr)
        foes = [q for q in range(P) if sides[q] != sides[p]]
        for t in foes:
            for A, pa in (binomial(*attack) if attack else {None: Fraction(1)}).items():
                s1, p1 = clone(s), pr * pa / len(foes)
                target = [t] if highest(s1, t) else []
                mates = [
                    q
                    for q in range(P)
                    if sides[q] == sides[t] and q != t and highest(s1, q)
                    if stepped_in or highest(s1, q) >= a
                ]
                mates.sort(key=lambda q: (-highest(s1, q), q))
                if target or mates:
                    tally.add("able", p1)
                answers(s1, p1, t, a, stepped_in, target + mates, A, 0, False, then)

    def answers(s, pr, t, a, stepped_in, queue, left, n, full, then):
        if not queue:
            tally.add(("answers", n), pr)
            if n:
                tally.add("answered", pr)
            if left is None:
                return then(s, pr)
            arm = binomial(*armour) if armour and left > 0 else {0: Fraction(1)}
            for R, pa in arm.items():
                rest = max(left - R, 0)
                tally.add("wound", pr * pa, rest)
                then(clone(s), pr * pa)
            return
        q, queue = queue[0], queue[1:]
        if left is None:  # no success rolls: the attack threatens until a full-speed answer
            go = q == t or not full
        elif q == t:
            go = answer == "every" or left > 0
        else:
            go = left > 0
        if not go:
            return answers(s, pr, t, a, stepped_in, queue, left, n, full, then)
        s1 = clone(s)
        h = set_aside_highest(s1, q)
        slow = a - h if (q == t and h < a and not stepped_in) else 0
        tally.add("responses", pr)
        tally.add(("slow", slow), pr)
        if slow and not s1["slow_any"]:
            tally.add("slow_round", pr)
            s1["slow_any"] = True
        if left is None:
            return answers(s1, pr, t, a, stepped_in, queue, None, n + 1, full or not slow, then)
        for D, pd in binomial(*defend).items():
            d = max(D - slow_cost * slow, 0)
            tally.add("advantage", pr * pd, max(d - left, 0))
            answers(clone(s1), pr * pd, t, a, stepped_in, queue, max(left - d, 0), n + 1,
                    full or not slow, then)  # fmt: skip

    # ---------------------------------------------------------------- the order
    def act(s, pr, p, v, stepped_in):
        s1 = clone(s)
        if not s1["acted"][0] and not s1["acted"][1]:
            tally.add(("first", p), pr)
        if stepped_in or (attacks(p) and spend == "highest" and highest(s1, p) > v):
            a = set_aside_highest(s1, p)  # a holder's die, or a held die above the turn's
            # «от действия выжидавшего … одинаковая инициатива»: a kept die spent on a
            # turn answered at equal initiative too (kept="equal"), or at its own value
            stepped_in = stepped_in or kept == "equal"
        else:
            s1["un"][p].remove(v)
            s1["gone"][p].append(v)
            a = v
        s1["acted"][sides[p]] = True
        if attacks(p):
            strike(s1, pr, p, a, stepped_in, moment)
        else:
            moment(s1, pr)

    def moment(s, pr):
        end = not any(s["un"])
        keen = [p for p in range(P) if s["held"][p]]
        keen = [p for p in keen if pol[p][1](me(s, p, max(s["held"][p]), end))]
        if keen:
            rank = {
                p: (max(s["held"][p]), s["held"][p].count(max(s["held"][p])), counts(rolled(s, p)))
                for p in keen
            }
            best = [p for p in keen if rank[p] == max(rank.values())]
            for p in best:
                act(s, pr / len(best), p, None, True)
            return
        if end:
            tally.add("rounds", pr)
            return
        queue = [p for p in s["queue"] if s["tier"] in s["un"][p]]
        if queue:
            return turn(s, pr, queue[0], s["tier"])
        v = max(max(d) for d in s["un"] if d)
        who = [p for p in range(P) if v in s["un"][p]]
        rank = {p: (s["un"][p].count(v), counts(rolled(s, p))) for p in who}
        blocks = [[p for p in who if rank[p] == r] for r in sorted(set(rank.values()))[::-1]]
        orders = list(itertools.product(*(itertools.permutations(b) for b in blocks)))
        for o in orders:
            s1 = clone(s)
            s1["tier"], s1["queue"] = v, [p for b in o for p in b]
            turn(s1, pr / len(orders), s1["queue"][0], v)

    def turn(s, pr, p, v):
        if pol[p][0](me(s, p, v, False)):
            s1 = clone(s)
            s1["un"][p].remove(v)
            s1["held"][p].append(v)
            s1["ever"] = s1["ever"] | {p}
            return moment(s1, pr)
        act(s, pr, p, v, False)

    start = {
        "un": [list(d) for d in dice],
        "held": [[] for _ in dice],
        "gone": [[] for _ in dice],
        "acted": [False, False],
        "tier": 0,
        "queue": [],
        "slow_any": False,
        "ever": frozenset(),
    }
    moment(start, Fraction(1))


def defence_round(swiftness, versus, hold="never", versus_hold="never", **how):
    """Sums per round of one round of ``swiftness`` against ``versus``, every roll of the
    initiative dice enumerated: a dict of Fractions (``attacks``, ``answered``,
    ``responses``, ``("slow", k)``, ``slow_round``, ``("first", p)``, …)."""
    sw = list(swiftness) + list(versus)
    sides = [0] * len(swiftness) + [1] * len(versus)
    hold = [hold] * len(swiftness) + [versus_hold] * len(versus)
    tally = Tally()
    seen = {}
    for faces in itertools.product(range(1, 7), repeat=sum(sw)):
        it = iter(faces)
        key = tuple(tuple(sorted(next(it) for _ in range(s))) for s in sw)
        seen[key] = seen.get(key, 0) + 1
    n = 6 ** sum(sw)
    for key, k in seen.items():
        sub = Tally()
        play_round([list(d) for d in key], sides, hold, tally=sub, **how)
        for name, x in sub.s.items():
            tally.add(name, Fraction(k, n), x)
    return tally.s


def summary(s):
    """The issue's figures from the sums: mean slow per answer, rounds with a slow answer,
    attacks answered, per attack."""
    slow = sum(k * s.get(("slow", k), 0) for k in range(6))
    return {
        "mean_slow": slow / s["responses"] if s.get("responses") else None,
        "p_slow_round": s.get("slow_round", Fraction(0)),
        "p_defended": s.get("answered", Fraction(0)) / s["attacks"],
        "p_defendable": s.get("able", Fraction(0)) / s["attacks"],
    }
