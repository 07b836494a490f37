"""Several wishes at once: every setting that satisfies all of them, ranked by slack.

:func:`wishes` (Storyteller, :class:`Wish`), :func:`fate_wishes` (Fate, :class:`FateWish`) and
:func:`initiative_wishes` (the d6 initiative, :class:`InitiativeWish`) share the machinery below
(:class:`WishBase`, :func:`_rank_settings`, :class:`Ranked`); each brings its wish and its
forward function. How to write and read wishes: ``docs/workbench.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice

from ..core.checks import (
    check_bool,
    check_choice,
    check_exact,
    check_int,
    described,
    not_a_list,
    refuse,
)
from ..core.limits import Limit, Limits
from ..core.montecarlo import DEFAULT_TRIALS
from ..core.progress import progress_bar
from ..core.question import Sample, sampled
from ..core.results import Estimate, Result
from ..fate.invokes import reach_by_invokes
from ..fate.limits import LIMITS as FATE_LIMITS
from ..fate.outcomes import fate_dice
from ..fate.rules import DEFAULT_RULES, ladder_text, parse_rating, resolve
from ..format import ladder, percent
from ..storyteller.limits import LIMITS as ST_LIMITS
from ..storyteller.limits import check_dice
from ..storyteller.pools import check_difficulty_list, pool_grid
from ..storyteller.rules import REVISED, check_rules
from .solve import (
    FLOAT_TOLERANCE,
    check_event,
    check_probability,
    decimal_of,
    event_probability,
    ladder_value,
    wish_text,
)

__all__ = [
    "Wish",
    "WishSetting",
    "Wishes",
    "wishes",
    "FateWish",
    "FateWishes",
    "fate_wishes",
    "InitiativeWish",
    "InitiativeWishes",
    "initiative_wishes",
]

#: Rule sets a wish list compares at once (``rules={name: Rules}``).
RULE_SETS = Limits(Limit("rule sets", 1, 20, why="every rule set is searched over every setting"))

#: The comparisons a wish may make.
OPERATORS = (">=", ">", "<=", "<")
#: A wished probability's text: ``0.6``, ``.6``, ``60%``, ``2/3``.
NUMBER = r"[0-9]+(?:\.[0-9]*)?%?|\.[0-9]+%?|[0-9]+\s*/\s*[0-9]+"
#: The comparison and the probability that end every wish's text (two groups).
COMPARISON = rf"\s*(>=|<=|>|<|≥|≤)\s*({NUMBER})\s*"


def wish_probability(name: str, p) -> Fraction:
    """A wished probability, always a Fraction: a float (numpy's too) is read as the decimal
    it prints as (``0.6`` is 3/5), so a wish compares and its slack counts exactly in exact
    mode; in float mode nothing changes (the decimal's nearest float is the float given).

    >>> wish_probability("p", 0.6), wish_probability("p", 1)
    (Fraction(3, 5), Fraction(1, 1))
    """
    q = check_probability(name, p)
    if not isinstance(q, float):
        return q
    try:  # str, not repr: numpy 2 writes repr(np.float64(0.6)) as 'np.float64(0.6)'
        return check_probability(name, Fraction(str(p)))
    except (ValueError, TypeError, ZeroDivisionError):  # a Real that prints otherwise
        return decimal_of(q)


def slack_text(slack, sign: str = "") -> str:
    """A slack in percentage points, 2 decimals (``sign="+"``: ``+1.73``, ``-11.73``).

    Float noise is no margin: a float slack within ``FLOAT_TOLERANCE`` of 0 (where
    :meth:`WishBase.holds` counts the wish as met) reads ``0.00``, never ``-0.00``.

    >>> slack_text(-1.1102230246251565e-16), slack_text(Fraction(-1, 10**7), "+")
    ('0.00', '-0.00')
    """
    if isinstance(slack, float) and abs(slack) <= FLOAT_TOLERANCE:
        slack = 0.0
    text = f"{100 * float(slack):{sign}.2f}"
    return "0.00" if text in ("+0.00", "0.00") else text


class WishBase:
    """What every wish does with its ``op`` and ``p``, given its ``what`` (a mixin).

    A wish class names its text pattern (``PATTERN``, whose last two groups are
    :data:`COMPARISON`'s), the form a refusal shows (``FORM``), and builds itself
    from the pattern's groups (``from_groups``)."""

    @classmethod
    def parse(cls, text, name: str = "wish"):
        """A wish from its text (see the class docstring), or a wish as is; ``name`` is the
        parameter a refusal names."""
        if isinstance(text, cls):
            return text
        if not isinstance(text, str):
            raise refuse(name, f"a {cls.__name__} or its text " + cls.FORM, text, kind=True)
        m = cls.PATTERN.fullmatch(text) if len(text) <= 200 else None
        if m is None:
            raise refuse(name, cls.FORM, text)
        *groups, op, number = m.groups()
        number = number.replace(" ", "")
        try:
            p = Fraction(number[:-1]) / 100 if number.endswith("%") else Fraction(number)
        except ZeroDivisionError:
            raise refuse(name, cls.FORM + " with a nonzero denominator", text) from None
        if not 0 <= p <= 1:
            raise refuse(name, "a probability in [0, 1] after the comparison", text)
        return cls.from_groups(groups, {"≥": ">=", "≤": "<="}.get(op, op), p, name, text)

    def _check_comparison(self) -> None:
        """Refuses an ``op`` not in :data:`OPERATORS`; reads ``p`` by :func:`wish_probability`."""
        check_choice("op", self.op, OPERATORS)
        object.__setattr__(self, "p", wish_probability("p", self.p))

    def __str__(self) -> str:
        return f"{self.what} {self.op} {wish_text(self.p)}"

    def slack(self, q):
        """How far ``q`` is inside the wish (negative: outside), in probability; a Monte
        Carlo estimate by its point value."""
        q = q.value if isinstance(q, Estimate) else q
        return q - self.p if self.op in (">=", ">") else self.p - q

    def holds(self, q) -> bool:
        """``q`` satisfies the wish (a float within 1e-12 of ``p`` meets ``>=``/``<=``)."""
        s = self.slack(q)
        tol = FLOAT_TOLERANCE if isinstance(q, (float, Estimate)) else 0
        return s > tol if self.op in (">", "<") else s >= -tol


@dataclass(frozen=True)
class WishSetting(Result):
    """One setting and how each wish fares there.

    Attributes
    ----------
    rules_name : str
        The rule set's name (its preset, or the key given).
    difficulty : int
    probabilities : tuple
        ``P(event)`` of each wish, in order.
    slacks : tuple
        Each wish's slack (see :meth:`Wish.slack`).
    slack : the smallest slack: how close the setting is to breaking a wish.
    satisfied : bool
    broken : tuple of int
        The indices of the wishes that fail here.
    unsure : tuple of int
        The indices of the wishes a Monte Carlo estimate cannot tell held or broken with
        95% confidence (its interval holds the wished probability); empty when exact.
    """

    rules_name: str
    difficulty: int
    probabilities: tuple
    slacks: tuple
    slack: object
    satisfied: bool
    broken: tuple
    unsure: tuple = ()


@dataclass(frozen=True)
class Ranked(Result):
    """Every setting against several wishes, ranked; its sentence is the best fit, or the
    nearest miss and the wishes that break there. A system's answer (:class:`Wishes`,
    :class:`~dicestats.workbench.FateWishes`) adds its fields and may name a setting
    its own way (:meth:`setting_text`).

    Attributes
    ----------
    wishes : tuple of wishes
    ranked : tuple of WishSetting
        Every setting, the best first (largest slack; ties in setting order).
    fits : tuple of WishSetting
        The settings that satisfy every wish, ranked by slack.
    nearest_miss : WishSetting or None
        When nothing fits: the setting whose worst wish fails by the least.
    """

    wishes: tuple
    ranked: tuple
    fits: tuple
    nearest_miss: WishSetting | None

    def setting_text(self, s: WishSetting) -> str:
        """``difficulty 8 (revised rules)``."""
        return f"difficulty {s.difficulty} ({s.rules_name})"

    def __str__(self) -> str:
        n = len(self.wishes)
        every = "the wish" if n == 1 else f"all {n} wishes"
        if self.fits:
            s = self.fits[0]
            shown_ = ", ".join(
                f"{w.what} = {chance_text(q)}"
                for w, q in zip(self.wishes, s.probabilities, strict=True)
            )
            more = f" ({len(self.fits)} settings fit)" if len(self.fits) > 1 else ""
            return (
                f"{self.setting_text(s)} satisfies {every}{more}, "
                f"slack {slack_text(s.slack)} percentage points: {shown_}"
            )
        s = self.nearest_miss
        broken = "; ".join(
            f"'{self.wishes[i]}' fails at {chance_text(s.probabilities[i])}" for i in s.broken
        )
        return f"no setting satisfies {every}; the nearest miss is {self.setting_text(s)}: {broken}"


def chance_text(q) -> str:
    """A wish's probability in an answer: 2 decimals; an estimate with its standard error
    (``80.31% ± 0.13%``).

    >>> from dicestats.core.montecarlo import wilson
    >>> chance_text(0.8), chance_text(wilson(8031, 10_000))
    ('80.00%', '80.31% ± 0.40%')
    """
    if isinstance(q, Estimate):
        return f"{percent(q.value, digits=2)} ± {percent(q.stderr, digits=2)}"
    return percent(q, digits=2)


def _check_wishes(wishes, parse, form: str) -> tuple:
    """One to 50 wishes, each read by ``parse(w, "wishes")``; ``form`` for a refusal.

    A count out of range is refused as a number (``got 0``, ``got 51``; an iterator
    without a length is read no further than its 51st wish: ``got more than 50``)."""
    if isinstance(wishes, (str, Result, Mapping)) or not hasattr(wishes, "__iter__"):
        raise refuse("wishes", "a sequence of wishes " + form, wishes, kind=True)
    if hasattr(wishes, "__len__") and len(wishes) > 50:
        raise refuse("wishes", "1..50 wishes", len(wishes))
    ws = tuple(parse(w, "wishes") for w in islice(wishes, 51))  # an endless one stops at 51
    if not 1 <= len(ws) <= 50:
        got = len(ws) if len(ws) <= 50 else described("more than 50")
        raise refuse("wishes", "1..50 wishes", got)
    return ws


def _rule_sets(rules, check, describe) -> dict:
    """``{name: rules}``: a mapping's items checked by ``check``, or one rule set named
    by ``describe``."""
    if isinstance(rules, Mapping):
        if not rules:
            raise refuse("rules", "a Rules or a non-empty mapping of names to Rules", rules)
        RULE_SETS["rule sets"].check(len(rules), name="rule sets in rules")
        return {str(k): check(v) for k, v in rules.items()}
    rules = check(rules)
    return {describe(rules): rules}


def _rank_settings(ws: tuple, rows) -> tuple:
    """``(ranked, fits, nearest_miss)`` of ``rows``, ``(rules_name, difficulty,
    probabilities)`` in setting order: the largest smallest slack first, ties in order."""
    settings, seen = [], set()
    for name, d, qs in rows:
        if (name, d) in seen:  # a difficulty listed twice (Fair,Fair; 0..4,2) is one setting
            continue
        seen.add((name, d))
        slacks = tuple(w.slack(q) for w, q in zip(ws, qs, strict=True))
        broken = tuple(i for i, (w, q) in enumerate(zip(ws, qs, strict=True)) if not w.holds(q))
        unsure = tuple(
            i
            for i, (w, q) in enumerate(zip(ws, qs, strict=True))
            if isinstance(q, Estimate) and q.ci_low <= w.p <= q.ci_high
        )
        settings.append(
            WishSetting(name, d, tuple(qs), slacks, min(slacks), not broken, broken, unsure)
        )
    ranked = tuple(sorted(settings, key=lambda s: -s.slack))  # stable: ties in order
    fits = tuple(s for s in ranked if s.satisfied)
    return ranked, fits, None if fits else ranked[0]


# ---------------------------------------------------------------------------
# Storyteller
# ---------------------------------------------------------------------------
_EVENTS = {"success": "success", "botch": "botch", "no-botch": "no_botch", "no_botch": "no_botch"}
_WISH = re.compile(
    r"\s*([0-9]{1,4})\s*(?:dice|die|d)?\s*:?\s*(success|botch|no[-_]botch|net\s*([0-9]{1,4}))"
    + COMPARISON,
    re.IGNORECASE,
)
_FORM = "'DICE EVENT OP P' such as '6 success >= 2/3' (EVENT: success, botch, no-botch, netK)"


@dataclass(frozen=True)
class Wish(WishBase, Result):
    """One wish: ``P(event)`` of a pool of ``dice``, compared with ``p``; or its text
    ``'DICE EVENT OP P'``: ``"6 success >= 2/3"``, ``"3 dice success <= 55%"``, ``"3: botch
    < 0.15"``, ``"4 net2 >= 0.5"`` (``P(net >= 2)``), ``"5 no-botch > 0.9"``.

    Attributes
    ----------
    dice : int
    event : {"success", "no_botch", "botch"}
        With ``"success"``, ``P(net >= net)``.
    net : int
    op : {">=", ">", "<=", "<"}
    p : Fraction
        The wished probability, exact: a text's number as written (``"60%"``), a float
        as the decimal it prints as (:func:`wish_probability`).

    Examples
    --------
    >>> Wish.parse("3 dice botch < 15%")
    Wish(dice=3, event='botch', net=1, op='<', p=Fraction(3, 20))
    >>> str(Wish(4, "success", 2, ">=", 0.5))
    '4 dice net >= 2 >= 50%'
    >>> Wish(1, "success", 1, ">=", 0.6).p
    Fraction(3, 5)
    """

    dice: int
    event: str
    net: int
    op: str
    p: object

    def __post_init__(self):
        check_int("dice", self.dice, 1, ST_LIMITS["dice"].hi)
        check_event(self.event, self.net)
        self._check_comparison()

    PATTERN = _WISH
    FORM = _FORM

    @classmethod
    def from_groups(cls, groups, op, p, name, text) -> Wish:
        """The wish of its text's pattern groups (:meth:`WishBase.parse`)."""
        dice, what, net = groups
        event = "success" if net else _EVENTS[what.lower().replace("_", "-")]
        return cls(int(dice), event, int(net or 1), op, p)

    @property
    def what(self) -> str:
        """``6 dice success``, ``4 dice net >= 2``, ``3 dice botch``."""
        if self.event == "success":
            thing = "success" if self.net == 1 else f"net >= {self.net}"
        else:
            thing = self.event.replace("_", " ")
        return f"{self.dice} {'die' if self.dice == 1 else 'dice'} {thing}"


@dataclass(frozen=True)
class Wishes(Ranked):
    """Every setting against several Storyteller wishes (:func:`wishes`): the fields of
    :class:`Ranked`, then ``specialty`` and ``exact``."""

    specialty: bool
    exact: bool
    trials: int | None = None


@sampled(
    Sample(
        "the strongbox of notebook 04",
        kwargs={"wishes": ["6 success >= 2/3", "3 success <= 55%", "3 botch < 15%"]},
        bad=({"wishes": ["6 success >= 1.5"]}, {"difficulties": [11]}),
    )
)
def wishes(
    wishes,
    difficulties=range(2, 11),
    rules=REVISED,
    *,
    specialty: bool = False,
    exact: bool = False,
) -> Wishes:
    """Every setting (difficulty × rule set) against every wish: what fits, ranked by slack.

    Parameters
    ----------
    wishes : sequence of Wish or str
        One to 50 wishes (see :class:`Wish` for the text form).
    difficulties : int or sequence of int
        The difficulties tried (default 2..10).
    rules : Rules or mapping of name to Rules
        One rule set, or several to choose among (``{"revised": ..., "v20": ...}``).
    specialty : bool
        Every roll has a specialty.
    exact : bool
        Fractions: the slacks are then exact too, since every wished probability is
        (a float ``0.6`` is read as 3/5; see :class:`Wish`), and a probability right at
        a wish's threshold meets ``>=``/``<=`` exactly and fails ``>``/``<``.

    Examples
    --------
    >>> from dicestats import storyteller as st
    >>> editions = {p: st.Rules.preset(p) for p in ("revised", "v20")}
    >>> r = wishes(["5 success >= 0.75"], [7, 8], editions, specialty=True)
    >>> [(s.rules_name, s.difficulty) for s in r.fits]
    [('v20', 7), ('revised', 7)]
    >>> print(wishes(["6 success >= 0.9", "3 success <= 0.5"]))
    no setting satisfies all 2 wishes; the nearest miss is difficulty 7 (revised rules): \
'6 dice success >= 90%' fails at 79.94%; '3 dice success <= 50%' fails at 65.20%
    """
    ws = _check_wishes(wishes, Wish.parse, _FORM)
    check_exact(exact)
    check_bool("specialty", specialty)
    rows = []
    for name, rs in _rule_sets(rules, check_rules, lambda r: r.describe()).items():
        diffs = check_difficulty_list(difficulties, rs)
        dice = sorted({check_dice(w.dice, rs, exact=exact, specialty=specialty) for w in ws})
        grid = pool_grid(dice, diffs, rs, exact, specialty)
        for d in diffs:
            qs = [event_probability(grid[(d, w.dice)], w.event, w.net) for w in ws]
            rows.append((name, d, qs))
    ranked, fits, miss = _rank_settings(ws, rows)
    return Wishes(ws, ranked, fits, miss, specialty, exact)


# ---------------------------------------------------------------------------
# Fate
# ---------------------------------------------------------------------------
#: What a Fate wish can be about: the outcomes of one roll, and two "or better".
FATE_EVENTS = ("fail", "tie", "tie_or_better", "success", "style")
_FATE_LABEL = {
    "fail": "fail",
    "tie": "tie",
    "tie_or_better": "tie or better",
    "success": "success or better",
    "style": "success with style",
}
_SEP = r"[-_ ]+"
_WORDS = (
    (rf"tie{_SEP}or{_SEP}better", "tie_or_better"),
    (rf"success{_SEP}or{_SEP}better", "success"),
    (rf"success{_SEP}with{_SEP}style", "style"),
    (r"fail|fails|failure", "fail"),
    (r"tie|ties", "tie"),
    (r"success|succeeds", "success"),
    (r"style", "style"),
)
_RATING = r"[+\-\u2212]?[0-9]{1,6}|[A-Za-z]+(?:\s*\(\s*[+\-\u2212]?[0-9]{1,6}\s*\))?"
_MOD = r"\s*,?\s*(?:with\s+|and\s+)?[0-9]{1,3}\s*(?:invokes?|helpers?)"
_FATE_WISH = re.compile(
    rf"\s*({_RATING})((?:{_MOD})*)\s*:?\s*({'|'.join(w for w, _ in _WORDS)})" + COMPARISON,
    re.IGNORECASE,
)
_FATE_FORM = (
    "'RATING [with N invokes, N helpers] EVENT OP P' such as '+2 success >= 0.6', "
    "'Fair style >= 0.2', '0 fail <= 50%' (EVENT: fail, tie, tie-or-better, success, style)"
)


@dataclass(frozen=True)
class FateWish(WishBase, Result):
    """One wish: ``P(event)`` of a roll with ``rating`` (+ ``helpers``, ``invokes``
    spent optimally) at the difficulty tried, compared with ``p``; or its text
    ``'RATING [with N invokes, N helpers] EVENT OP P'`` (``"+2 success >= 0.6"``, ``"0 fail
    <= 50%"``, ``"Good with 1 invoke success >= 3/4"``; the rating a number or a ladder name,
    :func:`dicestats.fate.parse_rating`; EVENT ``fail``, ``tie``, ``tie-or-better``,
    ``success``, ``style``).

    Attributes
    ----------
    rating : int
        The bonus on the roll (a ladder name is read as its number).
    event : {"fail", "tie", "tie_or_better", "success", "style"}
        ``success`` is success or better; ``tie`` is a tie exactly.
    op : {">=", ">", "<=", "<"}
    p : Fraction
        The wished probability, exact (as :class:`Wish`'s).
    invokes : int
        Invokes (+2 or a reroll each) spent optimally for the event (for ``fail``,
        to reach a tie or better); none with ``tie``, which no policy aims at.
    helpers : int
        Allies helping, +1 each.

    Examples
    --------
    >>> FateWish.parse("Fair with 1 invoke: success >= 3/4")
    FateWish(rating=2, event='success', op='>=', p=Fraction(3, 4), invokes=1, helpers=0)
    >>> str(FateWish("Good", "style", ">=", 0.2, helpers=1))
    'Good (+3) with 1 helper success with style >= 20%'
    """

    rating: int
    event: str
    op: str
    p: object
    invokes: int = 0
    helpers: int = 0

    def __post_init__(self):
        object.__setattr__(self, "rating", ladder_value(self.rating, "rating"))
        check_choice("event", self.event, FATE_EVENTS)
        self._check_comparison()
        FATE_LIMITS["invokes"].check(self.invokes, name="invokes")
        FATE_LIMITS["helpers"].check(self.helpers, name="helpers")
        if self.invokes and self.event == "tie":
            raise refuse(
                "invokes",
                "0 with event='tie' (invokes are spent to reach an outcome or better; "
                "no policy aims at a tie exactly)",
                self.invokes,
            )

    PATTERN = _FATE_WISH
    FORM = _FATE_FORM

    @classmethod
    def from_groups(cls, groups, op, p, name, text) -> FateWish:
        """The wish of its text's pattern groups (:meth:`WishBase.parse`)."""
        rating, mods, word = groups

        def bad(why: str):
            return refuse(name, f"{_FATE_FORM}, {why}", text)

        try:
            rating = parse_rating(rating.replace("\u2212", "-"))
        except ValueError:
            raise bad(f"RATING an integer or a ladder name ({ladder_text()})") from None
        if not FATE_LIMITS["rating"].lo <= rating <= FATE_LIMITS["rating"].hi:
            raise bad(f"RATING in {FATE_LIMITS['rating'].help}")
        counts = {}
        for n, what in re.findall(r"([0-9]{1,3})\s*(invoke|helper)", mods, re.IGNORECASE):
            if what.lower() in counts:
                raise bad("each of invokes and helpers given once")
            counts[what.lower()] = int(n)
        invokes, helpers = counts.get("invoke", 0), counts.get("helper", 0)
        if invokes > FATE_LIMITS["invokes"].hi:
            raise bad(f"at most {FATE_LIMITS['invokes'].hi} invokes")
        event = next(e for w, e in _WORDS if re.fullmatch(w, word, re.IGNORECASE))
        if invokes and event == "tie":
            raise bad("no invokes with 'tie' (no policy aims at a tie)")
        return cls(rating, event, op, p, invokes, helpers)

    @property
    def what(self) -> str:
        """``Fair (+2) success or better``, ``Good (+3) with 1 invoke success with style``."""
        mods = [
            f"{k} {w}{'' if k == 1 else 's'}"
            for k, w in ((self.invokes, "invoke"), (self.helpers, "helper"))
            if k
        ]
        with_ = f" with {', '.join(mods)}" if mods else ""
        return f"{ladder(self.rating)}{with_} {_FATE_LABEL[self.event]}"


@dataclass(frozen=True)
class FateWishes(Ranked):
    """Every difficulty (× rule set) against several Fate wishes (:func:`fate_wishes`):
    the fields of :class:`Ranked`, then ``exact``."""

    exact: bool
    trials: int | None = None

    def setting_text(self, s: WishSetting) -> str:
        """``difficulty Fair (+2) (Fate Accelerated: 4dF, style at 3 shifts)``."""
        return f"difficulty {ladder(s.difficulty)} ({s.rules_name})"


def describe_fate_rules(rules) -> str:
    """A Fate rule set in the words of an answer: ``4dF, style at 3 shifts``, named
    ``Fate Accelerated`` when it is the default.

    >>> from dicestats import fate
    >>> describe_fate_rules(fate.Rules(dice=3))
    '3dF, style at 3 shifts'
    """
    text = f"{rules.dice}dF, style at {rules.style_shifts} shifts"
    return f"Fate Accelerated: {text}" if rules == DEFAULT_RULES else text


def _fate_difficulties(difficulties) -> list:
    if isinstance(difficulties, (int, str)) and not isinstance(difficulties, bool):
        difficulties = [difficulties]
    length = FATE_LIMITS["difficulties listed"]
    if not_a_list(difficulties):
        raise refuse("difficulties", "a sequence of difficulties", difficulties, kind=True)
    out = []
    for d in difficulties:
        if len(out) == length.hi:
            raise refuse(
                "difficulties", f"at most {length.hi:,} values", difficulties, why=length.why
            )
        out.append(ladder_value(d, "difficulties"))
    if not out:
        raise refuse("difficulties", "at least one difficulty", difficulties)
    return out


def _reach(ws, diffs, rules, dist, exact):
    """``reach(total, k)``: P(the dice reach ``total`` with ``k`` invokes spent optimally).

    The policies a wish with invokes needs (one per dice total where it matters) are
    solved at once, after checking their work against ``fate.LIMITS``."""
    n = rules.dice
    top = max(w.invokes for w in ws)
    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    margins = {"fail": 0, "tie_or_better": 0, "success": 1, "style": rules.style_shifts}
    totals = sorted(
        {d - w.rating - w.helpers + margins[w.event] for w in ws if w.invokes for d in diffs}
    )
    totals = [t for t in totals if -n < t <= n + 2 * top]
    if top:
        FATE_LIMITS["invoke dice"].check(n, name="dice")
        work = len(totals) * (2 * n + 1) * (top + 1) ** 2
        key = "Σ (2·dice+1)·(invokes+1)² over wished totals"
        for k in (key, "exact " + key):
            FATE_LIMITS[k].check_work(work, name="invokes", value=top, exact=exact)
    solved = {t: reach_by_invokes(t, top, dist, exact) for t in totals}

    def reach(total: int, k: int):
        if not k:
            return dist.p_ge(total)
        if total <= -n:
            return one
        return solved[total][k][0] if total in solved else zero

    return reach, margins


@sampled(
    Sample(
        "a Fair success, a Mediocre failure, a Good success with style",
        kwargs={"wishes": ["Fair success >= 60%", "0 fail >= 0.5", "Good style >= 0.2"]},
        bad=({"wishes": ["Heroic success >= 0.5"]}, {"difficulties": ["Heroic"]}),
    ),
    Sample(
        "one invoke and a helper",
        kwargs={
            "wishes": ["Mediocre with 1 invoke success >= 0.5", "Fair with 1 helper style <= 1/3"],
            "difficulties": range(0, 4),
        },
        bad=({"wishes": ["Fair with 1 invoke tie >= 0.1"]},),
    ),
)
def fate_wishes(wishes, difficulties=range(-2, 9), rules=None, *, exact: bool = False):
    """Every difficulty (× rule set) against every Fate wish: what fits, ranked by slack.

    Parameters
    ----------
    wishes : sequence of FateWish or str
        One to 50 wishes (see :class:`FateWish` for the text form).
    difficulties : int, str or sequence of them
        The difficulties tried, numbers or ladder names (default: the ladder,
        Terrible (-2) to Legendary (+8)).
    rules : fate.Rules or mapping of name to fate.Rules, optional
        One rule set (default Fate Accelerated: 4dF, style at 3 shifts), or several
        to choose among (``{"4dF": ..., "3dF": fate.Rules(dice=3)}``).
    exact : bool
        Fractions: the slacks are then exact too, as in :func:`wishes`.

    Returns
    -------
    FateWishes

    Examples
    --------
    >>> from dicestats import fate
    >>> dice = {"4dF": fate.Rules(), "3dF": fate.Rules(dice=3)}
    >>> r = fate_wishes(["Fair success >= 0.6", "Fair style <= 0.15"], rules=dice, exact=True)
    >>> [(s.rules_name, s.difficulty, s.slack) for s in r.fits]
    [('3dF', 1, Fraction(1, 540))]
    >>> print(fate_wishes(["Fair success >= 0.9", "Fair style <= 0.05"]))
    no setting satisfies all 2 wishes; the nearest miss is difficulty Average (+1) (Fate \
Accelerated: 4dF, style at 3 shifts): 'Fair (+2) success or better >= 90%' fails at 61.73%; \
'Fair (+2) success with style <= 5%' fails at 18.52%
    """
    ws = _check_wishes(wishes, FateWish.parse, _FATE_FORM)
    check_exact(exact)
    sets = _rule_sets(rules, resolve, describe_fate_rules)
    diffs = _fate_difficulties(difficulties)
    rows = []
    for name, rs in sets.items():
        dist = fate_dice(rs.dice, exact=exact)
        reach, margins = _reach(ws, diffs, rs, dist, exact)
        for d in diffs:
            qs = []
            for w in ws:
                total = d - w.rating - w.helpers  # the dice total that ties
                if w.event == "tie":
                    qs.append(dist.pmf(total))
                    continue
                q = reach(total + margins[w.event], w.invokes)
                qs.append(1 - q if w.event == "fail" else q)
            rows.append((name, d, qs))
    ranked, fits, miss = _rank_settings(ws, rows)
    return FateWishes(ws, ranked, fits, miss, exact)


# ---------------------------------------------------------------------------
# The d6 initiative
# ---------------------------------------------------------------------------
#: What an initiative wish can be about: side A acts first, someone acts twice in a row, one
#: participant acts first.
INITIATIVE_EVENTS = ("first", "double", "participant_first")
_INITIATIVE_WISH = re.compile(
    r"\s*(?:(?:side\s+)?(?:A\s+)?(first)|(double)|([AB])\s*([0-9]{1,2})\s+first)\s*:?" + COMPARISON,
    re.IGNORECASE,
)
_INITIATIVE_FORM = (
    "'EVENT OP P' such as 'first >= 80%', 'double >= 0.5', 'A2 first >= 1/3' (EVENT: first, "
    "side A acts first; double, someone acts twice in a row; A1 first, B2 first, ...: that "
    "participant acts first)"
)


@dataclass(frozen=True)
class InitiativeWish(WishBase, Result):
    """One wish about a d6 initiative round, compared with ``p``; or its text ``'EVENT OP
    P'``: ``"first >= 80%"`` (side A acts first), ``"double >= 0.5"`` (someone acts twice
    in a row), ``"A2 first >= 1/3"`` (that participant acts first: ``A1`` ... on side A,
    ``B1`` ... on side B).

    Attributes
    ----------
    event : {"first", "double", "participant_first"}
    op : {">=", ">", "<=", "<"}
    p : Fraction
        The wished probability, exact (as :class:`Wish`'s).
    who : str or None
        With ``"participant_first"``, the participant's label (``"A2"``).

    Examples
    --------
    >>> InitiativeWish.parse("first >= 80%")
    InitiativeWish(event='first', op='>=', p=Fraction(4, 5), who=None)
    >>> str(InitiativeWish.parse("b1 first < 0.2"))
    'B1 acts first < 20%'
    """

    event: str
    op: str
    p: object
    who: str | None = None

    def __post_init__(self):
        check_choice("event", self.event, INITIATIVE_EVENTS)
        self._check_comparison()
        if self.event == "participant_first":
            who = self.who
            if not (isinstance(who, str) and re.fullmatch(r"[AB][1-9][0-9]?", who)):
                raise refuse("who", "a participant's label such as 'A1' or 'B2'", who)
        elif self.who is not None:
            raise refuse("who", f"None with event={self.event!r}", self.who)

    PATTERN = _INITIATIVE_WISH
    FORM = _INITIATIVE_FORM

    @classmethod
    def from_groups(cls, groups, op, p, name, text) -> InitiativeWish:
        """The wish of its text's pattern groups (:meth:`WishBase.parse`)."""
        first, double, side, number = groups
        if first or double:
            return cls("first" if first else "double", op, p)
        if int(number) < 1:
            raise refuse(name, f"{_INITIATIVE_FORM}, participants counted from 1", text)
        return cls("participant_first", op, p, f"{side.upper()}{int(number)}")

    @property
    def what(self) -> str:
        """``side A acts first``, ``someone acts twice in a row``, ``A2 acts first``."""
        if self.event == "first":
            return "side A acts first"
        if self.event == "double":
            return "someone acts twice in a row"
        return f"{self.who} acts first"

    def of(self, r, n_a: int):
        """This wish's probability in an :class:`~dicestats.initiative.Odds` ``r`` whose
        side A has ``n_a`` participants."""
        if self.event == "first":
            return r.p_first
        if self.event == "double":
            return r.p_double
        side, k = self.who[0], int(self.who[1:])
        return r.p_participant_first[k - 1 if side == "A" else n_a + k - 1]


@dataclass(frozen=True)
class InitiativeWishes(Ranked):
    """Every setting of one participant's pips (or swiftness) against several initiative
    wishes (:func:`initiative_wishes`): the fields of :class:`Ranked` (each setting's
    ``difficulty`` is the setting's value: pips or swiftness), then:

    Attributes
    ----------
    least : WishSetting or None
        The smallest setting that satisfies every wish (what a designer asks for: "the
        pips my ambushers need"); None when none does.
    solved_for, participant : str
        ``"pips"`` or ``"swiftness"``; whose (``"A1"``; ``"side A"`` for the side's one
        margin under the side-pool rule).
    swiftness, versus, pips, versus_pips
        The round as given (the searched setting is the answer, not these).
    reading : str
        The readings in force.
    exact : bool
        Every setting was answered exactly, in Fractions.
    simulated : bool
        Some setting was simulated: its probabilities are Estimates with intervals.
    trials : int or None
        Trials per simulated setting.
    trials_total : int
    """

    least: WishSetting | None
    solved_for: str
    participant: str
    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    reading: str
    exact: bool
    simulated: bool
    trials: int | None
    trials_total: int

    def as_dict(self) -> dict:
        """The fields; each setting names its value by what was scanned (``"pips": 3``), not
        by the shared field ``difficulty``."""
        out = super().as_dict()

        def named(s):
            if s is None:
                return None
            return {(self.solved_for if k == "difficulty" else k): v for k, v in s.items()}

        for key in ("ranked", "fits"):
            out[key] = [named(s) for s in out[key]]
        for key in ("nearest_miss", "least"):
            out[key] = named(out[key])
        return out

    def setting_text(self, s: WishSetting) -> str:
        """``3 pips for A1``, ``swiftness 4 for A1``."""
        if self.solved_for == "pips":
            return f"{s.difficulty} pip{'' if s.difficulty == 1 else 's'} for {self.participant}"
        return f"swiftness {s.difficulty} for {self.participant}"

    def __str__(self) -> str:
        n = len(self.wishes)
        every = "the wish" if n == 1 else f"all {n} wishes"
        how = f"{self.trials:,} trials per simulated setting" if self.simulated else "exact"
        round_ = f"swiftness {list(self.swiftness)} against {list(self.versus)} ({how})"
        if self.least is None:
            return f"{super().__str__()}; {round_}"
        s = self.least
        shown_ = ", ".join(
            f"{w.what} = {chance_text(q)}"
            for w, q in zip(self.wishes, s.probabilities, strict=True)
        )
        text = f"{self.setting_text(s)} is the least that satisfies {every}: {shown_}; {round_}"
        if s.unsure:
            doubtful = ", ".join(f"'{self.wishes[i]}'" for i in s.unsure)
            text += f"; not told apart from the wish with 95% confidence: {doubtful}"
        return text


@sampled(
    Sample(
        "ambushers: P(first) >= 80% and P(double) >= 50%",
        kwargs={"wishes": ["first >= 80%", "double >= 0.5"], "swiftness": [2, 2], "versus": [3]},
        bad=({"wishes": ["first >= 1.5"]}, {"wishes": ["C1 first >= 0.5"]}),
    ),
)
def initiative_wishes(
    wishes,
    swiftness,
    versus,
    *,
    solve_for: str = "pips",
    participant: int = 0,
    pips=0,
    versus_pips=0,
    limit: int | None = None,
    rules=None,
    method: str = "auto",
    exact: bool = True,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    progress: bool | None = None,
) -> InitiativeWishes:
    """Every setting of one participant's pips (or swiftness) against every initiative
    wish: the least that fits, and every setting ranked by slack.

    Parameters
    ----------
    wishes : sequence of InitiativeWish or str
        One to 50 wishes (see :class:`InitiativeWish` for the text form).
    swiftness, versus, solve_for, participant, pips, versus_pips, limit, rules
        The round and the setting scanned, as :func:`~dicestats.workbench.solve_initiative`
        reads them (pips 0 up to 5 per die the participant rolls, or swiftness 1..15).
    method : {"auto", "enumerate", "simulate"}
        ``"auto"``: exact wherever the exact form takes the round (by tiers under the
        default reading, at any table size), simulated elsewhere; ``"enumerate"``: exact or
        refuse; ``"simulate"``: simulate every setting.
    exact : bool, default True
        Exact probabilities as Fractions (else floats).
    trials, rng, workers, progress
        The Monte Carlo budget per simulated setting, its seed (one for every setting),
        workers and the progress bar. A simulated probability is an
        :class:`~dicestats.core.results.Estimate`: the ranking reads its point value and
        ``unsure`` names the wishes its 95% interval cannot decide.

    Returns
    -------
    InitiativeWishes

    Examples
    --------
    Two ambushers of swiftness 2 against two guards of 1: the pips the first needs for
    P(first) >= 80% and P(double) >= 50%:

    >>> print(initiative_wishes(["first >= 80%", "double >= 0.5"], [2, 2], [1, 1]))
    3 pips for A1 is the least that satisfies all 2 wishes: side A acts first = 97.33%, \
someone acts twice in a row = 54.48%; swiftness [2, 2] against [1, 1] (exact)
    >>> r = initiative_wishes(["first >= 80%"], [2, 2], [3])
    >>> r.least is None, r.nearest_miss.difficulty, r.nearest_miss.probabilities[0]
    (True, 5, Fraction(24353, 31104))
    """
    from .solve import SOLVE_FOR, _initiative_scan, _sides

    ws = _check_wishes(wishes, InitiativeWish.parse, _INITIATIVE_FORM)
    sw, vs = _sides(swiftness, versus)
    check_choice("solve_for", solve_for, SOLVE_FOR)
    i = check_int("participant", participant, 0, len(sw) - 1)
    labels = [f"A{k + 1}" for k in range(len(sw))] + [f"B{k + 1}" for k in range(len(vs))]
    for w in ws:
        if w.who is not None and w.who not in labels:
            raise refuse(
                "wishes", f"about a participant of the round ({', '.join(labels)})", str(w)
            )
    settings, answer, margins = _initiative_scan(
        sw, vs, i, solve_for, pips, versus_pips, limit, rules, method, exact, trials, rng,
        workers,
    )  # fmt: skip
    rows, simulated = [], 0
    with progress_bar(
        len(settings) * trials, progress=progress, desc="initiative wishes", unit="trial"
    ) as bar:
        for v in settings:
            r, drawn = answer(v)
            simulated += drawn
            rows.append((solve_for, v, [w.of(r, len(sw)) for w in ws]))
            bar.update(trials)
    ranked, fits, miss = _rank_settings(ws, rows)
    least = min(fits, key=lambda s: s.difficulty) if fits else None
    from .. import initiative as ini

    rules = ini.Rules() if rules is None else rules
    side_pool = getattr(rules, "pip_rule", "one-die") == "side-pool" and solve_for == "pips"
    who = "side A" if side_pool else f"A{i + 1}"  # the side's one margin
    margins = tuple(margins) if isinstance(margins, list) else margins
    return InitiativeWishes(
        ws, ranked, fits, miss, least, solve_for, who, tuple(sw), tuple(vs), margins,
        versus_pips, rules.describe(), bool(exact) and not simulated, simulated > 0,
        trials if simulated else None, simulated,
    )  # fmt: skip
