"""Tests of dicestats.tables: formatting helpers and the frames behind the charts."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicestats import format as fmt
from dicestats.core.checks import InputError, InputTypeError


# ---------------------------------------------------------------- formatting
@pytest.mark.parametrize(
    "p, text",
    [
        (0, "0%"),
        (1, "100%"),
        (0.5, "50.0%"),
        (0.4321, "43.2%"),
        (0.01, "1.0%"),
        (0.0037, "0.37%"),
        (0.000012, "0.0012%"),
        (0.99, "99.0%"),
        (0.99637, "99.64%"),
        (Fraction(1, 3), "33.3%"),
    ],
)
def test_fmt_percent_values(p, text):
    assert fmt.percent(p) == text


@pytest.mark.parametrize(
    "p", [Fraction(1) - Fraction(1, 10**300), Fraction(1, 10**400), 1 - Fraction(1, 2**60)]
)
def test_exact_chances_within_a_floats_rounding_of_0_or_1_stay_off_the_ends(p):
    # P(total >= 1) of ten 300-dice members is 1 - 3.4e-272: it read 100% when exact
    for text in (fmt.percent(p), fmt.percent_short(p), fmt.prob(p)):
        assert text.rstrip("%") not in ("0", "100"), text
    assert fmt.one_in(p) not in ("never", "always")


def test_one_in_for_vanishing_chances():
    # 1 / 1e-320 overflowed: an OverflowError traceback
    assert fmt.one_in(1e-320) == "less than 1 in 10^300"
    assert fmt.one_in(4.9e-90) == "1 in 2.0 × 10^89"
    assert fmt.prob(1e-16).endswith("(1 in 1.0 × 10^16)")


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_never_lies_about_certainty(p):
    text = fmt.percent(p)
    assert text.endswith("%")
    if 0 < p < 1:
        assert text not in ("0%", "100%")
        number = text.lstrip("<>").rstrip("%")
        assert 0 < float(number) < 100 or text.startswith(("<", ">"))
        # within the shown precision of the truth
        decimals = len(number.split(".")[1]) if "." in number else 0
        if not text.startswith(("<", ">")):
            assert abs(float(number) - 100 * p) <= 0.5 * 10**-decimals + 1e-9


@pytest.mark.parametrize(
    "p, text",
    [
        (Fraction(1, 37), "1 in 37"),
        (0.25, "1 in 4.0"),
        (1 / 1234, "1 in 1,200"),
        (1 / 81, "1 in 81"),
        (0, "never"),
        (1, "always"),
    ],
)
def test_fmt_one_in(p, text):
    assert fmt.one_in(p) == text


def test_fmt_prob_adds_one_in_for_rare_events_only():
    assert fmt.prob(0.5) == "50.0%"
    assert fmt.prob(1 / 81) == "1.2% (1 in 81)"
    assert fmt.prob(0) == "0%"


@pytest.mark.parametrize("bad", [-0.1, 1.01, float("nan")])
def test_formatters_refuse_non_probabilities(bad):
    with pytest.raises(ValueError, match="probability in 0..1"):
        fmt.percent(bad)
    with pytest.raises(ValueError, match="probability in 0..1"):
        fmt.one_in(bad)


def test_formatters_refuse_wrong_types():
    with pytest.raises(TypeError, match="probability"):
        fmt.percent("half")
    with pytest.raises(ValueError, match="digits"):
        fmt.percent(0.5, digits=9)


def test_fmt_percent_short():
    got = [fmt.percent_short(x) for x in (0, 0.004, 0.005, 0.0099, 0.01, 0.4321, 0.991, 1)]
    assert got == ["0", "<1", "<1", "<1", "1", "43", ">99", "100"]


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_fmt_percent_short_never_lies_about_certainty(p):
    text = fmt.percent_short(p)
    if 0 < p < 1:
        assert text not in ("0", "100")


def test_format_frame_and_writers(tmp_path):
    df = pd.DataFrame({"dice": [1, 2], "botch": [0.1, 1 / 400], "name": ["a|b", "c"]})
    out = fmt.format_frame(df, percent=["botch"])
    assert out["botch"].tolist() == ["10.0%", "0.25%"]
    assert df["botch"].tolist() == [0.1, 1 / 400]  # the input is not modified
    with pytest.raises(ValueError, match="format_frame column must be one of"):
        fmt.format_frame(df, percent=["nope"])
    md = fmt.to_markdown(out)
    lines = md.splitlines()
    assert lines[0] == "| dice | botch | name |"
    assert lines[1] == "|---:|---|---|"
    assert lines[2] == "| 1 | 10.0% | a\\|b |"
    text = fmt.to_text(out, title="Botches")
    assert text.splitlines()[0] == "Botches"
    assert "0.25%" in text
    path = tmp_path / "t.csv"
    fmt.to_csv(df, path)
    back = pd.read_csv(path)
    assert back["botch"].tolist() == pytest.approx(df["botch"].tolist(), abs=0)
    assert fmt.to_csv(df).splitlines()[0] == "dice,botch,name"


# -- issue 10: wrong types are one-line refusals ---------------------------------
@pytest.mark.parametrize("writer", [fmt.to_text, fmt.format_frame, fmt.to_markdown, fmt.to_csv])
@pytest.mark.parametrize("bad", [[1, 2], "table", None, {"a": [1]}])
def test_writers_refuse_what_is_not_a_dataframe(writer, bad):
    # AttributeError: 'list' object has no attribute 'itertuples'; format_frame
    # returned the list unchanged
    with pytest.raises(InputTypeError, match="df must be a pandas DataFrame"):
        writer(bad)


@pytest.mark.parametrize("bad", [True, np.True_, "0.5", b"0.5", None])
def test_a_bool_or_a_string_is_not_a_probability(bad):
    # percent(True) was '100%' and percent('0.5') was '50.0%'
    for f in (fmt.percent, fmt.percent_short, fmt.one_in, fmt.prob):
        with pytest.raises(InputTypeError, match="p must be a probability"):
            f(bad)


def test_a_huge_number_is_not_an_overflow():
    with pytest.raises(InputError, match="p must be a probability"):
        fmt.percent(10**400)


def test_text_table_refuses_ragged_or_scalar_rows():
    with pytest.raises(InputTypeError, match="rows must be"):
        fmt.text_table(5)
    with pytest.raises(InputError, match=r"rows\[1\] must be 2 cells"):
        fmt.text_table([[1, 2], [3]], ["a", "b"])
    with pytest.raises(InputTypeError, match=r"x must be a number"):
        fmt.fraction(True)
