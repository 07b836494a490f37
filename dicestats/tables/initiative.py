"""Initiative tables: tidy DataFrames of the d6 initiative system's Monte Carlo runs.

The acting order's tables are here (who acts first, actions before the other
side's first, preparation margins); the fights' tables (slow defences, holding,
every defender, margins and advantage) are :mod:`._initiative_fights`, whose
builders this module re-exports: ``dicestats.tables.initiative`` lists them all.

Rules and limits: ``docs/rules/initiative.md``.
"""

from __future__ import annotations

from ..core.checks import InputError, check_int_list
from ..core.montecarlo import DEFAULT_TRIALS
from ._common import _each, _entry, _listed, _sides
from ._initiative_fights import *  # noqa: F403
from ._initiative_fights import __all__ as _fights_all

__all__ = [
    "INITIATIVE_MATCHUPS",
    "initiative_first",
    "initiative_actions_before",
    "initiative_pips",
    *_fights_all,
]


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


def _side(sw) -> str:
    return " + ".join(str(int(s)) for s in sw)


def _own_pips(a, pips):
    """Your side's margins: a bare number is your first participant's margin (the others
    prepared nothing); a list gives one per participant."""
    if isinstance(pips, (list, tuple)):
        return list(pips)
    return [pips] + [0] * (len(a) - 1)


def _simulated(matchups, trials, rng, progress, desc="matchups"):
    """Each matchup ``(label, a, b, pips)`` with its simulated round (see :func:`_each`)."""
    from .. import initiative

    def run(m, seed):
        _, a, b, pips = m
        return initiative.odds(
            a,
            b,
            pips=_own_pips(a, pips),
            method="montecarlo",
            trials=trials,
            rng=seed,
            progress=False,
        )

    return _each(matchups, rng, progress, desc, run)


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
        elif len(m) == 3:
            a, b, own = m
            label, pips = None, own if keep_pips else 0
        else:
            a, b = m
            label, pips = None, 0
        a, b = _sides(name, a, b)
        if label is None:
            label = f"{_side(a)}{f' (+{pips} pips)' if pips else ''} vs {_side(b)}"
        out.append((str(label), a, b, pips))
    return out


def initiative_first(
    matchups=INITIATIVE_MATCHUPS,
    *,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    exact_limit: int = 5_000,
    progress: bool | None = None,
):
    """P(your side acts first) per matchup, with 95% Wilson intervals.

    Parameters
    ----------
    matchups : sequence
        Entries ``(label, swiftness, versus, pips)``, ``(swiftness, versus,
        pips)`` or ``(swiftness, versus)``; swiftness lists give one number
        of d6 per participant; ``pips`` is your side's preparation margins,
        one per participant, or one number for your first participant (the
        default reading: each participant's margin on one of its own dice).
    trials : int
        Simulated rounds per matchup.
    rng : seed
        Every matchup gets its own child stream of ``SeedSequence(rng)``:
        the same seed gives the same frame.
    progress : bool, optional
        One progress bar over the matchups (``None``: only on a terminal).
    exact_limit : int
        Also report the exact value (``p_exact`` column, from
        :func:`dicestats.initiative.odds`) for setups with at most this
        many dice outcomes; ``0`` turns it off.

    Returns
    -------
    pandas.DataFrame
        ``matchup``, ``p``, ``lo``, ``hi``, ``stderr``, ``trials``, ``p_exact``
        (float or NaN), ``p_double`` (someone acts twice in a row).

    Examples
    --------
    >>> df = initiative_first([([1], [1])], trials=2_000, rng=1)
    >>> row = df.iloc[0]
    >>> row["matchup"], float(row["p_exact"]), bool(row["lo"] < 0.5 < row["hi"])
    ('1 vs 1', 0.5, True)
    """
    import pandas as pd

    from .. import initiative

    rows = []
    for (label, a, b, pips), r in _simulated(_matchups(matchups), trials, rng, progress):
        p_exact = float("nan")
        if exact_limit:
            try:
                p_exact = initiative.odds(
                    a, b, pips=_own_pips(a, pips), limit=exact_limit, exact=False
                ).p_first
            except InputError:  # too big to enumerate: Monte Carlo only
                pass
        rows.append(
            {
                "matchup": label,
                "p": r.p_first.value,
                "lo": r.p_first.ci_low,
                "hi": r.p_first.ci_high,
                "stderr": r.p_first.stderr,
                "trials": r.trials,
                "p_exact": p_exact,
                "p_double": r.p_double.value,
            }
        )
    return pd.DataFrame.from_records(rows)


def initiative_actions_before(
    matchups=INITIATIVE_MATCHUPS[2:5],
    *,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """Distribution of your side's actions before the other side's first action.

    Long format: ``label`` (the matchup), ``actions`` (0 .. your dice),
    ``p``, ``lo``, ``hi`` (95% Wilson), ``trials``. Seeds as in
    :func:`initiative_first`.

    Examples
    --------
    >>> df = initiative_actions_before([([2], [1])], trials=2_000, rng=1)
    >>> df["actions"].tolist(), round(float(df["p"].sum()), 12)
    ([0, 1, 2], 1.0)
    """
    import pandas as pd

    rows = []
    for (label, _, _, _), r in _simulated(_matchups(matchups), trials, rng, progress):
        for k, e in r.actions_before.items():
            rows.append(
                {
                    "label": label,
                    "actions": k,
                    "p": e.value,
                    "lo": e.ci_low,
                    "hi": e.ci_high,
                    "trials": r.trials,
                }
            )
    return pd.DataFrame.from_records(rows)


def initiative_pips(
    matchups=(([3], [3]), ([1], [3]), ([3], [2, 2])),
    pips=range(0, 7),
    *,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    progress: bool | None = None,
):
    """P(your side acts first) as your first participant's preparation margin grows.

    ``pips`` are whole numbers (0..1000), each your first participant's margin,
    added to one of its own dice (the rules' default reading; the others
    prepared nothing). Long format: ``label`` (the matchup without pips),
    ``pips``, ``p``, ``lo``, ``hi`` (95% Wilson), ``stderr``, ``trials``. Each
    (matchup, pips) cell has its own child stream of ``SeedSequence(rng)``.

    Examples
    --------
    >>> df = initiative_pips([([1], [1])], pips=[0, 5], trials=2_000, rng=3)
    >>> row = df.iloc[1]  # one die + 5 pips is a 6; a 6 against it is a coin flip: 11/12
    >>> df["pips"].tolist(), bool(abs(row["p"] - 11 / 12) < 4.5 * row["stderr"])
    ([0, 5], True)
    """
    import pandas as pd

    from ..initiative import LIMITS

    lim = LIMITS["pips"]
    pips = check_int_list("pips", pips, lim.lo, lim.hi, why=lim.why)
    ms = _matchups(matchups, keep_pips=False)
    cells = [(label, a, b, p) for label, a, b, _ in ms for p in pips]
    rows = []
    for (label, _, _, p), r in _simulated(cells, trials, rng, progress, "pip scenarios"):
        rows.append(
            {
                "label": label,
                "pips": p,
                "p": r.p_first.value,
                "lo": r.p_first.ci_low,
                "hi": r.p_first.ci_high,
                "stderr": r.p_first.stderr,
                "trials": r.trials,
            }
        )
    return pd.DataFrame.from_records(rows)
