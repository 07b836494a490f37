"""A sweep drawn as heatmaps: one quantity over two parameters, a panel per other value.

Examples
--------
>>> from dicestats.sweep import sweep
>>> df = sweep("storyteller", dice=range(1, 6), difficulty=range(4, 11),
...            rules=["revised", "v20"])
>>> fig = heatmaps(df)
>>> [ax.get_title() for ax in fig.axes if ax.get_title()]
['rules = revised', 'rules = v20']
>>> fig.get_suptitle()
'P(success) over dice × difficulty'
"""

from __future__ import annotations

import itertools
import math

from ..core.checks import refuse
from ..format import percent_short
from .words import words

#: Most panels in one figure (one per combination of the parameters beyond x and y).
MAX_PANELS = 24


def _label(v) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def heatmaps(df, value: str | None = None, *, x=None, y=None, cmap: str = "cividis"):
    """Draw ``value`` over the grid: ``x`` across, ``y`` up, one panel per other combination.

    Parameters
    ----------
    df : DataFrame
        A frame returned by :func:`~dicestats.sweep.sweep` (its parameters are in
        ``df.attrs["sweep"]``), or any tidy frame with ``x`` and ``y`` given.
    value : str, optional
        The column to draw (default: the question's headline, ``p_first`` for
        initiative). Proportions (``p_…``) are shown as percentages on a 0–100% scale.
    x, y : str, optional
        The parameters across and up (default: the first two that vary).
    cmap : str
        A perceptually uniform, colour-blind-safe colour map.

    Returns
    -------
    matplotlib.figure.Figure
    """
    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd

    from ..plots._style import _text_colour
    from .questions import QUESTIONS

    if not isinstance(df, pd.DataFrame):
        raise refuse("df", "a DataFrame (a sweep's frame)", df, kind=True)
    names = df["question"].dropna().unique() if "question" in df.columns else []
    asked = names[0] if len(names) == 1 and names[0] in QUESTIONS else None
    if value is None:
        if asked is None:
            raise refuse("value", "a column to draw", None)
        value = QUESTIONS[asked].headline

    def say(column):  # a column in the words of the question's system
        return words(column, asked)

    if value not in df.columns:
        raise refuse("value", "a column of the frame", value)
    params = df.attrs.get("sweep", {}).get("parameters")
    if params is None and (x is None or y is None):
        why = "given for a frame that does not come from sweep() (its parameters are unknown)"
        raise refuse("x and y", why, None)
    varying = [p for p in params or () if p in df.columns and df[p].nunique(dropna=False) > 1]
    rest = [p for p in varying if p not in (x, y)]
    x = rest.pop(0) if x is None and rest else x
    y = rest.pop(0) if y is None and rest else y
    others = [p for p in varying if p not in (x, y)]
    if x is None:
        raise refuse("the grid", "at least one parameter with several values", value)
    for name in (x, y):
        if name is not None and name not in df.columns:
            raise refuse("x and y", "columns of the frame", name)
    data = df[df[value].notna()] if "error" not in df.columns else df[df["error"].isna()]
    combos = list(itertools.product(*(list(dict.fromkeys(data[o])) for o in others)))
    if len(combos) > MAX_PANELS:
        raise refuse(
            "panels",
            f"at most {MAX_PANELS}",
            len(combos),
            why=f"one per value of {', '.join(others)}",
            instead="fix some parameters (select rows) or pass x and y",
        )
    proportion = value.startswith("p_")
    values = data[value].astype(float)
    vmin, vmax = (0.0, 1.0) if proportion else (float(values.min()), float(values.max()))
    ncols = min(len(combos), 4)
    nrows = math.ceil(len(combos) / ncols)
    fig, axes = plt.subplots(
        nrows,
        ncols,
        figsize=(3.6 * ncols + 1.2, 3.2 * nrows + 0.6),
        squeeze=False,
        layout="constrained",
    )
    image = None
    for ax, combo in zip(axes.ravel(), combos, strict=False):
        part = data
        for o, v in zip(others, combo, strict=True):
            part = part[part[o] == v]
        xs = list(dict.fromkeys(part[x]))
        ys = list(dict.fromkeys(part[y])) if y is not None else [""]
        z = np.full((len(ys), len(xs)), np.nan)
        for _, row in part.iterrows():
            i = ys.index(row[y]) if y is not None else 0
            z[i, xs.index(row[x])] = float(row[value])
        image = ax.imshow(z, cmap=cmap, vmin=vmin, vmax=vmax, origin="lower", aspect="auto")
        for (i, j), v in np.ndenumerate(z):
            if not np.isnan(v):
                text = percent_short(v) if proportion else f"{v:.3g}"
                colour = _text_colour(image.cmap(image.norm(v)))
                ax.text(j, i, text, ha="center", va="center", fontsize=7, color=colour)
        ax.set_xticks(range(len(xs)), [_label(v) for v in xs])
        ax.set_yticks(range(len(ys)), [_label(v) for v in ys])
        ax.set_xlabel(say(x))
        ax.set_ylabel(say(y) if y else "")
        if others:
            ax.set_title(
                ", ".join(f"{say(o)} = {_label(v)}" for o, v in zip(others, combo, strict=True))
            )
    for ax in axes.ravel()[len(combos) :]:
        ax.set_visible(False)
    if image is not None:
        bar = fig.colorbar(image, ax=axes.ravel().tolist(), shrink=0.9)
        bar.set_label(say(value))
        if proportion:
            bar.formatter = plt.FuncFormatter(lambda v, _: f"{100 * v:.0f}%")
            bar.update_ticks()
    fig.suptitle(f"{say(value)} over {say(x)}" + (f" × {say(y)}" if y else ""))
    return fig
