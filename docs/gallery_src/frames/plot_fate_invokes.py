"""
Fate: invoke policies
=====================

:func:`dicestats.plots.fate_invokes`: the chance of success with one invoke, for each
policy (+2, reroll, the optimal choice, never), by difficulty.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.fate_invokes(T.fate_invokes(2, range(0, 8), invokes=1))
