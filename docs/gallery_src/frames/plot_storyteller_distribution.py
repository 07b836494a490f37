"""
Storyteller: a distribution of net successes
============================================

:func:`dicestats.plots.storyteller_distribution`: labelled bars, several distributions side
by side (here 4 and 6 dice at difficulty 6).
"""

from dicestats import plots, storyteller
from dicestats import tables as T

dists = {f"{n} dice": storyteller.pool(n, 6).net for n in (4, 6)}
ax = plots.storyteller_distribution(T.storyteller_distribution(dists))
