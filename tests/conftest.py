"""Fixtures for every test: figures are closed after each test that drew one."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:  # only tests that drew something imported it
        sys.modules["matplotlib.pyplot"].close("all")
