"""
Workbench: what each invoke adds
================================

:func:`dicestats.plots.marginal_chart`: what the k-th invoke adds in shifts (bars) and what
k of them are worth together (a line), from :func:`dicestats.workbench.marginal_worth`
(Fair against Good, two invokes: ``dicestats worth invoke --marginal``).
"""

from dicestats import plots
from dicestats import workbench as wb

ax = plots.marginal_chart(wb.marginal_worth("invoke", 2, bonus=2, difficulty=3))
