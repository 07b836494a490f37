"""Benchmark: the exact tier form of ``initiative.odds`` against Monte Carlo (issue 21).

For n against n participants (2..8) of swiftness s (1..6) each, in one run: the CPU time
of the exact answer (``initiative.odds(..., exact=True)``: Fractions, by tiers) and of
Monte Carlo at ``--rounds`` rounds (10^6 by default), their ratio, and a check that the
two agree (the largest |z| over p_first, p_double and actions_before, standard errors
of the estimates; the script exits with status 1 past 4.5).

Run by hand (never from the test suite):

    benchmarks/.venv/bin/python benchmarks/bench_initiative_exact.py \\
        [--sizes 2,4,8] [--swiftness 1,3,6] [--rounds 1000000] [--repeat 3]

Each time is the best of ``--repeat`` runs of this process's CPU time (the machine is
shared); Monte Carlo is timed once (it is the long side).
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time

from dicestats import initiative as ini


def cpu(fn, repeat=1):
    """(result, best CPU seconds of this process) over ``repeat`` runs."""
    best, out = float("inf"), None
    for _ in range(repeat):
        c = time.process_time()
        out = fn()
        best = min(best, time.process_time() - c)
    return out, best


def worst_z(ex, mc) -> float:
    """The largest |estimate − exact| / standard error over the compared fields."""
    pairs = [(mc.p_first, ex.p_first), (mc.p_double, ex.p_double)]
    pairs += [(mc.actions_before[k], p) for k, p in ex.actions_before.items()]
    z = 0.0
    for est, p in pairs:
        p = float(p)
        se = max(est.stderr, math.sqrt(p * (1 - p) / est.trials), 1e-12)
        z = max(z, abs(est.value - p) / se)
    return z


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="2,3,4,5,6,7,8", help="participants a side")
    ap.add_argument("--swiftness", default="1,2,3,4,5,6", help="dice per participant")
    ap.add_argument("--rounds", type=int, default=1_000_000, help="Monte Carlo rounds")
    ap.add_argument("--repeat", type=int, default=3, help="exact runs, the best kept")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    swift = [int(x) for x in args.swiftness.split(",")]
    print(f"python {platform.python_version()}, {platform.machine()}; CPU seconds")
    print(f"{'setup':>10} {'exact s':>9} {'MC s':>9} {'MC/exact':>9} {'|z| max':>8}")
    bad = 0
    for n in sizes:
        for s in swift:
            a = [s] * n
            ex, t_ex = cpu(lambda a=a: ini.odds(a, a), args.repeat)
            mc, t_mc = cpu(lambda a=a: ini.odds(a, a, trials=args.rounds, rng=args.seed))
            z = worst_z(ex, mc)
            bad += z > 4.5
            print(f"{f'{n}v{n} s{s}':>10} {t_ex:9.3f} {t_mc:9.2f} {t_mc / t_ex:9.0f} {z:8.2f}")
            sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
