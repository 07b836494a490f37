"""The optimal invoke policy: when to take +2, when to reroll, when to save the point.

Backward induction over (dice total, +2s taken, invokes left), as
:func:`~dicestats.fate.invoke_policy` says; :func:`reach_by_invokes` answers
every number of invokes at once (the challenges and the workbench use it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import check_int
from ..core.question import Setup
from ..core.results import Result, Table, View
from .outcomes import fate_dice, given
from .rules import ladder_name

#: The policies compared (named as their fields end): the actions each may take, its label.
_POLICIES = {
    "optimal": (frozenset({"+2", "reroll"}), "optimal (+2 or reroll)"),
    "always_plus2": (frozenset({"+2"}), "+2 only"),
    "reroll_only": (frozenset({"reroll"}), "reroll only"),
    "never": (frozenset(), "never invoke"),
}


@dataclass(frozen=True)
class PlanRow(Result):
    """One cell of the optimal plan after seeing dice total ``roll`` with ``invokes_left``:
    the ``plan`` (``"keep"``, ``"+2"``, ``"+2 reroll"``, ...), the chance ``p`` of reaching
    the objective from there and the invokes it spends on average (``mean_spent``)."""

    roll: int
    invokes_left: int
    plan: str
    p: object
    mean_spent: object


@dataclass(frozen=True)
class InvokePolicy(Result):
    """The optimal invoke policy and the simple ones (:func:`~dicestats.fate.invoke_policy`):
    for each (``optimal``, ``always_plus2``, ``reroll_only``, ``never``) ``p_*``, its best
    chance of reaching the ``objective`` (``"total"``: a total given), and
    ``mean_spent_*``, the invokes it spends; ``need``, the dice total that reaches it
    without invokes; ``value_optimal``, ``P(reach) + point_value · E[invokes left]`` at
    the optimum; ``table``, the :class:`PlanRow` of each (dice total, invokes left).
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
    table: tuple = field(repr=False, metadata={"bulky": True})
    rules: object = field(default=None, repr=False, compare=False, metadata={"export": False})
    exact: bool = False

    def plan(self, roll: int, invokes: int | None = None) -> str:
        """The optimal plan after seeing dice total ``roll`` with ``invokes`` left.

        >>> from dicestats.fate import invoke_policy
        >>> invoke_policy(0, 2, invokes=2).plan(0)
        '+2 +2'
        """
        k = self.invokes if invokes is None else check_int("invokes", invokes, 0, self.invokes)
        roll = check_int("roll", roll, -self.dice, self.dice)
        if k == 0:
            return "keep"
        return next(r.plan for r in self.table if r.roll == roll and r.invokes_left == k)

    def view(self) -> View:
        """The policies compared, then the optimal plan for each dice total and invokes left.

        >>> from dicestats.fate import invoke_policy
        >>> invoke_policy(2, 3, invokes=1).view().title
        '4dF +2 against Good (+3), 1 invoke(s), objective: success'
        """
        against, invokes = ladder_name(self.difficulty), f"{self.invokes} invoke(s)"
        if self.objective == "total":
            goal = f"to reach a total of {against}, {invokes}"
        else:
            goal = f"against {against}, {invokes}, objective: {self.objective}"
        parts = [_policies(self)]
        if self.invokes:
            ks = range(1, self.invokes + 1)
            plan = tuple(
                (f"{s:+d}", *(self.plan(s, k) for k in ks))
                for s in range(self.dice, -self.dice - 1, -1)
            )
            parts.append(
                Table(
                    ("roll", *(f"k={k}" for k in ks)),
                    plan,
                    exact_of=None,
                    title="Optimal plan after seeing the dice (rows: dice total; columns: "
                    "invokes left)",
                )
            )
        return View(f"{self.dice}dF {self.bonus:+d} {goal}", tuple(parts))


def _policies(r) -> Table:
    """The four policies of an invoke answer: the chance to reach the objective, the invokes
    each spends."""
    rows = tuple(
        (label, getattr(r, f"p_{k}"), f"{float(getattr(r, f'mean_spent_{k}', 0)):.2f}")
        for k, (_, label) in _POLICIES.items()
    )
    return Table(("policy", "P(reach objective)", "invokes spent"), rows, ("text", "p", "text"))


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


def compute_invoke_policy(s, exact: bool) -> InvokePolicy:
    """The optimal and the simple invoke policies (:func:`dicestats.fate.invoke_policy`)."""
    dist = fate_dice(s.dice, exact=exact)
    zero = Fraction(0) if exact else 0.0
    need = s.total - s.bonus
    out = {}
    for name, (allowed, _) in _POLICIES.items():
        st = _solve(dist, need, s.invokes, allowed, exact, s.point_value)
        start = [(pr, st[(k, 0, s.invokes)]) for k, pr in dist.items()]
        value, p, spent = (sum((pr * a[i] for pr, a in start), zero) for i in range(3))
        out[f"p_{name}"], out[f"mean_spent_{name}"] = p, spent
        if name == "optimal":
            out["value_optimal"], table = value, _plan_table(st, s.invokes, s.dice)
    del out["mean_spent_never"]  # never invoking spends nothing
    asked = given(s, "objective", "bonus", "difficulty", "invokes", "dice", "point_value", "rules")
    return InvokePolicy(**asked, need=need, table=table, exact=exact, **out)


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
    return tuple(
        tuple(sum((pr * st[(s, 0, k)][i] for s, pr in dist.items()), zero) for i in (1, 2))
        for k in range(invokes + 1)
    )


def _plan_table(st: dict, invokes: int, dice: int) -> tuple[PlanRow, ...]:
    """The optimal plan for each (dice total, invokes left), read off the solved states."""
    table = []
    for k in range(1, invokes + 1):
        for s in range(-dice, dice + 1):
            steps, j, kk = [], 0, k
            while (a := st[(s, j, kk)][3]) != "keep":
                steps.append(a)
                if a == "reroll":
                    break
                j, kk = j + 1, kk - 1
            _, p, spent, _ = st[(s, 0, k)]
            plan = " ".join(steps) or "keep"
            table.append(PlanRow(roll=s, invokes_left=k, plan=plan, p=p, mean_spent=spent))
    return tuple(table)


#: Fields of :class:`InvokePolicy` averaged over the opposition's roll.
_AVERAGED = tuple(
    f for f in InvokePolicy.__dataclass_fields__ if f.startswith(("p_", "value_", "mean_spent_"))
)


@dataclass(frozen=True)
class InvokeVsOpposition(Result):
    """Invoking against an active opposition (:func:`~dicestats.fate.invoke_vs_opposition`).

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
    by_opposition: dict = field(repr=False, metadata={"bulky": True})
    exact: bool = False

    def view(self) -> View:
        """The policies compared, averaged over the opposition's roll."""
        title = (
            f"{self.dice}dF {self.bonus:+d} against active opposition {self.versus_dice}dF "
            f"{self.versus:+d} (seen before invoking), {self.invokes} invoke(s), "
            f"objective: {self.objective}"
        )
        return View(title, (_policies(self),))


def compute_invoke_vs_opposition(s, exact: bool) -> InvokeVsOpposition:
    """The invoke policies against each total of the opposition's roll, averaged
    (:func:`dicestats.fate.invoke_vs_opposition`)."""
    zero = Fraction(0) if exact else 0.0
    out = dict.fromkeys(_AVERAGED, zero)
    by = {}
    for o, q in fate_dice(s.versus_dice, exact=exact).items():
        total = s.versus + o + s.margin
        one = Setup(**vars(s), difficulty=s.versus + o, total=total)
        by[o] = pol = compute_invoke_policy(one, exact)
        for k in _AVERAGED:
            out[k] += q * getattr(pol, k)
    asked = given(
        s, "bonus", "versus", "invokes", "objective", "dice", "versus_dice", "point_value"
    )
    return InvokeVsOpposition(**asked, by_opposition=by, exact=exact, **out)
