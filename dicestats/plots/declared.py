"""The chart of any declared question that grows: its chances by the grown parameter.

Examples
--------
>>> from dicestats import plots, tables
>>> ax = plots.chances_chart(tables.chances_by_value("blades", values=range(1, 5)))
>>> [t.get_text() for t in ax.get_legend().get_texts()][:2]
['P(success)', 'P(partial or better)']
>>> plots.close(ax)
"""

from __future__ import annotations

from ..core.question import chance_words
from ._style import _axes, _finish, _look

__all__ = ["chances_chart"]


def chances_chart(df, *, title: str | None = None, columns=None, ax=None):
    """One line per chance of :func:`dicestats.tables.chances_by_value`'s frame, over the
    grown parameter (its first column); a dotted line at 50%.

    Parameters
    ----------
    df : pandas.DataFrame
        The grown parameter's column first, then chances (``p_*``).
    title : str, optional
    columns : sequence of str, optional
        The chances drawn (default every ``p_*`` column).
    ax : matplotlib.axes.Axes, optional
    """
    ax = _axes(ax)
    x = df.columns[0]
    columns = [c for c in df.columns if c.startswith("p_")] if columns is None else columns
    for i, c in enumerate(columns):
        ax.plot(df[x].to_numpy(), df[c].astype(float).to_numpy(), **_look(i), label=chance_words(c))
    ax.set_xticks(df[x].to_list())
    _finish(ax, x, "probability", title or f"the chances by {x}", half=True)
    ax.legend(frameon=False, loc="best", fontsize=8)
    return ax
