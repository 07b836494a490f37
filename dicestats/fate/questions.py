"""The Fate questions, each declared once (:func:`dicestats.core.question.question`).

Fate has no Monte Carlo form: every answer is computed, in floats or exact
Fractions. The computed forms live in the modules each declaration names,
imported on the first answer: this module imports no numpy.

Examples
--------
>>> outcome_probs(2, difficulty=1, exact=True).p_success_or_better
Fraction(50, 81)
>>> outcome_probs(2, difficulty=1, method="montecarlo")
Traceback (most recent call last):
...
dicestats.InputError: method must be one of 'float', 'exact', got 'montecarlo'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from numbers import Integral

from ..core.checks import (
    InputError,
    check_bool,
    check_choice,
    check_int,
    parse_fraction_text,
    refuse,
)
from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import (
    ASPECT_KINDS,
    CHALLENGE_COUNTS,
    FAIL_OPTIONS,
    OBJECTIVES,
    check_rating,
    check_ratings,
    check_roll,
    pick,
    resolve,
)


# --------------------------------------------------------------------------- one roll
@question(
    result="outcomes:OutcomeProbs",
    compute="outcomes",
    headline=("p_success_or_better", "p_tie", "mean_shifts"),
    chart="fate:outcome_probs_chart",
    samples=(
        Sample(
            "+2 against Average (+1)",
            (2,),
            {"difficulty": 1},
            bad=({"helpers": -1}, {"dice": 0}, {"helpers": 3, "max_helpers": 2}),
        ),
        Sample("+1 against an active +0", (1,), {"versus": 0}, bad=({"versus_dice": 0},)),
    ),
)
def outcome_probs(
    bonus: int | str = 0,
    *,
    difficulty: int | str | None = None,
    versus: int | str | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
):
    """The odds of one roll: fail, tie, success, success with style.

    Ratings, difficulties and oppositions are numbers or ladder names
    (``2``, ``"+2"``, ``"Fair"``, ``"fair"``, ``"Fair (+2)"``).

    Parameters
    ----------
    bonus : int or str
        Approach rating plus every other bonus, a number or a ladder name such as Fair
        (stunts +2, invoked aspects +2).
    difficulty : int or str, optional
        A fixed difficulty, a number or a ladder name. Give exactly one of
        ``difficulty`` and ``versus``.
    versus : int or str, optional
        Active opposition: the other side rolls its own dice plus this bonus.
    helpers : int
        Allies who help: +1 each (at most ``max_helpers`` when given).
    max_helpers : int, optional
        The GM's cap on helpers; more is refused.
    dice : int, optional
        Fate dice you roll (default ``rules.dice``).
    versus_dice : int, optional
        Fate dice the active opposition rolls (default: ``dice``).
    rules : Rules, optional

    Returns
    -------
    OutcomeProbs
        The four outcomes (a partition: they sum to 1), the cumulative two,
        the mean and the distribution of shifts (:func:`shifts`).

    Examples
    --------
    >>> o = outcome_probs(bonus=3, difficulty=2, exact=True)
    >>> o.probabilities()
    {'fail': Fraction(5, 27), 'tie': Fraction(16, 81), 'success': Fraction(35, 81), \
'style': Fraction(5, 27)}
    >>> sum(o.probabilities().values())
    Fraction(1, 1)
    """
    return check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)


# --------------------------------------------------------------------------- the actions
@question(
    result="actions:CreateAdvantage",
    compute="actions",
    headline=("mean_free_invokes", "p_aspect", "p_boost"),
    samples=(
        Sample(
            "create a new advantage, +2 against Fair (+2)",
            (2,),
            {"difficulty": 2, "aspect": "new"},
            bad=({"aspect": "old"}, {"fail_option": "cry"}),
        ),
        Sample(
            "reveal an aspect against an active +1, the opposition invoking on a failure",
            (1,),
            {"versus": 1, "aspect": "reveal", "fail_option": "opposition_invokes"},
        ),
    ),
)
def create_advantage(
    bonus: int | str = 0,
    *,
    difficulty: int | str | None = None,
    versus: int | str | None = None,
    aspect: str = "new",
    fail_option: str = "nothing",
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
):
    """What a create-advantage roll yields: free invokes, the aspect, a boost.

    Parameters
    ----------
    bonus, difficulty, versus : int
        As in :func:`outcome_probs` (a fixed difficulty or an active opposition).
    aspect : {"new", "reveal", "known"}
        Create a new situation aspect, reveal an existing one, or gain an
        advantage on an aspect you already know.
    fail_option : {"nothing", "opposition_invokes"}
        On a failure to create or reveal, either nothing happens or the aspect
        exists but an opponent gets one free invoke (the player's choice).
    helpers, max_helpers, dice, versus_dice, rules
        As in :func:`outcome_probs`.

    Examples
    --------
    >>> r = create_advantage(2, difficulty=2, exact=True)
    >>> r.mean_free_invokes, r.p_boost
    (Fraction(55, 81), Fraction(19, 81))
    """
    check_choice("aspect", aspect, ASPECT_KINDS)
    check_choice("fail_option", fail_option, FAIL_OPTIONS)
    s = check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)
    return Setup(**vars(s), aspect=aspect, fail_option=fail_option)


@question(
    result="actions:Overcome",
    compute="actions",
    headline=("p_goal", "p_clean_success", "p_boost"),
    samples=(
        Sample(
            "overcome at +1 against Average (+1) with two helpers",
            (1,),
            {"difficulty": 1, "helpers": 2},
            bad=({"bonus": 20_000},),
        ),
    ),
)
def overcome(
    bonus: int | str = 0,
    *,
    difficulty: int | str | None = None,
    versus: int | str | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
):
    """What an overcome roll yields: the goal, at a cost or cleanly, and a boost.

    Parameters
    ----------
    bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules
        As in :func:`outcome_probs` (a fixed difficulty or an active opposition).

    Examples
    --------
    >>> overcome(1, difficulty=1, exact=True).p_goal
    Fraction(50, 81)
    """
    return check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)


@question(
    result="actions:Attack",
    compute="actions",
    headline=("mean_stress", "p_hit", "p_boost"),
    samples=(
        Sample(
            "attack +1 against Mediocre (+0), trading a shift for a boost",
            (1,),
            {"difficulty": 0, "trade_for_boost": True},
            bad=({"trade_for_boost": "yes"},),
        ),
    ),
)
def attack(
    bonus: int | str = 0,
    *,
    difficulty: int | str | None = None,
    versus: int | str | None = None,
    trade_for_boost: bool = False,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
):
    """What an attack yields: stress dealt and boosts.

    A success deals ``shifts`` stress; a tie deals none but gives a boost; a
    success with style may trade one shift for a boost
    (``trade_for_boost=True`` always takes that trade).

    Parameters
    ----------
    bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules
        As in :func:`outcome_probs` (a fixed difficulty or an active opposition).
    trade_for_boost : bool, default False
        Always trade a shift of a success with style for a boost.

    Examples
    --------
    >>> a = attack(0, difficulty=0, exact=True)
    >>> a.mean_stress, a.p_boost
    (Fraction(52, 81), Fraction(19, 81))
    """
    check_bool("trade_for_boost", trade_for_boost)
    s = check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)
    return Setup(**vars(s), trade_for_boost=trade_for_boost)


@question(
    result="actions:Defend",
    compute="actions",
    headline=("p_denied", "p_opponent_gets_result", "p_boost"),
    samples=(
        Sample(
            "defending at +2 against an attack that totals Good (+3)",
            (2,),
            {"difficulty": 3},
            bad=({"difficulty": None},),
        ),
    ),
)
def defend(
    bonus: int | str = 0,
    *,
    difficulty: int | str | None = None,
    versus: int | str | None = None,
    helpers: int = 0,
    max_helpers: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
):
    """What a defence yields, against the attacker's total (difficulty) or bonus (versus).

    Parameters
    ----------
    bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules
        As in :func:`outcome_probs` (a fixed difficulty or an active opposition).

    Examples
    --------
    Defending at +2 against an attack that totals Good (+3): the attack lands
    when 4dF + 2 < 3 (50 of 81 rolls); a boost needs 4dF + 2 - 3 >= 3 (1 roll).

    >>> d = defend(2, difficulty=3, exact=True)
    >>> d.p_opponent_gets_result, d.p_boost
    (Fraction(50, 81), Fraction(1, 81))
    """
    return check_roll(bonus, difficulty, versus, helpers, max_helpers, dice, versus_dice, rules)


# --------------------------------------------------------------------------- invokes
#: The work cap's name in LIMITS (one invoke policy per opposition total).
_INVOKE_WORK = "(2·versus_dice+1)·(2·dice+1)·(invokes+1)²"


def _check_point_value(point_value, exact: bool):
    """A saved invoke's value: a float, or an exact int or Fraction of bounded size, or its
    text (``"0.25"``, ``"1/4"``: read exactly)."""
    lim = LIMITS["point_value"]
    if isinstance(point_value, str):
        try:
            point_value = parse_fraction_text(point_value, lim.lo, lim.hi)
        except ValueError as exc:
            raise InputError(f"point_value {exc}") from None
        point_value = point_value if exact else float(point_value)
    if not exact:
        return lim.check(point_value, name="point_value")
    if isinstance(point_value, bool) or not isinstance(point_value, (int, Fraction)):
        raise refuse("point_value", "an int or a Fraction when exact", point_value, kind=True)
    point_value = Fraction(point_value)
    if not lim.lo <= point_value <= lim.hi:
        raise refuse("point_value", f"a number in [{lim.lo}, {lim.hi}]", point_value, why=lim.why)
    # Every value of the policy carries the point value's digits: Fraction(1, 10**10**6)
    # ran for minutes. Its size is measured in bits, never by printing it.
    bits = max(point_value.numerator.bit_length(), point_value.denominator.bit_length())
    digits = int(bits * 0.30103) + 1
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


def _margin(objective: str, rules) -> int:
    """The shifts an objective needs: tie 0, success 1, style ``rules.style_shifts``."""
    return {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]


@question(
    result="invokes:InvokePolicy",
    compute="invokes",
    headline=("p_optimal", "p_always_plus2", "p_never"),
    command="invoke",
    chart="fate:invoke_policy_chart",
    samples=(
        Sample(
            "two invokes, +2 against Good (+3)",
            (2, 3),
            {"invokes": 2},
            bad=({"invokes": 21}, {"objective": "win"}, {"point_value": 2}, {"total": "Heroic"}),
        ),
        Sample(
            "one invoke to reach a total of Superb (+5), a saved point worth 1/4",
            (3, 0),
            {"total": 5, "point_value": Fraction(1, 4)},
        ),
    ),
)
def invoke_policy(
    bonus: int | str = 0,
    difficulty: int | str = 0,
    *,
    invokes: int = 1,
    objective: str = "success",
    total: int | str | None = None,
    point_value: float | Fraction | str = 0,
    dice: int | None = None,
    rules=None,
    method,
):
    """The exact optimal way to spend invokes (+2 or a reroll each) on one roll.

    After seeing the roll, each invoke buys **+2** or a **reroll** of all dice (+2s
    taken stay). Backward induction over (dice total, +2s taken, invokes left) gives
    the best chance of reaching the objective and the plan, against "always +2",
    "only rerolls" and "never"; among equally good actions the one spending fewer
    invokes wins (then keep, +2, reroll). With ``point_value > 0`` the policy
    maximises ``P(reach) + point_value · E[invokes left]``; ``p_*`` stay the chances
    of reaching the objective.

    Parameters
    ----------
    bonus, difficulty : int or str
        Everything added to the dice, and the fixed difficulty (numbers or ladder names,
        as in :func:`outcome_probs`).
    invokes : int
        Invokes available (fate points or free invokes), 0..20.
    objective : {"success", "style", "tie"}
        Reach success or better (shifts ≥ 1), success with style
        (≥ ``rules.style_shifts``) or at least a tie (≥ 0).
    total : int or str, optional
        A total to reach instead of ``difficulty`` and ``objective``.
    point_value : float, Fraction or str, default 0
        Value of keeping an invoke for later, 0..1 of a success (``0.25``, or the text
        ``"0.25"`` or ``"1/4"``, read exactly; an int or a Fraction when exact).
    dice : int, optional
        Default ``rules.dice``; 1..50.
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
    bonus = check_rating(bonus, "bonus")
    difficulty = check_rating(difficulty, "difficulty")
    invokes = LIMITS["invokes"].check(invokes, name="invokes")
    check_choice("objective", objective, OBJECTIVES)
    dice = LIMITS["invoke dice"].check(rules.dice if dice is None else dice, name="dice")
    if total is None:
        total = difficulty + _margin(objective, rules)
    else:
        difficulty = total = check_rating(total, "total")
        objective = "total"
    return Setup(
        rules=rules,
        bonus=bonus,
        difficulty=difficulty,
        total=total,
        invokes=invokes,
        objective=objective,
        point_value=_check_point_value(point_value, method == "exact"),
        dice=dice,
    )


@question(
    result="invokes:InvokeVsOpposition",
    compute="invokes",
    headline=("p_optimal", "p_always_plus2", "p_never"),
    samples=(
        Sample(
            "one invoke against an active opposition",
            (1, 1),
            {"invokes": 1},
            bad=({"versus_dice": 0}, {"invokes": -1}),
        ),
    ),
)
def invoke_vs_opposition(
    bonus: int | str = 0,
    versus: int | str | None = None,
    *,
    invokes: int = 1,
    objective: str = "success",
    point_value: float | Fraction | str = 0,
    dice: int | None = None,
    versus_dice: int | None = None,
    rules=None,
    method,
):
    """The optimal way to spend invokes against an active opposition whose roll you have seen.

    The opposition rolls ``versus_dice`` dF + ``versus`` (default 0); you see its total,
    then play :func:`invoke_policy` against it (its own invokes are not modelled). The
    work, ``(2·versus_dice+1)·(2·dice+1)·(invokes+1)²``, is capped (see ``LIMITS``).

    Parameters
    ----------
    bonus, versus : int or str
        Everything added to your dice, and the opposition's bonus (default 0); numbers
        or ladder names.
    invokes, objective, point_value
        As in :func:`invoke_policy`.
    dice : int, optional
        Fate dice you roll (default ``rules.dice``; 1..50).
    versus_dice : int, optional
        Fate dice the opposition rolls (default: ``dice``).
    rules : Rules, optional

    Examples
    --------
    >>> r = invoke_vs_opposition(2, 2, invokes=0, exact=True)
    >>> r.p_never == outcome_probs(2, versus=2, exact=True).p_success_or_better
    True
    """
    exact = method == "exact"
    rules = resolve(rules)
    versus = check_rating(0 if versus is None else versus, "versus")
    dice = LIMITS["invoke dice"].check(rules.dice if dice is None else dice, name="dice")
    invokes = LIMITS["invokes"].check(invokes, name="invokes")
    vdice = dice if versus_dice is None else versus_dice
    vdice = LIMITS["invoke dice"].check(vdice, name="versus_dice")
    work = (2 * vdice + 1) * (2 * dice + 1) * (invokes + 1) ** 2
    for key in (_INVOKE_WORK, "exact " + _INVOKE_WORK):
        LIMITS[key].check_work(work, name="invokes", value=invokes, exact=exact)
    return Setup(
        rules=rules,
        bonus=check_rating(bonus, "bonus"),
        versus=versus,
        invokes=invokes,
        objective=check_choice("objective", objective, OBJECTIVES),
        margin=_margin(objective, rules),
        point_value=_check_point_value(point_value, exact),
        dice=dice,
        versus_dice=vdice,
    )


# --------------------------------------------------------------------------- challenges
#: Words a plan may use for its steps, besides the letters themselves.
_WORDS = {
    **dict.fromkeys(("a", "advantage", "create_advantage", "create an advantage"), "A"),
    **dict.fromkeys(("o", "overcome"), "O"),
}
#: The work cap's name in LIMITS (one invoke policy per overcome roll that has invokes).
_CHALLENGE_WORK = "Σ (2·dice+1)·(invokes+1)² over overcome rolls"
#: The plan search's cap in LIMITS.
_SEARCH = "partial plans × (need+1)"


def _one_rating(value) -> bool:
    """Whether ``value`` is one rating (an int or its text), not a sequence of them."""
    return isinstance(value, str) or (isinstance(value, Integral) and not isinstance(value, bool))


def _per_roll(name: str, value, rolls: int | list, what: str) -> list:
    """One rating for every roll, or one per roll: ``rolls`` is their number, or the
    defaults (one per roll) that ``None`` takes."""
    n = rolls if isinstance(rolls, int) else len(rolls)
    if value is None and not isinstance(rolls, int):
        return list(rolls)
    if _one_rating(value):
        return [check_rating(value, name)] * n
    values = check_ratings(value, name, min_len=0)
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


def _check_work(rolls: list, dice: int, exact: bool, name: str, value) -> None:
    """Cap the invoke policies a challenge solves: ``rolls`` holds (bonus, difficulty,
    the most free invokes); rolls with the same three share one policy."""
    work = sum((2 * dice + 1) * (k + 1) ** 2 for _, _, k in set(rolls) if k)
    for key in (_CHALLENGE_WORK, "exact " + _CHALLENGE_WORK):
        LIMITS[key].check_work(work, name=name, value=value, exact=exact)


def _search_nodes(n: int, most: int, per_roll: int) -> int:
    """The nodes of the best plan's search tree: partial plans of 1..n rolls.

    Counted by a DP over the advantages used so far, not listed.
    """
    ways = [1] + [0] * most  # ways[s]: plans of the rolls so far using s advantages
    nodes = 0
    for _ in range(n):
        ways = [sum(ways[s - c] for c in range(min(s, per_roll) + 1)) for s in range(most + 1)]
        nodes += sum(ways)
    return nodes


@question(
    result="challenges:Challenge",
    compute="challenges",
    headline=("p_challenge", "p_challenge_unaided", "p_all"),
    command="challenge",
    chart="fate:challenge_chart",
    samples=(
        Sample(
            "a challenge of three rolls at +2",
            ([1, 2, 3], 2),
            bad=({"need": 4}, {"plan": "OOA"}, {"count": "style"}),
        ),
        Sample(
            "a challenge with an advantage created for its hardest roll",
            ([1, 2, 3], 2),
            {"plan": "OOAO", "need": 2},
            bad=({"advantage_bonuses": [1, 2]},),
        ),
        Sample(
            "the best place for two advantages in a challenge",
            ([1, 3], 2),
            {"advantages": 2},
            bad=({"advantages": 21}, {"advantage_bonuses": [1, 2]}, {"plan": "OAO"}),
        ),
    ),
)
def challenge(
    difficulties: list[int | str],
    bonuses: int | str | list[int | str] = 0,
    *,
    plan: str | list[str] | None = None,
    advantages: int | None = None,
    advantage_bonuses: int | str | list[int | str] | None = None,
    advantage_difficulties: int | str | list[int | str] | None = None,
    need: int | None = None,
    count: str | None = None,
    dice: int | None = None,
    rules=None,
    method,
):
    """A challenge: overcome rolls, each against its own difficulty, prepared by advantages.

    A plan is a string of steps in order, ``"O"`` an overcome roll (the tasks, in
    the order of ``difficulties``) and ``"A"`` a create-advantage roll whose free
    invokes go to the **next** ``"O"``, spent as :func:`invoke_policy` says. With
    ``advantages=m`` instead, the best plan with up to ``m`` such steps is searched
    (ties: fewer steps, then earlier rolls). ``docs/rules/fate.md`` says how the
    text is read and what is not modelled.

    Parameters
    ----------
    difficulties : sequence of int or str
        One difficulty per overcome roll (the challenge's tasks, in order), numbers or
        ladder names such as 1,Fair,+3.
    bonuses : int, str or sequence of them
        The roller's bonus: one for every overcome roll, or one per roll.
    plan : str or sequence of str, optional
        The steps in order, such as OOAO (words ``"advantage"`` / ``"overcome"``
        also do). Default: the overcome rolls only.
    advantages : int, optional
        Search the best plan with up to this many create-advantage steps, 0..20
        (instead of ``plan``).
    advantage_bonuses, advantage_difficulties : int, str or sequence of them, optional
        Each create-advantage roll's bonus and difficulty: one for all, or one per
        ``"A"`` of the plan (one for all with ``advantages``). Default: those of the
        overcome roll it prepares.
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
    rules : Rules, optional

    Returns
    -------
    Challenge

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

    Two tasks at +2, against Average and Good: one advantage goes to the hard one.

    >>> best = challenge([1, 3], 2, advantages=1, exact=True)
    >>> best.plan
    'OAO'
    >>> {plan: round(float(p), 4) for plan, p in best.p_challenge_by_plan.items()}
    {'OAO': 0.2354, 'AOO': 0.1693, 'OO': 0.1143}
    """
    if advantages is not None and plan is not None:
        raise refuse(
            "plan",
            "omitted with advantages",
            plan,
            why="advantages searches the best plan",
            instead="give one of plan and advantages",
        )
    exact = method == "exact"
    rules = resolve(rules)
    diffs = check_ratings(difficulties, "difficulties")
    n = LIMITS["challenge rolls"].check(len(diffs), name="len(difficulties)")
    bons = _per_roll("bonuses", bonuses, n, "roll")
    count = (
        rules.challenge_count if count is None else check_choice("count", count, CHALLENGE_COUNTS)
    )
    need = n if need is None else check_int("need", need, 0, n)
    tasks = dict(rules=rules, difficulties=diffs, bonuses=bons, count=count, need=need)
    dice = rules.dice if dice is None else dice
    if advantages is not None:  # the best plan is searched
        m = LIMITS["challenge advantages"].check(advantages, name="advantages")
        a_bon = _one_for_all("advantage_bonuses", advantage_bonuses)
        a_diff = _one_for_all("advantage_difficulties", advantage_difficulties)
        dice = LIMITS["invoke dice" if m else "dice"].check(dice, name="dice")
        per_roll = min(m, LIMITS["advantages per roll"].hi)
        nodes = _search_nodes(n, m, per_roll) * (need + 1)
        for key in (_SEARCH, "exact " + _SEARCH):
            LIMITS[key].check_work(nodes, name="advantages", value=m, exact=exact)
        rolls = [(b, d, 2 * per_roll) for b, d in zip(bons, diffs, strict=True)]
        _check_work(rolls, dice, exact, "advantages", m)
        return Setup(
            **tasks,
            dice=dice,
            advantages=m,
            per_roll=per_roll,
            advantage_bonus=a_bon,
            advantage_difficulty=a_diff,
        )
    text = _parse_plan(plan, n)
    # Which overcome roll each "A" prepares (the index of the next "O"), and its defaults.
    targets = [text[:i].count("O") for i, step in enumerate(text) if step == "A"]
    a_bons, a_diffs = [bons[t] for t in targets], [diffs[t] for t in targets]
    a_bons = _per_roll("advantage_bonuses", advantage_bonuses, a_bons, "'A' step")
    a_diffs = _per_roll("advantage_difficulties", advantage_difficulties, a_diffs, "'A' step")
    dice = LIMITS["invoke dice" if targets else "dice"].check(dice, name="dice")
    # The most free invokes each overcome roll can get: 2 from an advantage whose best
    # roll succeeds with style, 1 from one whose best roll ties, else none.
    most = [0] * n
    for t, b, d in zip(targets, a_bons, a_diffs, strict=True):
        top = b + dice - d
        most[t] += 2 if top >= rules.style_shifts else int(top >= 0)
    _check_work(list(zip(bons, diffs, most, strict=True)), dice, exact, "plan", text)
    return Setup(
        **tasks,
        dice=dice,
        plan=text,
        targets=targets,
        advantage_bonuses=a_bons,
        advantage_difficulties=a_diffs,
        advantages=None,
    )


def _one_for_all(name: str, value):
    """The one rating every create-advantage step of a searched plan takes, or None."""
    if value is None:
        return None
    if not _one_rating(value):
        raise refuse(
            name,
            "one value with advantages",
            value,
            why="the best plan places identical create-advantage steps",
            instead="give one value, or write the steps with plan",
        )
    return check_rating(value, name)


# --------------------------------------------------------------------------- contests
def _participants(bonus, versus, dice, tie_rule, rules) -> dict:
    """The checked arguments of a contest exchange: rules, bonuses (yours first), dice, tie
    rule."""
    rules = resolve(rules)
    others = [check_rating(versus, "versus")] if _one_rating(versus) else None
    bons = [check_rating(bonus, "bonus"), *(others or check_ratings(versus, "versus"))]
    dice = LIMITS["contest dice"].check(rules.dice if dice is None else dice, name="dice")
    return {
        "rules": rules,
        "bonuses": bons,
        "dice": dice,
        "tie_rule": pick("tie_rule", tie_rule, rules),
    }


def _check_joint_rolls(bonuses: list, dice: int) -> None:
    """An exchange lists every joint roll of the participants: cap their number."""
    n = len(bonuses)
    LIMITS["joint rolls"].check_work((2 * dice + 1) ** n, name="participants", value=n)


@question(
    result="contests:ExchangeProbs",
    compute="contests",
    headline=("p_tie", "p_win", "p_style"),
    samples=(
        Sample(
            "one exchange among three",
            (1, [0, -1]),
            bad=({"versus": []}, {"tie_rule": "all"}, {"style_shifts": 0}, {"bonus": "x"}),
        ),
        Sample("one exchange among three, any tie stops scoring", (0, [0, 1]), {"tie_rule": "any"}),
    ),
)
def exchange_probs(
    bonus: int | str,
    versus: int | str | list[int | str],
    *,
    dice: int | None = None,
    style_shifts: int | None = None,
    tie_rule: str | None = None,
    rules=None,
):
    """Outcome probabilities of one contest exchange among the participants.

    Every participant rolls ``dice`` dF + its bonus; the unique highest total wins,
    with style if it beats every other total by ``style_shifts`` or more.

    Parameters
    ----------
    bonus : int or str
        Your bonus, a number or a ladder name.
    versus : int, str or sequence of them
        The bonus of each other participant (one opponent, or several).
    dice : int, optional
        Fate dice every participant rolls (default ``rules.dice``).
    style_shifts : int, optional
        Shifts over every other total that win with style (default ``rules.style_shifts``).
    tie_rule : {"highest", "any"}, optional
        Which ties stop everyone scoring (default ``rules.tie_rule``).
    rules : Rules, optional

    Examples
    --------
    >>> e = exchange_probs(0, 0, exact=True)
    >>> e.p_tie, e.p_style[0]  # 8dF = 0: 1107/6561; 8dF >= 3: 927/6561
    (Fraction(41, 243), Fraction(103, 729))
    """
    s = _participants(bonus, versus, dice, tie_rule, rules)
    style_shifts = pick("style_shifts", style_shifts, s["rules"])
    _check_joint_rolls(s["bonuses"], s["dice"])
    return Setup(**s, style_shifts=style_shifts)


@question(
    result="contests:Contest",
    compute="contests",
    headline=("p_lose", "mean_exchanges", "p_win"),
    command="contest",
    chart="fate:contest_chart",
    samples=(
        Sample(
            "a contest, +1 against +0",
            (1, 0),
            bad=({"victories": 0}, {"max_exchanges": 0}, {"dice": 13}, {"versus": "Heroic"}),
        ),
        Sample("three in a contest to two victories", (1, [0, 0]), {"victories": 2}),
    ),
)
def contest(
    bonus: int | str,
    versus: int | str | list[int | str],
    *,
    victories: int | None = None,
    style_victories: int | None = None,
    dice: int | None = None,
    tie_rule: str | None = None,
    max_exchanges: int | None = None,
    rules=None,
    method,
):
    """A contest: exchanges until someone has won enough victories.

    Each exchange (:func:`exchange_probs`) marks a victory for its winner
    (``style_victories`` when won with style); the first to ``victories`` wins.
    Solved exactly as an absorbing Markov chain over the victory counts (its
    ``victories ** participants`` states capped, :data:`~dicestats.fate.LIMITS`).

    Parameters
    ----------
    versus : int, str or sequence of them
        An opponent's bonus, or one per opponent (a contest of three or more).
    victories : int, optional
        Victories needed to win (default ``rules.victories`` = 3).
    style_victories : int, optional
        Victories for an exchange won with style (default ``rules.style_victories`` = 2).
    max_exchanges : int, optional
        List a row for every number of exchanges up to this, then the rest as "more
        than" (default: 20 in ``exchanges``; its view shows rows until 99.9 percent is covered).
    bonus, dice, tie_rule, rules
        As in :func:`exchange_probs`.

    Examples
    --------
    >>> from fractions import Fraction
    >>> c = contest(0, 0, exact=True)
    >>> c.p_win[0] == c.p_win[1] == Fraction(1, 2)
    True
    >>> round(float(c.mean_exchanges), 4)
    3.7482
    """
    exact = method == "exact"
    s = _participants(bonus, versus, dice, tie_rule, rules)
    victories = pick("victories", victories, s["rules"])
    style_victories = pick("style_victories", style_victories, s["rules"])
    shown = max_exchanges  # None: the view shows rows until 99.9% is covered
    max_exchanges = 20 if max_exchanges is None else max_exchanges
    max_exchanges = LIMITS["max_exchanges"].check(max_exchanges, name="max_exchanges")
    n = len(s["bonuses"])
    n_states = victories**n
    LIMITS["victories ** participants"].check_work(n_states, name="victories", value=victories)
    LIMITS["victories ** participants × participants²"].check_work(
        n_states * n**2, name="victories", value=victories, exact=exact
    )
    LIMITS["contest states × max_exchanges"].check_work(
        n_states * max_exchanges,
        name="max_exchanges",
        value=max_exchanges,
        per=n_states,
        per_name="contest states",
        exact=exact,
    )
    _check_joint_rolls(s["bonuses"], s["dice"])
    return Setup(
        **s,
        victories=victories,
        style_victories=style_victories,
        max_exchanges=max_exchanges,
        rows=shown,
    )


# --------------------------------------------------------------------------- the Deck of Fate
@question(
    result="deck:DeckVsDice",
    compute="deck",
    headline=("p_fail_streak_deck", "p_fail_streak_dice", "var_sum_deck"),
    command="deck",
    chart="fate:deck_vs_dice_chart",
    samples=(
        Sample(
            "20 draws of the Deck of Fate against dice",
            (20, 0, 1),
            bad=({"run": 21}, {"copies": 0}, {"reshuffle_at": 82}, {"difficulty": "hard"}),
        ),
    ),
)
def deck_vs_dice(
    draws: int,
    bonus: int | str = 0,
    difficulty: int | str = 0,
    *,
    run: int = 3,
    copies: int = 1,
    reshuffle_at: int | None = None,
    at_most: int | None = None,
    at_least: int | None = None,
    rules=None,
    method,
):
    """How a session of draws from the Deck of Fate differs from rolling dice.

    One card per ordered face combination (81 for 4dF), drawn without replacement
    until the reshuffle. Compared: ``run`` failures in a row anywhere and in the
    first ``run`` draws, and the spread, extremes and percentiles of the total.

    Parameters
    ----------
    draws : int
        Draws in the session, 1..100,000.
    bonus, difficulty : int or str
        The rolls' bonus and difficulty (which draws fail), numbers or ladder names.
    run : int
        The failure streak's length, 1..``draws``.
    copies : int
        Full decks shuffled together.
    reshuffle_at : int, optional
        Draws before the deck is reshuffled (default: the whole deck).
    at_most, at_least : int, optional
        A tail of the session's total asked for: P(total <= at_most), P(total >= at_least),
        deck and dice.
    rules : Rules, optional

    Examples
    --------
    >>> r = deck_vs_dice(20, 0, 1)
    >>> r.var_sum_deck < r.var_sum_dice
    True
    >>> r = deck_vs_dice(20, at_most=-10)
    >>> round(r.p_at_most_deck, 4), round(r.p_at_most_dice, 4)
    (0.0684, 0.0967)
    """
    from .deck import check_streak_work, deck_args, deck_counts, totals_where

    exact = method == "exact"
    draws = LIMITS["session draws"].check(draws, name="draws")
    bonus, difficulty = check_rating(bonus, "bonus"), check_rating(difficulty, "difficulty")
    fail = totals_where("fail", bonus, difficulty, rules=rules)
    if isinstance(run, int) and not isinstance(run, bool) and run < 1:  # draws >= 1
        raise refuse("run", f"an integer in 1..{min(draws, LIMITS['run'].hi)}", run)
    run = LIMITS["run"].check(run, name="run")
    if run > draws:
        # "P(the first run draws all fail)" would look past the session's end.
        raise refuse(
            "run",
            f"an integer in 1..{draws} (the session's draws)",
            run,
            why="a streak longer than the session",
            instead="lower run or draw more",
        )
    # the dice streak's exact cap, checked before the deck's work (it refused after it)
    LIMITS["draws² × run"].check_work(draws * draws * run, name="draws", value=draws, exact=exact)
    dice, copies, size, _, every = deck_args(None, copies, 0, reshuffle_at, rules)
    counts = deck_counts(dice, copies)
    check_streak_work(sum(counts[t] for t in fail), run, draws, every, exact)
    reach = dice * draws  # a session's total lies in -reach..reach
    tails = {}
    for name, k in (("at_most", at_most), ("at_least", at_least)):
        if k is not None:
            why = f"a total of {draws} draws of {dice}dF lies in -{reach}..{reach}"
            tails[name] = check_int(name, k, -reach, reach, why=why)
    return Setup(
        at_most=tails.get("at_most"),
        at_least=tails.get("at_least"),
        rules=resolve(rules),
        draws=draws,
        bonus=bonus,
        difficulty=difficulty,
        fail=fail,
        run=run,
        dice=dice,
        copies=copies,
        size=size,
        reshuffle_at=reshuffle_at,
        reshuffle_every=every,
    )
