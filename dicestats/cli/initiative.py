"""The initiative commands' own additions to their generated form: ``defence --hold`` with
several policies, side by side (issue 26).

``dicestats defence 3 3 --attack 3 --defend 3 --hold never,defend,after-enemy,always``
prints one row per policy of the first side: its chance to act first, a stand on the
defensive (B attacks, A answers: the share of B's attacks that wound A, A's wounds per
round) and an exchange (both attack: what A deals and takes per round, and the net), then
one line saying which policy pays for which stand. A list of policies is read as several
only when it has more entries than the side has participants; as many (``defend,never``
for two participants) is one policy per participant, as before.
"""

from __future__ import annotations

from ._common import write_plot
from .questions import _answer, setting_of

__all__ = ["register"]


def register(sub) -> None:
    """``defence`` (and ``initiative defence``) answer several holding policies side by side."""
    parsers = [sub.choices.get("defence")]
    inner = sub.choices.get("initiative")
    if inner is not None:
        for action in inner._subparsers._group_actions if inner._subparsers else ():
            parsers.append(getattr(action, "choices", {}).get("defence"))
    for p in parsers:
        if p is None:
            continue
        p.set_defaults(func=_defence)
        for action in p._actions:
            if action.dest == "hold" and action.help:
                action.help += (
                    " More policies than the side has participants (never,defend,always) are "
                    "compared side by side: on the defensive and in an exchange, with a verdict."
                )


def several_policies(hold, participants: int) -> list[str] | None:
    """The policies of ``--hold`` when it lists more than the side has participants, else
    None (one policy, or one per participant).

    >>> several_policies("never,defend,always", 1), several_policies("defend,never", 2)
    (['never', 'defend', 'always'], None)
    """
    if not isinstance(hold, str) or "," not in hold:
        return None
    words = [w.strip() for w in hold.split(",")]
    return words if len(words) > participants else None


def _defence(args) -> int:
    q = args._question
    kwargs = setting_of(args, q, args._read, positional=args._positional)
    a, b = kwargs.get("swiftness"), kwargs.get("versus")
    side = len(a) if isinstance(a, (list, tuple)) else 1
    policies = several_policies(kwargs.get("hold"), side)
    if policies is None:
        return _answer(args)
    return _several(args, kwargs, a, b, policies)


def _several(args, kwargs, a, b, policies) -> int:
    from .. import tables
    from ..format import percent, text_table, to_json
    from . import CLIError

    refused = [
        f"--{name}"
        for name in ("exact", "workers")
        if getattr(args, name, None) not in (None, False)
    ]
    if kwargs.get("attackers") is not None:
        refused.append("--attackers")
    if getattr(args, "method", None) not in (None, "montecarlo"):
        refused.append(f"--method {args.method}")
    if refused:
        raise CLIError(
            f"{', '.join(refused)} cannot apply with several --hold policies: each is "
            "simulated (Monte Carlo) on the defensive and in an exchange, both shown"
        )
    rolls = {k: kwargs.pop(k, None) for k in ("attack", "defend", "armour")}
    versus_hold = kwargs.pop("versus_hold", "never")
    for name in ("swiftness", "versus", "hold", "attackers"):
        kwargs.pop(name, None)
    import numpy as np

    from ..core.montecarlo import DEFAULT_TRIALS

    trials = args.trials or DEFAULT_TRIALS
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % 2**32)
    a, b = [a] if isinstance(a, int) else list(a), [b] if isinstance(b, int) else list(b)
    label = f"{'+'.join(map(str, a))} vs {'+'.join(map(str, b))}"
    df = tables.initiative_holding(
        [(label, a, b)],
        policies,
        versus_hold=versus_hold,
        **rolls,
        trials=trials,
        rng=seed,
        progress=False,
        options=kwargs,
    )
    if args.plot:
        from ..plots.initiative import initiative_holding

        write_plot(initiative_holding(df, seed=seed, trials=trials), args.plot)
    if args.json:
        print(to_json(df.to_dict(orient="records")))
        return 0
    print(
        f"d6 holding policies: A = {list(a)} vs B = {list(b)}, B holds {versus_hold} "
        f"(Monte Carlo, {trials:,} fights per policy and stand, seed {seed})"
    )
    print(f"success rolls: {df['assumption'].iloc[0]}")
    print()
    rows = [
        (
            r.policy,
            percent(r.p_first, 1),
            percent(r.wounded, 1),
            f"{r.guarded:.2f}",
            f"{r.dealt:.2f}",
            f"{r.taken:.2f}",
            _net(r.net),
        )
        for r in df.itertuples()
    ]
    header = (
        "A holds",
        "A acts first",
        "on the defensive: B's attacks that wound A",
        "A takes",
        "in an exchange: A deals",
        "A takes",
        "net",
    )
    print(text_table(rows, header))
    print("(wounds per round; defensive: B attacks, A answers; exchange: both attack)")
    print()
    print(verdict(df))
    return 0


def verdict(df) -> str:
    """One line: which policy pays on the defensive (fewest of B's attacks wound A) and which
    in an exchange (the best net), each against ``never`` (or the first policy listed).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"policy": ["never", "defend"], "wounded": [0.611, 0.502],
    ...                    "net": [0.0, -0.14]})
    >>> print(verdict(df))
    on the defensive, defend pays: 61.1% → 50.2% of B's attacks wound A (never → defend); \
in an exchange, never pays: net +0.00 (defend -0.14)
    """
    from ..format import percent

    rows = {r.policy: r for r in df.itertuples()}
    base = rows.get("never") or next(iter(rows.values()))
    guard = min(rows.values(), key=lambda r: r.wounded)
    trade = max(rows.values(), key=lambda r: r.net)
    if guard.policy == base.policy:
        defensive = f"on the defensive, {base.policy} pays: no policy listed guards better"
    else:
        defensive = (
            f"on the defensive, {guard.policy} pays: {percent(base.wounded, 1)} → "
            f"{percent(guard.wounded, 1)} of B's attacks wound A ({base.policy} → "
            f"{guard.policy})"
        )
    if trade.policy == base.policy:
        others = ", ".join(f"{r.policy} {_net(r.net)}" for r in rows.values() if r is not base)
        exchange = f"in an exchange, {base.policy} pays: net {_net(base.net)}" + (
            f" ({others})" if others else ""
        )
    else:
        exchange = (
            f"in an exchange, {trade.policy} pays: net {_net(base.net)} → {_net(trade.net)} "
            f"({base.policy} → {trade.policy})"
        )
    return f"{defensive}; {exchange}"


def _net(x) -> str:
    """Wounds per round, signed, never ``-0.00``."""
    return f"{round(float(x), 2) + 0.0:+.2f}"
