"""The booklet's machinery: the pages in order, the cover, the frame, rendering and atomic
writing (:func:`build_report`)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from ..core.checks import check_choice
from ..core.files import atomic_write, check_out_path
from ..core.limits import Limit, Limits
from ..core.progress import check_progress, progress_bar
from ..i18n import LANGUAGES, N_, _, check_language, font_family, language
from ..registry import system
from ..registry import systems as registered
from .calibration import pages as calibration_pages
from .page import Page, _Context

__all__ = [
    "PAPERS",
    "LANGUAGES",
    "DEFAULT_OUT",
    "DEFAULT_SEED",
    "MC_TRIALS",
    "LIMITS",
    "parse_systems",
    "Page",
    "page_titles",
    "page_figure",
    "build_report",
]


#: Paper sizes in inches (portrait).
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}


#: Where ``dicestats report`` writes by default.
DEFAULT_OUT = "reports/dicestats-odds.pdf"


#: The seed of every Monte Carlo page unless told otherwise (printed on the page).
DEFAULT_SEED = 20240607


#: Simulated rounds per Monte Carlo scenario unless told otherwise.
MC_TRIALS = 200_000


#: The booklet's caps, as data: :func:`build_report` checks through them and
#: ``dicestats report`` derives its option types from them.
LIMITS = Limits(
    Limit(
        "trials",
        100,
        10_000_000,
        why="10 million rounds per scenario take about 4 minutes, 100 million over half an "
        "hour; the pages print whole percents, which 200,000 already settle",
    ),
    Limit("seed", 0, 2**63 - 1),
)


def parse_systems(systems) -> tuple[str, ...]:
    """Validate a system selection: ``"fate,initiative"`` or a list of names.

    Returns the names in booklet order, without duplicates.

    Examples
    --------
    >>> parse_systems("initiative,fate")
    ('fate', 'initiative')
    >>> parse_systems("fate,chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: systems must be a comma-separated subset of fate, ...; unknown: 'chess'
    """
    known = tuple(s.name for s in registered())
    if systems is None:  # the default booklet: the systems registered for it
        return tuple(s.name for s in registered() if s.booklet)
    if isinstance(systems, str):
        items = [s.strip().lower() for s in systems.split(",") if s.strip()]
    else:
        try:
            items = [str(s).strip().lower() for s in systems]
        except TypeError:
            raise TypeError(
                f"systems must be a list of names or a comma-separated string, got {systems!r}"
            ) from None
    unknown = [s for s in items if s not in known]
    if unknown or not items:
        what = ", ".join(repr(s) for s in unknown) if unknown else "(none given)"
        raise ValueError(
            f"systems must be a comma-separated subset of {', '.join(known)}; unknown: {what}"
        )
    return tuple(s for s in known if s in items)


def _pages(systems: Iterable[str]) -> list[Page]:
    pages: list[Page] = []
    for s in systems:
        pages.extend(system(s).pages())
    pages.extend(calibration_pages(systems))
    return pages


def page_titles(systems=None, *, lang: str = "en") -> list[str]:
    """The titles of the booklet's pages, cover (``'Contents'``) first, in ``lang``.

    Examples
    --------
    >>> titles = page_titles()
    >>> titles[0], len(titles) >= 8
    ('Contents', True)
    >>> page_titles("fate", lang="zh-Hant")[:2]
    ['目錄', 'Fate：4dF 的機率']
    """
    with language(check_language(lang)):
        return [_("Contents")] + [_(p.title) for p in _pages(parse_systems(systems))]


def _frame(fig, title: str, how: str, number: int, total: int) -> None:
    from .. import __version__

    centred = dict(ha="center", va="center")
    fig.text(0.5, 0.955, _(title), **centred, fontsize=15, weight="bold")
    how = _("How to read this: {how}").format(how=_(how))
    fig.text(0.5, 0.93, how, **centred, fontsize=8.5, style="italic", color="#333333")
    footer = _("dicestats {version} odds booklet  ·  page {number} of {total}")
    footer = footer.format(version=__version__, number=number, total=total)
    # 0.257 in above the page's edge on every paper (A4's 0.022 of its height): at 0.022 of
    # letter's, a Chinese footer's box reached into the margin
    y = 0.022 * PAPERS["a4"][1] / fig.get_figheight()
    fig.text(0.5, y, footer, **centred, fontsize=7, color="#555555")


#: The systems' names on the cover (their registry titles are English).
_SYSTEM_TITLES = {
    "fate": N_("Fate"),
    "storyteller": N_("Storyteller"),
    "initiative": N_("Initiative"),
    "workbench": N_("Designer's workbench"),
}


def _system_title(name: str) -> str:
    title = _SYSTEM_TITLES.get(name)
    return _(title) if title else system(name).title


#: The widest line of system names under the cover's subtitle, in widths of a Latin letter
#: at its size (a wide character, Chinese, counts two): the names of many systems wrap.
_COVER_LINE = 84
#: The widest line of the notes at the foot of the cover, in widths of a Latin letter.
_NOTE_LINE = 120


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _name_lines(names: list[str], width: int = _COVER_LINE) -> list[str]:
    """The systems' names joined by " · ", wrapped between names to lines of ``width``.

    >>> _name_lines(["Fate", "Storyteller", "Initiative"], width=20)
    ['Fate · Storyteller', 'Initiative']
    """
    lines = [""]
    for name in names:
        joined = f"{lines[-1]} · {name}" if lines[-1] else name
        if lines[-1] and _width(joined) > width:
            lines.append(name)
        else:
            lines[-1] = joined
    return lines


def _draw_cover(fig, pages: list[Page], ctx: _Context, systems) -> None:
    import textwrap

    from .. import __version__

    fig.text(0.5, 0.86, "dicestats", ha="center", fontsize=34, weight="bold")
    subtitle = _("Odds booklet for game designers and GMs")
    fig.text(0.5, 0.825, subtitle, ha="center", fontsize=14)
    names = _name_lines([_system_title(s) for s in systems])
    for i, line in enumerate(names):
        fig.text(0.5, 0.795 - 0.018 * i, line, ha="center", fontsize=10, color="#333333")
    mc = _("Monte Carlo pages: {trials} simulated rounds per scenario, seed {seed}.")
    command = f"dicestats report --paper {ctx.paper} --systems {','.join(systems)}"
    if ctx.lang != "en":
        command += f" --lang {ctx.lang}"
    mc = [mc.format(trials=_number(ctx.trials), seed=ctx.seed)] if "initiative" in systems else []
    notes = [
        _("Every number is exact (computed, not sampled) unless the page says Monte Carlo."),
        *mc,
        _("Chances: one decimal from 1% up; below 1% as '1 in N' (1 in 270 is about 0.37%)."),
        _(
            "Chart cells: whole percents; '<1' is above 0 but below 1%, '>99' above 99% but "
            "below 100%."
        ),
        _("Generated by dicestats {version}: {command}").format(
            version=__version__, command=command
        ),
    ]
    # a long line (the command of a booklet of many systems) wraps between words
    lines = [
        part
        for note in notes
        for part in (
            textwrap.wrap(note, _NOTE_LINE, break_long_words=False, break_on_hyphens=False)
            if _width(note) > _NOTE_LINE
            else [note]
        )
    ]
    top = max(0.12, 0.04 + 0.02 * (len(lines) - 1))  # the notes end 0.04 above the edge
    for i, line in enumerate(lines):
        fig.text(0.12, top - 0.02 * i, line, fontsize=8, color="#333333")
    y = 0.73 - 0.018 * (len(names) - 1)
    fig.text(0.12, y, _("Contents"), fontsize=14, weight="bold")
    y -= 0.035
    current = None
    # every page's line and every system's heading (a gap above it) fit above the notes;
    # a long contents (every system) is set smaller
    groups = len({p.system for p in pages})
    room = y - (top + 0.03) - 0.008 * groups
    step = min(0.028, room / max(len(pages) + groups, 1))
    size = min(9.5, step * fig.get_figheight() * 72 / 1.3)
    for n, p in enumerate(pages, start=2):
        if p.system != current:
            current = p.system
            y -= 0.008
            fig.text(0.12, y, _system_title(p.system), fontsize=size + 1.5, weight="bold")
            y -= step
        fig.text(0.15, y, _(p.title), fontsize=size)
        fig.text(0.88, y, str(n), fontsize=size, ha="right")
        y -= step


def _number(n: int) -> str:
    from ..i18n import number

    return number(n)


def build_report(
    out=DEFAULT_OUT,
    systems=None,
    paper: str = "a4",
    *,
    seed: int = DEFAULT_SEED,
    trials: int = MC_TRIALS,
    progress: bool | None = None,
    lang: str = "en",
) -> Path:
    """Write the PDF odds booklet to ``out``; return its path.

    A cover with the contents, then each system's tables (drawn as table pages) and
    charts, every page with a title, a one-line "how to read this" and a numbered footer.
    Deterministic: the same inputs give byte-identical files (fixed PDF metadata, no
    dates; the Monte Carlo pages print their seed and size). Written atomically: on an
    error, SIGINT, SIGTERM or SIGHUP an existing booklet is left untouched and no
    temporary file remains (leftovers of builds killed outright are cleared by the next).

    Parameters
    ----------
    out : str or os.PathLike, default ``reports/dicestats-odds.pdf``
        The PDF to write; its directory is created if missing.
    systems : str or iterable of str, optional
        Registered systems' names, as a list or a comma-separated string (default: those
        registered for the booklet, ``System.booklet``: the source systems).
    paper : {"a4", "letter"}, default "a4"
    seed : int, default :data:`DEFAULT_SEED`
        Seed of the Monte Carlo pages (printed on them).
    trials : int, default :data:`MC_TRIALS`
        Simulated rounds per Monte Carlo scenario (printed on the pages).
    progress : bool, optional
        Show a progress bar: ``None`` (default) shows it on a terminal only.
    lang : {"en", "de", "ru", "zh-Hant", "zh-Hans"}, default "en"
        The booklet's language (:data:`LANGUAGES`): every word from its message catalogue,
        numbers in its format, the rule texts' own terms (:mod:`dicestats.i18n`).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    ValueError
        Bad ``systems``/``paper``/``seed``/``trials`` (see :data:`LIMITS`), or
        ``out`` is empty, a directory or not a ``.pdf``.
    OSError
        The directory cannot be created or written; the error names ``out``
        (never the temporary file).
    dicestats.core.files.Interrupted
        SIGINT, SIGTERM or SIGHUP arrived: the temporary file was removed.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = build_report(os.path.join(tmp, "new", "b.pdf"), systems="fate", paper="letter",
    ...                      trials=1_000, progress=False)
    ...     p.read_bytes()[:5], sorted(os.listdir(p.parent))
    (b'%PDF-', ['b.pdf'])
    """
    started = time.time()
    systems = parse_systems(systems)
    paper = check_choice("paper", paper, tuple(PAPERS))
    seed = LIMITS["seed"].check(seed)
    trials = LIMITS["trials"].check(trials)
    progress = check_progress(progress)
    lang = check_language(lang)
    out = check_out_path("out", out, (".pdf",))

    pages = _pages(systems)
    ctx = _Context(seed=seed, trials=trials, paper=paper, lang=lang)
    with atomic_write(out, started=started) as fh, language(lang):
        _render(fh, pages, ctx, systems, progress)
    return out


def _metadata(ctx: _Context, systems) -> dict:
    """The PDF's document information: what it is, in its language; no dates (byte-identical
    rebuilds)."""
    from .. import __version__

    names = ", ".join(_system_title(s) for s in systems)
    words = [_("odds"), _("probability"), _("dice"), *(_system_title(s) for s in systems)]
    return {
        "Title": _("dicestats odds booklet: {systems}").format(systems=names),
        "Subject": _("Exact odds of tabletop dice for game masters: tables and charts"),
        "Keywords": ", ".join(words),
        "Creator": f"dicestats {__version__} (dicestats report --lang {ctx.lang})",
        "CreationDate": None,
        "ModDate": None,
    }


def _rc(lang: str) -> dict:
    """The booklet's matplotlib settings: sizes for print, the language's fonts, TrueType (Type
    42) fonts embedded whole in the PDF, so its text can be selected and extracted."""
    return {
        "pdf.fonttype": 42,
        "font.family": font_family(lang),
        "axes.titlesize": 10,
        "axes.labelsize": 9,
        "xtick.labelsize": 8,
        "ytick.labelsize": 8,
        "legend.fontsize": 8,
        "hatch.linewidth": 0.6,
    }


def _figure(n: int, pages: list[Page], ctx: _Context, systems):
    """Page ``n`` (1: the cover) of the booklet, drawn (inside the booklet's settings)."""
    from matplotlib.figure import Figure

    total = len(pages) + 1
    fig = Figure(figsize=PAPERS[ctx.paper])
    if n == 1:
        _draw_cover(fig, pages, ctx, systems)
        first = _("page {number} of {total}").format(number=1, total=total)
        fig.text(0.5, 0.022, first, ha="center", fontsize=7, color="#555555")
    else:
        page = pages[n - 2]
        _frame(fig, page.title, page.how_to_read, n, total)
        page.draw(fig, ctx)
    return fig


def page_figure(number: int, systems=None, *, lang: str = "en", paper: str = "a4", **options):
    """One page of the booklet as a matplotlib figure (``number`` 1 is the cover), drawn as
    :func:`build_report` draws it: to look at one page, or save it as an image.

    ``options`` are :func:`build_report`'s ``seed`` and ``trials``.

    Examples
    --------
    >>> fig = page_figure(2, "fate", lang="de")
    >>> fig.texts[0].get_text()
    'Fate: die Chancen von 4dF'
    """
    import matplotlib

    systems = parse_systems(systems)
    lang = check_language(lang)
    pages = _pages(systems)
    if not 1 <= number <= len(pages) + 1:
        raise ValueError(f"number must be a page of the booklet, 1..{len(pages) + 1}")
    ctx = _Context(
        seed=LIMITS["seed"].check(options.pop("seed", DEFAULT_SEED)),
        trials=LIMITS["trials"].check(options.pop("trials", MC_TRIALS)),
        paper=check_choice("paper", paper, tuple(PAPERS)),
        lang=lang,
    )
    if options:
        raise TypeError(f"page_figure() got unexpected options: {', '.join(options)}")
    with language(lang), matplotlib.rc_context(_rc(lang)):
        return _figure(number, pages, ctx, systems)


def _render(fh, pages: list[Page], ctx: _Context, systems, progress) -> None:
    import matplotlib

    total = len(pages) + 1
    bar = progress_bar(total, progress=progress, desc="dicestats report", unit="page")
    try:
        with matplotlib.rc_context(_rc(ctx.lang)):
            with _pdf_pages(fh, _metadata(ctx, systems), ctx.lang) as pdf:
                for n in range(1, total + 1):
                    fig = _figure(n, pages, ctx, systems)
                    _save(pdf, fig, "Contents" if n == 1 else pages[n - 2].title)
                    bar.update()
    finally:
        bar.close()


def _save(pdf, fig, title: str) -> None:
    """Add the page ``fig`` (titled ``title``) to the PDF (the tests look at it here first)."""
    pdf.savefig(fig)


def _pdf_pages(fh, metadata: dict, lang: str):
    """matplotlib's ``PdfPages`` whose document catalogue also says the language (``/Lang``,
    BCP 47: screen readers and text extraction read it). matplotlib writes the catalogue when
    it opens the file and has no option for it, so its writer adds the entry then."""
    from matplotlib.backends.backend_pdf import PdfFile, PdfPages

    class File(PdfFile):
        def writeObject(self, obj, contents):
            if obj is getattr(self, "rootObject", None) and isinstance(contents, dict):
                contents = {**contents, "Lang": lang}
            super().writeObject(obj, contents)

    class Pages(PdfPages):
        def _ensure_file(self):
            if self._file is None:
                self._file = File(self._filename, metadata=self._metadata)
            return self._file

    return Pages(fh, metadata=metadata)
