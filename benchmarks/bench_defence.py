"""Benchmark: defence and holding by Monte Carlo, the general engine against the fast one.

The table of issue 28, before and after, in one run of one process: 3 heroes of
swiftness 3 against 3 foes of swiftness 2, ``--rounds`` rounds (fights) each,

* ``simulate``: Monte Carlo ``odds`` on the order-only fast path (who acts when),
* ``defence`` (every attack answered), ``defence(..., hold="defend")`` and
  ``defence(..., hold="defend", versus_hold="after-enemy", rounds=3)``, each
  answered by the general round engine (``Engine``, "before": what the questions used
  until issue 28) and by its fast Monte Carlo (``VectorEngine``, "after": what they use
  now), the public function timed whole with its batch function swapped,

as the best of ``--repeat`` runs and the ratio to ``simulate``'s: CPU seconds of this
process (the steadier figure on a shared machine: time spent waiting for a core is not
counted) and, in the last column, the wall-time ratio of "after". Both engines
draw the same numbers, so each row checks that before and after give the very same
result (``repr``). Run by hand (never from the test suite):

    benchmarks/.venv/bin/python benchmarks/bench_defence.py [--rounds 200000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from dicestats import initiative as ini
from dicestats.initiative import defences
from dicestats.initiative.vector import VectorEngine

HEROES, FOES = [3, 3, 3], [2, 2, 2]
ROWS = [
    ("`defence` (every attack answered)", {}),
    ('`defence(..., hold="defend")`', {"hold": "defend"}),
    (
        '`defence(..., hold="defend", versus_hold="after-enemy", rounds=3)`',
        {"hold": "defend", "versus_hold": "after-enemy", "rounds": 3},
    ),
]
ENGINES = {
    "before": lambda s: s.fight.engine(),  # the general engine
    "after": lambda s: VectorEngine.of(s.fight),
}


def best_of(repeat, fn):
    """(best CPU seconds, best wall seconds over ``repeat`` runs, the last result)."""
    cpu = wall = float("inf")
    out = None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        out = fn()
        cpu = min(cpu, time.process_time() - c)
        wall = min(wall, time.perf_counter() - t)
    return cpu, wall, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n, rep = args.rounds, args.repeat
    print(f"# {platform.python_version()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}")
    print(f"# {HEROES} vs {FOES}, {n:,} rounds, best of {rep}, one process\n")

    def sim():
        return ini.odds(HEROES, FOES, trials=n, rng=1, progress=False)

    sim()  # warm up (tables, imports)
    base, base_wall, _ = best_of(rep, sim)
    print("CPU seconds, best of each; the last column: wall-time ratio of after to simulate\n")
    print("| call | before | × `simulate` | after | × `simulate` | before / after | wall × |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| `simulate` (who acts when) | {base:.3f} s | 1 | {base:.3f} s | 1 | | 1 |")
    original = defences.batch_defence
    try:
        for label, kw in ROWS:
            t, wall, out = {}, {}, {}
            for name, batch in ENGINES.items():
                defences.batch_defence = batch

                def run(kw=kw):
                    return ini.defence(HEROES, FOES, trials=n, rng=1, progress=False, **kw)

                t[name], wall[name], out[name] = best_of(rep, run)
            same = repr(out["before"]) == repr(out["after"])
            b, a = t["before"], t["after"]
            print(
                f"| {label} | {b:.2f} s | {b / base:.0f} | {a:.2f} s | {a / base:.0f} "
                f"| {b / a:.1f}{'' if same else ' (RESULTS DIFFER)'} "
                f"| {wall['after'] / base_wall:.0f} |"
            )
    finally:
        defences.batch_defence = original


if __name__ == "__main__":
    main()
