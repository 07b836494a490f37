"""
Fate: contests by rating gap
============================

:func:`dicestats.plots.fate_contest`: the chance to win a contest (first to 3 victories)
by the gap between the ratings.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.fate_contest(T.fate_contest(range(-4, 5)))
