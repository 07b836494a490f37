"""Test-wide settings: headless plots, quick Monte Carlo in notebooks, no progress bars."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
# Notebooks and the report read this to shrink Monte Carlo sample sizes under test.
os.environ.setdefault("DICESTATS_QUICK", "1")
os.environ.setdefault("TQDM_DISABLE", "1")
