"""One pool, a table of pools, every anomaly: the odds of single rolls, computed (and the
helpers the other questions build on: :func:`pool_grid`, :func:`p_any`, :func:`non_botch`)."""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import TEXT, check_bool, check_exact, refuse
from ..core.dist import Dist
from ..core.results import Lines, Result, Table, View
from .engine import compute, revised_botch
from .limits import LIMITS, check_dice, check_pools
from .rules import DEGREES, REVISED, Rules, check_difficulty, check_rules, dice_text

#: The columns of :func:`odds_table`, in order: the pool, then figures of its :class:`Pool`.
TABLE_COLUMNS = ("dice", "difficulty", "p_success", "p_fail", "p_botch", "mean_net")
TABLE_COLUMNS += (*(f"p_{name}" for name in DEGREES), *(f"p_ge_{k}" for k in range(1, 6)))


@dataclass(frozen=True)
class Pool(Result):
    """The outcome odds of one pool, exact, float or simulated.

    Attributes
    ----------
    dice, difficulty : int
        The pool and the difficulty rolled (a clamped difficulty shows as 10).
    rules : Rules
        The rule set, as given.
    specialty : bool
        The roll had a specialty (what it did is ``rules.specialty_rule``).
    p_success, p_fail, p_botch : Fraction, float or Estimate
        ``P(net >= 1)``, a failure that is not a botch, a botch; they sum to 1.
    mean_net : Fraction, float or Estimate
        ``E[net]`` (exact even when ``net`` is censored).
    p_marginal, p_moderate, p_complete, p_exceptional, p_phenomenal
        ``P(net == 1..4)`` and ``P(net >= 5)``: the degrees of success.
    p_ge_1 … p_ge_5
        ``P(net >= k)``.
    net : Dist or dict
        Net successes (>= 0): a :class:`~dicestats.core.dist.Dist` (with
        chained ten-again the top outcome holds ``P(net >= top)``, which is
        :attr:`net_tail`), or ``{net: Estimate}`` when simulated.
    net_tail : Fraction or float
        Mass lumped into the top outcome of ``net`` (0 without chains; at
        most 1e-16 with them; 0 when simulated).
    exact : bool
        True when the numbers are Fractions.
    trials : int or None
        Monte Carlo trials behind the estimates (None when computed).

    Examples
    --------
    >>> from dicestats.storyteller import pool
    >>> r = pool(2, 6, exact=True)
    >>> r.p_moderate, r.p_ge(1)      # both dice >= 6 (and no 1)
    (Fraction(1, 4), Fraction(13, 20))
    >>> list(r.as_dict())[:5]
    ['dice', 'difficulty', 'rules', 'specialty', 'p_success']
    """

    dice: int
    difficulty: int
    rules: Rules
    specialty: bool
    p_success: object
    p_fail: object
    p_botch: object
    mean_net: object
    p_marginal: object
    p_moderate: object
    p_complete: object
    p_exceptional: object
    p_phenomenal: object
    p_ge_1: object
    p_ge_2: object
    p_ge_3: object
    p_ge_4: object
    p_ge_5: object
    net: object = field(repr=False)
    net_tail: object
    exact: bool
    trials: int | None = None

    @property
    def degrees(self) -> dict:
        """``{degree name: probability}``: ``P(net == 1..4)`` and ``P(net >= 5)``."""
        return {name: getattr(self, f"p_{name}") for name in DEGREES}

    def p_ge(self, k: int):
        """``P(net >= k)`` (any ``k`` when computed, ``k <= 5`` when simulated)."""
        if isinstance(self.net, Dist):
            return self.net.p_ge(k)
        if not 1 <= k <= 5:
            raise refuse("k", "1..5 for a simulated pool", k)
        return getattr(self, f"p_ge_{k}")

    def row(self) -> dict:
        """The figures of :data:`TABLE_COLUMNS` (a row of :func:`odds_table`)."""
        return {c: getattr(self, c) for c in TABLE_COLUMNS}

    def view(self) -> View:
        title = f"{dice_text(self.dice)} at difficulty {self.difficulty}"
        title += f" ({self.rules.describe(specialty=self.specialty)})"
        outcomes = (("success", self.p_success), ("failure", self.p_fail), ("botch", self.p_botch))
        degrees = tuple(
            (f"{name} ({k}{'+' if k == 5 else ''})", p, self.p_ge(k))
            for k, (name, p) in enumerate(self.degrees.items(), start=1)
        )
        header = ("degree (net successes)", "P(=)", "P(>=)")
        parts = (
            outcome_table(outcomes),
            Table(header, degrees, ("text", "p", "p"), exact_of=None),
            Lines((("mean net successes", self.mean_net, "mean"),)),
        )
        return View(title, parts)


def outcome_table(rows) -> Table:
    """The ``outcome, probability`` table of a view."""
    return Table(("outcome", "probability"), tuple(rows), ("text", "p"))


def pool_grid(dice_list, diffs, rules: Rules, exact: bool, specialty: bool = False) -> dict:
    """``{(difficulty, dice): Pool}`` for checked arguments, from one engine pass.

    ``rules`` is the rule set as given; the engine reads the rules in force
    for a roll with (or without) a specialty.
    """
    roll = rules._for_roll(specialty)
    out = {}
    for (d, n), v in compute(diffs, dice_list, roll, exact).items():
        pmf, botch = v["pmf"], v["botch"]
        if exact:
            net = Dist.from_counts(pmf)  # integer numerators over den (sum == den)
            success = Fraction(sum(pmf[1:]), v["den"])
            fail = Fraction(pmf[0], v["den"]) - botch
        else:
            net = Dist.from_probabilities(pmf)
            # renormalised floats may sum to 1 ± 1 ulp: with nothing at net <= 0 (a Willpower
            # success) the chance is known to be 1, and prints 100%, not "> 99.9999%"
            success = 1.0 if pmf[0] == 0 else min(math.fsum(pmf[1:]), 1.0)
            fail = max(pmf[0] - botch, 0.0)
        degrees = (*(net.pmf(k) for k in range(1, 5)), net.p_ge(5))  # marginal..phenomenal
        odds = (success, fail, botch, v["mean"], *degrees, *(net.p_ge(k) for k in range(1, 6)))
        out[(d, n)] = Pool(n, d, rules, roll._specialty, *odds, net, v["tail"], exact)
    return out


def clip(x, exact: bool):
    """A probability: exact values as they are, float sums clipped to [0, 1].

    Sums of float probabilities may overshoot 1 (or undershoot 0) by an ulp or two.
    """
    return x if exact else min(max(float(x), 0.0), 1.0)


def p_any(ps, exact: bool):
    """P(at least one of independent events of chances ``ps``): ``1 - prod(1 - p)``.

    In float mode as ``-expm1(sum(log1p(-p)))``, which keeps its relative accuracy
    when every chance is tiny (ten 300-dice botches, 4.9e-90, are not 0).

    >>> p_any([0.5, 0.5], exact=False)
    0.75
    >>> p_any([1e-90] * 10, exact=False)
    1e-89
    """
    if exact:
        out = Fraction(0)
        for p in ps:
            out = 1 - (1 - out) * (1 - p)
        return out
    ps = [float(p) for p in ps]
    if any(p >= 1 for p in ps):
        return 1.0
    # 0.0 - x, not -x: no event possible is 0.0, never -0.0 (which JSON would show)
    return clip(0.0 - math.expm1(math.fsum(math.log1p(-p) for p in ps)), exact)


def non_botch(r: Pool) -> dict:
    """``{net: P(net and no botch)}`` of a computed pool (sums to ``1 - p_botch``)."""
    out = dict(r.net.items())
    out[0] = out.get(0, Fraction(0) if r.exact else 0.0) - r.p_botch
    if not r.exact:
        out[0] = max(out[0], 0.0)
    return {k: p for k, p in out.items() if p}


def botch_closed_form(dice: int, difficulty: int, rules: Rules = REVISED, *, exact: bool = False):
    """P(botch) under the revised rule: ``q**N - (q - 1/10)**N``, ``q = (D-1)/10``.

    (No die at or above the difficulty, minus no die at or above it *and* no
    1.) Zero when a Willpower success is spent.

    Examples
    --------
    >>> botch_closed_form(1, 10, exact=True)
    Fraction(1, 10)
    """
    rules = check_rules(rules)
    n = check_dice(dice, rules)
    d = check_difficulty(difficulty, rules)
    check_bool("exact", exact)
    if rules.botch_rule != "revised":
        raise refuse("rules.botch_rule", "'revised' (the closed form's rule)", rules.botch_rule)
    if rules.willpower:
        return Fraction(0) if exact else 0.0
    return revised_botch(n, d, exact)


def compute_pool(s, exact: bool) -> Pool:
    """The odds of one checked pool (:func:`dicestats.storyteller.pool`)."""
    return pool_grid([s.dice], [s.difficulty], s.rules, exact, s.specialty)[(s.difficulty, s.dice)]


def check_difficulty_list(difficulties, rules: Rules, name: str = "difficulties") -> list[int]:
    """Difficulties of a table or search: an int, or a sequence of them (each 2..10).

    A refusal shows the value given, not its position in the sequence. The
    values are returned as given (a clamped difficulty above 10 is rolled at 10).
    """
    if isinstance(difficulties, int) and not isinstance(difficulties, bool):
        difficulties = [difficulties]
    length = LIMITS["values listed"]
    if isinstance(difficulties, TEXT) or not hasattr(difficulties, "__iter__"):
        raise refuse(name, "a sequence of integer difficulties", difficulties, kind=True)
    if hasattr(difficulties, "__len__") and len(difficulties) > length.hi:
        raise refuse(name, f"at most {length.hi:,} values", difficulties, why=length.why)
    out = []
    for x in difficulties:
        check_difficulty(x, rules, name)
        out.append(int(x))
        if len(out) > length.hi:
            raise refuse(name, f"at most {length.hi:,} values", difficulties, why=length.why)
    if not out:
        raise refuse(name, "at least one difficulty", difficulties)
    return out


def odds_table(
    dice, difficulties, rules: Rules = REVISED, *, specialty: bool = False, exact: bool = False
):
    """A tidy pandas DataFrame of pool odds, one row per (dice, difficulty).

    Columns: :data:`TABLE_COLUMNS` (the figures of a :class:`Pool`), from one vectorized
    pass over every difficulty and pool size. ``specialty``: every roll has a specialty.

    Examples
    --------
    >>> t = odds_table(range(1, 4), [6, 10])
    >>> t.shape
    (6, 16)
    >>> round(float(t.query("dice == 3 and difficulty == 10").p_botch.iloc[0]), 3)
    0.217
    """
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    dice = check_pools(dice, rules, exact=exact, specialty=specialty)
    diffs_in = check_difficulty_list(difficulties, rules)
    diffs = sorted({min(d, 10) for d in diffs_in})
    fast = None if exact else _fast_table(dice, diffs_in, diffs, rules._for_roll(specialty))
    if fast is not None:
        return fast
    import pandas as pd

    res = pool_grid(dice, diffs, rules, exact, specialty)
    rows = [{**res[(min(d, 10), n)].row(), "difficulty": d} for n in dice for d in diffs_in]
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def _fast_table(dice, diffs_in, diffs, roll):
    """:func:`odds_table` in float mode from :func:`.engine.table_figures` (or None)."""
    import numpy as np
    import pandas as pd

    from .engine import table_figures

    pools = sorted(set(dice))
    figures = table_figures(diffs, pools, roll)
    if figures is None:
        return None
    rows = np.searchsorted(pools, dice)
    cols = np.searchsorted(diffs, np.minimum(diffs_in, 10))
    pick = (np.repeat(rows, len(cols)), np.tile(cols, len(rows)))
    columns = [
        np.repeat(np.asarray(dice, dtype=np.int64), len(cols)),
        np.tile(np.asarray(diffs_in, dtype=np.int64), len(rows)),
        *(figures[name][pick] for name in TABLE_COLUMNS[2:]),
    ]
    try:  # a fifth of DataFrame(dict)'s time: the columns are not checked and converted again
        index = pd.RangeIndex(len(columns[0]))
        return pd.DataFrame._from_arrays(
            columns, columns=_column_index(), index=index, verify_integrity=False
        )
    except (AttributeError, TypeError):  # pragma: no cover - another pandas
        return pd.DataFrame(dict(zip(TABLE_COLUMNS, columns, strict=True)))


@functools.cache
def _column_index():
    """The columns of :func:`odds_table` as one (immutable) pandas Index, shared by every frame."""
    import pandas as pd

    return pd.Index(list(TABLE_COLUMNS))


@dataclass(frozen=True)
class Anomaly(Result):
    """One non-monotone cell: one die more moves ``metric`` the wrong way.

    ``metric`` is ``"p_botch"`` (it rises) or ``"p_success"``, ``"p_ge_2"`` …
    ``"p_ge_5"`` (it falls); ``dice`` is the larger pool, ``before`` the
    value with ``dice - 1`` dice, ``after`` with ``dice``.
    """

    metric: str
    difficulty: int
    dice: int
    before: object
    after: object


@dataclass(frozen=True)
class Anomalies(Result):
    """Every anomaly :func:`anomalies` found, in order (iterable, like a tuple)."""

    rules: Rules
    specialty: bool
    cells: tuple[Anomaly, ...]
    exact: bool
    dice: tuple = ()
    difficulty: tuple = ()

    def __iter__(self):
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __getitem__(self, i):
        return self.cells[i]

    def view(self) -> View:
        rules = self.rules.describe(specialty=self.specialty)
        title = f"{len(self.cells)} non-monotone cell(s) ({rules})"
        rows = tuple(
            (a.metric, a.difficulty, f"{a.dice - 1} -> {a.dice}", a.before, a.after)
            for a in self.cells
        )
        header = ("metric", "difficulty", "dice", "before", "after")
        table = Table(header, rows, ("text", "n", "text", "p4", "p4"))
        return View(title, (table,) if rows else ())

    def to_float(self) -> Anomalies:
        """The same cells with float values (the cells found stay those found).

        >>> from dicestats.storyteller import anomalies
        >>> anomalies(dice=[5, 6], difficulty=[10], exact=True).to_float()[0].after
        0.269297
        """
        cells = tuple(
            dataclasses.replace(a, before=float(a.before), after=float(a.after)) for a in self.cells
        )
        return dataclasses.replace(self, cells=cells, exact=False)


#: Anomaly metrics: the botch chance should fall with a die more, the others rise.
METRICS = ("p_botch", "p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5")
#: In float mode, probabilities this small are not compared (float64 flushes below 1e-300).
FLOAT_FLOOR = 1e-250


def _bad_side(r: Pool, metric: str):
    """The probability whose rise is an anomaly: the botch, or ``P(net < k)``.

    Comparing ``P(net < k)`` rather than ``P(net >= k)`` keeps float mode
    right when the success chance is within 1e-16 of 1.
    """
    if metric == "p_botch":
        return r.p_botch
    k = 1 if metric == "p_success" else int(metric[5:])
    return r.net.cdf(k - 1)


def compute_anomalies(s, exact: bool) -> Anomalies:
    """Every anomaly of checked pools (:func:`dicestats.storyteller.anomalies`)."""
    rtol, rules, diffs_in = s.rtol, s.rules, s.difficulties
    res = pool_grid(s.dice, sorted({min(d, 10) for d in diffs_in}), rules, exact, s.specialty)
    dice = sorted(set(s.dice))
    larger = [n for n in dice if n - 1 in dice]  # each compared with the pool a die smaller
    out = []
    for d in sorted(set(diffs_in)):
        for n in larger:
            before, after = res[(min(d, 10), n - 1)], res[(min(d, 10), n)]
            for m in METRICS:
                lo, hi = _bad_side(before, m), _bad_side(after, m)
                rises = hi > lo if exact else hi > lo * (1 + rtol) and hi > FLOAT_FLOOR
                if rises:
                    out.append(Anomaly(m, d, n, getattr(before, m), getattr(after, m)))
    specialty = bool(res and next(iter(res.values())).specialty)
    return Anomalies(rules, specialty, tuple(out), exact, tuple(dice), tuple(diffs_in))
