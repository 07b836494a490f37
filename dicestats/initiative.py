"""The d6 initiative system of seed 002 (RULES.md §3).

Each round every participant rolls as many d6 as its *swiftness*; each die is
one action. The highest unspent die acts next; among participants holding that
value, the one with more dice of it goes first; then the higher other dice
(set-aside dice included) decide; then a fair coin. The actor sets one die of
that value aside and the order is re-evaluated.

Public API
----------
resolve(dice, sides=None, *, rng=None, tiebreak="all", order="action")
    The acting sequence of one concrete round (a list of :class:`Action`), the
    rule applied step by step, coin flips drawn from ``rng``.
order_distribution(dice, *, tiebreak="all", order="action")
    Every acting sequence of one concrete round with its exact probability
    (coin ties weighted 1/m).
apply_pips(dice, pips, policy="highest")
    Preparation pips added to one set of dice by a stated policy.
exact(swiftness, versus, pips=0, versus_pips=0, *, ...)
    Exact enumeration of every dice outcome of a small setup (Fractions);
    returns :class:`ExactResult`. Refuses setups above :data:`EXACT_LIMIT` outcome
    classes or :data:`EXACT_WORK_PER_CLASS` times as many units of work.
simulate(swiftness, versus, trials, rng=None, pips=0, versus_pips=0, workers=1, ...)
    Vectorized Monte Carlo of whole rounds; returns :class:`SimResult`.
defence(swiftness, versus, trials, rng=None, *, ...)
    Reactive defence: one side attacks, the other defends; slow penalties,
    share of defendable attacks, defenders left without dice; optional wounds
    through a pluggable :class:`SuccessRoll`.
SuccessRoll(dice, success=5)
    The *user's assumption* for attack/defence/armour rolls ("k d6, success on
    5+"); the source text does not say how its action rolls work.
acting_order(dice, owners, rng, *, tiebreak="all", order="action")
    The vectorized order for a (rounds, total_dice) array of given dice (the
    same sort keys and coin handling as :func:`simulate`, which looks the keys
    up in per-roll tables instead of computing them).
Result classes: :class:`Action`, :class:`ExactResult`, :class:`SimResult`
(``p_first``, ``p_participant_first``, ``actions_before``, ``p_double``,
``mean_position``, ``position_pmf``, ``raw``), :class:`DefenceResult`.

Options shared by these: ``tiebreak`` ``"all"`` (set-aside dice count in the
tie-break, the default reading) or ``"unspent"``; ``order`` ``"action"``
(re-evaluated after every action, default) or ``"tier"`` (fixed once per value:
participants holding v act in the order decided when v is reached, each
spending all its v dice in a row); ``pip_policy`` ``"highest"`` (default: raise
the highest die below 6 first, which is the same as filling the dice closest
to 6) or ``"single"`` (the seed read literally: all pips on one die — the
lowest die that the pips can bring to 6, else the highest die below 6).

Preparation pips (``pips``, ``versus_pips``): an int is a pool for the whole
side (RULES.md); a list gives each participant its own margin for its own dice
(the seed: "the hero may raise …").

Participants are numbered side by side: the ``swiftness`` side first (labels
A1, A2, …), then the ``versus`` side (B1, B2, …). Not modelled: holding a die
(and the "everyone held" rule); the choice to defend after seeing the attack only
as :func:`defence`'s ``defend_if_hit`` (no defence against an attack that scored
nothing).

Examples
--------
>>> [a.participant for a in resolve([[6, 2], [6, 6], [4]])]
[1, 1, 0, 2, 0]
>>> r = exact([1], [1])
>>> r.p_first
Fraction(1, 2)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .core import montecarlo as mc
from .core.checks import check_bool, check_choice, check_int, check_int_list

__all__ = [
    "Action",
    "resolve",
    "order_distribution",
    "apply_pips",
    "exact",
    "ExactResult",
    "simulate",
    "SimResult",
    "defence",
    "DefenceResult",
    "SuccessRoll",
    "acting_order",
    "EXACT_LIMIT",
    "EXACT_WORK_PER_CLASS",
    "MAX_SWIFTNESS",
    "MAX_PARTICIPANTS",
]

#: Largest swiftness handled (a count of one face must fit in 4 bits of the sort key).
MAX_SWIFTNESS = 15
#: Largest number of participants in one round (6 bits of the sort key).
MAX_PARTICIPANTS = 64
#: :func:`exact` refuses setups with more dice outcomes than this (outcomes are
#: counted as one multiset of faces per participant: C(s + 5, 5) for swiftness s).
EXACT_LIMIT = 100_000
#: :func:`exact` also refuses setups whose work, outcome classes x dice x
#: participants^2 / 4 (ties among many participants branch), exceeds this many times
#: ``limit``: up to ~12 us of CPU per unit on a busy machine, so the default (500,000
#: units) stays under ~6 s; it refuses e.g. [3, 3] vs [2] (1.2 million units, 5-10 s),
#: [15] vs [1] (1.5 million, 11 s) and [6] vs [4] (582,120 units, 6-9 s), and allows
#: [9] vs [2] (462,462 units, 3.3 s).
EXACT_WORK_PER_CLASS = 5

TIEBREAKS = ("all", "unspent")
ORDERS = ("action", "tier")
PIP_POLICIES = ("highest", "single")


class Action(NamedTuple):
    """One action of a round: who acts, on which side, with which die value."""

    participant: int
    side: int
    value: int


# =========================================================================== plain rules
def _check_dice(dice) -> list[list[int]]:
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence) or not dice:
        raise TypeError("dice must be a non-empty list of lists of d6 values (1..6)")
    out = [check_int_list(f"dice[{i}]", d, 1, 6) for i, d in enumerate(dice)]
    if len(out) > MAX_PARTICIPANTS:
        raise ValueError(f"dice: at most {MAX_PARTICIPANTS} participants, got {len(out)}")
    return out


def _check_options(tiebreak, order):
    check_choice("tiebreak", tiebreak, TIEBREAKS)
    check_choice("order", order, ORDERS)


def _step_by_step(dice, tiebreak, order, choose):
    """RULES.md §3 "Acting order", applied one action at a time.

    ``choose(tied)`` picks one participant among those still tied (the coin).
    Returns the list of (participant, value) in acting order.
    """
    remaining = [sorted(d, reverse=True) for d in dice]
    spent: list[list[int]] = [[] for _ in dice]
    seq = []

    def rank(p, v):
        # rule 2: more unspent dice of value v; rule 3: the other dice, high to
        # low, lexicographically (Python compares lists that way, and a shorter
        # list that is a prefix of a longer one ranks lower: a missing die is lowest).
        pool = remaining[p] + spent[p] if tiebreak == "all" else list(remaining[p])
        return (remaining[p].count(v), sorted(pool, reverse=True))

    while any(remaining):
        v = max(r[0] for r in remaining if r)  # rule 1
        holders = [p for p in range(len(dice)) if v in remaining[p]]
        if order == "action":
            best = max(rank(p, v) for p in holders)
            tied = [p for p in holders if rank(p, v) == best]
            p = tied[0] if len(tied) == 1 else choose(tied)  # rule 4
            remaining[p].remove(v)  # rule 5
            spent[p].append(v)
            seq.append((p, v))
        else:  # the order of this value tier is fixed once, then each holder spends its v dice
            ranks = {p: rank(p, v) for p in holders}
            queue = []
            left = list(holders)
            while left:
                best = max(ranks[p] for p in left)
                tied = [p for p in left if ranks[p] == best]
                p = tied[0] if len(tied) == 1 else choose(tied)
                queue.append(p)
                left.remove(p)
            for p in queue:
                while v in remaining[p]:
                    remaining[p].remove(v)
                    spent[p].append(v)
                    seq.append((p, v))
    return seq


def resolve(dice, sides=None, *, rng=None, tiebreak: str = "all", order: str = "action"):
    """The acting sequence of one round with the given dice.

    Parameters
    ----------
    dice : list of list of int
        Each participant's initiative dice (values 1..6), after preparation pips.
    sides : list of int, optional
        Each participant's side (default 0 for all); copied into the actions.
    rng : None, int or Generator
        Source of the coin flips for complete ties (SPEC 7).
    tiebreak : {"all", "unspent"}
        Whether set-aside dice count in the tie-break (default: they do).
    order : {"action", "tier"}
        Re-evaluate after every action (default) or fix the order once per value.

    Returns
    -------
    list of Action
        One entry per die, in acting order.

    Examples
    --------
    Two dice of 6 beat one (rule 2); then the 6s of the other, then 4 before 2:

    >>> [tuple(a) for a in resolve([[6, 2], [6, 6]], sides=[0, 1])]
    [(1, 1, 6), (1, 1, 6), (0, 0, 6), (0, 0, 2)]
    """
    dice = _check_dice(dice)
    _check_options(tiebreak, order)
    if sides is None:
        sides = [0] * len(dice)
    sides = check_int_list("sides", sides, 0)
    if len(sides) != len(dice):
        raise ValueError(
            f"sides must have one entry per participant ({len(dice)}), got {len(sides)}"
        )
    gen = np.random.default_rng(rng)

    def choose(tied):
        return tied[int(gen.integers(len(tied)))]

    return [Action(p, sides[p], v) for p, v in _step_by_step(dice, tiebreak, order, choose)]


def order_distribution(dice, *, tiebreak: str = "all", order: str = "action"):
    """Every acting sequence of one concrete round with its exact probability.

    Complete ties are settled by a fair choice among the m tied participants
    (probability 1/m each); every branch is followed.

    Parameters
    ----------
    dice : list of list of int
        Each participant's dice.
    tiebreak, order : str
        As in :func:`resolve`.

    Returns
    -------
    dict
        ``{tuple of participant indices in acting order: Fraction}``; sums to 1.

    Examples
    --------
    >>> order_distribution([[3], [3]])
    {(0, 1): Fraction(1, 2), (1, 0): Fraction(1, 2)}
    """
    dice = _check_dice(dice)
    _check_options(tiebreak, order)
    out: dict[tuple, Fraction] = {}
    path: list[int] = []  # the choices to replay, as indices into each tie
    while True:
        arities: list[int] = []

        def choose(tied, arities=arities, path=path):
            j = len(arities)
            arities.append(len(tied))
            return tied[path[j] if j < len(path) else 0]

        seq = _step_by_step(dice, tiebreak, order, choose)
        path = path + [0] * (len(arities) - len(path))
        prob = Fraction(1, math.prod(arities))
        key = tuple(p for p, _ in seq)
        out[key] = out.get(key, Fraction(0)) + prob
        # next path, odometer style (deepest choice first)
        while path and path[-1] + 1 >= arities[len(path) - 1]:
            path.pop()
        if not path:
            return out
        path[-1] += 1


def apply_pips(dice, pips: int, policy: str = "highest") -> list[int]:
    """Add preparation pips to one set of initiative dice (no die above 6).

    Parameters
    ----------
    dice : list of int
        The dice the pips may go to (one participant's, or a whole side's).
    pips : int
        The margin of the preparation roll (>= 0); excess is lost.
    policy : {"highest", "single"}
        ``"highest"``: one pip at a time to the highest die below 6 (so dice are
        filled to 6 in order of closeness to 6). ``"single"``: every pip on one
        die — the lowest die the pips can bring to 6, else the highest die below 6.

    Returns
    -------
    list of int
        The dice after the pips, in the same positions.

    Examples
    --------
    >>> apply_pips([5, 3, 2], 3)
    [6, 5, 2]
    >>> apply_pips([5, 3, 2], 3, "single")
    [5, 6, 2]
    """
    dice = check_int_list("dice", dice, 1, 6, min_len=0)
    pips = check_int("pips", pips, 0)
    check_choice("policy", policy, PIP_POLICIES)
    out = list(dice)
    below = [i for i in range(len(out)) if out[i] < 6]
    if not below or pips == 0:
        return out
    if policy == "highest":
        for i in sorted(below, key=lambda i: -out[i]):
            add = min(pips, 6 - out[i])
            out[i] += add
            pips -= add
        return out
    reach = [i for i in below if 6 - out[i] <= pips]
    i = min(reach, key=lambda i: out[i]) if reach else max(below, key=lambda i: out[i])
    out[i] += min(pips, 6 - out[i])
    return out


# =========================================================================== setups
def _check_setup(swiftness, versus, pips, versus_pips, pip_policy, tiebreak, order):
    a = check_int_list("swiftness", swiftness, 1, MAX_SWIFTNESS)
    b = check_int_list("versus", versus, 1, MAX_SWIFTNESS)
    if len(a) + len(b) > MAX_PARTICIPANTS:
        raise ValueError(f"at most {MAX_PARTICIPANTS} participants in all, got {len(a) + len(b)}")
    pa = _check_pips("pips", pips, len(a))
    pb = _check_pips("versus_pips", versus_pips, len(b))
    check_choice("pip_policy", pip_policy, PIP_POLICIES)
    _check_options(tiebreak, order)
    return a, b, pa, pb


def _check_pips(name, pips, n):
    """An int (a side pool) or a list with one margin per participant."""
    if isinstance(pips, (list, tuple, np.ndarray)):
        out = check_int_list(name, pips, 0, 1000)
        if len(out) != n:
            raise ValueError(
                f"{name} must be one int (the side's pool) or one int per "
                f"participant ({n}), got {len(out)} values"
            )
        return out
    return check_int(name, pips, 0, 1000)


def _prepare(dice_by_part, sides, pools, policy):
    """Apply pips to a concrete round: pools[side] is an int (pool) or a per-participant list."""
    dice = [list(d) for d in dice_by_part]
    for side, pool in enumerate(pools):
        members = [p for p in range(len(dice)) if sides[p] == side]
        if isinstance(pool, list):
            for j, p in enumerate(members):
                dice[p] = apply_pips(dice[p], pool[j], policy)
        elif pool:
            flat = [v for p in members for v in dice[p]]
            flat = apply_pips(flat, pool, policy)
            k = 0
            for p in members:
                dice[p] = flat[k : k + len(dice[p])]
                k += len(dice[p])
    return dice


def _labels(na, nb):
    return [f"A{i + 1}" for i in range(na)] + [f"B{i + 1}" for i in range(nb)]


def _sequence_stats(seq, sides, n_parts):
    """Statistics of one acting sequence (a tuple of participant indices)."""
    before = 0
    for p in seq:
        if sides[p] == 1:
            break
        before += 1
    double = any(seq[i] == seq[i + 1] for i in range(len(seq) - 1))
    pos = [0] * n_parts
    for i, p in enumerate(seq):
        pos[p] += i + 1
    return seq[0], before, double, pos


@dataclass(frozen=True)
class ExactResult:
    """Exact round statistics of a small setup (every value a Fraction).

    Attributes
    ----------
    labels : list of str
        Participant labels (A1.. for the first side, B1.. for the other).
    p_first : Fraction
        P(the first side acts first).
    p_participant_first : list of Fraction
        P(each participant acts first).
    actions_before : dict of int to Fraction
        Distribution of the number of first-side actions before the other
        side's first action (0 .. first side's dice).
    p_double : Fraction
        P(some participant acts twice in a row).
    mean_position : list of Fraction
        Each participant's mean action position (1-based; averaged over its
        dice and over rounds).
    outcomes : int
        Number of dice-outcome classes enumerated.
    """

    labels: list
    p_first: Fraction
    p_participant_first: list
    actions_before: dict
    p_double: Fraction
    mean_position: list
    outcomes: int


def _multisets(s):
    """(faces, weight) for every multiset of s d6: weight = multinomial count."""
    out = []
    for combo in itertools.combinations_with_replacement(range(6, 0, -1), s):
        w = math.factorial(s)
        for f in set(combo):
            w //= math.factorial(combo.count(f))
        out.append((list(combo), w))
    return out


def exact(
    swiftness,
    versus,
    pips=0,
    versus_pips=0,
    *,
    pip_policy: str = "highest",
    tiebreak: str = "all",
    order: str = "action",
    limit: int = EXACT_LIMIT,
) -> ExactResult:
    """Exact statistics of one round by enumerating every dice outcome.

    Each participant's roll is enumerated as a multiset of faces weighted by
    its number of orderings (so all 6^k ordered outcomes are covered), and
    complete ties are weighted 1/m over the m tied participants.

    Parameters
    ----------
    swiftness, versus : list of int
        Swiftness (number of d6) of each participant of the two sides.
    pips, versus_pips : int or list of int
        Preparation pips: an int is the side's pool; a list gives each
        participant its own margin for its own dice.
    pip_policy, tiebreak, order : str
        As in :func:`simulate`.
    limit : int
        Refuse setups with more outcome classes than this (default
        :data:`EXACT_LIMIT`), or with more work than
        :data:`EXACT_WORK_PER_CLASS` times this (work = outcome classes x dice x
        participants² / 4, a measure of the running time).

    Returns
    -------
    ExactResult

    Raises
    ------
    ValueError
        If the setup has more than ``limit`` outcome classes, or more work (as above).

    Examples
    --------
    One die against two: the single die acts first only if it beats both
    (a tie loses: the other side has more dice, and a missing die ranks
    lowest), so P = Σ_x (x-1)²/6³ = 55/216:

    >>> exact([1], [2]).p_first
    Fraction(55, 216)
    """
    a, b, pa, pb = _check_setup(swiftness, versus, pips, versus_pips, pip_policy, tiebreak, order)
    limit = check_int("limit", limit, 1)
    sw = a + b
    sides = [0] * len(a) + [1] * len(b)
    size = math.prod(math.comb(s + 5, 5) for s in sw)
    if size > limit:
        raise ValueError(
            f"exact enumeration limited to {limit:,} outcome classes; this setup has {size:,} "
            f"(use simulate / drop --exact, or fewer dice)"
        )
    work = size * sum(sw) * len(sw) ** 2 // 4
    if work > EXACT_WORK_PER_CLASS * limit:
        raise ValueError(
            f"exact enumeration limited to {EXACT_WORK_PER_CLASS * limit:,} units of work "
            f"(outcome classes x dice x participants^2 / 4); this setup needs {work:,} "
            f"(use simulate / drop --exact, or fewer dice or participants)"
        )
    P = len(sw)
    total_w = 6 ** sum(sw)
    # integer sums over the common denominator total_w * M (Fractions are slow): a coin
    # branch has probability 1 / (product of tie sizes), each size <= P, at most one
    # tie per die, so M = lcm(1..P)^(dice) is a multiple of every branch's denominator
    M = math.lcm(*range(1, P + 1)) ** sum(sw)
    first = [0] * P
    before = [0] * (sum(a) + 1)
    double = 0
    pos = [0] * P
    for combo in itertools.product(*(_multisets(s) for s in sw)):
        w = math.prod(c[1] for c in combo)
        dice = _prepare([c[0] for c in combo], sides, [pa, pb], pip_policy)
        for seq, pr in order_distribution(dice, tiebreak=tiebreak, order=order).items():
            wt = w * pr.numerator * (M // pr.denominator)
            f, k, dbl, ps = _sequence_stats(seq, sides, P)
            first[f] += wt
            before[k] += wt
            if dbl:
                double += wt
            for p in range(P):
                pos[p] += wt * ps[p]
    den = total_w * M
    return ExactResult(
        labels=_labels(len(a), len(b)),
        p_first=Fraction(sum(first[: len(a)]), den),
        p_participant_first=[Fraction(x, den) for x in first],
        actions_before={k: Fraction(x, den) for k, x in enumerate(before)},
        p_double=Fraction(double, den),
        mean_position=[Fraction(pos[p], den * sw[p]) for p in range(P)],
        outcomes=size,
    )


# =========================================================================== vectorized
# Sort key of one die: ascending order = acting order. In the int64 format, from the top:
#   value v (3 bits) | r: dice of value v its owner still has to spend when this die acts
#   (all its v dice for order="tier") (4 bits) | tie-break: the owner's face counts c6..c1,
#   4 bits each (24 bits; only faces below v for tiebreak="unspent")
#   — these 31 bits are complemented so that the higher rank sorts first —
#   | coin (26 bits: cheap b-bit coins, redrawn whole where two tied dice share one)
#   | owner (6 bits).
# Comparing face counts from 6 down to 1 is the same as comparing the dice sorted high
# to low lexicographically with a missing die lowest (RULES.md §3 note).
# The fast path of `simulate` replaces the 31 high bits by their dense rank among the
# values the setup can produce, which often fits an int32 key (half the memory traffic).
_OWN_BITS = 6
_OWN_MASK = (1 << _OWN_BITS) - 1
_TB_SHIFT = 32
_R_SHIFT = _TB_SHIFT + 24  # 56
_V_SHIFT = _R_SHIFT + 4  # 60
_HIGH = ((1 << 31) - 1) << _TB_SHIFT  # bits 32..62
_TABLE_MAX_S = 5  # swiftness up to this uses precomputed per-roll key tables (6^5 rows)


class _Fmt:
    """Where the coin field sits in a key array, and the key dtype."""

    def __init__(self, dtype, coin_bits, n_parts):
        self.dtype = np.dtype(dtype)
        self.coin_bits = coin_bits  # the coin field is bits _OWN_BITS .. _OWN_BITS+coin_bits-1
        self.coin_mask = ((1 << coin_bits) - 1) << _OWN_BITS
        self.n_parts = n_parts


_FMT64 = 26  # coin bits of the int64 format (bits 6..31)


def _np_pips(x, pips, policy):
    """Vectorized :func:`apply_pips` on each row of an int array ``x`` (rows, m)."""
    if pips == 0:
        return x
    x = np.array(x, dtype=np.int64, copy=True)
    need = 6 - x
    if policy == "highest":
        order = np.argsort(-x, axis=1, kind="stable")
        need_s = np.take_along_axis(need, order, axis=1)
        before = np.cumsum(need_s, axis=1) - need_s
        give = np.clip(pips - before, 0, need_s)
        np.put_along_axis(x, order, np.take_along_axis(x, order, axis=1) + give, axis=1)
        return x
    rows = np.arange(x.shape[0])
    reach = (need > 0) & (need <= pips)
    i_reach = np.argmax(np.where(reach, need, -1), axis=1)  # lowest die that reaches 6
    i_high = np.argmin(np.where(need > 0, need, 99), axis=1)  # highest die below 6
    i = np.where(reach.any(axis=1), i_reach, i_high)
    x[rows, i] += np.minimum(pips, need[rows, i])
    return x


def _keys(d, tiebreak, order):
    """Ascending sort keys (no coin, no owner) for dice ``d`` of shape (..., s)."""
    d = np.asarray(d).astype(np.int64)
    shift = 4 * (d - 1)
    x = np.left_shift(1, shift)
    vec = x.sum(axis=-1, keepdims=True)  # face counts, 4 bits per face, c6 highest
    if order == "action":
        suffix = np.cumsum(x[..., ::-1], axis=-1)[..., ::-1]  # this die and later ones
        r = (suffix >> shift) & 15
    else:
        r = (vec >> shift) & 15
    tb = vec if tiebreak == "all" else vec & ((1 << shift) - 1)
    return _HIGH ^ ((d << _V_SHIFT) | (r << _R_SHIFT) | (tb << _TB_SHIFT))


def _roll_table(s):
    """All 6^s ordered rolls of s dice, shape (6^s, s); row index = base-6 digits."""
    return (np.indices((6,) * s).reshape(s, -1).T + 1).astype(np.int64)


def _any_rows(b):
    """``b.any(axis=1)`` for a 2-d bool array, fast for short rows (8 bytes at a time)."""
    buf = _bool_buffer(*b.shape)
    buf[:, : b.shape[1]] = b
    return _any_buffer(buf)


def _bool_buffer(n, w):
    """A zeroed (n, w rounded up to 8) bool array: fill ``[:, :w]`` via ``out=``."""
    return np.zeros((n, max(8, w + (-w % 8))), dtype=bool)


def _any_buffer(buf):
    v = buf.view(np.uint64)
    out = v[:, 0] != 0
    for j in range(1, v.shape[1]):
        out |= v[:, j] != 0
    return out


def _roll_table_base(s, base):
    """All base^s digit vectors of length s, shape (base^s, s), most significant first."""
    return np.indices((base,) * s).reshape(s, -1).T.astype(np.int64)


def _coin_bits(s):
    """Bits of cheap coin per die for swiftness s: the most (<= 4) keeping 6^s 2^(bs) <= 2^15."""
    b = 4
    while b and 6**s * 2 ** (b * s) > 2**15:
        b -= 1
    return b


def _sort_keys(keys, rng, mode, fmt, real=None, inplace=False):
    """Sort keys into acting order; complete ties are settled by fair coins.

    ``keys`` may already carry cheap b-bit coins (the same width for every die).
    A row where two tied dice of different participants share a coin (in
    ``"tier"`` mode: any such tie, coins are drawn per participant and value) is
    sorted again with a fresh full coin field until no two tied dice share one.
    Coins are i.i.d. and rows are redrawn whole, so the order among tied dice
    stays uniformly random. Only the first ``real`` sorted columns are checked
    (sentinel padding sorts last and never ties).
    """
    if inplace:
        keys.sort(axis=1)
        srt = keys
    else:
        srt = np.sort(keys, axis=1)
    chk = srt if real is None else srt[:, :real]
    x = chk[:, 1:] ^ chk[:, :-1]
    buf = _bool_buffer(*x.shape)
    same = np.less_equal(x, _OWN_MASK, out=buf[:, : x.shape[1]])  # equal above the owner bits
    if mode == "tier":  # a participant's own equal dice are not a tie
        same &= x != 0
    tied = _any_buffer(buf)
    if tied.any():
        rows = np.flatnonzero(tied)
        clear = srt[rows] & ~srt.dtype.type(fmt.coin_mask)
        srt[rows] = _coin_sort(clear, rng, mode, fmt)
    return srt


def _coin_sort(keys, rng, mode, fmt):
    out = np.empty_like(keys)
    todo = np.arange(keys.shape[0])
    while todo.size:
        k = keys[todo]
        if mode == "action":  # a fresh coin for every tie event: one per die
            coin = rng.integers(0, 1 << fmt.coin_bits, size=k.shape, dtype=k.dtype)
        else:  # one coin per (participant, value): a participant's tier stays together
            table = rng.integers(
                0, 1 << fmt.coin_bits, size=(k.shape[0], fmt.n_parts, 8), dtype=np.int64
            )
            rows = np.arange(k.shape[0])[:, None]
            face = ((_HIGH ^ k) >> _V_SHIFT) & 7
            coin = table[rows, k & _OWN_MASK, face]
        coin <<= _OWN_BITS  # coin_bits + 6 bits fit the key dtype
        srt = np.sort(k | coin.astype(k.dtype, copy=False), axis=1)
        x = srt[:, 1:] ^ srt[:, :-1]
        clash = x <= _OWN_MASK
        if mode == "tier":
            clash &= x != 0
        clash = clash.any(axis=1)
        out[todo[~clash]] = srt[~clash]
        todo = todo[clash]  # two tied dice drew the same coin: redraw that row
    return out


class _Rounds:
    """Picklable batch function for :func:`simulate` (and the layout it needs).

    Participants are grouped by (side, swiftness, own pips). Groups with
    swiftness <= 5 look their keys up in per-roll tables (row = one ordered roll
    of the participant's s dice plus b-bit coins, uniformly drawn: the same law
    as s dice). Without pool pips, every participant is padded to the largest
    swiftness with sentinel keys that sort last, and one ``take`` builds the
    whole key array from a single uniform draw per chunk of participants.
    """

    def __init__(self, a, b, pa, pb, pip_policy, tiebreak, order, dense=True):
        self.sw = a + b
        self.na = len(a)
        self.da = sum(a)
        self.policy, self.tiebreak, self.mode = pip_policy, tiebreak, order
        self.pools = [pa if isinstance(pa, int) else 0, pb if isinstance(pb, int) else 0]
        own = (pa if isinstance(pa, list) else [0] * len(a)) + (
            pb if isinstance(pb, list) else [0] * len(b)
        )
        sides = [0] * len(a) + [1] * len(b)
        # cheap coins: b bits per die, the same b for every die (a fair comparison);
        # tables stay small (<= 2^15 rows per participant); none in tier mode
        self.b = 0
        if order == "action":
            small = [s for s in self.sw if s <= _TABLE_MAX_S]
            self.b = min([_coin_bits(s) for s in small], default=4)
        groups: dict = {}
        for p, s in enumerate(self.sw):
            groups.setdefault((sides[p], s, own[p]), []).append(p)
        self.groups = []
        col = 0
        for (side, s, op), parts in sorted(groups.items()):
            m = len(parts)
            g = {
                "parts": np.array(parts),
                "s": s,
                "m": m,
                "side": side,
                "pips": op,
                "c0": col,
                "c1": col + m * s,
            }
            col += m * s
            g["table"] = s <= _TABLE_MAX_S
            if g["table"]:
                rolls = _roll_table(s)
                g["dice"] = rolls
                k = _keys(_np_pips(rolls, op, pip_policy), tiebreak, order)
                # row = roll + 6^s * (b-bit coin of each die, base 2^b); one copy of the
                # table per participant of the group, its owner number folded in
                g["rows"] = 6**s * 2 ** (self.b * s)
                coin = _roll_table_base(s, 2**self.b) << _OWN_BITS
                k = (k[None, :, :] | coin[:, None, :]).reshape(-1, s)
                owner = np.array(parts, dtype=np.int64)[:, None, None]
                g["keys"] = (k[None, :, :] | owner).reshape(m * g["rows"], s)
                g["offset"] = (np.arange(m) * g["rows"]).astype(np.int32)
            self.groups.append(g)
        self.D = col
        self.fmt = _Fmt(np.int64, _FMT64, len(self.sw))
        self._build_fast(dense)

    def _build_fast(self, dense):
        """One draw per chunk of participants when all have key tables and no pool pips."""
        self.fast = None
        if self.pools[0] or self.pools[1] or not all(g["table"] for g in self.groups):
            return
        P = len(self.sw)
        sizes = [0] * P
        blocks = [None] * P
        W = max(self.sw)
        pad = 0
        for g in self.groups:
            s = g["s"]
            for j, p in enumerate(g["parts"]):
                blk = g["keys"][j * g["rows"] : (j + 1) * g["rows"]]
                if s < W:  # sentinels: beyond every real key, never equal to each other
                    sent = [
                        (7 << _V_SHIFT) | ((pad + i) << _TB_SHIFT) | int(p) for i in range(W - s)
                    ]
                    pad += W - s
                    blk = np.hstack([blk, np.tile(np.array(sent, np.int64), (blk.shape[0], 1))])
                blocks[int(p)] = blk
                sizes[int(p)] = g["rows"]
        table = np.ascontiguousarray(np.vstack(blocks))
        if dense and self.mode == "action":
            # replace the 31 high bits by their dense rank: often an int32 key
            high = table >> _TB_SHIFT
            uniq, rank = np.unique(high, return_inverse=True)
            rank = rank.reshape(table.shape)
            cb = 31 - _OWN_BITS - max(1, int(uniq.size - 1).bit_length())
            if cb >= max(12, self.b):
                low = table & ((1 << _OWN_BITS + self.b) - 1)  # cheap coin and owner
                table = ((rank.astype(np.int64) << (_OWN_BITS + cb)) | low).astype(np.int32)
                self.fmt = _Fmt(np.int32, cb, P)
        # participants in chunks whose product of table sizes fits one int64 draw
        chunks, cur = [], []
        for p, size in enumerate(sizes):
            if cur and math.prod(sizes[q] for q in cur) * size > 2**62:
                chunks.append(cur)
                cur = []
            cur.append(p)
        chunks.append(cur)
        offsets = np.cumsum([0] + sizes[:-1]).tolist()
        self.fast = {
            "table": table,
            "chunks": [
                (math.prod(sizes[q] for q in c), [(q, sizes[q], offsets[q]) for q in c])
                for c in chunks
            ],
        }

    def draw(self, rng, n):
        """Keys (n, >= D) in ``self.fmt``: ascending acting order, owner in the low bits.

        With the one-draw layout, extra sentinel columns sort after the D real dice.
        """
        if self.fast is not None:
            idx = np.empty((n, len(self.sw)), dtype=np.int64)
            for total, members in self.fast["chunks"]:
                r = rng.integers(0, total, size=n, dtype=np.int64)
                for p, size, off in members:
                    r, digit = np.divmod(r, size)
                    idx[:, p] = digit + off
            return np.take(self.fast["table"], idx, axis=0).reshape(n, -1)
        parts = []
        dice = {}
        coins = {}
        for gi, g in enumerate(self.groups):
            s, m = g["s"], g["m"]
            if g["table"]:
                idx = rng.integers(0, g["rows"], size=(n, m), dtype=np.int32)
                if self.pools[g["side"]]:
                    dice[gi] = g["dice"][idx % 6**s]  # (n, m, s), pips still to add
                    coins[gi] = (idx // 6**s)[:, :, None] >> (self.b * np.arange(s - 1, -1, -1)) & (
                        2**self.b - 1
                    )
                    parts.append(None)
                else:
                    idx += g["offset"]
                    parts.append(np.take(g["keys"], idx, axis=0).reshape(n, m * s))
            else:
                d = rng.integers(1, 7, size=(n * m, s), dtype=np.int64)
                dice[gi] = _np_pips(d, g["pips"], self.policy).reshape(n, m, s)
                coins[gi] = rng.integers(0, 2**self.b, size=(n, m, s), dtype=np.int64)
                parts.append(None)
        for side in (0, 1):
            gis = [gi for gi in dice if self.groups[gi]["side"] == side]
            if gis and self.pools[side]:
                # the side's dice in participant order, as exact() and apply_pips see
                # them: of two equal dice the first gets the pip, which decides whose
                # die is raised (groups are sorted by swiftness, not by participant)
                cols = sorted(
                    (int(p), gi, j) for gi in gis for j, p in enumerate(self.groups[gi]["parts"])
                )
                flat = np.concatenate([dice[gi][:, j, :] for _, gi, j in cols], axis=1)
                flat = _np_pips(flat, self.pools[side], self.policy)
                k = 0
                for _, gi, j in cols:
                    s = self.groups[gi]["s"]
                    dice[gi][:, j, :] = flat[:, k : k + s]
                    k += s
        for gi, d in dice.items():
            g = self.groups[gi]
            owner = np.repeat(g["parts"], g["s"]).astype(np.int64)
            k = _keys(d, self.tiebreak, self.mode) | (coins[gi].astype(np.int64) << _OWN_BITS)
            parts[gi] = k.reshape(n, -1) | owner
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)

    def _offsets(self, n):
        """(n, D) int32: P * (position + D * block of the row), cached per batch size."""
        cache = self.__dict__.setdefault("_off_cache", {})
        if n not in cache:
            blk = _block_rows(n)
            P, D = len(self.sw), self.D
            row_blk = (np.arange(n) // blk).astype(np.int32)
            cache.clear()
            cache[n] = (
                P * (np.arange(D, dtype=np.int32)[None, :] + D * row_blk[:, None]),
                np.bincount(row_blk).astype(np.int64),
            )
        return cache[n]

    def __call__(self, rng, n):
        srt = _sort_keys(self.draw(rng, n), rng, self.mode, self.fmt, self.D, True)
        owner = srt[:, : self.D] & _OWN_MASK
        P, D = len(self.sw), self.D
        first = np.bincount(owner[:, 0], minlength=P)
        before = np.argmax(owner >= self.na, axis=1)
        buf = _bool_buffer(n, D - 1)
        np.equal(owner[:, 1:], owner[:, :-1], out=buf[:, : D - 1])
        double = _any_buffer(buf)
        # who acts at each position, per block of rows: the mean position and its
        # standard error by batch means over blocks (rounds are i.i.d.)
        off, rows_in = self._offsets(n)
        k = rows_in.size
        hist = np.bincount((off + owner).ravel(), minlength=k * D * P).reshape(k, D, P)
        tot = np.einsum("kdp,d->kp", hist, np.arange(1, D + 1, dtype=np.int64))
        return {
            "first_side": int(first[: self.na].sum()),
            "first": first,
            "before": np.bincount(before, minlength=self.da + 1),
            "double": int(np.count_nonzero(double)),
            "position": hist.sum(axis=0),
            "blocks": k,
            "pos": tot.sum(axis=0),
            "pos_sq": (tot * tot).sum(axis=0),
            "rows": int(rows_in.sum()),
            "rows_sq": int((rows_in * rows_in).sum()),
            "pos_x_rows": (tot * rows_in[:, None]).sum(axis=0),
        }


def _block_rows(n):
    """Rows per block for batch-means standard errors: >= 32 blocks when n >= 32."""
    return max(1, min(1024, n // 32))


def acting_order(dice, owners, rng=None, *, tiebreak: str = "all", order: str = "action"):
    """Vectorized acting order for many rounds at once.

    Parameters
    ----------
    dice : array_like of int, shape (rounds, total_dice)
        Every die of every participant (values 1..6, pips already added).
    owners : sequence of int, length total_dice
        The participant owning each column (0 .. participants-1).
    rng : None, int or Generator
        Coin flips (only rows with a complete tie draw any).
    tiebreak, order : str
        As in :func:`resolve`.

    Returns
    -------
    ndarray, shape (rounds, total_dice)
        The participant of each action, in acting order.

    Examples
    --------
    >>> acting_order([[6, 2, 6, 6, 4]], [0, 0, 1, 1, 2]).tolist()
    [[1, 1, 0, 2, 0]]
    """
    _check_options(tiebreak, order)
    d = np.asarray(dice)
    if d.ndim != 2 or not np.issubdtype(d.dtype, np.integer):
        raise TypeError("dice must be a 2-d integer array (rounds, total_dice)")
    if d.size and (d.min() < 1 or d.max() > 6):
        raise ValueError("dice must hold d6 values 1..6")
    own = np.asarray(check_int_list("owners", owners, 0, MAX_PARTICIPANTS - 1), dtype=np.int64)
    if own.size != d.shape[1]:
        raise ValueError(f"owners must name the owner of each of the {d.shape[1]} columns")
    counts = np.bincount(own)
    if counts.max() > MAX_SWIFTNESS:
        raise ValueError(f"each participant may have at most {MAX_SWIFTNESS} dice")
    keys = np.empty(d.shape, dtype=np.int64)
    for p in np.flatnonzero(counts):
        cols = np.flatnonzero(own == p)
        keys[:, cols] = _keys(d[:, cols], tiebreak, order) | p
    fmt = _Fmt(np.int64, _FMT64, int(counts.size))
    srt = _sort_keys(keys, np.random.default_rng(rng), order, fmt)
    return srt & _OWN_MASK


@dataclass(frozen=True)
class SimResult:
    """Monte Carlo round statistics (each an :class:`~dicestats.core.montecarlo.Estimate`).

    Attributes
    ----------
    labels : list of str
        Participant labels (A1.. first side, B1.. the other side).
    trials : int
        Rounds simulated.
    p_first : Estimate
        P(the first side acts first), Wilson interval.
    p_participant_first : list of Estimate
        P(each participant acts first).
    actions_before : list of Estimate
        ``actions_before[k]``: P(exactly k first-side actions before the other
        side's first action), k = 0 .. first side's dice.
    p_double : Estimate
        P(some participant acts twice in a row).
    mean_position : list of Estimate
        Each participant's mean action position (1-based), normal interval; its
        standard error comes from batch means over blocks of rounds.
    position_pmf : ndarray, shape (total dice, participants)
        ``position_pmf[d, p]``: P(participant p takes the action at position d + 1).
    raw : montecarlo.Result
        The summed counts behind the estimates.
    """

    labels: list
    trials: int
    p_first: mc.Estimate
    p_participant_first: list
    actions_before: list
    p_double: mc.Estimate
    mean_position: list
    position_pmf: np.ndarray
    raw: mc.Totals

    def actions_before_pmf(self) -> dict:
        """``{k: probability}`` of first-side actions before the other side's first.

        Examples
        --------
        >>> r = simulate([1], [1], trials=1000, rng=0)
        >>> sorted(r.actions_before_pmf()), round(sum(r.actions_before_pmf().values()), 12)
        ([0, 1], 1.0)
        """
        return {k: e.value for k, e in enumerate(self.actions_before)}


def simulate(
    swiftness,
    versus,
    trials: int = 100_000,
    rng=None,
    pips=0,
    versus_pips=0,
    workers: int = 1,
    *,
    pip_policy: str = "highest",
    tiebreak: str = "all",
    order: str = "action",
    batch_size: int | None = None,
    progress: bool | None = None,
) -> SimResult:
    """Simulate whole rounds of two sides (vectorized, seeded, optionally parallel).

    Parameters
    ----------
    swiftness, versus : list of int
        Swiftness (number of d6, 1..15) of each participant of the first and
        of the other side.
    trials : int
        Rounds to simulate.
    rng : None, int, SeedSequence or Generator
        Seed (SPEC 7). The same seed gives identical results for any ``workers``.
    pips, versus_pips : int or list of int
        Preparation pips of each side: an int is a pool for the whole side
        (RULES.md §3); a list gives each participant its own margin for its own
        dice (the seed's "the hero may raise …").
    workers : int
        Worker processes.
    pip_policy : {"highest", "single"}
        How pips are spent (see :func:`apply_pips`).
    tiebreak : {"all", "unspent"}
        Set-aside dice in the tie-break (default) or not.
    order : {"action", "tier"}
        Re-evaluated after every action (default) or fixed per value tier.
    batch_size : int, optional
        Rounds per batch (the result depends on it, not on ``workers``). Default
        :data:`~dicestats.core.montecarlo.DEFAULT_BATCH` rounds, fewer when a round has
        more than 32 dice columns (participants x largest swiftness): at most
        about 2^21 dice per batch, which bounds the memory of a batch.
    progress : bool or None
        Progress bar (see :func:`dicestats.core.montecarlo.run`).

    Returns
    -------
    SimResult

    Examples
    --------
    >>> r = simulate([1], [1], trials=20_000, rng=1)
    >>> abs(r.p_first.value - 0.5) < 4.5 * r.p_first.stderr
    True
    >>> len(r.actions_before), r.trials
    (2, 20000)
    """
    a, b, pa, pb = _check_setup(swiftness, versus, pips, versus_pips, pip_policy, tiebreak, order)
    trials = check_int("trials", trials, 1)
    fn = _Rounds(a, b, pa, pb, pip_policy, tiebreak, order)
    res = mc.run(
        fn,
        trials,
        rng,
        batch_size=_batch(batch_size, a + b),
        workers=workers,
        progress=progress,
        desc="initiative rounds",
    )
    sw = a + b
    return SimResult(
        labels=_labels(len(a), len(b)),
        trials=res.trials,
        p_first=res.proportion("first_side"),
        p_participant_first=[res.proportion("first", p) for p in range(len(sw))],
        actions_before=res.proportions("before"),
        p_double=res.proportion("double"),
        mean_position=[_mean_position(res, p, sw[p]) for p in range(len(sw))],
        position_pmf=res["position"] / res.trials,
        raw=res,
    )


#: Dice per batch above which the default batch of a simulation shrinks: with 64
#: participants of swiftness 15, 65,536 rounds took 3.2 GB.
BATCH_DICE = 2**21


def _batch(batch_size, sw):
    """``batch_size``, or the default: DEFAULT_BATCH rounds, fewer for big rounds."""
    if batch_size is not None:
        return batch_size
    return max(256, min(mc.DEFAULT_BATCH, BATCH_DICE // (len(sw) * max(sw))))


def _mean_position(res, p, s):
    """Mean (1-based) position of participant p's actions, batch-means standard error."""
    t = res.totals
    e = mc.ratio_estimate(
        t["pos"][p],
        t["rows"],
        t["pos_sq"][p],
        t["rows_sq"],
        t["pos_x_rows"][p],
        t["blocks"],
        res.confidence,
        "mean",
    )
    return mc.Estimate(
        e.value / s, e.stderr / s, e.ci_low / s, e.ci_high / s, res.trials, "mean", res.confidence
    )


# =========================================================================== defence
@dataclass(frozen=True)
class SuccessRoll:
    """A success roll: ``dice`` d6, each showing ``success`` or more is one success.

    This is **the user's assumption**, not the game's rule: the source text of
    the initiative system does not say how its action rolls (the "‰" success
    marks) are made. Pass any callable ``roll(rng, shape) -> int array`` instead
    to model another mechanic.

    Examples
    --------
    >>> r = SuccessRoll(3, success=5)
    >>> r.p_success
    Fraction(1, 3)
    >>> r(np.random.default_rng(0), (4,)).shape
    (4,)
    """

    dice: int
    success: int = 5

    def __post_init__(self):
        check_int("dice", self.dice, 0, 1000)
        check_int("success", self.success, 1, 7)

    @property
    def p_success(self) -> Fraction:
        """Chance that one die is a success."""
        return Fraction(7 - self.success, 6)

    def __call__(self, rng, shape):
        return rng.binomial(self.dice, float(self.p_success), size=shape)


@dataclass(frozen=True)
class DefenceResult:
    """Reactive-defence statistics (Estimates; ratios are per attack / per defence).

    Attributes
    ----------
    trials : int
        Rounds simulated.
    attacks : Estimate
        Mean number of attacks per round.
    defendable : Estimate
        Share of attacks that could be actively defended (the target — or, with
        ``cover``, a companion able to cover — still had a die).
    defended : Estimate
        Share of attacks actually defended (less than ``defendable`` only with
        ``defend_if_hit``: no defence against an attack that scored nothing).
    slow : list of Estimate
        ``slow[k]``: share of the defences made that were under "slow" of scale
        k (0 = none), k = 0..5.
    p_slow_round : Estimate
        P(at least one defence of the round is slow).
    out_of_dice : list of Estimate
        ``out_of_dice[k]``: P(k defending participants are attacked at some
        point with no die of their own left), whether or not a companion covers.
    wound : Estimate or None
        Mean wound scale per attack (the attacker's margin left after defence and
        armour), if success rolls were given.
    wounding : Estimate or None
        Share of attacks that wound.
    advantage : Estimate or None
        Mean one-use advantage a defender gains per defence (its positive margin).
    raw : montecarlo.Result
        The summed counts.
    """

    trials: int
    attacks: mc.Estimate
    defendable: mc.Estimate
    defended: mc.Estimate
    slow: list
    p_slow_round: mc.Estimate
    out_of_dice: list
    wound: mc.Estimate | None
    wounding: mc.Estimate | None
    advantage: mc.Estimate | None
    raw: mc.Totals


def _pick(rng, mask):
    """For each row, a uniformly chosen column among those where ``mask`` is True (-1 if none)."""
    k = mask.sum(axis=1)
    r = rng.integers(0, np.maximum(k, 1))  # exactly uniform on 0..k-1
    csum = np.cumsum(mask, axis=1)
    idx = np.argmax(mask & (csum == (r + 1)[:, None]), axis=1)
    return np.where(k > 0, idx, -1)


class _Defence:
    """Picklable batch function for :func:`defence` (one action per loop step, all rows at once)."""

    def __init__(
        self, a, b, pa, pb, pip_policy, tiebreak, attackers, cover, rolls, slow_cost, if_hit
    ):
        self.rounds = _Rounds(a, b, pa, pb, pip_policy, tiebreak, "action", dense=False)
        self.if_hit = if_hit
        self.sw = a + b
        self.side = np.array([0] * len(a) + [1] * len(b))
        self.tiebreak, self.attackers, self.cover = tiebreak, attackers, cover
        self.rolls, self.slow_cost = rolls, slow_cost
        self.defenders = len(a) if attackers == "versus" else len(a) + len(b)

    def _dice(self, rng, n):
        """Each participant's face counts (n, P, 7) after pips, drawn like :func:`simulate`."""
        keys = self.rounds.draw(rng, n)
        face = ((_HIGH ^ keys) >> _V_SHIFT) & 7  # keys hold the complemented value
        owner = keys & _OWN_MASK
        P = len(self.sw)
        flat = (np.arange(n)[:, None] * P + owner) * 7 + face
        cnt = np.bincount(flat.ravel(), minlength=n * P * 7).reshape(n, P, 7)
        return cnt

    def __call__(self, rng, n):
        P = len(self.sw)
        cnt = self._dice(rng, n)
        weights = np.left_shift(1, 4 * np.arange(7) - 4)  # face f -> 1 << 4(f-1)
        weights[0] = 0
        full = (cnt * weights).sum(axis=2)  # all rolled dice (set-aside included)
        rows = np.arange(n)
        side = self.side
        attacks = np.zeros(n, np.int64)
        able_n = np.zeros(n, np.int64)
        defended = np.zeros(n, np.int64)
        slow = np.zeros((n, 6), np.int64)
        hit_empty = np.zeros((n, P), bool)
        wound = np.zeros(n, np.int64)
        wounding = np.zeros(n, np.int64)
        adv = np.zeros(n, np.int64)

        def top(c):
            has = c[:, :, 1:] > 0
            return np.where(has.any(axis=2), 6 - np.argmax(has[:, :, ::-1], axis=2), 0)

        for _ in range(sum(self.sw)):
            t = top(cnt)
            v = t.max(axis=1)
            live = v > 0
            if not live.any():
                break
            holders = (t == v[:, None]) & live[:, None]
            cv = np.take_along_axis(cnt, np.broadcast_to(v[:, None, None], (n, P, 1)), 2)[..., 0]
            if self.tiebreak == "all":
                tb = full
            else:
                tb = (cnt * weights).sum(axis=2)
            key = np.where(holders, (cv << 32) | tb, -1)
            actor = _pick(rng, key == key.max(axis=1, keepdims=True))
            act = live & (actor >= 0)
            ar = rows[act]
            cnt[ar, actor[act], v[act]] -= 1
            # the attack
            if self.attackers == "versus":
                atk = act & (side[np.maximum(actor, 0)] == 1)
            else:
                atk = act
            if not atk.any():
                continue
            a_side = side[np.maximum(actor, 0)]
            target_mask = (side[None, :] != a_side[:, None]) & atk[:, None]
            target = _pick(rng, target_mask)
            t = top(cnt)
            a = v
            tgt = np.maximum(target, 0)
            t_top = t[rows, tgt]
            defender = np.where(atk & (t_top > 0), tgt, -1)
            if self.cover:
                # a companion with a die >= a defends instead of a slow (or empty) target
                comp = (side[None, :] == side[tgt][:, None]) & (np.arange(P) != tgt[:, None])
                able = comp & (t >= a[:, None]) & atk[:, None]
                choice = np.argmin(np.where(able, t, 99), axis=1)  # lowest sufficient die
                use = able.any(axis=1) & (t_top < a)
                defender = np.where(use, choice, defender)
            d_ok = defender >= 0
            able_n += d_ok
            if self.rolls is not None:
                m = self.rolls[0](rng, (n,)).astype(np.int64)  # the attack's successes
                if self.if_hit:  # the defender decides after seeing the attack
                    d_ok &= m > 0
            h = t[rows, np.maximum(defender, 0)]
            sc = np.where(d_ok, np.maximum(a - h, 0), 0)
            dr = rows[d_ok]
            cnt[dr, defender[d_ok], h[d_ok]] -= 1
            attacks += atk
            defended += d_ok
            slow[dr, sc[d_ok]] += 1
            empty = atk & (t_top == 0)  # the target itself had no die left
            hit_empty[rows[empty], tgt[empty]] = True
            if self.rolls is not None:
                _, r_def, r_arm = self.rolls
                dsucc = np.maximum(r_def(rng, (n,)).astype(np.int64) - self.slow_cost * sc, 0)
                margin = np.where(d_ok, m - dsucc, m)
                adv += np.where(d_ok & (margin < 0), -margin, 0)
                armour = r_arm(rng, (n,)).astype(np.int64) if r_arm is not None else 0
                w = np.where(atk, np.maximum(margin - armour, 0), 0)
                wound += w
                wounding += w > 0
        out_n = (
            hit_empty[:, side == 0].sum(axis=1)
            if self.attackers == "versus"
            else (hit_empty.sum(axis=1))
        )
        res = {
            "attacks": int(attacks.sum()),
            "attacks_sq": int((attacks * attacks).sum()),
            "defended": int(defended.sum()),
            "defended_sq": int((defended * defended).sum()),
            "defended_x_attacks": int((defended * attacks).sum()),
            "able": int(able_n.sum()),
            "able_sq": int((able_n * able_n).sum()),
            "able_x_attacks": int((able_n * attacks).sum()),
            "slow": slow.sum(axis=0),
            "slow_sq": (slow * slow).sum(axis=0),
            "slow_x_defended": (slow * defended[:, None]).sum(axis=0),
            "slow_round": int((slow[:, 1:].sum(axis=1) > 0).sum()),
            "out": np.bincount(out_n, minlength=self.defenders + 1),
        }
        if self.rolls is not None:
            res.update(
                {
                    "wound": int(wound.sum()),
                    "wound_sq": int((wound * wound).sum()),
                    "wound_x_attacks": int((wound * attacks).sum()),
                    "wounding": int(wounding.sum()),
                    "wounding_sq": int((wounding * wounding).sum()),
                    "wounding_x_attacks": int((wounding * attacks).sum()),
                    "adv": int(adv.sum()),
                    "adv_sq": int((adv * adv).sum()),
                    "adv_x_defended": int((adv * defended).sum()),
                }
            )
        return res


def defence(
    swiftness,
    versus,
    trials: int = 100_000,
    rng=None,
    *,
    attackers: str = "versus",
    cover: bool = False,
    defend_if_hit: bool = False,
    attack=None,
    defend=None,
    armour=None,
    slow_cost: int = 1,
    pips=0,
    versus_pips=0,
    pip_policy: str = "highest",
    tiebreak: str = "all",
    workers: int = 1,
    batch_size: int | None = None,
    progress: bool | None = None,
) -> DefenceResult:
    """Simulate reactive defence in the d6 initiative system (RULES.md §3).

    The round runs in the default acting order, re-evaluated after every action
    (defences spend dice too, so they change the order). Policy: every action
    of an attacking participant is an attack, with the die it acts on (its
    highest), on a uniformly random participant of the other side. The target
    defends itself if it has a die left, setting aside its highest die; if that
    die is below the attack's value the defence is "slow" with scale
    (attack value − that die). With ``cover=True``, when the target would be
    slow or has no die, the companion with the lowest die that is still ≥ the
    attack's value defends instead (no slow). Holding is not modelled.

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (as in :func:`simulate`).
    trials : int
        Rounds simulated.
    rng : None, int, SeedSequence or Generator
        Seed.
    attackers : {"versus", "both"}
        ``"versus"``: the ``versus`` side attacks and the first side defends
        (its own actions spend dice on something else); ``"both"``: every action
        of everyone is an attack on the other side.
    cover : bool
        Whether companions cover a target that would defend slow or not at all.
    defend_if_hit : bool
        The seed lets a defender decide after seeing how effective the attack
        was: with this flag (and success rolls) nobody defends an attack that
        scored no success, so no die is spent on it.
    attack, defend, armour : callable, optional
        Success rolls ``roll(rng, shape) -> int array`` (e.g. :class:`SuccessRoll`),
        **the user's assumption** — the source text does not give its action
        rolls. With ``attack`` and ``defend`` given, wounds are computed: the
        defence loses ``slow_cost`` successes per point of slow scale (floored
        at 0), the attacker's margin is attack − defence, armour removes one
        success each from what is left, and a wound's scale is the positive
        remainder; a defender with a positive margin gains that advantage.
    slow_cost : int
        Defence successes lost per point of slow scale (the user's assumption).
    pips, versus_pips, pip_policy, tiebreak
        As in :func:`simulate`.
    workers, progress
        As in :func:`dicestats.core.montecarlo.run`.
    batch_size : int, optional
        As in :func:`simulate`.

    Returns
    -------
    DefenceResult

    Examples
    --------
    One foe die against one hero die: the hero can defend exactly when the foe
    acts first (the hero's only die is unspent), which is half the time:

    >>> r = defence([1], [1], 20_000, rng=3)
    >>> abs(r.defendable.value - 0.5) < 4.5 * r.defendable.stderr
    True
    """
    a, b, pa, pb = _check_setup(
        swiftness, versus, pips, versus_pips, pip_policy, tiebreak, "action"
    )
    trials = check_int("trials", trials, 1)
    check_choice("attackers", attackers, ("versus", "both"))
    cover = check_bool("cover", cover)
    defend_if_hit = check_bool("defend_if_hit", defend_if_hit)
    slow_cost = check_int("slow_cost", slow_cost, 0, 100)
    rolls = None
    if (attack is None) != (defend is None):
        raise ValueError("attack and defend rolls go together: give both or neither")
    if attack is not None:
        for name, r in (("attack", attack), ("defend", defend), ("armour", armour)):
            if r is not None and not callable(r):
                raise TypeError(f"{name} must be a roll callable(rng, shape), e.g. SuccessRoll(3)")
        rolls = (attack, defend, armour)
    elif armour is not None:
        raise ValueError("armour needs the attack and defend rolls too")
    if defend_if_hit and rolls is None:
        raise ValueError("defend_if_hit needs the attack and defend rolls")
    fn = _Defence(
        a, b, pa, pb, pip_policy, tiebreak, attackers, cover, rolls, slow_cost, defend_if_hit
    )
    res = mc.run(
        fn,
        trials,
        rng,
        batch_size=_batch(batch_size, a + b),
        workers=workers,
        progress=progress,
        desc="defence rounds",
    )
    wounds = rolls is not None
    return DefenceResult(
        trials=res.trials,
        attacks=res.mean("attacks"),
        defendable=res.ratio("able", "attacks"),
        defended=res.ratio("defended", "attacks"),
        slow=[res.ratio("slow", "defended", k) for k in range(6)],
        p_slow_round=res.proportion("slow_round"),
        out_of_dice=res.proportions("out"),
        wound=res.ratio("wound", "attacks", kind="mean") if wounds else None,
        wounding=res.ratio("wounding", "attacks") if wounds else None,
        advantage=res.ratio("adv", "defended", kind="mean") if wounds else None,
        raw=res,
    )
