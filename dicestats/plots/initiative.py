"""Initiative charts: who acts first, tempo, slow defences, pips, holding, every defender.

Each takes a frame of :mod:`dicestats.tables.initiative` (rules: ``docs/rules/initiative.md``).
"""

from __future__ import annotations

from ..i18n import _, with_lang
from ..tables._common import _frame, _p
from ._style import (
    OKABE_ITO,
    _axes,
    _dist_bars,
    _finish,
    _groups,
    _has_interval,
    _interval_bars,
    _look,
    _percent_axis,
    _provenance,
    _require,
    close,  # noqa: F401 (used by the examples)
)

__all__ = [
    "initiative_first",
    "initiative_actions_before",
    "initiative_slow",
    "initiative_pips",
    "initiative_holding",
    "initiative_defenders",
    "initiative_margins",
    "odds_chart",
    "defence_chart",
]


@with_lang
def initiative_first(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """P(your side acts first) per swiftness matchup: exact, or estimated with intervals.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per matchup: ``matchup`` (a label, e.g. "3 vs 2"), ``p``
        (P(act first)), optional ``lo``/``hi`` (confidence interval) and
        ``p_exact`` (the exact value where known, NaN elsewhere: drawn as a
        diamond), e.g. :func:`dicestats.tables.initiative_first`.
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    seed, trials : optional
        Added to the x label (Monte Carlo provenance).

    Returns
    -------
    matplotlib.axes.Axes
        One horizontal bar per matchup (first row at the top), with error
        bars when ``lo``/``hi`` are given (a Monte Carlo frame; an exact one,
        the table's default, has none).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"matchup": ["1 vs 1", "3 vs 1"], "p": [0.5, 0.8],
    ...                    "lo": [0.48, 0.78], "hi": [0.52, 0.82]})
    >>> ax = initiative_first(df)
    >>> [round(float(p.get_width()), 2) for p in ax.patches]
    [0.5, 0.8]
    >>> close(ax)
    """
    _require(df, ["matchup", "p"], "initiative_first")
    ax = _axes(ax)
    lo, hi = (df["lo"], df["hi"]) if _has_interval(df) else (None, None)
    _interval_bars(ax, list(df["matchup"]), df["p"], lo, hi, horizontal=True)
    ex = df["p_exact"].astype(float).to_numpy() if "p_exact" in df.columns else []
    pos = [i for i, v in enumerate(ex) if v == v]
    if pos:
        look = dict(linestyle="none", marker="D", markersize=5, markeredgecolor="black")
        label = _("exact value")
        ax.plot(ex[pos], pos, **look, markerfacecolor=OKABE_ITO["orange"], label=label, gid="exact")
        ax.legend(fontsize=7, loc="lower right", framealpha=0.9)
    ax.set_yticks(range(len(df)), [str(m) for m in df["matchup"]], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0.5, color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":")
    _percent_axis(ax, axis="x", top=1.0)
    ax.set_xlim(0, 1.08)
    ax.set_xlabel(
        _("chance your side acts first (bars: 95% interval)")
        if lo is not None
        else _("chance your side acts first")
    )
    ax.set_ylabel(_("swiftness: yours vs theirs"))
    ax.set_title(title or _("Who acts first? Swiftness matchups"), fontsize=10)
    _provenance(ax, seed, trials)
    return ax


@with_lang
def initiative_actions_before(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Distribution of the actions a side takes before the other side acts.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``actions`` (0, 1, ...), ``p``; optional ``lo``/``hi`` and
        ``label`` (one bar group per label), e.g.
        :func:`dicestats.tables.initiative_actions_before`.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per label.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"actions": [0, 1, 2], "p": [0.5, 0.3, 0.2]})
    >>> ax = initiative_actions_before(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.5, 0.3, 0.2]
    >>> close(ax)
    """
    xlabel = _("actions taken before the other side's first action")
    title = title or _("Tempo: how many actions before the enemy acts?")
    mc = dict(seed=seed, trials=trials)
    return _dist_bars(
        df, "actions", ax, xlabel, _("share of rounds"), title, "initiative_actions_before", **mc
    )


@with_lang
def initiative_slow(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Distribution of the "slow" penalty scale a defender faces.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``penalty`` (0 = no penalty, 1, 2, ...), ``p``; optional
        ``lo``/``hi`` and ``label``, e.g. :func:`dicestats.tables.initiative_slow`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"penalty": [0, 1], "p": [0.7, 0.3]})
    >>> ax = initiative_slow(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.7, 0.3]
    >>> close(ax)
    """
    xlabel = _("slow scale: the attack's die minus the answering die (0 = not slow)")
    title = title or _("Defending late: how slow is the defender?")
    mc = dict(seed=seed, trials=trials)
    ylabel = _("share of answers")
    return _dist_bars(df, "penalty", ax, xlabel, ylabel, title, "initiative_slow", **mc)


@with_lang
def initiative_pips(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """P(act first) against preparation pips, one line per matchup, interval bands.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``pips``, ``p``; optional ``lo``/``hi`` (drawn as a shaded
        band) and ``label`` (one line per label), e.g.
        :func:`dicestats.tables.initiative_pips`.

    Returns
    -------
    matplotlib.axes.Axes
        One line per label (and one band per label with intervals).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"pips": [0, 1, 2], "p": [0.5, 0.6, 0.7]})
    >>> ax = initiative_pips(df)
    >>> [float(v) for v in ax.lines[0].get_ydata()]
    [0.5, 0.6, 0.7]
    >>> close(ax)
    """
    _require(df, ["pips", "p"], "initiative_pips")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (label, g) in enumerate(groups):
        g = g.sort_values("pips")
        x, look = g["pips"].to_numpy(), _look(i)
        if _has_interval(g):
            lo, hi = g["lo"].to_numpy(dtype=float), g["hi"].to_numpy(dtype=float)
            ax.fill_between(x, lo, hi, color=look["color"], alpha=0.25, linewidth=0)
        ax.plot(x, g["p"].to_numpy(dtype=float), **look, label=label or None)
    title = title or _("Preparation: what are pips worth for acting first?")
    xlabel = _("preparation pips added to your initiative dice")
    legend = dict(fontsize=7, loc="lower right")
    _finish(ax, xlabel, _("chance your side acts first"), title, half=True, groups=groups, **legend)
    _provenance(ax, seed, trials)
    return ax


@with_lang
def initiative_holding(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Holding's trade-off: wounds dealt against wounds taken, one point per policy.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per (scenario, policy): ``policy``, ``dealt``, ``taken``;
        optional ``label`` (one colour per scenario) and ``dealt_lo``/``_hi``,
        ``taken_lo``/``_hi`` (error bars), e.g.
        :func:`dicestats.tables.initiative_holding`.

    Returns
    -------
    matplotlib.axes.Axes
        One point per row (x: wounds your side deals per round, y: wounds it
        takes, both under the assumed success rolls), each scenario's policies
        joined by a line, each point named by its policy; the diagonal marks an
        even exchange (below it holding pays).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"policy": ["never", "defend"], "dealt": [1.0, 0.8],
    ...                    "taken": [1.0, 0.6]})
    >>> ax = initiative_holding(df)
    >>> [float(v) for v in ax.lines[0].get_xdata()], [t.get_text() for t in ax.texts]
    ([1.0, 0.8], ['never', 'defend'])
    >>> close(ax)
    """
    _require(df, ["policy", "dealt", "taken"], "initiative_holding")
    ax = _axes(ax)
    groups = _groups(df, "label")
    for i, (label, g) in enumerate(groups):
        x, y, look = g["dealt"].to_numpy(dtype=float), g["taken"].to_numpy(dtype=float), _look(i)
        # separate policies, not a scale: points, not a line through them
        ax.plot(x, y, **(look | dict(linestyle="none")), label=label or None, gid="holding")
        if {"taken_lo", "taken_hi", "dealt_lo", "dealt_hi"} <= set(g.columns):
            lo, hi = (g[[f"dealt_{e}", f"taken_{e}"]].to_numpy(dtype=float).T for e in ("lo", "hi"))
            err = dict(xerr=[x - lo[0], hi[0] - x], yerr=[y - lo[1], hi[1] - y])
            ax.errorbar(x, y, **err, fmt="none", ecolor=look["color"], elinewidth=0.8, capsize=2)
        for xi, yi, name in zip(x, y, g["policy"], strict=True):
            ax.annotate(str(name), (xi, yi), textcoords="offset points", xytext=(4, 4), fontsize=7)
    top = float(max(df["dealt"].max(), df["taken"].max())) * 1.15 or 1.0
    ax.plot([0, top], [0, top], color=OKABE_ITO["grey"], linewidth=0.8, linestyle=":", zorder=0)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    _place_labels(ax)
    xlabel = _("wounds your side deals per round (assumed success rolls)")
    ylabel = _("wounds your side takes per round")
    title = title or _("Holding: does it pay? (below the diagonal: yes)")
    _finish(ax, xlabel, ylabel, title, percent=False, groups=groups, fontsize=7, loc="upper left")
    _provenance(ax, seed, trials)
    return ax


def _place_labels(ax, fontsize: float = 7.0) -> None:
    """Move each point's name (``ax.texts``, annotations) to the first place around its point
    (eight, then farther up and down) where it overlaps no name placed before it and no other
    point (widths measured in the font, in points; the most crowded points placed first)."""
    import numpy as np

    texts = [t for t in ax.texts if hasattr(t, "xyann")]
    if not texts:
        return
    from matplotlib.textpath import TextToPath

    measure = TextToPath().get_text_width_height_descent  # (width, height, descent), points
    scale = 72 / ax.figure.dpi  # display pixels → points
    pts = np.array([ax.transData.transform(t.xy) for t in texts]) * scale
    h = fontsize * 1.25
    places = [(4, 3), (4, -3 - h), (-4, 3), (-4, -3 - h), (6, -h / 2), (-6, -h / 2), (0, 5)]
    places += [(0, -5 - h)]
    places += [(dx, dy + u * h * k) for k in (1, 2) for u in (1, -1) for dx, dy in places[:4]]
    crowd = [int((np.hypot(*(pts - p).T) < 40).sum()) for p in pts]
    placed: list[tuple[float, float, float, float]] = []
    for k in sorted(range(len(texts)), key=lambda k: -crowd[k]):
        t, (px, py) = texts[k], pts[k]
        prop = t.get_fontproperties()
        w = measure(t.get_text(), prop, ismath=False)[0]
        best = None
        for dx, dy in places:
            x0 = px + dx if dx >= 0 else px + dx - w
            if dx == 0:
                x0 = px - w / 2
            box = (x0, py + dy, x0 + w, py + dy + h)
            hits = sum(
                b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in placed
            )
            hits += sum(
                box[0] - 2 < qx < box[2] + 2 and box[1] - 2 < qy < box[3] + 2
                for j, (qx, qy) in enumerate(pts)
                if j != k
            )
            if best is None or hits < best[0]:
                best = (hits, dx, dy, box)
            if hits == 0:
                break
        _, dx, dy, box = best
        placed.append(box)
        t.xyann = (dx, dy)
        t.set_ha("left" if dx > 0 else "right" if dx < 0 else "center")
        t.set_va("bottom")


@with_lang
def initiative_defenders(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """Answers to one attack: how many, for each scenario and response rule.

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``answers`` (0, 1, 2, ...), ``p``; optional ``lo``/``hi`` and
        ``label`` / ``respond`` (one bar group per label and rule), e.g.
        :func:`dicestats.tables.initiative_defenders`.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per (label, respond).

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"answers": [0, 1, 2], "p": [0.4, 0.5, 0.1]})
    >>> ax = initiative_defenders(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[0]]
    [0.4, 0.5, 0.1]
    >>> close(ax)
    """
    _require(df, ["answers", "p"], "initiative_defenders")
    d = df.copy()
    if "respond" in d.columns:
        base = d["label"].astype(str) + ", " if "label" in d.columns else ""
        d["label"] = base + d["respond"].astype(str)
    xlabel = _("answers to one attack (the target's and its companions')")
    title = title or _("Every defender: how many answer one attack?")
    mc = dict(seed=seed, trials=trials)
    return _dist_bars(
        d, "answers", ax, xlabel, _("share of attacks"), title, "initiative_defenders", **mc
    )


@with_lang
def initiative_margins(df, *, ax=None, title: str | None = None, seed=None, trials=None):
    """The attacker's margin left and the defender's advantage (assumed success rolls).

    Parameters
    ----------
    df : pandas.DataFrame
        Columns ``what`` (``"margin"`` or ``"advantage"``), ``k``, ``p``;
        optional ``lo``/``hi`` and ``label``, e.g.
        :func:`dicestats.tables.initiative_margins`.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per (label, what); the x label says the figures rest
        on the assumed success rolls.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"what": ["margin", "margin", "advantage", "advantage"],
    ...                    "k": [0, 1, 0, 1], "p": [0.6, 0.4, 0.9, 0.1]})
    >>> ax = initiative_margins(df)
    >>> [round(float(p.get_height()), 2) for p in ax.containers[1]]
    [0.9, 0.1]
    >>> close(ax)
    """
    _require(df, ["what", "k", "p"], "initiative_margins")
    d = df.copy()
    names = {"margin": "attacker's margin left (per attack)", "advantage": "advantage (per answer)"}
    what = d["what"].map(lambda w: names.get(w, str(w)))
    d["label"] = (d["label"].astype(str) + ": " + what) if "label" in d.columns else what
    xlabel = "successes (under the assumed success rolls, not the game's own)"
    title = title or "After the answers: the wound's scale and the defender's advantage"
    mc = dict(seed=seed, trials=trials)
    return _dist_bars(d, "k", ax, xlabel, "share", title, "initiative_margins", **mc)


# --------------------------------------------------------------------------- results
def _side_text(dice) -> str:
    """A side as a designer reads it: ``1 participant with 3 dice``, ``2 with 2 dice each``,
    ``1 with 3 dice + 1 with 2 dice``.

    Examples
    --------
    >>> _side_text((3,)), _side_text((2, 2))
    ('1 participant with 3 dice', '2 participants with 2 dice each')
    >>> _side_text((3, 1, 1))
    '1 participant with 3 dice + 2 with 1 die each'
    """
    parts, first = [], True
    for d in dict.fromkeys(sorted(dice, reverse=True)):
        n = list(dice).count(d)
        who = (f"{n} participant" + ("s" if n > 1 else "")) if first else str(n)
        what = f"{d} dice" if d != 1 else "1 die"
        parts.append(f"{who} with {what}" + (" each" if n > 1 else ""))
        first = False
    return " + ".join(parts)


def _sides(r) -> str:
    return f"A: {_side_text(r.swiftness)} vs B: {_side_text(r.versus)}"


def odds_chart(result, *, ax=None):
    """The actions side A takes before side B's first, of an
    :func:`~dicestats.initiative.odds` answer (intervals where it is estimated).

    Examples
    --------
    >>> from dicestats import initiative
    >>> ax = odds_chart(initiative.odds([2], [1]))
    >>> [round(float(p.get_height()), 4) for p in ax.containers[0]]
    [0.2546, 0.3241, 0.4213]
    >>> close(ax)
    """
    df = _frame([{"actions": k, **_p(p)} for k, p in result.actions_before.items()])
    title = f"{_sides(result)}\nHow many actions does A take before B's first?"
    return initiative_actions_before(df, ax=ax, title=title, seed=result.seed, trials=result.trials)


def defence_chart(result, *, ax=None):
    """The slow scale of the answers of a :func:`~dicestats.initiative.defence` answer,
    labelled for a designer who has not read the docs."""
    df = _frame([{"penalty": k, **_p(p)} for k, p in result.slow.items()])
    who = "B attacks A" if result.attackers == "versus" else "both sides attack"
    title = f"{_sides(result)} ({who})\nHow late are the answers?"
    return initiative_slow(df, ax=ax, title=title, seed=result.seed, trials=result.trials)
