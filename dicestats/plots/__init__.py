"""Charts for designers: matplotlib drawings of results, nothing computed here.

One module per system that has charts (:mod:`~dicestats.plots.fate`,
:mod:`~dicestats.plots.storyteller`, ...) and one for the workbench's results
(:mod:`~dicestats.plots.workbench`), over shared styling (``_style``); the package
re-exports each public module's ``__all__``, found on first use.

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
    :func:`fate_invokes` (invoke policies compared), :func:`fate_exchanges`
    (how long a contest lasts), :func:`fate_challenge` (rolls that count),
    :func:`fate_session` (a session's total, deck against dice).
Storyteller
    :func:`storyteller_heatmap` (success chance, dice × difficulty, with the
    50% contour), :func:`storyteller_botch_heatmap`,
    :func:`storyteller_anomalies` (botch chance vs dice, non-monotone
    stretches highlighted), :func:`storyteller_degrees` (degrees of success,
    stacked), :func:`storyteller_by_rules` (editions or 10s rules compared),
    :func:`storyteller_multiple_actions`, :func:`storyteller_extended`.
Initiative
    :func:`initiative_first` (P(act first) with intervals),
    :func:`initiative_actions_before`, :func:`initiative_slow`.
Workbench
    :func:`calibration_chart` (one line per level: the dice each difficulty
    needs, or the difficulty each Fate rating beats; from
    :func:`dicestats.tables.calibration_table`);
    :func:`compare_differences` (two settings' differences, second − first in
    percentage points, one line per metric, on a y axis fitted to the
    differences with zero shown and the largest labelled; from
    :func:`dicestats.tables.comparison_table`), :func:`worth_scale` (the
    scale a worth searched: the chance at each step, the target, the
    interpolated worth; from :func:`dicestats.tables.worth_table`);
    ``METRIC_LABELS`` names each metric on a chart.

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
from ._style import FATE_LADDER, OKABE_ITO, close

__getattr__ = submodule_exports(
    __name__, {"OKABE_ITO": OKABE_ITO, "FATE_LADDER": FATE_LADDER, "close": close}
)
