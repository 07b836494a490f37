"""Benchmark: sweeps of the d6 initiative grid on 1 and 2 local workers and a Dask cluster.

The grid is the designer's question: swiftness 1-6 against swiftness 1-6 with 0-3
preparation pips, 36 x 4 = 144 cells, Monte Carlo ``initiative.odds`` in each. Measured:

* cells per second of ``sweep`` with ``workers=1``, ``workers=2`` (local processes,
  one cell per task) and on a 2-worker Dask ``LocalCluster`` (processes, one thread
  each; the cluster's start-up is timed apart), with Dask's default worker environment
  and without its ``MALLOC_TRIM_THRESHOLD_`` (``distributed.nanny.pre-spawn-environ: {}``);
  the best of ``--repeat`` interleaved runs (the machine is shared);
* the compute time of each cell alone (``initiative.odds`` in this process) and
  from it the cost of one batch of rounds;
* the overhead of one task: a no-op submitted and awaited, one at a time and 200 at
  once, on a local process pool and on the Dask cluster; and the sweep's own
  bookkeeping per cell (wall time of the 1-worker sweep minus the cells' compute);
* a projection for a 64-core cluster running the grid at 10^6 rounds a cell, from the
  measured per-cell cost (scaled to 10^6 rounds) and per-task overhead, with cells
  as tasks (as now) and with batches as tasks (once Monte Carlo takes ``executor=``).

Every configuration must give the same frame (checked: the script exits with status 1
otherwise). Run by hand from the repository root, with the dev (or cluster) extra:

    .venv/bin/python benchmarks/bench_sweep.py [--trials 100000] [--repeat 3] [--cores 64]
"""

from __future__ import annotations

import argparse
import contextlib
import heapq
import logging
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd

from dicestats import initiative
from dicestats.initiative.setup import batch_rounds
from dicestats.sweep import sweep

GRID = dict(swiftness=range(1, 7), versus=range(1, 7), pips=range(4))


def noop(x):
    return x


def task_overhead(executor, n=200):
    """Seconds per no-op task: awaited one at a time (latency), and n in flight (throughput)."""
    for _ in range(5):  # warm up the workers
        executor.submit(noop, 0).result()
    t = time.perf_counter()
    for i in range(50):
        executor.submit(noop, i).result()
    latency = (time.perf_counter() - t) / 50
    t = time.perf_counter()
    futures = [executor.submit(noop, i) for i in range(n)]
    for f in futures:
        f.result()
    return latency, (time.perf_counter() - t) / n


def timed_sweep(trials, **kw):
    t = time.perf_counter()
    df = sweep("initiative", GRID, trials=trials, rng=1, progress=False, **kw)
    return time.perf_counter() - t, df


@contextlib.contextmanager
def dask_cluster(workers, environ):
    """A LocalCluster (``environ``: the nannies' pre-spawn-environ, None: Dask's default),
    its workers warmed like this process (imports, per-setup tables); yields the client,
    the start-up seconds and the warm-up seconds."""
    import dask
    import distributed

    conf = {} if environ is None else {"distributed.nanny.pre-spawn-environ": environ}
    t = time.perf_counter()
    with dask.config.set(conf):
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    client = distributed.Client(cluster, set_as_default=False)
    start = time.perf_counter() - t
    try:
        t = time.perf_counter()
        sweep("initiative", GRID, trials=1000, rng=1, executor=client)
        yield client, start, time.perf_counter() - t
    finally:
        client.close()
        cluster.close()


def compute_seconds(stream) -> float:
    """Seconds the tasks of a Dask task stream spent computing."""
    return sum(
        s["stop"] - s["start"]
        for task in stream
        for s in task["startstops"]
        if s["action"] == "compute"
    )


def cell_costs(trials):
    """Compute seconds of each cell alone (this process, CPU time) and its batches."""
    costs, batches = [], []
    for s in GRID["swiftness"]:
        for v in GRID["versus"]:
            for p in GRID["pips"]:
                c = time.process_time()
                initiative.odds([s], [v], pips=p, trials=trials, rng=1, progress=False)
                costs.append(time.process_time() - c)
                batches.append(math.ceil(trials / batch_rounds(None, [s, v])))
    return np.array(costs), np.array(batches)


def list_schedule(durations, slots, overhead):
    """Makespan of tasks given in order to the first free of ``slots`` workers."""
    free = [0.0] * slots
    heapq.heapify(free)
    end = 0.0
    for d in durations:
        start = heapq.heappop(free)
        finish = start + d + overhead
        end = max(end, finish)
        heapq.heappush(free, finish)
    return end


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=100_000, help="rounds per cell (measured)")
    ap.add_argument("--cores", type=int, default=64, help="cores of the projected cluster")
    ap.add_argument("--target", type=int, default=10**6, help="rounds per cell (projected)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each configuration")
    args = ap.parse_args(argv)
    import distributed

    cells = math.prod(len(v) for v in GRID.values())
    print(
        f"# {platform.python_version()}, numpy {np.__version__}, dask "
        f"{distributed.__version__}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}"
    )
    print(f"# grid: {cells} cells, {args.trials:,} rounds each")

    sweep("initiative", GRID, trials=1000, rng=1)  # imports and per-setup tables, once
    with ProcessPoolExecutor(2) as pool:
        pool_latency, pool_throughput = task_overhead(pool)
    configs = {  # (Dask workers, the nannies' pre-spawn-environ: None is Dask's default)
        "`workers=1`": None,
        "`workers=2` (local processes)": None,
        "Dask LocalCluster, 1 worker, `pre-spawn-environ: {}`": (1, {}),
        "Dask LocalCluster, 2 workers": (2, None),
        "Dask LocalCluster, 2 workers, `pre-spawn-environ: {}`": (2, {}),
    }
    walls = {name: [] for name in configs}
    busy = {name: [] for name in configs}  # seconds of cell compute inside Dask workers
    starts, warm, latency = [], [], None
    ref, same, cpu1 = None, True, math.inf
    for _ in range(args.repeat):  # interleaved: each configuration sees the same load
        for name, environ in configs.items():
            if name.startswith("Dask"):
                with dask_cluster(*environ) as (client, start, warmup):
                    starts.append(start)
                    warm.append(warmup)
                    if latency is None and environ[0] == 2:
                        latency = task_overhead(client.get_executor())
                    with distributed.get_task_stream(client=client) as stream:
                        wall, df = timed_sweep(args.trials, executor=client)
                    busy[name].append(compute_seconds(stream.data))
            else:
                cpu = time.process_time()
                wall, df = timed_sweep(args.trials, workers=2 if "workers=2" in name else 1)
                if "workers=1" in name:
                    cpu1 = min(cpu1, time.process_time() - cpu)
            walls[name].append(wall)
            ref = df if ref is None else ref
            same = same and df.equals(ref)
            pd.testing.assert_frame_equal(df, ref)
    dask_latency, dask_throughput = latency
    start = min(starts)
    wall1 = min(walls["`workers=1`"])

    costs, batches = cell_costs(args.trials)
    compute = costs.sum()
    bookkeeping = max(0.0, cpu1 - compute) / cells
    print(f"\n| run (best of {args.repeat}) | wall s | cells / s | speed-up | median wall s |")
    print("|---|---:|---:|---:|---:|")
    for name, times in walls.items():
        best = min(times)
        print(
            f"| {name} | {best:.2f} | {cells / best:.1f} | {wall1 / best:.2f}x | "
            f"{float(np.median(times)):.2f} |"
        )
    print(
        f"\nDask LocalCluster start-up {start:.2f} s, warming its workers (imports, tables) "
        f"{min(warm):.2f} s: not in the figures above"
    )
    for name, b in busy.items():
        if b:
            print(f"{name}: cell compute inside the workers {1e3 * min(b) / cells:.1f} ms a cell")
    print(f"identical frames (every configuration): {same}")
    print(f"CPU of the 1-worker sweep: {cpu1:.2f} s (best wall {wall1:.2f} s)")
    per_batch = costs / batches
    print(
        f"\ncell compute alone: {compute:.2f} s in all, {1e3 * costs.mean():.1f} ms a cell "
        f"(min {1e3 * costs.min():.1f}, max {1e3 * costs.max():.1f}); batches per cell "
        f"{batches.min()}..{batches.max()}; {1e3 * per_batch.mean():.1f} ms a batch"
    )
    print(f"sweep bookkeeping (1-worker sweep CPU - cells' CPU): {1e3 * bookkeeping:.1f} ms a cell")
    print(
        f"task overhead, one at a time / 200 in flight: process pool "
        f"{1e3 * pool_latency:.2f} / {1e3 * pool_throughput:.2f} ms, Dask "
        f"{1e3 * dask_latency:.2f} / {1e3 * dask_throughput:.2f} ms"
    )

    # projection: cell costs scaled to the target rounds; tasks in grid order
    scale = args.target / args.trials
    target_batches = np.array(
        [
            math.ceil(args.target / batch_rounds(None, [s, v]))
            for s in GRID["swiftness"]
            for v in GRID["versus"]
            for _ in GRID["pips"]
        ]
    )
    cell_at = costs * scale
    work = cell_at.sum()
    # the driver's bookkeeping (results, file) is serial and overlaps the workers' compute
    driver = bookkeeping * cells
    by_cells = max(list_schedule(cell_at, args.cores, dask_latency), driver)
    batch_durations = np.repeat(cell_at / target_batches, target_batches)
    by_batches = max(list_schedule(batch_durations, args.cores, dask_latency), driver)
    print(
        f"\nprojection, {args.cores} cores, {args.target:,} rounds a cell: work "
        f"{work:.0f} core-s (one core: {work / 60:.1f} min); cells as tasks "
        f"{by_cells:.1f} s (longest cell {cell_at.max():.1f} s); batches as tasks "
        f"({target_batches.sum():,} of them) {by_batches:.1f} s; ideal {work / args.cores:.1f} s; "
        f"driver bookkeeping {driver:.1f} s"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
