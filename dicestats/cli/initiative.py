"""The ``initiative`` and ``defence`` sub-commands of the d6 initiative system.

``initiative``: who acts first, tempo, holding and the "everyone held" rule.
Monte Carlo by default (:func:`dicestats.initiative.odds` with ``trials``);
``--exact`` enumerates small setups (the same question, exact). Both answers are
an :class:`~dicestats.initiative.Odds`, printed by one code path.

``defence``: attacks and their answers (:func:`dicestats.initiative.defence`:
Monte Carlo, or ``--exact``), with the user's assumed success rolls.

Ranges and caps come from :data:`dicestats.initiative.LIMITS` (trials and worker
processes from :data:`dicestats.core.montecarlo.LIMITS`); integers are written
with the digits 0-9 (the shared argument types of :mod:`._common`). The second
line of every text output says the readings in force.

This module is the ``initiative`` command and the registry's entry
(``COMMANDS``, ``register``); the ``defence`` command is
:mod:`._initiative_defence`, the flags both take and their API keywords
:mod:`._initiative_args`, the text both print :mod:`._initiative_text`.

Examples
--------
>>> from dicestats.cli import main
>>> main(["initiative", "--swiftness", "1", "--vs", "2", "--exact"])  # doctest: +ELLIPSIS
d6 initiative: A = [1] vs B = [2] (exact, 126 outcome classes)
readings: tier order (each acts all its dice of a value in a row); set-aside dice ...
P(side A acts first): 25.46%  (55/216)
P(someone acts twice in a row): 67.59%  (73/108)
<BLANKLINE>
participant  dice  acts first  mean position
-----------  ----  ----------  -------------
A1              1      25.46%          2.167
B1              2      74.54%          1.917
<BLANKLINE>
A actions before B's first      probability
--------------------------  ---------------
0                           74.54%  161/216
1                            25.46%  55/216
0
"""

from __future__ import annotations

from fractions import Fraction

from ..initiative.limits import LIMITS
from . import _initiative_args as flags
from ._common import add_output_flags, add_plot_flag, emit_json, exact_text, fmt_prob, print_table
from ._initiative_defence import register_defence
from ._initiative_text import _mean, _pmf, method, print_holding, readings

__all__ = ["register", "COMMANDS"]

#: The sub-commands this module adds, in help order (read by the registry).
COMMANDS = ("initiative", "defence")

#: The cap on dice the command simulates (trials × dice per round).
DICE_LIMIT = LIMITS["dice simulated"]


def register(subparsers) -> None:
    """Add the ``initiative`` and ``defence`` sub-commands."""
    classes, work = LIMITS["outcome classes"], LIMITS["work"]
    p = subparsers.add_parser(
        "initiative",
        help="d6 initiative: P(a side acts first), actions before the other side acts",
        description=(
            "Each participant rolls as many d6 as its swiftness; the highest value opens a "
            "tier, whose holders act in order (more dice of that value, then the higher "
            "other dice, set-aside dice included, then a coin), each all its dice of the "
            "value in a row. --hold lets a side keep dice for later (a policy); --rounds "
            "plays fights with the everyone-held rule. Monte Carlo by default; --exact "
            "enumerates small "
            f"setups (at most {classes.hi:,} outcome classes and {work.hi:,} units of work, "
            "classes x dice x participants^2 / 4). Rules: docs/rules/initiative.md."
        ),
    )
    flags.add_sides(p)
    flags.add_holding(p)
    add_output_flags(p, exact=False)
    flags.add_monte_carlo(p, dice_limit=DICE_LIMIT)
    add_plot_flag(p, "the distribution of A's actions before B's first")
    p.set_defaults(func=_cmd_initiative)
    register_defence(subparsers)


def _answer(args):
    """The :class:`Odds` the arguments ask for: enumerated or simulated."""
    from .. import initiative as ini

    flags.check_exact_flags(args)
    a, b = args.swiftness, args.vs
    opts = {**flags.side_options(args), **flags.hold_options(args)}
    if args.exact:
        return ini.odds(a, b, **opts)
    if flags.uses_engine(args):
        trials = flags.trials_for(args, (sum(a) + sum(b)) * args.rounds, flags.FIGHT_LIMIT, "fight")
    else:
        trials = flags.trials_for(args, sum(a) + sum(b), DICE_LIMIT, "round")
    mc = dict(trials=trials, rng=args.seed, workers=args.workers or 1)
    return ini.odds(a, b, method="montecarlo", **mc, **opts)


def _headline(x) -> str:
    """A headline probability: a percentage and "p/q", or an estimate with its interval."""
    if x is None:
        return "—"
    return f"{fmt_prob(x)}  ({exact_text(x)})" if isinstance(x, Fraction) else str(x)


def _value(x):
    """The number behind an exact value or an estimate."""
    return x if isinstance(x, Fraction) else x.value


def _cmd_initiative(args) -> int:
    r = _answer(args)
    if args.plot:
        from ._plots import plot_initiative

        plot_initiative(args, r)
    if args.json:
        emit_json({**r.as_dict(), "seed": args.seed})
        return 0
    print(
        f"d6 initiative: A = {list(r.swiftness)} vs B = {list(r.versus)} ({method(r, args.seed)})"
    )
    print(readings(r))
    print(f"P(side A acts first): {_headline(r.p_first)}")
    print(f"P(someone acts twice in a row): {_headline(r.p_double)}")
    print()
    rows = [
        (lab, s, fmt_prob(_value(pf)), _mean(mp))
        for lab, s, pf, mp in zip(
            r.labels,
            r.swiftness + r.versus,
            r.p_participant_first,
            r.mean_position,
            strict=True,
        )
    ]
    print_table(rows, header=("participant", "dice", "acts first", "mean position"))
    print()
    rows = [(str(k), _pmf(p)) for k, p in r.actions_before.items()]
    print_table(rows, header=("A actions before B's first", "probability"))
    print_holding(r)
    return 0
