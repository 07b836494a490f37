"""The Monte Carlo twin: the same questions answered by seeded simulation.

Each function rolls dice with :func:`.evaluate.roll_pools` (the evaluator the
exact engine is tested against, with its one ten-again algorithm) in
vectorized batches run by :mod:`dicestats.core.montecarlo`, and returns the
same result class as its exact counterpart, with
:class:`~dicestats.core.results.Estimate` values (each with its standard error
and 95% interval) in place of Fractions:

=================================  ====================================
Monte Carlo                        computed
=================================  ====================================
:func:`simulate`                   :func:`.pools.pool` → ``PoolOdds``
:func:`simulate_multiple_actions`  :func:`.actions.multiple_actions`
:func:`simulate_extended`          :func:`.extended_resisted.extended`
=================================  ====================================

They take ``trials`` (default :data:`~dicestats.core.montecarlo.DEFAULT_TRIALS`),
``rng`` (a seed, ``SeedSequence`` or ``Generator``), ``workers``, ``executor``
(any ``concurrent.futures.Executor``, e.g. a Dask cluster's) and ``progress``,
all keyword-only; the same seed gives the same result for any number of workers
and on any executor. They are also the tool for variants the exact code does
not cover (long targets, many rounds).

Examples
--------
>>> from dicestats.storyteller import pool
>>> r = simulate(5, 6, trials=20_000, rng=1)
>>> exact = pool(5, 6)
>>> abs(r.p_success.value - exact.p_success) < 4.5 * r.p_success.stderr
True
>>> simulate_multiple_actions([7, 6, 6], trials=2_000, rng=1).pools   # Hall
[4, 2, 1]
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..core import montecarlo as mc
from ..core.checks import check_bool, check_choice
from ..core.results import Estimate, z_value
from .evaluate import roll_pools
from .extended_resisted import ON_BOTCH, WITHIN, Extended, given_success_estimate
from .limits import LIMITS
from .multiple import MultipleActions, action_rows, check_actions
from .pools import PoolOdds
from .rules import REVISED, Rules, check_difficulty, check_rules, renamed

__all__ = ["simulate", "simulate_multiple_actions", "simulate_extended", "batch_size_for"]


def batch_size_for(dice: int) -> int:
    """Trials per batch: the engine's default, smaller for big pools (bounded memory).

    A batch holds ``trials × dice`` faces: pools up to 64 dice use
    :data:`~dicestats.core.montecarlo.DEFAULT_BATCH`, a 1000-die pool 4,194.

    >>> batch_size_for(10), batch_size_for(1000)
    (65536, 4194)
    """
    return max(1024, min(mc.DEFAULT_BATCH, 2**22 // max(dice, 1)))


def _run(fn, trials, rng, workers, progress, batch_size, dice, desc, executor=None):
    return mc.run(
        fn,
        trials=trials,
        rng=rng,
        batch_size=batch_size_for(dice) if batch_size is None else batch_size,
        workers=workers,
        executor=executor,
        progress=progress,
        desc=desc,
    )


# --------------------------------------------------------------------------- one pool
class _Pool:
    """Batch function: roll one pool, sum the outcome counts and the net histogram."""

    def __init__(self, dice, difficulty, rules):
        self.dice, self.d, self.rules = dice, difficulty, rules

    def __call__(self, rng, n):
        out = roll_pools(rng, n, self.dice, self.d, self.rules)  # the rules of the roll
        return {
            "success": int(out.success.sum()),
            "botch": int(out.botch.sum()),
            "net": np.bincount(out.net),
        }


def simulate(
    dice: int,
    difficulty: int = 6,
    rules: Rules = REVISED,
    *,
    specialty: bool = False,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    batch_size: int | None = None,
) -> PoolOdds:
    """Roll ``trials`` pools and estimate their odds: the Monte Carlo twin of :func:`pool`.

    Returns a :class:`~.pools.PoolOdds` whose probabilities and ``mean_net``
    are Estimates and whose ``net`` is ``{net: Estimate}``. Pools of
    1..1000 dice under any rules; ``specialty`` as in :func:`.pools.pool`.

    Examples
    --------
    >>> r = simulate(3, 6, trials=1000, rng=1)
    >>> r.trials, r.exact
    (1000, False)
    """
    rules = check_rules(rules)
    roll = rules._for_roll(check_bool("specialty", specialty))
    n = LIMITS["dice"].check(dice)
    d = check_difficulty(difficulty, rules)
    res = _run(_Pool(n, d, roll), trials, rng, workers, progress, batch_size, n, "pool", executor)
    hist = [int(c) for c in res["net"]]
    t = res.trials

    def share(count):
        return mc.wilson(count, t, res.confidence)

    total = sum(k * c for k, c in enumerate(hist))
    total_sq = sum(k * k * c for k, c in enumerate(hist))
    return PoolOdds(
        n,
        d,
        rules,
        roll._specialty,
        res.proportion("success"),
        share(t - res["success"] - res["botch"]),
        res.proportion("botch"),
        mc.mean_estimate(total, total_sq, t, res.confidence),
        *(share(hist[k] if k < len(hist) else 0) for k in range(1, 5)),  # marginal..exceptional
        share(sum(hist[5:])),  # phenomenal
        *(share(sum(hist[k:])) for k in range(1, 6)),  # p_ge_1..p_ge_5
        net={k: share(c) for k, c in enumerate(hist)},
        net_tail=0.0,
        exact=False,
        trials=t,
    )


# --------------------------------------------------------------------------- multiple actions
class _Multiple:
    """Batch function: every declared action rolled once per trial."""

    def __init__(self, sizes, diffs, rules):
        self.sizes, self.diffs, self.rules = sizes, diffs, rules  # rules: one per action

    def __call__(self, rng, n):
        k = len(self.sizes)
        succ = np.zeros((n, k), dtype=bool)
        botch = np.zeros((n, k), dtype=bool)
        for i, (size, d, rules) in enumerate(zip(self.sizes, self.diffs, self.rules, strict=True)):
            if size >= 1:  # one vectorized roll per action
                out = roll_pools(rng, n, size, d, rules)
                succ[:, i] = out.success
                botch[:, i] = out.botch
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


def simulate_multiple_actions(
    pools,
    difficulty=6,
    rules: Rules = REVISED,
    *,
    specialty=False,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    batch_size: int | None = None,
) -> MultipleActions:
    """Simulate several actions declared in one round: the twin of :func:`multiple_actions`.

    With ``k >= 2`` actions, action ``i`` rolls ``pools[i-1] - k - (i - 1)``
    dice (:func:`.actions.reduced_pools`; 0 or less: it cannot be attempted);
    a single action rolls its full pool. ``specialty``: a bool for every
    action or one per action.

    Examples
    --------
    >>> r = simulate_multiple_actions([7, 6, 6], trials=10_000, rng=2)
    >>> r.pools, len(r.successes)
    ([4, 2, 1], 4)
    """
    rules, base, sizes, diffs, specs = check_actions(
        pools, difficulty, rules, specialty, False, computed=False
    )
    fn = _Multiple(sizes, diffs, [rules._for_roll(sp) for sp in specs])
    res = _run(
        fn, trials, rng, workers, progress, batch_size, max(base), "multiple actions", executor
    )
    odds = [(res.proportion("success", i), res.proportion("botch", i)) for i in range(len(base))]
    return MultipleActions(
        action_rows(base, sizes, diffs, specs, odds),
        res.proportion("all"),
        res.mean("n_ok"),
        dict(enumerate(res.proportions("count"))),
        res.proportion("any_botch"),
        False,
        res.trials,
    )


# --------------------------------------------------------------------------- extended
class _Extended:
    """Batch function: every trial rolls round after round until it ends."""

    def __init__(self, dice, difficulty, target, rules, on_botch, limit):
        self.dice, self.d, self.target, self.rules = dice, difficulty, target, rules
        self.on_botch, self.limit = on_botch, limit

    def __call__(self, rng, n):
        score = np.zeros(n, dtype=np.int64)
        live = np.arange(n)  # trials still rolling
        end = np.zeros(n, dtype=np.int64)  # roll on which each trial ended
        done = np.zeros(n, dtype=bool)
        failed = np.zeros(n, dtype=bool)
        for t in range(1, self.limit + 1):  # one vectorized roll per round for the live trials
            if live.size == 0:
                break
            out = roll_pools(rng, live.size, self.dice, self.d, self.rules)
            b = out.botch
            s = score[live] + np.where(b, 0, out.net)
            if self.on_botch == "resets":
                s = np.where(b, 0, s)
            score[live] = s
            fin = s >= self.target
            fail = b & ~fin if self.on_botch == "ends" else np.zeros_like(fin)
            stop = fin | fail
            done[live[fin]] = True
            failed[live[fail]] = True
            end[live[stop]] = t
            live = live[~stop]
        end[live] = self.limit  # timeout (round limit) or unfinished (max_rounds)
        return {
            "done": int(done.sum()),
            "failed": int(failed.sum()),
            "open": int(live.size),
            "end": np.bincount(end, minlength=self.limit + 1),
            "done_at": np.bincount(end[done], minlength=self.limit + 1),
        }


def _variance_estimate(hist, trials: int, confidence: float) -> Estimate:
    """The sample variance of a count from its histogram, with a normal interval.

    Its standard error is ``sqrt((m4 - m2**2) / n)`` from the central moments
    (computed exactly from the integer histogram).
    """
    n = trials
    s = [sum(c * x**k for x, c in enumerate(hist)) for k in range(5)]
    mean = Fraction(s[1], n)
    m2 = Fraction(s[2], n) - mean**2
    m4 = (
        Fraction(s[4], n)
        - 4 * mean * Fraction(s[3], n)
        + 6 * mean**2 * Fraction(s[2], n)
        - 3 * mean**4
    )
    var = float(m2 * n / (n - 1)) if n > 1 else 0.0
    se = math.sqrt(max(float((m4 - m2 * m2) / n), 0.0))
    z = z_value(confidence)
    return Estimate(var, se, var - z * se, var + z * se, n, "mean", confidence)


def simulate_extended(
    dice: int,
    difficulty: int,
    target: int,
    rules: Rules = REVISED,
    *,
    on_botch: str = "resets",
    rounds: int | None = None,
    max_rounds: int = 1000,
    specialty: bool = False,
    trials: int = mc.DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    batch_size: int | None = None,
    botch: str | None = None,
) -> Extended:
    """Simulate an extended action: the twin of :func:`.extended_resisted.extended`.

    Parameters
    ----------
    dice, difficulty, target, rules, on_botch, rounds, specialty
        As in :func:`.extended_resisted.extended` (target up to 10,000, rounds up to
        100,000; ``botch`` is the deprecated spelling of ``on_botch``).
    max_rounds : int
        Without a round limit, stop simulating a trial after this many rolls
        (counted in ``p_unfinished``; its rolls count ``max_rounds``, so the
        mean is a lower bound if ``p_unfinished`` > 0).

    Returns
    -------
    Extended
        ``rolls`` is ``{r: Estimate of P(it ends on roll r)}`` over the
        rolls seen.

    Examples
    --------
    >>> e = simulate_extended(3, 6, 4, rounds=5, trials=10_000, rng=0)
    >>> round(e.p_success.value + e.p_timeout.value + e.p_failed.value, 12)
    1.0
    """
    rules = check_rules(rules)
    roll = rules._for_roll(check_bool("specialty", specialty))
    on_botch = renamed("botch", "on_botch", on_botch, botch)
    n = LIMITS["dice"].check(dice)
    d = check_difficulty(difficulty, rules)
    target = LIMITS["target, simulated"].check(target, name="target")
    check_choice("on_botch", on_botch, ON_BOTCH)
    if rounds is not None:
        rounds = LIMITS["rounds, simulated"].check(rounds, name="rounds")
    max_rounds = LIMITS["max_rounds"].check(max_rounds)
    limit = rounds if rounds is not None else max_rounds
    fn = _Extended(n, d, target, roll, on_botch, limit)
    res = _run(fn, trials, rng, workers, progress, batch_size, n, "extended actions", executor)
    t, conf = res.trials, res.confidence
    hist = [int(c) for c in res["end"]]
    timeout = res["open"] if rounds is not None else 0
    unfinished = res["open"] if rounds is None else 0
    within = np.cumsum(res["done_at"][1:])[: rounds if rounds is not None else WITHIN]
    total = sum(r * c for r, c in enumerate(hist))
    total_sq = sum(r * r * c for r, c in enumerate(hist))
    return Extended(
        n,
        d,
        roll._specialty,
        target,
        on_botch,
        rounds,
        res.proportion("done"),
        res.proportion("failed"),
        mc.wilson(timeout, t, conf),
        mc.wilson(unfinished, t, conf),
        mc.mean_estimate(total, total_sq, t, conf),
        _variance_estimate(hist, t, conf),
        tuple(mc.wilson(int(c), t, conf) for c in within),
        {r: mc.wilson(c, t, conf) for r, c in enumerate(hist) if c},
        0.0,  # nothing lumped: unfinished trials are p_unfinished
        False,
        t,
        given_success_estimate(res["done_at"], t, conf),
    )
