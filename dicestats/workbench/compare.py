"""Two settings side by side, cell by cell: both sides, the differences, the distances.

:func:`compare_storyteller` and :func:`compare_fate` roll every cell under two settings of one
system, :func:`compare_bands` Storyteller pools beside one Fate roll; every number is the
systems' forward functions'. How to read a :class:`Comparison`: ``docs/worth-and-compare.md``.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

from ..core.checks import check_bool, check_exact, check_int_list, refuse
from ..core.results import Result
from ..fate.outcomes import OutcomeProbs, shifts
from ..fate.rules import resolve
from ..format import ladder
from ..storyteller.limits import check_pools, search_limit
from ..storyteller.pools import non_botch, pool_grid
from ..storyteller.rules import REVISED, check_difficulty, check_rules

__all__ = [
    "Comparison",
    "STORYTELLER_METRICS",
    "FATE_METRICS",
    "compare_storyteller",
    "compare_fate",
    "BAND_METRICS",
    "compare_bands",
]

#: The metrics of a Storyteller comparison (probabilities, then the mean).
STORYTELLER_METRICS = (
    "p_success",
    "p_botch",
    "p_fail",
    "p_ge_2",
    "p_ge_3",
    "p_ge_4",
    "p_ge_5",
    "mean_net",
)
#: Cells of one Fate comparison (bonuses × difficulties), at most.
MAX_CELLS = 10_000
#: The metrics of a Fate comparison.
FATE_METRICS = (
    "p_fail",
    "p_tie",
    "p_success",
    "p_style",
    "p_success_or_better",
    "p_tie_or_better",
    "mean_shifts",
)
#: The bands of :func:`compare_bands`: failure (botch included), botch, tie, success or
#: better, 2+, 3+.
BAND_METRICS = ("p_fail", "p_botch", "p_tie", "p_success_or_better", "p_ge_2", "p_ge_3")


@dataclass(frozen=True)
class Comparison(Result):
    """Two settings side by side, cell by cell (the distances: ``docs/worth-and-compare.md``).

    Attributes
    ----------
    system : {"storyteller", "fate", "storyteller vs fate"}
    first, second : str
        What each side rolls, in words.
    cells, metrics : tuple of str
        The columns that name a cell; the metrics compared (the last, a mean, is no
        probability).
    rows : tuple of dict
        One per cell: its columns, then for each metric ``m``: ``m``, ``versus_m``,
        ``diff_m`` (second − first); then ``total_variation``, ``max_gap``, ``max_gap_k``.
    largest : dict
        The probability metric and cell where the two differ most (the first on a tie):
        ``metric``, the cell's columns, ``value``, ``versus_value``, ``difference``.
    total_variation, max_gap : Fraction or float
        The largest of each over the cells, at ``total_variation_at`` and ``max_gap_at``
        (the cell's columns, and ``k``).
    exact : bool
    """

    system: str
    first: str
    second: str
    cells: tuple
    metrics: tuple
    rows: tuple
    largest: dict
    total_variation: object
    total_variation_at: dict
    max_gap: object
    max_gap_at: dict
    exact: bool

    def column(self, name: str) -> list:
        """One column of :attr:`rows` (``"diff_p_success"``, ``"dice"``, ...).

        >>> compare_fate(2, [0, 1], versus_bonus=3).column("difficulty")
        [0, 1]
        """
        if not self.rows or name not in self.rows[0]:
            raise refuse("name", "a column of the rows", name)
        return [r[name] for r in self.rows]


# ---------------------------------------------------------------------------
# Distances and assembly (no system knowledge)
# ---------------------------------------------------------------------------
def distances(a: dict, b: dict, ge_keys) -> tuple:
    """``(total_variation, max_gap, max_gap_k)`` of two ``{outcome: p}`` partitions.

    ``ge_keys``: the integer thresholds ``k`` of ``P(>= k)``, read over the
    integer outcomes of both (other keys, such as ``"botch"``, count in the
    total variation only).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> distances({0: F(1, 2), 1: F(1, 2)}, {0: F(1, 4), 1: F(3, 4)}, [1])
    (Fraction(1, 4), Fraction(1, 4), 1)
    """
    zero = next(iter(a.values())) * 0
    keys = sorted(
        set(a) | set(b), key=lambda k: (isinstance(k, str), 0 if isinstance(k, str) else k, str(k))
    )
    # summed in a fixed order: a set's order (mixed int and str keys) varies with the hash seed,
    # and with it the float total's last bits
    tv = sum((abs(_minus(a.get(k, zero), b.get(k, zero))) for k in keys), zero) / 2
    ints = sorted({v for v in (*a, *b) if isinstance(v, int)}, reverse=True)
    tails, tail, i = {}, zero, 0  # P(>= k) - P'(>= k), summed from the top down
    for k in sorted(set(ge_keys), reverse=True):
        while i < len(ints) and ints[i] >= k:
            tail += a.get(ints[i], zero) - b.get(ints[i], zero)
            i += 1
        tails[k] = tail if abs(tail) > _NOISE else zero
    gap, at = zero, None
    for k in ge_keys:
        if at is None or abs(tails[k]) > gap:
            gap, at = abs(tails[k]), k
    return tv, gap, at


#: Float noise: two float chances this close are the same chance (computed two ways, they
#: differ in the last bits); a difference within it is 0, so it prints 0%, never "< 0.0001%".
_NOISE = 1e-13


def _minus(x, y):
    """``x - y``, or an exact 0 where two floats differ by float noise only."""
    d = x - y
    if isinstance(d, float) and abs(d) <= _NOISE * max(abs(x), abs(y), 1e-300):
        return 0.0
    return d


def _assemble(system, first, second, cell_names, metrics, pairs, exact) -> Comparison:
    """A :class:`Comparison` from ``pairs``: ``(cell dict, values A, values B, tv, gap, k)``."""
    rows = []
    for cell, va, vb, tv, gap, k in pairs:
        row = dict(cell)
        for m in metrics:
            row[m], row[f"versus_{m}"], row[f"diff_{m}"] = va[m], vb[m], _minus(vb[m], va[m])
        row.update(total_variation=tv, max_gap=gap, max_gap_k=k)
        rows.append(row)
    probs = [m for m in metrics if m.startswith("p_")]
    tol = 0 if exact else 1e-12  # float noise does not break a tie: the first largest wins
    best = None  # (|difference|, metric, row)
    for row in rows:
        for m in probs:
            size = abs(row[f"diff_{m}"])
            if best is None or size > best[0] + tol:
                best = (size, m, row)
    _, m, row = best
    largest = {"metric": m, **{c: row[c] for c in cell_names}}
    largest.update(value=row[m], versus_value=row[f"versus_{m}"], difference=row[f"diff_{m}"])
    tv_row = _first_max(rows, "total_variation", tol)
    gap_row = _first_max(rows, "max_gap", tol)
    return Comparison(
        system=system,
        first=first,
        second=second,
        cells=tuple(cell_names),
        metrics=tuple(metrics),
        rows=tuple(rows),
        largest=largest,
        total_variation=tv_row["total_variation"],
        total_variation_at={c: tv_row[c] for c in cell_names},
        max_gap=gap_row["max_gap"],
        max_gap_at={**{c: gap_row[c] for c in cell_names}, "k": gap_row["max_gap_k"]},
        exact=exact,
    )


def _first_max(rows, key: str, tol):
    """The first row whose ``key`` is the largest (within ``tol``)."""
    top = max(r[key] for r in rows)
    return next(r for r in rows if r[key] >= top - tol)


def _int_or_list(name: str, value) -> list[int]:
    """An int (a list of one) or a sequence of ints."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = [value]
    return check_int_list(name, value, max_len=1000, why="values of one comparison")


# ---------------------------------------------------------------------------
# Storyteller
# ---------------------------------------------------------------------------
def check_table_pools(pools, rules, exact, specialty, name="dice") -> list[int]:
    """``pools`` checked as a table of pools is (``check_pools``, then the search limit)."""
    pools = check_pools(pools, rules, exact=exact, specialty=specialty, name=name)
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None:
        limit.check(max(pools), name=name)
    return pools


def _outcomes(r) -> dict:
    """The outcome partition of a computed pool: botch, net 0 without botch, net 1, 2, ..."""
    out = non_botch(r)
    if r.p_botch:
        out["botch"] = r.p_botch
    return out


def compare_storyteller(
    dice,
    difficulty=6,
    rules=None,
    versus_rules=None,
    *,
    specialty: bool = False,
    versus_specialty: bool | None = None,
    versus_dice: int | None = None,
    versus_difficulty: int | None = None,
    exact: bool = False,
) -> Comparison:
    """Storyteller pools under two settings, cell by cell (pool × difficulty).

    Parameters
    ----------
    dice, difficulty : int or sequence of int
        The cells: every pool at every difficulty (the first side).
    rules, versus_rules : Rules
        The rule sets of the two sides (default: revised; the second side's
        default is the first side's).
    specialty, versus_specialty : bool
        Whether each side's roll has a specialty (second default: the first).
    versus_dice, versus_difficulty : int, optional
        A fixed pool or difficulty for the second side (default: the cell's).
    exact : bool
        Fractions or float64.

    Returns
    -------
    Comparison
        ``cells`` are ``dice``, ``difficulty``, ``versus_dice``, ``versus_difficulty``.

    Examples
    --------
    >>> from dicestats import storyteller as st
    >>> c = compare_storyteller(range(1, 4), 6, versus_rules=st.Rules(ten_again=True))
    >>> [round(d, 4) for d in c.column("diff_p_success")]
    [0.0, 0.01, 0.0121]

    Two pools: 6 dice at 7 against 4 dice at 5.

    >>> c = compare_storyteller(6, 7, versus_dice=4, versus_difficulty=5, exact=True)
    >>> float(c.rows[0]["diff_p_success"]), float(c.rows[0]["diff_p_ge_3"])
    (0.0646, 0.05344)
    """
    rules = REVISED if rules is None else check_rules(rules)
    vrules = rules if versus_rules is None else check_rules(versus_rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    vspec = (
        specialty if versus_specialty is None else check_bool("versus_specialty", versus_specialty)
    )
    dice = check_table_pools(dice, rules, exact, specialty)
    diffs = [check_difficulty(d, rules) for d in _int_or_list("difficulty", difficulty)]
    vdice = dice if versus_dice is None else [versus_dice]
    check_table_pools(vdice, vrules, exact, vspec, "versus_dice")
    if versus_difficulty is not None:
        check_difficulty(versus_difficulty, vrules, "versus_difficulty")
    same = vrules == rules and vspec == specialty and versus_dice is None
    if same and versus_difficulty is None:
        raise refuse(
            "versus_rules",
            "a second side that differs from the first",
            "the same rules, specialty, dice and difficulty",
            instead="give versus_rules, versus_specialty, versus_dice or versus_difficulty",
        )
    grid_diffs = sorted({min(d, 10) for d in diffs})
    vdiffs = grid_diffs if versus_difficulty is None else [min(versus_difficulty, 10)]
    a = pool_grid(dice, grid_diffs, rules, exact, specialty)
    b = pool_grid(sorted(set(vdice)), vdiffs, vrules, exact, vspec)
    pairs = []
    for n in dice:
        for d in diffs:
            vn = n if versus_dice is None else versus_dice
            vd = d if versus_difficulty is None else versus_difficulty
            ra, rb = a[(min(d, 10), n)], b[(min(vd, 10), vn)]
            oa, ob = _outcomes(ra), _outcomes(rb)
            top = max(k for k in (*oa, *ob) if isinstance(k, int))
            tv, gap, k = distances(oa, ob, range(1, max(top, 1) + 1))
            cell = {"dice": n, "difficulty": d, "versus_dice": vn, "versus_difficulty": vd}
            va = {m: getattr(ra, m) for m in STORYTELLER_METRICS}
            vb = {m: getattr(rb, m) for m in STORYTELLER_METRICS}
            pairs.append((cell, va, vb, tv, gap, k))
    first, second = rules.describe(specialty=specialty), vrules.describe(specialty=vspec)
    if versus_dice is not None:  # each side named by what it rolls, not by its place
        first += f", {dice[0]} dice" if len(dice) == 1 else ", the pools listed"
        second += f", {versus_dice} dice"
    if versus_difficulty is not None:
        first += f", difficulty {diffs[0]}" if len(diffs) == 1 else ", the difficulties listed"
        second += f", difficulty {versus_difficulty}"
    names = ("dice", "difficulty", "versus_dice", "versus_difficulty")
    return _assemble("storyteller", first, second, names, STORYTELLER_METRICS, pairs, exact)


# ---------------------------------------------------------------------------
# Fate
# ---------------------------------------------------------------------------
def compare_fate(
    bonus=0,
    difficulty=range(-2, 7),
    rules=None,
    versus_rules=None,
    *,
    versus_bonus: int | None = None,
    dice: int | None = None,
    versus_dice: int | None = None,
    helpers: int = 0,
    versus_helpers: int | None = None,
    exact: bool = False,
) -> Comparison:
    """Fate rolls under two settings, cell by cell (bonus × difficulty).

    The second side rolls ``versus_dice`` dF (default: the first side's dice)
    + ``versus_bonus`` (default: the first side's bonus) + ``versus_helpers``
    against the same difficulty, under ``versus_rules`` (their
    ``style_shifts`` and ``dice`` matter). Here ``versus_*`` name the second
    side of the comparison, not an active opposition: both sides roll
    against a fixed difficulty.

    Returns
    -------
    Comparison
        ``cells`` are ``bonus``, ``difficulty``, ``versus_bonus``.

    Examples
    --------
    >>> c = compare_fate(2, [2], versus_bonus=3, exact=True)
    >>> c.rows[0]["diff_p_success_or_better"], c.max_gap
    (Fraction(19, 81), Fraction(19, 81))
    """
    rules = resolve(rules)
    vrules = rules if versus_rules is None else resolve(versus_rules)
    check_exact(exact)
    bonuses = _int_or_list("bonus", bonus)
    diffs = _int_or_list("difficulty", difficulty)
    if len(bonuses) * len(diffs) > MAX_CELLS:
        raise refuse(
            "bonus × difficulty",
            f"at most {MAX_CELLS:,} cells",
            len(bonuses) * len(diffs),
            why="one pair of rolls per cell",
        )
    vhelpers = helpers if versus_helpers is None else versus_helpers
    vdice = dice if versus_dice is None else versus_dice
    same = vrules == rules and versus_bonus is None and vdice == dice and vhelpers == helpers
    if same:
        raise refuse(
            "versus_bonus",
            "a second side that differs from the first",
            "the same rules, bonus, dice and helpers",
            instead="give versus_bonus, versus_dice, versus_helpers or versus_rules",
        )
    pairs = []
    for b in bonuses:
        vb = b if versus_bonus is None else versus_bonus
        for d in diffs:
            sa = shifts(b, difficulty=d, helpers=helpers, dice=dice, exact=exact, rules=rules)
            sb = shifts(vb, difficulty=d, helpers=vhelpers, dice=vdice, exact=exact, rules=vrules)
            oa = OutcomeProbs.from_shifts(sa, rules=rules)
            ob = OutcomeProbs.from_shifts(sb, rules=vrules)
            lo = min(sa.support()[0], sb.support()[0])
            hi = max(sa.support()[1], sb.support()[1])
            tv, gap, k = distances(dict(sa.items()), dict(sb.items()), range(lo + 1, hi + 1))
            va = {m: getattr(oa, m) for m in FATE_METRICS}
            vv = {m: getattr(ob, m) for m in FATE_METRICS}
            pairs.append(({"bonus": b, "difficulty": d, "versus_bonus": vb}, va, vv, tv, gap, k))
    first = _fate_words(dice, bonuses, helpers, rules)
    second = _fate_words(
        vdice, bonuses if versus_bonus is None else [versus_bonus], vhelpers, vrules
    )
    return _assemble(
        "fate", first, second, ("bonus", "difficulty", "versus_bonus"), FATE_METRICS, pairs, exact
    )


def _fate_words(dice: int, bonuses: list, helpers: int, rules) -> str:
    """``4dF +2 + 1 helper, success with style at 3 shifts`` (``dice`` None: the rules')."""
    dice = rules.dice if dice is None else dice
    text = f"{dice}dF {bonuses[0]:+d}" if len(bonuses) == 1 else f"{dice}dF + bonus"
    if helpers:
        text += f" + {helpers} helper{'s' if helpers != 1 else ''}"
    return f"{text}, success with style at {rules.style_shifts} shifts"


# ---------------------------------------------------------------------------
# Two systems: Storyteller pools against one Fate roll
# ---------------------------------------------------------------------------
def _storyteller_bands(r) -> tuple[dict, dict]:
    """The metrics and the partition of a Storyteller pool on the common margin."""
    part = _outcomes(r)
    part["fail"] = part.pop(0, 0 * r.p_botch)  # net 0 without a botch: a failure
    bands = (r.p_fail + r.p_botch, r.p_botch, 0 * r.p_botch, r.p_success, r.p_ge_2, r.p_ge_3)
    return dict(zip(BAND_METRICS, bands, strict=True)), part


def _fate_bands(s) -> tuple[dict, dict]:
    """The metrics and the partition of a Fate roll's shifts on the common margin."""
    part = {k: p for k, p in s.items() if k > 0}
    part.update(fail=s.cdf(-1), tie=s.pmf(0))
    bands = (s.cdf(-1), s.pmf(0) * 0, s.pmf(0), s.p_ge(1), s.p_ge(2), s.p_ge(3))
    return dict(zip(BAND_METRICS, bands, strict=True)), {k: p for k, p in part.items() if p}


def compare_bands(
    dice,
    difficulty=6,
    rules=None,
    *,
    bonus: int = 0,
    fate_difficulty: int = 0,
    specialty: bool = False,
    fate_dice: int | None = None,
    fate_rules=None,
    exact: bool = False,
) -> Comparison:
    """Storyteller pools (every ``dice`` at every ``difficulty``) against one Fate roll.

    The Fate roll is ``fate_dice`` dF (default 4) + ``bonus`` against
    ``fate_difficulty``. Metrics (:data:`BAND_METRICS`): ``p_fail`` (a failure,
    a botch included; a Fate fail), ``p_botch`` (Storyteller only), ``p_tie``
    (Fate only), ``p_success_or_better`` (net >= 1; shifts >= 1), ``p_ge_2``,
    ``p_ge_3`` (net successes or shifts). ``versus_*`` columns are the Fate roll's.

    Examples
    --------
    >>> c = compare_bands(range(1, 11), 7, bonus=2, fate_difficulty=2)
    >>> c.largest["metric"], c.largest["dice"]
    ('p_ge_2', 10)
    >>> c = compare_bands(4, 7, bonus=2, fate_difficulty=2, exact=True)
    >>> c.rows[0]["p_success_or_better"], c.rows[0]["versus_p_success_or_better"]
    (Fraction(447, 625), Fraction(31, 81))
    """
    rules = REVISED if rules is None else check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    dice = check_table_pools(dice, rules, exact, specialty)
    diffs = [check_difficulty(d, rules) for d in _int_or_list("difficulty", difficulty)]
    frules = resolve(fate_rules)
    s = shifts(bonus, difficulty=fate_difficulty, dice=fate_dice, exact=exact, rules=frules)
    fvalues, fpart = _fate_bands(s)
    grid = pool_grid(dice, sorted({min(d, 10) for d in diffs}), rules, exact, specialty)
    pairs = []
    for n in dice:
        for d in diffs:
            values, part = _storyteller_bands(grid[(min(d, 10), n)])
            top = max((k for k in (*part, *fpart) if isinstance(k, int)), default=1)
            tv, gap, k = distances(part, fpart, range(1, top + 1))
            cell = {"dice": n, "difficulty": d, "bonus": bonus, "fate_difficulty": fate_difficulty}
            pairs.append((cell, values, fvalues, tv, gap, k))
    k = frules.dice if fate_dice is None else fate_dice
    return _assemble(
        "storyteller vs fate",
        rules.describe(specialty=specialty) + " (Storyteller; net successes read as shifts)",
        f"Fate: {k}dF {bonus:+d} against {ladder(fate_difficulty)}",
        ("dice", "difficulty", "bonus", "fate_difficulty"),
        BAND_METRICS,
        pairs,
        exact,
    )
