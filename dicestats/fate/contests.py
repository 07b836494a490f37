"""Contests: one exchange (every joint roll listed, by integer weights) and a race to a
number of victories (an absorbing Markov chain over the victory counts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..core.markov import build
from ..core.results import Lines, Result, Table, View
from .outcomes import fate_dice, given


@dataclass(frozen=True)
class ExchangeProbs(Result):
    """One contest exchange (:func:`~dicestats.fate.exchange_probs`): each participant's
    ``bonuses`` (yours first), ``p_win`` (with or without style) and ``p_style``, and
    ``p_tie``, nobody scores under ``tie_rule`` (``p_tie + sum(p_win) == 1``)."""

    bonuses: tuple
    dice: int
    tie_rule: str
    p_win: tuple
    p_style: tuple
    p_tie: object
    exact: bool

    def view(self) -> View:
        """Who wins the exchange, with style or not, and the chance nobody scores."""
        header = ("participant", "bonus", "P(wins)", "P(with style)")
        rows = _rows(self.bonuses, self.p_win, self.p_style)
        table = Table(header, rows, ("text", "text", "p", "p"), exact_of=2)
        ties = "a tie for the highest" if self.tie_rule == "highest" else "any tie"
        tie = Lines(((f"P(nobody scores: {ties})", self.p_tie, "p"),))
        return View(f"One contest exchange, {self.dice}dF each", (table, tie))


def _rows(bonuses: tuple, *columns) -> tuple:
    """A row per participant, as the views name them (you, then the opponent(s)): the name,
    the bonus, then its value in each of ``columns``."""
    n = len(bonuses)
    names = ["you"] + [f"opponent {i + 1}" if n > 2 else "opponent" for i in range(n - 1)]
    return tuple(
        (name, f"{b:+d}", *c) for name, b, *c in zip(names, bonuses, *columns, strict=True)
    )


def _exchange(bons: list, dice: int, style_shifts: int, tie_rule: str, exact: bool) -> dict:
    """``{(i, 1): p, (i, 2): p, "tie": p}`` by listing every joint roll (exact integer weights;
    the setup capped their number, ``LIMITS["joint rolls"]``)."""
    n = len(bons)
    width = 2 * dice + 1
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


def compute_exchange_probs(s, exact: bool) -> ExchangeProbs:
    """One exchange among the participants (:func:`dicestats.fate.exchange_probs`)."""
    ex = _exchange(s.bonuses, s.dice, s.style_shifts, s.tie_rule, exact)
    return _exchange_result(s.bonuses, s.dice, s.tie_rule, ex)


def _exchange_result(bons: list, dice: int, tie_rule: str, ex: dict) -> ExchangeProbs:
    n = len(bons)
    return ExchangeProbs(
        bonuses=tuple(bons),
        dice=dice,
        tie_rule=tie_rule,
        p_win=tuple(ex[(i, 1)] + ex[(i, 2)] for i in range(n)),
        p_style=tuple(ex[(i, 2)] for i in range(n)),
        p_tie=ex["tie"],
        exact=isinstance(ex["tie"], Fraction),
    )


@dataclass(frozen=True)
class Contest(Result):
    """A contest (:func:`~dicestats.fate.contest`): ``p_win`` per participant (yours first,
    summing to 1), ``p_lose`` (someone else wins), the mean, variance and distribution of
    the exchanges (``exchanges[n]`` up to 20 or ``max_exchanges``, the rows asked for;
    ``p_more_exchanges``, the rest: ties prolong a contest without bound) and ``exchange``.
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
    max_exchanges: int | None
    exchange: ExchangeProbs = field(repr=False)
    exact: bool = False

    def last_row(self) -> int:
        """The last number of exchanges the view lists: ``max_exchanges`` when asked for,
        else the first at which 99.9% of the probability is covered.

        >>> from dicestats.fate import contest
        >>> contest(0, 0).last_row(), contest(0, 0, max_exchanges=3).last_row()
        (10, 3)
        """
        if self.max_exchanges is not None:
            return self.max_exchanges
        covered, last = 0.0, 0
        for n, p in self.exchanges.items():
            if covered >= 0.999:
                break
            covered += float(p)
            last = n
        return last

    def view(self) -> View:
        """Who wins, and the number of exchanges it takes."""
        rows = _rows(self.bonuses, self.p_win)
        last = self.last_row()
        counts = [(str(n), p) for n, p in self.exchanges.items() if n <= last and p]
        tail = self.p_more_exchanges + sum(p for n, p in self.exchanges.items() if n > last)
        counts.append((f"more than {last}", tail))
        return View(
            f"Contest, first to {self.victories} victories, {self.dice}dF each",
            (
                Table(("participant", "bonus", "P(win)"), rows, ("text", "text", "p")),
                Table(
                    ("exchanges", "probability"),
                    tuple(counts),
                    ("text", "p"),
                    title=f"expected exchanges: {float(self.mean_exchanges):.3f}",
                ),
            ),
        )


def compute_contest(s, exact: bool) -> Contest:
    """A contest as an absorbing Markov chain over the victory counts
    (:func:`dicestats.fate.contest`)."""
    bons, victories, style_victories = s.bonuses, s.victories, s.style_victories
    n = len(bons)
    exch = _exchange(bons, s.dice, s.rules.style_shifts, s.tie_rule, exact)
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
    pmf = chain.steps_pmf(max_steps=s.max_exchanges, name="max_exchanges")
    exchanges = {k: pmf[k] for k in range(1, len(pmf))}
    p_more = (1 if exact else 1.0) - sum(exchanges.values(), zero)
    return Contest(
        **given(s, "victories", "style_victories", "dice", "tie_rule"),
        bonuses=tuple(bons),
        p_win=p_win,
        p_lose=sum(p_win[1:], zero),
        mean_exchanges=chain.expected_steps(),
        var_exchanges=chain.var_steps(),
        exchanges=exchanges,
        p_more_exchanges=p_more if exact else max(p_more, 0.0),
        max_exchanges=s.rows,
        exchange=_exchange_result(bons, s.dice, s.tie_rule, exch),
        exact=exact,
    )
