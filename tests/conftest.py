"""Fixtures for every test: figures are closed after each test that drew one; the booklet
is built once for the tests that read it; one process pool serves the tests that pass an
``executor=``; one process forks the command's runs that need a process of their own. After
collection, what is alive (the modules and the collected tests) is frozen out of the garbage
collector's reach: a full collection otherwise walks those objects again and again for
nothing they could free; and the collector runs less often.

The suite costs about two minutes of CPU (``pytest -m "not e2e and not docs"``). Deeper runs,
each asked for by name:

* ``DICESTATS_BOOKLET_LANGS=all``: every system's pages in every language
  (``tests/presentation/test_booklet_languages.py``; by default each language builds the
  systems whose rule texts are in it).
* ``pytest --nbmake notebooks``: each notebook in a kernel of its own, as a reader opens it
  (the suite runs them one after another in one kernel, the namespace reset before each:
  ``tests/test_notebooks_meta.py``).
* ``DICESTATS_FUZZ=deep``: the fuzz tests' long profile (``tests/fuzz``).

A run started in the background or under ``nohup`` gets SIGINT, SIGHUP and SIGTERM back at
their defaults (:func:`pytest_configure`), as the signal tests need.
"""

from __future__ import annotations

import gc
import signal
import sys

import pytest


def pytest_configure(config):
    # The signal tests (in this process and in the runs it starts) need the signals at their
    # defaults; a suite started in the background or under ``nohup`` inherits SIGINT or SIGHUP
    # ignored, which the command rightly leaves alone (and its tests then fail for nothing).
    for signum, default in (
        (signal.SIGINT, signal.default_int_handler),
        (signal.SIGHUP, signal.SIG_DFL),
        (signal.SIGTERM, signal.SIG_DFL),
    ):
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, default)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    # A collection of the oldest objects walks everything the run keeps alive (the session's
    # booklets, every cache): at the default thresholds (700, 10, 10) that was some 10% of the
    # tests' CPU. Rarer collections, each of a bounded amount of young garbage: a few MB.
    gc.set_threshold(50_000, 20, 20)


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
def cli_forks(tmp_path_factory):
    """The CLI run in processes of their own, forked from one that imported once
    (:class:`tests.forks.Forks`)."""
    from .forks import Forks

    forks = Forks(tmp_path_factory.mktemp("forks"))
    try:
        yield forks
    finally:
        forks.close()


@pytest.fixture(scope="session")
def booklet(tmp_path_factory):
    """The full booklet of :mod:`tests.booklet`, built once for every test that reads it."""
    from .booklet import build

    return build(tmp_path_factory.mktemp("booklet") / "booklet.pdf")
