"""Benchmark: defence and holding by Monte Carlo, the general engine against the fast one.

The table of issue 28, before and after, in one run of one process: 3 heroes of
swiftness 3 against 3 foes of swiftness 2, ``--rounds`` rounds (fights) each,

* ``simulate``: Monte Carlo ``odds`` on the order-only fast path (who acts when),
* ``defence`` (every attack answered), ``defence(..., hold="defend")`` and
  ``defence(..., hold="defend", versus_hold="after-enemy", rounds=3)``, each
  answered by the general round engine (``Engine``, "before": the reference, what the
  questions used before issue 28's engines) and by the fast Monte Carlo
  (``VectorEngine``, "after": what they use now), the public function timed whole with
  its batch function swapped,

each run alternated with a run of ``simulate`` (``--repeat`` pairs): the median CPU
seconds of this process (the steadier figure on a shared machine: time spent waiting for
a core is not counted), the ratio of the call's median to the median of the ``simulate``
runs beside it, and, in the last column, the same ratio of wall times for "after".
Alternating matters: on a shared machine ``simulate``'s 0.03 s moved by a factor of 2
between runs minutes apart, which one ``simulate`` timing at the start passes on to every
ratio. The two engines draw different numbers (issue 28 let the streams change), so each
row also gives the largest difference between their figures in standard errors (``max
|z|``: every probability and mean of the result; below 4.5 is agreement).

Then the explorer's initiative tab asked a holding question (its calls: ``odds`` and the
``defence`` beside it, 3,3 against 2,2,2, ``hold="defend"``, 20,000 trials), and the
holding row on 1 ... ``os.cpu_count()`` worker processes (``--scale-rounds`` rounds, wall
time: the speed-up a user sees; best measured on an idle machine). Run by hand (never
from the test suite):

    .venv/bin/python benchmarks/bench_defence.py [--rounds 200000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time

from dicestats import initiative as ini
from dicestats.core.montecarlo import Estimate
from dicestats.initiative import defences, simulation
from dicestats.initiative.vector import batch_engine

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
    "after": lambda s: batch_engine(s.fight),
}


def timed(fn):
    """(CPU seconds, wall seconds, the result) of one call."""
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.process_time() - c, time.perf_counter() - t, out


def best_of(repeat, fn):
    """(best CPU seconds, best wall seconds over ``repeat`` runs, the last result)."""
    runs = [timed(fn) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[-1][2]


def paired(repeat, fn, base):
    """``fn`` and ``base`` alternated ``repeat`` times: (fn's median CPU seconds, the ratios
    of the medians, CPU and wall, fn / base; fn's last result; base's CPU seconds)."""
    runs, bases = [], []
    for _ in range(repeat):
        bases.append(timed(base))
        runs.append(timed(fn))
    med = [statistics.median(r[i] for r in runs) for i in (0, 1)]
    ref = [statistics.median(r[i] for r in bases) for i in (0, 1)]
    return med[0], med[0] / ref[0], med[1] / ref[1], runs[-1][2], [r[0] for r in bases]


def _leaves(x):
    if isinstance(x, Estimate):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from _leaves(v)
    elif isinstance(x, (tuple, list)):
        for v in x:
            yield from _leaves(v)


def max_z(a, b) -> float:
    """The largest |difference| / standard error between the figures of two results."""
    worst = 0.0
    for f in a.__dataclass_fields__:
        for x, y in zip(_leaves(getattr(a, f)), _leaves(getattr(b, f)), strict=True):
            if math.isnan(x.value) or math.isnan(y.value):
                continue
            se = math.hypot(x.stderr, y.stderr, 1 / x.trials)
            worst = max(worst, abs(x.value - y.value) / se)
    return worst


def swapped(name):
    """Run the questions on the engine ``name`` (both questions' batch functions)."""
    defences.batch_defence = ENGINES[name]
    simulation.batch_odds = lambda s: (
        ENGINES[name](s) if simulation.needs_engine(s.fight) else simulation.Rounds(s.fight.setup)
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--scale-rounds", type=int, default=1_000_000, help="for the workers' table")
    args = ap.parse_args()
    n, rep = args.rounds, args.repeat
    print(f"# {platform.python_version()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}")
    print(f"# {HEROES} vs {FOES}, {n:,} rounds, {rep} runs of each call, one process\n")

    def sim():
        return ini.odds(HEROES, FOES, trials=n, rng=1, progress=False)

    sim()  # warm up (tables, imports)
    lines, sims = [], []
    original = defences.batch_defence, simulation.batch_odds
    try:
        for label, kw in ROWS:
            t, x, wall, out = {}, {}, {}, {}
            for name in ENGINES:
                swapped(name)

                def run(kw=kw, name=name):
                    seed = 1 if name == "after" else 2
                    return ini.defence(HEROES, FOES, trials=n, rng=seed, progress=False, **kw)

                t[name], x[name], wall[name], out[name], b = paired(rep, run, sim)
                sims += b
            lines.append(
                f"| {label} | {t['before']:.2f} s | {x['before']:.0f} | {t['after']:.2f} s "
                f"| {x['after']:.0f} | {t['before'] / t['after']:.1f} "
                f"| {max_z(out['before'], out['after']):.1f} | {wall['after']:.0f} |"
            )
        lo, med, hi = min(sims), statistics.median(sims), max(sims)
        print("CPU seconds, medians; × `simulate`: the ratio to the median of the `simulate`")
        print("runs alternated with the call's; the last column: the same ratio of wall times\n")
        head = "| call | before | × `simulate` | after | × `simulate` | before / after |"
        print(head + " max \\|z\\| | wall × |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        print(f"| `simulate` (who acts when) | {med:.3f} s | 1 | {med:.3f} s | 1 | | | 1 |")
        print("\n".join(lines))
        print(f"\n`simulate`'s {len(sims)} runs: {lo:.3f} s to {hi:.3f} s, median {med:.3f} s")
        print("\nThe explorer's initiative tab, a holding question (odds and defence, 3,3 vs")
        print("2,2,2, hold=defend, 20,000 trials), CPU seconds, best of each:\n")
        print("| engine | odds | defence | both |")
        print("|---|---:|---:|---:|")
        for name in ENGINES:
            swapped(name)
            kw = dict(trials=20_000, rng=1, progress=False, hold="defend")
            o = best_of(rep, lambda kw=kw: ini.odds([3, 3], [2, 2, 2], **kw))[0]
            d = best_of(rep, lambda kw=kw: ini.defence([3, 3], [2, 2, 2], **kw))[0]
            print(f"| {name} | {o:.3f} s | {d:.3f} s | {o + d:.3f} s |")
    finally:
        defences.batch_defence, simulation.batch_odds = original
    scaling(args.scale_rounds, rep)


def scaling(n: int, rep: int) -> None:
    """Wall seconds of the holding row on 1, 2, ... ``os.cpu_count()`` worker processes
    (the pool's start included: what a user waits for) and the speed-up over one."""
    cpus = os.cpu_count() or 1
    print(f'\n`defence(..., hold="defend")`, {n:,} rounds, wall seconds (best of {rep}) by')
    print("worker processes; the same numbers on any count (tested):\n")
    print("| workers | wall | speed-up | per worker |")
    print("|---:|---:|---:|---:|")
    one = None
    for w in range(1, cpus + 1):

        def run(w=w):
            return ini.defence(
                HEROES, FOES, trials=n, rng=1, progress=False, workers=w, hold="defend"
            )

        wall = best_of(rep, run)[1]
        one = one or wall
        print(f"| {w} | {wall:.2f} s | {one / wall:.2f} | {one / wall / w:.2f} |")


if __name__ == "__main__":
    main()
