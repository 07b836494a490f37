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
from ..registry import system
from ..registry import systems as registered
from .calibration import pages as calibration_pages
from .page import Page, _Context

__all__ = [
    "PAPERS",
    "DEFAULT_OUT",
    "DEFAULT_SEED",
    "MC_TRIALS",
    "EXACT_LIMIT",
    "LIMITS",
    "parse_systems",
    "Page",
    "page_titles",
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


#: Initiative setups up to this many dice-outcome classes also get their exact value.
EXACT_LIMIT = 5_000


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
    Limit("exact_limit", 0, 1_000_000),
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


def page_titles(systems=None) -> list[str]:
    """The titles of the booklet's pages, cover (``'Contents'``) first.

    Examples
    --------
    >>> titles = page_titles()
    >>> titles[0], len(titles) >= 8
    ('Contents', True)
    """
    return ["Contents"] + [p.title for p in _pages(parse_systems(systems))]


def _frame(fig, title: str, how: str, number: int, total: int) -> None:
    from .. import __version__

    centred = dict(ha="center", va="center")
    fig.text(0.5, 0.955, title, **centred, fontsize=15, weight="bold")
    how = f"How to read this: {how}"
    fig.text(0.5, 0.93, how, **centred, fontsize=8.5, style="italic", color="#333333")
    footer = f"dicestats {__version__} odds booklet  ·  page {number} of {total}"
    fig.text(0.5, 0.022, footer, **centred, fontsize=7, color="#555555")


def _draw_cover(fig, pages: list[Page], ctx: _Context, systems) -> None:
    from .. import __version__

    fig.text(0.5, 0.86, "dicestats", ha="center", fontsize=34, weight="bold")
    fig.text(0.5, 0.825, "Odds booklet for game designers and GMs", ha="center", fontsize=14)
    titles = " · ".join(system(s).title for s in systems)
    fig.text(0.5, 0.795, titles, ha="center", fontsize=10, color="#333333")
    y = 0.73
    fig.text(0.12, y, "Contents", fontsize=14, weight="bold")
    y -= 0.035
    current = None
    step = min(0.028, 0.5 / max(len(pages), 1))
    for n, p in enumerate(pages, start=2):
        if p.system != current:
            current = p.system
            y -= 0.008
            head = system(p.system).title if p.system != "workbench" else "Designer's workbench"
            fig.text(0.12, y, head, fontsize=11, weight="bold")
            y -= step
        fig.text(0.15, y, p.title, fontsize=9.5)
        fig.text(0.88, y, str(n), fontsize=9.5, ha="right")
        y -= step
    mc = f"Monte Carlo pages: {ctx.trials:,} simulated rounds per scenario, seed {ctx.seed}"
    lines = [
        "Every number is exact (computed, not sampled) unless the page says Monte Carlo.",
        *([mc + "."] if "initiative" in systems else []),
        "Percentages: whole percent in chart cells; '<1' means above 0 but below 1%, "
        "'>99' above 99% but below 100%.",
        f"Generated by dicestats {__version__}: dicestats report --paper {ctx.paper}"
        f" --systems {','.join(systems)}",
    ]
    for i, line in enumerate(lines):
        fig.text(0.12, 0.12 - 0.02 * i, line, fontsize=8, color="#333333")


def build_report(
    out=DEFAULT_OUT,
    systems=None,
    paper: str = "a4",
    *,
    seed: int = DEFAULT_SEED,
    trials: int = MC_TRIALS,
    exact_limit: int = EXACT_LIMIT,
    progress: bool | None = None,
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
    exact_limit : int, default :data:`EXACT_LIMIT`
        Initiative setups up to this many dice-outcome classes also get their
        exact value (0: none).
    progress : bool, optional
        Show a progress bar: ``None`` (default) shows it on a terminal only.

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
    exact_limit = LIMITS["exact_limit"].check(exact_limit)
    progress = check_progress(progress)
    out = check_out_path("out", out, (".pdf",))

    pages = _pages(systems)
    ctx = _Context(seed=seed, trials=trials, exact_limit=exact_limit, paper=paper)
    with atomic_write(out, started=started) as fh:
        _render(fh, pages, ctx, systems, progress)
    return out


def _render(fh, pages: list[Page], ctx: _Context, systems, progress) -> None:
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    size = PAPERS[ctx.paper]
    total = len(pages) + 1
    bar = progress_bar(total, progress=progress, desc="dicestats report", unit="page")
    rc = {
        "pdf.fonttype": 42,
        "font.family": "DejaVu Sans",
        "axes.titlesize": 10,
        "axes.labelsize": 9,
        "xtick.labelsize": 8,
        "ytick.labelsize": 8,
        "legend.fontsize": 8,
        "hatch.linewidth": 0.6,
    }
    try:
        with matplotlib.rc_context(rc):
            with PdfPages(fh, metadata={"CreationDate": None, "ModDate": None}) as pdf:
                fig = Figure(figsize=size)
                _draw_cover(fig, pages, ctx, systems)
                fig.text(0.5, 0.022, f"page 1 of {total}", ha="center", fontsize=7, color="#555555")
                pdf.savefig(fig)
                bar.update()
                for n, page in enumerate(pages, start=2):
                    fig = Figure(figsize=size)
                    _frame(fig, page.title, page.how_to_read, n, total)
                    page.draw(fig, ctx)
                    pdf.savefig(fig)
                    bar.update()
    finally:
        bar.close()
