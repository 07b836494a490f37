"""Initiative tables of fights: slow defences, holding, every defender, margins.

Tidy DataFrames of the round engine's Monte Carlo runs
(:func:`dicestats.initiative.defence`, and :func:`dicestats.initiative.odds`
with holding); the success rolls are the user's assumption. Re-exported by
:mod:`dicestats.tables.initiative`. Rules and limits: ``docs/rules/initiative.md``.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping

from ..core.checks import refuse
from ..core.montecarlo import DEFAULT_TRIALS
from ._common import _each, _entry, _listed, _sides, _streams

__all__ = [
    "DEFENCE_SCENARIOS",
    "initiative_slow",
    "HOLD_SCENARIOS",
    "initiative_holding",
    "DEFENDER_SCENARIOS",
    "initiative_defenders",
    "initiative_margins",
]


def _share(name, e) -> dict:
    """An estimate as three columns: ``name``, ``name_lo``, ``name_hi``."""
    return {name: e.value, f"{name}_lo": e.ci_low, f"{name}_hi": e.ci_high}


#: Defence scenarios shown by default: (label, defenders' swiftness, attackers', options).
DEFENCE_SCENARIOS = (
    ("a hero with 3 dice attacked by a foe with 3", [3], [3], {}),
    ("a hero with 3 dice attacked by two foes with 2 each", [3], [2, 2], {}),
    ("two heroes with 3 dice (both may answer) attacked by a foe with 3", [3, 3], [3], {}),
)


def initiative_slow(
    scenarios=DEFENCE_SCENARIOS,
    *,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """The "slow" penalty scale of active defences, per scenario (Monte Carlo).

    The first side defends, the other attacks with every action (see
    :func:`dicestats.initiative.defence` for the policy). Long format:
    ``label``, ``penalty`` (0 = not slow, 1..5), ``p`` (share of defences
    at that scale), ``lo``, ``hi`` (95% intervals), ``defendable`` (share of
    attacks that could be actively defended), ``defended`` (share actually
    defended: less only with ``defend_if_hit``), each with ``_lo``/``_hi``,
    ``slow_round`` (P(some defence of the round is slow)), ``trials``.
    Each scenario has its own child stream of ``SeedSequence(rng)``.

    Examples
    --------
    >>> df = initiative_slow([("1 vs 1", [1], [1], {})], trials=2_000, rng=3)
    >>> df["penalty"].tolist()[:3], round(float(df["p"].sum()), 9)
    ([0, 1, 2], 1.0)
    """
    import pandas as pd

    from .. import initiative

    what = "(label, defenders, attackers, options)"
    known = set(inspect.signature(initiative.defence).parameters)
    known -= {"swiftness", "versus", "method", "exact", "trials", "rng", "progress"}
    checked = []
    for i, entry in enumerate(_listed("scenarios", scenarios, what + " entries", one=None)):
        label, a, b, opts = _entry(f"scenarios[{i}]", entry, (4,), what)
        a, b = _sides(f"scenarios[{i}]", a, b, ("defenders", "attackers"))
        mapping = isinstance(opts, Mapping)
        if not mapping or not set(opts) <= known:
            allowed = "a mapping of initiative.defence() keywords"
            raise refuse(f"scenarios[{i}] options", allowed, opts, kind=not mapping)
        checked.append((label, a, b, opts))
    scenarios = checked

    def run(scenario, seed):
        _, a, b, opts = scenario
        mc = dict(method="montecarlo", trials=trials, rng=seed, progress=False)
        return initiative.defence(a, b, **mc, **dict(opts))

    rows = []
    for (label, _, _, _), r in _each(scenarios, rng, progress, "defence scenarios", run):
        for k, e in r.slow.items():
            rows.append(
                {
                    "label": str(label),
                    "penalty": k,
                    "p": e.value,
                    "lo": e.ci_low,
                    "hi": e.ci_high,
                    **_share("defendable", r.p_defendable),
                    **_share("defended", r.p_defended),
                    "slow_round": r.p_slow_round.value,
                    "trials": r.trials,
                }
            )
    return pd.DataFrame.from_records(rows)


#: Holding scenarios shown by default: (label, your side's swiftness, theirs).
HOLD_SCENARIOS = (
    ("3 vs 3", [3], [3]),
    ("3 + 3 vs 2 + 2 + 2", [3, 3], [2, 2, 2]),
)


def _scenarios(scenarios, sides=("defenders", "attackers")) -> list:
    """``scenarios`` as ``(label, a, b)`` entries, each checked (see :func:`_entry`)."""
    what = f"(label, {', '.join(sides)})"
    out = []
    for i, entry in enumerate(_listed("scenarios", scenarios, what + " entries", one=None)):
        label, a, b = _entry(f"scenarios[{i}]", entry, (3,), what)
        out.append((str(label), *_sides(f"scenarios[{i}]", a, b, sides)))
    return out


def _assumed(attack, defend):
    """The default success rolls of the tables (the user's assumption): 3d6, 5+."""
    from ..initiative import SuccessRoll

    return (
        SuccessRoll(3) if attack is None else attack,
        SuccessRoll(3) if defend is None else defend,
    )


def initiative_holding(
    scenarios=HOLD_SCENARIOS,
    policies=("never", "defend", "after-enemy", "always"),
    *,
    versus_hold="never",
    attack=None,
    defend=None,
    armour=None,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """What holding buys and costs, per scenario and your side's holding policy.

    Three Monte Carlo runs per cell, each on its own child stream of
    ``SeedSequence(rng)``: the acting order with the policy
    (:func:`dicestats.initiative.odds`: tempo); an exchange in which every
    action of both sides is an attack, answered by every defender
    (:func:`dicestats.initiative.defence` with ``attackers="both"``: wounds dealt
    and taken); and a stand on the defensive, the other side attacking, yours
    answering (``attackers="versus"``: wounds taken). The other side holds by
    ``versus_hold``. The success rolls are
    **the user's assumption** (default 3d6 each, 5+ succeeds; ``attack``,
    ``defend``, ``armour``: :class:`~dicestats.initiative.SuccessRoll` or
    ``RollTable``).

    Returns
    -------
    pandas.DataFrame
        One row per (scenario, policy): ``label``, ``policy``, ``p_first``
        (P(your side takes the first action)) with ``p_first_lo``/``_hi``,
        ``p_all_held`` (P(nobody acts in the round)), ``dealt`` and ``taken``
        (per round of the exchange, the margins your attacks leave and the other
        side's: wounds' scales) each with ``_lo``/``_hi``, ``net`` (dealt −
        taken), ``guarded`` (wounds taken per round on the defensive) with
        ``_lo``/``_hi``, ``assumption``, ``trials``.

    Examples
    --------
    >>> df = initiative_holding([("1 vs 1", [1], [1])], ["never", "defend"], trials=2_000, rng=1)
    >>> df["policy"].tolist(), float(df["p_first"].iloc[1])
    (['never', 'defend'], 0.0)
    """
    import pandas as pd

    from .. import initiative
    from ..initiative.holding import hold_policy

    scenarios = _scenarios(scenarios, ("swiftness", "versus"))
    policies = _listed("policies", policies, "holding policies")
    names = [hold_policy(p, "policies").name for p in policies]
    attack, defend = _assumed(attack, defend)
    cells = [(s, p, n) for s in scenarios for p, n in zip(policies, names, strict=True)]

    def run(cell, seed):
        (_, a, b), pol, _ = cell
        s1, s2, s3 = _streams(seed, 3)
        tempo = initiative.odds(
            a,
            b,
            hold=pol,
            versus_hold=versus_hold,
            method="montecarlo",
            trials=trials,
            rng=s1,
            progress=False,
        )
        fight = initiative.defence(
            a,
            b,
            method="montecarlo",
            trials=trials,
            rng=s2,
            attackers="both",
            hold=pol,
            versus_hold=versus_hold,
            attack=attack,
            defend=defend,
            armour=armour,
            progress=False,
        )
        guard = initiative.defence(
            a,
            b,
            method="montecarlo",
            trials=trials,
            rng=s3,
            hold=pol,
            versus_hold=versus_hold,
            attack=attack,
            defend=defend,
            armour=armour,
            progress=False,
        )
        return tempo, fight, guard

    rows = []
    for ((label, _, _), _, name), (tempo, fight, guard) in _each(
        cells, rng, progress, "holding scenarios", run
    ):
        dealt, taken = fight.mean_wounds_by_side
        rows.append(
            {
                "label": label,
                "policy": name,
                "p_first": tempo.p_first.value,
                "p_first_lo": tempo.p_first.ci_low,
                "p_first_hi": tempo.p_first.ci_high,
                "p_all_held": tempo.p_all_held[0].value,
                **_share("dealt", dealt),
                **_share("taken", taken),
                "net": dealt.value - taken.value,
                **_share("guarded", guard.mean_wounds_by_side[1]),
                "assumption": fight.assumption,
                "trials": tempo.trials,
            }
        )
    return pd.DataFrame.from_records(rows)


#: Defence scenarios for every defender: (label, defenders' swiftness, attackers').
DEFENDER_SCENARIOS = (
    ("3 + 3 vs 3", [3, 3], [3]),
    ("3 + 3 + 3 vs 2 + 2 + 2", [3, 3, 3], [2, 2, 2]),
)


def initiative_defenders(
    scenarios=DEFENDER_SCENARIOS,
    respond=("target", "every"),
    *,
    attack=None,
    defend=None,
    armour=None,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """How many answer one attack, and who: the target alone or every defender.

    The second side attacks the first with every action
    (:func:`dicestats.initiative.defence`), the success rolls **the user's
    assumption** (default 3d6 each, 5+), each (scenario, respond) cell on its own
    child stream of ``SeedSequence(rng)``.

    Returns
    -------
    pandas.DataFrame
        Long format: ``label``, ``respond``, ``answers`` (answers to one attack,
        0 ..), ``p`` (share of attacks), ``lo``, ``hi``; per cell ``defended``,
        ``target`` (share the target answers), ``companions`` (companions'
        answers per attack), ``slow`` (share of answers made slow), ``wound``
        (mean margin left per attack), ``assumption``, ``trials``.

    Examples
    --------
    >>> df = initiative_defenders([("1 + 1 vs 1", [1, 1], [1])], trials=2_000, rng=1)
    >>> sorted(set(df["respond"])), sorted(set(df["answers"]))
    (['every', 'target'], [0, 1, 2])
    """
    import pandas as pd

    from .. import initiative

    scenarios = _scenarios(scenarios)
    modes = _listed("respond", respond, "responses ('every', 'target', 'cover')")
    attack, defend = _assumed(attack, defend)
    cells = [(s, m) for s in scenarios for m in modes]

    def run(cell, seed):
        (_, a, b), mode = cell
        return initiative.defence(
            a,
            b,
            method="montecarlo",
            trials=trials,
            rng=seed,
            respond=mode,
            attack=attack,
            defend=defend,
            armour=armour,
            progress=False,
        )

    rows = []
    for ((label, _, _), mode), r in _each(cells, rng, progress, "defender scenarios", run):
        for k, e in r.responses.items():
            rows.append(
                {
                    "label": label,
                    "respond": mode,
                    "answers": k,
                    "p": e.value,
                    "lo": e.ci_low,
                    "hi": e.ci_high,
                    "defended": r.p_defended.value,
                    "target": r.p_target_responds.value,
                    "companions": r.mean_companion_responses.value,
                    "slow": 1 - r.slow[0].value,
                    "wound": r.mean_wound.value,
                    "assumption": r.assumption,
                    "trials": r.trials,
                }
            )
    return pd.DataFrame.from_records(rows)


def initiative_margins(
    scenarios=DEFENDER_SCENARIOS[:1],
    *,
    respond="every",
    attack=None,
    defend=None,
    armour=None,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """The attacker's margin left (the wound's scale) and the defender's advantage.

    Distributions per scenario (:func:`dicestats.initiative.defence`; the second
    side attacks), **depending on the success rolls the user assumed** (default
    3d6 each, 5+; the ``assumption`` column says which).

    Returns
    -------
    pandas.DataFrame
        Long format: ``label``, ``what`` (``"margin"``: per attack, the
        attacker's successes left after every answer and armour; ``"advantage"``:
        per answer, the responder's one-use advantage), ``k``, ``p``, ``lo``,
        ``hi``, ``assumption``, ``trials``.

    Examples
    --------
    >>> from dicestats.initiative import SuccessRoll
    >>> df = initiative_margins([("1 vs 1", [1], [1])], attack=SuccessRoll(1),
    ...                         defend=SuccessRoll(1), trials=2_000, rng=1)
    >>> sorted(set(df["what"])), sorted(set(df["k"]))
    (['advantage', 'margin'], [0, 1])
    """
    import pandas as pd

    from .. import initiative

    scenarios = _scenarios(scenarios)
    attack, defend = _assumed(attack, defend)

    def run(s, seed):
        _, a, b = s
        return initiative.defence(
            a,
            b,
            method="montecarlo",
            trials=trials,
            rng=seed,
            respond=respond,
            attack=attack,
            defend=defend,
            armour=armour,
            progress=False,
        )

    rows = []
    for (label, _, _), r in _each(scenarios, rng, progress, "margin scenarios", run):
        for what, pmf in (("margin", r.margin), ("advantage", r.advantage)):
            for k, e in pmf.items():
                rows.append(
                    {
                        "label": label,
                        "what": what,
                        "k": k,
                        "p": e.value,
                        "lo": e.ci_low,
                        "hi": e.ci_high,
                        "assumption": r.assumption,
                        "trials": r.trials,
                    }
                )
    return pd.DataFrame.from_records(rows)
