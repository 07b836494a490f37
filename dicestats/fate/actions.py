"""What each of the four actions yields: create an advantage, overcome, attack, defend.

Each rolls once and returns what the outcome buys, with the
:class:`~dicestats.fate.OutcomeProbs` it rests on (the table of what each
outcome yields is in ``docs/rules/fate.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.dist import Dist
from ..core.results import Lines, Result, Table, View
from .outcomes import OutcomeProbs, compute_outcome_probs, num, roll_shifts, roll_text


def _outcomes_view(action: str, o: OutcomeProbs, labels: tuple, lines: tuple) -> View:
    """An action's view: what each of the four outcomes buys (``labels``), then ``lines``."""
    rows = tuple(zip(labels, (o.p_fail, o.p_tie, o.p_success, o.p_style), strict=True))
    table = Table(("outcome", "probability"), rows, ("text", "p"))
    return View(f"{action}: {roll_text(o)}", (table, Lines(lines)))


@dataclass(frozen=True)
class CreateAdvantage(Result):
    """What a create-advantage roll yields (:func:`~dicestats.fate.create_advantage`):
    ``free_invokes`` (0, 1 or 2, a boost counting as one), ``p_aspect`` (the aspect
    exists afterwards), ``p_boost`` (only a boost: a tie creating a new aspect), the
    opposition's free invokes (``fail_option="opposition_invokes"``) and the ``outcome``.
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
        lines = [
            ("mean free invokes", self.mean_free_invokes, "mean"),
            ("P(the aspect exists afterwards)", self.p_aspect, "p"),
            ("P(only a boost)", self.p_boost, "p"),
        ]
        if self.fail_option == "opposition_invokes":
            opp = self.mean_opposition_invokes
            lines.append(("mean free invokes of the opposition", opp, "mean"))
        invokes = Table.distribution("free invokes", self.free_invokes)
        return View(title, (invokes, Lines(tuple(lines))))


def compute_create_advantage(s, exact: bool) -> CreateAdvantage:
    """What a create-advantage roll yields (:func:`dicestats.fate.create_advantage`)."""
    o = compute_outcome_probs(s, exact)
    by_aspect = {"known": num(1, exact), "new": o.p_success_or_better, "reveal": o.p_tie_or_better}
    p_aspect = by_aspect[s.aspect]
    opp = num(0, exact)
    if s.fail_option == "opposition_invokes" and s.aspect != "known":
        p_aspect, opp = p_aspect + o.p_fail, o.p_fail
    # A tie gives one free invoke in every case: a boost (new), as a success
    # (reveal), or one invoke on a known aspect.
    inv = Dist({0: o.p_fail, 1: o.p_tie + o.p_success, 2: o.p_style}, exact=exact)
    return CreateAdvantage(
        aspect=s.aspect,
        fail_option=s.fail_option,
        free_invokes=inv,
        mean_free_invokes=inv.mean(),
        p_aspect=p_aspect,
        p_boost=o.p_tie if s.aspect == "new" else num(0, exact),
        mean_opposition_invokes=opp,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class Overcome(Result):
    """What an overcome roll yields (:func:`~dicestats.fate.overcome`): ``p_fail`` (or
    succeed at a serious cost), ``p_minor_cost`` (a tie), ``p_clean_success``, ``p_goal``
    (a tie's minor cost included), ``p_boost`` (success with style) and the ``outcome``.
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
        labels = ("fail, or succeed at a serious cost", "tie: succeed at a minor cost")
        labels += ("success", "success with style: and a boost")
        lines = (
            ("P(the goal, a tie's cost included)", self.p_goal, "p"),
            ("P(the goal at no cost)", self.p_clean_success, "p"),
        )
        return _outcomes_view("overcome", self.outcome, labels, lines)


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
    """What an attack yields (:func:`~dicestats.fate.attack`): ``stress`` dealt (0 on a fail
    or a tie), ``p_hit`` (success or better), ``p_boost`` (a tie, plus success with style
    when trading) and the ``outcome``."""

    trade_for_boost: bool
    stress: Dist
    mean_stress: object
    p_hit: object
    p_boost: object
    outcome: OutcomeProbs
    exact: bool

    def view(self) -> View:
        """The stress dealt, its mean, the hits and the boosts."""
        trade = ", a shift of a success with style traded for a boost"
        title = f"attack: {roll_text(self.outcome)}{trade if self.trade_for_boost else ''}"
        lines = (
            ("mean stress", self.mean_stress, "mean"),
            ("P(hit: success or better)", self.p_hit, "p"),
            ("P(a boost)", self.p_boost, "p"),
        )
        return View(title, (Table.distribution("stress dealt", self.stress), Lines(lines)))


def compute_attack(s, exact: bool) -> Attack:
    """What an attack yields (:func:`dicestats.fate.attack`)."""
    trade, style = s.trade_for_boost, s.rules.style_shifts
    sh = roll_shifts(s, exact)
    stress = sh.map(lambda k: 0 if k <= 0 else (k - 1 if trade and k >= style else k))
    o = OutcomeProbs.from_shifts(sh, rules=s.rules, roll=s)
    return Attack(
        trade_for_boost=trade,
        stress=stress,
        mean_stress=stress.mean(),
        p_hit=o.p_success_or_better,
        p_boost=o.p_tie + o.p_style if trade else o.p_tie,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class Defend(Result):
    """What a defence yields, from the defender's roll (:func:`~dicestats.fate.defend`):
    both readings of the text (``docs/rules/fate.md``), ``p_tie`` as the summary table,
    ``p_denied`` (success or better) and ``p_holds`` (a tie or a success: "not too bad for
    you"), with ``p_opponent_gets_result`` (a fail), ``p_boost`` and the ``outcome``.
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
        labels = ("fail: the attacker gets what they wanted", "tie: as the attacker's action says")
        labels += ("success: denied", "success with style: denied, and a boost")
        lines = (
            ("P(denied: success or better)", self.p_denied, "p"),
            ("P(holds: a tie or a success)", self.p_holds, "p"),
        )
        return _outcomes_view("defend", self.outcome, labels, lines)


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
