"""Storyteller tables: tidy DataFrames of d10 pool odds, anomalies, rule sets and actions."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from ..core.checks import check_choice, check_int, not_a_list, refuse
from ._common import _frame, _listed

__all__ = [
    "storyteller_odds",
    "storyteller_grid",
    "storyteller_anomalies",
    "DEGREE_COLUMNS",
    "storyteller_degrees",
    "ten_again_variants",
    "storyteller_ten_again",
    "storyteller_editions",
    "storyteller_multiple_actions",
    "storyteller_extended",
    "storyteller_extended_summary",
    "storyteller_distribution",
]


def _rules(rules):
    from .. import storyteller

    if rules is None:
        return storyteller.Rules()
    if isinstance(rules, str):
        return storyteller.Rules.preset(rules)
    return rules


def storyteller_odds(
    dice=range(1, 11),
    difficulties=range(2, 11),
    rules=None,
    *,
    specialty: bool = False,
    exact: bool = False,
):
    """Pool odds over dice × difficulties (tidy; for the heatmaps).

    :func:`dicestats.storyteller.odds_table` (its columns), ``rules`` also a preset name
    (``"revised"``, ``"first"``, ...).

    Examples
    --------
    >>> df = storyteller_odds([1], [6], exact=True)
    >>> df.loc[0, "p_success"], df.loc[0, "p_botch"]
    (Fraction(1, 2), Fraction(1, 10))
    """
    from .. import storyteller

    return storyteller.odds_table(
        dice, difficulties, _rules(rules), specialty=specialty, exact=exact
    )


def storyteller_grid(df, value: str = "p_success", fmt=None):
    """A dice × difficulty grid of one column of :func:`storyteller_odds`.

    With ``fmt`` (e.g. :func:`dicestats.format.percent`) the cells are text, the index
    becomes a ``dice`` column and the columns are named ``"diff 6"`` etc., so
    the grid prints as a table.

    Examples
    --------
    >>> from dicestats.format import percent
    >>> g = storyteller_grid(storyteller_odds([1, 2], [6, 10]), "p_botch", fmt=percent)
    >>> g.columns.tolist(), g.iloc[0].astype(str).tolist()
    (['dice', 'diff 6', 'diff 10'], ['1', '10.0%', '10.0%'])
    """
    import pandas as pd

    if not isinstance(df, pd.DataFrame) or not {"dice", "difficulty"} <= set(df.columns):
        raise refuse("df", "a DataFrame of storyteller_odds", df, kind=True)
    if not isinstance(value, str) or value not in df.columns:
        raise refuse(
            "value", "a column of the frame (" + ", ".join(map(str, df.columns)) + ")", value
        )
    if fmt is not None and not callable(fmt):
        raise refuse("fmt", "a function of one value (format.percent) or None", fmt, kind=True)
    grid = df.pivot(index="dice", columns="difficulty", values=value).sort_index()
    grid = grid.sort_index(axis=1)
    if fmt is None:
        return grid
    out = grid.map(fmt)
    out.columns = [f"diff {c}" for c in grid.columns]
    return out.reset_index()


def storyteller_anomalies(
    rules=None,
    dice=range(1, 16),
    difficulties=range(2, 11),
    *,
    metrics=None,
    specialty: bool = False,
    exact: bool = True,
):
    """Every non-monotone cell as a DataFrame (see :func:`dicestats.storyteller.anomalies`).

    Columns: ``metric`` (``p_botch``, ``p_success``, ``p_ge_2`` … ``p_ge_5``),
    ``difficulty``, ``dice`` (the larger pool), ``before`` (value with
    ``dice - 1``), ``after`` (value with ``dice``), ``change``
    (``after - before``). ``metrics`` (one of those names, or a list of them)
    keeps only those metrics; any other name is refused.

    Examples
    --------
    >>> df = storyteller_anomalies(dice=range(1, 8), difficulties=[10], metrics=["p_botch"])
    >>> df["dice"].tolist()
    [2, 3, 4, 5, 6]
    >>> storyteller_anomalies(dice=range(1, 8), difficulties=[10], metrics="botch")
    Traceback (most recent call last):
    ...
    dicestats.InputError: metrics must be one of 'p_botch', 'p_success', 'p_ge_2', 'p_ge_3', \
'p_ge_4', 'p_ge_5', got 'botch'
    """
    from .. import storyteller
    from ..storyteller.pools import METRICS

    if metrics is not None:  # one name is a list of one
        names = _listed("metrics", metrics, f"metric names ({', '.join(map(repr, METRICS))})")
        metrics = [check_choice("metrics", m, METRICS) for m in names]
    found = storyteller.anomalies(
        _rules(rules), dice, difficulties, specialty=specialty, exact=exact
    )
    df = _frame(
        [a.as_dict() for a in found], columns=["metric", "difficulty", "dice", "before", "after"]
    )
    if metrics is not None:
        df = df[df["metric"].isin(metrics)].reset_index(drop=True)
    df["change"] = [a - b for a, b in zip(df["after"], df["before"], strict=True)]
    return df


#: The degrees columns, worst to best, as :func:`plots.storyteller_degrees` wants them.
DEGREE_COLUMNS = (
    "p_botch",
    "p_fail",
    "p_marginal",
    "p_moderate",
    "p_complete",
    "p_exceptional",
    "p_phenomenal",
)


def storyteller_degrees(
    difficulty: int = 6,
    dice=range(1, 11),
    rules=None,
    *,
    specialty: bool = False,
    exact: bool = False,
):
    """Outcome shares per pool size: botch, failure and the five degrees.

    Examples
    --------
    >>> df = storyteller_degrees(6, [1], exact=True)
    >>> df.iloc[0].tolist()[1:4]
    [Fraction(1, 10), Fraction(2, 5), Fraction(1, 2)]
    """
    df = storyteller_odds(dice, [difficulty], rules, specialty=specialty, exact=exact)
    return df[["dice", *DEGREE_COLUMNS]].reset_index(drop=True)


def ten_again_variants():
    """The rolls compared by :func:`storyteller_ten_again`: ``{label: (rules, specialty)}``.

    The V20 row is a roll *with* a specialty under the ``v20`` preset (the
    preset alone is a rule set and rolls plain 10s).

    Examples
    --------
    >>> list(ten_again_variants())
    ['plain 10s', 'ten-again', 'ten-again, no chain', 'V20 specialty: a 10 counts double']
    """
    from .. import storyteller

    R = storyteller.Rules
    return {
        "plain 10s": (R(), False),
        "ten-again": (R(ten_again=True), False),
        "ten-again, no chain": (R(ten_again=True, chain=False), False),
        "V20 specialty: a 10 counts double": (R.preset("v20"), True),
    }


def storyteller_ten_again(
    dice=range(1, 11), difficulty: int = 6, variants=None, *, exact: bool = False
):
    """Pool odds under several 10s rules (long format, ``rules`` = label).

    ``variants`` maps a label to a ``Rules`` (or a preset name), or to a
    ``(rules, specialty)`` pair (default :func:`ten_again_variants`).
    Columns: ``rules``, ``dice``, ``difficulty``, ``p_success``, ``p_botch``,
    ``mean_net``, ``p_ge_3`` (a complete success or better) and
    ``p_ge_5``.

    Examples
    --------
    >>> df = storyteller_ten_again([1], 6, exact=True)
    >>> dict(zip(df["rules"], df["mean_net"]))["plain 10s"]  # 6..10 on one die; net >= 0
    Fraction(1, 2)
    """
    import pandas as pd

    if variants is None:
        variants = ten_again_variants()
    if not isinstance(variants, Mapping):
        raise refuse("variants", "a mapping of labels to rules", variants, kind=True)
    if not variants:
        raise refuse("variants", "at least one label and its rules", variants)
    parts = []
    for label, variant in variants.items():
        if isinstance(variant, tuple) and len(variant) != 2:
            raise refuse(f"variants[{label!r}]", "rules or a (rules, specialty) pair", variant)
        rules, specialty = variant if isinstance(variant, tuple) else (variant, False)
        t = storyteller_odds(dice, [difficulty], rules, specialty=specialty, exact=exact)
        t.insert(0, "rules", label)
        parts.append(t[[*_RULES_COLUMNS, "p_ge_3", "p_ge_5"]])
    return pd.concat(parts, ignore_index=True)


#: The columns of the rule sets compared.
_RULES_COLUMNS = ["rules", "dice", "difficulty", "p_success", "p_botch", "mean_net"]


def storyteller_editions(
    dice=range(1, 11),
    difficulty: int = 6,
    presets=("revised", "first", "v20"),
    *,
    specialty: bool = False,
    exact: bool = False,
):
    """Success and botch chances of the edition presets side by side (long format).

    ``specialty=True`` compares rolls with a specialty: each edition decides
    what it does (revised and first: its 10s earn extra dice; v20: a 10
    counts double). Without one, ``v20`` rolls as ``revised`` does.

    Examples
    --------
    >>> df = storyteller_editions([1], 6, exact=True)
    >>> dict(zip(df["rules"], df["p_botch"]))["first"]  # a 1 and no success: 1/10
    Fraction(1, 10)
    >>> df = storyteller_editions([1], 6, specialty=True, exact=True)
    >>> dict(zip(df["rules"], df["mean_net"]))["v20"]  # 6..9: 1, 10: 2, a 1 cancels nothing
    Fraction(3, 5)
    """
    import pandas as pd

    parts = []
    for name in _listed("presets", presets, "preset names"):
        t = storyteller_odds(dice, [difficulty], name, specialty=specialty, exact=exact)
        t.insert(0, "rules", name)
        parts.append(t[_RULES_COLUMNS])
    return pd.concat(parts, ignore_index=True)


def storyteller_multiple_actions(
    pools=(7, 6, 6), difficulty=6, rules=None, *, names=None, specialty=False, exact: bool = False
):
    """Multiple actions: declaring the first ``k`` actions of ``pools``, for every ``k``.

    One row per (``actions`` declared, ``action`` index): ``name``, ``base``
    (the pool before the penalty), ``dice`` (after it), ``attempted``,
    ``p_success``, ``p_botch``, ``p_all`` (every declared action succeeds)
    and ``mean_successes`` (expected successful actions), from
    :func:`dicestats.storyteller.multiple_actions`. One declared action rolls
    its full pool; ``specialty`` is a bool or one per action.

    Examples
    --------
    Hall, the rule text's example, punches (7 dice) and dodges twice (6 dice each):

    >>> df = storyteller_multiple_actions([7, 6, 6], names=["punch", "dodge", "dodge"])
    >>> df[df.actions == 3]["dice"].tolist()
    [4, 2, 1]
    """
    from .. import storyteller

    pools = _listed("pools", pools, "pool sizes", one=None)
    if names is None:
        names = [f"action {i}" for i in range(1, len(pools) + 1)]
    names = [str(n) for n in _listed("names", names, "action names", one=None)]
    if len(names) != len(pools):
        raise refuse("names", f"one name per pool ({len(pools)})", names)
    rows = []
    for k in range(1, len(pools) + 1):
        diff, spec = (v[:k] if isinstance(v, (list, tuple)) else v for v in (difficulty, specialty))
        r = storyteller.multiple_actions(
            pools[:k], diff, _rules(rules), specialty=spec, exact=exact
        )
        for a in r.actions:
            own = {c: getattr(a, c) for c in ("base", "dice", "attempted", "p_success", "p_botch")}
            rows.append({"actions": k, "action": a.action, "name": names[a.action - 1], **own})
            rows[-1] |= {"p_all": r.p_all, "mean_successes": r.mean_successes}
    return _frame(rows)


def storyteller_extended(
    dice=(4, 6, 8),
    difficulty: int = 6,
    target: int = 10,
    rules=None,
    *,
    on_botch="resets",
    rounds: int | None = None,
    max_round: int = 15,
    specialty: bool = False,
    exact: bool = False,
):
    """Extended actions: P(done within r rolls) per pool (and per botch ruling).

    ``dice`` and ``on_botch`` may each be one value or a list; every
    combination is one ``label`` ("6 dice" or "6 dice, botch ends").
    Long format: ``label``, ``dice``, ``on_botch``, ``round`` (1..max_round),
    ``p_done`` (P(target reached within that many rolls)), from
    :func:`dicestats.storyteller.extended`. See
    :func:`storyteller_extended_summary` for the totals.

    Examples
    --------
    >>> df = storyteller_extended([1], 6, 1, on_botch="zero", max_round=3, exact=True)
    >>> df["p_done"].tolist()  # a single die, difficulty 6: 1 - (1/2)^r
    [Fraction(1, 2), Fraction(3, 4), Fraction(7, 8)]
    """
    max_round = check_int("max_round", max_round, 1)
    rows = []
    runs = _extended_runs(dice, difficulty, target, rules, on_botch, rounds, specialty, exact)
    for label, n, b, res in runs:
        within = res.p_done_within[:max_round]
        rows += [
            {"label": label, "dice": n, "on_botch": b, "round": k, "p_done": p}
            for k, p in enumerate(within, start=1)
        ]
    return _frame(rows)


def storyteller_extended_summary(
    dice=(4, 6, 8),
    difficulty: int = 6,
    target: int = 10,
    rules=None,
    *,
    on_botch="resets",
    rounds: int | None = None,
    specialty: bool = False,
    exact: bool = False,
):
    """Extended actions, one row per pool/botch ruling.

    Columns: ``label``, ``dice``, ``on_botch``, ``p_success``, ``p_failed``
    (a botch ended the task), ``p_timeout`` (round limit reached),
    ``mean_rolls``.

    Examples
    --------
    >>> df = storyteller_extended_summary([1], 6, 1, on_botch="zero", exact=True)
    >>> df.loc[0, "p_success"], df.loc[0, "mean_rolls"]
    (Fraction(1, 1), Fraction(2, 1))
    """
    runs = _extended_runs(dice, difficulty, target, rules, on_botch, rounds, specialty, exact)
    cols = ("p_success", "p_failed", "p_timeout", "mean_rolls")
    return _frame(
        [
            {"label": label, "dice": n, "on_botch": b, **{c: getattr(res, c) for c in cols}}
            for label, n, b, res in runs
        ]
    )


def _extended_runs(dice, difficulty, target, rules, on_botch, rounds, specialty, exact):
    """``(label, dice, on_botch, Extended)`` for every pool and botch ruling."""
    from .. import storyteller
    from ..storyteller.limits import LIMITS

    length = LIMITS["values listed"]
    dice_list = [dice] if isinstance(dice, int) else dice
    if not_a_list(dice_list):
        raise refuse("dice", "a pool size or a sequence of them", dice, kind=True)
    dice_list = list(itertools.islice(dice_list, length.hi + 1))
    if len(dice_list) > length.hi:
        raise refuse("dice", f"at most {length.hi:,} pool sizes", dice, why=length.why)
    botches = _listed("on_botch", on_botch, "botch rulings")
    asked = dict(rounds=rounds, specialty=specialty, exact=exact)
    out = []
    for b in botches:
        for n in dice_list:
            res = storyteller.extended(n, difficulty, target, _rules(rules), on_botch=b, **asked)
            label = f"{n} dice" + (f", botch {b}" if len(botches) > 1 else "")
            out.append((label, n, b, res))
    return out


def storyteller_distribution(dists, x: str = "net"):
    """Distributions side by side, long format: ``label``, ``x`` (the value), ``p``.

    ``dists`` maps a label to a :class:`~dicestats.core.dist.Dist` (a
    resisted action's ``margin``, a team's ``total``, a pool's ``net``) or a
    ``{value: p}`` mapping; ``x`` names the value column. For
    :func:`dicestats.plots.storyteller_distribution`.

    Examples
    --------
    >>> from dicestats import storyteller as st
    >>> df = storyteller_distribution({"1 vs 1": st.resisted(1, 6, 1, 6, exact=True).margin},
    ...                               "margin")
    >>> df["margin"].tolist(), [str(p) for p in df["p"]]
    ([-1, 0, 1], ['1/4', '1/2', '1/4'])
    """
    from collections.abc import Mapping

    if not isinstance(dists, Mapping) or not all(hasattr(d, "items") for d in dists.values()):
        raise refuse(
            "dists", "a mapping of labels to Dists or {value: p} mappings", dists, kind=True
        )
    if not isinstance(x, str):
        raise refuse("x", "a column name (str)", x, kind=True)
    rows = []
    for label, dist in dict(dists).items():
        for value, p in dist.items():
            rows.append({"label": str(label), x: int(value), "p": p})
    return _frame(rows, columns=["label", x, "p"])
