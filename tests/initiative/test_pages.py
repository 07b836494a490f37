"""The booklet's initiative pages: built, and their numbers are the API's numbers."""

from fractions import Fraction

import pytest

from dicestats import format as fmt
from dicestats import initiative, report
from dicestats import tables as T

from ..pdf import has_phrase, pages_text

TRIALS = 500
EXACT_LIMIT = 1_200  # skips the two largest enumerations (3,136 classes)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "initiative.pdf"
    report.build_report(
        out, systems="initiative", trials=TRIALS, exact_limit=EXACT_LIMIT, progress=False
    )
    return dict(zip(report.page_titles("initiative"), pages_text(out), strict=True))


def test_pages_are_built(pages):
    titles = report.page_titles("initiative")
    assert len(titles) == 4  # the cover and three pages
    assert list(pages) == titles  # one page each (zip is strict)
    for title, text in pages.items():  # each page shows its own title
        assert has_phrase(text, title), title


def test_exact_and_monte_carlo_numbers_on_the_first_page(pages):
    text = pages["Initiative: who acts first?"]
    # two dice against one: 161/216 by enumeration, printed with two decimals
    assert initiative.odds([2], [1]).p_first == Fraction(161, 216)
    assert fmt.percent(Fraction(161, 216), 2) == "74.54%"
    assert has_phrase(text, "74.54%")
    # the Monte Carlo columns: the table builder with the booklet's seed and size
    df = T.initiative_first(trials=TRIALS, rng=report.DEFAULT_SEED, exact_limit=EXACT_LIMIT)
    for row in df.itertuples(index=False):
        exact = fmt.percent(row.p_exact, 2) if row.p_exact == row.p_exact else "—"
        cells = (
            f"{row.matchup} {fmt.percent(row.p)} {fmt.percent(row.lo)}–{fmt.percent(row.hi)} "
            f"{exact} {fmt.percent(row.p_double)}"
        )
        assert has_phrase(text, cells), cells


def test_defence_numbers_on_the_slow_page(pages):
    text = pages["Initiative: slow defences"]
    df = T.initiative_slow(trials=TRIALS, rng=report.DEFAULT_SEED + 2)
    first = df.groupby("label", sort=False).first()
    for label, p, lo, hi in zip(
        first.index, first["defended"], first["defended_lo"], first["defended_hi"], strict=True
    ):
        cells = f"{label} {fmt.percent(p)} ({fmt.percent(lo)}–{fmt.percent(hi)})"
        assert has_phrase(text, cells), cells
