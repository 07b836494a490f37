"""
Storyteller: success chance by pool and difficulty
==================================================

:func:`dicestats.plots.storyteller_heatmap`: every cell annotated, with the 50% contour.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_heatmap(T.storyteller_odds(range(1, 11), range(2, 11)))
