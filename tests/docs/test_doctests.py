"""The doctests of the documentation's Markdown pages run (``>>>`` in fenced code blocks).

Each page's blocks share one namespace, in page order, as a reader types them. Cheap (no
site build): not marked ``docs``.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
GENERATED = ("_build", "reference/api", "reference/generated", "systems", "gallery", "tutorials")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)


def _pages():
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        if not rel.startswith(GENERATED) and ">>> " in path.read_text(encoding="utf-8"):
            yield path


PAGES = list(_pages())


def test_there_are_doctests_in_the_docs():
    assert PAGES


@pytest.mark.parametrize("path", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_markdown_doctests_pass(path):
    text = path.read_text(encoding="utf-8")
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    runner = doctest.DocTestRunner(optionflags=flags)
    parser = doctest.DocTestParser()
    globs: dict = {}
    attempted = 0
    for m in FENCE.finditer(text):
        block = m.group(1)
        if ">>> " not in block:
            continue
        lineno = text.count("\n", 0, m.start(1))
        test = parser.get_doctest(block, globs, path.name, str(path), lineno)
        runner.run(test, clear_globs=False)
        globs = test.globs  # a DocTest copies the namespace it is given
        attempted += len(test.examples)
    result = runner.summarize(verbose=False)
    assert attempted and result.failed == 0, f"{result.failed} of {attempted} examples failed"
