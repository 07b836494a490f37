"""The optimal invoke policy: when to take +2, when to reroll, when to save the point.

After seeing the roll a player holding invokes (fate points or free invokes)
may stop, take **+2** (one invoke) or **reroll** all dice (one invoke; +2s
already taken stay), and repeat while invokes remain. Backward induction over
(dice total, +2s taken, invokes left) gives the exact best chance of reaching
the objective and the plan that reaches it.

Examples
--------
>>> invoke_policy(0, 2, invokes=1, exact=True).p_optimal
Fraction(2761, 6561)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import check_bool, check_choice, check_int, refuse
from ..core.results import Result
from .dice import fate_dice
from .limits import LIMITS
from .rules import resolve

__all__ = [
    "OBJECTIVES",
    "PlanRow",
    "InvokePolicy",
    "InvokeVsOpposition",
    "invoke_policy",
    "invoke_vs_opposition",
]

#: What an invoke policy aims for: a tie or better, success or better, success with style.
OBJECTIVES = ("success", "style", "tie")

#: The work cap's name in LIMITS (one invoke policy per opposition total).
_WORK = "(2·versus_dice+1)·(2·dice+1)·(invokes+1)²"

#: The policies compared, with the actions each may take.
_POLICIES = (
    ("optimal", frozenset({"+2", "reroll"})),
    ("plus2", frozenset({"+2"})),
    ("reroll", frozenset({"reroll"})),
    ("never", frozenset()),
)


@dataclass(frozen=True)
class PlanRow(Result):
    """One cell of the optimal plan: after seeing dice total ``roll`` with ``invokes_left``.

    Attributes
    ----------
    plan : str
        ``"keep"``, ``"+2"``, ``"+2 +2"``, ``"reroll"``, ``"+2 reroll"``, ...
    p : Fraction or float
        The chance of reaching the objective from there.
    mean_spent : Fraction or float
        The invokes the plan spends on average from there.
    """

    roll: int
    invokes_left: int
    plan: str
    p: object
    mean_spent: object


@dataclass(frozen=True)
class InvokePolicy(Result):
    """The result of :func:`invoke_policy`.

    Attributes
    ----------
    objective : {"success", "style", "tie", "total"}
        What is aimed for (``"total"``: a total given with ``total=``).
    need : int
        The dice total that reaches it without invokes.
    p_optimal : the best chance of reaching the objective with the invokes.
    p_always_plus2 : the best with +2s only (never reroll).
    p_reroll_only : the best with rerolls only.
    p_never : never invoking.
    point_value : the value given to an unspent invoke.
    value_optimal : ``P(reach) + point_value · E[invokes left]`` at the optimum.
    mean_spent_optimal, mean_spent_always_plus2, mean_spent_reroll_only :
        the invokes each policy spends on average.
    table : tuple of :class:`PlanRow`
        The optimal plan for each (dice total shown, invokes left).
    exact : bool
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
    point_value: object
    value_optimal: object
    mean_spent_optimal: object
    mean_spent_always_plus2: object
    mean_spent_reroll_only: object
    table: tuple = field(repr=False)
    exact: bool = False

    def plan(self, roll: int, invokes: int | None = None) -> str:
        """The optimal plan after seeing dice total ``roll`` with ``invokes`` left.

        >>> invoke_policy(0, 2, invokes=2).plan(0)
        '+2 +2'
        """
        k = self.invokes if invokes is None else check_int("invokes", invokes, 0, self.invokes)
        roll = check_int("roll", roll, -self.dice, self.dice)
        if k == 0:
            return "keep"
        return next(r.plan for r in self.table if r.roll == roll and r.invokes_left == k)


def _solve(dist, need: int, k_max: int, allowed: frozenset, exact: bool, point_value) -> dict:
    """Backward induction over (dice total, +2s taken, invokes left).

    Stopping is worth ``[total reaches need] + point_value · invokes left``.
    Returns ``{(s, j, k): (value, p_reach, mean_spent, action)}``: among
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


def _check_point_value(point_value, exact: bool):
    lim = LIMITS["point_value"]
    if not exact:
        return lim.check(point_value, name="point_value")
    if isinstance(point_value, bool) or not isinstance(point_value, (int, Fraction)):
        raise refuse("point_value", "an int or a Fraction when exact", point_value, kind=True)
    point_value = Fraction(point_value)
    if not lim.lo <= point_value <= lim.hi:
        raise refuse("point_value", f"a number in [{lim.lo}, {lim.hi}]", point_value, why=lim.why)
    # Every value of the policy carries the point value's digits: Fraction(1, 10**10**6)
    # ran for minutes. Its size is measured in bits, never by printing it.
    digits = (
        int(max(point_value.numerator.bit_length(), point_value.denominator.bit_length()) * 0.30103)
        + 1
    )
    size = LIMITS["point_value digits"]
    if digits > size.hi:
        raise refuse(
            "point_value",
            f"a Fraction of at most {size.hi} digits over at most {size.hi} when exact",
            point_value,
            why=size.why,
            instead="round it, or use exact=False",
        )
    return point_value


def invoke_policy(
    bonus: int = 0,
    difficulty: int = 0,
    *,
    invokes: int = 1,
    objective: str = "success",
    total: int | None = None,
    point_value=0,
    dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> InvokePolicy:
    """The exact optimal way to spend ``invokes`` invokes on one roll.

    Among equally good actions the one that spends fewer invokes on average
    is chosen (then: keep, +2, reroll), so the plan also says when to save
    the point. With ``point_value > 0`` an unspent invoke is worth that much
    (in units of reaching the objective) and the policy maximises
    ``P(reach) + point_value · E[invokes left]``: it then saves points on long
    shots. ``p_*`` stay the chances of reaching the objective.

    Parameters
    ----------
    bonus, difficulty : int
        Everything added to the dice, and the fixed difficulty.
    invokes : int
        Invokes available (fate points or free invokes), 0..20.
    objective : {"success", "style", "tie"}
        Reach success or better (shifts ≥ 1), success with style
        (≥ ``rules.style_shifts``) or at least a tie (≥ 0).
    total : int, optional
        A total to reach instead of ``difficulty`` and ``objective``.
    point_value : number, default 0
        Value of keeping an invoke for later, 0..1 (an int or a Fraction when exact).
    dice : int, optional
        Default ``rules.dice``; 1..50.
    exact : bool
    rules : Rules, optional

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
    rules = resolve(rules)
    bonus = LIMITS["rating"].check(bonus, name="bonus")
    difficulty = LIMITS["rating"].check(difficulty, name="difficulty")
    invokes = LIMITS["invokes"].check(invokes, name="invokes")
    check_choice("objective", objective, OBJECTIVES)
    dice = rules.dice if dice is None else dice
    dice = LIMITS["invoke dice"].check(dice, name="dice")
    check_bool("exact", exact)
    if total is None:
        margin = {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]
        total_needed = difficulty + margin
    else:
        total_needed = LIMITS["rating"].check(total, name="total")
        objective = "total"
    point_value = _check_point_value(point_value, exact)
    need = total_needed - bonus
    dist = fate_dice(dice, exact=exact)
    zero = Fraction(0) if exact else 0.0
    probs = [pr for _, pr in dist.items()]
    results = {}
    for name, allowed in _POLICIES:
        st = _solve(dist, need, invokes, allowed, exact, point_value)
        start = [st[(s, 0, invokes)] for s, _ in dist.items()]
        results[name] = tuple(
            sum((pr * a[i] for pr, a in zip(probs, start, strict=True)), zero) for i in range(3)
        ) + (st,)
    return InvokePolicy(
        objective=objective,
        bonus=bonus,
        difficulty=difficulty if total is None else total_needed,
        invokes=invokes,
        dice=dice,
        need=need,
        p_optimal=results["optimal"][1],
        p_always_plus2=results["plus2"][1],
        p_reroll_only=results["reroll"][1],
        p_never=results["never"][1],
        point_value=point_value,
        value_optimal=results["optimal"][0],
        mean_spent_optimal=results["optimal"][2],
        mean_spent_always_plus2=results["plus2"][2],
        mean_spent_reroll_only=results["reroll"][2],
        table=_plan_table(results["optimal"][3], invokes, dice),
        exact=exact,
    )


def reach_by_invokes(need: int, invokes: int, dist, exact: bool) -> tuple:
    """``((p_reach, mean_spent) for k = 0..invokes)``: the optimal policy with k invokes.

    One backward induction (:func:`_solve`, +2 or reroll, saved points worth
    nothing) answers every k at once: the state with k invokes left and no +2
    taken yet is the start of a roll with k invokes. ``need`` is the dice total
    to reach, ``dist`` the dice's distribution. Used by the challenges.

    Examples
    --------
    >>> from dicestats.fate import fate_dice
    >>> [p for p, _ in reach_by_invokes(3, 1, fate_dice(exact=True), True)]
    [Fraction(5, 81), Fraction(2761, 6561)]
    """
    st = _solve(dist, need, invokes, frozenset({"+2", "reroll"}), exact, 0)
    zero = Fraction(0) if exact else 0.0
    out = []
    for k in range(invokes + 1):
        p = u = zero
        for s, pr in dist.items():
            a = st[(s, 0, k)]
            p, u = p + pr * a[1], u + pr * a[2]
        out.append((p, u))
    return tuple(out)


def _plan_table(st: dict, invokes: int, dice: int) -> tuple[PlanRow, ...]:
    """The optimal plan for each (dice total, invokes left), read off the solved states."""
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
                PlanRow(
                    roll=s,
                    invokes_left=k,
                    plan=" ".join(steps) if steps else "keep",
                    p=st[(s, 0, k)][1],
                    mean_spent=st[(s, 0, k)][2],
                )
            )
    return tuple(table)


#: Fields of :class:`InvokePolicy` averaged over the opposition's roll.
_AVERAGED = (
    "p_optimal",
    "p_always_plus2",
    "p_reroll_only",
    "p_never",
    "value_optimal",
    "mean_spent_optimal",
    "mean_spent_always_plus2",
    "mean_spent_reroll_only",
)


@dataclass(frozen=True)
class InvokeVsOpposition(Result):
    """The result of :func:`invoke_vs_opposition`.

    The ``p_*``, ``value_optimal`` and ``mean_spent_*`` fields of
    :class:`InvokePolicy`, averaged over the opposition's roll, and
    ``by_opposition``: ``{opposition dice total: InvokePolicy}``.
    """

    bonus: int
    versus: int
    invokes: int
    objective: str
    dice: int
    versus_dice: int
    point_value: object
    p_optimal: object
    p_always_plus2: object
    p_reroll_only: object
    p_never: object
    value_optimal: object
    mean_spent_optimal: object
    mean_spent_always_plus2: object
    mean_spent_reroll_only: object
    by_opposition: dict = field(repr=False)
    exact: bool = False


def invoke_vs_opposition(
    bonus: int = 0,
    versus: int | None = None,
    *,
    invokes: int = 1,
    objective: str = "success",
    point_value=0,
    dice: int | None = None,
    versus_dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> InvokeVsOpposition:
    """:func:`invoke_policy` against an active opposition whose roll you have seen.

    The opposition rolls ``versus_dice`` dF + ``versus`` (default 0); you see its
    total and then play the optimal policy against it (the opposition's own
    invokes are not modelled). The work, ``(2·versus_dice+1)·(2·dice+1)·(invokes+1)²``, is
    capped (see :data:`~dicestats.fate.LIMITS`).

    Examples
    --------
    >>> from dicestats.fate import outcome_probs
    >>> r = invoke_vs_opposition(2, 2, invokes=0, exact=True)
    >>> r.p_never == outcome_probs(2, versus=2, exact=True).p_success_or_better
    True
    """
    rules = resolve(rules)
    versus = LIMITS["rating"].check(0 if versus is None else versus, name="versus")
    dice = LIMITS["invoke dice"].check(rules.dice if dice is None else dice, name="dice")
    invokes = LIMITS["invokes"].check(invokes, name="invokes")
    check_bool("exact", exact)
    vdice = dice if versus_dice is None else versus_dice
    vdice = LIMITS["invoke dice"].check(vdice, name="versus_dice")
    work = (2 * vdice + 1) * (2 * dice + 1) * (invokes + 1) ** 2
    for key in (_WORK, "exact " + _WORK):
        LIMITS[key].check_work(work, name="invokes", value=invokes, exact=exact)
    zero = Fraction(0) if exact else 0.0
    out = dict.fromkeys(_AVERAGED, zero)
    by = {}
    for o, q in fate_dice(vdice, exact=exact).items():
        pol = invoke_policy(
            bonus,
            versus + o,
            invokes=invokes,
            objective=objective,
            point_value=point_value,
            dice=dice,
            exact=exact,
            rules=rules,
        )
        by[o] = pol
        for k in _AVERAGED:
            out[k] += q * getattr(pol, k)
    return InvokeVsOpposition(
        bonus=pol.bonus,
        versus=versus,
        invokes=invokes,
        objective=objective,
        dice=dice,
        versus_dice=vdice,
        point_value=pol.point_value,
        by_opposition=by,
        exact=exact,
        **out,
    )
