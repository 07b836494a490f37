"""``--plot`` into a place that cannot hold a file: one line on stderr, exit 2.

The fuzz harness found ``dicestats calibrate fate --plot=a-file/out.png`` (``a-file``
a file) ending in a NotADirectoryError traceback; every ``--plot`` shares the writer.
"""

from __future__ import annotations

import pytest

from dicestats.cli import main


@pytest.mark.parametrize(
    "argv",
    [
        ["calibrate", "fate"],
        ["teamwork", "--pools", "3,2"],
    ],
)
@pytest.mark.parametrize("under", ["a-file/out.png", "a-file/deeper/out.svg"])
def test_plot_under_a_file_is_one_line(tmp_path, capsys, argv, under):
    (tmp_path / "a-file").write_text("not a directory\n")
    out = tmp_path / under
    assert main([*argv, "--plot", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0]
    assert err[0].startswith(f"dicestats {argv[0]}: error: cannot write {out}: ")
    assert "is a file, not a directory" in err[0]
    assert (tmp_path / "a-file").read_text() == "not a directory\n"
