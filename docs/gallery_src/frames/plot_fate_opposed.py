"""
Fate: opposed rolls
===================

:func:`dicestats.plots.fate_opposed`: the chance of success for each pair of ratings when
both sides roll 4dF.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.fate_opposed(T.fate_opposed(range(0, 6), range(0, 6)))
