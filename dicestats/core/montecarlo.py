"""The Monte Carlo engine shared by every simulation in dicestats.

A simulation is a *batch function* ``batch_fn(rng, n) -> dict`` of **summed**
statistics (counts, histograms, sums and sums of squares) over ``n`` trials drawn as
numpy arrays. :func:`run` gives batch ``i`` its own stream (child ``i`` of
:func:`seed_sequence`) and adds the sums in batch order into :class:`Totals`, whose
estimators return :class:`Estimate` values: the result is identical, bit for bit,
whoever runs the batches (this process, ``workers`` processes, any
:class:`concurrent.futures.Executor`), and memory is one batch per worker.
:func:`run_until` runs until one estimate is precise enough.

numpy is imported on first use, not with the module: the command line builds its
help from :data:`LIMITS` and :data:`DEFAULT_TRIALS` without importing numpy.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import math
import numbers
import os
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import islice
from typing import TYPE_CHECKING

from .checks import InputError, check_choice, check_int, check_real, refuse
from .files import check_interrupted
from .limits import Limit, Limits
from .progress import progress_bar
from .results import Estimate, z_value

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

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

#: Trials of one Monte Carlo answer unless told otherwise (API, CLI and tables alike):
#: a proportion near 50% gets a 95% interval of about ±0.3 percentage points.
DEFAULT_TRIALS = 100_000
#: Trials per batch unless told otherwise (a few MB of arrays for typical simulations).
DEFAULT_BATCH = 65536


def _cpus() -> int:
    """CPUs this process may run on (the affinity mask where there is one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_MAX_WORKERS = max(8, 4 * _cpus())

#: The engine's caps, as data (see :mod:`dicestats.core.limits`); the systems'
#: simulations run through :func:`run` and so inherit them.
LIMITS = Limits(
    Limit(
        "trials",
        2,
        1_000_000_000,
        why="a billion trials put a proportion within ±0.003 percentage points and take "
        "minutes to hours; more would run for days",
        instead="use fewer trials, or run_until for a target precision",
    ),
    Limit(
        "workers",
        1,
        _MAX_WORKERS,
        why=f"{_cpus()} CPU(s) here: more than 4 processes per CPU (at least 8) only add "
        "start-up time and memory",
    ),
    Limit(
        "batch_size",
        1,
        10_000_000,
        why="a batch's arrays are held in memory at once: 10 million trials are 80 MB per "
        "int64 array",
    ),
)

#: Batches checked at once by :func:`run_until` (fixed, so the stopping point
#: does not depend on the number of workers).
CHECK_EVERY = 8


# --------------------------------------------------------------------------- estimates
def wilson(successes, trials, confidence: float = 0.95) -> Estimate:
    """A proportion with its Wilson score interval.

    Parameters
    ----------
    successes : int
        Number of trials where the event happened (0..trials).
    trials : int
        Number of trials (>= 1).
    confidence : float
        Confidence level of the interval, in (0, 1).

    Returns
    -------
    Estimate
        ``value = successes / trials``; ``stderr = sqrt(p (1 - p) / n)``; the
        Wilson interval (never outside [0, 1], sensible at p = 0 or 1).

    Examples
    --------
    >>> e = wilson(0, 100)
    >>> e.value, e.ci_low, round(e.ci_high, 4)
    (0.0, 0.0, 0.037)
    """
    n = _check_trials(trials)
    k = check_int("successes", successes, 0, n)
    confidence = _check_confidence(confidence)
    z = z_value(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return Estimate(p, math.sqrt(p * (1 - p) / n), lo, hi, n, "proportion", confidence)


def _check_trials(trials) -> int:
    """A count of trials: the estimates compute with it in float64 (10**400 overflowed)."""
    return check_int("trials", trials, 1, 2**63 - 1, why="a count of trials is an int64")


def _check_confidence(confidence) -> float:
    return check_real("confidence", confidence, 0, 1, lo_open=True, hi_open=True)


def _check_scale(scale) -> float:
    """A divisor of the estimates: positive and finite (a negative one flipped the interval)."""
    return check_real("scale", scale, 0, None, lo_open=True)


def _check_sum(name: str, x):
    """A summed statistic: a number (numpy scalars become Python numbers), never a bool."""
    import numpy as np

    x = x.item() if isinstance(x, np.generic) else x
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise refuse(name, "a number (a sum over trials)", x, kind=True)
    return x


def _float(name: str, x) -> float:
    """``float(x)`` for a sum, refusing one beyond the float64 range (``10**400``)."""
    try:
        return float(x)
    except OverflowError:
        raise refuse(name, "a sum within the float64 range", x) from None


def mean_estimate(total, total_sq, trials, confidence: float = 0.95, scale=1) -> Estimate:
    """A mean with a normal-approximation interval, from the sums Σx and Σx².

    Parameters
    ----------
    total, total_sq : int or float
        Σx and Σx² over ``trials`` trials. With integers the variance is computed
        exactly (no cancellation) before it is turned into a float.
    trials : int
        Number of trials (>= 1).
    confidence : float
        Confidence level of the interval.
    scale : int or float
        Divide x by this (e.g. a sum of positions over a participant's dice
        divided by its number of dice); a positive number.

    Examples
    --------
    >>> e = mean_estimate(total=10, total_sq=30, trials=4)
    >>> e.value, round(e.stderr, 6)
    (2.5, 0.645497)
    """
    n = _check_trials(trials)
    confidence = _check_confidence(confidence)
    scale = _check_scale(scale)
    t = _check_sum("total", total)
    t2 = _check_sum("total_sq", total_sq)
    if isinstance(t, numbers.Integral) and isinstance(t2, numbers.Integral):
        mean = Fraction(int(t), n)
        var = Fraction(n * int(t2) - int(t) * int(t), n * (n - 1)) if n > 1 else Fraction(0)
        mean_f, var_f = _float("total", mean), max(0.0, _float("total_sq", var))
    else:
        mean_f = _float("total", t) / n
        t2f = _float("total_sq", t2)
        var_f = max(0.0, (t2f - n * mean_f * mean_f) / (n - 1)) if n > 1 else 0.0
        if not math.isfinite(mean_f) or not math.isfinite(var_f):
            raise refuse("total", "finite sums", t, why=f"total_sq={t2}")
    se = math.sqrt(var_f / n)
    mean_f, se = mean_f / scale, se / scale
    z = z_value(confidence)
    return Estimate(mean_f, se, mean_f - z * se, mean_f + z * se, n, "mean", confidence)


def ratio_estimate(
    sum_y, sum_x, sum_yy, sum_xx, sum_xy, trials, confidence=0.95, kind="proportion"
) -> Estimate:
    """A ratio of totals R = Σy / Σx over trials, with a delta-method interval.

    For quantities counted per trial but shared out over several events of a
    trial (e.g. the share of attacks that are defended, when a round has
    several attacks that are not independent), the honest standard error comes
    from the per-trial totals: Var(R) ≈ Σ(y − R x)² / (n (n − 1) x̄²).
    ``kind`` is ``"proportion"`` (a share, printed as %) or ``"mean"`` (a mean per event).

    Examples
    --------
    >>> e = ratio_estimate(30, 60, 100, 400, 190, 10)
    >>> e.value, e.kind
    (0.5, 'proportion')
    """
    n = _check_trials(trials)
    confidence = _check_confidence(confidence)
    check_choice("kind", kind, ("proportion", "mean"))
    sums = {"sum_y": sum_y, "sum_x": sum_x, "sum_yy": sum_yy, "sum_xx": sum_xx, "sum_xy": sum_xy}
    y, x, yy, xx, xy = (_float(name, _check_sum(name, v)) for name, v in sums.items())
    if x == 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, n, kind, confidence)
    r = y / x
    resid = yy - 2 * r * xy + r * r * xx
    xbar = x / n
    se = math.sqrt(max(0.0, resid) / (n * max(n - 1, 1))) / xbar
    z = z_value(confidence)
    return Estimate(r, se, r - z * se, r + z * se, n, kind, confidence)


# --------------------------------------------------------------------------- results
class UnknownStatistic(InputError, KeyError):
    """A statistic the batch function never returned: an ``InputError`` and a ``KeyError``."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class Totals:
    """The summed statistics of a run, with estimators.

    Attributes
    ----------
    trials : int
        Number of trials run.
    totals : dict
        Each key of the batch dicts, summed over all batches (numpy arrays are
        added element-wise; shorter histograms are padded with zeros).
    confidence : float
        Confidence level used by the estimators.

    Examples
    --------
    >>> import numpy as np
    >>> t = Totals({"hit": 1, "x": 10, "x_sq": 30, "h": np.array([1, 3])}, 4)
    >>> t.proportion("hit").value, t.mean("x").value, t.pmf("h").tolist()
    (0.25, 2.5, [0.25, 0.75])
    >>> [e.value for e in t.proportions("h")]
    [0.25, 0.75]
    >>> Totals({"y": 3, "x": 4, "y_sq": 5, "x_sq": 8, "y_x_x": 6}, 2).ratio("y", "x").value
    0.75
    """

    def __init__(self, totals: Mapping, trials: int, confidence: float = 0.95):
        if not isinstance(totals, Mapping):
            raise refuse("totals", "a mapping of summed statistics", totals, kind=True)
        self.totals = dict(totals)
        self.trials = _check_trials(trials)  # 2.5 was silently 2
        self.confidence = _check_confidence(confidence)

    def __repr__(self) -> str:
        return f"Totals(trials={self.trials}, keys={sorted(self.totals)})"

    def __getitem__(self, name):
        return self.totals[name]

    def _get(self, name, index=None):
        import numpy as np

        try:
            known = name in self.totals
        except TypeError:  # an unhashable name
            known = False
        if not known:
            have = ", ".join(repr(k) for k in sorted(self.totals, key=str))
            raise UnknownStatistic(
                str(refuse("name", f"a statistic of this run (one of {have})", name))
                + " (no statistic of that name)"
            )
        x = self.totals[name]
        if index is not None:
            try:
                x = np.asarray(x)[index]
            except (IndexError, TypeError, ValueError):
                raise refuse("index", f"an index into {name!r}", index) from None
        return x

    def proportion(self, name: str, index=None) -> Estimate:
        """Share of trials counted in ``totals[name]`` (or its element ``index``)."""
        return wilson(int(self._get(name, index)), self.trials, self.confidence)

    def mean(self, name: str, index=None, scale=1) -> Estimate:
        """Mean of a per-trial quantity x from ``totals[name]`` (Σx) and ``name + "_sq"`` (Σx²)."""
        return mean_estimate(
            self._get(name, index),
            self._get(name + "_sq", index),
            self.trials,
            self.confidence,
            scale,
        )

    def ratio(self, num: str, den: str, index=None, kind: str = "proportion") -> Estimate:
        """Ratio of two per-trial totals, Σy / Σx (e.g. defended attacks per attack).

        Needs the sums ``num``, ``den`` and ``num + "_sq"``, ``den + "_sq"``,
        ``num + "_x_" + den`` (Σy², Σx², Σxy over trials); ``index`` picks an
        element of ``num`` (and of its ``_sq`` / ``_x_`` sums). See
        :func:`ratio_estimate`.
        """
        return ratio_estimate(
            self._get(num, index),
            self._get(den),
            self._get(num + "_sq", index),
            self._get(den + "_sq"),
            self._get(num + "_x_" + den, index),
            self.trials,
            self.confidence,
            kind,
        )

    def pmf(self, name: str) -> np.ndarray:
        """A histogram statistic divided by the number of trials (float array)."""
        import numpy as np

        return np.asarray(self._get(name), dtype=float) / self.trials

    def proportions(self, name: str) -> list[Estimate]:
        """One :class:`Estimate` per bin of a histogram statistic."""
        import numpy as np

        return [wilson(int(c), self.trials, self.confidence) for c in np.asarray(self._get(name))]


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
    import numpy as np

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
    return np.random.SeedSequence([check_int(f"rng[{i}]", v, 0) for i, v in enumerate(items)])


_SEEDS = "None, a non-negative int seed (or a sequence of them), a SeedSequence or a Generator"


def _child(root: np.random.SeedSequence, i: int) -> np.random.SeedSequence:
    """Child ``i`` of ``root``: what ``root.spawn`` would give, without spawning them all."""
    import numpy as np

    return np.random.SeedSequence(
        root.entropy, spawn_key=tuple(root.spawn_key) + (i,), pool_size=root.pool_size
    )


def _run_batch(batch_fn, root, i, n):
    """One batch (module level, so worker processes can run it)."""
    import numpy as np

    out = batch_fn(np.random.default_rng(_child(root, i)), n)
    if not isinstance(out, Mapping):
        raise refuse("batch_fn(rng, n)", "a dict of summed statistics", out, kind=True)
    return out


def _add(totals: dict, part: Mapping) -> None:
    import numpy as np

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


def _batches(trials: int, batch_size: int, start: int = 0):
    n_batches = -(-trials // batch_size)
    for i in range(n_batches):
        yield start + i, min(batch_size, trials - i * batch_size)


def _execute(batch_fn, root, jobs, n_jobs, workers, executor, bar, totals):
    """Run ``jobs``, an iterable of ``n_jobs`` ``(index, n)`` (lazy: never held in memory at
    once), and add their results into ``totals`` in index order."""
    if executor is not None:  # any Executor: the batch function travels with each task
        submit = functools.partial(executor.submit, _run_batch, batch_fn, root)
        return _stream(submit, jobs, 2 * executor_slots(executor), bar, totals)
    workers = min(workers, n_jobs)  # no idle processes to start (workers=256, 4 batches)
    if workers <= 1:
        for i, n in jobs:
            _add(totals, _run_batch(batch_fn, root, i, n))
            bar.update(n)
            check_interrupted()
        return
    # the batch function travels once per worker (initializer), not once per batch
    with cf.ProcessPoolExecutor(
        max_workers=workers, initializer=_init_worker, initargs=(batch_fn,)
    ) as pool:
        _stream(functools.partial(pool.submit, _worker_batch, root), jobs, 2 * workers, bar, totals)


def _stream(submit, jobs, window, bar, totals):
    """Keep ``window`` batches in flight (bounded memory); add results in batch order."""
    pending, it = [], iter(jobs)
    try:
        pending.extend((n, submit(i, n)) for i, n in islice(it, window))
        while pending:
            n, fut = pending.pop(0)
            _add(totals, fut.result())  # in batch order: same sums for any executor
            bar.update(n)
            check_interrupted()
            pending.extend((n, submit(i, n)) for i, n in islice(it, 1))
    finally:  # an error or an interrupt: the executor need not finish the others
        for _, fut in pending:
            fut.cancel()


_WORKER_FN = None


def _init_worker(batch_fn):
    global _WORKER_FN
    die_with_parent()
    _WORKER_FN = batch_fn


#: How often, in seconds, a worker process looks whether its parent is still there.
PARENT_CHECK = 0.5


def die_with_parent() -> None:
    """In a worker process: end it as soon as its parent is gone (killed, SIGKILL included),
    and leave interruptions to the parent.

    A worker of a killed parent would otherwise wait for work forever (192 MB each);
    a daemon thread watches the parent process id. A forked worker also inherits the
    parent's handlers of :data:`~.files.SIGNALS`, so a Ctrl-C or a SIGTERM sent to the
    process group raised :class:`~.files.Interrupted` inside it, printed its traceback
    and broke the pool under the parent. The worker ignores SIGINT (the parent, which
    gets it too, stops the pool) and ends quietly by SIGTERM and SIGHUP, as a process
    does by default (a broken pool's clean-up terminates its workers with SIGTERM). The
    ``initializer`` of every process pool dicestats starts.
    """
    import signal
    import threading
    import time

    from .files import SIGNALS

    for s in SIGNALS:
        signal.signal(s, signal.SIG_IGN if s == signal.SIGINT else signal.SIG_DFL)
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="dicestats-parent-watch", daemon=True).start()


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


def _check_common(batch_fn, batch_size, workers, executor):
    if not callable(batch_fn):
        raise refuse("batch_fn", "callable as batch_fn(rng, n)", batch_fn, kind=True)
    batch_size = LIMITS["batch_size"].check(batch_size)
    workers = LIMITS["workers"].check(workers)
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
        ``batch_fn(rng, n) -> dict`` of summed statistics (ints, floats or numpy
        arrays) over ``n`` trials drawn with the Generator ``rng``; picklable and
        small with ``workers > 1`` or an ``executor`` (a module-level function, a
        ``functools.partial`` of one): it travels with every batch to an executor.
    trials : int
        Number of trials, 2 to ``LIMITS["trials"]`` (a billion; one trial has no spread,
        so a mean of one would have no interval).
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
        Run the batches there instead, twice its workers at once (``workers``
        stays 1): a ``ProcessPoolExecutor`` kept across runs, or a Dask cluster's
        ``Client(...).get_executor()``. The result is identical to ``workers=1``.
    progress : bool or None
        A progress bar (:mod:`~dicestats.core.progress`; ``None``: on runs of 4
        batches or more, where there is a terminal).
    confidence : float
        Confidence level of the intervals of the returned estimates.
    desc : str, optional
        Label of the progress bar.

    Returns
    -------
    Totals

    Examples
    --------
    >>> import numpy as np
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
    batch_size, workers, executor = _check_common(batch_fn, batch_size, workers, executor)
    trials = LIMITS["trials"].check(trials)
    confidence = _check_confidence(confidence)
    root = seed_sequence(rng)
    n_batches = -(-trials // batch_size)
    bar = progress_bar(
        trials, progress=progress, desc=desc, unit="trial", min_steps=4, steps=n_batches
    )
    totals: dict = {}
    try:
        jobs = _batches(trials, batch_size)  # lazy: bounded memory for any trial count
        _execute(batch_fn, root, jobs, n_batches, workers, executor, bar, totals)
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
    after each group, so the stopping point (and the result) depends only on the
    seed and ``batch_size``, never on ``workers`` or ``executor``. A proportion's
    check uses the larger of its standard error and half the Wilson interval's
    width over z, so a rare event not yet seen (standard error 0) does not stop
    the run early; a mean whose values have all been equal so far never stops
    it (a truly constant quantity runs to ``max_trials``).

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
    batch_size, workers, executor = _check_common(batch_fn, batch_size, workers, executor)
    target = check_real("stderr", stderr, 0, None, lo_open=True)
    max_trials = LIMITS["trials"].check(max_trials, name="max_trials")
    min_trials = check_int("min_trials", 0 if min_trials is None else min_trials, 0, max_trials)
    check_choice("kind", kind, ("proportion", "mean"))
    confidence = _check_confidence(confidence)
    scale = _check_scale(scale)
    root = seed_sequence(rng)
    totals: dict = {}
    done = i = 0
    bar = progress_bar(max_trials, progress=progress, desc="until target", unit="trial")
    try:
        while done < max_trials:
            group = min(CHECK_EVERY * batch_size, max_trials - done)
            jobs = list(_batches(group, batch_size, start=i))
            i, done = i + len(jobs), done + group
            _execute(batch_fn, root, jobs, len(jobs), workers, executor, bar, totals)
            res = Totals(totals, done, confidence)
            if kind == "proportion":  # p-hat = 0 or 1 has stderr 0: use the Wilson width
                est = res.proportion(name, index)
                se = max(est.stderr, (est.ci_high - est.ci_low) / (2 * z_value(confidence)))
            else:  # every value seen so far equal: the spread is unknown, not 0
                se = res.mean(name, index, scale).stderr or math.inf
            if done >= min_trials and se <= target:
                break
    finally:
        bar.close()
    return Totals(totals, done, confidence)
