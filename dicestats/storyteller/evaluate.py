"""Concrete rolls: evaluate faces under a :class:`~.rules.Rules` value, or roll them.

One evaluator (:func:`_score`) serves a single roll, many rolls at once (the oracle the
exact engine is tested against) and Monte Carlo (:func:`roll_pools`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.checks import check_bool, check_int, refuse
from ..core.results import Result
from .limits import LIMITS
from .rules import REVISED, Rules, check_difficulty, check_rules, degree_name

_FACES = "faces 1..10"


@dataclass(frozen=True)
class RollResult(Result):
    """The evaluation of one concrete roll.

    Attributes
    ----------
    successes : int
        Success count before cancellation (a double 10 counts 2; an ordinary
        Willpower success included).
    ones : int
        The 1s that count against successes: base dice, plus extra dice with
        ``reroll_ones_cancel``.
    net : int
        Net successes (>= 0; an uncancellable Willpower success included).
    botch : bool
    outcome : {"botch", "failure", "success"}
    degree : str or None
        A name from :data:`~.rules.DEGREES`, None for a failure or botch.
    """

    successes: int
    ones: int
    net: int
    botch: bool
    outcome: str
    degree: str | None


@dataclass(frozen=True, eq=False)
class Rolls(Result):
    """Many evaluated rolls: each attribute is a numpy array with one entry per roll.

    (Compared by identity: arrays have no single truth value.)

    Attributes
    ----------
    successes, ones, net, botch
        As in :class:`RollResult` (``botch`` is a bool array).
    success : numpy.ndarray of bool
        ``net >= 1``.
    degree : numpy.ndarray of int
        ``min(net, 5)``: the index of the degree of success (0: none).
    extra_used : numpy.ndarray of int
        Extra ten-again dice each roll used.
    """

    successes: np.ndarray
    ones: np.ndarray
    net: np.ndarray
    botch: np.ndarray
    success: np.ndarray
    degree: np.ndarray
    extra_used: np.ndarray

    def __len__(self) -> int:
        return len(self.net)


def _faces_array(faces, name: str) -> np.ndarray:
    try:
        arr = np.asarray(faces)
    except ValueError:
        raise refuse(name, f"a rectangular array of {_FACES}", "a ragged list") from None
    if arr.dtype == object or arr.dtype.kind not in "iu":
        integral = arr.dtype.kind == "f" and np.all(np.isfinite(arr)) and np.all(arr == arr.round())
        if arr.size and not integral:
            raise refuse(name, f"an array of integer {_FACES}", arr.dtype.name, kind=True)
    arr = arr.astype(np.int64)
    if arr.size and (arr.min() < 1 or arr.max() > 10):
        raise refuse(name, f"an array of {_FACES}", f"{arr.min()}..{arr.max()}")
    return arr


def _walk_extra(tens: np.ndarray, column, d: int, rules: Rules):
    """The one ten-again algorithm: walk the extra dice column by column.

    Roll ``i`` needs one extra die per 10 of its base dice and, with
    ``rules.chain``, one more per extra 10. ``column(j)`` gives the ``j``-th
    extra die of every roll (an array over rolls; entries of rolls that no
    longer need dice are ignored) or None when there are no more columns.

    Returns ``(needed, tens, plain, ones)``: the extra dice each roll needs
    and the tallies of its extra dice that count (10s, other successes, 1s).
    """
    needed = tens.copy()
    xtens, xplain, xones = (np.zeros_like(needed) for _ in range(3))
    j = 0
    while True:
        active = needed > j
        if not active.any():
            break
        col = column(j)
        if col is None:
            break
        is10 = active & (col == 10)
        xtens += is10
        xplain += active & (col >= d) & (col < 10)
        xones += active & (col == 1)
        if rules.chain:
            needed += is10
        j += 1
    return needed, xtens, xplain, xones


def _score(rules: Rules, d: int, faces: np.ndarray, column) -> Rolls:
    """Evaluate base ``faces`` (rolls × dice) with extra dice from ``column``."""
    n = faces.shape[0]
    ones_base = (faces == 1).sum(axis=1)
    tens = (faces == 10).sum(axis=1)
    plain = ((faces >= d) & (faces < 10)).sum(axis=1)
    zero = np.zeros(n, dtype=np.int64)
    extra = _walk_extra(tens, column, d, rules) if rules.rerolls else (zero,) * 4
    needed, xtens, xplain, xones = extra
    all_tens, double = tens + xtens, rules.ten_value == 2
    a = plain + xplain + (zero if double else all_tens)  # plain success dice
    b = all_tens if double else zero  # 10s counting double
    if rules.willpower and rules.willpower_success == "ordinary":
        a = a + 1
    c = ones_base + (xones if rules.reroll_ones_cancel else 0)  # cancelling 1s
    successes = a + 2 * b
    if not rules.rule_of_one:
        net = successes
    elif rules.two_dimensional and rules.one_cancels == "highest":
        net = np.maximum(a + b - c, 0) + np.maximum(b - c, 0)
    elif rules.two_dimensional:
        net = 2 * np.maximum(a + b - c, 0) - np.maximum(a - c, 0)
    else:
        net = np.maximum(successes - c, 0)
    if rules.uncancellable_willpower:
        net = net + 1
        botch = np.zeros(n, dtype=bool)
    elif rules.botch_rule == "revised":
        botch = (successes == 0) & (ones_base >= 1)
    else:
        botch = c > successes
    return Rolls(successes, c, net, botch, net >= 1, np.minimum(net, 5), needed)


def evaluate_rolls(
    faces, difficulty: int = 6, rules: Rules = REVISED, extra=None, *, specialty: bool = False
) -> Rolls:
    """Evaluate many concrete rolls at once (vectorized over rolls).

    Parameters
    ----------
    faces : array_like of int, shape (rolls, dice)
        The base dice, faces 1..10.
    difficulty : int
        2..10 (above 10 with ``rules.above_ten="clamp"``).
    rules : Rules
    extra : array_like of int, shape (rolls, m), optional
        With ten-again: each roll's extra dice in the order rolled. Roll ``i``
        uses as many as its 10s call for; the rest are ignored. Required
        (with enough columns) when ten-again applies.
    specialty : bool, default False
        The rolls have a specialty (what it does: ``rules.specialty_rule``).

    Returns
    -------
    Rolls

    Examples
    --------
    >>> out = evaluate_rolls([[3, 3, 8, 7, 10], [1, 3, 4, 3, 6]], 6)
    >>> out.net.tolist(), out.botch.tolist()
    ([3, 0], [False, False])
    >>> evaluate_rolls([[10, 2]], 6, Rules(ten_again=True), extra=[[10, 7]]).net.tolist()
    [3]
    >>> evaluate_rolls([[10, 2]], 6, Rules.preset("v20"), specialty=True).net.tolist()
    [2]
    """
    rules = check_rules(rules)._for_roll(check_bool("specialty", specialty))
    d = check_difficulty(difficulty, rules)
    f = _faces_array(faces, "faces")
    if f.ndim != 2:
        raise refuse("faces", "a 2-d array (rolls, dice)", f"shape {f.shape}")
    e = None
    if rules.rerolls and (f == 10).any():
        if extra is None:
            raise refuse("extra", "the extra dice when ten-again applies", None)
        e = _faces_array(extra, "extra")
        if e.ndim != 2 or e.shape[0] != f.shape[0]:
            raise refuse("extra", f"an array of shape ({f.shape[0]}, m)", f"shape {e.shape}")
    width = 0 if e is None else e.shape[1]
    out = _score(rules, d, f, lambda j: e[:, j] if j < width else None)
    short = out.extra_used > width
    if short.any():
        i = int(np.flatnonzero(short)[0])
        raise refuse(
            "extra", f"at least {int(out.extra_used[i])} column(s) for roll {i}", f"{width}"
        )
    return out


def evaluate_roll(
    faces: Sequence[int],
    difficulty: int = 6,
    rules: Rules = REVISED,
    extra: Sequence[int] = (),
    *,
    specialty: bool = False,
) -> RollResult:
    """Evaluate one concrete roll.

    Parameters
    ----------
    faces : sequence of int
        The base dice (1..10).
    difficulty : int
    rules : Rules
    extra : sequence of int
        With ten-again, the extra dice in the order rolled (exactly as many as
        the 10s call for).
    specialty : bool, default False
        The roll has a specialty (what it does: ``rules.specialty_rule``).

    Examples
    --------
    The worked examples of the rule texts (``docs/rules/storyteller.md``):

    >>> evaluate_roll([3, 3, 8, 7, 10], 6).successes
    3
    >>> evaluate_roll([2, 5, 6, 6, 4, 3], 7).outcome
    'failure'
    >>> evaluate_roll([1, 3, 4, 3, 6], 7).outcome
    'botch'
    """
    faces = [check_int(f"faces[{i}]", v, 1, 10) for i, v in enumerate(faces)]
    if not faces:
        raise refuse("faces", "at least one die", "none")
    extra = [check_int(f"extra[{i}]", v, 1, 10) for i, v in enumerate(extra)]
    out = evaluate_rolls(
        [faces], difficulty, rules, [extra] if extra else None, specialty=specialty
    )
    used = int(out.extra_used[0])
    if extra and used != len(extra):
        raise refuse("extra", f"exactly {used} dice (what the 10s call for)", len(extra))
    net, botch = int(out.net[0]), bool(out.botch[0])
    return RollResult(
        successes=int(out.successes[0]),
        ones=int(out.ones[0]),
        net=net,
        botch=botch,
        outcome="botch" if botch else ("success" if net >= 1 else "failure"),
        degree=degree_name(net),
    )


def roll_pools(
    rng: np.random.Generator,
    n: int,
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    specialty: bool = False,
) -> Rolls:
    """Roll ``n`` pools of ``dice`` d10 with ``rng`` and evaluate them (vectorized).

    The base dice are drawn first, as one ``(n, dice)`` array; then, with
    ten-again, one column of extra dice at a time (one die for every roll)
    while some roll still needs one. This is how the Monte Carlo twin
    (:mod:`.simulation`) rolls. ``rng`` is a ``numpy.random.Generator`` (this
    function draws from it); ``n × dice`` is capped (``LIMITS["n × dice, rolled
    at once"]``: the faces are held in memory).

    Examples
    --------
    >>> out = roll_pools(np.random.default_rng(0), 5, 3, 6, Rules())
    >>> out.net.shape
    (5,)
    >>> roll_pools(0, 5, 3, 6)
    Traceback (most recent call last):
    ...
    dicestats.InputTypeError: rng must be a numpy.random.Generator, got 0 (int); \
use numpy.random.default_rng(0)
    """
    if not callable(getattr(rng, "integers", None)):  # a Generator (or one that draws alike)
        instead = "use numpy.random.default_rng(seed)"
        if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
            instead = f"use numpy.random.default_rng({int(rng)})"
        raise refuse("rng", "a numpy.random.Generator", rng, kind=True, instead=instead)
    rules = check_rules(rules)._for_roll(check_bool("specialty", specialty))
    n = check_int("n", n, 0)
    dice = LIMITS["dice"].check(dice)
    LIMITS["n × dice, rolled at once"].check_work(
        n * dice, name="n", value=n, per=dice, per_name="dice"
    )
    d = check_difficulty(difficulty, rules)
    faces = rng.integers(1, 10, endpoint=True, size=(n, dice))
    return _score(rules, d, faces, lambda j: rng.integers(1, 10, endpoint=True, size=n))
