"""The README stays true: its quick start is what CI runs, its shown output is real, its
system table is the registry, its links lead somewhere.

The README is a first visitor's page; the command examples it used to hold, with their
outputs, are in the docs (``docs/tutorials/command-line.md``), checked by
``tests/docs/test_commands.py``."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from dicestats.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start_commands() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    return [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def test_quick_start_is_two_commands_and_ci_runs_the_test_one():
    cmds = quick_start_commands()
    assert len(cmds) == 2
    assert "dicestats report" in cmds[0]
    assert "pytest" in cmds[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert cmds[1] in ci.splitlines()


def shown_examples():
    """(command, expected leading output lines) for each console example with output."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if not line.startswith("$ dicestats "):
                continue
            cmd = line[2:].split("#", 1)[0].strip()
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                if lines[i].strip() == "...":
                    break
                expected.append(lines[i])
                i += 1
            while expected and not expected[-1].strip():
                expected.pop()
            if expected:
                out.append((cmd, expected))
    return out


EXAMPLES = shown_examples()


def test_readme_shows_an_output():
    assert len(EXAMPLES) >= 1


@pytest.mark.parametrize("cmd, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_console_output_is_real(cmd, expected, capsys):
    argv = shlex.split(cmd)[1:]
    assert main(argv) == 0
    got = capsys.readouterr().out.splitlines()
    assert got[: len(expected)] == expected


def test_readme_system_table_is_the_registry():
    """One row per registered system, in registry order, with its title and summary."""
    from dicestats import systems

    rows = re.findall(r"^\| \*\*(.+?)\*\* \| (.+?) \|$", README, re.M)
    assert rows == [(s.title, s.summary) for s in systems()]


def test_readme_links_lead_to_files():
    """Every relative link and image of the README names a file or folder of the project."""
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README)
    local = [t for t in targets if "://" not in t]
    assert len(local) >= 8
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, missing


def test_readme_shows_one_booklet_page_in_two_languages():
    """Issue 22: the README shows the same booklet page in English and a translation, as
    ``scripts/booklet_pages.py`` draws them, and says where adding a language is told."""
    images = re.findall(r'<img src="(docs/images/booklet-p(\d+)-([\w-]+)\.png)"', README)
    assert {lang for _, _, lang in images} >= {"en", "zh-Hans"}, images
    assert len({page for _, page, _ in images}) == 1, images
    assert all((ROOT / path).is_file() for path, _, _ in images), images
    assert "scripts/booklet_pages.py" in README and "docs/languages.md" in README
