"""What a print shop checks on a page, measured with the renderer's bounding boxes.

:func:`problems` lists, for one drawn figure, every pair of texts that overlap (titles, axis
labels, tick labels, bar and cell labels, legends, annotations, table cells) and every text that
leaves the page's margins. The booklet's tests run it on each page as it is saved
(``tests/booklet.py``), with the PDF's own renderer, right after it drew the page: the boxes
measured are those of the page printed (at the PDF's 72 dpi, with its font metrics), and the
page is not drawn a second time for the check.
"""

from __future__ import annotations

#: The page's margin, in inches: nothing may print closer to the paper's edge.
MARGIN = 0.2
#: Overlaps smaller than this (points, both ways) are anti-aliasing, not a collision.
SLACK = 0.75


def _texts(fig, renderer):
    """``(label, bbox)`` of every text of ``fig`` that prints, in display units."""
    from matplotlib.text import Text

    ticks, drawn = set(), set()  # every tick label; those of the ticks drawn (in view)
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                ticks.update((id(tick.label1), id(tick.label2)))
            for tick in axis._update_ticks():
                drawn.update((id(tick.label1), id(tick.label2)))
    out = []
    for t in fig.findobj(Text):
        if not t.get_visible() or not t.get_text().strip():
            continue
        if id(t) in ticks and id(t) not in drawn:
            continue
        if t.axes is not None and not t.axes.get_visible():
            continue
        box = t.get_window_extent(renderer)
        if box.width <= 0 or box.height <= 0:
            continue
        out.append((t.get_text().replace("\n", " ")[:50], box))
    return out


def problems(fig, renderer=None) -> list[str]:
    """Every overlap of two texts and every text outside the margins of ``fig``.

    ``renderer``: the one that has just drawn ``fig`` (a ``draw_event``'s, as when the PDF
    draws the page); without it, ``fig`` is drawn here first with Agg's, which lays out
    tables and legends as the PDF will.
    """
    if renderer is None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
        renderer = canvas.get_renderer()
        fig.draw(renderer)
    texts = _texts(fig, renderer)
    slack = SLACK * fig.dpi / 72
    found = []
    for i, (a, ba) in enumerate(texts):
        for b, bb in texts[i + 1 :]:
            w = min(ba.x1, bb.x1) - max(ba.x0, bb.x0)
            h = min(ba.y1, bb.y1) - max(ba.y0, bb.y0)
            if w > slack and h > slack:
                found.append(f"overlap: {a!r} and {b!r}")
    for ax in fig.axes:  # a table's text stays inside its cell
        for table in ax.tables:
            for cell in table.get_celld().values():
                text = cell.get_text()
                if not text.get_visible() or not text.get_text().strip():
                    continue
                tb, cb = text.get_window_extent(renderer), cell.get_window_extent(renderer)
                if (
                    tb.x0 < cb.x0 - slack
                    or tb.x1 > cb.x1 + slack
                    or tb.y0 < cb.y0 - slack
                    or (tb.y1 > cb.y1 + slack)
                ):
                    label = text.get_text().replace("\n", " ")[:50]
                    found.append(f"outside its table cell: {label!r}")
    width, height = fig.bbox.width, fig.bbox.height
    m = MARGIN * fig.dpi
    for a, box in texts:
        if box.x0 < m - slack or box.y0 < m - slack:
            found.append(f"outside the margin: {a!r}")
        elif box.x1 > width - m + slack or box.y1 > height - m + slack:
            found.append(f"outside the margin: {a!r}")
    return found
