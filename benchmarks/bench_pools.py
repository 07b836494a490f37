"""Benchmark: one big Storyteller pool, and exact teamwork, against the general paths.

* **1000-die ten-again pool** (float): ``storyteller.pool(1000, 6, Rules(ten_again=True))``
  with the engine's kernel steps (one ``np.convolve`` per die on the live columns)
  against the same engine's general step (shift-adds and the doubling IIR, on the
  live columns too), in the same run; both results are checked to agree (every
  outcome above 1e-250 within 1e-12 relative).
* **Exact teamwork** of identical members: ``storyteller.teamwork([n] * k, exact=True)``
  (each distinct member pool computed once) against summing ``k`` separately
  computed pools, the way teamwork did before; the totals must be identical.

Every figure is the median CPU time of ``--repeat`` runs in this process,
interleaved, and each ratio comes from one run. Run from the repository root::

    benchmarks/.venv/bin/python benchmarks/bench_pools.py
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np

from dicestats import storyteller as st
from dicestats.storyteller.engine import _Engine


def cpu(fn):
    c = time.process_time()
    out = fn()
    return time.process_time() - c, out


def big_pool(general: bool):
    _Engine.kernel_steps = not general
    try:
        return st.pool(1000, 6, st.Rules(ten_again=True))
    finally:
        _Engine.kernel_steps = True


def separate_members(team):
    total = None
    for n in team:
        net = st.pool(n, 6, exact=True).net
        total = net if total is None else total + net
    return total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--team", type=int, nargs=2, default=(100, 10), metavar=("DICE", "MEMBERS"))
    args = ap.parse_args(argv)
    load = os.getloadavg()
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    st.pool(5, 6, st.Rules(ten_again=True))  # warm-up
    fast, slow = [], []
    for _ in range(args.repeat):  # interleaved: load changes hit both alike
        t, a = cpu(lambda: big_pool(False))
        fast.append(t)
        t, b = cpu(lambda: big_pool(True))
        slow.append(t)
    exact = dict(a.net.items())
    for k, p in b.net.items():
        if p > 1e-250 and abs(exact.get(k, 0.0) - p) > 1e-12 * p:
            print(f"FAIL: the two paths differ at net = {k}")
            return 1
    f, s = statistics.median(fast), statistics.median(slow)
    print(
        f"pool(1000, 6, ten-again), float: kernel steps {f * 1e3:.1f} ms CPU, general step "
        f"{s * 1e3:.1f} ms CPU (medians of {args.repeat}): {s / f:.1f}x"
    )
    n, k = args.team
    team = [n] * k
    once, apart = [], []
    for _ in range(max(3, args.repeat // 3)):
        t, r = cpu(lambda: st.teamwork(team, exact=True))
        once.append(t)
        t, total = cpu(lambda: separate_members(team))
        apart.append(t)
    if dict(r.total.items()) != dict(total.items()):
        print("FAIL: teamwork differs from the sum of its members")
        return 1
    o, a = statistics.median(once), statistics.median(apart)
    print(
        f"teamwork([{n}] * {k}, exact=True): {o:.2f} s CPU, members computed apart "
        f"{a:.2f} s CPU (medians): {a / o:.2f}x; identical totals"
    )
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
