"""Contests: races to a number of victories (challenges are in :mod:`.challenges`).

A **contest** is a series of exchanges: in each, every
participant rolls; the unique highest total marks a victory (``style_victories``
when it beats every other total by ``rules.style_shifts`` or more); a tie for
the highest marks none; the first to ``victories`` wins. A contest is solved
exactly as an absorbing Markov chain over the victory counts.

Examples
--------
>>> contest([0, 0], exact=True).p_win
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..core.checks import check_bool, check_int_list
from ..core.markov import build
from ..core.results import Result
from .challenges import ChallengeResult, challenge  # challenges lived here first
from .dice import fate_dice
from .limits import LIMITS
from .rules import pick, resolve

__all__ = [
    "ChallengeResult",
    "ExchangeResult",
    "ContestResult",
    "challenge",
    "exchange_probs",
    "contest",
]


@dataclass(frozen=True)
class ExchangeResult(Result):
    """One contest exchange (:func:`exchange_probs`): who scores, and how much.

    Attributes
    ----------
    p_win : tuple
        P(participant i wins the exchange), with or without style.
    p_style : tuple
        P(participant i wins it with style: ``style_victories`` victories).
    p_tie : P(nobody scores: a tie under ``tie_rule``).
        ``p_tie + sum(p_win) == 1``.
    """

    bonuses: tuple
    tie_rule: str
    p_win: tuple
    p_style: tuple
    p_tie: object
    exact: bool


def _exchange(bons: list, dice: int, style_shifts: int, tie_rule: str, exact: bool) -> dict:
    """``{(i, 1): p, (i, 2): p, "tie": p}`` by listing every joint roll (exact integer weights)."""
    n = len(bons)
    width = 2 * dice + 1
    LIMITS["joint rolls"].check_work(width**n, name="participants", value=n)
    counts = [int(w) for w in fate_dice(dice, exact=True).weights]  # weights over 3**dice
    den = 3**dice
    totals = np.arange(-dice, dice + 1)
    grids = np.indices((width,) * n).reshape(n, -1)  # each column one joint roll
    tot = totals[grids] + np.asarray(bons)[:, None]
    wdtype = object if den**n >= 2**62 else np.int64
    warr = np.asarray(counts, dtype=wdtype)
    weight = np.ones(grids.shape[1], dtype=wdtype)
    for i in range(n):
        weight = weight * warr[grids[i]]
    order = np.sort(tot, axis=0)
    top, second = order[-1], order[-2]
    winner = np.argmax(tot, axis=0)
    unique = top > second
    if tie_rule == "any" and n > 2:
        unique = unique & np.all(order[1:] != order[:-1], axis=0)
    style = unique & (top - second >= style_shifts)
    out: dict = {}
    total_den = den**n
    for i in range(n):
        mine = unique & (winner == i)
        for v, mask in ((1, mine & ~style), (2, mine & style)):
            w = int(weight[mask].sum()) if mask.any() else 0
            out[(i, v)] = Fraction(w, total_den) if exact else w / total_den
    wt = int(weight[~unique].sum()) if (~unique).any() else 0
    out["tie"] = Fraction(wt, total_den) if exact else wt / total_den
    return out


def _contest_args(bonuses, dice, tie_rule, rules):
    lim = LIMITS["rating"]
    bons = check_int_list("bonuses", bonuses, lim.lo, lim.hi, min_len=2)
    dice = LIMITS["contest dice"].check(rules.dice if dice is None else dice, name="dice")
    return bons, dice, pick("tie_rule", tie_rule, rules)


def exchange_probs(
    bonuses: Sequence[int],
    *,
    dice: int | None = None,
    style_shifts: int | None = None,
    tie_rule: str | None = None,
    exact: bool = False,
    rules=None,
) -> ExchangeResult:
    """Outcome probabilities of one contest exchange among the participants.

    Every participant rolls ``dice`` dF + its bonus. The unique highest total
    wins the exchange, with style if it beats every other total by
    ``style_shifts`` or more. With ``tie_rule="highest"`` (default) a tie for
    the highest stops everyone scoring; with ``"any"`` any two equal totals do
    (it only differs with three or more participants).

    Examples
    --------
    >>> e = exchange_probs([0, 0], exact=True)
    >>> e.p_tie, e.p_style[0]  # 8dF = 0: 1107/6561; 8dF >= 3: 927/6561
    (Fraction(41, 243), Fraction(103, 729))
    """
    rules = resolve(rules)
    bons, dice, tie_rule = _contest_args(bonuses, dice, tie_rule, rules)
    style_shifts = pick("style_shifts", style_shifts, rules)
    check_bool("exact", exact)
    return _exchange_result(bons, tie_rule, _exchange(bons, dice, style_shifts, tie_rule, exact))


def _exchange_result(bons: list, tie_rule: str, ex: dict) -> ExchangeResult:
    n = len(bons)
    return ExchangeResult(
        bonuses=tuple(bons),
        tie_rule=tie_rule,
        p_win=tuple(ex[(i, 1)] + ex[(i, 2)] for i in range(n)),
        p_style=tuple(ex[(i, 2)] for i in range(n)),
        p_tie=ex["tie"],
        exact=isinstance(ex["tie"], Fraction),
    )


@dataclass(frozen=True)
class ContestResult(Result):
    """The result of :func:`contest`.

    Attributes
    ----------
    p_win : tuple
        P(participant i wins the contest), summing to 1.
    p_lose : P(the first participant loses): someone else wins.
    mean_exchanges, var_exchanges : mean and variance of the number of exchanges.
    exchanges : dict ``{n: P(exactly n exchanges)}`` for n = 1..max_exchanges.
    p_more_exchanges : P(more than max_exchanges exchanges) (ties can prolong a
        contest without bound: the distribution has an infinite tail).
    exchange : ExchangeResult
        One exchange.
    """

    bonuses: tuple
    victories: int
    style_victories: int
    dice: int
    tie_rule: str
    p_win: tuple
    p_lose: object
    mean_exchanges: object
    var_exchanges: object
    exchanges: dict
    p_more_exchanges: object
    exchange: ExchangeResult = field(repr=False)
    exact: bool = False


def contest(
    bonuses: Sequence[int],
    *,
    victories: int | None = None,
    style_victories: int | None = None,
    dice: int | None = None,
    tie_rule: str | None = None,
    max_exchanges: int = 20,
    exact: bool = False,
    rules=None,
) -> ContestResult:
    """A contest: exchanges until someone has ``victories`` victories.

    Parameters
    ----------
    bonuses : sequence of int
        Each participant's bonus (two or more participants).
    victories, style_victories : int, optional
        Victories needed to win, and victories for an exchange won with style
        (defaults ``rules.victories`` = 3, ``rules.style_victories`` = 2).
    dice : int, optional
    tie_rule : {"highest", "any"}, optional
        Which ties stop everyone scoring (see :func:`exchange_probs`).
    max_exchanges : int
        How far to list the distribution of the number of exchanges.
    exact : bool
    rules : Rules, optional

    The chain has ``victories ** participants`` states; that and the exact
    work are capped (see :data:`~dicestats.fate.LIMITS`).

    Examples
    --------
    >>> c = contest([0, 0], exact=True)
    >>> c.p_win[0] == c.p_win[1] == Fraction(1, 2)
    True
    >>> round(float(c.mean_exchanges), 4)
    3.7482
    """
    rules = resolve(rules)
    bons, dice, tie_rule = _contest_args(bonuses, dice, tie_rule, rules)
    victories = pick("victories", victories, rules)
    style_victories = pick("style_victories", style_victories, rules)
    max_exchanges = LIMITS["max_exchanges"].check(max_exchanges, name="max_exchanges")
    check_bool("exact", exact)
    n = len(bons)
    n_states = victories**n
    LIMITS["victories ** participants"].check_work(n_states, name="victories", value=victories)
    LIMITS["victories ** participants × participants²"].check_work(
        n_states * n**2, name="victories", value=victories, exact=exact
    )
    LIMITS["contest states × max_exchanges"].check_work(
        n_states * max_exchanges,
        name="max_exchanges",
        value=max_exchanges,
        per=n_states,
        per_name="contest states",
        exact=exact,
    )
    exch = _exchange(bons, dice, rules.style_shifts, tie_rule, exact)
    moves = [(k, p) for k, p in exch.items() if k != "tie" and p]
    p_tie = exch["tie"]

    def step(state):
        if state[0] == "won":
            return None
        out: dict = {}
        if p_tie:
            out[state] = p_tie
        for (i, v), p in moves:
            new = list(state)
            new[i] = state[i] + (style_victories if v == 2 else 1)
            nxt = ("won", i) if new[i] >= victories else tuple(new)
            out[nxt] = out.get(nxt, 0) + p
        return out

    chain = build(tuple([0] * n), step, exact=exact)
    absorbed = chain.absorption()
    zero = Fraction(0) if exact else 0.0
    p_win = tuple(absorbed.get(("won", i), zero) for i in range(n))
    # The core caps the exact step work too: its refusal names the user's parameter.
    pmf = chain.steps_pmf(max_steps=max_exchanges, name="max_exchanges")
    exchanges = {k: pmf[k] for k in range(1, len(pmf))}
    p_more = (1 if exact else 1.0) - sum(exchanges.values(), zero)
    return ContestResult(
        bonuses=tuple(bons),
        victories=victories,
        style_victories=style_victories,
        dice=dice,
        tie_rule=tie_rule,
        p_win=p_win,
        p_lose=sum(p_win[1:], zero),
        mean_exchanges=chain.expected_steps(),
        var_exchanges=chain.var_steps(),
        exchanges=exchanges,
        p_more_exchanges=p_more if exact else max(p_more, 0.0),
        exchange=_exchange_result(bons, tie_rule, exch),
        exact=exact,
    )
