"""Reading the booklet's PDF in tests, with pypdf: the text each page prints, its size.

One reader for every booklet test, so a test checks what a person reads on the
page (glyphs mapped back to characters through the font's ToUnicode table:
ligatures, dashes and arrows included), not how matplotlib happens to encode it.

>>> has_phrase("margin +1 18.5% 19.8%", "18.5% 19.8%"), has_phrase("16.2%", "6.2%")
(True, False)
"""

from __future__ import annotations

import io
import os
import re

from pypdf import PdfReader

__all__ = ["pages_text", "page_sizes", "has_phrase"]


def _reader(source: str | os.PathLike | bytes) -> PdfReader:
    if isinstance(source, (bytes, bytearray)):
        return PdfReader(io.BytesIO(source))
    return PdfReader(os.fspath(source))


def pages_text(source: str | os.PathLike | bytes) -> list[str]:
    """The text of each page of the PDF at ``source`` (a path or the file's bytes).

    One string per page, in page order, every run of whitespace (line breaks,
    wrapped notes) folded into one space.
    """
    return [" ".join(page.extract_text().split()) for page in _reader(source).pages]


def page_sizes(source: str | os.PathLike | bytes) -> list[tuple[float, float]]:
    """The (width, height) of each page's media box, in points."""
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in _reader(source).pages]


# A phrase stands on its own: not the tail of a longer number or word, nor a
# signed one ("0" in "+0"), and not the head of one ("6.2%" in "16.2%" or "6.25%").
_BEFORE = r"(?<![\w.,+\-−])"
_AFTER = r"(?![\w%]|[.,]\d)"


def has_phrase(text: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in ``text`` as whole words (whitespace compared folded).

    A plain ``in`` would find ``'6.2%'`` in ``'16.2%'`` and ``'3.5'`` in ``'3.55'``:
    a wrong number on the page could hide behind a right one.
    """
    words = map(re.escape, phrase.split())
    return re.search(_BEFORE + " ".join(words) + _AFTER, text) is not None
