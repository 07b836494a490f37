"""Issue 25: exact output of any size. Python refuses ``str()`` of an int over 4,300 digits;
a valid exact request died on it ("error: Exceeds the limit (4300 digits) ...", exit 2)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from dicestats.cli import main
from dicestats.format import exact_text, fraction
from dicestats.sweep import store

HUGE = Fraction(3**9000, 10**5000)  # 4,295 and 5,001 digits


def test_exact_text_output_beyond_the_int_to_str_limit(capsys):
    argv = ["exemption", "--dice", "50", "--difficulty", "10", "--rolls", "100", "--exact"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "111286…96001/100000…00000 (5,000/5,001 digits: whole with --json)" in out


def test_every_digit_where_a_number_is_printed_whole(tmp_path):
    num, den = fraction(HUGE).split("/")
    assert den == "1" + "0" * 5000 and Decimal(num) == Decimal(3**9000)
    assert exact_text(HUGE).endswith("(4,295/5,001 digits: whole with --json)")
    out = tmp_path / "huge.csv"
    store.write(out, [{"p": HUGE}])
    assert store.read(out)[0] == [{"p": HUGE}]


def test_a_huge_integer_in_a_csv_stays_an_integer(tmp_path):
    out = tmp_path / "big.csv"
    out.write_text("n\n" + "7" * 5000 + "\n")  # read back as a float: inf
    (row,), _ = store.read(out)
    assert type(row["n"]) is int and row["n"] == int(Decimal("7" * 5000))


def test_str_of_a_result_with_huge_fractions():
    """``str()`` of the API result raised the 4,300-digit error too."""
    from dicestats.storyteller import botch_exemption

    r = botch_exemption(50, 10, rolls=100, exact=True)
    text = str(r)
    assert text.startswith("BotchExemption(dice=50, difficulty=10,")
    assert "p_any_botch=a fraction of 5,000/5,001 digits" in text
    small = botch_exemption(5, 6, rolls=2, exact=True)
    assert str(small) == repr(small)
