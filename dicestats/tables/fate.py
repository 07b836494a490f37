"""Fate tables: tidy DataFrames of 4dF odds, contests and invoke policies (exact ones hold
Fractions)."""

from __future__ import annotations

from ..core.checks import check_int_list
from ._common import _frame, _num

__all__ = [
    "fate_distribution",
    "fate_outcomes",
    "fate_odds_by_margin",
    "fate_opposed",
    "fate_contest",
    "INVOKE_POLICIES",
    "fate_invokes",
    "fate_invoke_plan",
    "fate_challenge_plans",
]


def _ratings(name: str, values) -> list[int]:
    """``values`` as a list of ratings: integers on the ladder's range, never a string or a bool.

    ``int()`` once read ``2.5`` as 2, ``True`` as 1 and ``'33'`` as two rows of 3.
    """
    from ..fate import LIMITS

    lim = LIMITS["rating"]
    return check_int_list(name, values, lim.lo, lim.hi, max_len=LIMITS["values listed"].hi)


#: The outcome columns of every Fate outcome table, in order.
_OUTCOME_COLUMNS = ("p_fail", "p_tie", "p_success", "p_style")


def _outcome_cells(o, *, tie_first: bool = False) -> dict:
    """The outcome columns of one :class:`~dicestats.fate.OutcomeProbs`, plus the cumulative two."""
    cells = {k: _num(getattr(o, k)) for k in _OUTCOME_COLUMNS}
    cum = ("p_tie_or_better", "p_success_or_better")
    for k in cum if tie_first else cum[::-1]:
        cells[k] = _num(getattr(o, k))
    return cells


def fate_distribution(dice: int = 4, *, exact: bool = False):
    """The NdF total: ``total``, ``p`` (exactly), ``p_at_least`` (this or more).

    Examples
    --------
    >>> df = fate_distribution(exact=True)
    >>> df["p"].tolist()[4], df["p_at_least"].tolist()[0]
    (Fraction(19, 81), Fraction(1, 1))
    """
    from .. import fate

    d = fate.fate_dice(dice, exact=exact)
    lo, hi = d.support()
    cells = [(t, _num(d.pmf(t)), _num(d.p_ge(t))) for t in range(lo, hi + 1)]
    return _frame(cells, ["total", "p", "p_at_least"])


def fate_outcomes(
    rating: int = 2,
    difficulties=range(-2, 7),
    *,
    helpers: int = 0,
    dice: int = 4,
    exact: bool = False,
):
    """Outcome odds of one rating against each difficulty (for :func:`plots.fate_outcomes`).

    Columns: ``difficulty``, ``difficulty_name``, ``p_fail``, ``p_tie``,
    ``p_success``, ``p_style``, ``p_success_or_better``, ``p_tie_or_better``,
    ``mean_shifts`` (the rows of :func:`dicestats.fate.outcome_table`).

    Examples
    --------
    >>> df = fate_outcomes(2, [2], exact=True)
    >>> df.loc[0, "p_tie"], df.loc[0, "p_success_or_better"]
    (Fraction(19, 81), Fraction(31, 81))
    """
    from .. import fate

    rows = fate.outcome_table([rating], difficulties, dice=dice, helpers=helpers, exact=exact)
    records = []
    for r in rows:
        rec = {k: v for k, v in r.as_dict().items() if k not in ("bonus", "exact")}
        records.append({k: _num(v) if k.startswith(("p_", "mean_")) else v for k, v in rec.items()})
    return _frame(records)


def fate_odds_by_margin(margins=range(-4, 5), *, dice: int = 4, exact: bool = False):
    """Outcome odds by margin = your rating + bonuses − difficulty.

    The odds depend on the margin only, so this one table answers every
    rating/difficulty pair. Columns: ``margin``, ``p_fail``, ``p_tie``,
    ``p_success``, ``p_style``, ``p_tie_or_better``, ``p_success_or_better``.

    Examples
    --------
    >>> df = fate_odds_by_margin([0], exact=True)
    >>> df.loc[0, "p_tie_or_better"]  # 4dF >= 0: (19 + 16 + 10 + 4 + 1) / 81
    Fraction(50, 81)
    """
    from .. import fate

    rows = []
    for m in _ratings("margins", margins):
        o = fate.outcome_probs(m, difficulty=0, dice=dice, exact=exact)
        rows.append({"margin": m, **_outcome_cells(o, tie_first=True)})
    return _frame(rows)


def fate_opposed(ratings=range(0, 5), versus=range(0, 5), *, dice: int = 4, exact: bool = False):
    """Opposed rolls (both sides roll): outcome odds per (rating, the other side's rating).

    Columns: ``rating``, ``versus``, ``p_fail``, ``p_tie``, ``p_success``,
    ``p_style``, ``p_success_or_better``, ``p_tie_or_better``.

    Examples
    --------
    >>> df = fate_opposed([0], [0], exact=True)
    >>> df.loc[0, "p_tie"]  # 8dF shows 0: 1107/6561
    Fraction(41, 243)
    """
    from .. import fate

    rows = []
    ratings, versus = _ratings("ratings", ratings), _ratings("versus", versus)
    fate.LIMITS["table rows"].check(len(ratings) * len(versus), name="ratings × versus")
    for r in ratings:
        for v in versus:
            o = fate.outcome_probs(r, versus=v, dice=dice, exact=exact)
            rows.append({"rating": r, "versus": v, **_outcome_cells(o)})
    return _frame(rows)


def fate_contest(gaps=range(-3, 4), *, victories: int = 3, dice: int = 4, exact: bool = False):
    """Two-sided contests by rating gap: ``gap``, ``p_win``, ``mean_exchanges``.

    ``gap`` is your rating minus the opponent's; ``p_win`` is P(you reach
    ``victories`` victories first) from :func:`dicestats.fate.contest`.

    Examples
    --------
    >>> df = fate_contest([0], exact=True)
    >>> df.loc[0, "p_win"]
    Fraction(1, 2)
    """
    from .. import fate

    rows = []
    for g in _ratings("gaps", gaps):
        c = fate.contest(g, 0, victories=victories, dice=dice, exact=exact)
        rows.append({"gap": g, "p_win": _num(c.p_win[0]), "mean_exchanges": _num(c.mean_exchanges)})
    return _frame(rows)


#: Invoke policies as shown in charts, with the :class:`~dicestats.fate.InvokePolicy` field.
INVOKE_POLICIES = {
    "optimal (+2 or reroll)": "p_optimal",
    "always +2": "p_always_plus2",
    "rerolls only": "p_reroll_only",
    "never invoke": "p_never",
}


def fate_invokes(
    rating: int = 2,
    difficulties=range(0, 7),
    *,
    invokes: int = 1,
    objective: str = "success",
    dice: int = 4,
    exact: bool = False,
):
    """The chance of reaching the objective with each invoke policy, per difficulty (long format).

    Columns: ``difficulty``, ``policy`` (see :data:`INVOKE_POLICIES`),
    ``p_reach`` — from :func:`dicestats.fate.invoke_policy`.

    Examples
    --------
    >>> df = fate_invokes(0, [2], exact=True)
    >>> dict(zip(df["policy"], df["p_reach"]))["never invoke"]
    Fraction(5, 81)
    """
    from .. import fate

    rows = []
    asked = dict(invokes=invokes, objective=objective, dice=dice, exact=exact)
    for d in _ratings("difficulties", difficulties):
        pol = fate.invoke_policy(rating, d, **asked)
        for label, attr in INVOKE_POLICIES.items():
            rows.append({"difficulty": d, "policy": label, "p_reach": getattr(pol, attr)})
    return _frame(rows)


def fate_invoke_plan(
    rating: int = 2,
    difficulty: int = 3,
    *,
    invokes: int = 2,
    objective: str = "success",
    dice: int = 4,
):
    """The optimal invoke plan: one row per dice total shown, one column per invokes left.

    Cells are the plan after seeing that dice total ("keep", "+2", "+2 +2",
    "reroll", ...), from :meth:`dicestats.fate.InvokePolicy.plan`.

    Examples
    --------
    >>> fate_invoke_plan(0, 2, invokes=1).set_index("dice total").loc["-1", "1 invoke"]
    'reroll'
    """
    from .. import fate

    pol = fate.invoke_policy(rating, difficulty, invokes=invokes, objective=objective, dice=dice)
    invokes, dice = pol.invokes, pol.dice  # as the policy read them (checked there)
    cols = {k: f"{k} invoke{'s' if k > 1 else ''}" for k in range(1, invokes + 1)}
    rows = [
        {
            "dice total": f"{s:+d}" if s > 0 else str(s),
            **{c: pol.plan(s, k) for k, c in cols.items()},
        }
        for s in range(dice, -dice - 1, -1)
    ]
    return _frame(rows)


def fate_challenge_plans(
    difficulties,
    bonuses=0,
    *,
    advantages: int = 1,
    need: int | None = None,
    count: str | None = None,
    advantage_bonus: int | None = None,
    advantage_difficulty: int | None = None,
    dice: int = 4,
    exact: bool = False,
):
    """Every plan of a challenge with up to ``advantages`` create-advantage steps, best first.

    Columns: ``plan`` (``"OAO"``: each ``A`` prepares the next overcome roll),
    ``advantages`` (its ``A`` steps), ``p_challenge`` (P(at least ``need``
    overcome rolls count)), ``gain`` (over the plan without advantages) — from
    :func:`dicestats.fate.challenge` searching its plan (``advantages``).

    Examples
    --------
    >>> df = fate_challenge_plans([1, 3], 2, advantages=1, exact=True)
    >>> df["plan"].tolist(), df.loc[0, "p_challenge"] > df.loc[2, "p_challenge"]
    (['OAO', 'AOO', 'OO'], True)
    """
    from .. import fate

    # the plans are those of a search (None: no search, no plans)
    fate.LIMITS["challenge advantages"].check(advantages, name="advantages")
    steps = dict(advantage_bonuses=advantage_bonus, advantage_difficulties=advantage_difficulty)
    asked = dict(advantages=advantages, need=need, count=count, dice=dice, exact=exact)
    best = fate.challenge(difficulties, bonuses, **steps, **asked)
    unaided = best.p_challenge_unaided
    return _frame(
        [
            {"plan": plan, "advantages": plan.count("A"), "p_challenge": _num(p)}
            | {"gain": _num(p - unaided)}
            for plan, p in best.p_challenge_by_plan.items()
        ]
    )
