"""What a booklet page is (:class:`Page`) and what every page draws with: the draw context,
the body grid, tables and notes. The pages and the booklet import from here, never the
reverse."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Page"]

#: The body rectangle of every page (figure fractions).
_BODY = {"left": 0.11, "right": 0.93, "top": 0.885, "bottom": 0.115}


@dataclass(frozen=True)
class Page:
    """One booklet page: a title, a one-line reading hint and a body drawer.

    ``draw(fig, ctx)`` draws the body into ``fig`` inside the body area
    (``ctx.body`` gives its rectangle as left, bottom, right, top figure
    fractions).
    """

    system: str
    title: str
    how_to_read: str
    draw: Callable = field(repr=False, compare=False)


@dataclass
class _Context:
    seed: int
    trials: int
    paper: str
    lang: str = "en"
    body: dict = field(default_factory=lambda: dict(_BODY))
    cache: dict = field(default_factory=dict)

    def cached(self, key, fn):
        if key not in self.cache:
            self.cache[key] = fn()
        return self.cache[key]


def pages_of(system: str):
    """``(pages, page)`` of a system's page module: ``pages()`` lists its pages, in the order
    ``@page(title, how_to_read)`` added their drawers."""
    listed: list[Page] = []

    def pages() -> list[Page]:
        return list(listed)

    def page(title: str, how_to_read: str):
        def add(draw):
            listed.append(Page(system, title, how_to_read, draw))
            return draw

        return add

    return pages, page


def _grid(fig, ctx, nrows=1, ncols=1, **kw):
    return fig.add_gridspec(nrows, ncols, **(ctx.body | kw))


def _draw_table(
    ax,
    df,
    *,
    title: str | None = None,
    col_widths=None,
    fontsize: float = 8.5,
    highlight=None,
    first_col_bold: bool = True,
):
    """A readable matplotlib table of the text frame ``df`` filling ``ax``.

    ``highlight(i, j) -> colour or None`` shades body cells (row ``i``,
    column ``j``, 0-based, without the header).
    """
    ax.set_axis_off()
    cell_text = [[str(v) for v in row] for row in df.itertuples(index=False)]
    table = ax.table(
        cellText=cell_text,
        colLabels=[str(c) for c in df.columns],
        colWidths=col_widths,
        cellLoc="center",
        loc="upper center",
        bbox=[0.0, 0.0, 1.0, 1.0],
    )
    table.auto_set_font_size(False)
    table.set_fontsize(fontsize)
    for (r, c), cell in table.get_celld().items():
        cell.set_edgecolor("#bbbbbb")
        cell.set_linewidth(0.5)
        if r == 0:
            cell.set_facecolor("#dde6ee")
            cell.set_text_props(weight="bold")
        else:
            shade = highlight(r - 1, c) if highlight else None
            if shade:
                cell.set_facecolor(shade)
            elif r % 2 == 0:
                cell.set_facecolor("#f5f5f5")
            if c == 0 and first_col_bold:
                cell.set_text_props(weight="bold")
    if title:
        ax.set_title(title, fontsize=10, loc="left", pad=6)
    return table


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, a Chinese character two columns wide:
    broken at spaces, and between any two Chinese characters (which need no space)."""
    import re
    import unicodedata

    def cols(s: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)

    wide = "\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
    tokens = re.findall(rf"[{wide}]|[^\s{wide}]+\s*|\s+", text)
    lines, line = [], ""
    for tok in tokens:
        if line and cols(line + tok.rstrip()) > width:
            lines.append(line.rstrip())
            line = tok.lstrip()
        else:
            line += tok
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _wrap_header(text: str, width: int = 10) -> str:
    """A column header longer than ``width`` columns on two lines, broken at the space that
    makes the longer line shortest (``tie or\nbetter``, ``Gleichstand\noder besser``)."""
    if _cols(text) <= width or " " not in text:
        return text
    cuts = [i for i, c in enumerate(text) if c == " "]
    cut = min(cuts, key=lambda i: max(_cols(text[:i]), _cols(text[i + 1 :])))
    return text[:cut] + "\n" + text[cut + 1 :]


def _cols(s: str) -> int:
    """The width of ``s`` in columns, a Chinese character two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _note(fig, ctx, text: str) -> None:
    """A small note just above the footer, wrapped to the page width (118 columns)."""
    lines = [line for para in text.split("\n") for line in _wrap(para, 118) or [""]]
    if len(lines) > 3:
        raise ValueError(f"page note too long ({len(lines)} lines): {text[:60]!r}...")
    style = dict(fontsize=7.5, color="#444444", ha="left", va="top")
    fig.text(ctx.body["left"], 0.066, "\n".join(lines), **style)
