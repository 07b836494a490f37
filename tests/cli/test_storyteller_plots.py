"""Issue 26 item 4: --plot on auto and exemption (their charts declared on the questions)."""

import pytest

from dicestats.cli import main


@pytest.mark.parametrize(
    "argv, said",
    [
        (["auto", "6", "--target", "2"], "better: roll"),
        (["exemption", "3", "--difficulty", "9", "--rolls", "4"], "13.52%"),
    ],
)
def test_plot(capsys, tmp_path, argv, said):
    chart = tmp_path / "chart.svg"
    assert main([*argv, "--plot", str(chart)]) == 0
    assert said in capsys.readouterr().out
    assert chart.read_text().lstrip().startswith("<?xml")
