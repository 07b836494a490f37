"""
Storyteller: rule sets side by side
===================================

:func:`dicestats.plots.storyteller_by_rules`: one line per rule set; here the botch chance
under the first and revised editions.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_by_rules(T.storyteller_editions(range(1, 11), 6), y="p_botch")
