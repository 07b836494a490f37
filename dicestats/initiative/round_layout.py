"""How a batch of rounds becomes its key array: one draw, one ``take``.

:class:`~.simulation.Rounds` gives every participant a table of keys, one row
per ordered roll of its dice (plus cheap coins in the action reading). A round
is one row per participant, chosen by one uniform draw per chunk of
participants, split in mixed radix. :class:`KeyLayout` turns those rows into
the (rounds, slots) key array that is sorted into acting order:

* the keys' high bits (value, count, tie-break) are replaced by their dense
  rank among every key the setup can produce, so that a key fits an int32
  (rank, cheap coin and owner) when it can; else the int64 keys are kept;
* the keys are gathered as 8-byte items — two int32 keys, or one int64 key —
  with a single ``take`` on a flat table of items (numpy copies 8-byte items
  fast; a row of 3 keys of 2 bytes is a slow generic copy). An odd
  participant's last key shares an item with another's (a table over both
  participants' rows) or with a padding key that sorts after every real key;
  15 dice fill 16 int32 slots, one 64-byte row, which numpy sorts fastest;
* in the tier reading with ``tiebreak="all"`` a complete tie (two
  participants' dice of equal rank) happens exactly when two participants
  rolled the same face counts: :meth:`KeyLayout.tied` finds those rounds from
  the drawn rows, before sorting, one comparison per pair of participants that
  can roll alike (instead of a pass over the sorted keys).

The drawn rows, the keys and their order are those of the padded int64 layout
(tested); only the memory layout and the padding change.
"""

from __future__ import annotations

import math
import threading

import numpy as np

from .order import HIGH, OWN_BITS, OWN_MASK, RANK_SHIFT, KeyFormat, key_value, sentinel_keys

__all__ = ["KeyLayout"]

#: Largest table of items shared by two participants' last dice (rows_p * rows_q).
SHARED_ROWS = 1 << 16


class KeyLayout:
    """The key array of a batch from per-participant key tables.

    Parameters
    ----------
    blocks : list of int64 arrays
        ``blocks[p]``: participant p's keys, one row per table row (rows_p, s_p),
        owner (and cheap coins) included.
    mode : {"tier", "action"}
        The order reading.
    coin_bits : int
        Cheap coin bits in the keys (action reading).
    dense : bool
        Try dense int32 keys (else int64 keys, one per item).
    tiebreak : {"all", "unspent"}
        The tie-break reading (``"all"`` lets :meth:`tied` read ties from the rows).
    """

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
        """The flat item table and, per item column, its participants and base."""
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
        """Rounds with a complete tie (tier reading, ``tiebreak="all"``), or None."""
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
