"""What each of the four actions yields: create an advantage, overcome, attack, defend.

The computed forms of the questions ``create_advantage``, ``overcome``,
``attack`` and ``defend`` (declared in :mod:`.questions`): each rolls once (a
checked roll, :func:`~dicestats.fate.rules.check_roll`) and returns a frozen
result holding what the outcome buys, plus the
:class:`~dicestats.fate.OutcomeProbs` it rests on. The table of what each
outcome yields is in ``docs/rules/fate.md``.

Examples
--------
>>> from dicestats.fate import attack
>>> attack(0, difficulty=0, exact=True).mean_stress
Fraction(52, 81)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.dist import Dist
from ..core.results import Lines, Result, Table, View
from .dice import num
from .outcomes import OutcomeProbs, compute_outcome_probs, roll_shifts, roll_text

__all__ = [
    "CreateAdvantage",
    "Overcome",
    "Attack",
    "Defend",
    "compute_create_advantage",
    "compute_overcome",
    "compute_attack",
    "compute_defend",
]


@dataclass(frozen=True)
class CreateAdvantage(Result):
    """What a create-advantage roll yields (:func:`~dicestats.fate.create_advantage`).

    Attributes
    ----------
    free_invokes : Dist
        Your free invokes: 0, 1 or 2 (a boost counts as one).
    mean_free_invokes : Fraction or float
    p_aspect : Fraction or float
        The aspect exists afterwards (created or revealed, or already known).
    p_boost : Fraction or float
        You get only a boost (a tie when creating a new aspect).
    mean_opposition_invokes : Fraction or float
        Free invokes the opposition gets (with ``fail_option="opposition_invokes"``).
    outcome : OutcomeProbs
    exact : bool
    """

    aspect: str
    fail_option: str
    free_invokes: Dist
    mean_free_invokes: object
    p_aspect: object
    p_boost: object
    mean_opposition_invokes: object
    outcome: OutcomeProbs
    exact: bool

    def view(self) -> View:
        """The free invokes it yields, the aspect and the boost."""
        what = {"new": "a new aspect", "reveal": "reveal an aspect", "known": "a known aspect"}
        title = f"create an advantage ({what[self.aspect]}): {roll_text(self.outcome)}"
        invokes = Table.distribution("free invokes", self.free_invokes)
        lines = [
            ("mean free invokes", self.mean_free_invokes, "mean"),
            ("P(the aspect exists afterwards)", self.p_aspect, "p"),
            ("P(only a boost)", self.p_boost, "p"),
        ]
        if self.fail_option == "opposition_invokes":
            lines.append(("mean free invokes of the opposition", self.mean_opposition_invokes,
                          "mean"))  # fmt: skip
        return View(title, (invokes, Lines(tuple(lines))))


def compute_create_advantage(s, exact: bool) -> CreateAdvantage:
    """What a create-advantage roll yields (:func:`dicestats.fate.create_advantage`)."""
    aspect, fail_option = s.aspect, s.fail_option
    o = compute_outcome_probs(s, exact)
    zero = num(0, exact)
    p_boost = o.p_tie if aspect == "new" else zero
    if aspect == "known":
        p_aspect = num(1, exact)
    elif aspect == "new":
        p_aspect = o.p_success_or_better
    else:
        p_aspect = o.p_tie_or_better
    if fail_option == "opposition_invokes" and aspect != "known":
        p_aspect = p_aspect + o.p_fail
        opp = o.p_fail
    else:
        opp = zero
    # A tie gives one free invoke in every case: a boost (new), as a success
    # (reveal), or one invoke on a known aspect.
    inv = Dist({0: o.p_fail, 1: o.p_tie + o.p_success, 2: o.p_style}, exact=exact)
    return CreateAdvantage(
        aspect=aspect,
        fail_option=fail_option,
        free_invokes=inv,
        mean_free_invokes=inv.mean(),
        p_aspect=p_aspect,
        p_boost=p_boost,
        mean_opposition_invokes=opp,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class Overcome(Result):
    """What an overcome roll yields (:func:`~dicestats.fate.overcome`).

    Attributes
    ----------
    p_fail : fail, or succeed at a serious cost (the player's choice).
    p_minor_cost : a tie: succeed at a minor cost.
    p_clean_success : success or success with style.
    p_goal : the goal is reached, a tie's minor cost included.
    p_boost : success with style (succeed and get a boost).
    outcome : OutcomeProbs
    exact : bool
    """

    p_fail: object
    p_minor_cost: object
    p_clean_success: object
    p_goal: object
    p_boost: object
    outcome: OutcomeProbs
    exact: bool

    def view(self) -> View:
        """What each outcome of the overcome roll buys."""
        rows = (
            ("fail, or succeed at a serious cost", self.p_fail),
            ("tie: succeed at a minor cost", self.p_minor_cost),
            ("success", self.outcome.p_success),
            ("success with style: and a boost", self.p_boost),
        )
        lines = (
            ("P(the goal, a tie's cost included)", self.p_goal, "p"),
            ("P(the goal at no cost)", self.p_clean_success, "p"),
        )
        return View(
            f"overcome: {roll_text(self.outcome)}",
            (Table(("outcome", "probability"), rows, ("text", "p")), Lines(lines)),
        )


def compute_overcome(s, exact: bool) -> Overcome:
    """What an overcome roll yields (:func:`dicestats.fate.overcome`)."""
    o = compute_outcome_probs(s, exact)
    return Overcome(
        p_fail=o.p_fail,
        p_minor_cost=o.p_tie,
        p_clean_success=o.p_success_or_better,
        p_goal=o.p_tie_or_better,
        p_boost=o.p_style,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class Attack(Result):
    """What an attack yields (:func:`~dicestats.fate.attack`).

    Attributes
    ----------
    stress : Dist
        Stress dealt (0 on a fail or a tie).
    mean_stress : Fraction or float
    p_hit : success or better.
    p_boost : a tie (no harm, a boost), plus success with style when trading.
    outcome : OutcomeProbs
    exact : bool
    """

    trade_for_boost: bool
    stress: Dist
    mean_stress: object
    p_hit: object
    p_boost: object
    outcome: OutcomeProbs
    exact: bool

    def view(self) -> View:
        """The stress dealt, its mean, the hits and the boosts."""
        trade = (
            ", a shift of a success with style traded for a boost" if self.trade_for_boost else ""
        )
        lines = (
            ("mean stress", self.mean_stress, "mean"),
            ("P(hit: success or better)", self.p_hit, "p"),
            ("P(a boost)", self.p_boost, "p"),
        )
        return View(
            f"attack: {roll_text(self.outcome)}{trade}",
            (Table.distribution("stress dealt", self.stress), Lines(lines)),
        )


def compute_attack(s, exact: bool) -> Attack:
    """What an attack yields (:func:`dicestats.fate.attack`)."""
    trade_for_boost, style = s.trade_for_boost, s.rules.style_shifts
    sh = roll_shifts(s, exact)
    stress = sh.map(lambda k: 0 if k <= 0 else (k - 1 if trade_for_boost and k >= style else k))
    o = OutcomeProbs.from_shifts(sh, rules=s.rules, roll=s)
    return Attack(
        trade_for_boost=trade_for_boost,
        stress=stress,
        mean_stress=stress.mean(),
        p_hit=o.p_success_or_better,
        p_boost=o.p_tie + o.p_style if trade_for_boost else o.p_tie,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class Defend(Result):
    """What a defence yields, from the defender's roll (:func:`~dicestats.fate.defend`).

    Attributes
    ----------
    p_opponent_gets_result : the defender fails.
    p_tie : what happens follows the opponent's action (the summary table).
    p_denied : success or better: the opponent does not get what they wanted
        (the summary table).
    p_holds : tie or success: "not too bad for you" (the detailed text).
    p_boost : success with style: the opponent fails and you get a boost.
    outcome : OutcomeProbs
    exact : bool
    """

    p_opponent_gets_result: object
    p_tie: object
    p_denied: object
    p_holds: object
    p_boost: object
    outcome: OutcomeProbs
    exact: bool

    def view(self) -> View:
        """What the defence leaves the attacker."""
        rows = (
            ("fail: the attacker gets what they wanted", self.p_opponent_gets_result),
            ("tie: as the attacker's action says", self.p_tie),
            ("success: denied", self.outcome.p_success),
            ("success with style: denied, and a boost", self.p_boost),
        )
        lines = (
            ("P(denied: success or better)", self.p_denied, "p"),
            ("P(holds: a tie or a success)", self.p_holds, "p"),
        )
        return View(
            f"defend: {roll_text(self.outcome)}",
            (Table(("outcome", "probability"), rows, ("text", "p")), Lines(lines)),
        )


def compute_defend(s, exact: bool) -> Defend:
    """What a defence yields (:func:`dicestats.fate.defend`)."""
    o = compute_outcome_probs(s, exact)
    return Defend(
        p_opponent_gets_result=o.p_fail,
        p_tie=o.p_tie,
        p_denied=o.p_success_or_better,
        p_holds=o.p_tie + o.p_success,
        p_boost=o.p_style,
        outcome=o,
        exact=exact,
    )
