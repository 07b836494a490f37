"""The explorer's screen-only drawing: an Agg canvas that keeps what text costs between draws.

Why this and not blitting: on a change of a control, most of what a chart's frame shows changes
too (the Fate chart's ladder ticks follow the difficulty, its title the rating; the Storyteller
chart's scale follows the odds), so a background cached for unchanged axes would seldom be
reused. What every draw repeats is the text: matplotlib lays out each string and rasterises
each of its glyphs anew on every draw, about half of a chart's draw on screen. The renderer
here keeps them (:class:`ScreenRenderer`): a string's layout (the glyphs and their places, for
its font, size and resolution) and each glyph's bitmap (for its font, size, angle and its
sub-pixel offset: FreeType draws a glyph moved by whole pixels as the same bitmap, moved),
and each font's height, which matplotlib reads from the font's tables for every layout of
every text (a Fate chart's 55 texts are laid out about 110 times a draw: 4-5 ms of 28).
Each glyph is then blended into the image exactly as matplotlib blends it, so the picture is
the one a fresh draw makes, pixel for pixel (``tests/explore/test_redraw.py``), and every chart
gains, with no second copy of any chart: the booklet's :mod:`dicestats.plots` functions draw
the screen's charts too.

The caches need matplotlib's glyph-by-glyph text drawing (matplotlib 3.11 and later); with an
older matplotlib, :class:`ScreenCanvas` draws as the plain Agg canvas does.
"""

from __future__ import annotations

import math
import threading

from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.ft2font import FT2Font

__all__ = ["ScreenCanvas", "ScreenRenderer", "CACHED"]

#: Whether this matplotlib draws text glyph by glyph (what the caches keep).
CACHED = hasattr(RendererAgg, "_draw_text_glyphs_and_boxes") and all(
    hasattr(FT2Font, name) for name in ("_layout", "_render_glyph", "_set_transform")
)
#: Entries kept per cache (a chart's strings and glyphs number in the hundreds).
CACHE_SIZE = 20_000


class ScreenRenderer(RendererAgg):
    """An Agg renderer that keeps the layout of each string and the bitmap of each glyph it
    has drawn (see the module's text); what it draws is what :class:`RendererAgg` draws.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 1), dpi=80)
    >>> canvas = ScreenCanvas(fig)
    >>> _ = fig.text(0.1, 0.5, "success with style")
    >>> canvas.draw()
    >>> kept = canvas.get_renderer().kept()
    >>> canvas.draw()
    >>> canvas.get_renderer().kept() == kept, kept[0] == (1 if CACHED else 0)
    (True, True)
    """

    def __init__(self, width, height, dpi):
        super().__init__(width, height, dpi)
        self._layouts: dict = {}
        self._glyphs: dict = {}
        self._heights: dict = {}

    def kept(self) -> tuple[int, int]:
        """``(strings, glyphs)``: how many layouts and glyph bitmaps are kept."""
        return len(self._layouts), len(self._glyphs)

    def _get_font_height_metrics(self, prop):
        """``(ascent, descent, line gap)`` of ``prop``'s font in pixels, as ``Text`` reads them
        from the font's tables for every layout of every text (kept: a chart's texts share a
        few fonts); ``(None, None, None)``, matplotlib's own fallback, for a font without
        them."""
        key = (_font_key(prop), _generic_fonts(prop), self.dpi)
        found = self._heights.get(key)
        if found is None:
            found = _put(self._heights, key, _font_height_metrics(prop, self.dpi))
        return found

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath or not CACHED:
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        from matplotlib.backends.backend_agg import get_hinting_flag

        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        flags = get_hinting_flag()
        size = prop.get_size_in_points()
        # per thread: the layout holds the thread's own fonts (matplotlib keeps a font per
        # thread; one is not to be used by two threads at once)
        key = (threading.get_ident(), s, _font_key(prop), flags)
        key += (_frozen(features), _frozen(language))
        glyphs = self._layouts.get(key)
        if glyphs is None:
            font = self._prepare_font(prop)
            items = font._layout(s, flags=flags, features=features, language=language)
            glyphs = tuple((i.ft_object, size, i.glyph_index, 0, 1, i.x, i.y) for i in items)
            _put(self._layouts, key, glyphs)
        self._draw_text_glyphs_and_boxes(gc, x, y, angle, glyphs, [])

    def _draw_text_glyphs_and_boxes(self, gc, x, y, angle, glyphs, boxes):
        if not CACHED:  # pragma: no cover - only an older matplotlib
            return super()._draw_text_glyphs_and_boxes(gc, x, y, angle, glyphs, boxes)
        import numpy as np
        from matplotlib.backends.backend_agg import get_hinting_flag
        from matplotlib.ft2font import RenderMode

        glyphs = tuple(glyphs)
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        flags = get_hinting_flag()
        antialiased = bool(gc.get_antialiased())
        height = self.height
        for font, size, index, slant, extend, dx, dy in glyphs:  # dy is upwards
            # where FreeType puts the glyph (26.6 fixed point): whole pixels, and the rest
            at_x = round(0x40 * (x + dx * cos - dy * sin))
            at_y = round(0x40 * (height - y + dx * sin + dy * cos))
            (px, fx), (py, fy) = divmod(at_x, 0x40), divmod(at_y, 0x40)
            key = (font.fname, size, index, angle, slant, extend, fx, fy, flags, antialiased)
            found = self._glyphs.get(key)
            if found is None:
                font.set_size(size, self.dpi)
                turn = np.array([[cos, -sin], [sin, cos]])
                matrix = (0x10000 * turn @ [[extend, extend * slant], [0, 1]]).round().astype(int)
                font._set_transform(matrix, [fx, fy])
                mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
                bitmap = font._render_glyph(index, flags, mode)
                buffer = np.array(bitmap.buffer)
                if not antialiased:
                    buffer *= 0xFF
                found = (buffer, bitmap.left, bitmap.top)
                _put(self._glyphs, key, found)
            buffer, left, top = found
            # as RendererAgg: draw_text_image's y is downwards and the bitmap's bottom side
            self._renderer.draw_text_image(
                buffer, left + px, int(height) - (top + py) + buffer.shape[0], 0, gc
            )
        if boxes:  # mathtext's rules: drawn as RendererAgg draws them
            super()._draw_text_glyphs_and_boxes(gc, x, y, angle, (), boxes)


class ScreenCanvas(FigureCanvasAgg):
    """An Agg canvas drawing with a :class:`ScreenRenderer` (kept while the figure's size and
    resolution stay)."""

    def get_renderer(self):
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:
            self.renderer = ScreenRenderer(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer


def _font_key(prop) -> tuple:
    """What picks a text's font and size (what ``FontProperties`` hashes)."""
    return (
        tuple(prop.get_family()),
        prop.get_slant(),
        prop.get_variant(),
        prop.get_weight(),
        prop.get_stretch(),
        prop.get_size_in_points(),
        prop.get_file(),
        prop.get_math_fontfamily(),
    )


def _generic_fonts(prop) -> tuple:
    """The font names that ``prop``'s generic families (``sans-serif`` …) stand for now."""
    import matplotlib

    generic = ("serif", "sans-serif", "cursive", "fantasy", "monospace")
    return tuple(tuple(matplotlib.rcParams[f"font.{f}"]) for f in prop.get_family() if f in generic)


def _font_height_metrics(prop, dpi) -> tuple:
    """What ``matplotlib.text.Text._get_layout`` computes of a font's height, the same way."""
    from matplotlib.font_manager import fontManager, get_font

    font = get_font(fontManager._find_fonts_by_props(prop))
    possible = [
        ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
        ("hhea", "lineGap", "ascent", "descent"),
    ]
    for table_name, linegap_key, ascent_key, descent_key in possible:
        table = font.get_sfnt_table(table_name)
        if table is None:
            continue
        fontsize = prop.get_size_in_points()
        units_per_em = font.get_sfnt_table("head")["unitsPerEm"]
        scale = 1 / units_per_em * fontsize * dpi / 72
        return table[ascent_key] * scale, -table[descent_key] * scale, table[linegap_key] * scale
    return None, None, None


def _frozen(value):
    """``value`` as a dict key (font features are a tuple or a list)."""
    return tuple(value) if isinstance(value, list) else value


def _put(cache: dict, key, value):
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value
