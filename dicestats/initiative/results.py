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

from ..core.results import Lines, Result, Table, View
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

    def view(self) -> View:
        dice = " / ".join(",".join(map(str, d)) for d in self.dice)
        title = f"d6 initiative, one round of the dice {dice}\nreadings: "
        title += self.rules.describe(pips=False)
        rows = sorted(self.p_sequence.items(), key=lambda kv: (-kv[1], kv[0]))
        rows = tuple((" ".join(f"P{p + 1}" for p in seq), p) for seq, p in rows)
        return View(title, (Table(("acting order (P1: the first dice)", "probability"), rows,
                                  ("text", "p")),))  # fmt: skip


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
    seed : int or None
        The Monte Carlo seed, when ``rng`` was one (None otherwise).
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
    seed: int | None = None
    p_acts_at: tuple = field(default=(), repr=False, metadata={"export": False})
    raw: object = field(default=None, repr=False, metadata={"export": False})

    def view(self) -> View:
        """The sides, the readings and how it was answered; who acts first, each
        participant's first action and mean position, A's actions before B's first."""
        title = f"d6 initiative: {_sides(self)} ({_method(self)})\n{_readings(self)}"
        head = (
            ("P(side A acts first)", self.p_first, "estimate"),
            ("P(someone acts twice in a row)", self.p_double, "estimate"),
        )
        rows = tuple(
            (label, dice, first, "—" if position is None else position)
            for label, dice, first, position in zip(
                self.labels, self.swiftness + self.versus, self.p_participant_first,
                self.mean_position, strict=True,
            )
        )  # fmt: skip
        header = ("participant", "dice", "acts first", "mean position")
        before = tuple((str(k), p) for k, p in self.actions_before.items())
        return View(
            title,
            (
                Lines(head, aligned=False),
                Table(header, rows, ("text", "n", "p", "mean3")),
                Table(("A actions before B's first", "probability"), before, ("text", "p")),
                *_holding(self),
            ),
        )


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
    seed : int or None
        As in :class:`Odds`.
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
    seed: int | None = None
    raw: object = field(default=None, repr=False, metadata={"export": False})

    def view(self) -> View:
        """The sides, readings, success rolls and method; how attacks are answered, how
        slow, who is attacked with no die left; margins and advantages with success rolls."""
        who = "B attacks A" if self.attackers == "versus" else "both sides attack"
        title = f"d6 defence: {_sides(self)}, {who} ({_method(self)})\n{_readings(self)}"
        title += f"; {_RESPOND_TEXT[self.respond]}"
        if self.assumption:
            title += f"\nsuccess rolls: {self.assumption}"
        head = (
            ("attacks per round", self.mean_attacks, "mean3"),
            ("attacks someone could answer", self.p_defendable, "estimate"),
            ("attacks answered", self.p_defended, "estimate"),
            ("attacks the target answers itself", self.p_target_responds, "estimate"),
            ("companions' answers per attack", self.mean_companion_responses, "mean3"),
            ("rounds with a slow answer", self.p_slow_round, "estimate"),
            ("mean slow penalty per answer", self.mean_slow, "mean3"),
        )
        slow = tuple((str(k) if k else "0 (not slow)", p) for k, p in self.slow.items())
        parts = [
            Lines(head, aligned=False),
            _shares(("answers per attack", "share of attacks"), self.responses),
            Table(
                ("slow scale (attack die − answering die)", "share of answers"),
                slow,
                ("text", "p"),
                note="(the slow scale: the attack's die minus the answering die when lower, "
                "0 when not slow)",
            ),
            _shares(("defenders attacked with no die", "share of rounds"), self.out_of_dice),
        ]
        if self.margin is not None:
            wound = (
                ("mean margin left to the attacker", self.mean_wound, "mean3"),
                ("attacks that wound", self.p_wounding, "estimate"),
            )
            parts += [
                Lines(wound, aligned=False),
                _shares(("attacker's margin left (wound scale)", "share of attacks"), self.margin),
                Lines(
                    (("mean advantage per answer", self.mean_advantage, "mean3"),), aligned=False
                ),
                _shares(
                    ("defender's advantage", "share of answers"),
                    self.advantage,
                    "(every margin and advantage above depends on the assumed success rolls)",
                ),
            ]
        return View(title, (*parts, *_holding(self)))


_RESPOND_TEXT = {
    "every": "the target and every companion with a die as high as the attack's answer",
    "target": "the target alone answers",
    "cover": "one companion answers instead of a slow or empty-handed target",
}


def _sides(r) -> str:
    return f"A = {list(r.swiftness)} vs B = {list(r.versus)}"


def _readings(r) -> str:
    """The readings in force and each side's holding policies, in one line."""
    na = len(r.swiftness)
    sides = []
    for label, part in (("A", r.hold[:na]), ("B", r.hold[na:])):
        sides.append(f"{label} {'/'.join(dict.fromkeys(part))}")
    return f"readings: {r.rules.describe()}; holding: {', '.join(sides)}"


def _method(r) -> str:
    """How the numbers were computed: enumerated (exact or floats), or by Monte Carlo."""
    if r.trials is None:
        classes = getattr(r, "outcome_classes", None)
        if classes:
            return f"{'exact' if r.exact else 'floats'}, {classes:,} outcome classes"
        return "exact enumeration" if r.exact else "enumeration in floats"
    what = f"{r.trials:,} rounds" if r.rounds == 1 else f"{r.trials:,} fights of {r.rounds} rounds"
    return f"Monte Carlo, {what}" + ("" if r.seed is None else f", seed {r.seed}")


def _shares(header, shares: dict, note=None) -> Table:
    return Table(header, tuple((str(k), p) for k, p in shares.items()), ("text", "p"), note=note)


def _holding(r) -> tuple:
    """P(everyone held) per round and the on-edge counts, where holding can happen."""
    if r.rounds == 1 and all(h == "never" for h in r.hold):
        return ()
    held = tuple((f"round {i + 1}", p) for i, p in enumerate(r.p_all_held))
    edge = tuple((f"{k} time{'s' if k != 1 else ''}", p) for k, p in r.on_edge.items())
    penalties = ", ".join(f"{lab} −{e}" for lab, e in zip(r.labels, r.edge_penalty, strict=True))
    note = (
        f"on edge: {penalties} (heroes their weakness, supporting characters 3); nobody may "
        "hold in the round after"
    )
    return (
        Table(("everyone held, nobody acted", "probability"), held, ("text", "p")),
        Table(("everyone on edge", "probability"), edge, ("text", "p"), note=note),
    )
