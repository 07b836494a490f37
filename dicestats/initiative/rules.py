"""The readings of the d6 initiative rules, as one frozen value (:class:`Rules`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..core.checks import check_choice, refuse

#: Tie-break readings: set-aside dice count (``"all"``) or only the unspent ones.
TIEBREAKS = ("all", "unspent")
#: Acting-order readings: fixed per value tier (the text), or re-evaluated after every action.
ORDERS = ("tier", "action")
#: How a preparation margin is spent: each participant's own margin on one of its dice
#: (the text), split over its dice, or one margin shared by a whole side.
PIP_RULES = ("one-die", "split", "side-pool")
#: The named holding policies (their behaviour: :mod:`.holding`).
HOLD_POLICIES = ("never", "defend", "reserve", "after-enemy", "always")
#: Who answers an attack.
RESPONSES = ("every", "target", "cover")
#: Which side attacks.
ATTACKERS = ("versus", "both")
#: How an attack made on the attacker's turn with a kept (held) die is answered: at that
#: die's initiative (slow below it), or at equal initiative, as a holder's action.
KEPT_ATTACKS = ("at-die", "equal")

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
    """The readings of the d6 initiative rules in force (immutable), quoted with their
    sources in ``docs/rules/initiative.md``.

    Parameters
    ----------
    tiebreak : {"all", "unspent"}, default "all"
        Among participants with as many dice of the value, the other dice decide, high
        to low, a missing die lowest: every die rolled this round (all, the text:
        «включая отложенные»), or only the unspent ones.
    order : {"tier", "action"}, default "tier"
        When a value is reached, order its holders once, each acting all its dice of the
        value in a row (tier, the text), or re-evaluate after every action.
    pip_rule : {"one-die", "split", "side-pool"}, default "one-die"
        How a preparation margin is spent: each participant's on the one of its own dice
        that then acts earliest (the lowest it brings to 6, else the highest below 6),
        the excess lost (one-die, the text); over its own dice, one pip at a time to the
        highest below 6 (split); or one margin for a whole side (an int) over all the
        side's dice, of two equal dice the one listed first (side-pool).

    Examples
    --------
    >>> Rules(tiebreak="unspent")
    Rules(tiebreak='unspent', order='tier', pip_rule='one-die')
    >>> Rules(order="random")
    Traceback (most recent call last):
    ...
    dicestats.InputError: order must be one of 'tier', 'action', got 'random'
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
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise refuse("rules", "a dicestats.initiative.Rules", rules, kind=True)
    changes = {k: v for k, v in shortcuts.items() if v is not None}
    return rules.replace(**changes) if changes else rules


def parse_words(name: str, text: str, word, allowed: str, sep: str = ","):
    """Each word of ``text`` (apart by ``sep``) read by ``word``, or a refusal naming
    ``name`` that says what is ``allowed``: the text forms of the API's lists.

    >>> parse_words("dice", "6,5/4", lambda w: w.split(","), "dice", sep="/")
    [['6', '5'], ['4']]
    """
    try:
        return [word(w) for w in text.split(sep)]
    except ValueError:
        raise refuse(name, allowed, text) from None
