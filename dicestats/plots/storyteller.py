"""Storyteller charts: success and botch maps, anomalies, degrees, rule sets compared,
actions, distributions; and the chart of each question's answer (``<question>_chart``)."""

from __future__ import annotations

from .. import storyteller as st
from .. import tables as T
from ..core.checks import InputTypeError, refuse
from ..i18n import N_, _, number, with_lang
from ..tables._common import _frame
from ._style import (
    _CYCLE_COLOURS,
    _CYCLE_HATCHES,
    _CYCLE_LINES,
    LEGEND_FONTSIZE,
    OKABE_ITO,
    _annotated_image,
    _axes,
    _dist_bars,
    _finish,
    _groups,
    _legend_above,
    _look,
    _percent_axis,
    _require,
    _result_with,
    _stacked_bars,
    _text_colour,
    close,  # noqa: F401 (used by the examples)
)

__all__ = [
    "storyteller_heatmap",
    "storyteller_botch_heatmap",
    "storyteller_anomalies",
    "storyteller_degrees",
    "storyteller_by_rules",
    "storyteller_multiple_actions",
    "storyteller_extended",
    "storyteller_distribution",
    "anomalies_chart",
    "multiple_actions_chart",
    "extended_chart",
    "try_again_chart",
    "resisted_chart",
    "teamwork_chart",
    "automatic_success_chart",
    "exemption_chart",
]


#: The outcomes of a roll, worst to best: (label, colour, hatch).
_DEGREES = {
    "p_botch": (N_("botch"), OKABE_ITO["vermillion"], "xx"),
    "p_fail": (N_("failure"), OKABE_ITO["orange"], "//"),
    "p_marginal": (N_("1 marginal"), "#d9ecf7", ""),
    "p_moderate": (N_("2 moderate"), OKABE_ITO["skyblue"], ".."),
    "p_complete": (N_("3 complete"), OKABE_ITO["green"], ""),
    "p_exceptional": (N_("4 exceptional"), OKABE_ITO["blue"], "\\\\"),
    "p_phenomenal": (N_("5+ phenomenal"), "#023858", "++"),
}

#: The 10s rules' names (``dicestats.tables.storyteller_ten_again``), for the catalogues.
_RULES = (
    N_("plain 10s"),
    N_("ten-again"),
    N_("ten-again, no chain"),
    N_("V20 specialty: a 10 counts double"),
)


@with_lang
def storyteller_heatmap(
    df,
    *,
    value: str = "p_success",
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
    value : str, default "p_success"
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
    ...                    "p_success": [0.4, 0.3, 0.6, 0.45]})
    >>> ax = storyteller_heatmap(df)
    >>> len(ax.texts), ax.images[0].get_array().shape
    (4, (2, 2))
    >>> close(ax)
    """
    import numpy as np

    _require(df, ["dice", "difficulty", value], "storyteller_heatmap")
    ax = _axes(ax, figsize=(7.0, 5.5))
    grid, im = _annotated_image(ax, df, "dice", "difficulty", value, cmap)
    event = _EVENTS.get(value, value.removeprefix("p_"))
    ax.set_xlabel(_("difficulty (target number on each d10)"))
    ax.set_ylabel(_("dice in the pool"))
    drawn = None
    z = grid.to_numpy(dtype=float)
    if contour is not None and min(grid.shape) >= 2 and np.nanmin(z) < contour < np.nanmax(z):
        _edge_contour(ax, z, contour)
        drawn = contour
    level = f"{drawn:.0%}" if drawn is not None else ""
    if colorbar:
        from matplotlib.ticker import PercentFormatter

        cb = ax.figure.colorbar(
            im, ax=ax, format=PercentFormatter(1.0, decimals=0), fraction=0.05, pad=0.02
        )
        cb.set_label(_("chance of {event}").format(event=_(event)))
        if drawn is not None:  # the contour's key: the same line on the colour bar
            cb.ax.axhline(drawn, color=OKABE_ITO["vermillion"], linewidth=2.2)
            label = _("chance of {event}; thick line: {level}")
            cb.set_label(label.format(event=_(event), level=level))
    if drawn is not None:
        xlabel = _("difficulty (target number on each d10) — thick line: {level}")
        ax.set_xlabel(xlabel.format(level=level))
    default = _("Storyteller pools: chance of {event} (%) by dice and difficulty")
    ax.set_title(title or default.format(event=_(event)), fontsize=10)
    return ax


#: What a heatmap's column is the chance of.
_EVENTS = {"p_success": N_("success"), "p_botch": N_("a botch")}


def _edge_contour(ax, z, level: float) -> None:
    """The ``level`` line drawn along the cells' edges, between the cells at or above it and
    those below (so a cell is plainly on one side): a contour of the grid with every cell
    widened to its edges, the step between neighbours 1/1000 of a cell wide."""
    import numpy as np

    eps = 1e-3
    rows, cols = z.shape
    xs = np.repeat(np.arange(cols), 2) + np.tile([-0.5 + eps, 0.5 - eps], cols)
    ys = np.repeat(np.arange(rows), 2) + np.tile([-0.5 + eps, 0.5 - eps], rows)
    wide = np.repeat(np.repeat(z, 2, axis=0), 2, axis=1)
    line = dict(colors=[OKABE_ITO["vermillion"]], linewidths=2.4)
    # A cell exactly at the level counts as at or above it: the line passes just below.
    cs = ax.contour(xs, ys, wide, levels=[level - 1e-12], **line)
    cs.levels = np.array([level])
    cs.set_gid("contour")
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)


@with_lang
def storyteller_botch_heatmap(df, *, ax=None, title: str | None = None, colorbar: bool = True):
    """Botch-chance heatmap over dice × difficulty (cividis, no contour).

    Parameters
    ----------
    df : pandas.DataFrame
        Tidy: columns ``dice``, ``difficulty``, ``p_botch``.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 2], "difficulty": [6, 6], "p_botch": [0.1, 0.05]})
    >>> ax = storyteller_botch_heatmap(df)
    >>> [t.get_text() for t in ax.texts]
    ['10', '5']
    >>> close(ax)
    """
    import numpy as np

    _require(df, ["dice", "difficulty", "p_botch"], "storyteller_botch_heatmap")
    top = float(df["p_botch"].max())
    title = title or _("Storyteller pools: chance of a botch (%) by dice and difficulty")
    kw = dict(value="p_botch", contour=None, cmap="cividis", colorbar=colorbar, title=title)
    ax = storyteller_heatmap(df, ax=ax, **kw)
    if top > 0:  # the colours span the botch chances shown, the texts' colours follow
        im = ax.images[0]
        im.set_clim(0, max(top, 0.05))
        cells = [v for v in np.asarray(im.get_array(), dtype=float).ravel() if v == v]
        for t, v in zip(ax.texts, cells, strict=True):
            t.set_color(_text_colour(im.cmap(im.norm(v))))
    return ax


_ANOMALY_COLUMNS = ["metric", "difficulty", "dice", "before", "after"]


@with_lang
def storyteller_anomalies(
    odds,
    anomalies,
    *,
    metric: str = "p_botch",
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
    metric : str, default "p_botch"
        ``"p_botch"`` (an anomaly is a rise) or a success column such as
        ``"p_success"`` or ``"p_ge_3"`` (an anomaly is a fall).
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
    ...                      "p_botch": [0.1, 0.17, 0.219]})
    >>> an = pd.DataFrame({"metric": ["p_botch"] * 2, "difficulty": [10, 10], "dice": [2, 3],
    ...                    "before": [0.1, 0.17], "after": [0.17, 0.219]})
    >>> ax = storyteller_anomalies(odds, an)
    >>> sorted(ln.get_gid() for ln in ax.lines if ln.get_gid())
    ['anomaly 10 2', 'anomaly 10 3', 'difficulty 10']
    >>> close(ax)
    """
    if not isinstance(metric, str):
        raise refuse("metric", "a column name (str)", metric, kind=True)
    _require(odds, ["dice", "difficulty", metric], "storyteller_anomalies")
    if len(anomalies):
        _require(anomalies, _ANOMALY_COLUMNS, "storyteller_anomalies")
    ax = _axes(ax)
    every = sorted({int(d) for d in odds["difficulty"]})
    difficulties = every if difficulties is None else list(difficulties)
    import matplotlib as mpl

    cmap = mpl.colormaps["viridis"]
    n = len(difficulties)
    for i, diff in enumerate(difficulties):
        g = odds[odds["difficulty"] == diff].sort_values("dice")
        if len(g) == 0:
            raise refuse("difficulties", "difficulties with rows in odds", diff)
        look = _look(i) | dict(color=cmap(0.9 * i / max(n - 1, 1)), linestyle=_CYCLE_LINES[i % 4])
        name = f"difficulty {diff}"
        label = _("difficulty {n}").format(n=diff)
        line = dict(markersize=4, linewidth=1.2, label=label, gid=name)
        ax.plot(g["dice"].to_numpy(), g[metric].to_numpy(), **look, **line)
    sel = anomalies[(anomalies["metric"] == metric)] if len(anomalies) else anomalies
    sel = [r for r in sel.itertuples(index=False) if int(r.difficulty) in difficulties]
    look = dict(color=OKABE_ITO["vermillion"], linewidth=7, alpha=0.45, solid_capstyle="round")
    for k, r in enumerate(sel):
        label = _("one more die is worse") if k == 0 else None
        gid = f"anomaly {int(r.difficulty)} {int(r.dice)}"
        xy = ([int(r.dice) - 1, int(r.dice)], [float(r.before), float(r.after)])
        ax.plot(*xy, **look, zorder=1, label=label, gid=gid)
    names = {"p_botch": _("a botch"), "p_success": _("success (1+ net)")}
    names.update({f"p_ge_{k}": _("{k}+ net successes").format(k=k) for k in range(2, 10)})
    if metric == "p_botch":
        default = _("Where does one more die raise the botch chance? (highlighted)")
    else:
        default = _("Where does one more die lower the chance? (highlighted)")
    ylabel = _("chance of {event}").format(event=names.get(metric, metric))
    _finish(ax, _("dice in the pool"), ylabel, title or default)
    high = float(odds[odds["difficulty"].isin(difficulties)][metric].astype(float).max())
    # Head-room for the legend when the values stay well below 100%.
    ax.set_ylim(0, high * 1.4 if high < 0.7 else 1.02)
    where = dict(ncol=3 if n > 4 else 2, loc="upper right" if high < 0.7 else "best")
    ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False, **where)
    return ax


@with_lang
def storyteller_degrees(df, *, ax=None, title: str | None = None, labels: bool = True):
    """Degrees of success as stacked bars per pool size.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per pool: ``dice`` and the outcome columns ``p_botch``,
        ``p_fail``, ``p_marginal``, ``p_moderate``, ``p_complete``,
        ``p_exceptional``, ``p_phenomenal`` (probabilities summing to 1), e.g.
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
    >>> cols = list(_DEGREES)
    >>> df = pd.DataFrame([[1] + [1 / 7] * 7], columns=["dice"] + cols)
    >>> ax = storyteller_degrees(df)
    >>> len(ax.containers)
    7
    >>> close(ax)
    """
    _require(df, ["dice", *_DEGREES], "storyteller_degrees")
    ax = _axes(ax)
    d = df.sort_values("dice")
    x = d["dice"].to_numpy()
    degrees = {k: (_(label), colour, hatch) for k, (label, colour, hatch) in _DEGREES.items()}
    _stacked_bars(ax, x, d, degrees, labels=labels, label_min=0.07)
    ax.set_ylabel(_("probability"))
    ax.set_xticks(x, [str(v) for v in x])
    ax.set_xlabel(_("dice in the pool"))
    # The legend's two rows stand above the axes, the title above them (the legend's own
    # title): the two never overlap, however tall the legend.
    _legend_above(ax, 4)
    legend = ax.get_legend()
    legend.set_title(title or _("How well does a pool succeed? Degrees of success"))
    legend.get_title().set_fontsize(10)
    return ax


@with_lang
def storyteller_multiple_actions(df, *, ax=None, title: str | None = None):
    """Multiple actions: each action's success chance, grouped by actions declared.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per (``actions`` declared, ``action`` index 1-based):
        columns ``actions``, ``action``, ``dice`` (the reduced pool),
        ``p_success`` (probability); optional ``name`` (the action's name)
        and ``p_all`` (P(every declared action succeeds), constant per
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
    ...                    "p_success": [0.7, 0.65, 0.6], "p_all": [0.7, 0.39, 0.39]})
    >>> ax = storyteller_multiple_actions(df)
    >>> [round(float(p.get_height()), 2) for c in ax.containers for p in c]
    [0.7, 0.65, 0.6]
    >>> close(ax)
    """
    _require(df, ["actions", "action", "dice", "p_success"], "storyteller_multiple_actions")
    ax = _axes(ax)
    ks = sorted(set(int(k) for k in df["actions"]))
    kmax = max(int(i) for i in df["action"])
    width = 0.8 / kmax
    for i in range(1, kmax + 1):
        g = df[df["action"] == i].sort_values("actions")
        if len(g) == 0:
            continue
        xs = [ks.index(int(k)) + (i - 1 - (int(k) - 1) / 2) * width for k in g["actions"]]
        label = f"{i}. {g['name'].iloc[0]}" if "name" in g.columns else f"action {i}"
        look = dict(color=_CYCLE_COLOURS[(i - 1) % 8], hatch=_CYCLE_HATCHES[(i - 1) % 8])
        p = g["p_success"].to_numpy(dtype=float)
        bars = ax.bar(xs, p, width * 0.95, label=label, **look, edgecolor="#333333", linewidth=0.6)
        for rect, dice in zip(bars, g["dice"], strict=True):
            x, y = rect.get_x() + rect.get_width() / 2, rect.get_height() + 0.01
            dice_left = _("{n}d").format(n=int(dice))
            ax.text(x, y, dice_left, ha="center", va="bottom", fontsize=7)
    if "p_all" in df.columns:
        alls = df.groupby("actions")["p_all"].first().reindex(ks).to_numpy(dtype=float)
        look = dict(linestyle="none", marker="_", markersize=28, markeredgewidth=2.5)
        label = _("all declared actions succeed")
        ax.plot(range(len(ks)), alls, **look, color=OKABE_ITO["black"], label=label, gid="all")
    ticks = [_("1 action") if k == 1 else _("{n} actions").format(n=k) for k in ks]
    ax.set_xticks(range(len(ks)), ticks)
    ax.set_xlabel(_("actions declared this round (on each bar: the dice left in its pool)"))
    ax.set_ylabel(_("chance of success"))
    _percent_axis(ax, top=1.08)
    ax.set_ylim(0, 1.12)
    _legend_above(ax, 4, markerscale=0.45)
    legend = ax.get_legend()
    legend.set_title(title or _("Multiple actions: is splitting the pool worth it?"))
    legend.get_title().set_fontsize(10)
    return ax


@with_lang
def storyteller_by_rules(
    df,
    *,
    y: str = "mean_net",
    ax=None,
    title: str | None = None,
    ylabel: str | None = None,
    within: float = 0.0,
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
    within : float, default 0
        Curves no further apart than this at every pool are drawn as one, labelled
        ``"a ≈ b (at most … apart)"`` (0: only equal curves, labelled ``"a = b (identical)"``).

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
    d["_group"] = d["rules"].astype(str)
    if "difficulty" in d.columns and d["difficulty"].nunique() > 1:
        d["_group"] += [f", difficulty {int(k)}" for k in d["difficulty"]]
    for i, (xs, ys, label) in enumerate(_curves(_groups(d, "_group"), "dice", y, within)):
        ax.plot(xs, ys, **_look(i), label=label)
    ylabel = ylabel or y.replace("_", " ")
    default = _("How do the rule sets compare?")
    _finish(ax, _("dice in the pool"), ylabel, title or default, percent=False)
    values = d[y].to_numpy(dtype=float)
    if y.startswith("p_") and values.max() <= 1:  # 0–100% only when the data span it
        from matplotlib.ticker import PercentFormatter

        lo, hi = float(values.min()), float(values.max())
        pad = max((hi - lo) * 0.1, 0.005)
        lo, hi = (0.0, 1.0) if hi - lo > 0.6 else (max(0.0, lo - pad), min(1.0, hi + pad))
        ax.set_ylim(lo, hi)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=None if hi - lo < 0.05 else 0))
    ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    return ax


def _curves(groups, x: str, y: str, within: float = 0.0):
    """``(xs, ys, label)`` per distinct curve: curves equal at every point are one.

    Drawn apart, identical curves (revised and v20 without a specialty; a botch
    that resets and one that scores 0 at target 1) hide each other: they are
    drawn once, labelled ``"a = b (identical)"``. With ``within`` > 0, curves no
    further apart than that at every point are one too (the first one drawn),
    labelled ``"a ≈ b (at most 0.5 points apart)"``.
    """
    import numpy as np

    merged: list = []  # [xs, ys, labels, largest gap]
    for label, g in groups:
        g = g.sort_values(x)
        xs = [int(v) for v in g[x]]
        ys = g[y].to_numpy(dtype=float)
        name = _(str(label)) if label else ""
        for m in merged:
            if m[0] == xs:
                gap = float(np.max(np.abs(m[1] - ys))) if len(xs) else 0.0
                if gap <= max(within, 1e-12):
                    m[2].append(name)
                    m[3] = max(m[3], gap)
                    break
        else:
            merged.append([xs, ys, [name], 0.0])
    out = []
    for xs, ys, labels, gap in merged:
        label = None
        if len(labels) > 1 and any(labels):
            if gap <= 1e-12:
                label = _("{curves} (identical)").format(curves=" = ".join(x for x in labels if x))
            else:
                label = _("{curves} (at most {gap} points apart)").format(
                    curves=" ≈ ".join(x for x in labels if x), gap=number(100 * gap, 1)
                )
        elif labels[0]:
            label = labels[0]
        out.append((xs, ys, label))
    return out


@with_lang
def storyteller_extended(
    df,
    *,
    ax=None,
    title: str | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
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
        The axis labels (default "rounds rolled", "chance the task is done"; e.g. "attempts
        made" for retries at a rising difficulty).

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
        ax.plot(xs, ys, **_look(i), markersize=4, label=label)
    title = title or _("Extended action: how many rounds until it is done?")
    xlabel = xlabel or _("rounds rolled")
    ylabel = ylabel or _("chance the task is done")
    return _finish(ax, xlabel, ylabel, title, half=True, groups=groups, fontsize=LEGEND_FONTSIZE)


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
    if not isinstance(x, str):
        raise InputTypeError(
            f"storyteller_distribution: x must be a column name (str), got {type(x).__name__}"
        )
    title = title or f"Distribution of {x.replace('_', ' ')}"
    xlabel = xlabel or x.replace("_", " ")
    return _dist_bars(df, x, ax, xlabel, ylabel, title, "storyteller_distribution")


# --------------------------------------------------------------------------- charts of results
# What ``--plot FILE`` draws for a question (its declaration names the function).
def _floats(df):
    """A frame with its probability and mean columns as floats (Fractions drawn as floats)."""
    out = df.copy()
    for c in out.columns:
        if c.startswith(("p_", "mean_")) or c in ("before", "after", "change"):
            out[c] = out[c].astype(float)
    return out


def _value(p) -> float:
    return float(getattr(p, "value", p))


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


@_result_with("dice")
def anomalies_chart(result, *, ax=None):
    """The botch chance by pool of an :func:`~dicestats.storyteller.anomalies` answer, each
    wrong-way step highlighted."""
    r = result
    odds = _floats(st.odds_table(r.dice, r.difficulty, r.rules, specialty=r.specialty))
    found = [a.as_dict() for a in r if a.metric == "p_botch"]
    found = _floats(_frame(found, columns=_ANOMALY_COLUMNS))
    rules = r.rules.describe(specialty=r.specialty)
    title = f"Where does one more die raise the botch chance? ({rules})"
    return storyteller_anomalies(odds, found, metric="p_botch", ax=ax, title=title)


@_result_with("actions")
def multiple_actions_chart(result, *, ax=None):
    """Each action's chance when declaring the first k actions of a
    :func:`~dicestats.storyteller.multiple_actions` answer's pools."""
    acts = result.actions
    pools, diffs = [a.base for a in acts], [a.difficulty for a in acts]
    df = T.storyteller_multiple_actions(
        pools, diffs, result.rules, specialty=[a.specialty for a in acts]
    )
    at = ", ".join(map(str, sorted(set(diffs))))
    title = f"Multiple actions at difficulty {at} ({result.rules.describe()})"
    return storyteller_multiple_actions(_floats(df), ax=ax, title=title)


@_result_with("p_done_within")
def extended_chart(result, *, ax=None):
    """P(done within r rolls) of an :func:`~dicestats.storyteller.extended` answer, until the
    curve has levelled off."""
    import pandas as pd

    r = result
    within = [_value(p) for p in r.p_done_within]
    last = next((i + 1 for i, p in enumerate(within) if within[-1] - p <= 1e-3), len(within))
    last = max(last, min(3, len(within)))
    df = pd.DataFrame({"round": range(1, last + 1), "p_done": within[:last]})
    title = (
        f"Extended action: {_dice(r.dice)} at difficulty {r.difficulty}, target {r.target}, "
        f"a botch {r.on_botch}\n({r.rules.describe(specialty=r.specialty)})"
    )
    return storyteller_extended(df, ax=ax, title=title)


@_result_with("p_success_within")
def try_again_chart(result, *, ax=None):
    """P(a success within k attempts) of a :func:`~dicestats.storyteller.try_again` answer."""
    import pandas as pd

    r = result
    within = [_value(p) for p in r.p_success_within]
    df = pd.DataFrame({"round": range(1, len(within) + 1), "p_done": within})
    labels = dict(
        xlabel="attempts made (each retry 1 harder)", ylabel="chance of a success by then"
    )
    title = f"Trying again: {_dice(r.dice)} from difficulty {r.difficulty}"
    return storyteller_extended(df, ax=ax, title=title, **labels)


def _distribution_chart(label, dist, x, ax, xlabel, title):
    df = _floats(T.storyteller_distribution({label: dist}, x))
    return storyteller_distribution(df, x=x, ax=ax, xlabel=xlabel, title=title)


@_result_with("versus")
def resisted_chart(result, *, ax=None):
    """The margin's distribution of a :func:`~dicestats.storyteller.resisted` answer."""
    r = result
    them = f"{_dice(r.versus)} at {r.versus_difficulty}"
    title = f"Resisted: {_dice(r.dice)} at {r.difficulty} against {them}"
    xlabel = "your margin (net successes minus theirs)"
    return _distribution_chart(
        "your net successes minus theirs", r.margin, "margin", ax, xlabel, title
    )


@_result_with("pools")
def teamwork_chart(result, *, ax=None):
    """The total's distribution of a :func:`~dicestats.storyteller.teamwork` answer."""
    pools = "+".join(str(n) for n in result.pools)
    title = f"Teamwork: {pools} dice, each member's 1s cancel their own successes"
    label, xlabel = "separate rolls, added (the rules)", "total net successes of the team"
    return _distribution_chart(label, result.total, "total", ax, xlabel, title)


@_result_with("automatic", "roll", "better")
def automatic_success_chart(result, *, ax=None):
    """Rolling against taking the automatic success, of an
    :func:`~dicestats.storyteller.automatic_success` answer: the chance to meet the task's
    target and to botch, side by side (the automatic success hatched when not allowed).

    >>> ax = automatic_success_chart(st.automatic_success(6, 6, target=2))
    >>> [t.get_text() for t in ax.texts]
    ['71.97%', '1.15%', '0%', '0%']
    >>> close(ax)
    """
    from ..format import percent

    r = result
    ax = _axes(ax)
    need = f"{r.target} success{'es' if r.target > 1 else ''}"
    groups = [f"P(at least {need})", "P(botch)"]
    width = 0.38
    for i, (name, choice) in enumerate((("roll", r.roll), ("automatic", r.automatic))):
        values = [_value(choice.p_success), _value(choice.p_botch)]
        label = name if name == "roll" or r.allowed else f"{name} (not allowed here)"
        xs = [g + (i - 0.5) * width for g in range(len(groups))]
        hatch = "" if name == "roll" or r.allowed else "//"
        ax.bar(xs, values, width, label=label, color=_CYCLE_COLOURS[i], hatch=hatch, zorder=3)
        for x, v in zip(xs, values, strict=True):
            ax.annotate(percent(v, 2), (x, v), xytext=(0, 3), textcoords="offset points",
                        ha="center", fontsize=8)  # fmt: skip
    ax.set_xticks(range(len(groups)), groups)
    _percent_axis(ax, "y")
    ax.set_ylim(0, 1.08)
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    title = (
        f"Automatic success or roll: {_dice(r.dice)} at difficulty {r.difficulty}, "
        f"better: {r.better}\n({r.rules.describe(specialty=r.specialty)})"
    )
    ax.set_title(title, fontsize=11)
    return ax


@_result_with("rolls", "p_counted_botch", "p_any_botch")
def exemption_chart(result, *, ax=None):
    """P(a counted botch) after 1..rolls rolls of a
    :func:`~dicestats.storyteller.botch_exemption` answer, without and with the exemption
    (each point the same question asked with that many rolls).

    >>> ax = exemption_chart(st.botch_exemption(3, 9, rolls=4))
    >>> [ln.get_label() for ln in ax.lines]
    ['without the exemption', 'with the exemption']
    >>> close(ax)
    """
    r = result
    ax = _axes(ax)
    ks = list(range(1, r.rolls + 1))
    asked = [
        st.botch_exemption(r.dice, r.difficulty, r.rules, rolls=k, specialty=r.specialty)
        for k in ks[:-1]
    ] + [r]
    for i, (name, field) in enumerate(
        (("without the exemption", "p_any_botch"), ("with the exemption", "p_counted_botch"))
    ):
        ys = [_value(getattr(a, field)) for a in asked]
        ax.plot(ks, ys, marker="o", color=_CYCLE_COLOURS[i], linestyle=_CYCLE_LINES[i],
                label=name, zorder=3)  # fmt: skip
    _percent_axis(ax, "y")
    ax.set_ylim(0, 1)
    ax.set_xlabel("rolls in the period")
    ax.set_ylabel("P(a counted botch)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=LEGEND_FONTSIZE, frameon=False)
    title = (
        f"Botch exemption: {_dice(r.dice)} at difficulty {r.difficulty}\n"
        f"({r.rules.describe(specialty=r.specialty)})"
    )
    ax.set_title(title, fontsize=11)
    return ax
