"""
Workbench: calibration
======================

:func:`dicestats.plots.calibration_chart`: the dice each difficulty needs to reach each
level of success.
"""

from dicestats import plots
from dicestats import workbench as wb

ax = plots.calibration_chart(wb.storyteller_calibration())
