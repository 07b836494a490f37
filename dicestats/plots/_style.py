"""What every chart shares: palette, axes, percent scales, lines, stacked and interval bars."""

from __future__ import annotations

__all__ = ["OKABE_ITO", "close"]


#: The Okabe–Ito colour-blind-safe palette.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "skyblue": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "grey": "#999999",
}


_CYCLE_COLOURS = tuple(
    OKABE_ITO[c]
    for c in ("blue", "orange", "green", "vermillion", "purple", "skyblue", "black", "yellow")
)
_CYCLE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_CYCLE_LINES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)), "-", "--")
_CYCLE_HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "++", "--")

#: Legend text size in points: legible on a printed page (7-8 pt legends were not).
LEGEND_FONTSIZE = 9


def close(ax) -> None:
    """Close the figure holding ``ax`` (keeps notebooks and tests tidy)."""
    import matplotlib.pyplot as plt

    plt.close(ax.figure)


def _axes(ax, figsize=(7.0, 4.2)):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def _require(df, columns, func: str) -> None:
    try:
        have = set(df.columns)
    except AttributeError:
        raise TypeError(f"{func}: df must be a pandas DataFrame, got {type(df).__name__}") from None
    missing = [c for c in columns if c not in have]
    if missing:
        raise ValueError(f"{func}: df lacks column(s) {missing}; it has {sorted(map(str, have))}")
    if len(df) == 0:
        raise ValueError(f"{func}: df is empty")


def _percent_axis(ax, axis: str = "y", top: float | None = 1.0) -> None:
    """Label ``axis`` of probabilities in percent (ticks 2.5% apart read 2.5%, not 2%)."""
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(_step_percent())
    if top is not None:
        (ax.set_ylim if axis == "y" else ax.set_xlim)(0, top)


def _step_percent():
    """A percent formatter with as few decimals as the ticks on show need: whole percents
    where every tick is one, one decimal for ticks 2.5% apart, and so on."""
    from matplotlib.ticker import PercentFormatter

    from ..i18n import _percent, current, language

    lang = current()  # the chart's language: its ticks are written later, when it is drawn

    class StepPercent(PercentFormatter):
        def __call__(self, x, pos=None):  # in the language's format: "2.5%", "2,5 %"
            with language(lang):
                return _percent(x, self.decimals)

        def set_locs(self, locs):
            super().set_locs(locs)
            lo, hi = self.axis.get_view_interval() if self.axis is not None else (0, 1)
            shown = [100 * x for x in locs if min(lo, hi) <= x <= max(lo, hi)]
            self.decimals = next(
                (d for d in range(4) if all(abs(x - round(x, d)) < 1e-6 for x in shown)), 4
            )

    return StepPercent(1.0, decimals=0)


def _text_colour(rgba) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


def _look(i: int) -> dict:
    """The ``i``-th category's colour, marker and line style (distinct in greyscale too)."""
    return {
        "color": _CYCLE_COLOURS[i % 8],
        "marker": _CYCLE_MARKERS[i % 8],
        "linestyle": _CYCLE_LINES[i % 8],
    }


def _groups(df, column):
    """[(label, sub-frame)] in order of first appearance ('' if no column)."""
    if column not in df.columns:
        return [("", df)]
    return [(str(key), df[df[column] == key]) for key in dict.fromkeys(df[column])]


def _lines(ax, df, x: str, y: str, by: str = "label", **kw):
    """One line per ``by`` group (sorted by ``x``), each in its own look; the groups."""
    groups = _groups(df, by)
    for i, (label, g) in enumerate(groups):
        g = g.sort_values(x)
        ax.plot(g[x].to_numpy(), g[y].to_numpy(), **_look(i), label=label or None, **kw)
    return groups


def _finish(ax, xlabel, ylabel, title, *, percent=True, half=False, groups=None, **legend):
    """The axis labels, a percent axis (0–100%), a grid and the title; a dotted line at 50%
    with ``half``; a legend where ``groups`` are several or named."""
    if half:
        ax.axhline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if percent:
        _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title, fontsize=10)
    if groups is not None and (len(groups) > 1 or groups[0][0]):
        ax.legend(frameon=False, **legend)
    return ax


def _stacked_bars(ax, x, d, outcomes, *, label_min=0.06, labels=True):
    """Stacked bars at ``x`` of the columns of ``d`` that ``outcomes`` names (``{column: (label,
    colour, hatch)}``, bottom first) on a probability axis (0–100%)."""
    import numpy as np

    from ..format import percent_short

    bottom = np.zeros(len(x))
    for column, (label, colour, hatch) in outcomes.items():
        values = d[column].to_numpy(dtype=float)
        kw = dict(label=label, color=colour, hatch=hatch, edgecolor="#333333", linewidth=0.6)
        bars = ax.bar(x, values, 0.8, bottom=bottom, **kw)
        box = {"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8}
        for rect, v in zip(bars, values, strict=True):
            if labels and v >= label_min:
                ax.text(
                    rect.get_x() + rect.get_width() / 2,
                    rect.get_y() + v / 2,
                    percent_short(v),
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="black" if hatch else _text_colour(rect.get_facecolor()),
                    bbox=box if hatch else None,
                )
        bottom = bottom + values
    ax.set_ylabel("probability")
    _percent_axis(ax)


def _legend_above(ax, ncol: int, markerscale: float = 1.0) -> None:
    where = dict(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=ncol, frameon=False)
    ax.legend(**where, fontsize=LEGEND_FONTSIZE, handlelength=1.8, markerscale=markerscale)


def _annotated_image(ax, df, rows, columns, value, cmap, tick=str):
    """``(grid, image)``: ``value`` of ``df`` pivoted to ``rows`` × ``columns`` (sorted), drawn
    with a percentage in every cell, the ticks labelled by ``tick``."""
    import numpy as np

    from ..format import percent_short

    grid = df.pivot(index=rows, columns=columns, values=value).sort_index().sort_index(axis=1)
    z = grid.to_numpy(dtype=float)
    im = ax.imshow(z, cmap=cmap, vmin=0.0, vmax=1.0, origin="lower", aspect="auto")
    for (i, j), v in np.ndenumerate(z):
        if not np.isnan(v):
            colour = _text_colour(im.cmap(im.norm(v)))
            ax.text(j, i, percent_short(v), ha="center", va="center", fontsize=7, color=colour)
    ax.set_xticks(range(grid.shape[1]), [tick(c) for c in grid.columns])
    ax.set_yticks(range(grid.shape[0]), [tick(r) for r in grid.index])
    return grid, im


def _interval_bars(
    ax, labels, p, lo=None, hi=None, *, horizontal=False, offset=0.0, width=0.8, **kw
):
    """Bars of ``p`` with error bars from ``lo``/``hi`` (if given), each labelled in percent."""
    import numpy as np

    from ..format import percent_short
    from ..i18n import percent_sign

    pos = np.arange(len(labels)) + offset
    p = np.asarray(p, dtype=float)
    err = None
    if lo is not None and hi is not None:
        err = np.vstack([p - np.asarray(lo, dtype=float), np.asarray(hi, dtype=float) - p])
        err = np.clip(err, 0, None)
    kw = dict(color=OKABE_ITO["blue"], edgecolor="#333333", linewidth=0.6, capsize=3) | kw
    if horizontal:
        bars = ax.barh(pos, p, height=width, xerr=err, ecolor="black", **kw)
    else:
        bars = ax.bar(pos, p, width=width, yerr=err, ecolor="black", **kw)
    for k, (rect, v) in enumerate(zip(bars, p, strict=True)):
        top = v if err is None else v + err[1, k]  # past the error bar's cap, by 3 points
        if horizontal:
            xy, away, align = (
                (top, rect.get_y() + rect.get_height() / 2),
                (4, 0),
                ("left", "center"),
            )
        else:
            xy, away, align = (
                (rect.get_x() + rect.get_width() / 2, top),
                (0, 3),
                ("center", "bottom"),
            )
        ax.annotate(
            percent_sign(percent_short(v)),
            xy,
            xytext=away,
            textcoords="offset points",
            ha=align[0],
            va=align[1],
            fontsize=7,
        )
    return bars


def _has_interval(df):
    return "lo" in df.columns and "hi" in df.columns


def _provenance(ax, seed, trials):
    parts = [f"{int(trials):,} simulated rounds per scenario"] if trials is not None else []
    parts += [f"seed {seed}"] if seed is not None else []
    if parts:
        ax.set_xlabel(ax.get_xlabel() + "\n(Monte Carlo: " + ", ".join(parts) + ")")


def _dist_bars(df, x, ax, xlabel, ylabel, title, func, seed=None, trials=None):
    """Distributions as bars with their intervals, one bar group per ``label``."""
    _require(df, [x, "p"], func)
    ax = _axes(ax)
    groups = _groups(df, "label")
    n = len(groups)
    width = 0.8 / n
    cats = sorted(set(int(v) for v in df[x]))
    for i, (label, g) in enumerate(groups):
        g = g.set_index(x).reindex(cats)
        lo, hi = (g["lo"].fillna(0), g["hi"].fillna(0)) if _has_interval(df) else (None, None)
        look = dict(color=_CYCLE_COLOURS[i % 8], hatch=_CYCLE_HATCHES[i % 8], label=label or None)
        offset = (i - (n - 1) / 2) * width
        _interval_bars(
            ax, cats, g["p"].fillna(0), lo, hi, offset=offset, width=width * 0.95, **look
        )
    ax.set_xticks(range(len(cats)), [str(c) for c in cats])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _percent_axis(ax, top=None)
    ax.set_ylim(0, min(1.0, float((df["hi"] if _has_interval(df) else df["p"]).max()) + 0.1))
    ax.set_title(title, fontsize=10)
    if n > 1 or groups[0][0]:
        ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    _provenance(ax, seed, trials)
    return ax


def _result_with(*attrs):
    """A question's chart: ``result`` (what its question returns) is checked to hold
    ``attrs``; anything else is refused in one line (``None`` was an AttributeError)."""
    import functools

    from ..core.checks import InputTypeError, shown

    def wrap(fn):
        @functools.wraps(fn)
        def chart(result, *args, **kwargs):
            if not all(hasattr(result, a) for a in attrs):
                raise InputTypeError(
                    f"{fn.__name__}: result must be what its question returns (with "
                    f"{', '.join(attrs)}), got {shown(result)} ({type(result).__name__})"
                )
            return fn(result, *args, **kwargs)

        return chart

    return wrap
