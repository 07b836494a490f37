"""Fixtures shared by the Storyteller tests (oracle data, computed once)."""

from __future__ import annotations

import pytest

from .oracle import figures, per_die_table


@pytest.fixture(scope="session")
def reference_table():
    """``{difficulty: {dice: figures}}`` for pools 1..30, default rules, by per-die convolution."""
    return {d: {n: figures(x) for n, x in per_die_table(30, d).items()} for d in range(2, 11)}
