"""The booklet the booklet tests read: built once per session (the ``booklet`` fixture of
``tests/conftest.py``), in this process, by :func:`dicestats.report.build_report`.

Its Monte Carlo pages are small (the tests check the pages and that each printed number
is the API's, not how precise an estimate is) and the two largest initiative
enumerations (3,136 classes) are skipped. Every table is recorded as it is drawn, so a
test can check the cells drawn against the text the PDF prints; and every page is
measured as the PDF draws it (``tests/layout.py``: overlapping texts, texts off the
margins; with the PDF's renderer, once it has drawn the page: no second drawing).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from dicestats import report
from dicestats.report import booklet as _booklet
from dicestats.report import page as _page

from .layout import problems
from .pdf import pages_text

TRIALS = 500


@dataclass(frozen=True)
class Booklet:
    path: Path
    texts: list[str]  #: the text of each page, in page order
    pages: dict[str, str]  #: the text of each page, by title
    tables: list[tuple[str | None, list[str], list[list[str]]]]  #: (title, header, rows)
    table_pages: list[str]  #: the (English) title of the page of each table, in order
    layout: dict[str, list[str]]  #: the layout problems of each page, by (English) title


def build(out: Path, *, systems=None, lang: str = "en") -> Booklet:
    """The booklet at ``out`` (default: every system; in ``lang``), its page texts, every
    table drawn and every page's layout problems."""
    tables, table_pages, layout = [], [], {}
    real = _page._draw_table
    real_save = _booklet._save

    def saving(pdf, fig, title):
        def measure(event):
            layout[title] = problems(fig, event.renderer)

        table_pages.extend([title] * (len(tables) - len(table_pages)))
        cid = fig.canvas.mpl_connect("draw_event", measure)
        try:
            real_save(pdf, fig, title)
        finally:
            fig.canvas.mpl_disconnect(cid)
        assert title in layout, f"{title}: the PDF drew the page without a draw_event"

    def recording(ax, df, *, title=None, **kw):
        rows = [[str(v) for v in row] for row in df.itertuples(index=False)]
        tables.append((title, [str(c) for c in df.columns], rows))
        return real(ax, df, title=title, **kw)

    patched = [
        m
        for name, m in list(sys.modules.items())
        if name.startswith("dicestats.report") and getattr(m, "_draw_table", None) is real
    ]
    mp = pytest.MonkeyPatch()
    for m in patched:
        mp.setattr(m, "_draw_table", recording)
    mp.setattr(_booklet, "_save", saving)
    try:
        report.build_report(out, systems=systems, trials=TRIALS, progress=False, lang=lang)
    finally:
        mp.undo()
    texts = pages_text(out)
    titles = report.page_titles(systems, lang=lang)
    pages = dict(zip(titles, texts, strict=True))
    return Booklet(out, texts, pages, tables, table_pages, layout)
