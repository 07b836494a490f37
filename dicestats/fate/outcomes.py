"""One roll: Fate dice (NdF), die faces, the shifts against the other side, the four outcomes.

The computed form of ``outcome_probs``, and the parts the other questions are made of.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..core.checks import check_bool, check_int, check_int_list, refuse
from ..core.dist import Dist
from ..core.results import Result, Table, View
from .limits import LIMITS
from .rules import OUTCOMES, check_roll, ladder_name, resolve

# Glyphs a Fate die face may be written with (the Chinese FAE text uses full-width ones).
_GLYPHS = {**dict.fromkeys("+＋", 1), **dict.fromkeys("-−－–", -1), **dict.fromkeys("0０□", 0)}


def num(x, exact: bool):
    """``x`` as a Fraction (exact) or a float: how every Fate result stores numbers."""
    return Fraction(x) if exact else float(x)


def given(s, *names) -> dict:
    """The setup ``s``'s values of ``names``: the fields of a result that say what was asked."""
    return {name: getattr(s, name) for name in names}


def fate_dice(n: int | None = None, *, exact: bool = False, rules=None) -> Dist:
    """The sum of ``n`` Fate dice (NdF), by convolution.

    Parameters
    ----------
    n : int, optional
        Number of dice (default ``rules.dice``: 4, as FAE always rolls), 1..200.
    exact : bool
        Fractions (exact) or float64.
    rules : Rules, optional

    Examples
    --------
    >>> fate_dice(4, exact=True).pmf(0)
    Fraction(19, 81)
    >>> fate_dice(2).support()
    (-2, 2)
    """
    n = resolve(rules).dice if n is None else LIMITS["dice"].check(n, name="dice")
    check_bool("exact", exact)
    return _fate_dice(n, exact)


@lru_cache(maxsize=64)
def _fate_dice(n: int, exact: bool) -> Dist:
    return n @ Dist.fudge(exact=exact)


def parse_faces(faces) -> tuple[int, ...]:
    """Fate die faces as a tuple of -1/0/+1.

    Accepts a string of glyphs (``"+"``, ``"-"``, ``"−"``, ``"0"``, the
    full-width ``"＋"``, ``"－"``, ``"０"`` of the Chinese FAE text, ``"□"``
    for a blank; whitespace is ignored) or an iterable of such glyphs and/or
    the ints -1, 0, 1.

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
        raise refuse("faces", "a string or a sequence of die faces", faces, kind=True)
    out = []
    for i, f in enumerate(items):
        if isinstance(f, str):
            s = f.strip()
            if s not in _GLYPHS:
                raise refuse(f"faces[{i}]", "one of '+', '-', '−', '0' (or -1, 0, 1)", f)
            out.append(_GLYPHS[s])
        else:
            out.append(check_int(f"faces[{i}]", f, -1, 1))
    if not out:
        raise refuse("faces", "at least one die face", faces)
    return tuple(out)


def dice_total(faces) -> int:
    """The total of concrete Fate dice faces (see :func:`parse_faces`).

    Examples
    --------
    The four worked examples of the FAE text ("－＋０＋＝＋１" and so on):

    >>> [dice_total(s) for s in ("−+0+", "+−00", "+++−", "−000")]
    [1, 0, 2, -1]
    """
    return sum(parse_faces(faces))


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

    The parameters are those of :func:`dicestats.fate.outcome_probs` (a fixed
    ``difficulty`` or an active opposition ``versus``), and ``exact``:
    Fractions or float64.

    Examples
    --------
    >>> shifts(1, difficulty=2, exact=True).support()
    (-5, 3)
    >>> shifts(0, versus=0, exact=True).pmf(0)  # 8dF shows 0: 1107/6561
    Fraction(41, 243)
    """
    check_bool("exact", exact)
    s = check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)
    return roll_shifts(s, exact)


def roll_shifts(s, exact: bool) -> Dist:
    """The shifts of a checked roll (:func:`~dicestats.fate.rules.check_roll`)."""
    mine = fate_dice(s.dice, exact=exact) + (s.bonus + s.helpers)
    if s.versus is None:
        return mine - s.difficulty
    return mine - (fate_dice(s.versus_dice, exact=exact) + s.versus)


@dataclass(frozen=True)
class OutcomeProbs(Result):
    """The four outcomes of one roll (:func:`~dicestats.fate.outcome_probs`; a partition:
    they sum to 1), the cumulative two, ``mean_shifts`` and the ``shifts`` themselves.
    The roll's fields (``dice``, ``bonus``, ``helpers``, and ``difficulty`` or ``versus``
    and ``versus_dice``, the side not rolled None) are all None for outcomes classified
    from shifts alone (:meth:`from_shifts` without a roll); ``rules`` is not exported.
    """

    dice: int | None
    bonus: int | None
    helpers: int | None
    difficulty: int | None
    versus: int | None
    versus_dice: int | None
    p_fail: object
    p_tie: object
    p_success: object
    p_style: object
    p_success_or_better: object
    p_tie_or_better: object
    mean_shifts: object
    shifts: Dist = field(repr=False)
    rules: object = field(repr=False, compare=False, metadata={"export": False})
    exact: bool

    @classmethod
    def from_shifts(cls, d: Dist, *, rules=None, roll=None) -> OutcomeProbs:
        """Classify a distribution of shifts (of ``roll``, a checked roll, when given).

        Examples
        --------
        >>> OutcomeProbs.from_shifts(Dist({-1: 1, 0: 1, 1: 1, 3: 1}, exact=True)).p_tie
        Fraction(1, 4)
        """
        style = resolve(rules).style_shifts
        fail, tie, p_style = d.cdf(-1), d.pmf(0), d.p_ge(style)
        success = sum((d.pmf(k) for k in range(2, style)), d.pmf(1)) if style > 1 else 0 * tie
        return cls(
            **{k: getattr(roll, k, None) for k in _ROLL},
            p_fail=fail,
            p_tie=tie,
            p_success=success,
            p_style=p_style,
            p_success_or_better=success + p_style,
            p_tie_or_better=tie + success + p_style,
            mean_shifts=d.mean(),
            shifts=d,
            rules=resolve(rules),
            exact=d.exact,
        )

    def view(self) -> View:
        """The four outcomes, the cumulative one and the mean shifts.

        >>> from dicestats.fate import outcome_probs
        >>> outcome_probs(2, difficulty=1).view().title
        '4dF +2 against difficulty Average (+1)'
        """
        rows = [(label, getattr(self, f"p_{k}")) for k, label in _LABELS.items()]
        rows += [("", ""), ("success or better", self.p_success_or_better)]
        rows.append(("mean shifts", float(self.mean_shifts)))  # a float: no exact value shown
        kinds = (None,) * (len(rows) - 1) + ("signed2",)
        table = Table(("outcome", "probability"), tuple(rows), ("text", "p"), row_kinds=kinds)
        title = roll_text(self) if self.dice is not None else "outcome probabilities"
        return View(title, (table,))

    def probabilities(self) -> dict:
        """``{"fail": p, "tie": p, "success": p, "style": p}`` (the partition, by outcome name).

        >>> from dicestats.fate import outcome_probs
        >>> list(outcome_probs(0, difficulty=0).probabilities())
        ['fail', 'tie', 'success', 'style']
        """
        return {k: getattr(self, f"p_{k}") for k in OUTCOMES}


#: The fields of :class:`OutcomeProbs` that say which roll it is.
_ROLL = ("dice", "bonus", "helpers", "difficulty", "versus", "versus_dice")
#: The outcomes as the view names them.
_LABELS = {"fail": "fail", "tie": "tie", "success": "success", "style": "success with style"}


def roll_text(o) -> str:
    """A roll as a title says it: ``4dF +2 with 1 helper(s) against difficulty Fair (+2)``
    (``o``: an :class:`OutcomeProbs` or a checked roll)."""
    against = (
        f"difficulty {ladder_name(o.difficulty)}"
        if o.difficulty is not None
        else f"active opposition {o.versus_dice}dF {o.versus:+d}"
    )
    helpers = f" with {o.helpers} helper(s)" if o.helpers else ""
    return f"{o.dice}dF {o.bonus:+d}{helpers} against {against}"


def compute_outcome_probs(s, exact: bool) -> OutcomeProbs:
    """The four outcomes of a checked roll (:func:`dicestats.fate.outcome_probs`)."""
    return OutcomeProbs.from_shifts(roll_shifts(s, exact), rules=s.rules, roll=s)


@dataclass(frozen=True)
class OutcomeRow(Result):
    """One (bonus, difficulty) row of :func:`outcome_table`: the fields of
    :class:`OutcomeProbs`."""

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
    lim, most = LIMITS["rating"], LIMITS["values listed"].hi
    bonuses = check_int_list("bonuses", bonuses, lim.lo, lim.hi, max_len=most)
    difficulties = check_int_list("difficulties", difficulties, lim.lo, lim.hi, max_len=most)
    LIMITS["table rows"].check(len(bonuses) * len(difficulties), name="bonuses × difficulties")
    check_bool("exact", exact)
    rows = []
    for b in bonuses:
        for d in difficulties:
            roll = check_roll(b, d, None, helpers, None, dice, None, rules)
            o = compute_outcome_probs(roll, exact)
            kept = {k: v for k, v in o.__dict__.items() if k not in ("shifts", "rules", *_ROLL)}
            rows.append(OutcomeRow(bonus=b, difficulty=d, difficulty_name=ladder_name(d), **kept))
    return tuple(rows)
