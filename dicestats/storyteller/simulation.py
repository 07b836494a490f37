"""The Monte Carlo forms of ``pool``, ``multiple_actions`` and ``extended``.

As :mod:`dicestats.core.question` expects them (``batch_``, ``reduce_`` and
``batch_size_<question>``); every batch rolls with :func:`.evaluate.roll_pools`, the
evaluator the exact engine is tested against.

Examples
--------
>>> from dicestats.storyteller import multiple_actions
>>> multiple_actions([7, 6, 6], trials=2_000, rng=1).pools   # Hall
[4, 2, 1]
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial

import numpy as np

from ..core import montecarlo as mc
from ..core.results import Estimate, z_value
from .actions import MultipleActions, action_rows
from .evaluate import roll_pools
from .extended_resisted import WITHIN, Extended
from .pools import Pool


def batch_size_for(dice: int) -> int:
    """Trials per batch: the engine's default, smaller for big pools (bounded memory).

    A batch holds ``trials × dice`` faces: pools up to 64 dice use
    :data:`~dicestats.core.montecarlo.DEFAULT_BATCH`, a 1000-die pool 4,194.

    >>> batch_size_for(10), batch_size_for(1000)
    (65536, 4194)
    """
    return max(1024, min(mc.DEFAULT_BATCH, 2**22 // max(dice, 1)))


# --------------------------------------------------------------------------- one pool
def _roll_pool(dice, d, rules, rng, n):
    """Batch function: roll one pool, sum the outcome counts and the net histogram."""
    out = roll_pools(rng, n, dice, d, rules)  # the rules of the roll
    return {
        "success": int(out.success.sum()),
        "botch": int(out.botch.sum()),
        "net": np.bincount(out.net),
    }


def batch_pool(s):
    return partial(_roll_pool, s.dice, s.difficulty, s.rules._for_roll(s.specialty))


def batch_size_pool(s) -> int:
    return batch_size_for(s.dice)


batch_size_extended = batch_size_pool  # a batch holds trials × dice faces in both


def reduce_pool(s, res) -> Pool:
    """The estimated odds of one pool from its summed batches."""
    hist, t = [int(c) for c in res["net"]], res.trials
    share = partial(mc.wilson, trials=t, confidence=res.confidence)
    total = sum(k * c for k, c in enumerate(hist))
    total_sq = sum(k * k * c for k, c in enumerate(hist))
    outcomes = (res.proportion("success"), share(t - res["success"] - res["botch"]))
    outcomes += (res.proportion("botch"), mc.mean_estimate(total, total_sq, t, res.confidence))
    degrees = (*(share(hist[k] if k < len(hist) else 0) for k in range(1, 5)), share(sum(hist[5:])))
    odds = (*outcomes, *degrees, *(share(sum(hist[k:])) for k in range(1, 6)))  # then p_ge_1..5
    net = {k: share(c) for k, c in enumerate(hist)}
    roll = (s.dice, s.difficulty, s.rules, s.rules._for_roll(s.specialty)._specialty)
    return Pool(*roll, *odds, net, net_tail=0.0, exact=False, trials=t)


# --------------------------------------------------------------------------- multiple actions
def _roll_actions(sizes, diffs, rules, rng, n):
    """Batch function: every declared action rolled once per trial (``rules``: one per action)."""
    k = len(sizes)
    succ, botch = np.zeros((n, k), dtype=bool), np.zeros((n, k), dtype=bool)
    for i, (size, d, roll) in enumerate(zip(sizes, diffs, rules, strict=True)):
        if size >= 1:  # one vectorized roll per action
            out = roll_pools(rng, n, size, d, roll)
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


def batch_multiple_actions(s):
    rules = [s.rules._for_roll(sp) for sp in s.specialties]
    return partial(_roll_actions, s.sizes, s.difficulties, rules)


def batch_size_multiple_actions(s) -> int:
    return batch_size_for(max(s.pools))


def reduce_multiple_actions(s, res) -> MultipleActions:
    """The estimated odds of several actions from their summed batches."""
    odds = [(res.proportion("success", i), res.proportion("botch", i)) for i in range(len(s.pools))]
    figures = (res.proportion("all"), res.mean("n_ok"), dict(enumerate(res.proportions("count"))))
    figures += (res.proportion("any_botch"), False, res.trials)
    return MultipleActions(action_rows(s, odds), *figures, rules=s.rules)


# --------------------------------------------------------------------------- extended
def _roll_extended(dice, d, target, rules, on_botch, limit, rng, n):
    """Batch function: every trial rolls round after round until it ends."""
    score = np.zeros(n, dtype=np.int64)
    live = np.arange(n)  # trials still rolling
    end = np.zeros(n, dtype=np.int64)  # roll on which each trial ended
    done, failed = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    for t in range(1, limit + 1):  # one vectorized roll per round for the live trials
        if live.size == 0:
            break
        out = roll_pools(rng, live.size, dice, d, rules)
        b = out.botch
        s = score[live] + np.where(b, 0, out.net)
        if on_botch == "resets":
            s = np.where(b, 0, s)
        score[live] = s
        fin = s >= target
        fail = b & ~fin if on_botch == "ends" else np.zeros_like(fin)
        stop = fin | fail
        done[live[fin]] = True
        failed[live[fail]] = True
        end[live[stop]] = t
        live = live[~stop]
    end[live] = limit  # timeout (round limit) or unfinished (max_rounds)
    return {
        "done": int(done.sum()),
        "failed": int(failed.sum()),
        "open": int(live.size),
        "end": np.bincount(end, minlength=limit + 1),
        "done_at": np.bincount(end[done], minlength=limit + 1),
    }


def _variance_estimate(hist, trials: int, confidence: float) -> Estimate:
    """The sample variance of a count from its histogram, with a normal interval.

    Its standard error is ``sqrt((m4 - m2**2) / n)`` from the central moments
    (computed exactly from the integer histogram).
    """
    n = trials
    e1, e2, e3, e4 = (Fraction(sum(c * x**k for x, c in enumerate(hist)), n) for k in range(1, 5))
    m2 = e2 - e1**2  # the central moments, from the raw ones
    m4 = e4 - 4 * e1 * e3 + 6 * e1**2 * e2 - 3 * e1**4
    var = float(m2 * n / (n - 1)) if n > 1 else 0.0
    se = math.sqrt(max(float((m4 - m2 * m2) / n), 0.0))
    z = z_value(confidence)
    return Estimate(var, se, var - z * se, var + z * se, n, "mean", confidence)


def given_success_estimate(done_at, trials: int, confidence: float = 0.95):
    """``E[rolls | done]`` of a simulated task: Σ r·done_r / Σ done_r, or None.

    ``done_at[r]`` counts the trials done on roll ``r``; one trial contributes
    ``y = rolls`` and ``x = 1`` when it is done (both 0 otherwise), so the
    ratio's delta-method interval applies.
    """
    done = [int(c) for c in done_at]
    n = sum(done)
    if not n:
        return None
    s1 = sum(r * c for r, c in enumerate(done))
    s2 = sum(r * r * c for r, c in enumerate(done))
    return mc.ratio_estimate(s1, n, s2, n, s1, trials, confidence, "mean")


def batch_extended(s):
    limit = s.rounds if s.rounds is not None else s.max_rounds
    roll = s.rules._for_roll(s.specialty)
    return partial(_roll_extended, s.dice, s.difficulty, s.target, roll, s.on_botch, limit)


def reduce_extended(s, res) -> Extended:
    """The estimated odds of an extended action from its summed batches."""
    rounds, t, conf = s.rounds, res.trials, res.confidence
    hist = [int(c) for c in res["end"]]
    timeout = res["open"] if rounds is not None else 0
    unfinished = res["open"] if rounds is None else 0
    within = np.cumsum(res["done_at"][1:])[: rounds if rounds is not None else WITHIN]
    total = sum(r * c for r, c in enumerate(hist))
    total_sq = sum(r * r * c for r, c in enumerate(hist))
    task = (s.dice, s.difficulty, s.rules._for_roll(s.specialty)._specialty, s.target, s.on_botch)
    probs = (res.proportion("done"), res.proportion("failed"), mc.wilson(timeout, t, conf))
    probs += (mc.wilson(unfinished, t, conf),)
    moments = (mc.mean_estimate(total, total_sq, t, conf), _variance_estimate(hist, t, conf))
    within = tuple(mc.wilson(int(c), t, conf) for c in within)
    rolls = {r: mc.wilson(c, t, conf) for r, c in enumerate(hist) if c}
    given = given_success_estimate(res["done_at"], t, conf)
    # nothing lumped into the top of rolls (0.0): unfinished trials are p_unfinished
    return Extended(*task, rounds, *probs, *moments, within, rolls, 0.0, False, t, given, s.rules)
