"""The commands the documentation's pages promise an output for print it.

A ``{dicestats-command}`` block with a body promises the output's leading lines (the site's
build warns when they differ: ``docs/_ext/dicestats_docs.py``). These tests check the same
promises without building the site: each command runs through :func:`dicestats.cli.main`
and must print those lines first. Cheap (no site build): not marked ``docs``. The commands
without a body run, and are shown as they print, only while the site builds
(``test_site.py``).
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from dicestats.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"
GENERATED = ("_build", "reference/api", "reference/generated", "systems", "gallery")
BLOCK = re.compile(r"^```\{dicestats-command\}[ \t]+(.+?)\n(.*?)^```", re.M | re.S)

sys.path.insert(0, str(DOCS / "_ext"))
try:
    from dicestats_docs import promised_output
finally:
    sys.path.remove(str(DOCS / "_ext"))


def _blocks():
    """(page, command, promised lines) of every command block in the docs' Markdown."""
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        if rel.startswith(GENERATED):
            continue
        for m in BLOCK.finditer(path.read_text(encoding="utf-8")):
            body = [ln for ln in m.group(2).splitlines() if not re.match(r"^:\w+:", ln)]
            yield rel, m.group(1).strip(), promised_output(body)[0]


BLOCKS = list(_blocks())
PROMISES = [(page, cmd, lines) for page, cmd, lines in BLOCKS if lines]


def test_the_pages_promise_outputs():
    assert len(PROMISES) >= 20
    assert {page for page, _, _ in PROMISES} >= {"tutorials/command-line.md"}


@pytest.mark.parametrize("page, cmd, promised", PROMISES, ids=[f"{p}: {c}" for p, c, _ in PROMISES])
def test_a_command_prints_what_its_page_promises(
    page, cmd, promised, capsys, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)  # a command that writes a file (--plot) writes it here
    assert main(shlex.split(cmd)) == 0
    got = [ln.rstrip() for ln in capsys.readouterr().out.splitlines()]
    assert got[: len(promised)] == promised
