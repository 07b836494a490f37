""":func:`sweep`: every cell of a grid answered, in parallel, resumably, as one tidy frame."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import dataclasses
import os
import time
from collections.abc import Mapping
from pathlib import Path

from ..core import files
from ..core import montecarlo as mc
from ..core.checks import InputError, described, refuse
from ..core.progress import progress_bar
from . import store
from .grid import LIMITS, Grid, seed_of
from .questions import question as find_question

#: Columns after a row's result columns (before ``error``, which only the frame has).
META = ("exact", "trials", "batch_size", "seed", "sweep_seed", "numbers_version")
#: The version of a sweep's numbers, in every row (``numbers_version``): raise it when a
#: change makes a cell's numbers differ (a stream, a formula), so an old file is not resumed.
NUMBERS = 1
#: What a resumed file must share with the sweep (each changes a cell's numbers), in words.
_KEY = {
    "question": "question",
    "sweep_seed": "seed",
    "exact": "exact",
    "trials": "trials",
    "batch_size": "batch size",
    "numbers_version": "numbers version",
}
#: Longest wait, in seconds, between two writes of finished cells to ``out``.
MAX_SAVE_INTERVAL = 5.0


def sweep(
    question,
    grid: Mapping | None = None,
    /,
    *,
    trials: int | None = None,
    rng: int | None = None,
    exact: bool | None = None,
    method: str | None = None,
    out=None,
    workers: int = 1,
    executor=None,
    progress: bool | None = None,
    batch_size: int | None = None,
    fields=None,
    **params,
):
    """Ask one question of every cell of a grid; one row per cell.

    Parameters
    ----------
    question : str or Sweepable
        A registered question (``dicestats.sweep.QUESTIONS``: ``"initiative"``,
        ``"defence"``, ``"storyteller"``, ``"fate"``, …) or a
        :class:`~dicestats.sweep.Sweepable`.
    grid : mapping, optional
        Parameter name → its values (a range, a list; a single value is fixed).
        Keyword arguments add to it: ``sweep("initiative", swiftness=range(1, 7),
        versus=range(1, 7), pips=range(4))``. A participant-list parameter
        (``swiftness``) takes ints (one participant) or lists (``[[3, 3], [2, 2, 2]]``).
    trials : int, optional
        Trials per cell of a Monte Carlo question (default
        :data:`~dicestats.core.montecarlo.DEFAULT_TRIALS`); not for exact questions.
    rng : int, optional
        The sweep's seed (0..2**63-1). Each cell's seed is derived from it, the
        question's name and the cell's parameters (:func:`~.grid.cell_seed`), so
        adding cells never changes the others and ``rng=row.seed`` reproduces a
        row with one call. ``None``: the seed of ``out`` when it holds rows of
        this sweep, else a fresh one (in the ``sweep_seed`` column); 0 for an
        exact question, whose cells do not use their seed.
    exact : bool, optional
        ``True`` keeps Fractions in the frame (``"p/q"`` strings in files and
        JSON), ``False`` gives floats.
    method : {"float", "exact", "montecarlo"}, optional
        How each cell is answered (of the question's methods): by default Monte
        Carlo when ``trials`` is given, exact with ``exact=True``, else the
        question's default.
    out : path, optional
        A ``.parquet`` (needs pyarrow) or ``.csv`` file. Finished cells are
        written as they complete, each time by replacing the file in one step;
        cells already in it are not computed again (so a killed sweep resumes,
        and ends with the same bytes as a run never interrupted). Failed cells
        are not written: the next run retries them. A file is resumed only by a sweep of
        the same numbers (question, seed, exact, trials, batch size, :data:`NUMBERS`),
        and written by one sweep at a time (a lock beside it; another is refused).
    workers : int
        Local worker processes, one cell per task (1: in this process).
    executor : concurrent.futures.Executor or Dask Client, optional
        Run cells there instead (then ``workers`` stays 1). Monte Carlo cells
        run from threads here and send their batches to the executor (finer
        tasks for a cluster); a computed cell travels as one small task.
    progress : bool or None
        One bar over the cells (see :func:`dicestats.core.progress.progress_bar`).
    batch_size : int, optional
        Passed to the question (results depend on it, as in
        :func:`~dicestats.core.montecarlo.run`).
    fields : list of str, optional
        Result fields to keep (default: all but a few bulky ones per question).

    Returns
    -------
    pandas.DataFrame
        One row per cell in grid order: ``question``, the parameters, the
        result's columns (an estimate ``p`` gives ``p``, ``p_stderr``,
        ``p_ci_low``, ``p_ci_high``; see :mod:`dicestats.sweep.store`),
        ``exact``, ``trials``, ``batch_size`` (when given), ``seed`` (the cell's),
        ``sweep_seed``, ``numbers_version`` (:data:`NUMBERS`) and
        ``error`` (None, or why the cell failed). ``frame.attrs["sweep"]`` counts
        the cells computed, reused from ``out`` and failed.

    Examples
    --------
    >>> df = sweep("initiative", swiftness=[1, 2], versus=2, trials=2_000, rng=1)
    >>> df[["swiftness", "versus", "trials"]]
       swiftness  versus  trials
    0          1       2    2000
    1          2       2    2000

    A row's ``seed`` reproduces it with one call:

    >>> from dicestats import initiative
    >>> one = initiative.odds([2], [2], trials=2_000, rng=int(df.seed[1]))
    >>> bool(one.p_first.value == df.p_first[1])
    True
    >>> exact = sweep("fate", bonus=range(3), difficulty=2, exact=True)
    >>> exact["p_success_or_better"].tolist()
    [Fraction(5, 81), Fraction(5, 27), Fraction(31, 81)]
    """
    q = find_question(question)
    spec = _grid_spec(grid, params)
    g = Grid.of(q, spec)
    settings = _settings(q, trials, exact, batch_size, fields, method)
    workers = mc.LIMITS["workers"].check(workers)
    executor = mc.check_executor(executor, workers)
    path = _check_out(out)
    with contextlib.nullcontext() if path is None else files.locked(path, who="sweep"):
        return _sweep(q, g, rng, settings, path, workers, executor, progress)


def _sweep(q, g, rng, settings, path, workers, executor, progress):
    rows_before, seed = _previous(path, q, rng, settings)
    cells = g.cells
    seeds = [seed_of(seed, q.name, c) for c in cells]
    if len(set(seeds)) != len(seeds):  # 63-bit hashes: never seen, but never silent either
        raise refuse("grid", "cells with distinct seeds", described("two equal seeds"))
    run = _Run(q, g, seed, settings, path, rows_before, seeds)
    todo = [(c, s) for c, s in zip(cells, seeds, strict=True) if s not in run.done]
    if path is not None and todo:  # import the writer now: the first write's cost is the write
        import pandas  # noqa: F401

        if store.file_format(path) == "parquet":
            import pyarrow.parquet  # noqa: F401
    bar = progress_bar(
        len(todo), progress=progress, desc=f"sweep {q.name}", unit="cell", min_steps=2
    )
    try:
        _execute(run, todo, workers, executor, bar)
    finally:
        bar.close()
        run.save(final=True)
    return run.frame()


def _grid_spec(grid, params) -> dict:
    if grid is None:
        grid = {}
    if not isinstance(grid, Mapping):
        raise refuse("grid", "a mapping of parameter names to values", grid, kind=True)
    spec = dict(grid)
    for name, values in params.items():
        if name in spec:
            raise refuse(name, "given once (in grid or as a keyword)", values)
        spec[name] = values
    if not spec:
        raise refuse("grid", "a mapping of at least one parameter", described("an empty grid"))
    return spec


def _settings(q, trials, exact, batch_size, fields, method=None) -> dict:
    method = q.question.method_of(method, exact, trials)
    if method == "montecarlo":
        trials = mc.DEFAULT_TRIALS if trials is None else mc.LIMITS["trials"].check(trials)
    if batch_size is not None:
        batch_size = mc.LIMITS["batch_size"].check(batch_size)
        if method != "montecarlo":
            raise refuse("batch_size", f"None for {q.name!r}", batch_size, why="no batches")
    if fields is not None:
        if isinstance(fields, str) or not all(isinstance(f, str) for f in fields):
            raise refuse("fields", "a list of result field names", fields, kind=True)
        fields = list(fields)
    return {"trials": trials, "method": method, "batch_size": batch_size, "fields": fields}


def _check_out(out):
    if out is None:
        return None
    if not isinstance(out, (str, os.PathLike)):
        raise refuse("out", "a file path", out, kind=True)
    fmt = store.file_format(out)
    path = files.check_out_path("out", out, tuple(store.FORMATS))  # a name too long: refused
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise refuse(
                "out",
                "a .csv file without pyarrow",
                str(out),
                instead='install the cluster extra (pip install "dicestats[cluster]") for Parquet',
            ) from None
    parent = path.parent if str(path.parent) else Path(".")
    try:
        if not parent.is_dir():
            raise refuse("out", "a file in an existing directory", str(out))
        if path.exists() and not path.is_file():
            raise refuse("out", "a file", str(out))
    except OSError as exc:  # a name the system cannot look up
        raise InputError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from None
    return path


def _previous(path, q, rng, settings):
    """The rows already in ``out`` (checked to be this sweep's), and the sweep's seed."""
    rows = []
    if path is not None and path.exists():
        try:
            rows, _ = store.read(path)
        except Exception as exc:
            why = " ".join(str(exc).split())[:120]
            raise refuse(
                "out", "a sweep's file (or a new file)", str(path), why=f"unreadable: {why}"
            ) from None
    if rng is None and settings["method"] != "montecarlo":
        seed = 0  # exact cells do not use their seed: a fixed one keeps files reproducible
    elif rng is None:
        seeds = {r.get("sweep_seed") for r in rows}
        seed = seeds.pop() if len(seeds) == 1 else int(mc.seed_sequence(None).entropy) >> 65
    else:
        seed = LIMITS["seed"].check(rng, name="rng")
    key = _key(q, seed, settings)
    for r in rows:
        got = {k: bool(r.get(k)) if k == "exact" else r.get(k) for k in key}
        if got != key or r.get("seed") is None:
            differ = [k for k in key if got[k] != key[k]] or ["seed"]
            what = ", ".join(
                f"{_KEY.get(k, k)} {_shown(got.get(k, r.get(k)))} (here {_shown(key.get(k))})"
                for k in differ
            )
            raise InputError(
                f"out {str(path)!r} holds rows of another sweep: {what}; resume with the same "
                "settings, or give another file"
            )
    return rows, seed


def _key(q, seed, settings) -> dict:
    """What every row of a resumed file must hold (:data:`_KEY`)."""
    return {
        "question": q.name,
        "sweep_seed": seed,
        "exact": settings["method"] == "exact",
        "trials": settings["trials"],
        "batch_size": settings["batch_size"],
        "numbers_version": NUMBERS,
    }


def _shown(v) -> str:
    return "none" if v is None else repr(v) if isinstance(v, str) else str(v)


def _error_text(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class _Run:
    """The rows of one sweep as they come in, and their file."""

    def __init__(self, q, g, seed, settings, path, rows_before, seeds):
        self.q, self.g, self.seed, self.settings, self.path = q, g, seed, settings, path
        self.before, self.seeds = rows_before, seeds
        self.done = {r["seed"]: r for r in rows_before}  # seed -> row already in the file
        self.new: dict = {}  # seed -> row
        self.errors: dict = {}  # seed -> row with "error"
        self.fields: list = []  # the result's field names, in order
        self.unsaved, self.last_save, self.save_cost = 0, 0.0, 0.0

    def base(self, params) -> dict:
        return {"question": self.q.name, **params}

    def add(self, params, s, answer) -> None:
        row, names = answer
        self.fields += [n for n in names if n not in self.fields and n not in META]
        result = {k: v for k, v in row.items() if k not in ("exact", "trials") and v is not None}
        tail = {"exact": row.get("exact"), "trials": row.get("trials"), **self.meta(s)}
        tail = {k: v for k, v in tail.items() if v is not None}
        self.new[s] = {**self.base(params), **result, **tail}
        self.unsaved += 1

    def fail(self, params, s, exc) -> None:
        row = self.base(params)
        if self.settings["trials"] is not None:
            row["trials"] = self.settings["trials"]
        row.update({k: v for k, v in self.meta(s).items() if v is not None})
        row["error"] = _error_text(exc)
        self.errors[s] = row

    def meta(self, s) -> dict:
        """A row's columns after ``trials``: the cell's seed and the sweep's settings."""
        b = self.settings["batch_size"]
        return {"batch_size": b, "seed": s, "sweep_seed": self.seed, "numbers_version": NUMBERS}

    def columns(self, rows, extra=()) -> list:
        keys = dict.fromkeys([*(k for r in rows for k in r), *META, *extra])
        return store.order_columns(
            keys, first=("question", *self.g.names), fields=self.fields, last=(*META, *extra)
        )

    def file_rows(self) -> list:
        """The file's rows: this grid's finished cells in grid order, then the file's others."""
        done, mine = {**self.done, **self.new}, set(self.seeds)
        rows = [done[s] for s in self.seeds if s in done]
        return rows + [r for r in self.before if r["seed"] not in mine]

    def save(self, final: bool = False) -> None:
        """Rewrite the file when new rows wait.

        Between cells the file is rewritten when the last write took at most a tenth
        of the time since (writing a big file never dominates), and at least every
        :data:`MAX_SAVE_INTERVAL` seconds: a killed sweep loses no more.
        """
        if self.path is None or not self.unsaved:
            return
        now = time.perf_counter()
        if not final and now - self.last_save < min(10 * self.save_cost, MAX_SAVE_INTERVAL):
            return
        rows = self.file_rows()
        store.write(self.path, rows, self.columns(rows))
        self.last_save = time.perf_counter()
        self.save_cost = self.last_save - now
        self.unsaved = 0

    def frame(self):
        rows = []
        for s in self.seeds:
            row = self.new.get(s) or self.done.get(s) or self.errors.get(s)
            rows.append({**row, "error": row.get("error")} if row is not None else {})
        df = store.frame(rows, self.columns(rows, extra=("error",)))
        df.attrs["sweep"] = {
            "question": self.q.name,
            "parameters": list(self.g.names),
            "seed": self.seed,
            "trials": self.settings["trials"],
            "cells": len(rows),
            "computed": len(self.new),
            "reused": sum(1 for s in self.seeds if s in self.done),
            "failed": len(self.errors),
            "out": None if self.path is None else str(self.path),
        }
        return df


def _cell(q, params: dict, settings: dict, seed: int, executor=None) -> tuple[dict, list]:
    """Answer one cell: its flattened result and the result's field names, in order (small
    picklable arguments: a cell can travel to a worker process or a Dask worker; in batch
    mode ``executor`` receives the cell's Monte Carlo batches)."""
    kwargs = q.arguments(params)
    kwargs["method"] = settings["method"]
    if settings["method"] == "montecarlo":
        kwargs.update(trials=settings["trials"], rng=seed, progress=False)
        if settings["batch_size"] is not None:
            kwargs["batch_size"] = settings["batch_size"]
    if executor is not None:
        kwargs["executor"] = executor
    result = q.function(**kwargs)
    fields = dataclasses.fields(result)
    skip = {f.name for f in fields if f.metadata.get("bulky")} | set(params)
    row = store.flatten(result, fields=settings["fields"], skip=skip)
    return row, [f.name for f in fields if f.metadata.get("export", True)]


def _execute(run: _Run, todo, workers, executor, bar) -> None:
    """Run the cells of ``todo`` [(params, seed)], feeding ``run`` as they finish."""
    if not todo:
        return
    q, settings = run.q, run.settings
    own = threads = None
    pending: dict = {}
    try:
        if executor is None and workers > 1:
            own = executor = cf.ProcessPoolExecutor(
                max_workers=min(workers, len(todo)), initializer=mc.die_with_parent
            )
        slots = 1 if executor is None else mc.executor_slots(executor)
        if executor is not None and settings["method"] == "montecarlo":
            # batch mode: cells run here, their batches on the executor
            threads = cf.ThreadPoolExecutor(max_workers=min(len(todo), max(2, slots)))
            window = threads._max_workers
            submit = lambda p, s: threads.submit(_cell, q, p, settings, s, executor)  # noqa: E731
        elif executor is not None:
            window = 2 * slots
            submit = lambda p, s: executor.submit(_cell, q, p, settings, s)  # noqa: E731
        else:
            window = 1
            submit = lambda p, s: _now(_cell, q, p, settings, s)  # noqa: E731
        jobs = iter(todo)
        while True:
            while len(pending) < max(1, window) and (job := next(jobs, None)) is not None:
                pending[submit(*job)] = job
            if not pending:
                break
            finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                params, s = pending.pop(fut)
                try:
                    run.add(params, s, fut.result())
                except Exception as exc:  # the cell failed, or its worker was lost
                    run.fail(params, s, exc)
                bar.update(1)
            run.save()
    finally:
        for fut in pending:
            fut.cancel()
        if threads is not None:
            threads.shutdown(wait=True, cancel_futures=True)
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _now(fn, *args) -> cf.Future:
    """A finished future of ``fn(*args)`` (the in-process path of the same loop)."""
    fut: cf.Future = cf.Future()
    try:
        fut.set_result(fn(*args))
    except Exception as exc:
        fut.set_exception(exc)
    return fut
