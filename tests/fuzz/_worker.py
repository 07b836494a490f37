"""The fuzz harness's worker: imports dicestats once and answers requests, one per line.

The parent (:class:`tests.fuzz.harness.Worker`) writes one request per line on this
process's stdin, a base64 pickle of a dict, and reads one answer line back:

* ``{"kind": "cli", "argv": [...]}`` runs ``dicestats.cli.main(argv)`` with stdout and
  stderr captured: ``{"code", "stdout", "stderr", "error"}`` where ``error`` is the
  traceback of an exception that escaped ``main`` (what a user would have seen);
* ``{"kind": "api", "fn", "args", "kwargs"}`` calls a function (a question's public
  function, pickled by reference) with the given arguments (``"system"`` and
  ``"builder"`` instead of ``"fn"``: one of a system's table builders by name):
  ``{"outcome": "ok"}`` or ``{"outcome": "raised", "type", "bases", "message", "error"}``.

The answers travel on a private copy of the original stdout; file descriptor 1 is
pointed at /dev/null so that nothing else (a child process, a C library) can corrupt
the protocol. The parent enforces the time bound: it kills this process (and its
process group) when an answer is late.
"""

from __future__ import annotations

import base64
import contextlib
import io
import os
import pickle
import sys
import time
import traceback


def _answer_cli(argv: list[str]) -> dict:
    from dicestats.cli import main

    out, err = io.StringIO(), io.StringIO()
    error = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # main() returns its status; SystemExit is a slip
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            error = f"SystemExit({exc.code!r}) escaped main()"
        except BaseException:  # noqa: BLE001 - everything a user would see as a traceback
            code, error = 1, traceback.format_exc()
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue(), "error": error}


def _answer_api(req: dict) -> dict:
    from dicestats.registry import system

    if "fn" in req:  # a function (or a bound method) pickled by reference
        fn = req["fn"]
    else:
        fn = system(req["system"]).table_builders[req["builder"]]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            fn(*req["args"], **req["kwargs"])
    except BaseException as exc:  # noqa: BLE001 - the parent judges the kind
        return {
            "outcome": "raised",
            "type": type(exc).__name__,
            "bases": [c.__name__ for c in type(exc).__mro__],
            "message": str(exc),
            "error": traceback.format_exc(),
        }
    return {"outcome": "ok"}


def serve() -> None:
    """Answer requests until stdin closes."""
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    home = os.getcwd()
    import dicestats.cli  # noqa: F401 - import once, before the first timed request

    channel.write("ready\n")
    for line in sys.stdin:
        req = pickle.loads(base64.b64decode(line))
        os.chdir(home)
        start = time.perf_counter()
        answer = _answer_cli(req["argv"]) if req["kind"] == "cli" else _answer_api(req)
        answer["seconds"] = time.perf_counter() - start
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")
        channel.write(base64.b64encode(pickle.dumps(answer)).decode() + "\n")


if __name__ == "__main__":
    serve()
