"""
Storyteller: extended actions
=============================

:func:`dicestats.plots.storyteller_extended`: the chance to be done by each round, one
line per pool.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_extended(T.storyteller_extended((4, 6, 8), 6, 10, max_round=12))
