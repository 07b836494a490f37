"""
Initiative: who acts first
==========================

:func:`dicestats.plots.initiative_first`: the chance that your side acts first per
swiftness matchup, with 95% intervals (Monte Carlo, seeded) and exact values where small.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_first(trials=20_000, rng=1, progress=False)
ax = plots.initiative_first(df, seed=1, trials=20_000)
