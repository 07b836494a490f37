"""The text of ``dicestats extended``: outcomes, means, and the "done within r rolls" table.

A room of :mod:`dicestats.cli.storyteller`. ``--exact`` adds a column of
``p/q`` values to every table and line.

Examples
--------
>>> from dicestats.cli import main
>>> main(["extended", "--dice", "1", "--difficulty", "6", "--target", "1", "--on-botch",
...       "zero", "--exact"])
extended action: 1 die at difficulty 6, target 1, a botch scores 0 (revised rules)
outcome         probability  exact
--------------  -----------  -----
done                   100%      1
failed (botch)           0%      0
out of time              0%      0
<BLANKLINE>
mean rolls                2.0000  2
mean rolls given success  2.0000  2
<BLANKLINE>
rolls  P(done within)      exact
-----  --------------  ---------
1              50.00%        1/2
2              75.00%        3/4
3              87.50%        7/8
4              93.75%      15/16
5              96.88%      31/32
6              98.44%      63/64
7              99.22%    127/128
8              99.61%    255/256
9              99.80%    511/512
10            99.902%  1023/1024
11            99.951%  2047/2048
(rows end at 11 rolls, within 0.05% of the final 100%; --json has every row)
0
"""

from __future__ import annotations

from ..storyteller.rules import ROLLS_TAIL
from ._common import fmt_prob, print_table
from ._storyteller_args import exact_cell

__all__ = ["show_extended"]

#: What a botch does, in words.
_ON_BOTCH = {"resets": "loses every success so far", "ends": "ends the task",
             "zero": "scores 0"}  # fmt: skip
#: Without a round limit the "done within" table stops once this close to P(done).
_LEVEL = 5e-4


def show_extended(r, args, rule_text: str) -> None:
    """Print an :class:`~dicestats.storyteller.Extended` result for people."""
    ex = args.exact
    limit = f", at most {r.rounds} rolls" if r.rounds else ""
    dice = f"{r.dice} {'die' if r.dice == 1 else 'dice'}"
    print(
        f"extended action: {dice} at difficulty {r.difficulty}, target {r.target}, a botch "
        f"{_ON_BOTCH[r.on_botch]}{limit} ({rule_text})"
    )
    head = ("outcome", "probability") + (("exact",) if ex else ())
    outcomes = (("done", r.p_success), ("failed (botch)", r.p_failed),
                ("out of time", r.p_timeout))  # fmt: skip
    print_table([(n, fmt_prob(p)) + ((exact_cell(p, True),) if ex else ()) for n, p in outcomes],
                head)  # fmt: skip
    print()
    means = [("mean rolls", r.mean_rolls)]
    if r.mean_rolls_given_success is not None:
        means.append(("mean rolls given success", r.mean_rolls_given_success))
    else:
        print("the target cannot be reached: no mean given success")
    width = max(len(n) for n, _ in means)
    for name, v in means:
        print(f"{name:<{width}}  {float(v):.4f}  {exact_cell(v, ex)}".rstrip())
    print()
    within = list(r.p_done_within)
    last = len(within)
    if r.rounds is None:  # stop where the curve has levelled off
        final = r.p_success
        last = next((i + 1 for i, p in enumerate(within) if final - p <= _LEVEL), last)
    rows = [
        (str(k), fmt_prob(p)) + ((exact_cell(p, True),) if ex else ())
        for k, p in enumerate(within[:last], 1)
    ]
    print_table(rows, ("rolls", "P(done within)") + (("exact",) if ex else ()))
    if r.rounds is None and within and r.p_success - within[last - 1] > _LEVEL:
        print(
            f"(rows end at {last} rolls, still {fmt_prob(r.p_success - within[last - 1])} "
            f"short of the final {fmt_prob(r.p_success)})"
        )
    elif last < len(within):
        print(
            f"(rows end at {last} rolls, within {_LEVEL:.2%} of the final "
            f"{fmt_prob(r.p_success)}; --json has every row)"
        )
    if r.rolls_tail and r.rolls_tail > ROLLS_TAIL:  # the distribution stopped at its roll cap
        top = r.rolls.support()[1]
        print(
            f"distribution of rolls (--json): rolls beyond {top:,} lumped into {top:,} "
            f"(P = {r.rolls_tail:.3g})"
        )
