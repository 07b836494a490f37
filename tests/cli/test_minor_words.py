"""Issue 25, minor words: sweep reads the digits 0-9 only, as every command does; its help
says "95%"; Ctrl-C says why the command stopped."""

from __future__ import annotations

import pytest

from dicestats.cli import main


@pytest.mark.parametrize("word", ["٣", "٣-٥", "３", "1_0"])
def test_sweep_reads_only_the_digits_0_to_9(capsys, word):
    assert main(["sweep", "fate", "--bonus", word, "--difficulty", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("0-9" in err or "must be an integer" in err)


def test_sweep_help_says_95_percent(capsys):
    assert main(["sweep", "--help"]) == 0
    out = capsys.readouterr().out
    assert "95% intervals" in out and "%%" not in out


def test_ctrl_c_says_interrupted(capsys, monkeypatch):
    """It printed "dicestats fate: " and nothing else."""
    import dicestats.format

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(dicestats.format, "view_text", stop)
    assert main(["fate", "--difficulty", "2"]) == 130
    assert capsys.readouterr().err == "dicestats fate: interrupted\n"


def test_an_unknown_short_option_is_not_a_value(capsys):
    """``--difficulty 2 -q`` swept difficulty '-q': every cell failed, exit 1."""
    assert main(["sweep", "fate", "--bonus", "0", "--difficulty", "2", "-q"]) == 2
    assert "unknown option '-q'" in capsys.readouterr().err
    assert main(["sweep", "fate", "--bonus", "-1", "--difficulty", "-3-2", "--quiet"]) == 0
