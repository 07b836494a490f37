"""Reading charts in tests: the drawn artists, not pixels."""

from __future__ import annotations

from matplotlib.container import BarContainer


def bars(ax):
    """The bar containers of ``ax`` (error-bar containers left out)."""
    return [c for c in ax.containers if isinstance(c, BarContainer)]
