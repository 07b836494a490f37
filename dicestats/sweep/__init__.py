"""Sweeps: one question asked of every cell of a parameter grid, as one tidy frame.

:func:`sweep` (``dicestats sweep`` on the command line) asks any declared question
(:data:`QUESTIONS`; :func:`register` adds one of your own) of every cell, with each
cell's own seed (:func:`cell_seed`): the same frame and file bytes whatever runs it
(``workers=``, ``executor=``, a Dask cluster), and an ``out=`` file that a killed
sweep resumes. The README's "Sweeps" section shows what it is for; the options are
:func:`sweep`'s; :func:`heatmaps` draws a frame.

Examples
--------
>>> from dicestats.sweep import sweep
>>> df = sweep("storyteller", dice=range(1, 4), difficulty=[6, 8])
>>> df[["dice", "difficulty", "p_success"]].round(4).head(3)
   dice  difficulty  p_success
0     1           6       0.50
1     1           8       0.30
2     2           6       0.65
"""

from __future__ import annotations

from ..core.lazy import lazy_package

# Imported on first use (PEP 562): the CLI lists the questions without numpy or pandas.
__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "runner": ("sweep",),
        "questions": ("Sweepable", "QUESTIONS", "question", "register"),
        "grid": ("cell_seed", "Grid", "LIMITS"),
        "store": ("flatten",),
        "plot": ("heatmaps",),
    },
)
