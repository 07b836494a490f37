"""Charts for designers: matplotlib drawings of results, nothing computed here.

Every function takes results (a tidy :class:`pandas.DataFrame`, usually one
built by :mod:`dicestats.tables`) and an optional ``ax``; without ``ax`` it
creates a new figure. It returns the :class:`matplotlib.axes.Axes` so a
notebook user can keep styling it. No function computes a probability: the
frames already hold them; the drawing code only reshapes (pivot, stack) and
draws.

Colours are colour-blind safe (Okabe–Ito for categories, viridis / cividis for
heatmaps) and every category also differs by hatching or marker and line
style, so the charts stay readable printed in greyscale. Titles say what the
chart answers; axes carry units.

Charts
------
Fate
    :func:`fate_outcomes` (stacked fail / tie / success / style over the
    ladder), :func:`fate_opposed` (opposed-roll matrix),
    :func:`fate_contest` (contest win chance by rating gap),
    :func:`fate_invokes` (invoke policies compared).
Storyteller
    :func:`storyteller_heatmap` (success chance, dice × difficulty, with the
    50% contour), :func:`storyteller_botch_heatmap`,
    :func:`storyteller_anomalies` (botch chance vs dice, non-monotone
    stretches highlighted), :func:`storyteller_degrees` (degrees of success,
    stacked), :func:`storyteller_ten_again`,
    :func:`storyteller_multiple_actions`, :func:`storyteller_extended`.
Initiative
    :func:`initiative_first` (P(act first) with intervals),
    :func:`initiative_actions_before`, :func:`initiative_slow`.

Examples
--------
>>> import pandas as pd
>>> from dicestats import plots
>>> df = pd.DataFrame({"difficulty": [1, 2], "fail": [0.1, 0.2], "tie": [0.2, 0.2],
...                    "success": [0.5, 0.4], "style": [0.2, 0.2]})
>>> ax = plots.fate_outcomes(df, rating=2)
>>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
[0.1, 0.2]
>>> plots.close(ax)
"""

from __future__ import annotations

from .fate import LADDER
from .format import ladder

__all__ = [
    "OKABE_ITO",
    "FATE_LADDER",
    "close",
    "fate_outcomes",
    "fate_opposed",
    "fate_contest",
    "fate_invokes",
    "storyteller_heatmap",
    "storyteller_botch_heatmap",
    "storyteller_anomalies",
    "storyteller_degrees",
    "storyteller_ten_again",
    "storyteller_multiple_actions",
    "storyteller_extended",
    "initiative_first",
    "initiative_actions_before",
    "initiative_slow",
    "initiative_pips",
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

# Category styles: colour, hatch. Lightness differs along each sequence, and
# neighbours differ by hatching, so a greyscale print still separates them.
_FATE_OUTCOMES = (
    ("fail", "fail", OKABE_ITO["vermillion"], "//"),
    ("tie", "tie", OKABE_ITO["yellow"], ".."),
    ("success", "success", OKABE_ITO["skyblue"], ""),
    ("style", "success with style", OKABE_ITO["blue"], "xx"),
)
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
# Degrees of success, from worst to best.
_DEGREE_STYLES = {
    "botch": (OKABE_ITO["vermillion"], "xx"),
    "failure": (OKABE_ITO["orange"], "//"),
    "marginal": ("#d9ecf7", ""),
    "moderate": (OKABE_ITO["skyblue"], ".."),
    "complete": (OKABE_ITO["green"], ""),
    "exceptional": (OKABE_ITO["blue"], "\\\\"),
    "phenomenal": ("#023858", "++"),
}


def close(ax) -> None:
    """Close the figure holding ``ax`` (keeps notebooks and tests tidy)."""
    import matplotlib.pyplot as plt

    plt.close(ax.figure)


# --------------------------------------------------------------------------
# Helpers (drawing only)
# --------------------------------------------------------------------------
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

    from .format import percent_short

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


def _legend_above(ax, ncol: int, markerscale: float = 1.0) -> None:
    ax.legend(
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=ncol,
        frameon=False,
        fontsize=8,
        handlelength=1.8,
        markerscale=markerscale,
    )


# --------------------------------------------------------------------------
# Fate
# --------------------------------------------------------------------------
def fate_outcomes(df, *, rating: int | None = None, ax=None, labels: bool = True):
    """Stacked bars: fail / tie / success / success with style per difficulty.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per difficulty, columns ``difficulty``, ``fail``, ``tie``,
        ``success``, ``style`` (probabilities that sum to 1 per row), e.g.
        :func:`dicestats.tables.fate_outcomes`.
    rating : int, optional
        The acting character's total rating, for the title.
    ax : matplotlib.axes.Axes, optional
    labels : bool, default True
        Print the percentage inside segments of at least 6%.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per outcome, in the order fail, tie, success, style.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"difficulty": [0], "fail": [0.1], "tie": [0.2],
    ...                    "success": [0.5], "style": [0.2]})
    >>> ax = fate_outcomes(df)
    >>> [c.get_label() for c in ax.containers]
    ['fail', 'tie', 'success', 'success with style']
    >>> close(ax)
    """
    _require(df, ["difficulty", "fail", "tie", "success", "style"], "fate_outcomes")
    ax = _axes(ax)
    d = df.sort_values("difficulty")
    x = list(range(len(d)))
    _stacked_bars(
        ax,
        x,
        [(d[c].to_numpy(), lab, col, h) for c, lab, col, h in _FATE_OUTCOMES],
        labels=labels,
    )
    ticks = [ladder(v, order="rating").replace(" ", "\n") for v in d["difficulty"]]
    ax.set_xticks(x, ticks, fontsize=8)
    ax.set_xlabel("difficulty (Fate ladder)")
    ax.set_ylabel("probability")
    _percent_axis(ax)
    who = f"a {ladder(rating, order='rating')} rating" if rating is not None else "a roll"
    ax.set_title(f"What does {who} get against each difficulty? (4dF)", pad=22)
    _legend_above(ax, 4)
    return ax


def fate_opposed(df, *, value: str = "win", ax=None, title: str | None = None):
    """Opposed-roll matrix: the chance of ``value`` for each rating pair.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``rating`` (the active side), ``opposition`` (the opposing
        rating) and ``value`` (a probability), one row per pair, e.g.
        :func:`dicestats.tables.fate_opposed`.
    value : str, default "win"
        The column to show.
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        An image with one annotated cell per pair (rows: rating, columns:
        opposition).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"rating": [0, 0, 1, 1], "opposition": [0, 1, 0, 1],
    ...                    "win": [0.38, 0.24, 0.53, 0.38]})
    >>> ax = fate_opposed(df)
    >>> [t.get_text() for t in ax.texts]
    ['38', '24', '53', '38']
    >>> close(ax)
    """
    _require(df, ["rating", "opposition", value], "fate_opposed")
    ax = _axes(ax, figsize=(6.0, 5.0))
    grid = df.pivot(index="rating", columns="opposition", values=value).sort_index()
    grid = grid.sort_index(axis=1)
    _annotated_image(ax, grid, cmap="cividis", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(grid.shape[1]), [f"{c:+d}" for c in grid.columns])
    ax.set_yticks(range(grid.shape[0]), [f"{r:+d}" for r in grid.index])
    ax.set_xlabel("opposition rating (they roll 4dF too)")
    ax.set_ylabel("your rating")
    ax.set_title(
        title or f"Opposed rolls: chance you {value} (%), your rating vs theirs", fontsize=10
    )
    return ax


def fate_contest(df, *, ax=None, title: str | None = None):
    """Contest win chance by rating gap (one line per contest length, if given).

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``gap`` (your rating − theirs) and ``win`` (probability);
        optional ``label`` (one line per label, e.g. "first to 3").
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per label, with markers.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"gap": [-1, 0, 1], "win": [0.2, 0.5, 0.8]})
    >>> ax = fate_contest(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.2, 0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["gap", "win"], "fate_contest")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (label, g) in enumerate(groups):
        g = g.sort_values("gap")
        ax.plot(
            g["gap"].to_numpy(),
            g["win"].to_numpy(),
            marker=_CYCLE_MARKERS[i % 8],
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=label,
        )
    ax.axhline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlabel("rating gap (your rating − opponent's, ladder steps)")
    ax.set_ylabel("chance to win the contest")
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(
        title or "Contests: how much does a rating edge win? (first to 3 victories)", fontsize=10
    )
    if len(groups) > 1 or groups[0][0]:
        ax.legend(fontsize=8, frameon=False)
    return ax


def fate_invokes(df, *, x: str = "difficulty", ax=None, title: str | None = None):
    """Invoke policies compared: success chance per policy (one line each).

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``x`` (e.g. ``difficulty`` or the dice total needed),
        ``policy`` (e.g. "optimal", "always +2", "none") and ``success``
        (probability), e.g. :func:`dicestats.tables.fate_invokes`.
    x : str, default "difficulty"
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per policy, in the order they first appear.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"difficulty": [1, 2, 1, 2], "policy": ["none"] * 2 + ["optimal"] * 2,
    ...                    "success": [0.4, 0.2, 0.8, 0.6]})
    >>> ax = fate_invokes(df)
    >>> [ln.get_label() for ln in ax.lines]
    ['none', 'optimal']
    >>> close(ax)
    """
    _require(df, [x, "policy", "success"], "fate_invokes")
    ax = _axes(ax)
    for i, (policy, g) in enumerate(_groups(df, "policy")):
        g = g.sort_values(x)
        ax.plot(
            g[x].to_numpy(),
            g["success"].to_numpy(),
            marker=_CYCLE_MARKERS[i % 8],
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=str(policy),
        )
    ax.set_xlabel(x.replace("_", " ") + (" (ladder steps)" if "difficulty" in x else ""))
    ax.set_ylabel("chance of success (tie excluded)")
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Invoking aspects: which policy wins more often?", fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    return ax


# --------------------------------------------------------------------------
# Storyteller
# --------------------------------------------------------------------------
def _annotated_image(ax, grid, cmap, vmin=0.0, vmax=1.0, fontsize=7):
    """imshow of a DataFrame grid with a percentage in every cell."""
    import numpy as np

    from .format import percent_short

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


def storyteller_heatmap(
    df,
    *,
    value: str = "success",
    contour: float | None = 0.5,
    cmap: str = "viridis",
    ax=None,
    title: str | None = None,
    colorbar: bool = True,
):
    """Heatmap over dice × difficulty, every cell annotated, with a contour.

    Parameters
    ----------
    df : pandas.DataFrame
        Tidy: columns ``dice``, ``difficulty`` and ``value``, one row per
        cell, e.g. :func:`dicestats.tables.storyteller_odds`.
    value : str, default "success"
        The probability column to show.
    contour : float or None, default 0.5
        Draw the contour line at this probability (the 50% line), or nothing.
    cmap : str, default "viridis"
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    colorbar : bool, default True

    Returns
    -------
    matplotlib.axes.Axes
        An image (rows: dice, columns: difficulty) with one text per cell;
        the contour, if drawn, carries the ``gid`` ``"contour"``; the
        colour bar marks its level with the same line.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 1, 2, 2], "difficulty": [6, 7, 6, 7],
    ...                    "success": [0.4, 0.3, 0.6, 0.45]})
    >>> ax = storyteller_heatmap(df)
    >>> len(ax.texts), ax.images[0].get_array().shape
    (4, (2, 2))
    >>> close(ax)
    """
    import numpy as np

    _require(df, ["dice", "difficulty", value], "storyteller_heatmap")
    ax = _axes(ax, figsize=(7.0, 5.5))
    grid = df.pivot(index="dice", columns="difficulty", values=value).sort_index()
    grid = grid.sort_index(axis=1)
    im = _annotated_image(ax, grid, cmap=cmap)
    ax.set_xticks(range(grid.shape[1]), [str(c) for c in grid.columns])
    ax.set_yticks(range(grid.shape[0]), [str(r) for r in grid.index])
    ax.set_xlabel("difficulty (target number on each d10)")
    ax.set_ylabel("dice in the pool")
    drawn = None
    z = grid.to_numpy(dtype=float)
    if contour is not None and min(grid.shape) >= 2:
        if np.nanmin(z) < contour < np.nanmax(z):
            cs = ax.contour(
                range(grid.shape[1]),
                range(grid.shape[0]),
                z,
                levels=[contour],
                colors=[OKABE_ITO["vermillion"]],
                linewidths=2.2,
            )
            cs.set_gid("contour")
            drawn = contour
    if colorbar:
        from matplotlib.ticker import PercentFormatter

        cb = ax.figure.colorbar(
            im, ax=ax, format=PercentFormatter(1.0, decimals=0), fraction=0.05, pad=0.02
        )
        cb.set_label(f"P({value})")
        if drawn is not None:  # the contour's key: the same line on the colour bar
            cb.ax.axhline(drawn, color=OKABE_ITO["vermillion"], linewidth=2.2)
            cb.set_label(f"P({value}); line: {drawn:.0%}")
    if drawn is not None:
        ax.set_xlabel(ax.get_xlabel() + f" — vermillion line: {drawn:.0%}")
    ax.set_title(
        title or f"Storyteller pools: chance of {value} (%) by dice and difficulty", fontsize=10
    )
    return ax


def storyteller_botch_heatmap(df, *, ax=None, title: str | None = None, colorbar: bool = True):
    """Botch-chance heatmap over dice × difficulty (cividis, no contour).

    Parameters
    ----------
    df : pandas.DataFrame
        Tidy: columns ``dice``, ``difficulty``, ``botch``.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 2], "difficulty": [6, 6], "botch": [0.1, 0.05]})
    >>> ax = storyteller_botch_heatmap(df)
    >>> [t.get_text() for t in ax.texts]
    ['10', '5']
    >>> close(ax)
    """
    _require(df, ["dice", "difficulty", "botch"], "storyteller_botch_heatmap")
    top = float(df["botch"].max())
    ax = storyteller_heatmap(
        df,
        value="botch",
        contour=None,
        cmap="cividis",
        ax=ax,
        colorbar=colorbar,
        title=title or "Storyteller pools: chance of a botch (%) by dice and difficulty",
    )
    if top > 0:
        ax.images[0].set_clim(0, max(top, 0.05))
        for t, v in zip(ax.texts, _grid_values(df, "botch"), strict=True):
            t.set_color(_text_colour(ax.images[0].cmap(ax.images[0].norm(v))))
    return ax


def _grid_values(df, value):
    grid = df.pivot(index="dice", columns="difficulty", values=value).sort_index()
    z = grid.sort_index(axis=1).to_numpy(dtype=float).ravel()
    return [v for v in z if v == v]


def storyteller_anomalies(
    odds,
    anomalies,
    *,
    metric: str = "botch",
    difficulties=None,
    ax=None,
    title: str | None = None,
):
    """Chance vs pool size, one line per difficulty, anomalies highlighted.

    A *stretch* is one anomaly record: going from ``dice - 1`` to ``dice``
    moves ``metric`` the wrong way (botch chance up, success chance down).
    Each stretch is drawn over the line as a thick translucent vermillion
    segment with a marker, so the "one more die is worse" cells stand out.

    Parameters
    ----------
    odds : pandas.DataFrame
        Tidy: ``dice``, ``difficulty`` and the ``metric`` column.
    anomalies : pandas.DataFrame
        One row per anomaly: ``metric``, ``difficulty``, ``dice`` (the larger
        pool), ``before`` (value at ``dice - 1``) and ``after`` (value at
        ``dice``), e.g. :func:`dicestats.tables.storyteller_anomalies`.
    metric : str, default "botch"
        ``"botch"`` (an anomaly is a rise) or a success column such as
        ``"success"`` or ``"p_ge_3"`` (an anomaly is a fall).
    difficulties : sequence of int, optional
        Difficulties to draw (default: every difficulty in ``odds``).
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        Lines with ``gid`` ``"difficulty <D>"`` and one highlight line per
        anomaly with ``gid`` ``"anomaly <D> <dice>"``.

    Examples
    --------
    >>> import pandas as pd
    >>> odds = pd.DataFrame({"dice": [1, 2, 3], "difficulty": [10] * 3,
    ...                      "botch": [0.1, 0.17, 0.219]})
    >>> an = pd.DataFrame({"metric": ["botch"] * 2, "difficulty": [10, 10], "dice": [2, 3],
    ...                    "before": [0.1, 0.17], "after": [0.17, 0.219]})
    >>> ax = storyteller_anomalies(odds, an)
    >>> sorted(ln.get_gid() for ln in ax.lines if ln.get_gid())
    ['anomaly 10 2', 'anomaly 10 3', 'difficulty 10']
    >>> close(ax)
    """
    if not isinstance(metric, str):
        raise TypeError(f"metric must be a column name (str), got {metric!r}")
    _require(odds, ["dice", "difficulty", metric], "storyteller_anomalies")
    if len(anomalies):
        _require(
            anomalies, ["metric", "difficulty", "dice", "before", "after"], "storyteller_anomalies"
        )
    ax = _axes(ax)
    if difficulties is None:
        difficulties = sorted(set(int(d) for d in odds["difficulty"]))
    difficulties = list(difficulties)
    import matplotlib as mpl

    cmap = mpl.colormaps["viridis"]
    n = len(difficulties)
    for i, diff in enumerate(difficulties):
        g = odds[odds["difficulty"] == diff].sort_values("dice")
        if len(g) == 0:
            raise ValueError(f"storyteller_anomalies: no odds rows for difficulty {diff}")
        ax.plot(
            g["dice"].to_numpy(),
            g[metric].to_numpy(),
            color=cmap(0.9 * i / max(n - 1, 1)),
            marker=_CYCLE_MARKERS[i % 8],
            markersize=4,
            linestyle=_CYCLE_LINES[i % 4],
            linewidth=1.2,
            label=f"difficulty {diff}",
            gid=f"difficulty {diff}",
        )
    sel = anomalies[(anomalies["metric"] == metric)] if len(anomalies) else anomalies
    first = True
    for r in sel.itertuples(index=False):
        if int(r.difficulty) not in difficulties:
            continue
        ax.plot(
            [int(r.dice) - 1, int(r.dice)],
            [float(r.before), float(r.after)],
            color=OKABE_ITO["vermillion"],
            linewidth=7,
            alpha=0.45,
            solid_capstyle="round",
            zorder=1,
            label=("one more die is worse" if first else None),
            gid=f"anomaly {int(r.difficulty)} {int(r.dice)}",
        )
        first = False
    ax.set_xlabel("dice in the pool")
    names = {"botch": "a botch", "success": "success (1+ net)"}
    names.update({f"p_ge_{k}": f"{k}+ net successes" for k in range(2, 10)})
    ax.set_ylabel(f"chance of {names.get(metric, metric)}")
    _percent_axis(ax, top=None)
    shown = odds[odds["difficulty"].isin(difficulties)][metric].astype(float)
    high = float(shown.max())
    # Head-room for the legend when the values stay well below 100%.
    ax.set_ylim(0, high * 1.4 if high < 0.7 else 1.02)
    ax.grid(alpha=0.3)
    what = "raise the botch chance" if metric == "botch" else "lower the chance"
    ax.set_title(title or f"Where does one more die {what}? (highlighted)", fontsize=10)
    ax.legend(
        fontsize=7,
        frameon=False,
        ncol=3 if n > 4 else 2,
        loc="upper right" if high < 0.7 else "best",
    )
    return ax


_DEGREE_LABELS = {
    "botch": "botch",
    "failure": "failure",
    "marginal": "1 marginal",
    "moderate": "2 moderate",
    "complete": "3 complete",
    "exceptional": "4 exceptional",
    "phenomenal": "5+ phenomenal",
}


def storyteller_degrees(df, *, ax=None, title: str | None = None, labels: bool = True):
    """Degrees of success as stacked bars per pool size.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per pool: ``dice`` and the outcome columns ``botch``,
        ``failure``, ``marginal``, ``moderate``, ``complete``,
        ``exceptional``, ``phenomenal`` (probabilities summing to 1), e.g.
        :func:`dicestats.tables.storyteller_degrees`.
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    labels : bool, default True

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per outcome, worst at the bottom.

    Examples
    --------
    >>> import pandas as pd
    >>> cols = list(_DEGREE_LABELS)
    >>> df = pd.DataFrame([[1] + [1 / 7] * 7], columns=["dice"] + cols)
    >>> ax = storyteller_degrees(df)
    >>> len(ax.containers)
    7
    >>> close(ax)
    """
    _require(df, ["dice", *_DEGREE_LABELS], "storyteller_degrees")
    ax = _axes(ax)
    d = df.sort_values("dice")
    x = d["dice"].to_numpy()
    layers = [(d[c].to_numpy(), _DEGREE_LABELS[c], *_DEGREE_STYLES[c]) for c in _DEGREE_LABELS]
    _stacked_bars(ax, x, layers, labels=labels, label_min=0.07)
    ax.set_xticks(x, [str(v) for v in x])
    ax.set_xlabel("dice in the pool")
    ax.set_ylabel("probability")
    _percent_axis(ax)
    ax.set_title(title or "How well does a pool succeed? Degrees of success", pad=30, fontsize=10)
    _legend_above(ax, 4)
    return ax


def _groups(df, column):
    """[(label, sub-frame)] in order of first appearance ('' if no column)."""
    if column not in df.columns:
        return [("", df)]
    out = []
    for key in dict.fromkeys(df[column]):
        out.append((str(key), df[df[column] == key]))
    return out


def storyteller_ten_again(
    df, *, y: str = "mean_net", ax=None, title: str | None = None, ylabel: str | None = None
):
    """A value (default: mean net successes) vs pool size, one line per rule set.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``dice``, ``rules`` (a label such as "plain 10s" or
        "ten-again") and ``y``; an optional ``difficulty`` column gives one
        line per (rules, difficulty).
    y : str, default "mean_net"
    ax : matplotlib.axes.Axes, optional
    title, ylabel : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per group.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 2, 1, 2], "rules": ["plain"] * 2 + ["ten-again"] * 2,
    ...                    "mean_net": [0.4, 0.8, 0.45, 0.9]})
    >>> ax = storyteller_ten_again(df)
    >>> [ln.get_label() for ln in ax.lines]
    ['plain', 'ten-again']
    >>> close(ax)
    """
    _require(df, ["dice", "rules", y], "storyteller_ten_again")
    ax = _axes(ax)
    d = df.copy()
    if "difficulty" in d.columns and d["difficulty"].nunique() > 1:
        d["_group"] = [
            f"{r}, difficulty {int(k)}" for r, k in zip(d["rules"], d["difficulty"], strict=True)
        ]
    else:
        d["_group"] = d["rules"].astype(str)
    for i, (label, g) in enumerate(_groups(d, "_group")):
        g = g.sort_values("dice")
        ax.plot(
            g["dice"].to_numpy(),
            g[y].to_numpy(),
            marker=_CYCLE_MARKERS[i % 8],
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=label,
        )
    ax.set_xlabel("dice in the pool")
    ax.set_ylabel(ylabel or y.replace("_", " "))
    if y != "mean_net" and d[y].max() <= 1:
        _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Ten-again: how much does rerolling 10s add?", fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    return ax


def storyteller_multiple_actions(df, *, ax=None, title: str | None = None):
    """Multiple actions: each action's success chance, grouped by actions declared.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per (``actions`` declared, ``action`` index 1-based):
        columns ``actions``, ``action``, ``dice`` (the reduced pool),
        ``success`` (probability); optional ``name`` (the action's name)
        and ``all`` (P(every declared action succeeds), constant per
        ``actions``), e.g. :func:`dicestats.tables.storyteller_multiple_actions`.
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One bar per row (bar container per action index) and, when ``all``
        is given, one line of "all succeed" markers.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"actions": [1, 2, 2], "action": [1, 1, 2], "dice": [6, 5, 4],
    ...                    "success": [0.7, 0.65, 0.6], "all": [0.7, 0.39, 0.39]})
    >>> ax = storyteller_multiple_actions(df)
    >>> [round(float(p.get_height()), 2) for c in ax.containers for p in c]
    [0.7, 0.65, 0.6]
    >>> close(ax)
    """
    _require(df, ["actions", "action", "dice", "success"], "storyteller_multiple_actions")
    ax = _axes(ax)
    ks = sorted(set(int(k) for k in df["actions"]))
    kmax = max(int(i) for i in df["action"])
    width = 0.8 / kmax
    for i in range(1, kmax + 1):
        g = df[df["action"] == i].sort_values("actions")
        if len(g) == 0:
            continue
        xs = [ks.index(int(k)) + (i - 1 - (int(k) - 1) / 2) * width for k in g["actions"]]
        name = g["name"].iloc[0] if "name" in g.columns else f"action {i}"
        bars = ax.bar(
            xs,
            g["success"].to_numpy(dtype=float),
            width * 0.95,
            label=f"{i}. {name}" if "name" in g.columns else name,
            color=_CYCLE_COLOURS[(i - 1) % 8],
            hatch=_CYCLE_HATCHES[(i - 1) % 8],
            edgecolor="#333333",
            linewidth=0.6,
        )
        for rect, dice in zip(bars, g["dice"], strict=True):
            ax.text(
                rect.get_x() + rect.get_width() / 2,
                rect.get_height() + 0.01,
                f"{int(dice)}d",
                ha="center",
                va="bottom",
                fontsize=7,
            )
    if "all" in df.columns:
        alls = df.groupby("actions")["all"].first().reindex(ks)
        ax.plot(
            range(len(ks)),
            alls.to_numpy(dtype=float),
            linestyle="none",
            marker="_",
            markersize=28,
            markeredgewidth=2.5,
            color=OKABE_ITO["black"],
            label="all declared actions succeed",
            gid="all",
        )
    ax.set_xticks(range(len(ks)), [f"{k} action{'s' if k > 1 else ''}" for k in ks])
    ax.set_xlabel("actions declared this round (label on bar: dice left in that pool)")
    ax.set_ylabel("chance of success")
    _percent_axis(ax, top=1.08)
    ax.set_ylim(0, 1.08)
    ax.set_title(title or "Multiple actions: is splitting the pool worth it?", fontsize=10, pad=24)
    _legend_above(ax, 4, markerscale=0.45)
    return ax


def storyteller_extended(df, *, ax=None, title: str | None = None):
    """Extended action: chance to be done by each round, one line per label.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``round`` (1, 2, ...) and ``done`` (P(finished by this
        round), non-decreasing); optional ``label`` (one line per label).
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line (with markers) per label.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"round": [1, 2, 3], "done": [0.1, 0.5, 0.8]})
    >>> ax = storyteller_extended(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.1, 0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["round", "done"], "storyteller_extended")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (label, g) in enumerate(groups):
        g = g.sort_values("round")
        ax.plot(
            g["round"].to_numpy(),
            g["done"].to_numpy(dtype=float),
            marker=_CYCLE_MARKERS[i % 8],
            markersize=4,
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=label or None,
        )
    ax.axhline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlabel("rounds rolled")
    ax.set_ylabel("chance the task is done")
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Extended action: how many rounds until it is done?", fontsize=10)
    if len(groups) > 1 or groups[0][0]:
        ax.legend(fontsize=7, frameon=False)
    return ax


# --------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------
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

    from .format import percent_short

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


def initiative_first(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """P(your side acts first) per swiftness matchup, with intervals.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per matchup: ``matchup`` (a label, e.g. "3 vs 2"), ``p``
        (P(act first)), optional ``lo``/``hi`` (confidence interval) and
        ``exact`` (the exact value where known, NaN elsewhere: drawn as a
        diamond), e.g. :func:`dicestats.tables.initiative_first`.
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    seed, trials : optional
        Added to the x label (Monte Carlo provenance).

    Returns
    -------
    matplotlib.axes.Axes
        One horizontal bar per matchup (first row at the top), with error
        bars when ``lo``/``hi`` are given.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"matchup": ["1 vs 1", "3 vs 1"], "p": [0.5, 0.8],
    ...                    "lo": [0.48, 0.78], "hi": [0.52, 0.82]})
    >>> ax = initiative_first(df)
    >>> [round(float(p.get_width()), 2) for p in ax.patches]
    [0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["matchup", "p"], "initiative_first")
    ax = _axes(ax)
    lo, hi = (df["lo"], df["hi"]) if _has_interval(df) else (None, None)
    _interval_bars(
        ax, list(df["matchup"]), df["p"], lo, hi, horizontal=True, colours=OKABE_ITO["blue"]
    )
    if "exact" in df.columns:
        ex = df["exact"].astype(float).to_numpy()
        pos = [i for i, v in enumerate(ex) if v == v]
        if pos:
            ax.plot(
                ex[pos],
                pos,
                linestyle="none",
                marker="D",
                markersize=5,
                markerfacecolor=OKABE_ITO["orange"],
                markeredgecolor="black",
                label="exact (enumeration)",
                gid="exact",
            )
            ax.legend(fontsize=7, loc="lower right", framealpha=0.9)
    ax.set_yticks(range(len(df)), [str(m) for m in df["matchup"]], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":")
    _percent_axis(ax, axis="x", top=1.0)
    ax.set_xlim(0, 1.08)
    ax.set_xlabel(
        "chance your side acts first" + (" (bars: 95% interval)" if lo is not None else "")
    )
    ax.set_ylabel("swiftness: yours vs theirs")
    ax.set_title(title or "Who acts first? Swiftness matchups", fontsize=10)
    _provenance(ax, seed, trials)
    return ax


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
        ax.legend(fontsize=7, frameon=False)
    _provenance(ax, seed, trials)
    return ax


def initiative_actions_before(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Distribution of the actions a side takes before the other side acts.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``actions`` (0, 1, ...), ``p``; optional ``lo``/``hi`` and
        ``label`` (one bar group per label), e.g.
        :func:`dicestats.tables.initiative_actions_before`.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per label.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"actions": [0, 1, 2], "p": [0.5, 0.3, 0.2]})
    >>> ax = initiative_actions_before(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.5, 0.3, 0.2]
    >>> close(ax)
    """
    return _dist_bars(
        df,
        "actions",
        ax,
        "actions taken before the other side's first action",
        "share of rounds",
        title or "Tempo: how many actions before the enemy acts?",
        seed,
        trials,
        "initiative_actions_before",
    )


def initiative_slow(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Distribution of the "slow" penalty scale a defender faces.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``penalty`` (0 = no penalty, 1, 2, ...), ``p``; optional
        ``lo``/``hi`` and ``label``, e.g. :func:`dicestats.tables.initiative_slow`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"penalty": [0, 1], "p": [0.7, 0.3]})
    >>> ax = initiative_slow(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.7, 0.3]
    >>> close(ax)
    """
    return _dist_bars(
        df,
        "penalty",
        ax,
        "slow penalty scale on the defence (0 = not slow)",
        "share of defences",
        title or "Defending late: how slow is the defender?",
        seed,
        trials,
        "initiative_slow",
    )


def initiative_pips(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """P(act first) against preparation pips, one line per matchup, interval bands.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``pips``, ``p``; optional ``lo``/``hi`` (drawn as a shaded
        band) and ``label`` (one line per label), e.g.
        :func:`dicestats.tables.initiative_pips`.

    Returns
    -------
    matplotlib.axes.Axes
        One line per label (and one band per label with intervals).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"pips": [0, 1, 2], "p": [0.5, 0.6, 0.7]})
    >>> ax = initiative_pips(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.5, 0.6, 0.7]
    >>> close(ax)
    """
    _require(df, ["pips", "p"], "initiative_pips")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (label, g) in enumerate(groups):
        g = g.sort_values("pips")
        colour = _CYCLE_COLOURS[i % 8]
        if _has_interval(g):
            ax.fill_between(
                g["pips"].to_numpy(),
                g["lo"].to_numpy(dtype=float),
                g["hi"].to_numpy(dtype=float),
                color=colour,
                alpha=0.25,
                linewidth=0,
            )
        ax.plot(
            g["pips"].to_numpy(),
            g["p"].to_numpy(dtype=float),
            color=colour,
            marker=_CYCLE_MARKERS[i % 8],
            linestyle=_CYCLE_LINES[i % 8],
            label=label or None,
        )
    ax.axhline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlabel("preparation pips added to your initiative dice")
    ax.set_ylabel("chance your side acts first")
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Preparation: what are pips worth for acting first?", fontsize=10)
    if len(groups) > 1 or groups[0][0]:
        ax.legend(fontsize=7, frameon=False, loc="lower right")
    _provenance(ax, seed, trials)
    return ax
