"""Holding a die («выжидать») as a policy: when to keep a die, when to use a kept one.

The named policies (:data:`HOLD_POLICIES`) and how the round engine plays them:
``docs/rules/initiative.md`` (Holding); your own: subclass :class:`HoldPolicy`.

Examples
--------
>>> import numpy as np
>>> no, yes = np.array([False, False]), np.array([False, True])
>>> v = HoldView(0, 0, np.array([5, 3]), np.zeros((2, 7), int), np.zeros((2, 7), int),
...          yes, yes, no, no)
>>> hold_policy("after-enemy").hold(v).tolist()
[True, False]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.checks import check_choice, refuse
from .rules import HOLD_POLICIES


@dataclass(frozen=True)
class HoldView:
    """What one participant sees when it decides, for many rounds at once.

    Attributes
    ----------
    participant : int
        Its number (first side first: A1 is 0).
    side : int
        Its side: 0 (``swiftness``) or 1 (``versus``).
    value : ndarray of int, shape (rounds,)
        ``hold``: the die about to act. ``use``: its highest held die.
    dice : ndarray of int, shape (rounds, 7)
        Its unheld, unspent dice as face counts (``dice[:, f]``: dice showing f;
        column 0 is unused).
    held : ndarray of int, shape (rounds, 7)
        Its held dice, as face counts.
    enemy_acted : ndarray of bool, shape (rounds,)
        Some participant of the other side has acted this round.
    anyone_acted : ndarray of bool, shape (rounds,)
        Someone has acted this round.
    end : ndarray of bool, shape (rounds,)
        No unheld die is left in the round: the last moment to use a held die.
    has_held : ndarray of bool, shape (rounds,)
        It has held a die this round (still held, or already used).
    """

    participant: int
    side: int
    value: np.ndarray
    dice: np.ndarray
    held: np.ndarray
    enemy_acted: np.ndarray
    anyone_acted: np.ndarray
    end: np.ndarray
    has_held: np.ndarray

    def __len__(self) -> int:
        return len(self.value)


class HoldPolicy:
    """A holding policy: subclass it and override :meth:`hold` and :meth:`use`.

    The base class never holds (``"never"``). Both methods take a :class:`HoldView`
    and return a bool array with one entry per round.

    The named policies are read as masks over a whole batch by the fast Monte Carlo
    (:class:`~.vector.VectorEngine`); a policy of your own cannot be read that way, so a
    question in which anyone holds by one is played by the general round engine
    (:class:`~.engine.Engine`), a view built and a call made per participant at every
    step: the same rules, several times slower by Monte Carlo.

    Examples
    --------
    Give your policy a ``name`` of its own (results and text output show it).

    >>> class HoldSixes(HoldPolicy):
    ...     name = "hold-sixes"
    ...     def hold(self, view):
    ...         return view.value == 6          # keep a 6 for later
    ...     def use(self, view):
    ...         return view.enemy_acted | view.end
    >>> hold_policy(HoldSixes()).name
    'hold-sixes'
    """

    name = "never"

    def hold(self, view: HoldView) -> np.ndarray:
        """Keep the die ``view.value`` instead of acting with it now?"""
        return np.zeros(len(view), dtype=bool)

    def use(self, view: HoldView) -> np.ndarray:
        """Act now with the highest held die ``view.value``?"""
        return np.ones(len(view), dtype=bool)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class _Defend(HoldPolicy):
    """Keep the die of its first turn (its highest) to answer an attack; act with the rest;
    use the kept die at the round's end. (An attack sets aside the attacker's highest
    die: with a die kept, its first attack spends the kept one.)"""

    name = "defend"

    def hold(self, view):
        return ~view.has_held  # its first turn only

    def use(self, view):
        return view.end


class _Reserve(HoldPolicy):
    """Keep a die in reserve: hold the die about to act whenever none is held (so after
    its kept die answers an attack, or an attack spends it, the next is kept); use the
    kept die at the round's end."""

    name = "reserve"

    def hold(self, view):
        return view.held[:, 1:].sum(axis=1) == 0

    def use(self, view):
        return view.end


class _AfterEnemy(HoldPolicy):
    """Hold until an enemy has acted, then act at once (the held dice lapse if none does)."""

    name = "after-enemy"

    def hold(self, view):
        return ~view.enemy_acted

    def use(self, view):
        return view.enemy_acted.copy()


class _Always(HoldPolicy):
    """Hold every die, only to answer attacks (everyone holding: nobody acts)."""

    name = "always"

    def hold(self, view):
        return np.ones(len(view), dtype=bool)

    def use(self, view):
        return np.zeros(len(view), dtype=bool)


_NAMED = {p.name: p() for p in (HoldPolicy, _Defend, _Reserve, _AfterEnemy, _Always)}
assert tuple(_NAMED) == HOLD_POLICIES  # the names the CLI offers without importing numpy


def hold_policy(policy, name: str = "hold"):
    """A policy object from a name of :data:`HOLD_POLICIES` or a user's policy object.

    Examples
    --------
    >>> hold_policy("defend").name
    'defend'
    """
    if isinstance(policy, str):
        check_choice(name, policy, HOLD_POLICIES)
        return _NAMED[policy]
    if not (callable(getattr(policy, "hold", None)) and callable(getattr(policy, "use", None))):
        raise refuse(
            name,
            f"a policy name ({', '.join(HOLD_POLICIES)}) or an object with hold(view) and "
            "use(view) methods (a HoldPolicy)",
            policy,
            kind=True,
        )
    label = getattr(policy, "name", None)
    if not isinstance(label, str) or not label:
        raise refuse(f"{name}.name", "a non-empty string naming the policy", label, kind=True)
    if label in _NAMED and policy is not _NAMED[label]:
        raise refuse(
            f"{name}.name",
            f"a name of your own, not one of the named policies ({', '.join(HOLD_POLICIES)})",
            label,
            instead="set the class attribute name",
        )
    return policy


def is_never(policy) -> bool:
    """Whether ``policy`` is the named ``"never"`` (the order as rolled, no policy calls)."""
    return policy is _NAMED["never"]


def hold_policies(name: str, value, n: int) -> tuple:
    """One policy per participant of a side of ``n``: one for all, or a list of ``n`` (or
    their names in one text, ``"defend,never"``)."""
    if isinstance(value, str) and "," in value:
        value = [v.strip() for v in value.split(",")]
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise refuse(name, f"one policy for the side or one per participant ({n})", value)
        return tuple(hold_policy(v, f"{name}[{i}]") for i, v in enumerate(value))
    return (hold_policy(value, name),) * n


def call_policy(policy, method: str, view: HoldView) -> np.ndarray:
    """``policy.<method>(view)``, checked: a bool array with one entry per round."""
    arr = np.asarray(getattr(policy, method)(view))
    if arr.shape != (len(view),) or arr.dtype != bool:
        raise refuse(
            f"{policy.name}.{method}(view)",
            f"a bool array with one entry per round (shape ({len(view)},))",
            f"{arr.dtype} array of shape {arr.shape}",
        )
    return arr
