"""The Fate explorer (:func:`fate`): the generic one, with invokes and a contest beside a roll."""

from __future__ import annotations

from ..format import percent
from .generic_ui import GenericExplorer, view_html

__all__ = ["FateExplorer", "fate"]

FIGURES = {
    "p_fail": "fail",
    "p_tie": "tie",
    "p_success": "success",
    "p_style": "success with style",
    "p_optimal": "objective, invokes played best",
    "p_never": "objective, no invoke",
    "p_win": "contest won",
}


class FateExplorer(GenericExplorer):
    """Fate (4dF): see :func:`fate`."""

    title = "Fate"

    short = True

    def extra_controls(self, values: dict) -> dict:
        """The invokes and the objective, as :func:`~dicestats.fate.invoke_policy` declares."""
        q = next(q for q in self.system.questions if q.name == "invoke_policy")
        docs, kinds = self._read(q)
        return {
            p.name: self._control(p.name, kind, values.get(p.name, p.default), docs[p.name])
            for p, kind in kinds
            if p.name in ("invokes", "objective")
        }

    def panel(self, call, result, *, quick: bool = False, executor=None):
        p = super().panel(call, result, quick=quick, executor=executor)
        if call.question.name != "outcome_probs":
            return p
        from .. import tables

        r = result
        fixed = r.difficulty is not None
        side, opp = ("difficulty", r.difficulty) if fixed else ("versus", r.versus)
        total = r.bonus + r.helpers  # each helper adds +1 (outcome_probs has checked them)
        invoke = "invoke_policy" if fixed else "invoke_vs_opposition"
        calls = [self.companion(call, invoke, bonus=total, **{side: opp})]
        calls.append(self.companion(call, "contest", bonus=total, versus=opp))
        inv, duel = (self.ask(c, executor) for c in calls)
        p.figures = {k: getattr(r, k) for k in ("p_fail", "p_tie", "p_success", "p_style")}
        p.figures.update(p_optimal=inv.p_optimal, p_never=inv.p_never, p_win=duel.p_win[0])
        p.labels = {k: (label, percent) for k, label in FIGURES.items()}
        k, objective = inv.invokes, inv.objective
        if fixed and k >= 1:
            plan = dict(invokes=k, objective=objective, dice=r.dice)
            p.table = tables.fate_invoke_plan(total, opp, **plan)
        p.table_html += "".join(view_html(x, call.method == "exact") for x in (inv, duel))
        p.cli = "\n".join(c.cli for c in (call, *calls))
        p.python = "\n".join([call.python, *(c.python.splitlines()[1] for c in calls)])
        p.note += f" Beside it: {k} invoke(s) aimed at {objective}; a contest against it."
        p.result = (r, inv, duel)
        return p


def fate(rating: int = 2, difficulty: int = 2, invokes: int = 1) -> FateExplorer:
    """A live explorer of one Fate roll (an ``ipywidgets`` widget).

    The generic explorer of Fate's questions (:func:`~dicestats.explore.generic`), opening
    on :func:`~dicestats.fate.outcome_probs`: a bonus (a number or a ladder name) and
    helpers against a fixed difficulty or an active opposition (give one). Beside the
    bands it asks, for the same total and opposition, :func:`~dicestats.fate.invoke_policy`
    (or :func:`~dicestats.fate.invoke_vs_opposition`), the invokes and the objective its
    own controls, and :func:`~dicestats.fate.contest`: their figures join the headline,
    their views the bands', their commands and calls too; the table (CSV) is the optimal
    invoke plan (:func:`dicestats.tables.fate_invoke_plan`) against a difficulty.

    Examples
    --------
    >>> ex = fate(2, 3, invokes=1)
    >>> from dicestats import fate as api
    >>> ex.view.result[1].p_optimal == api.invoke_policy(2, 3, invokes=1).p_optimal
    True
    >>> ex.controls["invokes"].value = 99
    >>> ex.error.value.startswith("invokes must be")
    True
    """
    from .. import registry

    values = {"bonus": rating, "difficulty": difficulty, "invokes": invokes}
    return FateExplorer(registry.system("fate"), "outcome_probs", values=values)
