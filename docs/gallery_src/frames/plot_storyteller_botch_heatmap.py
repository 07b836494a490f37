"""
Storyteller: botch chance by pool and difficulty
================================================

:func:`dicestats.plots.storyteller_botch_heatmap`.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_botch_heatmap(T.storyteller_odds(range(1, 11), range(2, 11)))
