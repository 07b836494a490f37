"""Issue 25: every output path (stdout, --out, --plot) is refused or written in one line:
exit 2 before the work, 1 for an I/O failure after it; never a traceback."""

from __future__ import annotations

import errno
import io
import sys

import pytest

from dicestats.cli import main


class _Full(io.StringIO):
    """Standard output on a full disk (``> /dev/full``)."""

    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    def fileno(self):
        raise io.UnsupportedOperation("fileno")


@pytest.mark.parametrize(
    "argv",
    [
        ["fate", "--difficulty", "2"],
        ["fate", "--difficulty", "2", "--json"],
        ["sweep", "fate", "--bonus", "0,1", "--difficulty", "2", "--quiet"],
    ],
)
def test_a_full_stdout_is_one_line_and_exit_1(capsys, monkeypatch, argv):
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"dicestats {argv[0]}: error: cannot write standard output: No space left on device\n"
    )


@pytest.mark.parametrize(
    "option, path, words",
    [
        ("--out", "/proc/x.csv", "cannot write '/proc/x.csv': No such file or directory"),
        ("--out", "x" * 300 + ".csv", "File name too long"),
        ("--plot", "chart.svg/", "not a directory's"),
    ],
)
def test_an_unwritable_path_is_refused_before_the_work(
    capsys, tmp_path, monkeypatch, option, path, words
):
    monkeypatch.chdir(tmp_path)
    argv = ["sweep", "fate", "--bonus", "0,1", "--difficulty", "2", "--quiet", option, path]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_format_to_csv_checks_its_path_and_writes_in_one_step(tmp_path):
    import pandas as pd

    from dicestats import InputError
    from dicestats.format import to_csv

    df = pd.DataFrame({"dice": [1]})
    with pytest.raises(InputError, match="path must be a .csv file path"):
        to_csv(df, tmp_path / "t.gif")  # was written, as CSV, under any name
    to_csv(df, tmp_path / "t.csv")
    assert [p.name for p in tmp_path.iterdir()] == ["t.csv"]
