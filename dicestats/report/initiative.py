"""The booklet's initiative pages."""

from __future__ import annotations

from .. import format as fmt
from .booklet import Page, _draw_table, _grid, _note

__all__ = []


def pages() -> list[Page]:
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

    from .. import plots
    from .. import tables as T

    df = ctx.cached(
        "init_first",
        lambda: T.initiative_first(
            trials=ctx.trials,
            rng=ctx.seed,
            progress=False,
            exact_limit=ctx.exact_limit,
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
            "exact": [fmt.percent(e, 2) if e == e else "—" for e in df["p_exact"]],
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
        _mc_note(ctx) + "\nPips: your preparation margin, added to one of your dice (the one "
        "it brings to 6, else the highest below 6).",
    )


def _init_tempo_page(fig, ctx) -> None:
    from .. import plots
    from .. import tables as T

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
        + "\nA margin goes on one die: the lowest it brings to 6, else the highest below 6.",
    )


def _init_slow_page(fig, ctx) -> None:
    import pandas as pd

    from .. import plots
    from .. import tables as T

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
        + "\nEvery attacker action attacks a random defender; the target answers with its "
        "highest die (slow scale = attack die − that die), a companion with a die as high as "
        "the attack's may answer too (never slow). Nobody holds.",
    )
