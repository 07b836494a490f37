"""Benchmark: one big Storyteller pool, and exact teamwork, against the general paths.

* **1000-die ten-again pool** (float): ``storyteller.pool(1000, 6, Rules(ten_again=True))``
  with the engine's kernel steps (one ``np.convolve`` per die on the live columns)
  against the same engine's general step (shift-adds and the doubling IIR, on the
  live columns too), in the same run; both results are checked to agree (every
  outcome above 1e-250 within 1e-12 relative).
* **Exact teamwork** ``storyteller.teamwork([300] * 10, exact=True)`` (its members'
  nets added pairwise by ``Dist.sum_of``, each addition one GMP product of packed
  integers) against the same member pools added left to right with CPython's own
  big-integer product (the Kronecker kernel ``core.dist.convolve_int`` had
  before it used gmpy2, written out below); the totals must be identical.

Every figure is the median CPU time of ``--repeat`` runs in this process,
interleaved, and each ratio comes from one run. Run from the repository root::

    benchmarks/.venv/bin/python benchmarks/bench_pools.py
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from fractions import Fraction

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


def cpython_convolve(a, b):
    """``convolve_int`` as it was: Kronecker substitution with CPython's Karatsuba."""
    nbytes = max(1, ((max(a) * max(b) * min(len(a), len(b))).bit_length() + 8) // 8)
    pa = int.from_bytes(b"".join(x.to_bytes(nbytes, "little") for x in a), "little")
    pb = int.from_bytes(b"".join(x.to_bytes(nbytes, "little") for x in b), "little")
    n = len(a) + len(b) - 1
    raw = (pa * pb).to_bytes(n * nbytes, "little")
    return [int.from_bytes(raw[i * nbytes : (i + 1) * nbytes], "little") for i in range(n)]


def teamwork_before(team):
    """The members' exact nets added left to right with CPython's product."""
    total = None
    for n in team:
        net = st.pool(n, 6, exact=True).net
        w = [net.pmf(v) for v in range(net.min, net.max + 1)]
        den = math.lcm(*(f.denominator for f in w))
        ints = [f.numerator * (den // f.denominator) for f in w]
        total = ints if total is None else cpython_convolve(total, ints)
    return total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--team", type=int, nargs=2, default=(300, 10), metavar=("DICE", "MEMBERS"))
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
    now, before = [], []
    for _ in range(max(1, args.repeat // 3)):
        t, r = cpu(lambda: st.teamwork(team, exact=True))
        now.append(t)
        t, ints = cpu(lambda: teamwork_before(team))
        before.append(t)
    total = sum(ints)
    if r.total.min != 0 or [r.total.pmf(v) for v in range(len(ints))] != [
        Fraction(x, total) for x in ints
    ]:
        print("FAIL: teamwork differs from the left-to-right CPython sum")
        return 1
    o, a = statistics.median(now), statistics.median(before)
    print(
        f"teamwork([{n}] * {k}, exact=True): {o:.2f} s CPU, left to right with CPython's "
        f"product {a:.2f} s CPU (medians of {len(now)}): {a / o:.1f}x; identical totals"
    )
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
