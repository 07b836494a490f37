"""
Initiative: how slow the answers are
====================================

:func:`dicestats.plots.initiative_slow`: the share of answers by slow scale.
"""

from dicestats import plots
from dicestats import tables as T

df = T.initiative_slow(trials=10_000, rng=1, progress=False)
ax = plots.initiative_slow(df, seed=1, trials=10_000)
