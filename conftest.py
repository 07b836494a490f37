"""Test-wide settings: headless plots, quick Monte Carlo in notebooks, no progress bars."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
# Notebooks read this to shrink their own Monte Carlo sample sizes under test (the library
# never reads it: it takes sizes as parameters).
os.environ.setdefault("DICESTATS_QUICK", "1")
os.environ.setdefault("TQDM_DISABLE", "1")
