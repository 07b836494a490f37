"""The fuzz tests' worker: one process for the whole folder, in a temporary directory."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from .harness import Worker


@pytest.fixture(scope="package")
def worker():
    """A :class:`~tests.fuzz.harness.Worker` whose directory is a fresh temporary one
    (every relative output path of a generated command lands there), with a file where
    a directory might be expected and a read-only directory.

    Its own ``mkdtemp`` directory, not pytest's ``tmp_path_factory``: pytest keeps only
    its last three base directories, so another pytest run of the same user (a parallel
    one, or the next while a deep run lasts) would delete the worker's directory.
    """
    home = Path(tempfile.mkdtemp(prefix="dicestats-fuzz-"))
    (home / "a-file").write_text("not a directory\n")
    (home / "read-only").mkdir()
    os.chmod(home / "read-only", 0o500)
    w = Worker(home)
    yield w
    w.stop()
    os.chmod(home / "read-only", 0o700)
    shutil.rmtree(home, ignore_errors=True)


def pytest_terminal_summary(terminalreporter):
    """The results table of the fuzz classes (deep profile, or ``DICESTATS_FUZZ_TABLE``)."""
    from .harness import DEEP, TALLY, table

    where = os.environ.get("DICESTATS_FUZZ_TABLE", "")
    if not TALLY or not (DEEP or where):
        return
    text = table()
    terminalreporter.write_sep("=", "fuzz results (tried and what was found, per class)")
    terminalreporter.write_line(text)
    if where not in ("", "1"):  # the table, and its counts for tests/fuzz/table.py to add up
        Path(where).write_text(text + "\n")
        Path(where).with_suffix(".json").write_text(json.dumps(TALLY, indent=1) + "\n")
