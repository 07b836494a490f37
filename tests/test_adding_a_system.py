"""Adding a system is one package and one registry line: everything else picks it up.

A Year Zero pool written from scratch (``tests/new_system.py``) is registered in a temporary
folder; with no other file edited, the command line asks its question (generated options,
the result's view, JSON, exact and Monte Carlo), the sweeps find it by name, the contract test
asks its samples, the booklet has a page for it, and its rules page's limits table is its
``LIMITS``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from dicestats import registry

from .new_system import NAME, register, write_package

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def new_system(tmp_path_factory):
    folder = tmp_path_factory.mktemp("systems")
    write_package(folder)
    before = registry._SYSTEMS
    system = register(folder)
    yield folder, system
    registry._SYSTEMS = before
    import dicestats

    dicestats.__path__.remove(str(folder))
    for mod in [
        m for m in sys.modules if m == f"dicestats.{NAME}" or m.startswith(f"dicestats.{NAME}.")
    ]:
        del sys.modules[mod]


def test_the_registry_lists_it_with_its_questions(new_system):
    _, system = new_system
    assert registry.system(NAME) is system
    assert [q.name for q in system.questions] == ["pool"]
    assert system.package.pool(1, exact=True).p_success == Fraction(1, 6)


def test_the_command_line_asks_it(new_system, capsys):
    from dicestats.cli import build_parser, main

    assert main(["yz", "pool", "3", "--need", "2", "--exact", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert Fraction(got["p_success"]) == 3 * Fraction(1, 36) * Fraction(5, 6) + Fraction(1, 216)
    assert main(["yz", "--dice", "2", "--exact"]) == 0  # the system's name: its first question
    out = capsys.readouterr().out
    assert "success" in out and "11/36" in out
    assert main(["yz", "pool", "4", "--trials", "2000", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["trials"] == 2000
    assert main(["yz", "pool", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "dicestats yz: error: dice must be an integer in 1..100, got 0"
    )  # the reason of the cap is for a value above it: 0 is not "beyond any pool"
    choices = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert NAME in choices
    # its docstrings' percent signs reach the help as written (argparse expands % in help)
    for argv, text in (
        (["yz", "pool", "--help"], "100% of rolls"),
        (["yz", "--help"], "100% of rolls"),
        (["--help"], "(one die: 16.7%)"),
    ):
        assert main(argv) == 0
        assert text in " ".join(capsys.readouterr().out.split())


def test_sweeps_find_it(new_system):
    from dicestats.sweep import sweep

    df = sweep(NAME, dice=range(1, 4), exact=True)
    assert df["p_success"].tolist() == [1 - Fraction(5, 6) ** n for n in (1, 2, 3)]
    mc = sweep(f"{NAME}.pool", dice=[2], trials=2000, rng=1)
    assert mc["trials"].tolist() == [2000]


def test_the_booklet_has_a_page_for_it(new_system):
    from dicestats.report import page_titles

    assert page_titles([NAME]) == ["Contents", "Year Zero test pool: sample answers"]


def test_the_contract_test_asks_it_untouched(new_system):
    """The contract test itself, run with the system registered (a pytest plugin does the
    registering, as the one registry line would): its samples are asked like every other's."""
    folder, _ = new_system
    env = {**os.environ, "DICESTATS_NEW_SYSTEM": str(folder), "MPLBACKEND": "Agg"}
    # the file's tests only: not the project's doctests and notebooks (its addopts), nor the
    # plugins the file does not use (importing nbmake takes a second; hypothesis, whose
    # package pytest rewrites on import when no bytecode is written, another second)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "tests.new_system", "-p", "no:cacheprovider",
           "-o", "addopts=", "-p", "no:nbmake", "-p", "no:hypothesispytest", "-p", "no:anyio",
           "--no-header", "-k", NAME, "tests/test_contract.py"]  # fmt: skip
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert "passed" in summary and "failed" not in summary
    assert int(summary.split()[0]) >= 15, summary  # every check of every sample


def test_its_rules_page_has_its_limits_table(new_system):
    from dicestats.format import limits_table

    _, system = new_system
    page = Path(system.rules_doc).read_text(encoding="utf-8")
    assert limits_table(system.package.LIMITS) in page
