"""Challenges: the computed form of :func:`~dicestats.fate.challenge` (which says how a
plan is read), a plan given or searched."""

from __future__ import annotations

import dataclasses
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.dist import Dist
from ..core.question import Setup
from ..core.results import Lines, Result, Table, View
from .actions import compute_create_advantage
from .invokes import reach_by_invokes
from .outcomes import compute_outcome_probs, fate_dice, given
from .rules import ladder_name

#: The invoke objective that reaches each counted outcome.
_OBJECTIVE = {"success": 1, "tie": 0}


@dataclass(frozen=True)
class Challenge(Result):
    """A challenge's overcome rolls and what counts (:func:`~dicestats.fate.challenge`; its
    fields are read in ``docs/rules/fate.md``, "Challenges"): ``successes``, the number of
    overcome rolls that count; ``p_at_least[k]``, P(at least k count); ``p_challenge``,
    P(at least ``need`` count), and ``*_unaided`` without the create-advantage steps;
    ``p_per_roll``, ``invokes`` and ``mean_invokes_spent`` per overcome roll,
    ``advantage_*`` and ``mean_invokes_created`` per ``"A"`` step, in plan order. With a
    searched plan, ``advantages`` (the most steps it could take) and
    ``p_challenge_by_plan`` (every plan searched, best first); both None for a plan given.
    """

    difficulties: tuple
    bonuses: tuple
    dice: int
    count: str
    successes: Dist
    p_per_roll: tuple
    p_all: object
    p_at_least: dict
    plan: str
    need: int
    p_challenge: object
    p_challenge_unaided: object
    p_per_roll_unaided: tuple
    advantage_bonuses: tuple
    advantage_difficulties: tuple
    mean_invokes_created: tuple
    advantages: int | None
    p_challenge_by_plan: dict | None = field(repr=False)
    invokes: tuple = field(repr=False)
    mean_invokes_spent: tuple = field(repr=False)
    exact: bool = False

    def view(self) -> View:
        """The plan read step by step, the rolls that count, the verdict, and the plans
        compared when the plan was searched."""
        n = len(self.difficulties)
        counted = "success or better" if self.count == "success" else "a tie or better"
        title = f"Challenge: {n} overcome roll(s), {self.dice}dF, plan {' '.join(self.plan)}"
        if self.advantages is not None:
            title += f" (the best with up to {self.advantages} advantage(s))"
        reading = (
            "Reading: O is an overcome roll; A a create-advantage roll whose free invokes "
            "(fail 0, tie 1, success 1, style 2) go to the next O, spent the optimal way "
            f"(+2 or reroll); a roll counts on {counted}; the challenge needs {self.need} of {n}."
        )
        counts = tuple((str(k), self.successes.pmf(k)) for k in range(n + 1))
        verdict = f"P(the challenge succeeds: at least {self.need} of {n} count)"
        parts = [
            textwrap.fill(reading, width=90),
            self._steps(),
            Table(("rolls that count", "probability"), counts, ("text", "p")),
            Lines(
                (
                    (verdict, self.p_challenge, "p"),
                    ("without the create-advantage steps", self.p_challenge_unaided, "p"),
                )
            ),
        ]
        if self.p_challenge_by_plan is not None:
            shown = list(self.p_challenge_by_plan.items())[:8]
            more = len(self.p_challenge_by_plan) - len(shown)
            parts.append(
                Table(
                    ("plan", "P(succeeds)"),
                    tuple((" ".join(plan), p) for plan, p in shown),
                    ("text", "p"),
                    title="Plans compared, best first"
                    + (f" ({more} more in --json)" if more > 0 else ""),
                )
            )
        return View(title, tuple(parts))

    def _steps(self) -> Table:
        """One row per step of the plan: what it rolls, and the free invokes it gives or gets."""
        rows, o, a = [], 0, 0
        for i, step in enumerate(self.plan, 1):
            if step == "O":
                label = f"{i}. overcome roll {o + 1}"
                bonus, diff = self.bonuses[o], self.difficulties[o]
                got = self.invokes[o]
                gets = f"gets {float(got.mean()):.2f}" if got.max else ""
                rest = (gets, self.p_per_roll[o], self.p_per_roll_unaided[o])
                o += 1
            else:
                label = f"{i}. create an advantage for roll {o + 1}"
                bonus, diff = self.advantage_bonuses[a], self.advantage_difficulties[a]
                rest = (f"gives {float(self.mean_invokes_created[a]):.2f}", "", "")
                a += 1
            rows.append((label, f"{bonus:+d}", ladder_name(diff), *rest))
        header = ("step", "bonus", "difficulty", "free invokes", "P(counts)", "without")
        kinds = ("text", "text", "text", "text", "p", "p")
        return Table(header, tuple(rows), kinds, exact_of=None)


def _bernoulli_sum(ps: Sequence, exact: bool) -> Dist:
    """The number of successes of independent trials with these chances."""
    one = Fraction(1) if exact else 1.0
    w = [one]
    for p in ps:
        q = one - p
        w = [w[0] * q] + [w[k] * q + w[k - 1] * p for k in range(1, len(w))] + [w[-1] * p]
    return Dist(dict(enumerate(w)), exact=exact)


def _at_least(ps: Sequence, need: int, exact: bool):
    """P(at least ``need`` of independent trials succeed), by a DP over the count capped at need."""
    one = Fraction(1) if exact else 1.0
    zero = one - one
    if not need:
        return one
    w = [one] + [zero] * need  # w[k]: P(k successes so far), w[need]: need or more
    for p in ps:
        q = one - p
        w[need] = w[need] + w[need - 1] * p
        for k in range(need - 1, 0, -1):
            w[k] = w[k] * q + w[k - 1] * p
        w[0] = w[0] * q
    return w[need]


def _reach(bonus: int, difficulty: int, invokes: int, count: str, dice: int, exact: bool):
    """``((p_counts, mean_spent) for k = 0..invokes)`` for one overcome roll."""
    need = difficulty + _OBJECTIVE[count] - bonus
    return reach_by_invokes(need, invokes, fate_dice(dice, exact=exact), exact)


def _roll(s, bonus: int, difficulty: int, **action) -> Setup:
    """One roll of the challenge ``s`` at ``bonus`` against ``difficulty``."""
    fixed = {"rules": s.rules, "helpers": 0, "dice": s.dice, "versus": None}
    return Setup(**fixed, bonus=bonus, difficulty=difficulty, **action)


def _advantage(s, bonus: int, difficulty: int, exact: bool):
    """What a create-advantage step at ``bonus`` against ``difficulty`` yields."""
    roll = _roll(s, bonus, difficulty, aspect="new", fail_option="nothing")
    return compute_create_advantage(roll, exact)


def compute_challenge(s, exact: bool) -> Challenge:
    """A challenge (:func:`dicestats.fate.challenge`): its plan's odds, the plan given or
    the best of those with up to ``advantages`` create-advantage steps."""
    return _plan(s, exact) if s.advantages is None else _best_plan(s, exact)


def _plan(s, exact: bool) -> Challenge:
    """A challenge: overcome rolls prepared by the plan's create-advantage steps."""
    diffs, bons, count, need, dice = s.difficulties, s.bonuses, s.count, s.need, s.dice
    a_bons, a_diffs = s.advantage_bonuses, s.advantage_difficulties
    zero = Fraction(0) if exact else 0.0
    invokes = [Dist.constant(0, exact=exact) for _ in diffs]
    created = []
    for t, b, d in zip(s.targets, a_bons, a_diffs, strict=True):
        yields = _advantage(s, b, d, exact)
        invokes[t] = invokes[t] + yields.free_invokes
        created.append(yields.mean_free_invokes)
    rolls = [(b, d, inv.max) for b, d, inv in zip(bons, diffs, invokes, strict=True)]
    cache: dict = {}
    per, unaided, spent = [], [], []
    for (b, d, k), inv in zip(rolls, invokes, strict=True):
        if (b, d, k) not in cache:
            if k:
                cache[(b, d, k)] = _reach(b, d, k, count, dice, exact)
            else:
                o = compute_outcome_probs(_roll(s, b, d), exact)
                p0 = o.p_success_or_better if count == "success" else o.p_tie_or_better
                cache[(b, d, k)] = ((p0, zero),)
        table = cache[(b, d, k)]
        unaided.append(table[0][0])
        per.append(sum((q * table[i][0] for i, q in inv.items()), zero))
        spent.append(sum((q * table[i][1] for i, q in inv.items()), zero))
    succ = _bernoulli_sum(per, exact)
    n = len(diffs)
    return Challenge(
        **given(s, "dice", "count", "plan", "need"),
        difficulties=tuple(diffs),
        bonuses=tuple(bons),
        successes=succ,
        p_per_roll=tuple(per),
        p_all=succ.pmf(n),
        p_at_least={k: succ.p_ge(k) for k in range(n + 1)},
        p_challenge=succ.p_ge(need),
        p_challenge_unaided=_at_least(unaided, need, exact),
        p_per_roll_unaided=tuple(unaided),
        advantage_bonuses=tuple(a_bons),
        advantage_difficulties=tuple(a_diffs),
        mean_invokes_created=tuple(created),
        advantages=None,
        p_challenge_by_plan=None,
        invokes=tuple(invokes),
        mean_invokes_spent=tuple(spent),
        exact=exact,
    )


def _score_plans(q: list, most: int, per_roll: int, need: int, exact: bool) -> list:
    """``[(score, allocation), ...]`` for every plan: ``q[j][c]`` is roll j's chance with c.

    A depth-first search over the rolls carries the distribution of the rolls
    that count so far (capped at ``need``), so plans sharing a prefix share
    its work. Exact mode runs on integers over one common denominator ``D``
    (a score is ``P · D**n``), which ranks plans without building Fractions.
    """
    if exact:
        den = math.lcm(*(p.denominator for row in q for p in row))
        q = [[p.numerator * (den // p.denominator) for p in row] for row in q]
        one = den
    else:
        one = 1.0
    n = len(q)
    out = []

    def step(w, p):
        """Add one roll that counts with chance ``p`` (``p / one``)."""
        r = one - p
        nxt = [x * r for x in w]
        for k in range(len(w)):
            nxt[min(k + 1, need)] += w[k] * p
        return nxt

    def visit(j, left, w, alloc):
        if j == n:
            out.append((w[need], alloc))
            return
        for c in range(min(left, per_roll) + 1):
            visit(j + 1, left - c, step(w, q[j][c]), (*alloc, c))

    start = [1] + [0] * need if exact else [1.0] + [0.0] * need  # no roll yet: 0 counted
    visit(0, most, start, ())
    if exact:
        scale = den**n
        return [(Fraction(x, scale), a) for x, a in out]
    return out


def _best_plan(s, exact: bool) -> Challenge:
    """The plan whose create-advantage steps best win the challenge, and every plan's
    chance."""
    diffs, bons, count, need, dice = s.difficulties, s.bonuses, s.count, s.need, s.dice
    a_bon, a_diff, m, per_roll = s.advantage_bonus, s.advantage_difficulty, s.advantages, s.per_roll
    # q[j][c]: roll j counts when c advantages prepare it (every c from one induction).
    zero = Fraction(0) if exact else 0.0
    q = []
    for b, d in zip(bons, diffs, strict=True):
        ab = b if a_bon is None else a_bon
        ad = d if a_diff is None else a_diff
        one = _advantage(s, ab, ad, exact)
        table = _reach(b, d, 2 * per_roll, count, dice, exact)
        row, inv = [], Dist.constant(0, exact=exact)
        for _ in range(per_roll + 1):
            row.append(sum((w * table[i][0] for i, w in inv.items()), zero))
            inv = inv + one.free_invokes
        q.append(row)
    scored = []
    for p, alloc in _score_plans(q, m, per_roll, need, exact):
        plan = "".join("A" * c + "O" for c in alloc)
        # Best first; then fewer advantages; then advantages on earlier rolls.
        scored.append((p, sum(alloc), tuple(-c for c in alloc), plan))
    tol = 0 if exact else 1e-12
    top = max(x[0] for x in scored)
    near = [x for x in scored if x[0] >= top - tol]
    best = min(near, key=lambda x: (x[1], x[2]))
    ranked = sorted(scored, key=lambda x: (-x[0], x[1], x[2]))
    by_plan = {best[3]: best[0], **{x[3]: x[0] for x in ranked if x[3] != best[3]}}
    plan = best[3]
    targets = [plan[:i].count("O") for i, step in enumerate(plan) if step == "A"]
    result = _plan(
        Setup(
            **vars(s),
            plan=plan,
            targets=targets,
            advantage_bonuses=[bons[t] if a_bon is None else a_bon for t in targets],
            advantage_difficulties=[diffs[t] if a_diff is None else a_diff for t in targets],
        ),
        exact,
    )
    return dataclasses.replace(result, advantages=m, p_challenge_by_plan=by_plan)
