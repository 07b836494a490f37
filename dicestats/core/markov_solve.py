"""The exact and float solver of an absorbing chain, by strongly connected components.

* :func:`solve_fraction`: Gauss-Jordan elimination over Fractions (a dense system);
* ``_Solver``, a part of :class:`~dicestats.core.markov.AbsorbingChain` (its base
  class): Tarjan's strongly connected components, solved sinks first, and the
  absorption probabilities, expected steps and their variance computed once.

``dicestats.core.markov`` re-exports :func:`solve_fraction`.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational

import numpy as np

from .checks import InputError, described, refuse
from .markov_limits import LIMITS

__all__ = ["solve_fraction"]

_SINGULAR = "singular system: the chain has a closed set of transient states"


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
    a = _matrix("a", a)
    b = _matrix("b", b)
    n = len(a)
    # the chains' own solves are checked before this (AbsorbingChain._solve); a
    # direct call is held to the same cap of a dense Fraction elimination
    lim = LIMITS["exact loop states"]
    if n > lim.hi:
        raise refuse(
            "a",
            f"at most {lim.hi}×{lim.hi}",
            described(f"a {n:,}×{n:,} matrix"),
            why=lim.why,
            instead="solve it in float (scipy.linalg.solve)",
        )
    if any(len(row) != n for row in a):
        raise refuse(
            "a",
            "a square n×n matrix",
            described(f"{n} rows of lengths {sorted({len(r) for r in a})}"),
        )
    if len(b) != n:
        raise refuse("b", f"a matrix of {n} rows (as many as a)", described(f"{len(b)} rows"))
    m = len(b[0]) if b else 0
    if any(len(row) != m for row in b):
        raise refuse(
            "b", "rows of equal length", described(f"rows of lengths {sorted({len(r) for r in b})}")
        )
    rows = [a[i] + b[i] for i in range(n)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise InputError(_SINGULAR)
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


def _matrix(name: str, rows) -> list[list[Fraction]]:
    """A list of rows of exact numbers as Fractions, or a one-line refusal."""
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise refuse(name, "a list of rows of exact numbers", rows, kind=True)
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
            raise refuse(f"{name}[{i}]", "a row of exact numbers", row, kind=True)
        cells = []
        for j, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, Rational):
                raise refuse(f"{name}[{i}][{j}]", "an int or a Fraction", x, kind=True)
            cells.append(Fraction(x))
        out.append(cells)
    return out


class _Solver:
    """Solving :class:`~dicestats.core.markov.AbsorbingChain` (see there).

    Needs the chain's ``exact``, ``transient``, ``absorbing``, ``_rows()`` and ``_solved``.
    """

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
                    raise InputError(_SINGULAR)
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
                    raise InputError(_SINGULAR) from None
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
        largest = max(len(c) for c in comps)
        LIMITS["exact loop states" if self.exact else "float loop states"].check_work(
            largest,
            name="the chain",
            value=described(f"a loop of {largest:,} transient states that reach each other"),
        )
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
