"""The compare explorer: two Storyteller rule sets or pools, side by side.

Each side is a pool, a difficulty, a preset and the flags that most change the
odds (ten-again, a specialty, Willpower); both are answered by
:func:`dicestats.storyteller.pool`, tabulated over the same pools by
:func:`dicestats.tables.storyteller_odds` and drawn by
:func:`dicestats.plots.storyteller_ten_again` (one line per side).

The seam: :func:`side_by_side` puts the two sides' tables together. A
comparison engine (a ``dicestats.workbench.compare`` being written alongside)
plugs in there, replacing the plain join, without touching the controls.
"""

from __future__ import annotations

import shlex

import ipywidgets as widgets

from ..format import percent
from ..storyteller.rules import PRESETS
from .base import Explorer, View, html_table
from .storyteller_ui import pool_span, rules_of

__all__ = ["CompareExplorer", "compare", "side_by_side"]

SIDES = ("a", "b")
FIGURES = ("p_success", "p_botch", "mean_net")
_NAMES = {"p_success": "success", "p_botch": "botch", "mean_net": "mean net"}
#: The flags a side does not show, at their preset values (see storyteller_ui.rules_of).
_HIDDEN = ("rule_of_one", "botch_rule", "chain", "reroll_ones_cancel", "specialty_rule",
           "one_cancels", "ordinary_willpower", "clamp")  # fmt: skip


def side_by_side(left, right, *, on: str = "dice", names=("A", "B")):
    """Two tidy tables joined on ``on``, each other column twice (``"<col> A"``, ``"<col> B"``).

    The plain comparison; the place where a comparison engine plugs in.

    >>> import pandas as pd
    >>> side_by_side(pd.DataFrame({"dice": [1], "p": [0.5]}),
    ...              pd.DataFrame({"dice": [1], "p": [0.4]})).columns.tolist()
    ['dice', 'p A', 'p B']
    """
    left = left.rename(columns={c: f"{c} {names[0]}" for c in left.columns if c != on})
    right = right.rename(columns={c: f"{c} {names[1]}" for c in right.columns if c != on})
    return left.merge(right, on=on, how="outer").sort_values(on).reset_index(drop=True)


def _side_state(state: dict, s: str) -> dict:
    """One side's state in the Storyteller explorer's vocabulary (hidden flags at the preset's)."""
    preset = PRESETS[state[f"{s}_preset"]]
    out = {k: getattr(preset, k, False) for k in _HIDDEN}
    out.update(ordinary_willpower=False, clamp=False)
    for k in ("dice", "difficulty", "preset", "ten_again", "specialty", "willpower"):
        out[k] = state[f"{s}_{k}"]
    return out


class CompareExplorer(Explorer):
    """Two Storyteller sides side by side: see :func:`compare`."""

    title = "Compare"

    def __init__(self, a: dict | None = None, b: dict | None = None):
        text = dict(layout=widgets.Layout(width="170px"), continuous_update=False)
        a = {"dice": 6, "difficulty": 6, "preset": "revised", **(a or {})}
        b = {"dice": 6, "difficulty": 6, "preset": "v20", "specialty": True, **(b or {})}
        c, rows = {}, []
        for s, given in zip(SIDES, (a, b), strict=True):
            side = {
                "dice": widgets.IntText(value=given["dice"], description="pool", **text),
                "difficulty": widgets.IntText(
                    value=given["difficulty"], description="difficulty", **text
                ),
                "preset": widgets.Dropdown(
                    options=list(PRESETS), value=given["preset"], description="preset"
                ),
                "ten_again": widgets.Checkbox(
                    value=given.get("ten_again", False), description="ten-again"
                ),
                "specialty": widgets.Checkbox(
                    value=given.get("specialty", False), description="specialty"
                ),
                "willpower": widgets.Checkbox(
                    value=given.get("willpower", False), description="Willpower"
                ),
            }
            for name, w in side.items():
                w.add_class(f"ds-{s}-{name.replace('_', '-')}")
                c[f"{s}_{name}"] = w
            label = widgets.HTML(f"<b>{s.upper()}</b>", layout=widgets.Layout(width="20px"))
            rows.append(widgets.HBox([label, *side.values()]))
        c["metric"] = widgets.Dropdown(
            options=[(_NAMES[k], k) for k in FIGURES], value="p_success", description="chart"
        ).add_class("ds-metric")
        rows.append(c["metric"])
        super().__init__(c, rows)
        self.refresh()

    def compute(self, state: dict) -> View:
        import pandas as pd

        from .. import plots, storyteller, tables

        sides = {}
        for s in SIDES:
            st = _side_state(state, s)
            rules, specialty, flags, rules_py = rules_of(st)
            r = storyteller.pool(st["dice"], st["difficulty"], rules, specialty=specialty)
            sides[s] = (st, rules, specialty, flags, rules_py, r)
        span = pool_span(max(sides["a"][0]["dice"], sides["b"][0]["dice"]))
        odds = {
            s: tables.storyteller_odds(span, [st["difficulty"]], rules, specialty=specialty)
            for s, (st, rules, specialty, *_rest) in sides.items()
        }
        cols = ["dice", "p_success", "p_botch", "mean_net"]
        joined = side_by_side(odds["a"][cols], odds["b"][cols])
        shown = joined.copy()
        for col in shown.columns[1:]:
            shown[col] = shown[col].map(
                (lambda x: f"{float(x):.2f}") if col.startswith("mean") else percent
            )
        figures, labels = {}, {}
        for key in FIGURES:
            for s in SIDES:
                figures[f"{key}_{s}"] = getattr(sides[s][5], key)
                fmt = (lambda x: f"{float(x):.2f}") if key.startswith("mean") else percent
                labels[f"{key}_{s}"] = (f"{_NAMES[key]} {s.upper()}", fmt)

        both = pd.concat(
            [
                odds[s].assign(rules=f"{s.upper()}: {sides[s][1].describe(specialty=sides[s][2])}")
                for s in SIDES
            ]
        )
        metric = state["metric"]

        def draw(fig):
            plots.storyteller_ten_again(
                both,
                y=metric,
                ax=fig.subplots(),
                title=f"A and B: {_NAMES[metric]} by pool size",
                ylabel=_NAMES[metric],
            )

        cli, python = [], ["from dicestats import storyteller as st"]
        for s in SIDES:
            st, _rules, specialty, flags, rules_py, _r = sides[s]
            cli.append(shlex.join(["dicestats", "pool", str(st["dice"]), "--difficulty",
                                   str(st["difficulty"]), *flags]))  # fmt: skip
            spec = ", specialty=True" if specialty else ""
            python.append(f"st.pool({st['dice']}, {st['difficulty']}{rules_py}{spec})")
        return View(
            figures=figures,
            labels=labels,
            draw=draw,
            chart_key=(metric, span, *((s[1], s[2], s[0]["difficulty"]) for s in sides.values())),
            table=joined,
            table_html=html_table(shown),
            cli="\n".join(cli),
            python="\n".join(python),
            note="; ".join(
                f"{s.upper()}: {sides[s][0]['dice']} dice at difficulty {sides[s][0]['difficulty']}"
                f", {sides[s][1].describe(specialty=sides[s][2])}"
                for s in SIDES
            ),
            result=(sides["a"][5], sides["b"][5]),
        )


def compare(a: dict | None = None, b: dict | None = None) -> CompareExplorer:
    """Two Storyteller rule sets or pools side by side (an ``ipywidgets`` widget).

    ``a`` and ``b`` start each side: ``dice``, ``difficulty``, ``preset``,
    ``ten_again``, ``specialty``, ``willpower`` (default: 6 dice at 6, revised,
    against the same under v20 with a specialty). Shows both sides' success,
    botch and mean net successes, the odds over the same pools side by side,
    the degrees of each side, the equivalent CLI commands and Python calls.

    Examples
    --------
    >>> ex = compare({"dice": 5, "difficulty": 9},
    ...              {"dice": 6, "difficulty": 9, "preset": "dark_ages"})
    >>> [round(float(r.p_botch), 4) for r in ex.view.result]
    [0.1596, 0.1445]
    """
    return CompareExplorer(a, b)
