"""The printable PDF odds booklet: ``dicestats report``.

:func:`build_report` composes the layers below it (:mod:`dicestats.tables`
gathers the numbers from the system modules, :mod:`dicestats.plots` draws
them) into a PDF made with matplotlib's ``PdfPages``:

* a cover with the contents, then for each system its key tables (drawn as
  table pages, not screenshots) and charts; every page has a title, a
  one-line "how to read this" and a footer with the page number;
* A4 or US Letter, portrait;
* deterministic: the same inputs give byte-identical files (fixed PDF
  metadata, no dates; Monte Carlo pages use a fixed seed and print it);
* written atomically: a temporary file in the target directory, then
  ``os.replace``; on any error the temporary file is removed and an existing
  booklet is left untouched;
* a ``tqdm.auto`` progress bar (silent without a terminal or with
  ``TQDM_DISABLE=1``).

``DICESTATS_QUICK=1`` in the environment (set by the test suite) shrinks the
Monte Carlo sample sizes; the cover and the Monte Carlo pages print the
sizes used.

Examples
--------
>>> from dicestats.report import page_titles
>>> page_titles(["fate"])[:2]
['Contents', 'Fate: the odds of 4dF']
>>> len(page_titles())
14

``build_report("reports/dicestats-odds.pdf")`` writes the whole booklet (see
:func:`build_report`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from . import format as fmt
from .core.checks import check_bool, check_choice, check_int

__all__ = [
    "SYSTEMS",
    "PAPERS",
    "DEFAULT_OUT",
    "DEFAULT_SEED",
    "Page",
    "parse_systems",
    "page_titles",
    "build_report",
    "quick_mode",
]

#: The systems a booklet can cover, in booklet order.
SYSTEMS = ("fate", "storyteller", "initiative")
#: Paper sizes in inches (portrait).
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
#: Where ``dicestats report`` writes by default.
DEFAULT_OUT = "reports/dicestats-odds.pdf"
#: The seed of every Monte Carlo page unless told otherwise (printed on the page).
DEFAULT_SEED = 20240607
#: Simulated rounds per initiative scenario: full and quick (``DICESTATS_QUICK``).
MC_TRIALS = 200_000
MC_TRIALS_QUICK = 4_000
#: Initiative setups up to this many dice-outcome classes also get their exact value.
EXACT_LIMIT = 5_000
EXACT_LIMIT_QUICK = 1_200

_SYSTEM_NAMES = {
    "fate": "Fate (FAE, 4dF)",
    "storyteller": "Storyteller d10 pools",
    "initiative": "d6 initiative",
}
_TITLE_Y = 0.955
_HOWTO_Y = 0.93
_BODY = {"left": 0.11, "right": 0.93, "top": 0.885, "bottom": 0.115}


def quick_mode() -> bool:
    """True when ``DICESTATS_QUICK`` is set to something other than ``0``/empty.

    Examples
    --------
    >>> import os
    >>> quick_mode() == (os.environ.get("DICESTATS_QUICK", "0") not in ("", "0"))
    True
    """
    return os.environ.get("DICESTATS_QUICK", "").strip() not in ("", "0")


def parse_systems(systems) -> tuple[str, ...]:
    """Validate a system selection: ``"fate,initiative"`` or a list of names.

    Returns the names in booklet order, without duplicates.

    Examples
    --------
    >>> parse_systems("initiative,fate")
    ('fate', 'initiative')
    >>> parse_systems("fate,chess")
    Traceback (most recent call last):
    ...
    ValueError: systems must be a comma-separated subset of fate, storyteller, initiative; \
unknown: 'chess'
    """
    if systems is None:
        return SYSTEMS
    if isinstance(systems, str):
        items = [s.strip().lower() for s in systems.split(",") if s.strip()]
    else:
        try:
            items = [str(s).strip().lower() for s in systems]
        except TypeError:
            raise TypeError(
                f"systems must be a list of names or a comma-separated string, got {systems!r}"
            ) from None
    unknown = [s for s in items if s not in SYSTEMS]
    if unknown or not items:
        what = ", ".join(repr(s) for s in unknown) if unknown else "(none given)"
        raise ValueError(
            f"systems must be a comma-separated subset of {', '.join(SYSTEMS)}; unknown: {what}"
        )
    return tuple(s for s in SYSTEMS if s in items)


@dataclass(frozen=True)
class Page:
    """One booklet page: a title, a one-line reading hint and a body drawer.

    ``draw(fig, ctx)`` draws the body into ``fig`` inside the body area
    (``ctx.body`` gives its rectangle as left, bottom, right, top figure
    fractions).
    """

    system: str
    title: str
    how_to_read: str
    draw: Callable = field(repr=False, compare=False)


@dataclass
class _Context:
    seed: int
    trials: int
    quick: bool
    paper: str
    body: dict = field(default_factory=lambda: dict(_BODY))
    cache: dict = field(default_factory=dict)

    def cached(self, key, fn):
        if key not in self.cache:
            self.cache[key] = fn()
        return self.cache[key]


# --------------------------------------------------------------------------
# Drawing helpers for pages
# --------------------------------------------------------------------------
def _grid(fig, ctx, nrows=1, ncols=1, **kw):
    opts = dict(ctx.body)
    opts.update(kw)
    return fig.add_gridspec(nrows, ncols, **opts)


def _draw_table(
    ax,
    df,
    *,
    title: str | None = None,
    col_widths=None,
    fontsize: float = 8.5,
    highlight=None,
    first_col_bold: bool = True,
):
    """A readable matplotlib table of the text frame ``df`` filling ``ax``.

    ``highlight(i, j) -> colour or None`` shades body cells (row ``i``,
    column ``j``, 0-based, without the header).
    """
    ax.set_axis_off()
    cell_text = [[str(v) for v in row] for row in df.itertuples(index=False)]
    table = ax.table(
        cellText=cell_text,
        colLabels=[str(c) for c in df.columns],
        colWidths=col_widths,
        cellLoc="center",
        loc="upper center",
        bbox=[0.0, 0.0, 1.0, 1.0],
    )
    table.auto_set_font_size(False)
    table.set_fontsize(fontsize)
    for (r, c), cell in table.get_celld().items():
        cell.set_edgecolor("#bbbbbb")
        cell.set_linewidth(0.5)
        if r == 0:
            cell.set_facecolor("#dde6ee")
            cell.set_text_props(weight="bold")
        else:
            shade = highlight(r - 1, c) if highlight else None
            if shade:
                cell.set_facecolor(shade)
            elif r % 2 == 0:
                cell.set_facecolor("#f5f5f5")
            if c == 0 and first_col_bold:
                cell.set_text_props(weight="bold")
    if title:
        ax.set_title(title, fontsize=10, loc="left", pad=6)
    return table


def _note(fig, ctx, text: str, y: float | None = None, width: int = 118) -> None:
    """A small note just above the footer, wrapped to the page width."""
    import textwrap

    lines = []
    for para in text.split("\n"):
        lines.extend(textwrap.wrap(para, width) or [""])
    if len(lines) > 3:
        raise ValueError(f"page note too long ({len(lines)} lines): {text[:60]!r}...")
    fig.text(
        ctx.body["left"],
        0.066 if y is None else y,
        "\n".join(lines),
        fontsize=7.5,
        color="#444444",
        ha="left",
        va="top",
    )


# --------------------------------------------------------------------------
# Page list
# --------------------------------------------------------------------------
def _pages(systems: Iterable[str]) -> list[Page]:
    builders = {
        "fate": _fate_pages,
        "storyteller": _storyteller_pages,
        "initiative": _initiative_pages,
    }
    pages: list[Page] = []
    for s in systems:
        pages.extend(builders[s]())
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
    from . import __version__

    fig.text(0.5, _TITLE_Y, title, ha="center", va="center", fontsize=15, weight="bold")
    fig.text(
        0.5,
        _HOWTO_Y,
        f"How to read this: {how}",
        ha="center",
        va="center",
        fontsize=8.5,
        style="italic",
        color="#333333",
    )
    fig.text(
        0.5,
        0.022,
        f"dicestats {__version__} odds booklet  ·  page {number} of {total}",
        ha="center",
        va="center",
        fontsize=7,
        color="#555555",
    )


def _draw_cover(fig, pages: list[Page], ctx: _Context, systems) -> None:
    from . import __version__

    fig.text(0.5, 0.86, "dicestats", ha="center", fontsize=34, weight="bold")
    fig.text(0.5, 0.825, "Odds booklet for game designers and GMs", ha="center", fontsize=14)
    fig.text(
        0.5,
        0.795,
        " · ".join(_SYSTEM_NAMES[s] for s in systems),
        ha="center",
        fontsize=10,
        color="#333333",
    )
    y = 0.73
    fig.text(0.12, y, "Contents", fontsize=14, weight="bold")
    y -= 0.035
    current = None
    step = min(0.028, 0.5 / max(len(pages), 1))
    for n, p in enumerate(pages, start=2):
        if p.system != current:
            current = p.system
            y -= 0.008
            fig.text(0.12, y, _SYSTEM_NAMES[p.system], fontsize=11, weight="bold")
            y -= step
        fig.text(0.15, y, p.title, fontsize=9.5)
        fig.text(0.88, y, str(n), fontsize=9.5, ha="right")
        y -= step
    mc = f"Monte Carlo pages: {ctx.trials:,} simulated rounds per scenario, seed {ctx.seed}" + (
        " (quick mode: DICESTATS_QUICK is set)" if ctx.quick else ""
    )
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


# --------------------------------------------------------------------------
# The booklet
# --------------------------------------------------------------------------
def build_report(
    out=DEFAULT_OUT,
    systems=None,
    paper: str = "a4",
    *,
    seed: int = DEFAULT_SEED,
    trials: int | None = None,
    progress: bool | None = None,
) -> Path:
    """Write the PDF odds booklet to ``out``; return its path.

    Parameters
    ----------
    out : str or os.PathLike, default ``reports/dicestats-odds.pdf``
        The PDF to write; its directory is created if missing. Written
        atomically (temporary file in the same directory, then
        ``os.replace``).
    systems : str or iterable of str, optional
        Any of ``fate``, ``storyteller``, ``initiative`` (default: all),
        as a list or a comma-separated string.
    paper : {"a4", "letter"}, default "a4"
    seed : int, default :data:`DEFAULT_SEED`
        Seed of the Monte Carlo pages (printed on them).
    trials : int, optional
        Simulated rounds per Monte Carlo scenario (default
        :data:`MC_TRIALS`, or :data:`MC_TRIALS_QUICK` when
        ``DICESTATS_QUICK`` is set).
    progress : bool, optional
        Show a progress bar: ``None`` (default) shows it on a terminal only.

    Returns
    -------
    pathlib.Path

    Raises
    ------
    ValueError
        Bad ``systems``/``paper``/``seed``/``trials``, or ``out`` is a directory.
    OSError
        The directory cannot be created or written.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = build_report(os.path.join(tmp, "new", "b.pdf"), systems="fate", paper="letter",
    ...                      progress=False)
    ...     p.read_bytes()[:5], sorted(os.listdir(p.parent))
    (b'%PDF-', ['b.pdf'])
    """
    systems = parse_systems(systems)
    paper = check_choice("paper", paper, tuple(PAPERS))
    seed = check_int("seed", seed, 0, 2**63 - 1)
    quick = quick_mode()
    if trials is None:
        trials = MC_TRIALS_QUICK if quick else MC_TRIALS
    trials = check_int("trials", trials, 100, 10**8)
    if progress is not None:
        progress = check_bool("progress", progress)
    if not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out must be a path (str or os.PathLike), got {type(out).__name__}")
    out = Path(out)
    if out.is_dir():
        raise ValueError(f"out must be a file path, got the directory {str(out)!r}")
    if out.suffix.lower() != ".pdf":
        raise ValueError(f"out must be a .pdf file path, got {str(out)!r}")

    pages = _pages(systems)
    ctx = _Context(seed=seed, trials=trials, quick=quick, paper=paper)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "xb") as fh:
            _render(fh, pages, ctx, systems, progress)
        os.replace(tmp, out)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return out


def _progress(total: int, progress):
    if progress is False:
        return None
    if os.environ.get("TQDM_DISABLE", "").strip().lower() in {"1", "true", "yes"}:
        return None
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        desc="dicestats report",
        unit="page",
        disable=None if progress is None else False,
        leave=False,
    )


def _render(fh, pages: list[Page], ctx: _Context, systems, progress) -> None:
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    size = PAPERS[ctx.paper]
    total = len(pages) + 1
    bar = _progress(total, progress)
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
                if bar is not None:
                    bar.update()
                for n, page in enumerate(pages, start=2):
                    fig = Figure(figsize=size)
                    _frame(fig, page.title, page.how_to_read, n, total)
                    page.draw(fig, ctx)
                    pdf.savefig(fig)
                    if bar is not None:
                        bar.update()
    finally:
        if bar is not None:
            bar.close()


# --------------------------------------------------------------------------
# Fate pages
# --------------------------------------------------------------------------
_FATE_RATINGS = (1, 3)
_FATE_INVOKE_RATING = 2
_FATE_PLAN = (2, 3, 2)  # rating, difficulty, invokes


def _fate_pages() -> list[Page]:
    return [
        Page(
            "fate",
            "Fate: the odds of 4dF",
            "find your margin (rating + bonuses − difficulty) in the lower table; read across.",
            _fate_odds_page,
        ),
        Page(
            "fate",
            "Fate: outcomes against the ladder",
            "each bar is one difficulty; the coloured shares are the four outcomes (sum 100%).",
            _fate_ladder_page,
        ),
        Page(
            "fate",
            "Fate: opposed rolls and contests",
            "top: find your rating (row) and theirs (column); bottom: the gap decides a contest.",
            _fate_opposed_page,
        ),
        Page(
            "fate",
            "Fate: when to invoke an aspect",
            "top: success chance per policy; bottom: after seeing the dice, do what the cell says.",
            _fate_invoke_page,
        ),
    ]


def _fate_odds_page(fig, ctx) -> None:
    from . import tables as T

    dist = T.fate_distribution(exact=True)
    left = fmt.format_frame(dist, percent=["p", "p_at_least"])
    left["total"] = [f"{t:+d}" if t > 0 else str(t) for t in dist["total"]]
    left["1 in N"] = [fmt.one_in(p) for p in dist["p"]]
    left = left.rename(columns={"p": "exactly", "p_at_least": "this or more"})
    margins = T.fate_odds_by_margin(range(-4, 6), exact=True)
    right = fmt.format_frame(
        margins,
        percent=["fail", "tie", "success", "style", "p_tie_or_better", "p_success_or_better"],
    )
    right["margin"] = [f"{m:+d}" if m > 0 else str(m) for m in margins["margin"]]
    right = right.rename(
        columns={
            "style": "with style",
            "p_tie_or_better": "tie or\nbetter",
            "p_success_or_better": "success\nor better",
        }
    )
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(left) + 2, len(right) + 3], hspace=0.28)
    ax1 = fig.add_subplot(gs[0])
    _draw_table(ax1, left, title="4dF: the total of four Fate dice (exact, out of 81)")
    ax2 = fig.add_subplot(gs[1])

    def shade(i, j):
        m = int(margins["margin"].iloc[i])
        return "#fff2cc" if m == 0 else None

    _draw_table(
        ax2,
        right,
        title="Outcome by margin = rating + bonuses − difficulty (highlighted: margin 0)",
        highlight=shade,
    )
    _note(
        fig,
        ctx,
        "Shifts = total − difficulty: below 0 fail, 0 tie, 1–2 success, 3+ success with style "
        "(not also a plain success: the four outcome columns sum to 100%).",
    )


def _fate_ladder_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.5, top=0.86)
    for i, rating in enumerate(_FATE_RATINGS):
        ax = fig.add_subplot(gs[i])
        plots.fate_outcomes(T.fate_outcomes(rating, range(-1, 7)), rating=rating, ax=ax)


def _fate_opposed_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.35, height_ratios=[1.25, 1])
    ax = fig.add_subplot(gs[0])
    plots.fate_opposed(
        T.fate_opposed(range(0, 6), range(0, 6)),
        ax=ax,
        title="Opposed roll: chance you succeed (%) — both sides roll 4dF + rating",
    )
    ax = fig.add_subplot(gs[1])
    df = T.fate_contest(range(-4, 5))
    plots.fate_contest(df, ax=ax)
    _note(
        fig,
        ctx,
        "Contest: the highest total wins an exchange (2 victories if by 3+), a tie "
        "for the highest gives nobody a victory; first to 3 victories wins. Expected "
        "exchanges: "
        + ", ".join(
            f"gap {g:+d}: {e:.1f}" if g else f"gap 0: {e:.1f}"
            for g, e in zip(df["gap"], df["expected_exchanges"], strict=True)
            if g >= 0
        )
        + ".",
    )


def _fate_invoke_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.3, height_ratios=[1, 1.05])
    ax = fig.add_subplot(gs[0])
    plots.fate_invokes(
        T.fate_invokes(_FATE_INVOKE_RATING, range(0, 8), invokes=1),
        ax=ax,
        title=f"One invoke, rating {fmt.ladder(_FATE_INVOKE_RATING, order='rating')}: "
        "chance of success (or better) by difficulty",
    )
    rating, diff, k = _FATE_PLAN
    plan = T.fate_invoke_plan(rating, diff, invokes=k)
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        plan,
        title=f"Best plan, rating {fmt.ladder(rating, order='rating')} vs difficulty "
        f"{fmt.ladder(diff, order='rating')} (goal: success); row = dice total rolled",
        highlight=lambda i, j: (
            "#fde0cc"
            if j > 0 and "reroll" in plan.iat[i, j]
            else "#d6eaf8"
            if j > 0 and "+2" in plan.iat[i, j]
            else None
        ),
    )
    _note(
        fig,
        ctx,
        "An invoke (fate point or free invoke) after the roll: +2 to the total, or "
        "reroll all four dice. 'keep' = stop invoking.",
    )


# --------------------------------------------------------------------------
# Storyteller pages
# --------------------------------------------------------------------------
_ST_DICE = range(1, 11)
_ST_DIFFS = range(2, 11)


def _storyteller_pages() -> list[Page]:
    return [
        Page(
            "storyteller",
            "Storyteller: chance of success",
            "row = dice in the pool, column = difficulty; the cell is P(at least 1 net success).",
            _st_success_table_page,
        ),
        Page(
            "storyteller",
            "Storyteller: where 50% lies",
            "darker = less likely; the vermillion line splits better-than-even pools from worse.",
            _st_success_map_page,
        ),
        Page(
            "storyteller",
            "Storyteller: botches",
            "row = dice, column = difficulty; the cell is P(botch) under the Revised rule.",
            _st_botch_page,
        ),
        Page(
            "storyteller",
            "Storyteller: when one more die hurts",
            "highlighted stretches: adding that die makes things worse (seed 003's anomaly).",
            _st_anomaly_page,
        ),
        Page(
            "storyteller",
            "Storyteller: degrees of success and 10s",
            "top: how good a roll is, by pool size; bottom: what each 10s rule adds.",
            _st_degrees_page,
        ),
        Page(
            "storyteller",
            "Storyteller: multiple and extended actions",
            "top: each action's chance when you split the pool; bottom: chance done by round r.",
            _st_actions_page,
        ),
    ]


def _st_odds(ctx):
    from . import tables as T

    return ctx.cached("st_odds", lambda: T.storyteller_odds(_ST_DICE, _ST_DIFFS))


def _st_rules_note(fig, ctx, extra: str = "") -> None:
    _note(
        fig,
        ctx,
        "Rules: Revised/Dark Ages — a die ≥ difficulty is a success, a 10 always is, each 1 "
        "cancels a success; botch = no success at all and at least one 1. Exact values." + extra,
    )


def _st_success_table_page(fig, ctx) -> None:
    from . import tables as T

    odds = _st_odds(ctx)
    grid = T.storyteller_grid(odds, "success")
    text = T.storyteller_grid(odds, "success", fmt=lambda p: fmt.percent(p, 0))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(text) + 1, 7], hspace=0.25)
    ax = fig.add_subplot(gs[0])

    def shade(i, j):
        if j == 0:
            return None
        return "#cfe8d5" if grid.iat[i, j - 1] >= 0.5 else None

    _draw_table(ax, text, title="P(success): shaded cells are 50% or better", highlight=shade)
    mean = T.storyteller_grid(odds, "mean_net", fmt=lambda v: f"{float(v):.2f}")
    mean = mean[mean["dice"].isin([1, 2, 3, 4, 5, 6])]
    ax2 = fig.add_subplot(gs[1])
    _draw_table(ax2, mean, title="Expected net successes (1s cancel; never below 0)")
    _st_rules_note(fig, ctx)


def _st_success_map_page(fig, ctx) -> None:
    from . import plots

    gs = _grid(fig, ctx, 1, 1, top=0.86)
    ax = fig.add_subplot(gs[0])
    plots.storyteller_heatmap(
        _st_odds(ctx),
        value="success",
        ax=ax,
        title="Chance of success (%) by pool and difficulty, with the 50% line",
    )
    _st_rules_note(fig, ctx)


def _st_botch_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    odds = _st_odds(ctx)
    text = T.storyteller_grid(odds, "botch", fmt=_rare)
    an = ctx.cached("st_anomalies", lambda: T.storyteller_anomalies(dice=range(1, 16)))
    rising = {
        (int(r.dice), int(r.difficulty))
        for r in an[an["metric"] == "botch"].itertuples(index=False)
    }
    diffs = list(_ST_DIFFS)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1, 1.1], hspace=0.3)
    ax = fig.add_subplot(gs[0])

    def shade(i, j):  # row i: dice text["dice"][i]; column j: difficulty diffs[j - 1]
        if j == 0:
            return None
        return "#fde0cc" if (int(text["dice"].iat[i]), diffs[j - 1]) in rising else None

    _draw_table(
        ax,
        text,
        title="P(botch); below 1% as '1 in N'; shaded: higher than with one die fewer",
        highlight=shade,
        fontsize=7.5,
    )
    ax2 = fig.add_subplot(gs[1])
    plots.storyteller_botch_heatmap(odds, ax=ax2)
    _st_rules_note(fig, ctx)


def _rare(p) -> str:
    """Percent from 1% up, '1 in N' below, '<1 in 10⁶' below one in a million."""

    if p == 0:
        return "0"
    if p < 1e-6:
        return "<1 in 10⁶"
    if p < 0.01:
        return fmt.one_in(p)
    return fmt.percent(p, 1)


def _st_anomaly_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    odds = ctx.cached("st_odds_15", lambda: T.storyteller_odds(range(1, 16), _ST_DIFFS))
    an = ctx.cached("st_anomalies", lambda: T.storyteller_anomalies(dice=range(1, 16)))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.2, 1], hspace=0.3)
    ax = fig.add_subplot(gs[0])
    plots.storyteller_anomalies(
        odds,
        an,
        metric="botch",
        difficulties=[6, 7, 8, 9, 10],
        ax=ax,
        title="Botch chance by pool size: where does one more die raise it?",
    )
    rows = []
    for (metric, diff), g in an.groupby(["metric", "difficulty"], sort=True):
        dice = [int(n) for n in g["dice"]]
        worst = g.loc[g["change"].abs().idxmax()]
        rows.append(
            {
                "metric": "botch chance rises"
                if metric == "botch"
                else ("P(success) falls" if metric == "success" else f"P({metric[5:]}+ net) falls"),
                "difficulty": int(diff),
                "when going to (dice)": _ranges(dice),
                "largest step": f"{int(worst['dice']) - 1}→{int(worst['dice'])} dice: "
                f"{fmt.percent(worst['before'])} → {fmt.percent(worst['after'])}",
            }
        )
    import pandas as pd

    table = pd.DataFrame(rows)
    table["order"] = [0 if m.startswith("botch") else 1 for m in table["metric"]]
    table = table.sort_values(["order", "difficulty"]).drop(columns="order")
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        table,
        title="Every non-monotone cell, pools of 1–15 dice, difficulties 2–10",
        col_widths=[0.25, 0.12, 0.28, 0.35],
        fontsize=7.5,
        first_col_bold=False,
    )
    _note(
        fig,
        ctx,
        "Revised botch: P = q^N − (q − 0.1)^N with q = (difficulty − 1)/10; at difficulty 10 it "
        "peaks at 6 dice. At difficulty 2 only 1s fail, and they cancel, so odd and even pools "
        "alternate. Exact comparison: no float noise.",
    )


def _ranges(values) -> str:
    """[2, 3, 4, 7] → '2–4, 7'; [3, 5, 7] → '3, 5, 7'."""
    values = sorted(values)
    parts, start, prev = [], values[0], values[0]
    for v in values[1:] + [None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(parts)


def _st_degrees_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.42, top=0.85)
    ax = fig.add_subplot(gs[0])
    plots.storyteller_degrees(
        T.storyteller_degrees(6, _ST_DICE),
        ax=ax,
        title="Degrees of success at difficulty 6 (net successes: 1 marginal … 5+ phenomenal)",
    )
    ax2 = fig.add_subplot(gs[1])
    plots.storyteller_ten_again(
        T.storyteller_ten_again(_ST_DICE, 6),
        y="p_ge_3",
        ax=ax2,
        ylabel="chance of 3+ net successes",
        title="10s rules at difficulty 6: chance of a complete success (3+ net)",
    )
    _note(
        fig,
        ctx,
        "Ten-again: each 10 adds a die (a 10 on it adds another, unless 'no chain'); 1s on extra "
        "dice do not cancel.\nV20 specialty: a 10 counts as two successes.",
    )


# --------------------------------------------------------------------------
# Initiative pages (Monte Carlo, seeded)
# --------------------------------------------------------------------------
def _initiative_pages() -> list[Page]:
    return [
        Page(
            "initiative",
            "Initiative: who acts first?",
            "bars: chance your side takes the first action; whiskers: 95% interval (Monte Carlo).",
            _init_first_page,
        ),
        Page(
            "initiative",
            "Initiative: tempo and preparation",
            "top: actions you take before the enemy's first; bottom: what preparation pips buy.",
            _init_tempo_page,
        ),
        Page(
            "initiative",
            "Initiative: slow defences",
            "bars: how far below the attack die a defender's best die is (0 = not slow).",
            _init_slow_page,
        ),
    ]


def _mc_note(ctx) -> str:
    return (
        f"Monte Carlo: {ctx.trials:,} rounds per scenario (own child stream each), seed "
        f"{ctx.seed}; same seed, same numbers."
    )


def _init_first_page(fig, ctx) -> None:
    import pandas as pd

    from . import plots
    from . import tables as T

    df = ctx.cached(
        "init_first",
        lambda: T.initiative_first(
            trials=ctx.trials,
            rng=ctx.seed,
            progress=False,
            # quick mode (tests) skips the two largest enumerations (3 136 outcome classes)
            exact_limit=EXACT_LIMIT_QUICK if ctx.quick else EXACT_LIMIT,
        ),
    )
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.15, 1], hspace=0.28)
    ax = fig.add_subplot(gs[0])
    pos = ax.get_position()
    ax.set_position([pos.x0 + 0.08, pos.y0, pos.width - 0.08, pos.height])
    plots.initiative_first(
        df,
        ax=ax,
        title="P(your side acts first) by swiftness (d6 per participant; '+' = allies)",
    )
    table = pd.DataFrame(
        {
            "matchup (yours vs theirs)": df["matchup"],
            "P(act first)": [fmt.percent(p) for p in df["p"]],
            "95% interval": [
                f"{fmt.percent(lo)}–{fmt.percent(hi)}"
                for lo, hi in zip(df["lo"], df["hi"], strict=True)
            ],
            "exact": [fmt.percent(e, 2) if e == e else "—" for e in df["exact"]],
            "someone acts\ntwice in a row": [fmt.percent(p) for p in df["p_double"]],
        }
    )
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        table,
        title="The same numbers (exact by enumeration where the setup is small)",
        col_widths=[0.28, 0.14, 0.22, 0.13, 0.23],
        fontsize=8,
    )
    _note(
        fig,
        ctx,
        _mc_note(ctx) + "\nPips: preparation margin added to your dice (default policy: raise "
        "the highest die below 6 first).",
    )


_HALL = ([7, 6, 6], ["punch", "dodge", "dodge"])
_EXTENDED = {"dice": (4, 6, 8), "difficulty": 6, "target": 10}


def _st_actions_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.38, top=0.835)
    ax = fig.add_subplot(gs[0])
    pools, names = _HALL
    df = T.storyteller_multiple_actions(pools, 6, names=names)
    plots.storyteller_multiple_actions(
        df,
        ax=ax,
        title="Seed 004's Hall: punch (7 dice), dodge, dodge (6 each), difficulty 6",
    )
    ax2 = fig.add_subplot(gs[1])
    ext = T.storyteller_extended(**_EXTENDED, max_round=12)
    summary = T.storyteller_extended_summary(**_EXTENDED)
    plots.storyteller_extended(
        ext,
        ax=ax2,
        title=f"Extended action: {_EXTENDED['target']} successes at difficulty "
        f"{_EXTENDED['difficulty']}, a botch loses everything",
    )
    means = ", ".join(
        f"{lab}: {float(m):.1f}"
        for lab, m in zip(summary["label"], summary["mean_rolls"], strict=True)
    )
    expected = ", ".join(
        f"{k} action{'s' if k > 1 else ''}: {float(e):.2f}"
        for k, e in df.groupby("actions")["expected"].first().items()
    )
    _note(
        fig,
        ctx,
        f"Multiple actions: k declared actions cost the first pool k dice, each later one a "
        f"die more. Expected successful actions — {expected}.\nExtended: expected rolls to "
        f"finish — {means}. Exact (absorbing Markov chain).",
    )


def _init_tempo_page(fig, ctx) -> None:
    from . import plots
    from . import tables as T

    gs = _grid(fig, ctx, 2, 1, hspace=0.42)
    ax = fig.add_subplot(gs[0])
    before = ctx.cached(
        "init_before",
        lambda: T.initiative_actions_before(trials=ctx.trials, rng=ctx.seed, progress=False),
    )
    plots.initiative_actions_before(
        before,
        ax=ax,
        title="Tempo: your actions before the enemy's first (you have 3 dice)",
    )
    ax2 = fig.add_subplot(gs[1])
    pips = ctx.cached(
        "init_pips",
        lambda: T.initiative_pips(trials=ctx.trials, rng=ctx.seed + 1, progress=False),
    )
    plots.initiative_pips(
        pips,
        ax=ax2,
        title="Preparation pips: chance to act first (bands: 95% interval)",
    )
    _note(
        fig,
        ctx,
        _mc_note(ctx).replace(
            f"seed {ctx.seed}", f"seeds {ctx.seed} (top), {ctx.seed + 1} (bottom)"
        )
        + "\nPips are spent by the default policy: raise the highest die below 6 first.",
    )


def _init_slow_page(fig, ctx) -> None:
    import pandas as pd

    from . import plots
    from . import tables as T

    df = ctx.cached(
        "init_slow",
        lambda: T.initiative_slow(trials=ctx.trials, rng=ctx.seed + 2, progress=False),
    )
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.5, 1], hspace=0.32)
    ax = fig.add_subplot(gs[0])
    plots.initiative_slow(
        df,
        ax=ax,
        title="How slow are active defences? (share of defences by slow scale)",
    )
    first = df.groupby("label", sort=False).first().reset_index()
    table = pd.DataFrame(
        {
            "defenders vs attackers": first["label"],
            "attacks actively defended": [
                f"{fmt.percent(p)} ({fmt.percent(lo)}–{fmt.percent(hi)})"
                for p, lo, hi in zip(
                    first["defended"], first["defended_lo"], first["defended_hi"], strict=True
                )
            ],
            "a slow defence\nin the round": [fmt.percent(p) for p in first["slow_round"]],
        }
    )
    ax2 = fig.add_subplot(gs[1])
    _draw_table(
        ax2,
        table,
        title="Defence at a glance (95% intervals in brackets)",
        col_widths=[0.32, 0.4, 0.28],
    )
    _note(
        fig,
        ctx,
        _mc_note(ctx).replace(f"seed {ctx.seed}", f"seed {ctx.seed + 2}")
        + "\nPolicy: every attacker action attacks a random defender, who defends with its "
        "highest die (slow scale = attack die − that die); 'covering': a companion with a high "
        "enough die defends instead. No holding.",
    )
