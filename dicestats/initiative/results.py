"""The results of the d6 initiative system: frozen dataclasses derived from ``Result``.

One class per question, named after it, whichever way it is answered:
:class:`Odds` (of :func:`~dicestats.initiative.odds`) holds Fractions
(``exact=True``), floats (``exact=False``) or
:class:`~dicestats.core.results.Estimate` objects (Monte Carlo, ``trials`` set)
in the same fields; :class:`Defence` (of ``defence``) and
:class:`OrderDistribution` (of ``order_distribution``) likewise.
:class:`RoundOrder` is one concrete round (``resolve``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.results import Result
from .rules import Rules

__all__ = ["Action", "RoundOrder", "OrderDistribution", "Odds", "Defence"]


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
class OrderDistribution(Result):
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
class Odds(Result):
    """Statistics of the rounds of two sides: exact, float or Monte Carlo.

    Probabilities and means are Fractions (``exact=True``), floats (an
    enumeration with ``exact=False``) or :class:`~dicestats.core.results.Estimate`
    objects (Monte Carlo: ``trials`` fights of ``rounds`` rounds; proportions with
    Wilson intervals for one round, ratio intervals over several; means with
    batch-means or ratio standard errors). The round statistics (``p_first`` …
    ``mean_position``) are pooled over the ``rounds`` rounds of a fight.

    Attributes
    ----------
    swiftness, versus : tuple of int
        Swiftness of each participant of the first and of the other side.
    pips, versus_pips : int or tuple of int
        Preparation pips: a side's pool (int) or one margin per participant.
    rules : Rules
        The readings in force.
    labels : tuple of str
        Participant labels (A1.. first side, B1.. the other side; not in a sweep's frame).
    hold : tuple of str
        Each participant's holding policy (``"never"``: the order as rolled).
    rounds : int
        Rounds per fight.
    p_first : Fraction, float or Estimate
        P(the first side takes the first action of a round).
    p_participant_first : tuple
        P(each participant takes the first action); they sum to 1 − P(nobody acts).
    actions_before : dict
        ``{k: P(exactly k first-side actions before the other side's first)}``,
        k = 0 .. the first side's dice (all its actions when the other side never
        acts; 0 when nobody acts).
    p_double : Fraction, float or Estimate
        P(some participant acts twice in a row).
    mean_position : tuple
        Each participant's mean action position (1-based; averaged over its
        actions and over rounds; None if it never acts).
    p_all_held : tuple
        P(everyone held and nobody acted) in round 1, 2, … of a fight (then
        everyone goes on edge and nobody may hold in the next round).
    on_edge : dict
        ``{k: P(everyone went on edge k times in the fight)}``, k = 0 .. rounds.
    edge_penalty : tuple of int
        Each participant's on-edge penalty scale: a hero's weakness, 3 for a
        supporting character.
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
    labels: tuple = field(metadata={"bulky": True})
    p_first: object
    p_participant_first: tuple
    actions_before: dict
    p_double: object
    mean_position: tuple
    hold: tuple
    rounds: int
    p_all_held: tuple
    on_edge: dict
    edge_penalty: tuple
    exact: bool
    trials: int | None
    outcome_classes: int | None
    p_acts_at: tuple = field(default=(), repr=False, metadata={"export": False})
    raw: object = field(default=None, repr=False, metadata={"export": False})


@dataclass(frozen=True)
class Defence(Result):
    """Attacks and their answers: exact, float or Monte Carlo.

    Every figure about successes (``margin``, ``mean_wound``, ``p_wounding``,
    ``advantage``, ``mean_advantage``) rests on ``assumption``: success rolls
    **the user assumed**, not the game's own (its action roll is unknown). Shares
    are per attack, per response or per round, as named.

    Attributes
    ----------
    swiftness, versus, pips, versus_pips, rules, labels
        The setup (as in :class:`Odds`).
    attackers : str
        ``"versus"`` (the ``versus`` side attacks with every action) or ``"both"``.
    respond : str
        Who answers an attack: ``"every"``, ``"target"`` or ``"cover"``.
    defend_if_hit : bool
        The target answers only an attack that scored.
    hold : tuple of str
        Each participant's holding policy.
    rounds : int
        Rounds per fight.
    assumption : str or None
        The success rolls assumed (attack, defence, armour, slow cost), or None
        without success rolls.
    mean_attacks : Fraction, float or Estimate
        Attacks per round.
    p_defendable : …
        Share of attacks someone could answer (the target with a die left, or,
        with ``"every"``/``"cover"``, a companion with a die as high as the attack's).
    p_defended : …
        Share of attacks answered at least once.
    responses : dict
        ``{k: share of attacks answered by k responders}``.
    p_target_responds : …
        Share of attacks the target answers itself.
    mean_companion_responses : …
        Companions' responses per attack.
    slow : dict
        ``{k: share of responses made "slow" with scale k}`` (0: not slow).
    mean_slow : Fraction, float or Estimate
        The mean slow scale per response (0 for an answer that is not slow):
        ``Σ k · slow[k]``. A Monte Carlo interval is conservative: its standard
        error is ``Σ k · stderr(slow[k])``, an upper bound (Minkowski) of the
        ratio estimator's.
    p_slow_round : …
        P(some response of a round is slow).
    out_of_dice : dict
        ``{k: P(k defending participants are attacked with no die left in a round)}``.
    margin : dict or None
        ``{k: share of attacks leaving the attacker a margin of k}`` after every
        response and armour (k > 0 is the scale of the wound or difficulty).
    mean_wound, p_wounding : … or None
        The mean of that margin, and the share of attacks with a margin > 0.
    mean_wounds_by_side : tuple or None
        Per round, the margins the first side's attacks leave (summed), then the
        other side's: wounds dealt by each side (with ``attackers="both"``).
    advantage : dict or None
        ``{k: share of responses earning the responder a one-use advantage of k}``.
    mean_advantage : … or None
        Its mean per response.
    p_all_held, on_edge, edge_penalty
        As in :class:`Odds`.
    exact : bool
    trials : int or None
    raw : montecarlo.Totals or None
        The summed Monte Carlo counts (not exported).
    """

    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    rules: Rules
    labels: tuple = field(metadata={"bulky": True})
    attackers: str
    respond: str
    defend_if_hit: bool
    hold: tuple
    rounds: int
    assumption: str | None
    mean_attacks: object
    p_defendable: object
    p_defended: object
    responses: dict
    p_target_responds: object
    mean_companion_responses: object
    slow: dict
    mean_slow: object
    p_slow_round: object
    out_of_dice: dict
    margin: dict | None
    mean_wound: object
    p_wounding: object
    mean_wounds_by_side: tuple | None
    advantage: dict | None
    mean_advantage: object
    p_all_held: tuple
    on_edge: dict
    edge_penalty: tuple
    exact: bool
    trials: int | None
    raw: object = field(default=None, repr=False, metadata={"export": False})
