"""The booklet's calibration page, with both Storyteller and Fate: the dice each difficulty
needs and the difficulty each Fate rating beats, for 50%, 75% and 90%
(:mod:`dicestats.workbench.solve`)."""

from __future__ import annotations

from ..i18n import N_, _, chance, ladder
from .page import Page, _draw_table, _grid, _note

__all__ = ["pages", "LEVELS", "TITLE"]

#: The levels of the page.
LEVELS = (0.5, 0.75, 0.9)
#: The page's title.
TITLE = N_("Calibration: dice and difficulty for 50%, 75%, 90%")
_RATINGS = range(-1, 6)


def pages(systems) -> list[Page]:
    """The calibration page, when the booklet covers both Storyteller and Fate."""
    if not {"storyteller", "fate"} <= set(systems):
        return []
    return [
        Page(
            "workbench",
            TITLE,
            N_(
                "pick the chance you want (column); read the dice a difficulty needs, or the "
                "difficulty to set."
            ),
            _calibration_page,
        )
    ]


def _level(p) -> str:
    return f"{100 * p:g}%"


def _calibration_page(fig, ctx) -> None:
    import pandas as pd

    from .. import workbench as wb

    st = wb.storyteller_calibration(LEVELS)
    fa = wb.fate_calibration(LEVELS, _RATINGS)
    top = pd.DataFrame({_("difficulty"): st.settings} | _columns(st, _("dice"), lambda n: n or "—"))

    def name(r: int) -> str:  # a name over its number: "Good" over "(+3)"
        return ladder(r, order="name").replace(" (", "\n(", 1)

    ratings = [name(r) for r in fa.settings]

    bottom = pd.DataFrame({_("rating"): ratings} | _columns(fa, _("difficulty"), name))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(top) + 2, len(bottom) + 2], hspace=0.3)
    title = _("Storyteller: the smallest pool that succeeds this often (Revised rules)")
    _draw_table(fig.add_subplot(gs[0]), top, title=title, fontsize=8)
    title = _("Fate: the hardest difficulty a rating reaches success or better this often (4dF)")
    widths = [0.17] + [0.83 / 6] * 6  # the ratings' names are the longest cells
    _draw_table(fig.add_subplot(gs[1]), bottom, title=title, fontsize=7.5, col_widths=widths)
    _note(
        fig,
        ctx,
        _(
            "Chance: the exact chance at that pool or difficulty (at least the column's). At "
            "difficulty 10 every 1 cancels a 10, so no pool up to {limit} dice reaches 50% "
            "(—). Any other rule set or level: dicestats calibrate storyteller|fate."
        ).format(limit=st.dice_limit),
    )


def _columns(cal, answer: str, show) -> dict:
    """Per level, two columns: the answer (shown by ``show``) and the chance at it."""
    cols, word = {}, _("chance")
    for p in LEVELS:
        cols[f"{_level(p)}:\n{answer}"] = [show(cal.answers[s][p]) for s in cal.settings]
        chances = (cal.probabilities[s][p] for s in cal.settings)
        cols[f"{_level(p)}:\n{word}"] = ["—" if q is None else chance(q) for q in chances]
    return cols
