"""
Initiative: who acts first
==========================

:func:`dicestats.plots.initiative_first`: the chance that your side acts first per
swiftness matchup, exact (by tiers, no seed). A Monte Carlo frame
(``T.initiative_first(trials=20_000, rng=1)``) draws 95% intervals, the exact values as
diamonds beside them.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_first()
ax = plots.initiative_first(df)
