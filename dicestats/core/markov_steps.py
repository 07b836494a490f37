"""The number of steps to absorption: its distribution, step by step, within the work cap.

``_Steps`` is a part of :class:`~dicestats.core.markov.AbsorbingChain` (its base
class): ``steps_pmf``, ``steps_dist`` and ``absorbed_by``, and the work estimate that
refuses, before any step is taken, more steps than ``markov.LIMITS`` allows.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .checks import check_int, check_real, described, refuse
from .markov_limits import LIMITS

# Float mode: a mass not yet absorbed below this is gone (float64 would only
# carry it as subnormal noise that never reaches 0).
_GONE = 1e-300


class _Steps:
    """The step distributions of :class:`~dicestats.core.markov.AbsorbingChain` (see there).

    Needs the chain's ``exact``, ``transient``, ``absorbing``, ``_rows()``,
    ``_components()`` and ``_start_index()``.
    """

    # -- the number of steps ------------------------------------------------
    def _depth(self) -> list[int | None]:
        """For each transient state, the most steps absorption can take from it.

        ``None`` where the chain can loop (a cycle or a self-loop is reachable):
        the probability of not being absorbed then never reaches 0 exactly.
        """
        if getattr(self, "_depth_cache", None) is not None:
            return self._depth_cache
        qrows, _ = self._rows()
        depth: list[int | None] = [0] * len(qrows)
        for comp in self._components(qrows):  # sinks first: successors are done
            i = comp[0]
            loops = len(comp) > 1 or any(j == i for j, _ in qrows[i])
            if loops or any(depth[j] is None for j, _ in qrows[i]):
                for k in comp:
                    depth[k] = None
                continue
            depth[i] = 1 + max((depth[j] for j, _ in qrows[i]), default=0)
        self._depth_cache = depth
        return depth

    def _sizes(self):
        """(transitions, log10 of the exact common denominator of one step)."""
        qrows, rrows = self._rows()
        nnz = sum(map(len, qrows)) + sum(map(len, rrows))
        if not self.exact:
            return nnz, 0.0
        return nnz, math.log10(self._denominator())

    def _denominator(self) -> int:
        qrows, rrows = self._rows()
        den = 1
        for rows in (qrows, rrows):
            for row in rows:
                for _, x in row:
                    den = math.lcm(den, x.denominator)
        return den

    def _work(self, steps: int, *, reduce_each: bool) -> float:
        """Estimated work of ``steps`` steps, in the units of ``LIMITS``.

        Float: one sparse product per step (transitions + states + a fixed cost).
        Exact: the multiply-adds grow with the digits (``steps × digits per
        step``), and a reduced Fraction per step (``reduce_each``) costs the
        square of its digits.
        """
        nnz, per = self._sizes()
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
        lo, hi = 0, 1
        while self._work(hi, reduce_each=reduce_each) <= lim.hi:
            lo, hi = hi, hi * 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self._work(mid, reduce_each=reduce_each) <= lim.hi:
                lo = mid
            else:
                hi = mid
        return lo

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
            why=f"{len(self.transient):,} states, {self._sizes()[0]:,} transitions; {lim.why}",
            instead=lim.instead,
        )

    def _walk(self, start, steps: int):
        """Yield, for n = 1..steps, ``(absorbed, left)``: absorption at step n, mass left.

        Exact mode: Python ints over the common denominator ``den**n`` (no
        Fraction is reduced here; ``self._den`` is ``den``), ``left`` the
        integer mass not yet absorbed. Float mode: arrays and floats.
        """
        qrows, rrows = self._rows()
        t = len(self.transient)
        i0 = self._start_index(start)
        if self.exact:
            den = self._den = self._denominator()
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
        depth = self._depth()[self._start_index(start)]
        if depth is None:
            return wanted
        return depth if wanted is None else min(wanted, depth)

    def _refuse_endless(self, start, what: str, name: str = "max_steps"):
        most = self._most_steps(reduce_each=True)
        return refuse(
            name,
            f"given for {what} in exact mode when the chain can loop (at most {most:,} "
            "for this chain)",
            None,
            why="the exact probability of not being absorbed yet never reaches 0",
            instead="pass max_steps or use exact=False",
        )

    def _pmf(self, start, max_steps: int | None, tol: float, name: str = "max_steps"):
        """``(pmf, left)``: the step probabilities and the mass not absorbed after them."""
        if self.exact:
            steps = self._steps_needed(start, max_steps)
            if steps is None:
                raise self._refuse_endless(start, "steps_pmf", name)
            self._check_steps(
                steps,
                name,
                max_steps if max_steps is not None else steps,
                reduce_each=True,
            )
            out = [Fraction(0)]
            scale = 1
            left = 1
            for absorbed, rest in self._walk(start, steps):
                scale *= self._den
                out.append(Fraction(sum(absorbed), scale))
                left = rest
            if max_steps is not None:
                out.extend([Fraction(0)] * (max_steps + 1 - len(out)))
            return out, Fraction(left, scale)
        most = self._most_steps(reduce_each=False)
        steps = most if max_steps is None else min(max_steps, most)
        out = [0.0]
        left = 1.0
        for absorbed, left in self._walk(start, steps):
            out.append(float(np.sum(absorbed)))
            if left <= _GONE or (max_steps is None and left <= tol):
                break
        else:
            wanted = max_steps if max_steps is not None else None
            if steps > 0 and (wanted is None or wanted > steps):
                raise refuse(
                    name,
                    f"at most {most:,} for this chain",
                    wanted,
                    why=f"not yet absorbed after {steps:,} steps (mass left {left:.3g}); "
                    f"{LIMITS['float step work'].why}",
                    instead=LIMITS["float step work"].instead,
                )
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
        ``name`` is how refusals call ``max_steps`` (a system passes its own
        parameter, such as ``"max_exchanges"``).
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
        mass left is below 1e-300. ``name`` is how refusals call ``n``.
        """
        n = check_int(name, n, 0)
        if self.exact:
            steps = self._steps_needed(start, n)
            self._check_steps(steps, name, n, reduce_each=False)
            acc = [0] * len(self.absorbing)
            scale = 1
            for absorbed, _ in self._walk(start, steps):
                den = self._den
                acc = [x * den + y for x, y in zip(acc, absorbed, strict=True)]
                scale *= den
            return {s: Fraction(x, scale) for s, x in zip(self.absorbing, acc, strict=True)}
        most = self._most_steps(reduce_each=False)
        acc = np.zeros(len(self.absorbing))
        left = 1.0
        done = 0
        for absorbed, left in self._walk(start, min(n, most)):
            acc += absorbed
            done += 1
            if left <= _GONE:
                break
        if done < n and left > _GONE:
            raise refuse(
                name,
                f"at most {most:,} for this chain",
                n,
                why=f"not yet absorbed after {most:,} steps (mass left {left:.3g}); "
                f"{LIMITS['float step work'].why}",
                instead=LIMITS["float step work"].instead,
            )
        return {s: float(x) for s, x in zip(self.absorbing, acc.tolist(), strict=True)}

    def steps_dist(self, start=None, max_steps: int | None = None, *, name: str = "max_steps"):
        """The number of steps to absorption as a :class:`~dicestats.core.dist.Dist`.

        Requires the chain to be absorbed with certainty within ``max_steps``
        (exact mode) or up to ``1e-15`` (float mode); otherwise refuses (a
        truncated distribution renormalised would be silently wrong: use
        :meth:`steps_pmf` for it). ``name`` is how refusals call ``max_steps``.
        """
        from .dist import LIMITS as DIST_LIMITS
        from .dist import Dist

        if max_steps is not None:
            max_steps = LIMITS["max_steps"].check(max_steps, name=name)
        if self.exact:
            if self._depth()[self._start_index(start)] is None:
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
            _, per = self._sizes()
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
            scale = self._den ** (len(pmf) - 1) if len(pmf) > 1 else 1
            counts = [int(p * scale) for p in pmf]
            return Dist.from_counts(counts)
        return Dist(pmf)
