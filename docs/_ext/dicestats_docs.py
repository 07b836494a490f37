"""The site's own Sphinx extension: pages generated from the package, a command directive.

Generated at every build (``config-inited``), into folders ignored by git, so a new
system, public name, command or chart needs no edit of the docs:

- ``reference/api/<package>.rst``: an autosummary of every name in the ``__all__`` of
  ``dicestats``, its subpackages and ``dicestats.core``'s and ``dicestats.format``'s
  modules; a public callable without a docstring is a warning (an error under ``-W``);
- ``systems/<name>.md``: one page per registered system (``dicestats.systems()``): its
  questions, commands, limits, result fields, a chart drawn at build time, its rules page;
- ``reference/limits.md`` and ``reference/results.md``: every system's ``LIMITS`` and every
  question's result fields, as tables;
- ``gallery_src/answers/plot_answer_*.py``: a gallery example for each question with a chart
  and each family's chances chart (``gallery_src/frames/``, written by hand, draws the charts
  of the tables' frames);
- ``tutorials/*.ipynb``: the notebooks of ``notebooks/``, copied (myst-nb executes them).

The ``dicestats-command`` directive runs ``dicestats ARGS`` (:func:`dicestats.cli.main`) while
the page is built and shows the command with what it printed; a command that does not exit 0
is a warning. A body, when given, is the output the page promises (its leading lines; a last
line ``...`` says more follows): a command that prints anything else is a warning too, and
``tests/docs/test_commands.py`` checks the same promises without building the site.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import inspect
import io
import os
import shlex
import shutil
import tempfile
import textwrap
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent

#: Packages whose ``__all__`` is the public API (``dicestats.core`` has none: its modules').
API_PACKAGES = (
    "dicestats",
    "dicestats.core.dist",
    "dicestats.core.markov",
    "dicestats.core.montecarlo",
    "dicestats.core.checks",
    "dicestats.core.limits",
    "dicestats.core.results",
    "dicestats.core.question",
    "dicestats.core.progress",
    "dicestats.core.files",
    "dicestats.registry",
    "dicestats.format",
    "dicestats.tables",
    "dicestats.plots",
    "dicestats.workbench",
    "dicestats.sweep",
    "dicestats.report",
    "dicestats.explore",
    "dicestats.cli",
)

#: Modules whose docstring is not shown (it does not parse as reStructuredText yet).
NO_MODULE_DOC = {"dicestats.registry"}

GENERATED = (
    "reference/api",
    "reference/generated",
    "systems",
    "gallery",
    "tutorials/notebooks",
)


def _write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (an unchanged page is not re-read)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def api_modules() -> list[str]:
    """Every module documented in the API reference: the fixed ones, then each system."""
    import dicestats

    names = list(API_PACKAGES)
    for s in dicestats.systems():
        names.insert(names.index("dicestats.registry"), f"dicestats.{s.name}")
    return [n for n in names if importlib.util.find_spec(n) is not None]


def public_names(modname: str) -> list[str]:
    """The module's ``__all__`` (for ``dicestats``: the names that are not modules)."""
    mod = importlib.import_module(modname)
    names = list(getattr(mod, "__all__", ()))
    return [n for n in names if not inspect.ismodule(getattr(mod, n))]


def _api_page(modname: str) -> str:
    mod = importlib.import_module(modname)
    title = f"``{modname}``"
    lines = [title, "=" * len(title), ""]
    if modname not in NO_MODULE_DOC:
        lines += [f".. automodule:: {modname}", "   :no-members:", ""]
    lines += [f".. currentmodule:: {modname}", ""]
    names = public_names(modname)
    callables = [n for n in names if callable(getattr(mod, n))]
    data = [n for n in names if n not in callables]
    for heading, group in (("Functions and classes", callables), ("Constants", data)):
        if not group:
            continue
        lines += [
            heading,
            "-" * len(heading),
            "",
            ".. autosummary::",
            "   :toctree: ../generated",
            "",
        ]
        lines += [f"   {n}" for n in group] + [""]
    for n in callables:
        if not (inspect.getdoc(getattr(mod, n)) or "").strip():
            logger.warning("dicestats docs: public name %s.%s has no docstring", modname, n)
    return "\n".join(lines)


def generate_api() -> None:
    mods = api_modules()
    index = ["# API reference", "", "Every name in the `__all__` of each package below."]
    index += ["", "```{toctree}", ":maxdepth: 1", ""] + [f"{m}" for m in mods] + ["```", ""]
    _write(DOCS / "reference/api/index.md", "\n".join(index))
    for m in mods:
        _write(DOCS / f"reference/api/{m}.rst", _api_page(m))
    # autosummary's page of a name no longer public would stay, a page of a failed import
    # outside every toctree: a second build in one tree failed where a fresh clone passes
    public = {f"{m}.{n}.rst" for m in mods for n in public_names(m)}
    for old in (DOCS / "reference/generated").glob("*.rst"):
        if old.name not in public:
            old.unlink()


def _md_escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _limits_table(limits) -> list[str]:
    rows = ["| limit | range | when | why | instead |", "|---|---|---|---|---|"]
    for lim in limits.values():
        when = {"": "always", "exact": "exact mode", "float": "float mode"}[lim.when]
        rows.append(
            f"| `{lim.name}` | {_md_escape(lim.help)} | {when} | {_md_escape(lim.why)} "
            f"| {_md_escape(lim.instead)} |"
        )
    return rows


def _fields_table(result_class) -> list[str]:
    doc = inspect.getdoc(result_class) or ""
    rows = ["| field | type |", "|---|---|"]
    for f in dataclasses.fields(result_class):
        rows.append(f"| `{f.name}` | `{_md_escape(f.type)}` |")
    del doc
    return rows


def _command(s, q) -> str:
    return f"dicestats {s.name} {q.name.replace('_', '-')}"


def _system_page(s) -> str:
    from dicestats.core.question import Question

    pkg = s.package
    first = (inspect.getdoc(pkg) or "").split("\n\n")[0]
    out = [
        "---",
        "file_format: mystnb",
        "kernelspec:",
        "  name: python3",
        "---",
        "",
        f"# {s.title}",
        "",
        f"{s.summary[0].upper()}{s.summary[1:]}.",
        "",
        first,
        "",
        f"- The rules as modelled, with every default, variant and source: "
        f"[{s.title}: the rules](../{Path(s.rules_doc).relative_to('docs')}).",
        f"- The API: {{doc}}`dicestats.{s.name} <../reference/api/dicestats.{s.name}>`.",
        f"- Every option of its commands: {{ref}}`dicestats {s.name} <dicestats-{s.name}>` "
        "(the command-line reference).",
        "",
        "## Questions",
        "",
        "| question | what it answers | command | result |",
        "|---|---|---|---|",
    ]
    qs: tuple[Question, ...] = s.questions
    for q in qs:
        cmd = f"`{_command(s, q)}`" + (f" (or `dicestats {q.command}`)" if q.command else "")
        out.append(
            f"| {{py:obj}}`~dicestats.{s.name}.{q.name}` "
            f"| {_md_escape(q.summary)} | {cmd} | `{q.result_class.__name__}` |"
        )
    q0 = qs[0]
    sample = q0.samples[0] if q0.samples else None
    out += ["", "## A first answer", ""]
    if sample is not None:
        call = ", ".join(
            [repr(a) for a in sample.args] + [f"{k}={v!r}" for k, v in sample.kwargs.items()]
        )
        out += [
            f"{sample.name[0].upper()}{sample.name[1:]}, asked in Python "
            f"(computed while this page was built):",
            "",
            "```{code-cell} ipython3",
            f"from dicestats import {s.name}",
            *([f"from dicestats.{s.name} import Rules"] if "Rules(" in call + _setting(q0) else []),
            "from dicestats.format import view_text",
            "",
            f"answer = {s.name}.{q0.name}({call})",
            "print(view_text(answer.view()))",
            "```",
            "",
        ]
    if q0.grows:
        out += [
            f"Its chances as the {q0.grows} grows (the workbench's `solve`, `worth` and "
            "`compare` read the same declaration):",
            "",
            "```{code-cell} ipython3",
            "from dicestats import plots, tables",
            "",
            f"df = tables.chances_by_value({s.name}.{q0.name}{_setting(q0)})",
            f'plots.chances_chart(df, columns={list(q0.wishes)!r}, title="{s.title}");',
            "```",
            "",
        ]
    out += ["## Limits", "", *_limits_table(pkg.LIMITS), ""]
    out += ["## Result fields", ""]
    seen = set()
    for q in qs:
        rc = q.result_class
        if rc in seen or not dataclasses.is_dataclass(rc):
            continue
        seen.add(rc)
        out += [f"`{rc.__name__}` ({q.name}):", "", *_fields_table(rc), ""]
    return "\n".join(out)


def generate_systems() -> None:
    import dicestats

    names = [s.name for s in dicestats.systems()]
    index = ["# Systems", "", "One page per registered system, generated from the registry."]
    index += ["", "```{toctree}", ":maxdepth: 1", ""] + names + ["```", ""]
    _write(DOCS / "systems/index.md", "\n".join(index))
    for s in dicestats.systems():
        _write(DOCS / f"systems/{s.name}.md", _system_page(s))


def generate_limits_and_results() -> None:
    import dicestats

    lim = ["# Limits", "", "What each system caps, at what, and why (its `LIMITS`)."]
    lim += ["A value beyond a limit is refused with one line saying which and why.", ""]
    res = ["# Result fields", "", "Every question answers with one frozen result class;"]
    res += ["its fields are the same whichever method (exact, float, Monte Carlo) answered.", ""]
    for s in dicestats.systems():
        lim += [f"## {s.title}", "", *_limits_table(s.package.LIMITS), ""]
        res += [f"## {s.title}", ""]
        seen = set()
        for q in s.questions:
            rc = q.result_class
            if rc in seen or not dataclasses.is_dataclass(rc):
                continue
            seen.add(rc)
            res += [f"### `{rc.__module__.split('.')[1]}.{rc.__name__}`", ""]
            res += [f"Answer of `{s.name}.{q.name}`.", "", *_fields_table(rc), ""]
    _write(DOCS / "reference/limits.md", "\n".join(lim))
    _write(DOCS / "reference/results.md", "\n".join(res))


def _imports(*names: str) -> str:
    return f"from dicestats import {', '.join(sorted(names))}"


def _docstring(title: str, text: str) -> str:
    body = textwrap.fill(text, width=92)
    return f'"""\n{title}\n{"=" * len(title)}\n\n{body}\n"""\n'


def _answer_example(s, q) -> str:
    sample = q.samples[0]
    call = ", ".join(
        [repr(a) for a in sample.args] + [f"{k}={v!r}" for k, v in sample.kwargs.items()]
    )
    func = q.chart.partition(":")[2]
    if q.default == "montecarlo":
        call = ", ".join(c for c in (call, "trials=20_000, rng=1") if c)
    text = (
        f":func:`dicestats.plots.{func}` draws an answer of :func:`dicestats.{s.name}.{q.name}` "
        f"({sample.name}); ``--plot FILE`` on ``{_command(s, q)}`` draws the same chart."
    )
    lines = [_docstring(f"{s.title}: ``{q.name}``", text), _imports("plots", s.name)]
    if "Rules(" in call:
        lines.append(f"from dicestats.{s.name} import Rules")
    lines += ["", f"answer = {s.name}.{q.name}({call})", f"ax = plots.{func}(answer)", ""]
    return "\n".join(lines)


def _setting(q) -> str:
    """The first sample's other arguments, as keywords (the grown parameter left out)."""
    if not q.samples:
        return ""
    sample = q.samples[0]
    bound = inspect.signature(q.setup).bind_partial(*sample.args, **sample.kwargs).arguments
    return "".join(f", {k}={v!r}" for k, v in bound.items() if k != q.grows)


def _family_example(s, q) -> str:
    text = (
        f":func:`dicestats.plots.chances_chart` draws the chances a wish may name as the "
        f"{q.grows} grows (:func:`dicestats.tables.chances_by_value` reads the declaration)."
    )
    lines = [_docstring(f"{s.title}: chances by {q.grows}", text)]
    lines += [_imports("plots", "tables", s.name)]
    if "Rules(" in _setting(q):
        lines.append(f"from dicestats.{s.name} import Rules")
    lines.append("")
    lines += [
        f"df = tables.chances_by_value({s.name}.{q.name}{_setting(q)})",
        "ax = plots.chances_chart(",
        f"    df, columns={list(q.wishes)!r}, title={s.title!r}",
        ")",
        "",
    ]
    return "\n".join(lines)


def generate_gallery_examples() -> None:
    import dicestats

    src = DOCS / "gallery_src" / "answers"
    keep = set()
    for s in dicestats.systems():
        for q in s.questions:
            if q.chart and q.samples:
                name = f"plot_answer_{s.name}_{q.name}.py"
                _write(src / name, _answer_example(s, q))
                keep.add(name)
            if q.grows:
                name = f"plot_answer_{s.name}_chances.py"
                _write(src / name, _family_example(s, q))
                keep.add(name)
    for old in src.glob("plot_answer_*.py"):
        if old.name not in keep:
            old.unlink()


def copy_notebooks() -> None:
    dest = DOCS / "tutorials/notebooks"
    dest.mkdir(parents=True, exist_ok=True)
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        target = dest / nb.name
        if not target.exists() or target.read_bytes() != nb.read_bytes():
            shutil.copyfile(nb, target)


def generate(app, config) -> None:
    generate_api()
    generate_systems()
    generate_limits_and_results()
    generate_gallery_examples()
    copy_notebooks()


def promised_output(body) -> tuple[list[str], bool]:
    """The lines a ``dicestats-command`` body promises, and whether it ends with ``...``
    (more output follows, not shown). Trailing blank lines promise nothing."""
    lines = [str(ln).rstrip() for ln in body]
    more = False
    if "..." in lines:
        lines, more = lines[: lines.index("...")], True
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines, more


class CommandDirective(SphinxDirective):
    """``dicestats-command``: run a command line at build time and show it with its output.

    The argument is the command after ``dicestats``. Option ``:lines: N`` keeps the first
    N lines of the output (then ``...``). A body is the output promised: the command must
    print these lines first (a last line ``...``: and then more, not shown).
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"lines": directives.positive_int}

    def run(self):
        from dicestats.cli import main

        line = self.arguments[0].strip()
        argv = shlex.split(line)
        out, err = io.StringIO(), io.StringIO()
        here = os.getcwd()
        # in a folder of its own: a command that writes a file (--out, --plot) leaves no trace
        with tempfile.TemporaryDirectory() as scratch:
            os.chdir(scratch)
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main(argv)
            except SystemExit as exc:  # argparse's --help and usage errors
                code = exc.code
            finally:
                os.chdir(here)
        if code not in (0, None):
            logger.warning(
                "dicestats docs: `dicestats %s` exited %s: %s",
                line,
                code,
                err.getvalue().strip(),
                location=self.get_location(),
            )
        text = out.getvalue().rstrip("\n")
        promised, more = promised_output(self.content)
        shown = [ln.rstrip() for ln in text.splitlines()]
        if promised and shown[: len(promised)] != promised:
            logger.warning(
                "dicestats docs: `dicestats %s` did not print what the page says:\n%s",
                line,
                "\n".join(text.splitlines()[: len(promised) + 2]),
                location=self.get_location(),
            )
        if promised and more:
            self.options.setdefault("lines", len(promised))
        if "lines" in self.options:
            kept = text.splitlines()
            if len(kept) > self.options["lines"]:
                text = "\n".join(kept[: self.options["lines"]] + ["..."])
        block = nodes.literal_block(text="", classes=["dicestats-command"])
        block += nodes.Text(f"$ dicestats {line}\n{text}")
        block["language"] = "console"
        return [block]


def label_commands(app, doctree) -> None:
    """Each command's section of the CLI reference becomes a label (``dicestats-fate``), so
    pages can link to it with ``{ref}``."""
    if app.env.docname != "reference/cli":
        return
    std = app.env.domains.standard_domain
    for section in doctree.findall(nodes.section):
        for sid in section["ids"]:
            if sid.startswith("dicestats-"):
                title = section[0].astext() if section.children else sid
                std.labels[sid] = (app.env.docname, sid, title)
                std.anonlabels[sid] = (app.env.docname, sid)


def setup(app):
    app.connect("config-inited", generate, priority=100)
    app.connect("doctree-read", label_commands)
    # Set by conf.py from the package's source: a changed package re-reads every page.
    app.add_config_value("dicestats_source_digest", "", "env")
    app.add_directive("dicestats-command", CommandDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
