"""The Monte Carlo engine shared by every simulation in dicestats.

A simulation is a *batch function* ``batch_fn(rng, n) -> dict``: it simulates
``n`` independent trials with the ``numpy.random.Generator`` it is given, as
numpy arrays (no Python loop per trial), and returns **summed** statistics —
counts, histograms, sums and sums of squares — never per-trial arrays. The
engine splits the requested trials into fixed-size batches, gives batch ``i``
its own stream (child ``i`` of one ``SeedSequence`` derived from ``rng``), adds
the batch results up in batch order and turns them into estimates with
standard errors and 95% intervals.

Because every batch has its own stream and its own fixed size, the result is
identical — bit for bit — whatever the number of worker processes, the machine
that runs a batch or the order in which batches finish. Memory is bounded by one
batch per worker, whatever the number of trials.

Where the batches run: in this process (``workers=1``), in ``workers`` local
processes, or on any :class:`concurrent.futures.Executor` given as ``executor=``
(a process pool you keep across runs, or a Dask cluster's
``distributed.Client(...).get_executor()``; a Dask ``Client`` itself is taken
too). Each batch travels as one small task — the batch function, the run's
``SeedSequence``, the batch's index and size — and comes back as its summed
statistics; sums are added in batch order, so every executor gives the same
bytes. A task lost with its machine is simply run again (Dask does this by
itself): a batch's result depends only on its task.

Public API
----------
run(batch_fn, *, trials, rng=None, batch_size=65536, workers=1, executor=None, progress=None)
    Run ``trials`` trials; returns a :class:`Totals`.
run_until(batch_fn, name, stderr, *, max_trials, index=None, kind="proportion", ...)
    Run batches until the standard error of one estimate is at most ``stderr``.
Totals
    ``.trials``, ``.totals`` (the summed batch dicts), ``.proportion(name, index)``,
    ``.mean(name, index, scale)`` (needs ``name`` and ``name + "_sq"`` sums),
    ``.ratio(num, den)`` (Σy/Σx with a delta-method interval),
    ``.pmf(name)`` and ``.proportions(name)`` for histograms.
Estimate
    ``value, stderr, ci_low, ci_high, trials, kind, confidence``; prints as
    ``43.2% ± 0.3% (95% CI 42.6–43.8%, n=100,000)``.
wilson(successes, trials, confidence=0.95) / mean_estimate(total, total_sq, trials, ...)
/ ratio_estimate(sum_y, sum_x, sum_yy, sum_xx, sum_xy, trials)
    The interval formulas on their own.
seed_sequence(rng)
    The ``SeedSequence`` a run derives its batch streams from.
LIMITS
    The caps on ``trials``, ``workers`` and ``batch_size``, with their reasons.

Examples
--------
>>> import numpy as np
>>> def coin(rng, n):
...     return {"heads": int((rng.integers(0, 2, size=n) == 1).sum())}
>>> res = run(coin, trials=10_000, rng=1)
>>> est = res.proportion("heads")
>>> est.trials, abs(est.value - 0.5) < 5 * est.stderr
(10000, True)
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import numbers
from collections.abc import Callable, Mapping

import numpy as np

from .checks import check_choice, check_int, check_real, refuse
from .montecarlo_estimates import (
    Totals,
    UnknownStatistic,  # noqa: F401 (re-exported: montecarlo.UnknownStatistic)
    _check_confidence,
    _check_scale,
    _z,
    mean_estimate,
    ratio_estimate,
    wilson,
)
from .montecarlo_limits import DEFAULT_BATCH, DEFAULT_TRIALS, LIMITS
from .progress import check_progress, progress_bar
from .results import Estimate

__all__ = [
    "Estimate",
    "Totals",
    "run",
    "run_until",
    "wilson",
    "ratio_estimate",
    "mean_estimate",
    "seed_sequence",
    "check_executor",
    "executor_slots",
    "DEFAULT_BATCH",
    "DEFAULT_TRIALS",
    "LIMITS",
]

#: Batches checked at once by :func:`run_until` (fixed, so the stopping point
#: does not depend on the number of workers).
CHECK_EVERY = 8


# --------------------------------------------------------------------------- streams
def seed_sequence(rng=None) -> np.random.SeedSequence:
    """The ``SeedSequence`` from which a run spawns one child per batch.

    ``None``, an int (or sequence of ints) and a ``SeedSequence`` are used as
    ``np.random.default_rng`` would use them (so ``rng=1`` here and
    ``default_rng(1)`` start from the same entropy); a ``Generator`` or
    ``BitGenerator`` is advanced to draw fresh entropy, so reusing one generator
    for several runs gives independent runs.

    Examples
    --------
    >>> seed_sequence(7).entropy
    7

    A bool is never a seed (``rng=True`` would silently be seed 1), nor is a
    float, a string or a negative number; every entry point that takes ``rng=``
    goes through here.
    """
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(rng.integers(0, 2**63, size=4, dtype=np.int64).tolist())
    if isinstance(rng, np.random.BitGenerator):
        return seed_sequence(np.random.Generator(rng))
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, (bool, np.bool_)) or not isinstance(
        rng, (numbers.Integral, list, tuple, np.ndarray)
    ):
        raise refuse("rng", _SEEDS, rng, kind=True)
    if isinstance(rng, numbers.Integral):
        return np.random.SeedSequence(check_int("rng", rng, 0))
    items = rng.tolist() if isinstance(rng, np.ndarray) else list(rng)
    if isinstance(rng, np.ndarray) and rng.ndim != 1:
        raise refuse("rng", _SEEDS, rng, kind=True)
    if not items:
        raise refuse("rng", _SEEDS, rng)
    for i, v in enumerate(items):
        check_int(f"rng[{i}]", v, 0)
    return np.random.SeedSequence([int(v) for v in items])


_SEEDS = "None, a non-negative int seed (or a sequence of them), a SeedSequence or a Generator"


def _child(root: np.random.SeedSequence, i: int) -> np.random.SeedSequence:
    """Child ``i`` of ``root``: what ``root.spawn`` would give, without spawning them all."""
    return np.random.SeedSequence(
        root.entropy, spawn_key=tuple(root.spawn_key) + (i,), pool_size=root.pool_size
    )


def _run_batch(batch_fn, root, i, n):
    """One batch (module level, so worker processes can run it)."""
    out = batch_fn(np.random.default_rng(_child(root, i)), n)
    if not isinstance(out, Mapping):
        raise refuse("batch_fn(rng, n)", "a dict of summed statistics", out, kind=True)
    return out


def _add(totals: dict, part: Mapping) -> None:
    for key, val in part.items():
        if key not in totals:
            totals[key] = np.array(val, copy=True) if isinstance(val, np.ndarray) else val
            continue
        cur = totals[key]
        if isinstance(cur, np.ndarray) or isinstance(val, np.ndarray):
            a, b = np.asarray(cur), np.asarray(val)
            if a.ndim == 1 and b.ndim == 1 and a.shape != b.shape:
                m = max(a.size, b.size)
                a = np.pad(a, (0, m - a.size))
                b = np.pad(b, (0, m - b.size))
            totals[key] = a + b
        else:
            totals[key] = cur + val


def _progress_bar(progress, total, n_batches, desc):
    """A bar over ``total`` trials, shown by default from 4 batches on."""
    return progress_bar(
        total, progress=progress, desc=desc, unit="trial", min_steps=4, steps=n_batches
    )


def _batches(trials: int, batch_size: int, start: int = 0):
    n_batches = -(-trials // batch_size)
    for i in range(n_batches):
        yield start + i, min(batch_size, trials - i * batch_size)


def _execute(batch_fn, root, jobs, workers, bar, totals, n_jobs=None, executor=None):
    """Run ``jobs`` [(index, n), ...] and add their results into ``totals`` in index order.

    ``jobs`` may be a lazy iterable of ``n_jobs`` jobs (never held in memory at once).
    """
    if n_jobs is None:
        jobs = list(jobs)
        n_jobs = len(jobs)
    if executor is not None:  # any Executor: the batch function travels with each task
        window = 2 * executor_slots(executor)
        _stream(
            lambda i, n: executor.submit(_run_batch, batch_fn, root, i, n),
            jobs,
            window,
            bar,
            totals,
        )
        return
    workers = min(workers, n_jobs)  # no idle processes to start (workers=256, 4 batches)
    if workers <= 1:
        for i, n in jobs:
            _add(totals, _run_batch(batch_fn, root, i, n))
            bar.update(n)
        return
    # the batch function travels once per worker (initializer), not once per batch
    with cf.ProcessPoolExecutor(
        max_workers=workers, initializer=_init_worker, initargs=(batch_fn,)
    ) as pool:
        _stream(lambda i, n: pool.submit(_worker_batch, root, i, n), jobs, 2 * workers, bar, totals)


def _stream(submit, jobs, window, bar, totals):
    """Keep ``window`` batches in flight (bounded memory); add results in batch order."""
    pending = []
    it = iter(jobs)
    try:
        for i, n in it:
            pending.append((n, submit(i, n)))
            if len(pending) >= window:
                break
        while pending:
            n, fut = pending.pop(0)
            _add(totals, fut.result())  # in batch order: same sums for any executor
            bar.update(n)
            for i, n in it:
                pending.append((n, submit(i, n)))
                break
    finally:  # an error or an interrupt: the executor need not finish the others
        for _, fut in pending:
            fut.cancel()


_WORKER_FN = None


def _init_worker(batch_fn):
    global _WORKER_FN
    _WORKER_FN = batch_fn


def _worker_batch(root, i, n):
    return _run_batch(_WORKER_FN, root, i, n)


def check_executor(executor, workers: int = 1):
    """``executor`` as a :class:`concurrent.futures.Executor`, or None.

    A Dask ``distributed.Client`` (anything with ``get_executor()``) becomes its
    executor. With an executor, ``workers`` must stay 1: the executor decides
    how many batches run at once.

    Examples
    --------
    >>> check_executor(None) is None
    True
    >>> check_executor("tcp://scheduler:8786")
    Traceback (most recent call last):
    ...
    dicestats.InputTypeError: executor must be a concurrent.futures.Executor or a Dask Client, \
got 'tcp://scheduler:8786' (str)
    """
    if executor is None:
        return None
    if not isinstance(executor, cf.Executor) and callable(getattr(executor, "get_executor", None)):
        executor = executor.get_executor()
    if not isinstance(executor, cf.Executor):
        raise refuse(
            "executor", "a concurrent.futures.Executor or a Dask Client", executor, kind=True
        )
    if workers != 1:
        raise refuse(
            "workers",
            "1 when an executor is given",
            workers,
            why="the executor decides how many batches run at once",
            instead="drop workers=, or size the executor's pool",
        )
    return executor


def executor_slots(executor) -> int:
    """How many tasks ``executor`` runs at once, as far as it tells (at least 1).

    A process or thread pool says ``max_workers``; a Dask executor counts its
    cluster's threads now; any other executor is taken for 8.
    """
    slots = getattr(executor, "_max_workers", None)
    client = getattr(executor, "_client", None)
    if slots is None and client is not None and callable(getattr(client, "nthreads", None)):
        try:
            slots = sum(client.nthreads().values())
        except Exception:  # a cluster that cannot answer now: a fair guess
            slots = None
    return max(1, int(slots)) if isinstance(slots, numbers.Integral) else 8


def _check_common(batch_fn, batch_size, workers, progress, executor):
    if not callable(batch_fn):
        raise refuse("batch_fn", "callable as batch_fn(rng, n)", batch_fn, kind=True)
    batch_size = LIMITS["batch_size"].check(batch_size)
    workers = LIMITS["workers"].check(workers)
    check_progress(progress)
    return batch_size, workers, check_executor(executor, workers)


def run(
    batch_fn: Callable,
    *,
    trials: int,
    rng=None,
    batch_size: int = DEFAULT_BATCH,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    confidence: float = 0.95,
    desc: str | None = None,
) -> Totals:
    """Run ``trials`` trials of ``batch_fn`` in fixed-size batches.

    Parameters
    ----------
    batch_fn : callable
        ``batch_fn(rng, n) -> dict`` of summed statistics (ints, floats or
        numpy arrays) over ``n`` trials drawn with the Generator ``rng``. With
        ``workers > 1`` or an ``executor`` it must be picklable (a module-level
        function, a ``functools.partial`` of one, or an instance of a
        module-level class), and small: it travels with every batch to an executor.
    trials : int
        Number of trials, 1 to ``LIMITS["trials"]`` (a billion).
    rng : None, int, SeedSequence or Generator
        Anything ``numpy.random.default_rng`` takes. Batch ``i`` draws from child ``i`` of
        :func:`seed_sequence` ``(rng)``.
    batch_size : int
        Trials per batch. The result depends on it (it decides which stream
        simulates which trial); it does not depend on ``workers``.
    workers : int
        Worker processes (1: run in this process); at most
        ``LIMITS["workers"]`` (4 per CPU, at least 8).
    executor : concurrent.futures.Executor or Dask Client, optional
        Run the batches there instead (then ``workers`` stays 1): a
        ``ProcessPoolExecutor`` kept across runs, or a Dask cluster's
        ``Client(...).get_executor()``. Twice its number of workers in batches
        are in flight at once. The result is identical to ``workers=1``.
    progress : bool or None
        ``None``: a ``tqdm.auto`` bar on runs of 4 batches or more, silent
        without a terminal; ``True``/``False``: force on/off. ``TQDM_DISABLE=1``
        silences it.
    confidence : float
        Confidence level of the intervals of the returned estimates.
    desc : str, optional
        Label of the progress bar.

    Returns
    -------
    Totals

    Examples
    --------
    >>> def die(rng, n):
    ...     x = rng.integers(1, 7, size=n)
    ...     return {"six": int((x == 6).sum()), "face": np.bincount(x, minlength=7)}
    >>> a = run(die, trials=1000, rng=3, batch_size=100)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     b = run(die, trials=1000, rng=3, batch_size=100, executor=pool)
    >>> bool(a.proportion("six") == b.proportion("six")), int(a["face"].sum())
    (True, 1000)
    """
    batch_size, workers, executor = _check_common(batch_fn, batch_size, workers, progress, executor)
    trials = LIMITS["trials"].check(trials)
    confidence = _check_confidence(confidence)
    root = seed_sequence(rng)
    n_batches = -(-trials // batch_size)
    bar = _progress_bar(progress, trials, n_batches, desc)
    totals: dict = {}
    try:
        jobs = _batches(trials, batch_size)  # lazy: bounded memory for any trial count
        _execute(batch_fn, root, jobs, workers, bar, totals, n_batches, executor)
    finally:
        bar.close()
    return Totals(totals, trials, confidence)


def run_until(
    batch_fn: Callable,
    name: str,
    stderr: float,
    *,
    max_trials: int,
    index=None,
    kind: str = "proportion",
    scale=1,
    min_trials: int | None = None,
    rng=None,
    batch_size: int = DEFAULT_BATCH,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    confidence: float = 0.95,
) -> Totals:
    """Run batches until one estimate's standard error is at most ``stderr``.

    Batches are added :data:`CHECK_EVERY` at a time and the estimate is checked
    after each group, so the stopping point — and the result — depend only on
    the seed and ``batch_size``, never on ``workers`` or ``executor``. For a proportion the
    check uses the larger of its standard error and half the Wilson interval's
    width over z, so a rare event not yet seen (p-hat = 0, standard error 0)
    does not stop the run early; likewise a mean whose values have all been
    equal so far (standard error 0) never stops it — a quantity that is truly
    constant runs to ``max_trials``.

    Parameters
    ----------
    batch_fn : callable
        As in :func:`run`.
    name, index : str, optional int
        The statistic to watch (as for :meth:`Totals.proportion` / :meth:`Totals.mean`).
    stderr : float
        Target standard error (> 0).
    max_trials : int
        Stop here even if the target is not reached (check ``result.trials``).
    kind : {"proportion", "mean"}
        How to estimate the watched statistic.
    scale : number
        As in :meth:`Totals.mean`.
    min_trials : int, optional
        Never stop before this many trials (default: one group of batches).
    rng, batch_size, workers, executor, progress, confidence
        As in :func:`run`.

    Examples
    --------
    >>> def coin(rng, n):
    ...     return {"heads": int(rng.integers(0, 2, size=n).sum())}
    >>> res = run_until(coin, "heads", 0.01, max_trials=10**6, rng=0, batch_size=500)
    >>> res.proportion("heads").stderr <= 0.01, res.trials
    (True, 4000)
    """
    batch_size, workers, executor = _check_common(batch_fn, batch_size, workers, progress, executor)
    target = check_real("stderr", stderr, 0, None, lo_open=True)
    max_trials = LIMITS["trials"].check(max_trials, name="max_trials")
    min_trials = check_int("min_trials", 0 if min_trials is None else min_trials, 0, max_trials)
    check_choice("kind", kind, ("proportion", "mean"))
    confidence = _check_confidence(confidence)
    scale = _check_scale(scale)
    root = seed_sequence(rng)
    totals: dict = {}
    done = 0
    i = 0
    bar = _progress_bar(progress, max_trials, 4, "until target")
    try:
        while done < max_trials:
            jobs = []
            for _ in range(CHECK_EVERY):
                if done >= max_trials:
                    break
                n = min(batch_size, max_trials - done)
                jobs.append((i, n))
                i += 1
                done += n
            _execute(batch_fn, root, jobs, workers, bar, totals, executor=executor)
            res = Totals(totals, done, confidence)
            est = (
                res.proportion(name, index)
                if kind == "proportion"
                else res.mean(name, index, scale)
            )
            se = est.stderr
            if kind == "proportion":  # p-hat = 0 or 1 has stderr 0: use the Wilson width
                se = max(se, (est.ci_high - est.ci_low) / (2 * _z(confidence)))
            elif se == 0:  # every value seen so far equal: the spread is unknown, not 0
                se = math.inf
            if done >= min_trials and se <= target:
                break
    finally:
        bar.close()
    return Totals(totals, done, confidence)
