"""Fixtures for every test: figures are closed after each test that drew one; the booklet
is built once for the tests that read it."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:  # only tests that drew something imported it
        sys.modules["matplotlib.pyplot"].close("all")


@pytest.fixture(scope="session")
def booklet(tmp_path_factory):
    """The full booklet of :mod:`tests.booklet`, built once for every test that reads it."""
    from .booklet import build

    return build(tmp_path_factory.mktemp("booklet") / "booklet.pdf")
