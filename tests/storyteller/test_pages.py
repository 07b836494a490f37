"""The booklet's Storyteller pages: built, and their printed numbers are the API's."""

from __future__ import annotations

import pytest

from dicestats import format as fmt
from dicestats import report
from dicestats import storyteller as st

from ..pdf import has_phrase

DIFFICULTIES = range(2, 11)  # the columns of the page's tables


@pytest.fixture(scope="module")
def page(booklet):
    """The text of each Storyteller page, by title (from the session's full booklet)."""
    return {t: booklet.pages[t] for t in report.page_titles("storyteller")[1:]}


def test_the_storyteller_pages_are_all_there(booklet):
    titles = report.page_titles("storyteller")
    assert len(titles) == 7 and all(t.startswith(("Contents", "Storyteller")) for t in titles[1:])
    # in the booklet, in this order, each page showing its own title
    assert [t for t in booklet.pages if t.startswith("Storyteller")] == titles[1:]
    for title in titles[1:]:
        assert has_phrase(booklet.pages[title], title), title


def test_printed_numbers_are_the_api_numbers(page):
    success = page["Storyteller: chance of success"]
    # the success table, the booklet's one precision: the row of 6 dice
    row = " ".join(["6", *(fmt.percent(st.pool(6, d).p_success) for d in DIFFICULTIES)])
    assert has_phrase(success, row), row
    # expected net successes, two decimals: the row of 5 dice (difficulty 6 among them)
    row = " ".join(["5", *(f"{float(st.pool(5, d).mean_net):.2f}" for d in DIFFICULTIES)])
    assert has_phrase(success, row), row
    # the botch table: 6 dice at difficulties 6..10, ending at difficulty 10, the peak
    # of the anomaly (7 dice print the same 26.9% at 10: the row's other cells tell them apart)
    cells = " ".join(fmt.percent(st.pool(6, d).p_botch) for d in range(6, 11))
    assert has_phrase(page["Storyteller: botches"], cells), cells
    # the anomaly table at difficulty 10: rises going to 2-6 dice, largest step 1 -> 2
    b1, b2 = (fmt.percent(st.pool(n, 10).p_botch) for n in (1, 2))
    step = f"botch chance rises 10 2–6 1→2 dice: {b1} → {b2}"
    assert has_phrase(page["Storyteller: when one more die hurts"], step), step
    # the actions page: expected successful actions of Hall's three actions, and the
    # expected rolls of an extended action with 6 dice
    actions = page["Storyteller: multiple and extended actions"]
    hall = st.multiple_actions([7, 6, 6], 6)
    assert has_phrase(actions, f"3 actions: {float(hall.mean_successes):.2f}")
    ext = st.extended(6, 6, 10)
    assert has_phrase(actions, f"6 dice: {float(ext.mean_rolls):.1f}")


def test_no_internal_references_on_the_pages(booklet, page):
    text = " ".join([booklet.pages["Contents"], *page.values()])
    for word in ("seed 00", "Seed 00", "RULES", "SPEC"):
        assert word not in text
