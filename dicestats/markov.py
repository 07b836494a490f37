"""Absorbing Markov chains, solved exactly or in float64.

Contests, extended actions and retries are chains that wander among
*transient* states until they fall into an *absorbing* one (a side wins, the
task is done, the task fails). With the transient-to-transient matrix ``Q``
and the transient-to-absorbing matrix ``R``, the fundamental matrix
``N = (I - Q)^-1`` gives

* absorption probabilities ``B = N R``;
* expected steps to absorption ``t = N 1``;
* the variance of those steps ``(2N - I) t - t**2``;

and the distribution of the number of steps follows from powers of ``Q``.

Exact mode solves ``(I - Q) X = R`` by Gaussian elimination over
:class:`fractions.Fraction`; float mode uses :func:`scipy.linalg.solve`.

The friendly entry point is :func:`build`: give it a start state and a
function that returns each state's successors, and it explores the chain.

Examples
--------
A game of "first to two heads" with a fair coin, counted in tosses:

>>> from fractions import Fraction
>>> from dicestats.markov import build
>>> def step(heads):
...     if heads == 2:
...         return None                      # absorbing
...     return {heads + 1: Fraction(1, 2), heads: Fraction(1, 2)}
>>> chain = build(0, step, exact=True)
>>> chain.absorption()
{2: Fraction(1, 1)}
>>> chain.expected_steps()
Fraction(4, 1)
>>> chain.steps_pmf(max_steps=4)[:5]
[Fraction(0, 1), Fraction(0, 1), Fraction(1, 4), Fraction(1, 4), Fraction(3, 16)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

import numpy as np

from ._check import check_int

__all__ = ["AbsorbingChain", "build", "solve_fraction"]


def solve_fraction(a: list[list[Fraction]], b: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve ``a @ x = b`` exactly by Gauss-Jordan elimination over Fractions.

    ``a`` is n×n, ``b`` is n×m; returns x (n×m). Raises ``ValueError`` if
    ``a`` is singular.

    Examples
    --------
    >>> F = Fraction
    >>> solve_fraction([[F(2), F(1)], [F(1), F(3)]], [[F(3)], [F(5)]])
    [[Fraction(4, 5)], [Fraction(7, 5)]]
    """
    n = len(a)
    m = len(b[0]) if b else 0
    rows = [list(map(Fraction, a[i])) + list(map(Fraction, b[i])) for i in range(n)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("singular system: the chain has a closed set of transient states")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        prow = rows[col]
        inv = 1 / prow[col]
        if inv != 1:
            prow = [x * inv for x in prow]
            rows[col] = prow
        nz = [(j, x) for j, x in enumerate(prow) if x != 0 and j != col]
        for r in range(n):
            if r == col:
                continue
            f = rows[r][col]
            if f == 0:
                continue
            row = rows[r]
            row[col] = Fraction(0)
            for j, x in nz:
                row[j] -= f * x
    return [rows[i][n : n + m] for i in range(n)]


class AbsorbingChain:
    """An absorbing Markov chain over labelled states.

    Parameters
    ----------
    transient : list of hashable
        The transient states; ``transient[0]`` is where the chain starts.
    absorbing : list of hashable
        The absorbing states.
    q : mapping
        ``q[(i, j)]``: probability from transient ``i`` to transient ``j``
        (indices into ``transient``).
    r : mapping
        ``r[(i, k)]``: probability from transient ``i`` to absorbing ``k``.
    exact : bool
        Fractions (exact) or float64.

    Use :func:`build` rather than this constructor.
    """

    def __init__(self, transient, absorbing, q: Mapping, r: Mapping, *, exact: bool):
        self.transient = list(transient)
        self.absorbing = list(absorbing)
        self.exact = exact
        self._q = dict(q)
        self._r = dict(r)
        self._index = {s: i for i, s in enumerate(self.transient)}
        self._solved = None

    # -- dense matrices ----------------------------------------------------
    def _dense(self):
        t, a = len(self.transient), len(self.absorbing)
        if self.exact:
            Q = [[Fraction(0)] * t for _ in range(t)]
            R = [[Fraction(0)] * a for _ in range(t)]
            for (i, j), p in self._q.items():
                Q[i][j] += Fraction(p)
            for (i, k), p in self._r.items():
                R[i][k] += Fraction(p)
            return Q, R
        Q = np.zeros((t, t))
        R = np.zeros((t, a))
        for (i, j), p in self._q.items():
            Q[i, j] += float(p)
        for (i, k), p in self._r.items():
            R[i, k] += float(p)
        return Q, R

    def _solve(self):
        """Solve (I - Q) [B | t | t2] = [R | 1 | ...] once; cache B, t and var."""
        if self._solved is not None:
            return self._solved
        t = len(self.transient)
        if t == 0:
            self._solved = ([], [], [])
            return self._solved
        Q, R = self._dense()
        a = len(self.absorbing)
        if self.exact:
            IminusQ = [
                [(Fraction(1) if i == j else Fraction(0)) - Q[i][j] for j in range(t)]
                for i in range(t)
            ]
            rhs = [R[i] + [Fraction(1)] for i in range(t)]
            x = solve_fraction(IminusQ, rhs)
            B = [row[:a] for row in x]
            steps = [row[a] for row in x]
            # Second moment: E[T^2] = N (2 t - 1) ... solve (I-Q) s = 2t - 1.
            rhs2 = [[2 * steps[i] - 1] for i in range(t)]
            s = [row[0] for row in solve_fraction(IminusQ, rhs2)]
            var = [s[i] - steps[i] ** 2 for i in range(t)]
        else:
            from scipy.linalg import solve

            IminusQ = np.eye(t) - Q
            rhs = np.hstack([R, np.ones((t, 1))])
            x = solve(IminusQ, rhs)
            B = x[:, :a]
            steps = x[:, a]
            s = solve(IminusQ, 2 * steps - 1)
            var = s - steps**2
        self._solved = (B, steps, var)
        return self._solved

    def _start_index(self, start) -> int:
        if start is None:
            return 0
        try:
            return self._index[start]
        except KeyError:
            raise ValueError(
                f"start must be a transient state of the chain, got {start!r}"
            ) from None

    # -- results -----------------------------------------------------------
    def absorption(self, start=None) -> dict:
        """``{absorbing state: probability of ending there}`` from ``start``.

        ``start`` defaults to the chain's first state.
        """
        if not self.transient:
            return {}
        B, _, _ = self._solve()
        i = self._start_index(start)
        row = B[i] if self.exact else B[i].tolist()
        return {
            s: (p if self.exact else float(p)) for s, p in zip(self.absorbing, row, strict=True)
        }

    def expected_steps(self, start=None):
        """Expected number of steps until absorption from ``start``."""
        _, steps, _ = self._solve()
        v = steps[self._start_index(start)]
        return v if self.exact else float(v)

    def var_steps(self, start=None):
        """Variance of the number of steps until absorption from ``start``."""
        _, _, var = self._solve()
        v = var[self._start_index(start)]
        return v if self.exact else max(float(v), 0.0)

    def _step_vectors(self, start, max_steps: int):
        """Yield, for n = 1..max_steps, (P(absorbed at step n in each state), mass left)."""
        Q, R = self._dense()
        t = len(self.transient)
        i0 = self._start_index(start)
        if self.exact:
            v = [Fraction(0)] * t
            v[i0] = Fraction(1)
            qrows = [[(j, x) for j, x in enumerate(Q[i]) if x] for i in range(t)]
            rrows = [[(k, x) for k, x in enumerate(R[i]) if x] for i in range(t)]
            for _ in range(max_steps):
                absorbed = [Fraction(0)] * len(self.absorbing)
                nv = [Fraction(0)] * t
                for i, p in enumerate(v):
                    if not p:
                        continue
                    for k, x in rrows[i]:
                        absorbed[k] += p * x
                    for j, x in qrows[i]:
                        nv[j] += p * x
                v = nv
                yield absorbed, sum(v, Fraction(0))
        else:
            v = np.zeros(t)
            v[i0] = 1.0
            for _ in range(max_steps):
                absorbed = v @ R
                v = v @ Q
                yield absorbed, float(v.sum())

    def steps_pmf(self, start=None, max_steps: int | None = None, tol: float = 1e-15):
        """``P(T == n)`` for ``n = 0, 1, ...`` as a list.

        Stops at ``max_steps`` if given, else once the probability mass not yet
        absorbed is at most ``tol`` (exact mode: zero, or ``max_steps``
        required when the chain can loop forever).
        """
        if max_steps is not None:
            max_steps = check_int("max_steps", max_steps, 0)
        limit = max_steps if max_steps is not None else 100_000
        zero = Fraction(0) if self.exact else 0.0
        out = [zero]
        if max_steps == 0:
            return out
        for absorbed, left in self._step_vectors(start, limit):
            out.append(sum(absorbed, zero) if self.exact else float(np.sum(absorbed)))
            if max_steps is None and (left == 0 if self.exact else left <= tol):
                break
        else:
            if max_steps is None:
                raise ValueError(
                    "the chain had not been absorbed after 100000 steps; pass max_steps"
                )
        return out

    def absorbed_by(self, n: int, start=None) -> dict:
        """``{absorbing state: P(absorbed there within n steps)}``."""
        n = check_int("n", n, 0)
        zero = Fraction(0) if self.exact else 0.0
        acc = [zero] * len(self.absorbing)
        for absorbed, _ in self._step_vectors(start, n):
            acc = [
                x + float(y) if not self.exact else x + y
                for x, y in zip(acc, absorbed, strict=True)
            ]
        return dict(zip(self.absorbing, acc, strict=True))

    def steps_dist(self, start=None, max_steps: int | None = None):
        """The number of steps to absorption as a :class:`~dicestats.dist.Dist`.

        Requires the chain to be absorbed with certainty within ``max_steps``
        (exact mode) or up to ``1e-15`` (float mode); otherwise raises.
        """
        from .dist import Dist

        pmf = self.steps_pmf(start, max_steps)
        return Dist(pmf, exact=self.exact)


def build(
    start: Hashable,
    step: Callable[[Hashable], Mapping | None],
    *,
    exact: bool = False,
    max_states: int = 200_000,
) -> AbsorbingChain:
    """Explore a chain from ``start`` and return it as an :class:`AbsorbingChain`.

    Parameters
    ----------
    start : hashable
        The initial state (must be transient).
    step : callable
        ``step(state)`` returns ``None`` if ``state`` is absorbing, else a
        mapping ``{next_state: probability}`` summing to 1. Self-loops are
        allowed.
    exact : bool
        Solve over Fractions (probabilities must then be exact numbers).
    max_states : int
        Refuse to explore more states than this (a guard against a runaway
        state space).
    """
    first = step(start)
    if first is None:
        raise ValueError("start must be a transient state (step(start) returned None)")
    transient = [start]
    absorbing: list = []
    t_index = {start: 0}
    a_index: dict = {}
    succ = {start: first}
    q: dict = {}
    r: dict = {}
    frontier = [start]
    while frontier:
        s = frontier.pop()
        i = t_index[s]
        total = 0
        for nxt, p in succ.pop(s).items():
            if not p:
                continue
            total += p
            if nxt in t_index:
                q[(i, t_index[nxt])] = q.get((i, t_index[nxt]), 0) + p
                continue
            if nxt in a_index:
                r[(i, a_index[nxt])] = r.get((i, a_index[nxt]), 0) + p
                continue
            out = step(nxt)
            if out is None:
                a_index[nxt] = len(absorbing)
                absorbing.append(nxt)
                r[(i, a_index[nxt])] = p
            else:
                t_index[nxt] = len(transient)
                transient.append(nxt)
                if len(transient) > max_states:
                    raise ValueError(f"the chain has more than max_states={max_states} states")
                succ[nxt] = out
                frontier.append(nxt)
                q[(i, t_index[nxt])] = p
        if exact and total != 1:
            raise ValueError(f"transition probabilities from state {s!r} sum to {total}, not 1")
        if not exact and abs(float(total) - 1) > 1e-9:
            raise ValueError(f"transition probabilities from state {s!r} sum to {total}, not 1")
    return AbsorbingChain(transient, absorbing, q, r, exact=exact)
