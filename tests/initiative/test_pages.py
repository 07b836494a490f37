"""The booklet's initiative pages: built, and their numbers are the API's numbers."""

from fractions import Fraction

import pytest

from dicestats import format as fmt
from dicestats import initiative, report
from dicestats import tables as T

from ..booklet import TRIALS
from ..pdf import has_phrase


@pytest.fixture(scope="module")
def pages(booklet):
    """The text of each initiative page, by title (from the session's full booklet)."""
    return {t: booklet.pages[t] for t in report.page_titles("initiative")[1:]}


def test_pages_are_built(booklet):
    titles = report.page_titles("initiative")
    assert titles[0] == "Contents" and len(titles) == 4  # the cover and three pages
    # in the booklet, in this order, each page showing its own title
    assert [t for t in booklet.pages if t.startswith("Initiative")] == titles[1:]
    for title in titles[1:]:
        assert has_phrase(booklet.pages[title], title), title


def test_exact_numbers_on_the_first_page(pages):
    text = pages["Initiative: who acts first?"]
    # two dice against one: 161/216 by tiers, printed as every booklet percentage
    assert initiative.odds([2], [1]).p_first == Fraction(161, 216)
    assert fmt.percent(Fraction(161, 216)) == "74.5%"
    assert has_phrase(text, "74.5%")
    # every row: the exact table (no seed, no trials), and no Monte Carlo on the page
    for row in T.initiative_first().itertuples(index=False):
        cells = f"{row.matchup} {fmt.percent(row.p)} {fmt.percent(row.p_double)}"
        assert has_phrase(text, cells), cells
    assert has_phrase(text, "exact") and not has_phrase(text, "Monte Carlo")
    assert not has_phrase(text, "interval")


def test_every_defender_numbers_on_the_third_page(pages):
    text = pages["Initiative: every defender and slow answers"]
    df = T.initiative_defenders(trials=max(1_000, TRIALS // 4), rng=report.DEFAULT_SEED + 4)
    first = df.groupby(["label", "respond"], sort=False).first()
    for row in first.itertuples():
        cells = f"{fmt.percent(row.defended)} {fmt.percent(row.target)} {row.companions:.2f}"
        assert has_phrase(text, cells), (row.Index, cells)
    assert has_phrase(text, "YOUR ASSUMPTION")


def test_holding_figure_on_the_tempo_page(pages):
    text = pages["Initiative: tempo, preparation and holding"]
    assert has_phrase(text, "Holding in 3 vs 3: wounds dealt and taken (Monte Carlo)")
    # the tempo and preparation charts are exact, and say so; the note says which is which
    assert has_phrase(text, "Tempo: your actions before the enemy's first (you have 3 dice; exact)")
    assert has_phrase(text, "Preparation: chance to act first (exact)")
    assert has_phrase(text, "Top, left: exact. Right: Monte Carlo")
    for policy in ("never", "defend", "after-enemy", "always"):
        assert has_phrase(text, policy), policy
    assert has_phrase(text, "the foe never holds")
