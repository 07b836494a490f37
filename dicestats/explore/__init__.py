"""Live odds explorers: controls wired to the systems' API, charts and tables.

Each explorer is an ``ipywidgets`` widget (in Jupyter, or served as a web page by
``dicestats explore``): move a control and the figures, the chart and the table
re-draw from a system's own API call (the explorers compute nothing themselves).
Each shows its state as the equivalent command and Python call, exports the chart
(PNG/SVG) and the table (CSV), and shows a refused state as its one-line error.

:func:`generic` explores any registered system from its question declarations
(``generic_ui``); a system's own explorer, ``<system>_ui.<system>()``, configures it
(:func:`storyteller`, :func:`fate`, :func:`initiative`); :func:`compare` sets two
Storyteller rule sets side by side; :func:`page` shows them all in tabs and
:func:`serve` serves that page (``app``); ``base`` holds what they share. Needs the
``explore`` extra (``pip install "dicestats[explore]"``: ipywidgets and Voilà).
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
