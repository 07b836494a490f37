"""Charts of the workbench: the calibration chart (what each difficulty or rating takes).

Examples
--------
>>> from dicestats.workbench import storyteller_calibration
>>> ax = calibration_chart(storyteller_calibration([0.5, 0.9], [6, 7, 8]))
>>> [[float(y) for y in line.get_ydata()] for line in ax.lines[:2]]
[[1.0, 2.0, 3.0], [7.0, 11.0, 20.0]]
>>> close(ax)
"""

from __future__ import annotations

from ..format import ladder
from ._style import _CYCLE_COLOURS, _CYCLE_LINES, _CYCLE_MARKERS, _axes, close

__all__ = ["calibration_chart"]


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
        ax.plot(
            xs, ys, marker=_CYCLE_MARKERS[i % 8], markersize=5, linestyle=_CYCLE_LINES[i % 8],
            color=_CYCLE_COLOURS[i % 8], label=f"{100 * float(level):.4g}%",
        )  # fmt: skip
        for x, y in zip(xs, ys, strict=True):
            if y == y:  # not NaN
                ax.annotate(f"{y:.0f}", (x, y), textcoords="offset points", xytext=(0, 5),
                            ha="center", fontsize=8, color=_CYCLE_COLOURS[i % 8])  # fmt: skip
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
        xs = sorted({x for x, _ in missing})
        ax.text(0.0, -0.18, f"no pool in range reaches some levels at {setting} "
                + ", ".join(map(str, xs)), transform=ax.transAxes, fontsize=8)  # fmt: skip
    ax.grid(alpha=0.3)
    ax.legend(title="chance wished", fontsize=9, title_fontsize=9, frameon=False)
    ax.set_title(title or what, fontsize=11)
    return ax


_ = close  # re-exported for the doctest
