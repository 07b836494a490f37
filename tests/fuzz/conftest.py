"""The fuzz tests' worker: one process for the whole folder, in a temporary directory."""

from __future__ import annotations

import os

import pytest

from .harness import Worker


@pytest.fixture(scope="package")
def worker(tmp_path_factory):
    """A :class:`~tests.fuzz.harness.Worker` whose directory is a fresh temporary one
    (every relative output path of a generated command lands there), with a file where
    a directory might be expected and a read-only directory."""
    home = tmp_path_factory.mktemp("fuzz")
    (home / "a-file").write_text("not a directory\n")
    (home / "read-only").mkdir()
    os.chmod(home / "read-only", 0o500)
    w = Worker(home)
    yield w
    w.stop()
    os.chmod(home / "read-only", 0o700)
