"""Two systems' outcome bands side by side: Storyteller pools against one Fate roll.

A Storyteller roll ends in a botch, a failure or some net successes; a Fate
roll in a fail, a tie or some shifts. :func:`compare_bands` lines them up on
one margin: **net successes are read as shifts** (one net success ≈ one
shift), and a Storyteller failure (net 0, botch or not) is a Fate *fail*, not
a tie. The bands that have no counterpart stay visible: the botch exists only
on the Storyteller side, the tie only on the Fate side (both are 0 on the
other). The result is a :class:`~dicestats.workbench.compare.Comparison`
(the first side Storyteller, the second Fate), so its distances read as
usual: the total variation over the bands {botch, fail, tie, 1, 2, ...} and
the largest gap in P(margin >= k), k >= 1.

Examples
--------
>>> c = compare_bands(range(4, 7), 7, bonus=2, fate_difficulty=2, exact=True)
>>> c.rows[0]["p_success_or_better"], c.rows[0]["versus_p_success_or_better"]
(Fraction(447, 625), Fraction(31, 81))
"""

from __future__ import annotations

from ..core.checks import check_bool, check_exact
from .compare import Comparison, _assemble, _int_or_list, _outcomes, distances

__all__ = ["BAND_METRICS", "compare_bands"]

#: The bands compared: failure (botch included), botch, tie, success or better, 2+, 3+.
BAND_METRICS = ("p_fail", "p_botch", "p_tie", "p_success_or_better", "p_ge_2", "p_ge_3")


def _storyteller_bands(r) -> tuple[dict, dict]:
    """The metrics and the partition of a Storyteller pool on the common margin."""
    part = _outcomes(r)
    part["fail"] = part.pop(0, 0 * r.p_botch)  # net 0 without a botch: a failure
    values = {
        "p_fail": r.p_fail + r.p_botch,
        "p_botch": r.p_botch,
        "p_tie": 0 * r.p_botch,
        "p_success_or_better": r.p_success,
        "p_ge_2": r.p_ge_2,
        "p_ge_3": r.p_ge_3,
    }
    return values, part


def _fate_bands(s) -> tuple[dict, dict]:
    """The metrics and the partition of a Fate roll's shifts on the common margin."""
    part = {k: p for k, p in s.items() if k > 0}
    zero = s.pmf(0) * 0
    part.update(fail=s.cdf(-1), tie=s.pmf(0))
    values = {
        "p_fail": s.cdf(-1),
        "p_botch": zero,
        "p_tie": s.pmf(0),
        "p_success_or_better": s.p_ge(1),
        "p_ge_2": s.p_ge(2),
        "p_ge_3": s.p_ge(3),
    }
    return values, {k: p for k, p in part.items() if p}


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
    """
    from ..fate.outcomes import shifts
    from ..fate.rules import resolve
    from ..storyteller.limits import check_pools, search_limit
    from ..storyteller.pools import pool_grid
    from ..storyteller.rules import REVISED, check_difficulty, check_rules

    rules = REVISED if rules is None else check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    dice = check_pools(dice, rules, exact=exact, specialty=specialty)
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None:
        limit.check(max(dice), name="dice")
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
        f"Fate: {k}dF {bonus:+d} against {fate_difficulty}",
        ("dice", "difficulty", "bonus", "fate_difficulty"),
        BAND_METRICS,
        pairs,
        exact,
    )
