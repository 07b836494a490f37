"""What a change is worth in another currency: dice, difficulty steps, shifts, the other system.

Each question finds where the chance a change gives (the *target*) is reached on an integer
scale of another currency, without the change: the one search of :func:`crossing`. How to
read a :class:`Worth`: ``docs/worth-and-compare.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import check_bool, check_choice, check_exact, check_int, refuse
from ..core.results import Result
from ..fate import invoke_policy
from ..fate.outcomes import shifts
from ..fate.rules import OBJECTIVES, resolve
from ..storyteller.limits import check_dice, search_limit
from ..storyteller.pools import pool_grid
from ..storyteller.rules import REVISED, check_difficulty, check_rules
from .compare import check_table_pools

__all__ = [
    "CHANGES",
    "Worth",
    "die_worth",
    "rule_worth",
    "invoke_worth",
    "helper_worth",
    "pip_worth",
    "MarginalWorth",
    "marginal_worth",
    "fate_match",
    "storyteller_match",
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
    """What a change is worth, in another currency (how to read it:
    ``docs/worth-and-compare.md``).

    Attributes
    ----------
    change, unit, metric : str
        What is valued (``"one more die"``), the currency (``"difficulty steps"``,
        ``"dice"``, ``"shifts"``, ...) and the chance compared (``p_success``, ...).
    p_base, p_target : Fraction, float or None
        The chance without the change (None for a match across systems) and with it.
    worth : Fraction, float or None
        The step where the chance, interpolated linearly between ``lower`` and ``upper``,
        meets the target; None when the scale searched does not reach it.
    lower, upper, p_lower, p_upper
        The bracketing integer steps and their chances (one step None when the target
        lies beyond that end of the scale).
    scale : dict
        ``{step: chance}`` of every step computed.
    reading, setting, exact
        The rules in force and how ``worth`` is read; the arguments of the question.
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
# Where a chance is reached on an integer scale
# ---------------------------------------------------------------------------
def _beyond(x, p, below: bool) -> tuple:
    """No crossing: the target lies below step ``x`` (``below``) or above it."""
    return (None, None, x, None, p) if below else (None, x, None, p, None)


def crossing(points, target, *, rising: bool) -> dict:
    """Where ``target`` is first reached walking ``points`` (a list of ``(step, chance)``):
    the :class:`Worth` fields ``worth``, ``lower``, ``upper``, ``p_lower``, ``p_upper`` and
    ``scale`` (``worth`` and one bound None when the target lies beyond that end of the walk).

    ``rising``: the chance is expected to rise along the walk (the first point
    whose chance is ``>= target`` is the crossing) or to fall (``<= target``).
    The walk may go up or down the scale; a chance that moves the wrong way for
    a while (a non-monotone pool) is walked through, and the first crossing wins.
    Between two steps the chance is interpolated linearly (exact Fractions when
    the chances are Fractions); a target equal to a step's chance is that step, and so
    is a float within float noise of it (:data:`~.solve.FLOAT_TOLERANCE`: 0.4 and
    0.39999999999999997 are one chance, which a walk from 0.4 read as below it).

    >>> from fractions import Fraction as F
    >>> c = crossing([(0, F(1, 4)), (1, F(1, 2)), (2, F(3, 4))], F(5, 8), rising=True)
    >>> c["worth"], c["lower"], c["upper"], c["p_lower"], c["p_upper"]
    (Fraction(3, 2), 1, 2, Fraction(1, 2), Fraction(3, 4))
    """
    points = list(points)
    up = len(points) < 2 or points[1][0] > points[0][0]
    for i, (x, p) in enumerate(points):
        if _same(p, target):
            found = (x, x, x, p, p)
            break
        if not (p >= target if rising else p <= target):
            continue
        if i == 0:  # the target lies before the first step
            found = _beyond(x, p, below=up)
        else:
            xa, pa = points[i - 1]
            value = xa + (target - pa) * (x - xa) / (p - pa)
            found = (value, xa, x, pa, p) if xa < x else (value, x, xa, p, pa)
        break
    else:  # the target lies past the last step
        found = _beyond(*points[-1], below=not up)
    fields = dict(zip(("worth", "lower", "upper", "p_lower", "p_upper"), found, strict=True))
    return {**fields, "scale": dict(sorted(points))}


def two_way(target, base, up, down) -> dict:
    """:func:`crossing` from ``base``, the ``(step, chance)`` of no change, walking ``up()``'s
    points where the target lies above its chance, else ``down()``'s (only one is computed;
    a target within float noise of the base's chance walks up from it, and stays there)."""
    if target >= base[1] or _same(base[1], target):
        return crossing([base, *up()], target, rising=True)
    return crossing([base, *down()], target, rising=False)


def _same(p, target) -> bool:
    """The same chance: equal, or floats within float noise of each other."""
    from .solve import FLOAT_TOLERANCE

    if p == target:
        return True
    return isinstance(p, float) and isinstance(target, float) and abs(p - target) <= FLOAT_TOLERANCE


# ---------------------------------------------------------------------------
# Storyteller
# ---------------------------------------------------------------------------
def _st_args(dice, difficulty, rules, metric, specialty, exact):
    rules = REVISED if rules is None else check_rules(rules)
    check_bool("specialty", specialty)
    check_exact(exact)
    n = check_dice(dice, rules, exact=exact, specialty=specialty)
    d = check_difficulty(difficulty, rules)
    check_choice("metric", metric, METRICS)
    return rules, n, d


def _st_values(dice_list, diffs, rules, exact, specialty, metric) -> dict:
    """``{(difficulty, dice): metric}`` from one engine pass."""
    grid = pool_grid(sorted(set(dice_list)), sorted(set(diffs)), rules, exact, specialty)
    return {key: getattr(r, metric) for key, r in grid.items()}


def _in_dice(target, n, d, top, rules, exact, specialty, metric) -> dict:
    """Where ``target`` crosses the pools 1..``top`` at difficulty ``d``, counted from ``n``
    dice (:func:`two_way`: more dice if it lies above ``n``'s chance, else fewer)."""
    values = _st_values(range(1, top + 1), [d], rules, exact, specialty, metric)
    return two_way(
        target,
        (0, values[(d, n)]),
        lambda: [(m - n, values[(d, m)]) for m in range(n + 1, top + 1)],
        lambda: [(m - n, values[(d, m)]) for m in range(n - 1, 0, -1)],
    )


def _max_dice(max_dice, rules, exact, specialty, dice) -> int:
    """The largest pool a search over pools reads: checked like a table's pools."""
    top = DEFAULT_MAX_DICE if max_dice is None else max_dice
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if max_dice is None and limit is not None:
        top = min(top, limit.hi)
    (top,) = check_table_pools([top], rules, exact, specialty, "max_dice")
    if max_dice is not None and top < dice:  # it was read as dice, silently
        raise refuse(
            "max_dice",
            f"at least dice ({dice})",
            max_dice,
            why="the largest pool searched, from the roll's own pool up",
        )
    return max(top, dice)


def _reading(rules, specialty, extra: str) -> str:
    return f"{rules.describe(specialty=specialty)}{extra}; {_INTERPOLATED}"


def _worth(change, unit, metric, p_base, p_target, found, reading, setting, exact) -> Worth:
    """A :class:`Worth` of the bracket a :func:`crossing` ``found`` (its interpolated step a
    Fraction when ``exact``, else a float) and the question's other fields, in field order."""
    w = found["worth"]
    found["worth"] = w if w is None else Fraction(w) if exact else float(w)
    fields = {**found, "reading": reading, "setting": setting, "exact": exact}
    return Worth(change, unit, metric, p_base, p_target, **fields)


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
    change = "one more die" if extra == 1 else f"{extra} more dice"
    words = f"; {n} dice at difficulty {d} - x match {n + extra} dice at {d}"
    setting = {"dice": n, "difficulty": d, "extra": extra, "specialty": specialty}
    reading = _reading(rules, specialty, words)
    return _worth(change, "difficulty steps", metric, base[1], target, c, reading, setting, exact)


#: What each change is called in a :class:`Worth`.
_CHANGE_NAMES = {
    "willpower": "a Willpower point",
    "specialty": "a specialty",
    "ten_again": "ten-again",
}


def _changed(rules, specialty: bool, change: str):
    """The rules and specialty of the roll with ``change``; refuses a change already in force."""
    check_choice("change", change, CHANGES)
    if specialty or rules._specialty if change == "specialty" else getattr(rules, change):
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
    check_dice(n, new_rules, exact=exact, specialty=new_specialty)
    top = _max_dice(max_dice, rules, exact, specialty, n)
    target = _st_values([n], [d], new_rules, exact, new_specialty, metric)[(d, n)]
    c = _in_dice(target, n, d, top, rules, exact, specialty, metric)
    name = _CHANGE_NAMES[change]
    words = (
        f"; {n} + x dice without {name} match {n} with it, at difficulty {d} (pools up to {top})"
    )
    setting = dict(dice=n, difficulty=d, change=change, specialty=specialty, max_dice=top)
    reading = _reading(rules, specialty, words)
    return _worth(name, "dice", metric, c["scale"][0], target, c, reading, setting, exact)


# ---------------------------------------------------------------------------
# Fate
# ---------------------------------------------------------------------------
def _fate_roll(bonus, difficulty, dice, rules, exact, objective) -> tuple:
    """The Dist of shifts of a Fate roll (checked by ``fate.shifts``), the dice rolled and the
    shifts ``objective`` needs: tie 0, success 1, style ``rules.style_shifts``."""
    rules = resolve(rules)
    s = shifts(bonus, difficulty=difficulty, dice=dice, exact=exact, rules=rules)
    check_choice("objective", objective, OBJECTIVES)
    margin = {"tie": 0, "success": 1, "style": rules.style_shifts}[objective]
    return s, rules.dice if dice is None else dice, margin


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
    check_choice("policy", policy, tuple(POLICIES))
    pol = invoke_policy(
        bonus, difficulty, invokes=invokes, objective=objective, dice=dice, exact=exact, rules=rules
    )
    s, _, m = _fate_roll(bonus, difficulty, pol.dice, rules, exact, objective)
    target = getattr(pol, POLICIES[policy])
    span = 2 * pol.dice + m + 2
    c = two_way(
        target,
        (0, s.p_ge(m)),
        lambda: [(x, s.p_ge(m - x)) for x in range(1, span + 1)],
        lambda: [(-x, s.p_ge(m + x)) for x in range(1, span + 1)],
    )
    how = {"optimal": "", "plus2": " (+2 only)", "reroll": " (rerolls only)"}[policy]
    change = f"{pol.invokes} invoke{'s' if pol.invokes != 1 else ''}{how}"
    reading = (
        f"{pol.dice}dF {bonus:+d} + x against {difficulty} without invokes matches the invokes "
        f"({objective} or better); {_INTERPOLATED}"
    )
    setting = dict(bonus=bonus, difficulty=difficulty, invokes=pol.invokes, policy=policy)
    setting.update(objective=objective, dice=pol.dice)
    metric = _FATE_METRIC[objective]
    return _worth(change, "shifts", metric, s.p_ge(m), target, c, reading, setting, exact)


# ---------------------------------------------------------------------------
# Storyteller teamwork: helpers in the leader's dice
# ---------------------------------------------------------------------------
def _team_metric(r, metric: str):
    """``metric`` of a :class:`~dicestats.storyteller.Teamwork` total, as a pool's."""
    if metric == "mean_net":
        return r.mean_total
    return r.total.p_ge(1 if metric == "p_success" else int(metric.removeprefix("p_ge_")))


def helper_worth(
    dice: int,
    difficulty: int = 6,
    rules=None,
    *,
    helpers: int = 1,
    helper_dice: int | None = None,
    metric: str = "p_success",
    specialty: bool = False,
    max_dice: int | None = None,
    exact: bool = False,
) -> Worth:
    """Teamwork helpers ≈ how many dice in the leader's own pool, at the same difficulty.

    The target is the chance of a team, the leader's ``dice`` and ``helpers`` helpers of
    ``helper_dice`` each (default: as many as the leader), adding their net successes
    (:func:`dicestats.storyteller.teamwork`: each botch scores 0 for its member only); the
    scale is the leader alone with ``dice + x`` dice (pools up to ``max_dice``, default 50
    within the rules' search limit). The worth is x dice.

    Examples
    --------
    >>> print(helper_worth(3, 6, helper_dice=2, exact=True).summary())
    one helper ≈ 4.4 dice (between 4 and 5)
    """
    from ..storyteller import teamwork

    rules, n, d = _st_args(dice, difficulty, rules, metric, specialty, exact)
    k = check_int("helpers", helpers, 1, 99)
    h = n if helper_dice is None else helper_dice
    h = check_dice(h, rules, exact=exact, specialty=specialty, name="helper_dice")
    top = _max_dice(max_dice, rules, exact, specialty, n)
    team = teamwork([n] + [h] * k, d, rules, specialty=specialty, exact=exact)
    target = _team_metric(team, metric)
    c = _in_dice(target, n, d, top, rules, exact, specialty, metric)
    many = "one helper" if k == 1 else f"{k} helpers"
    words = (
        f"; {n} + x dice alone match {n} dice with {many} of {h} "
        f"{'die' if h == 1 else 'dice'} adding their net successes, at difficulty {d} "
        f"(pools up to {top})"
    )
    setting = dict(dice=n, difficulty=d, helpers=k, helper_dice=h, specialty=specialty)
    setting["max_dice"] = top
    reading = _reading(rules, specialty, words)
    return _worth(many, "dice", metric, c["scale"][0], target, c, reading, setting, exact)


# ---------------------------------------------------------------------------
# Initiative: preparation pips in dice of swiftness
# ---------------------------------------------------------------------------
def pip_worth(
    swiftness,
    versus,
    *,
    participant: int = 0,
    extra: int = 1,
    pips=0,
    versus_pips=0,
    chance: str = "side",
    rules=None,
    exact: bool = False,
) -> Worth:
    """More preparation (``extra`` pips on one participant's margin) ≈ how many dice of
    that participant's swiftness, for the chance of acting first.

    The target is ``P(side A acts first)`` (``chance="side"``) or ``P(the participant acts
    first)`` (``"participant"``) with the participant's margin ``pips + extra``; the scale
    is the same round with its swiftness ``+ x`` at the margin given (1 up to
    ``initiative.LIMITS["swiftness"]``). The worth is x dice. Every setting is answered by
    the exact form (:func:`dicestats.initiative.odds`: by tiers under the default
    reading; a variant enumerated when small enough: the round given is refused past
    that, the scale ends there).

    Parameters
    ----------
    swiftness, versus, pips, versus_pips, rules
        The round, as :func:`dicestats.initiative.odds` takes it (``pips`` an int for a
        one-member side, or one margin per participant of side A).
    participant : int
        Which participant of side A gets the pips and the dice (a Python index: 0 is A1).
    extra : int
        Pips added (default 1).
    chance : {"side", "participant"}
    exact : bool

    Examples
    --------
    >>> print(pip_worth([2], [2], exact=True).summary())
    one more pip ≈ 0.9 swiftness dice (between 0 and 1)
    """
    from .. import initiative as ini
    from ..initiative.limits import LIMITS
    from ..initiative.setup import check_setup
    from .solve import CHANCES, _margins, _sides, exact_fits

    sw, vs = _sides(swiftness, versus)
    i = check_int("participant", participant, 0, len(sw) - 1)
    extra = check_int("extra", extra, 1, None)
    check_choice("chance", chance, CHANCES)
    check_exact(exact)
    rules = ini.Rules() if rules is None else rules
    if not isinstance(rules, ini.Rules):
        raise refuse("rules", "an initiative.Rules", rules, kind=True)
    side_pool = rules.pip_rule == "side-pool"
    pips = _margins(pips, sw, side_pool)
    if side_pool:
        more = pips + extra if isinstance(pips, int) and not isinstance(pips, bool) else pips
    else:
        more = [m + extra if j == i else m for j, m in enumerate(pips)]
    check_setup(sw, vs, more, versus_pips, rules)  # a margin past its limit names itself

    def chance_of(s, pp):
        if not exact_fits(s, vs, pp, versus_pips, rules):
            raise refuse(
                "swiftness",
                "a round the exact form takes (the default reading at any size; a variant "
                "only small enough to enumerate)",
                f"{s} against {vs}",
                why=f"{rules.describe()}",
                instead="a pip's worth is read exactly: use the default reading, or fewer dice",
            )
        r = ini.odds(s, vs, pips=pp, versus_pips=versus_pips, rules=rules, exact=exact)
        return r.p_first if chance == "side" else r.p_participant_first[i]

    def at(x):
        return chance_of([v + x if j == i else v for j, v in enumerate(sw)], pips)

    base, target = chance_of(sw, pips), chance_of(sw, more)
    rising = target >= base
    steps = range(1, LIMITS["swiftness"].hi - sw[i] + 1) if rising else range(-1, -sw[i], -1)
    points = [(0, base)]
    for x in steps:  # walked lazily: a big round costs its time per setting
        if not exact_fits([v + x if j == i else v for j, v in enumerate(sw)], vs, pips,
                          versus_pips, rules):  # fmt: skip
            break  # the scale ends where the exact form does (a variant's enumeration)
        points.append((x, at(x)))
        if points[-1][1] >= target if rising else points[-1][1] <= target:
            break
    c = crossing(points, target, rising=rising)
    who = f"A{i + 1}"
    margin = f"side A's pool of {pips}" if side_pool else f"{pips[i]}"
    change = "one more pip" if extra == 1 else f"{extra} more pips"
    what = "side A acts first" if chance == "side" else f"{who} acts first"
    reading = (
        f"{who} with swiftness {sw[i]} + x and margin {margin} matches {change}, swiftness "
        f"{sw} against {vs}, P({what}); {rules.describe()}; {_INTERPOLATED}"
    )
    pips_shown = tuple(pips) if isinstance(pips, list) else pips
    setting = dict(swiftness=tuple(sw), versus=tuple(vs), participant=who, pips=pips_shown)
    setting.update(versus_pips=versus_pips, extra=extra, chance=chance)
    metric = "p_first" if chance == "side" else "p_participant_first"
    unit = "swiftness dice"
    return _worth(change, unit, metric, base, target, c, reading, setting, exact)


# ---------------------------------------------------------------------------
# The k-th one: what each die, invoke, helper or pip adds over the ones before it
# ---------------------------------------------------------------------------
#: The changes counted one by one, by :func:`marginal_worth`: (the question, its count).
MARGINAL = {
    "die": (die_worth, "extra"),
    "invoke": (invoke_worth, "invokes"),
    "helper": (helper_worth, "helpers"),
    "pip": (pip_worth, "extra"),
}


@dataclass(frozen=True)
class MarginalWorth(Result):
    """The k-th die, invoke, helper or pip as the difference it adds over k − 1, for
    k = 1..n.

    Attributes
    ----------
    change, unit, metric : str
        ``"die"``, ``"invoke"``, ``"helper"`` or ``"pip"``; the currency (``"difficulty
        steps"``, ``"shifts"``, ``"dice"``, ``"swiftness dice"``); the chance compared.
    p_base : Fraction or float
        The chance without any.
    ks : tuple of int
        1..n.
    p_with : tuple
        The chance with k of them.
    totals : tuple
        What k of them are worth together (the worth question of :data:`MARGINAL` with k);
        None where the scale searched does not reach it.
    marginals : tuple
        What the k-th adds: ``totals[k] - totals[k - 1]`` (the first: ``totals[0]``); None
        where a total is None.
    reading : str
        How each total is read (that of k = n).
    setting : dict
    exact : bool
    """

    change: str
    unit: str
    metric: str
    p_base: object
    ks: tuple
    p_with: tuple
    totals: tuple
    marginals: tuple
    reading: str
    setting: dict
    exact: bool

    def summary(self) -> str:
        """One line per k: ``the 2nd invoke adds 2.50 shifts (2 invokes ≈ 4.86)``.

        >>> print(marginal_worth("invoke", 2, bonus=2, difficulty=3).summary())
        the 1st invoke adds 2.36 shifts (1 invoke ≈ 2.36)
        the 2nd invoke adds 2.50 shifts (2 invokes ≈ 4.86)
        """
        lines = []
        for k, total, adds in zip(self.ks, self.totals, self.marginals, strict=True):
            many = self.change if k == 1 else {"die": "dice"}.get(self.change, self.change + "s")
            if adds is None:
                lines.append(f"the {_ordinal(k)} {self.change}: beyond the scale searched")
                continue
            lines.append(
                f"the {_ordinal(k)} {self.change} adds {float(adds):.2f} {self.unit} "
                f"({k} {many} ≈ {float(total):.2f})"
            )
        return "\n".join(lines)


def _ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    end = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{end}"


def marginal_worth(change: str, n: int, **question) -> MarginalWorth:
    """What the k-th die, invoke, helper or pip adds over k − 1, for k = 1..n (at most 20),
    in the currency of its worth question (:data:`MARGINAL`): ``"die"`` in difficulty steps
    (:func:`die_worth` with ``extra=k``), ``"invoke"`` in shifts (:func:`invoke_worth` with
    ``invokes=k``), ``"helper"`` in the leader's dice (:func:`helper_worth` with
    ``helpers=k``), ``"pip"`` in swiftness dice (:func:`pip_worth` with ``extra=k``).
    ``question``: that question's other arguments (``exact=True`` gives Fractions).

    Examples
    --------
    >>> m = marginal_worth("invoke", 2, bonus=2, difficulty=3, exact=True)
    >>> [round(float(x), 2) for x in m.totals], m.marginals[1] == m.totals[1] - m.totals[0]
    ([2.36, 4.86], True)
    """
    check_choice("change", change, tuple(MARGINAL))
    ask, count = MARGINAL[change]
    if count in question:
        raise refuse(count, f"left out (marginal_worth counts {count} 1..n)", question[count])
    n = check_int(f"n ({count} counted 1..n)", n, 1, 20)
    worths = [ask(**question, **{count: k}) for k in range(1, n + 1)]
    totals = tuple(w.worth for w in worths)
    marginals, before = [], 0
    for total in totals:
        marginals.append(None if total is None or before is None else total - before)
        before = total
    last = worths[-1]
    setting = {k: v for k, v in last.setting.items() if k != count}
    return MarginalWorth(
        change=change,
        unit=last.unit,
        metric=last.metric,
        p_base=last.p_base,
        ks=tuple(range(1, n + 1)),
        p_with=tuple(w.p_target for w in worths),
        totals=totals,
        marginals=tuple(marginals),
        reading=last.reading,
        setting=setting,
        exact=last.exact,
    )


# ---------------------------------------------------------------------------
# Odds matched across systems
# ---------------------------------------------------------------------------
def _probability(metric: str) -> None:
    """Refuse ``mean_net``: an expected value matches no Fate chance."""
    if metric == "mean_net":
        raise refuse(
            "metric",
            "a probability to match",
            metric,
            why="a Fate chance is matched",
            instead="use p_success or p_ge_k",
        )


def fate_match(
    dice: int,
    difficulty: int = 6,
    rules=None,
    *,
    bonus: int = 0,
    objective: str = "success",
    metric: str = "p_success",
    specialty: bool = False,
    fate_dice: int | None = None,
    fate_rules=None,
    exact: bool = False,
) -> Worth:
    """The Fate difficulty whose odds match a Storyteller pool at a difficulty.

    The target is the Storyteller ``metric`` of ``dice`` at ``difficulty``
    under ``rules``; the scale is a Fate roll of ``fate_dice`` dF + ``bonus``
    (default 4dF + 0) reaching ``objective`` (default success or better)
    against every Fate difficulty. The worth is the Fate difficulty (the
    hardest one when several give the same chance).

    Examples
    --------
    >>> print(fate_match(5, 6, exact=True).summary())
    5 dice at difficulty 6 ≈ -2.24 Fate difficulty (between -3 and -2)
    """
    _probability(metric)
    rules, n, d = _st_args(dice, difficulty, rules, metric, specialty, exact)
    target = _st_values([n], [d], rules, exact, specialty, metric)[(d, n)]
    s, k, m = _fate_roll(bonus, 0, fate_dice, fate_rules, exact, objective)  # shifts against 0
    lo, hi = s.support()
    # P(shifts − D ≥ m) for D from certain (lo − m) to impossible (hi − m + 1)
    points = [(dd, s.p_ge(m + dd)) for dd in range(lo - m, hi - m + 2)]
    c = crossing(points, target, rising=False)
    words = f"; {k}dF {bonus:+d} against Fate difficulty x ({objective} or better) matches {n} "
    words += f"dice at {d}"
    setting = dict(dice=n, difficulty=d, specialty=specialty, bonus=bonus, objective=objective)
    setting["fate_dice"] = k
    change = f"{n} {'die' if n == 1 else 'dice'} at difficulty {d}"
    reading = _reading(rules, specialty, words)
    return _worth(change, "Fate difficulty", metric, None, target, c, reading, setting, exact)


def storyteller_match(
    bonus: int = 0,
    difficulty: int = 0,
    *,
    dice: int | None = None,
    storyteller_difficulty: int | None = None,
    rules=None,
    objective: str = "success",
    metric: str = "p_success",
    specialty: bool = False,
    fate_dice: int | None = None,
    fate_rules=None,
    max_dice: int | None = None,
    exact: bool = False,
) -> Worth:
    """The Storyteller difficulty (or pool) whose odds match a Fate roll.

    The target is the chance of a Fate roll (``fate_dice`` dF + ``bonus``
    against ``difficulty``) reaching ``objective``. Give ``dice`` to find the
    Storyteller difficulty for that pool (2..10; the worth is a difficulty),
    or ``storyteller_difficulty`` to find the pool at that difficulty (1 ..
    ``max_dice`` dice; the worth is a number of dice). The Storyteller side
    is read as ``metric`` under ``rules`` (default revised).

    Examples
    --------
    >>> print(storyteller_match(2, 2, dice=5, exact=True).summary())
    +2 against 2 ≈ 9.53 Storyteller difficulty (between 9 and 10)
    >>> print(storyteller_match(2, 2, storyteller_difficulty=9).summary())
    +2 against 2 ≈ 2.8 Storyteller dice (between 2 and 3)
    """
    if (dice is None) == (storyteller_difficulty is None):
        raise refuse(
            "dice and storyteller_difficulty",
            "exactly one given (the pool whose difficulty is sought, or the difficulty "
            "whose pool is sought)",
            (dice, storyteller_difficulty),
        )
    _probability(metric)
    s, k, m = _fate_roll(bonus, difficulty, fate_dice, fate_rules, exact, objective)
    target = s.p_ge(m)
    if dice is not None:
        rules, n, _ = _st_args(dice, 6, rules, metric, specialty, exact)
        values = _st_values([n], range(2, 11), rules, exact, specialty, metric)
        c = crossing([(dd, values[(dd, n)]) for dd in range(2, 11)], target, rising=False)
        unit, side = "Storyteller difficulty", f"{n} dice at difficulty x"
    else:
        rules, _, d = _st_args(1, storyteller_difficulty, rules, metric, specialty, exact)
        top = _max_dice(max_dice, rules, exact, specialty, 1)
        values = _st_values(range(1, top + 1), [d], rules, exact, specialty, metric)
        c = crossing([(nn, values[(d, nn)]) for nn in range(1, top + 1)], target, rising=True)
        unit, side = "Storyteller dice", f"x dice (up to {top}) at difficulty {d}"
    words = f"; {side} match {k}dF {bonus:+d} against {difficulty} ({objective} or better)"
    setting = dict(bonus=bonus, difficulty=difficulty, objective=objective, fate_dice=k)
    setting.update(dice=dice, storyteller_difficulty=storyteller_difficulty, specialty=specialty)
    change, reading = f"{bonus:+d} against {difficulty}", _reading(rules, specialty, words)
    return _worth(change, unit, metric, None, target, c, reading, setting, exact)
