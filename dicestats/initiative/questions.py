"""The questions of the d6 initiative system, each declared once: parameters, forms, samples.

The forms live in the modules each declaration names (``enumeration`` and ``simulation``
for :func:`odds`, ``defences`` for :func:`defence`, ``order`` for
:func:`order_distribution`), imported on the first answer: this module imports no numpy.
"""

from __future__ import annotations

from numbers import Integral

from ..core.checks import InputError, check_bool, check_choice, check_int, refuse
from ..core.question import Sample, Setup, question
from .limits import EXACT_LIMIT, EXACT_WORK_PER_CLASS, LIMITS, check_exact_size
from .rolls import RollTable, SuccessRoll, check_roll
from .rules import ATTACKERS, KEPT_ATTACKS, RESPONSES, Rules, parse_words


def _fight(args: dict, combat: bool = False) -> Setup:
    """A checked fight from a setup's ``locals()`` (``combat``: with how attacks are made and
    answered) and how it is answered: its outcome classes within ``limit``, or by Monte
    Carlo with a ``batch_size`` that fits and the seed the answer shows."""
    from .engine import check_fight

    args = dict(args)
    limit, method, batch_size, rng = (args.pop(k) for k in ("limit", "method", "batch_size", "rng"))
    attacks = _combat(*(args.pop(k) for k in _COMBAT), method) if combat else None
    fight = check_fight(**args, combat=attacks)
    if method != "montecarlo":
        return Setup(fight=fight, size=_exact_size(fight, check_int("limit", limit, 1)), seed=None)
    if limit != EXACT_LIMIT:
        raise refuse(
            "limit",
            f"{EXACT_LIMIT} (its default)",
            limit,
            why="it bounds an enumeration; Monte Carlo enumerates nothing",
        )
    if batch_size is not None:
        from .setup import batch_rounds

        batch_rounds(batch_size, fight.setup.sw)
    seed = int(rng) if isinstance(rng, Integral) and not isinstance(rng, bool) else None
    return Setup(fight=fight, size=None, seed=seed)


def _exact_size(fight, limit: int) -> int:
    """The outcome classes an exact answer covers: counted for the tier form (one round, no
    holding, the readings it carries: :mod:`.tiers`, checked against its own work cap),
    enumerated within ``limit`` otherwise; past it, a variant the tier form does not carry
    is named."""
    from .engine import needs_engine
    from .limits import check_tier_work, outcome_classes
    from .tiers import carries

    setup = fight.setup
    plain = fight.combat is None and not needs_engine(fight)
    variant = carries(setup.rules) if plain else None
    if plain and variant is None:
        check_tier_work(setup)
        return outcome_classes(setup.sw)
    try:
        return check_exact_size(setup.sw, limit)
    except InputError:
        if not plain:
            raise
    size = outcome_classes(setup.sw)
    work = size * setup.dice * setup.n**2 // 4
    raise refuse(
        "exact",
        "the default reading (order='tier', tiebreak='all', each participant's own margin) "
        "for a setup too big to enumerate",
        variant,
        why=f"the tier form does not carry {variant}; its enumeration: {size:,} outcome "
        f"classes (at most {limit:,}), {work:,} units of work (at most "
        f"{EXACT_WORK_PER_CLASS * limit:,})",
        instead="use Monte Carlo (trials=; on the command line, leave out --exact)",
    )


# --------------------------------------------------------------------------- the rounds
@question(
    result="results:Odds",
    compute="enumeration",
    montecarlo="simulation",
    headline=("p_first", "p_double"),
    default="exact",
    command_default="montecarlo",
    chart="initiative:odds_chart",
    samples=(
        Sample("one die against two", ([1], [2])),
        Sample("two allies against one, per-participant pips", ([2, 1], [2]), {"pips": [1, 0]}),
        Sample(
            "tier order, unspent tie-break",
            ([2], [2]),
            {"rules": Rules(order="tier", tiebreak="unspent")},
        ),
        Sample(
            "a side's pool of pips, spread over its dice",
            ([1], [1, 2]),
            {"versus_pips": 2, "pip_rule": "side-pool"},
        ),
        Sample(
            "margins split over a participant's dice",
            ([2], [2]),
            {"pips": 3, "pip_rule": "split"},
            bad=({"pips": -1}, {"pip_rule": "both"}),
        ),
        Sample(
            "holding: heroes defend, foes wait for them, two rounds",
            ([2], [1, 1]),
            {"hold": "defend", "versus_hold": "after-enemy", "rounds": 2},
            bad=({"hold": "wait"}, {"rounds": 0}, {"versus_hold": ["never"]}),
        ),
        Sample(
            "everyone holds: on edge, then nobody may hold",
            ([1, 1], [1]),
            {"hold": "always", "versus_hold": "always", "rounds": 2, "weakness": [2, "s"]},
        ),
    ),
)
def odds(
    swiftness: list[int],
    versus: list[int],
    *,
    pips: int | list[int] = 0,
    versus_pips: int | list[int] = 0,
    rules: Rules | None = None,
    tiebreak: str | None = None,
    order: str | None = None,
    pip_rule: str | None = None,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness: str | list | None = None,
    versus_weakness: str | list | None = None,
    limit: int = EXACT_LIMIT,
    method,
    batch_size,
    rng,
):
    """Statistics of the rounds of two sides: who acts first, actions before the answer.

    Exact (Fractions, or floats with ``exact=False``): by tiers under the default
    reading, at any table size within ``LIMITS["tier work"]`` (:mod:`.tiers`: polynomial
    in the participants, no joint roll listed); by enumerating every dice outcome for a
    variant (small setups); holding and several rounds on the round engine. Or by
    vectorized, seeded Monte Carlo (``trials=``, ``rng=``: any setup, every number an
    :class:`~dicestats.core.results.Estimate`).

    Parameters
    ----------
    swiftness, versus : list of int
        The swiftness of each participant of a side, 1..15 each: the d6 it rolls.
    pips, versus_pips : list of int, or int
        A side's preparation margins, one per participant, 0..1000 each: the
        margin (net successes) of the participant's preparation roll, added after
        the initiative roll to one of its own dice, at most to 6 (pip_rule names
        other readings); a bare int for a one-member side, or 0 (nobody prepared).
        With ``pip_rule="side-pool"``: one int, the side's shared margin.
    rules : Rules, optional
        The readings in force; ``tiebreak``, ``order`` and ``pip_rule``
        override one field.
    tiebreak : {"all", "unspent"}, optional
        Whether set-aside dice count in the tie-break (all, the text) or not (unspent).
    order : {"tier", "action"}, optional
        Order the holders of a value once, each acting all its dice of it in a row
        (tier, the text), or re-evaluate after every action.
    pip_rule : {"one-die", "split", "side-pool"}, optional
        How a margin is spent: each participant's on one of its dice (one-die, the
        text), over its dice (split), or one margin for the whole side (side-pool).
    hold, versus_hold : str, HoldPolicy or list
        A side's holding policy, never (default), defend, reserve, after-enemy, always or
        your own (:class:`~dicestats.initiative.HoldPolicy`): one for the side, or one
        per participant (a list, or its text defend,never).
    rounds : int
        Rounds per fight, 1..50: a round in which everyone held puts everyone on
        edge and forbids holding in the next. The round statistics are pooled over
        the rounds; ``p_all_held`` is per round. Monte Carlo: ``trials`` fights.
    weakness, versus_weakness : list of int, "s" or None, or str, optional
        How each participant of a side goes on edge («герои оказываются на взводе
        [−слабость], а персонажи второго плана — на взводе [−3]»): a hero's weakness
        (an int), "s" for a supporting character (3) or None for one not marked (its
        scale is reported as missing, never taken as 3); as text 2,s,?; "s" alone:
        the whole side supporting; None (the default): nobody marked.
    limit : int
        Exact or float, when enumerated (a variant the tier form does not carry, or
        holding): the most outcome classes to enumerate (100,000 by default,
        ``LIMITS["outcome classes"]``); the cap on work (outcome classes × dice ×
        participants² / 4, a measure of the running time: 500,000 units by default)
        scales with it. The tier form enumerates nothing and ignores it.

    Returns
    -------
    Odds
        Exact: ``trials=None`` and ``outcome_classes`` (the classes the answer covers)
        set. Monte Carlo:
        ``trials`` set, every number an ``Estimate``.

    Examples
    --------
    One die against two: the single die acts first only if it beats both
    (a tie loses: the other side has more dice, and a missing die ranks
    lowest), so P = Σ_x (x-1)²/6³ = 55/216:

    >>> odds([1], [2]).p_first
    Fraction(55, 216)
    >>> odds([1], [2], exact=False).p_first
    0.25462962962962965
    >>> r = odds([2], [1], trials=20_000, rng=1)
    >>> len(r.actions_before), r.trials
    (3, 20000)
    """
    return _fight(locals())


# --------------------------------------------------------------------------- defences
#: The arguments of :func:`_combat`, as :func:`defence` names them.
_COMBAT = (
    "attackers",
    "respond",
    "answer_every",
    "kept_attack",
    "attack",
    "defend",
    "armour",
    "slow_cost",
)


def _combat(
    attackers, respond, answer_every, kept_attack, attack, defend, armour, slow_cost, method
):
    """How attacks are made and answered, checked (success rolls with exact probabilities
    for an exact answer)."""
    from .engine import Combat

    check_choice("attackers", attackers, ATTACKERS)
    respond = "every" if respond is None else respond
    check_choice("respond", respond, RESPONSES)
    check_choice("kept_attack", kept_attack, KEPT_ATTACKS)
    every = check_bool("answer_every", answer_every)
    lonely = {"armour": armour, "slow_cost": slow_cost, "answer_every": every or None}
    slow_cost = LIMITS["slow_cost"].check(1 if slow_cost is None else slow_cost, name="slow_cost")
    rolls = {"attack": attack, "defend": defend, "armour": armour}
    rolls = {name: check_roll(name, r) for name, r in rolls.items()}
    if (rolls["attack"] is None) != (rolls["defend"] is None):
        raise refuse(
            "attack, defend",
            "both given or both None (an answer's successes come off the attack's)",
            f"only {'attack' if rolls['attack'] is not None else 'defend'}",
            instead="give both",
        )
    for name, value in lonely.items() if rolls["attack"] is None else ():
        if value is not None:
            raise refuse(
                name,
                "omitted without success rolls",
                value,
                why="it counts successes",
                instead="give attack and defend too",
            )
    for name, r in rolls.items():
        floats = isinstance(r, RollTable) and any(isinstance(p, float) for p in r.table.values())
        if method == "exact" and floats:
            raise refuse(
                name,
                "a roll with exact probabilities (ints or Fractions) when exact=True",
                r.describe(),
                instead="give Fractions, or exact=False",
            )
    return Combat(attackers, respond, *rolls.values(), slow_cost, not every, kept_attack)


@question(
    result="results:Defence",
    compute="defences",
    montecarlo="defences",
    headline=("p_defended", "mean_slow"),
    default="exact",
    command="defence",
    command_default="montecarlo",
    chart="initiative:defence_chart",
    samples=(
        Sample("reactive defence, one die each", ([1], [1])),
        Sample(
            "every defender answers, armour after (the user's success rolls)",
            ([1, 1], [2]),
            {"attack": SuccessRoll(2), "defend": SuccessRoll(1), "armour": SuccessRoll(1)},
            bad=({"respond": "all"}, {"slow_cost": -1}),
        ),
        Sample(
            "a holder's attack: equal initiative, no slow",
            ([1], [2]),
            {"hold": "always", "versus_hold": "defend", "attackers": "both"},
        ),
    ),
)
def defence(
    swiftness: list[int],
    versus: list[int],
    *,
    attackers: str = "versus",
    respond: str | None = None,
    answer_every: bool = False,
    kept_attack: str = "at-die",
    attack: str | SuccessRoll | RollTable | None = None,
    defend: str | SuccessRoll | RollTable | None = None,
    armour: str | SuccessRoll | RollTable | None = None,
    slow_cost: int | None = None,
    hold="never",
    versus_hold="never",
    rounds: int = 1,
    weakness: str | list | None = None,
    versus_weakness: str | list | None = None,
    pips: int | list[int] = 0,
    versus_pips: int | list[int] = 0,
    rules: Rules | None = None,
    tiebreak: str | None = None,
    order: str | None = None,
    pip_rule: str | None = None,
    limit: int = EXACT_LIMIT,
    method,
    batch_size,
    rng,
):
    """Attacks and their answers: who answers, slow answers, armour, the defender's advantage.

    Every action of an attacking participant attacks a uniformly chosen participant of the
    other side, setting aside the attacker's highest die (a held one if it is higher than
    the die of its turn; the attack is made at that die); responders answer it in turn
    (``respond``), each setting aside its highest die, the target slow when that die is
    lower than the attack's. With success rolls (**the user's assumption**) the target
    answers only an attack that scored (``answer_every``: every attack), each answer's
    successes come off the attacker's margin, then armour's; the rest is the wound's
    scale. The rules, quoted, with the readings
    where the text is silent: ``docs/rules/initiative.md``.

    Exact (every outcome enumerated, small setups: at most ``LIMITS["exact
    states"]`` rows at once; success rolls with exact probabilities), floats,
    or Monte Carlo (``trials`` fights of ``rounds`` rounds, any setup).

    Parameters
    ----------
    swiftness, versus, pips, versus_pips, rules, tiebreak, order, pip_rule
        As in :func:`odds`.
    attackers : {"versus", "both"}
        Who attacks: the versus side, the first side defending (versus, the default:
        its own actions are not attacks), or both (every action is an attack).
    respond : {"every", "target", "cover"}
        Who answers an attack: the target and every companion with a high enough die
        (every, the default), the target alone, or one companion instead of a slow
        target (cover).
    answer_every : bool
        The target answers every attack, even one that scored nothing (a table habit;
        with success rolls only). By default it answers only an attack that scored: the
        defender decides after seeing how effective the attack was (the text).
    kept_attack : {"at-die", "equal"}
        An attack on the attacker's turn sets aside its highest die, a kept (held) one
        if higher; it is answered at that die's initiative, slow below it (at-die, the
        default), or at equal initiative, as a holder's action («от действия
        выжидавшего … одинаковая инициатива»: equal).
    attack, defend, armour : SuccessRoll, RollTable or str, optional
        Success rolls, YOUR ASSUMPTION (the game's own roll is unknown): 3 is 3d6,
        each 5 or more a success, 3d6/4+ each 4 or more. As text, ``"3"`` is
        ``SuccessRoll(3)`` and ``"3d6/4+"`` is ``SuccessRoll(3, success=4)``;
        armour (passive) comes after the answers.
    slow_cost : int, optional
        Defence successes lost per point of slow scale, 0..100 (the user's
        assumption; 1 by default, with success rolls only).
    hold, versus_hold, rounds, weakness, versus_weakness, limit
        As in :func:`odds`.

    Returns
    -------
    Defence

    Examples
    --------
    One foe die against one hero die, the order re-evaluated after every action:
    the hero can answer exactly when the foe acts first (half the time), slow
    unless the dice tie:

    >>> r = defence([1], [1], order="action")
    >>> r.p_defendable, r.slow[0], r.slow[5]
    (Fraction(1, 2), Fraction(1, 6), Fraction(1, 18))
    >>> m = defence([1], [1], trials=20_000, rng=3)
    >>> abs(m.p_defendable.value - 0.5) < 4.5 * m.p_defendable.stderr
    True
    """
    return _fight(locals(), combat=True)


# --------------------------------------------------------------------------- one round
@question(
    result="results:OrderDistribution",
    compute="order",
    headline=("p_sequence",),
    default="exact",
    samples=(
        Sample(
            "every order of one round with ties (the dice as a command line writes them)",
            ("6,6,6/6,6",),
            {"tiebreak": "unspent"},
            bad=({"dice": [[7]]}, {"dice": "6,6/x"}, {"dice": [[6]] * 9}, {"order": "turn"}),
        ),
    ),
)
def order_distribution(
    dice: str | list[list[int]],
    *,
    rules: Rules | None = None,
    tiebreak: str | None = None,
    order: str | None = None,
):
    """Every acting sequence of one concrete round with its probability.

    Complete ties are settled by a fair choice among the m tied participants
    (probability 1/m each); every branch is followed.

    Parameters
    ----------
    dice : list of list of int, or str
        Each participant's dice (values 1..6, after preparation pips), or their text,
        participants apart by ``/``: ``"6,6,6/6,6"``.
    rules, tiebreak, order
        As in :func:`odds`.

    Returns
    -------
    OrderDistribution
        ``p_sequence``: ``{tuple of participants in acting order: probability}``.

    Examples
    --------
    >>> order_distribution([[6, 6, 6], [6, 6]], order="tier").p_sequence
    {(0, 0, 0, 1, 1): Fraction(1, 1)}
    >>> order_distribution([[6], [6]], exact=False).p_sequence
    {(0, 1): 0.5, (1, 0): 0.5}
    """
    from ..core.checks import parse_int_text
    from .order import check_dice, count_orders
    from .rules import rules_with

    if isinstance(dice, str):
        dice = parse_words(
            "dice",
            dice,
            lambda part: [parse_int_text(v) for v in part.split(",")],
            "each participant's dice such as 6,6,6/6,5 (participants apart by /)",
            sep="/",
        )
    dice, rules = check_dice(dice), rules_with(rules, tiebreak=tiebreak, order=order)
    LIMITS["acting orders"].check_work(count_orders(dice, rules), name="dice", value=dice)
    return Setup(dice=dice, rules=rules)
