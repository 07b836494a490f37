"""Before and after: Monte Carlo ``initiative.odds`` of two versions of dicestats in one process.

The other version is a copy of the package under another name, made from any
commit with ``git archive`` (its imports are relative, so it runs as is)::

    mkdir -p /tmp/ab && git archive 23d7741 dicestats | tar -x -C /tmp/ab
    mv /tmp/ab/dicestats /tmp/ab/dicestats_base
    PYTHONPATH=/tmp/ab benchmarks/.venv/bin/python benchmarks/ab_initiative.py --repeat 11

``dicestats`` is the one the venv has (this clone's, for ``benchmarks/setup.sh``'s
venv). The two versions' Monte Carlo odds (``initiative.simulate`` in versions
before issue 19) and the issue's reference draw, ``rng.integers(1, 7, size=(10**6, 15))`` in
one call, alternate ``--repeat`` times; printed: the best CPU time of each over
the best reference, and the medians' ratios, and whether every field of the
two results is identical.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time

import numpy as np


def monte_carlo(module):
    """The version's Monte Carlo odds: ``simulate`` before issue 19, then ``odds(trials=)``."""
    return getattr(module, "simulate", None) or module.odds


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="dicestats_base", help="the other version's package")
    ap.add_argument("--repeat", type=int, default=11)
    args = ap.parse_args(argv)
    versions = {
        "before": importlib.import_module(args.base + ".initiative"),
        "after": importlib.import_module("dicestats.initiative"),
    }
    setup = ([3, 3, 3], [2, 2, 2])
    results = {k: monte_carlo(m)(*setup, trials=10**6, rng=1) for k, m in versions.items()}
    fields = ("p_first", "p_participant_first", "actions_before", "p_double", "mean_position",
              "p_acts_at")  # fmt: skip
    same = all(repr(getattr(results["before"], f)) == repr(getattr(results["after"], f))
               for f in fields)  # fmt: skip
    cpu = {"reference": [], **{k: [] for k in versions}}
    for _ in range(args.repeat):
        c = time.process_time()
        np.random.default_rng(1).integers(1, 7, size=(10**6, 15))
        cpu["reference"].append(time.process_time() - c)
        for k, m in versions.items():
            c = time.process_time()
            monte_carlo(m)(*setup, trials=10**6, rng=1)
            cpu[k].append(time.process_time() - c)
    ref, med = min(cpu["reference"]), statistics.median(cpu["reference"])
    for k in versions:
        print(f"{k}: {min(cpu[k]) / ref:.2f}x the reference draw "
              f"(medians {statistics.median(cpu[k]) / med:.2f}x)")  # fmt: skip
    print("identical results:", same)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
