"""The explore server's processes as the operating system shows them (Linux ``/proc``).

Which processes run below a process (:func:`descendants`: the server kills its own at exit),
which of them are page kernels (:func:`kernels`), what they hold (:func:`resident_mb`) and
spend (:func:`cpu_ticks`), and whether they have gone quiet (:func:`settled`). The server,
the browser test and ``benchmarks/bench_explore.py`` read the same figures through these.
Elsewhere than Linux every answer is empty (no processes, no memory, no ticks).
"""

from __future__ import annotations

import os
import time

__all__ = ["cpu_ticks", "descendants", "kernels", "resident_mb", "settled"]


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``: children, their children, and so on.

    Examples
    --------
    >>> descendants(2**22 + 1)  # no such process
    []
    """
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kernels(server: int) -> list[int]:
    """The page kernels (``ipykernel`` processes) below the server process ``server``."""
    found = []
    for pid in descendants(server):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if b"ipykernel" in fh.read():
                    found.append(pid)
        except OSError:
            pass
    return found


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (0 once it has gone).

    >>> resident_mb(os.getpid()) > 0, resident_mb(2**22 + 1)
    (True, 0.0)
    """
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_ticks(pid: int) -> int:
    """The CPU time process ``pid`` has used, user and system, in clock ticks (-1 once it
    has gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except OSError:
        return -1


def settled(server: int, timeout: float, step: float = 0.5) -> bool:
    """Wait until the server has a kernel and none used more than 5% of a core over the last
    ``step`` seconds (the prepared one has computed its page): True, or False after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    limit = 0.05 * step * os.sysconf("SC_CLK_TCK")
    before = {k: cpu_ticks(k) for k in kernels(server)}
    while time.monotonic() < deadline:
        time.sleep(step)
        now = {k: cpu_ticks(k) for k in kernels(server)}
        if now and all(k in before and now[k] - before[k] <= limit for k in now):
            return True
        before = now
    return False
