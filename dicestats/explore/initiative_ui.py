"""The initiative explorer (:func:`initiative`): the generic one, slow answers beside odds."""

from __future__ import annotations

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

    def panel(self, call, result, *, quick: bool = False, executor=None):
        p = super().panel(call, result, quick=quick, executor=executor)
        if call.question.name != "odds" or call.method != "montecarlo":
            return p
        calls, d = [call], None
        if not quick:
            calls.append(self.companion(call, "defence", attackers="versus", respond="every"))
            d = self.ask(calls[1], executor)
            p.table_html += view_html(d)
        slow = None if d is None else d.p_slow_round
        p.figures = dict(p_first=result.p_first, p_double=result.p_double, p_slow_round=slow)
        p.labels = {k: (label, _figure) for k, label in FIGURES.items()}
        p.cli = "\n".join(c.cli for c in calls)
        p.python = "\n".join([call.python, *(c.python.splitlines()[1] for c in calls[1:])])
        p.note += " Slow: side B attacks, every participant who can answers."
        p.result = (result, d)
        return p


def initiative(swiftness="3,3", versus="2,2,2", *, trials: int = TRIALS, seed: int = 1):
    """A live explorer of d6 initiative (an ``ipywidgets`` widget).

    The generic explorer of the initiative's questions (:func:`~dicestats.explore.generic`),
    opening on :func:`~dicestats.initiative.odds` by Monte Carlo, in the background (a quick
    estimate first): both sides' swiftness and pips (comma-separated, one per participant),
    the readings, the hold policies, rounds, trials and seed. Its view shows P(side A acts
    first), P(someone acts twice in a row), each participant's chance to act first and mean
    position, and the actions side A takes before side B's first (the chart); beside it, with
    the full estimate, how slow the answers to side B's attacks are
    (:func:`~dicestats.initiative.defence`, every participant who can answering).

    Examples
    --------
    >>> ex = initiative("2", "1", trials=4_000, seed=7)
    >>> view = ex.wait()
    >>> from dicestats import initiative as ini
    >>> view.result[0].p_first == ini.odds([2], [1], trials=4_000, rng=7).p_first
    True
    """
    from .. import registry

    values = {"swiftness": swiftness, "versus": versus, "method": "montecarlo"}
    system = registry.system("initiative")
    return InitiativeExplorer(system, "odds", values=values, trials=trials, seed=seed)
