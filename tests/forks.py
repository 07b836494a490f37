"""The command in processes of its own, without a new interpreter importing for each.

:class:`Forks` starts one Python process that imports matplotlib, pandas and dicestats's CLI
once, then forks, per :meth:`Forks.start`, a child that runs ``dicestats.cli.main(argv)`` as the
entry point (``dicestats.__main__.run``, the console script and ``python -m dicestats``)
does, its standard output and error into files. A child is a process
of its own (its pid, its signal handling, nothing computed before it in its memory: the
forking process only imported), so a test of what two processes give, or of what a signal
does to one, stays honest; starting and importing cost about 1.5 s of CPU per interpreter.

The tests of the real entry point (``python -m dicestats``: exit codes, imports) start it for
real (``tests/fate/test_cli.py``, ``tests/cli/test_common.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_SERVER = r"""
import json, os, sys, traceback
import matplotlib.figure, matplotlib.backends.backend_pdf, pandas  # what the commands import
from dicestats.cli import main

for line in sys.stdin:
    setup, argv, out, err = json.loads(line)
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
        os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
        try:
            exec(setup, {"__name__": "__setup__"})
            status = main(argv)
        except SystemExit as exc:
            status = exc.code
        except BaseException:
            traceback.print_exc()
            status = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status if isinstance(status, int) else 1)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""


@dataclass
class Run:
    """One child: its ``pid`` while it runs; :meth:`wait` for its exit status."""

    forks: Forks
    pid: int
    out: Path
    err: Path
    status: int | None = None

    def alive(self) -> bool:
        """Whether the child still runs (the forking process reaps it when it ends)."""
        if self.status is not None:
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def wait(self) -> tuple[int, str, str]:
        """``(exit status, stdout, stderr)`` once the child has ended."""
        if self.status is None:
            self.status = int(self.forks._proc.stdout.readline())
            self.forks._running = None
        return self.status, self.out.read_text(), self.err.read_text()

    def kill(self) -> None:
        """End the child now (if it still runs) and read its status."""
        if self.status is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self.wait()


class Forks:
    """The forking process (see the module's docstring); close it with :meth:`close`."""

    def __init__(self, tmp: Path):
        self._tmp, self._n, self._running = tmp, 0, None
        env = dict(os.environ, TQDM_DISABLE="1", MPLBACKEND="Agg")
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            # a child of a non-interactive shell may inherit SIGINT ignored: restore it
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )

    def start(self, argv: list[str], setup: str = "") -> Run:
        """Fork a child that runs ``setup`` (Python statements), then ``main(argv)``. One
        child at a time: the previous one has been waited for (or killed)."""
        assert self._proc.poll() is None, "the forking process has ended"
        assert self._running is None, f"child {self._running.pid} still runs"
        self._n += 1
        out, err = self._tmp / f"{self._n}.out", self._tmp / f"{self._n}.err"
        self._proc.stdin.write(json.dumps([setup, list(argv), str(out), str(err)]) + "\n")
        self._proc.stdin.flush()
        self._running = Run(self, int(self._proc.stdout.readline()), out, err)
        return self._running

    def run(self, argv: list[str], setup: str = "") -> tuple[int, str, str]:
        """``(exit status, stdout, stderr)`` of ``main(argv)`` in a child of its own."""
        child = self.start(argv, setup)
        try:
            return child.wait()
        finally:
            child.kill()

    def close(self) -> None:
        self._proc.stdin.close()
        self._proc.wait(timeout=60)
