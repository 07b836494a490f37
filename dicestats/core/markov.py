"""Absorbing Markov chains, solved exactly or in float64.

Contests, extended actions and retries are chains that wander among
*transient* states until they fall into an *absorbing* one (a side wins, the
task is done, the task fails). With the transient-to-transient matrix ``Q``
and the transient-to-absorbing matrix ``R``, the fundamental matrix
``N = (I - Q)^-1`` gives

* absorption probabilities ``B = N R``;
* expected steps to absorption ``t = N 1``;
* the variance of those steps ``(2N - I) t - t**2``;

and the distribution of the number of steps follows from powers of ``Q``. The
transient states are solved one strongly connected component at a time (a chain
that only moves forward is back-substitution; a loop, a small dense system), within
:data:`LIMITS`. The entry point is :func:`build`.

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
from functools import cached_property
from numbers import Rational, Real

import numpy as np

from .checks import (
    TEXT,
    InputError,
    check_exact,
    check_int,
    check_real,
    described,
    refuse,
    shown,
)
from .dist import LIMITS as DIST_LIMITS
from .dist import Dist
from .limits import Limit, Limits

__all__ = ["AbsorbingChain", "build", "solve_fraction", "LIMITS"]

#: What a chain may cost, as data (see :mod:`dicestats.core.limits`). The step
#: work of :meth:`AbsorbingChain.steps_pmf` and :meth:`AbsorbingChain.absorbed_by`
#: is estimated before any step is taken, in units of about 10 ns: exact numbers
#: grow by the digits of the common denominator at every step, so exact work
#: grows with the square (the sums) or the cube (a reduced Fraction per step)
#: of the steps.
LIMITS = Limits(
    Limit(
        "max_states",
        1,
        1_000_000,
        why="a state takes about 1.5 KB once solved: a million states are 1.5 GB",
    ),
    Limit("max_steps", 0, 1_000_000, why="a list of a million probabilities"),
    Limit(
        "exact loop states",
        1,
        150,
        when="exact",
        why="transient states that can all reach each other are solved as one dense "
        "system: Fraction elimination grows with the cube of their number, about 2 s at "
        "150",
        instead="use exact=False",
    ),
    Limit(
        "float loop states",
        1,
        3_000,
        when="float",
        why="transient states that can all reach each other are solved as one dense "
        "system: 3,000 states are a 72 MB matrix and about 5 s",
        instead="split the loop, or simulate it",
    ),
    Limit(
        "exact step work",
        hi=300_000_000,
        when="exact",
        why="about 3 s: exact probabilities gain digits at every step",
        instead="ask for fewer steps or use exact=False",
    ),
    Limit(
        "float step work",
        hi=1_000_000_000,
        when="float",
        why="about 5 s of sparse matrix-vector products",
        instead="ask for fewer steps, or use absorption() for the limit of many steps",
    ),
)

_SINGULAR = "singular system: the chain has a closed set of transient states"
# Float mode: a mass not yet absorbed below this is gone (float64 would only
# carry it as subnormal noise that never reaches 0).
_GONE = 1e-300


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
    if isinstance(rows, TEXT) or not hasattr(rows, "__iter__"):
        raise refuse(name, "a list of rows of exact numbers", rows, kind=True)
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, TEXT) or not hasattr(row, "__iter__"):
            raise refuse(f"{name}[{i}]", "a row of exact numbers", row, kind=True)
        cells = []
        for j, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, Rational):
                raise refuse(f"{name}[{i}][{j}]", "an int or a Fraction", x, kind=True)
            cells.append(Fraction(x))
        out.append(cells)
    return out


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

    Use :func:`build` rather than this constructor. The step methods' ``name``
    is how their refusals call the number of steps (a system passes its own
    parameter, such as ``"max_exchanges"``).
    """

    def __init__(self, transient, absorbing, q: Mapping, r: Mapping, *, exact: bool):
        self.transient = list(transient)
        self.absorbing = list(absorbing)
        self.exact = check_exact(exact)
        self._q = dict(q)
        self._r = dict(r)
        self._index = {s: i for i, s in enumerate(self.transient)}

    @cached_property
    def _rows(self):
        """Sparse rows: ``(qrows, rrows)`` with ``qrows[i] = [(j, p), ...]``."""
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
        return qrows, rrows

    def _start_index(self, start) -> int:
        if start is None:
            return 0
        try:
            return self._index[start]
        except (KeyError, TypeError):  # TypeError: an unhashable start
            raise refuse("start", "a transient state of the chain", start) from None

    # -- solving -----------------------------------------------------------
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
        exact = self.exact
        x: list = [None] * len(qrows)
        for comp in comps:
            members = set(comp) if len(comp) > 1 else comp
            b = []  # the right-hand side, with the already solved successors moved over
            for i in comp:
                acc = list(rhs[i])
                for j, p in qrows[i]:
                    if j not in members:
                        xj = x[j]
                        for c in range(width):
                            acc[c] += p * xj[c]
                b.append(acc)
            if len(comp) == 1:  # the common case (a forward-moving chain): one division
                i = comp[0]
                d = 1 - sum(p for j, p in qrows[i] if j == i)
                if d == 0 or (not exact and d <= 0):
                    raise InputError(_SINGULAR)
                x[i] = [v / d for v in b[0]]
                continue
            pos = {s: n for n, s in enumerate(comp)}
            a = [[int(n == m) for m in range(len(comp))] for n in range(len(comp))]  # I - Q
            for n, i in enumerate(comp):
                for j, p in qrows[i]:
                    if j in members:
                        a[n][pos[j]] -= p
            if exact:
                sol = solve_fraction(a, b)
            else:
                from scipy.linalg import LinAlgError, solve

                try:
                    sol = solve(
                        np.array(a, dtype=np.float64), np.array(b, dtype=np.float64)
                    ).tolist()
                except LinAlgError:
                    raise InputError(_SINGULAR) from None
            for n, i in enumerate(comp):
                x[i] = list(sol[n])
        return x

    @cached_property
    def _solved(self):
        """``(B, t, var)``: (I - Q) [B | t] = [R | 1] and (I - Q) s = 2t - 1, solved once."""
        t = len(self.transient)
        if t == 0:
            return [], [], []
        a = len(self.absorbing)
        qrows, rrows = self._rows
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
        return B, steps, var

    # -- results -----------------------------------------------------------
    def absorption(self, start=None) -> dict:
        """``{absorbing state: probability of ending there}`` from ``start``.

        ``start`` defaults to the chain's first state.
        """
        if not self.transient:
            return {}
        B, _, _ = self._solved
        i = self._start_index(start)
        return dict(zip(self.absorbing, B[i] if self.exact else B[i].tolist(), strict=True))

    def expected_steps(self, start=None):
        """Expected number of steps until absorption from ``start``."""
        _, steps, _ = self._solved
        v = steps[self._start_index(start)]
        return v if self.exact else float(v)

    def var_steps(self, start=None):
        """Variance of the number of steps until absorption from ``start``."""
        _, _, var = self._solved
        v = var[self._start_index(start)]
        return v if self.exact else max(float(v), 0.0)

    # -- the number of steps ------------------------------------------------
    @cached_property
    def _depth(self) -> list[int | None]:
        """For each transient state, the most steps absorption can take from it.

        ``None`` where the chain can loop (a cycle or a self-loop is reachable):
        the probability of not being absorbed then never reaches 0 exactly.
        """
        qrows, _ = self._rows
        depth: list[int | None] = [0] * len(qrows)
        for comp in self._components(qrows):  # sinks first: successors are done
            i = comp[0]
            loops = len(comp) > 1 or any(j == i for j, _ in qrows[i])
            if loops or any(depth[j] is None for j, _ in qrows[i]):
                for k in comp:
                    depth[k] = None
                continue
            depth[i] = 1 + max((depth[j] for j, _ in qrows[i]), default=0)
        return depth

    @cached_property
    def _den(self) -> int:
        """Exact mode: the common denominator of one step's probabilities."""
        return math.lcm(*(x.denominator for rows in self._rows for row in rows for _, x in row))

    @cached_property
    def _sizes(self):
        """(transitions, log10 of the exact common denominator of one step)."""
        qrows, rrows = self._rows
        nnz = sum(map(len, qrows)) + sum(map(len, rrows))
        return nnz, math.log10(self._den) if self.exact else 0.0

    def _work(self, steps: int, *, reduce_each: bool) -> float:
        """Estimated work of ``steps`` steps, in the units of ``LIMITS``.

        Float: one sparse product per step (transitions + states + a fixed cost).
        Exact: the multiply-adds grow with the digits (``steps × digits per
        step``), and a reduced Fraction per step (``reduce_each``) costs the
        square of its digits.
        """
        nnz, per = self._sizes
        if not self.exact:
            return steps * (nnz + len(self.transient) + 4_000)
        # Calibrated on chains of 3 to 300 states (Python 3.11): the loop over
        # transitions, the multiply-adds on numbers of ``steps × per`` digits,
        # and a gcd of that size per step when each step's Fraction is reduced.
        work = 10 * steps * (nnz + len(self.transient)) + 0.02 * nnz * per * steps * steps
        if reduce_each:
            work += 6e-4 * per * per * steps**3
        return work

    def _most_steps(self, *, reduce_each: bool) -> int:
        """The most steps within the work limit of this chain's mode."""
        lim = LIMITS["exact step work" if self.exact else "float step work"]
        return lim.most(lambda steps: self._work(steps, reduce_each=reduce_each))

    def _check_steps(self, steps: int, name: str, value, *, reduce_each: bool) -> None:
        """Refuse ``steps`` steps beyond the work limit, naming the most allowed."""
        lim = LIMITS["exact step work" if self.exact else "float step work"]
        if self._work(steps, reduce_each=reduce_each) <= lim.hi:
            return
        most = self._most_steps(reduce_each=reduce_each)
        mode = " in exact mode" if self.exact else ""
        raise refuse(
            name,
            f"at most {most:,}{mode} for this chain",
            value,
            why=f"{len(self.transient):,} states, {self._sizes[0]:,} transitions; {lim.why}",
            instead=lim.instead,
        )

    def _walk(self, start, steps: int):
        """Yield, for n = 1..steps, ``(absorbed, left)``: absorption at step n, mass left.

        Exact mode: Python ints over the common denominator ``self._den**n`` (no
        Fraction is reduced here), ``left`` the
        integer mass not yet absorbed. Float mode: arrays and floats.
        """
        qrows, rrows = self._rows
        t = len(self.transient)
        i0 = self._start_index(start)
        if self.exact:
            den = self._den
            qi = [[(j, int(x * den)) for j, x in row] for row in qrows]
            ri = [[(k, int(x * den)) for k, x in row] for row in rrows]
            v = [0] * t
            v[i0] = 1
            for _ in range(steps):
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
                yield absorbed, sum(v)
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
            for _ in range(steps):
                absorbed = RT @ v
                v = QT @ v
                yield absorbed, float(v.sum())

    def _steps_needed(self, start, wanted: int | None) -> int | None:
        """Exact mode: the steps worth taking (absorption is certain after the depth)."""
        depth = self._depth[self._start_index(start)]
        if depth is None:
            return wanted
        return depth if wanted is None else min(wanted, depth)

    def _unabsorbed(self, name: str, value, most: int, left: float):
        """The refusal of more float steps than the work limit, mass still left after them."""
        lim = LIMITS["float step work"]
        why = f"not yet absorbed after {most:,} steps (mass left {left:.3g}); {lim.why}"
        return refuse(name, f"at most {most:,} for this chain", value, why=why, instead=lim.instead)

    def _pmf(self, start, max_steps: int | None, tol: float, name: str = "max_steps"):
        """``(pmf, left)``: the step probabilities and the mass not absorbed after them."""
        if self.exact:
            steps = self._steps_needed(start, max_steps)
            if steps is None:
                most = self._most_steps(reduce_each=True)
                raise refuse(
                    name,
                    f"given for steps_pmf in exact mode when the chain can loop (at most {most:,} "
                    "for this chain)",
                    None,
                    why="the exact probability of not being absorbed yet never reaches 0",
                    instead="pass max_steps or use exact=False",
                )
            self._check_steps(
                steps, name, steps if max_steps is None else max_steps, reduce_each=True
            )
            out, scale, left = [Fraction(0)], 1, 1
            for absorbed, rest in self._walk(start, steps):
                scale *= self._den
                out.append(Fraction(sum(absorbed), scale))
                left = rest
            if max_steps is not None:
                out.extend([Fraction(0)] * (max_steps + 1 - len(out)))
            return out, Fraction(left, scale)
        most = self._most_steps(reduce_each=False)
        steps = most if max_steps is None else min(max_steps, most)
        out, left = [0.0], 1.0
        for absorbed, left in self._walk(start, steps):
            out.append(float(np.sum(absorbed)))
            if left <= _GONE or (max_steps is None and left <= tol):
                break
        else:
            if steps > 0 and (max_steps is None or max_steps > steps):
                raise self._unabsorbed(name, max_steps, most, left)
        if max_steps is not None:
            out.extend([0.0] * (max_steps + 1 - len(out)))
        return out, left

    def steps_pmf(
        self,
        start=None,
        max_steps: int | None = None,
        tol: float = 1e-15,
        *,
        name: str = "max_steps",
    ):
        """``P(T == n)`` for ``n = 0, 1, ...`` as a list.

        Stops at ``max_steps`` if given (the list then has ``max_steps + 1``
        entries), else once the probability mass not yet absorbed is at most
        ``tol`` (float mode) or zero (exact mode; a chain that can loop then
        needs ``max_steps``). The work is checked against ``LIMITS`` before
        the first step: a refusal names the most steps this chain allows.
        In float mode, steps after the mass left falls below 1e-300 are 0.
        """
        if max_steps is not None:
            max_steps = LIMITS["max_steps"].check(max_steps, name=name)
        tol = check_real("tol", tol, 0, 1, hi_open=True)
        return self._pmf(start, max_steps, tol, name)[0]

    def absorbed_by(self, n: int, start=None, *, name: str = "n") -> dict:
        """``{absorbing state: P(absorbed there within n steps)}``.

        Exact mode sums over a common denominator (one reduced Fraction per
        state at the end); a chain without loops is absorbed within its depth,
        so a large ``n`` costs no more than that. Float mode stops once the
        mass left is below 1e-300.
        """
        n = check_int(name, n, 0)
        if self.exact:
            steps = self._steps_needed(start, n)
            self._check_steps(steps, name, n, reduce_each=False)
            acc, scale = [0] * len(self.absorbing), 1
            for absorbed, _ in self._walk(start, steps):
                den = self._den
                acc = [x * den + y for x, y in zip(acc, absorbed, strict=True)]
                scale *= den
            return {s: Fraction(x, scale) for s, x in zip(self.absorbing, acc, strict=True)}
        most = self._most_steps(reduce_each=False)
        acc, left, done = np.zeros(len(self.absorbing)), 1.0, 0
        for absorbed, left in self._walk(start, min(n, most)):
            acc += absorbed
            done += 1
            if left <= _GONE:
                break
        if done < n and left > _GONE:
            raise self._unabsorbed(name, n, most, left)
        return {s: float(x) for s, x in zip(self.absorbing, acc.tolist(), strict=True)}

    def steps_dist(self, start=None, max_steps: int | None = None, *, name: str = "max_steps"):
        """The number of steps to absorption as a :class:`~dicestats.core.dist.Dist`.

        Requires the chain to be absorbed with certainty within ``max_steps``
        (exact mode) or up to ``1e-15`` (float mode); otherwise refuses (a
        truncated distribution renormalised would be silently wrong: use
        :meth:`steps_pmf` for it).
        """
        if max_steps is not None:
            max_steps = LIMITS["max_steps"].check(max_steps, name=name)
        if self.exact:
            if self._depth[self._start_index(start)] is None:
                raise refuse(
                    "the chain",
                    "one that is absorbed with certainty within finitely many steps for an "
                    "exact steps_dist",
                    described("a chain that can loop"),
                    why="the exact probability of not being absorbed yet never reaches 0",
                    instead="use steps_pmf(max_steps=...) or exact=False",
                )
            steps = self._steps_needed(start, max_steps)
            # The Dist holds steps + 1 weights over den**steps: check its size first.
            lim = DIST_LIMITS["exact digits"]
            _, per = self._sizes
            if (steps + 1) * max(steps * per, 1.0) > lim.hi:
                most = int(math.isqrt(int(lim.hi / max(per, 1e-9))))
                raise refuse(
                    name,
                    f"at most about {most:,} for an exact steps_dist of this chain",
                    max_steps if max_steps is not None else steps,
                    why=f"its weights would hold {(steps + 1) * steps * per:,.0f} digits; "
                    f"{lim.why}",
                    instead=lim.instead,
                )
        pmf, left = self._pmf(start, max_steps, 1e-15, name)
        if left > (0 if self.exact else 1e-15):
            raise refuse(
                name,
                "large enough for the chain to be absorbed",
                max_steps,
                why=f"P(not absorbed after {len(pmf) - 1} steps) = {float(left):.3g}",
                instead="pass a larger max_steps, or use steps_pmf for a truncated pmf",
            )
        if self.exact:
            scale = self._den ** (len(pmf) - 1)
            return Dist.from_counts([int(p * scale) for p in pmf])
        return Dist(pmf)


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
        state space); an integer up to ``LIMITS["max_states"]``.

    A probability must be a number (``True`` is not 1; exact mode: an int or a
    Fraction) and at least 0; each state's probabilities must sum to 1.
    """
    if not callable(step):
        raise refuse("step", "a callable step(state) -> {next_state: p} or None", step, kind=True)
    exact = check_exact(exact)
    max_states = LIMITS["max_states"].check(max_states, name="max_states")
    first = _successors(step, start)
    if first is None:
        raise refuse("start", "a transient state (step(start) returned None)", start)
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
            _check_probability(s, nxt, p, exact)
            if not p:
                continue
            total += p
            if nxt not in t_index and nxt not in a_index:  # a new state
                out = _successors(step, nxt)
                if out is None:
                    a_index[nxt] = len(absorbing)
                    absorbing.append(nxt)
                else:
                    t_index[nxt] = len(transient)
                    transient.append(nxt)
                    if len(transient) > max_states:
                        raise refuse(
                            "max_states",
                            "larger than the chain's transient states",
                            max_states,
                            why=f"exploring found more than {max_states:,} states",
                            instead="raise max_states (up to "
                            f"{LIMITS['max_states'].hi:,}) or simplify the chain",
                        )
                    succ[nxt] = out
                    frontier.append(nxt)
            if nxt in t_index:
                q[(i, t_index[nxt])] = q.get((i, t_index[nxt]), 0) + p
            else:
                r[(i, a_index[nxt])] = r.get((i, a_index[nxt]), 0) + p
        if (exact and total != 1) or (not exact and abs(float(total) - 1) > 1e-9):
            raise refuse(
                f"the sum of the transition probabilities from state {shown(s, quote=True)}",
                "1 (they must sum to 1)",
                total,
            )
    return AbsorbingChain(transient, absorbing, q, r, exact=exact)


def _successors(step, state):
    """``step(state)``: None (absorbing) or a mapping, else a one-line refusal."""
    out = step(state)
    if out is not None and not isinstance(out, Mapping):
        raise refuse(
            f"step({shown(state, quote=True)})",
            "None (absorbing) or a mapping {next_state: probability}",
            out,
            kind=True,
        )
    return out


def _check_probability(state, nxt, p, exact: bool) -> None:
    """One transition probability: a number >= 0 (exact mode: an int or a Fraction)."""

    def name() -> str:  # worded only for a refusal: the check runs once per transition
        return f"the probability from {shown(state, quote=True)} to {shown(nxt, quote=True)}"

    if exact:
        if isinstance(p, bool) or not isinstance(p, Rational):
            raise refuse(name(), "an int or a Fraction in exact mode", p, kind=True)
    elif isinstance(p, bool) or not isinstance(p, Real):
        raise refuse(name(), "a number", p, kind=True)
    if not p >= 0 or (not exact and not math.isfinite(p)):
        raise refuse(name(), "a finite number >= 0", p)
