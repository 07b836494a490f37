"""Sphinx configuration of the dicestats documentation site.

Build (from the project's root, after ``pip install -e ".[docs]"``)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html

The notebooks and the pages with code cells are executed while building; their outputs are
cached in ``docs/_build/.jupyter_cache`` (a rebuild re-executes only what changed).
Generated pages (API, systems, limits, results, the answer charts of the gallery) come from
``docs/_ext/dicestats_docs.py``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
# The kernels that execute the notebooks and code cells draw inline (their figures become
# outputs); this process draws nothing itself but the gallery, which selects Agg.
os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"

import dicestats  # noqa: E402

project = "dicestats"
author = "the dicestats authors"
copyright = "the dicestats authors"  # noqa: A001 (Sphinx's name)
version = release = dicestats.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinxarg.ext",
    "sphinx_gallery.gen_gallery",
    "dicestats_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = [
    "_build",
    "_ext",
    "gallery_src",
    "**.ipynb_checkpoints",
    "**/*.py",
    "**/*.ipynb.md5",
]
# The gallery's generated .py/.ipynb downloads and sphinx-gallery's own files are not pages.
exclude_patterns += ["gallery/**.ipynb", "gallery/**.py", "gallery/**.json", "gallery/**.zip"]

# MyST: headings get anchors so pages can link to sections; $...$ maths.
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
myst_heading_anchors = 3

# myst-nb: execute notebooks and code-cell pages at build time, cached; a failing cell fails.
nb_execution_mode = "cache"
# The cache is keyed by the package's source: a change to dicestats re-executes every page
# (and, through dicestats_source_digest, re-reads them all: the commands' outputs and the API
# are the package's). DICESTATS_QUICK (the test suite's switch: smaller Monte Carlo samples in
# the notebooks) gets a cache of its own, so a quick build never lends its outputs to a full one.
_QUICK = os.environ.get("DICESTATS_QUICK", "").strip() not in ("", "0")


def _source_digest() -> str:
    h = hashlib.sha256()
    for path in sorted((DOCS.parent / "dicestats").rglob("*.py")):
        h.update(path.relative_to(DOCS.parent).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


dicestats_source_digest = _source_digest()
# (caches of an older source are left in place, never read again: delete docs/_build to free
# them; a test run may be reading their files)
_CACHES = DOCS / "_build" / ".jupyter_cache"
_CACHE = _CACHES / f"{'quick-' if _QUICK else ''}{dicestats_source_digest}"
nb_execution_cache_path = str(_CACHE)
# sphinx-gallery re-runs an example only when its script changes: a changed package redraws all.
_STAMP = DOCS / "gallery" / ".dicestats_source"
if not _STAMP.exists() or _STAMP.read_text() != dicestats_source_digest:
    shutil.rmtree(DOCS / "gallery", ignore_errors=True)
    _STAMP.parent.mkdir(parents=True)
    _STAMP.write_text(dicestats_source_digest)
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# autodoc / autosummary / numpydoc
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()

# sphinx-gallery: every chart kind, drawn at build time.
sphinx_gallery_conf = {
    "examples_dirs": "gallery_src",
    "gallery_dirs": "gallery",
    "filename_pattern": r"plot_",
    "subsection_order": ["gallery_src/frames", "gallery_src/answers"],
    "within_subsection_order": "FileNameSortKey",
    "download_all_examples": False,
    "remove_config_comments": True,
    "plot_gallery": "True",
    "abort_on_example_error": False,
    "show_memory": False,
    "reset_modules": ("matplotlib",),
}

html_theme = "pydata_sphinx_theme"
html_title = f"dicestats {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 7,
}
html_static_path: list[str] = []
html_show_sourcelink = False
html_last_updated_fmt = None
templates_path = ["_templates"]
