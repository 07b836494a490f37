"""dicestats: exact odds and honest Monte Carlo for tabletop dice mechanics.

Subpackages are imported lazily, so ``import dicestats`` stays fast:

>>> import dicestats as ds
>>> ds.Dist.die(6, exact=True).mean()
Fraction(7, 2)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .core.dist import Dist

__all__ = [
    "Dist",
    "InputError",
    "InputTypeError",
    "systems",
    "system",
    "format",
    "registry",
    "dist",
    "markov",
    "montecarlo",
    "fate",
    "storyteller",
    "initiative",
    "plots",
    "tables",
    "report",
]
__version__ = "0.1.0"

# Short public paths for the core modules: ``dicestats.markov`` is ``dicestats.core.markov``.
_CORE = {"dist", "markov", "montecarlo"}
_LAZY = {
    "core",
    "format",
    "registry",
    "fate",
    "storyteller",
    "initiative",
    "plots",
    "tables",
    "report",
}


def __getattr__(name):
    if name == "Dist":
        from .core.dist import Dist

        return Dist
    if name in ("InputError", "InputTypeError"):
        from .core import checks

        return getattr(checks, name)
    if name in ("systems", "system"):
        from . import registry

        return getattr(registry, name)
    if name in _CORE:
        return importlib.import_module(f".core.{name}", __name__)
    if name in _LAZY:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'dicestats' has no attribute {name!r}")
