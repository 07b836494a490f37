"""Test-wide settings: headless plots, quick Monte Carlo in notebooks, no progress bars,
argparse's messages untranslated."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
# Notebooks read this to shrink their own Monte Carlo sample sizes under test (the library
# never reads it: it takes sizes as parameters).
os.environ.setdefault("DICESTATS_QUICK", "1")
os.environ.setdefault("TQDM_DISABLE", "1")
# The tests compare argparse's messages ("invalid choice", "expected one argument"): in
# English whatever the user's language. (gettext also stops looking for a translation
# file under each of LANG's spellings for every string of every parser: building the
# CLI's parser, which every main() call does, takes a quarter less time.)
os.environ["LANGUAGE"] = "C"
