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

The transient states are split into strongly connected components, solved
one by one from the last (sparse: a chain that only moves forward, apart
from self-loops, is plain back-substitution); a component of several states
is a small dense system, solved by Gaussian elimination over
:class:`fractions.Fraction` in exact mode and :func:`scipy.linalg.solve` in
float mode.

The friendly entry point is :func:`build`: give it a start state and a
function that returns each state's successors, and it explores the chain.

Examples
--------
A game of "first to two heads" with a fair coin, counted in tosses:

>>> from fractions import Fraction
>>> from dicestats.core.markov import build
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

import math
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

import numpy as np

from .checks import check_int

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

    def _rows(self):
        """Sparse rows: ``(qrows, rrows)`` with ``qrows[i] = [(j, p), ...]``."""
        if getattr(self, "_rows_cache", None) is not None:
            return self._rows_cache
        t = len(self.transient)
        conv = Fraction if self.exact else float
        qacc: list[dict] = [{} for _ in range(t)]
        racc: list[dict] = [{} for _ in range(t)]
        for (i, j), p in self._q.items():
            qacc[i][j] = qacc[i].get(j, 0) + conv(p)
        for (i, k), p in self._r.items():
            racc[i][k] = racc[i].get(k, 0) + conv(p)
        qrows = [[(j, x) for j, x in row.items() if x] for row in qacc]
        rrows = [[(k, x) for k, x in row.items() if x] for row in racc]
        self._rows_cache = (qrows, rrows)
        return self._rows_cache

    def _components(self, qrows) -> list[list[int]]:
        """Strongly connected components of the transient graph, sinks first.

        Tarjan's algorithm (iterative): every component comes after all the
        components it can reach, so they can be solved one by one.
        """
        t = len(qrows)
        index = [-1] * t
        low = [0] * t
        on_stack = [False] * t
        stack: list[int] = []
        comps: list[list[int]] = []
        counter = 0
        for root in range(t):
            if index[root] != -1:
                continue
            work = [(root, 0)]
            index[root] = low[root] = counter
            counter += 1
            stack.append(root)
            on_stack[root] = True
            while work:
                v, pos = work[-1]
                row = qrows[v]
                if pos < len(row):
                    work[-1] = (v, pos + 1)
                    w = row[pos][0]
                    if index[w] == -1:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        on_stack[w] = True
                        work.append((w, 0))
                    elif on_stack[w]:
                        low[v] = min(low[v], index[w])
                    continue
                work.pop()
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp.append(w)
                        if w == v:
                            break
                    comps.append(comp)
        return comps

    def _block_solve(self, qrows, comps, rhs, width):
        """Solve ``(I - Q) x = rhs`` component by component (``rhs[i]``: a list).

        A component of one state is one division; a larger one is a small
        dense system. Cost: the number of transitions plus the dense blocks,
        instead of a dense solve over every state.
        """
        t = len(qrows)
        exact = self.exact
        x: list = [None] * t
        for comp in comps:
            if len(comp) == 1:
                # The common case (a forward-moving chain): one division.
                i = comp[0]
                acc = list(rhs[i])
                d = 1
                for j, p in qrows[i]:
                    if j == i:
                        d -= p
                        continue
                    xj = x[j]
                    for c in range(width):
                        acc[c] += p * xj[c]
                if d == 0 or (not exact and d <= 0):
                    raise ValueError(
                        "singular system: the chain has a closed set of transient states"
                    )
                x[i] = [v / d for v in acc]
                continue
            members = set(comp)
            # right-hand side with the already solved successors moved over
            b = {}
            for i in comp:
                acc = list(rhs[i])
                for j, p in qrows[i]:
                    if j not in members:
                        xj = x[j]
                        for c in range(width):
                            acc[c] += p * xj[c]
                b[i] = acc
            pos = {s: n for n, s in enumerate(comp)}
            m = len(comp)
            if exact:
                a = [[Fraction(0)] * m for _ in range(m)]
                for n, i in enumerate(comp):
                    a[n][n] += 1
                    for j, p in qrows[i]:
                        if j in members:
                            a[n][pos[j]] -= p
                sol = solve_fraction(a, [b[i] for i in comp])
            else:
                from scipy.linalg import LinAlgError, solve

                a = np.eye(m)
                for n, i in enumerate(comp):
                    for j, p in qrows[i]:
                        if j in members:
                            a[n, pos[j]] -= p
                try:
                    sol = solve(a, np.array([b[i] for i in comp], dtype=np.float64)).tolist()
                except LinAlgError:
                    raise ValueError(
                        "singular system: the chain has a closed set of transient states"
                    ) from None
            for n, i in enumerate(comp):
                x[i] = list(sol[n])
        return x

    def _solve(self):
        """Solve (I - Q) [B | t] = [R | 1] and (I - Q) s = 2t - 1 once; cache B, t, var.

        Sparse: the transient states are split into strongly connected
        components and solved sinks first (a contest, whose states only move
        forward apart from ties, is then plain back-substitution).
        """
        if self._solved is not None:
            return self._solved
        t = len(self.transient)
        if t == 0:
            self._solved = ([], [], [])
            return self._solved
        a = len(self.absorbing)
        qrows, rrows = self._rows()
        comps = self._components(qrows)
        one = Fraction(1) if self.exact else 1.0
        zero = Fraction(0) if self.exact else 0.0
        rhs = []
        for i in range(t):
            row = [zero] * (a + 1)
            for k, p in rrows[i]:
                row[k] += p
            row[a] = one
            rhs.append(row)
        x = self._block_solve(qrows, comps, rhs, a + 1)
        B = [row[:a] for row in x]
        steps = [row[a] for row in x]
        # Second moment: E[T^2] = N (2 t - 1): solve (I - Q) s = 2 t - 1.
        s = self._block_solve(qrows, comps, [[2 * v - 1] for v in steps], 1)
        var = [s[i][0] - steps[i] ** 2 for i in range(t)]
        if not self.exact:
            B = np.array(B, dtype=np.float64).reshape(t, a)
            steps = np.array(steps, dtype=np.float64)
            var = np.array(var, dtype=np.float64)
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
        qrows, rrows = self._rows()
        t = len(self.transient)
        i0 = self._start_index(start)
        if self.exact:
            # Integer arithmetic over a common denominator: v[i] / den**n is
            # P(in state i after n steps). Fractions only for what is yielded.
            den = 1
            for rows in (qrows, rrows):
                for row in rows:
                    for _, x in row:
                        den = math.lcm(den, x.denominator)
            qi = [[(j, int(x * den)) for j, x in row] for row in qrows]
            ri = [[(k, int(x * den)) for k, x in row] for row in rrows]
            v = [0] * t
            v[i0] = 1
            scale = 1
            for _ in range(max_steps):
                absorbed = [0] * len(self.absorbing)
                nv = [0] * t
                for i, p in enumerate(v):
                    if not p:
                        continue
                    for k, x in ri[i]:
                        absorbed[k] += p * x
                    for j, x in qi[i]:
                        nv[j] += p * x
                v = nv
                scale *= den
                yield [Fraction(x, scale) for x in absorbed], Fraction(sum(v), scale)
        else:
            from scipy.sparse import csr_matrix

            a = len(self.absorbing)

            def sparse(rows, ncols):
                ii = [i for i, row in enumerate(rows) for _ in row]
                jj = [j for row in rows for j, _ in row]
                xx = [x for row in rows for _, x in row]
                return csr_matrix((xx, (ii, jj)), shape=(t, ncols), dtype=np.float64)

            QT = sparse(qrows, t).T.tocsr()
            RT = sparse(rrows, a).T.tocsr()
            v = np.zeros(t)
            v[i0] = 1.0
            for _ in range(max_steps):
                absorbed = RT @ v
                v = QT @ v
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
        """The number of steps to absorption as a :class:`~dicestats.core.dist.Dist`.

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
