"""
Storyteller: where one more die is worse
========================================

:func:`dicestats.plots.storyteller_anomalies`: the botch chance by pool size, one line per
difficulty, the pools where one more die raises it highlighted.
"""

from dicestats import plots
from dicestats import tables as T

odds = T.storyteller_odds(range(1, 16), range(6, 11))
anomalies = T.storyteller_anomalies(dice=range(1, 16), difficulties=range(6, 11))
ax = plots.storyteller_anomalies(odds, anomalies)
