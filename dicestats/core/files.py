"""Writing files atomically, and errors about them that name the user's path.

Every file dicestats writes (the booklet, a chart, a sweep's table) goes through
:func:`atomic_write`: the content is written into a hidden temporary file beside
the target (:func:`~dicestats.core.interrupt.temporary_name`, short enough for
any valid target name) and renamed over it, so a reader never sees half a file.
On an error, or on SIGINT, SIGTERM or SIGHUP
(:func:`~dicestats.core.interrupt.interruptible`), the temporary file is removed
and an existing target is left untouched; leftovers of writes killed outright
(SIGKILL) are cleared by the next write in the same directory.

Examples
--------
>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as tmp:
...     out = check_out_path("out", os.path.join(tmp, "a", "odds.csv"), (".csv",))
...     with atomic_write(out) as fh:
...         _ = fh.write(b"dice,p\\n")
...     sorted(os.listdir(out.parent)), out.read_bytes()
(['odds.csv'], b'dice,p\\n')
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path

from .checks import refuse
from .interrupt import clear_stale, interruptible, temporary_name

__all__ = ["check_out_path", "atomic_write"]


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
    if not os.fspath(out):  # Path('') is '.', which read "got the directory '.'"
        raise refuse(name, f"a {kinds} file path", os.fspath(out))
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"{name} must be a file path, got the directory {str(path)!r}")
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
            try:
                os.replace(tmp, out)
            except OSError as exc:
                raise _about(exc, out) from None
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
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
