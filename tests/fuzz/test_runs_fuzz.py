"""Whole runs of the command, as a user starts them: output paths, standard output that
fails, signals at any moment, two sweeps on one file, resumes with other settings, the
scheduler's and timeout's values (issue 25, item 6).

Each run is a child forked from the harness' worker (dicestats already imported: a run
costs its command's work only) in a fresh folder, so what it leaves there is known:

* **output paths**: ``--plot`` and ``--out`` to long names, special files (``/dev/full``,
  ``/proc/x``), a path under a regular file, a directory, unknown suffixes: exit 0, or 1/2
  with one line; a refusal leaves the target as it was; a success writes what the suffix
  says, the same bytes every time; nothing else left in the folder;
* **standard output** full (``> /dev/full``), closed (``>&-``) or broken (``| true``):
  one line and exit 1 (a broken pipe: 0 is also fine), never a traceback;
* **signals**: SIGINT/SIGTERM/SIGHUP at a random moment (sometimes twice), or sent from
  inside a garbage collection where Python swallows the handler's exception: exit
  128 + signal with one line and the target untouched, or (signal too late) the whole
  target; an interrupted sweep resumed gives the rows of an uninterrupted one;
* **one --out, two sweeps**: started together with different grids: each exits 0 or is
  refused in one line; every row of a sweep that exited 0 is in the file, right;
* **resume with changed settings** (batch size, trials, seed, exact, grid, rules): refused
  in one whole line with the file unchanged, or the rows of a fresh run;
* **scheduler and timeout**: nan, inf, -1, 1e308, non-addresses, closed ports: refused in
  one line, or given up within the timeout.

The quick profile runs one targeted example of each class (the defects of issue 25); the
deep one draws many.
"""

from __future__ import annotations

import csv
import io
import re
import shlex
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .harness import DEEP, Finding, expect, fuzz_settings, trial

# ---------------------------------------------------------------------------- the runs
#: Cheap valid commands that draw a chart (their ``--plot``).
PLOTTERS = [
    ["auto", "3"],
    ["fate", "deck-vs-dice", "10"],
    ["initiative", "odds", "2", "2", "--trials", "200", "--seed", "1"],
    ["sweep", "fate", "--bonus", "0", "1", "--difficulty", "2", "--quiet"],
    ["exemption", "3"],
    ["challenge", "1"],
    ["table"],
    ["worth", "die", "--dice", "3"],
    ["calibrate", "fate"],
    ["teamwork", "3,2"],
]
#: Cheap sweeps that write their ``--out``.
SWEEPS = [
    ["sweep", "fate", "--bonus", "0", "1", "--difficulty", "2", "--quiet"],
    ["sweep", "initiative", "--swiftness", "1-3", "--vs", "2", "--trials", "2000", "--seed", "1"]
    + ["--quiet"],
]
#: Cheap commands that print (standard output's tests).
PRINTERS = [
    ["pool", "3"],
    ["fate", "--difficulty", "2", "--json"],
    ["sweep", "fate", "--bonus", "0", "1", "--difficulty", "2", "--quiet"],
    ["anomalies"],
    ["initiative", "odds", "2", "2", "--trials", "200", "--seed", "1"],
    ["worth", "die", "--dice", "3", "--json"],
    ["--version"],  # argparse's own writes (it dropped a failed one: exit 0, nothing written)
    ["pool", "--help"],
]

_SIGNAME = {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "SIGHUP"}


class Folder:
    """A fresh folder under the worker's directory, with a regular file in it."""

    def __init__(self, worker):
        self.path = Path(tempfile.mkdtemp(prefix="run-", dir=worker.home))
        (self.path / "a-file").write_text("not a directory\n")
        (self.path / "a-dir.png").mkdir()

    def files(self) -> dict[str, bytes]:
        out = {}
        for p in self.path.rglob("*"):
            if p.is_file():
                out[str(p.relative_to(self.path))] = p.read_bytes()
        return out

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def one_run(worker, argv, folder: Folder, **extra) -> dict:
    what = f"(cd {folder.path.name}; dicestats {shlex.join(argv)})"
    if extra:
        what += f" {extra}"
    (res,) = worker.runs([{"argv": argv, "cwd": str(folder.path), **extra}], what)
    res["what"] = what
    return res


def check_words(res: dict, allowed=(0, 1, 2)) -> None:
    """No traceback; an allowed exit; one line on stderr when not 0."""
    err, what = res["stderr"], res["what"]
    expect(
        "tracebacks", "Traceback" not in err and "Exception ignored" not in err, f"{what}\n{err}"
    )
    expect("other", res["status"] in allowed, f"{what}: exit {res['status']}\n{err}")
    if res["status"] != 0:
        lines = err.splitlines()
        expect("other", len(lines) == 1, f"{what}: exit {res['status']}, {len(lines)} lines\n{err}")
        expect("other", lines[0].startswith(("dicestats ", "dicestats:")), f"{what}: {err}")


MAGIC = {
    ".png": b"\x89PNG",
    ".pdf": b"%PDF",
    ".svg": b"<?xml",
    ".csv": b"question,",
    ".parquet": b"PAR1",
}


def leftovers(before: dict, after: dict, keep: set) -> list[str]:
    """Files in ``after`` that were not in ``before`` and are not in ``keep``."""
    return sorted(set(after) - set(before) - keep)


# ---------------------------------------------------------------------------- output paths
def _long(n: int, suffix: str) -> str:
    return "x" * (n - len(suffix)) + suffix


SUFFIXES = (".png", ".svg", ".pdf", ".PNG", ".csv", ".parquet", ".gif", ".jpg", ".eps",
            ".ps", ".svgz", "", ".png.", ".tif", ".webp", ".raw", ".txt")  # fmt: skip
SPECIAL = ("/dev/full", "/dev/null", "/dev/stdout", "/proc/x.png", "/proc/x.csv",
           "/proc/self/x.pdf", "/sys/x.png", "/", ".", "..", "a-file", "a-dir.png",
           "a-file/out.png", "a-file/out.csv", "a-file/", "out.png/", "missing/out.png",
           "missing/deeper/out.csv", "", " ", "-", "\n.png", "a\nb.png", "é.svg",
           "x" * 255 + "/out.png")  # fmt: skip


@st.composite
def out_path(draw) -> str:
    kind = draw(st.sampled_from(["special", "long", "name", "name"]))
    suffix = draw(st.sampled_from(SUFFIXES))
    if kind == "special":
        return draw(st.sampled_from(SPECIAL))
    if kind == "long":
        n = draw(st.sampled_from([250, 254, 255, 256, 300, 1000, 4096, 5000]))
        return _long(n, suffix)
    base = draw(st.sampled_from(["out", "chart", "a b", "-x", ".hidden", "tab\tname"]))
    return base + suffix


def _expected_format(path: str) -> bytes | None:
    return MAGIC.get(Path(path).suffix.lower())


WRITERS = [("--plot", c) for c in PLOTTERS] + [("--out", c) for c in SWEEPS]
QUICK_PATHS = [  # the paths of issue 25's tracebacks and wrong writes, one each
    ("--plot", PLOTTERS[0], "/dev/full"),
    ("--plot", PLOTTERS[3], _long(256, ".png")),
    ("--out", SWEEPS[0], "/proc/x.csv"),
    ("--plot", PLOTTERS[1], "a-file/out.png"),
    ("--plot", PLOTTERS[1], "out.gif"),
    ("--plot", PLOTTERS[0], "out.pdf"),  # written, byte-identical twice (fixed dates)
]


def _path_example(worker, option, argv, path, *, twice: bool) -> None:
    folder = Folder(worker)
    try:
        target = folder.path / path if path and not path.startswith("/") else None
        old = b"old contents\n"
        plain = target is not None and "\n" not in path and len(path) < 250
        if plain and not path.endswith("/") and not target.exists():
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(old) if option == "--plot" else None
            except OSError:
                pass
        before = folder.files()
        res = one_run(worker, [*argv, option, path], folder)
        check_words(res)
        after = folder.files()
        name = str(Path(path)) if target is not None else None
        if res["status"] != 0:
            expect("silent wrong", after == before, f"{res['what']}: changed files on a refusal")
            return
        if name is None:  # a special file: written in place (/dev/null) or nothing
            expect(
                "leftovers", after == before, f"{res['what']}: {leftovers(before, after, set())}"
            )
            return
        expect("silent wrong", name in after, f"{res['what']}: exit 0, no {path!r} written")
        magic = _expected_format(path)
        expect(
            "silent wrong",
            magic is not None and after[name].startswith(magic),
            f"{res['what']}: {path!r} holds {after[name][:8]!r}",
        )
        extra = leftovers(before, after, {name})
        expect("leftovers", not extra, f"{res['what']}: left {extra}")
        if twice:  # the same run again writes the same bytes
            again = Folder(worker)
            try:
                (again.path / name).parent.mkdir(parents=True, exist_ok=True)  # as the first had
                res2 = one_run(worker, [*argv, option, path], again)
                check_words(res2)
                second = (again.path / name).read_bytes()
            finally:
                again.remove()
            expect("non-reproducible", second == after[name], f"{res['what']}: other bytes twice")
    finally:
        folder.remove()


@pytest.mark.parametrize("option, argv, path", QUICK_PATHS, ids=[p[:20] for *_, p in QUICK_PATHS])
def test_issue_25s_output_paths(worker, option, argv, path):
    with trial("output paths"):
        _path_example(worker, option, argv, path, twice=path == "out.pdf")


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=300)
@given(writer=st.sampled_from(WRITERS), path=out_path(), twice=st.integers(0, 4))
def test_output_paths(worker, writer, path, twice):
    option, argv = writer
    with trial("output paths"):
        _path_example(worker, option, argv, path, twice=twice == 0)


# ---------------------------------------------------------------------------- standard output
def _stdout_example(worker, argv, mode) -> None:
    folder = Folder(worker)
    try:
        res = one_run(worker, argv, folder, stdout=mode)
        check_words(res, allowed=(0, 1) if mode == "broken" else (1,))
        if res["status"] == 1:
            expect(
                "other",
                "cannot write standard output" in res["stderr"],
                f"{res['what']}\n{res['stderr']}",
            )
        expect("leftovers", not leftovers({}, folder.files(), {"a-file"}), res["what"])
    finally:
        folder.remove()


QUICK_STDOUT = [(PRINTERS[0], "full"), (PRINTERS[2], "closed"), (PRINTERS[1], "broken")]
QUICK_STDOUT += [(PRINTERS[6], "full")]


@pytest.mark.parametrize("argv, mode", QUICK_STDOUT, ids=[f"{a[0]}-{m}" for a, m in QUICK_STDOUT])
def test_issue_25s_standard_outputs(worker, argv, mode):
    with trial("standard output"):
        _stdout_example(worker, argv, mode)


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=60)
@given(argv=st.sampled_from(PRINTERS), mode=st.sampled_from(["full", "closed", "broken"]))
def test_standard_outputs(worker, argv, mode):
    with trial("standard output"):
        _stdout_example(worker, argv, mode)


# ---------------------------------------------------------------------------- signals
#: ``(argv, option, target)``: what a run writes; a sweep's --out grows as cells finish.
SIGNALLED = [
    (PLOTTERS[1], "--plot", "chart.png"),
    (PLOTTERS[3], "--plot", "chart.pdf"),
    (SWEEPS[1], "--out", "rows.csv"),
    (["report", "--systems", "fate", "--trials", "200", "--quiet"], "--out", "book.pdf"),
]
_REFERENCE: dict = {}


def reference(worker, argv) -> tuple[bytes, float]:
    """The target an uninterrupted run writes, and how long that run took (cached)."""
    key = tuple(argv)
    if key not in _REFERENCE:
        folder = Folder(worker)
        try:
            res = one_run(worker, argv, folder)
            check_words(res, allowed=(0,))
            name = argv[-1]
            _REFERENCE[key] = ((folder.path / name).read_bytes(), res.get("seconds", 1.0))
        finally:
            folder.remove()
    return _REFERENCE[key]


def rows(data: bytes) -> dict:
    """A sweep file's rows by their cell seed, without their empty cells (a file's columns are
    those of the rows it holds: a row has more of them in a file with more rows)."""
    table = csv.DictReader(io.StringIO(data.decode()))
    return {r["seed"]: {k: v for k, v in r.items() if v != ""} for r in table}


def _signal_example(worker, which, signum, when, second, swallow) -> None:
    argv, option, name = SIGNALLED[which]
    full = [*argv, option, name]
    ref, seconds = reference(worker, full)
    folder = Folder(worker)
    try:
        old = b"old contents\n"
        if option == "--plot" or name.endswith(".pdf"):
            (folder.path / name).write_bytes(old)
        else:
            old = None
        before = folder.files()
        run = {}
        if swallow and second < 0:  # at the swallow-th collection, outside its callback
            run["swallow"] = (swallow, signum, True)
        elif swallow:
            run["swallow"] = (swallow, signum)
        else:
            delay = when * max(seconds, 0.05) * 1.5
            twice = [(delay + second, signum)] if second > 0 else []
            run["signals"] = [(delay, signum), *twice]
        res = one_run(worker, full, folder, **run)
        res["what"] = f"{res['what']} {run}"
        status, err, what = res["status"], res["stderr"], res["what"]
        after = folder.files()
        got = after.get(name)
        interrupted = bool(res["signalled"]) or res["fired"]
        csv_rows = name.endswith(".csv") and got is not None
        whole = got == ref or csv_rows and rows(got) == rows(ref)
        expect(
            "tracebacks",
            "Traceback" not in err and "Exception ignored" not in err,
            f"{what}\n{err}",
        )
        if res["done"] and interrupted:  # it came after main returned: the work is whole
            expect("silent wrong", whole, f"{what}: a finished run's target")
        elif res["fired"]:  # sent while the CLI held the signals: it must end the run
            expect(
                "other", status == 128 + signum, f"{what}: a swallowed signal, exit {status}\n{err}"
            )
        if status == 0:
            expect("silent wrong", whole, what)
        elif interrupted and status in (128 + signum, -signum):
            if status > 0:
                # (no command named: it arrived while the command started, before it was read)
                lines = [
                    f"dicestats{w}: interrupted by {_SIGNAME[signum]}" for w in ("", " " + argv[0])
                ]
                expect("other", err.strip() in lines and err.count("\n") == 1, f"{what}\n{err}")
            if option == "--out" and name.endswith(".csv") and got is not None:
                # the cells finished before the signal, each as an uninterrupted run has it
                part, whole = rows(got), rows(ref)
                expect("silent wrong", all(part[s] == whole.get(s) for s in part), what)
                # and the run resumed gives the whole file
                res2 = one_run(worker, full, folder)
                check_words(res2, allowed=(0,))
                again = (folder.path / name).read_bytes()
                expect("silent wrong", rows(again) == whole, f"{what}: resumed rows differ")
                after = folder.files()
                got = after.get(name)
            else:
                expect("silent wrong", got == old or got is None and old is None, f"{what}: target")
        else:
            raise Finding("other", f"{what}: exit {status}\n{err}")
        extra = leftovers(before, after, {name})
        expect("leftovers", not extra, f"{what}: left {extra}")
        expect("leftovers", not res["left"], f"{what}: processes left {res['left']}")
    finally:
        folder.remove()


QUICK_SIGNALS = [  # which, signal, when (x its run time), second signal after, swallowed at gc n
    (0, signal.SIGINT, 0.0, -1.0, 3),  # in the run, at the same moment on every machine
    (2, signal.SIGHUP, 0.0, 0.0, 3),  # issue 25 item 3: swallowed (as in a weakref callback)
]


@pytest.mark.parametrize("which, signum, when, second, swallow", QUICK_SIGNALS)
def test_issue_25s_signals(worker, which, signum, when, second, swallow):
    with trial("signals"):
        _signal_example(worker, which, signum, when, second, swallow)


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=150)
@given(
    which=st.integers(0, len(SIGNALLED) - 1),
    signum=st.sampled_from([signal.SIGINT, signal.SIGTERM, signal.SIGHUP]),
    when=st.floats(0, 1),
    second=st.sampled_from([0.0, 0.0, 0.01, 0.2, -1.0]),  # -1: swallow= as a plain moment
    swallow=st.sampled_from([0, 0, 0, 1, 2, 5, 20]),
)
def test_signals_at_random_moments(worker, which, signum, when, second, swallow):
    with trial("signals"):
        _signal_example(worker, which, signum, when, second, swallow)


WORKERS = ["sweep", "initiative", "--swiftness", "1-4", "--vs", "2", "--trials", "20000"]
WORKERS += ["--seed", "1", "--quiet", "--workers", "2", "--out", "rows.csv"]


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=8)
@given(when=st.floats(0.5, 4), signum=st.sampled_from([signal.SIGKILL, signal.SIGTERM]))
def test_a_killed_sweep_leaves_no_workers(worker, when, signum):
    """Issue 25 item 4: SIGKILL of ``sweep ... --workers 2`` left both workers running."""
    folder = Folder(worker)
    try:
        with trial("signals"):
            res = one_run(worker, WORKERS, folder, signals=[(when, signum)])
            what = f"{res['what']} {signum!r} at {when:.2f} s"
            expect("leftovers", not res["left"], f"{what}: processes left {res['left']}")
            expect("tracebacks", "Traceback" not in res["stderr"], f"{what}\n{res['stderr']}")
            if res["signalled"] and res["status"] == -signal.SIGKILL:  # the file is whole rows
                if (folder.path / "rows.csv").exists():
                    rows((folder.path / "rows.csv").read_bytes())
    finally:
        folder.remove()


# ---------------------------------------------------------------------------- one --out, two sweeps
RACE = ["sweep", "initiative", "--vs", "2", "--trials", "1000", "--seed", "1", "--quiet"]


def _fresh_rows(worker, argv) -> dict:
    key = ("rows", tuple(argv))
    if key not in _REFERENCE:
        folder = Folder(worker)
        try:
            res = one_run(worker, [*argv, "--out", "r.csv"], folder)
            check_words(res, allowed=(0,))
            _REFERENCE[key] = rows((folder.path / "r.csv").read_bytes())
        finally:
            folder.remove()
    return _REFERENCE[key]


def _race_example(worker, grids, start) -> None:
    argvs = [[*RACE, "--swiftness", g] for g in grids]
    fresh = [_fresh_rows(worker, a) for a in argvs]
    folder = Folder(worker)
    try:
        before = folder.files()
        runs = [
            {"argv": [*a, "--out", "rows.csv"], "cwd": str(folder.path), "start": s}
            for a, s in zip(argvs, start, strict=True)
        ]
        what = f"two sweeps on one --out: {grids}, started {start}"
        results = worker.runs(runs, what)
        after = folder.files()
        file_rows = rows(after.get("rows.csv", b""))
        for res, want in zip(results, fresh, strict=True):
            res["what"] = what
            check_words(res, allowed=(0, 2))
            if res["status"] == 2:
                expect("other", "being written by another sweep" in res["stderr"], res["stderr"])
                continue
            lost = [s for s in want if s not in file_rows]
            expect("silent wrong", not lost, f"{what}: {len(lost)} rows lost")
            wrong = [s for s in want if file_rows[s] != want[s]]
            expect("silent wrong", not wrong, f"{what}: {len(wrong)} rows differ")
        expect("leftovers", not leftovers(before, after, {"rows.csv"}), what)
    finally:
        folder.remove()


def test_issue_25s_two_sweeps_on_one_out(worker):
    # "two sweeps with different grids on one --out both exit 0 and the file ends with 19 of
    # 32 rows"
    with trial("one --out, two sweeps"):
        _race_example(worker, ["1-3", "4"], [0.0, 0.02])


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=40)
@given(
    grids=st.lists(st.sampled_from(["1", "1-2", "2-4", "1-3", "5", "3-5"]), min_size=2, max_size=2),
    start=st.floats(0, 0.6),
)
def test_two_sweeps_on_one_out(worker, grids, start):
    with trial("one --out, two sweeps"):
        _race_example(worker, grids, [0.0, start])


# ---------------------------------------------------------------------------- resume
#: Settings of a sweep and the other values they may take on a second run.
CHANGES = {
    "--batch-size": [None, "100", "500"],
    "--trials": ["500", "1000"],
    "--seed": ["1", "2", None],
    "--order": [None, "tier", "action"],
    "--swiftness": ["1-2", "2-3", "1"],
}
EXACT_CHANGES = {"--exact": [False, True], "--bonus": ["0,1", "1,2"]}


def _argv(question: str, settings: dict) -> list[str]:
    out = ["sweep", question, "--quiet"]
    for k, v in settings.items():
        if v is True:
            out.append(k)
        elif v not in (None, False):
            out += [k, v]
    return out


def _resume_example(worker, question, first: dict, second: dict) -> None:
    a, b = _argv(question, first), _argv(question, second)
    folder = Folder(worker)
    try:
        r1 = one_run(worker, [*a, "--out", "rows.csv"], folder)
        check_words(r1, allowed=(0,))
        mid = folder.files()
        # without --seed a sweep takes its file's seed (its help says so): so does the fresh run
        seed = next(iter(rows(mid["rows.csv"]).values()))["sweep_seed"]
        fresh = _fresh_rows(worker, b if "--seed" in b else [*b, "--seed", seed])
        r2 = one_run(worker, [*b, "--out", "rows.csv"], folder)
        what = f"{r1['what']} then {r2['what']}"
        r2["what"] = what
        check_words(r2, allowed=(0, 2))
        after = folder.files()
        if r2["status"] == 2:
            err = r2["stderr"].strip()
            expect("silent wrong", after == mid, f"{what}: the file changed on a refusal")
            expect("other", "…" not in err and err.endswith("give another file"), f"{what}\n{err}")
            return
        got, was = rows(after["rows.csv"]), rows(mid["rows.csv"])
        wrong = [s for s in fresh if got.get(s) != fresh[s]]
        expect("silent wrong", not wrong, f"{what}: {len(wrong)} of {len(fresh)} rows not fresh")
        lost = [s for s in was if s not in got]
        expect("silent wrong", not lost, f"{what}: {len(lost)} earlier rows lost")
        expect("leftovers", not leftovers(mid, after, {"rows.csv"}), what)
    finally:
        folder.remove()


INIT = {"--vs": "2", "--swiftness": "1-2", "--trials": "500", "--seed": "1"}
FATE = {"--difficulty": "2", "--bonus": "0,1"}
QUICK_RESUMES = [  # issue 25: a changed batch size reused the old rows; exact then float mixed
    ("initiative", INIT, {**INIT, "--batch-size": "100"}),
    ("fate", {**FATE, "--exact": True}, FATE),
]


@pytest.mark.parametrize("question, first, second", QUICK_RESUMES)
def test_issue_25s_resumes(worker, question, first, second):
    with trial("resume, other settings"):
        _resume_example(worker, question, first, second)


@st.composite
def settings_pair(draw):
    if draw(st.booleans()):
        question, base, changes = "initiative", INIT, CHANGES
    else:
        question, base, changes = "fate", FATE, EXACT_CHANGES
    names = draw(st.lists(st.sampled_from(sorted(changes)), min_size=1, max_size=2, unique=True))
    first, second = dict(base), dict(base)
    for n in names:
        first[n], second[n] = draw(st.sampled_from(changes[n])), draw(st.sampled_from(changes[n]))
    return question, first, second


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=80)
@given(pair=settings_pair())
def test_resumes_with_other_settings(worker, pair):
    with trial("resume, other settings"):
        _resume_example(worker, *pair)


# ---------------------------------------------------------------------------- scheduler, timeout
SCHEDULERS = ("nan", "inf", "", " ", "localhost", "localhost:8786", "tcp://", "tcp://:1",
              "tcp://127.0.0.1:1", "tcp://[::1]:1", "tcp://127.0.0.1:99999", "tcp://256.0.0.1:1",
              "inproc://x", "tls://127.0.0.1:1", "ucx://127.0.0.1:1", "http://127.0.0.1:1",
              "tcp://127.0.0.1:-1", "tcp://a b:1", "x" * 300, "tcp://" + "h" * 300 + ":1",
              "٣", "tcp://127.0.0.1:1/x", "file:///etc/passwd")  # fmt: skip
TIMEOUTS = ("nan", "-nan", "inf", "-inf", "-1", "0", "1e-9", "1e308", "1e400", "3601",
            "3600.0001", "0.5", "1", "1_0", "٣", "", "1s", "0x10")  # fmt: skip
#: Values that never need a connection to be judged (the quick profile's).
REFUSED = {"scheduler": ("nan", "localhost", "x" * 300), "timeout": ("nan", "inf", "-1", "1e308")}


def _scheduler_example(worker, scheduler, timeout) -> None:
    argv = ["sweep", "fate", "--bonus", "0", "--difficulty", "2", "--quiet"]
    if scheduler is not None:
        argv += ["--scheduler", scheduler]
    if timeout is not None:
        argv += [f"--timeout={timeout}"]
    folder = Folder(worker)
    try:
        res = one_run(worker, argv, folder)
        check_words(res)
        if scheduler is not None and res["status"] == 0:
            raise Finding("silent wrong", f"{res['what']}: exit 0 with no scheduler there")
        try:  # the command line reads the digits 0-9 only
            seconds = float(timeout) if timeout.isascii() and "_" not in timeout else None
        except (AttributeError, ValueError):
            seconds = None
        host_port = re.compile(r"[^\s/:]+:[0-9]+")  # an address, or scheme://...
        if scheduler is not None and not ("://" in scheduler or host_port.fullmatch(scheduler)):
            expect("hangs", not res["dask"], f"{res['what']}: started Dask for no address")
        if timeout is not None and not (seconds is not None and 0 < seconds <= 3600):
            expect("other", res["status"] == 2, f"{res['what']}: --timeout {timeout} read")
    finally:
        folder.remove()


QUICK_SCHEDULERS = [("nan", None), (None, "1e308"), (None, "nan"), (None, "-1"), ("x" * 300, "1")]


@pytest.mark.parametrize("scheduler, timeout", QUICK_SCHEDULERS)
def test_issue_25s_scheduler_values(worker, scheduler, timeout):
    with trial("scheduler, timeout"):
        _scheduler_example(worker, scheduler, timeout)


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=60)
@given(
    scheduler=st.one_of(st.none(), st.sampled_from(SCHEDULERS)),
    timeout=st.one_of(st.none(), st.sampled_from(TIMEOUTS)),
)
def test_scheduler_and_timeout_values(worker, scheduler, timeout):
    with trial("scheduler, timeout"):
        _scheduler_example(worker, scheduler, timeout)
