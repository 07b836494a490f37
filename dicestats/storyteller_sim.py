"""Monte Carlo of Storyteller scenarios: multiple actions in a round, extended actions.

Vectorized simulations (a batch of trials is numpy arrays) run by
:mod:`dicestats.core.montecarlo`, so they are seeded, identical for any number of
workers, and report standard errors. They check — and are checked against —
the exact results of :mod:`dicestats.storyteller` (RULES.md §2), and they are
the tool for variants the exact code does not cover.

Public API
----------
multiple_actions(pools, difficulty=6, rules=None, trials=100_000, rng=None, ...)
    k actions declared in one round: action i (1-based) rolls
    ``pools[i-1] - k - (i - 1)`` dice (0 or less: it cannot be attempted).
    Returns :class:`MultipleActionsSim`.
extended(dice, difficulty, target, rules=None, *, botch="resets", rounds=None, ...)
    Roll the pool once per round and add net successes until ``target``.
    Returns :class:`ExtendedSim`.
roll_pools(rng, n, dice, difficulty, rules=None)
    ``n`` rolls of one pool, evaluated (dict of arrays ``net``, ``botch``,
    ``success``): the building block of both.

Rolls are evaluated with :func:`dicestats.storyteller.evaluate_rolls` (every
rule flag, ten-again included). Should that function be missing, a plain numpy
evaluation of the default rules (rule of one, revised botch, no ten-again) is
used instead and any other rule set is refused.

Examples
--------
>>> r = multiple_actions([7, 6, 6], trials=20_000, rng=1)   # Hall: 4, 2 and 1 dice
>>> r.pools
[4, 2, 1]
>>> e = extended(1, 6, 1, botch="zero", trials=20_000, rng=1)   # geometric, p = 1/2
>>> abs(e.mean_rolls.value - 2) < 4.5 * e.mean_rolls.stderr
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .core import montecarlo as mc
from .core.checks import check_choice, check_int, check_int_list

__all__ = [
    "multiple_actions",
    "MultipleActionsSim",
    "extended",
    "ExtendedSim",
    "roll_pools",
    "MAX_POOL",
]

#: Largest pool simulated.
MAX_POOL = 1000


def _storyteller():
    from . import storyteller

    return storyteller


def _default_rules():
    st = _storyteller()
    return st.Rules() if hasattr(st, "Rules") else None


def _check_rules(rules):
    st = _storyteller()
    if rules is None:
        return _default_rules()
    if hasattr(st, "Rules") and not isinstance(rules, st.Rules):
        raise TypeError(f"rules must be a storyteller.Rules value, got {rules!r}")
    if not hasattr(st, "evaluate_rolls") and rules != _default_rules():
        raise ValueError("only the default rules can be simulated without storyteller")
    return rules


def _check_difficulty(name, d, rules):
    clamp = rules is not None and getattr(rules, "above_ten", "impossible") == "clamp"
    return min(check_int(name, d, 2), 10) if clamp else check_int(name, d, 2, 10)


def _evaluate_default(faces, difficulty):
    """Default rules, plain numpy: ≥ difficulty succeeds (10 always), each 1 cancels one;
    a botch is no success at all and at least one 1."""
    succ = (faces >= difficulty).sum(axis=1)
    ones = (faces == 1).sum(axis=1)
    net = np.maximum(succ - ones, 0)
    botch = (succ == 0) & (ones >= 1)
    return {"net": net, "botch": botch, "success": net >= 1}


def roll_pools(rng, n, dice, difficulty, rules=None):
    """Roll ``n`` pools of ``dice`` d10 and evaluate them (vectorized).

    Parameters
    ----------
    rng : numpy.random.Generator
        The stream to draw from.
    n : int
        Number of rolls.
    dice : int
        Pool size (1..1000).
    difficulty : int
        2..10.
    rules : storyteller.Rules, optional
        Default: ``Rules()``. With ten-again, extra dice are drawn column by
        column (vectorized over the rolls) until every chain has ended.

    Returns
    -------
    dict
        ``net`` (int array), ``botch`` and ``success`` (bool arrays).

    Examples
    --------
    >>> out = roll_pools(np.random.default_rng(0), 5, 3, 6)
    >>> sorted(out), out["net"].shape
    (['botch', 'net', 'success'], (5,))
    """
    st = _storyteller()
    rules = _check_rules(rules)
    dice = check_int("dice", dice, 1, MAX_POOL)
    difficulty = _check_difficulty("difficulty", difficulty, rules)
    faces = rng.integers(1, 10, endpoint=True, size=(n, dice))
    if not hasattr(st, "evaluate_rolls"):
        return _evaluate_default(faces, difficulty)
    extra = None
    if rules.rerolls:
        need = (faces == 10).sum(axis=1)
        cols = []
        j = 0
        while True:
            active = need > j
            if not active.any():
                break
            col = rng.integers(1, 10, endpoint=True, size=n)
            cols.append(col)
            if rules.chain:
                need = need + (active & (col == 10))
            j += 1
        extra = np.stack(cols, axis=1) if cols else np.ones((n, 1), dtype=np.int64)
    out = st.evaluate_rolls(faces, difficulty, rules, extra)
    return {"net": out["net"], "botch": out["botch"], "success": out["success"]}


# =========================================================================== multiple
@dataclass(frozen=True)
class MultipleActionsSim:
    """Simulated multiple actions in one round.

    Attributes
    ----------
    pools : list of int
        The dice each action rolls after the reduction (<= 0: not attempted).
    p_success, p_botch : list of Estimate
        Per action.
    p_all : Estimate
        Every action succeeds.
    successes : list of Estimate
        ``successes[j]``: P(exactly j actions succeed), j = 0..k.
    mean_successes : Estimate
        Expected number of successful actions.
    p_any_botch : Estimate
        At least one action botches.
    raw : montecarlo.Result
    """

    pools: list
    p_success: list
    p_botch: list
    p_all: mc.Estimate
    successes: list
    mean_successes: mc.Estimate
    p_any_botch: mc.Estimate
    raw: mc.Totals


class _Multiple:
    def __init__(self, sizes, diffs, rules):
        self.sizes, self.diffs, self.rules = sizes, diffs, rules

    def __call__(self, rng, n):
        k = len(self.sizes)
        succ = np.zeros((n, k), dtype=bool)
        botch = np.zeros((n, k), dtype=bool)
        for i, (size, d) in enumerate(zip(self.sizes, self.diffs, strict=True)):
            if size >= 1:  # one vectorized roll per action
                out = roll_pools(rng, n, size, d, self.rules)
                succ[:, i] = out["success"]
                botch[:, i] = out["botch"]
        count = succ.sum(axis=1)
        return {
            "success": succ.sum(axis=0),
            "botch": botch.sum(axis=0),
            "all": int(np.count_nonzero(count == k)),
            "any_botch": int(np.count_nonzero(botch.any(axis=1))),
            "count": np.bincount(count, minlength=k + 1),
            "n_ok": int(count.sum()),
            "n_ok_sq": int((count * count).sum()),
        }


def _diff_list(difficulty, k, rules):
    if isinstance(difficulty, (list, tuple, np.ndarray)):
        out = [_check_difficulty(f"difficulty[{i}]", d, rules) for i, d in enumerate(difficulty)]
        if len(out) != k:
            raise ValueError(f"difficulty must give one value per action ({k}), got {len(out)}")
        return out
    return [_check_difficulty("difficulty", difficulty, rules)] * k


def multiple_actions(
    pools,
    difficulty=6,
    rules=None,
    trials: int = 100_000,
    rng=None,
    *,
    workers: int = 1,
    batch_size: int = mc.DEFAULT_BATCH,
    progress: bool | None = None,
) -> MultipleActionsSim:
    """Simulate k actions declared in one round (RULES.md §2, seed 004).

    Parameters
    ----------
    pools : list of int
        Each action's full pool (1..1000), in the order taken.
    difficulty : int or list of int
        One difficulty for all actions or one per action.
    rules : storyteller.Rules, optional
        Default ``Rules()``.
    trials, rng, workers, batch_size, progress
        As in :func:`dicestats.core.montecarlo.run`.

    Returns
    -------
    MultipleActionsSim

    Examples
    --------
    >>> r = multiple_actions([7, 6, 6], trials=10_000, rng=2)
    >>> r.pools, len(r.successes)
    ([4, 2, 1], 4)
    """
    pools = check_int_list("pools", pools, 1, MAX_POOL)
    rules = _check_rules(rules)
    k = len(pools)
    diffs = _diff_list(difficulty, k, rules)
    trials = check_int("trials", trials, 1)
    sizes = [base - k - (i - 1) for i, base in enumerate(pools, start=1)]
    res = mc.run(
        _Multiple(sizes, diffs, rules),
        trials,
        rng,
        batch_size=batch_size,
        workers=workers,
        progress=progress,
        desc="multiple actions",
    )
    return MultipleActionsSim(
        pools=sizes,
        p_success=[res.proportion("success", i) for i in range(k)],
        p_botch=[res.proportion("botch", i) for i in range(k)],
        p_all=res.proportion("all"),
        successes=res.proportions("count"),
        mean_successes=res.mean("n_ok"),
        p_any_botch=res.proportion("any_botch"),
        raw=res,
    )


# =========================================================================== extended
@dataclass(frozen=True)
class ExtendedSim:
    """Simulated extended action.

    Attributes
    ----------
    p_success : Estimate
        The target was reached.
    p_failed : Estimate
        A botch ended the task (``botch="ends"``).
    p_timeout : Estimate
        The round limit ran out first.
    p_unfinished : Estimate
        Still running after ``max_rounds`` rolls without a round limit (the
        simulation stopped there; 0 in any sensible setup — check it).
    mean_rolls : Estimate
        Rolls until done, failed or out of rounds (unfinished trials count
        ``max_rounds``: a lower bound if ``p_unfinished`` > 0).
    rolls : list of Estimate
        ``rolls[r-1]``: P(it ends — done, failed or timeout — on roll r).
    p_done_within : list of float
        ``[r-1]``: P(done within r rolls).
    raw : montecarlo.Result
    """

    p_success: mc.Estimate
    p_failed: mc.Estimate
    p_timeout: mc.Estimate
    p_unfinished: mc.Estimate
    mean_rolls: mc.Estimate
    rolls: list
    p_done_within: list
    raw: mc.Totals


class _Extended:
    def __init__(self, dice, difficulty, target, rules, botch, rounds, max_rounds):
        self.dice, self.d, self.target, self.rules = dice, difficulty, target, rules
        self.botch, self.rounds, self.max_rounds = botch, rounds, max_rounds

    def __call__(self, rng, n):
        limit = self.rounds if self.rounds is not None else self.max_rounds
        score = np.zeros(n, dtype=np.int64)
        live = np.arange(n)  # trials still rolling
        end = np.zeros(n, dtype=np.int64)  # roll on which each trial ended
        done = np.zeros(n, dtype=bool)
        failed = np.zeros(n, dtype=bool)
        for t in range(1, limit + 1):  # one vectorized roll per round for all live trials
            if live.size == 0:
                break
            out = roll_pools(rng, live.size, self.dice, self.d, self.rules)
            b = out["botch"]
            s = score[live] + np.where(b, 0, out["net"])
            if self.botch == "resets":
                s = np.where(b, 0, s)
            score[live] = s
            fin = s >= self.target
            fail = b & ~fin if self.botch == "ends" else np.zeros_like(fin)
            stop = fin | fail
            done[live[fin]] = True
            failed[live[fail]] = True
            end[live[stop]] = t
            live = live[~stop]
        end[live] = limit  # timeout (round limit) or unfinished (max_rounds)
        hist = np.bincount(end, minlength=limit + 1)[1:]
        return {
            "done": int(done.sum()),
            "failed": int(failed.sum()),
            "open": int(live.size),
            "end": hist,
            "done_at": np.bincount(end[done], minlength=limit + 1)[1:],
            "n_rolls": int(end.sum()),
            "n_rolls_sq": int((end * end).sum()),
        }


def extended(
    dice: int,
    difficulty: int,
    target: int,
    rules=None,
    *,
    botch: str = "resets",
    rounds: int | None = None,
    max_rounds: int = 1000,
    trials: int = 100_000,
    rng=None,
    workers: int = 1,
    batch_size: int = mc.DEFAULT_BATCH,
    progress: bool | None = None,
) -> ExtendedSim:
    """Simulate an extended action (RULES.md §2): roll each round until ``target``.

    Parameters
    ----------
    dice : int
        Pool size (1..1000).
    difficulty : int
        2..10.
    target : int
        Net successes needed (>= 1).
    rules : storyteller.Rules, optional
        Default ``Rules()``.
    botch : {"resets", "ends", "zero"}
        A botch loses all accumulated successes (default), ends the task, or
        only scores 0.
    rounds : int, optional
        Round limit: not done after that many rolls is a timeout.
    max_rounds : int
        Without a round limit, stop simulating a trial after this many rolls
        (counted in ``p_unfinished``).
    trials, rng, workers, batch_size, progress
        As in :func:`dicestats.core.montecarlo.run`.

    Returns
    -------
    ExtendedSim

    Examples
    --------
    >>> e = extended(3, 6, 4, rounds=5, trials=10_000, rng=0)
    >>> round(e.p_success.value + e.p_timeout.value + e.p_failed.value, 12)
    1.0
    """
    dice = check_int("dice", dice, 1, MAX_POOL)
    rules = _check_rules(rules)
    difficulty = _check_difficulty("difficulty", difficulty, rules)
    target = check_int("target", target, 1, 10_000)
    check_choice("botch", botch, ("resets", "ends", "zero"))
    if rounds is not None:
        rounds = check_int("rounds", rounds, 1, 100_000)
    max_rounds = check_int("max_rounds", max_rounds, 1, 100_000)
    trials = check_int("trials", trials, 1)
    fn = _Extended(dice, difficulty, target, rules, botch, rounds, max_rounds)
    res = mc.run(
        fn,
        trials,
        rng,
        batch_size=batch_size,
        workers=workers,
        progress=progress,
        desc="extended actions",
    )
    timeout = res["open"] if rounds is not None else 0
    unfinished = res["open"] if rounds is None else 0
    within = np.cumsum(res["done_at"]) / res.trials
    return ExtendedSim(
        p_success=res.proportion("done"),
        p_failed=res.proportion("failed"),
        p_timeout=mc.wilson(timeout, res.trials),
        p_unfinished=mc.wilson(unfinished, res.trials),
        mean_rolls=res.mean("n_rolls"),
        rolls=res.proportions("end"),
        p_done_within=within.tolist(),
        raw=res,
    )
