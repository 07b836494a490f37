"""The acting order (``docs/rules/initiative.md``), written once as a sort key per die.

:func:`rank_key` makes the rule a number: keys sort ascending in acting order, and equal
keys of different participants are complete ties, settled by coins. Comparing face counts
from 6 down ("more 6s, then more 5s, …") is comparing the dice sorted high to low with a
missing die lowest, so the tie-break is the owner's face counts, 4 bits per face. The
keys serve :func:`sort_keys` (fair coins; the reference of the Monte Carlo fast path),
:func:`coin_orders` (every order the coins can give) and the round engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ..core.checks import check_int_list, refuse
from .limits import LIMITS
from .results import Action, OrderDistribution, RoundOrder
from .rules import rules_with

# Sort key of one die, int64, from the top:
#   value v (3 bits) | r: dice of value v its owner still holds when this die acts
#   (all its v dice for order="tier") (4 bits) | tie-break: the owner's face counts c6..c1,
#   4 bits each (24 bits; only faces below v for tiebreak="unspent")
#   — these 31 bits are complemented so that the higher rank sorts first —
#   | coin (26 bits; zero until a tie is settled) | owner (6 bits).
# The simulation's fast path replaces the 31 high bits by their dense rank among the
# values a setup can produce, which often fits an int32 key (half the memory traffic).
OWN_BITS = 6
OWN_MASK = (1 << OWN_BITS) - 1
_TB_SHIFT = 32
_R_SHIFT = _TB_SHIFT + 24  # 56
_V_SHIFT = _R_SHIFT + 4  # 60
HIGH = ((1 << 31) - 1) << _TB_SHIFT  # bits 32..62
#: The rank (value, count, tie-break) sits above this bit; coin and owner below it.
RANK_SHIFT = _TB_SHIFT


class KeyFormat:
    """The key dtype, the coin field (bits OWN_BITS .. OWN_BITS + coin_bits - 1) and, in the
    action reading, how many coins a tied row draws (its keys' row width when None: the
    first ones for its sorted real keys)."""

    def __init__(self, dtype, coin_bits, n_parts, coin_width=None):
        self.dtype, self.coin_bits, self.n_parts = np.dtype(dtype), coin_bits, n_parts
        self.coin_mask = ((1 << coin_bits) - 1) << OWN_BITS
        self.coin_width = coin_width


#: Coin bits of the int64 key format (bits 6..31).
FMT64 = 26


def rank_key(value, held, rolled, below, tiebreak: str):
    """The acting rule as a number: the sort key of a die of ``value`` about to act.

    Keys sort ascending in acting order: a higher ``value`` first, then more dice of that
    value ``held`` (still unspent) by the owner, then the owner's other dice high to low:
    with ``tiebreak="all"`` every die it ``rolled`` this round, with ``"unspent"`` the
    unspent ones ``below`` the value (face counts, 4 bits per face, face 1 lowest;
    ``below`` may be None with ``"all"``). Int64 arrays broadcast; coin and owner are 0.
    """
    tb = rolled if tiebreak == "all" else below
    return HIGH ^ ((value << _V_SHIFT) | (held << _R_SHIFT) | (tb << _TB_SHIFT))


def die_keys(d, tiebreak: str, order: str, starts=None, counts=None):
    """Sort keys (no coin, no owner) of dice ``d`` whose last axis holds one owner's dice
    (..., s), or, with ``starts``/``counts``, consecutive segments of one owner each (2-d).

    Each die is ranked with what its owner holds when it acts: with
    ``order="action"`` the dice of its value from this one on (so a
    participant's dice of one value rank c, c-1, …, 1), with ``order="tier"``
    all of them (the tier is ordered once, when it opens); every lower die is
    still unspent.
    """
    d = np.asarray(d).astype(np.int64)
    shift = 4 * (d - 1)
    x = np.left_shift(1, shift)  # face counts, 4 bits per face, c6 highest
    suffix = np.cumsum(x[..., ::-1], axis=-1)[..., ::-1] if order == "action" else None
    if starts is None:
        rolled = x.sum(axis=-1, keepdims=True)
        ahead = suffix  # this die and the owner's later ones
    else:
        rolled = np.repeat(np.add.reduceat(x, starts, axis=1), counts, axis=1)
        if suffix is not None:  # the suffix within each owner's segment
            after = np.zeros((d.shape[0], counts.size), dtype=np.int64)  # past each segment
            inner = counts.cumsum() < d.shape[1]
            after[:, inner] = suffix[:, (starts + counts)[inner]]
            ahead = suffix - np.repeat(after, counts, axis=1)
    if order != "action":
        ahead = rolled
    below = rolled & (x - 1) if tiebreak == "unspent" else None
    return rank_key(d, (ahead >> shift) & 15, rolled, below, tiebreak)


def round_keys(dice, owners, tiebreak: str, order: str):
    """Sort keys with owner bits for rows of whole rounds: ``dice`` (rows, total dice),
    ``owners[c]`` owning column c (the rule as in :func:`die_keys`)."""
    own = np.asarray(owners, dtype=np.int64)
    grouped = bool(np.all(own[1:] >= own[:-1]))
    perm = slice(None) if grouped else np.argsort(own, kind="stable")  # owners side by side
    own_s = own[perm]
    starts = np.flatnonzero(np.concatenate([[True], own_s[1:] != own_s[:-1]]))
    counts = np.diff(np.append(starts, own.size))
    keys = die_keys(np.asarray(dice)[:, perm], tiebreak, order, starts, counts) | own_s
    if grouped:
        return keys
    out = np.empty_like(keys)
    out[:, perm] = keys
    return out


def key_value(keys):
    """The die value a key stands for (int64 keys)."""
    return ((HIGH ^ keys) >> _V_SHIFT) & 7


def key_owner(keys):
    """The participant a key belongs to."""
    return keys & OWN_MASK


def sentinel_keys(first: int, count: int, owner: int) -> list[int]:
    """``count`` padding keys of ``owner``: beyond every real key, never equal to each other."""
    return [(7 << _V_SHIFT) | ((first + i) << _TB_SHIFT) | owner for i in range(count)]


# --------------------------------------------------------------------------- coins
def bool_buffer(n, w):
    """A zeroed (n, w rounded up to 8) bool array: fill ``[:, :w]`` via ``out=``."""
    return np.zeros((n, max(8, w + (-w % 8))), dtype=bool)


def any_buffer(buf):
    """``buf.any(axis=1)`` for a :func:`bool_buffer`, 8 bytes at a time."""
    v = buf.view(np.uint64)
    out = v[:, 0] != 0
    for j in range(1, v.shape[1]):
        out |= v[:, j] != 0
    return out


def sort_keys(keys, rng, mode, fmt, real=None, inplace=False):
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
    buf = bool_buffer(*x.shape)
    same = np.less_equal(x, OWN_MASK, out=buf[:, : x.shape[1]])  # equal above the owner bits
    if mode == "tier":  # a participant's own equal dice are not a tie
        same &= x != 0
    tied = any_buffer(buf)
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
            coin = table[rows, k & OWN_MASK, key_value(k)]
        coin <<= OWN_BITS  # coin_bits + 6 bits fit the key dtype
        srt = np.sort(k | coin.astype(k.dtype, copy=False), axis=1)
        x = srt[:, 1:] ^ srt[:, :-1]
        clash = x <= OWN_MASK
        if mode == "tier":
            clash &= x != 0
        clash = clash.any(axis=1)
        out[todo[~clash]] = srt[~clash]
        todo = todo[clash]  # two tied dice drew the same coin: redraw that row
    return out


def _tie_permutations(same, block):
    """Every reordering of one round's tied participants: an index array (orders, dice).

    ``same[i]``: sorted dice i and i + 1 have equal keys (without owners);
    ``block[i]``: they also belong to the same participant (a tier moves whole).
    Each run of equal keys is permuted block by block, runs independently.
    """
    runs: list[list[list[int]]] = []
    for i in range(len(same) + 1):
        if i == 0 or not same[i - 1]:
            runs.append([[i]])
        elif not block[i - 1]:
            runs[-1].append([i])
        else:
            runs[-1][-1].append(i)
    choices = [list(itertools.permutations(run)) for run in runs]
    return np.array(
        [[i for run in combo for blk in run for i in blk] for combo in itertools.product(*choices)],
        dtype=np.intp,
    )


def coin_orders(srt, mode):
    """Every acting order the coins can give each round of sorted keys without coins
    ``srt`` (rows, dice) read by ``mode`` (``"tier"``: a participant's dice of one value
    move together): ``(orders, src, k)``, the participant at each position of each order,
    the row it comes from and how many orders that row has, each of probability ``1 / k``
    (the coins order the m tied participants of each run uniformly: 1/m!)."""
    own = key_owner(srt)
    high = srt >> OWN_BITS
    same = high[:, 1:] == high[:, :-1]
    block = same & (own[:, 1:] == own[:, :-1]) if mode == "tier" else np.zeros_like(same)
    tied = (same & ~block).any(axis=1)
    rows = np.flatnonzero(~tied)
    parts = [(own[rows], rows, np.ones(rows.size, dtype=np.int64))]
    rows = np.flatnonzero(tied)
    if rows.size:
        n = srt.shape[1]
        pattern = np.concatenate([same[rows], block[rows]], axis=1)
        uniq, inv = np.unique(pattern, axis=0, return_inverse=True)
        inv = inv.reshape(-1)
        for g, u in enumerate(uniq):
            perms = _tie_permutations(u[: n - 1], u[n - 1 :])
            rg = rows[inv == g]
            o = own[rg][:, perms].reshape(-1, n)
            parts.append((o, np.repeat(rg, len(perms)), np.full(o.shape[0], len(perms))))
    return tuple(np.concatenate(x) for x in zip(*parts, strict=True))


# --------------------------------------------------------------------------- public
def check_dice(dice) -> tuple[tuple[int, ...], ...]:
    """Each participant's dice (values 1..6), at most the participants limit."""
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence) or not dice:
        raise refuse("dice", "a non-empty list of lists of d6 values (1..6)", dice, kind=True)
    LIMITS["participants"].check(len(dice), name="participants")
    out = tuple(tuple(check_int_list(f"dice[{i}]", d, 1, 6)) for i, d in enumerate(dice))
    lim = LIMITS["swiftness"]
    for i, d in enumerate(out):
        lim.check(len(d), name=f"len(dice[{i}])")
    return out


def _one_round(dice, rules):
    """Sorted keys (1, total dice) of one concrete round."""
    owners = np.repeat(np.arange(len(dice)), [len(d) for d in dice])
    flat = np.array([[v for d in dice for v in d]], dtype=np.int64)
    return np.sort(round_keys(flat, owners, rules.tiebreak, rules.order), axis=1)


def count_orders(dice, rules) -> int:
    """How many acting orders :func:`coin_orders` lists for one concrete round: m! for
    each run of m tied participants (a participant's tier moves whole)."""
    srt = _one_round(dice, rules)[0].tolist()
    count = m = 1
    for prev, key in itertools.pairwise(srt):
        if prev >> OWN_BITS != key >> OWN_BITS:
            m = 1
        elif rules.order == "action" or prev & OWN_MASK != key & OWN_MASK:
            m += 1
            count *= m
    return count


def resolve(dice, sides=None, *, rng=None, rules=None, tiebreak=None, order=None) -> RoundOrder:
    """The acting sequence of one round with the given dice (coins from ``rng``).

    Parameters
    ----------
    dice : list of list of int
        Each participant's initiative dice (values 1..6), after preparation pips.
    sides : list of int, optional
        Each participant's side (default 0 for all); copied into the actions.
    rng : None, int or Generator
        Source of the coin flips for complete ties (``numpy.random.default_rng(rng)``).
    rules : Rules, optional
        The readings in force (default :class:`~.rules.Rules()`); ``tiebreak``
        and ``order`` override one field.

    Returns
    -------
    RoundOrder
        Iterates over one :class:`~.results.Action` per die, in acting order.

    Examples
    --------
    Two dice of 6 beat one; then the 6s of the other, then 4 before 2:

    >>> [tuple(a) for a in resolve([[6, 2], [6, 6]], sides=[0, 1])]
    [(1, 1, 6), (1, 1, 6), (0, 0, 6), (0, 0, 2)]
    """
    dice = check_dice(dice)
    rules = rules_with(rules, tiebreak=tiebreak, order=order)
    sides = check_int_list("sides", [0] * len(dice) if sides is None else sides, 0, min_len=0)
    if len(sides) != len(dice):
        raise refuse("sides", f"one side per participant ({len(dice)})", sides)
    keys = _one_round(dice, rules)
    fmt = KeyFormat(np.int64, FMT64, len(dice))
    srt = sort_keys(keys, np.random.default_rng(rng), rules.order, fmt)[0]
    who, value = key_owner(srt).tolist(), key_value(srt).tolist()
    actions = tuple(Action(p, sides[p], v) for p, v in zip(who, value, strict=True))
    return RoundOrder(dice, actions, rules)


def compute_order_distribution(s, exact: bool) -> OrderDistribution:
    """Every acting sequence of one checked concrete round (``s.dice``, ``s.rules``) with
    its probability: the form of :func:`~dicestats.initiative.order_distribution`."""
    orders, _, k = coin_orders(_one_round(s.dice, s.rules), s.rules.order)
    out: dict = {}
    for seq, m in zip(orders.tolist(), k.tolist(), strict=True):
        out[tuple(seq)] = out.get(tuple(seq), 0) + Fraction(1, m)
    if not exact:
        out = {q: float(p) for q, p in out.items()}
    return OrderDistribution(s.dice, out, s.rules, exact)


def acting_order(dice, owners, *, rng=None, rules=None, tiebreak=None, order=None):
    """Vectorized acting order for many rounds at once.

    Parameters
    ----------
    dice : array_like of int, shape (rounds, total_dice)
        Every die of every participant (values 1..6, pips already added).
    owners : sequence of int, length total_dice
        The participant owning each column (0 .. participants-1).
    rng : None, int or Generator
        Coin flips (only rows with a complete tie draw any).
    rules, tiebreak, order
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
    rules = rules_with(rules, tiebreak=tiebreak, order=order)
    d = np.asarray(dice)
    if d.ndim != 2 or not np.issubdtype(d.dtype, np.integer):
        raise refuse("dice", "a 2-d integer array (rounds, total_dice)", f"{d.ndim}-d {d.dtype}")
    if d.size and (d.min() < 1 or d.max() > 6):
        raise refuse("dice", "d6 values 1..6", int(d.max() if d.max() > 6 else d.min()))
    own = check_int_list("owners", owners, 0, LIMITS["participants"].hi - 1, min_len=0)
    if len(own) != d.shape[1]:
        raise refuse("owners", f"the owner of each of the {d.shape[1]} columns", own)
    counts = np.bincount(np.asarray(own, dtype=np.int64), minlength=1)
    if own:
        LIMITS["swiftness"].check(int(counts.max()), name="dice of one owner")
    keys = round_keys(d, own, rules.tiebreak, rules.order)
    fmt = KeyFormat(np.int64, FMT64, int(counts.size))
    return key_owner(sort_keys(keys, np.random.default_rng(rng), rules.order, fmt))
