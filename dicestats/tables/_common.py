"""Helpers shared by the table builders (no system knowledge)."""

from __future__ import annotations

from fractions import Fraction

from ..core.progress import progress_bar


def _num(x):
    """Exact Fractions stay Fractions; everything else becomes a float."""
    return x if isinstance(x, Fraction) else float(x)


def _streams(rng, n):
    """One independent seed per scenario, derived from ``rng`` (a seed or a Generator)."""
    from ..core.montecarlo import seed_sequence

    return seed_sequence(rng).spawn(n)


def _each(items, rng, progress, desc, run):
    """``(item, run(item, seed))`` for each item, each on its own child stream of ``rng``,
    under one progress bar."""
    seeds = _streams(rng, len(items))
    bar = progress_bar(len(items), progress=progress, desc=desc, unit="scenario")
    try:
        for item, seed in zip(items, seeds, strict=True):
            out = run(item, seed)
            bar.update()
            yield item, out
    finally:
        bar.close()
