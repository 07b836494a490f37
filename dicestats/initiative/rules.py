"""The rule variants of the d6 initiative system, as one frozen value.

The source (a Russian-language d6 initiative rulebook) leaves some points
open; each reading the code implements is a field of :class:`Rules`, and every
function of :mod:`dicestats.initiative` takes ``rules=`` (plus the shortcuts
``tiebreak=``, ``order=``, ``pip_rule=``, which override one field). The
readings, their sources and their defaults are in ``docs/rules/initiative.md``.

Examples
--------
>>> Rules()
Rules(tiebreak='all', order='tier', pip_rule='one-die')
>>> Rules().replace(order="action").order
'action'
>>> Rules(order="random")
Traceback (most recent call last):
...
dicestats.InputError: order must be one of 'tier', 'action', got 'random'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..core.checks import check_choice, refuse

__all__ = ["Rules", "TIEBREAKS", "ORDERS", "PIP_RULES", "rules_with"]

#: Tie-break readings: set-aside dice count (``"all"``) or only the unspent ones.
TIEBREAKS = ("all", "unspent")
#: Acting-order readings: fixed per value tier (the text), or re-evaluated after every action.
ORDERS = ("tier", "action")
#: How a preparation margin is spent: each participant's own margin on one of its dice
#: (the text), split over its dice, or one margin shared by a whole side.
PIP_RULES = ("one-die", "split", "side-pool")
#: The named holding policies (their behaviour: :mod:`.holding`).
HOLD_POLICIES = ("never", "defend", "after-enemy", "always")
#: Who answers an attack.
RESPONSES = ("every", "target", "cover")
#: Which side attacks.
ATTACKERS = ("versus", "both")

_ORDER_TEXT = {
    "tier": "tier order (each acts all its dice of a value in a row)",
    "action": "order re-evaluated after every action",
}
_TIEBREAK_TEXT = {"all": "set-aside dice count in ties", "unspent": "only unspent dice in ties"}
_PIP_TEXT = {
    "one-die": "a margin on one die",
    "split": "a margin split over dice",
    "side-pool": "one margin per side",
}


@dataclass(frozen=True)
class Rules:
    """The readings of the d6 initiative rules in force (immutable).

    Parameters
    ----------
    tiebreak : {"all", "unspent"}, default "all"
        Between participants holding the same value with as many dice of it,
        their other dice decide, compared high to low (a missing die ranks
        lowest): ``"all"`` counts the dice already set aside this round (the
        text: «включая отложенные»), ``"unspent"`` only those still unspent.
    order : {"tier", "action"}, default "tier"
        ``"tier"`` (the text: «Далее действуют все, у кого есть шестёрки, в
        порядке убывания их количества» and «он вправе заявить несколько
        действий подряд»): when a value is reached, its holders are ordered
        once and each acts with all its dice of that value in a row.
        ``"action"``: the order is re-evaluated after every single action (the
        reading this project first used).
    pip_rule : {"one-die", "split", "side-pool"}, default "one-die"
        How preparation margins are spent (``pips=``). ``"one-die"`` (the
        text: «на любом из кубиков инициативы (максимум до 6!)»): each
        participant has its own margin, added to ONE of its own dice after
        seeing them, capped at 6, the excess lost; the die is the one that
        acts earliest after the raise: the lowest die the margin brings to 6,
        else the highest die below 6. ``"split"``: each participant's margin
        spread over its own dice, one pip at a time to its highest die below
        6. ``"side-pool"``: one margin for a whole side (an int), spread over
        all the side's dice the same way; of two equal dice the one listed
        first gets the pip.

    Examples
    --------
    >>> Rules(tiebreak="unspent").tiebreak
    'unspent'
    """

    tiebreak: str = "all"
    order: str = "tier"
    pip_rule: str = "one-die"

    def __post_init__(self):
        check_choice("tiebreak", self.tiebreak, TIEBREAKS)
        check_choice("order", self.order, ORDERS)
        check_choice("pip_rule", self.pip_rule, PIP_RULES)

    def describe(self, pips: bool = True) -> str:
        """The readings in words (without the margins' with ``pips=False``).

        >>> Rules().describe()
        'tier order (each acts all its dice of a value in a row); set-aside dice count in \
ties; a margin on one die (one-die)'
        """
        words = [_ORDER_TEXT[self.order], _TIEBREAK_TEXT[self.tiebreak]]
        if pips:
            words.append(f"{_PIP_TEXT[self.pip_rule]} ({self.pip_rule})")
        return "; ".join(words)

    def replace(self, **changes) -> Rules:
        """A copy with some readings changed (validated again).

        >>> Rules().replace(pip_rule="split").pip_rule
        'split'
        """
        return dataclasses.replace(self, **changes)


def rules_with(rules=None, **shortcuts) -> Rules:
    """``rules`` (default :class:`Rules()`) with the shortcut keywords that are not None.

    The API's ``tiebreak=``, ``order=`` and ``pip_rule=`` keywords are
    shortcuts for one field of ``rules=``.

    Examples
    --------
    >>> rules_with(None, order="action", tiebreak=None)
    Rules(tiebreak='all', order='action', pip_rule='one-die')
    >>> rules_with("tier")
    Traceback (most recent call last):
    ...
    dicestats.InputTypeError: rules must be a dicestats.initiative.Rules, got 'tier' (str)
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise refuse("rules", "a dicestats.initiative.Rules", rules, kind=True)
    changes = {k: v for k, v in shortcuts.items() if v is not None}
    return rules.replace(**changes) if changes else rules
