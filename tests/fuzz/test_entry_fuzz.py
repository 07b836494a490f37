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

from .harness import DEEP, expect, fuzz_settings, trial

#: Sends signals at ``DICESTATS_TEST_AT`` (``n:signum,...``): ``n`` the n-th module imported
#: after ``dicestats.cli`` was found (noted in the file ``DICESTATS_TEST_MARK``), ``exit`` the
#: interpreter's exit (the last ``atexit`` handler). The signal's handler runs at once.
HOOK = """
import os, sys

_moments = dict(m.split(":") for m in os.environ["DICESTATS_TEST_AT"].split(","))


def _send(signum):
    os.kill(os.getpid(), int(signum))
    for _ in range(1000):  # the handler runs between these bytecodes
        pass


if "exit" in _moments:
    import atexit

    atexit.register(_send, _moments.pop("exit"))  # the first registered: the last to run
if _moments:
    class _Moment:
        seen = None

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name == "dicestats.cli":
                cls.seen = 0
            elif cls.seen is not None:
                cls.seen += 1
                if str(cls.seen) in _moments:
                    sys.meta_path.remove(cls)
                    with open(os.environ["DICESTATS_TEST_MARK"], "w"):
                        pass
                    _send(_moments[str(cls.seen)])
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


def _run(tmp_path: Path, how: str, argv: list[str], moments: dict) -> dict:
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(HOOK)
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    env = {**os.environ, "MPLBACKEND": "Agg", "DICESTATS_TEST_MARK": str(tmp_path / "fired")}
    env["DICESTATS_TEST_AT"] = ",".join(f"{k}:{int(v)}" for k, v in moments.items())
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(hook), env.get("PYTHONPATH")]))
    # the signals at their defaults, as from a terminal (not ignored as under nohup)
    proc = subprocess.run(
        [*_command(how), *argv], cwd=work, env=env, capture_output=True, timeout=120,
        preexec_fn=_defaults,
    )  # fmt: skip
    shown = ", ".join(f"{_SIGNAME[v]} at {k}" for k, v in moments.items())
    return {"status": proc.returncode, "out": proc.stdout.decode(), "err": proc.stderr.decode(),
            "what": f"{how}: dicestats {' '.join(argv)}, {shown}", "argv": argv,
            "fired": (tmp_path / "fired").exists(),
            "files": sorted(p.name for p in work.iterdir())}  # fmt: skip


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


def _check(res: dict, moments: dict) -> None:
    err, what = res["err"], res["what"]
    expect(
        "tracebacks", "Traceback" not in err and "Exception ignored" not in err, f"{what}\n{err}"
    )
    early = [v for k, v in moments.items() if k != "exit"]
    if not res["fired"]:  # not so many imports, or a signal at the exit only: its status stands
        expect("other", res["status"] in (0, 2), f"{what}: exit {res['status']}\n{err}")
        return
    signum = early[0]
    expect("other", res["status"] == 128 + signum, f"{what}: exit {res['status']}\n{err}")
    # (no command named: the signal came while the command started, before it was read)
    who = ("", f" {res['argv'][0]}")
    lines = [f"dicestats{w}: interrupted by {_SIGNAME[signum]}" for w in who]
    expect("other", err.strip() in lines and err.count("\n") == 1, f"{what}\n{err}")
    expect("silent wrong", "chart.png" not in res["files"], f"{what}: interrupted, chart written")


def test_issue_25s_signals_as_the_command_starts_and_at_its_exit(tmp_path):
    """SIGINT while the parser is built (it printed a KeyboardInterrupt traceback), then SIGHUP
    at the exit (it killed the process: exit -1): 130 and one line."""
    with trial("signals, real command"):
        res = _run(tmp_path, "script", COMMANDS[0], {"3": signal.SIGINT, "exit": signal.SIGHUP})
        _check(res, {"3": signal.SIGINT})
        expect("other", res["fired"], f"{res['what']}: not so many imports")


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=60)
@given(
    how=st.sampled_from(["script", "module"]),
    argv=st.sampled_from(COMMANDS),
    first=st.one_of(st.none(), st.integers(1, 400)),
    signals=st.lists(st.sampled_from(sorted(_SIGNAME)), min_size=2, max_size=2),
    late=st.booleans(),
)
def test_signals_as_the_command_starts_and_exits(tmp_path_factory, how, argv, first, signals, late):
    moments = {} if first is None else {str(first): signals[0]}
    if late or first is None:
        moments["exit"] = signals[1]
    with trial("signals, real command"):
        _check(_run(tmp_path_factory.mktemp("entry"), how, argv, moments), moments)
