"""Fate inverse questions: the difficulty, the rating, the invokes for a wish.

* :func:`solve_fate_difficulty`: the hardest difficulty at which a rating reaches
  an outcome (tie or better, success or better, success with style) with
  probability at least ``p``;
* :func:`solve_fate_rating`: the lowest rating that does it at a difficulty;
* :func:`solve_fate_invokes`: the fewest invokes (+2 or reroll, spent optimally:
  :func:`dicestats.fate.invoke_policy`) that do it.

Difficulties and ratings are numbers or ladder names (``"Fair"``, ``"fair"``,
``"+2"``, ``"Fair (+2)"``: :func:`ladder_value`). The scans cover every setting
at which the outcome can still happen or fail (outside them the chance is 0 or
1), so each answer is read off the forward function, exact when asked. With
``at_least=0`` every setting qualifies; the answer is then the extreme setting at
which the outcome can still happen.

Examples
--------
>>> r = solve_fate_difficulty(2, 0.6)
>>> r.difficulty, round(r.p_reached, 4), round(r.p_next, 4)
(1, 0.6173, 0.3827)
>>> print(r)
difficulty Average (+1): P(success or better) = 61.73% for rating Fair (+2) (wished >= 60%; \
Fair (+2): 38.27%)
>>> solve_fate_rating("Great", 0.5).rating
5
>>> solve_fate_invokes(2, 4, 0.5).invokes
2
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral

from ..core.checks import check_bool, check_choice, refuse
from ..core.results import Result
from ..fate.dice import LADDER, fate_dice
from ..fate.invokes import reach_by_invokes
from ..fate.ladder import parse_rating
from ..fate.limits import LIMITS
from ..fate.rules import resolve
from ..format import ladder
from ._search import check_probability, first_at_least, pct, wish_text

__all__ = [
    "OBJECTIVES",
    "FateSolved",
    "ladder_value",
    "solve_fate_difficulty",
    "solve_fate_rating",
    "solve_fate_invokes",
    "fate_probability",
    "difficulty_scan",
]

#: The outcome levels a wish can be about, from the easiest.
OBJECTIVES = ("tie", "success", "style")
_LABEL = {"tie": "tie or better", "success": "success or better", "style": "success with style"}


def ladder_value(value, name: str = "difficulty") -> int:
    """A Fate rating or difficulty from a number or a ladder name.

    Accepts an int, ``"+2"``, ``"-1"``, a ladder name in any case (``"Fair"``,
    ``"superb"``) or the name with its number (``"Fair (+2)"``).

    Examples
    --------
    >>> ladder_value("Superb"), ladder_value("fair"), ladder_value("+2"), ladder_value(-1)
    (5, 2, 2, -1)
    >>> ladder_value("Fair (+3)")
    Traceback (most recent call last):
    ...
    dicestats.InputError: difficulty must be an integer or a Fate ladder name (Terrible, Poor, \
Mediocre, Average, Fair, Good, Great, Superb, Fantastic, Epic, Legendary), got 'Fair (+3)'
    """
    allowed = (
        "an integer or a Fate ladder name (" + ", ".join(LADDER[v] for v in sorted(LADDER)) + ")"
    )
    if isinstance(value, str):
        try:
            value = parse_rating(value.replace("\u2212", "-"))
        except ValueError:
            raise refuse(name, allowed, value) from None
    elif isinstance(value, bool) or not isinstance(value, Integral):
        raise refuse(name, allowed, value, kind=True)  # numpy ints are ints, as elsewhere
    return LIMITS["rating"].check(value, name=name)


def _check(objective, dice, exact, rules):
    rules = resolve(rules)
    check_choice("objective", objective, OBJECTIVES)
    n = rules.dice if dice is None else LIMITS["dice"].check(dice, name="dice")
    check_bool("exact", exact)
    margin = {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]
    return rules, n, margin


def fate_probability(rating: int, difficulty: int, objective: str, n: int, margin: int, *, exact):
    """``P(shifts >= margin)``: the dice total reaching ``difficulty + margin - rating``."""
    return fate_dice(n, exact=exact).p_ge(difficulty + margin - rating)


def difficulty_scan(rating: int, objective: str, n: int, margin: int, *, exact) -> list:
    """``[(difficulty, P)]`` from the hardest difficulty at which the outcome can happen
    down to the first at which it is certain."""
    top = rating + n - margin
    return [(d, fate_probability(rating, d, objective, n, margin, exact=exact))
            for d in range(top, rating - n - margin - 1, -1)]  # fmt: skip


@dataclass(frozen=True)
class FateSolved(Result):
    """A Fate inverse answer (:func:`solve_fate_difficulty`, :func:`solve_fate_rating`,
    :func:`solve_fate_invokes`).

    Attributes
    ----------
    solved_for : {"difficulty", "rating", "invokes"}
        What was searched.
    rating, difficulty : int or None
        The rating and the difficulty (the one solved for is None when unreachable).
    invokes : int or None
        Invokes spent optimally (0 unless solved for; None when unreachable).
    objective : {"tie", "success", "style"}
    at_least : the wished probability.
    reached : bool
    p_reached : the probability at the answer (at the best setting when unreachable).
    p_next : the probability one step short of the answer: one step harder, one
        rating lower, one invoke fewer (None when there is no such step).
    dice : int
        Fate dice rolled.
    exact : bool
    """

    solved_for: str
    rating: int | None
    difficulty: int | None
    invokes: int | None
    objective: str
    at_least: object
    reached: bool
    p_reached: object
    p_next: object
    dice: int
    exact: bool
    trials: int | None = None

    def __str__(self) -> str:
        what = f"P({_LABEL[self.objective]})"
        wish = f"wished >= {wish_text(self.at_least)}"
        if self.solved_for == "difficulty":
            nxt = f"; {ladder(self.difficulty + 1)}: {pct(self.p_next)}"
            return (
                f"difficulty {ladder(self.difficulty)}: {what} = {pct(self.p_reached)} for rating "
                f"{ladder(self.rating)} ({wish}{nxt})"
            )
        if self.solved_for == "rating":
            nxt = f"; {ladder(self.rating - 1)}: {pct(self.p_next)}"
            return (
                f"rating {ladder(self.rating)}: {what} = {pct(self.p_reached)} at difficulty "
                f"{ladder(self.difficulty)} ({wish}{nxt})"
            )
        if not self.reached:
            return (
                f"no number of invokes up to {LIMITS['invokes'].hi} gives rating "
                f"{ladder(self.rating)} {what} >= {wish_text(self.at_least)} at difficulty "
                f"{ladder(self.difficulty)}; the best is {pct(self.p_reached)}"
            )
        nxt = (
            ""
            if self.p_next is None
            else (
                f"; {self.invokes - 1} invoke{'' if self.invokes == 2 else 's'}: {pct(self.p_next)}"
            )
        )
        return (
            f"{self.invokes} invoke{'' if self.invokes == 1 else 's'}: {what} = "
            f"{pct(self.p_reached)} for rating {ladder(self.rating)} at difficulty "
            f"{ladder(self.difficulty)}, spent optimally ({wish}{nxt})"
        )


def solve_fate_difficulty(
    rating, at_least, objective: str = "success", *, dice=None, exact=False, rules=None
) -> FateSolved:
    """The hardest difficulty at which ``rating`` reaches ``objective`` with ``P >= at_least``.

    Parameters
    ----------
    rating : int or str
        The bonus on the roll (approach, skill, stunts): a number or a ladder name.
    at_least : number in [0, 1]
    objective : {"tie", "success", "style"}
        Tie or better, success or better (default), success with style.
    dice : int, optional
        Fate dice rolled (default ``rules.dice``, 4).
    exact : bool
    rules : fate.Rules, optional

    Examples
    --------
    >>> from fractions import Fraction
    >>> solve_fate_difficulty("Good", Fraction(1, 2), "style", exact=True).difficulty
    0
    """
    rules, n, margin = _check(objective, dice, exact, rules)
    rating = ladder_value(rating, "rating")
    p = check_probability("at_least", at_least)
    scan = difficulty_scan(rating, objective, n, margin, exact=exact)
    d, q = first_at_least(scan, p)  # the last scanned difficulty has P = 1
    nxt = fate_probability(rating, d + 1, objective, n, margin, exact=exact)
    return FateSolved("difficulty", rating, d, 0, objective, p, True, q, nxt, n, exact)


def solve_fate_rating(
    difficulty, at_least, objective: str = "success", *, dice=None, exact=False, rules=None
) -> FateSolved:
    """The lowest rating that reaches ``objective`` at ``difficulty`` with ``P >= at_least``.

    Examples
    --------
    >>> r = solve_fate_rating("Fair", 0.75, exact=True)
    >>> r.rating, r.p_reached
    (4, Fraction(22, 27))
    """
    rules, n, margin = _check(objective, dice, exact, rules)
    difficulty = ladder_value(difficulty, "difficulty")
    p = check_probability("at_least", at_least)
    low = difficulty + margin - n  # the lowest rating where the outcome can happen
    scan = [(r, fate_probability(r, difficulty, objective, n, margin, exact=exact))
            for r in range(low, difficulty + margin + n + 1)]  # fmt: skip
    r, q = first_at_least(scan, p)  # the last scanned rating has P = 1
    nxt = fate_probability(r - 1, difficulty, objective, n, margin, exact=exact)
    return FateSolved("rating", r, difficulty, 0, objective, p, True, q, nxt, n, exact)


def solve_fate_invokes(
    rating,
    difficulty,
    at_least,
    objective: str = "success",
    *,
    dice=None,
    invokes_limit: int | None = None,
    exact=False,
    rules=None,
) -> FateSolved:
    """The fewest invokes (+2 or a reroll each, spent optimally) that bring
    ``objective`` to ``P >= at_least`` for ``rating`` at ``difficulty``.

    One backward induction answers every number of invokes up to
    ``invokes_limit`` (default and cap: ``fate.LIMITS["invokes"]``, 20); the
    answer is the first that reaches the wish.

    Examples
    --------
    >>> r = solve_fate_invokes(0, 2, 0.5, exact=True)
    >>> r.invokes, r.p_reached, r.p_next
    (2, Fraction(158147, 177147), Fraction(2761, 6561))
    """
    rules, n, margin = _check(objective, dice, exact, rules)
    LIMITS["invoke dice"].check(n, name="dice")
    rating = ladder_value(rating, "rating")
    difficulty = ladder_value(difficulty, "difficulty")
    p = check_probability("at_least", at_least)
    top = LIMITS["invokes"].hi
    if invokes_limit is not None:
        top = LIMITS["invokes"].check(invokes_limit, name="invokes_limit")
    reach = reach_by_invokes(difficulty + margin - rating, top, fate_dice(n, exact=exact), exact)
    scan = [(k, pk) for k, (pk, _) in enumerate(reach)]
    hit = first_at_least(scan, p)
    if hit is None:
        return FateSolved(
            "invokes", rating, difficulty, None, objective, p, False, scan[-1][1], None, n, exact
        )
    k, q = hit
    nxt = scan[k - 1][1] if k else None
    return FateSolved("invokes", rating, difficulty, k, objective, p, True, q, nxt, n, exact)
