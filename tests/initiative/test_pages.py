"""The booklet's initiative pages: built, and their numbers are the API's numbers."""

import re
import zlib
from fractions import Fraction

import pytest

from dicestats import format as fmt
from dicestats import initiative, report
from dicestats import tables as T

TRIALS = 500
EXACT_LIMIT = 1_200  # skips the two largest enumerations (3,136 classes)


def pdf_text(data: bytes) -> str:
    """The text of a matplotlib PDF, for searching with :func:`plain`.

    Type 42 fonts: UTF-16BE strings in TJ arrays. Glyphs drawn from another font
    (the "fi" ligature, the en dash) come out as control characters: :func:`plain`
    drops them from both sides of a comparison.
    """
    streams = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            streams.append(zlib.decompress(m.group(1)))
        except zlib.error:
            streams.append(m.group(1))
    texts = []
    for s in streams:
        for arr in re.finditer(rb"\[(.*?)\]\s*TJ", s, re.S):
            parts = re.findall(rb"\(((?:\\.|[^\\)])*)\)", arr.group(1), re.S)
            raw = b"".join(re.sub(rb"\\(.)", rb"\1", p, flags=re.S) for p in parts)
            texts.append(raw.decode("utf-16-be", errors="replace"))
    return plain("".join(texts))


def plain(text: str) -> str:
    """``text`` without what the PDF draws from other fonts (ligatures, dashes)."""
    return re.sub(r"[^\x20-\x7e]", "", text.replace("fi", ""))


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "initiative.pdf"
    report.build_report(
        out, systems="initiative", trials=TRIALS, exact_limit=EXACT_LIMIT, progress=False
    )
    return out.read_bytes()


def test_pages_are_built(pages):
    text = pdf_text(pages)
    titles = report.page_titles("initiative")
    assert len(titles) == 4  # the cover and three pages
    for title in titles[1:]:
        assert plain(title) in text, title


def test_exact_and_monte_carlo_numbers_on_the_first_page(pages):
    text = pdf_text(pages)
    # two dice against one: 161/216 by enumeration, printed with two decimals
    assert initiative.odds([2], [1]).p_first == Fraction(161, 216)
    assert fmt.percent(Fraction(161, 216), 2) == "74.54%"
    assert "74.54%" in text
    # the Monte Carlo columns: the table builder with the booklet's seed and size
    df = T.initiative_first(trials=TRIALS, rng=report.DEFAULT_SEED, exact_limit=EXACT_LIMIT)
    for row in df.itertuples(index=False):
        exact = fmt.percent(row.p_exact, 2) if row.p_exact == row.p_exact else "—"
        cells = f"{row.matchup}{fmt.percent(row.p)}{fmt.percent(row.lo)}–{fmt.percent(row.hi)}"
        assert plain(cells + exact + fmt.percent(row.p_double)) in text, row.matchup


def test_every_defender_numbers_on_the_third_page(pages):
    text = pdf_text(pages)
    df = T.initiative_defenders(trials=max(1_000, TRIALS // 4), rng=report.DEFAULT_SEED + 4)
    first = df.groupby(["label", "respond"], sort=False).first()
    for row in first.itertuples():
        cells = f"{fmt.percent(row.defended)}{fmt.percent(row.target)}{row.companions:.2f}"
        assert plain(cells) in text, row.Index
    assert "YOUR ASSUMPTION" in text


def test_holding_figure_on_the_tempo_page(pages):
    text = pdf_text(pages)
    assert plain("Holding in 3 vs 3: wounds dealt and taken") in text
    for policy in ("never", "defend", "after-enemy", "always"):
        assert policy in text
    assert plain("the foe never holds") in text
