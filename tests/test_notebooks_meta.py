"""The example notebooks are stored clean: valid nbformat v4, kernel python3, no outputs.

(nbmake executes them as part of the suite: pytest collects ``notebooks/*.ipynb``.)
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_at_least_three_notebooks():
    names = [p.name for p in NOTEBOOKS]
    assert len(names) >= 3
    assert "01_fate_odds_and_invokes.ipynb" in names
    assert "02_storyteller_pools.ipynb" in names
    assert "03_initiative.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_clean_and_tells_a_story(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    prose = [c for c in nb.cells if c.cell_type == "markdown"]
    assert code and len(prose) >= 4
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    for c in code:
        assert c.outputs == [], f"{path.name}: stored with outputs"
        assert c.execution_count is None
    # Monte Carlo notebooks must shrink under DICESTATS_QUICK (the suite sets it).
    source = "\n".join(c.source for c in code)
    if "simulate" in source or "initiative_" in source:
        assert "DICESTATS_QUICK" in source
