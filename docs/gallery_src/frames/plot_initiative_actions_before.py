"""
Initiative: tempo
=================

:func:`dicestats.plots.initiative_actions_before`: the actions a side takes before the
other side's first.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_actions_before(trials=20_000, rng=1, progress=False)
ax = plots.initiative_actions_before(df, seed=1, trials=20_000)
