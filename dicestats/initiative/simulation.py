"""The Monte Carlo form of :func:`~dicestats.initiative.odds`: whole rounds, any size.

The order-only fast path (holding and several rounds go to the round engine):
:func:`batch_odds` and :func:`reduce_odds` on :func:`dicestats.core.montecarlo.run`, in
three stages, each tested against a plain formulation that gives the same numbers.
**The key layout** (:class:`KeyLayout`): one uniform draw per chunk of participants picks
each one's row of sort keys (:mod:`.order`); the keys' high bits become their dense rank,
so a key fits an int32 when it can, gathered as 8-byte items with one ``take``.
**Ties** (:func:`order_batch`): tied rows settled with fair coins (:func:`settle`,
:func:`settle_dense`, :func:`short_round`), every version drawing the same coins in the
same order as ``order.sort_keys``, the reference. **Statistics** (:class:`RoundStats`):
the sorted owners, one byte each in rows of whole 64-bit words, summed in a few passes
over whole columns of words (SWAR, "SIMD within a register").
"""

from __future__ import annotations

import math
import threading
from types import SimpleNamespace

import numpy as np

from ..core import montecarlo as mc
from .engine import Drawn, engine_batch_size, engine_odds, needs_engine
from .order import (
    FMT64,
    HIGH,
    OWN_BITS,
    OWN_MASK,
    RANK_SHIFT,
    KeyFormat,
    any_buffer,
    bool_buffer,
    die_keys,
    key_value,
    sentinel_keys,
)
from .pips import SPEND, add_pips
from .results import Odds
from .setup import batch_rounds
from .vector import batch_engine

# ====================================================================== the batch function
_TABLE_MAX_S = 5  # swiftness up to this uses precomputed per-roll key tables (6^5 rows)


def roll_table(s, base=6):
    """All base^s ordered rolls of s dice (faces 1..base), shape (base^s, s); row index =
    the digits, most significant first."""
    return (np.indices((base,) * s).reshape(s, -1).T + 1).astype(np.int64)


def _coin_bits(s):
    """Bits of cheap coin per die for swiftness s: the most (<= 4) keeping 6^s 2^(bs) <= 2^15."""
    b = 4
    while b and 6**s * 2 ** (b * s) > 2**15:
        b -= 1
    return b


class Rounds:
    """Picklable batch function of the fast path (and the layout it needs).

    Participants are grouped by (side, swiftness, own pips). Groups with swiftness <= 5
    look their keys up in per-roll tables (row = one ordered roll of the participant's s
    dice plus b-bit coins, uniformly drawn: the same law as s dice), which, without pool
    pips, a :class:`KeyLayout` draws all at once.
    """

    def __init__(self, setup, dense=True):
        a, b, pa, pb = setup.swiftness, setup.versus, setup.pips, setup.versus_pips
        self.sw = list(setup.sw)
        self.na = len(a)
        self.da = sum(a)
        rules = setup.rules
        self.policy, self.tiebreak, self.mode = SPEND[rules.pip_rule], rules.tiebreak, rules.order
        order, tiebreak, spend = rules.order, rules.tiebreak, self.policy
        self.pools = [pa if isinstance(pa, int) else 0, pb if isinstance(pb, int) else 0]
        own = (list(pa) if isinstance(pa, tuple) else [0] * len(a)) + (
            list(pb) if isinstance(pb, tuple) else [0] * len(b)
        )
        sides = list(setup.sides)
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
            g = dict(parts=np.array(parts), s=s, m=m, side=side, pips=op, c0=col, c1=col + m * s)
            col += m * s
            g["table"] = s <= _TABLE_MAX_S
            if g["table"]:
                rolls = roll_table(s)
                g["dice"] = rolls
                k = die_keys(add_pips(rolls, op, spend), tiebreak, order)
                # row = roll + 6^s * (b-bit coin of each die, base 2^b); one copy of the
                # table per participant of the group, its owner number folded in
                g["rows"] = 6**s * 2 ** (self.b * s)
                coin = (roll_table(s, 2**self.b) - 1) << OWN_BITS  # the coins: digits 0..2^b-1
                k = (k[None, :, :] | coin[:, None, :]).reshape(-1, s)
                owner = np.array(parts, dtype=np.int64)[:, None, None]
                g["keys"] = (k[None, :, :] | owner).reshape(m * g["rows"], s)
                g["offset"] = (np.arange(m) * g["rows"]).astype(np.int32)
            self.groups.append(g)
        self.D = col
        self.fmt = KeyFormat(np.int64, FMT64, len(self.sw))
        self._build_fast(dense)

    def _build_fast(self, dense):
        """One draw per chunk of participants when all have key tables and no pool pips."""
        self.fast = self.lut = None
        if self.pools[0] or self.pools[1] or not all(g["table"] for g in self.groups):
            return
        blocks = [None] * len(self.sw)
        for g in self.groups:
            for j, p in enumerate(g["parts"]):
                blocks[int(p)] = g["keys"][j * g["rows"] : (j + 1) * g["rows"]]
        self.fast = KeyLayout(blocks, self.mode, self.b, dense, self.tiebreak)
        self.fmt, self.lut = self.fast.fmt, self.fast.lut

    def draw(self, rng, n):
        """Keys (n, >= D) in ``self.fmt``: ascending acting order, owner in the low bits.

        With the one-draw layout, extra sentinel columns sort after the D real dice.
        """
        if self.fast is not None:
            return self.fast.keys(self.fast.rows(rng, n))
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
                dice[gi] = add_pips(d, g["pips"], self.policy).reshape(n, m, s)
                coins[gi] = rng.integers(0, 2**self.b, size=(n, m, s), dtype=np.int64)
                parts.append(None)
        for side in (0, 1):
            gis = [gi for gi in dice if self.groups[gi]["side"] == side]
            if gis and self.pools[side]:
                # the side's dice in participant order, as odds() and apply_pips see
                # them: of two equal dice the first gets the pip, which decides whose
                # die is raised (groups are sorted by swiftness, not by participant)
                cols = sorted(
                    (int(p), gi, j) for gi in gis for j, p in enumerate(self.groups[gi]["parts"])
                )
                flat = np.concatenate([dice[gi][:, j, :] for _, gi, j in cols], axis=1)
                flat = add_pips(flat, self.pools[side], self.policy)
                k = 0
                for _, gi, j in cols:
                    s = self.groups[gi]["s"]
                    dice[gi][:, j, :] = flat[:, k : k + s]
                    k += s
        for gi, d in dice.items():
            g = self.groups[gi]
            owner = np.repeat(g["parts"], g["s"]).astype(np.int64)
            k = die_keys(d, self.tiebreak, self.mode) | (coins[gi].astype(np.int64) << OWN_BITS)
            parts[gi] = k.reshape(n, -1) | owner
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)

    def __getstate__(self):  # the statistics' cached buffers are not worth shipping
        state = dict(self.__dict__)
        state.pop("_stats", None)
        return state

    def ordered(self, rng, n):
        """The sorted keys of n rounds (ties settled): ``draw`` and :func:`order_batch`."""
        if self.fast is None:
            return order_batch(self.draw(rng, n), rng, self.mode, self.fmt, self.D)
        rows = self.fast.rows(rng, n, reuse=True)
        keys, tied = self.fast.keys(rows, reuse=True), self.fast.tied(rows)
        return order_batch(keys, rng, self.mode, self.fmt, self.D, self.lut, tied, self.fast.short)

    def __call__(self, rng, n):
        stats = self.__dict__.get("_stats")
        if stats is None:
            stats = self._stats = RoundStats(len(self.sw), self.na, self.da, self.D)
        st = stats.buffers(n)
        if self.fast is not None and self.fast.short is not None and self.fast.sig is not None:
            self._owners_in_chunks(rng, n, st.owner, st.chunk, lambda a, z: stats.rows(st, a, z))
            return stats.finish(st)
        owner_bytes(self.ordered(rng, n), st.owner, self.D)
        return stats(st)

    def _owners_in_chunks(self, rng, n, owner, chunk=8192, then=None):
        """``owner_bytes(self.ordered(rng, n), owner, D)``, the same draws in the same
        order, a chunk of rows at a time from the keys to the owners (a batch's
        arrays exceed the caches; a chunk's stay in them), then ``then(start,
        stop)`` on each chunk's final owners. The rows and the tied rows' coins are
        drawn for the whole batch first, as :meth:`ordered` does."""
        fast, per, D = self.fast, 8 * len(self.sw), self.D
        then = then or (lambda start, stop: None)
        rows = fast.rows(rng, n, reuse=True)
        mask = fast.tied(rows)
        tied = np.flatnonzero(mask)
        words = coin_words(rng, FMT64, tied.size * per)
        if words is None:  # drawn as numpy does: the whole batch at once
            keys = fast.keys(rows, reuse=True)
            srt = order_batch(keys, rng, self.mode, self.fmt, D, self.lut, mask, fast.short)
            owner_bytes(srt, owner, D)
            for start in range(0, n, chunk):
                then(start, start + chunk)
            return
        lows = np.searchsorted(tied, np.arange(0, n + chunk, chunk).clip(max=n))
        again, wide, later = [], [], []
        for c, start in enumerate(range(0, n, chunk)):
            keys = fast.keys(rows[:, start : start + chunk], reuse=True)
            keys.sort(axis=1)
            lo, hi = lows[c], lows[c + 1]
            redo = ()
            if hi > lo:
                local = tied[lo:hi] - start
                buf = fast.scratch("gather", (local.size, keys.shape[1]), keys.dtype)
                clear = np.take(keys, local, axis=0, out=buf, mode="clip")
                out, redo, w = short_round(clear, words[lo * per : hi * per], per, fast.short)
                keys[local] = out
                again.append(tied[lo:hi][redo])
                wide.append(w)
            owner_bytes(keys, owner[start : start + chunk], D)
            if len(redo):  # rows to be settled again: this chunk's statistics after
                later.append(start)
            else:
                then(start, start + chunk)  # while the chunk is in cache
        if later:  # fresh coins, as settle's next round
            fmt64 = KeyFormat(np.int64, FMT64, len(self.sw))
            srt = settle(np.concatenate(wide), rng, "tier", fmt64, self.lut)
            owner[np.concatenate(again), :D] = srt[:, :D] & OWN_MASK
            for start in later:
                then(start, start + chunk)


# ====================================================================== the key layout
#: Largest table of items shared by two participants' last dice (rows_p * rows_q).
SHARED_ROWS = 1 << 16


class KeyLayout:
    """The key array of a batch from per-participant key tables ``blocks[p]`` (rows_p,
    s_p) of int64 keys, owner and ``coin_bits`` cheap coins (action reading) included, read
    by ``mode`` and ``tiebreak`` (``"all"`` lets :meth:`tied` read ties from the rows);
    ``dense``: try dense int32 keys (else int64 keys, one per item)."""

    def __init__(self, blocks, mode, coin_bits, dense, tiebreak):
        P = len(blocks)
        self.sizes = [b.shape[0] for b in blocks]
        self.dice = sum(b.shape[1] for b in blocks)
        self.lut = self.short = None
        self.fmt = KeyFormat(np.int64, 26, P)
        # padding keys of int32 items (owner bits set per use): only as many as used, as
        # each takes a rank (the action reading's int32 keys need the ranks to fit)
        odd = [b.shape[1] % 2 for b in blocks]
        used = sum(q is None for _, q in _odd_pairs(self.sizes, odd)) if dense else 0
        pad = np.array(sentinel_keys(0, used, 0), dtype=np.int64)
        keys = blocks
        if dense:
            high = np.concatenate([b.ravel() for b in blocks] + [pad]) >> RANK_SHIFT
            uniq, rank = np.unique(high, return_inverse=True)
            rank_bits = max(1, int(uniq.size - 1).bit_length())
            cb = 31 - OWN_BITS - rank_bits
            if mode == "action":  # the coin width of the padded int64 layout's ranks
                cb = 31 - OWN_BITS - _padded_rank_bits(blocks)
            low_mask = (1 << OWN_BITS + coin_bits) - 1  # cheap coin and owner
            if (mode == "action" and cb >= max(12, coin_bits)) or (mode == "tier" and cb >= 0):
                shift = OWN_BITS + (cb if mode == "action" else 0)
                low = np.concatenate([b.ravel() for b in blocks] + [pad]) & low_mask
                # int32 when this layout's ranks fit beside those coins (else int64
                # keys with the same coins: a tied row's redraws depend on their width)
                wide = mode == "action" and rank_bits + cb + OWN_BITS > 31
                flat = (rank.astype(np.int64) << shift) | low
                flat = flat if wide else flat.astype(np.int32)
                cut = np.cumsum([b.size for b in blocks])
                parts = np.split(flat, cut)[:-1]
                keys = [f.reshape(b.shape) for f, b in zip(parts, blocks, strict=True)]
                pad = flat[cut[-1] :]
                if mode == "tier":  # rank -> die value, for the coins of tied rows
                    self.lut = key_value(uniq.astype(np.int64) << RANK_SHIFT)
                    if uniq.size <= 1 << 9:  # int32 keys with 16 coin bits for tied rows
                        x = np.arange(uniq.size << OWN_BITS, dtype=np.int64)
                        own = x & OWN_MASK
                        self.short = (
                            (x >> OWN_BITS << 22 | own).astype(np.int32),
                            own << 3 | self.lut[x >> OWN_BITS],
                            self,  # its kept buffers
                        )
                self.fmt = KeyFormat(flat.dtype, cb if mode == "action" else 0, P)
        self._items(keys, pad)
        # a tied row's cheap-coin redraw: as many coins as the padded int64 layout's row
        self.fmt.coin_width = P * max(b.shape[1] for b in blocks)
        self.sig = None
        if mode == "tier" and tiebreak == "all":
            self._signatures(blocks)

    def _items(self, keys, pad):
        """The flat item table and, per item column, its participants and base (numpy
        copies 8-byte items fast; 15 dice fill one 64-byte row, which it sorts fastest)."""
        per = 8 // keys[0].dtype.itemsize  # keys per item
        parts = []
        tables = []
        for p, k in enumerate(keys):
            s = k.shape[1]
            for t in range(s // per):
                tables.append(np.ascontiguousarray(k[:, per * t : per * (t + 1)]).view(np.int64))
                parts.append((p, None))
        pads = 0
        for p, q in _odd_pairs(self.sizes, [k.shape[1] % per for k in keys]):
            last = keys[p][:, -1]
            if q is None:  # with a padding key: beyond every real key, its own rank
                other = np.full(1, pad[pads] | p, dtype=last.dtype)
                pads += 1
            else:
                other = keys[q][:, -1]
            pair = np.empty((last.size, other.size, 2), dtype=last.dtype)
            pair[:, :, 0] = last[:, None]
            pair[:, :, 1] = other[None, :]
            tables.append(pair.reshape(-1, 2).view(np.int64))
            parts.append((p, q))
        self.parts = parts
        self.base = np.cumsum([0] + [t.size for t in tables[:-1]]).tolist()
        self.table = np.concatenate([t.ravel() for t in tables])
        self.slots = len(parts) * per

    def _signatures(self, blocks):
        """Per participant and row, the id of its face counts; the pairs that can tie."""
        tb = [((HIGH ^ b[:, 0]) >> RANK_SHIFT) & ((1 << 24) - 1) for b in blocks]
        uniq, inv = np.unique(np.concatenate(tb), return_inverse=True)
        ids = np.split(inv.astype(np.int32), np.cumsum(self.sizes)[:-1])
        sets = [set(np.unique(i).tolist()) for i in ids]
        P = len(blocks)
        self.pairs = [(p, q) for p in range(P) for q in range(p + 1, P) if sets[p] & sets[q]]
        self.sig = ids

    def chunks(self):
        """Participants in chunks whose product of table sizes fits one int64 draw."""
        chunks, cur = [], []
        for p, size in enumerate(self.sizes):
            if cur and math.prod(self.sizes[q] for q in cur) * size > 2**62:
                chunks.append(cur)
                cur = []
            cur.append(p)
        chunks.append(cur)
        return [(math.prod(self.sizes[q] for q in c), c) for c in chunks]

    def _buffer(self, name, shape, dtype, reuse):
        """A new array, or with ``reuse`` one kept across batches (:meth:`scratch`;
        fresh pages cost a fault each: about a quarter of a batch's time)."""
        return self.scratch(name, shape, dtype) if reuse else np.empty(shape, dtype=dtype)

    def scratch(self, name, shape, dtype):
        """A C-contiguous (rows, ...) array of ``shape``: the leading rows of a kept
        buffer, grown as needed (the tied rows of a batch vary in number)."""
        cache = self._kept()
        buf = cache.get(name)
        fits = buf is not None and buf.shape[1:] == shape[1:] and buf.dtype == dtype
        if not fits or buf.shape[0] < shape[0]:
            buf = cache[name] = np.empty((shape[0] + shape[0] // 4,) + shape[1:], dtype=dtype)
        return buf[: shape[0]]

    def row_offsets(self, m, width, per):
        """``per * row`` for each of the ``m * width`` cells of (m, width) rows, flat."""
        cache = self._kept()
        got = cache.get("row_offsets")
        if got is None or got[0] != (width, per) or got[1].size < m * width:
            rows = m + m // 4
            cache["row_offsets"] = got = ((width, per), np.repeat(np.arange(rows) * per, width))
        return got[1][: m * width]

    def _kept(self):
        """The kept buffers of this thread (batches may run in threads at once)."""
        return self.__dict__.setdefault("_buffers", {}).setdefault(threading.get_ident(), {})

    def __getstate__(self):  # buffers are not worth shipping to workers
        state = dict(self.__dict__)
        state.pop("_buffers", None)
        return state

    def rows(self, rng, n, reuse=False):
        """Each participant's table row, (participants, n) int64: one uniform draw
        per chunk, split in mixed radix (the first participant the lowest digit).
        With ``reuse``, the array is overwritten by the next call (as by :meth:`keys`)."""
        shape = (len(self.sizes), n)
        rows = self._kept().get("rows") if reuse else None
        if rows is None or rows.shape != shape:  # kept whole: rows[p] contiguous
            rows = np.empty(shape, dtype=np.int64)
            if reuse:
                self._kept()["rows"] = rows
        for total, members in self.chunks():
            r = rng.integers(0, total, size=n, dtype=np.int64)
            for p in members:
                size = self.sizes[p]
                q = r // size
                np.multiply(q, size, out=rows[p])
                np.subtract(r, rows[p], out=rows[p])
                r = q
        return rows

    def keys(self, rows, reuse=False):
        """The (n, slots) key array of the rounds with these table rows."""
        n = rows.shape[1]
        out = self._buffer("keys", (n, len(self.parts)), np.int64, reuse)
        np.take(self.table, self.items(rows, reuse), out=out, mode="clip")
        return out.view(self.fmt.dtype).reshape(n, self.slots)

    def items(self, rows, reuse=False):
        """Indices (n, items) into the flat item table of the rounds with these rows."""
        n = rows.shape[1]
        idx = self._buffer("items", (n, len(self.parts)), np.int64, reuse)
        for j, ((p, q), base) in enumerate(zip(self.parts, self.base, strict=True)):
            col = idx[:, j]
            if q is None:
                np.add(rows[p], base, out=col)
            else:
                np.multiply(rows[p], self.sizes[q], out=col)
                col += rows[q]
                col += base
        return idx

    def tied(self, rows):
        """Rounds with a complete tie (tier reading, ``tiebreak="all"``: exactly when two
        participants rolled the same face counts), or None."""
        if self.sig is None:
            return None
        n = rows.shape[1]
        tied = np.zeros(n, dtype=bool)
        sig = {}
        for p, q in self.pairs:
            for x in (p, q):
                if x not in sig:
                    sig[x] = np.take(self.sig[x], rows[x])
            tied |= sig[p] == sig[q]
        return tied


def _odd_pairs(sizes, odd):
    """The participants with an odd last key (``odd[p]``), paired by table size: (p, q)
    shares an item of both last keys when the rows' product fits ``SHARED_ROWS``, (p,
    None) one with a padding key."""
    rest = sorted((p for p, o in enumerate(odd) if o), key=lambda p: sizes[p])
    pairs = []
    while rest:
        p = rest.pop(0)
        q = rest.pop(0) if rest and sizes[p] * sizes[rest[0]] <= SHARED_ROWS else None
        pairs.append((p, q))
    return pairs


def _padded_rank_bits(blocks):
    """Bits of the dense ranks of the padded int64 layout (before this one): its keys'
    high bits and one sentinel per padding slot (every participant padded to the
    largest swiftness). Its coin field, the rest of 31 bits, sets the coins of a
    tied row in the action reading: this layout uses the same width."""
    width = max(b.shape[1] for b in blocks)
    sentinels = sentinel_keys(0, sum(width - b.shape[1] for b in blocks), 0)
    high = np.concatenate([b.ravel() for b in blocks] + [np.array(sentinels, dtype=np.int64)])
    count = np.unique(high >> RANK_SHIFT).size
    return max(1, int(count - 1).bit_length())


def owner_bytes(srt, owner, real):
    """The owners of sorted keys into the int8 buffer ``owner`` (its first ``real`` columns,
    or all of it when ``srt`` has its width: one contiguous pass)."""
    if srt.shape[1] == owner.shape[1]:
        np.bitwise_and(srt, OWN_MASK, out=owner, casting="unsafe")
    else:
        np.bitwise_and(srt[:, :real], OWN_MASK, out=owner[:, :real], casting="unsafe")


# ====================================================================== ties
def ties(srt, mode):
    """Rows of sorted keys where two neighbours tie, as :func:`.order.sort_keys` reads them.

    A tie: equal above the owner bits (``"tier"``: and of different owners,
    ``1 <= x <= OWN_MASK`` for ``x`` the XOR of neighbours, one unsigned
    comparison as keys are never negative).
    """
    m, w = srt.shape
    if srt.flags.c_contiguous and w % 8 == 0 and m:
        # whole rows: neighbours along the flat array (one contiguous pass each,
        # not one short loop per row), the pairs across rows then cleared
        flat = srt.reshape(-1)
        x = np.empty_like(flat)
        np.bitwise_xor(flat[1:], flat[:-1], out=x[:-1])
        x[-1] = 0
        buf = np.empty((m, w), dtype=bool)
        out = buf.reshape(-1)
    else:
        x = srt[:, 1:] ^ srt[:, :-1]
        buf = bool_buffer(*x.shape)
        out = buf[:, : x.shape[1]]
    if mode == "tier":
        x -= 1
        np.less(x.view(np.dtype(x.dtype.str.replace("i", "u"))), OWN_MASK, out=out)
    else:
        np.less_equal(x, OWN_MASK, out=out)
    if out.ndim == 1:
        buf[:, -1] = False  # the last key of a row has no neighbour in it
    return any_buffer(buf)


def coin_words(rng, bits, count):
    """``rng.integers(0, 2**bits, size=count)``'s draws as raw words, or None.

    For PCG64 (numpy's default) with no half word buffered, an even ``count`` and
    ``bits <= 31``: numpy draws each value as one 32-bit half of a 64-bit output
    (low half first), by Lemire's method, which never rejects for a power-of-two
    range, so the value is the word's top ``bits`` bits. Returns the words
    (uint32, ``count``) from ``random_raw``, leaving the generator in the same
    position; None where that reasoning does not hold (then draw as usual).
    """
    bg = rng.bit_generator
    if count % 2 or not 0 < bits <= 31 or type(bg) is not np.random.PCG64:
        return None
    if bg.state["has_uint32"]:
        return None
    return bg.random_raw(count // 2).view(np.uint32)


def settle(keys, rng, mode, fmt, values=None):
    """Sort tied rows again with fresh coins until no two tied dice share one.

    ``values[h]``, if given, is the die value of keys whose bits above
    ``RANK_SHIFT`` are ``h`` (dense ranks instead of the rank bits of ``order``).

    The same coins from the same draws as ``order._coin_sort`` (one per die in
    ``"action"``, one per participant and value in ``"tier"``, looked up with one
    flat ``take``), so the same numbers, in fewer passes over the keys.
    """
    out = todo = None
    n_parts, bits = fmt.n_parts, fmt.coin_bits
    while todo is None or todo.size:
        k = keys if todo is None else keys[todo]
        if mode == "action":
            width = fmt.coin_width or k.shape[1]
            coin = rng.integers(0, 1 << bits, size=(k.shape[0], width), dtype=k.dtype)
            if width != k.shape[1]:  # padding sorts last and never ties: any coin
                coin = np.pad(coin, ((0, 0), (0, max(0, k.shape[1] - width))))[:, : k.shape[1]]
        else:
            words = coin_words(rng, bits, k.shape[0] * n_parts * 8)
            if words is None:
                table = rng.integers(0, 1 << bits, size=(k.shape[0], n_parts, 8), dtype=np.int64)
            idx = k & OWN_MASK
            idx <<= 3
            idx |= key_value(k) if values is None else np.take(values, k >> RANK_SHIFT)
            idx += (np.arange(k.shape[0], dtype=np.int64) * (n_parts * 8))[:, None]
            if words is not None:  # the same coins: the words' top bits
                coin = (np.take(words, idx) >> (32 - bits)).astype(np.int64)
            else:
                coin = np.take(table, idx)
        coin <<= OWN_BITS
        if coin.dtype == k.dtype:
            srt = np.bitwise_or(k, coin, out=coin)
        else:
            srt = k | coin.astype(k.dtype)
        srt.sort(axis=1)
        clash = ties(srt, mode)
        if todo is None:
            out, todo = srt, np.flatnonzero(clash)
        else:
            out[todo[~clash]] = srt[~clash]
            todo = todo[clash]
    return out


def _widen(clear):
    """Dense keys ``rank << OWN_BITS | owner`` as int64 ``rank << RANK_SHIFT | owner``:
    they sort as the int64 layout's keys (the rank is monotone in its high bits)."""
    wide = (clear >> OWN_BITS).astype(np.int64)
    wide <<= RANK_SHIFT
    wide |= clear & OWN_MASK
    return wide


def _narrow(srt, dtype):
    """Sorted int64 ``rank << RANK_SHIFT | coin | owner`` keys back to dense keys."""
    rank = srt >> RANK_SHIFT
    rank <<= OWN_BITS
    rank |= srt & OWN_MASK
    return rank.astype(dtype, copy=False)


def settle_dense(clear, rng, fmt, lut, short=None):
    """:func:`settle` for dense tier keys (``lut[rank]`` the die value): the same coins,
    the same order as the int64 layout, the rows returned as dense keys.

    With ``short = (high, coin_at, layout)`` (ranks below 2**9): ``high[key]`` is
    ``rank << 22 | owner``, ``coin_at[key]`` the key's (participant, value)
    coin index and ``layout`` the :class:`KeyLayout` whose kept
    buffers are used. The rows are first sorted as int32 keys with the top 16 of each
    26-bit coin, which order them as the whole coins do unless two tied dice
    share those bits; only such rows are sorted again with the whole coins (and,
    where those tie too, drawn again as :func:`settle` does).
    """
    m, per = clear.shape[0], fmt.n_parts * 8
    fmt64 = KeyFormat(np.int64, FMT64, fmt.n_parts)
    words = None if short is None else coin_words(rng, FMT64, m * per)
    if words is None:
        return _narrow(settle(_widen(clear), rng, "tier", fmt64, lut), clear.dtype)
    out, again, wide = short_round(clear, words, per, short)
    if again.size:  # as settle's next round: fresh coins for these rows
        out[again] = _narrow(settle(wide, rng, "tier", fmt64, lut), out.dtype)
    return out


def short_round(clear, words, per, short):
    """The first round of :func:`settle_dense` with the coins ``words`` (uint32, ``per``
    a row): the sorted dense keys (in ``clear``'s memory), the rows whose whole
    coins tie too and their int64 keys without coins (to be settled again)."""
    high, coin_at, layout = short
    scratch, shape = layout.scratch, clear.shape
    idx = np.take(coin_at, clear, out=scratch("idx", shape, np.int64), mode="clip")
    idx.reshape(-1)[:] += layout.row_offsets(shape[0], shape[1], per)  # one flat pass
    top = np.take(words, idx, out=scratch("top", shape, np.uint32), mode="clip")
    top >>= np.uint32(16)  # the coin's top 16 bits
    top <<= np.uint32(OWN_BITS)
    k = np.take(high, clear, out=scratch("k", shape, np.int32), mode="clip")
    k |= top.view(np.int32)
    k.sort(axis=1)
    clash = np.flatnonzero(ties(k, "tier"))
    again, wide = clash[:0], np.empty((0, shape[1]), dtype=np.int64)
    if clash.size:
        wide = _widen(clear[clash])
        coin = (np.take(words, idx[clash]) >> np.uint32(32 - FMT64)).astype(np.int64)
        srt = np.sort(wide | coin << OWN_BITS, axis=1)
        redo = ties(srt, "tier")
        again, wide = clash[redo], wide[redo]
    out = clear  # no longer needed: the dense keys of the sorted rows
    np.right_shift(k, 22, out=out, casting="unsafe")
    out <<= OWN_BITS
    k &= OWN_MASK
    out |= k.astype(out.dtype, copy=False)
    if clash.size:
        out[clash] = _narrow(srt, out.dtype)
    return out, again, wide


def order_batch(keys, rng, mode, fmt, real, lut=None, tied=None, short=None):
    """``order.sort_keys(keys, rng, mode, fmt, real, inplace=True)``: the same numbers.

    Keys sorted into acting order in place, rows with a tie among the first
    ``real`` columns (or the rows ``tied``, if given) settled by :func:`settle`.
    With ``lut`` (tier reading), ``keys`` are dense int16/int32 keys ``rank <<
    OWN_BITS | owner`` (the rank monotone in the int64 key's high bits) and
    ``lut[rank]`` the die value: tied rows are settled by :func:`settle_dense`
    (``short``: its int32 tables), with the same coins in the same order as the
    int64 layout, and written back as dense keys.
    """
    keys.sort(axis=1)
    rows = np.flatnonzero(ties(keys[:, :real], mode) if tied is None else tied)
    if rows.size:
        if short is None:
            clear = keys[rows]
        else:  # a kept buffer: fresh pages for every batch would cost more
            buf = short[2].scratch("gather", (rows.size, keys.shape[1]), keys.dtype)
            clear = np.take(keys, rows, axis=0, out=buf, mode="clip")
        if lut is None:
            clear &= ~keys.dtype.type(fmt.coin_mask)
            keys[rows] = settle(clear, rng, mode, fmt)
        else:
            keys[rows] = settle_dense(clear, rng, fmt, lut, short)
    return keys


# ====================================================================== statistics
_ONES = np.uint64(0x0101010101010101)
_TOP_BITS = np.uint64(0x8080808080808080)
_BYTE_INDEX = np.uint64(0x0001020304050607)  # (256**j * this) >> 56 == j
#: Rows per chunk (whole blocks): a chunk's work arrays stay in the CPU caches.
CHUNK = 8192


def block_rows(n):
    """Rows per block for batch-means standard errors: >= 32 blocks when n >= 32."""
    return max(1, min(1024, n // 32))


def _low_byte(flags, low):
    """Index (0..7) of the lowest byte whose top bit is set, per uint64 (0 if none),
    into ``low``."""
    np.negative(flags, out=low)
    low &= flags  # the lowest set bit, 2**(8j + 7)
    low >>= np.uint64(7)
    low *= _BYTE_INDEX
    low >>= np.uint64(56)
    return low


class RoundStats:
    """Sums of one batch from its sorted owners: ``n_parts`` participants (owners 0 ..
    n_parts - 1), the first side's ``first_side`` participants (the owners below it) and
    ``first_dice`` dice, ``dice`` real dice per round (the first sorted columns)."""

    def __init__(self, n_parts, first_side, first_dice, dice):
        self.P, self.na, self.da, self.D = n_parts, first_side, first_dice, dice
        self.width = dice + (-dice % 8)  # owner bytes per row, whole words
        self.words = self.width // 8
        self.pairs = n_parts <= 16  # the pair histogram's cells stay few
        self._cache: dict = {}

    def __getstate__(self):  # buffers are rebuilt where the batch runs
        state = dict(self.__dict__)
        state["_cache"] = {}
        return state

    def chunk_rows(self, n):
        """Rows per chunk of a batch of n: whole blocks, about CHUNK rows."""
        blk = block_rows(n)
        return blk * max(1, CHUNK // blk)

    def buffers(self, n):
        """The kept arrays of a batch of n rows: ``owner`` (n, width) int8, to hold
        the sorted owners in its first ``D`` columns, and the statistics' work."""
        cache = self._cache.setdefault(threading.get_ident(), {})  # per thread
        if n not in cache:
            P, D, W = self.P, self.D, self.width
            blk, chunk = block_rows(n), self.chunk_rows(n)
            row_blk = np.arange(n, dtype=np.int64) // blk
            local = row_blk[:chunk, None]  # a chunk starts at a block boundary
            st = SimpleNamespace(n=n, blk=blk, chunk=chunk)
            st.rows_in = np.bincount(row_blk).astype(np.int64)
            k = st.rows_in.size
            if self.pairs:
                # cell of an aligned pair (2j, 2j+1) with owners (a, b) in block r:
                # (r * W/2 + j) * P^2 + a + P * b, from the bytes read as a
                # little-endian uint16 v = a + 256 * b: a + P * b = v - (256 - P) * (v >> 8)
                st.code = [np.empty((chunk, W // 2), dtype=np.uint16) for _ in range(2)]
                st.off = (local * (W // 2) + np.arange(W // 2)) * (P * P)
                st.hist = np.zeros((k, W // 2, P, P), dtype=np.int64)
            else:
                st.code = None
                st.off = P * (np.arange(D, dtype=np.int64)[None, :] + D * local)
                st.hist = np.zeros((k, D, P), dtype=np.int64)
            st.cell = np.empty(st.off.shape, dtype=np.int64)
            st.work = [np.empty(chunk * self.words, dtype=np.uint64) for _ in range(3)]
            st.word_base = np.tile(np.arange(0, W, 8, dtype=np.uint64), chunk)
            bad = [max(0, min(8, D - 1 - 8 * i)) for i in range(self.words)]  # valid pairs
            invalid = [((1 << 64) - 1) ^ ((1 << 8 * v) - 1) for v in bad]
            st.invalid = np.tile(np.array(invalid, dtype=np.uint64), chunk)
            st.before = np.empty(n, dtype=np.uint64)
            st.double = np.empty(n, dtype=bool)
            # pad bytes stay 0: a real owner, never read as one (see rows)
            st.owner = np.zeros((n, W), dtype=np.int8)
            cache.clear()
            cache[n] = st
        st = cache[n]
        st.hist[...] = 0
        return st

    def __call__(self, st):
        """The sums (the dict of ``Rounds.__call__``) of the sorted owners in ``st.owner``."""
        for start in range(0, st.n, st.chunk):
            self.rows(st, start, start + st.chunk)
        return self.finish(st)

    def rows(self, st, start, stop):
        """Add the rows ``start:stop`` of ``st.owner`` (``start`` a multiple of
        ``st.chunk``, at most ``st.chunk`` rows): every pass writes into the kept
        buffers, whose chunk-sized parts stay in cache."""
        P, D, W, na = self.P, self.D, self.width, self.na
        owner = st.owner[start:stop]
        m = owner.shape[0]
        # the rows' 64-bit words as one flat array: each pass below is one call
        # over the whole chunk (a word and the next one in the flat order are
        # neighbours in a row, but for a row's last word: masked where read)
        flat = owner.view(np.uint64).reshape(-1)
        M = flat.size
        flags, low, tmp = (w[:M] for w in st.work)
        # before: the first byte >= na (the other side's first action; always
        # among the real dice, so pad bytes are never reached)
        side_b = np.uint64((128 - na) * 0x0101010101010101)  # b + 128 - na >= 128 iff b >= na
        np.add(flat, side_b, out=flags)
        flags &= _TOP_BITS
        pos = _low_byte(flags, low)
        pos += st.word_base[:M]  # 8 * (word's place in its row)
        before = st.before[start:stop]
        words = self.words
        np.copyto(before, pos[words - 1 :: words])
        for i in range(words - 2, -1, -1):
            np.copyto(before, pos[i::words], where=flags[i::words] != 0)
        # double: equal owners at neighbouring real positions (a zero byte of
        # the words XOR themselves shifted by one byte)
        nxt, zero = flags, low
        np.right_shift(flat, np.uint64(8), out=nxt)
        np.left_shift(flat[1:], np.uint64(56), out=tmp[:-1])
        tmp[-1] = 0
        nxt |= tmp
        nxt ^= flat  # byte j of word i: owners at 8i + j and 8i + j + 1
        nxt |= st.invalid[:M]  # nonzero where a pair is not within the real dice
        np.subtract(nxt, _ONES, out=zero)
        np.invert(nxt, out=nxt)
        zero &= nxt
        zero &= _TOP_BITS
        double = st.double[start:stop]
        np.not_equal(zero[::words], 0, out=double)
        for i in range(1, words):
            double |= zero[i::words] != 0
        # who acts at each position, per block of rows (the chunk's own blocks)
        k0, k1 = start // st.blk, -(-stop // st.blk) if stop < st.n else st.rows_in.size
        k1 = min(k1, st.rows_in.size)
        cell = st.cell[:m]
        if st.code is not None:
            v, high, code = owner.view(np.uint16), st.code[0][:m], st.code[1][:m]
            np.right_shift(v, np.uint16(8), out=high)
            high *= np.uint16(256 - P)
            np.subtract(v, high, out=code)
            np.add(st.off[:m], code, out=cell)
            size = (k1 - k0) * (W // 2) * P * P
        else:
            np.add(st.off[:m], owner[:, :D], out=cell)
            size = (k1 - k0) * D * P
        h = np.bincount(cell.ravel(), minlength=size)
        st.hist[k0:k1] += h.reshape(st.hist[k0:k1].shape)

    def finish(self, st):
        """The sums of all the rows added."""
        P, D, W, na, rows_in = self.P, self.D, self.width, self.na, st.rows_in
        k = rows_in.size
        if st.code is not None:
            h2 = st.hist  # (block, pair, b, a)
            hist = np.stack([h2.sum(axis=2), h2.sum(axis=3)], axis=2).reshape(k, W, P)[:, :D]
        else:
            hist = st.hist
        tot = np.einsum("kdp,d->kp", hist, np.arange(1, D + 1, dtype=np.int64))
        position = hist.sum(axis=0)
        first = position[0]
        return {
            "first_side": int(first[:na].sum()),
            "first": first,
            "before": np.bincount(st.before.view(np.int64), minlength=self.da + 1),
            "double": int(np.count_nonzero(st.double)),
            "position": position,
            "blocks": k,
            "pos": tot.sum(axis=0),
            "pos_sq": (tot * tot).sum(axis=0),
            "rows": int(rows_in.sum()),
            "rows_sq": int((rows_in * rows_in).sum()),
            "pos_x_rows": (tot * rows_in[:, None]).sum(axis=0),
        }


# ====================================================================== the question's form
class _Drawn(Drawn):
    """The fast path's sums, read as :class:`~.engine.Drawn` reads the engine's (one
    round, nobody holds: never on edge)."""

    def each(self, name, per, p):
        """Mean (1-based) position of participant p's actions, batch-means standard error."""
        t, s, conf = self.res.totals, self.sw[p], self.res.confidence
        sums = (t["pos"][p], t["rows"], t["pos_sq"][p], t["rows_sq"], t["pos_x_rows"][p])
        e = mc.ratio_estimate(*sums, t["blocks"], conf, "mean")
        return mc.Estimate(
            e.value / s, e.stderr / s, e.ci_low / s, e.ci_high / s, self.n, "mean", conf
        )

    def per_fight(self, name, index):
        count = self.n if (name, index) == ("edges", 0) else 0
        return mc.wilson(count, self.n, self.res.confidence)

    def pooled(self, name, index):
        return mc.wilson(int(self.res["position"][index]), self.n, self.res.confidence)


def batch_odds(s):
    """The batch function of :func:`~dicestats.initiative.odds` by Monte Carlo: the fast
    path (:class:`Rounds`), or the round engine for holding or several rounds
    (:func:`~.vector.batch_engine`: the fast :class:`~.vector.VectorEngine`, the general
    engine for a policy of the user's own)."""
    fight = s.fight
    return batch_engine(fight) if needs_engine(fight) else Rounds(fight.setup)


def batch_size_odds(s) -> int:
    """Rounds per batch by default (:func:`~.setup.batch_rounds`: at most ``LIMITS["dice per
    batch"]`` dice), or the round engine's fights for holding or several rounds."""
    fight = s.fight
    return engine_batch_size(fight) if needs_engine(fight) else batch_rounds(None, fight.setup.sw)


def reduce_odds(s, res) -> Odds:
    """:class:`~.results.Odds` of the summed batches: every number an ``Estimate``."""
    read = (Drawn if needs_engine(s.fight) else _Drawn)(s.fight, res, s.seed)
    return engine_odds(s.fight, read, outcome_classes=None)
