"""
Fate: outcome bands by difficulty
=================================

:func:`dicestats.plots.fate_outcomes` stacks fail / tie / success / success with style for
each difficulty, from :func:`dicestats.tables.fate_outcomes`.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.fate_outcomes(T.fate_outcomes(2, range(-1, 7)), rating=2)
