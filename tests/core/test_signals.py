"""Issue 25: the first SIGINT/SIGTERM/SIGHUP always ends the run, even when Python swallows
its exception (a handler run inside ``__del__`` or a weakref callback), and leaves targets
untouched; worker processes die with their parent, SIGKILL included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from dicestats.core import montecarlo as mc
from dicestats.core.files import Interrupted, atomic_write, interruptible

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


class _SignalInDel:
    """Sends a signal to this process from ``__del__``: its handler runs there, and the
    exception it raises is printed as "Exception ignored ..." and dropped."""

    def __init__(self, signum):
        self.signum = signum

    def __del__(self):
        signal.raise_signal(self.signum)  # to this thread: handled before __del__ ends
        for _ in range(1000):  # the handler runs between these bytecodes
            pass


def _swallowed(signum) -> None:
    _SignalInDel(signum)  # collected at once: __del__ runs here


def test_a_swallowed_signal_still_ends_the_block():
    """ "Exception ignored ... Interrupted", then the run finished and exited 0."""
    before = signal.getsignal(signal.SIGHUP)
    with pytest.raises(Interrupted) as info:
        with interruptible():
            _swallowed(signal.SIGHUP)
    assert info.value.exit_status == 129
    assert signal.getsignal(signal.SIGHUP) == before
    with interruptible():  # a new block starts clean
        pass


def test_after_a_swallowed_signal_the_next_one_raises_at_once(capsys):
    """The handler had set the signals to ignored: the next one was ignored too."""
    with pytest.raises(Interrupted) as info:
        with interruptible():
            _swallowed(signal.SIGINT)
            signal.raise_signal(signal.SIGTERM)
            time.sleep(30)  # the handler runs at once and raises
    assert info.value.exit_status == 143
    assert "Exception ignored" not in capsys.readouterr().err  # no traceback of it either


def test_a_swallowed_signal_leaves_the_target_untouched(tmp_path):
    out = tmp_path / "x.pdf"
    out.write_bytes(b"old")
    with pytest.raises(Interrupted):
        with interruptible(), atomic_write(out) as fh:
            fh.write(b"new")
            _swallowed(signal.SIGTERM)
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]


def test_a_swallowed_signal_stops_monte_carlo_at_the_next_batch():
    seen = []

    def batch(rng, n):
        seen.append(n)
        if len(seen) == 2:
            _swallowed(signal.SIGINT)
        return {"h": int(rng.integers(0, 2, n).sum())}

    with pytest.raises(Interrupted) as info:
        with interruptible():
            mc.run(batch, trials=100, batch_size=10, rng=1, progress=False)
    assert len(seen) == 2 and info.value.exit_status == 130


_PARENT = """
import concurrent.futures as cf, os, time
from dicestats.core.montecarlo import die_with_parent
pool = cf.ProcessPoolExecutor(2, initializer=die_with_parent)
pids = {pool.submit(os.getpid).result() for _ in range(4)}
print(" ".join(map(str, pids)), flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_workers_die_with_their_parent_even_by_sigkill():
    """SIGKILL of ``sweep ... --workers 2`` left both workers running for 90 s and more."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _PARENT],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert pids
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 10
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [p for p in pids if _running(p)]
    assert not alive


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def _handlers():
    return [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)]


def test_workers_leave_interruptions_to_their_parent():
    """A forked worker inherited the parent's handlers: Ctrl-C or SIGTERM sent to the
    process group (as a terminal or ``timeout`` sends it) raised inside the worker, printed
    its traceback and broke the pool under ``sweep ... --workers 2``."""
    import concurrent.futures as cf
    import multiprocessing as mp

    with interruptible():  # the CLI's handlers, which a fork copies
        assert signal.getsignal(signal.SIGINT) not in (signal.SIG_IGN, signal.SIG_DFL)
        ctx = mp.get_context("fork")
        with cf.ProcessPoolExecutor(1, mp_context=ctx, initializer=mc.die_with_parent) as pool:
            assert pool.submit(_handlers).result() == [signal.SIG_IGN, signal.SIG_DFL]
