"""The engine: the distribution of net successes of every pool 1..N at once.

A pool is a sum of ``N`` independent *lines*: a base die and, under
ten-again, its chain of extra dice. Each line adds to three tallies, ``a``
(plain success dice), ``b`` (10s counting double, V20) and ``c`` (cancelling
1s); the net successes are a function of at most two linear combinations of
them (:class:`NetStatistics`). :func:`compute` builds their joint
distribution by ``N`` convolutions of the per-line kernel, vectorized over all
difficulties (arrays ``(difficulties, fixed, growing)``): every pool size
``1..N`` falls out of the same pass, so a whole table costs one pass.

* **Chained ten-again** is a geometric chain per line, one IIR recurrence per
  die (``c[u] = b[u] + c[u - t] / 10``), in a saturating window: every
  probability of ``net = k`` below the window's edge is exact, the mass of
  ``net >= edge`` is lumped into the top outcome, and the window is widened
  until that mass is at most :data:`TAIL_BOUND`. Success, botch, the degrees
  and the mean are not censored (``E[max(L, 0)] = E[L] + E[max(-L, 0)]``).
* **Float mode** convolves non-negative terms on the columns that still hold
  mass and renormalises after every die (:meth:`_Engine._float_step`,
  :meth:`_Engine._run_kernel`); **exact mode** runs the same code on Python-int
  numerators over one shared denominator (reduced by their gcd after every die).
* :func:`table_figures`, the float odds table's fast path, needs no
  distribution at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .rules import DEGREES, Rules

#: Largest probability mass the chained ten-again window may censor.
TAIL_BOUND = 1e-16


#: The terms of each kind of net (:meth:`NetStatistics.terms`).
_TERMS = {"sum": ((1, 0, 1),), "highest": ((1, 1, 1), (1, 0, 1)), "lowest": ((2, 1, 1), (-1, 1, 0))}


@dataclass(frozen=True)
class NetStatistics:
    """How the net successes follow from a pool's tallies (a, b, c).

    ``a`` counts plain success dice, ``b`` 10s counting double and ``c``
    cancelling 1s. The engine tracks two linear statistics of them,

    * ``fixed = fixed_weights · (a, b, c)``, which no 10 moves (so it stays
      within bounds set by the pool size), and
    * ``growing = growing_weights · (a, b, c)``, which every 10 raises (without
      bound under chained ten-again),

    and the net successes are a function of the two (:meth:`net`):

    =========  ==================  ===================  =================================
    kind       fixed               growing              net
    =========  ==================  ===================  =================================
    "sum"      0                   a + 2b - c           max(growing, 0)
    "highest"  a                   b - c                max(f + g, 0) + max(g, 0)
    "lowest"   a - c               b                    2 max(f + g, 0) - max(f, 0)
    =========  ==================  ===================  =================================

    (Without the rule of one, ``c`` has weight 0 in "sum".) "highest" and "lowest": a 1
    cancels the highest or lowest success die when 10s count double.
    """

    kind: str
    fixed_weights: tuple[int, int, int]
    growing_weights: tuple[int, int, int]

    def move(self, a: int, b: int, c: int) -> tuple[int, int]:
        """How tallies ``(a, b, c)`` move ``(fixed, growing)``."""
        f = sum(w * x for w, x in zip(self.fixed_weights, (a, b, c), strict=True))
        g = sum(w * x for w, x in zip(self.growing_weights, (a, b, c), strict=True))
        return f, g

    def terms(self) -> tuple[tuple[int, int, int], ...]:
        """``net = Σ coef · max(wf · fixed + wg · growing, 0)`` as ``(coef, wf, wg)``."""
        return _TERMS[self.kind]

    def net(self, f, g):
        """Net successes at ``fixed = f``, ``growing = g`` (numpy arrays or ints)."""
        return sum(coef * np.maximum(wf * f + wg * g, 0) for coef, wf, wg in self.terms())


#: The plain sum ``a + 2b - c``: also the statistic of the "first" botch rule (growing < 0).
SUM = NetStatistics("sum", (0, 0, 0), (1, 2, -1))


def net_statistics(rules: Rules) -> NetStatistics:
    """The statistics that determine the net successes under ``rules``."""
    if rules.two_dimensional and rules.one_cancels == "highest":
        return NetStatistics("highest", (1, 0, 0), (0, 1, -1))
    if rules.two_dimensional:
        return NetStatistics("lowest", (1, 0, -1), (0, 1, 0))
    return NetStatistics("sum", (0, 0, 0), (1, 2, -1 if rules.rule_of_one else 0))


def _events(rules: Rules):
    """Tallies (a, b, c) of a base 1, a plain success, a 10, and a 1 on an extra die."""
    ten = (0, 1, 0) if rules.ten_value == 2 else (1, 0, 0)
    extra_one = (0, 0, 1) if rules.reroll_ones_cancel else (0, 0, 0)
    return (0, 0, 1), (1, 0, 0), ten, extra_one


def revised_botch(n: int, d: int, exact: bool):
    """``q**n - (q - 1/10)**n`` with ``q = (d - 1)/10``; float: the exact value rounded."""
    q = Fraction(d - 1, 10)
    b = q**n - (q - Fraction(1, 10)) ** n
    return b if exact else float(b)


def line_kernel(rules: Rules, moves, diffs, terms: int):
    """One base die and its extra dice: ``(lowest move of g, probabilities)``.

    ``probabilities[d, i]`` is the chance that a line moves ``g`` by ``lowest + i``
    at difficulty ``diffs[d]``; ``moves`` are the moves of ``g`` by a base 1, a
    plain success, a 10 and a 1 on an extra die; a chain is summed to ``terms``
    extra 10s (each weighing 1/10).
    """
    m_one, m_plain, m_ten, m_xone = moves
    d = np.asarray(diffs, dtype=np.float64)
    p1, pb, ps, p10 = np.full_like(d, 0.1), (d - 2) / 10, (10 - d) / 10, 0.1
    # after a base 10: a final extra die (1, blank, success) after k further 10s,
    # each weighing 1/10 (one further 10 at most without a chain)
    k = np.arange(terms if rules.chain else 1)
    extra_at = m_ten + k * m_ten
    span_moves = [m_one, 0, m_plain, m_ten]
    if rules.rerolls:
        span_moves += [extra_at[-1] + max(m_xone, 0, m_plain), m_ten + m_xone, 2 * m_ten]
    lo, hi = min(span_moves), max(span_moves)
    kernel = np.zeros((len(diffs), hi - lo + 1))
    for m, p in ((m_one, p1), (0, pb), (m_plain, ps)):
        kernel[:, m - lo] += p
    if not rules.rerolls:
        kernel[:, m_ten - lo] += p10
        return lo, kernel
    w = p10 * 0.1**k
    for m, p in ((m_xone, p1), (0, pb), (m_plain, ps)):
        kernel[:, extra_at + m - lo] += p[:, None] * w[None, :]  # distinct columns
    if not rules.chain:
        kernel[:, 2 * m_ten - lo] += p10 * p10
    return lo, kernel


class _Engine:
    """Joint distribution of ``(fixed, growing)`` for pools 1..n_max, all difficulties.

    Arrays are indexed ``[difficulty, fixed - f_lo, growing - g_lo]``.
    """

    #: Float mode with one statistic convolves each die with the line's kernel
    #: (:meth:`_run_kernel`); False runs the general step (benchmarks and tests).
    kernel_steps = True

    def __init__(self, diffs, n_max, rules, stats: NetStatistics, exact, g_cap=None):
        self.diffs, self.n_max, self.rules, self.exact = list(diffs), n_max, rules, exact
        moves = (stats.move(*ev) for ev in _events(rules))  # a base 1, success, 10, extra 1
        self.m_one, self.m_plain, self.m_ten, self.m_xone = moves
        if self.m_ten[0] != 0 or self.m_ten[1] <= 0:
            raise AssertionError("a 10 must move growing only, upwards")  # pragma: no cover
        self.saturating = rules.chained
        ordinary_willpower = rules.willpower and not rules.uncancellable_willpower
        self.start = stats.move(1, 0, 0) if ordinary_willpower else (0, 0)
        # fixed: exact bounds over n_max lines (a line is one base event, or a
        # base 10, which leaves fixed alone, and one final extra die)
        moves = [self.m_one[0], self.m_plain[0], 0] + ([self.m_xone[0]] if rules.rerolls else [])
        self.f_lo = self.start[0] + n_max * min(moves)
        self.f_hi = self.start[0] + n_max * max(moves)
        self.dg_min = min(self.m_one[1], self.m_xone[1] + self.m_ten[1], 0)  # a line's lowest
        self.g_lo = self.start[1] + n_max * self.dg_min
        if self.saturating:
            self.g_top = g_cap  # the saturation bin
        else:
            g_max_line = max(self.m_plain[1], self.m_ten[1], 0)
            if rules.rerolls:
                g_max_line = self.m_ten[1] + max(self.m_plain[1], self.m_ten[1], self.m_xone[1], 0)
            self.g_top = self.start[1] + n_max * g_max_line
        self.F = self.f_hi - self.f_lo + 1
        self.W = self.g_top - self.g_lo + 1
        self.pad = 2 * self.m_ten[1] + 2
        self.width = self.W  # of the arrays one step works on (float steps trim it)
        # float steps: how far above the live bins a step may put mass (the float
        # chain sums 64 terms of 10s, each moving it by t)
        self.reach = self.pad + (64 * self.m_ten[1] if self.saturating else 0)

    # -- kernels ---------------------------------------------------------------
    def _probs(self):
        """one, blank, plain, ten by difficulty: probabilities, or numerators over 10 (exact)."""
        d = np.array(self.diffs, dtype=object if self.exact else np.float64)
        if self.exact:
            return np.full_like(d, 1), d - 2, 10 - d, np.full_like(d, 1)
        return np.full_like(d, 0.1), (d - 2) / 10, (10 - d) / 10, np.full_like(d, 0.1)

    def _zeros(self, width):
        if self.exact:  # Python ints: never overflow
            return np.zeros((len(self.diffs), self.F, width), dtype=object)
        return np.zeros((len(self.diffs), self.F, width))

    @staticmethod
    def _shift_add(out, src, df, dg, w):
        """out[:, f+df, g+dg] += w * src[:, f, g] (out is at least as wide as src + dg)."""
        F, W = src.shape[1:]
        fs = slice(max(0, -df), F - max(0, df))
        fd = slice(max(0, df), F - max(0, -df))
        gs = slice(max(0, -dg), W)
        gd = slice(max(0, dg), W + dg)
        out[:, fd, gd] += w[:, None, None] * src[:, fs, gs]

    def _fold(self, arr):
        """Saturate: everything beyond the top bin goes into it."""
        w = self.width
        if arr.shape[2] > w:
            arr[:, :, w - 1] += arr[:, :, w:].sum(axis=2)
            arr = arr[:, :, :w]
        return arr

    def _iir(self, b):
        """c[g] = b[g] + c[g - t] / 10 along growing (t: a 10's step); overflow folded.

        Float mode sums the ``10**-k`` shifts for k < 64 by doubling (six
        vectorized adds; the terms dropped weigh ``1e-64`` relative) in a
        padded array, then folds the overflow into the last column.
        """
        t = self.m_ten[1]
        width = b.shape[2]
        ext = np.zeros(b.shape[:2] + (width + 64 * t,))
        ext[:, :, :width] = b
        for k in (1, 2, 4, 8, 16, 32):
            s = k * t
            ext[:, :, s:] += 0.1**k * ext[:, :, :-s]
        ext[:, :, width - 1] += ext[:, :, width:].sum(axis=2)
        return ext[:, :, :width]

    def _iir_int(self, b):
        """Exact IIR on integer numerators: returns (c, scale), c / scale = the true c.

        With ``J = ceil(width / t)``, ``c * 10**J`` is an integer array and
        obeys ``C[g] = 10**J b[g] + C[g - t] // 10`` (the division is exact:
        every term of ``C[g - t]`` carries at least one factor 10). The
        geometric continuation beyond the array, ``(1/9) * (last t columns)``,
        is added after scaling by 9.
        """
        t = self.m_ten[1]
        width = b.shape[2]
        big = 10 ** (-(-width // t))
        c = b * big
        for j in range(t, width):
            c[:, :, j] = c[:, :, j] + c[:, :, j - t] // 10
        last = c[:, :, -t:].sum(axis=2)
        c = c * 9
        c[:, :, -1] += last
        return c, big * 9

    def _step(self, P, p1, pb, ps, p10):
        """One more line: returns the new array and (exact mode) its denominator factor."""
        out = self._zeros(self.width + self.pad)
        for (df, dg), w in ((self.m_one, p1), ((0, 0), pb), (self.m_plain, ps)):
            self._shift_add(out, P, df, dg, w)
        if not self.rules.rerolls:
            self._shift_add(out, P, *self.m_ten, p10)
            return out, 10
        # the final extra die of each chain (or the single reroll)
        fin = self._zeros(self.width + self.pad)
        for (df, dg), w in ((self.m_xone, p1), ((0, 0), pb), (self.m_plain, ps)):
            self._shift_add(fin, P, df, dg, w)
        scale = 1
        if self.rules.chain:
            fin, scale = self._iir_int(fin) if self.exact else (self._iir(fin), 1)
        else:
            self._shift_add(fin, P, *self.m_ten, p10)
        fin = self._fold(fin)
        den = 10
        if self.exact:  # out is over 10, the chain part over 10 * scale * 10
            out = out * (scale * 10)
            den = 100 * scale
        self._shift_add(out, fin, *self.m_ten, p10)  # the base 10 itself
        return out, den

    def run(self, wanted):
        """Yield (n, P) for each n in ``wanted``, in order, P of shape (diffs, F, W)."""
        wanted = set(wanted)
        if not self.exact and self.F == 1 and self.kernel_steps:
            yield from self._run_kernel(wanted)
            return
        p1, pb, ps, p10 = self._probs()
        P = self._zeros(self.W)
        P[:, self.start[0] - self.f_lo, self.start[1] - self.g_lo] = 1
        self.den = 1  # exact mode: P holds integer numerators over self.den
        for n in range(1, self.n_max + 1):
            if not self.exact:
                P = self._float_step(P, p1, pb, ps, p10)
            else:
                out, den = self._step(P, p1, pb, ps, p10)
                P = self._fold(out)
                self.den *= den
                g = self.den
                for x in P.ravel():
                    if x:
                        g = math.gcd(g, x)
                        if g == 1:
                            break
                if g > 1:
                    P = P // g
                    self.den //= g
            if n in wanted:
                yield n, P

    def _float_step(self, P, *probs):
        """One more line in float mode, computed on the live bins only.

        The step works on the growing columns that hold mass (and the few a
        line can move it to); everything else is 0 (mass below 1e-300 is
        flushed) and stays so.
        """
        live = np.flatnonzero(P.any(axis=(0, 1)))
        a = max(int(live[0]) + self.dg_min, 0)
        b = min(int(live[-1]) + 1 + self.reach, self.W)
        self.width = b - a
        try:
            out = self._fold(self._step(P[:, :, a:b], *probs)[0])
        finally:
            self.width = self.W
        # the four face probabilities need not sum to exactly 1.0 in float;
        # renormalising keeps a 1000-die pool's sum within ~1e-15
        out /= out.sum(axis=(1, 2))[:, None, None]
        out[out < 1e-300] = 0.0  # flush what would only crawl through denormals
        new = np.zeros_like(P)
        new[:, :, a:b] = out
        return new

    def _run_kernel(self, wanted):
        """:meth:`run` in float mode with one statistic: one convolution per line.

        The live columns (mass above 1e-300) are kept alone, at an offset in
        the window; a line's kernel sums the chain to 64 extra 10s, as
        :meth:`_iir` does; what lands beyond the window's top column is folded
        into it. The whole window is built only for the pools asked for.
        """
        moves = (self.m_one[1], self.m_plain[1], self.m_ten[1], self.m_xone[1])
        lo, K = line_kernel(self.rules, moves, self.diffs, 64)
        D = len(self.diffs)
        a = self.start[1] - self.g_lo  # the window column of cur[:, 0]
        cur = np.ones((D, 1))
        for n in range(1, self.n_max + 1):
            a += lo  # >= 0: the window holds every line's lowest move
            width = min(cur.shape[1] + K.shape[1] - 1, self.W - a)
            new = np.empty((D, width))
            for i in range(D):
                c = np.convolve(cur[i], K[i])
                if c.size > width:
                    c[width - 1] += c[width:].sum()
                new[i] = c[:width]
            # renormalise (the face probabilities need not sum to 1.0 in float)
            # and flush what would only crawl through denormals
            new /= new.sum(axis=1)[:, None]
            new[new < 1e-300] = 0.0
            live = np.flatnonzero(new.any(axis=0))
            cur = new[:, live[0] : live[-1] + 1]
            a += int(live[0])
            if n in wanted:
                P = self._zeros(self.W)
                P[:, 0, a : a + cur.shape[1]] = cur
                yield n, P

    def grid(self):
        """The ``(fixed, growing)`` value of every cell, as two int arrays of shape (F, W)."""
        f = np.arange(self.f_lo, self.f_hi + 1, dtype=np.int64)[:, None]
        g = np.arange(self.g_lo, self.g_top + 1, dtype=np.int64)[None, :]
        return np.broadcast_to(f, (self.F, self.W)), np.broadcast_to(g, (self.F, self.W))


def _group_sum(flat, idx, n_bins):
    """Sum columns of flat (rows, cells) into n_bins by idx (cells,)."""
    order = np.argsort(idx, kind="stable")
    sidx = idx[order]
    present = np.unique(sidx)
    sums = np.add.reduceat(flat[:, order], np.searchsorted(sidx, present), axis=1)
    out = np.zeros((flat.shape[0], n_bins), dtype=flat.dtype)
    out[:, present] = sums
    return out


def _line_means(rules: Rules, stats: NetStatistics, d: int, exact: bool):
    """E[(fixed, growing)] of one line, exact or float."""
    F = Fraction if exact else (lambda a, b: a / b)
    p1, ps, p10 = F(1, 10), F(10 - d, 10), F(1, 10)
    one_ev, plain_ev, ten_ev, xone_ev = _events(rules)
    mean = [0 * p1, 0 * p1, 0 * p1]
    events = [(one_ev, p1), (plain_ev, ps), (ten_ev, p10)]
    if rules.rerolls:
        if rules.chain:  # expected 10s, other successes and 1s of a chain
            n10, nplain, nxone = F(1, 9), ps * F(10, 9), F(1, 9)
        else:
            n10, nplain, nxone = p10, ps, p1
        events += [(ten_ev, p10 * n10), (plain_ev, p10 * nplain), (xone_ev, p10 * nxone)]
    for ev, p in events:
        for k in range(3):
            mean[k] += ev[k] * p
    return stats.move(*mean)


def _initial_cap(n_max: int, rules: Rules, stats: NetStatistics) -> int:
    v = rules.ten_value
    return 3 * n_max + v * (n_max // 3 + 40) + (2 * n_max if stats.kind == "lowest" else 0)


def compute(diffs, dice_list, rules: Rules, exact: bool) -> dict:
    """Every pool of ``dice_list`` at every difficulty of ``diffs``, in one pass.

    Returns ``{(d, n): {"pmf", "den", "tail", "mean", "botch"}}``: ``pmf`` is a
    list over net = 0..top (integer numerators over ``den`` in exact mode,
    floats otherwise), ``tail`` the censored mass in the top outcome, ``mean``
    the exact mean net and ``botch`` the botch probability. The caller checks
    the arguments (:mod:`.limits`).
    """
    diffs = list(diffs)
    dice_list = sorted(set(dice_list))
    n_max = dice_list[-1]
    stats = net_statistics(rules)
    cap = _initial_cap(n_max, rules, stats)
    limit = Fraction(1, 10**16) if exact else TAIL_BOUND
    for _ in range(8):
        res = _compute_once(diffs, dice_list, rules, exact, stats, cap)
        worst = max(v["tail"] for v in res.values())
        if worst <= limit or not rules.chained:
            break
        cap *= 2
    else:  # pragma: no cover - the first window is already far beyond the mean
        raise RuntimeError(f"ten-again window did not converge (tail {float(worst):.3g})")
    # The botch: none when a Willpower success is spent (an uncancellable one cannot botch;
    # an ordinary one is a success, so no roll lacks one: the revised botch); under the
    # first edition's rule the 1s outnumber the successes (a + 2b - c < 0); else revised.
    none = rules.uncancellable_willpower or (rules.willpower and rules.botch_rule == "revised")
    first = rules.botch_rule == "first" and not none
    sums = res  # the statistic a + 2b - c: this pass's, or a pass of its own
    if first and stats != SUM:
        cap = _initial_cap(n_max, rules, SUM) * 2
        sums = _compute_once(diffs, dice_list, rules, exact, SUM, cap)
    for (d, n), v in res.items():
        if none:
            v["botch"] = Fraction(0) if exact else 0.0
        else:
            v["botch"] = sums[(d, n)]["neg_growing"] if first else revised_botch(n, d, exact)
        del v["neg_growing"]
    return res


def _compute_once(diffs, dice_list, rules, exact, stats: NetStatistics, cap):
    eng = _Engine(diffs, dice_list[-1], rules, stats, exact, g_cap=cap)
    fg, gg = eng.grid()
    net = stats.net(fg, gg)
    zero = Fraction(0) if exact else 0.0
    uncancellable = rules.uncancellable_willpower
    negatives = []  # E[max(-(wf f + wg g), 0)] is summed over the cells where it is > 0
    for coef, wf, wg in stats.terms():
        neg = np.maximum(-(wf * fg + wg * gg), 0).ravel()
        negatives.append((coef, wf, wg, neg, np.flatnonzero(neg)))
    line_means = [_line_means(rules, stats, d, exact) for d in diffs]
    below = (gg < 0).ravel()
    res = {}
    for n, P in eng.run(dice_list):
        if eng.saturating:
            # cells with growing >= g_edge may have saturated (shown growing <= the
            # true one); their true net is at least net(f, g_edge): net rises with g
            g_edge = eng.g_top + n * eng.dg_min
            k_top = max(int(stats.net(np.arange(eng.f_lo, eng.f_hi + 1), g_edge).min()), 0)
            idx = np.minimum(net, k_top).ravel()
        else:
            k_top = int(net.max())
            idx = net.ravel()
        flat = P.reshape(len(diffs), -1)
        pmf = _group_sum(flat, idx, k_top + 1)
        den = eng.den if exact else 1

        def prob(x, den=den):
            return Fraction(int(x), den) if exact else float(x)

        neg_growing = flat[:, below].sum(axis=1) if below.any() else None
        for i, d in enumerate(diffs):
            ef, eg = line_means[i]
            ef, eg = eng.start[0] + n * ef, eng.start[1] + n * eg
            mean = zero
            for coef, wf, wg, neg, nz in negatives:
                negpart = prob((flat[i, nz] * neg[nz]).sum()) if nz.size else zero
                mean = mean + coef * (wf * ef + wg * eg + negpart)
            mean = mean + (1 if uncancellable else 0)
            tail = prob(pmf[i][-1]) if eng.saturating else zero
            # drop the zero outcomes above the largest possible net (the engine
            # is as wide as the largest pool): a 1000-row table summed them all
            nzk = np.flatnonzero(pmf[i])
            top = int(nzk[-1]) + 1 if nzk.size else 1
            if eng.saturating and tail:
                top = len(pmf[i])
            if exact:
                row = [int(x) for x in pmf[i][:top]]
            else:
                row = np.maximum(pmf[i][:top], 0.0).tolist()
            if uncancellable:
                row = [0] + row
            res[(d, n)] = {
                "pmf": row,
                "den": den,
                "tail": tail,
                "mean": mean if exact else float(mean),
                "neg_growing": zero if neg_growing is None else prob(neg_growing[i]),
            }
    return res


# --------------------------------------------------------------------------- the float table
#: Largest transition matrix (difficulties x window x window floats) the fast path builds.
MAX_CELLS = 2_000_000
#: The matrix products may take this many multiply-adds, plus WORK_PER_CELL per cell
#: asked for (the general engine costs about a tenth of a millisecond a cell; a
#: large matrix runs at about 1e9 multiply-adds a second, bound by memory).
WORK_BASE = 20_000_000
WORK_PER_CELL = 500_000
#: Chain terms summed: a chain of this many 10s weighs 1e-20.
CHAIN_TERMS = 20


def _revised_botch(diffs, dice_list):
    """``q**n - (q - 1/10)**n`` of every cell: exact integers, rounded once."""
    out = np.empty((len(dice_list), len(diffs)))
    wanted = set(dice_list)
    for j, d in enumerate(diffs):
        a = b = t = 1
        i = 0
        for n in range(1, dice_list[-1] + 1):
            a, b, t = a * (d - 1), b * (d - 2), t * 10
            if n in wanted:
                out[i, j] = (a - b) / t  # a correctly rounded quotient of integers
                i += 1
    return out


def table_figures(diffs, dice_list, rules: Rules):
    """The float figures of every pool of ``dice_list`` at every difficulty of ``diffs``.

    ``diffs`` and ``dice_list`` are sorted lists of distinct, checked values;
    ``rules`` are the rules in force for the roll (``Rules._for_roll``).
    Returns ``{column: array of shape (len(dice_list), len(diffs))}`` for the
    figures of :data:`.pools.TABLE_COLUMNS`, or None when this path does not
    apply: a two-dimensional net, an uncancellable Willpower success, the first
    edition's botch without the rule of one, or a window too large for one
    matrix or too much work for the cells asked for (a few large pools: the
    general engine is faster there). Exact tables never come here.

    When the net successes are ``max(g, 0)`` of one statistic ``g``, every
    figure depends only on the bins ``g <= 5`` and on the mean: ``P(net >= k)``,
    ``P(net == k)`` are bins, ``E[net] = E[g] + E[max(-g, 0)]`` (the line's
    exact mean times the pool, plus the bins below zero), the botch is the
    revised closed form or, under the first edition's rule, ``P(g < 0)``. So
    the pools are convolved in a window ``g_lo .. T`` whose top bin holds
    everything at or above it: a die lowers ``g`` by at most ``drop``, so mass
    lumped at ``T = 6 + N * drop`` never comes back below 6 within ``N`` dice
    and every bin read is exact (``2N + 7`` bins for the default rules,
    whatever the chain does). One die is one batched matrix product over all
    difficulties (the transition matrix carries the lumping); the chain of one
    die is summed to ``10**-20``. The figures agree with :func:`compute` to a
    few ulps.

    Examples
    --------
    >>> f = table_figures([6], [1, 2], Rules())
    >>> [round(float(x), 3) for x in f["p_success"][:, 0]], float(f["p_botch"][0, 0])
    ([0.5, 0.65], 0.1)
    """
    stats = net_statistics(rules)
    if stats.kind != "sum" or rules.uncancellable_willpower:
        return None
    first_botch = rules.botch_rule == "first"
    if first_botch and stats.growing_weights[2] >= 0:
        return None  # the first botch counts 1s that this statistic does not see
    moves = [stats.move(*ev)[1] for ev in _events(rules)]
    start = stats.move(1, 0, 0)[1] if rules.willpower and not rules.uncancellable_willpower else 0
    n_max = dice_list[-1]
    lo, kernel = line_kernel(rules, moves, diffs, CHAIN_TERMS)
    drop = max(0, -lo)
    g_lo = start - n_max * drop
    top = max(6 + n_max * drop, start + 1)
    width = top - g_lo + 1
    D = len(diffs)
    work = n_max * D * width * width
    if D * width * width > MAX_CELLS or work > WORK_BASE + WORK_PER_CELL * len(dice_list) * D:
        return None  # the general engine is faster (a few big pools) or lighter
    # the transition matrix: A[d, j, i] = P(bin j -> bin i), everything above top lumped
    span = kernel.shape[1]
    j = np.arange(width)[:, None]
    step = np.arange(width)[None, :] - j - lo  # the kernel entry that moves j to i
    inside = (step >= 0) & (step < span)
    A = np.ascontiguousarray(np.where(inside, kernel[:, np.clip(step, 0, span - 1)], 0.0))
    tails = np.cumsum(kernel[:, ::-1], axis=1)[:, ::-1]  # tails[:, k] = P(entry >= k)
    last = (width - 1) - np.arange(width) - lo  # moves j to the top or beyond
    A[:, :, -1] = np.where(last < span, tails[:, np.clip(last, 0, span - 1)], 0.0)
    H = np.zeros((n_max + 1, D, 1, width))
    H[0, :, 0, start - g_lo] = 1.0
    # flush what is far below any figure often enough that no product reaches a
    # denormal: an entry shrinks by at most the smallest kernel entry per die
    smallest = kernel[kernel > 0].min()
    every = max(1, int(100 // -np.log10(smallest)))
    for n in range(1, n_max + 1):
        np.matmul(H[n - 1], A, out=H[n])
        if n % every == 0:
            H[n][H[n] < 1e-200] = 0.0
    sel = H[np.asarray(dice_list)][:, :, 0, :]  # (pools, difficulties, bins)
    z = -g_lo  # the bin of g == 0
    ge = [sel[..., z + 5 :].sum(axis=-1)]  # P(g >= 5), then P(g >= k) down to k = 1
    for k in range(4, 0, -1):
        ge.insert(0, ge[0] + sel[..., z + k])
    ge = [np.minimum(x, 1.0) for x in ge]
    pmf0 = sel[..., : z + 1].sum(axis=-1)
    negative = sel[..., :z]
    n = np.asarray(dice_list, dtype=np.float64)[:, None]
    eg = kernel @ np.arange(lo, lo + span, dtype=np.float64)  # E[g] of one line
    mean = start + n * eg[None, :] + negative @ np.arange(z, 0, -1, dtype=np.float64)
    if rules.willpower and rules.botch_rule == "revised":
        botch = np.zeros_like(pmf0)
    elif first_botch:
        botch = negative.sum(axis=-1)
    else:
        botch = _revised_botch(diffs, dice_list)
    out = dict(p_success=ge[0], p_fail=np.maximum(pmf0 - botch, 0.0), p_botch=botch, mean_net=mean)
    out |= {f"p_{name}": sel[..., z + k] for k, name in enumerate(DEGREES[:4], start=1)}
    out |= {f"p_ge_{k}": ge[k - 1] for k in range(1, 6)}
    return out | {"p_phenomenal": ge[4]}
