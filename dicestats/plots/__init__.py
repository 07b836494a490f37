"""Charts for designers: matplotlib drawings of results, nothing computed here.

One module per system that has charts (:mod:`~dicestats.plots.fate`,
:mod:`~dicestats.plots.storyteller`, :mod:`~dicestats.plots.initiative`) and one for the
workbench's results (:mod:`~dicestats.plots.workbench`), over shared styling (``_style``);
the package re-exports each public module's ``__all__``, found on first use.

A chart takes a tidy :class:`pandas.DataFrame` (usually built by :mod:`dicestats.tables`),
or a question's result (``<question>_chart(result)``, what ``--plot FILE`` draws), and an
optional ``ax`` (without one it makes a figure); it returns the
:class:`matplotlib.axes.Axes`. Colours are colour-blind safe (Okabe–Ito for categories,
viridis / cividis for heatmaps) and every category also differs by hatching or marker and
line style, so the charts stay readable printed in greyscale.

Examples
--------
>>> import pandas as pd
>>> from dicestats import plots
>>> df = pd.DataFrame({"difficulty": [1, 2], "p_fail": [0.1, 0.2], "p_tie": [0.2, 0.2],
...                    "p_success": [0.5, 0.4], "p_style": [0.2, 0.2]})
>>> ax = plots.fate_outcomes(df, rating=2)
>>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
[0.1, 0.2]
>>> plots.close(ax)
"""

from __future__ import annotations

from ..core.lazy import submodule_exports
from ._style import OKABE_ITO, close

__getattr__ = submodule_exports(__name__, {"OKABE_ITO": OKABE_ITO, "close": close})
