"""What every explorer shares (:class:`Explorer`): the layout, the error line, the commands,
exports and background work; the page's tabs made on demand (:class:`LazyTabs`)."""

from __future__ import annotations

import base64
import concurrent.futures as cf
import contextlib
import html
import io
import threading
import warnings
from dataclasses import dataclass, field

import ipywidgets as widgets

__all__ = [
    "Explorer",
    "LazyTabs",
    "Panel",
    "html_table",
    "chart_axes",
    "screen_adjust",
    "KEEP",
    "REFUSALS",
]

#: A view's ``chart_key`` that keeps the chart on show (dimmed): a quick estimate's.
KEEP = "keep the chart on show"
#: What a refused state raises (shown as its one line, never raised into the notebook).
REFUSALS = (ValueError, TypeError, ArithmeticError)

#: Pixels per inch of the chart on screen (exports use ``EXPORT_DPI``): small PNGs
#: keep a re-draw short.
SCREEN_DPI = 80
EXPORT_DPI = 150
#: The chart on screen: its size in inches, where its axes sit in it (fractions, as
#: ``subplots_adjust`` takes them), and the blank room kept around it (inches: left, right,
#: bottom, top) for what is drawn past its edge (a legend below the axes, a long label): the
#: image is cut to what was drawn, so nothing is lost and no tight re-draw is needed.
SCREEN_SIZE = (7.0, 4.2)
SCREEN_AXES = dict(left=0.1, right=0.97, bottom=0.16, top=0.8, wspace=0.25)
SCREEN_SPARE = (1.0, 1.0, 1.6, 0.8)
#: Blank inches kept around what was drawn in the screen image.
SCREEN_PAD = 0.08
#: Charts each explorer keeps as shown (their PNGs, by the panels' ``chart_key``), the latest
#: first: going back to a state shown a moment ago shows its chart again, not drawn anew.
RECENT_CHARTS = 8
#: Chart formats the export accepts, with the metadata that keeps files reproducible.
CHART_FORMATS = {".png": {"Software": None}, ".svg": {"Date": None}, ".pdf": {"CreationDate": None}}

_CSS = """<style>
.ds-explorer .ds-error { color: #b00020; font-weight: bold; min-height: 1.4em; }
.ds-explorer .ds-summary table, .ds-explorer .ds-table table { border-collapse: collapse; }
.ds-explorer .ds-summary td, .ds-explorer .ds-summary th,
.ds-explorer .ds-table td, .ds-explorer .ds-table th
  { padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; }
.ds-explorer .ds-table td.ds-anomaly { background: #f7c6a3; font-weight: bold; }
.ds-explorer .ds-table tr.ds-current td { outline: 2px solid #0072b2; }
.ds-explorer .ds-stale { opacity: 0.45; }
.ds-explorer pre.ds-view { font-size: 13px; line-height: 1.35; margin: 4px 0;
  font-family: var(--jp-code-font-family, monospace); white-space: pre-wrap;
  word-break: normal; overflow-wrap: break-word; }
.ds-page > .lm-TabBar { height: auto; min-height: fit-content; overflow: visible; }
.ds-page > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.ds-page > .lm-TabBar .lm-TabBar-tab { max-width: none !important; flex: 0 0 auto !important; }
.ds-explorer pre.ds-command { user-select: all; background: #f4f4f4; padding: 4px 6px;
  margin: 2px 0; white-space: pre-wrap; }
</style>"""


@dataclass
class Panel:
    """What an explorer shows for one state of its controls.

    Attributes
    ----------
    figures, labels : dict
        The headline figures, ``{key: value}``, each shown in ``span.ds-<key>`` as
        ``labels[key] = (label, formatter)`` says, in the labels' order.
    draw : callable or None
        ``draw(fig)`` draws the chart (a :mod:`dicestats.plots` chart) on a Figure, on the
        Axes :func:`chart_axes` gives.
    chart_shape : hashable, optional
        The kind of chart ``draw`` draws (its function and options): a chart of the kind on
        show is re-drawn on the same Axes, cleared of its data (see :class:`_ScreenChart`);
        None always starts anew.
    chart_key : hashable, optional
        What the chart depends on: the key of the chart on show keeps it (no re-draw);
        None always re-draws; :data:`KEEP` keeps it dimmed (a quick estimate's).
    table, table_html : pandas.DataFrame or None, str
        The table as numbers (the CSV export) and as shown.
    cli, python, note : str
        The equivalent ``dicestats ...`` command and Python call; a line under the figures.
    result : object
        The API's answer(s) behind the figures.
    """

    figures: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)
    draw: object = None
    chart_key: object = None
    chart_shape: object = None
    table: object = None
    table_html: str = ""
    cli: str = ""
    python: str = ""
    note: str = ""
    result: object = None


def html_table(df, *, marked=(), current=None) -> str:
    """``df`` (text cells) as an HTML table; ``marked`` holds ``(row, column)`` cells to
    highlight (class ``ds-anomaly``), ``current`` the row position to outline.

    >>> import pandas as pd
    >>> html_table(pd.DataFrame({"dice": [1, 2], "botch": ["10.0%", "15.0%"]}),
    ...            marked=[(1, "botch")], current=0)  # doctest: +ELLIPSIS
    '<table>...<tr class="ds-current"><td>1</td><td>10.0%</td></tr><tr><td>2</td><td \
class="ds-anomaly">15.0%</td></tr></tbody></table>'
    """
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = []
    marked = set(marked)
    for i, values in enumerate(df.itertuples(index=False)):
        cells = []
        for c, v in zip(df.columns, values, strict=True):
            cls = ' class="ds-anomaly"' if (i, c) in marked else ""
            cells.append(f"<td{cls}>{html.escape(str(v))}</td>")
        cls = ' class="ds-current"' if i == current else ""
        rows.append(f"<tr{cls}>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def chart_axes(fig):
    """The Axes a panel's ``draw(fig)`` draws its chart on: on the screen, the Axes of the
    chart on show when the new chart is of the same kind (its data cleared: the Figure, the
    Axes and their ticks are kept), else a new one."""
    kept = getattr(fig, "_ds_kept_axes", None)
    if kept is not None:
        fig._ds_kept_axes = None
        return kept
    return fig.subplots()


def screen_adjust(fig, **fractions) -> None:
    """Place a chart's axes as ``subplots_adjust`` would on a figure of :data:`SCREEN_SIZE`
    (``fractions`` over :data:`SCREEN_AXES`), on a screen figure and its spare room around
    it; on any other figure, ``subplots_adjust(**fractions)`` itself (when its layout engine
    leaves room for it)."""
    if not getattr(fig, "_ds_screen", False):
        if fig.get_layout_engine() is None:
            fig.subplots_adjust(**fractions)
        return
    at = {**SCREEN_AXES, **fractions}
    (w, h), (left, right, bottom, top) = SCREEN_SIZE, SCREEN_SPARE
    width, height = w + left + right, h + bottom + top
    fig.subplots_adjust(
        left=(left + at["left"] * w) / width,
        right=(left + at["right"] * w) / width,
        bottom=(bottom + at["bottom"] * h) / height,
        top=(bottom + at["top"] * h) / height,
        wspace=at["wspace"],
    )


def _clear_data(ax) -> None:
    """Take the data off ``ax`` (its lines, bars, texts, legend, titles, limits, tick choices)
    and keep the rest (the Axes, its axes and ticks, their styles): what a chart function
    sets anew on every call."""
    import matplotlib.ticker as mticker
    from matplotlib.transforms import Bbox

    for kind in (ax.lines, ax.patches, ax.collections, ax.texts, ax.images, ax.artists):
        for artist in list(kind):
            artist.remove()
    for table in list(ax.tables):
        table.remove()
    ax.containers.clear()
    if ax.legend_ is not None:
        ax.legend_.remove()
    for loc in ("left", "center", "right"):
        ax.set_title("", loc=loc)
    ax.set_xlabel("")
    ax.set_ylabel("")
    ax.dataLim.set_points(Bbox.null().get_points())
    ax.ignore_existing_data_limits = True
    ax.set_autoscale_on(True)
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_inverted(False)
        axis.set_major_locator(mticker.AutoLocator())
        axis.set_major_formatter(mticker.ScalarFormatter())
        axis.set_minor_locator(mticker.NullLocator())
        axis.set_minor_formatter(mticker.NullFormatter())
        axis.isDefault_majloc = axis.isDefault_majfmt = True
        axis.isDefault_minloc = axis.isDefault_minfmt = True


class _ScreenChart:
    """The chart on screen, kept from change to change: one Figure and its Agg canvas.

    A chart of the same kind as the one on show (its panel's ``chart_shape``) is re-drawn on
    the same Axes, cleared of its data (:func:`_clear_data`): no new Figure, Axes or ticks;
    another kind on the cleared Figure. One canvas draw, then the image is cut to what was
    drawn (by its pixels: the figure's spare room holds what goes past the chart's edge).
    """

    def __init__(self):
        from matplotlib.figure import Figure

        from .screen import ScreenCanvas

        (w, h), (left, right, bottom, top) = SCREEN_SIZE, SCREEN_SPARE
        self.fig = Figure(figsize=(w + left + right, h + bottom + top), dpi=SCREEN_DPI)
        self.fig._ds_screen = True
        self.canvas = ScreenCanvas(self.fig)
        self.shape = None
        self.lock = threading.Lock()

    def draw(self, draw, shape=None) -> None:
        """Draw a chart (``draw(fig)``, on :func:`chart_axes`) in place of the one on show."""
        fig = self.fig
        same = shape is not None and shape == self.shape and len(fig.axes) == 1
        self.shape = None  # until it is drawn whole
        if same:
            _clear_data(fig.axes[0])
            fig._ds_kept_axes = fig.axes[0]
        else:
            fig.clear()
        screen_adjust(fig)
        try:
            with warnings.catch_warnings():  # e.g. a flat line at 0%: not the reader's concern
                warnings.simplefilter("ignore", UserWarning)
                draw(fig)
        finally:
            fig._ds_kept_axes = None
        self.canvas.draw()
        self.shape = shape if len(fig.axes) == 1 else None

    def drawn_box(self) -> tuple[int, int, int, int] | None:
        """``(top, bottom, left, right)`` pixel rows and columns of what was drawn, with
        :data:`SCREEN_PAD` around; None when the drawing reaches the canvas's edge (then
        something may be cut)."""
        import numpy as np

        rgba = np.asarray(self.canvas.buffer_rgba())
        ink = rgba.view(np.uint32)[..., 0] != np.uint32(0xFFFFFFFF)  # not opaque white
        rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
        n_rows, n_cols = ink.shape
        if not len(rows):
            return 0, n_rows, 0, n_cols
        if rows[0] == 0 or cols[0] == 0 or rows[-1] == n_rows - 1 or cols[-1] == n_cols - 1:
            return None
        pad = int(round(SCREEN_PAD * SCREEN_DPI))
        top, bottom = max(0, rows[0] - pad), min(n_rows, rows[-1] + 1 + pad)
        left, right = max(0, cols[0] - pad), min(n_cols, cols[-1] + 1 + pad)
        return int(top), int(bottom), int(left), int(right)

    def png(self) -> bytes:
        """The chart drawn, cut to what was drawn, as PNG bytes (a tight ``savefig`` when it
        reached past the spare room)."""
        import numpy as np
        from PIL import Image

        box = self.drawn_box()
        buf = io.BytesIO()
        if box is None:
            self.fig.savefig(buf, format="png", dpi=SCREEN_DPI, bbox_inches="tight",
                             pad_inches=SCREEN_PAD, metadata=CHART_FORMATS[".png"])  # fmt: skip
            self.shape = None  # savefig drew it again: start the next one anew
            return buf.getvalue()
        top, bottom, left, right = box
        rgba = np.asarray(self.canvas.buffer_rgba())[top:bottom, left:right]
        Image.fromarray(rgba).save(buf, format="png", compress_level=1)
        return buf.getvalue()


def _same(a, b) -> bool:
    """Whether two chart keys are equal (a key whose comparison fails is not)."""
    try:
        return bool(a == b)
    except Exception:  # e.g. arrays: no single truth value
        return False


class _Superseded(Exception):
    """A newer state is wanted: stop this work."""


class _Stoppable(cf.Executor):
    """Runs each Monte Carlo batch at once, here, and stops the work once ``current()`` is
    false. The engine adds the batches in their order whatever the executor, so the answer
    is byte-identical to ``workers=1``."""

    _max_workers = 1

    def __init__(self, current):
        self._current = current

    def submit(self, fn, /, *args, **kwargs):
        if not self._current():
            raise _Superseded
        fut = cf.Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # the engine reads it from the future
            fut.set_exception(exc)
        return fut


class Explorer(widgets.VBox):
    """Controls wired to an API call, a chart and a table; the base of every explorer.

    Attributes
    ----------
    controls : dict
        ``{name: widget}``: set ``explorer.controls["dice"].value = 6`` and the
        explorer re-draws (as a person moving the control would).
    view : Panel or None
        What is on show (the last state that was not refused).
    error : ipywidgets.HTML
        Empty, or the one-line refusal of the current state.
    status : ipywidgets.HTML
        Where background work stands (quick estimate, refining, full).

    Examples
    --------
    Every explorer is one (:func:`dicestats.explore.storyteller` and the others):

    >>> from dicestats import explore
    >>> ex = explore.storyteller(5, 9)
    >>> ex.view.cli, ex.view.figures["p_botch"] == ex.view.result.p_botch
    ('dicestats pool 5 --difficulty 9', True)
    >>> with ex.muted():              # several controls, one re-draw
    ...     ex.controls["dice"].value = 6
    ...     ex.controls["difficulty"].value = 10
    >>> _ = ex.refresh()
    >>> ex.view.cli
    'dicestats pool 6 --difficulty 10'
    """

    #: A name for the page's tab.
    title = "explorer"
    #: The name in its CSS class (``ds-<css_name>``) and its downloads; the title's words
    #: when None.
    css_name = None

    def __init__(self, controls: dict, layout_rows: list):
        self.controls = dict(controls)
        self.view: Panel | None = None
        parts = ("status", "error", "summary", "table", "commands", "downloads")
        for part in parts:
            setattr(self, part, widgets.HTML(value="").add_class(f"ds-{part}"))
        # about 7 in at SCREEN_DPI: shown at its own size, narrower in a narrow window
        self.chart = widgets.Image(
            format="png",
            layout=widgets.Layout(width="auto", max_width="100%", align_self="flex-start"),
        )
        self.chart.add_class("ds-chart")
        self._muted, self._chart_key, self._cond = 0, None, threading.Condition()
        self._followers = []  # called after every change of a control (on_change)
        self._screen = None  # the chart on screen (a _ScreenChart), made with the first
        self._recent = []  # [(chart_key, PNG)]: the last RECENT_CHARTS drawn, oldest first
        self._wanted = (0, None)  # (generation, stages) of the latest change
        self._done, self._worker = 0, None  # the generation fully shown (or refused)
        buttons = []
        for label, kind in (("chart PNG", ".png"), ("chart SVG", ".svg"), ("table CSV", ".csv")):
            b = widgets.Button(description=f"export {label}", layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, kind=kind: self._offer_download(kind))
            buttons.append(b)
        self._chart_buttons = buttons[:2]  # hidden with the chart, on a tab that has none
        body = [self.status, self.error, self.summary, self.chart, self.table, self.commands]
        super().__init__([widgets.HTML(_CSS), *layout_rows, *body, widgets.HBox(buttons)])
        self.children = (*self.children, self.downloads)
        self.add_class("ds-explorer")
        self.add_class("ds-" + self._slug())
        for w in self.controls.values():
            w.observe(self._changed, names="value")

    def _slug(self) -> str:
        return "-".join((self.css_name or self.title).lower().replace("_", "-").split())

    def state(self) -> dict:
        """The controls' values, ``{name: value}``."""
        return {name: w.value for name, w in self.controls.items()}

    def compute(self, state: dict):  # pragma: no cover - every subclass has one
        """The :class:`Panel` of ``state``, or the stages of a slow answer (see :meth:`run`)."""
        raise NotImplementedError

    # -- the re-draw -------------------------------------------------------------------
    def _changed(self, _change=None) -> None:
        if not self._muted:
            self.refresh()
        for follow in self._followers:
            follow(self)

    def on_change(self, follow) -> None:
        """Call ``follow(explorer)`` after every change of a control (a muted one too, and the
        controls a new question makes): what follows the explorer's state, as the served
        page's "link to this view" does.

        Examples
        --------
        >>> from dicestats import explore
        >>> ex, seen = explore.storyteller(5, 9), []
        >>> ex.on_change(lambda e: seen.append(e.state()["dice"]))
        >>> ex.controls["dice"].value = 6
        >>> seen
        [6]
        """
        self._followers.append(follow)

    @contextlib.contextmanager
    def muted(self):
        """A context in which control changes do not re-draw (set several, then refresh)."""
        self._muted += 1
        try:
            yield
        finally:
            self._muted -= 1

    def refresh(self) -> Panel | None:
        """Show the current state (returns its panel), or its one-line refusal; a slow answer
        (a list of stages from :meth:`compute`) runs in the background (returns None)."""
        try:
            view = self.compute(self.state())
        except REFUSALS as exc:
            self.run(None)
            self.show_error(exc)
            return None
        if not isinstance(view, Panel):
            return self.run(view)
        self.run(None)
        self.show(view)
        return view

    def show_error(self, exc: BaseException) -> None:
        """Show ``exc`` as the one-line error; dim what is on show (it is not this state)."""
        self.error.value = html.escape(" ".join(str(exc).split()) or type(exc).__name__)
        for w in (self.summary, self.chart, self.table, self.commands):
            w.add_class("ds-stale")

    def show(self, view: Panel) -> None:
        """Put ``view`` on the page: everything is computed first (the chart's PNG, the
        figures, the commands), then the widgets are set one after the other, so the
        numbers, the chart and the command lines change together."""
        self.view = view
        chart = None
        if view.chart_key != KEEP and (view.chart_key is None or view.chart_key != self._chart_key):
            chart = self._screen_png(view) if view.draw else b""
        summary = self.summary_html(view)
        commands = (
            "<b>CLI</b><pre class='ds-command ds-cli'>" + html.escape(view.cli) + "</pre>"
            "<b>Python</b><pre class='ds-command ds-python'>" + html.escape(view.python) + "</pre>"
        )
        self.error.value = ""
        for w in (self.summary, self.chart, self.table, self.commands):
            w.remove_class("ds-stale")
        self.summary.value = summary
        if view.chart_key == KEEP:  # a quick estimate: the chart comes with the full one
            self.chart.add_class("ds-stale")
        elif chart is not None:
            self.chart.value = chart
            self._chart_key = view.chart_key
        chartless = view.draw is None and view.chart_key != KEEP
        for w in (self.chart, *self._chart_buttons):
            w.layout.display = "none" if chartless else None
        self.table.value = view.table_html
        self.commands.value = commands
        self.downloads.value = ""

    @staticmethod
    def summary_html(view: Panel) -> str:
        """The headline figures as a one-row table, each value in ``span.ds-<key>``."""
        heads, cells = [], []
        for key, (label, fmt) in view.labels.items():
            heads.append(f"<th>{html.escape(label)}</th>")
            value = html.escape(fmt(view.figures[key]))
            cells.append(f'<td><span class="ds-{key}">{value}</span></td>')
        note = f"<div class='ds-note'>{html.escape(view.note)}</div>" if view.note else ""
        return f"<table><tr>{''.join(heads)}</tr><tr>{''.join(cells)}</tr></table>{note}"

    # -- background work ---------------------------------------------------------------
    def run(self, stages) -> None:
        """Show ``stages`` in turn from the worker thread (returns at once): each
        ``stage(executor)`` returns ``(panel, status)``, its Monte Carlo batches run on
        ``executor``, which stops the work once a newer state is wanted. ``None``: this
        state was answered (or refused) here; older work stops."""
        with self._cond:
            generation = self._wanted[0] + 1
            self._wanted = (generation, stages)
            self.status.value = "" if stages is None else "estimating…"
            if stages is None:
                self._done = generation
            self._cond.notify_all()
            if stages is not None and (self._worker is None or not self._worker.is_alive()):
                self._worker = threading.Thread(target=self._work, daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            with self._cond:
                generation, stages = self._wanted
                if stages is None or self._done >= generation:
                    self._worker = None
                    return
            executor = _Stoppable(lambda g=generation: self._wanted[0] == g)
            for i, stage in enumerate(stages):
                try:
                    panel, status = stage(executor)
                except _Superseded:
                    break
                except REFUSALS as exc:
                    panel, status = exc, ""
                shown = isinstance(panel, Panel)
                with self._cond:
                    if self._wanted[0] != generation:
                        break  # superseded: start on the newer state
                    (self.show if shown else self.show_error)(panel)
                    self.status.value = status
                    if not shown or i == len(stages) - 1:
                        self._done = generation
                        self._cond.notify_all()
                if not shown:
                    break

    @property
    def busy(self) -> bool:
        """Whether work runs in the background (a superseded run stops at its next batch)."""
        worker = self._worker
        return worker is not None and worker.is_alive()

    def wait(self, timeout: float = 120.0) -> Panel | None:
        """Block until the latest change is fully shown (or refused); the panel on show."""
        with self._cond:
            if not self._cond.wait_for(lambda: self._done >= self._wanted[0], timeout):
                raise TimeoutError(f"the {self.title} explorer did not finish within {timeout} s")
        return self.view

    # -- exports -----------------------------------------------------------------------
    def _screen_png(self, view: Panel) -> bytes:
        """The chart of ``view`` as shown, as PNG: one of the last :data:`RECENT_CHARTS` drawn
        when its ``chart_key`` is theirs (what the chart depends on: the same picture) in the
        same language, else drawn in place of the one on show."""
        from ..i18n import current

        if self._screen is None:
            self._screen = _ScreenChart()
        key = None if view.chart_key is None else (current(), view.chart_key)
        with self._screen.lock:  # the worker thread shows Monte Carlo stages
            for i, (kept, png) in enumerate(self._recent):
                if key is not None and _same(kept, key):
                    self._recent.append(self._recent.pop(i))
                    return png
            self._screen.draw(view.draw, view.chart_shape)
            png = self._screen.png()
            if key is not None:
                del self._recent[: max(0, len(self._recent) + 1 - RECENT_CHARTS)]
                self._recent.append((key, png))
            return png

    def chart_bytes(self, kind: str = ".png", *, dpi: int = EXPORT_DPI) -> bytes:
        """The current chart as PNG, SVG or PDF bytes (``kind``: ``".png"`` …)."""
        import matplotlib

        fig = self._chart_figure(dpi)
        buf = io.BytesIO()
        with matplotlib.rc_context({"svg.hashsalt": "dicestats"}):
            fig.savefig(buf, format=kind[1:], dpi=dpi, metadata=CHART_FORMATS[kind])
        return buf.getvalue()

    def _drawable(self):
        """The current chart's ``draw``, or a ValueError saying why there is none."""
        if self.view is None or self.view.draw is None:
            if self.view is not None and self.view.chart_key == KEEP:
                raise ValueError("the chart is being refined: export it when the estimate is full")
            raise ValueError(f"there is no chart to export: {self._none()}")
        return self.view.draw

    def _chart_figure(self, dpi: int):
        """The current chart drawn on a Figure of its own (constrained layout), to export."""
        from matplotlib.figure import Figure

        draw = self._drawable()
        fig = Figure(figsize=SCREEN_SIZE, dpi=dpi, layout="constrained")
        with warnings.catch_warnings():  # e.g. a flat line at 0%: not the reader's concern
            warnings.simplefilter("ignore", UserWarning)
            draw(fig)
        return fig

    def layout_faults(self, dpi: int = SCREEN_DPI) -> list[str]:
        """What is untidy in the chart as shown (on a screen chart of its own at
        ``SCREEN_DPI``, else exported at ``dpi``): tick labels that overlap, text or a legend
        outside the image (an empty list when tidy)."""
        from matplotlib.legend import Legend
        from matplotlib.text import Text
        from matplotlib.transforms import Bbox

        if dpi == SCREEN_DPI:
            screen = _ScreenChart()
            screen.draw(self._drawable())
            fig, renderer, box = screen.fig, screen.canvas.get_renderer(), screen.drawn_box()
            if box is None:  # shown as a tight savefig keeps it
                area = fig.get_tightbbox(renderer).padded(SCREEN_PAD)
                area = area.transformed(fig.dpi_scale_trans)
            else:
                top, bottom, left, right = box
                rows = screen.canvas.get_width_height()[1]
                area = Bbox([[left, rows - bottom], [right, rows - top]])
        else:
            fig = self._chart_figure(dpi)
            fig.savefig(io.BytesIO(), format="png", dpi=dpi)
            renderer, area = fig._get_renderer(), fig.bbox
        faults, unseen = [], set()
        for ax in fig.axes:
            for axis in (ax.xaxis, ax.yaxis):
                low, high = sorted(axis.get_view_interval())
                shown = []
                for loc, t in zip(axis.get_majorticklocs(), axis.get_ticklabels(), strict=False):
                    if low - 1e-9 * (high - low) <= loc <= high + 1e-9 * (high - low):
                        shown.append(t)
                    else:  # a tick outside the axes: not drawn
                        unseen.add(id(t))
                boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in shown]
                boxes = [(a, box) for a, box in boxes if a]
                for (a, box_a), (b, box_b) in zip(boxes, boxes[1:], strict=False):
                    if box_a.overlaps(box_b):
                        faults.append(f"tick labels {a!r} and {b!r} overlap")
        texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
        texts = [t for t in texts if id(t) not in unseen]
        legends = fig.findobj(Legend)
        for artist in [*texts, *legends]:
            box = artist.get_window_extent(renderer)
            inside = (
                box.x0 >= area.x0 - 1
                and box.y0 >= area.y0 - 1
                and box.x1 <= area.x1 + 1
                and box.y1 <= area.y1 + 1
            )
            if not inside:
                what = artist.get_text() if hasattr(artist, "get_text") else "the legend"
                faults.append(f"{what!r} is cut by the image's edge")
        return faults

    def table_csv(self) -> str:
        """The current table as CSV (numbers, not the text shown)."""
        from ..format import to_csv

        if self.view is None or self.view.table is None:
            raise ValueError(f"there is no table to export: {self._none()}")
        return to_csv(self.view.table)

    def _none(self) -> str:
        return "this answer has none" if self.view is not None else "the current state was refused"

    def save_chart(self, path) -> None:
        """Write the current chart to ``path`` (.png, .svg or .pdf), atomically."""
        self._save(path, tuple(CHART_FORMATS))

    def save_table(self, path) -> None:
        """Write the current table to ``path`` (.csv), atomically."""
        self._save(path, (".csv",))

    def _bytes(self, kind: str) -> bytes:
        return self.table_csv().encode("utf-8") if kind == ".csv" else self.chart_bytes(kind)

    def _save(self, path, kinds: tuple) -> None:
        from ..core.files import atomic_write, check_out_path

        path = check_out_path("path", path, kinds)
        data = self._bytes(path.suffix.lower())
        with atomic_write(path) as fh:
            fh.write(data)

    def _offer_download(self, kind: str) -> None:
        """A download link for the current chart or table (a data: URL: no server needed)."""
        try:
            data = self._bytes(kind)
        except (ValueError, TypeError) as exc:
            self.show_error(exc)
            return
        mime = {".png": "image/png", ".svg": "image/svg+xml", ".csv": "text/csv"}[kind]
        name = "dicestats-" + self._slug() + kind
        url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        self.downloads.value = f'<a download="{name}" href="{url}">download {name}</a>'


class LazyTabs(widgets.Tab):
    """Tabs of explorers made on demand.

    ``makers`` is ``[(title, name, make)]``: a tab's title, its name in an address
    (:func:`~dicestats.explore.link.tab_name` of its explorer) and the function that makes
    its explorer. The selected tab's explorer is made at once, another's when its tab is
    first selected or :meth:`explorer` asks for it; until then the tab holds an empty box.

    Examples
    --------
    >>> from dicestats.explore import storyteller
    >>> tabs = LazyTabs([("Storyteller", "storyteller", storyteller),
    ...                  ("More", "storyteller", lambda: storyteller(6))])
    >>> tabs.built(0).state()["dice"], tabs.built(1)
    (5, None)
    >>> tabs.selected_index = 1
    >>> tabs.built(1).state()["dice"], tabs.children[1].children == (tabs.built(1),)
    (6, True)
    """

    def __init__(self, makers, selected: int = 0):
        self._makers = list(makers)
        self.names = [name for _title, name, _make in self._makers]
        self._built = [None] * len(self._makers)
        self._hooks = []
        super().__init__(children=[widgets.VBox() for _ in self._makers])
        for i, (title, _name, _make) in enumerate(self._makers):
            self.set_title(i, title)
        self.observe(self._opened, names="selected_index")
        self.selected_index = selected
        self.explorer(selected)

    def built(self, i: int):
        """The explorer of tab ``i``, or None while it has not been made."""
        return self._built[i]

    def explorer(self, i: int):
        """The explorer of tab ``i``, made (and put in its tab) when it was not yet."""
        ex = self._built[i]
        if ex is None:
            ex = self._built[i] = self._makers[i][2]()
            for hook in self._hooks:
                hook(i, ex)
            self.children[i].children = (ex,)
        return ex

    def on_build(self, hook) -> None:
        """Call ``hook(i, explorer)`` for every explorer made, those made already included."""
        self._hooks.append(hook)
        for i, ex in enumerate(self._built):
            if ex is not None:
                hook(i, ex)

    def _opened(self, change) -> None:
        if change["new"] is not None:
            self.explorer(change["new"])
