"""Project-wide promises about the files themselves.

* Nothing a user reads cites what a user of the project does not have: the team's
  rules digest, the source-text files by name, internal spec numbers, folders of
  one machine.
* The code is linted and formatted as ``ruff`` (a dev dependency) says.
* A public class has one name in the whole package (each system's ``Rules`` aside), so that
  a name in the docs, a traceback or ``--json`` says which class it is.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
USER_FACING = ["dicestats", "docs", "notebooks", "benchmarks", "scripts", "README.md"]
SUFFIXES = {".py", ".md", ".ipynb", ".txt", ".toml", ".cfg"}
# Words only the team has: its digest, the source files' names, spec numbers, a machine's paths.
INTERNAL = re.compile(
    r"RULES\.md|\b[Ss]eed 00\d|\.\./shared|\bshared/rules|SPEC ?7|§\d|/work/|/root/"
)


def _project_files() -> list[Path] | None:
    """The files a clone holds or a commit would add: tracked, or new and not ignored (a
    build's caches, such as ``docs/_build``, are not the project's); None outside git."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        return None
    out = subprocess.run(
        [git, "ls-files", "-z", "--cached", "--others", "--exclude-standard", *USER_FACING],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    return sorted(ROOT / name for name in out.decode().split("\0") if name)


def user_facing_files():
    listed = _project_files()
    if listed is not None:
        yield from (p for p in listed if p.is_file() and p.suffix in SUFFIXES)
        return
    for name in USER_FACING:
        path = ROOT / name
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from (
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in SUFFIXES and ".venv" not in p.parts
            )


FILES = list(user_facing_files())


def test_there_are_files_to_check():
    assert len(FILES) > 50


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_no_reference_a_user_lacks(path):
    text = path.read_text(encoding="utf-8")
    hits = sorted({m.group(0) for m in INTERNAL.finditer(text)})
    assert not hits, f"{path.relative_to(ROOT)} cites {hits}"


LINTED = ["dicestats", "tests", "scripts", "benchmarks"]


def _ruff():
    here = Path(sys.executable).with_name("ruff")
    found = str(here) if here.exists() else shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (pip install -e '.[dev]')")
    return found


@pytest.mark.parametrize("args", [["check"], ["format", "--check"]], ids=["lint", "format"])
def test_ruff_is_clean(args):
    run = subprocess.run(
        [_ruff(), *args, *LINTED], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_public_class_names_are_unique():
    import dicestats

    where: dict[str, set[str]] = {}
    for info in pkgutil.walk_packages(dicestats.__path__, "dicestats."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) and obj.__module__.startswith("dicestats."):
                where.setdefault(name, set()).add(f"{obj.__module__}.{obj.__qualname__}")
    assert len(where) > 40  # the walk found the package's classes
    twice = {name: sorted(places) for name, places in where.items() if len(places) > 1}
    assert set(twice) <= {"Rules"}, twice
    assert len(twice.get("Rules", ())) == len(dicestats.systems())
