"""The booklet's calibration page, with both Storyteller and Fate: the dice each difficulty
needs and the difficulty each Fate rating beats, for 50%, 75% and 90%
(:mod:`dicestats.workbench.solve`)."""

from __future__ import annotations

from .. import format as fmt
from .page import Page, _draw_table, _grid, _note

__all__ = ["pages", "LEVELS", "TITLE"]

#: The levels of the page.
LEVELS = (0.5, 0.75, 0.9)
#: The page's title.
TITLE = "Calibration: dice and difficulty for 50%, 75%, 90%"
_RATINGS = range(-1, 6)


def pages(systems) -> list[Page]:
    """The calibration page, when the booklet covers both Storyteller and Fate."""
    if not {"storyteller", "fate"} <= set(systems):
        return []
    return [
        Page(
            "workbench",
            TITLE,
            "pick the chance you want (column); read the dice a difficulty needs, or the "
            "difficulty to set.",
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
    top = pd.DataFrame({"difficulty": st.settings} | _columns(st, "dice", lambda n: n or "—"))
    ratings = [fmt.ladder(r) for r in fa.settings]
    bottom = pd.DataFrame({"rating": ratings} | _columns(fa, "difficulty", fmt.ladder))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[len(top) + 2, len(bottom) + 2], hspace=0.3)
    title = f"Storyteller: the smallest pool that succeeds this often ({st.reading})"
    _draw_table(fig.add_subplot(gs[0]), top, title=title, fontsize=8)
    title = "Fate: the hardest difficulty a rating reaches success or better this often (4dF)"
    _draw_table(fig.add_subplot(gs[1]), bottom, title=title, fontsize=8)
    _note(
        fig,
        ctx,
        "Chance: the exact chance at that pool or difficulty (at least the column's). At "
        f"difficulty 10 every 1 cancels a 10, so no pool up to {st.dice_limit} dice reaches 50% "
        "(—). Any other rule set or level: dicestats calibrate storyteller|fate.",
    )


def _columns(cal, answer: str, show) -> dict:
    """Per level, two columns: the answer (shown by ``show``) and the chance at it."""
    cols = {}
    for p in LEVELS:
        cols[f"{_level(p)}: {answer}"] = [show(cal.answers[s][p]) for s in cal.settings]
        chances = (cal.probabilities[s][p] for s in cal.settings)
        cols[f"{_level(p)}: chance"] = ["—" if q is None else fmt.percent(q) for q in chances]
    return cols
