"""``markov.LIMITS``: what an absorbing chain may cost, as data.

``dicestats.core.markov.LIMITS`` is this table; ``build`` checks ``max_states``
against it and the step methods check their work before the first step.
"""

from __future__ import annotations

from .limits import Limit, Limits

__all__ = ["LIMITS"]

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
