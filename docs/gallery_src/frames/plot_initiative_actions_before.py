"""
Initiative: tempo
=================

:func:`dicestats.plots.initiative_actions_before`: the actions a side takes before the
other side's first, exact (by tiers).
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_actions_before()
ax = plots.initiative_actions_before(df)
