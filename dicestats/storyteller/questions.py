"""The Storyteller questions, each declared once: parameters, forms, headline, samples.

Each public function is made by :func:`dicestats.core.question.question` from its setup
(the checks of its arguments); the computed forms live in the modules each declaration
names, imported on the first answer (this module imports no numpy).

Examples
--------
>>> pool(5, 7, exact=True).p_botch
Fraction(4651, 100000)
>>> r = pool(5, 7, trials=20_000, rng=1)
>>> r.trials, abs(r.p_botch.value - 0.04651) < 4.5 * r.p_botch.stderr
(20000, True)
"""

from __future__ import annotations

from ..core.checks import check_bool, check_choice, check_real, refuse
from ..core.question import Sample, Setup, question
from .limits import LIMITS, check_dice, check_pools, dice_limit, search_limit
from .rules import (
    ON_BOTCH,
    REVISED,
    Rules,
    check_difficulties,
    check_difficulty,
    check_rules,
    check_specialties,
)


def _roll(dice, difficulty, rules, specialty, method, side="") -> Setup:
    """One checked roll: ``rules``, ``dice``, ``difficulty``, ``specialty`` (``side``:
    ``"versus"`` names the other side's parameters)."""
    pre, name = (f"{side}_", side) if side else ("", "dice")
    rules = check_rules(rules)
    check_bool(pre + "specialty", specialty)
    if method == "montecarlo":
        n = LIMITS["dice"].check(dice, name=name)
    else:
        n = check_dice(dice, rules, exact=method == "exact", specialty=specialty, name=name)
    d = check_difficulty(difficulty, rules, pre + "difficulty")
    return Setup(rules=rules, dice=n, difficulty=d, specialty=specialty)


def _work(limit: str, dice: int, count: int, name: str, method, value=None) -> None:
    """Check ``dice × count`` against ``LIMITS[limit]``, refusing ``name`` (given as ``value``)."""
    value = count if value is None else value
    exact = method == "exact"
    LIMITS[limit].check_work(
        dice * count, name=name, value=value, per=dice, per_name="dice", exact=exact
    )


# --------------------------------------------------------------------------- one pool
@question(
    result="pools:Pool",
    compute="pools",
    montecarlo="simulation",
    headline=("p_success", "p_botch", "mean_net"),
    grows="dice",
    wishes=("p_success",),
    counts="net",
    samples=(
        Sample("5 dice at 7", (5, 7)),
        Sample("4 dice at 8, ten-again", (4, 8, Rules(ten_again=True))),
        Sample(
            "5 dice at 7, V20 rules, a roll with a specialty",
            (5, 7, Rules.preset("v20")),
            {"specialty": True},
            bad=({"specialty": "double"}, {"dice": 0}, {"difficulty": 11}),
        ),
    ),
    command="pool",
)
def pool(
    dice: int, difficulty: int = 6, rules: Rules = REVISED, *, specialty: bool = False, method
):
    """The odds of one pool of d10s against a difficulty: success, failure, botch, degrees.

    Parameters
    ----------
    dice : int
        1..1000 (fewer for the heavier rules in exact mode: see ``LIMITS``).
    difficulty : int, default 6
        2..10 (higher only with ``rules.above_ten="clamp"``, rolled at 10).
    rules : Rules
        The rule set (an edition preset or its variants).
    specialty : bool, default False
        The character has a specialty that applies to this roll; what it does
        is ``rules.specialty_rule`` (10s rerolled, or a 10 counting double).

    Returns
    -------
    Pool
        Net successes are never negative and a botch is its own category, so
        ``p_success + p_fail + p_botch == 1`` with ``p_success = P(net >= 1)``.

    Examples
    --------
    >>> r = pool(1, 6, exact=True)
    >>> r.p_success, r.p_fail, r.p_botch
    (Fraction(1, 2), Fraction(2, 5), Fraction(1, 10))
    >>> round(pool(6, 10).p_botch, 4)   # 0.9**6 - 0.8**6
    0.2693
    >>> v20 = Rules.preset("v20")         # a rule set: no specialty unless the roll has one
    >>> round(pool(5, 7, v20).p_success, 4), round(pool(5, 7, v20, specialty=True).p_success, 4)
    (0.7624, 0.798)
    """
    return _roll(dice, difficulty, rules, specialty, method)


@question(
    result="pools:Anomalies",
    compute="pools",
    headline=("cells",),
    samples=(
        Sample(
            "pools 1-12 at difficulties 8-10",
            kwargs={"dice": range(1, 13), "difficulty": range(8, 11)},
            bad=({"rtol": 2},),
        ),
    ),
    command="anomalies",
    chart="storyteller:anomalies_chart",
)
def anomalies(
    rules: Rules = REVISED,
    dice: list[int] = range(1, 31),
    difficulty: list[int] = range(2, 11),
    *,
    specialty: bool = False,
    rtol: float = 1e-9,
    method,
):
    """Every cell where one die more raises the botch chance or lowers a success chance.

    Pool ``n`` is compared with pool ``n - 1`` (both in ``dice``) at each difficulty: a
    rise of ``p_botch`` or of ``P(net < k)``, k = 1..5, is an anomaly (exactly, or beyond
    ``rtol`` in float mode, where probabilities below 1e-250 are not compared).

    Parameters
    ----------
    rules : Rules
        The rule set.
    dice : sequence of int, default 1..30
        The pools compared, each with the one a die smaller (1..200 in exact mode; fewer
        for the heavier rules).
    difficulty : int or sequence of int, default 2..10
        The difficulties.
    specialty : bool, default False
        Every roll has a specialty.
    rtol : float, default 1e-9
        Float mode: a relative rise smaller than this is float noise.

    Returns
    -------
    Anomalies
        Iterable over :class:`Anomaly` records.

    Examples
    --------
    >>> found = anomalies(dice=range(1, 8), difficulty=10)
    >>> [a.dice for a in found if a.metric == "p_botch"]
    [2, 3, 4, 5, 6]
    """
    from .pools import check_difficulty_list

    rtol = check_real("rtol", rtol, 0, 1)
    rules = check_rules(rules)
    check_bool("specialty", specialty)
    dice = check_pools(dice, rules, exact=method == "exact", specialty=specialty)
    if method == "exact":  # an exact search over every pool: its own cap, by the rules
        limit = search_limit(rules, exact=True, specialty=specialty)
        if limit is not None:
            limit.check(max(dice), name="dice")
    diffs = check_difficulty_list(difficulty, rules, "difficulty")
    return Setup(rules=rules, dice=dice, difficulties=diffs, specialty=specialty, rtol=rtol)


# --------------------------------------------------------------------------- choices
@question(
    result="actions:AutomaticSuccess",
    compute="actions",
    headline=("better",),
    samples=(Sample("6 dice at 6, 2 successes", (6, 6), {"target": 2}, bad=({"target": 0},)),),
    command="auto",
    chart="storyteller:automatic_success_chart",
)
def automatic_success(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    target: int = 1,
    stress: bool = False,
    specialty: bool = False,
    method,
):
    """Taking the automatic success versus rolling.

    If the pool is at least the difficulty, a character out of combat and
    stress may skip the roll and take one (marginal) success. It never botches
    but caps the result at one success.

    Parameters
    ----------
    dice, difficulty : int
    rules : Rules
    target : int, default 1
        Successes the task needs (1..50).
    stress : bool, default False
        In combat or under stress: the automatic success is not allowed.
    specialty : bool, default False
        The roll has a specialty (what it does: ``rules.specialty_rule``).

    Examples
    --------
    >>> automatic_success(6, 6, exact=True).better
    'automatic'
    >>> automatic_success(6, 6, target=2).better
    'roll'
    """
    s = _roll(dice, difficulty, rules, specialty, method)
    target = LIMITS["target, automatic success"].check(target, name="target")
    return Setup(**vars(s), target=target, stress=check_bool("stress", stress))


@question(
    result="actions:TryAgain",
    compute="actions",
    headline=("p_success", "p_botch"),
    samples=(Sample("3 dice from difficulty 7", (3, 7), bad=({"attempts": 0},)),),
    command="try-again",
    chart="storyteller:try_again_chart",
)
def try_again(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    attempts: int | None = None,
    botch_ends: bool = True,
    specialty: bool = False,
    method,
):
    """Trying again after failures: each retry is at difficulty +1.

    The k-th attempt is at ``difficulty + k - 1`` (above 10 the task is beyond the
    character, unless ``rules.above_ten == "clamp"``); a success ends the sequence, and
    so does a botch unless ``botch_ends=False`` (then it is a failure to retry).

    Parameters
    ----------
    attempts : int, optional
        The most attempts allowed (1..1000); unlimited by default. Exact mode
        caps ``dice × attempts`` (``LIMITS``; unlimited counts as 50).
    botch_ends : bool, default True
        A botch ends the attempts (a disaster, not a failure that breeds a harder
        retry); False: it counts as a failure.
    specialty : bool, default False
        Every attempt has a specialty (what it does: ``rules.specialty_rule``).

    Examples
    --------
    Tries at 9 (success 2/10, botch 1/10) and at 10 (success 1/10), then
    the difficulty would be 11:

    >>> from fractions import Fraction
    >>> r = try_again(1, 9, exact=True)
    >>> r.p_success == Fraction(2, 10) + Fraction(7, 10) * Fraction(1, 10)
    True
    >>> r.mean_attempts
    Fraction(17, 10)
    """
    s = _roll(dice, difficulty, rules, specialty, method)
    if attempts is not None:
        attempts = LIMITS["attempts"].check(attempts)
    check_bool("botch_ends", botch_ends)
    # With clamp and no attempt limit every attempt from the 50th on is at 10: a geometric
    # tail summed in closed form.
    most = 50 if attempts is None else attempts
    last = most if s.rules.above_ten == "clamp" else min(most, 11 - s.difficulty)
    _work("dice × attempts", s.dice, last, "attempts", method, attempts or "unlimited")
    return Setup(**vars(s), attempts=attempts, botch_ends=botch_ends, last=last)


@question(
    result="actions:BotchExemption",
    compute="actions",
    headline=("p_counted_botch", "p_any_botch"),
    samples=(Sample("3 dice at 9, 4 rolls", (3, 9), {"rolls": 4}, bad=({"rolls": 0},)),),
    command="exemption",
    chart="storyteller:exemption_chart",
)
def botch_exemption(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    rolls: int = 10,
    specialty: bool = False,
    method,
):
    """The chance of a counted botch over several rolls, with and without the exemption.

    With the exemption the first botch of the period does not count, so a
    counted botch needs two botches: ``1 - (1-b)**k - k*b*(1-b)**(k-1)``.
    Exact mode caps ``dice × rolls`` (``LIMITS``). ``specialty``: every roll
    has a specialty (it adds successes; a botch needs none).

    Examples
    --------
    >>> r = botch_exemption(1, 10, rolls=2, exact=True)      # b = 1/10
    >>> r.p_any_botch, r.p_counted_botch
    (Fraction(19, 100), Fraction(1, 100))
    """
    k = LIMITS["rolls"].check(rolls)
    s = _roll(dice, difficulty, rules, specialty, method)
    _work("dice × rolls", s.dice, k, "rolls", method)
    return Setup(**vars(s), rolls=k)


# --------------------------------------------------------------------------- several actions
def _actions(pools, difficulty, rules, specialty, *, length="actions") -> Setup:
    """Checked actions (or members): ``rules``, ``pools``, ``difficulties``, ``specialties``."""
    rules = check_rules(rules)
    base = check_pools(pools, rules, name="pools", length=LIMITS[length])
    diffs = check_difficulties(difficulty, len(base), rules)
    specs = check_specialties(specialty, len(base))
    return Setup(rules=rules, pools=base, difficulties=diffs, specialties=specs)


def _reduced(pools, difficulty, rules, specialty, method) -> Setup:
    """Checked multiple actions and their reduced pools; a computed reduced pool beyond the
    engine's dice limit is refused, naming the pools as given and the action too large."""
    from .actions import reduced_pools

    s = _actions(pools, difficulty, rules, specialty)
    specs = [s.rules._for_roll(sp)._specialty for sp in s.specialties]
    sizes = reduced_pools(s.pools)
    for i, (size, spec) in enumerate(zip(sizes, specs, strict=True), 1):
        limit = dice_limit(s.rules, exact=method == "exact", specialty=spec)
        if method != "montecarlo" and size > limit.hi:
            when = " in exact mode" if limit.when == "exact" else ""
            raise refuse(
                "pools",
                f"pools whose reduced sizes are in {limit.help}{when}",
                s.pools,
                why=f"action {i} rolls {size} dice; {limit.why}",
                instead=limit.instead or None,
            )
    return Setup(
        rules=s.rules, pools=s.pools, difficulties=s.difficulties, specialties=specs, sizes=sizes
    )


@question(
    result="actions:MultipleActions",
    compute="actions",
    montecarlo="simulation",
    headline=("p_all", "mean_successes"),
    samples=(Sample("Hall punches and dodges twice", ([7, 6, 6], 6), bad=({"pools": []},)),),
    command="actions",
    chart="storyteller:multiple_actions_chart",
)
def multiple_actions(
    pools: list[int],
    difficulty: int | list[int] = 6,
    rules: Rules = REVISED,
    *,
    specialty=False,
    method,
):
    """Several actions in one round, each from a pool reduced by the number of actions.

    Of ``k >= 2`` actions, action ``i`` loses ``k + i - 1`` dice (0 or less: it cannot
    be attempted); a single action is not a multiple action and rolls its full pool.

    Parameters
    ----------
    pools : sequence of int
        The base pools (1..1000; 1..100 actions), in the order the actions are taken.
    difficulty : int or sequence of int
        One difficulty for all, or one per action.
    specialty : bool or sequence of bool
        A specialty for every action, or one flag per action (a Brawl
        specialty helps the punch, not the dodges).

    Examples
    --------
    Hall (Dexterity 3, Brawl 4, Dodge 3) punches and dodges twice:

    >>> multiple_actions([7, 6, 6]).pools
    [4, 2, 1]
    >>> multiple_actions([7]).pools      # one action: the full pool
    [7]
    """
    return _reduced(pools, difficulty, rules, specialty, method)


@question(
    result="actions:BestActions",
    compute="actions",
    headline=("best",),
    samples=(
        Sample(
            "4, 3 and 6 dice at 8 (one action is best)",
            ([4, 3, 6], 8),
            bad=({"specialty": [True]},),
        ),
    ),
    command="best-actions",
)
def best_actions(
    pools: list[int],
    difficulty: int | list[int] = 6,
    rules: Rules = REVISED,
    *,
    specialty=False,
    method,
):
    """How many actions (the first k of the pools) give the most expected successes.

    ``by_count[k-1]`` is the :class:`MultipleActions` of declaring ``k``
    actions; ``k = 1`` rolls the first pool in full (one action is not a
    multiple action). On a tie the fewer actions win.

    Examples
    --------
    >>> r = best_actions([7, 6, 6], exact=True)
    >>> [len(m.actions) for m in r.by_count]
    [1, 2, 3]
    >>> r.by_count[0].mean_successes == pool(7, 6, exact=True).p_success
    True
    >>> best_actions([4, 3, 6], 8).best     # splitting small pools at 8 does not pay
    1
    """
    s = _reduced(pools, difficulty, rules, specialty, method)
    firsts = [  # the first k actions, each count checked (fewer actions roll bigger pools)
        _reduced(s.pools[:k], s.difficulties[:k], s.rules, s.specialties[:k], method)
        for k in range(1, len(s.pools))
    ]
    return Setup(**vars(s), firsts=(*firsts, s))


# --------------------------------------------------------------------------- extended, resisted
@question(
    result="extended_resisted:Extended",
    compute="extended_resisted",
    montecarlo="simulation",
    headline=("p_success", "mean_rolls"),
    samples=(
        Sample(
            "3 dice at 6, target 5, 6 rounds, a botch ends it",
            (3, 6, 5),
            {"rounds": 6, "on_botch": "ends"},
            bad=({"on_botch": "explodes"}, {"rounds": 0}, {"target": 0}),
        ),
    ),
    command="extended",
    chart="storyteller:extended_chart",
)
def extended(
    dice: int,
    difficulty: int,
    target: int,
    rules: Rules = REVISED,
    *,
    on_botch: str = "resets",
    rounds: int | None = None,
    max_rounds: int = 1000,
    specialty: bool = False,
    method,
):
    """An extended action: roll once per round, add net successes until a target.

    Solved as an absorbing Markov chain over the accumulated successes, or with a round
    limit by a forward recursion over the rounds.

    Parameters
    ----------
    dice, difficulty : int
    target : int
        Successes needed, 1..200 (1..80 in exact mode without ``rounds``;
        up to 10,000 by Monte Carlo).
    rules : Rules
    on_botch : {"resets", "ends", "zero"}
        What a botch does: all accumulated successes are lost and the task
        starts over (default), the task fails outright (the Storyteller's
        harsher ruling), or the roll only scores 0.
    rounds : int, optional
        A round limit (1..500; 1..100,000 by Monte Carlo): not done after that
        many rolls is a timeout. Exact mode caps the pool and ``dice × rounds``.
    max_rounds : int, default 1000
        Monte Carlo without a round limit: a trial still rolling after this many
        rolls stops (counted in ``p_unfinished``; its rolls count ``max_rounds``,
        so the mean is a lower bound if ``p_unfinished`` > 0).
    specialty : bool, default False
        Every roll has a specialty (what it does: ``rules.specialty_rule``).

    Examples
    --------
    >>> r = extended(1, 6, 1, on_botch="zero", exact=True)   # geometric, p = 1/2
    >>> r.p_success, r.mean_rolls
    (Fraction(1, 1), Fraction(2, 1))
    >>> e = extended(3, 6, 4, rounds=5, trials=10_000, rng=0)
    >>> round(e.p_success.value + e.p_timeout.value + e.p_failed.value, 12)
    1.0
    """
    mc = method == "montecarlo"  # the pool, target and rounds have wider limits simulated
    s = _roll(dice, difficulty, rules, specialty, method if mc else "float")  # exact: below
    check_choice("on_botch", on_botch, ON_BOTCH)
    target = LIMITS["target, simulated" if mc else "target"].check(target, name="target")
    if rounds is not None:
        rounds = LIMITS["rounds, simulated" if mc else "rounds"].check(rounds, name="rounds")
    if mc:
        max_rounds = LIMITS["max_rounds"].check(max_rounds)
    elif max_rounds != 1000:
        why = "it bounds a simulated task; a computed one has no such bound"
        raise refuse("max_rounds", "1000 (its default)", max_rounds, why=why)
    if method == "exact":
        if rounds is None:
            LIMITS["target, exact, no round limit"].check(target, name="target")
        chained = ", chained ten-again" if s.rules._for_roll(specialty).chained else ""
        LIMITS["dice, exact extended" + chained].check(s.dice, name="dice")
        if rounds is not None:
            _work("dice × rounds, exact extended" + chained, s.dice, rounds, "rounds", method)
    return Setup(**vars(s), target=target, on_botch=on_botch, rounds=rounds, max_rounds=max_rounds)


def _sides(me, them, rules, versus_rules, method) -> Setup:
    """Both sides of a resisted roll, checked (``me``, ``them``: dice, difficulty, specialty)."""
    rules = check_rules(rules)
    versus_rules = rules if versus_rules is None else check_rules(versus_rules)
    versus, versus_difficulty, versus_specialty = them
    if versus is None:
        raise refuse("versus", "given (the other side's pool)", None)
    if versus_difficulty is None:
        versus_difficulty = me[1]
    return Setup(
        me=_roll(*me[:2], rules, me[2], method),
        them=_roll(versus, versus_difficulty, versus_rules, versus_specialty, method, "versus"),
    )


@question(
    result="extended_resisted:Resisted",
    compute="extended_resisted",
    headline=("p_win", "mean_margin"),
    samples=(Sample("6 dice at 6 against 5 at 6", (6, 6, 5, 6), bad=({"versus": 0},)),),
    command="resisted",
    chart="storyteller:resisted_chart",
)
def resisted(
    dice: int,
    difficulty: int = 6,
    versus: int | None = None,
    versus_difficulty: int | None = None,
    rules: Rules = REVISED,
    versus_rules: Rules | None = None,
    *,
    specialty: bool = False,
    versus_specialty: bool = False,
    method,
):
    """A resisted action: both sides roll; margin = your net successes - theirs.

    Each side's own 1s cancel its own successes first (floored at 0); the side
    with more successes wins and only the excess counts (4 against 3 is one
    net success). Botches are reported per side.

    Parameters
    ----------
    dice, difficulty : int
        Your pool and difficulty (default 6).
    versus, versus_difficulty : int
        The other side's pool (to give) and difficulty (default: yours).
    rules, versus_rules : Rules
        Each side's rules (the other side's default: yours).
    specialty, versus_specialty : bool
        Whether each side's roll has a specialty (each its own).

    Examples
    --------
    >>> r = resisted(1, 6, versus=1, versus_difficulty=6, exact=True)
    >>> r.p_win == r.p_lose
    True
    """
    me, them = (dice, difficulty, specialty), (versus, versus_difficulty, versus_specialty)
    return _sides(me, them, rules, versus_rules, method)


@question(
    result="extended_resisted:ResistedExtended",
    compute="extended_resisted",
    headline=("p_win", "mean_rounds"),
    samples=(Sample("3 dice at 6 vs 3 at 7, to 2", (3, 6, 3, 7, 2), bad=({"target": 0},)),),
)
def resisted_extended(
    dice: int,
    difficulty: int,
    versus: int,
    versus_difficulty: int,
    target: int,
    rules: Rules = REVISED,
    versus_rules: Rules | None = None,
    *,
    specialty: bool = False,
    versus_specialty: bool = False,
    method,
):
    """Resisted and extended: both sides race to a target of net successes.

    Each round both sides roll; the round's winner adds its net successes
    (the excess over the other side) to its running score; the first to
    ``target`` (1..100) wins. A botch scores 0 that round (only the successes
    count). Exact mode caps ``max(dice, versus) × target`` (``LIMITS``).
    ``specialty``, ``versus_specialty``: as in :func:`resisted`.

    Examples
    --------
    >>> r = resisted_extended(3, 6, 3, 6, 2, exact=True)
    >>> r.p_win
    Fraction(1, 2)
    """
    target = LIMITS["target, race"].check(target, name="target")
    me, them = (dice, difficulty, specialty), (versus, versus_difficulty, versus_specialty)
    s = _sides(me, them, rules, versus_rules, method)
    _work("dice × target, exact race", max(s.me.dice, s.them.dice), target, "target", method)
    return Setup(**vars(s), target=target)


# --------------------------------------------------------------------------- teamwork
@question(
    result="actions:Teamwork",
    compute="actions",
    headline=("p_success", "mean_total"),
    samples=(
        Sample(
            "3 and 2 dice at 7, a botch spoils",
            ([3, 2], 7),
            {"spoil": True},
            bad=({"spoil": "yes"},),
        ),
    ),
    command="teamwork",
    chart="storyteller:teamwork_chart",
)
def teamwork(
    pools: list[int],
    difficulty: int | list[int] = 6,
    rules: Rules = REVISED,
    *,
    spoil: bool = False,
    specialty=False,
    method,
):
    """Teamwork: several characters roll separately and add their successes.

    Pools are never merged. With ``spoil=True`` (social tasks) one member's
    botch spoils the whole effort: it then scores 0. ``specialty`` is a bool
    for every member or one flag per member; ``difficulty`` an int or one per
    member. At most 100 members.

    Examples
    --------
    >>> r = teamwork([1, 1], exact=True)
    >>> r.total.pmf(2)
    Fraction(1, 4)
    """
    s = _actions(pools, difficulty, rules, specialty, length="team")
    check_bool("spoil", spoil)
    for n, spec in zip(s.pools, s.specialties, strict=True):
        check_dice(n, s.rules, exact=method == "exact", name="pools", specialty=spec)
    return Setup(**vars(s), spoil=spoil)
