"""Sweeps: one question asked of every cell of a parameter grid, as one tidy frame.

A designer's grid question — every swiftness 1–6 against every swiftness 1–6, with
0–3 pips, at 10⁶ rounds a cell — is one call::

    from dicestats.sweep import sweep
    df = sweep("initiative", swiftness=range(1, 7), versus=range(1, 7), pips=range(4),
               trials=10**6, rng=1, out="grid.parquet", workers=2)

or one command, ``dicestats sweep initiative --swiftness 1-6 --vs 1-6 --pips 0-3
--trials 1e6 --seed 1 --out grid.parquet``.

* **Any question** a system declares, by name (``storyteller.extended``; a
  system's name alone is its first question, ``storyteller`` its ``pool``), and
  any in :data:`QUESTIONS` (:func:`register` adds a question of your own). Monte
  Carlo cells get ``trials`` and a seed each; computed ones are simply computed.
* **Same numbers everywhere**: each cell's seed comes from the sweep's seed and
  the cell's parameters (:func:`cell_seed`), and the Monte Carlo engine's batches
  do not depend on who runs them, so ``workers=1``, a process pool and a Dask
  cluster give byte-identical frames and files; adding cells never changes others.
* **Anywhere**: ``workers=N`` local processes, or ``executor=`` any
  :class:`concurrent.futures.Executor` — a Dask cluster's
  ``distributed.Client(...).get_executor()`` (or the ``Client``) included.
* **Nothing lost**: with ``out=`` (Parquet or CSV) finished cells are written as
  they complete, atomically; re-running skips them, so a killed sweep resumes and
  ends with the same file as an uninterrupted one. A failed cell is reported in
  the frame's ``error`` column and retried on the next run.

Modules
-------
``questions``  :class:`Sweepable`, :data:`QUESTIONS`, :func:`register`
``grid``       :class:`Grid` (the cells), :func:`cell_seed`, :data:`LIMITS`
``store``      a result as tidy columns (:func:`flatten`); rows as a frame and as a
               Parquet or CSV file, written atomically
``runner``     :func:`sweep`
``plot``       :func:`heatmaps`: the grid drawn as heatmaps of one quantity

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
