"""Actions built from single rolls, computed: automatic success, trying again, botch
exemption, several actions in one round (:func:`reduced_pools`), teamwork (the questions
of :mod:`.questions`, from the odds of :mod:`.pools`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.checks import check_int_list, described
from ..core.dist import Dist
from ..core.results import Lines, Result, Table, View
from .limits import LIMITS
from .pools import Pool, clip, compute_pool, non_botch, outcome_table, p_any, pool_grid
from .rules import dice_text, difficulties_text

#: The rule set of a result (its reading in the result's view; not exported twice in sweeps).
_RULES = {"repr": False, "default": None}


def _one(exact: bool):
    return Fraction(1) if exact else 1.0


# --------------------------------------------------------------------------- automatic success
@dataclass(frozen=True)
class Choice(Result):
    """One way to resolve a task: its success chance, botch chance and mean net successes."""

    p_success: object
    p_botch: object
    mean_net: object


@dataclass(frozen=True)
class AutomaticSuccess(Result):
    """Rolling versus taking the automatic success.

    Attributes
    ----------
    allowed : bool
        The pool is at least the difficulty and the character is not under stress.
    roll, automatic : Choice
        ``p_success`` is ``P(net >= target)``.
    better : {"automatic", "roll", "either"}
        ``"automatic"`` when allowed and it meets ``target`` more often (or as
        often with no botch risk), ``"roll"`` when rolling does, ``"either"``
        on a tie.
    """

    dice: int
    difficulty: int
    specialty: bool
    target: int
    allowed: bool
    roll: Choice
    automatic: Choice
    better: str
    exact: bool
    rules: object = field(**_RULES)
    stress: bool = False

    def view(self) -> View:
        need = f"{self.target} success{'es' if self.target > 1 else ''}"
        title = (
            f"automatic success or roll: {dice_text(self.dice)} at difficulty {self.difficulty}, "
            f"the task needs {need} ({self.rules.describe(specialty=self.specialty)})"
        )
        pool, diff = f"the pool ({self.dice})", f"the difficulty ({self.difficulty})"
        if self.allowed:
            why = f"allowed: {pool} is at least {diff} and there is no stress"
        elif self.stress:
            why = "not allowed: under stress the roll is made"
        else:
            why = f"not allowed: {pool} is below {diff}"
        r, a = self.roll, self.automatic
        auto = (a.p_success, a.p_botch, a.mean_net) if self.allowed else ("not allowed", "", "")
        rows = (("roll", r.p_success, r.p_botch, r.mean_net), ("automatic", *auto))
        better = {
            "automatic": "take the automatic success",
            "roll": "roll",
            "either": "either (the same chance, neither can botch)",
        }[self.better]
        header = ("choice", "P(success)", "P(botch)", "mean net")
        table = Table(header, rows, ("text", "p", "p", "mean"), exact_of=1)
        return View(title, ("the automatic success is " + why, table, f"better: {better}"))


def compute_automatic_success(s, exact: bool) -> AutomaticSuccess:
    """Automatic success versus the roll (:func:`dicestats.storyteller.automatic_success`)."""
    n, d, target, stress = s.dice, s.difficulty, s.target, s.stress
    r = compute_pool(s, exact)
    allowed = n >= d and not stress
    one, zero = _one(exact), 0 * _one(exact)
    roll = Choice(r.p_ge(target), r.p_botch, r.mean_net)
    auto = Choice(one if (allowed and target <= 1) else zero, zero, one if allowed else zero)
    if allowed and (
        auto.p_success > roll.p_success or (auto.p_success == roll.p_success and r.p_botch > 0)
    ):
        better = "automatic"
    elif roll.p_success > auto.p_success or not allowed:
        better = "roll"
    else:
        better = "either"
    return AutomaticSuccess(
        n, d, r.specialty, target, allowed, roll, auto, better, exact, rules=s.rules, stress=stress
    )


# --------------------------------------------------------------------------- trying again
@dataclass(frozen=True)
class TryAgain(Result):
    """Trying again after failures (:func:`try_again`).

    Attributes
    ----------
    p_success : within the attempts allowed.
    p_botch : a botch before any success (with ``botch_ends`` the sequence ends there).
    p_gave_up : every allowed attempt failed (out of attempts or of reachable difficulties).
    mean_attempts : expected attempts made.
    p_success_within : tuple
        ``[k-1]`` = P(success within k attempts), k = 1 .. the longest possible
        run (at most 50 entries).
    """

    dice: int
    difficulty: int
    specialty: bool
    attempts: int | None
    botch_ends: bool
    p_success: object
    p_botch: object
    p_gave_up: object
    mean_attempts: object
    p_success_within: tuple
    exact: bool
    rules: object = field(**_RULES)

    def view(self) -> View:
        botch = "a botch ends the attempts" if self.botch_ends else "a botch is only a failure"
        most = f", at most {self.attempts} attempts" if self.attempts else ""
        title = (
            f"trying again: {dice_text(self.dice)} from difficulty {self.difficulty}, +1 per "
            f"retry, {botch}{most} ({self.rules.describe(specialty=self.specialty)})"
        )
        botched = "botch (ends the attempts)" if self.botch_ends else "a botch before the success"
        outcomes = (
            ("success", self.p_success),
            (botched, self.p_botch),
            ("gave up (no attempt left)", self.p_gave_up),
        )
        d = self.difficulty  # attempt k is at d + k - 1, at most 10 (rolled at 10 if clamped)
        within = tuple((k, min(d + k - 1, 10), p) for k, p in enumerate(self.p_success_within, 1))
        parts = (
            outcome_table(outcomes),
            Lines((("mean attempts", self.mean_attempts, "mean"),)),
            Table(("attempts", "difficulty", "P(success within)"), within, ("n", "n", "p")),
        )
        return View(title, parts)


def compute_try_again(s, exact: bool) -> TryAgain:
    """Trying again after failures (:func:`dicestats.storyteller.try_again`)."""
    n, d0, rules, specialty, last = s.dice, s.difficulty, s.rules, s.specialty, s.last
    attempts, botch_ends = s.attempts, s.botch_ends
    diffs = sorted({min(d0 + k, 10) for k in range(last)})
    odds = {d: r for (d, _), r in pool_grid([n], diffs, rules, exact, specialty).items()}
    one, zero = _one(exact), 0 * _one(exact)
    reach = clean = one  # P(attempt k is made); P(it is reached with no botch so far)
    p_success = p_botch = mean = zero
    within = []
    for k in range(1, last + 1):
        r = odds[min(d0 + k - 1, 10)]
        s, f, b = r.p_success, r.p_fail, r.p_botch
        mean = mean + reach
        p_success = p_success + reach * s
        p_botch = p_botch + clean * b
        clean = clean * f
        reach = reach * (f if botch_ends else f + b)
        if k <= 50:
            within.append(clip(p_success, exact))
    if rules.above_ten == "clamp" and attempts is None:  # attempts 51, 52, ... all at 10
        go = f if botch_ends else f + b
        mean = mean + reach / (1 - go)
        p_success = p_success + reach * s / (1 - go)
        p_botch = p_botch + clean * b / (1 - f)
        reach = zero
    probs = (*(clip(p, exact) for p in (p_success, p_botch, reach)), mean)
    roll = (n, d0, odds[diffs[0]].specialty)
    return TryAgain(*roll, attempts, botch_ends, *probs, tuple(within), exact, rules=rules)


# --------------------------------------------------------------------------- botch exemption
@dataclass(frozen=True)
class BotchExemption(Result):
    """Counted botches over a period of rolls, with and without the exemption.

    Attributes
    ----------
    p_botch : one roll botches.
    p_any_botch : at least one botch in the period (each counts without the exemption).
    p_counted_botch : at least one counted botch with the exemption (two botches or more).
    mean_botches, mean_counted_botches : expected (counted) botches.
    """

    dice: int
    difficulty: int
    specialty: bool
    rolls: int
    p_botch: object
    p_any_botch: object
    p_counted_botch: object
    mean_botches: object
    mean_counted_botches: object
    exact: bool
    rules: object = field(**_RULES)

    def view(self) -> View:
        title = (
            f"botch exemption: {dice_text(self.dice)} at difficulty {self.difficulty}, "
            f"{self.rolls} roll{'s' if self.rolls > 1 else ''} in the period "
            f"({self.rules.describe(specialty=self.specialty)})"
        )
        rows = (
            ("P(a counted botch)", self.p_any_botch, self.p_counted_botch),
            ("mean counted botches", self.mean_botches, self.mean_counted_botches),
        )
        exact = (  # the table's figures with their exact values, when those are asked for
            ("P(a counted botch), without", self.p_any_botch, "p"),
            ("P(a counted botch), with", self.p_counted_botch, "p"),
            ("mean counted botches, without", self.mean_botches, "mean"),
            ("mean counted botches, with", self.mean_counted_botches, "mean"),
        )
        header = ("", "without exemption", "with exemption")
        parts = (
            "with the exemption the first botch of the period does not count",
            Table(header, rows, ("text", "p", "p"), exact_of=None, row_kinds=("p", "mean")),
            Lines((("one roll botches", self.p_botch, "p"),)),
            Lines(exact, exact_only=True),
        )
        return View(title, parts)


def compute_botch_exemption(s, exact: bool) -> BotchExemption:
    """Counted botches with and without the exemption
    (:func:`dicestats.storyteller.botch_exemption`)."""
    n, k = s.dice, s.rolls
    r = compute_pool(s, exact)
    b, one = r.p_botch, _one(exact)
    none = (one - b) ** k
    exactly_one = k * b * (one - b) ** (k - 1)
    counted = (one - none, one - none - exactly_one, k * b, k * b - (one - none))
    return BotchExemption(n, r.difficulty, r.specialty, k, b, *counted, exact, rules=s.rules)


# --------------------------------------------------------------------------- several actions
def reduced_pools(pools) -> list[int]:
    """The dice each declared action rolls: of ``k >= 2`` actions, action ``i`` loses ``k + i - 1``.

    One action is not a multiple action: it rolls its full pool (the Dark
    Ages text penalises only a character who does more than one thing in a
    round). A result of 0 or less means the action cannot be attempted.

    >>> reduced_pools([7, 6, 6])    # Hall punches and dodges twice
    [4, 2, 1]
    >>> reduced_pools([7])          # one action: no penalty
    [7]
    """
    pools = check_int_list("pools", pools, 0, max_len=LIMITS["values listed"].hi)
    k = len(pools)
    if k == 1:
        return list(pools)
    return [base - k - (i - 1) for i, base in enumerate(pools, start=1)]


@dataclass(frozen=True)
class DeclaredAction(Result):
    """One action of a round: its pools and chances (0 when it cannot be attempted)."""

    action: int
    base: int
    dice: int
    difficulty: int
    specialty: bool
    attempted: bool
    p_success: object
    p_botch: object


@dataclass(frozen=True)
class MultipleActions(Result):
    """Several actions declared in one round.

    Attributes
    ----------
    actions : tuple of DeclaredAction
    p_all : every action succeeds (the rolls are independent).
    mean_successes : expected successful actions.
    successes : dict
        ``{j: P(exactly j actions succeed)}``, j = 0..k.
    p_any_botch : at least one action botches.
    """

    actions: tuple
    p_all: object
    mean_successes: object
    successes: dict
    p_any_botch: object
    exact: bool
    trials: int | None = None
    rules: object = field(default=None, repr=False)

    @property
    def pools(self) -> list[int]:
        """The dice each action rolls after the reduction (<= 0: not attempted)."""
        return [a.dice for a in self.actions]

    def view(self) -> View:
        k = len(self.actions)
        what = "1 action (not a multiple action: the full pool)" if k == 1 else f"{k} actions"
        at = difficulties_text([a.difficulty for a in self.actions])
        title = f"{what} at {at} ({self.rules.describe()})"
        rows = tuple(
            (
                str(a.action),
                str(a.base),
                str(a.dice),
                a.p_success if a.attempted else "cannot",
                a.p_botch,
            )
            for a in self.actions
        )
        header = ("action", "base pool", "pool", "success", "botch")
        means = (
            ("all succeed", self.p_all, "p"),
            ("expected successes", self.mean_successes, "mean"),
        )
        parts = (Table(header, rows, ("text", "text", "text", "p", "p"), exact_of=3), Lines(means))
        return View(title, parts)


def action_rows(s, odds) -> tuple:
    """The :class:`DeclaredAction` of each action of the setup ``s``, ``odds[i] = (p_success,
    p_botch)``."""
    rows = zip(s.pools, s.sizes, s.difficulties, s.specialties, strict=True)
    return tuple(
        DeclaredAction(i, base, size, d, spec, size >= 1, *odds[i - 1])
        for i, (base, size, d, spec) in enumerate(rows, start=1)
    )


def compute_multiple_actions(s, exact: bool) -> MultipleActions:
    """Several actions in one round (:func:`dicestats.storyteller.multiple_actions`)."""
    actions = list(zip(s.sizes, s.difficulties, s.specialties, strict=True))
    computed: dict = {}
    for d, spec in sorted({(d, spec) for _, d, spec in actions}):
        # one engine pass per difficulty (and specialty) gives every reduced pool
        wanted = [n for n, dd, sp in actions if (dd, sp) == (d, spec) and n >= 1]
        if wanted:
            grid = pool_grid(wanted, [d], s.rules, exact, spec)
            computed.update({(n, d, spec): (r.p_success, r.p_botch) for (_, n), r in grid.items()})
    one, zero = _one(exact), 0 * _one(exact)
    odds = [computed[a] if a[0] >= 1 else (zero, zero) for a in actions]
    counts = [one]  # P(j actions succeed): a Poisson-binomial, one action at a time
    p_all, mean = one, zero
    for p, _ in odds:
        new = [zero] * (len(counts) + 1)
        for j, c in enumerate(counts):
            new[j] += c * (one - p)
            new[j + 1] += c * p
        counts = new
        p_all, mean = p_all * p, mean + p
    successes = {j: clip(c, exact) for j, c in enumerate(counts)}
    figures = (p_all, mean, successes, p_any([b for _, b in odds], exact))
    return MultipleActions(action_rows(s, odds), *figures, exact, rules=s.rules)


@dataclass(frozen=True)
class BestActions(Result):
    """How many actions to declare (taking the first k): ``best`` maximises mean successes."""

    best: int
    by_count: tuple
    exact: bool

    def view(self) -> View:
        last = self.by_count[-1]
        pools = ", ".join(str(a.base) for a in last.actions)
        n = self.best
        mean = float(self.by_count[n - 1].mean_successes)
        at = difficulties_text([a.difficulty for a in last.actions])
        title = f"declaring the first k actions of pools {pools} at {at} ({last.rules.describe()})"
        rows = tuple(
            (str(k), ", ".join(str(a.dice) for a in m.actions), m.mean_successes, m.p_all)
            for k, m in enumerate(self.by_count, 1)
        )
        header = ("actions", "pools rolled", "expected successes", "all succeed")
        best = f"best: declare {n} action{'s' if n > 1 else ''} ({mean:.4f} expected successes)"
        return View(title, (Table(header, rows, ("text", "text", "mean", "p"), exact_of=2), best))


def compute_best_actions(s, exact: bool) -> BestActions:
    """The number of actions with the most expected successes
    (:func:`dicestats.storyteller.best_actions`)."""
    rows = tuple(compute_multiple_actions(first, exact) for first in s.firsts)
    best = max(range(len(rows)), key=lambda i: rows[i].mean_successes) + 1
    return BestActions(best, rows, exact)


# --------------------------------------------------------------------------- teamwork
@dataclass(frozen=True)
class Teamwork(Result):
    """Several characters roll separately and add their successes.

    Attributes
    ----------
    total : Dist
        The summed net successes (a spoiled effort counts 0).
    mean_total : expected total.
    p_success : ``P(total >= 1)``.
    p_spoiled : some member botches and spoils the effort (0 without ``spoil``).
    p_any_botch : some member botches.
    """

    pools: tuple
    difficulties: tuple
    specialties: tuple
    spoil: bool
    total: Dist
    mean_total: object
    p_success: object
    p_spoiled: object
    p_any_botch: object
    exact: bool
    rules: object = field(**_RULES)

    def view(self) -> View:
        pools, at = ", ".join(map(str, self.pools)), difficulties_text(self.difficulties)
        title = (
            f"teamwork: {len(self.pools)} members rolling {pools} dice at {at} "
            f"({self.rules.describe()})"
        )
        rule = (
            "rule in force: members roll apart and add their net successes; each member's "
            "1s cancel only their own successes"
        )
        spoil = (
            "variant in force (spoil): one member's botch spoils the whole effort (total 0)"
            if self.spoil
            else "a botch scores 0 for that member only (spoil: one botch "
            "spoils the whole effort, the rules' variant for social tasks)"
        )
        lines = [
            ("mean total", self.mean_total, "mean"),
            ("P(total >= 1)", self.p_success, "p"),
            ("P(some member botches)", self.p_any_botch, "p"),
        ]
        if self.spoil:
            lines.append(("P(the effort is spoiled)", self.p_spoiled, "p"))
        parts = (f"{rule}\n{spoil}", Table.distribution("total successes", self.total))
        return View(title, (*parts, Lines(tuple(lines))))


def compute_teamwork(s, exact: bool) -> Teamwork:
    """Several characters adding their successes (:func:`dicestats.storyteller.teamwork`)."""
    base, diffs, specs, rules, spoil = s.pools, s.difficulties, s.specialties, s.rules, s.spoil
    computed: dict = {}  # members alike (pool, difficulty, specialty): one Pool, one summand
    members: list[tuple[Pool, Dist]] = []  # each member's Pool and what it adds to the total
    for key in zip(base, diffs, specs, strict=True):
        if key not in computed:
            if exact and members:  # an exact total already too large: refused before the rest
                some = described(f"{len(base):,} pools, of which the first {len(members):,}")
                Dist._check_sum_size([t for _, t in members], "pools", some)
            n, d, spec = key
            r = pool_grid([n], [d], rules, exact, spec)[(d, n)]
            computed[key] = (r, Dist(non_botch(r), exact=exact) if spoil else r.net)
        members.append(computed[key])
    one = _one(exact)
    any_botch = p_any([r.p_botch for r, _ in members], exact)
    no_botch = one - any_botch
    if spoil and no_botch == 0:
        total = Dist.constant(0, exact=exact)
    else:
        total = Dist.sum_of([t for _, t in members], name="pools")
        if spoil:
            total = Dist.mixture([total, Dist.constant(0, exact=exact)], [no_botch, any_botch])
    figures = (total, total.mean(), total.p_ge(1), any_botch if spoil else 0 * one, any_botch)
    specs = tuple(r.specialty for r, _ in members)
    return Teamwork(tuple(base), tuple(diffs), specs, spoil, *figures, exact, rules=rules)
