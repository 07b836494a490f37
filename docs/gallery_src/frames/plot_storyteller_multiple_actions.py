"""
Storyteller: multiple actions
=============================

:func:`dicestats.plots.storyteller_multiple_actions`: each action's chance when the pool is
split (the rule text's Hall: a punch with 7 dice, two dodges with 6).
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_multiple_actions(T.storyteller_multiple_actions((7, 6, 6), 6))
