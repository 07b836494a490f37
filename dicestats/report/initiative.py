"""The booklet's initiative pages."""

from __future__ import annotations

from .. import format as fmt
from .. import plots
from .. import tables as T
from .page import _draw_table, _grid, _note, pages_of

__all__ = []


pages, _page = pages_of("initiative")


def _simulated(ctx, table: str, offset: int, *args, engine: bool = False, **options):
    """``tables.<table>(*args)`` by Monte Carlo, seeded ``ctx.seed + offset``, on the booklet's
    size (``engine``: :func:`_engine_trials`), computed once per build."""
    trials = _engine_trials(ctx) if engine else ctx.trials
    mc = dict(trials=trials, rng=ctx.seed + offset, progress=False)
    return ctx.cached(table, lambda: getattr(T, table)(*args, **mc, **options))


@_page(
    "Initiative: who acts first?",
    "bars: chance your side takes the first action; whiskers: 95% interval (Monte Carlo).",
)
def _init_first_page(fig, ctx) -> None:
    import pandas as pd

    df = _simulated(ctx, "initiative_first", 0, exact_limit=ctx.exact_limit)
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.15, 1], hspace=0.28)
    ax = fig.add_subplot(gs[0])
    pos = ax.get_position()
    ax.set_position([pos.x0 + 0.08, pos.y0, pos.width - 0.08, pos.height])
    title = "P(your side acts first) by swiftness (d6 per participant; '+' = allies)"
    plots.initiative_first(df, ax=ax, title=title)
    pct = fmt.percent
    table = pd.DataFrame(
        {
            "matchup (yours vs theirs)": df["matchup"],
            "P(act first)": df["p"].map(pct),
            "95% interval": [
                f"{pct(lo)}–{pct(hi)}" for lo, hi in zip(df["lo"], df["hi"], strict=True)
            ],
            "exact": [pct(e) if e == e else "—" for e in df["p_exact"]],
            "someone acts\ntwice in a row": df["p_double"].map(pct),
        }
    )
    title = "The same numbers (exact by enumeration where the setup is small)"
    widths = [0.28, 0.14, 0.22, 0.13, 0.23]
    _draw_table(fig.add_subplot(gs[1]), table, title=title, col_widths=widths, fontsize=8)
    _note(
        fig,
        ctx,
        f"Monte Carlo: {ctx.trials:,} rounds per scenario (own child stream each), seed "
        f"{ctx.seed}; same seed, same numbers.\nPips: your preparation margin, added to one of "
        "your dice (the one it brings to 6, else the highest below 6).",
    )


def _engine_trials(ctx) -> int:
    """Fights per scenario on the round engine (slower per die): a quarter of the booklet's."""
    return max(1_000, ctx.trials // 4)


@_page(
    "Initiative: tempo, preparation and holding",
    "top: actions before the enemy's first; bottom: what a margin buys, what holding costs.",
)
def _init_tempo_page(fig, ctx) -> None:

    gs = _grid(fig, ctx, 2, 2, hspace=0.42, wspace=0.28)
    ax = fig.add_subplot(gs[0, :])
    before = _simulated(ctx, "initiative_actions_before", 0)
    title = "Tempo: your actions before the enemy's first (you have 3 dice)"
    plots.initiative_actions_before(before, ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1, 0])
    pips = _simulated(ctx, "initiative_pips", 1)
    plots.initiative_pips(pips, ax=ax2, title="Preparation: chance to act first")
    ax2.legend(fontsize=6, frameon=False, loc="lower right")
    ax3 = fig.add_subplot(gs[1, 1])
    hold = _simulated(
        ctx, "initiative_holding", 3, T.HOLD_SCENARIOS[:1], HOLD_POLICIES, engine=True
    )  # 3 vs 3
    plots.initiative_holding(hold, ax=ax3, title="Holding in 3 vs 3: wounds dealt and taken")
    _stagger(ax3)
    guard = dict(zip(hold["policy"], hold["guarded"], strict=True))
    _note(
        fig,
        ctx,
        f"Monte Carlo, a stream per scenario: {ctx.trials:,} rounds, seeds {ctx.seed} (top), "
        f"{ctx.seed + 1} (left); {_engine_trials(ctx):,}, seed {ctx.seed + 3} (right). Margin: "
        "the lowest die it brings to 6, else the highest below 6. An attack spends the "
        "attacker's highest die; the foe never holds; 3d6, 5+: YOUR ASSUMPTION. Holding "
        f"{'pays' if guard['defend'] < guard['never'] else 'does not pay'} on the defensive "
        f"(wounds taken: {guard['never']:.2f} never, {guard['defend']:.2f} defend).",
    )


#: The holding policies the tempo page compares.
HOLD_POLICIES = ("never", "defend", "reserve", "after-enemy", "always")


def _stagger(ax) -> None:
    """Policy names of nearby points drawn apart: each above its point, or below it when
    the nearest other point is higher."""
    pts = [t.xy for t in ax.texts]
    for t in ax.texts:
        (x, y), others = t.xy, [p for p in pts if p != t.xy]
        near = min(others, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2, default=(x, y))
        t.xyann = (4, 4) if y >= near[1] else (4, -10)


@_page(
    "Initiative: every defender and slow answers",
    "left: how far below the attack die an answer is (0 = not slow); right: how many "
    "answer one attack.",
)
def _init_slow_page(fig, ctx) -> None:
    import pandas as pd

    df = _simulated(ctx, "initiative_slow", 2)
    answers = _simulated(ctx, "initiative_defenders", 4, engine=True)
    gs = _grid(fig, ctx, 2, 2, height_ratios=[1.35, 1], hspace=0.34, wspace=0.28)
    ax = fig.add_subplot(gs[0, 0])
    plots.initiative_slow(df, ax=ax, title="How slow are the answers? (share by slow scale)")
    ax.legend(fontsize=6, frameon=False)
    ax2 = fig.add_subplot(gs[0, 1])
    plots.initiative_defenders(answers, ax=ax2, title="Answers to one attack")
    ax2.legend(fontsize=6, frameon=False)
    first = answers.groupby(["label", "respond"], sort=False).first().reset_index()
    pct, two = fmt.percent, "{:.2f}".format
    table = pd.DataFrame(
        {
            "defenders vs attackers": first["label"],
            "who answers": first["respond"]
            .map({"target": "target alone"})
            .fillna("every defender"),
            "attacks\nanswered": first["defended"].map(pct),
            "by the\ntarget": first["target"].map(pct),
            "companions'\nanswers/attack": first["companions"].map(two),
            "answers\nslow": first["slow"].map(pct),
            "wound per\nattack": first["wound"].map(two),
        }
    )
    title = "Every defender at a glance (wounds: 3d6 attack and defence, 5+: assumed)"
    widths = [0.24, 0.16, 0.11, 0.11, 0.15, 0.11, 0.12]
    _draw_table(fig.add_subplot(gs[1, :]), table, title=title, col_widths=widths, fontsize=7.5)
    _note(
        fig,
        ctx,
        f"Monte Carlo, own stream per scenario: {ctx.trials:,} rounds, seed {ctx.seed + 2} "
        f"(left); {_engine_trials(ctx):,}, seed {ctx.seed + 4} (right, table). The target "
        "answers with its highest die (with success rolls, only an attack that scored); every "
        "defender: companions with a die as high as the attack's answer too, never slow. "
        "Success rolls: YOUR ASSUMPTION. Nobody holds.",
    )
