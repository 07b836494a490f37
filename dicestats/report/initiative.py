"""The booklet's initiative pages (their words in the catalogues: :mod:`dicestats.i18n`).

Who acts first, the tempo and the preparation are exact (by tiers: every roll weighed, no
seed); holding and the defences are Monte Carlo (no exact form at a table's size). Each
page says which."""

from __future__ import annotations

from .. import format as fmt
from .. import plots
from .. import tables as T
from ..i18n import N_, _, _percent, current, number
from .page import _draw_table, _grid, _note, pages_of

__all__ = []


pages, _page = pages_of("initiative")


def _exact(ctx, table: str, *args):
    """``tables.<table>(*args)`` exact (floats, by tiers), computed once per build."""
    return ctx.cached(table, lambda: getattr(T, table)(*args))


def _simulated(ctx, table: str, offset: int, *args, engine: bool = False, **options):
    """``tables.<table>(*args)`` by Monte Carlo, seeded ``ctx.seed + offset``, on the booklet's
    size (``engine``: :func:`_engine_trials`), computed once per build."""
    trials = _engine_trials(ctx) if engine else ctx.trials
    mc = dict(trials=trials, rng=ctx.seed + offset, progress=False)
    return ctx.cached(table, lambda: getattr(T, table)(*args, **mc, **options))


@_page(
    N_("Initiative: who acts first?"),
    N_("bars: chance your side takes the first action, exact (every roll weighed, no sampling)."),
)
def _init_first_page(fig, ctx) -> None:
    import pandas as pd

    df = _exact(ctx, "initiative_first")
    df = df.assign(matchup=df["matchup"].map(_matchup))
    gs = _grid(fig, ctx, 2, 1, height_ratios=[1.15, 1], hspace=0.28)
    ax = fig.add_subplot(gs[0])
    pos = ax.get_position()
    ax.set_position([pos.x0 + 0.14, pos.y0, pos.width - 0.14, pos.height])
    title = _("P(your side acts first) by swiftness (d6 per participant; '+' = allies)")
    plots.initiative_first(df, ax=ax, title=title)
    table = pd.DataFrame(
        {
            _("matchup (yours vs theirs)"): df["matchup"],
            _("P(act first)"): df["p"].map(_pct),
            _("someone acts\ntwice in a row"): df["p_double"].map(_pct),
        }
    )
    title = _("The same numbers, and how often someone acts twice in a row (exact)")
    widths = [0.4, 0.26, 0.34]
    _draw_table(fig.add_subplot(gs[1]), table, title=title, col_widths=widths, fontsize=8)
    _note(
        fig,
        ctx,
        _(
            "Exact: every roll of every participant weighed, one die value at a time (no "
            "simulation, no seed).\nPips: your preparation margin, added to one of your dice "
            "(the one it brings to 6, else the highest below 6)."
        ),
    )


def _engine_trials(ctx) -> int:
    """Fights per scenario on the round engine (slower per die): a quarter of the booklet's."""
    return max(1_000, ctx.trials // 4)


@_page(
    N_("Initiative: tempo, preparation and holding"),
    N_("top: actions before the enemy's first; bottom: what a margin buys, what holding costs."),
)
def _init_tempo_page(fig, ctx) -> None:

    gs = _grid(fig, ctx, 2, 2, hspace=0.42, wspace=0.28, bottom=0.14)
    ax = fig.add_subplot(gs[0, :])
    before = _exact(ctx, "initiative_actions_before")
    before = before.assign(label=before["label"].map(_matchup))
    title = _("Tempo: your actions before the enemy's first (you have 3 dice; exact)")
    plots.initiative_actions_before(before, ax=ax, title=title)
    ax2 = fig.add_subplot(gs[1, 0])
    pips = _exact(ctx, "initiative_pips")
    pips = pips.assign(label=pips["label"].map(_matchup))
    plots.initiative_pips(pips, ax=ax2, title=_("Preparation: chance to act first (exact)"))
    ax2.legend(fontsize=6, frameon=False, loc="lower right")
    ax3 = fig.add_subplot(gs[1, 1])
    hold = _simulated(
        ctx, "initiative_holding", 3, T.HOLD_SCENARIOS[:1], HOLD_POLICIES, engine=True
    )  # 3 vs 3
    guard = dict(zip(hold["policy"], hold["guarded"], strict=True))
    hold = hold.assign(
        policy=hold["policy"].map(lambda p: _(_POLICIES[p])), label=hold["label"].map(_matchup)
    )
    title = _("Holding in 3 vs 3: wounds dealt and taken\n(Monte Carlo)")
    plots.initiative_holding(hold, ax=ax3, title=title)
    ax3.set_xlabel(_("wounds your side deals per round\n(assumed success rolls)"))
    _note(
        fig,
        ctx,
        _(
            "Top, left: exact. Right: Monte Carlo, {engine} rounds per run, seed {seed} (holding "
            "has no exact form here). An attack spends the attacker's highest die; the foe never "
            "holds; 3d6, 5+: YOUR ASSUMPTION. {verdict} (not charted: the foe alone attacking, "
            "wounds taken {never} never, {defend} defend)."
        ).format(
            engine=number(_engine_trials(ctx)),
            seed=ctx.seed + 3,
            verdict=_("Holding pays on the defensive")
            if guard["defend"] < guard["never"]
            else _("Holding does not pay on the defensive"),
            never=number(guard["never"], 2),
            defend=number(guard["defend"], 2),
        ),
    )


#: The holding policies the tempo page compares, with the names it prints.
_POLICIES = {
    "never": N_("never"),
    "defend": N_("defend"),
    "reserve": N_("reserve"),
    "after-enemy": N_("after-enemy"),
    "always": N_("always"),
}
HOLD_POLICIES = tuple(_POLICIES)

#: The defence page's scenarios, in words (``tables.initiative_slow``'s labels).
_SCENARIOS = {
    "a hero with 3 dice attacked by a foe with 3": N_(
        "a hero with 3 dice attacked by a foe with 3"
    ),
    "a hero with 3 dice attacked by two foes with 2 each": N_(
        "a hero with 3 dice attacked by two foes with 2 each"
    ),
    "two heroes with 3 dice (both may answer) attacked by a foe with 3": N_(
        "two heroes with 3 dice (both may answer) attacked by a foe with 3"
    ),
}

#: Who answers an attack (``tables.initiative_defenders``'s ``respond``).
_RESPOND = {"target": N_("target"), "every": N_("every")}


def _pct(p) -> str:
    """:func:`dicestats.format.percent` (one decimal, exact values and Monte Carlo estimates
    alike) in the locale's number format: ``48.6%`` in English, ``48,6 %`` in Russian."""
    text = fmt.percent(p)
    if current() == "en":
        return text
    digits = len(text[:-1].partition(".")[2])
    return _percent(float(text[:-1]) / 100, digits)


def _matchup(label: str) -> str:
    """A matchup label (``3 (+2 pips) vs 3``, ``3 + 3 vs 2 + 2``) in the booklet's language."""
    import re

    if label in _SCENARIOS:
        return _(_SCENARIOS[label])
    m = re.fullmatch(r"(.+?)(?: \(\+(\d+) pips\))? vs (.+)", label)
    if m is None:
        return label
    yours, pips, theirs = m.groups()
    if pips:
        yours = _("{dice} (+{pips} pips)").format(dice=yours, pips=pips)
    return _("{yours} vs {theirs}").format(yours=yours, theirs=theirs)


@_page(
    N_("Initiative: every defender and slow answers"),
    N_(
        "top: how far below the attack die an answer is (0 = not slow); middle: how many "
        "answer one attack."
    ),
)
def _init_slow_page(fig, ctx) -> None:
    import pandas as pd

    df = _simulated(ctx, "initiative_slow", 2)
    df = df.assign(label=df["label"].map(_matchup))
    answers = _simulated(ctx, "initiative_defenders", 4, engine=True)
    words = {c: answers[c].map(f) for c, f in (("label", _matchup), ("respond", _respond))}
    answers = answers.assign(**words)
    gs = _grid(fig, ctx, 3, 1, height_ratios=[1, 1, 0.85], hspace=0.5)
    ax = fig.add_subplot(gs[0])
    plots.initiative_slow(df, ax=ax, title=_("How slow are the answers? (share by slow scale)"))
    ax.legend(fontsize=6, frameon=False)
    ax2 = fig.add_subplot(gs[1])
    plots.initiative_defenders(answers, ax=ax2, title=_("Answers to one attack"))
    ax2.legend(fontsize=6, frameon=False)
    first = answers.groupby(["label", "respond"], sort=False).first().reset_index()
    pct, two = _pct, lambda x: number(x, 2)
    table = pd.DataFrame(
        {
            _("defenders vs attackers"): first["label"],
            _("who answers"): [
                _("target alone") if r == _(_RESPOND["target"]) else _("every defender")
                for r in first["respond"]
            ],
            _("attacks\nanswered"): first["defended"].map(pct),
            _("by the\ntarget"): first["target"].map(pct),
            _("companions'\nanswers/attack"): first["companions"].map(two),
            _("answers\nslow"): first["slow"].map(pct),
            _("wound per\nattack"): first["wound"].map(two),
        }
    )
    title = _("Every defender at a glance (wounds: 3d6 attack and defence, 5+: assumed)")
    widths = [0.24, 0.16, 0.11, 0.11, 0.15, 0.11, 0.12]
    _draw_table(fig.add_subplot(gs[2]), table, title=title, col_widths=widths, fontsize=7.5)
    _note(
        fig,
        ctx,
        _(
            "Monte Carlo, own stream per scenario: {trials} rounds, seed {seed2} (top); "
            "{engine}, seed {seed4} (middle, table). The target answers with its highest die "
            "(with success rolls, only an attack that scored); every defender: companions with "
            "a die as high as the attack's answer too, never slow. Success rolls: YOUR "
            "ASSUMPTION. Nobody holds."
        ).format(
            trials=number(ctx.trials),
            seed2=ctx.seed + 2,
            engine=number(_engine_trials(ctx)),
            seed4=ctx.seed + 4,
        ),
    )


def _respond(mode: str) -> str:
    return _(_RESPOND[mode]) if mode in _RESPOND else mode
