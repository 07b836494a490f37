"""The text the ``initiative`` and ``defence`` commands both print.

The readings in force (every text output's second line), how the numbers were
computed, the holding tables, and the cells of exact values and estimates.
"""

from __future__ import annotations

from fractions import Fraction

from ._common import exact_text, fmt_prob, print_table


def _mean(x) -> str:
    if x is None:
        return "—"
    return f"{float(x):.3f}" if isinstance(x, Fraction) else f"{x.value:.3f} ± {x.stderr:.3f}"


def _pmf(x) -> str:
    if x is None:
        return "—"
    return f"{fmt_prob(x)}  {exact_text(x)}" if isinstance(x, Fraction) else fmt_prob(x.value)


_ORDER_TEXT = {
    "tier": "tier order (each acts all its dice of a value in a row)",
    "action": "order re-evaluated after every action",
}
_TIEBREAK_TEXT = {"all": "set-aside dice count in ties", "unspent": "only unspent dice in ties"}
_PIP_TEXT = {
    "one-die": "a margin on one die",
    "split": "a margin split over dice",
    "side-pool": "one margin per side",
}


def readings(r) -> str:
    """The rule readings in force, in one line (every text output says them)."""
    rules = r.rules
    hold = r.hold
    na = len(r.swiftness)
    sides = []
    for lab, part in (("A", hold[:na]), ("B", hold[na:])):
        names = sorted(set(part), key=part.index)
        sides.append(f"{lab} {'/'.join(names)}")
    return (
        f"readings: {_ORDER_TEXT[rules.order]}; {_TIEBREAK_TEXT[rules.tiebreak]}; "
        f"{_PIP_TEXT[rules.pip_rule]} ({rules.pip_rule}); holding: {', '.join(sides)}"
    )


def method(r, seed) -> str:
    """How the numbers were computed, for the first line."""
    if r.exact:
        classes = getattr(r, "outcome_classes", None)
        return f"exact, {classes:,} outcome classes" if classes else "exact enumeration"
    what = f"{r.trials:,} rounds" if r.rounds == 1 else f"{r.trials:,} fights of {r.rounds} rounds"
    return f"Monte Carlo, {what}, seed {seed}"


def print_holding(r) -> None:
    """P(everyone held) per round and the on-edge counts (when holding can happen)."""
    if r.rounds == 1 and all(h == "never" for h in r.hold):
        return
    print()
    rows = [(f"round {i + 1}", _pmf(p)) for i, p in enumerate(r.p_all_held)]
    print_table(rows, header=("everyone held, nobody acted", "probability"))
    print()
    rows = [(f"{k} time{'s' if k != 1 else ''}", _pmf(p)) for k, p in r.on_edge.items()]
    print_table(rows, header=("everyone on edge", "probability"))
    pen = ", ".join(f"{lab} −{e}" for lab, e in zip(r.labels, r.edge_penalty, strict=True))
    print(
        f"on edge: {pen} (heroes their weakness, supporting characters 3); nobody may hold "
        "in the round after"
    )
