"""Calls that used to run for minutes (or forever) are refused at once.

The calls run in a child process with a generous wall-clock bound (``tests/child.py``),
so a regression fails this test instead of hanging the suite (a bound on a child, not
a timed assertion on speed).
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

import pytest

from dicestats.core.markov import build

from ..child import run_each

CALLS = {
    "steps_pmf() of an exact looping chain": "chain.steps_pmf()",
    "steps_dist() of an exact looping chain": "chain.steps_dist()",
    "absorbed_by(10**6) of an exact looping chain": "chain.absorbed_by(10**6)",
    "steps_pmf(max_steps=10**6) of an exact looping chain": "chain.steps_pmf(max_steps=10**6)",
    "exact repeat_sum(20000)": "Dist.die(6, exact=True).repeat_sum(20000)",
    "10**6 @ exact d6": "10**6 @ Dist.die(6, exact=True)",
    "moment(10**18)": "Dist.die(6, exact=True).moment(10**18)",
    "max_states=nan": "build(0, lambda s: None if s < 0 else {s + 1: 0.5, -1: 0.5}, "
    "max_states=float('nan'))",
    "trials=10**400": "mc.run(lambda rng, n: {'x': n}, trials=10**400)",
    # one loop of 1,000 states: Fraction elimination ran for minutes
    "exact loop of 1,000 states": "build(0, lambda s: None if s < 0 else "
    "{(s + 1) % 1000: Fraction(2, 5), (s - 1) % 1000: Fraction(2, 5), -1: Fraction(1, 5)}, "
    "exact=True).expected_steps()",
    # 20,000 states: a 3.2 GB dense matrix
    "float loop of 20,000 states": "build(0, lambda s: None if s < 0 else "
    "{(s + 1) % 20000: 0.4, (s - 1) % 20000: 0.4, -1: 0.2}).absorption()",
}

SETUP = """
from fractions import Fraction
from dicestats.core.dist import Dist
from dicestats.core.markov import build
from dicestats.core import montecarlo as mc
from dicestats.core.checks import InputError
half = Fraction(1, 2)
chain = build(0, lambda s: None if s >= 3 else {s + 1: half, 0: half}, exact=True)
"""

CALL = """
try:
    CALL
except InputError as exc:
    print("refused:", exc)
else:
    print("answered")
"""


@pytest.fixture(scope="module")
def answers():
    """What each call of CALLS printed, all run in one child process."""
    calls = {name: textwrap.dedent(CALL).replace("CALL", call) for name, call in CALLS.items()}
    return run_each(SETUP, calls, timeout=60)


@pytest.mark.parametrize("name", list(CALLS))
def test_refused_at_once(name, answers):
    a = answers[name]
    assert a["error"] is None, a["error"]
    assert a["out"].startswith("refused: "), a["out"] + a["err"]
    assert len(a["out"].splitlines()) == 1


def test_loops_within_the_caps_are_solved():
    # a loop of 150 states (the exact cap): every state reaches absorption in 5 steps
    # on average (absorbed with 1/5 at each step, whatever the walk does)
    n = 150
    chain = build(
        0,
        lambda s: (
            None
            if s < 0
            else {(s + 1) % n: Fraction(2, 5), (s - 1) % n: Fraction(2, 5), -1: Fraction(1, 5)}
        ),
        exact=True,
    )
    assert chain.expected_steps() == 5
