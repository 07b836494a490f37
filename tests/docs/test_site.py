"""The documentation site builds with no warning, and says what it promises.

One build (``python -m sphinx -W --keep-going -E -b html docs OUT``) in a fresh environment,
then checks on its pages: every internal link and anchor resolves, every public name and
every command is in the reference, the notebooks are shown with their outputs, every chart
function is in the gallery. Under the suite's ``DICESTATS_QUICK`` the notebooks run with their
small samples (cached apart from a full build's: ``docs/conf.py``). ``-m "not docs"`` skips it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    html = out / "html"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-E", "-q", "-b", "html"]
    cmd += ["-d", str(out / "doctrees"), str(DOCS), str(html)]
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONWARNINGS="ignore")
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    kernel_noise = re.compile(r"^\[IPKernelApp\] WARNING \| Kernel is running over TCP.*$", re.M)
    stderr = kernel_noise.sub("", proc.stderr).strip()
    assert proc.returncode == 0, f"the site did not build:\n{stderr[-6000:]}"
    return html


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for key in ("href", "src"):
            if attrs.get(key) and not (tag == "link" and key == "href"):
                self.links.append(attrs[key])


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_internal_links_and_anchors_resolve(site):
    # _static holds the theme's templates, not pages
    pages = {p: _parse(p) for p in site.rglob("*.html") if "_static" not in p.parts}
    broken = []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue  # external: not checked (no network here)
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(sorted(set(broken))[:50])


def test_every_public_name_has_a_page(site):
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from dicestats_docs import api_modules, public_names
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    missing = [
        f"{mod}.{name}"
        for mod in api_modules()
        for name in public_names(mod)
        if not (site / "reference" / "generated" / f"{mod}.{name}.html").exists()
    ]
    assert api_modules()[0] == "dicestats" and "dicestats.storyteller" in api_modules()
    assert not missing, missing


def _commands(parser, prefix=()):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name), sub
                yield from _commands(sub, (*prefix, name))


def test_every_command_and_option_is_in_the_cli_reference(site):
    import argparse

    from dicestats.cli import build_parser

    text = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    sections = set(re.findall(r'<section id="([^"]+)"', text))
    commands = list(_commands(build_parser()))
    assert len(commands) > 30
    missing = []
    for path, sub in commands:
        if "-".join(("dicestats", *path)).lower() not in sections:
            missing.append(" ".join(path))
        for action in sub._actions:
            if action.help == argparse.SUPPRESS:  # a hidden spelling: not in --help either
                continue
            for opt in action.option_strings:
                if opt.startswith("--") and opt not in text:
                    missing.append(f"{' '.join(path)} {opt}")
    assert not missing, missing


def test_every_system_has_a_page_with_its_chart_and_limits(site):
    import dicestats

    for s in dicestats.systems():
        page = (site / "systems" / f"{s.name}.html").read_text(encoding="utf-8")
        assert s.title in page and "Limits" in page and "Result fields" in page
        assert "cell_output" in page  # its first answer, computed at build time
        if s.questions[0].grows:
            assert "<img" in page  # the chances chart, drawn at build time


def test_the_notebooks_are_shown_with_their_outputs(site):
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 5
    for nb in notebooks:
        page = site / "tutorials" / "notebooks" / f"{nb.stem}.html"
        text = page.read_text(encoding="utf-8")
        assert text.count("cell_output") >= 3, nb.name
    assert "<img" in (site / "tutorials/notebooks/01_fate_odds_and_invokes.html").read_text()


def test_the_howto_commands_ran_and_printed_their_answers(site):
    pages = sorted((DOCS / "howto").glob("*.md"))
    pages = [p for p in pages if p.stem != "index"]
    assert len(pages) >= 6
    for src in pages:
        text = (site / "howto" / f"{src.stem}.html").read_text(encoding="utf-8")
        n_commands = src.read_text(encoding="utf-8").count("{dicestats-command}")
        assert n_commands >= 1 and text.count("dicestats-command") >= n_commands, src.name
        assert "cell_output" in text, src.name  # the Python ran too


def test_the_gallery_draws_every_chart_function(site):
    from dicestats import plots

    charts = [n for n in plots.__all__ if callable(getattr(plots, n)) and n != "close"]
    sources = "\n".join(p.read_text() for p in (DOCS / "gallery_src").rglob("plot_*.py"))
    missing = [n for n in charts if f"plots.{n}(" not in sources]
    assert not missing, f"chart functions with no gallery example: {missing}"
    pages = list((site / "gallery").rglob("plot_*.html"))
    assert len(pages) == len(list((DOCS / "gallery_src").rglob("plot_*.py")))
    for page in pages:
        assert "sphx-glr-single-img" in page.read_text(encoding="utf-8"), page.name


def test_every_system_has_a_story(site):
    """One designer's story per system: a page of ``docs/tutorials/`` asking the command
    line and the Python, with a chart (the Storyteller's: notebook 04, the strongbox)."""
    import dicestats

    told_by_notebooks = {"storyteller"}
    index = (site / "tutorials" / "index.html").read_text(encoding="utf-8")
    for s in dicestats.systems():
        if s.name in told_by_notebooks:
            continue
        src = DOCS / "tutorials" / f"{s.name}.md"
        assert src.exists(), f"no story for {s.name}"
        text = (site / "tutorials" / f"{s.name}.html").read_text(encoding="utf-8")
        assert f'href="{s.name}.html"' in index, s.name
        n_commands = src.read_text(encoding="utf-8").count("{dicestats-command}")
        assert n_commands >= 1 and text.count("dicestats-command") >= n_commands, s.name
        assert "cell_output" in text and "<img" in text, s.name  # the Python ran and drew
