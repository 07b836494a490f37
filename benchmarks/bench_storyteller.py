"""Benchmark: Storyteller odds tables, dicestats vs icepool, side by side in one run.

W1: ``odds_table`` for dice 1..30 x difficulty 2..10, default (revised) rules.
W2: the same table with ten-again (chained, extra-die 1s do not cancel).

The icepool side asks icepool for the same quantities, cell by cell, the way an
icepool user would write it:

* W1: each d10 is mapped to ``Vector((success, one))`` and ``n @ die`` gives the
  joint distribution of (successes, ones) of the pool; ``.map`` turns it into
  the net successes ``max(s - o, 0)`` and the botch indicator (no success and
  at least one 1). P(success), P(botch), P(net >= k) and the mean come from
  ``Die.probability`` / ``Die.mean`` (exact Fractions).
* W2: one "line" per base die, ``d10.map(lambda x: 1 + extra if x == 10 ...)``
  where ``extra`` uses ``icepool.Again`` (depth 15, the chain is cut there: the
  mass affected is 10**-16 per die, far below the 1e-12 check); lines are
  mapped to their net contribution (+1 per success, -1 for a base 1) and summed
  with ``n @ line``. (A Vector-valued line takes ~17 s per 30-die cell, so the
  scalar form is the fast, idiomatic choice.) The botch does not depend on the
  extra dice (they exist only after a 10, a success), so it comes from the same
  joint (successes, ones) die as in W1.

Every float figure of dicestats (p_success, p_fail, p_botch, mean_net,
p_ge_1..p_ge_5) is checked against icepool's exact value within 1e-12; the
script exits with status 1 if any cell differs more.

Run by hand (not in CI) from the repository root, with the benchmark venv
(see benchmarks/README.md)::

    benchmarks/setup.sh   # once: benchmarks/.venv with dicestats and icepool
    benchmarks/.venv/bin/python benchmarks/bench_storyteller.py

Options: ``--repeat R`` (dicestats timing: best of R runs, default 5),
``--max-dice N`` (default 30).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from fractions import Fraction

import numpy as np

from dicestats import storyteller as st

COLUMNS = ["p_success", "p_fail", "p_botch", "mean_net"] + [f"p_ge_{k}" for k in range(1, 6)]


def icepool_cell_w1(n: int, d: int) -> dict:
    from icepool import Vector, d10

    die = d10.map(lambda x: Vector((int(x >= d), int(x == 1))))
    joint = n @ die
    net = joint.map(lambda s, o: max(s - o, 0))
    botch = joint.map(lambda s, o: s == 0 and o >= 1)
    return _figures(net, botch.probability(True))


def icepool_cell_w2(n: int, d: int) -> dict:
    from icepool import Again, Vector, d10

    extra = d10.map(lambda x: 1 + Again if x == 10 else int(x >= d), again_depth=15, again_end=0)
    line = d10.map(lambda x: 1 + extra if x == 10 else (-1 if x == 1 else int(x >= d)))
    net = (n @ line).map(lambda v: max(v, 0))
    base = n @ d10.map(lambda x: Vector((int(x >= d), int(x == 1))))
    botch = base.map(lambda s, o: s == 0 and o >= 1)
    return _figures(net, botch.probability(True))


def _figures(net, botch) -> dict:
    success = Fraction(net.probability(">=", 1))
    botch = Fraction(botch)
    out = {
        "p_success": success,
        "p_botch": botch,
        "p_fail": 1 - success - botch,
        "mean_net": Fraction(net.mean()),
    }
    for k in range(1, 6):
        out[f"p_ge_{k}"] = Fraction(net.probability(">=", k))
    return out


def run_icepool(cell, dice, diffs):
    t0 = time.perf_counter()
    res = {(n, d): cell(n, d) for n in dice for d in diffs}
    return time.perf_counter() - t0, res


def run_dicestats(rules, dice, diffs, repeat):
    best = float("inf")
    table = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        table = st.odds_table(dice, diffs, rules)
        best = min(best, time.perf_counter() - t0)
    return best, table


def max_error(table, ref) -> float:
    worst = 0.0
    for row in table.to_dict("records"):
        want = ref[(int(row["dice"]), int(row["difficulty"]))]
        for c in COLUMNS:
            worst = max(worst, abs(float(row[c]) - float(want[c])))
    return worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-dice", type=int, default=30)
    args = ap.parse_args(argv)
    import icepool

    dice = list(range(1, args.max_dice + 1))
    diffs = list(range(2, 11))
    # warm-up: imports (pandas, scipy) and caches are not what we measure
    st.odds_table([1, 2], [6], st.Rules())
    st.odds_table([1, 2], [6], st.Rules(ten_again=True))
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, "
        f"icepool {icepool.__version__}, {platform.machine()} ({platform.processor() or '?'})"
    )
    print(f"cells: dice 1..{args.max_dice} x difficulty 2..10 = {len(dice) * len(diffs)}")
    ok = True
    rows = []
    for name, rules, cell in (
        ("W1 default rules", st.Rules(), icepool_cell_w1),
        ("W2 ten-again", st.Rules(ten_again=True), icepool_cell_w2),
    ):
        t_ds, table = run_dicestats(rules, dice, diffs, args.repeat)
        t_ice, ref = run_icepool(cell, dice, diffs)
        err = max_error(table, ref)
        ok &= err <= 1e-12
        rows.append((name, t_ds, t_ice, t_ice / t_ds, err))
        print(
            f"{name}: dicestats {t_ds * 1e3:.1f} ms (best of {args.repeat}), "
            f"icepool {t_ice:.2f} s, ratio {t_ice / t_ds:.0f}x, max |diff| {err:.2e}",
            flush=True,
        )
    print()
    print(
        f"| workload | dicestats (best of {args.repeat}) | icepool {icepool.__version__} "
        "(one run) | speed-up | max abs diff |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, t_ds, t_ice, ratio, err in rows:
        print(f"| {name} | {t_ds * 1e3:.1f} ms | {t_ice:.2f} s | {ratio:.0f}x | {err:.1e} |")
    if not ok:
        print("FAIL: a float figure differs from icepool's exact value by more than 1e-12")
        return 1
    print("all figures within 1e-12 of icepool's exact values")
    return 0


if __name__ == "__main__":
    sys.exit(main())
