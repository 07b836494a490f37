"""The workbench of any declared question that grows: solve, worth, compare, and a lineup
across systems, read from the declaration alone.

A question declares the integer a designer grows to reach a wish (``grows``: the pool's
``dice``, PbtA's ``stat``), the probabilities a wish may name (``wishes``, the first the
system's success as read across families) and the distribution it counts (``counts``:
successes, hits, the die read); see :class:`dicestats.core.question.Question`. From that:

* :func:`solve_for`: the least value of the grown parameter whose chance reaches a wish;
* :func:`worth_of`: what a change of the setting (a rule, a hunger die, one more die) is
  worth in the grown parameter's currency, and in percentage points;
* :func:`compare_settings`: two settings of one system side by side over the grown parameter;
* :func:`lineup`: settings of several systems side by side: the chance each calls success
  and the distribution each counts.

A question is named by its public function (``dicestats.cod.roll``) or by its system's
name (its first question that grows). Every number is the question's own, exact with
``exact=True``; a float search decides exactly where float noise could move the answer.

Examples
--------
>>> from dicestats import blades
>>> from dicestats.workbench import declared as wb
>>> s = wb.solve_for(blades.roll, 0.75, exact=True)
>>> s.dice, s.p_reached
(8, Fraction(1288991, 1679616))
>>> print(s)
8 dice: P(success) = 76.74% (wished >= 75%; 7 dice: 72.09%) — Blades in the Dark roll
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass
from fractions import Fraction

from ..core.checks import InputError, check_bool, check_choice, check_int, refuse
from ..core.question import Sample, default_values, sampled, setting_words
from ..core.question import chance_words as label
from ..core.results import Result, Table, View
from ..registry import grown_question
from .compare import Comparison, _assemble, _int_or_list, distances
from .solve import FLOAT_TOLERANCE, _pct, _reaches, check_probability, wish_text
from .worth import Worth, crossing

__all__ = ["Solution", "solve_for", "worth_of", "compare_settings", "Lineup", "lineup"]


# ---------------------------------------------------------------------------
# The question, its setting, its words
# ---------------------------------------------------------------------------
def _limit(q):
    """The grown parameter's range: its system's ``LIMITS`` entry."""
    return importlib.import_module(q.package).LIMITS[q.grows]


def _of(q, of) -> str:
    return q.wishes[0] if of is None else check_choice("of", of, q.wishes)


def _method(q, exact) -> str:
    check_bool("exact", exact)
    if not q.computed:
        raise refuse("question", "a question with an exact form", q.name, why="searched exactly")
    return "exact" if exact else "float"


def _answer(q, setting: dict, method: str):
    return q.function(**setting, method=method)


def _change_words(q, base: dict, changed: dict) -> str:
    """What differs between two settings, in words: ``rote``, ``hunger 2 → 3``."""
    out = []
    defaults = {p.name: p.default for p in q.parameters}
    for name in changed:
        a, b = base.get(name, defaults.get(name)), changed[name]
        if a == b:
            continue
        if dataclasses.is_dataclass(b) and dataclasses.is_dataclass(a):
            for f in dataclasses.fields(b):
                x, y = getattr(a, f.name), getattr(b, f.name)
                word = f.name.replace("_", " ")
                if x != y:
                    out.append(
                        word if y is True else f"no {word}" if y is False else f"{word} {x} → {y}"
                    )
            continue
        out.append(f"{name.replace('_', ' ')} {a} → {b}")
    return ", ".join(out)


def _checked_setting(q, setting: dict, *, without: str | None = None) -> dict:
    names = [p.name for p in q.parameters]
    for name in setting:
        if name not in names:
            raise refuse(name, f"a parameter of {q.system}.{q.name}: " + ", ".join(names), "given")
    if without is not None and without in setting:
        why = f"the search finds the {without}"
        raise refuse(without, "omitted", setting[without], why=why)
    return dict(setting)


# ---------------------------------------------------------------------------
# solve
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Solution(Result):
    """The least value of a question's grown parameter whose chance reaches a wish.

    Attributes
    ----------
    system, question, grows : str
        What was solved: ``"cod"``, ``"roll"``, ``"dice"``. The JSON also names the
        value by the grown parameter (``"dice": 4``).
    value : int
        The least value reaching the wish; when none does, the best of the range.
    of : str
        The chance wished for (``p_success``).
    wished, p_reached : probability
        The wish, and the chance at ``value``.
    reached : bool
        Whether ``value`` reaches the wish.
    previous, p_previous : int or None, probability or None
        The value below (when the question answers it) and its chance.
    setting, reading : dict, str
        The other arguments, and the setting in words.
    exact : bool
    """

    system: str
    question: str
    grows: str
    value: int
    of: str
    wished: object
    p_reached: object
    reached: bool
    previous: int | None
    p_previous: object
    setting: dict
    reading: str
    exact: bool

    def __getattr__(self, name):  # s.dice, s.stat: the value by its parameter's name
        if name != "grows" and name == self.grows:
            return self.value
        raise AttributeError(name)

    def as_dict(self) -> dict:
        return {self.grows: self.value, **super().as_dict()}

    def _at(self, value: int) -> str:
        """``8 dice``; a signed parameter (a stat) as ``stat +1``."""
        signed = _limit(grown_question(self.system)).lo < 0
        return f"{self.grows} {value:+d}" if signed else f"{value} {self.grows}"

    def __str__(self) -> str:
        head = f"{self._at(self.value)}: {label(self.of)} = {_pct(self.p_reached)}"
        wish = f"wished >= {wish_text(self.wished)}"
        if self.previous is not None and self.reached:
            wish += f"; {self._at(self.previous)}: {_pct(self.p_previous)}"
        if not self.reached:
            head = f"not reached: the best is {head}"
        tail = f"{_title_of(self.system, self.question)}"
        if not self.reached and not self.exact and self.p_reached == 1:
            tail = f"the float rounds to 1, exact=True tells; {tail}"
        return f"{head} ({wish}) — {tail}" + (f"; {self.reading}" if self.reading else "")

    def view(self) -> View:
        return View(str(self), ())


def _title_of(system: str, question: str) -> str:
    from ..registry import system as find

    return f"{find(system).title} {question.replace('_', ' ')}"


@sampled(
    Sample(
        "Blades, P(success) >= 75%",
        ("blades", 0.75),
        bad=({"at_least": 1.5}, {"of": "p_full"}, {"up_to": 101}, {"question": "chess"}),
    ),
    Sample("Blades, a partial or better at 90%", ("blades", 0.9), {"of": "p_partial_or_better"}),
)
def solve_for(question, at_least, *, of=None, up_to=None, exact=False, **setting) -> Solution:
    """The least value of the grown parameter (``dice``, ``stat``) whose chance reaches
    ``at_least``.

    Parameters
    ----------
    question : callable or str
        A declared question that grows (``dicestats.cod.roll``), or a system's name.
    at_least : float or Fraction
        The wished probability (``0.75``, ``Fraction(3, 4)``).
    of : str, optional
        The chance wished for: one of the question's ``wishes`` (default its first).
    up_to : int, optional
        The largest value searched (default the parameter's limit).
    exact : bool
        Exact Fractions; floats otherwise, decided exactly where float noise could
        move the answer (a chance within 1e-12 of the wish).
    **setting
        The question's other arguments (``difficulty=3``, ``rules=...``).

    Returns
    -------
    Solution
        Unreached, the best value of the range, ``reached=False``.

    Examples
    --------
    >>> from dicestats import blades
    >>> solve_for("blades", 0.9, of="p_partial_or_better").dice
    4
    >>> solve_for(blades.roll, 1).reached
    False
    """
    q = grown_question(question)
    wished = check_probability("at_least", at_least)
    of = _of(q, of)
    method = _method(q, exact)
    setting = _checked_setting(q, setting, without=q.grows)
    lim = _limit(q)
    hi = lim.hi if up_to is None else check_int("up_to", up_to, lim.lo, lim.hi)
    points, refused, found = [], None, None
    for v in range(lim.lo, hi + 1):
        try:
            r = _answer(q, {q.grows: v, **setting}, method)
        except InputError as exc:  # a value this setting cannot take (hunger > dice)
            refused = refused or exc
            continue
        p = getattr(r, of)
        if not exact and abs(p - wished) <= FLOAT_TOLERANCE:  # too near to tell in floats
            exactly = getattr(_answer(q, {q.grows: v, **setting}, "exact"), of)
            reach = (
                exactly >= Fraction(repr(wished))
                if isinstance(wished, float)
                else exactly >= wished
            )
        else:
            reach = _reaches(p, wished)
        points.append((v, p))
        if reach:
            found = v, p
            break
    if not points:
        raise refused
    reached = found is not None
    if not reached:
        found = max(points, key=lambda vp: vp[1])
    before = [(v, p) for v, p in points if v == found[0] - 1]
    previous, p_previous = before[0] if before else (None, None)
    return Solution(
        q.system,
        q.name,
        q.grows,
        found[0],
        of,
        wished,
        found[1],
        reached,
        previous,
        p_previous,
        setting,
        setting_words(q, setting),
        exact,
    )


# ---------------------------------------------------------------------------
# worth
# ---------------------------------------------------------------------------
@sampled(
    Sample(
        "Blades, two more dice from 2",
        ("blades", {"dice": 4}),
        {"dice": 2},
        bad=({"change": {}}, {"of": "p_bad"}, {"change": "rote"}, {"up_to": 0.5}),
    ),
)
def worth_of(question, change: dict, *, of=None, up_to=None, exact=False, **setting) -> Worth:
    """What a change of the setting is worth in the grown parameter's currency.

    The chance with the change (the *target*) is found on the scale of the grown
    parameter without it (interpolated linearly between the two integer steps around
    it); ``p_target - p_base`` is its worth in probability.

    Parameters
    ----------
    question : callable or str
        A declared question that grows, or a system's name.
    change : dict
        The arguments that differ (``{"rules": Rules(again=8)}``, ``{"hunger": 3}``,
        ``{"dice": 6}`` for one more die).
    of, up_to, exact
        As in :func:`solve_for`.
    **setting
        The question's arguments without the change, the grown one included.

    Returns
    -------
    Worth
        ``worth`` in units of the grown parameter (None when the scale searched
        does not reach the target), ``p_base``, ``p_target``.

    Examples
    --------
    >>> from dicestats import blades
    >>> w = worth_of(blades.roll, {"rules": blades.Rules(critical=False)}, of="p_full", dice=3)
    Traceback (most recent call last):
    ...
    dicestats.InputError: of must be one of 'p_success', 'p_partial_or_better', got 'p_full'
    >>> w = worth_of("blades", {"dice": 4}, dice=2, exact=True)
    >>> w.worth, w.p_target - w.p_base
    (Fraction(2, 1), Fraction(275, 1296))
    """
    q = grown_question(question)
    of = _of(q, of)
    method = _method(q, exact)
    setting = _checked_setting(q, setting)
    if not isinstance(change, dict) or not change:
        raise refuse(
            "change",
            "a dict of the arguments that differ, not empty",
            change,
            kind=not isinstance(change, dict),
        )
    changed = {**setting, **_checked_setting(q, change)}
    if q.grows not in setting:
        raise refuse(q.grows, "given: the setting's value to start from", None)
    words = _change_words(q, setting, changed)
    if not words:
        raise refuse("change", "a change of the setting", change, why="it changes nothing")
    p_base = getattr(_answer(q, setting, method), of)
    target = getattr(_answer(q, changed, method), of)
    if not exact and abs(target - p_base) <= FLOAT_TOLERANCE:
        target = p_base  # no change but float noise: 9-again leaves P(1+ success) alone
    lim = _limit(q)
    hi = lim.hi if up_to is None else check_int("up_to", up_to, lim.lo, lim.hi)
    start = setting[q.grows]
    rising = target >= p_base
    steps = range(start + 1, hi + 1) if rising else range(start - 1, lim.lo - 1, -1)
    points = [(0, p_base)]  # steps from the setting's value: the worth is a difference
    for v in steps:
        try:
            p = getattr(_answer(q, {**setting, q.grows: v}, method), of)
        except InputError:
            break  # the scale ends where the setting cannot go (hunger > dice)
        points.append((v - start, p))
        if (p >= target) if rising else (p <= target):
            break
    found = crossing(points, target, rising=rising)
    w = found["worth"]
    found["worth"] = w if w is None else Fraction(w) if exact else float(w)
    reading = (
        f"{_title_of(q.system, q.name)}: {setting_words(q, setting)}; {label(of)}; "
        f"x {q.grows} more is interpolated linearly between the two integer steps around it"
    )
    return Worth(
        words, q.grows, of, p_base, target, **found, reading=reading, setting=setting, exact=exact
    )


# ---------------------------------------------------------------------------
# compare: two settings of one system
# ---------------------------------------------------------------------------
def _counted(r, q, top=None) -> dict:
    """What ``q`` counts, ``{outcome: chance}``; with ``top``, the outcomes from ``top`` on
    folded into ``top`` ("top or more")."""
    d = dict(getattr(r, q.counts).items())
    if top is None:
        return d
    rest = [p for k, p in d.items() if k >= top]
    return {k: p for k, p in d.items() if k < top} | ({top: sum(rest[1:], rest[0])} if rest else {})


def _common_cap(a, b, q):
    """The outcome both answers' capped distributions can hold (a roll that counts without
    bound, such as CoD's successes or Shadowrun's hits under the Rule of Six, keeps its last
    outcome for "cap or more"): the lower cap where they differ, or the one cap where only
    one side is capped, else None. Compared at different caps, "cap or more" of one would
    stand against "exactly cap" of the other, and the answers past the lower cap are not
    there."""
    ca, cb = (getattr(r, q.tail) if q.tail else None for r in (a, b))  # the question's tail
    return None if ca == cb else min(c for c in (ca, cb) if c is not None)


def _mean_counted(r, q):
    """The mean of what ``q`` counts: the answer's own ``mean_<counts>`` where it gives
    one (exact and uncapped: CoD's successes and the Rule of Six's hits are kept to a cap
    whose last outcome holds "cap or more", and that distribution's mean falls short),
    else the mean of the distribution counted."""
    own = getattr(r, f"mean_{q.counts}", None)
    return own if own is not None else getattr(r, q.counts).mean()


@sampled(
    Sample(
        "Blades, 1-3 dice against 4",
        ("blades", {"dice": 4}),
        {"dice": [1, 2, 3]},
        bad=({"versus": {}}, {"versus": "rote"}, {"question": len}),
    ),
)
def compare_settings(question, versus: dict, *, exact=False, **setting) -> Comparison:
    """Two settings of one question side by side over the grown parameter's values.

    Parameters
    ----------
    question : callable or str
        A declared question that grows, or a system's name.
    versus : dict
        The second setting's arguments that differ from the first (the grown
        parameter too: ``{"dice": 6}`` compares each value with 6).
    exact : bool
    **setting
        The first setting; the grown parameter an int or a list (default ten values,
        ``1..10`` for a pool, less those a side cannot take: a pool below its Hunger).

    Returns
    -------
    Comparison
        One row per value: the question's wished chances and the mean of what it
        counts for each side, their differences, the total variation and the largest
        gap in P(count >= k) of the two distributions counted. A count kept to a cap
        (its last outcome "cap or more", as CoD's successes or Shadowrun's hits under the
        Rule of Six) is compared up to the lower cap of the two sides (the one cap where
        one side has none): the outcomes from it on are one outcome.

    Examples
    --------
    >>> from dicestats import blades
    >>> c = compare_settings(blades.roll, {"rules": blades.Rules(critical=False)}, dice=[1, 2])
    >>> c.column("diff_p_success")
    [0.0, 0.0]
    """
    q = grown_question(question)
    method = _method(q, exact)
    setting = _checked_setting(q, setting)
    if not isinstance(versus, dict):
        raise refuse("versus", "a dict of the arguments that differ", versus, kind=True)
    versus = _checked_setting(q, versus)
    given = q.grows in setting
    values = _int_or_list(q.grows, setting.pop(q.grows)) if given else default_values(q)
    lim = _limit(q)
    values = [lim.check(v) for v in values]
    other = versus.pop(q.grows, None)
    second = {**setting, **versus}
    if other is None and second == setting:
        raise refuse("versus", "a change of the setting", versus, why="both sides would be equal")
    chances = list(q.chances)
    metrics = chances + ([f"mean_{q.counts}"] if q.counts else [])
    pairs = []
    for v in values:
        try:
            a = _answer(q, {**setting, q.grows: v}, method)
            b = _answer(q, {**second, q.grows: v if other is None else other}, method)
        except InputError:
            if given:
                raise
            continue  # a default value a side cannot take (a pool below its Hunger)
        va, vb = ({m: getattr(r, m) for m in chances} for r in (a, b))
        if q.counts:
            top = _common_cap(a, b, q)
            da, db = _counted(a, q, top), _counted(b, q, top)
            va[metrics[-1]], vb[metrics[-1]] = _mean_counted(a, q), _mean_counted(b, q)
            tv, gap, k = distances(da, db, sorted(set(da) | set(db)))
        else:
            tv, gap, k = distances(va, vb, ())
        cell = {q.grows: v, f"versus_{q.grows}": v if other is None else other}
        pairs.append((cell, va, vb, tv, gap, k))
    first_words = setting_words(q, setting) or "as given"
    second_words = _change_words(q, setting, second) or first_words
    if other is not None:
        second_words = ", ".join(
            filter(None, (f"{q.grows} {other}", _change_words(q, setting, second)))
        )
    return _assemble(q.system, first_words, second_words, list(pairs[0][0]), metrics, pairs, exact)


# ---------------------------------------------------------------------------
# lineup: several systems side by side
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Lineup(Result):
    """Settings of several systems side by side, on a stated reading: each side's
    success (its question's first wish) and the distribution each counts.

    Attributes
    ----------
    sides : tuple of str
        Each side in words (``"cod roll: dice 6; 10-again"``).
    success : tuple of str
        The field each side reads as success (``p_success``, V5's ``p_win``).
    p_success : tuple
        Those chances, in side order.
    counted : tuple of str
        What each side counts (``successes``, ``net``, ``hits``).
    rows : tuple of dict
        One per count ``k`` from 0 up: ``k``, then per side ``i`` ``p_eq_<i>`` = P(count
        = k) and ``p_ge_<i>`` = P(count >= k).
    exact : bool
    """

    sides: tuple
    success: tuple
    p_success: tuple
    counted: tuple
    rows: tuple
    exact: bool

    def view(self) -> View:
        n = len(self.sides)
        head = Table(
            ("side", "success read as", "probability", "counts"),
            tuple(
                (f"{chr(65 + i)}: {side}", label(field), p, counted)
                for i, (side, field, p, counted) in enumerate(
                    zip(self.sides, self.success, self.p_success, self.counted, strict=True)
                )
            ),
            ("text", "text", "p", "text"),
        )
        columns = ("k", *(f"P(>= k) {chr(65 + i)}" for i in range(n)))
        body = tuple((r["k"], *(r[f"p_ge_{i}"] for i in range(n))) for r in self.rows)
        kinds = ("n", *("p" for _ in range(n)))
        title = "side by side, each read as its system reads success; then P(count >= k)"
        return View(title, (head, Table(columns, body, kinds)))


@sampled(
    Sample(
        "Storyteller 6 dice at 6 against Blades 3 dice",
        ([("storyteller", {"dice": 6, "difficulty": 6}), ("blades", {"dice": 3})],),
        bad=({"sides": []}, {"up_to": -1}),
    ),
)
def lineup(sides, *, exact=False, up_to: int | None = None) -> Lineup:
    """Settings of several systems side by side: P(success) as each reads it, and the
    distributions they count.

    Parameters
    ----------
    sides : sequence of (question, dict)
        Each side: a declared question that grows (or a system's name) and its
        arguments (``("cod", {"dice": 6})``).
    exact : bool
    up_to : int, optional
        The largest count shown (default: the largest any side can show with a chance
        of at least 1e-6, at most 40).

    Returns
    -------
    Lineup

    Examples
    --------
    >>> l = lineup([("blades", {"dice": 2}), ("blades", {"dice": 3})], exact=True)
    >>> l.p_success
    (Fraction(11, 36), Fraction(91, 216))
    """
    if isinstance(sides, (str, bytes)) or not hasattr(sides, "__iter__"):
        raise refuse("sides", "a list of (question, settings) pairs", sides, kind=True)
    sides = list(sides)
    if not 2 <= len(sides) <= 8:
        raise refuse("sides", "2 to 8 (question, settings) pairs", len(sides))
    answers, words, success, counted = [], [], [], []
    for i, side in enumerate(sides):
        if not (isinstance(side, tuple) and len(side) == 2 and isinstance(side[1], dict)):
            raise refuse(f"sides[{i}]", "a (question, settings dict) pair", side, kind=True)
        q = grown_question(side[0])
        if not q.counts:
            raise refuse(f"sides[{i}]", "a question that counts something", q.system)
        setting = _checked_setting(q, side[1])
        r = _answer(q, setting, _method(q, exact))
        answers.append((q, r))
        if "rules" not in setting and hasattr(r, "rules"):  # the reading in force, stated
            setting["rules"] = r.rules
        words.append(f"{q.system} {q.name}: {setting_words(q, setting)}")
        success.append(q.wishes[0])
        counted.append(q.counts)
    dists = [getattr(r, q.counts) for q, r in answers]
    if up_to is None:
        top = max(max(k for k, p in d.items() if p >= 1e-6) for d in dists)
        up_to = min(top, 40)
    else:
        up_to = check_int("up_to", up_to, 0, 1000)
    low = min(0, min(d.min for d in dists))
    rows = []
    for k in range(low, up_to + 1):
        row = {"k": k}
        for i, d in enumerate(dists):
            row[f"p_eq_{i}"] = d.pmf(k)
            row[f"p_ge_{i}"] = d.p_ge(k)
        rows.append(row)
    p = tuple(getattr(r, q.wishes[0]) for q, r in answers)
    return Lineup(tuple(words), tuple(success), p, tuple(counted), tuple(rows), bool(exact))
