"""The initiative explorer (:func:`initiative`): the generic one, slow answers beside odds."""

from __future__ import annotations

import dataclasses
import functools

from .generic_ui import TRIALS, GenericExplorer, figure_text, view_html

__all__ = ["InitiativeExplorer", "initiative"]

FIGURES = {
    "p_first": "side A acts first",
    "p_double": "someone acts twice in a row",
    "p_slow_round": "a round with a slow answer",
}


def _figure(e) -> str:
    return "…" if e is None else figure_text("p_", e)  # "…": with the full estimate


class InitiativeExplorer(GenericExplorer):
    """d6 initiative: see :func:`initiative`."""

    title = "Initiative"

    short = True

    def greyed(self, state: dict) -> dict:
        """Trials and seed stay open beside exact odds: the slow answers are Monte Carlo."""
        return dict.fromkeys(("trials", "seed"), False) if state["question"] == "odds" else {}

    def _slow(self, call):
        """The defence beside ``call`` (odds): side B attacks, every participant who can
        answers, by Monte Carlo (it has no exact form at a table's size): ``call``'s trials
        and seed, its stage's, or beside exact odds the tab's."""
        mc = {} if call.method == "montecarlo" else {"method": "montecarlo"}
        return self.companion(call, "defence", attackers="versus", respond="every", **mc)

    def compute(self, state: dict):
        """Odds as the method says; beside exact (or float) odds, shown with them at once,
        the slow answers' Monte Carlo in stages, a quick estimate first."""
        call = self.call(state)
        if call.question.name != "odds" or call.method == "montecarlo":
            return super().compute(state)
        slow = self._slow(call)
        odds = functools.cache(lambda: self.ask(call))  # in the background, once
        stages = self.estimate_stages(slow)
        return [functools.partial(self._beside, call, odds, slow, n) for n in stages]

    def _beside(self, call, odds, slow, trials: int, executor) -> tuple:
        """One stage: the odds (``odds()``: exact at any table size under the default
        reading, by tiers) with the slow answers from ``trials`` trials."""
        slow = dataclasses.replace(slow, how={**slow.how, "trials": trials})
        p = super().panel(call, odds())  # its chart at once: exact odds need no estimate
        self._with_slow(p, call, slow, self.ask(slow, executor))
        quick = trials < slow.state["trials"]
        status = (
            "quick estimate ({:,} trials); refining…" if quick else "full estimate ({:,} trials)"
        )
        return p, "slow answers: " + status.format(trials)

    def panel(self, call, result, *, quick: bool = False, executor=None):
        p = super().panel(call, result, quick=quick, executor=executor)
        if call.question.name != "odds" or call.method != "montecarlo":
            return p
        slow = self._slow(call)
        self._with_slow(p, call, slow, None if quick else self.ask(slow, executor))
        return p

    def _with_slow(self, p, call, slow, d) -> None:
        """The slow answers ``d`` (None: to come) beside the odds on show in ``p``."""
        result = p.result
        calls = [call] if d is None else [call, slow]
        if d is not None:
            p.table_html += view_html(d)
        p.figures = dict(
            p_first=result.p_first,
            p_double=result.p_double,
            p_slow_round=None if d is None else d.p_slow_round,
        )
        p.labels = {k: (label, _figure) for k, label in FIGURES.items()}
        p.cli = "\n".join(c.cli for c in calls)
        p.python = "\n".join([call.python, *(c.python.splitlines()[1] for c in calls[1:])])
        how = slow.how
        p.note += (
            f" Slow: side B attacks, every participant who can answers (Monte Carlo, "
            f"{how['trials']:,} trials, seed {how['rng']})."
        )
        p.result = (result, d)


def initiative(swiftness="3,3", versus="2,2,2", *, trials: int = TRIALS, seed: int = 1):
    """A live explorer of d6 initiative (an ``ipywidgets`` widget).

    The generic explorer of the initiative's questions (:func:`~dicestats.explore.generic`),
    opening on :func:`~dicestats.initiative.odds`, exact (by tiers at any table size; a
    holding policy or several rounds are enumerated within the exact limits, else choose
    Monte Carlo): both sides' swiftness and pips (comma-separated, one per participant),
    the readings, the hold policies, rounds, the method, trials and seed. Its view shows
    P(side A acts first), P(someone acts twice in a row), each participant's chance to act
    first and mean position, and the actions side A takes before side B's first (the
    chart); beside it, by Monte Carlo in the background (a quick estimate first), how slow
    the answers to side B's attacks are (:func:`~dicestats.initiative.defence`, every
    participant who can answering).

    Examples
    --------
    >>> ex = initiative("2", "1", trials=4_000, seed=7)
    >>> odds, slow = ex.wait().result
    >>> from dicestats import initiative as ini
    >>> odds.p_first == ini.odds([2], [1]).p_first  # exact: 161/216
    True
    >>> slow.as_dict() == ini.defence([2], [1], respond="every", trials=4_000, rng=7).as_dict()
    True
    """
    from .. import registry

    values = {"swiftness": swiftness, "versus": versus}
    system = registry.system("initiative")
    return InitiativeExplorer(system, "odds", values=values, trials=trials, seed=seed)
