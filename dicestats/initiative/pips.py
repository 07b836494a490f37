"""Preparation pips: a margin added to initiative dice after they are rolled, spent as the
``pip_rule`` of :class:`~.rules.Rules` says (one vectorized :func:`add_pips` for all)."""

from __future__ import annotations

import numpy as np

from ..core.checks import check_choice, check_int_list
from .limits import LIMITS
from .rules import PIP_RULES

#: How each ``pip_rule`` spends a margin over the dice it may raise (:func:`add_pips`).
SPEND = {"one-die": "single", "split": "highest", "side-pool": "highest"}


def add_pips(x, pips: int, policy: str):
    """Pips added to each row of an int array ``x`` of shape (rows, dice).

    ``"highest"``: one pip at a time to the highest die below 6 (stable: of
    equal dice the first); ``"single"``: all pips on one die, the lowest die
    the pips bring to 6 (the first such), else the highest die below 6.
    Returns ``x`` itself when there is nothing to add, a new array otherwise.
    """
    if pips == 0 or x.shape[-1] == 0:
        return x
    x = np.array(x, dtype=np.int64, copy=True)
    need = 6 - x
    if policy == "highest":
        order = np.argsort(-x, axis=1, kind="stable")
        need_s = np.take_along_axis(need, order, axis=1)
        before = np.cumsum(need_s, axis=1) - need_s
        give = np.clip(pips - before, 0, need_s)
        np.put_along_axis(x, order, np.take_along_axis(x, order, axis=1) + give, axis=1)
        return x
    rows = np.arange(x.shape[0])
    reach = (need > 0) & (need <= pips)
    i_reach = np.argmax(np.where(reach, need, -1), axis=1)  # lowest die that reaches 6
    i_high = np.argmin(np.where(need > 0, need, 99), axis=1)  # highest die below 6
    i = np.where(reach.any(axis=1), i_reach, i_high)
    x[rows, i] += np.minimum(pips, need[rows, i])
    return x


def apply_pips(dice, pips: int, pip_rule: str = "one-die") -> list[int]:
    """Add a preparation margin to one set of initiative dice (no die above 6).

    Parameters
    ----------
    dice : list of int
        The dice the margin may go to (one participant's; a whole side's for
        ``"side-pool"``).
    pips : int
        The margin of the preparation roll (>= 0); excess is lost.
    pip_rule : {"one-die", "split", "side-pool"}
        How the margin is spent (:class:`~.rules.Rules`): on one die, or one pip at a
        time to the highest die below 6.

    Returns
    -------
    list of int
        The dice after the pips, in the same positions.

    Examples
    --------
    >>> apply_pips([5, 3, 2], 3), apply_pips([5, 3, 2], 3, "split"), apply_pips([2, 1], 2)
    ([5, 6, 2], [6, 5, 2], [4, 1])
    """
    dice = check_int_list("dice", dice, 1, 6, min_len=0)
    pips = LIMITS["pips"].check(pips, name="pips")
    check_choice("pip_rule", pip_rule, PIP_RULES)
    out = add_pips(np.array([dice], dtype=np.int64).reshape(1, len(dice)), pips, SPEND[pip_rule])
    return [int(v) for v in out[0]]


def prepare(dice, setup):
    """The margins of a :class:`~.setup.Sides` added to rows of dice (rows, total dice).

    Columns hold the participants' dice side by side, in participant order. A
    per-participant margin (a tuple) goes to its owner's dice; a side's pool
    (an int, ``"side-pool"``) over all the side's dice at once.
    """
    out = dice
    spend = SPEND[setup.rules.pip_rule]
    for side, pool in enumerate((setup.pips, setup.versus_pips)):
        members = [p for p in range(setup.n) if setup.sides[p] == side]
        if isinstance(pool, tuple):
            for p, margin in zip(members, pool, strict=True):
                c0, c1 = setup.columns(p)
                if margin:
                    out = out if out is not dice else dice.copy()
                    out[:, c0:c1] = add_pips(out[:, c0:c1], margin, spend)
        elif pool:
            c0, c1 = setup.columns(members[0])[0], setup.columns(members[-1])[1]
            out = out if out is not dice else dice.copy()
            out[:, c0:c1] = add_pips(out[:, c0:c1], pool, spend)
    return out
