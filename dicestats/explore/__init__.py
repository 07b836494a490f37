"""Live odds explorers: controls wired to the systems' API, charts and tables.

Each explorer is a function returning an ``ipywidgets`` widget (in Jupyter,
or served as a web page by ``dicestats explore``): move a control and the
figures, the chart and the table re-draw from the system's own API call. The
explorers compute nothing themselves; every number on show is an answer of a
system's API (:mod:`dicestats.storyteller`, :mod:`dicestats.fate`,
:mod:`dicestats.initiative`, any registered system) or of
:mod:`dicestats.workbench` (the compare explorer), drawn by
:mod:`dicestats.plots` and tabulated by :mod:`dicestats.tables`. Each shows
its state as the equivalent CLI command and Python call, exports the chart
(PNG/SVG) and the table (CSV), and shows a refused state as its one-line
error instead of raising.

A system has its own explorer when this package has a module
``<system>_ui`` defining ``<system>()``; any other registered system is
explored by :func:`generic`, whose controls come from the system's question
declarations. :func:`page` shows every registered system, then Compare.

Modules (each owns one job):

==================  ==========================================================
``base``            :class:`Explorer`, :class:`Panel` (what an explorer shows
                    for one state): layout, error line, commands, exports
``generic_ui``      :func:`generic`: any system's declared questions, a control
                    per parameter from the declarations, the answer as the
                    result's view (what the command line prints)
``storyteller_ui``  :func:`storyteller`: a d10 pool, every rule flag, extended
                    actions
``fate_ui``         :func:`fate`: outcome bands, the optimal invoke plan, contests
``initiative_ui``   :func:`initiative`: Monte Carlo in the background, a quick
                    estimate first
``compare_ui``      :func:`compare`: two Storyteller rule sets or pools side by side
                    (:func:`dicestats.workbench.compare_storyteller`)
``app``             :func:`page` (every registered system's explorer and Compare,
                    in tabs), :func:`serve` (Voilà on localhost), behind
                    ``dicestats explore``
==================  ==========================================================

Needs the ``explore`` extra (``pip install "dicestats[explore]"``: ipywidgets
and Voilà).
"""

from __future__ import annotations

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__,
    {
        "base": ("Explorer", "Panel"),
        "generic_ui": ("GenericExplorer", "generic"),
        "storyteller_ui": ("StorytellerExplorer", "storyteller"),
        "fate_ui": ("FateExplorer", "fate"),
        "initiative_ui": ("InitiativeExplorer", "initiative"),
        "compare_ui": ("CompareExplorer", "compare"),
        "app": ("page", "explorer", "serve"),
    },
)
