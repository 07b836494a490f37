"""
Initiative: margins after an attack
===================================

:func:`dicestats.plots.initiative_margins`: the attacker's margin left and the defender's
advantage, under assumed success rolls.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_margins(trials=10_000, rng=1, progress=False)
ax = plots.initiative_margins(df, seed=1, trials=10_000)
