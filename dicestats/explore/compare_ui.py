"""The compare explorer (:func:`compare`): two Storyteller rule sets or pools side by side."""

from __future__ import annotations

import shlex
import textwrap

import ipywidgets as widgets

from ..format import METRIC_LABELS, percent, points
from ..storyteller.rules import PRESETS
from ..workbench.compare import STORYTELLER_METRICS
from .base import Explorer, Panel, chart_axes, html_table, screen_adjust
from .generic_ui import words
from .storyteller_ui import pool_span

__all__ = ["CompareExplorer", "compare"]

SIDES = ("a", "b")
#: The metrics of the headline figures and the table (each: first, second, difference).
FIGURES = ("p_success", "p_botch", "mean_net")
#: The chart's choices: every probability metric that differs, or one of them.
CHART = (
    ("all that differ", "differ"),
    *((METRIC_LABELS[m], m) for m in STORYTELLER_METRICS if m.startswith("p_")),
)
#: The second side's flags on ``dicestats compare storyteller``: (set, unset).
_VS_FLAGS = {
    "ten_again": ("--vs-ten-again", "--vs-no-ten-again"),
    "specialty": ("--vs-specialty", "--vs-no-specialty"),
    "willpower": ("--vs-willpower", "--vs-no-willpower"),
}


def _side(state: dict, s: str):
    """One side's ``(values, rules, CLI flags, Python rules)``: its preset, then ten-again and
    Willpower where set (no preset has them)."""
    from ..storyteller import Rules

    side = {k: state[f"{s}_{k}"] for k in ("dice", "difficulty", "preset", *_VS_FLAGS)}
    on = [k for k in ("ten_again", "willpower") if side[k]]
    rules = Rules.preset(side["preset"]).replace(**dict.fromkeys(on, True))
    flags = ["--preset", side["preset"]] if side["preset"] != "revised" else []
    flags += [f"--{k.replace('_', '-')}" for k in on] + (
        ["--specialty"] if side["specialty"] else []
    )
    python = f"st.Rules.preset({side['preset']!r})"
    python += f".replace({', '.join(f'{k}=True' for k in on)})" if on else ""
    return side, rules, flags, python


def _fmt(col: str):
    """The formatter of a column: a metric's value on one side, or its difference (B − A)."""
    diff = col.startswith("diff_")
    if col.removeprefix("versus_").removeprefix("diff_").startswith("mean"):
        return lambda x: f"{float(x):+.2f}" if diff else f"{float(x):.2f}"
    return (lambda x: f"{points(x)} pp") if diff else percent


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
                    options=[(words(p), p) for p in PRESETS],
                    value=given["preset"],
                    description="preset",
                ),
            }
            for name, label in zip(_VS_FLAGS, ("ten-again", "specialty", "Willpower"), strict=True):
                side[name] = widgets.Checkbox(value=given.get(name, False), description=label)
            for name, w in side.items():
                w.add_class(f"ds-{s}-{name.replace('_', '-')}")
                c[f"{s}_{name}"] = w
            label = widgets.HTML(f"<b>{s.upper()}</b>", layout=widgets.Layout(width="20px"))
            rows.append(widgets.HBox([label, *side.values()]))
        c["metric"] = widgets.Dropdown(
            options=list(CHART), value="differ", description="chart"
        ).add_class("ds-metric")
        rows.append(c["metric"])
        super().__init__(c, rows)
        self.refresh()

    def compute(self, state: dict) -> Panel:
        import pandas as pd

        from ..plots.workbench import compare_differences
        from ..storyteller.limits import LIMITS
        from ..tables.workbench import comparison_table
        from ..workbench.compare import compare_storyteller

        (sa, ra, flags_a, py_a), (sb, rb, _flags_b, py_b) = (_side(state, s) for s in SIDES)
        LIMITS["dice"].check(sa["dice"])  # A's pool is a row of the table
        span = pool_span(max(sa["dice"], sb["dice"]))  # around both pools, if they fit in one
        span = span if sa["dice"] in span else pool_span(sa["dice"])  # else around A's
        vs_dice = None if sb["dice"] == sa["dice"] else sb["dice"]
        vs_diff = None if sb["difficulty"] == sa["difficulty"] else sb["difficulty"]
        kw = dict(specialty=sa["specialty"], versus_specialty=sb["specialty"])
        kw.update(versus_dice=vs_dice, versus_difficulty=vs_diff)
        c = compare_storyteller(span, sa["difficulty"], ra, rb, **kw)
        here = [r["dice"] for r in c.rows].index(sa["dice"])
        row = c.rows[here]

        each = (f"{side}{m}" for m in FIGURES for side in ("", "versus_", "diff_"))
        cols = ["dice", *each, "total_variation", "max_gap"]
        figures = {k: row[k] for k in cols[1:]}
        labels = {k: (_header(k), _fmt(k)) for k in cols[1:]}
        labels["max_gap"] = (f"largest gap in P(net ≥ k), at k = {row['max_gap_k']}", percent)
        if vs_dice is not None:
            cols.insert(1, "versus_dice")
        table = pd.DataFrame(list(c.rows))
        shown = table[cols].copy()
        for col in cols[1:]:
            if not col.endswith("dice"):
                shown[col] = shown[col].map(_fmt(col))
        big, most = c.largest, f"diff_{c.largest['metric']}"
        at = next((i for i, r in enumerate(c.rows) if all(r[k] == big[k] for k in c.cells)), None)
        marked = [(at, _header(most))] if most in cols else []
        shown.columns = [_header(col) for col in cols]

        long = comparison_table(c)
        metric = state["metric"]

        def draw(fig):
            compare_differences(
                long,
                metrics=None if metric == "differ" else [metric],
                ax=chart_axes(fig),
                title="Where B differs from A (B − A)\n"
                + textwrap.shorten(f"A: {c.first}; B: {c.second}", 100),
            )
            screen_adjust(fig, left=0.15)  # the screen's fixed margins: room for "+10 pp"

        cli = ["dicestats", "compare", "storyteller", "--dice", f"{span.start}-{span.stop - 1}"]
        cli += ["--difficulty", str(sa["difficulty"]), *flags_a, "--vs-preset", sb["preset"]]
        for name, (yes, no) in _VS_FLAGS.items():
            if sb[name] != sa[name]:
                cli.append(yes if sb[name] else no)
        cli += ["--vs-dice", str(vs_dice)] if vs_dice is not None else []
        cli += ["--vs-difficulty", str(vs_diff)] if vs_diff is not None else []
        args = [f"range({span.start}, {span.stop})", str(sa["difficulty"]), py_a, py_b]
        args += [f"{k}={v!r}" for k, v in kw.items() if v]

        def where(cell) -> str:
            return f"{cell['dice']} {'die' if cell['dice'] == 1 else 'dice'}" + (
                f" (B: {cell['versus_dice']})" if vs_dice is not None else ""
            )

        note = (
            f"A: {c.first}, {sa['dice']} dice at difficulty {sa['difficulty']}; "
            f"B: {c.second}, {sb['dice']} dice at difficulty {sb['difficulty']}. "
        )
        gap = "none (the same at every k)."
        if c.max_gap:
            gap = f"{percent(c.max_gap)} at k = {c.max_gap_at['k']}, {where(c.max_gap_at)}."
        if not big["difference"] and not c.total_variation:
            note += "They agree on every outcome here."
        else:
            note += (
                f"Differ most: {METRIC_LABELS[big['metric']]} at {where(big)}, "
                f"{percent(big['value'])} vs {percent(big['versus_value'])} "
                f"({points(big['difference'])} points); largest total variation "
                f"{percent(c.total_variation)} at {where(c.total_variation_at)}; largest gap in "
                f"P(net ≥ k): {gap}"
            )
        return Panel(
            figures=figures,
            labels=labels,
            draw=draw,
            chart_key=(metric, c),
            chart_shape="compare_differences",
            table=table,
            table_html=html_table(shown, marked=marked, current=here),
            cli=shlex.join(cli),
            python="from dicestats import storyteller as st\n"
            "from dicestats import workbench as wb\n"
            f"wb.compare_storyteller({', '.join(args)})",
            note=note,
            result=c,
        )


def _header(col: str) -> str:
    """A table column's heading: ``"success A"``, ``"botch B − A"``, ``"total variation"``."""
    fixed = {"dice": "dice", "versus_dice": "dice B", "max_gap": "max gap P(≥ k)"}
    if col in fixed or col == "total_variation":
        return fixed.get(col, "total variation")
    m = col.removeprefix("versus_").removeprefix("diff_")
    side = "B − A" if col.startswith("diff_") else "B" if col.startswith("versus_") else "A"
    return f"{METRIC_LABELS[m].replace(' net successes', ' net')} {side}"


def compare(a: dict | None = None, b: dict | None = None) -> CompareExplorer:
    """Two Storyteller rule sets or pools side by side (an ``ipywidgets`` widget).

    ``a`` and ``b`` start each side: ``dice``, ``difficulty``, ``preset``,
    ``ten_again``, ``specialty``, ``willpower`` (default: 6 dice at 6, revised,
    against the same under v20 with a specialty). Shows what
    :func:`dicestats.workbench.compare_storyteller` answers over the pools
    around A's: both sides' success, botch and mean net successes, the
    differences (B − A), where they differ most, the total variation and the
    largest gap in P(net ≥ k); the chart of the differences; the equivalent
    ``dicestats compare storyteller`` command and Python call. B rolls A's
    pool, or its own when it differs (then every row sets A's pools against B's
    one pool).

    Examples
    --------
    >>> ex = compare({"dice": 5, "difficulty": 9},
    ...              {"dice": 5, "difficulty": 9, "preset": "first", "specialty": False})
    >>> c = ex.view.result
    >>> c.largest["metric"], c.largest["dice"]
    ('p_botch', 10)
    >>> [round(float(ex.view.figures[k]), 4) for k in ("p_botch", "versus_p_botch")]
    [0.1596, 0.1923]
    """
    return CompareExplorer(a, b)
