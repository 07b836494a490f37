"""Live odds explorers (``ipywidgets``, in Jupyter or served by ``dicestats explore``):
controls wired to the systems' API, which computes every number shown.

:func:`generic` explores any registered system from its declarations, ``<system>_ui``
configures it for one system, :func:`compare` sets two Storyteller rule sets side by side,
:func:`page` and :func:`serve` (``app``) show them all; ``base`` holds what they share,
``screen`` the canvas that draws their charts on screen (text kept between draws).
Needs the ``explore`` extra (``pip install "dicestats[explore]"``).
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
