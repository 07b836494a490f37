"""Several Fate wishes at once: every difficulty that satisfies all of them, ranked by slack.

A Fate designer sets one difficulty and wishes about the characters who face it:
a Fair (+2) character succeeds at least 60% of the time, a Mediocre (+0) one
fails at most half the time, a Good (+3) one succeeds with style at least 20%.
:func:`fate_wishes` computes every wish at every difficulty of a range (the
ladder, Terrible to Legendary, by default) under each rule set given, and
returns the difficulties that satisfy all, ranked by *slack* (the smallest
margin, in probability, by which a wish holds), or when none does the nearest
miss and the wishes that break there. The machinery is the Storyteller
wishes' (:mod:`.wishlist`); only the wish and its forward function are Fate's.

A wish is a :class:`FateWish` or its text ``'RATING [with N invokes, N helpers]
EVENT OP P'``: ``"+2 success >= 0.6"``, ``"Fair style >= 0.2"``, ``"0 fail <=
50%"``, ``"Good with 1 invoke success >= 3/4"``. The rating is a number or a
ladder name (read by :func:`dicestats.fate.parse_rating`); the events are the
outcomes of one roll: ``fail``, ``tie`` (exactly), ``tie-or-better``, ``success``
(success or better: a success with style is a success) and ``style``. Helpers
add +1 each; invokes (+2 or a reroll each) are spent optimally for the wished
outcome (:func:`dicestats.fate.invoke_policy`: for ``fail``, to avoid failing).

Examples
--------
>>> r = fate_wishes(["Fair success >= 0.6", "0 fail >= 50%", "Good style >= 0.2"])
>>> [s.difficulty for s in r.fits]
[1]
>>> print(r)
difficulty Average (+1) (Fate Accelerated: 4dF, style at 3 shifts) satisfies all 3 wishes, \
slack 1.73 percentage points: Fair (+2) success or better = 61.73%, Mediocre (+0) fail = \
61.73%, Good (+3) success with style = 38.27%
>>> print(fate_wishes(["Fair success >= 0.9", "Fair style <= 0.05"]))
no setting satisfies all 2 wishes; the nearest miss is difficulty Average (+1) (Fate \
Accelerated: 4dF, style at 3 shifts): 'Fair (+2) success or better >= 90%' fails at 61.73%; \
'Fair (+2) success with style <= 5%' fails at 18.52%
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import check_exact, refuse
from ..core.results import Result
from ..fate.dice import fate_dice
from ..fate.invokes import reach_by_invokes
from ..fate.ladder import ladder_text, parse_rating
from ..fate.limits import LIMITS
from ..fate.rules import DEFAULT_RULES, resolve
from ..format import ladder
from .fate_solve import ladder_value
from .wishlist import (
    COMPARISON,
    Comparison,
    Ranked,
    WishSetting,
    check_op,
    check_wishes,
    rank_settings,
    rule_sets,
    wish_probability,
)

__all__ = ["FATE_EVENTS", "FateWish", "FateWishes", "fate_wishes"]

#: What a Fate wish can be about: the outcomes of one roll, and two "or better".
FATE_EVENTS = ("fail", "tie", "tie_or_better", "success", "style")
_LABEL = {
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
_FORM = (
    "'RATING [with N invokes, N helpers] EVENT OP P' such as '+2 success >= 0.6', "
    "'Fair style >= 0.2', '0 fail <= 50%' (EVENT: fail, tie, tie-or-better, success, style)"
)


def _event(word: str) -> str:
    for pattern, event in _WORDS:
        if re.fullmatch(pattern, word, re.IGNORECASE):
            return event
    raise AssertionError(word)  # the wish's pattern only matches these words


@dataclass(frozen=True)
class FateWish(Comparison, Result):
    """One wish: ``P(event)`` of a roll with ``rating`` (+ ``helpers``, ``invokes``
    spent optimally) at the difficulty tried, compared with ``p``.

    Attributes
    ----------
    rating : int
        The bonus on the roll (a ladder name is read as its number).
    event : {"fail", "tie", "tie_or_better", "success", "style"}
        ``success`` is success or better; ``tie`` is a tie exactly.
    op : {">=", ">", "<=", "<"}
    p : Fraction
        The wished probability, exact: a float is read as the decimal it prints as
        (``0.6`` is ``Fraction(3, 5)``; see :func:`~dicestats.workbench.wishlist.wish_probability`).
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
        if self.event not in FATE_EVENTS:
            raise refuse("event", "one of " + ", ".join(map(repr, FATE_EVENTS)), self.event)
        check_op(self.op)
        object.__setattr__(self, "p", wish_probability("p", self.p))
        LIMITS["invokes"].check(self.invokes, name="invokes")
        LIMITS["helpers"].check(self.helpers, name="helpers")
        if self.invokes and self.event == "tie":
            raise refuse(
                "invokes",
                "0 with event='tie' (invokes are spent to reach an outcome or better; "
                "no policy aims at a tie exactly)",
                self.invokes,
            )

    PATTERN = _FATE_WISH
    FORM = _FORM

    @classmethod
    def from_groups(cls, groups, op, p, name, text) -> FateWish:
        """The wish of its text's pattern groups (:meth:`Comparison.parse`)."""
        rating, mods, word = groups
        try:
            rating = parse_rating(rating.replace("\u2212", "-"))
        except ValueError:
            raise refuse(
                name, f"{_FORM}, RATING an integer or a ladder name ({ladder_text()})", text
            ) from None
        if not LIMITS["rating"].lo <= rating <= LIMITS["rating"].hi:
            raise refuse(name, f"{_FORM}, RATING in {LIMITS['rating'].help}", text)
        counts = {}
        for n, what in re.findall(r"([0-9]{1,3})\s*(invoke|helper)", mods, re.IGNORECASE):
            if what.lower() in counts:
                raise refuse(name, f"{_FORM}, each of invokes and helpers given once", text)
            counts[what.lower()] = int(n)
        invokes, helpers = counts.get("invoke", 0), counts.get("helper", 0)
        top = LIMITS["invokes"].hi
        if invokes > top:
            raise refuse(name, f"{_FORM}, at most {top} invokes", text)
        event = _event(word)
        if invokes and event == "tie":
            raise refuse(name, f"{_FORM}, no invokes with 'tie' (no policy aims at a tie)", text)
        return cls(rating, event, op, p, invokes, helpers)

    @property
    def what(self) -> str:
        """``Fair (+2) success or better``, ``Good (+3) with 1 invoke success with style``."""
        mods = [f"{k} {w}{'' if k == 1 else 's'}"
                for k, w in ((self.invokes, "invoke"), (self.helpers, "helper")) if k]  # fmt: skip
        with_ = f" with {', '.join(mods)}" if mods else ""
        return f"{ladder(self.rating)}{with_} {_LABEL[self.event]}"


@dataclass(frozen=True)
class FateWishes(Ranked):
    """Every difficulty (× rule set) against several Fate wishes (:func:`fate_wishes`):
    the fields of :class:`~dicestats.workbench.wishlist.Ranked` (``wishes``, ``ranked``,
    ``fits``, ``nearest_miss``), then ``exact``.
    """

    exact: bool
    trials: int | None = None

    def setting_text(self, s: WishSetting) -> str:
        """``difficulty Fair (+2) (Fate Accelerated: 4dF, style at 3 shifts)``."""
        return f"difficulty {ladder(s.difficulty)} ({s.rules_name})"


def describe(rules) -> str:
    """A Fate rule set in the words of an answer: ``4dF, style at 3 shifts``, named
    ``Fate Accelerated`` when it is the default.

    >>> from dicestats import fate
    >>> describe(fate.Rules(dice=3))
    '3dF, style at 3 shifts'
    """
    text = f"{rules.dice}dF, style at {rules.style_shifts} shifts"
    return f"Fate Accelerated: {text}" if rules == DEFAULT_RULES else text


def _difficulties(difficulties) -> list:
    if isinstance(difficulties, (int, str)) and not isinstance(difficulties, bool):
        difficulties = [difficulties]
    length = LIMITS["difficulties listed"]
    if not hasattr(difficulties, "__iter__"):
        raise refuse("difficulties", "a sequence of difficulties", difficulties, kind=True)
    out = []
    for d in difficulties:
        if len(out) == length.hi:
            raise refuse("difficulties", f"at most {length.hi:,} values", difficulties,
                         why=length.why)  # fmt: skip
        out.append(ladder_value(d, "difficulties"))
    if not out:
        raise refuse("difficulties", "at least one difficulty", difficulties)
    return out


def _reach(ws, diffs, rules, dist, exact):
    """``reach(total, k)``: P(the dice reach ``total`` with ``k`` invokes spent optimally).

    The policies a wish with invokes needs (one per dice total where it matters) are
    solved at once, after checking their work against ``LIMITS``."""
    n = rules.dice
    top = max(w.invokes for w in ws)
    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    margins = {"fail": 0, "tie_or_better": 0, "success": 1, "style": rules.style_shifts}
    totals = sorted({d - w.rating - w.helpers + margins[w.event]
                     for w in ws if w.invokes for d in diffs})  # fmt: skip
    totals = [t for t in totals if -n < t <= n + 2 * top]
    if top:
        LIMITS["invoke dice"].check(n, name="dice")
        work = len(totals) * (2 * n + 1) * (top + 1) ** 2
        key = "Σ (2·dice+1)·(invokes+1)² over wished totals"
        for k in (key, "exact " + key):
            LIMITS[k].check_work(work, name="invokes", value=top, exact=exact)
    solved = {t: reach_by_invokes(t, top, dist, exact) for t in totals}

    def reach(total: int, k: int):
        if not k:
            return dist.p_ge(total)
        if total <= -n:
            return one
        return solved[total][k][0] if total in solved else zero

    return reach, margins


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
        Fractions: the slacks are then exact too, since every wished probability is
        (a float ``0.6`` is read as 3/5; see :class:`FateWish`).

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
    """
    ws = check_wishes(wishes, FateWish.parse, _FORM)
    check_exact(exact)
    sets = rule_sets(rules, resolve, describe)
    diffs = _difficulties(difficulties)
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
    ranked, fits, miss = rank_settings(ws, rows)
    return FateWishes(ws, ranked, fits, miss, exact)
