"""The results of the d6 initiative system: frozen dataclasses derived from ``Result``.

One class per question, whichever way it is answered: :class:`RoundOdds` holds
Fractions (``exact=True``), floats (``exact=False``) or
:class:`~dicestats.core.results.Estimate` objects (Monte Carlo, ``trials`` set)
in the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.results import Result
from .rules import Rules

__all__ = ["Action", "RoundOrder", "OrderOdds", "RoundOdds"]


@dataclass(frozen=True)
class Action(Result):
    """One action of a round: who acts, on which side, with which die value.

    Unpacks like a tuple: ``participant, side, value = action``.
    """

    participant: int
    side: int
    value: int

    def __iter__(self):
        return iter((self.participant, self.side, self.value))


@dataclass(frozen=True)
class RoundOrder(Result):
    """The acting sequence of one concrete round (iterates over its :class:`Action` s).

    Attributes
    ----------
    dice : tuple of tuple of int
        Each participant's dice.
    actions : tuple of Action
        One per die, in acting order.
    rules : Rules
        The readings in force.
    """

    dice: tuple
    actions: tuple
    rules: Rules

    @property
    def participants(self) -> tuple[int, ...]:
        """Who acts at each position."""
        return tuple(a.participant for a in self.actions)

    def __iter__(self):
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i):
        return self.actions[i]


@dataclass(frozen=True)
class OrderOdds(Result):
    """Every acting sequence of one concrete round with its probability.

    Attributes
    ----------
    dice : tuple of tuple of int
        Each participant's dice.
    p_sequence : dict
        ``{tuple of participants in acting order: probability}``; sums to 1.
    rules : Rules
        The readings in force.
    exact : bool
        Fractions (True) or floats.
    """

    dice: tuple
    p_sequence: dict
    rules: Rules
    exact: bool = True


@dataclass(frozen=True)
class RoundOdds(Result):
    """Statistics of one round of two sides: exact, float or Monte Carlo.

    Probabilities and means are Fractions (``exact=True``), floats (an
    enumeration with ``exact=False``) or :class:`~dicestats.core.results.Estimate`
    objects (Monte Carlo: ``trials`` rounds; proportions with Wilson intervals,
    means with batch-means standard errors).

    Attributes
    ----------
    swiftness, versus : tuple of int
        Swiftness of each participant of the first and of the other side.
    pips, versus_pips : int or tuple of int
        Preparation pips: a side's pool (int) or one margin per participant.
    rules : Rules
        The readings in force.
    labels : tuple of str
        Participant labels (A1.. first side, B1.. the other side).
    p_first : Fraction, float or Estimate
        P(the first side acts first).
    p_participant_first : tuple
        P(each participant acts first).
    pmf_actions_before : dict
        ``{k: P(exactly k first-side actions before the other side's first)}``,
        k = 0 .. the first side's dice.
    p_double : Fraction, float or Estimate
        P(some participant acts twice in a row).
    mean_position : tuple
        Each participant's mean action position (1-based; averaged over its
        dice and over rounds).
    exact : bool
        True when the numbers are Fractions.
    trials : int or None
        Monte Carlo rounds behind the estimates (None for an enumeration).
    outcome_classes : int or None
        Dice-outcome classes enumerated (None for Monte Carlo).
    p_acts_at : tuple of tuple
        ``p_acts_at[d][p]``: P(participant p takes the action at position d + 1)
        (not exported by :meth:`as_dict`: one number per die and participant).
    raw : montecarlo.Totals or None
        The summed Monte Carlo counts (not exported).
    """

    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    rules: Rules
    labels: tuple
    p_first: object
    p_participant_first: tuple
    pmf_actions_before: dict
    p_double: object
    mean_position: tuple
    exact: bool
    trials: int | None
    outcome_classes: int | None
    p_acts_at: tuple = field(default=(), repr=False, metadata={"export": False})
    raw: object = field(default=None, repr=False, metadata={"export": False})

    @property
    def actions_before(self) -> dict:
        """The old name of :attr:`pmf_actions_before` (kept for one release)."""
        return self.pmf_actions_before
