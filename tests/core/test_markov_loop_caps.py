"""The loop caps of the Markov solver (issue 14 audit): every solve path, before work.

A symmetric random walk on ``n`` states (one loop of ``n`` states) is solved
by hand: from the left end, absorption on the right has probability ``1/(n+1)``
and the expected steps from state ``i`` are ``(i+1)(n-i)``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats.core.markov import LIMITS, AbsorbingChain, build, solve_fraction

F = Fraction


def _walk(n: int):
    def step(s):
        if s in ("L", "R"):
            return None
        return {s - 1 if s > 0 else "L": F(1, 2), s + 1 if s < n - 1 else "R": F(1, 2)}

    return step


def test_the_largest_exact_loop_is_solved_exactly():
    n = LIMITS["exact loop states"].hi
    chain = build(0, _walk(n), exact=True)
    assert chain.absorption() == {"L": F(n, n + 1), "R": F(1, n + 1)}
    assert chain.expected_steps() == n
    assert chain.expected_steps(start=n // 2) == (n // 2 + 1) * (n - n // 2)


@pytest.mark.parametrize("method", ["absorption", "expected_steps", "var_steps"])
@pytest.mark.parametrize("exact", [True, False])
def test_every_solve_is_refused_before_any_elimination(monkeypatch, method, exact):
    def no_solve(*args, **kwargs):  # pragma: no cover - must not run
        raise AssertionError("a dense solve ran before the refusal")

    monkeypatch.setattr(AbsorbingChain, "_block_solve", no_solve)
    n = LIMITS["exact loop states" if exact else "float loop states"].hi + 1
    chain = build(0, _walk(n), exact=exact)
    with pytest.raises(InputError, match=rf"^the chain must .* got a loop of {n:,} transient"):
        getattr(chain, method)()


def test_step_by_step_answers_need_no_solve():
    # steps_pmf and absorbed_by walk the chain forward (their own work cap): no loop cap
    n = LIMITS["exact loop states"].hi + 1
    chain = build(0, _walk(n), exact=True)
    assert chain.steps_pmf(max_steps=3) == [0, F(1, 2), 0, F(1, 8)]
    assert chain.absorbed_by(1) == {"L": F(1, 2), "R": 0}


def test_solve_fraction_called_directly_is_held_to_the_same_cap():
    n = LIMITS["exact loop states"].hi
    eye = [[F(int(i == j)) for j in range(n + 1)] for i in range(n + 1)]
    with pytest.raises(InputError, match=r"^a must be at most 150×150, got a 151×151 matrix"):
        solve_fraction(eye, [[F(1)]] * (n + 1))
    assert solve_fraction([row[:n] for row in eye[:n]], [[F(2)]] * n)[-1] == [2]


def test_the_systems_own_chains_stay_within_the_exact_loop_cap(monkeypatch):
    # Storyteller extended actions (exact, no round limit) loop over 0..target-1: the
    # target's exact cap (80) keeps them within 150. Fate contests only move forward.
    from dicestats.fate import contest
    from dicestats.storyteller import LIMITS as ST_LIMITS
    from dicestats.storyteller import extended

    loops = []
    real = AbsorbingChain._components

    def spy(self, qrows):
        comps = real(self, qrows)
        loops.append(max(len(c) for c in comps))
        return comps

    monkeypatch.setattr(AbsorbingChain, "_components", spy)
    target = ST_LIMITS["target, exact, no round limit"].hi
    assert target <= LIMITS["exact loop states"].hi
    for on_botch in ("resets", "ends"):
        extended(1, 6, target, on_botch=on_botch, exact=True)
    contest(0, 0, victories=20, exact=True, max_exchanges=5)
    assert loops[0] == max(loops) == target  # botches reset: one loop of every score
    assert loops[-1] == 1
