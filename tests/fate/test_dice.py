"""Fate dice, die faces, the worked examples of the FAE text, and the ladder."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from dicestats import fate
from dicestats.core.dist import Dist

from .oracle import brute_dice

F = Fraction


def test_4df_counts_match_enumeration():
    d = fate.fate_dice(4, exact=True)
    assert d.weights == (1, 4, 10, 16, 19, 16, 10, 4, 1)
    for n in range(1, 7):
        ref = brute_dice(n)
        d = fate.fate_dice(n, exact=True)
        assert d.support() == (-n, n)
        for t, c in ref.items():
            assert d.pmf(t) == F(c, 3**n)


def test_float_dice_agree_with_exact():
    for n in (1, 4, 6, 30):
        a, b = fate.fate_dice(n), fate.fate_dice(n, exact=True)
        assert a.isclose(b, atol=1e-12)


def test_dice_count_follows_the_rules():
    assert fate.fate_dice(rules=fate.Rules(dice=3), exact=True).weights == (1, 3, 6, 7, 6, 3, 1)
    assert isinstance(fate.fate_dice(), Dist)


# The worked examples of the FAE text, as printed there (full-width glyphs):
# "－＋０＋＝＋１＋－００＝０" and "＋＋＋－＝＋２－０００＝－１": four rolls and their totals.
WORKED_LINES = ("－＋０＋＝＋１＋－００＝０", "＋＋＋－＝＋２－０００＝－１")
WORKED_EXAMPLES = [("－＋０＋", 1), ("＋－００", 0), ("＋＋＋－", 2), ("－０００", -1)]


def _split_worked_line(line: str):
    """Split a printed line into (faces, stated total) pairs: 4 glyphs '＝' signed digit."""
    pat = re.compile(r"([＋－０]{4})＝([＋－]?[０-９])")
    out = []
    for faces, total in pat.findall(line):
        total = total.translate(str.maketrans("＋－０１２３４５６７８９", "+-0123456789"))
        out.append((faces, int(total)))
    return out


def test_worked_lines_split_into_the_four_examples():
    pairs = [p for line in WORKED_LINES for p in _split_worked_line(line)]
    assert pairs == WORKED_EXAMPLES


@pytest.mark.parametrize("faces,total", WORKED_EXAMPLES)
def test_worked_examples(faces, total):
    assert fate.dice_total(faces) == total
    assert len(fate.parse_faces(faces)) == 4


def test_worked_examples_as_printed_every_total_holds():
    # Each printed line reads "faces＝total faces＝total": every stated total is the dice total.
    for line in WORKED_LINES:
        for faces, total in _split_worked_line(line):
            assert fate.dice_total(faces) == total


@pytest.mark.parametrize(
    "faces,total",
    [
        ("-+0+", 1),
        ("+-00", 0),
        ("+++-", 2),
        ("-000", -1),
        ("−+0+", 1),  # U+2212 minus sign
        ("− + 0 +", 1),
        ([-1, "+", 0, 1], 1),
        ((1, -1, 0, 0), 0),
    ],
)
def test_dice_total_accepts_every_glyph(faces, total):
    assert fate.dice_total(faces) == total


@pytest.mark.parametrize("bad", ["+x0+", "", [2], [True], 3.0, None])
def test_dice_total_rejects_bad_faces(bad):
    with pytest.raises((ValueError, TypeError), match="faces"):
        fate.dice_total(bad)


def test_ladder():
    assert fate.ladder_name(8) == "Legendary (+8)"
    assert fate.ladder_name(0) == "Mediocre (+0)"
    assert fate.ladder_name(-2) == "Terrible (-2)"
    assert sorted(fate.LADDER) == list(range(-2, 9))
    assert fate.ladder_name(-3) == "-3"


def test_approaches():
    assert sorted(fate.APPROACHES) == ["careful", "clever", "flashy", "forceful", "quick", "sneaky"]
    assert sorted(fate.DEFAULT_APPROACH_SPREAD) == [0, 1, 1, 2, 2, 3]
