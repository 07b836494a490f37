"""Fixtures for every test: figures are closed after each test that drew one; the booklet
is built once for the tests that read it. After collection, what is alive (the modules and
the collected tests) is frozen out of the garbage collector's reach: a full collection
otherwise walks those objects again and again for nothing they could free."""

from __future__ import annotations

import gc
import sys

import pytest


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    if "matplotlib.pyplot" in sys.modules:  # only tests that drew something imported it
        sys.modules["matplotlib.pyplot"].close("all")


@pytest.fixture(scope="session")
def process_pool():
    """A pool of two worker processes kept for the whole session, for the tests that pass
    an ``executor=`` (as a user keeps one across runs): not two new processes per test."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.fixture(scope="session")
def booklet(tmp_path_factory):
    """The full booklet of :mod:`tests.booklet`, built once for every test that reads it."""
    from .booklet import build

    return build(tmp_path_factory.mktemp("booklet") / "booklet.pdf")
