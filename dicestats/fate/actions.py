"""What each of the four actions yields: create an advantage, overcome, attack, defend.

Each function rolls once (the keywords of :func:`~dicestats.fate.shifts`:
``difficulty`` or ``versus``, ``helpers``, ``dice``, ``exact``, ``rules``) and
returns a frozen result holding what the outcome buys, plus the
:class:`~dicestats.fate.Outcome` it rests on. The table of what each outcome
yields is in ``docs/rules/fate.md``.

Examples
--------
>>> attack(0, difficulty=0, exact=True).mean_stress
Fraction(52, 81)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import check_bool, check_choice
from ..core.dist import Dist
from ..core.results import Result
from .dice import num
from .outcomes import Outcome, shifts
from .rules import resolve

__all__ = [
    "AdvantageResult",
    "OvercomeResult",
    "AttackResult",
    "DefendResult",
    "create_advantage",
    "overcome",
    "attack",
    "defend",
    "ASPECT_KINDS",
    "FAIL_OPTIONS",
]

#: What a create-advantage roll aims at: a new aspect, revealing one, or one already known.
ASPECT_KINDS = ("new", "reveal", "known")
#: What a failure to create or reveal an aspect does: nothing, or the aspect exists
#: and an opponent gets its free invoke.
FAIL_OPTIONS = ("nothing", "opposition_invokes")


@dataclass(frozen=True)
class AdvantageResult(Result):
    """What a create-advantage roll yields (:func:`create_advantage`).

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
    outcome : Outcome
    exact : bool
    """

    aspect: str
    fail_option: str
    free_invokes: Dist
    mean_free_invokes: object
    p_aspect: object
    p_boost: object
    mean_opposition_invokes: object
    outcome: Outcome
    exact: bool


def create_advantage(
    bonus: int = 0,
    *,
    aspect: str = "new",
    fail_option: str = "nothing",
    exact: bool = False,
    **roll,
) -> AdvantageResult:
    """What a create-advantage roll yields.

    Parameters
    ----------
    bonus : int
    aspect : {"new", "reveal", "known"}
        Create a new situation aspect, reveal an existing one, or gain an
        advantage on an aspect you already know.
    fail_option : {"nothing", "opposition_invokes"}
        On a failure to create or reveal, either nothing happens or the aspect
        exists but an opponent gets one free invoke (the player's choice).
    exact : bool
    **roll
        ``difficulty`` or ``versus``, ``helpers``, ``dice``, ``rules``, ... as
        in :func:`~dicestats.fate.shifts`.

    Examples
    --------
    >>> r = create_advantage(2, difficulty=2, exact=True)
    >>> r.mean_free_invokes, r.p_boost
    (Fraction(55, 81), Fraction(19, 81))
    """
    check_choice("aspect", aspect, ASPECT_KINDS)
    check_choice("fail_option", fail_option, FAIL_OPTIONS)
    o = Outcome.from_shifts(shifts(bonus, exact=exact, **roll), rules=roll.get("rules"))
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
    return AdvantageResult(
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
class OvercomeResult(Result):
    """What an overcome roll yields (:func:`overcome`).

    Attributes
    ----------
    p_fail : fail, or succeed at a serious cost (the player's choice).
    p_minor_cost : a tie: succeed at a minor cost.
    p_clean_success : success or success with style.
    p_goal : the goal is reached, a tie's minor cost included.
    p_boost : success with style (succeed and get a boost).
    outcome : Outcome
    exact : bool
    """

    p_fail: object
    p_minor_cost: object
    p_clean_success: object
    p_goal: object
    p_boost: object
    outcome: Outcome
    exact: bool


def overcome(bonus: int = 0, *, exact: bool = False, **roll) -> OvercomeResult:
    """What an overcome roll yields (keywords as in :func:`~dicestats.fate.shifts`).

    Examples
    --------
    >>> overcome(1, difficulty=1, exact=True).p_goal
    Fraction(50, 81)
    """
    o = Outcome.from_shifts(shifts(bonus, exact=exact, **roll), rules=roll.get("rules"))
    return OvercomeResult(
        p_fail=o.p_fail,
        p_minor_cost=o.p_tie,
        p_clean_success=o.p_success_or_better,
        p_goal=o.p_tie_or_better,
        p_boost=o.p_style,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class AttackResult(Result):
    """What an attack yields (:func:`attack`).

    Attributes
    ----------
    stress : Dist
        Stress dealt (0 on a fail or a tie).
    mean_stress : Fraction or float
    p_hit : success or better.
    p_boost : a tie (no harm, a boost), plus success with style when trading.
    outcome : Outcome
    exact : bool
    """

    trade_for_boost: bool
    stress: Dist
    mean_stress: object
    p_hit: object
    p_boost: object
    outcome: Outcome
    exact: bool


def attack(
    bonus: int = 0, *, trade_for_boost: bool = False, exact: bool = False, **roll
) -> AttackResult:
    """What an attack yields: stress dealt and boosts.

    A success deals ``shifts`` stress; a tie deals none but gives a boost; a
    success with style may trade one shift for a boost
    (``trade_for_boost=True`` always takes that trade). Other keywords as in
    :func:`~dicestats.fate.shifts`.

    Examples
    --------
    >>> a = attack(0, difficulty=0, exact=True)
    >>> a.mean_stress, a.p_boost
    (Fraction(52, 81), Fraction(19, 81))
    """
    check_bool("trade_for_boost", trade_for_boost)
    style = resolve(roll.get("rules")).style_shifts
    sh = shifts(bonus, exact=exact, **roll)
    stress = sh.map(lambda s: 0 if s <= 0 else (s - 1 if trade_for_boost and s >= style else s))
    o = Outcome.from_shifts(sh, rules=roll.get("rules"))
    return AttackResult(
        trade_for_boost=trade_for_boost,
        stress=stress,
        mean_stress=stress.mean(),
        p_hit=o.p_success_or_better,
        p_boost=o.p_tie + o.p_style if trade_for_boost else o.p_tie,
        outcome=o,
        exact=exact,
    )


@dataclass(frozen=True)
class DefendResult(Result):
    """What a defence yields, from the defender's roll (:func:`defend`).

    Attributes
    ----------
    p_opponent_gets_result : the defender fails.
    p_tie : what happens follows the opponent's action (the summary table).
    p_denied : success or better: the opponent does not get what they wanted
        (the summary table).
    p_holds : tie or success: "not too bad for you" (the detailed text).
    p_boost : success with style: the opponent fails and you get a boost.
    outcome : Outcome
    exact : bool
    """

    p_opponent_gets_result: object
    p_tie: object
    p_denied: object
    p_holds: object
    p_boost: object
    outcome: Outcome
    exact: bool


def defend(bonus: int = 0, *, exact: bool = False, **roll) -> DefendResult:
    """What a defence yields; ``difficulty`` / ``versus`` is the attacker's total / bonus.

    Examples
    --------
    Defending at +2 against an attack that totals Good (+3): the attack lands
    when 4dF + 2 < 3 (50 of 81 rolls); a boost needs 4dF + 2 - 3 >= 3 (1 roll).

    >>> d = defend(2, difficulty=3, exact=True)
    >>> d.p_opponent_gets_result, d.p_boost
    (Fraction(50, 81), Fraction(1, 81))
    """
    o = Outcome.from_shifts(shifts(bonus, exact=exact, **roll), rules=roll.get("rules"))
    return DefendResult(
        p_opponent_gets_result=o.p_fail,
        p_tie=o.p_tie,
        p_denied=o.p_success_or_better,
        p_holds=o.p_tie + o.p_success,
        p_boost=o.p_style,
        outcome=o,
        exact=exact,
    )
