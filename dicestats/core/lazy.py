"""Packages whose public names are imported on first use (PEP 562).

A package re-exports names from its rooms (``dicestats.fate.pool`` lives in
``dicestats.fate.questions``). Importing every room up front would import numpy
and the engines for ``dicestats --help``: the package's module ``__getattr__``
imports a room only when one of its names is first used, and caches the name on
the package.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Mapping

__all__ = ["lazy_package", "submodule_exports", "numpy_types"]


def lazy_package(package: str, rooms: Mapping[str, tuple]):
    """``(__getattr__, __dir__, __all__)`` of ``package``, whose public names are listed once.

    ``rooms`` maps each room (a submodule) to the public names it defines, in the order
    ``__all__`` shows them (``{"questions": ("pool", "extended"), "rules": ("Rules",)}``).
    A public name may not be the name of a room: importing that room would set the
    package attribute to the module, hiding the name.

    Examples
    --------
    >>> from dicestats import storyteller
    >>> storyteller.__all__[0], storyteller.pool.__name__, "Rules" in dir(storyteller)
    ('pool', 'pool', True)
    """
    exports = {name: room for room, names in rooms.items() for name in names}
    clash = sorted(
        set(exports) & {m.name for m in pkgutil.iter_modules(sys.modules[package].__path__)}
    )
    if clash:
        raise ImportError(f"{package}: public names that are also module names: {clash}")

    def __getattr__(name: str):
        room = exports.get(name)
        if room is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{room}"), name)
        setattr(sys.modules[package], name, value)  # the next look-up is a plain attribute
        return value

    def __dir__():
        return sorted(set(exports) | set(vars(sys.modules[package])))

    return __getattr__, __dir__, list(exports)


def submodule_exports(package: str, own: Mapping[str, object] | None = None):
    """``__getattr__`` of a package whose names are its public submodules' ``__all__``.

    Every module of ``package`` whose name has no leading underscore re-exports its
    ``__all__`` (imported on the first look-up of a name, or of ``__all__``): a module
    added to the package (``plots/<system>.py``) is there with nothing listed by hand.
    ``own`` holds names defined by the package itself, first in ``__all__``.

    Examples
    --------
    >>> from dicestats import tables
    >>> tables.fate_outcomes.__module__, "storyteller_odds" in tables.__all__
    ('dicestats.tables.fate', True)
    """
    own = dict(own or {})
    found: dict[str, str] = {}

    def index() -> dict[str, str]:
        if not found:
            for m in sorted(
                pkgutil.iter_modules(sys.modules[package].__path__), key=lambda m: m.name
            ):
                if not m.name.startswith("_"):
                    module = importlib.import_module(f"{package}.{m.name}")
                    for name in getattr(module, "__all__", ()):
                        found.setdefault(name, module.__name__)
        return found

    def __getattr__(name: str):
        if name == "__all__":
            return [*own, *index()]
        if name in own:
            return own[name]
        module = index().get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(sys.modules[module], name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def numpy_types(*names: str) -> tuple:
    """The numpy types called ``names`` if numpy is imported, else ``()``.

    A value can be a numpy scalar or array only once numpy is imported, so code
    that merely checks for them need not import numpy itself.

    Examples
    --------
    >>> import numpy as np
    >>> numpy_types("generic", "ndarray") == (np.generic, np.ndarray)
    True
    """
    np = sys.modules.get("numpy")
    return tuple(getattr(np, n) for n in names) if np is not None else ()
