"""The questions of the d6 initiative system, each declared once: parameters, forms, samples.

Each public function here is made by :func:`dicestats.core.question.question`
from its setup (the signature, the docstring and the checks of its arguments):
it answers in exact Fractions (the default), floats (``exact=False``) or, where
the question has a Monte Carlo form, by simulation (``trials=``, ``rng=``), with
the same result class. The forms live in the modules named by each declaration
(``enumeration`` and ``simulation`` for :func:`odds`, ``defences`` for
:func:`defence`, ``order`` for :func:`order_distribution`), imported on the first
answer: this module imports no numpy.

Examples
--------
>>> odds([1], [2]).p_first
Fraction(55, 216)
>>> r = odds([1], [2], trials=20_000, rng=1)
>>> r.trials, abs(r.p_first.value - 55 / 216) < 4.5 * r.p_first.stderr
(20000, True)
"""

from __future__ import annotations

from numbers import Integral

from ..core.checks import check_bool, check_choice, check_int, refuse
from ..core.question import Sample, Setup, question
from .limits import EXACT_LIMIT, LIMITS, check_exact_size
from .rolls import RollTable, SuccessRoll, check_roll
from .rules import ATTACKERS, RESPONSES, Rules

__all__ = ["odds", "defence", "order_distribution"]


def _fight(args: dict, combat: bool = False) -> Setup:
    """A checked fight from a setup's own arguments (its ``locals()`` on entry): sides,
    pips, rules, holding, rounds, edges and, with ``combat``, how attacks are made and
    answered; and how it is answered: its size in outcome classes within ``limit``
    (enumerated), or a given ``batch_size`` within its memory and the seed, if it is a
    number, that a Monte Carlo answer shows (``rng``)."""
    from .engine import check_fight

    args = dict(args)
    limit, method, batch_size = args.pop("limit"), args.pop("method"), args.pop("batch_size")
    rng = args.pop("rng")
    attacks = _combat(*(args.pop(k) for k in _COMBAT), method) if combat else None
    fight = check_fight(**args, combat=attacks)
    if method != "montecarlo":
        size = check_exact_size(fight.setup.sw, check_int("limit", limit, 1))
        return Setup(fight=fight, size=size, seed=None)
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
            {"hold": "always", "versus_hold": "always", "rounds": 2, "weakness": [2, None]},
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

    Exact by enumerating every dice outcome (small setups: Fractions, or floats
    with ``exact=False``), or by vectorized, seeded Monte Carlo (``trials=``,
    ``rng=``: any setup, every number an :class:`~dicestats.core.results.Estimate`).

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
        A side's holding policy, never (default), defend, after-enemy, always or
        your own: one for the side, or one per participant (a list, or its text
        defend,never). See :mod:`~dicestats.initiative.holding`; anything but
        ``"never"`` (or ``rounds`` > 1) plays the rounds action by action on the
        round engine (:mod:`~dicestats.initiative.engine`).
    rounds : int
        Rounds per fight, 1..50: a round in which everyone held puts everyone on
        edge and forbids holding in the next. The round statistics are pooled over
        the rounds; ``p_all_held`` is per round. Monte Carlo: ``trials`` fights.
    weakness, versus_weakness : list of int or None, or str, optional
        A side's on-edge scales, one per participant: a hero's weakness, or None
        for a supporting character (3; s in the text 2,s); None for a side: all
        supporting («на взводе [−3]»).
    limit : int
        Exact or float: refuse setups with more outcome classes than this (100,000
        by default, ``LIMITS["outcome classes"]``), or with more work than
        ``EXACT_WORK_PER_CLASS`` times this (work = outcome classes × dice ×
        participants² / 4, a measure of the running time: 500,000 units by default).

    Returns
    -------
    Odds
        Enumerated: ``trials=None`` and ``outcome_classes`` set. Monte Carlo:
        ``trials`` set, every number an ``Estimate``; a batch is
        ``DEFAULT_BATCH`` rounds, fewer when a round has more than 32 dice
        columns (at most ``LIMITS["dice per batch"]`` dice, which bounds its memory).

    Raises
    ------
    dicestats.InputError
        If an enumerated setup has more than ``limit`` outcome classes, or more
        work (as above).

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
_COMBAT = ("attackers", "respond", "defend_if_hit", "attack", "defend", "armour", "slow_cost")


def _combat(attackers, respond, defend_if_hit, attack, defend, armour, slow_cost, method):
    """How attacks are made and answered, checked (success rolls with exact probabilities
    for an exact answer)."""
    from .engine import Combat

    check_choice("attackers", attackers, ATTACKERS)
    respond = "every" if respond is None else respond
    check_choice("respond", respond, RESPONSES)
    defend_if_hit = check_bool("defend_if_hit", defend_if_hit)
    lonely = {"armour": armour, "slow_cost": slow_cost}  # refused without success rolls
    slow_cost = 1 if slow_cost is None else slow_cost
    slow_cost = LIMITS["slow_cost"].check(slow_cost, name="slow_cost")
    attack, defend, armour = (
        check_roll("attack", attack),
        check_roll("defend", defend),
        check_roll("armour", armour),
    )
    if (attack is None) != (defend is None):
        given = "attack" if attack is not None else "defend"
        raise refuse(
            "attack, defend",
            "both given or both None (an answer's successes come off the attack's)",
            f"only {given}",
            instead="give both",
        )
    if attack is None:
        for name, value in (*lonely.items(), ("defend_if_hit", defend_if_hit or None)):
            if value is not None:
                raise refuse(
                    name,
                    "omitted without success rolls",
                    value,
                    why="it counts successes",
                    instead="give attack and defend too",
                )
    for name, r in (("attack", attack), ("defend", defend), ("armour", armour)):
        if method == "exact" and isinstance(r, RollTable):
            if any(isinstance(p, float) for p in r.table.values()):
                raise refuse(
                    name,
                    "a roll with exact probabilities (ints or Fractions) when exact=True",
                    r.describe(),
                    instead="give Fractions, or exact=False",
                )
    return Combat(attackers, respond, attack, defend, armour, slow_cost, defend_if_hit)


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
    defend_if_hit: bool = False,
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

    Every action of an attacking participant is an attack, with the die it acts
    on, on a uniformly chosen participant of the other side. Responders answer
    it in turn, each at most once, each setting aside its highest die («Когда на
    тебя нападают, ты не можешь предпринять больше одного ответного действия …
    твои товарищи могут попытаться спасти тебя, точно так же совершая по одному
    действию»):

    * the **target**, if it has a die left: slow when its highest die is lower
      than the attack's, scale = attack die − that die (never against the action
      of a holder: «считается, что у них одинаковая инициатива»);
    * with ``respond="every"`` (default), then each **companion** whose highest
      die is ≥ the attack's (any die against a holder's attack), highest die
      first, the lower participant number among equals, never slow — while the
      attack still threatens: with success rolls while the attacker has a
      margin left (a defender decides after seeing the attack), without them
      until one answer came at full speed;
    * ``respond="target"``: the target alone; ``respond="cover"``: the target,
      or instead of a slow or empty-handed target the companion with the lowest
      sufficient die (the readings this project used before).

    With success rolls (``attack`` and ``defend``, optionally ``armour``: **the
    user's assumption**, :class:`~.rolls.SuccessRoll` or :class:`~.rolls.RollTable`),
    each response's successes, less ``slow_cost`` per point of slow, come off
    the attacker's margin; a responder whose successes exceed what was left
    gains the excess as a one-use advantage; armour (passive: «Она учитывается
    после этого действия, если оно не принесло желаемых плодов, или вместо
    него») then removes its successes from what is left; the rest is the
    wound's (or difficulty's) scale.

    Exact (every outcome enumerated, small setups: at most ``LIMITS["exact
    states"]`` rows at once; success rolls with exact probabilities), floats,
    or Monte Carlo (``trials`` fights of ``rounds`` rounds, any setup).

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (as in :func:`odds`).
    attackers : {"versus", "both"}
        Who attacks: the versus side, the first side defending (versus, the default:
        its own actions are not attacks), or both (every action is an attack).
    respond : {"every", "target", "cover"}
        Who answers an attack: the target and every companion with a high enough die
        (every, the default), the target alone, or one companion instead of a slow
        target (cover).
    defend_if_hit : bool
        The target answers only an attack that scored (with success rolls only).
    attack, defend, armour : SuccessRoll, RollTable or str, optional
        Success rolls, YOUR ASSUMPTION (the game's own roll is unknown): 3 is 3d6,
        each 5 or more a success, 3d6/4+ each 4 or more. As text, ``"3"`` is
        ``SuccessRoll(3)`` and ``"3d6/4+"`` is ``SuccessRoll(3, success=4)``;
        armour (passive) comes after the answers.
    slow_cost : int, optional
        Defence successes lost per point of slow scale, 0..100 (the user's
        assumption; 1 by default, with success rolls only).
    hold, versus_hold : str, HoldPolicy or list
        A side's holding policy, never (default), defend, after-enemy, always or
        your own: one for the side, or one per participant (defend,never), as in
        :func:`odds`.
    rounds : int
        Rounds per fight, 1..50 (the "everyone held" rule carries into the next round).
    weakness, versus_weakness : list of int or None, or str, optional
        A side's on-edge scales, one per participant: a hero's weakness, or None
        for a supporting character (3; s in the text 2,s); None for the whole
        side: all supporting.
    pips, versus_pips, rules, tiebreak, order, pip_rule, limit
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
            bad=({"dice": [[7]]}, {"dice": "6,6/x"}, {"order": "turn"}),
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
        As in :func:`~dicestats.initiative.resolve`.

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
    from .order import check_dice
    from .rules import rules_with

    if isinstance(dice, str):
        dice = _dice_text(dice)
    return Setup(dice=check_dice(dice), rules=rules_with(rules, tiebreak=tiebreak, order=order))


def _dice_text(text: str) -> list[list[int]]:
    """``"6,6,6/6,6"``: each participant's dice, participants apart by ``/``."""
    from ..core.checks import parse_int_text

    try:
        return [[parse_int_text(v) for v in part.split(",")] for part in text.split("/")]
    except ValueError:
        raise refuse(
            "dice", "each participant's dice such as 6,6,6/6,5 (participants apart by /)", text
        ) from None
