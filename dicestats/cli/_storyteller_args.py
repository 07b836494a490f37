"""The Storyteller rule flags of the hand-written commands (``table``, ``editions`` and the
workbench's ``solve``, ``calibrate``, ``worth``, ``compare``): the same flags the generated
commands have (:func:`dicestats.cli.questions.rules_flags`), plus ``--specialty``.
"""

from __future__ import annotations

from ..core.question import rules_from
from ..storyteller.limits import LIMITS, search_limit
from ..storyteller.rules import Rules
from . import CLIError
from ._common import int_arg
from .questions import rules_flags

_DIFFICULTY = LIMITS["difficulty"]


def difficulty_arg(p, **kw) -> None:
    p.add_argument(
        "--difficulty",
        type=int_arg(_DIFFICULTY.lo, None, "difficulty"),
        help=f"{_DIFFICULTY.help} (above 10 only with --above-ten clamp)",
        **kw,
    )


def add_rule_flags(p) -> None:
    """``--preset``, one flag per field of :class:`~dicestats.storyteller.Rules`, and
    ``--specialty`` (this roll has one; the rule set says what it does)."""
    rules_flags(p, Rules)
    p.add_argument(
        "--specialty",
        action="store_true",
        help="this roll has a specialty (the rule set says what it does: 10s add dice, or "
        "under --preset v20 a 10 counts as two successes)",
    )


def rules_of(args, difficulties=None) -> tuple[Rules, bool]:
    """The rule set and the specialty of this command's rolls.

    ``difficulties``: the difficulties the command rolls at; one above 10 needs
    ``--above-ten clamp`` (the API says so too, in its own words).
    """
    rules = rules_from(args, Rules)
    high = [d for d in (difficulties or []) if d > 10]
    if high and rules.above_ten != "clamp":
        raise CLIError(
            f"difficulty must be an integer in 2..10, got {high[0]} (a d10 shows 1..10); "
            "pass --above-ten clamp to roll a difficulty above 10 at 10"
        )
    return rules, bool(args.specialty)


def check_search(rules: Rules, specialty: bool, dice, *, exact: bool) -> None:
    """Refuse a search over pools too large for these rules (minutes of work)."""
    limit = search_limit(rules, exact=exact, specialty=specialty)
    if limit is not None and max(dice) > limit.hi:
        when = " in exact mode" if limit.when == "exact" else ""
        raise CLIError(
            f"--dice must be pool sizes in {limit.help}{when} for these rules, got up to "
            f"{max(dice)} ({limit.why})"
        )


def dice_text(n: int) -> str:
    """``"1 die"``, ``"6 dice"``."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def exact_cell(x, exact: bool) -> str:
    from ._common import exact_text

    return exact_text(x) if exact else ""
