"""
Initiative: what preparation buys
=================================

:func:`dicestats.plots.initiative_pips`: the chance to act first against preparation pips,
one line per matchup, exact (a Monte Carlo frame, ``trials=``, draws interval bands).
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_pips()
ax = plots.initiative_pips(df)
