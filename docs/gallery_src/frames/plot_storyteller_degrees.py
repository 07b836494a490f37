"""
Storyteller: degrees of success
===============================

:func:`dicestats.plots.storyteller_degrees`: marginal to phenomenal, stacked, per pool size.
"""

from dicestats import plots
from dicestats import tables as T

ax = plots.storyteller_degrees(T.storyteller_degrees(6, range(1, 11)))
