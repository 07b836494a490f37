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
from numbers import Rational, Real

from .checks import check_exact, refuse, shown
from .markov_limits import LIMITS
from .markov_solve import _Solver, solve_fraction
from .markov_steps import _Steps

__all__ = ["AbsorbingChain", "build", "solve_fraction", "LIMITS"]


# The solver (markov_solve) and the step distributions (markov_steps) are its base
# classes, each in its own module.
class AbsorbingChain(_Solver, _Steps):
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
        self.exact = check_exact(exact)
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

    def _start_index(self, start) -> int:
        if start is None:
            return 0
        try:
            return self._index[start]
        except (KeyError, TypeError):  # TypeError: an unhashable start
            raise refuse("start", "a transient state of the chain", start) from None

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
            if nxt in t_index:
                q[(i, t_index[nxt])] = q.get((i, t_index[nxt]), 0) + p
                continue
            if nxt in a_index:
                r[(i, a_index[nxt])] = r.get((i, a_index[nxt]), 0) + p
                continue
            out = _successors(step, nxt)
            if out is None:
                a_index[nxt] = len(absorbing)
                absorbing.append(nxt)
                r[(i, a_index[nxt])] = p
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
                q[(i, t_index[nxt])] = p
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
    name = f"the probability from {shown(state, quote=True)} to {shown(nxt, quote=True)}"
    if exact:
        if isinstance(p, bool) or not isinstance(p, Rational):
            raise refuse(name, "an int or a Fraction in exact mode", p, kind=True)
    elif isinstance(p, bool) or not isinstance(p, Real):
        raise refuse(name, "a number", p, kind=True)
    if not p >= 0 or (not exact and not math.isfinite(p)):
        raise refuse(name, "a finite number >= 0", p)
