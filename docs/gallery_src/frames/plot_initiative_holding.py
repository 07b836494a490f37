"""
Initiative: holding a die
=========================

:func:`dicestats.plots.initiative_holding`: wounds dealt against wounds taken, one point per
holding policy.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_holding(T.HOLD_SCENARIOS[:1], trials=10_000, rng=1, progress=False)
ax = plots.initiative_holding(df, seed=1, trials=10_000)
