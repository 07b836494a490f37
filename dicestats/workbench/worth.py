"""What a change is worth in another currency: dice, difficulty steps, shifts, the other system.

Each question takes the chance a change gives (the *target*) and finds where
that chance is reached on an integer scale of another currency, without the
change (see :mod:`._worth_scale`):

=========================  ======================================================
:func:`die_worth`          one more Storyteller die ≈ how many difficulty steps
                           easier at the same pool
:func:`rule_worth`         a Willpower point, a specialty or ten-again ≈ how many
                           dice at the same difficulty
:func:`invoke_worth`       Fate invokes (+2 or reroll, spent optimally) ≈ how
                           many shifts of bonus
:func:`fate_match`         the Fate difficulty whose odds match a Storyteller pool
:func:`storyteller_match`  the Storyteller difficulty (or pool) whose odds match
                           a Fate roll
=========================  ======================================================

**How to read a worth.** ``lower`` and ``upper`` are the neighbouring integer
steps whose chances bracket the target (``p_lower``, ``p_upper``): they are
exact statements ("one more die does more than lowering the difficulty by 1
and less than by 2"). ``worth`` is the fractional step where the chance,
joined by straight lines between integer steps, meets the target: a linear
interpolation of the chance, a Fraction when ``exact=True``, and a reading
aid only (no roll has a fractional difficulty). When the target equals a
step's chance, ``worth`` is that step and ``lower == upper``. When the scale
searched never reaches the target, ``worth`` is None and one bound says how
far it got ("more than 8 difficulty steps": no difficulty is that easy).

The chance compared is ``metric``: Storyteller ``p_success`` (default),
``p_ge_2`` … ``p_ge_5`` or ``mean_net`` (an expected value, same search); the
Fate ``objective`` reached (``"success"``: success or better, ``"tie"``,
``"style"``).

Examples
--------
>>> w = invoke_worth(0, 2, invokes=1, policy="plus2", exact=True)
>>> w.worth, w.p_target == w.p_upper
(Fraction(2, 1), True)
>>> die_worth(3, 6, exact=True).upper
1
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import check_bool, check_choice, check_exact, refuse
from ..core.results import Result
from ._worth_scale import two_way

__all__ = [
    "CHANGES",
    "METRICS",
    "POLICIES",
    "Worth",
    "die_worth",
    "rule_worth",
    "invoke_worth",
]

#: The Storyteller changes :func:`rule_worth` values in dice.
CHANGES = ("willpower", "specialty", "ten_again")
#: The Storyteller chances a worth compares (``mean_net`` is an expected value).
METRICS = ("p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5", "mean_net")
#: Invoke policies of :func:`invoke_worth`, as named by :func:`dicestats.fate.invoke_policy`.
POLICIES = {"optimal": "p_optimal", "plus2": "p_always_plus2", "reroll": "p_reroll_only"}
#: Pools searched by default (a pool above this is reported as "more than").
DEFAULT_MAX_DICE = 50

_INTERPOLATED = "x is interpolated linearly between the two integer steps around it"


@dataclass(frozen=True)
class Worth(Result):
    """What a change is worth, in another currency.

    Attributes
    ----------
    change : str
        What is valued (``"one more die"``, ``"a Willpower point"``, ...).
    unit : str
        The currency (``"difficulty steps"``, ``"dice"``, ``"shifts"``,
        ``"Fate difficulty"``, ``"Storyteller difficulty"``, ``"Storyteller dice"``).
    metric : str
        The chance compared (``p_success``, ``p_ge_k``, ``mean_net``,
        ``p_success_or_better``, ...).
    p_base : Fraction, float or None
        The chance without the change (None for a match across systems).
    p_target : Fraction or float
        The chance with the change: what the scale is searched for.
    worth : Fraction, float or None
        The interpolated equivalent (None: not reached on the scale searched).
    lower, upper : int or None
        The bracketing integer steps, ``lower <= worth <= upper``; one is None
        when the target lies beyond that end of the scale searched.
    p_lower, p_upper : Fraction, float or None
        Their chances.
    scale : dict
        ``{step: chance}`` of the scale searched (the steps computed, in order).
    reading : str
        The rules in force and how ``worth`` is read.
    setting : dict
        The arguments of the question.
    exact : bool
        True when the numbers are Fractions.
    """

    change: str
    unit: str
    metric: str
    p_base: object
    p_target: object
    worth: object
    lower: int | None
    upper: int | None
    p_lower: object
    p_upper: object
    scale: dict
    reading: str
    setting: dict
    exact: bool

    @property
    def reached(self) -> bool:
        """True when the scale searched reaches the target (``worth`` is a number)."""
        return self.worth is not None

    def summary(self) -> str:
        """One line: ``one more die ≈ 1.42 difficulty steps (between 1 and 2)``.

        >>> print(invoke_worth(0, 2, policy="plus2").summary())
        1 invoke (+2 only) ≈ 2 shifts (exactly)
        """
        if self.worth is None:
            if self.lower is not None:
                return f"{self.change}: more than {self.lower} {self.unit} (the scale ends there)"
            return f"{self.change}: less than {self.upper} {self.unit} (the scale ends there)"
        value = float(self.worth)
        shown = f"{value:.2f}".rstrip("0").rstrip(".")
        where = "exactly" if self.lower == self.upper else f"between {self.lower} and {self.upper}"
        return f"{self.change} ≈ {shown} {self.unit} ({where})"


# ---------------------------------------------------------------------------
# Storyteller
# ---------------------------------------------------------------------------
def _st_args(dice, difficulty, rules, metric, specialty, exact):
    from ..storyteller.limits import check_dice
    from ..storyteller.rules import REVISED, check_difficulty, check_rules

    rules = REVISED if rules is None else check_rules(rules)
    check_bool("specialty", specialty)
    check_exact(exact)
    n = check_dice(dice, rules, exact=exact, specialty=specialty)
    d = check_difficulty(difficulty, rules)
    check_choice("metric", metric, METRICS)
    return rules, n, d


def _st_values(dice_list, diffs, rules, exact, specialty, metric) -> dict:
    """``{(difficulty, dice): metric}`` from one engine pass."""
    from ..storyteller.pools import pool_grid

    grid = pool_grid(sorted(set(dice_list)), sorted(set(diffs)), rules, exact, specialty)
    return {key: getattr(r, metric) for key, r in grid.items()}


def _max_dice(max_dice, rules, exact, specialty, dice) -> int:
    """The largest pool a search over pools reads: checked like a table's pools."""
    from ..storyteller.limits import check_pools, search_limit

    top = DEFAULT_MAX_DICE if max_dice is None else max_dice
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if max_dice is None and limit is not None:
        top = min(top, limit.hi)
    (top,) = check_pools([top], rules, exact=exact, name="max_dice", specialty=specialty)
    if limit is not None:
        limit.check(top, name="max_dice")
    return max(top, dice)


def _reading(rules, specialty, extra: str = "") -> str:
    text = rules.describe(specialty=specialty)
    return f"{text}{extra}; {_INTERPOLATED}"


def _fields(c, exact: bool) -> dict:
    """The bracket of a :class:`._worth_scale.Crossing` as :class:`Worth` fields."""
    value = c.value
    if value is not None:
        value = Fraction(value) if exact else float(value)
    return {
        "worth": value,
        "lower": c.lower,
        "upper": c.upper,
        "p_lower": c.p_lower,
        "p_upper": c.p_upper,
        "scale": dict(c.points),
    }


def die_worth(
    dice: int,
    difficulty: int = 6,
    rules=None,
    *,
    extra: int = 1,
    metric: str = "p_success",
    specialty: bool = False,
    exact: bool = False,
) -> Worth:
    """One more die (``extra`` dice) ≈ how many difficulty steps easier, at the same pool.

    The target is the chance of ``dice + extra`` dice at ``difficulty``; the
    scale is the same ``dice`` at difficulty ``difficulty - x`` (x steps
    easier, down to 2; negative x, harder up to 10, when the extra dice hurt).
    The worth is x. ``rules`` default to the revised preset.

    Examples
    --------
    >>> w = die_worth(3, 6, exact=True)
    >>> w.p_base, w.p_target, (w.lower, w.upper)
    (Fraction(37, 50), Fraction(1601, 2000), (0, 1))
    >>> print(w.summary())
    one more die ≈ 0.86 difficulty steps (between 0 and 1)
    """
    from ..core.checks import check_int
    from ..storyteller.limits import check_dice

    rules, n, d = _st_args(dice, difficulty, rules, metric, specialty, exact)
    extra = check_int("extra", extra, 1)
    check_dice(n + extra, rules, exact=exact, specialty=specialty, name="dice + extra")
    values = _st_values([n, n + extra], range(2, 11), rules, exact, specialty, metric)
    target, base = values[(d, n + extra)], (0, values[(d, n)])
    c = two_way(
        target,
        base,
        lambda: [(x, values[(d - x, n)]) for x in range(1, d - 1)],
        lambda: [(-x, values[(d + x, n)]) for x in range(1, 11 - d)],
    )
    return Worth(
        change="one more die" if extra == 1 else f"{extra} more dice",
        unit="difficulty steps",
        metric=metric,
        p_base=base[1],
        p_target=target,
        **_fields(c, exact),
        reading=_reading(
            rules,
            specialty,
            f"; {n} dice at difficulty {d} - x match {n + extra} dice at {d}",
        ),
        setting={"dice": n, "difficulty": d, "extra": extra, "specialty": specialty},
        exact=exact,
    )


#: What each change is called in a :class:`Worth`.
_CHANGE_NAMES = {
    "willpower": "a Willpower point",
    "specialty": "a specialty",
    "ten_again": "ten-again",
}


def _changed(rules, specialty: bool, change: str):
    """The rules and specialty of the roll with ``change``; refuses a change already in force."""
    check_choice("change", change, CHANGES)
    already = {
        "willpower": rules.willpower,
        "specialty": specialty or rules._specialty,
        "ten_again": rules.ten_again,
    }[change]
    if already:
        raise refuse(
            "change",
            "a change not already in force",
            change,
            why="the rules (or the roll) already have it",
            instead="value it from a roll without it",
        )
    if change == "specialty":
        return rules, True
    return rules.replace(**{change: True}), specialty


def rule_worth(
    dice: int,
    difficulty: int = 6,
    rules=None,
    *,
    change: str = "willpower",
    metric: str = "p_success",
    specialty: bool = False,
    max_dice: int | None = None,
    exact: bool = False,
) -> Worth:
    """A Willpower point, a specialty or ten-again ≈ how many dice, at the same difficulty.

    The target is the chance of ``dice`` at ``difficulty`` with ``change``
    (one of :data:`CHANGES`); the scale is pools ``dice + x`` without it, at
    the same difficulty (``x`` from ``1 - dice`` up to ``max_dice - dice``;
    ``max_dice`` default 50, within the exact search limit of the rules).
    The worth is x dice.

    A Willpower success is automatic: with the default uncancellable success
    ``p_success`` is 1, which no pool reaches; ask ``metric="p_ge_2"`` or
    ``"mean_net"`` to value it.

    Examples
    --------
    >>> print(rule_worth(5, 8, change="ten_again", exact=True).summary())
    ten-again ≈ 0.44 dice (between 0 and 1)
    >>> print(rule_worth(5, 8, change="willpower", metric="p_ge_2").summary())
    a Willpower point ≈ 6.31 dice (between 6 and 7)
    """
    rules, n, d = _st_args(dice, difficulty, rules, metric, specialty, exact)
    new_rules, new_specialty = _changed(rules, specialty, change)
    from ..storyteller.limits import check_dice

    check_dice(n, new_rules, exact=exact, specialty=new_specialty)
    top = _max_dice(max_dice, rules, exact, specialty, n)
    target = _st_values([n], [d], new_rules, exact, new_specialty, metric)[(d, n)]
    values = _st_values(range(1, top + 1), [d], rules, exact, specialty, metric)
    c = two_way(
        target,
        (0, values[(d, n)]),
        lambda: [(m - n, values[(d, m)]) for m in range(n + 1, top + 1)],
        lambda: [(m - n, values[(d, m)]) for m in range(n - 1, 0, -1)],
    )
    return Worth(
        change=_CHANGE_NAMES[change],
        unit="dice",
        metric=metric,
        p_base=values[(d, n)],
        p_target=target,
        **_fields(c, exact),
        reading=_reading(
            rules,
            specialty,
            f"; {n} + x dice without {_CHANGE_NAMES[change]} match {n} with it, at difficulty "
            f"{d} (pools up to {top})",
        ),
        setting={
            "dice": n,
            "difficulty": d,
            "change": change,
            "specialty": specialty,
            "max_dice": top,
        },
        exact=exact,
    )


# ---------------------------------------------------------------------------
# Fate
# ---------------------------------------------------------------------------
def _fate_shifts(bonus, difficulty, dice, rules, exact):
    """The Dist of shifts of a Fate roll, and the rules in force (checked by ``fate.shifts``)."""
    from ..fate.outcomes import shifts
    from ..fate.rules import resolve

    rules = resolve(rules)
    return shifts(bonus, difficulty=difficulty, dice=dice, exact=exact, rules=rules), rules


def _margin(objective: str, rules) -> int:
    """The shifts an objective needs: tie 0, success 1, style ``rules.style_shifts``."""
    from ..fate.invokes import OBJECTIVES

    check_choice("objective", objective, OBJECTIVES)
    return {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]


_FATE_METRIC = {"tie": "p_tie_or_better", "success": "p_success_or_better", "style": "p_style"}


def invoke_worth(
    bonus: int = 0,
    difficulty: int = 0,
    *,
    invokes: int = 1,
    policy: str = "optimal",
    objective: str = "success",
    dice: int | None = None,
    rules=None,
    exact: bool = False,
) -> Worth:
    """Fate invokes (+2 or reroll, used as ``policy`` says) ≈ how many shifts of bonus.

    The target is the chance of reaching ``objective`` with ``invokes``
    invokes spent by ``policy`` (``"optimal"``: +2 or reroll, whichever is
    best after seeing the roll; ``"plus2"``: +2 only; ``"reroll"``: rerolls
    only; all from :func:`dicestats.fate.invoke_policy`); the scale is the
    same roll with ``bonus + x`` and no invoke. The worth is x shifts. With
    +2 only, one invoke is worth exactly 2 shifts wherever 2 shifts change the
    chance.

    Examples
    --------
    >>> print(invoke_worth(0, 2, invokes=1, exact=True).summary())
    1 invoke ≈ 2.16 shifts (between 2 and 3)
    """
    from ..fate.invokes import invoke_policy

    check_choice("policy", policy, tuple(POLICIES))
    margin_rules = rules
    pol = invoke_policy(
        bonus,
        difficulty,
        invokes=invokes,
        objective=objective,
        dice=dice,
        exact=exact,
        rules=margin_rules,
    )
    s, rules = _fate_shifts(bonus, difficulty, pol.dice, rules, exact)
    m = _margin(objective, rules)
    target = getattr(pol, POLICIES[policy])
    span = 2 * pol.dice + m + 2
    c = two_way(
        target,
        (0, s.p_ge(m)),
        lambda: [(x, s.p_ge(m - x)) for x in range(1, span + 1)],
        lambda: [(-x, s.p_ge(m + x)) for x in range(1, span + 1)],
    )
    how = {"optimal": "", "plus2": " (+2 only)", "reroll": " (rerolls only)"}[policy]
    return Worth(
        change=f"{pol.invokes} invoke{'s' if pol.invokes != 1 else ''}{how}",
        unit="shifts",
        metric=_FATE_METRIC[objective],
        p_base=s.p_ge(m),
        p_target=target,
        **_fields(c, exact),
        reading=f"{pol.dice}dF {bonus:+d} + x against {difficulty} without invokes matches "
        f"the invokes ({objective} or better); {_INTERPOLATED}",
        setting={
            "bonus": bonus,
            "difficulty": difficulty,
            "invokes": pol.invokes,
            "policy": policy,
            "objective": objective,
            "dice": pol.dice,
        },
        exact=exact,
    )
