"""What every chart shares: palette, axes, percent scales, stacked bars, interval bars."""

from __future__ import annotations

from ..fate import LADDER

__all__ = [
    "OKABE_ITO",
    "FATE_LADDER",
    "close",
]


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


#: Names of the Fate ladder (FAE), by rating (the system module's table).
FATE_LADDER = LADDER


_CYCLE_COLOURS = (
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["green"],
    OKABE_ITO["vermillion"],
    OKABE_ITO["purple"],
    OKABE_ITO["skyblue"],
    OKABE_ITO["black"],
    OKABE_ITO["yellow"],
)


_CYCLE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


_CYCLE_LINES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)), "-", "--")


_CYCLE_HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "++", "--")


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
    from matplotlib.ticker import PercentFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PercentFormatter(1.0, decimals=0))
    if top is not None:
        (ax.set_ylim if axis == "y" else ax.set_xlim)(0, top)


def _text_colour(rgba) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


def _stacked_bars(ax, x, layers, width=0.8, label_min=0.06, labels=True):
    """Draw stacked bars; ``layers`` is a list of (values, label, colour, hatch)."""
    import numpy as np

    from ..format import percent_short

    bottom = np.zeros(len(x))
    for values, label, colour, hatch in layers:
        values = np.asarray(values, dtype=float)
        bars = ax.bar(
            x,
            values,
            width,
            bottom=bottom,
            label=label,
            color=colour,
            hatch=hatch,
            edgecolor="#333333",
            linewidth=0.6,
        )
        if labels:
            for rect, v in zip(bars, values, strict=True):
                if v >= label_min:
                    ax.text(
                        rect.get_x() + rect.get_width() / 2,
                        rect.get_y() + v / 2,
                        percent_short(v),
                        ha="center",
                        va="center",
                        fontsize=7,
                        color="black" if hatch else _text_colour(rect.get_facecolor()),
                        bbox={
                            "boxstyle": "round,pad=0.1",
                            "fc": "white",
                            "ec": "none",
                            "alpha": 0.8,
                        }
                        if hatch
                        else None,
                    )
        bottom = bottom + values
    return bottom


#: Legend text size in points: legible on a printed page (7-8 pt legends were not).
LEGEND_FONTSIZE = 9


def _legend_above(ax, ncol: int, markerscale: float = 1.0) -> None:
    ax.legend(
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=ncol,
        frameon=False,
        fontsize=LEGEND_FONTSIZE,
        handlelength=1.8,
        markerscale=markerscale,
    )


def _annotated_image(ax, grid, cmap, vmin=0.0, vmax=1.0, fontsize=7):
    """imshow of a DataFrame grid with a percentage in every cell."""
    import numpy as np

    from ..format import percent_short

    z = grid.to_numpy(dtype=float)
    im = ax.imshow(z, cmap=cmap, vmin=vmin, vmax=vmax, origin="lower", aspect="auto")
    for (i, j), v in np.ndenumerate(z):
        if np.isnan(v):
            continue
        ax.text(
            j,
            i,
            percent_short(v),
            ha="center",
            va="center",
            fontsize=fontsize,
            color=_text_colour(im.cmap(im.norm(v))),
        )
    return im


def _grid_values(df, value):
    grid = df.pivot(index="dice", columns="difficulty", values=value).sort_index()
    z = grid.sort_index(axis=1).to_numpy(dtype=float).ravel()
    return [v for v in z if v == v]


def _groups(df, column):
    """[(label, sub-frame)] in order of first appearance ('' if no column)."""
    if column not in df.columns:
        return [("", df)]
    out = []
    for key in dict.fromkeys(df[column]):
        out.append((str(key), df[df[column] == key]))
    return out


def _interval_bars(
    ax,
    labels,
    p,
    lo=None,
    hi=None,
    horizontal=False,
    colours=None,
    hatches=None,
    label=None,
    offset=0.0,
    width=0.8,
):
    import numpy as np

    from ..format import percent_short

    pos = np.arange(len(labels)) + offset
    p = np.asarray(p, dtype=float)
    err = None
    if lo is not None and hi is not None:
        err = np.vstack([p - np.asarray(lo, dtype=float), np.asarray(hi, dtype=float) - p])
        err = np.clip(err, 0, None)
    kw = dict(
        color=colours or OKABE_ITO["blue"],
        edgecolor="#333333",
        linewidth=0.6,
        label=label,
        hatch=hatches,
        ecolor="black",
        capsize=3,
    )
    if horizontal:
        bars = ax.barh(pos, p, height=width, xerr=err, **kw)
    else:
        bars = ax.bar(pos, p, width=width, yerr=err, **kw)
    for k, (rect, v) in enumerate(zip(bars, p, strict=True)):
        top = v if err is None else v + err[1, k]
        if horizontal:
            ax.text(
                top + 0.025,
                rect.get_y() + rect.get_height() / 2,
                percent_short(v) + "%",
                va="center",
                ha="left",
                fontsize=7,
            )
        else:
            ax.text(
                rect.get_x() + rect.get_width() / 2,
                top + 0.01,
                percent_short(v) + "%",
                ha="center",
                va="bottom",
                fontsize=7,
            )
    return bars


def _has_interval(df):
    return "lo" in df.columns and "hi" in df.columns


def _provenance(ax, seed, trials):
    if seed is None and trials is None:
        return
    parts = []
    if trials is not None:
        parts.append(f"{int(trials):,} simulated rounds per scenario")
    if seed is not None:
        parts.append(f"seed {seed}")
    ax.set_xlabel(ax.get_xlabel() + "\n(Monte Carlo: " + ", ".join(parts) + ")")


def _dist_bars(df, x, ax, xlabel, ylabel, title, seed, trials, func):
    _require(df, [x, "p"], func)
    ax = _axes(ax)
    groups = _groups(df, "label")
    n = len(groups)
    width = 0.8 / n
    cats = sorted(set(int(v) for v in df[x]))
    for i, (label, g) in enumerate(groups):
        g = g.set_index(x).reindex(cats)
        lo, hi = (g["lo"].fillna(0), g["hi"].fillna(0)) if _has_interval(df) else (None, None)
        _interval_bars(
            ax,
            cats,
            g["p"].fillna(0),
            lo,
            hi,
            colours=_CYCLE_COLOURS[i % 8],
            hatches=_CYCLE_HATCHES[i % 8],
            label=label or None,
            offset=(i - (n - 1) / 2) * width,
            width=width * 0.95,
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
