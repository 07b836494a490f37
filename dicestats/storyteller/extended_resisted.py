"""Extended and resisted actions, computed: successes over rounds, two sides compared."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate

import numpy as np

from ..core.dist import Dist
from ..core.markov import build
from ..core.results import Lines, Result, Table, View
from .pools import clip, compute_pool, non_botch, outcome_table
from .rules import dice_text

#: ``p_done_within`` covers this many rounds when there is no round limit.
WITHIN = 50
#: Float mode without a round limit: ``rolls`` is cut after the first roll where at most
#: ROLLS_TAIL of the mass is still rolling, or at ROLLS_MAX rolls (see ``Extended.rolls``).
ROLLS_TAIL = 1e-15
ROLLS_MAX = 1_000_000


@dataclass(frozen=True)
class Extended(Result):
    """An extended action, computed or simulated.

    Attributes
    ----------
    p_success : the target was reached.
    p_failed : a botch ended the task (``on_botch="ends"``).
    p_timeout : the round limit ran out first.
    p_unfinished : still rolling after ``max_rounds`` rolls (simulated without a round
        limit; 0 when computed).
    mean_rolls, var_rolls : the number of rolls until done, failed or out of time
        (solved exactly from the chain, never from a cut distribution).
    p_done_within : tuple
        ``[r-1]`` = P(done within r rolls), r up to ``rounds`` or 50.
    rolls : Dist, dict or None
        The number of rolls: a :class:`Dist`, ``{r: Estimate}`` when simulated,
        None in exact mode without a round limit (its support is infinite).
        In float mode without a round limit its top outcome ``top`` holds
        ``P(rolls >= top)``: the distribution is cut after the first roll where
        the mass still rolling is at most :data:`ROLLS_TAIL` (1e-15), or at
        :data:`ROLLS_MAX` rolls, whichever comes first.
    rolls_tail : float, Fraction or None
        ``P(rolls > top)`` lumped into the top outcome of ``rolls`` (0 when nothing is
        lumped: a round limit, or simulated; None without ``rolls``).
    mean_rolls_given_success : float, Fraction or None
        ``E[rolls | success]`` (``mean_rolls`` also counts the failed and timed-out
        runs); simulated, a ratio estimate from the runs done within the rolls
        simulated (check ``p_unfinished``); None when no run reaches the target.
    """

    dice: int
    difficulty: int
    specialty: bool
    target: int
    on_botch: str
    rounds: int | None
    p_success: object
    p_failed: object
    p_timeout: object
    p_unfinished: object
    mean_rolls: object
    var_rolls: object
    p_done_within: tuple = field(metadata={"bulky": True})
    rolls: object = field(metadata={"bulky": True})
    rolls_tail: object
    exact: bool
    trials: int | None = None
    mean_rolls_given_success: object = None
    rules: object = field(default=None, repr=False)

    def view(self) -> View:
        limit = f", at most {self.rounds} rolls" if self.rounds else ""
        title = (
            f"extended action: {dice_text(self.dice)} at difficulty {self.difficulty}, target "
            f"{self.target}, a botch {_ON_BOTCH[self.on_botch]}{limit} "
            f"({self.rules.describe(specialty=self.specialty)})"
        )
        outcomes = (
            ("done", self.p_success),
            ("failed (botch)", self.p_failed),
            ("out of time", self.p_timeout),
        )
        if self.trials is not None and self.rounds is None:
            outcomes += (("still rolling (max_rounds)", self.p_unfinished),)
        means = [("mean rolls", self.mean_rolls, "mean")]
        if self.mean_rolls_given_success is not None:
            means.append(("mean rolls given success", self.mean_rolls_given_success, "mean"))
        parts = [outcome_table(outcomes), Lines(tuple(means))]
        cut = self.trials is not None and self.rounds is None and self.p_unfinished.value > 0
        if self.mean_rolls_given_success is None:
            parts.append(
                "no run reached the target within the rolls simulated (max_rounds): more "
                "rolls may reach it"
                if cut
                else "the target cannot be reached: no mean given success"
            )
        if cut:  # a run cut off counts max_rounds rolls: its true count is higher
            parts.append(
                f"{_pc(self.p_unfinished.value)} of the runs were still rolling after "
                "max_rounds rolls: the mean rolls is a lower bound"
            )
        within = list(self.p_done_within)
        last, note = len(within), None
        final = self.p_success.value if self.trials is not None else self.p_success
        done = [p.value if self.trials is not None else p for p in within]
        if self.rounds is None and within:  # stop where the curve has levelled off
            last = next((i + 1 for i, p in enumerate(done) if final - p <= _LEVEL), last)
            if final - done[last - 1] > _LEVEL:
                note = (
                    f"(rows end at {last} rolls, still {_pc(final - done[last - 1])} "
                    f"short of the final {_pc(final)})"
                )
            elif last < len(within):
                note = (
                    f"(rows end at {last} rolls, within {_LEVEL:.2%} of the final "
                    f"{_pc(final)}; --json has every row)"
                )
        rows = tuple((str(k), p) for k, p in enumerate(within[:last], 1))
        parts.append(Table(("rolls", "P(done within)"), rows, ("text", "p"), note=note))
        if self.rolls_tail and self.rolls_tail > ROLLS_TAIL:  # the distribution hit its roll cap
            top = self.rolls.support()[1]
            parts.append(
                f"distribution of rolls (--json): rolls beyond {top:,} lumped into "
                f"{top:,} (P = {self.rolls_tail:.3g})"
            )
        return View(title, tuple(parts))


#: What a botch does, in words.
_ON_BOTCH = {"resets": "loses every success so far", "ends": "ends the task", "zero": "scores 0"}
#: Without a round limit the "done within" table stops once this close to P(done).
_LEVEL = 5e-4


def _pc(p) -> str:
    return f"{100 * float(p):.2f}%"


def compute_extended(s, exact: bool) -> Extended:
    """An extended action, computed (:func:`dicestats.storyteller.extended`)."""
    target, on_botch, rounds = s.target, s.on_botch, s.rounds
    r = compute_pool(s, exact)
    nb = sorted(non_botch(r).items())
    b = r.p_botch
    zero = timeout = 0 * b
    horizon = rounds if rounds is not None else WITHIN
    done, failed, alive = _extended_forward(nb, b, target, on_botch, horizon, exact)
    if rounds is not None:  # a finite horizon: everything follows from the forward recursion
        pmf = [zero] + [done[i] + failed[i] for i in range(rounds)]
        pmf[rounds] = pmf[rounds] + alive
        rolls, tail, timeout = Dist(pmf, exact=exact), zero, alive
        p_done, p_failed = sum(done, zero), sum(failed, zero)
        mean, var = rolls.mean(), rolls.var()
        given = sum(((i + 1) * x for i, x in enumerate(done)), zero) / p_done if p_done else None
    elif exact:

        def step(state):
            if state in ("done", "failed"):
                return None
            out: dict = {}
            for k, p in nb:
                key = "done" if state + k >= target else state + k
                out[key] = out.get(key, 0) + p
            if b:
                key = {"ends": "failed", "resets": 0, "zero": state}[on_botch]
                out[key] = out.get(key, 0) + b
            return out

        chain = build(0, step, exact=True)
        ab = chain.absorption()
        p_done, p_failed = ab.get("done", zero), ab.get("failed", zero)
        mean, var = chain.expected_steps(), chain.var_steps()
        rolls = tail = None
        given = mean if not p_failed else _given_success_exact(chain, step) if p_done else None
    else:
        q, out = _score_chain(nb, b, target, on_botch)
        (p_done, p_failed), mean, var, given = _solve_float(q, out, on_botch == "ends")
        rolls, tail = rolls_distribution(nb, b, target, on_botch)
    task = (s.dice, s.difficulty, r.specialty, target, on_botch, rounds)
    probs = (*(clip(p, exact) for p in (p_done, p_failed, timeout)), zero)  # none unfinished
    within = tuple(clip(x, exact) for x in accumulate(done))
    return Extended(*task, *probs, mean, var, within, rolls, tail, exact, None, given, s.rules)


def _extended_forward(nb, b, target, on_botch, horizon, exact):
    """Forward recursion over rounds: per round, P(done then), P(failed then); mass left.

    ``nb``: ``[(net, P(net and no botch))]``; ``b``: P(botch). The score
    distribution of the runs still going is a vector over ``0..target-1``;
    exact mode keeps integer numerators over ``den**round``.
    """
    den = math.lcm(*(p.denominator for _, p in nb), Fraction(b).denominator) if exact else 1
    unit = int if exact else float  # exact: integer numerators over den
    nbw, bw = [(k, unit(p * den)) for k, p in nb], unit(b * den)
    v = np.zeros(target, dtype=object if exact else np.float64)
    v[0] = 1
    done, failed = [], []
    scale = 1
    for _ in range(horizon):
        new = np.zeros(target, dtype=v.dtype)
        total = v.sum()
        d_r = 0
        for k, w in nbw:
            if k >= target:
                d_r = d_r + w * total
            elif k:
                new[k:] += w * v[: target - k]
                d_r = d_r + w * v[target - k :].sum()
            else:
                new += w * v
        f_r = 0
        if bw:
            if on_botch == "ends":
                f_r = bw * total
            elif on_botch == "resets":
                new[0] += bw * total
            else:
                new += bw * v
        v, scale = new, scale * den
        done.append(Fraction(int(d_r), scale) if exact else float(d_r))
        failed.append(Fraction(int(f_r), scale) if exact else float(f_r))
    alive = Fraction(int(v.sum()), scale) if exact else float(v.sum())
    return done, failed, alive


def _score_chain(nb, b, target: int, on_botch: str):
    """The chain over the scores ``0..target-1`` in float: ``(q, out)``.

    ``q[s, s2]``: one roll moves the score from ``s`` to ``s2`` (the task
    goes on); ``out[s]``: ``(P(done), P(failed))`` on that roll.
    """
    q = np.zeros((target, target))
    out = np.zeros((target, 2))
    for s in range(target):
        for k, p in nb:
            if s + k >= target:
                out[s, 0] += p
            else:
                q[s, s + k] += p
        if b:
            if on_botch == "ends":
                out[s, 1] += b
            else:
                q[s, 0 if on_botch == "resets" else s] += b
    return q, out


def _eliminate(q, out, rewards):
    """``x = (I - q)^-1 rewards`` and ``(I - q)^-1 out`` for a small absorbing chain.

    Gaussian elimination without subtraction (Grassmann, Taksar and Heyman):
    a state is removed by routing its transitions through it, and its pivot
    ``1 - q[i, i]`` is computed as the sum of its ways out (to the states
    left and to absorption), never as a difference. Every operation adds,
    multiplies or divides non-negative numbers, so each answer keeps a
    relative error of a few ulps per state even when the task takes millions
    of rolls on average (where ``1 - q[i, i]`` or a plain solve loses digits).
    Returns the rows for state 0 only (the start).
    """
    n = q.shape[0]
    q, out, rewards = q.copy(), out.copy(), rewards.copy()
    pivots = []
    for i in range(n - 1, -1, -1):
        s_i = q[i, :i].sum() + out[i].sum()  # ways out of i, once i's loop is removed
        f = q[:i, i] / s_i
        q[:i, :i] += np.outer(f, q[i, :i])
        out[:i] += np.outer(f, out[i])
        rewards[:i] += np.outer(f, rewards[i])
        pivots.append((q[i, :i].copy(), s_i))
    # back substitution, state 0 first (it was eliminated last)
    xs_out, xs_rew = np.zeros_like(out), np.zeros_like(rewards)
    for i in range(n):
        row, s_i = pivots[n - 1 - i]
        xs_out[i] = (out[i] + row @ xs_out[:i]) / s_i
        xs_rew[i] = (rewards[i] + row @ xs_rew[:i]) / s_i
    return xs_out, xs_rew


def _solve_float(q, out, ends: bool):
    """``((P(done), P(failed)), E[rolls], Var[rolls], E[rolls | done])`` from the score 0.

    ``E[rolls | done]`` is ``E[rolls]`` unless a botch ends the task; then it is
    ``E[rolls; done] / P(done)``, ``E[rolls; done] = ((I - q)^-1 h)[0]`` with ``h``
    the P(done) of every score (each roll counts once for every run that ends
    done; all sums of non-negative terms), None when the target cannot be reached.
    """
    n = q.shape[0]
    absorbed, h = _eliminate(q, out, np.ones((n, 1)))
    h = h[:, 0]
    _, g = _eliminate(q, out, (1 + 2 * (q @ h))[:, None])  # E[T^2] = (I-q)^-1 (1 + 2 q h)
    mean = float(h[0])
    var = max(float(g[0, 0]) - mean * mean, 0.0)
    p_done, p_failed = (float(x) for x in absorbed[0])
    given = mean
    if ends:
        done = absorbed[:, :1]
        given = float(_eliminate(q, out, done)[1][0, 0] / done[0, 0]) if p_done else None
    return (p_done, p_failed), mean, var, given


def rolls_distribution(nb, b, target: int, on_botch: str, block: int = 512):
    """Float mode: the number of rolls of an extended action without a round limit.

    Returns ``(Dist, lumped)``: the distribution cut as :attr:`Extended.rolls` says
    and the mass ``P(rolls > top)`` lumped into its top. The chain over the scores is
    walked ``block`` rolls at a time (one product by the ``block``-th power of its
    transition matrix per block: a task of 10,000 rolls on average costs a few hundred
    small products, not a step cap); all terms are sums of non-negative products.

    Examples
    --------
    >>> d, lumped = rolls_distribution([(1, 0.5)], 0.5, 1, "zero")  # geometric, p = 1/2
    >>> d.pmf(1), d.pmf(2), d.support()[1], lumped
    (0.5, 0.25, 50, 8.881784197001252e-16)
    """
    m, ends = _score_chain(nb, b, target, on_botch)
    out = ends.sum(axis=1)  # P(done or failed on this roll | score)
    # Columns j = 0..block-1: P(absorbed on roll j + 1 | score), P(still rolling after it).
    absorbed, left = np.empty((target, block)), np.empty((target, block))
    col_a, col_l = out.copy(), m.sum(axis=1)
    for j in range(block):
        absorbed[:, j], left[:, j] = col_a, col_l
        col_a, col_l = m @ col_a, m @ col_l
    power = np.linalg.matrix_power(m, block)  # by squaring: non-negative products
    v = np.zeros(target)
    v[0] = 1.0
    parts = [np.zeros(1)]  # P(rolls == 0) = 0
    rolled, lumped = 0, 1.0
    while rolled < ROLLS_MAX:
        probs, rest = v @ absorbed, v @ left
        stop = np.flatnonzero(rest <= ROLLS_TAIL)
        cut = min(int(stop[0]) + 1 if stop.size else block, ROLLS_MAX - rolled)
        parts.append(probs[:cut])
        rolled += cut
        lumped = min(float(rest[cut - 1]), 1.0)  # rounding over a million rolls: <= 1e-10
        if stop.size:
            break
        v = v @ power
    pmf = np.concatenate(parts)
    pmf[-1] += lumped
    return Dist.from_probabilities(pmf), lumped


def _given_success_exact(chain, step):
    """``E[rolls | done]`` exactly: the expected steps of the chain conditioned on "done".

    Conditioned on reaching "done" the walk is again a Markov chain (Doob's
    h-transform): a move ``s -> s2`` has probability ``q(s, s2) h(s2) / h(s)``,
    ``h`` being P(done) from each score; "failed" is never entered.
    """
    h = {s: chain.absorption(start=s).get("done", 0) for s in chain.transient}

    def conditioned(state):
        if state == "done":
            return None
        out = {}
        for key, p in step(state).items():
            if key == "done":
                out[key] = out.get(key, 0) + p / h[state]
            elif key != "failed" and h[key]:
                out[key] = out.get(key, 0) + p * h[key] / h[state]
        return out

    return build(0, conditioned, exact=True).expected_steps()


# --------------------------------------------------------------------------- resisted
@dataclass(frozen=True)
class Resisted(Result):
    """A resisted action: your net successes against the other side's.

    Attributes
    ----------
    margin : Dist
        Your net successes minus theirs.
    p_win, p_tie, p_lose : margin >= 1, == 0, <= -1.
    mean_margin : expected margin.
    p_botch, p_versus_botch : your botch chance, the other side's.
    """

    dice: int
    difficulty: int
    specialty: bool
    versus: int
    versus_difficulty: int
    versus_specialty: bool
    margin: Dist
    p_win: object
    p_tie: object
    p_lose: object
    mean_margin: object
    p_botch: object
    p_versus_botch: object
    exact: bool
    rules: object = field(default=None, repr=False)
    versus_rules: object = field(default=None, repr=False)

    def view(self) -> View:
        title = f"resisted action: {_sides(self)}"
        outcomes = (
            ("you win (margin >= 1)", self.p_win),
            ("tie (margin 0)", self.p_tie),
            ("they win (margin <= -1)", self.p_lose),
            ("you botch", self.p_botch),
            ("they botch", self.p_versus_botch),
        )
        parts = (
            "each side's 1s cancel its own successes first; only the excess net successes count",
            outcome_table(outcomes),
            Table.distribution("your margin", self.margin, label=lambda m: f"{m:+d}" if m else "0"),
            Lines((("mean margin", self.mean_margin, "signed"),)),
        )
        return View(title, parts)


def _sides(r) -> str:
    """Both sides of a resisted roll and the rules in force, in words."""
    me = f"{dice_text(r.dice)} at difficulty {r.difficulty}"
    them = f"{dice_text(r.versus)} at difficulty {r.versus_difficulty}"
    text = f"{me} against {them} ({r.rules.describe(specialty=r.specialty)}"
    if r.versus_rules != r.rules or r.versus_specialty != r.specialty:
        text += f"; they: {r.versus_rules.describe(specialty=r.versus_specialty)}"
    return text + ")"


def compute_resisted(s, exact: bool) -> Resisted:
    """A resisted action, computed (:func:`dicestats.storyteller.resisted`)."""
    a, b = compute_pool(s.me, exact), compute_pool(s.them, exact)
    margin = a.net - b.net
    sides = (a.dice, a.difficulty, a.specialty, b.dice, b.difficulty, b.specialty)
    odds = (margin.p_ge(1), margin.pmf(0), margin.cdf(-1), a.mean_net - b.mean_net)
    botches, rules = (a.p_botch, b.p_botch), (s.me.rules, s.them.rules)
    return Resisted(*sides, margin, *odds, *botches, exact, *rules)


@dataclass(frozen=True)
class ResistedExtended(Result):
    """Resisted and extended: who reaches ``target`` net successes first."""

    dice: int
    difficulty: int
    specialty: bool
    versus: int
    versus_difficulty: int
    versus_specialty: bool
    target: int
    p_win: object
    p_lose: object
    mean_rounds: object
    exact: bool
    rules: object = field(default=None, repr=False)
    versus_rules: object = field(default=None, repr=False)

    def view(self) -> View:
        title = f"resisted and extended: a race to {self.target} net successes, {_sides(self)}"
        outcomes = (("you win the race", self.p_win), ("they win the race", self.p_lose))
        return View(
            title, (outcome_table(outcomes), Lines((("mean rounds", self.mean_rounds, "mean"),)))
        )


def compute_resisted_extended(s, exact: bool) -> ResistedExtended:
    """A race to ``target`` net successes (:func:`dicestats.storyteller.resisted_extended`)."""
    target = s.target
    rr = compute_resisted(s, exact)
    steps = [(m, p) for m, p in rr.margin.items() if m != 0]
    go = 1 - rr.p_tie  # P(someone scores this round)
    zero = 0 * rr.p_tie
    # Every scoring round raises me + them, so the chain is acyclic apart from
    # the tie self-loop: solve it backwards over states by decreasing me + them.
    win, rounds = {}, {}
    for total in range(2 * target - 2, -1, -1):
        for me in range(max(0, total - target + 1), min(total, target - 1) + 1):
            them = total - me
            pw, er = zero, 1
            for m, p in steps:
                if m > 0 and me + m >= target:
                    pw = pw + p
                elif m > 0 or them - m < target:
                    nxt = (me + m, them) if m > 0 else (me, them - m)
                    pw = pw + p * win[nxt]
                    er = er + p * rounds[nxt]
            win[(me, them)] = pw / go
            rounds[(me, them)] = er / go
    p_win, sides = win[(0, 0)], (rr.dice, rr.difficulty, rr.specialty)
    sides += (rr.versus, rr.versus_difficulty, rr.versus_specialty)
    race = (target, p_win, 1 - p_win, rounds[(0, 0)])
    return ResistedExtended(*sides, *race, exact, rr.rules, rr.versus_rules)
