"""Initiative inverse questions: the pips or the swiftness a side needs to act first.

:func:`solve_initiative` scans the preparation margin (``pips``) or the swiftness
of one participant of the first side from the bottom up and answers the first
setting whose ``P(act first)`` is at least ``p``. Each setting is enumerated
exactly (:func:`dicestats.initiative.odds`) when it is small enough
(``initiative.LIMITS``: outcome classes and work), and simulated
(:func:`dicestats.initiative.simulate`, the same seed for every setting, so the
settings are compared on the same dice) otherwise. A simulated answer says how
sure it is: its interval, and whether the setting below is under ``p`` with 99%
confidence (``below_confident``). The trial budget is ``trials`` per simulated
setting (``trials_total`` in all), shown on a progress bar.

Examples
--------
>>> r = solve_initiative([1], [2], at_least=0.5)     # exact: one die against two
>>> r.value, r.p_reached, r.p_below
(3, Fraction(125, 216), Fraction(13, 27))
>>> print(r)
3 pips: P(act first) = 57.87% (wished >= 50%; 2 pips: 48.15%) for participant A1, \
swiftness [1] against [2] (exact)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.checks import InputError, check_choice, check_exact, check_int, refuse
from ..core.montecarlo import DEFAULT_TRIALS
from ..core.progress import progress_bar
from ..core.results import Result
from ..initiative.limits import LIMITS, check_exact_size
from ._search import below_with_confidence, check_probability, pct, reaches, value, wish_text

__all__ = ["InitiativeSolved", "solve_initiative", "SOLVE_FOR", "METHODS"]

#: What can be solved for.
SOLVE_FOR = ("pips", "swiftness")
#: How each setting is computed.
METHODS = ("auto", "enumerate", "simulate")


@dataclass(frozen=True)
class InitiativeSolved(Result):
    """The pips or swiftness one participant needs to act first (:func:`solve_initiative`).

    Attributes
    ----------
    solved_for : {"pips", "swiftness"}
    participant : int
        The participant of the first side whose setting is searched (0: A1).
    swiftness, versus : tuple of int
        The two sides as given (the searched swiftness is the answer, not these).
    pips, versus_pips : tuple of int or int
        Their preparation margins as given.
    at_least : the wished ``P(act first)``.
    value : int or None
        The smallest setting reaching it (None: none in the range does).
    reached : bool
    p_reached, p_below : ``P(act first)`` at the answer and one below (None at
        the bottom of the range or when unreachable): Fractions when enumerated,
        Estimates when simulated.
    below_confident : bool or None
        The setting below is under ``at_least`` with 99% confidence (always True
        when it was enumerated; None when there is no setting below).
    best_value, p_best : the best setting of the range and its probability.
    scan : dict
        ``{setting: P(act first)}`` for every setting computed.
    exact : bool
        Every setting of the scan was enumerated, in Fractions.
    simulated : bool
        Some setting of the scan was simulated.
    trials : int or None
        Trials per simulated setting (None when nothing was simulated).
    trials_total : int
        Trials simulated in all (0 when everything was enumerated).
    """

    solved_for: str
    participant: int
    swiftness: tuple
    versus: tuple
    pips: object
    versus_pips: object
    at_least: object
    value: int | None
    reached: bool
    p_reached: object
    p_below: object
    below_confident: bool | None
    best_value: int
    p_best: object
    scan: dict = field(repr=False)
    exact: bool
    simulated: bool
    trials: int | None
    trials_total: int

    def __str__(self) -> str:
        unit = {"pips": ("pip", "pips"), "swiftness": ("die", "dice")}[self.solved_for]

        def n(v):
            return f"{v} {unit[0] if v == 1 else unit[1]}"

        how = f"{self.trials:,} trials per setting, simulated" if self.simulated else "exact"
        who = (
            f"participant A{self.participant + 1}, swiftness {list(self.swiftness)} against "
            f"{list(self.versus)} ({how})"
        )
        if not self.reached:
            return (
                f"no setting up to {n(max(self.scan))} reaches P(act first) >= "
                f"{wish_text(self.at_least)}; the best is {n(self.best_value)} with "
                f"{pct(self.p_best)}, for {who}"
            )
        below = ""
        if self.p_below is not None:
            below = f"; {n(self.value - 1)}: {pct(self.p_below)}"
            if hasattr(self.p_below, "stderr"):
                sure = "is" if self.below_confident else "is not shown to be"
                below += f", {sure} below {wish_text(self.at_least)} with 99% confidence"
        return (
            f"{n(self.value)}: P(act first) = {pct(self.p_reached)} (wished >= "
            f"{wish_text(self.at_least)}{below}) for {who}"
        )


def _sides(swiftness, versus):
    out = []
    for name, side in (("swiftness", swiftness), ("versus", versus)):
        if isinstance(side, int) and not isinstance(side, bool):
            side = [side]
        if isinstance(side, (str, bytes)) or not hasattr(side, "__iter__"):
            raise refuse(name, "a list of swiftness values, one per participant", side, kind=True)
        side = [LIMITS["swiftness"].check(s, name=name) for s in side]
        LIMITS["participants"].check(len(side), name=f"participants of {name}")
        out.append(side)
    return out


def _seed(rng):
    """One integer seed for every simulated setting (common random numbers)."""
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return int(rng.integers(2**63 - 1))
    if isinstance(rng, np.random.SeedSequence):
        return rng.entropy
    return np.random.SeedSequence(rng).entropy


def solve_initiative(
    swiftness,
    versus,
    *,
    at_least,
    solve_for: str = "pips",
    participant: int = 0,
    pips=0,
    versus_pips=0,
    limit: int | None = None,
    rules=None,
    method: str = "auto",
    exact: bool = True,
    trials: int = DEFAULT_TRIALS,
    rng=None,
    workers: int = 1,
    progress: bool | None = None,
) -> InitiativeSolved:
    """The smallest pips (or swiftness) of one participant for ``P(act first) >= at_least``.

    Parameters
    ----------
    swiftness, versus : list of int
        The two sides (one swiftness per participant); the first side is searched.
    at_least : number in [0, 1]
    solve_for : {"pips", "swiftness"}
        The searched participant's preparation margin (0 up to 5 per die it
        rolls: more cannot raise a die further) or its swiftness (1 up to
        ``initiative.LIMITS["swiftness"]``).
    participant : int
        Which participant of the first side (0: A1). With ``rules.pip_rule ==
        "side-pool"`` the pips are the side's one margin.
    pips, versus_pips : list of int or int
        The margins of everyone else, as :func:`dicestats.initiative.odds` takes them.
    limit : int, optional
        The largest setting searched (default: as above).
    rules : initiative.Rules, optional
    method : {"auto", "enumerate", "simulate"}
        ``"auto"`` (default): enumerate every setting small enough, simulate the
        rest; ``"enumerate"``: enumerate or refuse; ``"simulate"``: simulate all.
    exact : bool, default True
        Enumerated probabilities as Fractions (else floats).
    trials, rng, workers, progress
        The Monte Carlo budget per simulated setting, its seed (one seed for
        every setting), workers and the progress bar.

    Examples
    --------
    >>> r = solve_initiative([1], [2], at_least=0.9)   # 5 pips make a 6; a 6 of theirs still wins
    >>> r.reached, r.best_value, r.p_best
    (False, 5, Fraction(25, 36))
    >>> solve_initiative([1], [1], at_least=0.6, solve_for="swiftness").value
    2
    """
    from .. import initiative as ini

    swiftness, versus = _sides(swiftness, versus)
    check_choice("solve_for", solve_for, SOLVE_FOR)
    i = check_int("participant", participant, 0, len(swiftness) - 1)
    p = check_probability("at_least", at_least)
    check_choice("method", method, METHODS)
    check_exact(exact)
    rules = ini.Rules() if rules is None else rules
    side_pool = getattr(rules, "pip_rule", "one-die") == "side-pool"
    if solve_for == "pips":
        top = 5 * (sum(swiftness) if side_pool else swiftness[i])
        settings_lo = 0
        if not side_pool:
            if isinstance(pips, bool) or not isinstance(pips, (int, list, tuple)):
                raise refuse("pips", "an int or one margin per participant", pips, kind=True)
            pips = [0] * len(swiftness) if pips == 0 else list(pips) if not isinstance(
                pips, int) else [pips]  # fmt: skip
            if len(pips) != len(swiftness):
                raise refuse("pips", f"one margin per participant ({len(swiftness)})", pips)
    else:
        top, settings_lo = LIMITS["swiftness"].hi, 1
    if limit is not None:
        top = check_int("limit", limit, settings_lo, top if solve_for == "swiftness" else None)
    trials = check_int("trials", trials, 1, None)
    seed = None

    def setup(v):
        sw, pp = list(swiftness), pips
        if solve_for == "swiftness":
            sw[i] = v
        elif side_pool:
            pp = v
        else:
            pp = list(pips)
            pp[i] = v
        return sw, pp

    def fits(v) -> bool:
        sw, _ = setup(v)
        try:
            check_exact_size(sw + versus)
        except InputError:
            return False
        return True

    scan, simulated = {}, 0
    with progress_bar(
        (top - settings_lo + 1) * trials, progress=progress, desc="solve initiative", unit="trial"
    ) as bar:
        for v in range(settings_lo, top + 1):
            sw, pp = setup(v)
            if method == "enumerate" or (method == "auto" and fits(v)):
                q = ini.odds(
                    sw, versus, pips=pp, versus_pips=versus_pips, rules=rules, exact=exact
                ).p_first
            else:
                if seed is None:
                    seed = _seed(rng)
                q = ini.simulate(
                    sw, versus, pips=pp, versus_pips=versus_pips, rules=rules, trials=trials,
                    rng=seed, workers=workers, progress=False,
                ).p_first  # fmt: skip
                simulated += trials
            bar.update(trials)
            scan[v] = q
            if reaches(q, p):
                break
    best_value = max(scan, key=lambda v: (value(scan[v]), -v))
    last = max(scan)
    reached = reaches(scan[last], p)
    below = scan.get(last - 1) if reached else None
    return InitiativeSolved(
        solve_for, i, tuple(swiftness), tuple(versus),
        tuple(pips) if isinstance(pips, list) else pips, versus_pips, p,
        last if reached else None, reached, scan[last] if reached else None, below,
        None if below is None else below_with_confidence(below, p),
        best_value, scan[best_value], scan, exact and not simulated, simulated > 0,
        trials if simulated else None, simulated,
    )  # fmt: skip
