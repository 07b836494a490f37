"""The float chain of an extended action over its scores, and the rolls given success.

A room of :mod:`.extended_resisted`: the transition matrix over the scores
``0..target-1`` (:func:`_score_chain`), its solution by elimination without
subtraction (:func:`_eliminate`, :func:`_solve_float`), the distribution of
rolls in float mode (:func:`rolls_distribution`) and ``E[rolls | success]``
exactly and in float (:func:`_given_success_exact`, :func:`_given_success_float`).
"""

from __future__ import annotations

import numpy as np

from .rules import ROLLS_TAIL

__all__ = ["ROLLS_MAX", "rolls_distribution"]

#: Float extended actions without a round limit: ``rolls`` stops at the first roll
#: after which the mass still rolling is at most ``ROLLS_TAIL``, or at this many rolls,
#: whichever comes first (``rolls_tail`` then states the larger mass lumped into the
#: top; the mean and variance are not affected).
ROLLS_MAX = 1_000_000


def _score_chain(nb, b, target: int, on_botch: str):
    """The chain over the scores ``0..target-1`` in float: ``(q, out)``.

    ``q[s, s2]``: one roll moves the score from ``s`` to ``s2`` (the task
    goes on); ``out[s]``: ``(P(done), P(failed))`` on that roll.
    """
    q = np.zeros((target, target))
    out = np.zeros((target, 2))
    for s in range(target):
        for k, p in nb:
            if s + k >= target:
                out[s, 0] += p
            else:
                q[s, s + k] += p
        if b:
            if on_botch == "ends":
                out[s, 1] += b
            else:
                q[s, 0 if on_botch == "resets" else s] += b
    return q, out


def _eliminate(q, out, rewards):
    """``x = (I - q)^-1 rewards`` and ``(I - q)^-1 out`` for a small absorbing chain.

    Gaussian elimination without subtraction (Grassmann, Taksar and Heyman):
    a state is removed by routing its transitions through it, and its pivot
    ``1 - q[i, i]`` is computed as the sum of its ways out (to the states
    left and to absorption), never as a difference. Every operation adds,
    multiplies or divides non-negative numbers, so each answer keeps a
    relative error of a few ulps per state even when the task takes millions
    of rolls on average (where ``1 - q[i, i]`` or a plain solve loses digits).
    Returns the rows for state 0 only (the start).
    """
    n = q.shape[0]
    q, out, rewards = q.copy(), out.copy(), rewards.copy()
    pivots = []
    for i in range(n - 1, -1, -1):
        s_i = q[i, :i].sum() + out[i].sum()  # ways out of i, once i's loop is removed
        f = q[:i, i] / s_i
        q[:i, :i] += np.outer(f, q[i, :i])
        out[:i] += np.outer(f, out[i])
        rewards[:i] += np.outer(f, rewards[i])
        pivots.append((q[i, :i].copy(), s_i))
    # back substitution, state 0 first (it was eliminated last)
    xs_out, xs_rew = np.zeros_like(out), np.zeros_like(rewards)
    for i in range(n):
        row, s_i = pivots[n - 1 - i]
        xs_out[i] = (out[i] + row @ xs_out[:i]) / s_i
        xs_rew[i] = (rewards[i] + row @ xs_rew[:i]) / s_i
    return xs_out, xs_rew


def _solve_float(q, out):
    """``((P(done), P(failed)), E[rolls], Var[rolls])`` from the score 0, in float."""
    n = q.shape[0]
    absorbed, h = _eliminate(q, out, np.ones((n, 1)))
    h = h[:, 0]
    _, g = _eliminate(q, out, (1 + 2 * (q @ h))[:, None])  # E[T^2] = (I-q)^-1 (1 + 2 q h)
    mean = float(h[0])
    var = max(float(g[0, 0]) - mean * mean, 0.0)
    p_done, p_failed = (float(x) for x in absorbed[0])
    return (p_done, p_failed), mean, var


def rolls_distribution(
    nb,
    b,
    target: int,
    on_botch: str,
    *,
    tail: float = ROLLS_TAIL,
    most: int = ROLLS_MAX,
    block: int = 512,
):
    """Float mode: the number of rolls of an extended action without a round limit.

    Returns ``(Dist, lumped)``: ``P(rolls == r)`` for ``r`` below the top
    outcome, ``P(rolls >= top)`` at the top, and the mass ``P(rolls > top)``
    lumped there. The top is the first roll after which the mass still rolling
    is at most ``tail``, or ``most``. The chain over the scores ``0..target-1``
    is walked ``block`` rolls at a time (one product by the ``block``-th power
    of its transition matrix per block), so a task that takes 10,000 rolls on
    average costs a few hundred small matrix products, not a step cap.
    All terms are sums of non-negative products: no cancellation.

    Examples
    --------
    >>> d, lumped = rolls_distribution([(1, 0.5)], 0.5, 1, "zero")  # geometric, p = 1/2
    >>> d.pmf(1), d.pmf(2), d.support()[1], lumped
    (0.5, 0.25, 50, 8.881784197001252e-16)
    """
    from ..core.dist import Dist

    m, ends = _score_chain(nb, b, target, on_botch)
    out = ends.sum(axis=1)  # P(done or failed on this roll | score)
    # Columns j = 0..block-1: P(absorbed on roll j + 1 | score), P(still rolling after it).
    absorbed = np.empty((target, block))
    left = np.empty((target, block))
    col_a, col_l = out.copy(), m.sum(axis=1)
    for j in range(block):
        absorbed[:, j], left[:, j] = col_a, col_l
        col_a, col_l = m @ col_a, m @ col_l
    power = np.linalg.matrix_power(m, block)  # by squaring: non-negative products
    v = np.zeros(target)
    v[0] = 1.0
    parts = [np.zeros(1)]  # P(rolls == 0) = 0
    rolled = 0
    lumped = 1.0
    while rolled < most:
        probs, rest = v @ absorbed, v @ left
        stop = np.flatnonzero(rest <= tail)
        cut = min(int(stop[0]) + 1 if stop.size else block, most - rolled)
        parts.append(probs[:cut])
        rolled += cut
        lumped = min(float(rest[cut - 1]), 1.0)  # rounding over a million rolls: <= 1e-10
        if stop.size:
            break
        v = v @ power
    pmf = np.concatenate(parts)
    pmf[-1] += lumped
    return Dist.from_probabilities(pmf), lumped


def _given_success_exact(chain, step):
    """``E[rolls | done]`` exactly: the expected steps of the chain conditioned on "done".

    Conditioned on reaching "done" the walk is again a Markov chain (Doob's
    h-transform): a move ``s -> s2`` has probability ``q(s, s2) h(s2) / h(s)``,
    ``h`` being P(done) from each score; "failed" is never entered.
    """
    from ..core.markov import build

    h = {s: chain.absorption(start=s).get("done", 0) for s in chain.transient}

    def conditioned(state):
        if state == "done":
            return None
        out = {}
        for key, p in step(state).items():
            if key == "done":
                out[key] = out.get(key, 0) + p / h[state]
            elif key != "failed" and h[key]:
                out[key] = out.get(key, 0) + p * h[key] / h[state]
        return out

    return build(0, conditioned, exact=True).expected_steps()


def _given_success_float(q, out):
    """``E[rolls | done]`` in float: ``E[rolls; done] / P(done)``.

    ``g = (I - q)^-1 h`` with ``h`` the P(done) of every score: each roll taken
    on the way counts once for every run that ends done (all sums of
    non-negative terms, as in :func:`_eliminate`).
    """
    absorbed, _ = _eliminate(q, out, np.ones((q.shape[0], 1)))
    h = absorbed[:, :1]
    _, g = _eliminate(q, out, h)
    return float(g[0, 0] / h[0, 0])
