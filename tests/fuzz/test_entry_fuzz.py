"""The real ``dicestats`` command (the console script, ``python -m dicestats``) signalled at
moments of its start and of its exit (issue 25, item 3: the first SIGINT, SIGTERM or SIGHUP
ends the run with 130, 143 or 129 and one line, whatever Python is doing; once the work is
done a late one changes nothing).

The forked runs of ``test_runs_fuzz.py`` start from the entry point's first line (the
worker has dicestats imported); these start the command as a user does, with a
``sitecustomize`` module (on ``PYTHONPATH``) that sends the signal at a moment that is the
same on every machine: while the command imports its n-th module after :mod:`dicestats.cli`
(the first import of its entry point, :mod:`dicestats.__main__`: the imports and the parser
being built), or at the interpreter's exit (the last ``atexit`` handler). Before the entry
point the signals are CPython's (``site``, the console script's own first imports): not
drawn here.

Before the entry point held the signals: a KeyboardInterrupt traceback for a SIGINT while
the command imported, "Exception ignored in atexit callback" (exit 0) or death by the
signal at the exit.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .harness import DEEP, Finding, expect, fuzz_settings, trial

#: Sends ``DICESTATS_TEST_SIGNAL`` at ``DICESTATS_TEST_AT``: ``exit``, or the n-th module
#: imported after ``dicestats.cli`` was found (the signal's handler runs at once).
HOOK = """
import os, sys
_signum = int(os.environ["DICESTATS_TEST_SIGNAL"])
_at = os.environ["DICESTATS_TEST_AT"]


def _send():
    os.kill(os.getpid(), _signum)
    for _ in range(1000):  # the handler runs between these bytecodes
        pass


if _at == "exit":
    import atexit

    atexit.register(_send)  # the first registered: the last to run
else:
    class _Moment:
        seen = None

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name == "dicestats.cli":
                cls.seen = 0
            elif cls.seen is not None:
                cls.seen += 1
                if cls.seen == int(_at):
                    sys.meta_path.remove(cls)
                    _send()
            return None

    sys.meta_path.insert(0, _Moment)
"""


def test_the_entry_point_holds_the_signals_the_cli_takes():
    from dicestats.__main__ import HELD
    from dicestats.core.files import SIGNALS

    assert sorted(HELD) == sorted(SIGNALS)


_SIGNAME = {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "SIGHUP"}


def _command(how: str) -> list[str]:
    if how == "script":
        script = shutil.which("dicestats", path=os.path.dirname(sys.executable))
        if script is None:
            pytest.skip("no dicestats console script beside this Python")
        return [script]
    return [sys.executable, "-m", "dicestats"]


def _run(tmp_path: Path, how: str, argv: list[str], signum: int, at: str) -> dict:
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(HOOK)
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    env = {**os.environ, "MPLBACKEND": "Agg", "DICESTATS_TEST_SIGNAL": str(int(signum))}
    env["DICESTATS_TEST_AT"] = at
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(hook), env.get("PYTHONPATH")]))
    # the signals at their defaults, as from a terminal (not ignored as under nohup)
    preexec = _defaults if hasattr(signal, "pthread_sigmask") else None
    proc = subprocess.run(
        [*_command(how), *argv], cwd=work, env=env, capture_output=True, timeout=120,
        preexec_fn=preexec,
    )  # fmt: skip
    what = f"{how}: dicestats {' '.join(argv)}, {_SIGNAME[signum]} at {at}"
    return {"status": proc.returncode, "out": proc.stdout.decode(), "err": proc.stderr.decode(),
            "what": what, "files": sorted(p.name for p in work.iterdir())}  # fmt: skip


def _defaults() -> None:
    for s in _SIGNAME:
        signal.signal(s, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, list(_SIGNAME))


#: Cheap commands: a version, a usage error, a table, a chart (its target must not appear).
COMMANDS = [
    ["--version"],
    ["table", "--no-such-option"],
    ["pool", "3"],
    ["fate", "deck-vs-dice", "10", "--plot", "chart.png"],
]


def _check(res: dict, signum: int, at: str) -> None:
    err, what = res["err"], res["what"]
    expect(
        "tracebacks", "Traceback" not in err and "Exception ignored" not in err, f"{what}\n{err}"
    )
    if at == "exit":  # after the work: the run's status and words stand
        expect("other", res["status"] in (0, 2), f"{what}: exit {res['status']}\n{err}")
        return
    if res["status"] in (0, 2):  # the command imported fewer modules than that: no signal
        return
    expect("other", res["status"] == 128 + signum, f"{what}: exit {res['status']}\n{err}")
    lines = [f"dicestats{w}: interrupted by {_SIGNAME[signum]}" for w in ("", " fate")]
    expect("other", err.strip() in lines and err.count("\n") == 1, f"{what}\n{err}")
    if "chart.png" in res["files"]:
        raise Finding("silent wrong", f"{what}: interrupted, chart.png written")


QUICK = [  # the regression examples: SIGINT while the parser is built, SIGHUP at the exit
    ("script", COMMANDS[0], signal.SIGINT, "3"),
    ("module", COMMANDS[0], signal.SIGHUP, "exit"),
]


@pytest.mark.parametrize("how, argv, signum, at", QUICK, ids=["import", "exit"])
def test_issue_25s_signals_as_the_command_starts_and_exits(tmp_path, how, argv, signum, at):
    with trial("signals, real command"):
        res = _run(tmp_path, how, argv, signum, at)
        _check(res, signum, at)
        if at == "exit":
            expect("other", res["out"] == "dicestats 0.1.0\n" and not res["err"], res["what"])
        else:
            expect("other", res["status"] == 130, f"{res['what']}: no signal delivered")


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=60)
@given(
    how=st.sampled_from(["script", "module"]),
    argv=st.sampled_from(COMMANDS),
    signum=st.sampled_from(sorted(_SIGNAME)),
    at=st.one_of(st.just("exit"), st.integers(1, 400).map(str)),
)
def test_signals_as_the_command_starts_and_exits(tmp_path_factory, how, argv, signum, at):
    with trial("signals, real command"):
        _check(_run(tmp_path_factory.mktemp("entry"), how, argv, signum, at), signum, at)
