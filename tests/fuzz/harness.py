"""The fuzz harness: profiles, the worker process, the check of its answers and the CLI's options
read from its parser.

Profiles (``DICESTATS_FUZZ``):

* unset or ``quick`` (the default suite): few examples, derandomized (the same
  examples on every run, so CI is reproducible), in-range values kept small so
  that every valid call is quick and the whole folder runs in well under a minute;
* ``deep``: many more examples, random (each run explores new ones), in-range
  values anywhere up to the limits and the booklet built for real.

``DICESTATS_FUZZ_EXAMPLES`` overrides the number of examples per test,
``DICESTATS_FUZZ_TIMEOUT`` the wall-clock bound of one call (seconds, default 20):
a call that overruns it fails its example, naming the argv or the call that hung, and
``DICESTATS_FUZZ_MEMORY`` the peak memory of the worker (MB, default 2048) past which a
call is a finding.

Every example is counted by its class (:func:`trial`) in :data:`TALLY`: tried, and what
it found (a traceback, a hang, memory, a silently wrong answer, a non-reproducible
one, leftovers, other broken promises). The deep profile prints the table at the end of
the run (``DICESTATS_FUZZ_TABLE=1`` prints it in the quick one too; a path writes it there).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import os
import pickle
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("DICESTATS_FUZZ", "quick").strip().lower() or "quick"
if PROFILE not in ("quick", "deep"):
    raise ValueError(f"DICESTATS_FUZZ must be 'quick' or 'deep', got {PROFILE!r}")
DEEP = PROFILE == "deep"
TIMEOUT = float(os.environ.get("DICESTATS_FUZZ_TIMEOUT", "20"))
MEMORY_MB = float(os.environ.get("DICESTATS_FUZZ_MEMORY", "2048"))

#: The columns of the results table: what an example can find.
COLUMNS = (
    "tried", "tracebacks", "hangs", "memory", "silent wrong", "non-reproducible", "leftovers",
    "other", "known",
)  # fmt: skip
#: Defects found here in other helpers' files (not fixed here: reported to them with a
#: reproducer): ``(function name, parameter)`` -> what and whose. An example that meets one
#: is counted in the "known" column instead of failing; remove the entry once fixed.
KNOWN: dict = {}
#: Class -> column -> count, filled by :func:`trial` as the tests run.
TALLY: dict[str, dict[str, int]] = {}


class Known(Exception):
    """An example that met a defect of :data:`KNOWN` (counted, not failed)."""


class Finding(AssertionError):
    """A broken promise of the kind ``kind`` (a column of :data:`COLUMNS`)."""

    def __init__(self, kind: str, message: str):
        assert kind in COLUMNS, kind
        super().__init__(f"[{kind}] {message}")
        self.kind = kind


def expect(kind: str, ok, message: str) -> None:
    """Raise a :class:`Finding` of ``kind`` unless ``ok``."""
    if not ok:
        raise Finding(kind, message)


@contextlib.contextmanager
def trial(cls: str):
    """Count one example of class ``cls`` and what it found (its failure's kind)."""
    row = TALLY.setdefault(cls, dict.fromkeys(COLUMNS, 0))
    row["tried"] += 1
    try:
        yield
    except Hang:
        row["hangs"] += 1
        raise
    except Finding as f:
        row[f.kind] += 1
        raise
    except Known:
        row["known"] += 1
    except AssertionError:
        row["other"] += 1
        raise
    except Exception:  # raised in this process by the code under test
        row["tracebacks"] += 1
        raise


def table() -> str:
    """:data:`TALLY` as a text table with a total row."""
    names = sorted(TALLY)
    total = {c: sum(TALLY[n][c] for n in names) for c in COLUMNS}
    width = max(len(n) for n in [*names, "total"])
    lines = [f"{'class':<{width}}  " + "  ".join(COLUMNS)]
    for name, row in [*((n, TALLY[n]) for n in names), ("total", total)]:
        lines.append(f"{name:<{width}}  " + "  ".join(f"{row[c]:>{len(c)}}" for c in COLUMNS))
    return "\n".join(lines)


def fuzz_settings(quick: int, deep: int) -> settings:
    """Hypothesis settings of one fuzz test: ``quick`` or ``deep`` examples by profile."""
    n = int(os.environ.get("DICESTATS_FUZZ_EXAMPLES", deep if DEEP else quick))
    return settings(
        max_examples=n,
        derandomize=not DEEP,
        database=None,  # nothing written into the project (no .hypothesis/)
        deadline=None,  # the worker's timeout is the bound, not hypothesis' timing
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


class Hang(AssertionError):
    """A call overran the time bound (the worker was killed and will be restarted)."""


class Worker:
    """One Python process that imports dicestats once and runs requests (``_worker.py``).

    ``call(request)`` returns the worker's answer, or raises :class:`Hang` when it does
    not come within ``timeout`` seconds (the worker and its children are killed; the
    next call starts a fresh one).
    """

    def __init__(self, home: Path, timeout: float = TIMEOUT):
        self.home, self.timeout = Path(home), timeout
        self.proc: subprocess.Popen | None = None
        self.calls = 0

    def _start(self) -> None:
        env = {**os.environ, "MPLBACKEND": "Agg", "TQDM_DISABLE": "1", "PYTHONHASHSEED": "0"}
        self.log = open(self.home / "worker-stderr.log", "ab")  # noqa: SIM115 - kept open
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("_worker.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            cwd=self.home,
            env=env,
            start_new_session=True,  # its own process group: killed with its children
        )
        self._buf = b""
        if self._readline(120) != b"ready":
            raise RuntimeError(f"the fuzz worker did not start; see {self.log.name}")

    def _readline(self, timeout: float) -> bytes | None:
        end = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:  # the worker died
                return b""
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.proc.stdin.close()
        self.proc.stdout.close()
        self.log.close()
        self.proc = None

    def runs(self, runs: list[dict], what: str) -> list[dict]:
        """Fork ``runs`` from the worker (see ``_worker.py``): each one's result."""
        return self.call({"kind": "runs", "runs": runs}, what)["results"]

    def call(self, request: dict, what: str) -> dict:
        if self.proc is None:
            self._start()
        self.calls += 1
        log = Path(self.log.name)
        start = log.stat().st_size
        self.proc.stdin.write(base64.b64encode(pickle.dumps(request)) + b"\n")
        self.proc.stdin.flush()
        line = self._readline(self.timeout)
        if not line:
            died = line == b""
            self.stop()
            if died:
                raise AssertionError(f"the worker died running {what}")
            raise Hang(f"no answer within {self.timeout:g} s: {what}")
        answer = pickle.loads(base64.b64decode(line))
        if answer.get("peak_mb", 0) > MEMORY_MB or answer.get("type") == "MemoryError":
            self.stop()  # its peak stays: the next call starts a fresh one
            raise Finding("memory", f"{answer.get('peak_mb', 0):.0f} MB peak: {what}")
        # what reached file descriptor 2 directly (child processes, C libraries): a user
        # would see it on the terminal too
        with open(log, "rb") as fh:
            fh.seek(start)
            answer["stray"] = fh.read().decode(errors="replace")
        return answer


def known(fn, names) -> str | None:
    """The :data:`KNOWN` defect of ``fn`` with a wrong value of one of ``names``, if any."""
    name = getattr(fn, "__name__", "")
    return next((KNOWN[(name, n)] for n in names if (name, n) in KNOWN), None)


def check_answer(ans: dict, what: str, *, input_error: bool = True, known=None) -> None:
    """A normal return, or a one-line ``InputError`` (a ValueError or TypeError; with
    ``input_error=False`` any ValueError or TypeError). ``known``: a defect of
    :data:`KNOWN` this call may meet (its traceback raises :class:`Known`)."""
    expect("tracebacks", "Traceback" not in ans["stray"], f"{what}\n{ans['stray']}")
    if ans["outcome"] == "ok":
        return
    if known and not {"ValueError", "TypeError"} & set(ans["bases"]):
        raise Known(known)
    expect("tracebacks", {"ValueError", "TypeError"} & set(ans["bases"]), f"{what}\n{ans['error']}")
    msg = ans["message"].strip()
    assert "\n" not in msg, f"{what}: a message of several lines\n{msg}"
    if input_error:
        assert "InputError" in ans["bases"], f"{what}: not an InputError\n{ans['error']}"


# --------------------------------------------------------------------------- the parser
@dataclass
class Option:
    """One argparse action of a command, with what the fuzzer knows about its values."""

    flags: tuple[str, ...]  # () for a positional
    dest: str
    nargs: object
    kind: str  # flag, choice, path, int, range, list, real, text, remainder
    lo: int | float | None = None
    hi: int | float | None = None
    choices: tuple = ()
    words: tuple = ()  # words from its help text (holding policies, names)
    required: bool = False


@dataclass
class Command:
    name: str
    options: list[Option] = field(default_factory=list)
    required_groups: list[list[Option]] = field(default_factory=list)

    @property
    def positionals(self) -> list[Option]:
        return [o for o in self.options if not o.flags]

    @property
    def optionals(self) -> list[Option]:
        return [o for o in self.options if o.flags]


def _closure(fn) -> dict:
    code = getattr(fn, "__code__", None)
    if code is None or not fn.__closure__:
        return {}
    return {n: c.cell_contents for n, c in zip(code.co_freevars, fn.__closure__, strict=True)}


def _bounds(fn) -> tuple[str, object, object]:
    """(kind, lo, hi) read from an argparse ``type=`` of dicestats' parsers, if it is one
    of the shared parsers (``int_arg`` and the API's refusals)."""
    from dicestats.core.limits import Limit

    cells = _closure(fn)
    for v in cells.values():
        if isinstance(v, Limit):
            inner = cells.get("parse")
            kind = {"range": "range", "list": "list"}.get(getattr(inner, "__name__", ""), "int")
            return ("real" if v.real else kind), v.lo, v.hi
    if "lo" in cells and "hi" in cells:
        return "int", cells["lo"], cells["hi"]
    if fn is int:
        return "int", None, None
    if fn is float:
        return "real", None, None
    return "text", None, None


def _option(action: argparse.Action) -> Option:
    import re

    flags = tuple(action.option_strings)
    words = tuple(sorted(set(re.findall(r"[a-z][a-z_-]{2,}", action.help or ""))))
    common = dict(flags=flags, dest=action.dest, nargs=action.nargs, required=action.required)
    if action.nargs == argparse.REMAINDER:
        return Option(kind="remainder", **common)
    if action.nargs == 0:
        return Option(kind="flag", **common)
    if action.choices:
        return Option(kind="choice", choices=tuple(action.choices), **common)
    if action.dest in ("out", "plot") or action.metavar == "FILE":
        return Option(kind="path", **common)
    kind, lo, hi = _bounds(action.type) if action.type else ("text", None, None)
    return Option(kind=kind, lo=lo, hi=hi, words=words, **common)


def commands() -> list[Command]:
    """Every sub-command of ``dicestats.cli.build_parser()`` and its options; a command
    with sub-commands of its own (``solve storyteller``) is listed by each of them."""
    from dicestats.cli import build_parser

    def walk(parser, prefix: str) -> list[Command]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        out = []
        for name, p in sub.choices.items():
            full = f"{prefix} {name}".strip()
            if any(isinstance(a, argparse._SubParsersAction) for a in p._actions):
                out += walk(p, full)
                continue
            keep = [a for a in p._actions if not isinstance(a, argparse._HelpAction)]
            opts = [_option(a) for a in keep]
            groups = [
                [opts[keep.index(a)] for a in g._group_actions]
                for g in p._mutually_exclusive_groups
                if g.required
            ]
            out.append(Command(full, opts, groups))
        return out

    return walk(build_parser(), "")


def _option_word(name: str) -> str:
    return "--" + ("vs" + name[6:] if name.startswith("versus") else name).replace("_", "-")


def sweep_parameters() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each ``dicestats sweep`` question: (its grid parameters, the required ones), as
    ``--option`` words (its API's parameter names and its rule fields)."""
    try:
        from dicestats.sweep.questions import QUESTIONS
    except ImportError:  # no sweep in this build
        return {}
    out = {}
    for name, q in QUESTIONS.items():
        params = q.signature.parameters
        need = [n for n in q.parameters if n in params and params[n].default is params[n].empty]
        names = [*q.parameters, *q.rule_fields]
        out[name] = (tuple(map(_option_word, names)), tuple(map(_option_word, need)))
    return out


def monte_carlo_questions() -> set[str]:
    """The ``dicestats sweep`` questions answered by Monte Carlo (they take ``--trials``)."""
    try:
        from dicestats.sweep.questions import QUESTIONS
    except ImportError:
        return set()
    return {name for name, q in QUESTIONS.items() if q.monte_carlo}
