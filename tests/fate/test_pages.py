"""The booklet's Fate pages: they build, and the numbers they print are the API's."""

from __future__ import annotations

import pytest

from dicestats import fate
from dicestats import format as fmt
from dicestats.report import page_titles

from ..pdf import has_phrase


@pytest.fixture(scope="module")
def fate_pages(booklet):
    """The text of each Fate page, by title (from the session's full booklet)."""
    return {t: booklet.pages[t] for t in page_titles("fate")[1:]}


def test_fate_pages_build(booklet):
    titles = page_titles("fate")
    assert titles[0] == "Contents"
    assert len(titles) == 5 and all(t.startswith("Fate") for t in titles[1:])
    # in the booklet, in this order, each page showing its own title
    assert [t for t in booklet.pages if t.startswith("Fate")] == titles[1:]
    for title in titles[1:]:
        assert has_phrase(booklet.pages[title], title), title


def _signed(n: int) -> str:
    return f"{n:+d}" if n > 0 else str(n)


def test_fate_odds_page_prints_the_apis_numbers(fate_pages):
    page = fate_pages["Fate: the odds of 4dF"]
    # The margin table: the margin 0 and margin +1 rows, every outcome column in order.
    for margin in (0, 1):
        o = fate.outcome_probs(margin, difficulty=0, exact=True)
        cells = (o.p_fail, o.p_tie, o.p_success, o.p_style, o.p_tie_or_better)
        cells += (o.p_success_or_better,)  # the page's columns, left to right
        row = " ".join([_signed(margin), *map(fmt.percent, cells)])
        assert has_phrase(page, row), row
    # The 4dF table: 19/81 show 0, 1/81 show +4 (exactly, this or more, out of 81).
    dice = fate.fate_dice(exact=True)
    for total in (0, 4):
        p, p_up = dice.pmf(total), dice.p_ge(total)
        row = f"{_signed(total)} {fmt.percent(p)} {fmt.percent(p_up)} {int(p * 81)}"
        assert has_phrase(page, row), row


def test_fate_contest_note_prints_the_mean_exchanges(fate_pages):
    page = fate_pages["Fate: opposed rolls and contests"]
    c = fate.contest(1, 0)
    assert has_phrase(page, f"gap +1: {float(c.mean_exchanges):.1f}")
