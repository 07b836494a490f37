"""The table fast path: a float odds table's figures as arrays, with no per-cell objects.

:func:`.pools.odds_table` in float mode needs nine figures of every cell, not
each pool's whole distribution. When the net successes are ``max(g, 0)`` of one
statistic ``g`` (the "sum" kind of :class:`.engine.NetStatistics`: every rule set
without the V20 double-10 cancelling), every figure depends only on the bins
``g <= 5`` of ``g``'s distribution and on its mean:

* ``P(net >= k)``, ``P(net == k)`` for ``k <= 5`` and ``P(net == 0)``: the bins;
* ``E[net] = E[g] + E[max(-g, 0)]``: the line's exact mean times the pool,
  plus the bins below zero;
* the botch: the revised closed form (exact integers, rounded once, as the
  engine does) or, under the first edition's rule, ``P(g < 0)``.

So the pools are convolved in a window ``g_lo .. T`` whose top bin ``T`` holds
everything at or above it: a die lowers ``g`` by at most ``drop``, so mass
lumped at ``T = 6 + N * drop`` never comes back below 6 within ``N`` dice and
every bin the figures read is exact. The window has ``2N + 7`` bins for the
default rules whatever the ten-again chain does, and one die is one batched
matrix product over all difficulties (the transition matrix carries the
lumping). The ten-again chain of one die is summed to ``10**-20`` (the mass cut
is ``10**-21`` per die: the figures move by less than ``1e-19`` per die).

Results agree with :func:`.engine.compute` to within a few ulps (tested against
it and against exact Fractions on every rule set this path takes); exact mode
and the other rule sets use the general engine.
"""

from __future__ import annotations

import numpy as np

from .engine import _events, line_kernel, net_statistics
from .rules import Rules

__all__ = ["table_figures", "FIGURES", "MAX_CELLS"]

#: The figures :func:`table_figures` returns, in :data:`.pools.TABLE_COLUMNS` order.
FIGURES = (
    "p_success",
    "p_fail",
    "p_botch",
    "mean_net",
    "p_marginal",
    "p_moderate",
    "p_complete",
    "p_exceptional",
    "p_phenomenal",
    "p_ge_1",
    "p_ge_2",
    "p_ge_3",
    "p_ge_4",
    "p_ge_5",
)

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
    # up to 16 dice every term is an integer below 2**53 and 10**n is exact: the
    # float division is the same correctly rounded quotient
    small = [n for n in dice_list if n <= 16]
    if small:
        n = np.asarray(small, dtype=np.float64)[:, None]
        d = np.asarray(diffs, dtype=np.float64)[None, :]
        out[: len(small)] = ((d - 1) ** n - (d - 2) ** n) / 10.0**n
    wanted = set(dice_list[len(small) :])
    if not wanted:
        return out
    for j, d in enumerate(diffs):
        a = b = t = 1
        i = len(small)
        for n in range(1, dice_list[-1] + 1):
            a, b, t = a * (d - 1), b * (d - 2), t * 10
            if n in wanted:
                out[i, j] = (a - b) / t
                i += 1
    return out


def table_figures(diffs, dice_list, rules: Rules):
    """The float figures of every pool of ``dice_list`` at every difficulty of ``diffs``.

    ``diffs`` and ``dice_list`` are sorted lists of distinct, checked values;
    ``rules`` are the rules in force for the roll (``Rules._for_roll``).
    Returns ``{figure: array of shape (len(dice_list), len(diffs))}`` for every
    name of :data:`FIGURES`, or None when the fast path does not apply (exact
    arithmetic is never asked of it): a two-dimensional net, an uncancellable
    Willpower success, the first edition's botch without the rule of one, or a
    window too large for one matrix or too much work for the cells asked for
    (a few large pools: the general engine is faster there).

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
    one_ev, plain_ev, ten_ev, xone_ev = _events(rules)
    moves = [stats.move(*ev)[1] for ev in (one_ev, plain_ev, ten_ev, xone_ev)]
    ordinary_willpower = rules.willpower and rules.willpower_success == "ordinary"
    start = stats.move(1, 0, 0)[1] if ordinary_willpower else 0
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
    out = {
        "p_success": ge[0],
        "p_fail": np.maximum(pmf0 - botch, 0.0),
        "p_botch": botch,
        "mean_net": mean,
    }
    for k, name in enumerate(FIGURES[4:8], start=1):
        out[name] = sel[..., z + k]
    out["p_phenomenal"] = ge[4]
    for k in range(1, 6):
        out[f"p_ge_{k}"] = ge[k - 1]
    return out
