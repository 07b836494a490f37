"""The booklet's Fate pages: they build, and the numbers they print are the API's."""

from __future__ import annotations

import re
import zlib

import pytest

from dicestats import fate
from dicestats import format as fmt
from dicestats.report import build_report, page_titles


def pdf_texts(data: bytes) -> list[str]:
    """The text objects of a matplotlib PDF, one string each (kerning dropped).

    matplotlib writes each text as ``[ (\\x00a) kern (\\x00b) ... ] TJ`` in
    Flate-compressed content streams (two-byte glyph codes for Type 42 fonts).
    """
    out = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            stream = zlib.decompress(raw)
        except zlib.error:
            continue
        for block in re.findall(rb"BT(.*?)ET", stream, re.S):
            parts = re.findall(rb"\(((?:\\.|[^\\)])*)\)", block, re.S)
            text = b"".join(re.sub(rb"\\(.)", rb"\1", p) for p in parts)
            out.append(text.replace(b"\x00", b"").decode("latin-1"))
    return out


@pytest.fixture(scope="module")
def fate_booklet(tmp_path_factory):
    path = tmp_path_factory.mktemp("fate") / "fate.pdf"
    build_report(path, systems="fate", trials=2_000, progress=False)
    return path.read_bytes()


def test_fate_pages_build(fate_booklet):
    assert fate_booklet.startswith(b"%PDF")
    titles = page_titles("fate")
    assert titles[0] == "Contents"
    assert len(titles) == 5 and all(t.startswith("Fate") for t in titles[1:])
    texts = pdf_texts(fate_booklet)
    assert "Fate: the odds of 4dF" in texts


def test_fate_odds_page_prints_the_apis_numbers(fate_booklet):
    texts = set(pdf_texts(fate_booklet))
    # The margin table: margin 0 and margin +1 rows, every outcome column.
    for margin in (0, 1):
        o = fate.outcome_probs(margin, difficulty=0, exact=True)
        for p in (o.p_fail, o.p_tie, o.p_success, o.p_style, o.p_success_or_better):
            assert fmt.percent(p) in texts, (margin, fmt.percent(p))
    # The 4dF table: 19/81 show 0, "1 in 81" show +4.
    assert fmt.percent(fate.fate_dice(exact=True).pmf(0)) in texts
    assert fmt.one_in(fate.fate_dice(exact=True).pmf(4)) in texts


def test_fate_contest_note_prints_the_mean_exchanges(fate_booklet):
    text = " ".join(pdf_texts(fate_booklet))
    c = fate.contest([1, 0])
    assert f"gap +1: {float(c.mean_exchanges):.1f}" in text
