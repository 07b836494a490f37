"""Storyteller line and bar charts: rule sets compared, extended actions, distributions.

A room of :mod:`dicestats.plots.storyteller` (which exports these names).
"""

from __future__ import annotations

from ._style import (
    _CYCLE_COLOURS,
    _CYCLE_LINES,
    _CYCLE_MARKERS,
    LEGEND_FONTSIZE,
    OKABE_ITO,
    _axes,
    _dist_bars,
    _groups,
    _percent_axis,
    _require,
    close,  # noqa: F401 (used by the examples)
)

__all__ = [
    "storyteller_by_rules",
    "storyteller_extended",
    "storyteller_distribution",
]


def storyteller_by_rules(
    df, *, y: str = "mean_net", ax=None, title: str | None = None, ylabel: str | None = None
):
    """A value (default: mean net successes) vs pool size, one line per rule set.

    Draws the editions compared (:func:`dicestats.tables.storyteller_editions`)
    or the 10s rules compared (:func:`dicestats.tables.storyteller_ten_again`).
    A probability axis is fitted to the data (a 2–14% botch chance is not
    squashed at the bottom of 0–100%); the axis label says so.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``dice``, ``rules`` (a label such as "revised" or
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
    >>> df = pd.DataFrame({"dice": [1, 2, 1, 2], "rules": ["revised"] * 2 + ["first"] * 2,
    ...                    "p_botch": [0.1, 0.09, 0.1, 0.14]})
    >>> ax = storyteller_by_rules(df, y="p_botch")
    >>> [ln.get_label() for ln in ax.lines], bool(ax.get_ylim()[1] < 0.2)
    (['revised', 'first'], True)
    >>> close(ax)
    """
    _require(df, ["dice", "rules", y], "storyteller_by_rules")
    ax = _axes(ax)
    d = df.copy()
    if "difficulty" in d.columns and d["difficulty"].nunique() > 1:
        d["_group"] = [
            f"{r}, difficulty {int(k)}" for r, k in zip(d["rules"], d["difficulty"], strict=True)
        ]
    else:
        d["_group"] = d["rules"].astype(str)
    for i, (xs, ys, label) in enumerate(_curves(_groups(d, "_group"), "dice", y)):
        ax.plot(
            xs,
            ys,
            marker=_CYCLE_MARKERS[i % 8],
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=label,
        )
    ax.set_xlabel("dice in the pool")
    ax.set_ylabel(ylabel or y.replace("_", " "))
    values = d[y].to_numpy(dtype=float)
    if y.startswith("p_") and values.max() <= 1:
        _fitted_percent_axis(ax, values)
    ax.grid(alpha=0.3)
    ax.set_title(title or "How do the rule sets compare?", fontsize=10)
    ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    return ax


def _curves(groups, x: str, y: str):
    """``(xs, ys, label)`` per distinct curve: curves equal at every point are one.

    Drawn apart, identical curves (revised and v20 without a specialty; a botch
    that resets and one that scores 0 at target 1) hide each other: they are
    drawn once, labelled ``"a = b (identical)"``.
    """
    merged: dict = {}
    for label, g in groups:
        g = g.sort_values(x)
        xs = [int(v) for v in g[x]]
        ys = g[y].to_numpy(dtype=float)
        key = (tuple(xs), tuple(round(float(v), 12) for v in ys))
        merged.setdefault(key, (xs, ys, []))[2].append(str(label) if label else "")
    out = []
    for xs, ys, labels in merged.values():
        label = " = ".join(x for x in labels if x)
        if len(labels) > 1 and label:
            label += " (identical)"
        out.append((xs, ys, label or None))
    return out


def _fitted_percent_axis(ax, values) -> None:
    """A percent axis spanning the data with a margin (0–100% only when the data do)."""
    from matplotlib.ticker import PercentFormatter

    lo, hi = float(values.min()), float(values.max())
    pad = max((hi - lo) * 0.1, 0.005)
    if hi - lo > 0.6:
        lo, hi = 0.0, 1.0
    else:
        lo, hi = max(0.0, lo - pad), min(1.0, hi + pad)
    ax.set_ylim(lo, hi)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=None if hi - lo < 0.05 else 0))


def storyteller_extended(
    df,
    *,
    ax=None,
    title: str | None = None,
    xlabel: str = "rounds rolled",
    ylabel: str = "chance the task is done",
):
    """Extended action: chance to be done by each round, one line per label.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``round`` (1, 2, ...) and ``p_done`` (P(finished by this
        round), non-decreasing); optional ``label`` (one line per label).
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    xlabel, ylabel : str, optional
        The axis labels (e.g. "attempts made" for retries at a rising difficulty).

    Returns
    -------
    matplotlib.axes.Axes
        One line (with markers) per label.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"round": [1, 2, 3], "p_done": [0.1, 0.5, 0.8]})
    >>> ax = storyteller_extended(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.1, 0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["round", "p_done"], "storyteller_extended")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (xs, ys, label) in enumerate(_curves(groups, "round", "p_done")):
        ax.plot(
            xs,
            ys,
            marker=_CYCLE_MARKERS[i % 8],
            markersize=4,
            linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8],
            label=label or None,
        )
    ax.axhline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Extended action: how many rounds until it is done?", fontsize=10)
    if len(groups) > 1 or groups[0][0]:
        ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    return ax


def storyteller_distribution(
    df,
    *,
    x: str = "net",
    ax=None,
    title: str | None = None,
    xlabel: str | None = None,
    ylabel: str = "probability",
):
    """A distribution (or several side by side) as labelled bars.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``x`` and ``p``; optional ``label`` (one bar group per
        label), e.g. :func:`dicestats.tables.storyteller_distribution`.
    x : str, default "net"
        The value column (``margin``, ``total``, ``net``).
    ax : matplotlib.axes.Axes, optional
    title, xlabel, ylabel : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"margin": [-1, 0, 1], "p": [0.25, 0.5, 0.25]})
    >>> ax = storyteller_distribution(df, x="margin")
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.25, 0.5, 0.25]
    >>> close(ax)
    """
    return _dist_bars(
        df,
        x,
        ax,
        xlabel or x.replace("_", " "),
        ylabel,
        title or f"Distribution of {x.replace('_', ' ')}",
        None,
        None,
        "storyteller_distribution",
    )
