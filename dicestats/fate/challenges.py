"""Challenges: a series of overcome and create-advantage actions, and the best plan for one.

Fate Accelerated: «挑戰是你用來解決一個特別複雜的局面的一連串克服行動及創造優勢行動»
(a challenge is a series of overcome actions and create-advantage actions that
resolves an especially complicated situation). Each overcome roll deals with one
task; a create-advantage roll yields free invokes (fail 0, tie 1, success 1,
success with style 2) that a later overcome roll spends, +2 or a reroll each.

**How a plan is read.** A plan is a string of steps in order, ``"O"`` for an
overcome roll and ``"A"`` for a create-advantage roll: ``"AOOAO"``. The
``"O"`` steps are the challenge's tasks, in the order of ``difficulties``;
each ``"A"`` step prepares the **next** ``"O"`` step: its free invokes go to
that roll, which spends them as the exact optimal invoke policy says (to
reach the counted outcome; see :func:`~dicestats.fate.invoke_policy`). An
invoke the roll does not need is not carried to another roll. Since every roll
is independent, only which roll each ``"A"`` prepares matters: ``"AOO"`` puts
the advantage on the first task, ``"OAO"`` on the second.

Examples
--------
>>> r = challenge([2, 3], 2, plan="OAO", exact=True)
>>> r.p_challenge > r.p_challenge_unaided
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..core.checks import check_bool, check_choice, check_int, check_int_list, refuse
from ..core.dist import Dist
from ..core.results import Result
from .actions import create_advantage
from .dice import fate_dice
from .invokes import reach_by_invokes
from .limits import LIMITS
from .outcomes import outcome_probs
from .rules import CHALLENGE_COUNTS, resolve

__all__ = [
    "STEPS",
    "ChallengeResult",
    "ChallengePlan",
    "challenge",
    "best_challenge_plan",
]

#: The letters of a plan: ``"A"`` creates an advantage for the next ``"O"``, an overcome roll.
STEPS = {"A": "create an advantage", "O": "overcome"}

#: Words a plan may use for its steps, besides the letters themselves.
_WORDS = {
    "a": "A",
    "advantage": "A",
    "create_advantage": "A",
    "create an advantage": "A",
    "o": "O",
    "overcome": "O",
}

#: The invoke objective that reaches each counted outcome.
_OBJECTIVE = {"success": 1, "tie": 0}

#: The work cap's name in LIMITS (one invoke policy per overcome roll that has invokes).
_WORK = "Σ (2·dice+1)·(invokes+1)² over overcome rolls"
#: The plan search's cap in LIMITS.
_SEARCH = "partial plans × (need+1)"


@dataclass(frozen=True)
class ChallengeResult(Result):
    """The result of :func:`challenge`.

    Attributes
    ----------
    difficulties, bonuses : tuple of int
        The overcome rolls (the challenge's tasks), in order.
    count : {"success", "tie"}
        What an overcome roll must reach to count.
    successes : Dist
        The number of overcome rolls that count.
    p_per_roll : tuple
        Each overcome roll's chance to count, with the free invokes it gets.
    p_all : P(every overcome roll counts).
    p_at_least : dict ``{k: P(at least k count)}`` for k = 0..n.
    plan : str
        The steps in order, ``"A"`` (create an advantage for the next ``"O"``)
        and ``"O"`` (an overcome roll); ``"OOO"`` without advantages.
    need : int
        Overcome rolls that must count for the challenge to succeed.
    p_challenge : P(at least ``need`` overcome rolls count).
    p_challenge_unaided : the same without the create-advantage steps.
    p_per_roll_unaided : tuple
        Each overcome roll's chance to count without free invokes.
    advantage_bonuses, advantage_difficulties : tuple of int
        Each create-advantage step's bonus and difficulty, in plan order.
    mean_invokes_created : tuple
        The free invokes each create-advantage step yields on average.
    invokes : tuple of Dist
        The free invokes each overcome roll gets.
    mean_invokes_spent : tuple
        The free invokes each overcome roll spends on average (optimal policy).
    exact : bool
    """

    difficulties: tuple
    bonuses: tuple
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
    invokes: tuple = field(repr=False)
    mean_invokes_spent: tuple = field(repr=False)
    exact: bool = False


def _per_roll(name: str, value, n: int, what: str, default: list | None = None) -> list:
    """One int for every roll, or one int per roll (``n`` of them); ``None`` → ``default``."""
    lim = LIMITS["rating"]
    if value is None and default is not None:
        return list(default)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return [lim.check(value, name=name)] * n
    values = check_int_list(name, value, lim.lo, lim.hi, min_len=0)
    if len(values) != n:
        raise refuse(name, f"one int or one per {what} ({n})", values)
    return values


def _parse_plan(plan, n: int) -> str:
    """``plan`` as a string of ``"A"`` and ``"O"``, checked against ``n`` overcome rolls."""
    if plan is None:
        return "O" * n
    if isinstance(plan, str):
        items = [c for c in plan if not c.isspace() and c not in ",;"]
    elif isinstance(plan, Sequence) and not isinstance(plan, (bytes, bytearray)):
        items = list(plan)
    else:
        raise refuse("plan", "a string of 'A' and 'O' steps such as 'AOO'", plan, kind=True)
    steps = []
    for i, item in enumerate(items):
        word = item.strip().lower() if isinstance(item, str) else None
        if word not in _WORDS:
            raise refuse(
                f"plan[{i}]",
                "'A' (create an advantage for the next overcome roll) or 'O' (overcome)",
                item,
            )
        steps.append(_WORDS[word])
    text = "".join(steps)
    if text.count("O") != n:
        raise refuse(
            "plan",
            f"one 'O' per difficulty ({n} overcome rolls)",
            text,
            instead="write one 'O' per task, and an 'A' before the roll it prepares",
        )
    if text.endswith("A"):
        raise refuse(
            "plan",
            "a plan whose every 'A' comes before an 'O'",
            text,
            why="an advantage's free invokes go to the next overcome roll",
        )
    lim = LIMITS["advantages per roll"]
    for run in text.split("O")[:-1]:
        lim.check(len(run), name="create-advantage steps before one overcome roll")
    return text


def _bernoulli_sum(ps: Sequence, exact: bool) -> Dist:
    """The number of successes of independent trials with these chances."""
    one = Fraction(1) if exact else 1.0
    w = [one]
    for p in ps:
        q = one - p
        nxt = [w[0] * q] + [w[k] * q + w[k - 1] * p for k in range(1, len(w))] + [w[-1] * p]
        w = nxt
    return Dist(dict(enumerate(w)), exact=exact)


def _at_least(ps: Sequence, need: int, exact: bool):
    """P(at least ``need`` of independent trials succeed), by a DP over the count capped at need."""
    one = Fraction(1) if exact else 1.0
    zero = one - one
    w = [one] + [zero] * need  # w[k]: P(k successes so far), w[need]: need or more
    for p in ps:
        q = one - p
        w[need] = w[need] + w[need - 1] * p if need else w[need]
        for k in range(need - 1, 0, -1):
            w[k] = w[k] * q + w[k - 1] * p
        if need:
            w[0] = w[0] * q
    return w[need]


def _reach(bonus: int, difficulty: int, invokes: int, count: str, dice: int, exact: bool):
    """``((p_counts, mean_spent) for k = 0..invokes)`` for one overcome roll."""
    need = difficulty + _OBJECTIVE[count] - bonus
    return reach_by_invokes(need, invokes, fate_dice(dice, exact=exact), exact)


def _check_work(rolls: list, dice: int, exact: bool, name: str, value) -> None:
    """Cap the invoke policies a challenge solves: ``rolls`` holds (bonus, difficulty, invokes).

    Rolls with the same bonus, difficulty and invokes share one policy.
    """
    work = sum((2 * dice + 1) * (k + 1) ** 2 for _, _, k in set(rolls) if k)
    for key in (_WORK, "exact " + _WORK):
        LIMITS[key].check_work(work, name=name, value=value, exact=exact)


def _common(difficulties, bonuses, count, need, dice, exact, rules):
    """The checked arguments every challenge question shares."""
    rules = resolve(rules)
    lim = LIMITS["rating"]
    diffs = check_int_list("difficulties", difficulties, lim.lo, lim.hi)
    LIMITS["challenge rolls"].check(len(diffs), name="len(difficulties)")
    bons = _per_roll("bonuses", bonuses, len(diffs), "roll")
    count = (
        rules.challenge_count if count is None else check_choice("count", count, CHALLENGE_COUNTS)
    )
    n = len(diffs)
    need = n if need is None else check_int("need", need, 0, n)
    check_bool("exact", exact)
    dice = rules.dice if dice is None else dice
    return rules, diffs, bons, count, need, dice


def challenge(
    difficulties: Sequence[int],
    bonuses: int | Sequence[int] = 0,
    *,
    plan: str | Sequence[str] | None = None,
    advantage_bonuses: int | Sequence[int] | None = None,
    advantage_difficulties: int | Sequence[int] | None = None,
    need: int | None = None,
    count: str | None = None,
    dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> ChallengeResult:
    """A challenge: overcome rolls, each against its own difficulty, prepared by advantages.

    Parameters
    ----------
    difficulties : sequence of int
        One difficulty per overcome roll (the challenge's tasks, in order).
    bonuses : int or sequence of int
        The roller's bonus for each overcome roll (one int for all).
    plan : str or sequence of str, optional
        The steps in order: ``"O"`` an overcome roll, ``"A"`` a
        create-advantage roll whose free invokes go to the next ``"O"``
        (``"AOOAO"``; words ``"advantage"`` / ``"overcome"`` also do). Default:
        the overcome rolls only.
    advantage_bonuses, advantage_difficulties : int or sequence of int, optional
        Each create-advantage roll's bonus and difficulty (one int for all, or
        one per ``"A"`` in plan order). Default: those of the overcome roll it
        prepares.
    need : int, optional
        Overcome rolls that must count for the challenge to succeed (default:
        all of them). The text leaves the verdict to the GM, who "combines the
        results"; ``successes`` gives every count.
    count : {"success", "tie"}, optional
        What an overcome roll must reach to count (default
        ``rules.challenge_count``: success or better; ``"tie"``: a tie or
        better, as an overcome tie succeeds at a minor cost). Free invokes are
        spent to reach it.
    dice : int, optional
        Fate dice per roll (default ``rules.dice``; 1..50 when the plan has
        advantages: the invoke policy is solved over every dice total).
    exact : bool
    rules : Rules, optional

    Returns
    -------
    ChallengeResult

    Examples
    --------
    Three tasks at +2 against Average, Fair and Good:

    >>> r = challenge([1, 2, 3], bonuses=2, exact=True)
    >>> r.p_all == r.p_per_roll[0] * r.p_per_roll[1] * r.p_per_roll[2]
    True

    The same with an advantage created (at +2 against Fair) for the hardest task:

    >>> a = challenge([1, 2, 3], 2, plan="OOAO", advantage_difficulties=2, exact=True)
    >>> a.p_per_roll[:2] == r.p_per_roll[:2], a.p_per_roll[2] > r.p_per_roll[2]
    (True, True)
    >>> a.invokes[2].pmf(2)  # success with style: two free invokes
    Fraction(5, 81)
    """
    rules, diffs, bons, count, need, dice = _common(
        difficulties, bonuses, count, need, dice, exact, rules
    )
    text = _parse_plan(plan, len(diffs))
    # Which overcome roll each "A" prepares: the index of the next "O".
    targets, j = [], 0
    for step in text:
        if step == "A":
            targets.append(j)
        else:
            j += 1
    a_bons = _per_roll(
        "advantage_bonuses", advantage_bonuses, len(targets), "'A' step", [bons[t] for t in targets]
    )
    a_diffs = _per_roll(
        "advantage_difficulties",
        advantage_difficulties,
        len(targets),
        "'A' step",
        [diffs[t] for t in targets],
    )
    if targets:
        LIMITS["invoke dice"].check(dice, name="dice")
    else:
        LIMITS["dice"].check(dice, name="dice")
    zero = Fraction(0) if exact else 0.0
    invokes = [Dist.constant(0, exact=exact) for _ in diffs]
    created = []
    for t, b, d in zip(targets, a_bons, a_diffs, strict=True):
        yields = create_advantage(b, difficulty=d, dice=dice, exact=exact, rules=rules)
        invokes[t] = invokes[t] + yields.free_invokes
        created.append(yields.mean_free_invokes)
    rolls = [(b, d, inv.max) for b, d, inv in zip(bons, diffs, invokes, strict=True)]
    _check_work(rolls, dice, exact, "plan", text)
    cache: dict = {}
    per, unaided, spent = [], [], []
    for (b, d, k), inv in zip(rolls, invokes, strict=True):
        if (b, d, k) not in cache:
            if k:
                cache[(b, d, k)] = _reach(b, d, k, count, dice, exact)
            else:
                o = outcome_probs(b, difficulty=d, dice=dice, exact=exact, rules=rules)
                p0 = o.p_success_or_better if count == "success" else o.p_tie_or_better
                cache[(b, d, k)] = ((p0, zero),)
        table = cache[(b, d, k)]
        unaided.append(table[0][0])
        per.append(sum((q * table[i][0] for i, q in inv.items()), zero))
        spent.append(sum((q * table[i][1] for i, q in inv.items()), zero))
    succ = _bernoulli_sum(per, exact)
    n = len(diffs)
    return ChallengeResult(
        difficulties=tuple(diffs),
        bonuses=tuple(bons),
        count=count,
        successes=succ,
        p_per_roll=tuple(per),
        p_all=succ.pmf(n),
        p_at_least={k: succ.p_ge(k) for k in range(n + 1)},
        plan=text,
        need=need,
        p_challenge=succ.p_ge(need),
        p_challenge_unaided=_at_least(unaided, need, exact),
        p_per_roll_unaided=tuple(unaided),
        advantage_bonuses=tuple(a_bons),
        advantage_difficulties=tuple(a_diffs),
        mean_invokes_created=tuple(created),
        invokes=tuple(invokes),
        mean_invokes_spent=tuple(spent),
        exact=exact,
    )


@dataclass(frozen=True)
class ChallengePlan(Result):
    """The result of :func:`best_challenge_plan`.

    Attributes
    ----------
    plan : str
        The best plan (``"A"`` before the overcome roll it prepares).
    p_challenge : P(the challenge succeeds) with the best plan.
    p_challenge_unaided : the same without any create-advantage step.
    p_challenge_by_plan : dict
        ``{plan: P(the challenge succeeds)}`` for every plan searched, best first.
    best : ChallengeResult
        The whole answer for the best plan.
    """

    difficulties: tuple
    bonuses: tuple
    advantages: int
    advantage_bonus: int | None
    advantage_difficulty: int | None
    count: str
    need: int
    plan: str
    p_challenge: object
    p_challenge_unaided: object
    p_challenge_by_plan: dict = field(repr=False)
    best: ChallengeResult = field(repr=False)
    exact: bool = False


def _search_nodes(n: int, most: int, per_roll: int) -> int:
    """The nodes of the search tree of :func:`_score_plans`: partial plans of 1..n rolls.

    Counted by a DP over the advantages used so far, not listed.
    """
    ways = [1] + [0] * most  # ways[s]: plans of the rolls so far using s advantages
    nodes = 0
    for _ in range(n):
        ways = [sum(ways[s - c] for c in range(min(s, per_roll) + 1)) for s in range(most + 1)]
        nodes += sum(ways)
    return nodes


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


def best_challenge_plan(
    difficulties: Sequence[int],
    bonuses: int | Sequence[int] = 0,
    *,
    advantages: int = 1,
    advantage_bonus: int | None = None,
    advantage_difficulty: int | None = None,
    need: int | None = None,
    count: str | None = None,
    dice: int | None = None,
    exact: bool = False,
    rules=None,
) -> ChallengePlan:
    """The plan with up to ``advantages`` create-advantage steps that best wins the challenge.

    Every way to place the create-advantage steps before the overcome rolls
    is searched (which roll each prepares; order among independent rolls does
    not matter otherwise). Each overcome roll's chance with 0, 1, 2, ...
    advantages comes from one backward induction of the invoke policy; the
    best plan maximises P(at least ``need`` rolls count). Among equally good
    plans the one with fewer create-advantage steps wins, then the one whose
    advantages prepare earlier rolls.

    Parameters
    ----------
    difficulties, bonuses, need, count, dice, exact, rules
        As in :func:`challenge`.
    advantages : int
        The most create-advantage steps the plan may take, 0..
        ``LIMITS["challenge advantages"].hi``.
    advantage_bonus, advantage_difficulty : int, optional
        Every create-advantage roll's bonus and difficulty. Default: those of
        the overcome roll it prepares.

    Examples
    --------
    Two tasks at +2, against Average and Good: one advantage goes to the hard one.

    >>> best = best_challenge_plan([1, 3], 2, advantages=1, exact=True)
    >>> best.plan, best.p_challenge == best.best.p_challenge
    ('OAO', True)
    >>> {plan: round(float(p), 4) for plan, p in best.p_challenge_by_plan.items()}
    {'OAO': 0.2354, 'AOO': 0.1693, 'OO': 0.1143}
    """
    rules, diffs, bons, count, need, dice = _common(
        difficulties, bonuses, count, need, dice, exact, rules
    )
    m = LIMITS["challenge advantages"].check(advantages, name="advantages")
    lim = LIMITS["rating"]
    a_bon = None if advantage_bonus is None else lim.check(advantage_bonus, name="advantage_bonus")
    a_diff = (
        None
        if advantage_difficulty is None
        else lim.check(advantage_difficulty, name="advantage_difficulty")
    )
    if m:
        LIMITS["invoke dice"].check(dice, name="dice")
    else:
        LIMITS["dice"].check(dice, name="dice")
    n = len(diffs)
    per_roll = min(m, LIMITS["advantages per roll"].hi)
    nodes = _search_nodes(n, m, per_roll) * (need + 1)
    for key in (_SEARCH, "exact " + _SEARCH):
        LIMITS[key].check_work(nodes, name="advantages", value=m, exact=exact)
    # q[j][c]: roll j counts when c advantages prepare it (every c from one induction).
    rolls = [(b, d, 2 * per_roll) for b, d in zip(bons, diffs, strict=True)]
    _check_work(rolls, dice, exact, "advantages", m)
    zero = Fraction(0) if exact else 0.0
    q = []
    for b, d in zip(bons, diffs, strict=True):
        ab = b if a_bon is None else a_bon
        ad = d if a_diff is None else a_diff
        one = create_advantage(ab, difficulty=ad, dice=dice, exact=exact, rules=rules)
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
    top = max(s[0] for s in scored)
    near = [s for s in scored if s[0] >= top - tol]
    best = min(near, key=lambda s: (s[1], s[2]))
    ranked = sorted(scored, key=lambda s: (-s[0], s[1], s[2]))
    by_plan = {s[3]: s[0] for s in ranked}
    by_plan = {best[3]: best[0], **{k: v for k, v in by_plan.items() if k != best[3]}}
    result = challenge(
        diffs,
        bons,
        plan=best[3],
        advantage_bonuses=a_bon,
        advantage_difficulties=a_diff,
        need=need,
        count=count,
        dice=dice,
        exact=exact,
        rules=rules,
    )
    return ChallengePlan(
        difficulties=tuple(diffs),
        bonuses=tuple(bons),
        advantages=m,
        advantage_bonus=a_bon,
        advantage_difficulty=a_diff,
        count=count,
        need=need,
        plan=best[3],
        p_challenge=result.p_challenge,
        p_challenge_unaided=result.p_challenge_unaided,
        p_challenge_by_plan=by_plan,
        best=result,
        exact=exact,
    )
