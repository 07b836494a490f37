"""The printable PDF odds booklet: ``dicestats report``.

:func:`build_report` composes the layers below it (:mod:`dicestats.tables`
gathers the numbers from the system modules, :mod:`dicestats.plots` draws
them) into a PDF made with matplotlib's ``PdfPages``:

* a cover with the contents, then for each system its key tables (drawn as
  table pages, not screenshots) and charts; every page has a title, a
  one-line "how to read this" and a footer with the page number; with both
  Storyteller and Fate, a calibration page (:mod:`.calibration`, the workbench's);
* A4 or US Letter, portrait;
* deterministic: the same inputs give byte-identical files (fixed PDF
  metadata, no dates; Monte Carlo pages use a fixed seed and print it);
* written atomically: a temporary file in the target directory, then
  ``os.replace``; on any error the temporary file is removed and an existing
  booklet is left untouched;
* a ``tqdm.auto`` progress bar (silent without a terminal or with
  ``TQDM_DISABLE=1``).

The Monte Carlo sample size and seed are parameters (``trials=``, ``seed=``);
the cover and the Monte Carlo pages print the ones used.

Examples
--------
>>> from dicestats.report import page_titles
>>> page_titles(["fate"])[:2]
['Contents', 'Fate: the odds of 4dF']
>>> len(page_titles(["fate"])) < len(page_titles())   # default: every system's pages
True

``build_report("reports/dicestats-odds.pdf")`` writes the whole booklet (see
:func:`build_report`).
"""

from __future__ import annotations

from .booklet import *  # noqa: F403
from .booklet import __all__  # noqa: F401
