"""Helpers shared by the table builders (no system knowledge)."""

from __future__ import annotations

from fractions import Fraction


def _num(x):
    """Exact Fractions stay Fractions; everything else becomes a float."""
    return x if isinstance(x, Fraction) else float(x)


def _streams(rng, n):
    """One independent seed per scenario, derived from ``rng`` (a seed or a Generator)."""
    from ..core.montecarlo import seed_sequence

    return seed_sequence(rng).spawn(n)
