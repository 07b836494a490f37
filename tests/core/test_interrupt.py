"""Signals become an exception inside interruptible(); temporary names, stale files, out paths."""

from __future__ import annotations

import os
import signal
import time

import pytest

from dicestats import InputError
from dicestats.core.files import (
    Interrupted,
    check_out_path,
    clear_stale,
    interruptible,
    temporary_name,
)


def test_a_signal_raises_interrupted_and_handlers_come_back():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Interrupted) as info:
        with interruptible():
            signal.raise_signal(signal.SIGTERM)
            time.sleep(30)  # the handler runs at once and raises
    assert info.value.signum == signal.SIGTERM and info.value.exit_status == 143
    assert str(info.value) == "interrupted by SIGTERM"
    assert isinstance(info.value, KeyboardInterrupt)
    assert signal.getsignal(signal.SIGTERM) == before


def test_an_ignored_signal_stays_ignored():
    # nohup ignores SIGHUP: the booklet must not start dying of it
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with interruptible():
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            signal.raise_signal(signal.SIGHUP)  # ignored: nothing happens
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, old)


@pytest.mark.parametrize("target", ["odds.pdf", "x" * 251 + ".pdf", "ü" * 125 + "x.pdf"])
def test_temporary_names_fit_beside_any_valid_name(target):
    assert len(target.encode()) <= 255
    name = temporary_name(target, pid=4_194_303, tag="ffffffff")
    assert len(name.encode()) <= 255 and name.startswith(".") and name.endswith(".tmp")
    name.encode("utf-8")  # never a broken character


def test_clear_stale_removes_only_dead_old_files_of_our_pattern(tmp_path):
    dead = 2**22 + 7
    ours = tmp_path / temporary_name("a.pdf", pid=dead, tag="00000000")
    alive = tmp_path / temporary_name("a.pdf", pid=os.getpid(), tag="00000000")
    foreign = tmp_path / f".a.txt.{dead}.00000000.tmp"
    for p in (ours, alive, foreign):
        p.write_bytes(b"")
        os.utime(p, (1, 1))
    assert clear_stale(tmp_path) == [ours]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, foreign.name])
    assert clear_stale(tmp_path / "missing") == []


def test_an_out_path_too_long_to_look_up_is_a_one_line_refusal(tmp_path):
    # Path.is_dir() raised OSError (File name too long) out of check_out_path
    with pytest.raises(InputError, match=r"^cannot write '.*' \(\d+ characters\): .+$"):
        check_out_path("out", tmp_path / ("x" * 300 + ".csv"), (".csv",))
    with pytest.raises(InputError, match="out must be a file path, got the directory"):
        check_out_path("out", tmp_path, (".csv",))
