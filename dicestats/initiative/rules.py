"""The rule variants of the d6 initiative system, as one frozen value.

The source (a Russian-language d6 initiative rulebook) leaves three points open;
each reading the code implements is a field of :class:`Rules`, and every
function of :mod:`dicestats.initiative` takes ``rules=`` (plus the shortcuts
``tiebreak=``, ``order=``, ``pip_policy=``, which override one field). The
readings, their sources and their defaults are in ``docs/rules/initiative.md``.

Examples
--------
>>> Rules()
Rules(tiebreak='all', order='action', pip_policy='highest')
>>> Rules().replace(order="tier").order
'tier'
>>> Rules(order="random")
Traceback (most recent call last):
...
dicestats.InputError: order must be one of 'action', 'tier', got 'random'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..core.checks import check_choice, refuse

__all__ = ["Rules", "TIEBREAKS", "ORDERS", "PIP_POLICIES", "rules_with"]

#: Tie-break readings: set-aside dice count (``"all"``) or only the unspent ones.
TIEBREAKS = ("all", "unspent")
#: Acting-order readings: re-evaluated after every action, or fixed per value tier.
ORDERS = ("action", "tier")
#: How preparation pips are spent: the highest die below 6 first, or all on one die.
PIP_POLICIES = ("highest", "single")


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
    order : {"action", "tier"}, default "action"
        ``"action"``: the order is re-evaluated after every single action;
        ``"tier"``: when a value is reached, its holders are ordered once and
        each spends all its dice of that value in a row.
    pip_policy : {"highest", "single"}, default "highest"
        ``"highest"``: one pip at a time to the highest die below 6 (the same
        as filling the dice closest to 6 first); ``"single"``: every pip on one
        die, the lowest die the pips bring to 6, else the highest die below 6.

    Examples
    --------
    >>> Rules(tiebreak="unspent").tiebreak
    'unspent'
    """

    tiebreak: str = "all"
    order: str = "action"
    pip_policy: str = "highest"

    def __post_init__(self):
        check_choice("tiebreak", self.tiebreak, TIEBREAKS)
        check_choice("order", self.order, ORDERS)
        check_choice("pip_policy", self.pip_policy, PIP_POLICIES)

    def replace(self, **changes) -> Rules:
        """A copy with some readings changed (validated again).

        >>> Rules().replace(pip_policy="single").pip_policy
        'single'
        """
        return dataclasses.replace(self, **changes)


def rules_with(rules=None, **shortcuts) -> Rules:
    """``rules`` (default :class:`Rules()`) with the shortcut keywords that are not None.

    The API's ``tiebreak=``, ``order=`` and ``pip_policy=`` keywords are
    shortcuts for one field of ``rules=``.

    Examples
    --------
    >>> rules_with(None, order="tier", tiebreak=None)
    Rules(tiebreak='all', order='tier', pip_policy='highest')
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
