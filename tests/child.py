"""Calls that once ran for minutes, run in one child process under a wall-clock bound.

A regression then fails its test instead of hanging the suite: the child is killed at
the bound; the calls it finished keep their answers, and the one it was running is
named as the one that overran. One child runs a whole list of calls, one after the
other: a fresh interpreter per call cost about 0.15 s of CPU each to start and import.
"""

from __future__ import annotations

import json
import subprocess
import sys

_RUNNER = r"""
import contextlib, io, json, sys
setup, calls = json.loads(sys.stdin.readline())
ns = {}
exec(setup, ns)
for name, code in calls:
    print(json.dumps({"start": name}), flush=True)
    out, err = io.StringIO(), io.StringIO()
    error = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            exec(code, ns)
        except BaseException as exc:  # the test judges what escaped
            error = f"{type(exc).__name__}: {exc}"
    answer = {"name": name, "out": out.getvalue(), "err": err.getvalue(), "error": error}
    print(json.dumps(answer), flush=True)
"""


class Answers(dict):
    """``{name: {"out", "err", "error"}}``: what each call printed on stdout and stderr,
    and the exception that escaped it (``"Type: message"``) or None. Looking up a call
    the child did not finish fails, naming the call it stopped on and why."""

    def __init__(self, answers: dict, stopped_on: str | None, why: str):
        super().__init__(answers)
        self.stopped_on, self.why = stopped_on, why

    def __missing__(self, name):
        if name == self.stopped_on:
            raise AssertionError(f"{name}: {self.why}")
        raise AssertionError(
            f"{name}: not run, the child stopped on {self.stopped_on!r}: {self.why}"
        )


def run_each(setup: str, calls: dict[str, str], timeout: float = 60) -> Answers:
    """Run ``setup``, then each call (Python statements, in the order given) in one
    fresh interpreter, all within ``timeout`` seconds of wall-clock time."""
    request = json.dumps([setup, list(calls.items())]) + "\n"
    try:
        run = subprocess.run(
            [sys.executable, "-c", _RUNNER],
            input=request,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        stdout = run.stdout
        why = f"the child process exited with status {run.returncode}\n{run.stderr}"
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or b""
        stdout = out.decode(errors="replace") if isinstance(out, bytes) else out
        why = f"no answer within {timeout:g} s"
    answers, running = {}, "(the set-up)"
    for line in stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:  # a line cut short by the kill
            break
        if "start" in record:
            running = record["start"]
        else:
            answers[record.pop("name")] = record
            running = None
    return Answers(answers, running, why)
