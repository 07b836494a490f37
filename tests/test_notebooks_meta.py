"""The example notebooks: stored clean (valid nbformat v4, kernel python3, no outputs), and
every one runs from top to bottom without an error.

They run one after another in one kernel, each starting from an empty namespace (``%reset``,
figures closed, matplotlib's settings back to the rc file's): what a notebook uses it must
import or define itself. Starting a kernel and importing matplotlib, pandas and dicestats
five times over cost as much as the notebooks' own cells. Each in a fresh kernel, as a reader
opens it: ``pytest --nbmake notebooks`` (nbmake, a dev dependency).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))

#: Run first in the shared kernel, before each notebook: a fresh start but for the imports.
_FRESH_START = """\
import sys as _sys
if "matplotlib.pyplot" in _sys.modules:
    _sys.modules["matplotlib.pyplot"].close("all")
    _sys.modules["matplotlib"].rc_file_defaults()
%reset -f
"""


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


def test_the_initiative_notebook_says_who_acts_first_is_exact_at_any_size():
    # issue 21: initiative.odds is exact by tiers at any table size; the notebook's tools
    # and takeaways said exact answers were for small setups, the simulator for large ones
    nb = nbformat.read(NOTEBOOKS[0].parent / "03_initiative.ipynb", as_version=4)
    prose = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    prose = " ".join(prose.split())
    assert "exact fractions at any table size" in prose
    assert "`initiative.odds` / `initiative.defence`: every dice outcome" not in prose


@pytest.fixture(scope="module")
def kernel():
    """One python3 kernel for every notebook, started in ``notebooks/`` (as nbmake runs
    each), with this process's environment (the suite's ``DICESTATS_QUICK``)."""
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(NOTEBOOKS[0].parent))
    try:
        yield km
    finally:
        km.shutdown_kernel()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_without_an_error(path, kernel):
    from nbclient import NotebookClient

    if not kernel.is_alive():  # an earlier notebook killed it
        kernel.restart_kernel(now=True)
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(_FRESH_START))
    client = NotebookClient(nb, km=kernel, timeout=600, allow_errors=False)
    try:
        client.execute()  # raises CellExecutionError: the cell, the error, the traceback
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
