"""The booklet's one rule for chances, checked on what it prints.

Every chance in a booklet table cell is :func:`dicestats.i18n.chance`: one decimal from 1% up
(``>99.9%`` for what still can fail), ``1 in N`` below 1% (N to two significant figures),
``less than 1 in a million`` below that; only exactly 0 and 1 print ``0%`` and ``100%``. Chart
cells use :func:`~dicestats.format.percent_short`. So no page mixes "90.0%" with "99.14%" and
"99.911%", nor shows "0.0000010%".

The initiative pages (``report/initiative.py``) still print :func:`dicestats.format.percent`
(two significant figures in the tails): their tables are checked against that rule until they
move to this one.

The tests read the session's booklet (``tests/booklet.py``: the whole booklet, built
once, the text of every table cell recorded as it is drawn), check each chance in it
against the rule, and find each table row in the PDF's text (``tests/pdf.py``): the
cells checked are the ones printed.
"""

from __future__ import annotations

import re

import pytest

from dicestats import format as fmt
from dicestats.i18n import chance

from ..pdf import has_phrase

#: A percentage as a table cell shows it ("43.2%", ">99.9%", "0.0012%", "< 0.0001%").
PERCENT = re.compile(r"(?:[<>] ?)?\d+(?:\.\d+)?%")
#: A small chance as a table cell shows it ("1 in 270", "1 in 1,000,000").
ONE_IN = re.compile(r"1 in\s+([\d,]+)")


def follows_the_rule(token: str) -> bool:
    """Whether the percentage ``token`` is what :func:`chance` prints for the value it shows.

    Re-formatting the shown value must give it back, so a whole "97%" (chance gives "97.0%"),
    a two-decimal "99.14%" or a small "0.37%" (chance gives "1 in 270") is caught.
    """
    if token in ("0%", "100%", ">99.9%"):
        return True
    if token[0] in "<>":
        return False
    value = float(token[:-1]) / 100
    return 0.01 <= value < 1 and chance(value) == token


def follows_the_old_rule(token: str) -> bool:
    """Whether ``token`` is what :func:`dicestats.format.percent` prints (the initiative
    pages' rule, until they move to :func:`chance`)."""
    if token in ("< 0.0001%", "> 99.9999%", "0%", "100%"):
        return True
    if token[0] in "<>":
        return False
    value = float(token[:-1]) / 100
    return 0 < value < 1 and fmt.percent(value) == token


def one_in_is_round(n: str) -> bool:
    """Whether the N of "1 in N" has two significant figures and stands for below 1%."""
    value = int(n.replace(",", ""))
    digits = str(value).rstrip("0")
    return value >= 100 and len(digits) <= 2


@pytest.mark.parametrize(
    "token,ok",
    [("43.2%", True), ("0.37%", False), ("99.1%", True), ("99.9%", True), (">99.9%", True),
     ("0%", True), ("97%", False), ("99.14%", False), ("99.911%", False), ("43.21%", False),
     ("1.0%", True), ("<1%", False), ("50.0%", True), ("10.0%", True), ("<0.000001%", False)],
)  # fmt: skip
def test_the_rule_itself(token, ok):
    assert follows_the_rule(token) is ok


@pytest.mark.parametrize("n,ok", [("270", True), ("1,000,000", True), ("1,234", False),
                                  ("37", False), ("16,000", True)])  # fmt: skip
def test_one_in_n_is_rounded_to_two_figures(n, ok):
    assert one_in_is_round(n) is ok


def _initiative(page: str) -> bool:
    return page.startswith("Initiative")


@pytest.fixture(scope="module")
def drawn(booklet):
    """The booklet's PDF text per page, and every table drawn: (title, header, rows)."""
    return booklet.texts, booklet.tables


def test_every_table_chance_follows_the_one_rule(drawn, booklet):
    _, tables = drawn
    assert len(tables) >= 6  # tables of every system were seen
    bad = [
        (title, token)
        for (title, header, rows), page in zip(tables, booklet.table_pages, strict=True)
        for row in rows
        for cell in row
        for token in PERCENT.findall(cell)
        if not (follows_the_old_rule if _initiative(page) else follows_the_rule)(token)
    ]
    assert not bad, bad[:10]
    small = [
        (title, n)
        for (title, header, rows), page in zip(tables, booklet.table_pages, strict=True)
        for row in rows
        for cell in row
        for n in ONE_IN.findall(cell)
        if not one_in_is_round(n)
    ]
    assert not small, small[:10]
    shown = " ".join(cell for title, header, rows in tables for row in rows for cell in row)
    assert "1 in" in shown and "less than 1 in a million" in " ".join(shown.split())


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
