"""Charts of the workbench: a calibration, the differences of a comparison, a worth's scale."""

from __future__ import annotations

from ..format import ladder, metric_label
from ._style import _CYCLE_COLOURS, _CYCLE_LINES, _axes, _look, _require, close  # noqa: F401

__all__ = [
    "calibration_chart",
    "compare_differences",
    "worth_scale",
    "marginal_chart",
]

#: The x axis label of each cell column.
_X_LABELS = {
    "dice": "dice in the pool",
    "difficulty": "difficulty",
    "bonus": "bonus",
    "versus_dice": "dice in the second pool",
    "versus_difficulty": "difficulty of the second pool",
    "versus_bonus": "bonus of the second roll",
}

_FIXED = ("metric", "first", "second", "difference")


def calibration_chart(cal, *, ax=None, title: str | None = None):
    """One line per level: the dice each difficulty needs (Storyteller) or the hardest
    difficulty each rating beats (Fate), every point labelled with its value.

    Parameters
    ----------
    cal : Calibration or pandas.DataFrame
        A :class:`~dicestats.workbench.Calibration`, or its
        :func:`~dicestats.tables.workbench.calibration_table`.
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        A level no pool in range reaches leaves a gap (and a note under the chart).

    Examples
    --------
    >>> from dicestats.workbench import storyteller_calibration
    >>> ax = calibration_chart(storyteller_calibration([0.5, 0.9], [6, 7, 8]))
    >>> [[float(y) for y in line.get_ydata()] for line in ax.lines[:2]]
    [[1.0, 2.0, 3.0], [7.0, 11.0, 20.0]]
    >>> close(ax)
    """
    from ..tables.workbench import calibration_table

    df = cal if hasattr(cal, "columns") else calibration_table(cal)
    storyteller = "dice" in df.columns
    setting, answer = ("difficulty", "dice") if storyteller else ("rating", "difficulty")
    ax = _axes(ax)
    missing = []
    for i, (level, g) in enumerate(df.groupby("level", sort=True)):
        g = g.sort_values(setting)
        xs = g[setting].to_numpy(dtype=float)
        ys = g[answer].astype("float").to_numpy()
        look = _look(i)
        ax.plot(xs, ys, **look, markersize=5, label=f"{100 * float(level):.4g}%")
        where = dict(textcoords="offset points", xytext=(0, 5), ha="center", fontsize=8)
        for x, y in zip(xs, ys, strict=True):
            if y == y:  # not NaN
                ax.annotate(f"{y:.0f}", (x, y), **where, color=look["color"])
            else:
                missing.append((int(x), level))
    ax.set_xticks(sorted(df[setting].unique()))
    if storyteller:
        ax.set_xlabel("difficulty")
        ax.set_ylabel("dice needed (the smallest pool, log scale)")
        ax.set_yscale("log")  # 1 to 100 dice: the small pools stay readable
        top = max(float(df[answer].max(skipna=True) or 1), 1.0)
        ticks = [t for t in (1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 500, 1000) if t <= top * 1.5]
        ax.set_yticks(ticks, [str(t) for t in ticks])
        ax.minorticks_off()
        what = "How many dice for each chance of success?"
    else:
        ax.set_xticklabels([ladder(int(r), order="rating") for r in ax.get_xticks()], fontsize=8)
        ax.set_xlabel("rating")
        ax.set_ylabel("hardest difficulty reached")
        ticks = sorted({int(v) for v in df[answer].dropna()})
        ax.set_yticks(ticks, [ladder(t, order="rating") for t in ticks], fontsize=8)
        what = "Which difficulty does each rating beat?"
    if missing:
        xs = ", ".join(map(str, sorted({x for x, _ in missing})))
        note = f"no pool in range reaches some levels at {setting} {xs}"
        ax.text(0.0, -0.18, note, transform=ax.transAxes, fontsize=8)
    ax.grid(alpha=0.3)
    ax.legend(title="chance wished", fontsize=9, title_fontsize=9, frameon=False)
    ax.set_title(title or what, fontsize=11)
    return ax


def compare_differences(
    df,
    *,
    x: str | None = None,
    metrics=None,
    ax=None,
    title: str | None = None,
    first: str = "first",
    second: str = "second",
):
    """Differences (second − first, percentage points) of probability metrics, one line each.

    Two curves of 2% and 3% look the same on a 0–100% axis; their difference does not on
    its own axis, fitted to the data with zero shown and the largest difference labelled.

    Parameters
    ----------
    df : pandas.DataFrame
        :func:`dicestats.tables.workbench.comparison_table`: the cell columns,
        ``metric``, ``first``, ``second``, ``difference``.
    x : str, optional
        The cell column on the x axis (default: the one with most values).
        Another cell column that varies gives one line per metric and value.
    metrics : list of str, optional
        The metrics drawn (default: every probability metric that differs
        somewhere, at most six, the largest differences first).
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    first, second : str
        What the two sides are, for the title and the axis label.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dicestats import storyteller as st
    >>> from dicestats.tables.workbench import comparison_table
    >>> from dicestats.workbench import compare_storyteller
    >>> c = compare_storyteller(range(1, 6), 8, versus_rules=st.Rules.preset("first"))
    >>> ax = compare_differences(comparison_table(c))
    >>> [ln.get_label() for ln in ax.lines if not ln.get_label().startswith("_")]
    ['botch', 'failure']
    >>> bool(ax.get_ylim()[1] < 20)     # percentage points, not a 0-100% axis
    True
    >>> close(ax)
    """
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    _require(df, list(_FIXED), "compare_differences")
    cells = [c for c in df.columns if c not in _FIXED]
    if x is None:
        x = max(cells, key=lambda c: df[c].nunique()) if cells else None
    if x not in cells:
        raise ValueError(f"compare_differences: x must be one of {cells}, got {x!r}")
    d = df.copy()
    d["difference"] = [100.0 * float(v) for v in d["difference"]]
    others = _other_groups(d, cells, x)
    n_groups = len(d.groupby(others)) if others else 1
    if metrics is None:
        probs = d[d["metric"].astype(str).str.startswith("p_")]
        size = probs.groupby("metric", sort=False)["difference"].apply(lambda s: s.abs().max())
        keep = max(1, 6 // n_groups)  # at most six lines by default
        ranked = sorted(size.items(), key=lambda t: -round(t[1], 9))  # float ties: given order
        metrics = [m for m, s in ranked if s > 1e-9][:keep]
    ax = _axes(ax)
    ax.axhline(0.0, color="#555555", linewidth=0.9, zorder=1)
    lines = []
    for i, m in enumerate(metrics):  # a metric: a colour and a marker; a group: a line style
        sub = d[d["metric"] == m]
        groups = sub.groupby(others, sort=False) if others else [((), sub)]
        for j, (key, g) in enumerate(groups):
            g = g.sort_values(x)
            key = key if isinstance(key, tuple) else (key,)
            extra = ", ".join(
                f"{c.replace('_', ' ')} {v}" for c, v in zip(others, key, strict=True)
            )
            label = metric_label(m) + (f" ({extra})" if extra else "")
            look = _look(i) | ({"linestyle": _CYCLE_LINES[j % 8]} if others else {})
            (ln,) = ax.plot(
                g[x].to_numpy(), g["difference"].to_numpy(), **look, label=label, zorder=3
            )
            lines.append((ln, g))
    # the y axis spans the data and zero, with a margin (never a fixed 0–100 range)
    values = [0.0, *(float(v) for _, g in lines for v in g["difference"])]
    lo, hi = min(values), max(values)
    pad = (hi - lo) * 0.12 or 1.0
    ax.set_ylim(lo - (pad if lo < 0 else pad / 4), hi + (pad if hi > 0 else pad / 4))
    best = max(
        ((ln, xv, yv) for ln, g in lines for xv, yv in zip(g[x], g["difference"], strict=True)),
        key=lambda t: abs(t[2]),
        default=None,
    )
    if best is not None and best[2] != 0:  # the largest difference labelled
        ln, xv, yv = best
        where = dict(xytext=(0, 10 if yv > 0 else -14), textcoords="offset points", ha="center")
        ax.annotate(f"{yv:+.2f} pp", (xv, yv), **where, fontsize=8, color=ln.get_color())
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:+.3g} pp" if v else "0"))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(_X_LABELS.get(x, x.replace("_", " ")))
    ax.set_ylabel("second − first (percentage points)")
    ax.grid(alpha=0.3)
    if lines:
        where = dict(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=min(3, len(lines)))
        ax.legend(**where, frameon=False, fontsize=9, handlelength=2.4)
    if title is None:
        import textwrap

        sides = [
            textwrap.shorten(f"{k}: {v}", 90) for k, v in (("first", first), ("second", second))
        ]
        title = "Where the second side differs from the first\n" + "\n".join(sides)
    ax.set_title(title, fontsize=10)
    return ax


def _other_groups(d, cells, x) -> list:
    """Cell columns that vary at a fixed ``x`` and follow no column already chosen."""
    chosen = [x]
    for c in cells:
        if c == x or d[c].nunique() < 2:
            continue
        if any(d.groupby(o)[c].nunique().max() == 1 for o in chosen):
            continue  # determined by a column already shown (the second side's mirror)
        chosen.append(c)
    return chosen[1:]


def worth_scale(df, worth, *, ax=None, title: str | None = None):
    """The scale a worth searched: the chance at each integer step, the target, the worth.

    Parameters
    ----------
    df : pandas.DataFrame
        :func:`dicestats.tables.workbench.worth_table`: ``step``, ``chance``.
    worth : dicestats.workbench.Worth
        Read for the target, the interpolated worth and the words (no number
        is computed here).
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dicestats.tables.workbench import worth_table
    >>> from dicestats.workbench import die_worth
    >>> w = die_worth(3, 7)
    >>> ax = worth_scale(worth_table(w), w)
    >>> [ln.get_label() for ln in ax.lines][:2]
    ['without the change', 'with the change']
    >>> close(ax)
    """
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    _require(df, ["step", "chance"], "worth_scale")
    ax = _axes(ax)
    if worth.worth is not None:  # a window around the crossing (and the base step)
        ends = (worth.lower, worth.upper, 0 if worth.p_base is not None else None)
        ends = [v for v in ends if v is not None]
        df = df[(df["step"] >= min(ends) - 2) & (df["step"] <= max(ends) + 3)]
    x = df["step"].to_numpy()
    y = [float(v) for v in df["chance"]]
    mean = worth.metric.startswith("mean")
    base = "without the change" if worth.p_base is not None else worth.unit
    ax.plot(x, y, marker="o", color=_CYCLE_COLOURS[0], label=base, zorder=3)
    target = float(worth.p_target)
    label = "with the change" if worth.p_base is not None else "to match"
    ax.axhline(target, color=_CYCLE_COLOURS[1], linestyle="--", label=label, zorder=2)
    if worth.worth is not None:
        wv = float(worth.worth)
        ax.axvline(wv, color=_CYCLE_COLOURS[2], linestyle=":", zorder=2)
        where = dict(xytext=(6, -14 if target > sum(y) / len(y) else 8), textcoords="offset points")
        ax.annotate(
            f"≈ {wv:.2f} {worth.unit}", (wv, target), **where, fontsize=9, color=_CYCLE_COLOURS[2]
        )
    lo, hi = min([*y, target]), max([*y, target])
    pad = (hi - lo) * 0.08 or 0.05
    ax.set_ylim(lo - pad, hi + pad)
    if not mean:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(f"x ({worth.unit})")
    ax.set_ylabel(metric_label(worth.metric))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9, frameon=False)
    ax.set_title(title or f"What {worth.change} is worth, in {worth.unit}", fontsize=11)
    return ax


def marginal_chart(marginal, *, ax=None, title: str | None = None):
    """What the k-th die or invoke adds (bars) and what k of them are worth together (a line).

    ``marginal``: a :class:`dicestats.workbench.MarginalWorth` (read only; a k beyond the
    scale searched has no bar).

    Examples
    --------
    >>> from dicestats.workbench import marginal_worth
    >>> ax = marginal_chart(marginal_worth("invoke", 2, bonus=2, difficulty=3))
    >>> [round(float(b.get_height()), 2) for b in ax.patches]
    [2.36, 2.5]
    >>> close(ax)
    """
    from matplotlib.ticker import MaxNLocator

    ax = _axes(ax)
    ks = list(marginal.ks)
    adds = [float("nan") if a is None else float(a) for a in marginal.marginals]
    totals = [float("nan") if t is None else float(t) for t in marginal.totals]
    ax.bar(ks, adds, color=_CYCLE_COLOURS[0], label=f"the k-th {marginal.change} adds", zorder=3)
    many = {"die": "dice"}.get(marginal.change, marginal.change + "s")
    ax.plot(ks, totals, marker="o", color=_CYCLE_COLOURS[1], label=f"k {many} together")
    for k, a in zip(ks, adds, strict=True):
        if a == a:
            ax.annotate(f"{a:.2f}", (k, a), xytext=(0, 3), textcoords="offset points",
                        ha="center", fontsize=8)  # fmt: skip
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(f"k ({many})")
    ax.set_ylabel(marginal.unit)
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=9, frameon=False)
    ax.set_title(title or f"What each {marginal.change} adds, in {marginal.unit}", fontsize=11)
    return ax
