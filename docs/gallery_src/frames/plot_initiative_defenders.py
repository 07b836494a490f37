"""
Initiative: who answers an attack
=================================

:func:`dicestats.plots.initiative_defenders`: how many answer one attack, per scenario and
response rule.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_defenders(trials=10_000, rng=1, progress=False)
ax = plots.initiative_defenders(df, seed=1, trials=10_000)
