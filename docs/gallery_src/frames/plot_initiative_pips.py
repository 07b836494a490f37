"""
Initiative: what preparation buys
=================================

:func:`dicestats.plots.initiative_pips`: the chance to act first against preparation pips,
one line per matchup, with interval bands.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_pips(trials=5_000, rng=1, progress=False)
ax = plots.initiative_pips(df, seed=1, trials=5_000)
