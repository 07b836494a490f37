"""Initiative tables: tidy DataFrames of the d6 initiative system (rules and limits:
``docs/rules/initiative.md``).

The acting order's tables (:func:`initiative_first`, :func:`initiative_actions_before`,
:func:`initiative_pips`) are exact by default, by tiers at any table size (floats, or
Fractions with ``exact=True``), or Monte Carlo when asked (``trials=``, ``rng=`` or
``method="montecarlo"``: the method keywords of :func:`dicestats.initiative.odds`). The
fights' tables (defences, holding, every defender) are Monte Carlo: they have no exact form
at a table's size. Monte Carlo runs each scenario or cell on its own child stream of
``SeedSequence(rng)``."""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence

from ..core.checks import TEXT, InputError, check_int, check_int_list, refuse
from ..core.montecarlo import DEFAULT_TRIALS, seed_sequence
from ..core.progress import progress_bar
from ._common import LIMITS as TABLE_LIMITS
from ._common import _frame, _listed, _num, _p

__all__ = [
    "INITIATIVE_MATCHUPS",
    "initiative_first",
    "initiative_actions_before",
    "initiative_pips",
    "DEFENCE_SCENARIOS",
    "initiative_slow",
    "HOLD_SCENARIOS",
    "initiative_holding",
    "DEFENDER_SCENARIOS",
    "initiative_defenders",
    "initiative_margins",
]


# --------------------------------------------------------------------------- shared
def _each(items, rng, progress, desc, run):
    """``(item, run(item, seed))`` for each item, each on its own child stream of ``rng``,
    under one progress bar."""
    seeds = seed_sequence(rng).spawn(len(items))
    bar = progress_bar(len(items), progress=progress, desc=desc, unit="scenario")
    try:
        for item, seed in zip(items, seeds, strict=True):
            out = run(item, seed)
            bar.update()
            yield item, out
    finally:
        bar.close()


def _simulate(question: str, a, b, trials, seed, **options):
    """``initiative.<question>(a, b, ...)`` by Monte Carlo on the stream ``seed``."""
    from .. import initiative

    ask = getattr(initiative, question)
    return ask(a, b, method="montecarlo", trials=trials, rng=seed, progress=False, **options)


def _entry(name, value, sizes, what) -> tuple:
    """``value`` as a tuple of one of the lengths ``sizes`` (a list's entry), or refused.

    >>> _entry("scenarios[0]", ("1 vs 1", [1]), (3,), "(label, swiftness, versus)")
    Traceback (most recent call last):
    ...
    dicestats.InputError: scenarios[0] must be a (label, swiftness, versus) entry, \
got ('1 vs 1', [1])
    """
    seq = isinstance(value, Sequence) and not isinstance(value, TEXT)
    if not seq or len(value) not in sizes:
        raise refuse(name, f"a {what} entry", value, kind=not seq)
    return tuple(value)


def _sides(name, a, b, names=("swiftness", "versus")) -> tuple[list[int], list[int]]:
    """An entry's two sides as lists of integers (their ranges are checked by the call)."""
    pairs = zip(names, (a, b), strict=True)
    return tuple(check_int_list(f"{name} {side}", s, min_len=0) for side, s in pairs)


def _share(name, e) -> dict:
    """An estimate as three columns: ``name``, ``name_lo``, ``name_hi``."""
    return {name: e.value, f"{name}_lo": e.ci_low, f"{name}_hi": e.ci_high}


# --------------------------------------------------------------------------- the acting order
#: Matchups shown by default: (label, your side's swiftness, theirs, your pips).
INITIATIVE_MATCHUPS = (
    ("1 vs 1", [1], [1], 0),
    ("2 vs 1", [2], [1], 0),
    ("3 vs 1", [3], [1], 0),
    ("3 vs 2", [3], [2], 0),
    ("3 vs 3", [3], [3], 0),
    ("3 vs 2 + 2", [3], [2, 2], 0),
    ("3 + 3 vs 3", [3, 3], [3], 0),
    ("3 (+2 pips) vs 3", [3], [3], 2),
    ("1 (+2 pips) vs 3", [1], [3], 2),
)


def _own_pips(a, pips):
    """Your side's margins: a bare number is your first participant's margin (the others
    prepared nothing); a list gives one per participant."""
    if isinstance(pips, (list, tuple)):
        return list(pips)
    return [pips] + [0] * (len(a) - 1)


def _method(method, exact, trials, rng) -> str:
    """How an acting-order table answers, in the words of :func:`dicestats.initiative.odds`
    and checked by its declaration: ``"float"`` when nothing is named (the exact values as
    floats), ``"exact"`` (``exact=True``: Fractions) or ``"montecarlo"`` (``trials=`` or
    ``rng=`` alone choose it).

    >>> _method(None, None, None, None), _method(None, True, None, None)
    ('float', 'exact')
    >>> _method(None, None, 2_000, 1), _method("montecarlo", None, None, None)
    ('montecarlo', 'montecarlo')
    """
    from .. import initiative

    if method is None and exact is None and trials is None and rng is None:
        return "float"
    return initiative.odds.question.method_of(method=method, exact=exact, trials=trials, rng=rng)


def _answers(matchups, method, trials, rng, progress, desc="matchups"):
    """Each matchup ``(label, a, b, pips)`` with its round: exact (``method`` ``"exact"`` or
    ``"float"``: by tiers, no seed) or simulated (each on its own stream, see :func:`_each`)."""
    from .. import initiative

    if method != "montecarlo":
        ask = initiative.odds
        return ((m, ask(m[1], m[2], pips=_own_pips(m[1], m[3]), method=method)) for m in matchups)

    def run(m, seed):
        _, a, b, pips = m
        return _simulate("odds", a, b, trials, seed, pips=_own_pips(a, pips))

    return _each(matchups, rng, progress, desc, run)


def _chance(x) -> dict:
    """A chance's columns: ``p`` (a Fraction stays one), and ``lo``/``hi`` for an estimate."""
    return _p(x) if hasattr(x, "ci_low") else {"p": _num(x)}


#: What a matchup entry is, as refusals word it.
MATCHUP = "(label, swiftness, versus, pips), (swiftness, versus, pips) or (swiftness, versus)"


def _matchups(matchups, *, keep_pips=True):
    """The matchups as ``(label, a, b, pips)``, each entry checked (``keep_pips=False``: a
    three-entry's pips are dropped, the label names none)."""
    out = []
    for i, m in enumerate(_listed("matchups", matchups, MATCHUP + " entries", one=None)):
        name = f"matchups[{i}]"
        m = _entry(name, m, (2, 3, 4), MATCHUP)
        if len(m) == 4:
            label, a, b, pips = m
        else:  # no label; the pips of a three-entry, if kept
            label, (a, b), pips = None, m[:2], (m[2] if len(m) == 3 and keep_pips else 0)
        a, b = _sides(name, a, b)
        if label is None:
            side = [" + ".join(str(int(s)) for s in sw) for sw in (a, b)]
            label = f"{side[0]}{f' (+{pips} pips)' if pips else ''} vs {side[1]}"
        out.append((str(label), a, b, pips))
    return out


def initiative_first(
    matchups=INITIATIVE_MATCHUPS,
    *,
    method: str | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    rng=None,
    exact_limit: int = 5_000,
    progress: bool | None = None,
):
    """P(your side acts first) per matchup: exact, or Monte Carlo with 95% Wilson intervals.

    Parameters
    ----------
    matchups : sequence
        Entries ``(label, swiftness, versus, pips)``, ``(swiftness, versus,
        pips)`` or ``(swiftness, versus)``; swiftness lists give one number
        of d6 per participant; ``pips`` is your side's preparation margins,
        one per participant, or one number for your first participant (the
        default reading: each participant's margin on one of its own dice).
    method, exact, trials, rng
        How, as :func:`dicestats.initiative.odds` takes them: nothing named, the
        exact values as floats (by tiers at any table size: every roll weighed,
        no seed); ``exact=True`` (``method="exact"``), as Fractions; ``trials``
        or ``rng`` (or ``method="montecarlo"``), by Monte Carlo: ``trials``
        simulated rounds per matchup (default 100,000), every matchup on its own
        child stream of ``SeedSequence(rng)`` (the same seed gives the same frame).
    exact_limit : int
        Monte Carlo only: also report the exact value (``p_exact`` column, from
        :func:`dicestats.initiative.odds`): by tiers at any size under the
        default reading, else enumerated for setups with at most this many
        dice outcomes (NaN past it); ``0`` turns it off.
    progress : bool, optional
        Monte Carlo: one progress bar over the matchups (``None``: only on a terminal).

    Returns
    -------
    pandas.DataFrame
        Exact: ``matchup``, ``p``, ``p_double`` (someone acts twice in a row).
        Monte Carlo: ``matchup``, ``p``, ``lo``, ``hi``, ``stderr``, ``trials``,
        ``p_exact`` (float or NaN), ``p_double`` (estimated).

    Examples
    --------
    >>> df = initiative_first([([2], [1])], exact=True)
    >>> df["p"].iloc[0], df["p_double"].iloc[0]
    (Fraction(161, 216), Fraction(73, 108))
    >>> df = initiative_first([([1], [1])], trials=2_000, rng=1)
    >>> row = df.iloc[0]
    >>> row["matchup"], float(row["p_exact"]), bool(row["lo"] < 0.5 < row["hi"])
    ('1 vs 1', 0.5, True)
    """
    from .. import initiative

    method = _method(method, exact, trials, rng)
    # checked here: a bad value was an InputError below, read as "too big" (NaN, unsaid)
    exact_limit = check_int("exact_limit", exact_limit, 0)
    rows = []
    for (label, a, b, pips), r in _answers(_matchups(matchups), method, trials, rng, progress):
        if method != "montecarlo":
            rows.append({"matchup": label, "p": _num(r.p_first), "p_double": _num(r.p_double)})
            continue
        p_exact = float("nan")
        if exact_limit:
            try:
                pips = _own_pips(a, pips)
                p_exact = initiative.odds(a, b, pips=pips, limit=exact_limit, exact=False).p_first
            except InputError:  # a reading the tiers do not carry, too big to enumerate
                pass
        f = r.p_first
        rows.append({"matchup": label, **_p(f), "stderr": f.stderr, "trials": r.trials})
        rows[-1] |= {"p_exact": p_exact, "p_double": r.p_double.value}
    return _frame(rows)


def initiative_actions_before(
    matchups=INITIATIVE_MATCHUPS[2:5],
    *,
    method: str | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    rng=None,
    progress: bool | None = None,
):
    """Distribution of your side's actions before the other side's first action.

    Long format: ``label`` (the matchup), ``actions`` (0 .. your dice), ``p``;
    by Monte Carlo also ``lo``, ``hi`` (95% Wilson) and ``trials``. Exact by
    default; ``method``, ``exact``, ``trials``, ``rng``, ``progress`` as in
    :func:`initiative_first`.

    Examples
    --------
    >>> df = initiative_actions_before([([2], [1])], exact=True)
    >>> df["actions"].tolist(), df["p"].tolist()
    ([0, 1, 2], [Fraction(55, 216), Fraction(35, 108), Fraction(91, 216)])
    >>> df = initiative_actions_before([([2], [1])], trials=2_000, rng=1)
    >>> df["actions"].tolist(), round(float(df["p"].sum()), 12)
    ([0, 1, 2], 1.0)
    """
    method = _method(method, exact, trials, rng)
    rows = []
    for (label, _, _, _), r in _answers(_matchups(matchups), method, trials, rng, progress):
        more = {"trials": r.trials} if method == "montecarlo" else {}
        rows += [
            {"label": label, "actions": k, **_chance(e), **more}
            for k, e in r.actions_before.items()
        ]
    return _frame(rows)


def initiative_pips(
    matchups=(([3], [3]), ([1], [3]), ([3], [2, 2])),
    pips=range(0, 7),
    *,
    method: str | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    rng=None,
    progress: bool | None = None,
):
    """P(your side acts first) as your first participant's preparation margin grows.

    ``pips`` are whole numbers (0..1000), each your first participant's margin,
    added to one of its own dice (the rules' default reading; the others
    prepared nothing). Long format: ``label`` (the matchup without pips),
    ``pips``, ``p``; by Monte Carlo also ``lo``, ``hi`` (95% Wilson), ``stderr``
    and ``trials``. Exact by default; ``method``, ``exact``, ``trials``, ``rng``,
    ``progress`` as in :func:`initiative_first` (Monte Carlo: a stream per cell).

    Examples
    --------
    >>> df = initiative_pips([([1], [1])], pips=[0, 5], exact=True)
    >>> df["pips"].tolist(), df["p"].tolist()  # one die + 5 pips is a 6: 11/12
    ([0, 5], [Fraction(1, 2), Fraction(11, 12)])
    >>> df = initiative_pips([([1], [1])], pips=[0, 5], trials=2_000, rng=3)
    >>> row = df.iloc[1]
    >>> df["pips"].tolist(), bool(abs(row["p"] - 11 / 12) < 4.5 * row["stderr"])
    ([0, 5], True)
    """
    from ..initiative import LIMITS

    method = _method(method, exact, trials, rng)
    lim = LIMITS["pips"]
    most = TABLE_LIMITS["entries listed"]
    pips = check_int_list("pips", pips, lim.lo, lim.hi, max_len=most.hi, why=most.why)
    cells = [(lab, a, b, p) for lab, a, b, _ in _matchups(matchups, keep_pips=False) for p in pips]
    rows = []
    for (label, _, _, p), r in _answers(cells, method, trials, rng, progress, "pip scenarios"):
        f = r.p_first
        more = {"stderr": f.stderr, "trials": r.trials} if method == "montecarlo" else {}
        rows.append({"label": label, "pips": p, **_chance(f), **more})
    return _frame(rows)


# --------------------------------------------------------------------------- fights
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
    defended: less where success rolls are asked for, as only an attack that scored is
    answered unless ``answer_every``), each with ``_lo``/``_hi``,
    ``slow_round`` (P(some defence of the round is slow)), ``trials``.

    Examples
    --------
    >>> df = initiative_slow([("1 vs 1", [1], [1], {})], trials=2_000, rng=3)
    >>> df["penalty"].tolist()[:3], round(float(df["p"].sum()), 9)
    ([0, 1, 2], 1.0)
    """

    def run(scenario, seed):
        _, a, b, opts = scenario
        return _simulate("defence", a, b, trials, seed, **dict(opts))

    rows = []
    checked = _scenarios(scenarios, options=True)
    for (label, _, _, _), r in _each(checked, rng, progress, "defence scenarios", run):
        each = {**_share("defendable", r.p_defendable), **_share("defended", r.p_defended)}
        each |= {"slow_round": r.p_slow_round.value, "trials": r.trials}
        rows += [{"label": label, "penalty": k, **_p(e), **each} for k, e in r.slow.items()]
    return _frame(rows)


#: Holding scenarios shown by default: (label, your side's swiftness, theirs).
HOLD_SCENARIOS = (
    ("3 vs 3", [3], [3]),
    ("3 + 3 vs 2 + 2 + 2", [3, 3], [2, 2, 2]),
)


def _scenarios(scenarios, sides=("defenders", "attackers"), *, options=False) -> list:
    """``scenarios`` as ``(label, a, b)`` entries, each checked (see :func:`_entry`); with
    ``options``, ``(label, a, b, options)``, the options keywords of ``initiative.defence``."""
    from .. import initiative

    what = f"(label, {', '.join(sides)}{', options' if options else ''})"
    known = set(inspect.signature(initiative.defence).parameters)
    known -= {"swiftness", "versus", "method", "exact", "trials", "rng", "progress"}
    out = []
    for i, entry in enumerate(_listed("scenarios", scenarios, what + " entries", one=None)):
        name = f"scenarios[{i}]"
        label, a, b, *opts = _entry(name, entry, (4 if options else 3,), what)
        out.append((str(label), *_sides(name, a, b, sides), *opts))
        if opts and (not isinstance(opts[0], Mapping) or not set(opts[0]) <= known):
            allowed = "a mapping of initiative.defence() keywords"
            raise refuse(f"{name} options", allowed, opts[0], kind=not isinstance(opts[0], Mapping))
    return out


def _assumed(attack, defend, armour) -> dict:
    """The success rolls of the tables (the user's assumption), by default 3d6, 5+."""
    from ..initiative import SuccessRoll

    attack = SuccessRoll(3) if attack is None else attack
    return dict(attack=attack, defend=SuccessRoll(3) if defend is None else defend, armour=armour)


def initiative_holding(
    scenarios=HOLD_SCENARIOS,
    policies=("never", "defend", "reserve", "after-enemy", "always"),
    *,
    versus_hold="never",
    attack=None,
    defend=None,
    armour=None,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
    options=None,
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
        ``_lo``/``_hi``, ``wounded`` (the share of the other side's attacks that wound
        yours on the defensive) with ``_lo``/``_hi``, ``assumption``, ``trials``.

    ``options``: other keywords of :func:`dicestats.initiative.defence` for every run
    (``rounds``, ``respond``, ``pips``, ...; those :func:`~dicestats.initiative.odds`
    takes go to the tempo run too).

    Examples
    --------
    >>> df = initiative_holding([("1 vs 1", [1], [1])], ["never", "defend"], trials=2_000, rng=1)
    >>> df["policy"].tolist(), float(df["p_first"].iloc[1])
    (['never', 'defend'], 0.0)
    """
    from ..initiative.holding import hold_policy

    scenarios = _scenarios(scenarios, ("swiftness", "versus"))
    policies = _listed("policies", policies, "holding policies")
    names = [hold_policy(p, "policies").name for p in policies]
    rolls = _assumed(attack, defend, armour)
    cells = [(s, p, n) for s in scenarios for p, n in zip(policies, names, strict=True)]

    from .. import initiative

    if options is not None and not isinstance(options, Mapping):
        raise refuse("options", "a mapping of keywords of initiative.defence", options, kind=True)
    options = dict(options or {})
    own = {"hold", "versus_hold", "attackers", "attack", "defend", "armour", "trials", "rng"}
    allowed = set(inspect.signature(initiative.defence).parameters) - own - {"swiftness", "versus"}
    if not set(options) <= allowed:
        odd = sorted(map(str, set(options) - allowed))
        raise refuse("options", "keywords of initiative.defence but the policies and rolls", odd)
    known = set(inspect.signature(initiative.odds).parameters)
    timing = {k: v for k, v in options.items() if k in known}

    def run(cell, seed):
        (_, a, b), pol, _ = cell
        s1, s2, s3 = seed_sequence(seed).spawn(3)
        holds = dict(hold=pol, versus_hold=versus_hold)
        tempo = _simulate("odds", a, b, trials, s1, **holds, **timing)
        fight = _simulate(
            "defence", a, b, trials, s2, attackers="both", **holds, **rolls, **options
        )
        return tempo, fight, _simulate("defence", a, b, trials, s3, **holds, **rolls, **options)

    rows = []
    for ((label, _, _), _, name), (tempo, fight, guard) in _each(
        cells, rng, progress, "holding scenarios", run
    ):
        dealt, taken = fight.mean_wounds_by_side
        rows.append(
            {
                "label": label,
                "policy": name,
                **_share("p_first", tempo.p_first),
                "p_all_held": tempo.p_all_held[0].value,
                **_share("dealt", dealt),
                **_share("taken", taken),
                "net": dealt.value - taken.value,
                **_share("guarded", guard.mean_wounds_by_side[1]),
                **_share("wounded", guard.p_wounding),
                "assumption": fight.assumption,
                "trials": tempo.trials,
            }
        )
    return _frame(rows)


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
    scenarios = _scenarios(scenarios)
    modes = _listed("respond", respond, "responses ('every', 'target', 'cover')")
    rolls = _assumed(attack, defend, armour)
    cells = [(s, m) for s in scenarios for m in modes]

    def run(cell, seed):
        (_, a, b), mode = cell
        return _simulate("defence", a, b, trials, seed, respond=mode, **rolls)

    rows = []
    for ((label, _, _), mode), r in _each(cells, rng, progress, "defender scenarios", run):
        cell = {
            "defended": r.p_defended.value,
            "target": r.p_target_responds.value,
            "companions": r.mean_companion_responses.value,
            "slow": 1 - r.slow[0].value,
            "wound": r.mean_wound.value,
            "assumption": r.assumption,
            "trials": r.trials,
        }
        rows += [
            {"label": label, "respond": mode, "answers": k, **_p(e), **cell}
            for k, e in r.responses.items()
        ]
    return _frame(rows)


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
    rolls = _assumed(attack, defend, armour)

    def run(s, seed):
        _, a, b = s
        return _simulate("defence", a, b, trials, seed, respond=respond, **rolls)

    rows = []
    for (label, _, _), r in _each(_scenarios(scenarios), rng, progress, "margin scenarios", run):
        cell = {"assumption": r.assumption, "trials": r.trials}
        for what, pmf in (("margin", r.margin), ("advantage", r.advantage)):
            rows += [
                {"label": label, "what": what, "k": k, **_p(e), **cell} for k, e in pmf.items()
            ]
    return _frame(rows)
