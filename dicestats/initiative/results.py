"""The results of the d6 initiative system: one class per question, named after it, whatever
the method (Fractions, floats or :class:`~dicestats.core.results.Estimate` objects in the
same fields); :class:`RoundOrder` is one concrete round (``resolve``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.results import Lines, Result, Table, View
from .rules import Rules


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
    """The acting sequence of one concrete round with each participant's ``dice`` and the
    ``rules`` in force (:func:`~dicestats.initiative.resolve`): iterates over its
    ``actions``, one :class:`Action` per die in acting order."""

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
    """Every acting sequence of one concrete round with its probability
    (:func:`~dicestats.initiative.order_distribution`), Fractions or floats."""

    dice: tuple
    p_sequence: dict
    rules: Rules
    exact: bool = True

    def view(self) -> View:
        dice = " / ".join(",".join(map(str, d)) for d in self.dice)
        title = f"d6 initiative, one round of the dice {dice}\nreadings: "
        rows = sorted(self.p_sequence.items(), key=lambda kv: (-kv[1], kv[0]))
        rows = {" ".join(f"P{p + 1}" for p in seq): p for seq, p in rows}
        header = ("acting order (P1: the first dice)", "probability")
        return View(title + self.rules.describe(pips=False), (_shares(header, rows),))


@dataclass(frozen=True)
class Odds(Result):
    """Statistics of the rounds of two sides (:func:`~dicestats.initiative.odds`): exact,
    float or Monte Carlo (``trials`` fights: Wilson intervals for one round, ratio
    intervals over several). Its fields are read in ``docs/rules/initiative.md`` ("What a
    round answers", "Holding"); the round statistics (``p_first`` … ``mean_position``) are
    pooled over the rounds of a fight, ``mean_position`` is None for a participant that
    never acts, and ``p_all_held`` is per round. ``outcome_classes`` (enumerated) or
    ``trials`` and ``seed`` (Monte Carlo) say how it was answered; ``p_acts_at[d][p]``
    (P(participant p takes the action at position d + 1)) and ``raw`` (the summed Monte
    Carlo counts) are not exported.
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
        dice = self.swiftness + self.versus
        cols = zip(self.labels, dice, self.p_participant_first, self.mean_position, strict=True)
        rows = tuple((*r[:3], "—" if r[3] is None else r[3]) for r in cols)
        header = ("participant", "dice", "acts first", "mean position")
        return View(
            title,
            (
                Lines(head, aligned=False),
                Table(header, rows, ("text", "n", "p", "mean3")),
                _shares(("A actions before B's first", "probability"), self.actions_before),
                *_holding(self),
            ),
        )


@dataclass(frozen=True)
class Defence(Result):
    """Attacks and their answers (:func:`~dicestats.initiative.defence`): exact, float or
    Monte Carlo, its fields read in ``docs/rules/initiative.md`` ("Defence").

    Every figure about successes (``margin``, ``mean_wound``, ``p_wounding``,
    ``mean_wounds_by_side``, ``advantage``, ``mean_advantage``; None without success
    rolls) rests on ``assumption``: success rolls **the user assumed**, not the game's
    own. Shares are per attack, per response or per round, as named; ``mean_slow`` is
    ``Σ k · slow[k]`` (a conservative Monte Carlo interval: :func:`~.engine.mean_scale`),
    ``out_of_dice[k]`` P(k defenders are attacked with no die left in a round) and
    ``mean_wounds_by_side`` the margins each side's attacks leave per round. The setup,
    holding and method fields are those of :class:`Odds`.
    """

    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    rules: Rules
    labels: tuple = field(metadata={"bulky": True})
    attackers: str
    respond: str
    answer_every: bool
    kept_attack: str
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
        if self.kept_attack == "equal":
            title += "; an attack with a kept die is answered at equal initiative"
        if self.assumption:
            title += (
                "; the target answers every attack"
                if self.answer_every
                else "; the target answers only an attack that scored"
            )
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
        slow = {k if k else "0 (not slow)": p for k, p in self.slow.items()}
        parts = [
            Lines(head, aligned=False),
            _shares(("answers per attack", "share of attacks"), self.responses),
            _shares(
                ("slow scale (attack die − answering die)", "share of answers"),
                slow,
                "(the slow scale: the attack's die minus the answering die when lower, "
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
    sides = (
        f"{s} {'/'.join(dict.fromkeys(h))}" for s, h in (("A", r.hold[:na]), ("B", r.hold[na:]))
    )
    return f"readings: {r.rules.describe()}; holding: {', '.join(sides)}"


def _method(r) -> str:
    """How the numbers were computed: enumerated (exact or floats), or by Monte Carlo."""
    if r.trials is None:
        classes = getattr(r, "outcome_classes", None)
        if classes:
            return f"{'exact' if r.exact else 'floats'} over all {classes:,} outcome classes"
        return "exact enumeration" if r.exact else "enumeration in floats"
    what = f"{r.trials:,} rounds" if r.rounds == 1 else f"{r.trials:,} fights of {r.rounds} rounds"
    return f"Monte Carlo, {what}" + ("" if r.seed is None else f", seed {r.seed}")


def _shares(header, shares: dict, note=None) -> Table:
    return Table(header, tuple((str(k), p) for k, p in shares.items()), ("text", "p"), note=note)


def _holding(r) -> tuple:
    """P(everyone held) per round and the on-edge counts, where holding can happen."""
    if r.rounds == 1 and all(h == "never" for h in r.hold):
        return ()
    held = {f"round {i + 1}": p for i, p in enumerate(r.p_all_held)}
    edge = {f"{k} time{'s' if k != 1 else ''}": p for k, p in r.on_edge.items()}
    penalties = ", ".join(
        f"{lab} −{e}" if e is not None else f"{lab} not marked"
        for lab, e in zip(r.labels, r.edge_penalty, strict=True)
    )
    note = f"on edge: {penalties} (heroes their weakness, supporting characters 3"
    if None in r.edge_penalty:
        note += (
            "; a participant not marked: give a hero's weakness, or s for a supporting "
            "character (--weakness, --vs-weakness)"
        )
    note += "); nobody may hold in the round after"
    return (
        _shares(("everyone held, nobody acted", "probability"), held),
        _shares(("everyone on edge", "probability"), edge, note),
    )
