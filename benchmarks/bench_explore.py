"""Benchmark: how fast the explorers re-draw after a control change.

For the exact systems (the Storyteller, Fate and compare explorers) one control
change is timed from setting the control's value to the widgets holding the new
figures, table and chart (a PNG); the figures are checked against the API for the
same inputs. For the initiative explorer (exact odds, the slow answers beside them by
Monte Carlo in a background thread) the time from the change to the first view on show
(the odds and their chart, the slow answers' quick estimate), and to the full one.

The changes are a fixed cycle per explorer (pool, difficulty, a rule flag, ...),
each value different from the last so every step re-draws. The first build of
each explorer is not timed (imports, caches); then ``--changes`` changes (the cycle
repeated as needed; 20 by default) are timed ``--repeat`` times over, each as wall-clock and
CPU time (this process's: the steadier figure on a shared machine), and their median and
worst are reported, with the 90th percentile and the best (the least disturbed run); the CPU
time also apart for the changes that drew a chart and those that did not (the chart stayed,
or was one of the last charts the explorer keeps: a state seen before in the cycle).

Run by hand (never from the test suite), from the repository root:

    .venv/bin/python benchmarks/bench_explore.py [--changes 20 --repeat 1]

``--served`` times the page as served by ``dicestats explore``, in the system's Chromium
(Playwright, as the browser test; no browser is downloaded):

- *address*: from starting the command to its printed address;
- *first result (cold)*: from opening the address at once to the first tab's figures on
  show; *first result (warm)*: the same once the server's prepared kernel is ready (its CPU
  time has stopped growing), median of ``--loads`` loads;
- *change*: for every tab, ``--changes`` changes of its first number box (up one, down one,
  typed and Enter), each timed in the page from the Enter key to the moment the figures,
  the command line and the chart's image have all changed (a MutationObserver; the chart
  only where it depends on that box);
- *kernels*: kernel processes after ``--loads`` page loads (each page closed), then after
  the idle timeout (the server runs with ``--idle`` of ``--idle`` seconds);
- *memory*: the resident size of a page's kernel (median).

    .venv/bin/python benchmarks/bench_explore.py --served [--changes 20 --loads 10]
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
from dicestats.explore import processes  # noqa: E402
from dicestats.workbench import compare_storyteller  # noqa: E402

#: The budget of one re-draw of an exact explorer (figures, chart and commands together: issue
#: 24), and of the first initiative estimate.
REDRAW_BUDGET = 0.100
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


def time_exact(
    name: str, make, repeat: int, changes: int = 20
) -> tuple[list[float], list[float], list[bool]]:
    """Wall-clock and CPU seconds of each control change (the CPU time of this process:
    the steadier figure on a shared machine, where the wall clock waits for other work), and
    whether it drew a chart (else the chart stayed, or was one the explorer keeps)."""
    import gc
    import itertools

    from dicestats.explore.base import _ScreenChart

    ex = make()
    gc.freeze()  # as the served page does once it is made (dicestats.explore.link.served_page)
    times, cpu, drew, draws = [], [], [], []
    plain = _ScreenChart.draw
    _ScreenChart.draw = lambda self, *a: draws.append(1) or plain(self, *a)
    try:
        for _ in range(repeat):
            for control, value in itertools.islice(itertools.cycle(CYCLES[name]), changes):
                start, start_cpu, before = time.perf_counter(), time.process_time(), len(draws)
                ex.controls[control].value = value
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                drew.append(len(draws) > before)
                _check(name, ex, control, value)
    finally:
        _ScreenChart.draw = plain
    return times, cpu, drew


def _check(name: str, ex, control: str, value) -> None:
    """Exit 1 when the change was refused or the figures on show are not the API's."""
    if ex.error.value:
        print(f"{name}: {control}={value!r} was refused: {ex.error.value}", file=sys.stderr)
        sys.exit(1)
    check(name, ex)


def time_initiative(repeat: int) -> tuple[list[float], list[float]]:
    ex = explore.initiative("3,3", "2,2,2", trials=20_000, seed=1)
    ex.wait()
    quick, full = [], []
    sides = ["4,3", "3,3,3", "2,2", "3,3"]
    for _ in range(repeat):
        for a in sides:
            start = time.perf_counter()
            ex.controls["swiftness"].value = a
            while not ex.status.value.startswith("slow answers:"):
                time.sleep(0.001)
            quick.append(time.perf_counter() - start)
            view = ex.wait()
            full.append(time.perf_counter() - start)
            a = ex.call(ex.state()).kwargs["swiftness"]
            want = ini.defence(a, [2, 2, 2], respond="every", trials=20_000, rng=1)
            odds, slow = (r.as_dict() for r in view.result)
            if odds != ini.odds(a, [2, 2, 2]).as_dict() or slow != want.as_dict():
                print("initiative: the estimate on show differs from the API's", file=sys.stderr)
                sys.exit(1)
    return quick, full


def summary(label: str, times: list[float], budget: float | None) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    line = (
        f"{label:<34} n={len(ms):>3}  median {statistics.median(ms):7.1f} ms  "
        f"worst {ms[-1]:7.1f} ms  p90 {p90:7.1f} ms  best {ms[0]:7.1f} ms"
    )
    if budget is not None:
        ratio = statistics.median(ms) / (budget * 1000)
        line += f"  median/budget {ratio:.2f} (budget {budget * 1000:.0f} ms)"
    return line


# -- the served page, in a browser ---------------------------------------------------------------
#: Installed in the page: the time of the last Enter key, and of the last change of each part.
_WATCH = """() => {
  window.__ds = {enter: 0, seen: {}};
  document.addEventListener('keydown', e => { if (e.key === 'Enter') {
      window.__ds.enter = performance.now(); window.__ds.seen = {}; } }, true);
  const note = (kind) => {
    if (!(kind in window.__ds.seen)) window.__ds.seen[kind] = performance.now(); };
  new MutationObserver(records => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (!el || !el.closest) continue;
      if (el.closest('.ds-summary')) note('figures');
      else if (el.closest('.ds-commands')) note('commands');
      else if (el.matches && el.matches('img.ds-chart') && r.attributeName === 'src') note('chart');
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true,
                             attributes: true, attributeFilter: ['src']});
}"""


def _settled(server: int, timeout: float = 180.0) -> None:
    """Wait until no kernel of the server uses more than 5% of a core over a second (the
    prepared one has computed its page)."""
    if not processes.settled(server, timeout, step=1.0):
        raise TimeoutError(f"the server's kernels did not settle within {timeout:.0f} s")


def served(args) -> int:
    import re
    import shutil
    import subprocess
    import threading

    from playwright import sync_api

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        print("no Chromium on this machine", file=sys.stderr)
        return 1
    from dicestats.explore.app import port_free

    port = next(p for p in range(18870, 18999) if port_free(p))
    cmd = [sys.executable, "-m", "dicestats", "explore", "--no-browser", "--port", str(port)]
    cmd += ["--idle", str(args.idle)]
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True).start()
    while not any("?token=" in ln for ln in lines):
        if proc.poll() is not None:
            print("dicestats explore stopped", file=sys.stderr)
            return 1
        time.sleep(0.005)
    address = time.perf_counter() - start
    url = re.search(r"http://\S+", "".join(lines)).group(0)
    server = processes.descendants(proc.pid)[0]
    print(f"address printed after {address * 1000:.0f} ms")
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox"])
            try:
                return _drive(args, browser, url, server, start)
            finally:
                browser.close()
    finally:
        proc.terminate()
        proc.wait(60)


def _first_result(browser, url) -> tuple[float, object]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    start = time.perf_counter()
    page.goto(url, timeout=120_000)
    page.locator(".ds-explorer .ds-summary span:visible").first.wait_for(timeout=120_000)
    return time.perf_counter() - start, page


def _drive(args, browser, url, server, started) -> int:
    cold, page = _first_result(browser, url)
    print(f"first result, cold (opened at once): {cold * 1000:.0f} ms after opening, "
          f"{(time.perf_counter() - started):.1f} s after the command started")  # fmt: skip
    page.evaluate(_WATCH)
    tabs = page.locator(".lm-TabBar-tab")
    n = tabs.count()
    for i in range(n):
        tabs.nth(i).click()
        title = tabs.nth(i).inner_text().strip()
        ex = page.locator(".ds-explorer:visible").first
        box = ex.locator("input[type=number]").first
        try:
            box.wait_for(timeout=30_000)
        except sync_api_timeout():
            print(f"{title}: no number box")
            continue
        value = int(box.input_value() or 0)
        both, chart = [], []
        for k in range(args.changes):
            value += 1 if k % 2 == 0 else -1
            box.fill(str(value))
            box.press("Enter")
            try:
                page.wait_for_function(
                    "() => 'figures' in window.__ds.seen && 'commands' in window.__ds.seen",
                    timeout=30_000,
                )
            except sync_api_timeout():
                print(f"{title}: no change on show after {value}")
                break
            page.wait_for_timeout(150)  # a chart may come after
            t = page.evaluate("window.__ds")
            both.append(max(t["seen"]["figures"], t["seen"]["commands"]) - t["enter"])
            if "chart" in t["seen"]:
                chart.append(max(t["seen"].values()) - t["enter"])
        if both:
            line = f"{title:<26} change: figures+command median {statistics.median(both):6.0f} ms"
            line += f", worst {max(both):6.0f} ms (n={len(both)})"
            if chart:
                line += f"; with the chart median {statistics.median(chart):6.0f} ms"
                line += f", worst {max(chart):6.0f} ms (n={len(chart)})"
            print(line)
    page.close()
    _settled(server)  # the prepared kernel has computed its page
    warm, rss = [], []
    for _ in range(args.loads):
        _settled(server)
        t, page = _first_result(browser, url)
        warm.append(t)
        mine = processes.kernels(server)
        page.close()
        rss.extend(m for m in map(processes.resident_mb, mine) if m)  # 0: gone
    print(f"first result, warm: median {statistics.median(warm) * 1000:.0f} ms, "
          f"worst {max(warm) * 1000:.0f} ms (n={len(warm)})")  # fmt: skip
    left = len(processes.kernels(server))
    print(f"kernels after {args.loads + 1} page loads (pages closed): {left}")
    print(f"memory of a kernel: median {statistics.median(rss):.0f} MB resident")
    time.sleep(args.idle + max(1, min(60, args.idle // 2)) + 5)
    print(f"kernels {args.idle} s later (idle timeout): {len(processes.kernels(server))}")
    return 0


def sync_api_timeout():
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    return PlaywrightTimeout


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=1, help="times the changes are run")
    p.add_argument("--served", action="store_true", help="time the served page in Chromium")
    p.add_argument("--changes", type=int, default=20, help="changes per explorer, per tab")
    p.add_argument("--loads", type=int, default=10, help="warm page loads (--served)")
    p.add_argument("--idle", type=int, default=30, help="the server's --idle (--served)")
    args = p.parse_args(argv)
    if args.served:
        return served(args)
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    for name, make in (("storyteller", explore.storyteller), ("fate", explore.fate),
                       ("compare", explore.compare)):  # fmt: skip
        wall, cpu, drew = time_exact(name, make, args.repeat, args.changes)
        print(summary(f"{name}: change, wall", wall, REDRAW_BUDGET))
        print(summary(f"{name}: change, CPU", cpu, REDRAW_BUDGET))
        for label, which in (("chart drawn", True), ("no chart drawn", False)):
            part = [t for t, d in zip(cpu, drew, strict=True) if d is which]
            if part:  # a chart on show, or one the explorer keeps (RECENT_CHARTS)
                print(summary(f"{name}: {label}, CPU", part, REDRAW_BUDGET))
    quick, full = time_initiative(args.repeat)
    print(summary("initiative: odds, slow answers quick", quick, FIRST_ESTIMATE_BUDGET))
    print(summary("initiative: slow answers full (20,000)", full, None))
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
