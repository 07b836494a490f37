"""The exact form of :func:`~dicestats.initiative.odds` by tiers: polynomial in participants.

Under the default reading (``order="tier"``, ``tiebreak="all"``, each participant's own
margin: ``pip_rule`` ``"one-die"`` or ``"split"``) a participant's place in the round
depends on the others only through independent, per-participant quantities, so nothing
enumerates the joint roll:

- Each participant's prepared roll has a **law**: its face counts (c6..c1) with their
  numbers of ordered rolls (:func:`roll_law`). Participants of one law are exchangeable.
- In the tier of value v the holders act in the order of the key (c_v, c6, …, c1), so
  given a participant's roll r and a value v of it, every other participant q
  independently puts ``n_{>v}(q) + c_v(q)·[key_v(q) > key_v(r)]`` actions before r's
  block of v; an identical roll is a complete tie, before r with a fair coin. The
  distribution of the sum is a product of small generating functions, one per law
  (:func:`_offsets`); the coin among t tied participants puts j of them first with
  1/(t + 1) each, i.e. ∫₀¹ (g + τ·(u·x^c + 1 − u))^m du, in closed form for one law.
  Summed over r and v this is ``p_acts_at`` (so ``p_participant_first``, ``p_first`` and
  ``mean_position``).
- The actions of side A before side B's first: for each B participant p and roll r, p
  acts first for B when every other B roll is lower (ties: p first among them by the
  coins), and the A participants are independent given r (:func:`_actions_before`).
- Acting twice in a row: with two equal dice a participant acts twice in a row (its
  whole tier block), so a round without one has distinct faces per participant; then it
  happens only where the last actor of a tier is the first of the next. A sweep over
  the rolls from the highest (the acting order inside every tier) keeps the values seen,
  one flag per tier boundary and how many participants of each law are placed
  (:func:`_no_double`).

Polynomials are GMP integers (Kronecker substitution: coefficient i at bit K·i), exact
integers over one common denominator 6^dice · n! (n participants: every coin is a
fraction of n!).
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from gmpy2 import mpz

from ..core.checks import refuse
from .limits import LIMITS
from .pips import SPEND, add_pips
from .results import Odds

#: The readings this form carries (``Rules`` fields); :func:`carries` names the others.
READINGS = {"order": ("tier",), "tiebreak": ("all",), "pip_rule": ("one-die", "split")}


def carries(rules) -> str | None:
    """None when the tier form answers these readings, else the first reading it does not
    carry, written ``field='value'``."""
    for name, ok in READINGS.items():
        value = getattr(rules, name)
        if value not in ok:
            return f"{name}={value!r}"
    return None


@dataclass(frozen=True, eq=False)
class Law:
    """The law of one participant's prepared roll: distinct rolls as face counts
    ``counts[i, f]`` (f = 1..6; column 0 unused), ``full[i]`` their tie-break key (c6..c1,
    4 bits each: a higher key ranks first) and ``weights[i]`` their numbers of ordered
    rolls out of 6^s."""

    s: int
    counts: np.ndarray
    full: np.ndarray
    weights: tuple

    @property
    def w64(self) -> np.ndarray:
        return np.array(self.weights, dtype=np.int64)

    def above(self, v: int) -> np.ndarray:
        """Dice above ``v`` of each roll."""
        return self.counts[:, v + 1 :].sum(axis=1)

    def key(self, v: int) -> np.ndarray:
        """Each roll's rank key in the tier of ``v``: c_v, then the face counts."""
        return (self.counts[:, v] << 24) | self.full


def roll_law(s: int, pips: int, pip_rule: str) -> Law:
    """The law of the roll of ``s`` d6 after a margin of ``pips`` spent as ``pip_rule``."""
    combos = np.array(
        list(itertools.combinations_with_replacement(range(6, 0, -1), s)), dtype=np.int64
    )
    ways = [
        math.factorial(s) // math.prod(map(math.factorial, Counter(c).values()))
        for c in combos.tolist()
    ]
    dice = add_pips(combos, pips, SPEND[pip_rule])
    full = (np.left_shift(1, 4 * (dice - 1))).sum(axis=1)
    merged: dict[int, int] = {}
    for k, w in zip(full.tolist(), ways, strict=True):
        merged[k] = merged.get(k, 0) + w
    keys = np.array(sorted(merged), dtype=np.int64)
    counts = np.zeros((len(keys), 7), dtype=np.int64)
    for f in range(1, 7):
        counts[:, f] = (keys >> (4 * (f - 1))) & 15
    return Law(s, counts, keys, tuple(merged[k] for k in keys.tolist()))


# --------------------------------------------------------------------------- polynomials
def _pack(coeffs, k: int):
    """The polynomial Σ coeffs[i]·x^i at x = 2^k (coefficients ≥ 0 below 2^k), as a GMP
    integer: the products of these (powers, ties) run several times faster than Python's."""
    out = mpz(0)
    for i in range(len(coeffs) - 1, -1, -1):
        out = (out << k) | int(coeffs[i])
    return out


def _unpack(value: int, k: int, size: int) -> list[int]:
    """The ``size`` coefficients of a packed polynomial."""
    mask = (1 << k) - 1
    out = []
    for _ in range(size):
        out.append(int(value & mask))
        value >>= k
    return out


def _hist(law: Law, key_r: np.ndarray, v: int, full_r: np.ndarray, k: int):
    """For target rolls with tier keys ``key_r`` (and face-count keys ``full_r``) in the tier
    of ``v``: the packed generating function of the actions one participant of ``law``
    puts before the target's block (its identical roll left out) and that roll's weight.
    Cumulative histograms over the law's rolls in rank order: the rolls ranking higher
    put their dice above v and of v first, the others only those above v."""
    above, cv, key, w = law.above(v), law.counts[:, v], law.key(v), law.w64
    order = np.argsort(-key, kind="stable")
    rows = np.arange(len(order))

    def cumulative(exponent):
        m = np.zeros((len(order) + 1, law.s + 1), dtype=np.int64)
        m[rows + 1, exponent[order]] = w[order]
        return np.cumsum(m, axis=0)

    hi, lo = cumulative(above + cv), cumulative(above)
    ahead = np.searchsorted(-key[order], -key_r, side="left")  # keys above key_r
    hist = hi[ahead] + lo[-1] - lo[ahead]
    j = np.minimum(np.searchsorted(law.full, full_r), len(order) - 1)
    tie = law.full[j] == full_r  # the target's own roll in this law: a coin, not a count
    tau = np.where(tie, w[j], 0)
    hist[np.flatnonzero(tie), above[j[tie]]] -= w[j[tie]]
    return [_pack(row, k) for row in hist.tolist()], tau.tolist()


def _ties(per, i: int, shift: int) -> dict[int, int]:
    """The others tied with row ``i``, as a generating function: ``{t: weight}`` over the
    ``t`` tied participants, each ``(gs, taus), m`` of ``per`` (``m`` alike participants)
    contributing ``C(m, j) tau^j g^(m-j)`` for ``j`` of them tied, shifted ``shift * j`` bits
    (a packed position: 0 for none)."""
    ties = {0: 1}
    for (gs, taus), m in per:
        g, tau = gs[i], taus[i]
        powers = [1]
        for _ in range(m):
            powers.append(powers[-1] * g)
        nxt: dict[int, int] = {}
        for t, val in ties.items():
            for j in range(m + 1 if tau else 1):
                term = val * (math.comb(m, j) * tau**j) * powers[m - j] << (shift * j)
                nxt[t + j] = nxt.get(t + j, 0) + term
        ties = nxt
    return ties


def _offsets(others, v: int, key_r, full_r, n_r, c_r, k: int, scale: int) -> list[int]:
    """For each target roll (tier key ``key_r``, ``n_r`` dice above v, ``c_r`` dice of v):
    the packed distribution (× ``scale``) of the actions every other participant takes
    before its block of v. ``others``: [(law, how many)]; the coin puts j of t tied
    participants (each n_r + c_r·[before]) before the target with 1/(t + 1)."""
    per = [(_hist(law, key_r, v, full_r, k), m) for law, m in others if m]
    out = []
    for i in range(len(key_r)):
        n, c = n_r[i], c_r[i]
        if len(per) == 1:  # ∫₀¹ (A + u·B)^m du = ((A + B)^(m+1) − A^(m+1)) / ((m + 1)·B)
            ((gs, taus), m) = per[0]
            g, tau = gs[i], taus[i]
            if tau == 0:
                out.append(g**m * scale)
                continue
            hi = (g + (tau << (k * (n + c)))) ** (m + 1)
            lo = (g + (tau << (k * n))) ** (m + 1)
            den = tau * ((1 << (k * c)) - 1) << (k * n)
            out.append((hi - lo) * (scale // (m + 1)) // den)
            continue
        ties = _ties(per, i, k * n)  # tied participants → packed generating function
        total = 0
        for t, val in ties.items():
            spread = sum(1 << (k * c * j) for j in range(t + 1))
            total += val * spread * (scale // (t + 1))
        out.append(total)
    return out


# --------------------------------------------------------------------------- the parts
def _acts_at(law: Law, others, n_dice: int, k: int, scale: int) -> list[int]:
    """P(a participant of ``law`` acts at position d), d = 0..n_dice − 1, × 6^dice · scale."""
    total = 0
    w = law.weights
    others = [(o, m) for o, m in others if m]
    if len(others) == 1 and others[0][0] is law:
        return _acts_at_alike(law, others[0][1] + 1, n_dice, k, scale)
    for v in range(1, 7):
        rows = np.flatnonzero(law.counts[:, v] > 0)
        if rows.size == 0:
            continue
        n_r, c_r = law.above(v)[rows].tolist(), law.counts[rows, v].tolist()
        offs = _offsets(others, v, law.key(v)[rows], law.full[rows], n_r, c_r, k, scale)
        for i, r in enumerate(rows.tolist()):
            block = sum(1 << (k * j) for j in range(c_r[i])) << (k * n_r[i])
            total += w[r] * block * offs[i]
    return _unpack(total, k, n_dice)


def _acts_at_alike(law: Law, n: int, n_dice: int, k: int, scale: int) -> list[int]:
    """:func:`_acts_at` when all ``n`` participants share one law: in the tier of v, with
    the rolls holding v in rank order r_1, r_2, …, the others' generating function for
    r_i counting r_i itself as higher is the one for r_(i+1) counting nothing new, so the
    sum over rolls of weight × block × ∫ (A + u·B)^(n−1) du telescopes to
    (A_all^n − A_none^n) / (n·(x − 1)): A_none with no die of v before the target's,
    A_all with every die of v before it."""
    total = 0
    for v in range(1, 7):
        if not (law.counts[:, v] > 0).any():
            continue
        above, cv = law.above(v).tolist(), law.counts[:, v].tolist()
        none, every = [0] * (law.s + 1), [0] * (law.s + 1)
        for a, c, w in zip(above, cv, law.weights, strict=True):
            none[a] += w
            every[a + c] += w
        total += _pack(every, k) ** n - _pack(none, k) ** n
    return _unpack(total // ((1 << k) - 1) * (scale // n), k, n_dice)


def _actions_before(law: Law, m_same: int, a_laws, b_laws, n_a: int, k: int, scale: int):
    """P(a given participant of side B of ``law`` is B's first actor and side A acts j
    times before it), j = 0..n_a, × 6^dice · scale. ``m_same``: its law's other B
    members; ``a_laws``/``b_laws``: [(law, how many)] of side A / the other B laws."""
    total = 0

    @functools.cache
    def coins(a, j, nb):
        """:func:`coin` for b = 0 .. nb - 1."""
        return tuple(coin(a, j, b) for b in range(nb))

    def coin(a, j, b):
        """P(j of a tied A participants, then it, then its b tied B companions) × scale."""
        return (
            math.comb(a + b - j, b)
            * math.factorial(a)
            * math.factorial(b)
            * scale
            // math.factorial(a + b + 1)
        )

    v_r = np.array([max(f for f in range(1, 7) if row[f]) for row in law.counts.tolist()])
    for v in range(1, 7):
        rows = np.flatnonzero(v_r == v)
        if rows.size == 0:
            continue
        key_r, full_r = law.key(v)[rows], law.full[rows]
        c_r = law.counts[rows, v].tolist()
        per = [(_hist(a, key_r, v, full_r, k), m) for a, m in a_laws if m]
        lower = []  # the other B laws: (mass below r, mass equal to r), how many
        for b, m in b_laws + [(law, m_same)]:
            if m:  # b.full ascends: the weight of the rolls below r, and of r itself
                cum = np.concatenate([[0], np.cumsum(b.w64)])
                at = np.searchsorted(b.full, full_r)
                j = np.minimum(at, len(b.full) - 1)
                equal = np.where(b.full[j] == full_r, b.w64[j], 0)
                lower.append((cum[at].tolist(), equal.tolist(), m))
        for i, r in enumerate(rows.tolist()):
            c = c_r[i]
            a_ties = _ties(per, i, 0)
            b_ties = {0: 1}
            for below, equal, m in lower:
                lo, eq = below[i], equal[i]
                nxt = {}
                for t, val in b_ties.items():
                    for j in range(m + 1 if eq else 1):
                        term = val * math.comb(m, j) * eq**j * lo ** (m - j)
                        nxt[t + j] = nxt.get(t + j, 0) + term
                b_ties = nxt
            out = 0
            bs = [b_ties.get(b, 0) for b in range(max(b_ties) + 1)]
            for a, g in a_ties.items():
                spread = 0
                for j in range(a + 1):  # j of the a tied A participants before it
                    coef = sum(map(operator.mul, bs, coins(a, j, len(bs))))
                    spread += coef << (k * c * j)
                out += g * spread
            total += law.weights[r] * out
    return _unpack(total, k, n_a + 1)


def _subsets(law: Law):
    """The law's rolls of distinct faces: {face bitmask: weight}."""
    out = {}
    for row, w in zip(law.counts.tolist(), law.weights, strict=True):
        if max(row) <= 1:
            out[sum(1 << f for f in range(1, 7) if row[f])] = w
    return out


def _sweep_cap() -> int:
    """The rows the double-action sweep may keep in all: half the tier-work cap (about a
    microsecond a row: 8 against 8 of mixed swiftness, 3,3,3,3,3,2,2,2 against
    2,2,2,2,2,1,1,1, keeps 2.75 million in about 3 s)."""
    return LIMITS["tier work"].hi // 2


def _too_big(work: int):
    return refuse(
        "tier work",
        f"at most {_sweep_cap():,} rows in the double-action sweep (half of its cap)",
        f"more than {work:,}",
        why="the sweep keeps a row per placement of each kind of participant, values seen "
        "and tier boundaries",
        instead=LIMITS["tier work"].instead,
    )


def _merge(table: dict, key, row: dict, mult: int) -> None:
    """``table[key] += row × mult``, flag by flag (a row: {flags: weight})."""
    dest = table.get(key)
    if dest is None:
        table[key] = {f: p * mult for f, p in row.items()} if mult != 1 else dict(row)
        return
    for f, p in row.items():
        dest[f] = dest.get(f, 0) + p * mult


def _no_double(laws, counts) -> Fraction:
    """P(nobody acts twice in a row): every participant's faces distinct, and no tier's last
    actor the next tier's first. Sweeps the rolls of distinct faces from the highest
    (the order inside every tier): the state is how many of each law are placed, the
    values seen and a flag per seen value v (its last holder is the first holder of the
    next lower value seen); k participants with one roll are ordered by a coin per tier,
    so each new boundary inside their roll is a double with 1/k, independently.

    Weights are integers: rolls counted out of 6^s each, and every value seen for the
    first time multiplies by n! (a coin's 1/k is n!/k of it)."""
    subs = [_subsets(law) for law in laws]
    unit = math.factorial(sum(counts))
    cap, work = _sweep_cap(), 0

    def rank(mask):
        return sum(1 << (4 * (f - 1)) for f in range(1, 7) if mask >> f & 1)

    sweep = sorted(set().union(*subs), key=rank, reverse=True)
    last = [max((sweep.index(m) for m in s), default=-1) for s in subs]

    @functools.cache
    def boundaries(seen, rho):
        """The values seen after rho, the flags kept, the boundaries that take a coin, and
        n! per value seen for the first time."""
        seen2, new = seen | rho, rho & ~seen
        present = [f for f in range(6, 0, -1) if seen2 >> f & 1]
        keep, coins = 0, []
        for v, u in zip(present, present[1:], strict=False):
            if rho >> v & 1 and new >> u & 1:
                coins.append(v)
            elif not (rho >> v & 1) and not (new >> u & 1):
                keep |= 1 << v
        return seen2, keep, tuple(coins), unit ** bin(new).count("1")

    @functools.cache
    def heads(coins, k):
        """Each outcome of the coins: (flags set, its share of k^len(coins))."""
        out = []
        for hs in itertools.product((0, 1), repeat=len(coins)):
            bits = sum(h << v for v, h in zip(coins, hs, strict=True))
            share = math.prod(1 if h else k - 1 for h in hs)
            if share:
                out.append((bits, share))
        return tuple(out), k ** len(coins)

    states = {(tuple(counts), 0): {0: 1}}  # (left to place, values seen) → {flags: weight}
    for step, rho in enumerate(sweep):
        takers = [i for i, s in enumerate(subs) if rho in s]
        ends = [i for i in takers if last[i] == step]  # all of these must be placed by now
        nxt: dict = {}
        staged = {(rem, seen, 0): row for (rem, seen), row in states.items()}
        for i in takers:  # how many of each law take rho, one law at a time
            more: dict = {}
            for (rem, seen, k), row in staged.items():
                for j in (rem[i],) if i in ends else range(rem[i] + 1):
                    key = (rem[:i] + (rem[i] - j,) + rem[i + 1 :], seen, k + j)
                    _merge(more, key, row, math.comb(rem[i], j) * subs[i][rho] ** j)
            staged = more
            work += sum(map(len, more.values()))
            if work > cap:
                raise _too_big(work)
        for (rem, seen, k), row in staged.items():
            if k == 0:  # nobody took rho
                _merge(nxt, (rem, seen), row, 1)
                continue
            seen2, keep, coins, spread = boundaries(seen, rho)
            outcomes, kk = heads(coins, k)
            dest = nxt.setdefault((rem, seen2), {})
            g = spread // kk  # exact: a coin's k divides n!, one n! per value new here
            for flags, p in row.items():
                w, fixed = p * g, flags & keep
                for bits, share in outcomes:
                    f = fixed | bits
                    dest[f] = dest.get(f, 0) + w * share
        states = nxt
        work += sum(map(len, nxt.values()))
        if work > cap:
            raise _too_big(work)
    done = tuple(0 for _ in laws)
    den = 6 ** sum(law.s * m for law, m in zip(laws, counts, strict=True))
    return sum(
        (
            Fraction(row.get(0, 0), den * unit ** bin(seen).count("1"))
            for (rem, seen), row in states.items()
            if rem == done
        ),
        Fraction(0),
    )


# --------------------------------------------------------------------------- the answer
def tier_odds(fight, exact: bool, outcome_classes: int | None = None) -> Odds:
    """:class:`~.results.Odds` of a checked one-round fight without holding under readings
    :func:`carries` accepts, exactly (Fractions) or as floats of the exact values."""
    setup = fight.setup
    rules = setup.rules
    n, sw, sides = setup.n, setup.sw, setup.sides
    pips = tuple(setup.pips) + tuple(setup.versus_pips)
    kinds = [(sw[p], min(pips[p], 6 * sw[p])) for p in range(n)]
    laws = {kind: roll_law(*kind, rules.pip_rule) for kind in dict.fromkeys(kinds)}
    n_dice = sum(sw)
    scale = math.factorial(n)
    den = 6**n_dice * scale
    k = den.bit_length() + 1
    everyone = Counter(kinds)

    kind_list = list(laws)
    no_double = _no_double([laws[o] for o in kind_list], [everyone[o] for o in kind_list])

    at = {}
    for kind, law in laws.items():
        others = [(laws[o], m - (o == kind)) for o, m in everyone.items()]
        at[kind] = _acts_at(law, others, n_dice, k, scale)

    a_kinds = Counter(kinds[p] for p in range(n) if sides[p] == 0)
    b_kinds = Counter(kinds[p] for p in range(n) if sides[p] == 1)
    n_a = sum(sw[p] for p in range(n) if sides[p] == 0)
    before = [0] * (n_a + 1)
    a_laws = [(laws[o], m) for o, m in a_kinds.items()]
    for kind, m in b_kinds.items():
        b_laws = [(laws[o], mo) for o, mo in b_kinds.items() if o != kind]
        part = _actions_before(laws[kind], m - 1, a_laws, b_laws, n_a, k, scale)
        before = [x + m * y for x, y in zip(before, part, strict=True)]

    def num(x, d=den):
        return Fraction(x, d) if exact else x / d

    first = [at[kinds[p]][0] for p in range(n)]
    pos = [sum((d + 1) * x for d, x in enumerate(at[kinds[p]])) for p in range(n)]
    p_double = 1 - no_double
    return Odds(
        **setup.described(),
        p_first=num(sum(first[: len(setup.swiftness)])),
        p_participant_first=tuple(num(x) for x in first),
        actions_before={i: num(x) for i, x in enumerate(before)},
        p_double=p_double if exact else float(p_double),
        mean_position=tuple(num(pos[p], den * sw[p]) for p in range(n)),
        hold=fight.hold,
        rounds=1,
        p_all_held=(num(0),),
        on_edge={0: num(den), 1: num(0)},
        edge_penalty=fight.edge,
        exact=exact,
        trials=None,
        outcome_classes=outcome_classes,
        p_acts_at=tuple(tuple(num(at[kinds[p]][d]) for p in range(n)) for d in range(n_dice)),
    )
