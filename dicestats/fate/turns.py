"""The order of turns in a conflict, by approach rating (no dice: not a question)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import numpy as np

from ..core.checks import check_choice, refuse
from .limits import LIMITS
from .rules import APPROACHES, TIEBREAKS, resolve


def _ratings(participants: Mapping, approach: str, rules) -> tuple[dict, dict]:
    """Each participant's rating in ``approach`` and its other ratings, high to low. With
    the rules' conflicts rated by FAE's approaches, a rating must name one of the six (a
    seventh, a typo's twin, would change the ties' order)."""
    lim = LIMITS["rating"]
    fae = {a for _, a in rules.conflict_approaches} <= set(APPROACHES)
    ratings, others = {}, {}
    for name, v in participants.items():
        if isinstance(v, Mapping):
            lower = {str(k).lower(): lim.check(r, name=f"{name}.{k}") for k, r in v.items()}
            odd = sorted(set(lower) - set(APPROACHES)) if fae else ()
            if odd:
                raise refuse(f"{name}'s approach", "one of " + ", ".join(APPROACHES), odd[0])
            if approach not in lower:
                raise refuse(f"participant {name!r}", f"rated in {approach!r}", sorted(lower))
            ratings[name] = lower[approach]
            others[name] = tuple(
                sorted((r for k, r in lower.items() if k != approach), reverse=True)
            )
        else:
            ratings[name] = lim.check(v, name=f"rating of {name!r}")
            others[name] = ()
    return ratings, others


def turn_order(
    participants: Mapping,
    conflict: str = "physical",
    *,
    tiebreak: str | Callable | None = None,
    npcs: Iterable | None = None,
    rng=None,
    rules=None,
) -> list:
    """The order of turns in a conflict, highest rating first.

    Parameters
    ----------
    participants : mapping
        ``name -> rating`` (an int) or ``name -> {approach: rating}``.
    conflict : str
        A kind of conflict in ``rules.conflict_approaches``: ``"physical"``
        (Quick) or ``"mental"`` (Careful).
    tiebreak : {"given", "name", "approaches", "random"} or callable, optional
        Ties (default ``rules.tiebreak``): keep the given order; alphabetical;
        compare the other approach ratings sorted high to low (then the given
        order); a seeded random order (``rng``); or ``key(name)``, higher first.
    npcs : iterable of names, optional
        The GM's shortcut: all these NPCs act together at the place of the
        best of them (keeping their relative order).
    rng : seed or numpy Generator, for ``tiebreak="random"``.
    rules : Rules, optional

    Examples
    --------
    >>> pcs = {"Ada": {"quick": 2, "careful": 1}, "Bo": {"quick": 3, "careful": 0},
    ...        "Cy": {"quick": 2, "careful": 3}}
    >>> turn_order(pcs, "physical")
    ['Bo', 'Ada', 'Cy']
    >>> turn_order(pcs, "mental")
    ['Cy', 'Ada', 'Bo']
    """
    rules = resolve(rules)
    if not isinstance(participants, Mapping) or not participants:
        want = "a non-empty mapping name -> rating or approaches"
        raise refuse("participants", want, participants, kind=not isinstance(participants, Mapping))
    by_conflict = rules.conflict_approach
    approach = by_conflict[check_choice("conflict", conflict, tuple(by_conflict))]
    names = list(participants)
    ratings, others = _ratings(participants, approach, rules)
    pos = {n: i for i, n in enumerate(names)}
    tiebreak = rules.tiebreak if tiebreak is None else tiebreak
    if callable(tiebreak):
        key2 = {n: tiebreak(n) for n in names}
        order = sorted(names, key=lambda n: key2[n], reverse=True)
        order = sorted(order, key=lambda n: -ratings[n])  # stable: ties keep key order
    else:
        check_choice("tiebreak", tiebreak, TIEBREAKS)
        if tiebreak == "given":
            order = sorted(names, key=lambda n: (-ratings[n], pos[n]))
        elif tiebreak == "name":
            order = sorted(names, key=lambda n: (-ratings[n], str(n)))
        elif tiebreak == "approaches":
            order = sorted(names, key=lambda n: (-ratings[n], tuple(-x for x in others[n]), pos[n]))
        else:
            u = np.random.default_rng(rng).random(len(names))
            order = sorted(names, key=lambda n: (-ratings[n], u[pos[n]]))
    if npcs is None:
        return order
    group = set(npcs)
    unknown = group - set(names)
    if unknown:
        raise refuse("npcs", "names of participants", sorted(map(str, unknown)))
    if not group:
        return order
    first = next(i for i, n in enumerate(order) if n in group)
    grouped = [n for n in order if n in group]
    rest = [n for n in order if n not in group]
    return rest[:first] + grouped + rest[first:]
