"""The initiative explorer (:func:`initiative`): the generic explorer of the initiative's
questions, opening on who acts first by Monte Carlo, with each participant's chances, the
tempo and how slow the answers to side B's attacks are.
"""

from __future__ import annotations

from ..format import percent
from ..initiative.rules import HOLD_POLICIES, ORDERS, PIP_RULES, TIEBREAKS
from .base import html_table
from .generic_ui import TRIALS, GenericExplorer

__all__ = ["InitiativeExplorer", "initiative"]

FIGURES = {
    "p_first": "side A acts first",
    "p_double": "someone acts twice in a row",
    "p_slow_round": "a round with a slow answer",
}


def _share(e) -> str:
    return "…" if e is None else percent(e.value)


class InitiativeExplorer(GenericExplorer):
    """d6 initiative: see :func:`initiative`."""

    short = True
    kinds = {"pips": "int_or_list", "versus_pips": "int_or_list"}
    choices = {
        "tiebreak": TIEBREAKS,
        "order": ORDERS,
        "pip_rule": PIP_RULES,
        "hold": HOLD_POLICIES,
        "versus_hold": HOLD_POLICIES,
    }

    def __init__(self, swiftness="3,3", versus="2,2,2", *, trials: int = TRIALS, seed: int = 1):
        from .. import registry

        values = {"swiftness": swiftness, "versus": versus, "method": "montecarlo"}
        super().__init__(
            registry.system("initiative"), "odds", values=values, trials=trials, seed=seed
        )

    def panel(self, call, result, *, quick: bool = False, executor=None):
        p = super().panel(call, result, quick=quick, executor=executor)
        if call.question.name != "odds" or call.method != "montecarlo":
            return p
        import pandas as pd

        from .. import plots

        r, d, calls = result, None, [call]
        if not quick:
            calls.append(self.companion(call, "defence", attackers="versus", respond="every"))
            d = self.ask(calls[1], executor)
        before = pd.DataFrame(
            [(k, e.value, e.ci_low, e.ci_high) for k, e in r.actions_before.items()],
            columns=["actions", "p", "lo", "hi"],
        )
        dice = call.kwargs["swiftness"] + call.kwargs["versus"]
        people = list(zip(r.labels, dice, r.p_participant_first, r.mean_position, strict=True))
        p.table = pd.DataFrame(
            [(x, s, e.value, e.ci_low, e.ci_high, m and m.value) for x, s, e, m in people],
            columns=["participant", "dice", "p_first", "lo", "hi", "mean_position"],
        )
        shown = [
            (
                ["participant", "dice", "acts first", "mean position"],
                [(x, s, e, "—" if m is None else f"{m.value:.3f}") for x, s, e, m in people],
            ),
            (["A actions before B's first", "probability"], list(r.actions_before.items())),
        ]
        if d is not None:
            slow = [(k or "0 (not slow)", percent(e.value)) for k, e in d.slow.items()]
            shown.append((["slow scale", "share of answers"], slow))
            seed, trials = call.how["rng"], call.how["trials"]
            p.draw = lambda fig: plots.initiative_actions_before(
                before, ax=fig.subplots(), seed=seed, trials=trials
            )
        slow = None if d is None else d.p_slow_round
        p.figures = dict(p_first=r.p_first, p_double=r.p_double, p_slow_round=slow)
        p.labels = {k: (label, str if k == "p_first" else _share) for k, label in FIGURES.items()}
        p.table_html += "<br>".join(html_table(pd.DataFrame(t, columns=c)) for c, t in shown)
        p.cli = "\n".join(c.cli for c in calls)
        p.python = "\n".join([call.python, *(c.python.splitlines()[1] for c in calls[1:])])
        p.note += " Slow: side B attacks, every participant who can answers."
        p.result = (r, d)
        return p


def initiative(swiftness="3,3", versus="2,2,2", *, trials: int = TRIALS, seed: int = 1):
    """A live explorer of d6 initiative (an ``ipywidgets`` widget).

    The generic explorer of the initiative's questions (:func:`~dicestats.explore.generic`),
    opening on :func:`~dicestats.initiative.odds` by Monte Carlo, in the background (a quick
    estimate first): both sides' swiftness and pips (comma-separated, one per participant),
    the readings and hold policies as dropdowns, rounds, trials and seed. Beside P(side A
    acts first) and P(someone acts twice in a row) it shows each participant's chance to act
    first and mean position, the actions side A takes before side B's first (and their chart,
    :func:`dicestats.plots.initiative_actions_before`) and, with the full estimate, how slow
    the answers to side B's attacks are (:func:`~dicestats.initiative.defence`, every
    participant who can answering).

    Examples
    --------
    >>> ex = initiative("2", "1", trials=4_000, seed=7)
    >>> view = ex.wait()
    >>> from dicestats import initiative as ini
    >>> view.result[0].p_first == ini.odds([2], [1], trials=4_000, rng=7).p_first
    True
    """
    return InitiativeExplorer(swiftness, versus, trials=trials, seed=seed)
