"""The booklet's one precision rule, checked on what it prints.

Every probability in a booklet table cell is :func:`dicestats.format.percent`
(one decimal between 1% and 99%, two significant figures in the tails, never
0%/100% for what can happen or fail); chart cells use
:func:`~dicestats.format.percent_short`. So no page mixes "97%" with "99.911%".

The tests read the session's booklet (``tests/booklet.py``: the whole booklet, built
once, the text of every table cell recorded as it is drawn), check each percentage in
it against the rule, and find each table row in the PDF's text (``tests/pdf.py``): the
cells checked are the ones printed.
"""

from __future__ import annotations

import re

import pytest

from dicestats import format as fmt

from ..pdf import has_phrase

#: A percentage as a table cell shows it ("43.2%", "0.0012%", "<0.000001%", "99.64%").
PERCENT = re.compile(r"[<>]?\d+(?:\.\d+)?%")


def follows_the_rule(token: str) -> bool:
    """Whether ``token`` is what :func:`format.percent` prints for the value it shows.

    Written from the rule: re-formatting the shown value must give it back, so a
    whole "97%" (percent gives "97.0%") or a three-decimal "99.911%" (percent gives
    "99.91%") is caught.
    """
    if token in ("<0.000001%", ">99.999999%", "0%", "100%"):
        return True
    if token[0] in "<>":
        return False
    value = float(token[:-1]) / 100
    return 0 < value < 1 and fmt.percent(value) == token


@pytest.mark.parametrize(
    "token,ok",
    [("43.2%", True), ("0.37%", True), ("0.0012%", True), ("99.64%", True), ("0%", True),
     ("97%", False), ("99.9111%", False), ("99.911%", True), ("43.21%", False),
     ("0.4%", False), ("<1%", False), ("50.0%", True), ("10.0%", True), ("<0.000001%", True)],
)  # fmt: skip
def test_the_rule_itself(token, ok):
    assert follows_the_rule(token) is ok


@pytest.fixture(scope="module")
def drawn(booklet):
    """The booklet's PDF text per page, and every table drawn: (title, header, rows)."""
    return booklet.texts, booklet.tables


def test_every_table_percentage_follows_the_one_rule(drawn):
    _, tables = drawn
    assert len(tables) >= 6  # tables of every system were seen
    bad = [
        (title, token)
        for title, header, rows in tables
        for row in rows
        for cell in row
        for token in PERCENT.findall(cell)
        if not follows_the_rule(token)
    ]
    assert not bad, bad[:10]


def test_the_cells_checked_are_the_cells_printed(drawn):
    texts, tables = drawn
    everything = " ".join(texts)
    for title, _, rows in tables:
        for row in rows[:3]:
            cells = [c for c in row if PERCENT.search(c) and "\n" not in c]
            if len(cells) >= 2:
                phrase = " ".join(" ".join(c.split()) for c in cells[:2])
                assert has_phrase(everything, phrase) or all(
                    has_phrase(everything, c) for c in cells[:2]
                ), (title, phrase)


def test_no_page_mixes_whole_and_decimal_percents_in_its_tables(drawn):
    _, tables = drawn
    for title, _, rows in tables:
        tokens = {t for row in rows for cell in row for t in PERCENT.findall(cell)}
        whole = {t for t in tokens if re.fullmatch(r"\d+%", t) and t not in ("0%", "100%")}
        assert not whole, (title, sorted(whole))
