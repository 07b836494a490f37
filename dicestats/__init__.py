"""dicestats: exact odds and honest Monte Carlo for tabletop dice mechanics.

Subpackages are imported lazily, so ``import dicestats`` stays fast:

>>> import dicestats as ds
>>> ds.Dist.die(6, exact=True).mean()
Fraction(7, 2)
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # (``typing`` itself costs milliseconds: the command starts here)
if TYPE_CHECKING:  # pragma: no cover
    from .core.dist import Dist  # noqa: F401 (for type checkers)

__version__ = "0.1.0"

# Short public paths for the core modules: ``dicestats.markov`` is ``dicestats.core.markov``.
_CORE = ("dist", "markov", "montecarlo")
_NAMES = {"Dist": "core.dist", "InputError": "core.checks", "InputTypeError": "core.checks"}
_NAMES.update(systems="registry", system="registry")

__all__ = [*_NAMES, *_CORE]


def __getattr__(name):
    """The names above, and every subpackage or module (a system, ``plots``, ``sweep``, ...),
    imported on first use."""
    if name in _NAMES:
        return getattr(importlib.import_module(f".{_NAMES[name]}", __name__), name)
    if name in _CORE:
        return importlib.import_module(f".core.{name}", __name__)
    if not name.startswith("_"):
        from importlib.util import find_spec

        if find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'dicestats' has no attribute {name!r}")
