"""Holding a die («выжидать») as a policy: when to keep a die, when to use a kept one.

«Если участник битвы, до которого дошла очередь, не хочет действовать прямо сейчас, он
вправе не откладывать кубик инициативы, а сохранить его на потом. Выжидающий … вправе в
любой момент заявить действие атаки или защиты. Чтобы предпринять его, придётся отложить
кубик инициативы с максимальным имеющимся значением.» Holding is a choice, so the
toolkit asks a **policy**. A policy answers two questions, each for many rounds at once
(every field of the :class:`View` is an array with one entry per round):

* ``hold(view)``: at its turn, with a die of ``view.value`` about to act, does the
  participant keep the die instead of acting? (``True`` keeps it.)
* ``use(view)``: at a moment between two actions (never inside an attack already
  declared), does a participant holding dice act now, setting aside its highest die
  ``view.value``? ``view.end`` marks the last moment: no unheld die is left in the
  round, and a held die not used then is lost.

A held die also answers attacks: the response rules (``respond=`` of
:func:`~dicestats.initiative.defence`) spend a responder's highest die, held or not.

Named policies (:data:`HOLD_POLICIES`):

``"never"``
    Never hold (the acting order as rolled).
``"defend"``
    Keep the first die (its highest) for a defence of itself or a companion; act with
    the rest; use the kept die at the round's end if no attack needed it.
``"after-enemy"``
    Hold until the first enemy action of the round, then act at once (held dice first,
    highest first). If no enemy ever acts, the held dice are lost.
``"always"``
    Hold every die and never act with one (held dice only answer attacks). If everyone
    does so, nobody acts: everyone goes on edge and nobody may hold next round.

Your own: subclass :class:`HoldPolicy` (or pass any object with ``hold`` and ``use``
methods and a ``name``), written with numpy operations on the view's arrays.

Examples
--------
>>> import numpy as np
>>> v = View(0, 0, np.array([5, 3]), np.zeros((2, 7), int), np.zeros((2, 7), int),
...          np.array([False, True]), np.array([False, True]), np.array([False, False]))
>>> hold_policy("after-enemy").hold(v).tolist()
[True, False]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.checks import check_choice, refuse
from .rules import HOLD_POLICIES

__all__ = [
    "View",
    "HoldPolicy",
    "HOLD_POLICIES",
    "hold_policy",
    "hold_policies",
    "call_policy",
    "is_never",
]


@dataclass(frozen=True)
class View:
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
    """

    participant: int
    side: int
    value: np.ndarray
    dice: np.ndarray
    held: np.ndarray
    enemy_acted: np.ndarray
    anyone_acted: np.ndarray
    end: np.ndarray

    def __len__(self) -> int:
        return len(self.value)


class HoldPolicy:
    """A holding policy: subclass it and override :meth:`hold` and :meth:`use`.

    The base class never holds (``"never"``). Both methods take a :class:`View`
    and return a bool array with one entry per round.

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

    def hold(self, view: View) -> np.ndarray:
        """Keep the die ``view.value`` instead of acting with it now?"""
        return np.zeros(len(view), dtype=bool)

    def use(self, view: View) -> np.ndarray:
        """Act now with the highest held die ``view.value``?"""
        return np.ones(len(view), dtype=bool)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class _Never(HoldPolicy):
    name = "never"


class _Defend(HoldPolicy):
    name = "defend"

    def hold(self, view):
        return view.held[:, 1:].sum(axis=1) == 0  # keep one die: the first, the highest

    def use(self, view):
        return view.end


class _AfterEnemy(HoldPolicy):
    name = "after-enemy"

    def hold(self, view):
        return ~view.enemy_acted

    def use(self, view):
        return view.enemy_acted.copy()


class _Always(HoldPolicy):
    name = "always"

    def hold(self, view):
        return np.ones(len(view), dtype=bool)

    def use(self, view):
        return np.zeros(len(view), dtype=bool)


_NAMED = {p.name: p() for p in (_Never, _Defend, _AfterEnemy, _Always)}
assert tuple(_NAMED) == HOLD_POLICIES  # the names the CLI offers without importing numpy


def hold_policy(policy, name: str = "hold"):
    """A policy object from a name of :data:`HOLD_POLICIES` or a user's policy object.

    Examples
    --------
    >>> hold_policy("defend").name
    'defend'
    >>> hold_policy("wait")
    Traceback (most recent call last):
    ...
    dicestats.InputError: hold must be one of 'never', 'defend', 'after-enemy', 'always', \
got 'wait'
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


def call_policy(policy, method: str, view: View) -> np.ndarray:
    """``policy.<method>(view)``, checked: a bool array with one entry per round."""
    out = getattr(policy, method)(view)
    arr = np.asarray(out)
    if arr.shape != (len(view),) or arr.dtype != bool:
        raise refuse(
            f"{policy.name}.{method}(view)",
            f"a bool array with one entry per round (shape ({len(view)},))",
            f"{arr.dtype} array of shape {arr.shape}",
        )
    return arr
