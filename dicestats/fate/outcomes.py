"""Resolving one roll: shifts against a difficulty or an active opposition, and the four outcomes.

``shifts = total − opposition``, where the total is NdF + ``bonus`` +
``helpers`` and the opposition is a fixed ``difficulty`` or an active
opposition that rolls its own dice plus ``versus``. Outcomes: fail below 0,
tie at 0, success from 1, success *with style* from ``rules.style_shifts`` (3)
on; a success with style is not also a plain success, so the four
probabilities sum to 1.

Examples
--------
>>> o = outcome_probs(2, difficulty=2, exact=True)
>>> o.p_tie, o.p_success_or_better
(Fraction(19, 81), Fraction(31, 81))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.checks import check_bool, check_int, check_int_list, refuse
from ..core.dist import Dist
from ..core.results import Result
from .dice import fate_dice, ladder_name
from .limits import LIMITS
from .rules import resolve

__all__ = ["Outcome", "OutcomeRow", "classify", "shifts", "outcome_probs", "outcome_table"]


def classify(shift: int, *, rules=None) -> str:
    """The outcome name of a number of shifts: fail / tie / success / style.

    Examples
    --------
    >>> [classify(s) for s in (-1, 0, 1, 2, 3)]
    ['fail', 'tie', 'success', 'success', 'style']
    """
    shift = check_int("shift", shift)
    if shift < 0:
        return "fail"
    if shift == 0:
        return "tie"
    return "success" if shift < resolve(rules).style_shifts else "style"


def shifts(
    bonus: int = 0,
    *,
    difficulty: int | None = None,
    versus: int | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> Dist:
    """The distribution of shifts: your total minus the opposition.

    Parameters
    ----------
    bonus : int
        Approach rating plus every other bonus (stunts +2, invoked aspects +2).
    difficulty : int, optional
        A fixed difficulty. Give exactly one of ``difficulty`` and ``versus``.
    versus : int, optional
        Active opposition: the other side rolls its own dice plus this bonus.
    helpers : int
        Allies who help: +1 each (at most ``max_helpers`` when given).
    max_helpers : int, optional
        The GM's cap on helpers; more is refused.
    dice, versus_dice : int, optional
        Dice rolled by you (default ``rules.dice``) and by the opposition
        (default: ``dice``).
    exact : bool
        Fractions or float64.
    rules : Rules, optional

    Examples
    --------
    >>> shifts(1, difficulty=2, exact=True).support()
    (-5, 3)
    >>> shifts(0, versus=0, exact=True).pmf(0)  # 8dF shows 0: 1107/6561
    Fraction(41, 243)
    """
    rules = resolve(rules)
    bonus = LIMITS["rating"].check(bonus, name="bonus")
    if max_helpers is not None:
        max_helpers = LIMITS["helpers"].check(max_helpers, name="max_helpers")
    helpers = check_int("helpers", helpers, 0, LIMITS["helpers"].hi)
    if max_helpers is not None:
        helpers = check_int("helpers", helpers, 0, max_helpers)
    check_bool("exact", exact)
    if (difficulty is None) == (versus is None):
        raise refuse(
            "difficulty and versus",
            "exactly one given (a fixed difficulty or an active opposition)",
            (difficulty, versus),
        )
    mine = fate_dice(dice, exact=exact, rules=rules) + (bonus + helpers)
    if difficulty is not None:
        return mine - LIMITS["rating"].check(difficulty, name="difficulty")
    versus = LIMITS["rating"].check(versus, name="versus")
    if versus_dice is None:
        versus_dice = rules.dice if dice is None else dice
    versus_dice = LIMITS["dice"].check(versus_dice, name="versus_dice")
    return mine - (fate_dice(versus_dice, exact=exact) + versus)


@dataclass(frozen=True)
class Outcome(Result):
    """The four outcomes of one roll (a partition: they sum to 1) and the shifts.

    Attributes
    ----------
    p_fail, p_tie, p_success, p_style : Fraction or float
        Fail, tie, success (1 shift up to style, excluded), success with style.
    p_success_or_better, p_tie_or_better : Fraction or float
        ``p_success + p_style`` and ``p_tie + p_success + p_style``.
    mean_shifts : Fraction or float
        The expected number of shifts.
    shifts : Dist
        The distribution of shifts.
    exact : bool
    """

    p_fail: object
    p_tie: object
    p_success: object
    p_style: object
    p_success_or_better: object
    p_tie_or_better: object
    mean_shifts: object
    shifts: Dist = field(repr=False)
    exact: bool

    @classmethod
    def from_shifts(cls, d: Dist, *, rules=None) -> Outcome:
        """Classify a distribution of shifts.

        Examples
        --------
        >>> Outcome.from_shifts(Dist({-1: 1, 0: 1, 1: 1, 3: 1}, exact=True)).p_tie
        Fraction(1, 4)
        """
        style = resolve(rules).style_shifts
        fail, tie, p_style = d.cdf(-1), d.pmf(0), d.p_ge(style)
        success = sum((d.pmf(k) for k in range(2, style)), d.pmf(1)) if style > 1 else 0 * tie
        return cls(
            p_fail=fail,
            p_tie=tie,
            p_success=success,
            p_style=p_style,
            p_success_or_better=success + p_style,
            p_tie_or_better=tie + success + p_style,
            mean_shifts=d.mean(),
            shifts=d,
            exact=d.exact,
        )

    def probabilities(self) -> dict:
        """``{"fail": p, "tie": p, "success": p, "style": p}`` (the partition, by outcome name).

        >>> list(outcome_probs(0, difficulty=0).probabilities())
        ['fail', 'tie', 'success', 'style']
        """
        return {
            "fail": self.p_fail,
            "tie": self.p_tie,
            "success": self.p_success,
            "style": self.p_style,
        }


def outcome_probs(bonus: int = 0, **roll) -> Outcome:
    """P(fail), P(tie), P(success), P(success with style) for one roll.

    Keywords are those of :func:`shifts` (``difficulty`` or ``versus``,
    ``helpers``, ``max_helpers``, ``dice``, ``versus_dice``, ``exact``,
    ``rules``).

    Examples
    --------
    >>> o = outcome_probs(bonus=3, difficulty=2, exact=True)
    >>> o.probabilities()
    {'fail': Fraction(5, 27), 'tie': Fraction(16, 81), 'success': Fraction(35, 81), \
'style': Fraction(5, 27)}
    >>> sum(o.probabilities().values())
    Fraction(1, 1)
    """
    return Outcome.from_shifts(shifts(bonus, **roll), rules=roll.get("rules"))


@dataclass(frozen=True)
class OutcomeRow(Result):
    """One (bonus, difficulty) row of :func:`outcome_table`: the fields of :class:`Outcome`."""

    bonus: int
    difficulty: int
    difficulty_name: str
    p_fail: object
    p_tie: object
    p_success: object
    p_style: object
    p_success_or_better: object
    p_tie_or_better: object
    mean_shifts: object
    exact: bool


def outcome_table(
    bonuses: Iterable[int] = range(0, 4),
    difficulties: Iterable[int] = range(-2, 7),
    *,
    dice: int | None = None,
    helpers: int = 0,
    exact: bool = False,
    rules=None,
) -> tuple[OutcomeRow, ...]:
    """Outcome probabilities over bonuses × difficulties, one :class:`OutcomeRow` per pair.

    :func:`dicestats.tables.fate_outcomes` turns the rows into a DataFrame.

    Examples
    --------
    >>> rows = outcome_table([0, 1], [0], exact=True)
    >>> [(r.bonus, r.difficulty_name, r.p_tie) for r in rows]
    [(0, 'Mediocre (+0)', Fraction(19, 81)), (1, 'Mediocre (+0)', Fraction(16, 81))]
    """
    lim = LIMITS["rating"]
    bonuses = check_int_list("bonuses", bonuses, lim.lo, lim.hi)
    difficulties = check_int_list("difficulties", difficulties, lim.lo, lim.hi)
    rows = []
    for b in bonuses:
        for d in difficulties:
            o = outcome_probs(b, difficulty=d, helpers=helpers, dice=dice, exact=exact, rules=rules)
            kept = {k: v for k, v in o.__dict__.items() if k != "shifts"}
            rows.append(OutcomeRow(bonus=b, difficulty=d, difficulty_name=ladder_name(d), **kept))
    return tuple(rows)
