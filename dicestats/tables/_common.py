"""Helpers shared by the table builders (no system knowledge)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from ..core.checks import check_int_list, refuse
from ..core.progress import progress_bar


def _num(x):
    """Exact Fractions stay Fractions; everything else becomes a float."""
    return x if isinstance(x, Fraction) else float(x)


def _streams(rng, n):
    """One independent seed per scenario, derived from ``rng`` (a seed or a Generator)."""
    from ..core.montecarlo import seed_sequence

    return seed_sequence(rng).spawn(n)


def _each(items, rng, progress, desc, run):
    """``(item, run(item, seed))`` for each item, each on its own child stream of ``rng``,
    under one progress bar."""
    seeds = _streams(rng, len(items))
    bar = progress_bar(len(items), progress=progress, desc=desc, unit="scenario")
    try:
        for item, seed in zip(items, seeds, strict=True):
            out = run(item, seed)
            bar.update()
            yield item, out
    finally:
        bar.close()


def _listed(name, values, what, *, one=str):
    """``values`` as a non-empty list, refused in one line naming ``name`` otherwise.

    A string, a mapping or a non-iterable is no list (``True`` is not a list of
    presets); a single ``one`` value (a name) is a list of one.

    >>> _listed("presets", "v20", "preset names")
    ['v20']
    >>> _listed("presets", (), "preset names")
    Traceback (most recent call last):
    ...
    dicestats.InputError: presets must be a sequence of preset names (at least one), got []
    """
    if one is not None and isinstance(values, one):
        return [values]
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise refuse(name, f"a sequence of {what}", values, kind=True)
    out = list(values)
    if not out:
        raise refuse(name, f"a sequence of {what} (at least one)", out)
    return out


def _entry(name, value, sizes, what) -> tuple:
    """``value`` as a tuple of one of the lengths ``sizes`` (a list's entry), or refused.

    >>> _entry("scenarios[0]", ("1 vs 1", [1]), (3,), "(label, swiftness, versus)")
    Traceback (most recent call last):
    ...
    dicestats.InputError: scenarios[0] must be a (label, swiftness, versus) entry, \
got ('1 vs 1', [1])
    """
    seq = isinstance(value, Sequence) and not isinstance(value, (str, bytes))
    if not seq or len(value) not in sizes:
        raise refuse(name, f"a {what} entry", value, kind=not seq)
    return tuple(value)


def _sides(name, a, b, names=("swiftness", "versus")) -> tuple[list[int], list[int]]:
    """An entry's two sides as lists of integers (their ranges are checked by the call)."""
    pairs = zip(names, (a, b), strict=True)
    return tuple(check_int_list(f"{name} {side}", s, min_len=0) for side, s in pairs)
