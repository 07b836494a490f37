"""Benchmark: how fast the explorers re-draw after a control change.

For the exact systems (the Storyteller, Fate and compare explorers) one control
change is timed from setting the control's value to the widgets holding the new
figures, table and chart (a PNG); the figures are checked against the API for the
same inputs. For the initiative explorer (Monte Carlo in a background thread) the
time from the change to the first, quick estimate on show, and to the full one.

The changes are a fixed cycle per explorer (pool, difficulty, a rule flag, ...),
each value different from the last so every step re-draws. The first build of
each explorer is not timed (imports, caches); then every change is timed
``--repeat`` times over and the median and the 90th percentile are reported,
with the best (the least disturbed run on a shared machine) and the wall-clock
CPU count.

Run by hand (never from the test suite), from the repository root:

    .venv/bin/python benchmarks/bench_explore.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

os.environ.setdefault("MPLBACKEND", "Agg")

from dicestats import explore  # noqa: E402
from dicestats import fate as fate_api  # noqa: E402
from dicestats import initiative as ini  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.workbench import compare_storyteller  # noqa: E402

#: The budget of one re-draw of an exact explorer, and of the first initiative estimate.
REDRAW_BUDGET = 0.150
FIRST_ESTIMATE_BUDGET = 0.5

CYCLES = {
    "storyteller": [
        ("dice", 6), ("dice", 7), ("difficulty", 8), ("difficulty", 9), ("rules.ten_again", True),
        ("rules.ten_again", False), ("rules.willpower", True), ("rules.willpower", False),
        ("dice", 5), ("metric", "p_success"), ("metric", "p_botch"), ("rules.preset", "first"),
        ("rules.preset", "revised"),
    ],
    "fate": [
        ("bonus", "3"), ("difficulty", "4"), ("invokes", 2), ("objective", "style"),
        ("helpers", 1), ("difficulty", "3"), ("difficulty", "2"), ("objective", "success"),
        ("helpers", 0), ("invokes", 1), ("bonus", "2"), ("difficulty", "3"),
    ],
    "compare": [
        ("a_dice", 7), ("b_dice", 5), ("a_difficulty", 7), ("b_ten_again", True),
        ("b_ten_again", False), ("a_willpower", True), ("a_willpower", False), ("a_dice", 6),
        ("b_dice", 6), ("metric", "p_botch"), ("metric", "differ"), ("a_difficulty", 6),
    ],
}  # fmt: skip


def check(name: str, ex) -> None:
    """The figures on show are the API's for the controls' values (exit 1 otherwise)."""
    s = ex.state()
    if name == "storyteller":
        rules = st.Rules.preset(s["rules.preset"]).replace(
            ten_again=s["rules.ten_again"], willpower=s["rules.willpower"]
        )
        ok = ex.view.result == st.pool(s["dice"], s["difficulty"], rules)
    elif name == "fate":
        bands = fate_api.outcome_probs(int(s["bonus"]), helpers=s["helpers"],
                                       difficulty=int(s["difficulty"]))  # fmt: skip
        ok = ex.view.result[0] == bands
    else:
        a, b = ({k: s[f"{side}_{k}"] for k in ("dice", "difficulty", "preset", "ten_again",
                                                "willpower", "specialty")}
                for side in "ab")  # fmt: skip
        c = ex.view.result
        want = compare_storyteller(
            [r["dice"] for r in c.rows], a["difficulty"],
            *(st.Rules.preset(x["preset"]).replace(ten_again=x["ten_again"],
                                                    willpower=x["willpower"]) for x in (a, b)),
            specialty=a["specialty"], versus_specialty=b["specialty"],
            versus_dice=None if b["dice"] == a["dice"] else b["dice"],
            versus_difficulty=None if b["difficulty"] == a["difficulty"] else b["difficulty"],
        )  # fmt: skip
        ok = ex.error.value == "" and a["dice"] in c.column("dice") and c == want
    if not ok:
        print(f"{name}: the figures on show differ from the API's", file=sys.stderr)
        sys.exit(1)


def time_exact(name: str, make, repeat: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each control change (the CPU time of this process:
    the steadier figure on a shared machine, where the wall clock waits for other work)."""
    ex = make()
    times, cpu = [], []
    for _ in range(repeat):
        for control, value in CYCLES[name]:
            start, start_cpu = time.perf_counter(), time.process_time()
            ex.controls[control].value = value
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            if ex.error.value:
                print(f"{name}: {control}={value!r} was refused: {ex.error.value}", file=sys.stderr)
                sys.exit(1)
            check(name, ex)
    return times, cpu


def time_initiative(repeat: int) -> tuple[list[float], list[float]]:
    ex = explore.initiative("3,3", "2,2,2", trials=20_000, seed=1)
    ex.wait()
    quick, full = [], []
    sides = ["4,3", "3,3,3", "2,2", "3,3"]
    for _ in range(repeat):
        for a in sides:
            start = time.perf_counter()
            ex.controls["swiftness"].value = a
            while not ex.status.value.startswith(("quick", "full")):
                time.sleep(0.001)
            quick.append(time.perf_counter() - start)
            view = ex.wait()
            full.append(time.perf_counter() - start)
            a = ex.call(ex.state()).kwargs["swiftness"]
            want = ini.odds(a, [2, 2, 2], trials=20_000, rng=1)
            if view.result[0].as_dict() != want.as_dict():
                print("initiative: the estimate on show differs from the API's", file=sys.stderr)
                sys.exit(1)
    return quick, full


def summary(label: str, times: list[float], budget: float | None) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    line = (
        f"{label:<34} n={len(ms):>3}  median {statistics.median(ms):7.1f} ms  "
        f"p90 {p90:7.1f} ms  best {ms[0]:7.1f} ms"
    )
    if budget is not None:
        ratio = statistics.median(ms) / (budget * 1000)
        line += f"  median/budget {ratio:.2f} (budget {budget * 1000:.0f} ms)"
    return line


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5, help="times each change cycle is run")
    args = p.parse_args(argv)
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    for name, make in (("storyteller", explore.storyteller), ("fate", explore.fate),
                       ("compare", explore.compare)):  # fmt: skip
        wall, cpu = time_exact(name, make, args.repeat)
        print(summary(f"{name}: change, wall", wall, REDRAW_BUDGET))
        print(summary(f"{name}: change, CPU", cpu, REDRAW_BUDGET))
    quick, full = time_initiative(args.repeat)
    print(summary("initiative: first (quick) estimate", quick, FIRST_ESTIMATE_BUDGET))
    print(summary("initiative: full estimate (20,000)", full, None))
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
