"""Tidy DataFrames behind every chart, and formatting for people.

This module is where results of the system modules (:mod:`dicestats.fate`,
:mod:`dicestats.storyteller`, :mod:`dicestats.initiative`) are gathered into
tidy :class:`pandas.DataFrame` objects, one per chart of :mod:`dicestats.plots`
and per table of the PDF booklet. It computes no probability itself: every
number comes from a system module. The system modules are imported lazily,
inside each builder, so importing this module is cheap.

Formatting helpers turn probabilities into text for people:

* :func:`fmt_percent`: a percentage with sensible rounding (``'43.2%'``,
  ``'0.37%'``, ``'99.63%'``), never ``'100%'`` for something that can fail;
* :func:`fmt_one_in`: ``'1 in 37'`` for rare events;
* :func:`fmt_prob`: a percentage, plus ``'(1 in N)'`` when the event is rare;
* :func:`format_frame`, :func:`to_text`, :func:`to_csv`, :func:`to_markdown`.

Examples
--------
>>> from dicestats.tables import fmt_percent, fmt_one_in
>>> fmt_percent(0.4321), fmt_percent(0.0037), fmt_one_in(1 / 37)
('43.2%', '0.37%', '1 in 37')
"""

from __future__ import annotations

import math
from fractions import Fraction

from .core.checks import check_int, check_real

__all__ = [
    "fmt_percent",
    "fmt_percent_short",
    "fmt_one_in",
    "fmt_prob",
    "format_frame",
    "to_text",
    "to_csv",
    "to_markdown",
]


# --------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------
def _as_probability(name: str, p) -> float:
    if isinstance(p, Fraction):
        p = float(p)
    try:
        x = float(p)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a probability in 0..1, got {p!r}") from None
    if math.isnan(x) or x < -1e-12 or x > 1 + 1e-12:
        raise ValueError(f"{name} must be a probability in 0..1, got {p!r}")
    return min(max(x, 0.0), 1.0)


def fmt_percent(p, digits: int = 1) -> str:
    """A probability as a percentage with sensible rounding.

    Between 1% and 99% the value is shown with ``digits`` decimals. Below 1%
    it keeps two significant figures (``0.37%``, ``0.0012%``), so a rare
    event never reads as ``0%``; above 99% the complement keeps two
    significant figures (``99.63%``), so an event that can fail never reads
    as ``100%``. Only exactly 0 and exactly 1 print as ``0%`` and ``100%``.

    Parameters
    ----------
    p : float or Fraction
        A probability in 0..1.
    digits : int, default 1
        Decimals between 1% and 99%, 0..6.

    Returns
    -------
    str

    Examples
    --------
    >>> [fmt_percent(x) for x in (0, 0.5, 0.4321, 0.0037, 0.000012, 0.99637, 1)]
    ['0%', '50.0%', '43.2%', '0.37%', '0.0012%', '99.64%', '100%']
    >>> fmt_percent(0.4321, digits=0)
    '43%'
    >>> fmt_percent(1.5)
    Traceback (most recent call last):
    ...
    ValueError: p must be a probability in 0..1, got 1.5
    """
    x = _as_probability("p", p)
    digits = check_int("digits", digits, 0, 6)
    if x == 0.0:
        return "0%"
    if x == 1.0:
        return "100%"
    pct = 100.0 * x
    if pct < 1.0:  # two significant figures
        if pct < 1e-6:
            return "<0.000001%"
        decimals = max(digits, 1 - math.floor(math.log10(pct)))
        return f"{pct:.{decimals}f}%"
    if pct > 99.0:  # two significant figures of the complement
        comp = 100.0 - pct
        if comp < 1e-6:
            return ">99.999999%"
        decimals = max(digits, 1 - math.floor(math.log10(comp)))
        text = f"{pct:.{decimals}f}"
        if float(text) >= 100.0:  # rounding must never reach 100%
            text = f"{100.0 - 10.0 ** (-decimals):.{decimals}f}"
        return f"{text}%"
    return f"{pct:.{digits}f}%"


def fmt_percent_short(p) -> str:
    """A probability as a whole percentage for crowded chart cells.

    ``'43'`` for 43.2%, ``'<1'`` for a non-zero value below 1%, ``'>99'``
    for a value above 99% that is not 1; exactly 0 and 1 give ``'0'`` and
    ``'100'``. So a cell never shows ``0`` or ``100`` for something that can
    happen or fail.

    Examples
    --------
    >>> [fmt_percent_short(x) for x in (0, 0.004, 0.4321, 0.996, 1)]
    ['0', '<1', '43', '>99', '100']
    """
    x = _as_probability("p", p)
    if x == 0.0:
        return "0"
    if x == 1.0:
        return "100"
    pct = 100.0 * x
    if pct < 1.0:
        return "<1"
    if pct > 99.0:
        return ">99"
    return f"{pct:.0f}"


def fmt_one_in(p) -> str:
    """A probability as ``'1 in N'``, the way people read rare events.

    ``N = 1/p`` is shown with one decimal below 10 and rounded to two
    significant figures from 100 on (``'1 in 1,200'``).

    Examples
    --------
    >>> [fmt_one_in(x) for x in (1 / 37, 0.25, 1 / 1234, 0, 1)]
    ['1 in 37', '1 in 4.0', '1 in 1,200', 'never', 'always']
    """
    x = _as_probability("p", p)
    if x == 0.0:
        return "never"
    if x == 1.0:
        return "always"
    n = 1.0 / x
    if n < 10:
        return f"1 in {n:.1f}"
    if n < 100:
        return f"1 in {n:.0f}"
    mag = 10 ** (math.floor(math.log10(n)) - 1)
    return f"1 in {round(n / mag) * mag:,.0f}"


def fmt_prob(p, rare: float = 0.05, digits: int = 1) -> str:
    """A percentage, followed by ``(1 in N)`` when ``0 < p < rare``.

    Examples
    --------
    >>> fmt_prob(0.4321), fmt_prob(0.0123)
    ('43.2%', '1.2% (1 in 81)')
    """
    x = _as_probability("p", p)
    rare = check_real("rare", rare, 0, 1)
    text = fmt_percent(x, digits)
    if 0 < x < rare:
        text += f" ({fmt_one_in(x)})"
    return text


def format_frame(df, percent=(), one_in=(), prob=(), digits: int = 1):
    """A copy of ``df`` with probability columns turned into text.

    Parameters
    ----------
    df : pandas.DataFrame
    percent, one_in, prob : iterable of str
        Columns to format with :func:`fmt_percent`, :func:`fmt_one_in` and
        :func:`fmt_prob`. Other columns are kept as they are.
    digits : int, default 1
        Decimals of the percentages.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 2], "botch": [0.1, 0.01]})
    >>> format_frame(df, percent=["botch"])["botch"].tolist()
    ['10.0%', '1.0%']
    """
    out = df.copy()
    for cols, fn in ((percent, fmt_percent), (one_in, fmt_one_in), (prob, fmt_prob)):
        for c in cols:
            if c not in out.columns:
                raise ValueError(f"format_frame: no column {c!r}; columns: {list(out.columns)}")
            if fn is fmt_one_in:
                out[c] = [fn(v) for v in out[c]]
            else:
                out[c] = [fn(v, digits=digits) for v in out[c]]
    return out


def to_text(df, title: str | None = None) -> str:
    """An aligned plain-text table (first column left, the others right).

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_text(pd.DataFrame({"dice": [1, 10], "p": ["5.0%", "43.2%"]})))
    dice      p
    ----  -----
    1      5.0%
    10    43.2%
    """
    header = [str(c) for c in df.columns]
    rows = [[_cell(v) for v in r] for r in df.itertuples(index=False)]
    widths = [max(len(x) for x in col) for col in zip(header, *rows, strict=True)]

    def line(cells):
        parts = [
            f"{c:<{widths[i]}}" if i == 0 else f"{c:>{widths[i]}}" for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    lines = ([title] if title else []) + [line(header), "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in rows]
    return "\n".join(lines)


def to_csv(df, path=None) -> str | None:
    """CSV without the index; written to ``path`` if given, else returned.

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_csv(pd.DataFrame({"dice": [1], "botch": [0.1]})), end="")
    dice,botch
    1,0.1
    """
    return df.to_csv(path, index=False, lineterminator="\n")


def to_markdown(df) -> str:
    """A GitHub-flavoured Markdown table (numbers right-aligned).

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_markdown(pd.DataFrame({"dice": [1, 2], "odds": ["5%", "9%"]})))
    | dice | odds |
    |---:|---|
    | 1 | 5% |
    | 2 | 9% |
    """
    import pandas as pd

    header = [str(c).replace("|", "\\|") for c in df.columns]
    align = ["---:" if pd.api.types.is_numeric_dtype(df[c]) else "---" for c in df.columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    for r in df.itertuples(index=False):
        lines.append("| " + " | ".join(_cell(v).replace("|", "\\|") for v in r) + " |")
    return "\n".join(lines)


def _cell(v) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return ""
        return f"{v:.6g}"
    if isinstance(v, Fraction):
        return f"{v.numerator}/{v.denominator}"
    return str(v)


# --------------------------------------------------------------------------
# Fate
# --------------------------------------------------------------------------
def _num(x):
    """Exact Fractions stay Fractions; everything else becomes a float."""
    return x if isinstance(x, Fraction) else float(x)


def fate_distribution(dice: int = 4, *, exact: bool = False):
    """The NdF total: ``total``, ``p`` (exactly), ``p_at_least`` (this or more).

    Examples
    --------
    >>> df = fate_distribution(exact=True)
    >>> df["p"].tolist()[4], df["p_at_least"].tolist()[0]
    (Fraction(19, 81), Fraction(1, 1))
    """
    import pandas as pd

    from . import fate

    d = fate.fate_dice(dice, exact=exact)
    lo, hi = d.support()
    totals = list(range(lo, hi + 1))
    return pd.DataFrame(
        {
            "total": totals,
            "p": [_num(d.pmf(t)) for t in totals],
            "p_at_least": [_num(d.p_ge(t)) for t in totals],
        }
    )


def fate_outcomes(
    rating: int = 2,
    difficulties=range(-2, 7),
    *,
    helpers: int = 0,
    dice: int = 4,
    exact: bool = False,
):
    """Outcome odds of one rating against each difficulty (for :func:`plots.fate_outcomes`).

    Columns: ``difficulty``, ``difficulty_name``, ``fail``, ``tie``,
    ``success``, ``style``, ``p_success_or_better``, ``p_tie_or_better``,
    ``mean_shifts`` (from :func:`dicestats.fate.outcome_table`).

    Examples
    --------
    >>> df = fate_outcomes(2, [2], exact=True)
    >>> df.loc[0, "tie"], df.loc[0, "p_success_or_better"]
    (Fraction(19, 81), Fraction(31, 81))
    """
    from . import fate

    df = fate.outcome_table(
        [rating], difficulties, dice=dice, helpers=helpers, exact=exact, as_frame=True
    )
    return df.drop(columns=["bonus"]).reset_index(drop=True)


def fate_odds_by_margin(margins=range(-4, 5), *, dice: int = 4, exact: bool = False):
    """Outcome odds by margin = your rating + bonuses − difficulty.

    The odds depend on the margin only, so this one table answers every
    rating/difficulty pair. Columns: ``margin``, ``fail``, ``tie``,
    ``success``, ``style``, ``p_tie_or_better``, ``p_success_or_better``.

    Examples
    --------
    >>> df = fate_odds_by_margin([0], exact=True)
    >>> df.loc[0, "p_tie_or_better"]  # 4dF >= 0: (19 + 16 + 10 + 4 + 1) / 81
    Fraction(50, 81)
    """
    import pandas as pd

    from . import fate

    rows = []
    for m in margins:
        o = fate.outcome_probs(int(m), difficulty=0, dice=dice, exact=exact)
        rows.append(
            {
                "margin": int(m),
                **o.as_dict(),
                "p_tie_or_better": o.p_tie_or_better,
                "p_success_or_better": o.p_success_or_better,
            }
        )
    return pd.DataFrame.from_records(rows)


def fate_opposed(
    ratings=range(0, 5), oppositions=range(0, 5), *, dice: int = 4, exact: bool = False
):
    """Opposed rolls (both sides roll): outcome odds per (rating, opposition).

    Columns: ``rating``, ``opposition``, ``fail``, ``tie``, ``success``,
    ``style``, ``win`` (success or better), ``tie_or_better``.

    Examples
    --------
    >>> df = fate_opposed([0], [0], exact=True)
    >>> df.loc[0, "tie"]  # 8dF shows 0: 1107/6561
    Fraction(41, 243)
    """
    import pandas as pd

    from . import fate

    rows = []
    for r in ratings:
        for o in oppositions:
            out = fate.outcome_probs(int(r), opposed=int(o), dice=dice, exact=exact)
            rows.append(
                {
                    "rating": int(r),
                    "opposition": int(o),
                    **out.as_dict(),
                    "win": out.p_success_or_better,
                    "tie_or_better": out.p_tie_or_better,
                }
            )
    return pd.DataFrame.from_records(rows)


def fate_contest(gaps=range(-3, 4), *, victories: int = 3, dice: int = 4, exact: bool = False):
    """Two-sided contests by rating gap: ``gap``, ``win``, ``expected_exchanges``.

    ``gap`` is your rating minus the opponent's; ``win`` is P(you reach
    ``victories`` victories first) from :func:`dicestats.fate.contest`.

    Examples
    --------
    >>> df = fate_contest([0], exact=True)
    >>> df.loc[0, "win"]
    Fraction(1, 2)
    """
    import pandas as pd

    from . import fate

    rows = []
    for g in gaps:
        c = fate.contest([int(g), 0], victories=victories, dice=dice, exact=exact)
        rows.append(
            {"gap": int(g), "win": c.p_win[0], "expected_exchanges": _num(c.expected_exchanges)}
        )
    return pd.DataFrame.from_records(rows)


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
    """Success chance of each invoke policy per difficulty (long format).

    Columns: ``difficulty``, ``policy`` (see :data:`INVOKE_POLICIES`),
    ``success`` — from :func:`dicestats.fate.invoke_policy`.

    Examples
    --------
    >>> df = fate_invokes(0, [2], exact=True)
    >>> dict(zip(df["policy"], df["success"]))["never invoke"]
    Fraction(5, 81)
    """
    import pandas as pd

    from . import fate

    rows = []
    for d in difficulties:
        pol = fate.invoke_policy(
            rating, int(d), invokes=invokes, objective=objective, dice=dice, exact=exact
        )
        for label, attr in INVOKE_POLICIES.items():
            rows.append({"difficulty": int(d), "policy": label, "success": getattr(pol, attr)})
    return pd.DataFrame.from_records(rows)


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
    import pandas as pd

    from . import fate

    pol = fate.invoke_policy(rating, difficulty, invokes=invokes, objective=objective, dice=dice)
    cols = {k: f"{k} invoke{'s' if k > 1 else ''}" for k in range(1, invokes + 1)}
    rows = []
    for s in range(dice, -dice - 1, -1):
        row = {"dice total": f"{s:+d}" if s > 0 else str(s)}
        for k, name in cols.items():
            row[name] = pol.plan(s, k)
        rows.append(row)
    return pd.DataFrame.from_records(rows)


# --------------------------------------------------------------------------
# Storyteller
# --------------------------------------------------------------------------
def _rules(rules):
    from . import storyteller

    if rules is None:
        return storyteller.Rules()
    if isinstance(rules, str):
        return storyteller.Rules.preset(rules)
    return rules


def storyteller_odds(
    dice=range(1, 11), difficulties=range(2, 11), rules=None, *, exact: bool = False
):
    """Pool odds over dice × difficulties (tidy; for the heatmaps).

    A thin wrapper of :func:`dicestats.storyteller.odds_table` that also
    accepts a preset name for ``rules`` (``"revised"``, ``"first"``, ...).
    Columns: ``dice``, ``difficulty``, ``success``, ``failure``, ``botch``,
    ``mean_net``, the degrees ``marginal`` … ``phenomenal`` and
    ``p_ge_1`` … ``p_ge_5``.

    Examples
    --------
    >>> df = storyteller_odds([1], [6], exact=True)
    >>> df.loc[0, "success"], df.loc[0, "botch"]
    (Fraction(1, 2), Fraction(1, 10))
    """
    from . import storyteller

    return storyteller.odds_table(dice, difficulties, _rules(rules), exact=exact)


def storyteller_grid(df, value: str = "success", fmt=None):
    """A dice × difficulty grid of one column of :func:`storyteller_odds`.

    With ``fmt`` (e.g. :func:`fmt_percent`) the cells are text, the index
    becomes a ``dice`` column and the columns are named ``"diff 6"`` etc., so
    the grid prints as a table.

    Examples
    --------
    >>> g = storyteller_grid(storyteller_odds([1, 2], [6, 10]), "botch", fmt=fmt_percent)
    >>> g.columns.tolist(), g.iloc[0].astype(str).tolist()
    (['dice', 'diff 6', 'diff 10'], ['1', '10.0%', '10.0%'])
    """
    grid = df.pivot(index="dice", columns="difficulty", values=value).sort_index()
    grid = grid.sort_index(axis=1)
    if fmt is None:
        return grid
    out = grid.map(fmt)
    out.columns = [f"diff {c}" for c in grid.columns]
    return out.reset_index()


def storyteller_anomalies(
    rules=None, dice=range(1, 16), difficulties=range(2, 11), *, metrics=None, exact: bool = True
):
    """Every non-monotone cell as a DataFrame (see :func:`dicestats.storyteller.anomalies`).

    Columns: ``metric``, ``difficulty``, ``dice`` (the larger pool),
    ``before`` (value with ``dice - 1``), ``after`` (value with ``dice``),
    ``change`` (``after - before``). ``metrics`` keeps only those metrics.

    Examples
    --------
    >>> df = storyteller_anomalies(dice=range(1, 8), difficulties=[10], metrics=["botch"])
    >>> df["dice"].tolist()
    [2, 3, 4, 5, 6]
    """
    import pandas as pd

    from . import storyteller

    recs = storyteller.anomalies(_rules(rules), dice, difficulties, exact=exact)
    df = pd.DataFrame.from_records(
        recs, columns=["metric", "difficulty", "dice", "before", "after"]
    )
    if metrics is not None:
        df = df[df["metric"].isin(list(metrics))].reset_index(drop=True)
    df["change"] = [a - b for a, b in zip(df["after"], df["before"], strict=True)]
    return df


#: The degrees columns, worst to best, as :func:`plots.storyteller_degrees` wants them.
DEGREE_COLUMNS = (
    "botch",
    "failure",
    "marginal",
    "moderate",
    "complete",
    "exceptional",
    "phenomenal",
)


def storyteller_degrees(difficulty: int = 6, dice=range(1, 11), rules=None, *, exact: bool = False):
    """Outcome shares per pool size: botch, failure and the five degrees.

    Examples
    --------
    >>> df = storyteller_degrees(6, [1], exact=True)
    >>> df.iloc[0].tolist()[1:4]
    [Fraction(1, 10), Fraction(2, 5), Fraction(1, 2)]
    """
    df = storyteller_odds(dice, [difficulty], rules, exact=exact)
    return df[["dice", *DEGREE_COLUMNS]].reset_index(drop=True)


def ten_again_variants():
    """The rule sets compared by :func:`storyteller_ten_again`, by label.

    Examples
    --------
    >>> list(ten_again_variants())
    ['plain 10s', 'ten-again', 'ten-again, no chain', '10 counts double (V20)']
    """
    from . import storyteller

    R = storyteller.Rules
    return {
        "plain 10s": R(),
        "ten-again": R(ten_again=True),
        "ten-again, no chain": R(ten_again=True, chain=False),
        "10 counts double (V20)": R(specialty="double"),
    }


def storyteller_ten_again(
    dice=range(1, 11), difficulty: int = 6, variants=None, *, exact: bool = False
):
    """Pool odds under several 10s rules (long format, ``rules`` = label).

    Columns: ``rules``, ``dice``, ``difficulty``, ``success``, ``botch``,
    ``mean_net``, ``p_ge_3`` (a complete success or better) and
    ``p_ge_5``.

    Examples
    --------
    >>> df = storyteller_ten_again([1], 6, exact=True)
    >>> dict(zip(df["rules"], df["mean_net"]))["plain 10s"]  # 6..10 on one die; net >= 0
    Fraction(1, 2)
    """
    import pandas as pd

    variants = ten_again_variants() if variants is None else dict(variants)
    parts = []
    for label, rules in variants.items():
        t = storyteller_odds(dice, [difficulty], rules, exact=exact)
        t.insert(0, "rules", label)
        parts.append(
            t[["rules", "dice", "difficulty", "success", "botch", "mean_net", "p_ge_3", "p_ge_5"]]
        )
    return pd.concat(parts, ignore_index=True)


def storyteller_editions(
    dice=range(1, 11),
    difficulty: int = 6,
    presets=("revised", "first", "v20"),
    *,
    exact: bool = False,
):
    """Success and botch chances of the edition presets side by side (long format).

    Examples
    --------
    >>> df = storyteller_editions([1], 6, exact=True)
    >>> dict(zip(df["rules"], df["botch"]))["first"]  # a 1 and no success: 1/10
    Fraction(1, 10)
    """
    import pandas as pd

    parts = []
    for name in presets:
        t = storyteller_odds(dice, [difficulty], name, exact=exact)
        t.insert(0, "rules", name)
        parts.append(t[["rules", "dice", "difficulty", "success", "botch", "mean_net"]])
    return pd.concat(parts, ignore_index=True)


# --------------------------------------------------------------------------
# Initiative (Monte Carlo, seeded)
# --------------------------------------------------------------------------
#: Matchups shown by default: (label, your side's swiftness, theirs, your pips).
INITIATIVE_MATCHUPS = (
    ("1 vs 1", [1], [1], 0),
    ("2 vs 1", [2], [1], 0),
    ("3 vs 1", [3], [1], 0),
    ("3 vs 2", [3], [2], 0),
    ("3 vs 3", [3], [3], 0),
    ("3 vs 2 + 2", [3], [2, 2], 0),
    ("3 + 3 vs 3", [3, 3], [3], 0),
    ("3 (+2 pips) vs 3", [3], [3], 2),
    ("1 (+2 pips) vs 3", [1], [3], 2),
)


def _side(sw) -> str:
    return " + ".join(str(int(s)) for s in sw)


def _matchups(matchups):
    out = []
    for m in matchups:
        if len(m) == 4:
            label, a, b, pips = m
        elif len(m) == 3:
            a, b, pips = m
            label = None
        else:
            a, b = m
            label, pips = None, 0
        a, b = list(a), list(b)
        if label is None:
            label = f"{_side(a)}{f' (+{pips} pips)' if pips else ''} vs {_side(b)}"
        out.append((str(label), a, b, pips))
    if not out:
        raise ValueError("matchups must hold at least one (swiftness, versus[, pips]) entry")
    return out


class _Bar:
    """One ``tqdm.auto`` bar over the scenarios of a sweep (``disable=None``: silent
    without a terminal; ``TQDM_DISABLE=1`` or ``progress=False`` silence it)."""

    def __init__(self, total: int, progress, desc: str):
        import os

        self.bar = None
        off = os.environ.get("TQDM_DISABLE", "").strip().lower() in {"1", "true", "yes"}
        if progress is not False and not off:
            from tqdm.auto import tqdm

            self.bar = tqdm(
                total=total,
                desc=desc,
                unit="scenario",
                leave=False,
                disable=None if progress is None else False,
            )

    def update(self):
        if self.bar is not None:
            self.bar.update()

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _streams(rng, n):
    """One independent seed per scenario, derived from ``rng`` (SPEC 7)."""
    from .core.montecarlo import seed_sequence

    return seed_sequence(rng).spawn(n)


def initiative_first(
    matchups=INITIATIVE_MATCHUPS,
    trials: int = 100_000,
    rng=None,
    *,
    exact_limit: int = 5_000,
    progress: bool | None = None,
):
    """P(your side acts first) per matchup, with 95% Wilson intervals.

    Parameters
    ----------
    matchups : sequence
        Entries ``(label, swiftness, versus, pips)``, ``(swiftness, versus,
        pips)`` or ``(swiftness, versus)``; swiftness lists give one number
        of d6 per participant.
    trials : int
        Simulated rounds per matchup.
    rng : seed
        Every matchup gets its own child stream of ``SeedSequence(rng)``:
        the same seed gives the same frame.
    progress : bool, optional
        One progress bar over the matchups (``None``: only on a terminal).
    exact_limit : int
        Also report the exact value (``exact`` column, from
        :func:`dicestats.initiative.exact`) for setups with at most this
        many dice outcomes; ``0`` turns it off.

    Returns
    -------
    pandas.DataFrame
        ``matchup``, ``p``, ``lo``, ``hi``, ``stderr``, ``trials``, ``exact``
        (float or NaN), ``p_double`` (someone acts twice in a row).

    Examples
    --------
    >>> df = initiative_first([([1], [1])], trials=2_000, rng=1)
    >>> row = df.iloc[0]
    >>> row["matchup"], float(row["exact"]), bool(row["lo"] < 0.5 < row["hi"])
    ('1 vs 1', 0.5, True)
    """
    import pandas as pd

    from . import initiative

    ms = _matchups(matchups)
    seeds = _streams(rng, len(ms))
    rows = []
    bar = _Bar(len(ms), progress, "matchups")
    for (label, a, b, pips), seed in zip(ms, seeds, strict=True):
        r = initiative.simulate(a, b, trials, rng=seed, pips=pips, progress=False)
        bar.update()
        exact = float("nan")
        if exact_limit:
            try:
                exact = float(initiative.exact(a, b, pips, limit=exact_limit).p_first)
            except ValueError:
                pass
        rows.append(
            {
                "matchup": label,
                "p": r.p_first.value,
                "lo": r.p_first.ci_low,
                "hi": r.p_first.ci_high,
                "stderr": r.p_first.stderr,
                "trials": r.trials,
                "exact": exact,
                "p_double": r.p_double.value,
            }
        )
    bar.close()
    return pd.DataFrame.from_records(rows)


def initiative_actions_before(
    matchups=INITIATIVE_MATCHUPS[2:5],
    trials: int = 100_000,
    rng=None,
    *,
    progress: bool | None = None,
):
    """Distribution of your side's actions before the other side's first action.

    Long format: ``label`` (the matchup), ``actions`` (0 .. your dice),
    ``p``, ``lo``, ``hi`` (95% Wilson), ``trials``. Seeds as in
    :func:`initiative_first`.

    Examples
    --------
    >>> df = initiative_actions_before([([2], [1])], trials=2_000, rng=1)
    >>> df["actions"].tolist(), round(float(df["p"].sum()), 12)
    ([0, 1, 2], 1.0)
    """
    import pandas as pd

    from . import initiative

    ms = _matchups(matchups)
    seeds = _streams(rng, len(ms))
    rows = []
    bar = _Bar(len(ms), progress, "matchups")
    for (label, a, b, pips), seed in zip(ms, seeds, strict=True):
        r = initiative.simulate(a, b, trials, rng=seed, pips=pips, progress=False)
        bar.update()
        for k, e in enumerate(r.actions_before):
            rows.append(
                {
                    "label": label,
                    "actions": k,
                    "p": e.value,
                    "lo": e.ci_low,
                    "hi": e.ci_high,
                    "trials": r.trials,
                }
            )
    bar.close()
    return pd.DataFrame.from_records(rows)


def storyteller_multiple_actions(
    pools=(7, 6, 6), difficulty=6, rules=None, *, names=None, exact: bool = False
):
    """Multiple actions: declaring the first ``k`` actions of ``pools``, for every ``k``.

    One row per (``actions`` declared, ``action`` index): ``name``, ``base``
    (the pool before the penalty), ``dice`` (after it), ``attempted``,
    ``success``, ``botch``, ``all`` (P(every declared action succeeds)) and
    ``expected`` (expected successful actions), from
    :func:`dicestats.storyteller.multiple_actions`.

    Examples
    --------
    Hall (seed 004) punches (7 dice) and dodges twice (6 dice each):

    >>> df = storyteller_multiple_actions([7, 6, 6], names=["punch", "dodge", "dodge"])
    >>> df[df.actions == 3]["dice"].tolist()
    [4, 2, 1]
    """
    import pandas as pd

    from . import storyteller

    pools = list(pools)
    if names is None:
        names = [f"action {i}" for i in range(1, len(pools) + 1)]
    names = [str(n) for n in names]
    if len(names) != len(pools):
        raise ValueError(f"names must give one name per pool ({len(pools)}), got {len(names)}")
    rows = []
    for k in range(1, len(pools) + 1):
        diff = difficulty[:k] if isinstance(difficulty, (list, tuple)) else difficulty
        r = storyteller.multiple_actions(pools[:k], diff, _rules(rules), exact=exact)
        for a in r["actions"]:
            rows.append(
                {
                    "actions": k,
                    "action": a["action"],
                    "name": names[a["action"] - 1],
                    "base": a["base"],
                    "dice": a["pool"],
                    "attempted": a["attempted"],
                    "success": a["success"],
                    "botch": a["botch"],
                    "all": r["p_all"],
                    "expected": r["expected_successes"],
                }
            )
    return pd.DataFrame.from_records(rows)


def storyteller_extended(
    dice=(4, 6, 8),
    difficulty: int = 6,
    target: int = 10,
    rules=None,
    *,
    botch="resets",
    rounds: int | None = None,
    max_round: int = 15,
    exact: bool = False,
):
    """Extended actions: P(done within r rolls) per pool (and per botch ruling).

    ``dice`` and ``botch`` may each be one value or a list; every
    combination is one ``label`` ("6 dice" or "6 dice, botch ends").
    Long format: ``label``, ``dice``, ``botch``, ``round`` (1..max_round),
    ``done`` (P(target reached within that many rolls)), from
    :func:`dicestats.storyteller.extended`. See
    :func:`storyteller_extended_summary` for the totals.

    Examples
    --------
    >>> df = storyteller_extended([1], 6, 1, botch="zero", max_round=3, exact=True)
    >>> df["done"].tolist()  # a single die, difficulty 6: 1 - (1/2)^r
    [Fraction(1, 2), Fraction(3, 4), Fraction(7, 8)]
    """
    import pandas as pd

    rows = []
    for r in _extended_runs(dice, difficulty, target, rules, botch, rounds, exact):
        within = list(r["res"]["p_done_within"])
        for k in range(1, min(max_round, len(within)) + 1):
            rows.append(
                {
                    "label": r["label"],
                    "dice": r["dice"],
                    "botch": r["botch"],
                    "round": k,
                    "done": within[k - 1],
                }
            )
    return pd.DataFrame.from_records(rows)


def storyteller_extended_summary(
    dice=(4, 6, 8),
    difficulty: int = 6,
    target: int = 10,
    rules=None,
    *,
    botch="resets",
    rounds: int | None = None,
    exact: bool = False,
):
    """Extended actions, one row per pool/botch ruling.

    Columns: ``label``, ``dice``, ``botch``, ``p_success``, ``p_failed``
    (a botch ended the task), ``p_timeout`` (round limit reached),
    ``mean_rolls``.

    Examples
    --------
    >>> df = storyteller_extended_summary([1], 6, 1, botch="zero", exact=True)
    >>> df.loc[0, "p_success"], df.loc[0, "mean_rolls"]
    (Fraction(1, 1), Fraction(2, 1))
    """
    import pandas as pd

    rows = []
    for r in _extended_runs(dice, difficulty, target, rules, botch, rounds, exact):
        res = r["res"]
        rows.append(
            {
                "label": r["label"],
                "dice": r["dice"],
                "botch": r["botch"],
                "p_success": res["p_success"],
                "p_failed": res["p_failed"],
                "p_timeout": res["p_timeout"],
                "mean_rolls": res["mean_rolls"],
            }
        )
    return pd.DataFrame.from_records(rows)


def _extended_runs(dice, difficulty, target, rules, botch, rounds, exact):
    from . import storyteller

    dice_list = [dice] if isinstance(dice, int) else list(dice)
    botches = [botch] if isinstance(botch, str) else list(botch)
    out = []
    for b in botches:
        for n in dice_list:
            res = storyteller.extended(
                n, difficulty, target, _rules(rules), botch=b, rounds=rounds, exact=exact
            )
            label = f"{n} dice" + (f", botch {b}" if len(botches) > 1 else "")
            out.append({"label": label, "dice": n, "botch": b, "res": res})
    return out


def initiative_pips(
    matchups=(([3], [3]), ([1], [3]), ([3], [2, 2])),
    pips=range(0, 7),
    trials: int = 100_000,
    rng=None,
    *,
    progress: bool | None = None,
):
    """P(your side acts first) as your preparation pips grow, per matchup.

    Long format: ``label`` (the matchup without pips), ``pips``, ``p``,
    ``lo``, ``hi`` (95% Wilson), ``stderr``, ``trials``. Each (matchup, pips) cell has
    its own child stream of ``SeedSequence(rng)``.

    Examples
    --------
    >>> df = initiative_pips([([1], [1])], pips=[0, 5], trials=2_000, rng=3)
    >>> row = df.iloc[1]  # one die + 5 pips is a 6; a 6 against it is a coin flip: 11/12
    >>> df["pips"].tolist(), bool(abs(row["p"] - 11 / 12) < 4.5 * row["stderr"])
    ([0, 5], True)
    """
    import pandas as pd

    from . import initiative

    ms = _matchups([(m[0], m[1]) if len(m) != 4 else m for m in matchups])
    pips = [int(p) for p in pips]
    seeds = _streams(rng, len(ms) * len(pips))
    rows = []
    i = 0
    bar = _Bar(len(ms) * len(pips), progress, "pip scenarios")
    for label, a, b, _ in ms:
        for p in pips:
            r = initiative.simulate(a, b, trials, rng=seeds[i], pips=p, progress=False)
            bar.update()
            i += 1
            rows.append(
                {
                    "label": label,
                    "pips": p,
                    "p": r.p_first.value,
                    "lo": r.p_first.ci_low,
                    "hi": r.p_first.ci_high,
                    "stderr": r.p_first.stderr,
                    "trials": r.trials,
                }
            )
    bar.close()
    return pd.DataFrame.from_records(rows)


#: Defence scenarios shown by default: (label, defenders' swiftness, attackers', options).
DEFENCE_SCENARIOS = (
    ("3 defends vs 3", [3], [3], {}),
    ("3 defends vs 2 + 2", [3], [2, 2], {}),
    ("3 + 3 (covering) vs 3", [3, 3], [3], {"cover": True}),
)


def initiative_slow(
    scenarios=DEFENCE_SCENARIOS, trials: int = 100_000, rng=None, *, progress: bool | None = None
):
    """The "slow" penalty scale of active defences, per scenario (Monte Carlo).

    The first side defends, the other attacks with every action (see
    :func:`dicestats.initiative.defence` for the policy). Long format:
    ``label``, ``penalty`` (0 = not slow, 1..5), ``p`` (share of defences
    at that scale), ``lo``, ``hi`` (95% Wilson), ``defended`` (share of
    attacks actively defended), ``defended_lo``, ``defended_hi``,
    ``slow_round`` (P(some defence of the round is slow)), ``trials``.
    Each scenario has its own child stream of ``SeedSequence(rng)``.

    Examples
    --------
    >>> df = initiative_slow([("1 vs 1", [1], [1], {})], trials=2_000, rng=3)
    >>> df["penalty"].tolist()[:3], round(float(df["p"].sum()), 9)
    ([0, 1, 2], 1.0)
    """
    import pandas as pd

    from . import initiative

    scenarios = list(scenarios)
    if not scenarios:
        raise ValueError(
            "scenarios must hold at least one (label, defenders, attackers, options) entry"
        )
    seeds = _streams(rng, len(scenarios))
    rows = []
    bar = _Bar(len(scenarios), progress, "defence scenarios")
    for (label, a, b, opts), seed in zip(scenarios, seeds, strict=True):
        r = initiative.defence(list(a), list(b), trials, rng=seed, progress=False, **dict(opts))
        bar.update()
        for k, e in enumerate(r.slow):
            rows.append(
                {
                    "label": str(label),
                    "penalty": k,
                    "p": e.value,
                    "lo": e.ci_low,
                    "hi": e.ci_high,
                    "defended": r.defendable.value,
                    "defended_lo": r.defendable.ci_low,
                    "defended_hi": r.defendable.ci_high,
                    "slow_round": r.p_slow_round.value,
                    "trials": r.trials,
                }
            )
    bar.close()
    return pd.DataFrame.from_records(rows)
