"""Fate Accelerated (FAE): 4dF odds, actions, invokes, challenges, contests, the Deck of Fate.

Everything here is exact when asked (``exact=True``: :class:`fractions.Fraction`
probabilities, Python ints throughout) and float64 otherwise; float results
agree with exact ones to 1e-12. Distributions are :class:`~dicestats.core.dist.Dist`;
categorical outcomes are frozen dataclasses with ``.as_dict()`` whose
probabilities sum to 1 (never a category hidden in a sentinel integer).

Public API
----------
Dice and the ladder
    :func:`fate_dice` (NdF by convolution), :func:`parse_faces`,
    :func:`dice_total` (totals ``"−+0+"``-style faces, seed 001's examples),
    :data:`LADDER`, :func:`ladder_name`, :data:`APPROACHES`,
    :data:`DEFAULT_APPROACH_SPREAD`, :data:`OUTCOMES`.
Resolving an action
    :func:`shifts` (Dist of total − opposition), :func:`outcome_probs`
    (→ :class:`Outcome`: fail / tie / success / style, a partition),
    :func:`classify`, :func:`outcome_table` (records or a pandas DataFrame over
    bonuses × difficulties, for tables and plots).
What each action yields
    :func:`create_advantage`, :func:`overcome`, :func:`attack`, :func:`defend`.
Invoking aspects
    :func:`invoke_policy` (→ :class:`InvokePolicy`: the exact optimal policy
    for k invokes, +2 or reroll or keep, against "always +2", "only rerolls"
    and "never invoke", with a designer-readable policy table; optionally a
    value on saved points), :func:`invoke_vs_opposition`.
Challenges, contests, conflicts
    :func:`challenge` (→ :class:`ChallengeResult`), :func:`exchange_probs`,
    :func:`contest` (→ :class:`ContestResult`, two or more participants, an
    absorbing chain from :func:`dicestats.core.markov.build`), :func:`turn_order`.
The Deck of Fate (81 cards, one per ordered face combination)
    :func:`deck_counts`, :func:`totals_where`, :func:`deck_sequence_prob`,
    :func:`dice_sequence_prob`, :func:`deck_streak_prob`,
    :func:`dice_streak_prob`, :func:`deck_sum_var`, :func:`dice_sum_var`,
    :func:`deck_sum_dist`, :func:`deck_vs_dice`.

Conventions: ``bonus`` is everything added to the dice (approach rating,
stunts, invoked aspects); ``helpers`` adds +1 each; a fixed ``difficulty`` or
an active opposition ``opposed`` (the other side's bonus; it rolls its own
dice) is compared with the total. ``shifts = total − opposition``; fail < 0,
tie = 0, success 1..2, success with style ≥ 3.

Examples
--------
>>> from dicestats import fate
>>> fate.fate_dice(exact=True).weights
(1, 4, 10, 16, 19, 16, 10, 4, 1)
>>> fate.dice_total("−+0+")
1
>>> o = fate.outcome_probs(bonus=2, difficulty=2, exact=True)
>>> o.tie, o.p_success_or_better
(Fraction(19, 81), Fraction(31, 81))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from .core.checks import check_bool, check_choice, check_int, check_int_list, check_real
from .core.dist import Dist, convolve_int

__all__ = [
    "APPROACHES",
    "DEFAULT_APPROACH_SPREAD",
    "LADDER",
    "OUTCOMES",
    "ChallengeResult",
    "ContestResult",
    "InvokePolicy",
    "Outcome",
    "attack",
    "challenge",
    "classify",
    "contest",
    "create_advantage",
    "deck_counts",
    "deck_sequence_prob",
    "deck_streak_prob",
    "deck_sum_dist",
    "deck_sum_var",
    "deck_vs_dice",
    "defend",
    "dice_sequence_prob",
    "dice_streak_prob",
    "dice_sum_var",
    "dice_total",
    "exchange_probs",
    "fate_dice",
    "invoke_policy",
    "invoke_vs_opposition",
    "ladder_name",
    "outcome_probs",
    "outcome_table",
    "overcome",
    "parse_faces",
    "shifts",
    "totals_where",
    "turn_order",
]

#: The four outcomes, in order (seed 000/001: 失敗, 平手, 成功, 絕妙的成功).
OUTCOMES = ("fail", "tie", "success", "style")

#: The Fate ladder (English names; the seed texts do not print the ladder).
LADDER = {
    8: "Legendary",
    7: "Epic",
    6: "Fantastic",
    5: "Superb",
    4: "Great",
    3: "Good",
    2: "Fair",
    1: "Average",
    0: "Mediocre",
    -1: "Poor",
    -2: "Terrible",
}

#: FAE's default spread of approach ratings (not in the seed texts).
DEFAULT_APPROACH_SPREAD = (3, 2, 2, 1, 1, 0)

#: The six FAE approaches, English name → the seed's name (seed 000/001).
APPROACHES = {
    "careful": "謹慎",
    "clever": "機靈",
    "flashy": "花俏",
    "forceful": "猛烈",
    "quick": "迅速",
    "sneaky": "鬼祟",
}

# Glyphs a Fate die face may be written with (seed 001 uses full-width ones).
_GLYPHS = {
    "+": 1,
    "＋": 1,
    "-": -1,
    "−": -1,
    "－": -1,
    "–": -1,
    "0": 0,
    "０": 0,
    "□": 0,
}

_MAX_DICE = 200
_BIG = 10_000  # bound on bonuses / difficulties: catches nonsense, not designs


# --------------------------------------------------------------------------
# Dice, faces and the ladder
# --------------------------------------------------------------------------
def fate_dice(n: int = 4, *, exact: bool = False) -> Dist:
    """The sum of ``n`` Fate dice (NdF), by convolution.

    Parameters
    ----------
    n : int, default 4
        Number of dice, 1..200 (FAE always rolls four).
    exact : bool
        Fractions (exact) or float64.

    Examples
    --------
    >>> fate_dice(4, exact=True).pmf(0)
    Fraction(19, 81)
    >>> fate_dice(2).support()
    (-2, 2)
    """
    n = check_int("dice", n, 1, _MAX_DICE)
    check_bool("exact", exact)
    return _fate_dice(n, exact)


@lru_cache(maxsize=64)
def _fate_dice(n: int, exact: bool) -> Dist:
    return n @ Dist.fudge(exact=exact)


def parse_faces(faces) -> tuple[int, ...]:
    """Fate die faces as a tuple of -1/0/+1.

    Accepts a string of glyphs (``"+"``, ``"-"``, ``"−"``, ``"0"``, the
    full-width ``"＋"``, ``"－"``, ``"０"`` of seed 001, ``"□"`` for a blank;
    whitespace is ignored) or an iterable of such glyphs and/or the ints
    -1, 0, 1.

    Examples
    --------
    >>> parse_faces("－＋０＋")
    (-1, 1, 0, 1)
    >>> parse_faces([1, "-", 0])
    (1, -1, 0)
    """
    if isinstance(faces, str):
        items = [c for c in faces if not c.isspace()]
    elif isinstance(faces, Iterable):
        items = list(faces)
    else:
        raise TypeError(f"faces must be a string or a sequence of faces, got {faces!r}")
    out = []
    for i, f in enumerate(items):
        if isinstance(f, str):
            s = f.strip()
            if s not in _GLYPHS:
                raise ValueError(
                    f"faces[{i}] must be one of '+', '-', '−', '0' (or -1, 0, 1), got {f!r}"
                )
            out.append(_GLYPHS[s])
        else:
            out.append(check_int(f"faces[{i}]", f, -1, 1))
    if not out:
        raise ValueError("faces must hold at least one die face")
    return tuple(out)


def dice_total(faces) -> int:
    """The total of concrete Fate dice faces (see :func:`parse_faces`).

    Examples
    --------
    Seed 001's four examples:

    >>> [dice_total(s) for s in ("−+0+", "+−00", "+++−", "−000")]
    [1, 0, 2, -1]
    """
    return sum(parse_faces(faces))


def ladder_name(value: int) -> str:
    """The Fate ladder name of a rating or result, e.g. ``"Good (+3)"``.

    Values beyond the ladder (above +8, below −2) are shown as the number
    only.

    Examples
    --------
    >>> ladder_name(3), ladder_name(-2), ladder_name(9)
    ('Good (+3)', 'Terrible (-2)', '+9')
    """
    value = check_int("value", value)
    num = f"{value:+d}"
    name = LADDER.get(value)
    return f"{name} ({num})" if name else num


# --------------------------------------------------------------------------
# Resolving an action
# --------------------------------------------------------------------------
def classify(shift: int) -> str:
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
    return "success" if shift < 3 else "style"


def _check_common(bonus, helpers, max_helpers, dice, exact) -> tuple[int, int, int]:
    bonus = check_int("bonus", bonus, -_BIG, _BIG)
    if max_helpers is not None:
        max_helpers = check_int("max_helpers", max_helpers, 0)
    helpers = check_int("helpers", helpers, 0, max_helpers)
    dice = check_int("dice", dice, 1, _MAX_DICE)
    check_bool("exact", exact)
    return bonus, helpers, dice


def shifts(
    bonus: int = 0,
    *,
    difficulty: int | None = None,
    opposed: int | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int = 4,
    opposed_dice: int | None = None,
    exact: bool = False,
) -> Dist:
    """The distribution of shifts: your total minus the opposition.

    Parameters
    ----------
    bonus : int
        Approach rating plus every other bonus (stunts +2, invoked aspects +2).
    difficulty : int, optional
        A fixed difficulty. Give exactly one of ``difficulty`` and ``opposed``.
    opposed : int, optional
        Active opposition: the other side rolls its own dice plus this bonus.
    helpers : int
        Allies who help: +1 each (at most ``max_helpers`` when given).
    max_helpers : int, optional
        The GM's cap on helpers; more raises ``ValueError``.
    dice, opposed_dice : int
        Dice rolled by you (default 4) and by the opposition (default: ``dice``).
    exact : bool
        Fractions or float64.

    Examples
    --------
    >>> shifts(1, difficulty=2, exact=True).support()
    (-5, 3)
    >>> shifts(0, opposed=0, exact=True).pmf(0)  # 8dF shows 0: 1107/6561
    Fraction(41, 243)
    """
    bonus, helpers, dice = _check_common(bonus, helpers, max_helpers, dice, exact)
    if (difficulty is None) == (opposed is None):
        raise ValueError("give exactly one of difficulty (fixed) and opposed (active opposition)")
    mine = fate_dice(dice, exact=exact) + (bonus + helpers)
    if difficulty is not None:
        difficulty = check_int("difficulty", difficulty, -_BIG, _BIG)
        return mine - difficulty
    opposed = check_int("opposed", opposed, -_BIG, _BIG)
    odice = dice if opposed_dice is None else check_int("opposed_dice", opposed_dice, 1, _MAX_DICE)
    return mine - (fate_dice(odice, exact=exact) + opposed)


@dataclass(frozen=True)
class Outcome:
    """Probabilities of the four outcomes (a partition: they sum to 1).

    ``success`` is 1..2 shifts only; ``style`` is 3 or more.
    """

    fail: object
    tie: object
    success: object
    style: object

    @property
    def p_success_or_better(self):
        """P(success) + P(success with style).

        >>> outcome_probs(0, difficulty=0, exact=True).p_success_or_better  # 4dF >= 1
        Fraction(31, 81)
        """
        return self.success + self.style

    @property
    def p_tie_or_better(self):
        """P(tie) + P(success) + P(success with style).

        >>> outcome_probs(0, difficulty=0, exact=True).p_tie_or_better  # 4dF >= 0
        Fraction(50, 81)
        """
        return self.tie + self.success + self.style

    def as_dict(self) -> dict:
        """``{"fail": p, "tie": p, "success": p, "style": p}``.

        >>> list(outcome_probs(0, difficulty=0).as_dict())
        ['fail', 'tie', 'success', 'style']
        """
        return {k: getattr(self, k) for k in OUTCOMES}

    @classmethod
    def from_shifts(cls, d: Dist) -> Outcome:
        """Classify a distribution of shifts.

        Examples
        --------
        >>> Outcome.from_shifts(Dist({-1: 1, 0: 1, 1: 1, 3: 1}, exact=True)).tie
        Fraction(1, 4)
        """
        return cls(d.cdf(-1), d.pmf(0), d.pmf(1) + d.pmf(2), d.p_ge(3))


def outcome_probs(
    bonus: int = 0,
    *,
    difficulty: int | None = None,
    opposed: int | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int = 4,
    opposed_dice: int | None = None,
    exact: bool = False,
) -> Outcome:
    """P(fail), P(tie), P(success), P(success with style) for one roll.

    Parameters are those of :func:`shifts`.

    Examples
    --------
    >>> o = outcome_probs(bonus=3, difficulty=2, exact=True)
    >>> o.as_dict()
    {'fail': Fraction(5, 27), 'tie': Fraction(16, 81), 'success': Fraction(35, 81), \
'style': Fraction(5, 27)}
    >>> sum(o.as_dict().values())
    Fraction(1, 1)
    """
    d = shifts(
        bonus,
        difficulty=difficulty,
        opposed=opposed,
        helpers=helpers,
        max_helpers=max_helpers,
        dice=dice,
        opposed_dice=opposed_dice,
        exact=exact,
    )
    return Outcome.from_shifts(d)


def outcome_table(
    bonuses: Iterable[int] = range(0, 4),
    difficulties: Iterable[int] = range(-2, 7),
    *,
    dice: int = 4,
    helpers: int = 0,
    exact: bool = False,
    as_frame: bool = False,
):
    """Outcome probabilities over bonuses × difficulties, one record per pair.

    Each record: ``bonus``, ``difficulty``, ``difficulty_name`` (ladder),
    ``fail``, ``tie``, ``success``, ``style``, ``p_success_or_better``,
    ``p_tie_or_better``, ``mean_shifts``.

    Parameters
    ----------
    bonuses, difficulties : iterables of int
    dice, helpers : int
    exact : bool
    as_frame : bool
        Return a pandas DataFrame (pandas imported lazily) instead of a list
        of dicts.

    Examples
    --------
    >>> rows = outcome_table([0, 1], [0], exact=True)
    >>> [(r["bonus"], r["difficulty_name"], r["tie"]) for r in rows]
    [(0, 'Mediocre (+0)', Fraction(19, 81)), (1, 'Mediocre (+0)', Fraction(16, 81))]
    """
    bonuses = check_int_list("bonuses", bonuses, -_BIG, _BIG)
    difficulties = check_int_list("difficulties", difficulties, -_BIG, _BIG)
    check_bool("as_frame", as_frame)
    rows = []
    for b in bonuses:
        for d in difficulties:
            sh = shifts(b, difficulty=d, helpers=helpers, dice=dice, exact=exact)
            o = Outcome.from_shifts(sh)
            rows.append(
                {
                    "bonus": b,
                    "difficulty": d,
                    "difficulty_name": ladder_name(d),
                    **o.as_dict(),
                    "p_success_or_better": o.p_success_or_better,
                    "p_tie_or_better": o.p_tie_or_better,
                    "mean_shifts": sh.mean(),
                }
            )
    if as_frame:
        import pandas as pd

        return pd.DataFrame.from_records(rows)
    return rows


# --------------------------------------------------------------------------
# What each action yields
# --------------------------------------------------------------------------
def _roll_kwargs(kw: dict) -> Outcome:
    return outcome_probs(**kw)


def _num(x, exact):
    return Fraction(x) if exact else float(x)


def create_advantage(
    bonus: int = 0,
    *,
    aspect: str = "new",
    fail_option: str = "nothing",
    exact: bool = False,
    **roll,
) -> dict:
    """What a create-advantage roll yields (seed 000/001, 製造優勢).

    Parameters
    ----------
    bonus : int
    aspect : {"new", "reveal", "known"}
        Create a new situation aspect, reveal an existing one, or gain an
        advantage on an aspect you already know.
    fail_option : {"nothing", "opposition_invokes"}
        On a failure to create/reveal, either nothing happens or the aspect
        exists but an opponent gets one free invoke (seed: 某個對手可免費援引).
    **roll
        ``difficulty`` or ``opposed``, ``helpers``, ``dice``, … as in
        :func:`shifts`.

    Returns
    -------
    dict
        ``free_invokes``: Dist of your free invokes (0, 1, 2; a boost counts
        as one); ``expected_free_invokes``; ``p_aspect`` (the aspect exists
        afterwards: created/revealed, or already known); ``p_boost`` (you get
        only a boost: a tie when creating a new aspect);
        ``expected_opposition_invokes``; ``outcome`` (the :class:`Outcome`).

    Examples
    --------
    >>> r = create_advantage(2, difficulty=2, exact=True)
    >>> r["expected_free_invokes"], r["p_boost"]
    (Fraction(55, 81), Fraction(19, 81))
    """
    check_choice("aspect", aspect, ("new", "reveal", "known"))
    check_choice("fail_option", fail_option, ("nothing", "opposition_invokes"))
    o = _roll_kwargs({"bonus": bonus, "exact": exact, **roll})
    zero = _num(0, exact)
    tie_invokes = 1  # new: a boost (one free invoke); reveal: as success; known: 1
    p_boost = o.tie if aspect == "new" else zero
    if aspect == "known":
        p_aspect = _num(1, exact)
    elif aspect == "new":
        p_aspect = o.success + o.style
    else:
        p_aspect = o.tie + o.success + o.style
    if fail_option == "opposition_invokes" and aspect != "known":
        p_aspect = p_aspect + o.fail
        opp = o.fail
    else:
        opp = zero
    weights = {0: o.fail, 1: o.tie * tie_invokes + o.success, 2: o.style}
    inv = Dist(weights, exact=exact)
    return {
        "free_invokes": inv,
        "expected_free_invokes": inv.mean(),
        "p_aspect": p_aspect,
        "p_boost": p_boost,
        "expected_opposition_invokes": opp,
        "outcome": o,
    }


def overcome(bonus: int = 0, *, exact: bool = False, **roll) -> dict:
    """What an overcome roll yields (seed: 克服).

    Returns
    -------
    dict
        ``p_fail`` (fail, or succeed at a serious cost), ``p_minor_cost``
        (tie: succeed at a minor cost), ``p_clean_success`` (success or
        style), ``p_goal`` (the goal is reached, a tie's minor cost included),
        ``p_boost`` (success with style), ``outcome``.

    Examples
    --------
    >>> overcome(1, difficulty=1, exact=True)["p_goal"]
    Fraction(50, 81)
    """
    o = _roll_kwargs({"bonus": bonus, "exact": exact, **roll})
    return {
        "p_fail": o.fail,
        "p_minor_cost": o.tie,
        "p_clean_success": o.p_success_or_better,
        "p_goal": o.p_tie_or_better,
        "p_boost": o.style,
        "outcome": o,
    }


def attack(bonus: int = 0, *, trade_for_boost: bool = False, exact: bool = False, **roll) -> dict:
    """What an attack yields: stress dealt and boosts (seed: 攻擊).

    A success deals ``shifts`` stress; a tie deals none but gives a boost; a
    success with style may trade one shift for a boost
    (``trade_for_boost=True`` always takes that trade).

    Returns
    -------
    dict
        ``stress``: Dist of stress dealt (0 on a fail or a tie);
        ``expected_stress``; ``p_hit``; ``p_boost``; ``outcome``.

    Examples
    --------
    >>> a = attack(0, difficulty=0, exact=True)
    >>> a["expected_stress"], a["p_boost"]
    (Fraction(52, 81), Fraction(19, 81))
    """
    check_bool("trade_for_boost", trade_for_boost)
    sh = shifts(bonus, exact=exact, **roll)
    stress = sh.map(lambda s: 0 if s <= 0 else (s - 1 if trade_for_boost and s >= 3 else s))
    o = Outcome.from_shifts(sh)
    p_boost = o.tie + (o.style if trade_for_boost else 0)
    return {
        "stress": stress,
        "expected_stress": stress.mean(),
        "p_hit": o.p_success_or_better,
        "p_boost": p_boost,
        "outcome": o,
    }


def defend(bonus: int = 0, *, exact: bool = False, **roll) -> dict:
    """What a defence yields (seed: 防禦), from the defender's roll.

    ``difficulty`` / ``opposed`` is the attacker's total / bonus.

    Returns
    -------
    dict
        ``p_opponent_gets_result`` (the defender fails); ``p_tie`` (seed 001's
        summary: what happens follows the opponent's action); ``p_denied``
        (success or style: seed 001's summary says the opponent does not get
        what they wanted); ``p_holds`` (tie or success: the detailed text's
        "not too bad for you"); ``p_boost`` (success with style: the opponent
        fails and you get a boost); ``outcome``.

    Examples
    --------
    Defending at +2 against an attack that totals Good (+3): the attack lands
    when 4dF + 2 < 3 (50 of 81 rolls); a boost needs 4dF + 2 - 3 >= 3 (1 roll).

    >>> d = defend(2, difficulty=3, exact=True)
    >>> d["p_opponent_gets_result"], d["p_boost"]
    (Fraction(50, 81), Fraction(1, 81))
    """
    o = _roll_kwargs({"bonus": bonus, "exact": exact, **roll})
    return {
        "p_opponent_gets_result": o.fail,
        "p_tie": o.tie,
        "p_denied": o.success + o.style,
        "p_holds": o.tie + o.success,
        "p_boost": o.style,
        "outcome": o,
    }


# --------------------------------------------------------------------------
# The optimal invoke policy
# --------------------------------------------------------------------------
_TARGET_MARGIN = {"tie": 0, "success": 1, "style": 3}


@dataclass(frozen=True)
class InvokePolicy:
    """The result of :func:`invoke_policy`.

    Attributes
    ----------
    p_optimal : the best probability of reaching the target with the invokes.
    p_always_plus2 : the best with +2 invokes only (never reroll).
    p_reroll_only : the best with rerolls only.
    p_never : never invoking.
    need : the dice total that reaches the target without invokes.
    table : list of dicts, one per (dice total shown, invokes left): the
        optimal ``plan`` after seeing that roll ("keep", "+2", "+2 +2",
        "reroll", ...), ``p`` the success probability from there and
        ``expected_spent`` the invokes it spends on average.
    point_value : the value given to an unspent invoke.
    value_optimal : ``P(reach) + point_value * E[invokes left]`` at the optimum.
    spent_optimal, spent_always_plus2, spent_reroll_only : expected invokes
        each policy spends.
    """

    objective: str
    bonus: int
    difficulty: int
    invokes: int
    dice: int
    need: int
    p_optimal: object
    p_always_plus2: object
    p_reroll_only: object
    p_never: object
    table: tuple = field(repr=False)
    point_value: object = 0
    value_optimal: object = None
    spent_optimal: object = None
    spent_always_plus2: object = None
    spent_reroll_only: object = None

    def as_dict(self) -> dict:
        """All fields as a plain dict (``table`` as a list of dicts).

        >>> d = invoke_policy(0, 2, invokes=1, exact=True).as_dict()
        >>> d["p_never"], len(d["table"])
        (Fraction(5, 81), 9)
        """
        return {
            "objective": self.objective,
            "bonus": self.bonus,
            "difficulty": self.difficulty,
            "invokes": self.invokes,
            "dice": self.dice,
            "need": self.need,
            "p_optimal": self.p_optimal,
            "p_always_plus2": self.p_always_plus2,
            "p_reroll_only": self.p_reroll_only,
            "p_never": self.p_never,
            "point_value": self.point_value,
            "value_optimal": self.value_optimal,
            "spent_optimal": self.spent_optimal,
            "spent_always_plus2": self.spent_always_plus2,
            "spent_reroll_only": self.spent_reroll_only,
            "table": [dict(r) for r in self.table],
        }

    def plan(self, roll: int, invokes: int | None = None) -> str:
        """The optimal plan after seeing dice total ``roll`` with ``invokes`` left.

        >>> invoke_policy(0, 2, invokes=2).plan(0)
        '+2 +2'
        """
        k = self.invokes if invokes is None else check_int("invokes", invokes, 0, self.invokes)
        for r in self.table:
            if r["roll"] == roll and r["invokes_left"] == k:
                return r["plan"]
        raise ValueError(f"roll must be a dice total in -{self.dice}..{self.dice}, got {roll}")

    def format(self) -> str:
        """The policy as a text grid: rows = dice total shown, columns = invokes left.

        Examples
        --------
        Bonus +0 against Fair (+2): the dice must show +3 to succeed.

        >>> print(invoke_policy(0, 2, invokes=2).format())
        roll  k=1     k=2
          +4  keep    keep
          +3  keep    keep
          +2  +2      +2
          +1  +2      +2
          +0  reroll  +2 +2
          -1  reroll  +2 +2
          -2  reroll  reroll
          -3  reroll  reroll
          -4  reroll  reroll
        """
        ks = list(range(1, self.invokes + 1))
        grid = {(r["roll"], r["invokes_left"]): r["plan"] for r in self.table}
        rows = [["roll"] + [f"k={k}" for k in ks]]
        for s in range(self.dice, -self.dice - 1, -1):
            rows.append([f"{s:+d}"] + [grid[(s, k)] for k in ks])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = []
        for r in rows:
            cells = [f"{r[0]:>{widths[0]}}"] + [
                f"{c:<{w}}" for c, w in zip(r[1:], widths[1:], strict=True)
            ]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


def _solve_invokes(
    dist: Dist, need: int, k_max: int, allowed: frozenset, exact: bool, point_value
) -> dict:
    """Backward induction over (dice total, +2s taken, invokes left).

    Stopping is worth ``[total reaches need] + point_value * invokes left``.
    Returns ``{(s, j, k): (value, p_reach, expected_spent, action)}``: among
    actions of equal value the one spending fewer invokes on average wins,
    then the order keep, +2, reroll.
    """
    items = dist.items()
    lo, hi = dist.support()
    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    tol = 0 if exact else 1e-12
    st: dict = {}
    for k in range(0, k_max + 1):
        for j in range(0, k_max - k + 1):
            # A reroll at (j, k) leads to (., j, k - 1): already solved.
            reroll = None
            if k and "reroll" in allowed:
                v = p = u = zero
                for s2, pr in items:
                    a = st[(s2, j, k - 1)]
                    v, p, u = v + pr * a[0], p + pr * a[1], u + pr * a[2]
                reroll = (v, p, u + 1, "reroll")
            for s in range(lo, hi + 1):
                reach = one if s + 2 * j >= need else zero
                cands = [(reach + point_value * k, reach, zero, "keep")]
                if k and "+2" in allowed:
                    a = st[(s, j + 1, k - 1)]
                    cands.append((a[0], a[1], a[2] + 1, "+2"))
                if reroll is not None:
                    cands.append(reroll)
                top = max(c[0] for c in cands)
                near = [c for c in cands if c[0] >= top - tol]
                least = min(c[2] for c in near)
                st[(s, j, k)] = next(c for c in near if c[2] <= least + tol)
    return st


def invoke_policy(
    bonus: int = 0,
    difficulty: int = 0,
    *,
    invokes: int = 1,
    objective: str = "success",
    target: int | None = None,
    point_value=0,
    dice: int = 4,
    exact: bool = False,
) -> InvokePolicy:
    """The exact optimal way to spend ``invokes`` invokes on one roll.

    After seeing the roll the player may stop, take **+2** (one invoke; adds 2
    to the total) or **reroll** all dice (one invoke; +2s already taken stay),
    and repeat while invokes remain. Dynamic programming over (dice total,
    +2s taken, invokes left) gives the best probability of reaching the
    target and the policy that reaches it. Among equally good actions the
    one that spends fewer invokes on average is chosen (then: keep, +2,
    reroll), so the plan also says when to save the point.

    With ``point_value > 0`` an unspent invoke is worth that much (in units
    of "reaching the target"), and the policy maximises
    ``P(reach) + point_value * E[invokes left]``: it then saves points on
    long shots. ``p_*`` stay success probabilities of each policy;
    ``value_optimal`` is the objective reached.

    Parameters
    ----------
    bonus, difficulty : int
        Everything added to the dice, and the fixed difficulty.
    invokes : int
        Invokes available (fate points or free invokes), 0..20.
    objective : {"success", "style", "tie"}
        Reach success or better (shifts ≥ 1), success with style (≥ 3) or at
        least a tie (≥ 0).
    target : int, optional
        A total to reach, overriding ``difficulty``/``objective``.
    point_value : number, default 0
        Value of keeping an invoke for later (0..1; a Fraction or int when
        exact).
    dice : int
    exact : bool

    Returns
    -------
    InvokePolicy
        ``p_optimal`` against ``p_always_plus2`` (best without rerolls),
        ``p_reroll_only`` and ``p_never``; the expected invokes each spends
        (``spent_*``); the policy table.

    Examples
    --------
    >>> pol = invoke_policy(0, 2, invokes=1, exact=True)
    >>> pol.p_never, pol.p_always_plus2, pol.p_optimal
    (Fraction(5, 81), Fraction(31, 81), Fraction(2761, 6561))
    >>> pol.plan(-1)
    'reroll'

    A reroll from -2 succeeds with 5/81: worth it when the point is worth
    nothing, not when a saved point is worth 0.3 of a success:

    >>> invoke_policy(0, 2, invokes=1).plan(-2)
    'reroll'
    >>> invoke_policy(0, 2, invokes=1, point_value=0.3).plan(-2)
    'keep'
    """
    bonus = check_int("bonus", bonus, -_BIG, _BIG)
    difficulty = check_int("difficulty", difficulty, -_BIG, _BIG)
    invokes = check_int("invokes", invokes, 0, 20)
    check_choice("objective", objective, tuple(_TARGET_MARGIN))
    dice = check_int("dice", dice, 1, 50)
    check_bool("exact", exact)
    if target is None:
        total_needed = difficulty + _TARGET_MARGIN[objective]
    else:
        total_needed = check_int("target", target, -_BIG, _BIG)
        objective = "target"
    if exact:
        if isinstance(point_value, bool) or not isinstance(point_value, (int, Fraction)):
            raise TypeError(
                f"point_value must be an int or a Fraction when exact, got {point_value!r}"
            )
        point_value = Fraction(point_value)
        if not 0 <= point_value <= 1:
            raise ValueError(f"point_value must be a number in [0, 1], got {point_value}")
    else:
        point_value = check_real("point_value", point_value, 0, 1)
    need = total_needed - bonus
    dist = fate_dice(dice, exact=exact)
    zero = Fraction(0) if exact else 0.0
    results = {}
    for name, allowed in (
        ("optimal", frozenset({"+2", "reroll"})),
        ("plus2", frozenset({"+2"})),
        ("reroll", frozenset({"reroll"})),
        ("never", frozenset()),
    ):
        st = _solve_invokes(dist, need, invokes, allowed, exact, point_value)
        start = [st[(s, 0, invokes)] for s, _ in dist.items()]
        probs = [pr for _, pr in dist.items()]
        results[name] = tuple(
            sum((pr * a[i] for pr, a in zip(probs, start, strict=True)), zero) for i in range(3)
        ) + (st,)
    st = results["optimal"][3]
    table = []
    for k in range(1, invokes + 1):
        for s in range(-dice, dice + 1):
            steps, j, kk = [], 0, k
            while True:
                a = st[(s, j, kk)][3]
                if a == "keep":
                    break
                steps.append(a)
                if a == "reroll":
                    break
                j, kk = j + 1, kk - 1
            table.append(
                {
                    "roll": s,
                    "invokes_left": k,
                    "plan": " ".join(steps) if steps else "keep",
                    "p": st[(s, 0, k)][1],
                    "expected_spent": st[(s, 0, k)][2],
                }
            )
    return InvokePolicy(
        objective=objective,
        bonus=bonus,
        difficulty=difficulty if target is None else total_needed,
        invokes=invokes,
        dice=dice,
        need=need,
        p_optimal=results["optimal"][1],
        p_always_plus2=results["plus2"][1],
        p_reroll_only=results["reroll"][1],
        p_never=results["never"][1],
        table=tuple(table),
        point_value=point_value,
        value_optimal=results["optimal"][0],
        spent_optimal=results["optimal"][2],
        spent_always_plus2=results["plus2"][2],
        spent_reroll_only=results["reroll"][2],
    )


# invoke_vs_opposition sizes that stay within seconds (0.5 s float for dice=50,
# invokes=20 and one opposition total; 101 totals took a minute).
_INVOKE_OPP_MAX_WORK = 400_000
_INVOKE_OPP_MAX_WORK_EXACT = 40_000


def invoke_vs_opposition(
    bonus: int = 0,
    opposed: int = 0,
    *,
    invokes: int = 1,
    objective: str = "success",
    point_value=0,
    dice: int = 4,
    opposed_dice: int | None = None,
    exact: bool = False,
) -> dict:
    """:func:`invoke_policy` against an active opposition whose roll you have seen.

    The opposition rolls ``opposed_dice`` dF + ``opposed``; you see its total
    and then play the optimal policy against it (the opposition's own
    invokes are not modelled).

    Raises ``ValueError`` when ``(2·opposed_dice+1)·(2·dice+1)·(invokes+1)²``
    exceeds 400,000 (40,000 when exact): that would take minutes.

    Returns
    -------
    dict
        ``p_optimal``, ``p_always_plus2``, ``p_reroll_only``, ``p_never``,
        ``value_optimal`` and the ``spent_*`` expected invokes, averaged over
        the opposition's roll, and
        ``by_opposition``: ``{opposition dice total: InvokePolicy}``.

    Examples
    --------
    >>> r = invoke_vs_opposition(2, 2, invokes=0, exact=True)
    >>> r["p_never"] == outcome_probs(2, opposed=2, exact=True).p_success_or_better
    True
    """
    opposed = check_int("opposed", opposed, -_BIG, _BIG)
    dice = check_int("dice", dice, 1, 50)
    invokes = check_int("invokes", invokes, 0, 20)
    check_bool("exact", exact)
    odice = dice if opposed_dice is None else check_int("opposed_dice", opposed_dice, 1, 50)
    # One invoke_policy per opposition total, each O((2 dice + 1) (invokes + 1)^2).
    work = (2 * odice + 1) * (2 * dice + 1) * (invokes + 1) ** 2
    limit = _INVOKE_OPP_MAX_WORK_EXACT if exact else _INVOKE_OPP_MAX_WORK
    if work > limit:
        raise ValueError(
            f"dice={dice}, opposed_dice={odice} and invokes={invokes} need "
            f"(2·opposed_dice+1)·(2·dice+1)·(invokes+1)² = {work} steps, over the limit "
            f"{limit}{' in exact mode' if exact else ''}; use fewer dice or invokes"
        )
    odist = fate_dice(odice, exact=exact)
    zero = Fraction(0) if exact else 0.0
    keys = (
        "p_optimal",
        "p_always_plus2",
        "p_reroll_only",
        "p_never",
        "value_optimal",
        "spent_optimal",
        "spent_always_plus2",
        "spent_reroll_only",
    )
    out = dict.fromkeys(keys, zero)
    by = {}
    for o, q in odist.items():
        pol = invoke_policy(
            bonus,
            opposed + o,
            invokes=invokes,
            objective=objective,
            point_value=point_value,
            dice=dice,
            exact=exact,
        )
        by[o] = pol
        for k in keys:
            out[k] += q * getattr(pol, k)
    out["by_opposition"] = by
    return out


# --------------------------------------------------------------------------
# Challenges
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ChallengeResult:
    """The result of :func:`challenge`.

    Attributes
    ----------
    successes : Dist of the number of rolls that succeed.
    per_roll : tuple of each roll's success probability.
    p_all : P(every roll succeeds).
    p_at_least : dict ``{k: P(at least k succeed)}`` for k = 0..n.
    """

    successes: Dist
    per_roll: tuple
    p_all: object
    p_at_least: dict

    def as_dict(self) -> dict:
        """Plain dict; ``successes`` as ``{k: P(exactly k)}``.

        >>> challenge([0], 0, exact=True).as_dict()["successes"]
        {0: Fraction(50, 81), 1: Fraction(31, 81)}
        """
        return {
            "successes": dict(self.successes.items()),
            "per_roll": list(self.per_roll),
            "p_all": self.p_all,
            "p_at_least": dict(self.p_at_least),
        }


def challenge(
    difficulties: Sequence[int],
    bonuses: int | Sequence[int] = 0,
    *,
    count: str = "success",
    dice: int = 4,
    exact: bool = False,
) -> ChallengeResult:
    """A challenge: separate overcome rolls, each against its own difficulty.

    Parameters
    ----------
    difficulties : sequence of int
        One difficulty per roll.
    bonuses : int or sequence of int
        The roller's bonus for each roll (one int for all).
    count : {"success", "tie"}
        What counts as a success: success or better (default), or a tie or
        better (an overcome tie succeeds at a minor cost).
    dice : int
    exact : bool

    Examples
    --------
    >>> r = challenge([1, 2, 3], bonuses=2, exact=True)
    >>> r.p_all == r.per_roll[0] * r.per_roll[1] * r.per_roll[2]
    True
    >>> r.p_at_least[0]
    Fraction(1, 1)
    """
    diffs = check_int_list("difficulties", difficulties, -_BIG, _BIG)
    if isinstance(bonuses, (int, np.integer)) and not isinstance(bonuses, bool):
        bons = [check_int("bonuses", bonuses, -_BIG, _BIG)] * len(diffs)
    else:
        bons = check_int_list("bonuses", bonuses, -_BIG, _BIG)
        if len(bons) != len(diffs):
            raise ValueError(
                f"bonuses must be one int or one per roll ({len(diffs)}), got {len(bons)}"
            )
    check_choice("count", count, ("success", "tie"))
    per = []
    for b, d in zip(bons, diffs, strict=True):
        o = outcome_probs(b, difficulty=d, dice=dice, exact=exact)
        per.append(o.p_success_or_better if count == "success" else o.p_tie_or_better)
    succ = Dist.constant(0, exact=exact)
    for p in per:
        succ = succ + (Dist.bernoulli(p, exact=True) if exact else Dist.bernoulli(p))
    n = len(diffs)
    p_at_least = {k: succ.p_ge(k) for k in range(n + 1)}
    return ChallengeResult(succ, tuple(per), succ.pmf(n), p_at_least)


# --------------------------------------------------------------------------
# Contests
# --------------------------------------------------------------------------
def exchange_probs(
    bonuses: Sequence[int],
    *,
    dice: int = 4,
    style_margin: int = 3,
    tie: str = "highest",
    exact: bool = False,
) -> dict:
    """Outcome probabilities of one contest exchange among the participants.

    Every participant rolls ``dice`` dF + its bonus. The unique highest total
    wins the exchange: 2 victories if it beats every other total by
    ``style_margin`` or more (success with style), else 1. A tie for the
    highest: nobody scores (a twist). With ``tie="any"`` (a literal reading
    of the seed's "如果有平手", "if there is a tie") any two equal totals
    stop everyone scoring; it only differs with three or more participants.

    Returns
    -------
    dict
        ``{(i, v): p}`` for participant index ``i`` scoring ``v`` victories,
        plus ``"tie": p``. The probabilities sum to 1.

    Examples
    --------
    >>> e = exchange_probs([0, 0], exact=True)
    >>> e["tie"], e[(0, 2)]  # 8dF = 0: 1107/6561; 8dF >= 3: 927/6561
    (Fraction(41, 243), Fraction(103, 729))
    """
    bons = check_int_list("bonuses", bonuses, -_BIG, _BIG, min_len=2)
    dice = check_int("dice", dice, 1, 12)
    style_margin = check_int("style_margin", style_margin, 1)
    check_choice("tie", tie, ("highest", "any"))
    check_bool("exact", exact)
    n = len(bons)
    width = 2 * dice + 1
    if width**n > 2_000_000:
        raise ValueError(
            f"too many participants for exact enumeration: {n} participants with {dice} dice "
            f"give {width}**{n} joint rolls (limit 2,000,000)"
        )
    base = fate_dice(dice, exact=True)
    counts = [int(w) for w in base.weights]  # weights over 3**dice
    den = 3**dice
    totals = np.arange(-dice, dice + 1)
    grids = np.indices((width,) * n).reshape(n, -1)  # each column one joint roll
    tot = totals[grids] + np.asarray(bons)[:, None]
    big = den**n >= 2**62
    wdtype = object if big else np.int64
    warr = np.asarray(counts, dtype=wdtype)
    weight = np.ones(grids.shape[1], dtype=wdtype)
    for i in range(n):
        weight = weight * warr[grids[i]]
    order = np.sort(tot, axis=0)
    top, second = order[-1], order[-2]
    winner = np.argmax(tot, axis=0)
    unique = top > second
    if tie == "any" and n > 2:
        unique = unique & np.all(order[1:] != order[:-1], axis=0)
    style = unique & (top - second >= style_margin)
    out: dict = {}
    total_den = den**n
    for i in range(n):
        mine = unique & (winner == i)
        for v, mask in ((1, mine & ~style), (2, mine & style)):
            w = int(weight[mask].sum()) if mask.any() else 0
            out[(i, v)] = Fraction(w, total_den) if exact else w / total_den
    wt = int(weight[~unique].sum()) if (~unique).any() else 0
    out["tie"] = Fraction(wt, total_den) if exact else wt / total_den
    return out


# Contest sizes that stay within seconds (a CLI answer must not take minutes).
_CONTEST_MAX_STATES = 40_000
_CONTEST_MAX_STATES_EXACT = 10_000  # for two participants; × 4 / n² for n
_CONTEST_MAX_PMF_WORK_EXACT = 200_000


@dataclass(frozen=True)
class ContestResult:
    """The result of :func:`contest`.

    Attributes
    ----------
    p_win : tuple, P(participant i wins the contest), summing to 1.
    expected_exchanges, var_exchanges : mean and variance of the number of
        exchanges.
    exchanges_pmf : dict ``{n: P(exactly n exchanges)}`` for n = 1..max_exchanges.
    p_longer : P(more than max_exchanges exchanges) (ties can prolong a contest
        without bound, so the distribution has an infinite tail).
    exchange : the per-exchange probabilities of :func:`exchange_probs`.
    """

    bonuses: tuple
    victories: int
    p_win: tuple
    expected_exchanges: object
    var_exchanges: object
    exchanges_pmf: dict
    p_longer: object
    exchange: dict = field(repr=False)

    @property
    def p_lose(self):
        """P(the first participant loses): someone else wins.

        >>> contest([1, 1], exact=True).p_lose
        Fraction(1, 2)
        """
        return sum(self.p_win[1:], Fraction(0) if isinstance(self.p_win[0], Fraction) else 0.0)

    def as_dict(self) -> dict:
        """Plain dict (exchange outcomes keyed ``"i:v"`` and ``"tie"``).

        >>> sorted(contest([0, 0]).as_dict()["exchange"])
        ['0:1', '0:2', '1:1', '1:2', 'tie']
        """
        return {
            "bonuses": list(self.bonuses),
            "victories": self.victories,
            "p_win": self.p_win[0],
            "p_lose": self.p_lose,
            "p_win_each": list(self.p_win),
            "expected_exchanges": self.expected_exchanges,
            "var_exchanges": self.var_exchanges,
            "exchanges": dict(self.exchanges_pmf),
            "p_more_exchanges": self.p_longer,
            "exchange": {
                (f"{k[0]}:{k[1]}" if isinstance(k, tuple) else k): v
                for k, v in self.exchange.items()
            },
        }


def contest(
    bonuses: Sequence[int],
    *,
    victories: int = 3,
    style_victories: int = 2,
    dice: int = 4,
    tie: str = "highest",
    max_exchanges: int = 20,
    exact: bool = False,
) -> ContestResult:
    """A contest: exchanges until someone has ``victories`` victories.

    Each exchange follows :func:`exchange_probs` (the winner marks 1 victory,
    ``style_victories`` for success with style; a tie for the highest marks
    none). Solved exactly as an absorbing Markov chain over the victory
    counts (:func:`dicestats.core.markov.build`).

    Parameters
    ----------
    bonuses : sequence of int
        Each participant's bonus (two or more participants).
    victories : int
        Victories needed to win (FAE: 3).
    style_victories : int
        Victories for a success with style (FAE: 2; 1 turns the rule off).
    dice : int
    tie : {"highest", "any"}
        Which ties stop everyone scoring (see :func:`exchange_probs`).
    max_exchanges : int
        How far to list the distribution of the number of exchanges.
    exact : bool

    Raises
    ------
    ValueError
        If ``victories ** n`` (the number of chain states, n participants)
        exceeds 40,000 (40,000 / n² when exact), or, when exact, states × max_exchanges
        exceeds 200,000: such sizes would take minutes.

    Examples
    --------
    >>> c = contest([0, 0], exact=True)
    >>> c.p_win[0] == c.p_win[1] == Fraction(1, 2)
    True
    >>> round(float(c.expected_exchanges), 4)
    3.7482
    """
    bons = check_int_list("bonuses", bonuses, -_BIG, _BIG, min_len=2)
    victories = check_int("victories", victories, 1, 50)
    style_victories = check_int("style_victories", style_victories, 1, 50)
    max_exchanges = check_int("max_exchanges", max_exchanges, 1, 10_000)
    n = len(bons)
    # The chain has one transient state per vector of victory counts
    # (each 0..victories-1); refuse sizes that would take minutes.
    n_states = victories**n
    # Exact work grows with the moves per state and the size of the
    # Fractions (both with the participants): cap states × participants².
    limit = _CONTEST_MAX_STATES_EXACT * 4 // n**2 if exact else _CONTEST_MAX_STATES
    if n_states > limit:
        raise ValueError(
            f"victories={victories} with {n} participants gives {n_states} contest states "
            f"(limit {limit}{' in exact mode' if exact else ''}); lower victories or "
            "the number of participants" + ("" if not exact else ", or use float mode")
        )
    if exact and n_states * max_exchanges > _CONTEST_MAX_PMF_WORK_EXACT:
        raise ValueError(
            f"max_exchanges={max_exchanges} with {n_states} contest states is too much exact "
            f"work (states × max_exchanges must be <= {_CONTEST_MAX_PMF_WORK_EXACT}); "
            "lower max_exchanges or use float mode"
        )
    exch = exchange_probs(bons, dice=dice, tie=tie, exact=exact)
    moves = [((i, v), p) for (i, v), p in ((k, p) for k, p in exch.items() if k != "tie") if p]
    p_tie = exch["tie"]

    def step(state):
        if state[0] == "won":
            return None
        out: dict = {}
        if p_tie:
            out[state] = p_tie
        for (i, v), p in moves:
            new = list(state)
            new[i] = state[i] + (style_victories if v == 2 else 1)
            nxt = ("won", i) if new[i] >= victories else tuple(new)
            out[nxt] = out.get(nxt, 0) + p
        return out

    from .core.markov import build

    chain = build(tuple([0] * n), step, exact=exact)
    absorbed = chain.absorption()
    zero = Fraction(0) if exact else 0.0
    p_win = tuple(absorbed.get(("won", i), zero) for i in range(n))
    pmf = chain.steps_pmf(max_steps=max_exchanges)
    exchanges = {k: pmf[k] for k in range(1, len(pmf))}
    p_longer = (1 if exact else 1.0) - sum(exchanges.values(), zero)
    if not exact:
        p_longer = max(p_longer, 0.0)
    return ContestResult(
        bonuses=tuple(bons),
        victories=victories,
        p_win=p_win,
        expected_exchanges=chain.expected_steps(),
        var_exchanges=chain.var_steps(),
        exchanges_pmf=exchanges,
        p_longer=p_longer,
        exchange=exch,
    )


# --------------------------------------------------------------------------
# Conflict turn order
# --------------------------------------------------------------------------
_CONFLICT_APPROACH = {"physical": "quick", "mental": "careful"}


def turn_order(
    participants: Mapping,
    conflict: str = "physical",
    *,
    tiebreak: str | Callable = "given",
    npcs: Iterable | None = None,
    rng=None,
) -> list:
    """The order of turns in a conflict (seed: 決定順序). No dice involved.

    Physical conflicts compare Quick (迅速), mental ones Careful (謹慎);
    highest first.

    Parameters
    ----------
    participants : mapping
        ``name -> rating`` (an int) or ``name -> {approach: rating}``.
    conflict : {"physical", "mental"}
    tiebreak : {"given", "name", "approaches", "random"} or callable
        Ties: keep the given order; alphabetical; compare the other approach
        ratings sorted high to low (then given order); a seeded random
        order (``rng``); or ``key(name)``, higher first.
    npcs : iterable of names, optional
        The seed's GM shortcut: all these NPCs act together at the place of
        the best of them (keeping their relative order).
    rng : seed or Generator, for ``tiebreak="random"``.

    Examples
    --------
    >>> pcs = {"Ada": {"quick": 2, "careful": 1}, "Bo": {"quick": 3, "careful": 0},
    ...        "Cy": {"quick": 2, "careful": 3}}
    >>> turn_order(pcs, "physical")
    ['Bo', 'Ada', 'Cy']
    >>> turn_order(pcs, "mental")
    ['Cy', 'Ada', 'Bo']
    """
    if not isinstance(participants, Mapping) or not participants:
        raise TypeError("participants must be a non-empty mapping name -> rating or approaches")
    approach = _CONFLICT_APPROACH[check_choice("conflict", conflict, tuple(_CONFLICT_APPROACH))]
    names = list(participants)
    ratings = {}
    others = {}
    for name in names:
        v = participants[name]
        if isinstance(v, Mapping):
            lower = {str(k).lower(): check_int(f"{name}.{k}", r, -_BIG, _BIG) for k, r in v.items()}
            if approach not in lower:
                raise ValueError(f"participant {name!r} has no {approach!r} rating")
            ratings[name] = lower[approach]
            others[name] = tuple(
                sorted((r for k, r in lower.items() if k != approach), reverse=True)
            )
        else:
            ratings[name] = check_int(f"rating of {name!r}", v, -_BIG, _BIG)
            others[name] = ()
    pos = {n: i for i, n in enumerate(names)}
    if callable(tiebreak):
        key2 = {n: tiebreak(n) for n in names}
        order = sorted(names, key=lambda n: key2[n], reverse=True)
        order = sorted(order, key=lambda n: -ratings[n])  # stable: ties keep key order
    else:
        check_choice("tiebreak", tiebreak, ("given", "name", "approaches", "random"))
        if tiebreak == "given":
            order = sorted(names, key=lambda n: (-ratings[n], pos[n]))
        elif tiebreak == "name":
            order = sorted(names, key=lambda n: (-ratings[n], str(n)))
        elif tiebreak == "approaches":
            order = sorted(names, key=lambda n: (-ratings[n], tuple(-x for x in others[n]), pos[n]))
        else:
            u = np.random.default_rng(rng).random(len(names))
            order = sorted(names, key=lambda n: (-ratings[n], u[pos[n]]))
    if npcs is not None:
        group = set(npcs)
        unknown = group - set(names)
        if unknown:
            raise ValueError(f"npcs must be participants; unknown: {sorted(map(str, unknown))}")
        if group:
            first = next(i for i, n in enumerate(order) if n in group)
            grouped = [n for n in order if n in group]
            rest = [n for n in order if n not in group]
            order = rest[:first] + grouped + rest[first:]
    return order


# --------------------------------------------------------------------------
# The Deck of Fate
# --------------------------------------------------------------------------
def deck_counts(dice: int = 4, copies: int = 1) -> dict:
    """Cards per total in a Deck of Fate: one card per ordered face combination.

    Examples
    --------
    >>> deck_counts()
    {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
    >>> sum(deck_counts(copies=2).values())
    162
    """
    dice = check_int("dice", dice, 1, 8)
    copies = check_int("copies", copies, 1, 100)
    c = [1]
    for _ in range(dice):
        c = convolve_int(c, [1, 1, 1])
    return {t - dice: copies * w for t, w in enumerate(c)}


def totals_where(
    outcome: str | Iterable[str], bonus: int = 0, difficulty: int = 0, *, dice: int = 4
) -> frozenset:
    """The dice totals (card totals) that give ``outcome`` at this bonus/difficulty.

    ``outcome`` is one of fail/tie/success/style or an iterable of them, or
    ``"success_or_better"`` / ``"tie_or_better"``.

    Examples
    --------
    >>> sorted(totals_where("fail", bonus=1, difficulty=2))
    [-4, -3, -2, -1, 0]
    """
    groups = {
        "success_or_better": ("success", "style"),
        "tie_or_better": ("tie", "success", "style"),
    }
    names = (outcome,) if isinstance(outcome, str) else tuple(outcome)
    wanted = set()
    for n in names:
        if n in groups:
            wanted.update(groups[n])
        else:
            wanted.add(check_choice("outcome", n, OUTCOMES + tuple(groups)))
    bonus = check_int("bonus", bonus, -_BIG, _BIG)
    difficulty = check_int("difficulty", difficulty, -_BIG, _BIG)
    dice = check_int("dice", dice, 1, 8)
    return frozenset(
        t for t in range(-dice, dice + 1) if classify(t + bonus - difficulty) in wanted
    )


def _check_events(events, dice) -> list[frozenset]:
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise TypeError("events must be a sequence of sets of card totals")
    out = []
    for i, e in enumerate(events):
        if isinstance(e, (str, bytes)) or not isinstance(e, Iterable):
            raise TypeError(f"events[{i}] must be a set of card totals, got {e!r}")
        out.append(frozenset(check_int(f"events[{i}]", t, -dice, dice) for t in e))
    if not out:
        raise ValueError("events must hold at least one draw")
    return out


def _segments(m: int, start: int, reshuffle_at: int) -> list[int]:
    """Split m draws into runs between reshuffles."""
    segs = []
    pos = start % reshuffle_at
    left = m
    while left:
        take = min(left, reshuffle_at - pos)
        segs.append(take)
        left -= take
        pos = 0
    return segs


def _deck_args(dice, copies, start, reshuffle_at):
    dice = check_int("dice", dice, 1, 8)
    copies = check_int("copies", copies, 1, 100)
    size = copies * 3**dice
    if reshuffle_at is None:
        reshuffle_at = size
    reshuffle_at = check_int("reshuffle_at", reshuffle_at, 1, size)
    start = check_int("start", start, 0, reshuffle_at - 1)
    return dice, copies, size, start, reshuffle_at


def _segment_count(counts: dict, events: list[frozenset]) -> tuple[int, int]:
    """Ordered draws (distinct cards) matching each event in turn / all ordered draws.

    Dynamic programming over how many cards of each class have been drawn,
    with classes = the cells of the partition of totals that the events
    induce (multivariate hypergeometric, never 81! orderings).
    """
    totals = sorted(counts)
    sig = {t: tuple(t in e for e in events) for t in totals}
    cells: dict = {}
    for t in totals:
        cells.setdefault(sig[t], 0)
        cells[sig[t]] += counts[t]
    keys = list(cells)
    sizes = [cells[k] for k in keys]
    states = {tuple([0] * len(keys)): 1}
    for i, _e in enumerate(events):
        nxt: dict = {}
        for st, ways in states.items():
            for c, key in enumerate(keys):
                if not key[i]:
                    continue
                left = sizes[c] - st[c]
                if left <= 0:
                    continue
                ns = st[:c] + (st[c] + 1,) + st[c + 1 :]
                nxt[ns] = nxt.get(ns, 0) + ways * left
        states = nxt
        if not states:
            break
    num = sum(states.values())
    size = sum(sizes)
    den = math.perm(size, len(events))
    return num, den


def deck_sequence_prob(
    events,
    *,
    dice: int = 4,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
):
    """P(the next draws from a Deck of Fate fall in ``events[0]``, ``events[1]``, …).

    Draws are without replacement. Cards already drawn since the shuffle but
    not seen (``start`` of them) do not change the odds (exchangeability);
    they only move the reshuffle point: the deck is reshuffled once
    ``reshuffle_at`` cards (default: the whole deck) have been drawn, and draws
    on either side of a reshuffle are independent.

    Parameters
    ----------
    events : sequence of sets of int
        For each draw, the card totals that count (see :func:`totals_where`).
    dice : int
        Faces per card (4: the 81-card deck).
    copies : int
        Number of full decks shuffled together (deck size ``copies * 3**dice``).
    start : int
        Cards drawn since the last shuffle before the first of these draws.
    reshuffle_at : int, optional
        Cards drawn before the deck is reshuffled.
    exact : bool

    Examples
    --------
    Three failures in a row at bonus +1 against Mediocre (+0): 15 of the 81
    cards fail, so the deck gives 15·14·13 / (81·80·79), dice (15/81)**3:

    >>> fail = totals_where("fail", 1, 0)
    >>> deck_sequence_prob([fail] * 3, exact=True)
    Fraction(91, 17064)
    >>> dice_sequence_prob([fail] * 3, exact=True)
    Fraction(125, 19683)
    """
    dice, copies, _, start, reshuffle_at = _deck_args(dice, copies, start, reshuffle_at)
    ev = _check_events(events, dice)
    check_bool("exact", exact)
    counts = deck_counts(dice, copies)
    p = Fraction(1)
    i = 0
    for seg in _segments(len(ev), start, reshuffle_at):
        num, den = _segment_count(counts, ev[i : i + seg])
        p *= Fraction(num, den)
        i += seg
    return p if exact else float(p)


def dice_sequence_prob(events, *, dice: int = 4, exact: bool = False):
    """P(independent dice rolls fall in ``events[0]``, ``events[1]``, …).

    Examples
    --------
    >>> dice_sequence_prob([{0}, {0}], exact=True)
    Fraction(361, 6561)
    """
    dice = check_int("dice", dice, 1, 8)
    ev = _check_events(events, dice)
    check_bool("exact", exact)
    counts = deck_counts(dice)
    den = 3**dice
    p = Fraction(1)
    for e in ev:
        p *= Fraction(sum(counts[t] for t in e), den)
    return p if exact else float(p)


def _streak(draws, run, step_probs, reset_points, exact):
    """P(some run of >= ``run`` consecutive hits) by DP over (hits in segment, run length).

    ``step_probs(h, i)`` gives P(hit) at draw i of its segment after h hits
    in that segment; ``reset_points`` are the draw indices where a new
    segment starts (the deck is reshuffled).
    """
    one = Fraction(1) if exact else 1.0
    states = {(0, 0): one}  # (hits in segment, current run) -> prob; done mass aside
    done = 0 * one
    seg_i = 0
    for d in range(draws):
        if d in reset_points:
            merged: dict = {}
            for (_h, r), p in states.items():
                merged[(0, r)] = merged.get((0, r), 0 * one) + p
            states = merged
            seg_i = 0
        nxt: dict = {}
        for (h, r), p in states.items():
            q = step_probs(h, seg_i)
            if q:
                if r + 1 >= run:
                    done += p * q
                else:
                    key = (h + 1, r + 1)
                    nxt[key] = nxt.get(key, 0 * one) + p * q
            if q != 1:
                key = (h, 0)
                nxt[key] = nxt.get(key, 0 * one) + p * (1 - q)
        states = nxt
        seg_i += 1
    return done


# deck_streak_prob sizes that stay within seconds.
_STREAK_MAX_WORK = 200_000_000
_STREAK_MAX_WORK_EXACT = 200_000


def deck_streak_prob(
    event,
    run: int,
    draws: int,
    *,
    dice: int = 4,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
):
    """P(at least ``run`` consecutive draws in ``event`` somewhere in ``draws`` draws), deck.

    Exact, by dynamic programming over (event cards drawn since the shuffle,
    current run length): a hypergeometric chain, no enumeration of orderings.
    A run may span a reshuffle. Float mode is vectorized over those states.
    Raises ``ValueError`` when ``draws · (min(event cards, reshuffle_at) + 1)
    · run`` exceeds 2e8 (2e5 when exact): that would take minutes.

    Examples
    --------
    >>> fail = totals_where("fail", 0, 1)
    >>> round(deck_streak_prob(fail, 3, 10), 4), round(dice_streak_prob(fail, 3, 10), 4)
    (0.7386, 0.732)
    """
    dice, copies, size, start, reshuffle_at = _deck_args(dice, copies, start, reshuffle_at)
    ev = _check_events([event], dice)[0]
    run = check_int("run", run, 1)
    draws = check_int("draws", draws, 0, 100_000)
    check_bool("exact", exact)
    counts = deck_counts(dice, copies)
    hits = sum(counts[t] for t in ev)
    first = reshuffle_at - start
    resets = set(range(first, draws, reshuffle_at))
    # States: (event cards drawn since the shuffle, current run).
    work = draws * (min(hits, reshuffle_at) + 1) * min(run, draws + 1)
    limit = _STREAK_MAX_WORK_EXACT if exact else _STREAK_MAX_WORK
    if work > limit:
        raise ValueError(
            f"draws={draws}, run={run} with {hits} event cards in a {size}-card deck need "
            f"about {work} state updates, over the limit {limit}"
            f"{' in exact mode (float mode allows more)' if exact else ''}; "
            "use fewer draws, a shorter run, fewer copies or an earlier reshuffle"
        )
    if not exact:
        return _deck_streak_float(draws, run, hits, size, reshuffle_at, resets)

    def q(h, i):
        return Fraction(hits - h, size - i)

    return _streak(draws, run, q, resets, exact)


def _deck_streak_float(draws, run, hits, size, reshuffle_at, resets) -> float:
    """:func:`_streak` for the deck in float64, vectorized over (hits drawn, run)."""
    top = min(hits, reshuffle_at)
    prob = np.zeros((top + 1, run))
    prob[0, 0] = 1.0
    h = np.arange(top + 1, dtype=np.float64)
    done = 0.0
    seg_i = 0
    for d in range(draws):
        if d in resets:
            merged = prob.sum(axis=0)
            prob[:] = 0.0
            prob[0] = merged
            seg_i = 0
        q = np.clip((hits - h) / (size - seg_i), 0.0, 1.0)
        hit = prob * q[:, None]
        done += float(hit[:, run - 1].sum())
        nxt = np.zeros_like(prob)
        nxt[1:, 1:] = hit[:-1, :-1]
        nxt[:, 0] = (prob * (1.0 - q)[:, None]).sum(axis=1)
        prob = nxt
        seg_i += 1
    return min(done, 1.0)


_DICE_STREAK_MAX_WORK_EXACT = 30_000_000


def dice_streak_prob(event, run: int, draws: int, *, dice: int = 4, exact: bool = False):
    """The same as :func:`deck_streak_prob` with independent dice rolls.

    Exact mode refuses ``draws² · run > 3e7`` (minutes of big-integer work).

    Examples
    --------
    >>> dice_streak_prob({-4, -3, -2, -1, 0, 1, 2, 3, 4}, 3, 3)
    1.0
    """
    dice = check_int("dice", dice, 1, 8)
    ev = _check_events([event], dice)[0]
    run = check_int("run", run, 1)
    draws = check_int("draws", draws, 0, 100_000)
    check_bool("exact", exact)
    if exact and draws * draws * min(run, draws) > _DICE_STREAK_MAX_WORK_EXACT:
        # The exact numbers grow with the draws (denominators 3**(dice·draws)).
        raise ValueError(
            f"draws={draws} with run={run} is too much exact work (draws² · run must be "
            f"<= {_DICE_STREAK_MAX_WORK_EXACT}); use float mode or fewer draws"
        )
    counts = deck_counts(dice)
    p = Fraction(sum(counts[t] for t in ev), 3**dice)
    p = p if exact else float(p)
    # The hit chance does not depend on earlier hits: "reshuffling" at every
    # draw keeps one state per run length (else the states grow with draws²).
    return _streak(draws, run, lambda h, i: p, set(range(draws)), exact)


def deck_sum_var(
    m: int,
    *,
    dice: int = 4,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
):
    """Variance of the sum of ``m`` consecutive draws from the deck (closed form).

    Within one shuffle, sampling without replacement from a population of N
    cards with variance σ² = dice · 2/3 gives ``m σ² (N − m) / (N − 1)``;
    segments between reshuffles are independent and add.

    Examples
    --------
    >>> deck_sum_var(81, exact=True)  # the whole deck always sums to 0
    Fraction(0, 1)
    >>> deck_sum_var(10, exact=True), dice_sum_var(10, exact=True)
    (Fraction(71, 3), Fraction(80, 3))
    """
    dice, copies, size, start, reshuffle_at = _deck_args(dice, copies, start, reshuffle_at)
    m = check_int("m", m, 0, 1_000_000)
    check_bool("exact", exact)
    sigma2 = Fraction(2 * dice, 3)
    v = Fraction(0)
    for seg in _segments(m, start, reshuffle_at):
        v += seg * sigma2 * Fraction(size - seg, size - 1)
    return v if exact else float(v)


def dice_sum_var(m: int, *, dice: int = 4, exact: bool = False):
    """Variance of the sum of ``m`` independent NdF rolls: ``m · dice · 2/3``.

    Examples
    --------
    >>> dice_sum_var(3)
    8.0
    """
    m = check_int("m", m, 0, 1_000_000)
    dice = check_int("dice", dice, 1, _MAX_DICE)
    v = Fraction(2 * dice * m, 3)
    return v if exact else float(v)


def deck_sum_dist(
    m: int,
    *,
    dice: int = 4,
    copies: int = 1,
    start: int = 0,
    reshuffle_at: int | None = None,
    exact: bool = False,
) -> Dist:
    """Distribution of the sum of ``m`` consecutive deck draws.

    Within a shuffle the first ``m`` cards are a uniform random ``m``-subset;
    the number of subsets of each size and sum comes from the generating
    function ``∏_t (1 + x y^t)^{count_t}`` (exact integers).

    Examples
    --------
    >>> deck_sum_dist(81, exact=True)
    Dist({0: 1}, exact=True)
    >>> deck_sum_dist(2, exact=True).var() == deck_sum_var(2, exact=True)
    True
    """
    dice, copies, size, start, reshuffle_at = _deck_args(dice, copies, start, reshuffle_at)
    m = check_int("m", m, 0, 100_000)
    check_bool("exact", exact)
    counts = deck_counts(dice, copies)
    result = Dist.constant(0, exact=True)
    cache: dict = {}
    for seg in _segments(m, start, reshuffle_at):
        if seg not in cache:
            cache[seg] = _subset_sum_dist(counts, seg, dice)
        result = result + cache[seg]
    return result if exact else result.to_float()


def _subset_sum_dist(counts: dict, m: int, dice: int) -> Dist:
    # poly[j] = {sum: number of j-subsets with that sum}, j <= m
    poly = [dict() for _ in range(m + 1)]
    poly[0][0] = 1
    for t, c in counts.items():
        # multiply by (1 + x y^t)^c: choose r cards of this total
        new = [dict() for _ in range(m + 1)]
        for j in range(m + 1):
            for s, w in poly[j].items():
                for r in range(0, min(c, m - j) + 1):
                    key = s + r * t
                    new[j + r][key] = new[j + r].get(key, 0) + w * math.comb(c, r)
        poly = new
    return Dist(poly[m], exact=True)


def deck_vs_dice(
    draws: int,
    bonus: int = 0,
    difficulty: int = 0,
    *,
    run: int = 3,
    copies: int = 1,
    reshuffle_at: int | None = None,
    exact: bool = False,
) -> dict:
    """How a session of ``draws`` rolls with the Deck of Fate differs from dice.

    Returns
    -------
    dict
        ``var_sum_deck`` / ``var_sum_dice``: variance of the session's dice
        total; ``p_fail_streak_deck`` / ``p_fail_streak_dice``: P(some run of
        ``run`` failures in a row); ``p_all_fail_deck`` / ``p_all_fail_dice``:
        P(the first ``run`` draws all fail).

    Examples
    --------
    >>> r = deck_vs_dice(20, 0, 1)
    >>> r["var_sum_deck"] < r["var_sum_dice"]
    True
    """
    draws = check_int("draws", draws, 1, 100_000)
    fail = totals_where("fail", bonus, difficulty)
    run = check_int("run", run, 1)
    return {
        "draws": draws,
        "bonus": bonus,
        "difficulty": difficulty,
        "run": run,
        "var_sum_deck": deck_sum_var(draws, copies=copies, reshuffle_at=reshuffle_at, exact=exact),
        "var_sum_dice": dice_sum_var(draws, exact=exact),
        "p_fail_streak_deck": deck_streak_prob(
            fail, run, draws, copies=copies, reshuffle_at=reshuffle_at, exact=exact
        ),
        "p_fail_streak_dice": dice_streak_prob(fail, run, draws, exact=exact),
        "p_all_fail_deck": deck_sequence_prob(
            [fail] * run, copies=copies, reshuffle_at=reshuffle_at, exact=exact
        ),
        "p_all_fail_dice": dice_sequence_prob([fail] * run, exact=exact),
    }
