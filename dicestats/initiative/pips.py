"""Preparation pips: a margin added to initiative dice after they are rolled.

One implementation, vectorized over rows of dice (:func:`add_pips`), serves the
single roll (:func:`apply_pips`), the exact enumeration and the simulations.
Which die a pip goes to is the ``pip_policy`` of :class:`~.rules.Rules`; of two
equal dice the first in participant order gets it.

Examples
--------
>>> apply_pips([5, 3, 2], 3)
[6, 5, 2]
"""

from __future__ import annotations

import numpy as np

from ..core.checks import check_int_list
from .limits import LIMITS
from .rules import rules_with

__all__ = ["apply_pips", "add_pips", "prepare"]


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


def apply_pips(dice, pips: int, pip_policy: str = "highest") -> list[int]:
    """Add preparation pips to one set of initiative dice (no die above 6).

    Parameters
    ----------
    dice : list of int
        The dice the pips may go to (one participant's, or a whole side's).
    pips : int
        The margin of the preparation roll (>= 0); excess is lost.
    pip_policy : {"highest", "single"}
        ``"highest"``: one pip at a time to the highest die below 6 (so dice are
        filled to 6 in order of closeness to 6). ``"single"``: every pip on one
        die — the lowest die the pips can bring to 6, else the highest die below 6.

    Returns
    -------
    list of int
        The dice after the pips, in the same positions.

    Examples
    --------
    >>> apply_pips([5, 3, 2], 3, "single")
    [5, 6, 2]
    """
    dice = check_int_list("dice", dice, 1, 6, min_len=0)
    pips = LIMITS["pips"].check(pips, name="pips")
    policy = rules_with(pip_policy=pip_policy).pip_policy
    out = add_pips(np.array([dice], dtype=np.int64).reshape(1, len(dice)), pips, policy)
    return [int(v) for v in out[0]]


def prepare(dice, setup):
    """The pips of a :class:`~.setup.Setup` added to rows of dice (rows, total dice).

    Columns hold the participants' dice side by side, in participant order. A
    side's pool (an int) goes over all the side's dice at once; a list gives
    each participant its own margin for its own dice.
    """
    out = dice
    for side, pool in enumerate((setup.pips, setup.versus_pips)):
        members = [p for p in range(setup.n) if setup.sides[p] == side]
        if isinstance(pool, tuple):
            for p, margin in zip(members, pool, strict=True):
                c0, c1 = setup.columns(p)
                if margin:
                    out = out if out is not dice else dice.copy()
                    out[:, c0:c1] = add_pips(out[:, c0:c1], margin, setup.rules.pip_policy)
        elif pool:
            c0, c1 = setup.columns(members[0])[0], setup.columns(members[-1])[1]
            out = out if out is not dice else dice.copy()
            out[:, c0:c1] = add_pips(out[:, c0:c1], pool, setup.rules.pip_policy)
    return out
