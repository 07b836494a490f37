"""The booklet's Storyteller pages: built, and their printed numbers are the API's."""

from __future__ import annotations

import re
import zlib

import pytest

from dicestats import format as fmt
from dicestats import report
from dicestats import storyteller as st


def pdf_text(data: bytes) -> str:
    """The text drawn on the pages of a matplotlib PDF, one string per text run.

    Content streams are deflated; matplotlib writes each run as a ``[...] TJ``
    array of two-byte glyph strings (Type 42 fonts) between kerning numbers.
    """
    runs = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            body = zlib.decompress(raw)
        except zlib.error:
            continue
        for array in re.findall(rb"\[(.*?)\]\s*TJ", body, re.S):
            parts = re.findall(rb"\(((?:\\.|[^\\)])*)\)", array, re.S)
            chars = b"".join(re.sub(rb"\\(.)", rb"\1", p, flags=re.S) for p in parts)
            runs.append(chars.decode("utf-16-be", errors="replace"))
    return "\n".join(runs)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "storyteller.pdf"
    report.build_report(out, systems="storyteller", trials=500, progress=False)
    return out.read_bytes()


def test_the_storyteller_pages_are_all_there(pages):
    titles = report.page_titles("storyteller")
    assert len(titles) == 7 and all(t.startswith(("Contents", "Storyteller")) for t in titles[1:])
    text = pdf_text(pages)
    for title in titles[1:]:
        assert title in text


def test_printed_numbers_are_the_api_numbers(pages):
    text = pdf_text(pages).split("\n")
    # the success table: 6 dice at difficulty 7, whole percent
    assert fmt.percent(st.pool(6, 7).p_success, 0) in text
    # expected net successes, two decimals: 5 dice at difficulty 6
    assert f"{float(st.pool(5, 6).mean_net):.2f}" in text
    # the botch table: 6 dice at difficulty 10 (the peak of the anomaly)
    assert fmt.percent(st.pool(6, 10).p_botch, 1) in text
    # the anomaly table at difficulty 10: rises going to 2-6 dice, largest step 1 -> 2
    b1, b2 = (fmt.percent(st.pool(n, 10).p_botch) for n in (1, 2))
    joined = "".join(text)  # arrows are drawn from another font: match any one glyph
    assert re.search(rf"rises102.61.2 dice: {re.escape(b1)} . {re.escape(b2)}", joined)
    # the actions page: expected successful actions of Hall's three actions
    hall = st.multiple_actions([7, 6, 6], 6)
    assert any(f"3 actions: {float(hall.mean_successes):.2f}" in run for run in text)
    ext = st.extended(6, 6, 10)
    assert any(f"6 dice: {float(ext.mean_rolls):.1f}" in run for run in text)


def test_no_internal_references_on_the_pages(pages):
    text = pdf_text(pages)
    for word in ("seed 00", "Seed 00", "RULES", "SPEC"):
        assert word not in text
