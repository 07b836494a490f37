"""Issue 25: the command line never picks one reading of the user's words silently."""

from __future__ import annotations

import pytest

from dicestats import InputError
from dicestats.cli import main
from dicestats.workbench import rule_worth


def test_an_option_given_twice_with_two_values_is_refused(capsys):
    """``--botch`` abbreviates ``--botch-rule``: the last of the two won, unsaid."""
    assert (
        main(["pool", "5", "--difficulty", "6", "--botch", "first", "--botch-rule", "revised"]) == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--botch-rule given twice (as --botch-rule first and --botch-rule revised)" in err
    assert main(["pool", "5", "--difficulty", "6", "--difficulty", "6"]) == 0  # the same value


def test_max_dice_below_the_pool_is_refused(capsys):
    """``worth ten-again --dice 5 --difficulty 8 --max-dice 3`` answered "more than 0 dice"."""
    argv = ["worth", "ten-again", "--dice", "5", "--difficulty", "8", "--max-dice", "3"]
    assert main(argv) == 2
    assert "max_dice must be at least dice (5), got 3" in capsys.readouterr().err
    with pytest.raises(InputError, match="max_dice must be at least dice"):
        rule_worth(5, 8, change="ten_again", max_dice=3)
