"""Benchmark: Storyteller odds tables, dicestats vs icepool, side by side in one run.

W1: ``odds_table`` for dice 1..30 x difficulty 2..10, default (revised) rules.
W2: the same table with ten-again (chained, extra-die 1s do not cancel).

icepool is raced in three formulations, every one checked cell by cell:

* **fastest** (the row the speed-up goal is read against): each d10 is mapped to
  one packed integer, ``successes + 1000 * ones``, and the pools of one
  difficulty are built *incrementally*, ``pool(n) = pool(n - 1) + die`` (one
  convolution per cell; ``n @ die`` rebuilds every pool from scratch and is
  about 10x slower). W2 adds the scalar "net line" of a base die (+1 per
  success of the die and of its ten-again chain, -1 for a base 1; the chain is
  cut at depth 15, mass 1e-16 per die) summed the same way; its botch comes
  from the packed pool of W1 (extra dice follow a 10, a success, so they never
  change a botch).
* **packed, n @ die**: the packed-integer formulation exactly as issue 14 gives
  it (``n @ plain(d)``, ``n @ ten_again(d)`` with the chain at depth 15).
* **slow idiom**: a ``Vector((success, one))`` die (``n @ die``), as an icepool
  user might first write it; W2 with ``icepool.Again``.

Each formulation's figures (p_success, p_fail, p_botch, mean_net, p_ge_1..5)
are exact Fractions computed from the die's outcomes and integer weights; every
float figure of dicestats must be within 1e-12 of them (exit status 1 otherwise).

Timing: every figure is the median of ``--repeat`` runs in this process (the
machine is shared: the median is the steadier figure), dicestats after a
warm-up (imports). The speed-up is read on the CPU time of this process (a
long run waits for a core more often than a short one on a loaded machine);
the wall-time ratio is printed beside it. The slow rows run ``--slow-repeat`` times (default 1) and
can be skipped with ``--fast-only``.

Run by hand (not in CI) from the repository root, with the benchmark venv::

    benchmarks/setup.sh   # once: benchmarks/.venv with dicestats and icepool
    benchmarks/.venv/bin/python benchmarks/bench_storyteller.py
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from fractions import Fraction

import numpy as np

from dicestats import storyteller as st

COLUMNS = ["p_success", "p_fail", "p_botch", "mean_net"] + [f"p_ge_{k}" for k in range(1, 6)]
BIG = 1000  # packed outcome: successes + BIG * ones
DEPTH = 15  # ten-again chain depth on the icepool side (cut mass 1e-16 per die)


# -- icepool dice -------------------------------------------------------------------------
def packed(d):
    """One d10 at difficulty d as ``success + BIG * one`` (issue 14's ``plain``)."""
    from icepool import d10

    return d10.map(lambda x: 1 if x >= d else (BIG if x == 1 else 0))


def _chain(d, depth):
    from icepool import Die, d10

    if depth == 0:
        return Die([0])
    nxt = _chain(d, depth - 1)
    return d10.map(lambda x: 1 + nxt if x == 10 else (1 if x >= d else 0))


def packed_ten_again(d, depth=DEPTH):
    """Issue 14's ``ten_again``: a base 1 is BIG, a 10 chains extra dice."""
    from icepool import d10

    tail = _chain(d, depth)
    return d10.map(lambda x: BIG if x == 1 else (1 + tail if x == 10 else (1 if x >= d else 0)))


def net_line(d, depth=DEPTH):
    """A base die's net contribution under ten-again: -1 for a 1, +1 per success."""
    from icepool import d10

    tail = _chain(d, depth)
    return d10.map(lambda x: -1 if x == 1 else (1 + tail if x == 10 else (1 if x >= d else 0)))


# -- exact figures from a die's outcomes ---------------------------------------------------
def figures(net_items, den, botch_num) -> dict:
    """The table's figures from ``(net, weight)`` pairs over ``den``."""
    ge = [0] * 6
    mean = 0
    for v, q in net_items:
        if v > 0:
            mean += v * q
            for k in range(1, min(v, 5) + 1):
                ge[k] += q
    out = {
        "p_success": Fraction(ge[1], den),
        "p_botch": Fraction(botch_num, den),
        "mean_net": Fraction(mean, den),
    }
    out["p_fail"] = 1 - out["p_success"] - out["p_botch"]
    for k in range(1, 6):
        out[f"p_ge_{k}"] = Fraction(ge[k], den)
    return out


def packed_figures(die) -> dict:
    """Figures of a packed pool: net = max(s - o, 0), botch = no success and a 1."""
    den = die.denominator()
    items = [(v % BIG, v // BIG, q) for v, q in die.items()]
    botch = sum(q for s, o, q in items if s == 0 and o >= 1)
    return figures([(s - o, q) for s, o, q in items], den, botch)


def scalar_figures(net_die, botch_die) -> dict:
    """Figures from a net-line pool (net = max(v, 0)) and the packed pool's botch."""
    den = net_die.denominator()
    bden = botch_die.denominator()
    botch = sum(q for v, q in botch_die.items() if v % BIG == 0 and v >= BIG)
    # bring the botch to the net pool's denominator (both are powers of 10 here)
    if den % bden:
        raise AssertionError("denominators do not nest")  # pragma: no cover
    return figures(net_die.items(), den, botch * (den // bden))


# -- icepool formulations: {(n, d): figures} -------------------------------------------------
def fastest_w1(dice, diffs):
    out = {}
    for d in diffs:
        die = packed(d)
        acc = None
        for n in range(1, max(dice) + 1):
            acc = die if acc is None else acc + die
            if n in dice:
                out[(n, d)] = packed_figures(acc)
    return out


def fastest_w2(dice, diffs):
    out = {}
    for d in diffs:
        line, base = net_line(d), packed(d)
        acc = bacc = None
        for n in range(1, max(dice) + 1):
            acc = line if acc is None else acc + line
            bacc = base if bacc is None else bacc + base
            if n in dice:
                out[(n, d)] = scalar_figures(acc, bacc)
    return out


def issue_w1(dice, diffs):
    return {(n, d): packed_figures(n @ packed(d)) for n in dice for d in diffs}


def issue_w2(dice, diffs):
    # the chain's extra dice never carry BIG (a 1 on them is just no success)
    return {(n, d): packed_figures(n @ packed_ten_again(d)) for n in dice for d in diffs}


def slow_w1(dice, diffs):
    from icepool import Vector, d10

    def joint_of(d):
        return d10.map(lambda x: Vector((int(x >= d), int(x == 1))))

    out = {}
    for n in dice:
        for d in diffs:
            joint = n @ joint_of(d)
            den = joint.denominator()
            items = list(joint.items())
            botch = sum(q for (s, o), q in items if s == 0 and o >= 1)
            out[(n, d)] = figures([(s - o, q) for (s, o), q in items], den, botch)
    return out


def slow_w2(dice, diffs):
    from icepool import Again, Vector, d10

    def line_of(d):  # closures: icepool inspects a mapped function's parameters
        extra = d10.map(
            lambda x: 1 + Again if x == 10 else int(x >= d), again_depth=DEPTH, again_end=0
        )
        return d10.map(lambda x: 1 + extra if x == 10 else (-1 if x == 1 else int(x >= d)))

    def joint_of(d):
        return d10.map(lambda x: Vector((int(x >= d), int(x == 1))))

    out = {}
    for n in dice:
        for d in diffs:
            botch = (n @ joint_of(d)).map(lambda s, o: s == 0 and o >= 1)
            net = n @ line_of(d)
            bnum = botch.quantity(True) * (net.denominator() // botch.denominator())
            out[(n, d)] = figures(net.items(), net.denominator(), bnum)
    return out


# -- timing and checking ---------------------------------------------------------------------
def median_time(fn, repeat):
    """(median CPU seconds, median wall seconds, result) over ``repeat`` runs.

    CPU time of this process is the figure the ratios use: on a loaded machine a
    long run waits for a core more often than a short one, which would flatter
    the fast side's wall-time ratio.
    """
    cpu, wall, res = [], [], None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        res = fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    return statistics.median(cpu), statistics.median(wall), res


def max_error(table, ref) -> float:
    cols = {c: table[c].to_numpy(dtype=float) for c in COLUMNS}
    dice = table["dice"].to_numpy()
    diffs = table["difficulty"].to_numpy()
    if len(ref) != len(table):
        raise AssertionError("icepool and dicestats give different cells")
    worst = 0.0
    for i in range(len(table)):
        want = ref[(int(dice[i]), int(diffs[i]))]
        for c in COLUMNS:
            worst = max(worst, abs(cols[c][i] - float(want[c])))
    return worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs of each fast row (median)")
    ap.add_argument("--slow-repeat", type=int, default=1, help="runs of each slow row")
    ap.add_argument("--fast-only", action="store_true", help="skip the two slow rows")
    ap.add_argument("--max-dice", type=int, default=30)
    args = ap.parse_args(argv)
    import icepool

    dice = list(range(1, args.max_dice + 1))
    diffs = list(range(2, 11))
    workloads = (
        ("W1 default rules", st.Rules(), fastest_w1, issue_w1, slow_w1),
        ("W2 ten-again", st.Rules(ten_again=True), fastest_w2, issue_w2, slow_w2),
    )
    for _, rules, *_ in workloads:  # warm-up: imports (pandas) are not what we measure
        st.odds_table([1, 2], [6], rules)
    load = os.getloadavg()
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, "
        f"icepool {icepool.__version__}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(f"cells: dice 1..{args.max_dice} x difficulty 2..10 = {len(dice) * len(diffs)}")
    ok = True
    rows = []
    for name, rules, *forms in workloads:
        c_ds, w_ds, table = median_time(lambda r=rules: st.odds_table(dice, diffs, r), args.repeat)
        labels = ("icepool fastest (packed, incremental)", "icepool packed, n @ die",
                  "icepool slow idiom (Vector)")  # fmt: skip
        for label, form, slow in zip(labels, forms, (False, True, True), strict=True):
            if slow and args.fast_only:
                continue
            c_ice, w_ice, ref = median_time(
                lambda f=form: f(dice, diffs), args.slow_repeat if slow else args.repeat
            )
            err = max_error(table, ref)
            ok &= err <= 1e-12
            rows.append((name, label, c_ice / c_ds, w_ice / w_ds, err))
            print(
                f"{name}: dicestats {c_ds * 1e3:.2f} ms CPU ({w_ds * 1e3:.2f} ms wall), "
                f"{label} {c_ice * 1e3:.1f} ms CPU ({w_ice * 1e3:.1f} ms wall), "
                f"ratio {c_ice / c_ds:.0f}x CPU ({w_ice / w_ds:.0f}x wall), max |diff| {err:.1e}",
                flush=True,
            )
    print()
    print("| workload | against | speed-up, CPU time | speed-up, wall time | max abs diff |")
    print("|---|---|---:|---:|---:|")
    for name, label, r_cpu, r_wall, err in rows:
        print(f"| {name} | {label} | {r_cpu:.0f}x | {r_wall:.0f}x | {err:.1e} |")
    load = os.getloadavg()
    print(f"\nload average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if not ok:
        print("FAIL: a float figure differs from icepool's exact value by more than 1e-12")
        return 1
    print("every figure of every cell within 1e-12 of icepool's exact values")
    return 0


if __name__ == "__main__":
    sys.exit(main())
