"""
Workbench: what a change is worth
=================================

:func:`dicestats.plots.worth_scale`: the chance at each integer step of the currency, the
target, and the worth read between them (here the 10-again rule in dice).
"""

from dicestats import plots
from dicestats import tables as T
from dicestats import workbench as wb

w = wb.rule_worth(5, 8, change="ten_again")
ax = plots.worth_scale(T.worth_table(w), w)
