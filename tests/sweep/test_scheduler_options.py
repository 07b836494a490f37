"""Issue 25: ``--scheduler`` and ``--timeout`` are checked before any connection:
``--scheduler nan`` stalled 20 s and printed a ``Client.__del__`` traceback, ``--timeout
1e308`` never gave up, and nan, inf and -1 were read."""

from __future__ import annotations

import pytest

from dicestats.cli import main

ARGS = ["sweep", "fate", "--bonus", "0", "--difficulty", "2"]


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--scheduler", "nan"], "expected a scheduler address such as tcp://host:8786"),
        (["--scheduler", "localhost"], "expected a scheduler address"),
        (["--timeout", "1e308"], "expected seconds in (0, 3600], got '1e308'"),
        (["--timeout", "nan"], "expected seconds in (0, 3600]"),
        (["--timeout", "inf"], "expected seconds in (0, 3600]"),
        (["--timeout", "-1"], "expected seconds in (0, 3600]"),
    ],
)
@pytest.mark.parametrize("where", ["before", "after"])
def test_scheduler_options_are_checked_before_connecting(capsys, extra, words, where):
    argv = [*ARGS, *extra] if where == "after" else ["sweep", *extra, *ARGS[1:]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
