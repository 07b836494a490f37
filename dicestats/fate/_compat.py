"""Old keyword spellings kept for one release, each with a DeprecationWarning."""

from __future__ import annotations

import warnings

from ..core.checks import refuse

#: Old keyword → new keyword, across the Fate API.
RENAMED = {
    "opposed": "versus",
    "opposed_dice": "versus_dice",
    "target": "total",
    "tie": "tie_rule",
    "style_margin": "style_shifts",
}


def renamed(where: str, old: dict, **new):
    """Fold deprecated keywords ``old`` into the new ones ``new`` (returned in order).

    Each old keyword warns once per call; giving a value under both spellings
    is refused; an unknown keyword is a ``TypeError`` as Python would raise.
    """
    for key, value in old.items():
        if key not in RENAMED or RENAMED[key] not in new:
            raise TypeError(f"{where}() got an unexpected keyword argument {key!r}")
        name = RENAMED[key]
        warnings.warn(
            f"{where}({key}=...) is deprecated and goes in the next release; use {name}=",
            DeprecationWarning,
            stacklevel=3,
        )
        if new[name] is not None:
            raise refuse(name, f"given once (not also as {key})", value)
        new[name] = value
    values = tuple(new.values())
    return values if len(values) > 1 else values[0]
