"""The shared CLI argument types: clear refusals, no silent repairs."""

import argparse
import os

import pytest

from dicestats.cli import main
from dicestats.cli._common import fmt_prob, int_arg, int_list, probabilities
from dicestats.format import exact_text


@pytest.mark.parametrize("text", ["3,,3", ",3", "3,", "", "3;3", "3,x", "3,2.5", "1-"])
def test_int_list_refuses_malformed_lists(text):
    with pytest.raises(argparse.ArgumentTypeError):
        int_list(text)


def test_int_list_and_ranges():
    assert int_list(" 3, 3,2 ") == [3, 3, 2]
    assert int_list("2-5") == [2, 3, 4, 5]
    assert int_list("7") == [7]
    with pytest.raises(argparse.ArgumentTypeError, match="reversed range"):
        int_list("5-2")
    with pytest.raises(argparse.ArgumentTypeError, match="a range of at most 100,000 values"):
        int_list("1-1000000000000")  # refused before the range is built


@pytest.mark.parametrize(
    "text, message",
    [
        ("nan", "expected an integer, got 'nan'"),
        ("1_000", "expected an integer in the digits 0-9, got '1_000'"),
        ("2.5", "expected an integer, got '2.5'"),
    ],
)
def test_int_arg_messages(text, message):
    # a value out of range is the API's refusal; the type refuses what is no integer
    with pytest.raises(argparse.ArgumentTypeError, match=message.replace(".", r"\.")):
        int_arg(text)


def test_probabilities_are_exact_and_in_range():
    from fractions import Fraction

    assert probabilities("0.5, 3/4") == [Fraction(1, 2), Fraction(3, 4)]
    for text in ("0.5,,1", "0.5,1.2", "lots"):
        with pytest.raises(argparse.ArgumentTypeError):
            probabilities(text)


def test_fmt_prob_never_rounds_possible_to_impossible():
    assert fmt_prob(0) == "0%" and fmt_prob(1) == "100%"
    assert fmt_prob(1e-9) == "< 0.0001%" and fmt_prob(1 - 1e-9) == "> 99.9999%"
    assert fmt_prob(1e-4) == "0.010%" and fmt_prob(1 - 1e-4) == "99.990%"
    assert fmt_prob(0.4321) == "43.21%"


def test_cli_list_error_is_one_line(capsys):
    assert main(["initiative", "--swiftness", "3,,3", "--vs", "2"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--swiftness" in err


def test_no_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().err


def test_bare_dicestats_prints_the_usage_and_the_commands(capsys):
    # it printed the full help (24 lines) on stderr; now git's convention: the
    # short usage and one line per command, on stderr with the usage-error status 2
    from dicestats.cli import build_parser, main

    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == "usage: dicestats [-h] [--version] COMMAND ..."
    sub = build_parser().get_default("_commands")
    for name in sub.choices:
        assert any(line.startswith(f"  {name} ") for line in lines), name
    assert "options:" not in err and "--help" in lines[-1]
    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert "options:" in out and err == ""


def test_a_5000_digit_argument_is_not_echoed_in_full(capsys):
    # a 5,000-digit integer was echoed on a 5,069-character line
    huge = "9" * 5000
    with pytest.raises(argparse.ArgumentTypeError, match="got an integer of 5,000 digits"):
        int_arg(huge)
    with pytest.raises(argparse.ArgumentTypeError) as info:
        int_arg("x" * 5000)
    assert len(str(info.value)) < 100
    assert main(["report", "--trials", huge]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 200 and "5,000 digits" in err
    assert main(["report", "--trials", str(10**100)]) == 2  # the API's refusal cuts it too
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "(101 digits)" in err


@pytest.mark.parametrize(
    "suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")]
)
def test_plot_flag_writes_the_chart_atomically_and_reproducibly(tmp_path, suffix, magic, capsys):
    import argparse

    import matplotlib.pyplot as plt

    from dicestats.cli._common import add_plot_flag, write_plot

    p = argparse.ArgumentParser()
    add_plot_flag(p)
    out = tmp_path / "sub" / f"chart{suffix}"
    blobs = []
    for _ in range(2):
        args = p.parse_args(["--plot", str(out)])
        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1])
        write_plot(ax, args.plot)
        blobs.append(out.read_bytes())
    assert blobs[0].startswith(magic) and blobs[0] == blobs[1]
    assert sorted(os.listdir(out.parent)) == [out.name]  # no temporary file left
    assert capsys.readouterr().err.splitlines() == [f"wrote {out}"] * 2


def test_plot_flag_refuses_other_files_at_parse_time(tmp_path, capsys):
    import argparse

    from dicestats.cli._common import add_plot_flag

    p = argparse.ArgumentParser(prog="x")
    add_plot_flag(p)
    with pytest.raises(SystemExit):
        p.parse_args(["--plot", str(tmp_path / "chart.gif")])
    err = capsys.readouterr().err
    assert "must be a .png or .svg or .pdf file path" in err


def test_help_imports_no_numerical_library():
    """``dicestats --help`` (and every sub-command's) builds its parser from the systems'
    LIMITS and Rules without importing numpy, pandas or matplotlib: it answers at once."""
    import subprocess
    import sys

    code = (
        "import sys; from dicestats.cli import build_parser; build_parser(); "
        "print(sorted(m for m in ('numpy', 'pandas', 'matplotlib', 'scipy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_exact_text_cuts_what_no_cell_holds(capsys):
    from fractions import Fraction

    assert exact_text(Fraction(16, 81)) == "16/81" and exact_text(Fraction(3)) == "3"
    big = Fraction(3**300 + 1, 10**410)
    cut = exact_text(big)
    num, den = str(big.numerator), str(big.denominator)
    assert cut.startswith(f"{num[:6]}…{num[-5:]}/{den[:6]}…{den[-5:]} ")
    assert f"({len(num):,}/{len(den):,} digits: whole with --json)" in cut
    assert exact_text(Fraction(10**300)).endswith("(301 digits: whole with --json)")
    # the text of a big exact answer stays readable; the JSON keeps every digit
    argv = ["teamwork", "--pools", "200,200,200", "--exact"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert max(len(line) for line in text.splitlines()) < 300 and "whole with --json" in text
    assert main([*argv, "--json"]) == 0
    import json

    from dicestats import storyteller as st

    got = json.loads(capsys.readouterr().out)
    want = st.teamwork([200] * 3, exact=True)
    assert Fraction(got["p_any_botch"]) == want.p_any_botch


def test_a_signal_landing_in_an_extension_import_is_one_line(monkeypatch, capsys):
    """A SIGHUP during matplotlib's backend import surfaced as pybind11's ImportError
    "initialization failed" with a traceback (the fuzz harness's signals class)."""
    import signal

    from dicestats.core.files import Interrupted

    def import_cut_short(args):
        try:
            raise Interrupted(signal.SIGHUP)
        except KeyboardInterrupt as stop:
            raise ImportError("initialization failed") from stop

    def parsed(self, argv=None):
        return argparse.Namespace(command="fate", func=import_cut_short)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parsed)
    assert main(["fate"]) == 129
    assert capsys.readouterr().err == "dicestats fate: interrupted by SIGHUP\n"
