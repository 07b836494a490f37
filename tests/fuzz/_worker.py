"""The fuzz harness's worker: imports dicestats once and answers requests, one per line.

The parent (:class:`tests.fuzz.harness.Worker`) writes one request per line on this
process's stdin, a base64 pickle of a dict, and reads one answer line back:

* ``{"kind": "cli", "argv": [...]}`` runs ``dicestats.cli.main(argv)`` with stdout and
  stderr captured: ``{"code", "stdout", "stderr", "error"}`` where ``error`` is the
  traceback of an exception that escaped ``main`` (what a user would have seen);
* ``{"kind": "runs", "runs": [...]}`` forks one child per run (this process has dicestats
  imported: a child costs its command's work only) and runs ``main(run["argv"])`` in it as
  the ``dicestats`` command would, in directory ``run["cwd"]``, with standard output a file,
  ``/dev/full``, closed (``>&-``) or a pipe nobody reads (``run["stdout"]``); children start
  ``run["start"]`` seconds apart (two sweeps on one file at once) and get the signals
  ``run["signals"]`` (``(seconds, signum)``); ``run["swallow"] = (n, signum)`` sends the
  signal from inside the n-th garbage collection of the run (a ``gc`` callback, where Python
  swallows the handler's exception as it does in ``__del__`` and weakref callbacks), and
  ``(n, signum, True)`` a millisecond after it from a thread (a moment of the run that is
  the same on every machine, give or take a millisecond). The
  answer: ``{"results": [{"status", "stdout", "stderr", "signalled", "fired", "seconds", "dask"}]}``
  (``dask``: whether the run imported Dask's ``distributed``; ``left``: its processes still
  running 5 s after it was signalled, then killed);
* ``{"kind": "batch", "requests": [...]}``: several API requests, ``{"answers": [...]}``;
* ``{"kind": "api", "fn", "args", "kwargs"}`` calls a function (a question's public
  function, pickled by reference) with the given arguments (``"system"`` and
  ``"builder"`` instead of ``"fn"``: one of a system's table builders by name):
  ``{"outcome": "ok"}`` or ``{"outcome": "raised", "type", "bases", "message", "error"}``;
  with ``"shown": True`` an answer's repr is returned too (``"shown"``), and with
  ``"also": {"args", "kwargs"}`` the same call with those is answered as ``"twin"``.

The answers travel on a private copy of the original stdout; file descriptor 1 is
pointed at /dev/null so that nothing else (a child process, a C library) can corrupt
the protocol. The parent enforces the time bound: it kills this process (and its
process group) when an answer is late.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import io
import os
import pickle
import resource
import signal
import sys
import tempfile
import threading
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
    if req.get("also"):  # the same call with other values: both answers, what they show
        alone = {k: v for k, v in req.items() if k != "also"} | {"fn": fn, "shown": True}
        one, two = _answer_api(alone), _answer_api({**alone, **req["also"]})
        one["twin"] = two
        return one
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            value = fn(*req["args"], **req["kwargs"])
    except BaseException as exc:  # noqa: BLE001 - the parent judges the kind
        return {
            "outcome": "raised",
            "type": type(exc).__name__,
            "bases": [c.__name__ for c in type(exc).__mro__],
            "message": str(exc),
            "error": traceback.format_exc(),
        }
    if req.get("shown"):  # what the answer shows (compared with a twin's)
        try:
            return {"outcome": "ok", "shown": repr(value)}
        except Exception as exc:  # noqa: BLE001 - its repr failing is a finding too
            return {"outcome": "ok", "shown": f"repr raised {exc!r}"}
    return {"outcome": "ok"}


#: Where forked children leave what they report besides their output: a hidden folder in
#: the worker's directory (removed with it), not in the runs' folders.
PRIVATE = ""


def _stdout(mode: str | None, out_fd: int) -> None:
    """Point file descriptor 1 (and ``sys.stdout``) where ``mode`` says, as the shell would."""
    if mode is None:
        os.dup2(out_fd, 1)
    elif mode == "full":
        os.dup2(os.open("/dev/full", os.O_WRONLY), 1)
    elif mode == "broken":  # ``dicestats ... | true``: the reader is gone
        r, w = os.pipe()
        os.close(r)
        os.dup2(w, 1)
    elif mode == "closed":  # ``>&-``: Python starts with sys.stdout None
        os.close(1)
        sys.stdout = None
        return
    sys.stdout = io.TextIOWrapper(open(1, "wb", closefd=False), line_buffering=False)


def _swallowing(n: int, signum: int, marker: str, plain: bool = False) -> None:
    """Send ``signum`` to this process from inside the ``n``-th garbage collection that runs
    while the CLI holds the signals (a gc callback: its exception is "ignored"); ``plain``:
    from a thread a millisecond later (the handler runs wherever the run is by then)."""
    seen = 0

    def callback(phase, info):
        nonlocal seen
        taken = signal.getsignal(signum) not in (signal.SIG_DFL, signal.default_int_handler)
        if phase != "start" or not taken:  # counted only while the CLI holds the signals
            return
        seen += 1
        if seen == n:
            with open(marker, "w") as fh:
                fh.write("fired")
            if plain:
                threading.Timer(0.001, os.kill, (os.getpid(), signum)).start()
                return
            os.kill(os.getpid(), signum)
            for _ in range(1000):  # the handler runs between these bytecodes
                pass

    gc.callbacks.append(callback)


SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


def _child(run: dict, out_fd: int, err_fd: int, marker: str) -> int:
    """The body of a forked run: the ``dicestats`` command (``sys.exit(run())`` of
    :mod:`dicestats.__main__`) from the first line of its entry point on, which holds
    SIGINT, SIGTERM and SIGHUP (here held since the fork: a signal sent before this child
    got so far waits as it would there), then the interpreter's exit: its handlers, what
    is collected, the last flush of standard output (a failure there: "Exception
    ignored"). The interpreter's own start, before the entry's first line, is not this
    model's (``test_entry_fuzz.py`` starts the real command for it)."""
    os.dup2(err_fd, 2)
    sys.stderr = io.TextIOWrapper(open(2, "wb", closefd=False), line_buffering=True)
    _stdout(run.get("stdout"), out_fd)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for s in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)
    os.chdir(run["cwd"])
    if run.get("swallow"):
        n, signum, *plain = run["swallow"]
        _swallowing(n, signum, marker, *plain)
    from dicestats.__main__ import HELD
    from dicestats.cli import main

    sys.argv = ["dicestats", *run["argv"]]
    try:
        code = main(held=set(HELD))  # what run() does after its first line
        with open(marker + ".ret", "w"):  # main returned (its words are all written)
            pass
        if code == 0:  # main returned its work done: what follows is the interpreter's exit
            with open(marker + ".done", "w"):
                pass
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - what the user would see
        traceback.print_exc()
        code = 1
    import atexit

    try:
        atexit._run_exitfuncs()  # the interpreter's exit: its handlers, then what is collected
        gc.collect()  # (a __del__ failing there prints "Exception ignored in ...")
    except KeyboardInterrupt:  # a signal at the interpreter's exit: Python's words
        sys.stderr.write("Exception ignored in atexit callback: KeyboardInterrupt\n")
        return 130
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BaseException:  # noqa: BLE001 - Python's own words at exit
        sys.stderr.write("Exception ignored in: <_io.TextIOWrapper name='<stdout>'>\n")
        traceback.print_exc()
        code = 120
    sys.stderr.flush()
    return code


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            stat = fh.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _seconds(path: str) -> float | None:
    try:
        with open(path) as fh:
            return float(fh.read())
    except (OSError, ValueError):
        return None  # killed before it could say


def _answer_runs(runs: list[dict]) -> dict:
    """Fork the runs (at their start times), signal them, wait for all: their results."""
    import matplotlib.pyplot  # noqa: F401 - imported once here, not in every child
    import pandas  # noqa: F401

    import dicestats.sweep  # noqa: F401
    from dicestats.cli import _parser
    from dicestats.explore.processes import descendants

    _parser()  # built once here too (it loads every command's module)

    events = []
    for i, run in enumerate(runs):
        events.append((run.get("start", 0.0), 0, i, None))
        events += [(run.get("start", 0.0) + t, 1, i, s) for t, s in run.get("signals", ())]
    events.sort(key=lambda e: (e[0], e[1]))
    pids, status, files, signalled = {}, {}, {}, {i: [] for i in range(len(runs))}
    below: dict[int, set] = {i: set() for i in range(len(runs))}
    t0 = time.monotonic()
    for when, what, i, signum in events:
        time.sleep(max(0.0, t0 + when - time.monotonic()))
        if what == 0:
            out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
            marker = os.path.join(PRIVATE, f"fired-{i}")
            for stale in (marker, *(marker + t for t in (".s", ".dask", ".done", ".ret"))):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(stale)
            files[i] = (out, err, marker)
            signal.pthread_sigmask(
                signal.SIG_BLOCK, SIGNALS
            )  # the child's: held as by the entry point
            pid = os.fork()
            signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
            if pid == 0:  # the child
                signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
                code, begun = 1, time.perf_counter()
                try:
                    code = _child(runs[i], out.fileno(), err.fileno(), marker)
                except KeyboardInterrupt:  # in this wrapper's own lines: Python's traceback
                    with contextlib.suppress(OSError):
                        os.write(err.fileno(), b"Traceback: KeyboardInterrupt in the harness\n")
                    code = 130
                finally:
                    with contextlib.suppress(OSError), open(marker + ".s", "w") as fh:
                        fh.write(str(time.perf_counter() - begun))
                    if "distributed" in sys.modules:  # it went as far as starting Dask
                        with contextlib.suppress(OSError), open(marker + ".dask", "w"):
                            pass
                    os._exit(code)
            pids[i] = pid
            continue
        if i in status:
            continue
        done, st = os.waitpid(pids[i], os.WNOHANG)
        if done:
            status[i] = os.waitstatus_to_exitcode(st)
            continue  # it had ended: no signal
        below[i] |= set(descendants(pids[i]))  # its workers: they must end with it
        os.kill(pids[i], signum)
        signalled[i].append(signum)
    for i, pid in pids.items():
        if i not in status:
            status[i] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    left = {}
    for i, pids_below in below.items():  # given 5 s to notice their parent is gone
        deadline = time.monotonic() + 5
        while (alive := [p for p in pids_below if _alive(p)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        left[i] = alive
        for p in alive:  # not left to the next runs
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)
    results = []
    for i in range(len(runs)):
        out, err, marker = files[i]
        out.seek(0)
        err.seek(0)
        results.append(
            {
                "status": status[i],
                "stdout": out.read().decode(errors="replace"),
                "stderr": err.read().decode(errors="replace"),
                "signalled": signalled[i],
                "fired": os.path.exists(marker),
                "seconds": _seconds(marker + ".s"),
                "dask": os.path.exists(marker + ".dask"),
                "left": left[i],
                "done": os.path.exists(marker + ".done"),
                "returned": os.path.exists(marker + ".ret"),
            }
        )
        out.close()
        err.close()
    return {"results": results}


def serve() -> None:
    """Answer requests until stdin closes."""
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    home = os.getcwd()
    global PRIVATE
    PRIVATE = tempfile.mkdtemp(prefix=".worker-", dir=home)
    import dicestats.cli  # noqa: F401 - import once, before the first timed request

    channel.write("ready\n")
    for line in sys.stdin:
        req = pickle.loads(base64.b64decode(line))
        os.chdir(home)
        start = time.perf_counter()
        if req["kind"] == "cli":
            answer = _answer_cli(req["argv"])
        elif req["kind"] == "runs":
            answer = _answer_runs(req["runs"])
        elif req["kind"] == "batch":  # several API calls in one round trip
            answer = {"answers": [_answer_api(r) for r in req["requests"]]}
        else:
            answer = _answer_api(req)
        answer["seconds"] = time.perf_counter() - start
        # the peak memory of this process (kB on Linux) and of its waited-for children
        answer["peak_mb"] = (
            max(
                resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
            )
            / 1024
        )
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")
        channel.write(base64.b64encode(pickle.dumps(answer)).decode() + "\n")


if __name__ == "__main__":
    serve()
