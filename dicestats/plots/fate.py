"""Fate charts: outcomes over the ladder, opposed rolls, contests, invoke policies; and the
chart of each question's answer (``<question>_chart(result, ax=None)``, what
``dicestats fate <question> --plot FILE`` draws)."""

from __future__ import annotations

from .. import fate
from ..i18n import N_, _, ladder, with_lang
from ..tables import INVOKE_POLICIES
from ..tables._common import _frame
from ._style import (
    OKABE_ITO,
    _annotated_image,
    _axes,
    _dist_bars,
    _finish,
    _groups,
    _legend_above,
    _lines,
    _look,
    _percent_axis,
    _require,
    _result_with,
    _stacked_bars,
    close,  # noqa: F401 (used by the examples)
)

__all__ = [
    "fate_outcomes",
    "fate_opposed",
    "fate_contest",
    "fate_invokes",
    "outcome_probs_chart",
    "contest_chart",
    "invoke_policy_chart",
    "challenge_chart",
    "deck_vs_dice_chart",
]


#: The four outcomes: (label, colour, hatch).
_OUTCOMES = {
    "p_fail": (N_("fail"), OKABE_ITO["vermillion"], "//"),
    "p_tie": (N_("tie"), OKABE_ITO["yellow"], ".."),
    "p_success": (N_("success"), OKABE_ITO["skyblue"], ""),
    "p_style": (N_("success with style"), OKABE_ITO["blue"], "xx"),
}

#: The invoke policies' names (``dicestats.tables.INVOKE_POLICIES``), for the catalogues.
_POLICIES = (
    N_("optimal (+2 or reroll)"),
    N_("always +2"),
    N_("rerolls only"),
    N_("never invoke"),
)


def _ladder_ticks(values) -> list[str]:
    """Ladder ticks on two lines, ``+3`` over ``Good``; off the ladder the number alone
    (``+9``: "above Legendary" is wider than a tick's room)."""
    ticks = []
    for v in values:
        number, _, name = ladder(int(v)).partition(" ")
        ticks.append(number if name.startswith("(") else f"{number}\n{name}")
    return ticks


@with_lang
def fate_outcomes(df, *, rating: int | None = None, ax=None, labels: bool = True):
    """Stacked bars: fail / tie / success / success with style per difficulty.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per difficulty, columns ``difficulty``, ``p_fail``, ``p_tie``,
        ``p_success``, ``p_style`` (probabilities that sum to 1 per row), e.g.
        :func:`dicestats.tables.fate_outcomes`.
    rating : int, optional
        The acting character's total rating, for the title.
    ax : matplotlib.axes.Axes, optional
    labels : bool, default True
        Print the percentage inside segments of at least 6%.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per outcome, in the order fail, tie, success, style.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"difficulty": [0], "p_fail": [0.1], "p_tie": [0.2],
    ...                    "p_success": [0.5], "p_style": [0.2]})
    >>> ax = fate_outcomes(df)
    >>> [c.get_label() for c in ax.containers]
    ['fail', 'tie', 'success', 'success with style']
    >>> close(ax)
    """
    _require(df, ["difficulty", *_OUTCOMES], "fate_outcomes")
    ax = _axes(ax)
    d = df.sort_values("difficulty")
    x = list(range(len(d)))
    outcomes = {k: (_(label), colour, hatch) for k, (label, colour, hatch) in _OUTCOMES.items()}
    _stacked_bars(ax, x, d, outcomes, labels=labels)
    ax.set_ylabel(_("probability"))
    ax.set_xticks(x, _ladder_ticks(d["difficulty"]), fontsize=8)
    ax.set_xlabel(_("difficulty (Fate ladder)"))
    if rating is None:
        title = _("What does a roll get against each difficulty? (4dF)")
    else:
        title = _("What does a {rating} rating get against each difficulty? (4dF)")
    ax.set_title(title.format(rating=ladder(rating) if rating is not None else ""), pad=22)
    _legend_above(ax, 4)
    return ax


@with_lang
def fate_opposed(df, *, value: str = "p_success_or_better", ax=None, title: str | None = None):
    """Opposed-roll matrix: the chance of ``value`` for each rating pair.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``rating`` (the active side), ``versus`` (the opposing
        rating) and ``value`` (a probability), one row per pair, e.g.
        :func:`dicestats.tables.fate_opposed`.
    value : str, default "p_success_or_better"
        The column to show.
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        An image with one annotated cell per pair (rows: rating, columns:
        versus).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"rating": [0, 0, 1, 1], "versus": [0, 1, 0, 1],
    ...                    "p_success_or_better": [0.38, 0.24, 0.53, 0.38]})
    >>> ax = fate_opposed(df)
    >>> [t.get_text() for t in ax.texts]
    ['38', '24', '53', '38']
    >>> close(ax)
    """
    _require(df, ["rating", "versus", value], "fate_opposed")
    ax = _axes(ax, figsize=(6.0, 5.0))
    _annotated_image(ax, df, "rating", "versus", value, "cividis", tick="{:+d}".format)
    ax.set_xlabel(_("opposition rating (they roll 4dF too)"))
    ax.set_ylabel(_("your rating"))
    what = value.removeprefix("p_").replace("_", " ")
    default = _("Opposed rolls: chance of {what} (%), your rating vs theirs").format(what=what)
    ax.set_title(title or default, fontsize=10)
    return ax


@with_lang
def fate_contest(df, *, ax=None, title: str | None = None):
    """Contest win chance by rating gap (one line per contest length, if given).

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``gap`` (your rating − theirs) and ``p_win`` (probability);
        optional ``label`` (one line per label, e.g. "first to 3").
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per label, with markers.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"gap": [-1, 0, 1], "p_win": [0.2, 0.5, 0.8]})
    >>> ax = fate_contest(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.2, 0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["gap", "p_win"], "fate_contest")
    ax = _axes(ax)
    groups = _lines(ax, df, "gap", "p_win")
    xlabel = _("rating gap (your rating − opponent's, ladder steps)")
    title = title or _("Contests: how much does a rating edge win? (first to 3 victories)")
    ylabel = _("chance to win the contest")
    return _finish(ax, xlabel, ylabel, title, half=True, groups=groups, fontsize=8)


@with_lang
def fate_invokes(df, *, x: str = "difficulty", ax=None, title: str | None = None):
    """Invoke policies compared: success chance per policy (one line each).

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``x`` (e.g. ``difficulty`` or the dice total needed),
        ``policy`` (e.g. "optimal", "always +2", "none") and ``p_reach``
        (the chance of reaching the objective), e.g.
        :func:`dicestats.tables.fate_invokes`.
    x : str, default "difficulty"
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per policy, in the order they first appear.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"difficulty": [1, 2, 1, 2], "policy": ["none"] * 2 + ["optimal"] * 2,
    ...                    "p_reach": [0.4, 0.2, 0.8, 0.6]})
    >>> ax = fate_invokes(df)
    >>> [ln.get_label() for ln in ax.lines]
    ['none', 'optimal']
    >>> close(ax)
    """
    _require(df, [x, "policy", "p_reach"], "fate_invokes")
    ax = _axes(ax)
    _lines(ax, df, x, "p_reach", by="policy")
    for line in ax.lines:
        line.set_label(_(line.get_label()))
    if x == "difficulty":
        values = sorted(set(int(v) for v in df[x]))
        xlabel = _("difficulty (Fate ladder)")
    else:
        xlabel = x.replace("_", " ")
    title = title or _("Invoking aspects: which policy wins more often?")
    _finish(ax, xlabel, _("chance of success (a tie is not one)"), title)
    if x == "difficulty":
        ax.set_xticks(values, _ladder_ticks(values), fontsize=8)
    ax.legend(fontsize=8, frameon=False)
    return ax


# --------------------------------------------------------------------------- answers
def _around(value: int) -> range:
    """``value`` and three ladder steps either side, within the ratings the API takes."""
    lim = fate.LIMITS["rating"]
    return range(max(lim.lo, value - 3), min(lim.hi, value + 3) + 1)


@_result_with("difficulty")
def outcome_probs_chart(result, *, ax=None):
    """The outcomes of an :func:`~dicestats.fate.outcome_probs` answer against its difficulty
    (or active opposition) and three ladder steps either side.

    Examples
    --------
    >>> from dicestats import fate
    >>> ax = outcome_probs_chart(fate.outcome_probs(2, difficulty=1))
    >>> len(ax.containers[0])
    7
    >>> close(ax)
    """
    r = result
    fixed = r.difficulty is not None
    records = []
    for v in _around(r.difficulty if fixed else r.versus):
        side = {"difficulty": v} if fixed else {"versus": v, "versus_dice": r.versus_dice}
        o = fate.outcome_probs(r.bonus, helpers=r.helpers, dice=r.dice, rules=r.rules, **side)
        records.append({"difficulty": v, **{k: float(getattr(o, k)) for k in _OUTCOMES}})
    ax = fate_outcomes(_frame(records), rating=r.bonus + r.helpers, ax=ax)
    if not fixed:
        ax.set_xlabel(f"active opposition's bonus (it rolls {r.versus_dice}dF)")
        who = f"{r.dice}dF {r.bonus + r.helpers:+d}"
        ax.set_title(f"What does {who} get against each active opposition?", pad=22)
    return ax


@_result_with("last_row")
def contest_chart(result, *, ax=None):
    """P(exactly n exchanges) of a :func:`~dicestats.fate.contest` answer, for the rows its
    view lists.

    Examples
    --------
    >>> from dicestats import fate
    >>> ax = contest_chart(fate.contest(3, 2, max_exchanges=5))
    >>> len(ax.containers[0])
    4
    >>> close(ax)
    """
    r = result
    last = r.last_row()
    records = [{"exchanges": n, "p": float(p)} for n, p in r.exchanges.items() if n <= last and p]
    gap = ", ".join(f"{b:+d}" for b in r.bonuses)
    title = f"Contest ({gap}), first to {r.victories}: how many exchanges does it take?"
    xlabel = "exchanges until someone has won"
    return _dist_bars(
        _frame(records), "exchanges", ax, xlabel, "probability", title, "contest_chart"
    )


@_result_with("objective")
def invoke_policy_chart(result, *, ax=None):
    """The invoke policies of an :func:`~dicestats.fate.invoke_policy` answer over its
    difficulty (or total) and three ladder steps either side.

    Examples
    --------
    >>> from dicestats import fate
    >>> ax = invoke_policy_chart(fate.invoke_policy(2, 3, invokes=1))
    >>> [ln.get_label() for ln in ax.lines][:2]
    ['optimal (+2 or reroll)', 'always +2']
    >>> close(ax)
    """
    r = result
    total = r.objective == "total"
    asked = dict(invokes=r.invokes, objective="success" if total else r.objective)
    asked |= dict(point_value=float(r.point_value), dice=r.dice, rules=r.rules)
    records = []
    for d in _around(r.difficulty):
        pol = fate.invoke_policy(r.bonus, d, total=d if total else None, **asked)
        for label, attr in INVOKE_POLICIES.items():
            records.append({"difficulty": d, "policy": label, "p_reach": getattr(pol, attr)})
    goal = "the total" if total else r.objective
    title = (
        f"{r.invokes} invoke(s) at {ladder(r.bonus, order='rating')}: which policy "
        f"reaches {goal} more often?"
    )
    ax = fate_invokes(_frame(records), ax=ax, title=title)
    if total:
        ax.set_xlabel("the total to reach (ladder steps)")
    return ax


@_result_with("difficulties")
def challenge_chart(result, *, ax=None):
    """P(exactly k overcome rolls count) of a :func:`~dicestats.fate.challenge` answer.

    Examples
    --------
    >>> from dicestats import fate
    >>> ax = challenge_chart(fate.challenge([1, 3], 2, plan="OAO"))
    >>> len(ax.containers[0])
    3
    >>> close(ax)
    """
    r = result
    n = len(r.difficulties)
    records = [{"rolls": k, "p": float(r.successes.pmf(k))} for k in range(n + 1)]
    title = f"Challenge, plan {' '.join(r.plan)}: how many of the {n} overcome rolls count?"
    xlabel = "overcome rolls that count"
    return _dist_bars(_frame(records), "rolls", ax, xlabel, "probability", title, "challenge_chart")


@_result_with("draws")
def deck_vs_dice_chart(result, *, ax=None):
    """The session's total of a :func:`~dicestats.fate.deck_vs_dice` answer, with the Deck of
    Fate and with dice.

    Examples
    --------
    >>> from dicestats import fate
    >>> ax = deck_vs_dice_chart(fate.deck_vs_dice(10, 0, 1))
    >>> [ln.get_label() for ln in ax.lines]
    ['Deck of Fate (81 cards)', '4dF']
    >>> close(ax)
    """
    r = result
    deck = fate.deck_sum_dist(r.draws, dice=r.dice, copies=r.copies, reshuffle_at=r.reshuffle_at)
    dice = fate.fate_dice(r.dice).repeat_sum(r.draws)
    ways = ((f"Deck of Fate ({3**r.dice * r.copies} cards)", deck), (f"{r.dice}dF", dice))
    records = [  # the axis fitted to what a session can show, not to ±dice·draws
        {"total": int(t), "p": float(p), "label": label}
        for label, d in ways
        for t, p in d.items()
        if p >= 1e-5
    ]
    ax = _axes(ax)
    for i, (label, g) in enumerate(_groups(_frame(records), "label")):
        look = _look(i) | ({} if len(g) <= 41 else {"marker": None})
        ax.plot(g["total"].to_numpy(), g["p"].to_numpy(), **look, markersize=4, label=label)
    xlabel = "the session's total (the draws' dice added up)"
    title = f"{r.draws} draws: the session's total, Deck of Fate against dice"
    _finish(ax, xlabel, "probability", title, percent=False)
    ax.legend(fontsize=9, frameon=False)
    _percent_axis(ax, top=None)
    ax.set_ylim(0, None)
    return ax
