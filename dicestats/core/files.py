"""Writing files atomically: never half a file, never a leftover, whatever stops the write.

Every file dicestats writes goes into a hidden temporary file beside the target that is
renamed over it (:func:`atomic_write`). ``timeout``, CI cancellation and ``docker stop``
send SIGTERM, a closed terminal SIGHUP: by default they kill the process before any
``finally:`` runs; inside :func:`interruptible` they raise :class:`Interrupted`, so the
temporary file is removed and the CLI exits with ``128 + signal``. Leftovers of writes
killed outright (SIGKILL, a power cut) are cleared by the next write (:func:`clear_stale`).

Examples
--------
>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as tmp:
...     out = check_out_path("out", os.path.join(tmp, "a", "odds.csv"), (".csv",))
...     with atomic_write(out) as fh:
...         _ = fh.write(b"dice,p\\n")
...     sorted(os.listdir(out.parent)), out.read_bytes()
(['odds.csv'], b'dice,p\\n')
>>> import signal
>>> str(Interrupted(signal.SIGTERM)), Interrupted(signal.SIGTERM).exit_status
('interrupted by SIGTERM', 143)
>>> temporary_name("odds.pdf", pid=42, tag="0badcafe")
'.odds.pdf.dicestats-42-0badcafe.tmp'
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import signal
import sys
import threading
import time
from pathlib import Path

from .checks import InputError, described, refuse, shown

__all__ = [
    "check_out_path",
    "atomic_write",
    "Interrupted",
    "interruptible",
    "temporary_name",
    "clear_stale",
    "locked",
    "check_interrupted",
]


def check_out_path(name: str, out, suffixes: tuple[str, ...]) -> Path:
    """``out`` as a Path to a file ending in one of ``suffixes``, or a one-line refusal.

    Examples
    --------
    >>> check_out_path("plot", "odds.gif", (".png", ".svg"))
    Traceback (most recent call last):
    ...
    dicestats.InputError: plot must be a .png or .svg file path, got 'odds.gif'
    """
    kinds = " or ".join(suffixes)
    if not isinstance(out, (str, os.PathLike)):
        raise refuse(name, "a path (str or os.PathLike)", out, kind=True)
    text = os.fspath(out)
    if not text:  # Path('') is '.', which read "got the directory '.'"
        raise refuse(name, f"a {kinds} file path", text)
    if isinstance(text, str) and text.endswith(("/", os.sep)):  # Path drops it: "x.svg/"
        raise refuse(name, f"a {kinds} file path (not a directory's)", text)
    path = Path(out)
    try:
        is_dir = path.is_dir()
    except OSError as exc:  # a name the system cannot even look up (too long, say)
        raise InputError(f"cannot write {shown(str(path), quote=True)}: {exc.strerror}") from None
    if is_dir:
        raise refuse(name, "a file path", described(f"the directory {str(path)!r}"))
    if path.suffix.lower() not in suffixes:
        raise refuse(name, f"a {kinds} file path", str(path))
    return path


@contextlib.contextmanager
def atomic_write(out: Path, *, started: float | None = None):
    """A binary file handle whose content replaces ``out`` only when the block succeeds.

    ``out``'s directory is created if needed; ``started`` (a ``time.time()``,
    default now) dates the run, so temporary files of earlier, killed writes
    are cleared and this run's never are.
    """
    started = time.time() if started is None else started
    out = Path(out)
    _make_parent(out)
    clear_stale(out.parent, before=started)
    with interruptible():
        tmp = out.parent / temporary_name(out.name, directory=out.parent)
        try:
            try:
                fh = open(tmp, "xb")
            except OSError as exc:
                raise _about(exc, out) from None
            with fh:
                yield fh
            check_interrupted()  # a signal whose exception was swallowed: keep the target
            try:
                os.replace(tmp, out)
            except OSError as exc:
                raise _about(exc, out) from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def _make_parent(out: Path) -> None:
    """Create ``out``'s directory; a file in the way is 'not a directory', naming it."""
    for parent in (out.parent, *out.parent.parents):
        if parent.exists() or parent.is_symlink():
            if not parent.is_dir():  # mkdir would say "File exists"
                raise NotADirectoryError(
                    errno.ENOTDIR, f"{parent} is a file, not a directory", str(out)
                )
            break
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _about(exc, out, doing=f"creating {exc.filename or out.parent}") from None


def _about(exc: OSError, out: Path, doing: str | None = None) -> OSError:
    """The same error about ``out``, not about the temporary file (or a parent)."""
    reason = exc.strerror or str(exc)
    if doing:
        reason = f"{reason} ({doing})"
    new = type(exc)(exc.errno, reason, str(out)) if exc.errno else OSError(reason)
    new.filename = str(out)
    return new


# ------------------------------------------------------------------------- signals
#: The signals :func:`interruptible` turns into :class:`Interrupted`.
SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Interrupted(KeyboardInterrupt):
    """Work stopped by a signal; ``exit_status`` is the shell's ``128 + signal``."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = int(signum)

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_status(self) -> int:
        return 128 + self.signum

    def __str__(self) -> str:
        return f"interrupted by {self.name}"


@contextlib.contextmanager
def interruptible(after=None):
    """Within the block, SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted`.

    Only signals left at their default are taken over (a SIGHUP ignored by
    ``nohup`` stays ignored; a handler of the caller's is kept). After the
    first signal the others are ignored until the block ends, so the clean-up
    cannot itself be interrupted; the previous handlers come back on exit, or
    ``after`` (the CLI's ``signal.SIG_IGN`` once its work is done).
    Outside the main thread (where Python cannot set handlers) it does nothing.
    """
    global _received
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    defaults = (signal.SIG_DFL, signal.default_int_handler)  # not SIG_IGN, not someone else's
    previous = {s: h for s in SIGNALS if (h := signal.getsignal(s)) in defaults}

    def stop(signum, frame):
        global _received
        for s in previous:
            signal.signal(s, signal.SIG_IGN)
        _received = signum  # kept: the exception may be swallowed (a __del__, a weakref callback)
        raise Interrupted(signum)

    def swallowed(unraisable):  # "Exception ignored in ...": Python dropped the exception
        if not isinstance(unraisable.exc_value, Interrupted):
            return hook(unraisable)
        for s in previous:  # the next signal raises at once, as the first one should have
            signal.signal(s, stop)
        return None  # and no traceback: check_interrupted() ends the run

    outermost = bool(previous) and _received is None
    hook = sys.unraisablehook
    try:
        for signum in previous:
            signal.signal(signum, stop)
        if outermost:
            sys.unraisablehook = swallowed
        yield
        if outermost:
            check_interrupted()  # the signal's exception was swallowed: end the run anyway
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if after is None else after)
        if outermost:
            sys.unraisablehook = hook
            _received = None


#: The signal :func:`interruptible`'s handler took, until its block ends.
_received: int | None = None


def check_interrupted() -> None:
    """Raise :class:`Interrupted` again if a signal arrived in this :func:`interruptible` block.

    The handler's exception can be swallowed where Python runs it (a ``__del__`` or a weakref
    callback prints "Exception ignored ..."), and the other signals are ignored by then: work
    calls this where it may go on (each Monte Carlo batch) and before it replaces a file, so
    the first signal always ends the run and leaves its targets untouched.
    """
    if _received is not None:
        raise Interrupted(_received)


# ----------------------------------------------------------------- temporary files
_NAME_MAX = 255
_MARK = ".dicestats-"
# ``.<target>.dicestats-<pid>-<8 hex>.tmp``, and the pattern of earlier versions,
# ``.<target>.pdf.<pid>.<8 hex>.tmp`` (targets ending in .pdf only).
_PATTERNS = (
    re.compile(r"^\..*\.dicestats-(?P<pid>\d+)-[0-9a-f]{8}\.tmp$", re.DOTALL),
    re.compile(r"^\..+\.pdf\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp$", re.DOTALL | re.IGNORECASE),
)


def temporary_name(
    target: str, *, directory=None, pid: int | None = None, tag: str | None = None
) -> str:
    """A hidden temporary file name beside ``target`` (a file name, not a path).

    ``.<target>.dicestats-<pid>-<tag>.tmp``, with ``target`` shortened (at a
    character boundary) when the whole name would exceed the file-name limit of
    ``directory``'s file system (default 255 bytes): a target
    name of up to 255 bytes always gets a valid temporary name.

    Examples
    --------
    >>> len(temporary_name("x" * 250 + ".pdf", pid=4194303, tag="ffffffff").encode())
    255
    """
    pid = os.getpid() if pid is None else pid
    tag = secrets.token_hex(4) if tag is None else tag
    return _hidden(target, f"{_MARK}{pid}-{tag}.tmp", directory)


def _hidden(target: str, tail: str, directory=None) -> str:
    """``.<target><tail>``, ``target`` shortened to fit the file-name limit of ``directory``."""
    name_max = _NAME_MAX
    if directory is not None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            name_max = int(os.pathconf(directory, "PC_NAME_MAX"))
    room = name_max - 1 - len(tail.encode())
    base = os.fsencode(target)[: max(room, 1)]
    text = base.decode("utf-8", errors="ignore") if room < len(os.fsencode(target)) else target
    return f".{text}{tail}"


def _alive(pid: int) -> bool:
    if pid <= 0:
        return True  # not a process id we can reason about: keep the file
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return pid < 2**31  # another user's process (or an absurd number: gone)
    return True


def clear_stale(directory, *, before: float | None = None) -> list[Path]:
    """Remove this project's temporary files in ``directory`` left by dead writes.

    A file is removed only when its name has the pattern of :func:`temporary_name`
    (or of earlier versions' booklets), it was last modified before ``before``
    (default: now) and the process in its name no longer runs. Returns the
    removed paths; errors (a file already gone, no permission) are ignored.
    """
    before = time.time() if before is None else before
    removed = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        m = next(filter(None, (pattern.match(entry.name) for pattern in _PATTERNS)), None)
        if m is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if entry.stat(follow_symlinks=False).st_mtime >= before:
                continue
            if _alive(int(m["pid"])):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


# ----------------------------------------------------------------------- one writer
@contextlib.contextmanager
def locked(out: Path, name: str = "out", *, who: str = "run"):
    """Hold ``out``'s lock for the block: a second ``who`` writing the same file is refused.

    The lock is an ``flock`` on a hidden file beside ``out``
    (``.<name>.dicestats-lock``), released by the system when the process ends however it
    ends (SIGKILL too), and the file removed by its holder. Where ``fcntl`` is missing
    (Windows) nothing is locked.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = Path(tmp) / "rows.csv"
    ...     with locked(out, who="sweep"):
    ...         with locked(out, who="sweep"):
    ...             pass
    Traceback (most recent call last):
    ...
    dicestats.InputError: out is being written by another sweep (its lock .rows.csv.dicestats-lock \
is held): wait for it to end, or give another file
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    out = Path(out)
    lock = out.parent / _hidden(out.name, f"{_MARK}lock", out.parent)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:  # before any work: a refusal, as check_out_path's
            raise InputError(
                f"cannot write {shown(str(out), quote=True)}: {exc.strerror or exc} "
                f"(creating its lock {lock.name})"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise InputError(
                f"{name} is being written by another {who} (its lock {lock.name} is held): "
                "wait for it to end, or give another file"
            ) from None
        try:  # the holder before us may have removed the file it locked: lock the new one
            same = os.stat(lock).st_ino == os.fstat(fd).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
