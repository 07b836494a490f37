"""
Workbench: two rule sets compared
=================================

:func:`dicestats.plots.compare_differences`: the differences (second minus first, in
percentage points) of each probability, by pool.
"""

from dicestats import plots
from dicestats import storyteller as st
from dicestats import tables as T
from dicestats import workbench as wb

c = wb.compare_storyteller(range(1, 11), 8, st.Rules.preset("revised"), st.Rules.preset("first"))
ax = plots.compare_differences(T.comparison_table(c))
