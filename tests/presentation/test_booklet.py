"""Tests of the PDF booklet (dicestats.report) and the ``dicestats report`` command.

The booklet takes its Monte Carlo size as a parameter: these tests pass small ones.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

import dicestats
from dicestats import report
from dicestats.cli import main
from dicestats.report import fate as report_fate
from dicestats.report import initiative as report_initiative

from ..booklet import TRIALS
from ..pdf import has_phrase, page_sizes, pages_text


@pytest.fixture(scope="module")
def two_booklets(booklet, cli_forks, tmp_path_factory):
    """The full booklet built twice: the session's, by ``build_report`` in this process,
    and again by the command in a process of its own (``tests/forks.py``).

    A separate process makes the byte-identity check honest: nothing cached in one
    process can leak into the other.
    """
    second = tmp_path_factory.mktemp("booklet") / "second.pdf"
    argv = ["report", "--out", str(second), "--trials", str(TRIALS), "--quiet"]
    status, _, err = cli_forks.run(argv)
    assert status == 0, err
    return [booklet.path, second]


def test_booklet_has_enough_pages_for_every_system(booklet):
    assert booklet.path.read_bytes().startswith(b"%PDF-")
    titles = report.page_titles()
    texts = booklet.texts
    assert len(texts) == len(titles) >= 8
    for system in ("Fate", "Storyteller", "Initiative"):
        assert sum(t.startswith(system) for t in titles) >= 2
    for title, text in zip(titles, texts, strict=True):  # the pages are those titles, in order
        assert has_phrase(text, title), title


def test_booklet_is_byte_identical_when_rebuilt(two_booklets):
    first, second = (p.read_bytes() for p in two_booklets)
    assert len(first) > 50_000
    assert first == second


def test_seed_changes_the_monte_carlo_pages(booklet, tmp_path, monkeypatch):
    # The slow-defence page (three scenarios, no exact enumeration: all Monte Carlo) with
    # another seed, against the session's booklet (the default seed, the same sizes).
    page = _initiative_pages()[2]
    monkeypatch.setattr(report_initiative, "pages", lambda: [page])
    out = tmp_path / "another-seed.pdf"
    seed = report.DEFAULT_SEED + 1
    report.build_report(out, systems="initiative", seed=seed, trials=TRIALS, progress=False)
    _, other = pages_text(out)
    # the percentages the page prints (the seed, which it prints too, is not one)
    printed = [re.findall(r"\d+(?:\.\d+)?%", text) for text in (booklet.pages[page.title], other)]
    assert min(map(len, printed)) > 20  # the chart's labels and the table's cells
    assert printed[0] != printed[1]  # (same seed, same bytes: test_booklet_is_byte_identical)


_initiative_pages = report_initiative.pages
_fate_pages = report_fate.pages


def _one_page():
    """One page that draws nothing: for the tests of the file, not of what a page shows."""
    return [report.Page("fate", "Fate: a page", "nothing drawn", lambda fig, ctx: None)]


def test_no_dates_in_the_metadata(booklet):
    data = booklet.path.read_bytes()
    assert b"/CreationDate" not in data
    assert b"/ModDate" not in data


def test_paper_and_systems_selection(booklet, tmp_path, monkeypatch):
    # two Fate pages that draw nothing: the selection and the paper are the booklet's
    # (the real Fate pages on Letter paper are drawn by build_report's doctest)
    two = [*_one_page(), report.Page("fate", "Fate: another page", "nothing", lambda f, c: None)]
    monkeypatch.setattr(report_fate, "pages", lambda: two)
    out = tmp_path / "letter.pdf"
    report.build_report(out, systems=["fate"], paper="letter", progress=False)
    titles = report.page_titles("fate")
    assert all(t.startswith("Fate") for t in titles[1:])
    texts = pages_text(out)
    assert len(texts) == len(titles)
    for title, text in zip(titles, texts, strict=True):  # the Fate pages, in order
        assert has_phrase(text, title), title
    others = [t for t in report.page_titles() if t not in titles]
    assert others and not any(t in text for t in others for text in texts)

    # US Letter is 612 x 792 points; A4 (the default) 595 x 842 (210 x 297 mm).
    (letter,) = set(page_sizes(out))
    assert letter == pytest.approx((612, 792), abs=0.5)
    (a4,) = set(page_sizes(booklet.path))
    assert a4 == pytest.approx((595.3, 841.9), abs=1.0)


def test_output_directory_is_created(tmp_path, monkeypatch):
    monkeypatch.setattr(report_fate, "pages", _one_page)
    out = tmp_path / "a" / "b" / "fate.pdf"
    assert main(["report", "--out", str(out), "--systems", "fate", "--quiet"]) == 0
    assert out.exists()
    assert sorted(os.listdir(out.parent)) == ["fate.pdf"]  # no temporary file left


def test_failure_mid_build_leaves_no_file(tmp_path, monkeypatch):
    out = tmp_path / "broken.pdf"

    def boom(fig, ctx):
        raise RuntimeError("page failed")

    pages = report_fate.pages()  # after the broken page: never drawn
    broken = [*_one_page(), report.Page("fate", "Broken", "never drawn", boom), *pages]
    monkeypatch.setattr(report_fate, "pages", lambda: broken)
    with pytest.raises(RuntimeError, match="page failed"):
        report.build_report(out, systems="fate", progress=False)
    assert os.listdir(tmp_path) == []  # neither the PDF nor a temporary file


def test_failure_keeps_an_existing_booklet(tmp_path, monkeypatch):
    out = tmp_path / "keep.pdf"
    out.write_bytes(b"old booklet")

    def boom(fig, ctx):
        raise KeyboardInterrupt

    monkeypatch.setattr(
        report_fate, "pages", lambda: [report.Page("fate", "Broken", "never drawn", boom)]
    )
    with pytest.raises(KeyboardInterrupt):
        report.build_report(out, systems="fate", progress=False)
    assert out.read_bytes() == b"old booklet"
    assert os.listdir(tmp_path) == ["keep.pdf"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--systems", "fate,chess"], "unknown: 'chess'"),
        (["--systems", ","], "(none given)"),
        (["--paper", "a5"], "invalid choice"),
        (["--trials", "5"], "trials must be an integer in 100.."),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args, message, tmp_path, capsys):
    rc = main(["report", "--out", str(tmp_path / "x.pdf"), *args])
    err = capsys.readouterr().err
    assert rc == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_directory_is_one_line_and_exit_2(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        rc = main(["report", "--out", str(locked / "x.pdf"), "--systems", "fate"])
    finally:
        locked.chmod(0o700)
    err = capsys.readouterr().err
    assert rc == 2
    assert "cannot write" in err and len(err.strip().splitlines()) == 1


def test_unwritable_path_is_one_line_and_exit_2(tmp_path, capsys):
    # A regular file where a directory should be: fails for root too.
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    rc = main(["report", "--out", str(blocker / "sub" / "x.pdf"), "--systems", "fate"])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith("dicestats report: error: cannot write")
    assert len(err.strip().splitlines()) == 1


def test_directory_or_non_pdf_out_is_refused(tmp_path, capsys):
    assert main(["report", "--out", str(tmp_path), "--systems", "fate"]) == 2
    assert "directory" in capsys.readouterr().err
    assert main(["report", "--out", str(tmp_path / "x.png"), "--systems", "fate"]) == 2
    assert ".pdf" in capsys.readouterr().err


def test_api_validation():
    with pytest.raises(ValueError, match="paper"):
        report.build_report("x.pdf", paper="a3")
    with pytest.raises(ValueError, match="systems"):
        report.parse_systems([])
    with pytest.raises(TypeError, match="out must be a path"):
        report.build_report(42, systems="fate")
    assert report.parse_systems(["Initiative", "fate", "fate"]) == ("fate", "initiative")


def test_every_page_has_a_title_and_a_reading_hint():
    pages = [p for s in dicestats.systems() for p in report.booklet._pages([s.name])]
    assert len({p.title for p in pages}) == len(pages)
    for p in pages:
        assert p.title and p.how_to_read
        assert len(p.how_to_read) <= 100  # one line at 8.5 pt on A4


def test_help_does_not_import_matplotlib():
    code = (
        "import sys; from dicestats.cli import main\n"
        "try:\n    main(['report', '--help'])\nexcept SystemExit:\n    pass\n"
        "print('matplotlib' in sys.modules, 'pandas' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "False False"


def test_progress_bar_counts_pages(tmp_path, monkeypatch, capsys):
    # the bar shows 2/2 once a page took longer than its refresh interval (tqdm's 0.1 s):
    # a page that waits 0.3 s (a real one drew tables for 0.5 s of CPU to the same end)
    import time

    slow = report.Page("fate", "Fate: a slow page", "nothing drawn", lambda f, c: time.sleep(0.3))
    monkeypatch.setattr(report_fate, "pages", lambda: [slow])
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    report.build_report(tmp_path / "p.pdf", systems="fate", progress=True)
    err = capsys.readouterr().err
    assert "dicestats report" in err and "2/2" in err  # cover + one page
    monkeypatch.setattr(report_fate, "pages", _one_page)
    monkeypatch.setenv("TQDM_DISABLE", "1")
    report.build_report(tmp_path / "q.pdf", systems="fate", progress=True)
    assert capsys.readouterr().err == ""


# -- issue 10: nothing is left behind, and errors name the target --------------
_SLOW_PAGE = """
import pathlib, time
from dicestats import report
from dicestats.report import fate as report_fate

def slow(fig, ctx):
    pathlib.Path({ready!r}).write_text("drawing")
    time.sleep(120)

report_fate.pages = lambda: [report.Page("fate", "Slow", "never finished", slow)]
"""


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_removes_the_temporary_file_and_exits_in_one_line(signame, cli_forks, tmp_path):
    # SIGTERM (timeout, CI cancellation, docker stop) left .X.pdf.<pid>.<hex>.tmp behind
    import signal
    import time

    signum = getattr(signal, signame)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "odds.pdf"
    out.write_bytes(b"old booklet")
    ready = tmp_path / "ready"
    argv = ["report", "--out", str(out), "--systems", "fate", "--quiet"]
    build = cli_forks.start(argv, setup=_SLOW_PAGE.format(ready=str(ready)))
    try:
        deadline = time.monotonic() + 120
        while not ready.exists():
            assert build.alive(), build.wait()
            assert time.monotonic() < deadline, "the build never started drawing"
            time.sleep(0.05)
        assert len(os.listdir(out_dir)) == 2  # the booklet and the temporary file
        os.kill(build.pid, signum)
        status, _, err = build.wait()
    finally:
        build.kill()
    assert status == 128 + signum
    assert err == f"dicestats report: interrupted by {signame}\n"
    assert os.listdir(out_dir) == ["odds.pdf"] and out.read_bytes() == b"old booklet"


def test_stale_temporary_files_are_cleared_by_the_next_build(tmp_path, monkeypatch):
    # a build killed by SIGKILL leaves its temporary file; the next build clears
    # the ones of this project's pattern that are older than it and whose process is gone
    monkeypatch.setattr(report_fate, "pages", _one_page)
    dead = 2**22 + 12_345  # above Linux's largest pid: no such process
    stale = [
        f".odds.pdf.{dead}.0badcafe.tmp",  # the pattern of earlier versions
        f".odds.pdf.dicestats-{dead}-0badcafe.tmp",
        f".other.pdf.dicestats-{dead}-12345678.tmp",  # another booklet's leftovers
    ]
    kept = [
        f".odds.pdf.dicestats-{os.getppid()}-0badcafe.tmp",  # its process still runs
        f".fresh.pdf.dicestats-{dead}-0badcafe.tmp",  # newer than the run
        ".notes.txt.123.0badcafe.tmp",  # not ours
        "odds.pdf.dicestats-1-0badcafe.tmp.keep",
    ]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"%PDF-partial")
    old = 1_000_000_000  # 2001
    for name in stale + kept[:1] + kept[2:]:
        os.utime(tmp_path / name, (old, old))
    future = 4_000_000_000
    os.utime(tmp_path / kept[1], (future, future))
    report.build_report(tmp_path / "odds.pdf", systems="fate", progress=False)
    assert sorted(os.listdir(tmp_path)) == sorted(["odds.pdf", *kept])


@pytest.mark.parametrize("stem", ["x" * 251, "é" * 125 + "x"])
def test_a_target_name_of_255_bytes_works(stem, tmp_path, monkeypatch):
    # the temporary name added ~20 bytes: names of 236-255 bytes failed
    monkeypatch.setattr(report_fate, "pages", _one_page)
    out = tmp_path / f"{stem}.pdf"
    assert len(out.name.encode()) == 255
    report.build_report(out, systems="fate", progress=False)
    assert os.listdir(tmp_path) == [out.name]
    assert out.read_bytes().startswith(b"%PDF-")


def test_an_empty_out_is_not_the_current_directory(capsys):
    # was: out must be a file path, got the directory '.'
    assert main(["report", "--out", "", "--systems", "fate"]) == 2
    err = capsys.readouterr().err
    assert err == "dicestats report: error: out must be a .pdf file path, got ''\n"


def test_a_file_in_the_way_says_not_a_directory(tmp_path, capsys):
    # was: cannot write ...: File exists
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    out = blocker / "sub" / "x.pdf"
    assert main(["report", "--out", str(out), "--systems", "fate"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"dicestats report: error: cannot write {out}: {blocker} is a file, not a directory\n"
    )
    with pytest.raises(NotADirectoryError):
        report.build_report(out, systems="fate", progress=False)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_a_read_only_directory_names_the_target_not_the_temporary_file(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    out = locked / "x.pdf"
    try:
        rc = main(["report", "--out", str(out), "--systems", "fate"])
        with pytest.raises(PermissionError) as info:
            report.build_report(out, systems="fate", progress=False)
    finally:
        locked.chmod(0o700)
    err = capsys.readouterr().err
    assert rc == 2 and err == f"dicestats report: error: cannot write {out}: Permission denied\n"
    assert info.value.filename == str(out)


def test_the_trials_cap_says_why(tmp_path, capsys):
    # --trials 100000000 was accepted: about half an hour
    rc = main(["report", "--out", str(tmp_path / "x.pdf"), "--trials", "100000000"])
    err = capsys.readouterr().err
    assert rc == 2 and len(err.splitlines()) == 1
    assert "10,000,000" in err and "minutes" in err
    with pytest.raises(ValueError, match=r"trials must be an integer in 100\.\.10,000,000"):
        report.build_report(tmp_path / "x.pdf", trials=10**8)
    assert report.LIMITS["trials"].hi == 10_000_000


def test_an_unwritable_temporary_file_is_reported_as_the_target(tmp_path, capsys, monkeypatch):
    # the same as a read-only directory, also when the tests run as root: the
    # error named .x.pdf.<pid>.<hex>.tmp, a file the user never asked for
    from dicestats.core import files

    def refuse_to_open(path, mode="r", *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(files, "open", refuse_to_open, raising=False)
    out = tmp_path / "x.pdf"
    assert main(["report", "--out", str(out), "--systems", "fate"]) == 2
    assert capsys.readouterr().err == (
        f"dicestats report: error: cannot write {out}: Permission denied\n"
    )
    with pytest.raises(PermissionError) as info:
        report.build_report(out, systems="fate", progress=False)
    assert info.value.filename == str(out) and os.listdir(tmp_path) == []
