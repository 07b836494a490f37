"""Storyteller d10 pools (World of Darkness / Dark Ages), exact.

Roll ``N`` ten-sided dice against a difficulty ``D`` (2..10): each die showing
``>= D`` is a success, a 10 always is, each 1 cancels a success (rule of one),
and a roll with no success at all and at least one 1 is a *botch*. Every rule
variant is a flag of one immutable :class:`Rules` value. See RULES.md §2.

Public API
----------
Rules and single rolls
    :class:`Rules` (``Rules.preset(name)``, ``PRESETS``, ``Rules.replace``),
    :func:`evaluate_roll` (one concrete roll → :class:`RollResult`),
    :func:`evaluate_rolls` (a ``(trials, dice)`` array of faces, vectorized:
    the oracle for Monte Carlo helpers), :func:`simulate` (seeded rolls).
Exact odds
    :func:`pool` → :class:`PoolResult` (``success``, ``failure``, ``botch``,
    ``net`` as a :class:`~dicestats.core.dist.Dist`, ``degrees``, ``mean_net``,
    ``tail``); :func:`odds_table` (tidy pandas DataFrame over dice ×
    difficulties, one vectorized pass); :func:`anomalies` (every cell where a
    die more raises the botch chance or lowers a success chance);
    :func:`botch_closed_form`.
The rest of §2
    :func:`automatic_success`, :func:`try_again`, :func:`botch_exemption`,
    :func:`multiple_actions`, :func:`best_actions`, :func:`extended`,
    :func:`resisted`, :func:`resisted_extended`, :func:`teamwork`.
Names
    ``DEGREES = ("marginal", "moderate", "complete", "exceptional",
    "phenomenal")`` for 1, 2, 3, 4 and 5+ net successes (seed 003).

Semantics (the decisions this module makes, all documented here)
-----------------------------------------------------------------
* **Net successes** are never negative: ``net = 0`` for every failed roll, and
  the *botch* is a separate category (``botch ⊆ {net == 0}``), so
  ``success + failure + botch == 1`` with ``success = P(net >= 1)``.
* **Botch** ``"revised"`` (default, seed 004): no success at all among the
  rolled dice and at least one 1 — independent of the rule of one.
  ``"first"``: the 1s outnumber the successes (``ones > success count``);
  it needs ``rule_of_one=True`` (1s must count against successes).
* **Ten-again** (``ten_again=True`` or ``specialty="reroll"``, the same
  mechanism): each 10 rolled adds one extra die; with ``chain=True`` an extra
  die showing 10 adds another, without limit. Extra dice add successes; their
  1s cancel only with ``reroll_ones_cancel=True``. A 10 cancelled by a 1 still
  earns its extra die (cancellation happens after all dice are rolled).
* **Specialty** ``"double"`` (V20): every 10 (extra dice included) counts as two
  successes. Then how a 1 cancels matters (``one_cancels``):
  ``"success"`` removes one success (``net = max(S - ones, 0)``);
  ``"highest"`` removes the highest success die first (a 10: two successes);
  ``"lowest"`` removes a plain success die first, a 10 only when none is left.
  With a = plain success dice, b = 10s counting double, c = cancelling ones:
  ``highest: net = max(a+b-c, 0) + max(b-c, 0)`` and
  ``lowest: net = 2*max(a+b-c, 0) - max(a-c, 0)``. Without doubles all three
  give the same number.
* **Willpower** (``willpower=True``): one automatic success.
  ``willpower_success="uncancellable"`` (default, Revised): it is added after
  cancellation and the roll cannot botch; ``"ordinary"``: a plain success that
  a 1 can cancel (it still prevents a revised botch: there is a success).
* **Difficulty above 10** (from retries): ``above_ten="impossible"`` refuses
  it (ValueError; retries stop), ``"clamp"`` rolls at 10.
* **Trying again**: a botch ends the sequence by default (``botch_ends``: a
  botch is a disaster, seed 004, not a failure that breeds a harder retry);
  variant: it counts as a failure and the next try is at +1.
* **Extended actions**: a botch resets the accumulated successes (default),
  ends the task, or scores 0. **Resisted**: each side's net successes (own
  1s first, floored at 0) are compared; a botching side simply has 0 net, and
  each side's botch chance is reported. **Resisted + extended**: a botch
  scores 0 that round. **Teamwork**: successes add; variant ``spoil``: one
  member's botch spoils the whole effort (total 0).
* **Limits**: pools of 1..1000 dice (1..200 for ``specialty="double"`` with
  ``one_cancels`` ``"highest"``/``"lowest"``, whose joint distribution is
  two-dimensional). Exact mode is Python ints all the way (no overflow); with
  chained ten-again it is capped at 100 dice (40 in the two-dimensional
  case), see :data:`MAX_DICE_EXACT`.
* **Infinite ten-again chains** are computed with a saturating window: every
  probability of ``net = k`` below the window's edge ``K`` is exact, and the
  mass of ``net >= K`` is lumped into the top outcome ``K`` of ``net`` (a
  censored distribution). That lumped mass is reported as ``PoolResult.tail``
  and the window is widened until it is at most ``1e-16`` (so the censoring
  error is bounded by 1e-16 ≤ 1e-15). ``success``, ``failure``, ``botch``,
  every degree and ``mean_net`` are exact (Fractions in exact mode); the mean
  uses linearity (``E[max(L, 0)] = E[L] + E[max(-L, 0)]``), not the
  censored ``net``.

Algorithm: the pool is a sum of ``N`` independent *lines* (a base die and its
chain of extra dice). The joint distribution of the one or two linear
statistics that determine the net successes is built by ``N`` convolutions of
the per-line kernel, vectorized over all difficulties at once (numpy arrays of
shape ``(difficulties, f, u)``; the geometric ten-again chain is one IIR
recurrence per die: ``c[u] = b[u] + c[u - t] / 10``). Every pool size ``1..N``
falls out of the same pass, which is how :func:`odds_table` computes a whole
table in one pass. Float convolution of non-negative terms has no
cancellation, and each step is renormalised: a 1000-die pool keeps its sum
within 1e-12 of 1 (tested). Probabilities below 1e-300 are flushed to 0 in
float mode (they would only slow numpy down in denormal arithmetic). Exact
mode runs the same code on Python-int numerators over one shared denominator
(reduced by their gcd after every die), turned into Fractions only at the end.
The float botch under the revised rule is the exact closed form, correctly
rounded.

Examples
--------
>>> from dicestats import storyteller as st
>>> r = st.pool(5, 6, exact=True)
>>> r.botch == st.botch_closed_form(5, 6, exact=True)
True
>>> st.evaluate_roll([3, 3, 8, 7, 10], 6).successes
3
>>> st.evaluate_roll([1, 3, 4, 3, 6], 7).outcome
'botch'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from .core.checks import check_bool, check_choice, check_int, check_int_list, check_real
from .core.dist import Dist

__all__ = [
    "DEGREES",
    "PRESETS",
    "MAX_DICE",
    "MAX_DICE_2D",
    "MAX_DICE_EXACT",
    "EXTENDED_EXACT_DICE",
    "EXTENDED_EXACT_WORK",
    "EXACT_POWER_WORK",
    "EXACT_RETRY_WORK",
    "EXACT_RACE_WORK",
    "Rules",
    "RollResult",
    "PoolResult",
    "evaluate_roll",
    "evaluate_rolls",
    "simulate",
    "pool",
    "odds_table",
    "anomalies",
    "botch_closed_form",
    "automatic_success",
    "try_again",
    "botch_exemption",
    "multiple_actions",
    "best_actions",
    "extended",
    "resisted",
    "resisted_extended",
    "teamwork",
]

DEGREES = ("marginal", "moderate", "complete", "exceptional", "phenomenal")
#: The largest pool accepted (float and exact).
MAX_DICE = 1000
#: The largest pool for specialty "double" with one_cancels "highest"/"lowest"
#: (a two-dimensional joint distribution: the cost grows as dice**3).
MAX_DICE_2D = 200
#: Exact mode with chained ten-again: its numerators grow with every die and
#: the window (cost ~ dice**3.5), so exact pools are capped lower; float mode
#: keeps the limits above. Keys: (chained ten-again, two-dimensional).
MAX_DICE_EXACT = {(False, False): 1000, (False, True): 200, (True, False): 100, (True, True): 40}
#: Exact :func:`extended`: the largest pool, keyed by chained ten-again.
EXTENDED_EXACT_DICE = {False: 20, True: 10}
#: Exact :func:`extended` with a round limit: the largest ``dice * rounds``.
EXTENDED_EXACT_WORK = {False: 1000, True: 100}
#: Exact :func:`botch_exemption`: the largest ``dice * rolls`` (the Fractions'
#: digits grow with that product).
EXACT_POWER_WORK = 200_000
#: Exact :func:`try_again` with ``above_ten="clamp"``: the largest
#: ``dice * attempts`` (unlimited attempts count as 50).
EXACT_RETRY_WORK = 10_000
#: Exact :func:`resisted_extended`: the largest ``max(dice, opp_dice) * target``.
EXACT_RACE_WORK = 300
#: Largest probability mass the ten-again window may censor.
TAIL_BOUND = 1e-16

_BOTCH = ("revised", "first")
_SPECIALTY = ("none", "reroll", "double")
_CANCEL = ("success", "highest", "lowest")
_WILLPOWER = ("uncancellable", "ordinary")
_ABOVE_TEN = ("impossible", "clamp")


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """An immutable set of Storyteller rule flags.

    Parameters
    ----------
    rule_of_one : bool, default True
        Each 1 cancels one success.
    botch : {"revised", "first"}, default "revised"
        ``"revised"``: no success and at least one 1. ``"first"``: the 1s
        outnumber the successes (needs ``rule_of_one``).
    ten_again : bool, default False
        Each 10 rolled adds an extra die.
    reroll_ones_cancel : bool, default False
        1s on extra (ten-again) dice cancel successes too.
    chain : bool, default True
        An extra die showing 10 adds another extra die (``False``: one reroll
        per 10 of the base roll only).
    specialty : {"none", "reroll", "double"}, default "none"
        ``"reroll"``: 10s are rerolled (the ten-again mechanism);
        ``"double"``: a 10 counts as two successes (V20).
    one_cancels : {"success", "highest", "lowest"}, default "success"
        What a cancelling 1 removes (matters only with ``specialty="double"``).
    willpower : bool, default False
        Spend a Willpower point: one automatic success.
    willpower_success : {"uncancellable", "ordinary"}, default "uncancellable"
        Whether that success escapes the 1s (and prevents any botch).
    above_ten : {"impossible", "clamp"}, default "impossible"
        A difficulty above 10 cannot be attempted, or is rolled at 10.

    Examples
    --------
    >>> Rules.preset("first").botch
    'first'
    >>> Rules(ten_again=True).rerolls
    True
    >>> Rules(botch="never")
    Traceback (most recent call last):
    ...
    dicestats.InputError: botch must be one of 'revised', 'first', got 'never'
    """

    rule_of_one: bool = True
    botch: str = "revised"
    ten_again: bool = False
    reroll_ones_cancel: bool = False
    chain: bool = True
    specialty: str = "none"
    one_cancels: str = "success"
    willpower: bool = False
    willpower_success: str = "uncancellable"
    above_ten: str = "impossible"

    def __post_init__(self):
        for name in ("rule_of_one", "ten_again", "reroll_ones_cancel", "chain", "willpower"):
            check_bool(name, getattr(self, name))
        check_choice("botch", self.botch, _BOTCH)
        check_choice("specialty", self.specialty, _SPECIALTY)
        check_choice("one_cancels", self.one_cancels, _CANCEL)
        check_choice("willpower_success", self.willpower_success, _WILLPOWER)
        check_choice("above_ten", self.above_ten, _ABOVE_TEN)
        if self.botch == "first" and not self.rule_of_one:
            raise ValueError(
                "botch='first' (1s outnumber successes) needs rule_of_one=True; "
                "use botch='revised' without the rule of one"
            )

    @property
    def rerolls(self) -> bool:
        """True when 10s earn extra dice (``ten_again`` or ``specialty="reroll"``)."""
        return self.ten_again or self.specialty == "reroll"

    @property
    def ten_value(self) -> int:
        """Successes a 10 counts for: 2 with ``specialty="double"``, else 1."""
        return 2 if self.specialty == "double" else 1

    def replace(self, **changes) -> Rules:
        """A copy with some flags changed (validated again).

        >>> Rules().replace(ten_again=True).ten_again
        True
        """
        return dataclasses.replace(self, **changes)

    @staticmethod
    def preset(name: str) -> Rules:
        """The named edition preset: ``revised``, ``dark_ages``, ``first``, ``v20``.

        ``dark_ages`` has the same flags as ``revised`` (ten-again is an option
        to switch on); ``v20`` is a roll *with a specialty* (10s count double).

        >>> Rules.preset("v20").specialty
        'double'
        """
        check_choice("preset", name, tuple(PRESETS))
        return PRESETS[name]


#: The edition presets of RULES.md's table (read-only).
PRESETS = MappingProxyType(
    {
        "revised": Rules(),
        "dark_ages": Rules(),
        "first": Rules(botch="first"),
        "v20": Rules(specialty="double"),
    }
)


def _check_rules(rules) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, got {rules!r}")
    return rules


def _check_difficulty(difficulty, rules: Rules, name: str = "difficulty") -> int:
    if rules.above_ten == "clamp":
        return min(check_int(name, difficulty, 2), 10)
    return check_int(name, difficulty, 2, 10)


def _check_dice(dice, name: str = "dice") -> int:
    return check_int(name, dice, 1, MAX_DICE)


def _degree(net: int) -> str | None:
    return None if net <= 0 else DEGREES[min(net, 5) - 1]


# ---------------------------------------------------------------------------
# Concrete rolls
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class RollResult:
    """The evaluation of one concrete roll.

    Attributes: ``successes`` (success count before cancellation, doubles and
    an ordinary willpower success included), ``ones`` (the 1s that count
    against successes: base dice, plus extra dice with
    ``reroll_ones_cancel``), ``net`` (>= 0), ``botch`` (bool), ``outcome``
    (``"botch"``, ``"failure"`` or ``"success"``), ``degree`` (a name from
    :data:`DEGREES` or None).
    """

    successes: int
    ones: int
    net: int
    botch: bool
    outcome: str
    degree: str | None


def _faces_array(faces, name: str) -> np.ndarray:
    try:
        arr = np.asarray(faces)
    except ValueError:
        raise ValueError(f"{name} must be a rectangular array of faces 1..10") from None
    if arr.dtype == object or arr.dtype.kind not in "iu":
        if (
            arr.size
            and arr.dtype.kind == "f"
            and np.all(np.isfinite(arr))
            and np.all(arr == np.round(arr))
        ):
            arr = arr.astype(np.int64)
        elif arr.size:
            raise TypeError(f"{name} must hold integer faces 1..10")
        else:
            arr = arr.astype(np.int64)
    if arr.size and (arr.min() < 1 or arr.max() > 10):
        raise ValueError(f"{name} must hold faces in 1..10, got {arr.min()}..{arr.max()}")
    return arr.astype(np.int64)


def evaluate_rolls(faces, difficulty: int = 6, rules: Rules = Rules(), extra=None) -> dict:
    """Evaluate many concrete rolls at once (vectorized over trials).

    Parameters
    ----------
    faces : array_like of int, shape (trials, dice)
        The base dice, faces 1..10.
    difficulty : int
        2..10 (above 10 with ``rules.above_ten="clamp"``).
    rules : Rules
    extra : array_like of int, shape (trials, m), optional
        With ten-again: each trial's extra dice in the order rolled. Trial
        ``i`` uses its first ``needed[i]`` entries (one per 10 of the base
        roll, plus one per extra 10 when chaining); the rest are ignored.
        Required (with enough columns) when ten-again applies.

    Returns
    -------
    dict of numpy arrays, one entry per trial
        ``successes``, ``ones``, ``net``, ``botch`` (bool), ``success``
        (bool, ``net >= 1``), ``degree`` (``min(net, 5)``), ``extra_used``.

    Examples
    --------
    >>> out = evaluate_rolls([[3, 3, 8, 7, 10], [1, 3, 4, 3, 6]], 6)
    >>> out["net"].tolist(), out["botch"].tolist()
    ([3, 0], [False, False])
    >>> evaluate_rolls([[10, 2]], 6, Rules(ten_again=True), extra=[[10, 7]])["net"].tolist()
    [3]
    """
    rules = _check_rules(rules)
    d = _check_difficulty(difficulty, rules)
    f = _faces_array(faces, "faces")
    if f.ndim != 2:
        raise ValueError(f"faces must be a 2-d array (trials, dice), got shape {f.shape}")
    trials = f.shape[0]
    ones_base = (f == 1).sum(axis=1)
    tens = (f == 10).sum(axis=1)
    plain = ((f >= d) & (f < 10)).sum(axis=1)
    xtens = np.zeros(trials, dtype=np.int64)
    xplain = np.zeros(trials, dtype=np.int64)
    xones = np.zeros(trials, dtype=np.int64)
    needed = np.zeros(trials, dtype=np.int64)
    if rules.rerolls:
        needed = tens.copy()
        if np.any(needed > 0):
            if extra is None:
                raise ValueError("extra must give the extra dice when ten-again applies")
            e = _faces_array(extra, "extra")
            if e.ndim != 2 or e.shape[0] != trials:
                raise ValueError(f"extra must have shape ({trials}, m), got {e.shape}")
            for j in range(e.shape[1]):  # one column of extra dice at a time
                active = needed > j
                if not active.any():
                    break
                col = e[:, j]
                is10 = active & (col == 10)
                xtens += is10
                xplain += active & (col >= d) & (col < 10)
                xones += active & (col == 1)
                if rules.chain:
                    needed += is10
            short = needed > e.shape[1]
            if short.any():
                i = int(np.flatnonzero(short)[0])
                raise ValueError(
                    f"extra has {e.shape[1]} column(s) but trial {i} needs {int(needed[i])}"
                )
    all_tens = tens + xtens
    a = plain + xplain
    b = np.zeros(trials, dtype=np.int64)
    if rules.specialty == "double":
        b = all_tens
    else:
        a = a + all_tens
    wp = rules.willpower
    if wp and rules.willpower_success == "ordinary":
        a = a + 1
    c = ones_base + (xones if rules.reroll_ones_cancel else 0)
    successes = a + 2 * b
    if not rules.rule_of_one:
        net = successes
    elif rules.one_cancels == "highest":
        net = np.maximum(a + b - c, 0) + np.maximum(b - c, 0)
    elif rules.one_cancels == "lowest":
        net = 2 * np.maximum(a + b - c, 0) - np.maximum(a - c, 0)
    else:
        net = np.maximum(successes - c, 0)
    if wp and rules.willpower_success == "uncancellable":
        net = net + 1
        botch = np.zeros(trials, dtype=bool)
    elif rules.botch == "revised":
        botch = (successes == 0) & (ones_base >= 1)
    else:
        botch = c > successes
    return {
        "successes": successes,
        "ones": c,
        "net": net,
        "botch": botch,
        "success": net >= 1,
        "degree": np.minimum(net, 5),
        "extra_used": needed,
    }


def evaluate_roll(
    faces: Sequence[int], difficulty: int = 6, rules: Rules = Rules(), extra: Sequence[int] = ()
) -> RollResult:
    """Evaluate one concrete roll.

    Parameters
    ----------
    faces : sequence of int
        The base dice (1..10).
    difficulty : int
    rules : Rules
    extra : sequence of int
        With ten-again, the extra dice in the order rolled (exactly as many as
        the 10s call for).

    Examples
    --------
    Seed 003 and seed 004's worked examples:

    >>> evaluate_roll([3, 3, 8, 7, 10], 6).successes
    3
    >>> evaluate_roll([2, 5, 6, 6, 4, 3], 7).outcome
    'failure'
    >>> evaluate_roll([1, 3, 4, 3, 6], 7).outcome
    'botch'
    """
    rules = _check_rules(rules)
    faces = [check_int(f"faces[{i}]", v, 1, 10) for i, v in enumerate(faces)]
    if not faces:
        raise ValueError("faces must hold at least one die")
    extra = [check_int(f"extra[{i}]", v, 1, 10) for i, v in enumerate(extra)]
    out = evaluate_rolls([faces], difficulty, rules, [extra] if extra else None)
    if extra and int(out["extra_used"][0]) != len(extra):
        raise ValueError(
            f"extra holds {len(extra)} dice but the roll calls for {int(out['extra_used'][0])}"
        )
    net = int(out["net"][0])
    botch = bool(out["botch"][0])
    return RollResult(
        successes=int(out["successes"][0]),
        ones=int(out["ones"][0]),
        net=net,
        botch=botch,
        outcome="botch" if botch else ("success" if net >= 1 else "failure"),
        degree=_degree(net),
    )


def simulate(
    dice: int, difficulty: int = 6, rules: Rules = Rules(), trials: int = 10_000, rng=None
):
    """Roll ``trials`` pools with ``numpy`` (seeded) and evaluate them.

    Returns the dict of :func:`evaluate_rolls`. Extra ten-again dice are
    drawn in enough columns for every trial.

    Examples
    --------
    >>> out = simulate(5, 6, trials=1000, rng=1)
    >>> out["net"].shape
    (1000,)
    """
    rules = _check_rules(rules)
    dice = _check_dice(dice)
    trials = check_int("trials", trials, 1, 10**8)
    gen = np.random.default_rng(rng)
    faces = gen.integers(1, 10, endpoint=True, size=(trials, dice))
    extra = None
    if rules.rerolls:
        m = max(1, int((faces == 10).sum(axis=1).max()))
        extra = gen.integers(1, 10, endpoint=True, size=(trials, m))
        while rules.chain:
            need = (faces == 10).sum(axis=1) + _chained_tens(extra, (faces == 10).sum(axis=1))
            if need.max() <= extra.shape[1]:
                break
            more = gen.integers(1, 10, endpoint=True, size=(trials, extra.shape[1]))
            extra = np.concatenate([extra, more], axis=1)
    return evaluate_rolls(faces, difficulty, rules, extra)


def _chained_tens(extra: np.ndarray, start: np.ndarray) -> np.ndarray:
    need = start.copy()
    count = np.zeros_like(need)
    for j in range(extra.shape[1]):
        hit = (need > j) & (extra[:, j] == 10)
        count += hit
        need += hit
    return count


# ---------------------------------------------------------------------------
# The exact engine
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Pass:
    """Linear statistics (f, u) of a line's tallies (a, b, c) and the net map.

    a: plain success dice, b: 10s counting double, c: cancelling 1s.
    ``u`` is the coordinate a 10 moves (possibly without bound).
    """

    kind: str  # "sum", "highest", "lowest"
    fa: int
    fb: int
    fc: int
    ua: int
    ub: int
    uc: int

    def disp(self, a: int, b: int, c: int) -> tuple[int, int]:
        return (self.fa * a + self.fb * b + self.fc * c, self.ua * a + self.ub * b + self.uc * c)

    def net(self, f, u):
        if self.kind == "sum":
            return np.maximum(u, 0)
        if self.kind == "highest":
            return np.maximum(f + u, 0) + np.maximum(u, 0)
        return 2 * np.maximum(f + u, 0) - np.maximum(f, 0)

    def terms(self):
        """net = sum of coef * max(lf*f + lu*u, 0)."""
        if self.kind == "sum":
            return [(1, 0, 1)]
        if self.kind == "highest":
            return [(1, 1, 1), (1, 0, 1)]
        return [(2, 1, 1), (-1, 1, 0)]


def _net_pass(rules: Rules) -> _Pass:
    double = rules.specialty == "double"
    if rules.rule_of_one and double and rules.one_cancels == "highest":
        return _Pass("highest", 1, 0, 0, 0, 1, -1)
    if rules.rule_of_one and double and rules.one_cancels == "lowest":
        return _Pass("lowest", 1, 0, -1, 0, 1, 0)
    return _Pass("sum", 0, 0, 0, 1, 2, -1 if rules.rule_of_one else 0)


_SUM_PASS = _Pass("sum", 0, 0, 0, 1, 2, -1)


def _events(rules: Rules):
    """(a, b, c) tallies of each event: base one, plain, ten; extra one."""
    ten = (0, 1, 0) if rules.specialty == "double" else (1, 0, 0)
    xone = (0, 0, 1) if rules.reroll_ones_cancel else (0, 0, 0)
    return (0, 0, 1), (1, 0, 0), ten, xone


class _Engine:
    """Joint distribution of a pass's (f, u) for pools 1..n_max, all difficulties."""

    def __init__(self, diffs, n_max, rules, passdef, exact, u_cap=None):
        self.diffs = list(diffs)
        self.n_max = n_max
        self.rules = rules
        self.p = passdef
        self.exact = exact
        one_ev, plain_ev, ten_ev, xone_ev = _events(rules)
        self.d_one = passdef.disp(*one_ev)
        self.d_plain = passdef.disp(*plain_ev)
        self.d_ten = passdef.disp(*ten_ev)
        self.d_xone = passdef.disp(*xone_ev)
        if self.d_ten[0] != 0 or self.d_ten[1] <= 0:
            raise AssertionError("a 10 must move u only, upwards")  # pragma: no cover
        self.saturating = rules.rerolls and rules.chain
        wp = rules.willpower and rules.willpower_success == "ordinary"
        self.start = passdef.disp(1, 0, 0) if wp else (0, 0)
        # f range: exact bounds over n_max lines.
        # a line is one base event, or a base 10 (f unchanged) and one final extra die
        moves = [self.d_one[0], self.d_plain[0], 0]
        if rules.rerolls:
            moves += [self.d_xone[0]]
        self.f_lo = self.start[0] + n_max * min(moves)
        self.f_hi = self.start[0] + n_max * max(moves)
        umin_line = min(self.d_one[1], self.d_xone[1] + self.d_ten[1], 0)
        self.u_lo = self.start[1] + n_max * min(umin_line, 0)
        self.du_min = min(umin_line, 0)
        if self.saturating:
            self.u_top = u_cap  # the saturation bin u = U + 1
        else:
            umax_line = max(self.d_plain[1], self.d_ten[1], 0)
            if rules.rerolls:
                umax_line = self.d_ten[1] + max(self.d_plain[1], self.d_ten[1], self.d_xone[1], 0)
            self.u_top = self.start[1] + n_max * umax_line
        self.F = self.f_hi - self.f_lo + 1
        self.W = self.u_top - self.u_lo + 1
        self.pad = 2 * self.d_ten[1] + 2

    # -- kernels ---------------------------------------------------------------
    def _probs(self, d):
        """one, blank, plain, ten: probabilities (float) or numerators over 10 (exact)."""
        if self.exact:
            return 1, d - 2, 10 - d, 1
        return 0.1, (d - 2) / 10, (10 - d) / 10, 0.1

    def _vec(self, values):
        if self.exact:
            out = np.empty(len(values), dtype=object)
            out[:] = values
            return out
        return np.array(values, dtype=np.float64)

    def _zeros(self, width):
        if self.exact:  # Python ints: never overflow
            return np.zeros((len(self.diffs), self.F, width), dtype=object)
        return np.zeros((len(self.diffs), self.F, width))

    @staticmethod
    def _shift_add(out, src, df, du, w):
        """out[:, f+df, u+du] += w * src[:, f, u] (out is at least as wide as src + du)."""
        F = src.shape[1]
        W = src.shape[2]
        fs = slice(max(0, -df), F - max(0, df))
        fd = slice(max(0, df), F - max(0, -df))
        us = slice(max(0, -du), W)
        ud = slice(max(0, du), W + du)
        out[:, fd, ud] += w[:, None, None] * src[:, fs, us]

    def _fold(self, arr):
        """Saturate: everything beyond the top bin goes into it."""
        if arr.shape[2] > self.W:
            arr[:, :, self.W - 1] += arr[:, :, self.W :].sum(axis=2)
            arr = arr[:, :, : self.W]
        return arr

    def _iir(self, b):
        """c[u] = b[u] + r c[u - t] along u (t = a 10's step, r = 1/10); mass beyond the end folded.

        Float mode sums ``r**g`` shifts for g < 64 by doubling (six vectorized
        adds; the terms dropped weigh ``1e-64`` relative) in a padded array,
        then folds the overflow into the last column. See :meth:`_iir_int`
        for exact mode.
        """
        t = self.d_ten[1]
        width = b.shape[2]
        ext = np.zeros(b.shape[:2] + (width + 64 * t,))
        ext[:, :, :width] = b
        for k in (1, 2, 4, 8, 16, 32):
            s = k * t
            ext[:, :, s:] += 0.1**k * ext[:, :, :-s]
        ext[:, :, width - 1] += ext[:, :, width:].sum(axis=2)
        return ext[:, :, :width]

    def _iir_int(self, b):
        """Exact IIR on integer numerators: returns (c, scale), c / scale = the true c.

        With ``J = ceil(width / t)``, ``c * 10**J`` is an integer array and
        obeys ``C[u] = 10**J b[u] + C[u - t] // 10`` (the division is exact:
        every term of ``C[u - t]`` carries at least one factor 10). The
        geometric continuation beyond the array, ``(1/9) * (last t columns)``,
        is added after scaling by 9.
        """
        t = self.d_ten[1]
        width = b.shape[2]
        big = 10 ** (-(-width // t))
        c = b * big
        for j in range(t, width):
            c[:, :, j] = c[:, :, j] + c[:, :, j - t] // 10
        last = c[:, :, -t:].sum(axis=2)
        c = c * 9
        c[:, :, -1] += last
        return c, big * 9

    def run(self, wanted):
        """Yield (n, P) for each n in ``wanted`` (sorted), P of shape (diffs, F, W)."""
        wanted = sorted(set(wanted))
        probs = [self._probs(d) for d in self.diffs]
        p1 = self._vec([p[0] for p in probs])
        pb = self._vec([p[1] for p in probs])
        ps = self._vec([p[2] for p in probs])
        p10 = self._vec([p[3] for p in probs])
        P = self._zeros(self.W)
        P[:, self.start[0] - self.f_lo, self.start[1] - self.u_lo] = 1
        # exact mode: P holds integer numerators over the shared self.den
        self.den = 1
        ptr = 0
        for n in range(1, self.n_max + 1):
            out = self._zeros(self.W + self.pad)
            self._shift_add(out, P, *self.d_one, p1)
            self._shift_add(out, P, 0, 0, pb)
            self._shift_add(out, P, *self.d_plain, ps)
            den = 10  # this step's denominator factor (exact mode)
            if not self.rules.rerolls:
                self._shift_add(out, P, *self.d_ten, p10)
            else:
                # the final extra die of each chain (or the single reroll)
                fin = self._zeros(self.W + self.pad)
                self._shift_add(fin, P, *self.d_xone, p1)
                self._shift_add(fin, P, 0, 0, pb)
                self._shift_add(fin, P, *self.d_plain, ps)
                scale = 1
                if self.rules.chain:
                    if self.exact:
                        fin, scale = self._iir_int(fin)
                    else:
                        fin = self._iir(fin)
                else:
                    self._shift_add(fin, P, *self.d_ten, p10)
                # the base 10 itself
                fin = self._fold(fin)
                if self.exact:
                    # out is over 10, the chain part over 10 * scale * 10
                    out = out * (scale * 10)
                    den = 100 * scale
                self._shift_add(out, fin, *self.d_ten, p10)
            P = self._fold(out)
            if self.exact:
                self.den *= den
                g = self.den
                for x in P.ravel():
                    if x:
                        g = math.gcd(g, x)
                        if g == 1:
                            break
                if g > 1:
                    P = P // g
                    self.den //= g
            else:
                # the four face probabilities need not sum to exactly 1.0 in
                # float; renormalising keeps a 1000-die pool's sum within ~1e-15
                P /= P.sum(axis=(1, 2))[:, None, None]
                # flush subnormal-bound values (< 1e-300: far below any reported
                # figure) so numpy does not crawl through denormal arithmetic
                P[P < 1e-300] = 0.0
            if ptr < len(wanted) and n == wanted[ptr]:
                ptr += 1
                yield n, P

    # -- derived quantities ------------------------------------------------------
    def grid(self):
        f = np.arange(self.f_lo, self.f_hi + 1)[:, None] * np.ones((1, self.W), dtype=np.int64)
        u = np.ones((self.F, 1), dtype=np.int64) * np.arange(self.u_lo, self.u_top + 1)[None, :]
        return f.astype(np.int64), u.astype(np.int64)


def _group_sum(flat, idx, n_bins):
    """Sum columns of flat (rows, cells) into n_bins by idx (cells,)."""
    order = np.argsort(idx, kind="stable")
    sidx = idx[order]
    present = np.unique(sidx)
    sums = np.add.reduceat(flat[:, order], np.searchsorted(sidx, present), axis=1)
    out = np.zeros((flat.shape[0], n_bins), dtype=flat.dtype)
    out[:, present] = sums
    return out


def _line_means(rules: Rules, passdef: _Pass, d: int, exact: bool):
    """E[(f, u)] of one line, exact or float."""
    F = Fraction if exact else (lambda a, b: a / b)
    p1, ps, p10 = F(1, 10), F(10 - d, 10), F(1, 10)
    one_ev, plain_ev, ten_ev, xone_ev = _events(rules)
    ea = [0 * p1, 0 * p1, 0 * p1]
    for ev, p in ((one_ev, p1), (plain_ev, ps), (ten_ev, p10)):
        for k in range(3):
            ea[k] += ev[k] * p
    if rules.rerolls:
        if rules.chain:
            n10, nplain, nxone = F(1, 9), ps * F(10, 9), F(1, 9)
        else:
            n10, nplain, nxone = p10, ps, p1
        for ev, p in ((ten_ev, n10), (plain_ev, nplain), (xone_ev, nxone)):
            for k in range(3):
                ea[k] += p10 * ev[k] * p
    return (
        passdef.fa * ea[0] + passdef.fb * ea[1] + passdef.fc * ea[2],
        passdef.ua * ea[0] + passdef.ub * ea[1] + passdef.uc * ea[2],
    )


def _initial_cap(n_max: int, rules: Rules, passdef: _Pass) -> int:
    v = rules.ten_value
    return 3 * n_max + v * (n_max // 3 + 40) + (2 * n_max if passdef.kind == "lowest" else 0)


def _compute(diffs, dice_list, rules: Rules, exact: bool):
    """{(d, n): dict(pmf=list over net 0..K, botch, mean, tail)} for every pair."""
    diffs = list(diffs)
    dice_list = sorted(set(dice_list))
    n_max = dice_list[-1]
    passdef = _net_pass(rules)
    if exact:
        chained = rules.rerolls and rules.chain
        cap = MAX_DICE_EXACT[(chained, passdef.kind != "sum")]
        if n_max > cap:
            raise ValueError(
                f"dice must be an integer in 1..{cap} in exact mode with these rules "
                f"(got {n_max}; float mode allows up to {_dice_limit(rules)})"
            )
    need_first = rules.botch == "first" and not (
        rules.willpower and rules.willpower_success == "uncancellable"
    )
    cap = _initial_cap(n_max, rules, passdef)
    limit = Fraction(1, 10**16) if exact else TAIL_BOUND
    for _ in range(8):
        res = _compute_once(diffs, dice_list, rules, exact, passdef, cap)
        worst = max(v["tail"] for v in res.values())
        if worst <= limit or not (rules.rerolls and rules.chain):
            break
        cap *= 2
    else:  # pragma: no cover - the first window is already far beyond the mean
        raise RuntimeError(f"ten-again window did not converge (tail {float(worst):.3g})")
    if need_first:
        bpass = _SUM_PASS
        if passdef == bpass:
            for v in res.values():
                v["botch"] = v.pop("neg_u")
        else:
            bres = _compute_once(
                diffs, dice_list, rules, exact, bpass, _initial_cap(n_max, rules, bpass) * 2
            )
            for key, v in res.items():
                v["botch"] = bres[key]["neg_u"]
    elif rules.willpower and rules.willpower_success == "uncancellable":
        for v in res.values():
            v["botch"] = _zero(exact)  # a roll with a Willpower success cannot botch
    else:
        for (d, n), v in res.items():
            v["botch"] = botch_closed_form(n, d, rules, exact=exact)
    for v in res.values():
        v.pop("neg_u", None)
    return res


def _compute_once(diffs, dice_list, rules, exact, passdef, cap):
    eng = _Engine(diffs, dice_list[-1], rules, passdef, exact, u_cap=cap)
    fg, ug = eng.grid()
    net = passdef.net(fg, ug)
    zero = Fraction(0) if exact else 0.0
    uncanc = rules.willpower and rules.willpower_success == "uncancellable"
    lins = [
        (coef, lf, lu, np.maximum(-(lf * fg + lu * ug), 0).ravel())
        for coef, lf, lu in passdef.terms()
    ]
    lins = [(coef, lf, lu, neg, np.flatnonzero(neg)) for coef, lf, lu, neg in lins]
    line_means = [_line_means(rules, passdef, d, exact) for d in diffs]
    res = {}
    for n, P in eng.run(dice_list):
        if eng.saturating:
            # cells with u >= u_edge may have saturated (shown u <= true u);
            # their true net is at least net(f, u_edge): net is non-decreasing in u
            u_edge = eng.u_top + n * eng.du_min
            k_top = max(int(passdef.net(np.arange(eng.f_lo, eng.f_hi + 1), u_edge).min()), 0)
            idx = np.minimum(net, k_top).ravel()
        else:
            k_top = int(net.max())
            idx = net.ravel()
        flat = P.reshape(len(diffs), -1)
        pmf = _group_sum(flat, idx, k_top + 1)
        den = eng.den if exact else 1

        def prob(x, den=den):
            return Fraction(int(x), den) if exact else float(x)

        neg_u = flat[:, (ug < 0).ravel()].sum(axis=1) if (ug < 0).any() else None
        means = []
        for i in range(len(diffs)):
            ef, eu = line_means[i]
            ef = eng.start[0] + n * ef
            eu = eng.start[1] + n * eu
            m = zero
            for coef, lf, lu, neg, nz in lins:
                negpart = prob((flat[i, nz] * neg[nz]).sum()) if nz.size else zero
                m = m + coef * (lf * ef + lu * eu + negpart)
            m = m + (1 if uncanc else 0)
            means.append(m if exact else float(m))
        for i, d in enumerate(diffs):
            # exact: integer numerators over den; float: probabilities
            tail = prob(pmf[i][-1]) if eng.saturating else zero
            # drop the zero outcomes above the largest possible net (the engine
            # is as wide as the largest pool): a 1000-row table summed them all
            nzk = np.flatnonzero(pmf[i])
            top = int(nzk[-1]) + 1 if nzk.size else 1
            if eng.saturating and tail:
                top = len(pmf[i])
            row = (
                [int(x) for x in pmf[i][:top]] if exact else np.maximum(pmf[i][:top], 0.0).tolist()
            )
            if uncanc:
                row = [0] + row
            res[(d, n)] = {
                "pmf": row,
                "den": den,
                "tail": tail,
                "mean": means[i],
                "neg_u": zero if neg_u is None else prob(neg_u[i]),
            }
    return res


def botch_closed_form(dice: int, difficulty: int, rules: Rules = Rules(), *, exact: bool = False):
    """P(botch) under the revised rule: ``q**N - (q - 1/10)**N``, ``q = (D-1)/10``.

    (No die at or above the difficulty, minus no die at or above it *and* no
    1.) Zero with an uncancellable willpower success or an ordinary one.

    Examples
    --------
    >>> botch_closed_form(1, 10, exact=True)
    Fraction(1, 10)
    """
    rules = _check_rules(rules)
    n = _check_dice(dice)
    d = _check_difficulty(difficulty, rules)
    if rules.botch != "revised":
        raise ValueError("botch_closed_form is the revised rule's closed form")
    if rules.willpower:
        return Fraction(0) if exact else 0.0
    q = Fraction(d - 1, 10)
    b = q**n - (q - Fraction(1, 10)) ** n
    return b if exact else float(b)  # float: the exact value correctly rounded


# ---------------------------------------------------------------------------
# Single pools and tables
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolResult:
    """Exact odds of one pool.

    Attributes
    ----------
    dice, difficulty : int
    rules : Rules
    exact : bool
    success, failure, botch : Fraction or float
        ``success = P(net >= 1)``; ``botch`` is a subset of ``net == 0``;
        the three sum to 1.
    net : Dist
        Net successes (>= 0). With chaining ten-again the top outcome is
        censored: it holds ``P(net >= top)``, which is :attr:`tail`.
    mean_net : Fraction or float
        ``E[net]``, exact (not taken from the censored ``net``).
    tail : Fraction or float
        Mass lumped into the top outcome of ``net`` (0 without chains;
        at most 1e-16 with them).

    Examples
    --------
    >>> r = pool(2, 6, exact=True)
    >>> r.degrees["moderate"], r.p_ge(1)      # both dice >= 6 (and no 1)
    (Fraction(1, 4), Fraction(13, 20))
    >>> sorted(r.as_dict())[:4]
    ['botch', 'complete', 'dice', 'difficulty']
    """

    dice: int
    difficulty: int
    rules: Rules
    exact: bool
    success: object
    failure: object
    botch: object
    net: Dist = field(repr=False)
    mean_net: object
    tail: object

    @property
    def degrees(self) -> dict:
        """``{degree name: P(net == 1..4), P(net >= 5)}``."""
        out = {name: self.net.pmf(k) for k, name in enumerate(DEGREES[:4], start=1)}
        out["phenomenal"] = self.net.p_ge(5)
        return out

    def p_ge(self, k: int):
        """``P(net >= k)``."""
        return self.net.p_ge(k)

    def as_dict(self) -> dict:
        """The figures as a plain dict (degrees and ``p_ge_1..5`` included)."""
        out = {
            "dice": self.dice,
            "difficulty": self.difficulty,
            "success": self.success,
            "failure": self.failure,
            "botch": self.botch,
            "mean_net": self.mean_net,
        }
        out.update(self.degrees)
        for k in range(1, 6):
            out[f"p_ge_{k}"] = self.p_ge(k)
        return out


def _result(d, n, rules, exact, v) -> PoolResult:
    pmf = v["pmf"]
    if exact:
        den = v["den"]
        net = Dist.from_counts(pmf)  # integer numerators over den (sum == den)
        success = Fraction(sum(pmf[1:]), den)
        failure = Fraction(pmf[0], den) - v["botch"]
    else:
        net = Dist.from_probabilities(pmf)
        success = min(math.fsum(pmf[1:]), 1.0)  # renormalised floats may sum to 1 + 1 ulp
        failure = max(pmf[0] - v["botch"], 0.0)
    return PoolResult(
        dice=n,
        difficulty=d,
        rules=rules,
        exact=exact,
        success=success,
        failure=failure,
        botch=v["botch"],
        net=net,
        mean_net=v["mean"],
        tail=v["tail"],
    )


def pool(dice: int, difficulty: int = 6, rules: Rules = Rules(), exact: bool = False) -> PoolResult:
    """Exact odds of rolling ``dice`` d10 against ``difficulty``.

    Parameters
    ----------
    dice : int
        1..1000 (1..200 for ``specialty="double"`` with ``one_cancels``
        ``"highest"`` or ``"lowest"``).
    difficulty : int, default 6
        2..10 (higher only with ``rules.above_ten="clamp"``).
    rules : Rules
    exact : bool
        Fractions instead of floats.

    Returns
    -------
    PoolResult

    Examples
    --------
    >>> r = pool(1, 6, exact=True)
    >>> r.success, r.failure, r.botch
    (Fraction(1, 2), Fraction(2, 5), Fraction(1, 10))
    >>> round(pool(6, 10).botch, 4)   # 0.9**6 - 0.8**6
    0.2693
    """
    rules = _check_rules(rules)
    n = check_int("dice", dice, 1, _dice_limit(rules))
    d = _check_difficulty(difficulty, rules)
    check_bool("exact", exact)
    v = _compute([d], [n], rules, exact)[(d, n)]
    return _result(d, n, rules, exact, v)


def _int_values(name, values, lo, hi):
    if isinstance(values, (int, np.integer)) and not isinstance(values, bool):
        values = [values]
    return check_int_list(name, values, lo, hi)


def _dice_limit(rules: Rules) -> int:
    return MAX_DICE_2D if _net_pass(rules).kind != "sum" else MAX_DICE


def _pools_grid(dice, difficulties, rules, exact):
    rules = _check_rules(rules)
    dice = _int_values("dice", dice, 1, _dice_limit(rules))
    hi = None if rules.above_ten == "clamp" else 10
    diffs_in = _int_values("difficulties", difficulties, 2, hi)
    check_bool("exact", exact)
    diffs = sorted({min(d, 10) for d in diffs_in})
    res = _compute(diffs, dice, rules, exact)
    return rules, dice, diffs_in, res


def odds_table(dice, difficulties, rules: Rules = Rules(), exact: bool = False):
    """A tidy pandas DataFrame of pool odds, one row per (dice, difficulty).

    Columns: ``dice``, ``difficulty``, ``success``, ``failure``, ``botch``,
    ``mean_net``, ``marginal`` … ``phenomenal`` (``P(net == 1..4)``,
    ``P(net >= 5)``) and ``p_ge_1`` … ``p_ge_5`` (``P(net >= k)``). All cells
    come from one vectorized pass over every difficulty and pool size.

    Examples
    --------
    >>> t = odds_table(range(1, 4), [6, 10])
    >>> t.shape
    (6, 16)
    >>> round(float(t.query("dice == 3 and difficulty == 10").botch.iloc[0]), 3)
    0.217
    """
    import pandas as pd

    rules, dice, diffs_in, res = _pools_grid(dice, difficulties, rules, exact)
    rows = []
    for n in dice:
        for d in diffs_in:
            dd = min(d, 10)
            r = _result(dd, n, rules, exact, res[(dd, n)])
            row = r.as_dict()
            row["difficulty"] = d
            rows.append(row)
    return pd.DataFrame(rows)


def anomalies(
    rules: Rules = Rules(),
    dice=range(1, 31),
    difficulties=range(2, 11),
    exact: bool = True,
    tol: float = 1e-12,
) -> list[dict]:
    """Every cell where one die more raises the botch chance or lowers a success chance.

    Compares pool ``n`` with pool ``n - 1`` (both in ``dice``; ``dice`` is the
    larger) at each difficulty, for the metrics ``botch`` (reported when it
    rises) and ``success``, ``p_ge_2`` … ``p_ge_5`` (reported when they fall).
    In exact mode (the default) the comparison is exact, so no float noise is
    reported and no real change is missed; in float mode a change must exceed
    ``tol`` (absolute).

    Returns
    -------
    list of dict
        ``{"metric", "difficulty", "dice", "before", "after"}``.

    Examples
    --------
    >>> rec = [a for a in anomalies(dice=range(1, 8), difficulties=[10]) if a["metric"] == "botch"]
    >>> [a["dice"] for a in rec]
    [2, 3, 4, 5, 6]
    """
    rules = _check_rules(rules)
    tol = check_real("tol", tol, 0, 1)
    rules, dice, diffs_in, res = _pools_grid(dice, difficulties, rules, exact)
    dice = sorted(set(dice))
    out = []
    metrics = ["botch", "success"] + [f"p_ge_{k}" for k in range(2, 6)]
    thr = 0 if exact else tol
    for d in sorted(set(diffs_in)):
        dd = min(d, 10)
        prev = None
        for n in dice:
            cur = _result(dd, n, rules, exact, res[(dd, n)]).as_dict()
            if prev is not None and prev["dice"] == n - 1:
                for m in metrics:
                    before, after = prev[m], cur[m]
                    change = after - before
                    if (m == "botch" and change > thr) or (m != "botch" and -change > thr):
                        out.append(
                            {
                                "metric": m,
                                "difficulty": d,
                                "dice": n,
                                "before": before,
                                "after": after,
                            }
                        )
            prev = cur
    return out


# ---------------------------------------------------------------------------
# The rest of §2: shortcuts, retries, multiple / extended / resisted actions
# ---------------------------------------------------------------------------
def _zero(exact):
    return Fraction(0) if exact else 0.0


def _non_botch(r: PoolResult) -> dict:
    """``{net: P(net and no botch)}`` (sums to ``1 - botch``)."""
    out = {k: p for k, p in r.net.items()}
    out[0] = out.get(0, _zero(r.exact)) - r.botch
    if not r.exact:
        out[0] = max(out[0], 0.0)
    return {k: p for k, p in out.items() if p}


def automatic_success(
    dice: int,
    difficulty: int = 6,
    rules: Rules = Rules(),
    *,
    need: int = 1,
    stress: bool = False,
    exact: bool = False,
) -> dict:
    """Taking the automatic success versus rolling (seed 004).

    If the pool is at least the difficulty, a character out of combat and
    stress may skip the roll and take one (marginal) success. It never botches
    but caps the result at one success.

    Parameters
    ----------
    dice, difficulty : int
    rules : Rules
    need : int, default 1
        Successes the task needs (1..50).
    stress : bool, default False
        In combat or under stress: the automatic success is not allowed.
    exact : bool

    Returns
    -------
    dict
        ``allowed``; ``roll`` and ``automatic``, each ``{"success": P(net >=
        need), "botch", "mean_net"}``; ``better``: ``"automatic"`` when
        allowed and it gives a higher chance of meeting ``need`` (or the same
        chance with no botch risk), ``"roll"`` when rolling gives the higher
        chance, ``"either"`` on a tie.

    Examples
    --------
    >>> automatic_success(6, 6, exact=True)["better"]
    'automatic'
    >>> automatic_success(6, 6, need=2)["better"]
    'roll'
    """
    rules = _check_rules(rules)
    n = check_int("dice", dice, 1, _dice_limit(rules))
    d = _check_difficulty(difficulty, rules)
    need = check_int("need", need, 1, 50)
    check_bool("stress", stress)
    r = pool(n, d, rules, exact)
    allowed = n >= d and not stress
    one = Fraction(1) if exact else 1.0
    zero = _zero(exact)
    roll = {"success": r.p_ge(need), "botch": r.botch, "mean_net": r.mean_net}
    auto = {
        "success": one if (allowed and need <= 1) else zero,
        "botch": zero,
        "mean_net": one if allowed else zero,
    }
    if allowed and (
        auto["success"] > roll["success"] or (auto["success"] == roll["success"] and r.botch > 0)
    ):
        better = "automatic"
    elif roll["success"] > auto["success"] or not allowed:
        better = "roll"
    else:
        better = "either"
    return {"allowed": allowed, "roll": roll, "automatic": auto, "better": better}


def try_again(
    dice: int,
    difficulty: int = 6,
    rules: Rules = Rules(),
    *,
    attempts: int | None = None,
    botch_ends: bool = True,
    exact: bool = False,
) -> dict:
    """Trying again after failures: each retry is at difficulty +1 (seed 004).

    The first attempt is at ``difficulty``, the k-th at ``difficulty + k - 1``.
    A difficulty above 10 cannot be attempted (the sequence ends: the task is
    beyond the character) unless ``rules.above_ten == "clamp"``. A success
    ends the sequence. A botch ends it too by default (``botch_ends=True``: a
    botch is a disaster, not a mere failure to retry); with
    ``botch_ends=False`` it counts as a failure and the next try is harder.

    Parameters
    ----------
    attempts : int, optional
        The most attempts allowed (1..1000); unlimited by default. In exact
        mode with ``above_ten="clamp"``, ``dice * attempts <= 10000``
        (:data:`EXACT_RETRY_WORK`; unlimited counts as 50).

    Returns
    -------
    dict
        ``p_success`` (within the attempts), ``p_botch`` (a botch before any
        success: with ``botch_ends=True`` the sequence ends there),
        ``p_gave_up`` (ran out of attempts or of reachable difficulties),
        ``expected_attempts``, ``p_success_within``: list, ``[k-1]`` =
        P(success within k attempts) for k = 1.. the longest possible run (at
        most 50 entries).

    Examples
    --------
    Tries at 9 (success 2/10, botch 1/10) and at 10 (success 1/10), then
    the difficulty would be 11:

    >>> r = try_again(1, 9, exact=True)
    >>> r["p_success"] == Fraction(2, 10) + Fraction(7, 10) * Fraction(1, 10)
    True
    >>> r["expected_attempts"]
    Fraction(17, 10)
    """
    rules = _check_rules(rules)
    n = check_int("dice", dice, 1, _dice_limit(rules))
    d0 = _check_difficulty(difficulty, rules)
    if attempts is not None:
        attempts = check_int("attempts", attempts, 1, 1000)
    check_bool("botch_ends", botch_ends)
    check_bool("exact", exact)
    clamp = rules.above_ten == "clamp"
    cache: dict = {}

    def odds(d):
        if d not in cache:
            r = pool(n, d, rules, exact)
            cache[d] = (r.success, r.failure, r.botch)
        return cache[d]

    # The attempts form a line: attempt k is at difficulty d0 + k - 1 (clamped
    # to 10, or impossible above 10). Walk it; with clamp and no attempt limit
    # every attempt from the 50th on is at 10, a geometric tail summed in
    # closed form.
    if attempts is not None:
        last = attempts if clamp else min(attempts, 11 - d0)
    else:
        last = 50 if clamp else 11 - d0
    if exact and n * last > EXACT_RETRY_WORK:
        # each attempt multiplies Fractions over 10**dice: the digits grow as dice * attempts
        # (only with above_ten="clamp": otherwise at most 9 attempts, 9000 <= the cap)
        raise ValueError(
            f"attempts must be at most {max(EXACT_RETRY_WORK // n, 1)} in exact mode with "
            f"{n} dice (dice * attempts <= {EXACT_RETRY_WORK}; unlimited counts as 50), "
            f"got {attempts}; use float mode"
        )
    one = Fraction(1) if exact else 1.0
    zero = _zero(exact)
    reach = one  # P(attempt k is made)
    clean = one  # P(attempt k is reached with no botch so far)
    p_success = p_botch = expected = zero
    within = []
    s = f = b = zero
    for k in range(1, last + 1):
        s, f, b = odds(min(d0 + k - 1, 10))
        expected = expected + reach
        p_success = p_success + reach * s
        p_botch = p_botch + clean * b
        clean = clean * f
        reach = reach * (f if botch_ends else f + b)
        if k <= 50:
            within.append(p_success)
    if clamp and attempts is None:  # attempts 51, 52, ... all at difficulty 10
        go = f if botch_ends else f + b
        expected = expected + reach / (1 - go)
        p_success = p_success + reach * s / (1 - go)
        p_botch = p_botch + clean * b / (1 - f)
        reach = zero

    def prob(x):  # float sums may overshoot [0, 1] by an ulp or two
        return x if exact else min(max(float(x), 0.0), 1.0)

    return {
        "p_success": prob(p_success),
        "p_botch": prob(p_botch),
        "p_gave_up": prob(reach),  # every allowed attempt failed
        "expected_attempts": expected,
        "p_success_within": within,
    }


def botch_exemption(
    dice: int,
    difficulty: int = 6,
    rules: Rules = Rules(),
    *,
    rolls: int = 10,
    exact: bool = False,
) -> dict:
    """P(at least one counted botch in ``rolls`` rolls), with and without the exemption.

    With the exemption (seed 004) the first botch of the period does not count,
    so a counted botch needs two botches: ``1 - (1-b)**k - k*b*(1-b)**(k-1)``.
    Exact mode needs ``dice * rolls <= 200000`` (:data:`EXACT_POWER_WORK`).

    Returns
    -------
    dict
        ``p_botch`` (one roll), ``without`` and ``with_exemption`` (P(at least
        one counted botch)), ``expected_without``, ``expected_with``
        (expected counted botches).

    Examples
    --------
    >>> r = botch_exemption(1, 10, rolls=2, exact=True)      # b = 1/10
    >>> r["without"], r["with_exemption"]
    (Fraction(19, 100), Fraction(1, 100))
    """
    rules = _check_rules(rules)
    k = check_int("rolls", rolls, 1, 10**6)
    check_bool("exact", exact)
    n = check_int("dice", dice, 1, _dice_limit(rules))
    if exact and n * k > EXACT_POWER_WORK:
        # (1 - b)**rolls over 10**dice: the digits grow as dice * rolls (minutes beyond)
        raise ValueError(
            f"rolls must be at most {max(EXACT_POWER_WORK // n, 1)} in exact mode with {n} "
            f"dice (dice * rolls <= {EXACT_POWER_WORK}), got {k}; use float mode"
        )
    b = pool(dice, difficulty, rules, exact).botch
    one = Fraction(1) if exact else 1.0
    none = (one - b) ** k
    exactly_one = k * b * (one - b) ** (k - 1)
    return {
        "p_botch": b,
        "without": one - none,
        "with_exemption": one - none - exactly_one,
        "expected_without": k * b,
        "expected_with": k * b - (one - none),
    }


def _difficulty_list(difficulty, count, rules):
    if isinstance(difficulty, (int, np.integer)) and not isinstance(difficulty, bool):
        return [_check_difficulty(difficulty, rules)] * count
    hi = None if rules.above_ten == "clamp" else 10
    out = check_int_list("difficulty", difficulty, 2, hi)
    if len(out) != count:
        raise ValueError(f"difficulty must give one value per pool ({count}), got {len(out)}")
    return [min(x, 10) for x in out]


def multiple_actions(
    pools: Sequence[int], difficulty=6, rules: Rules = Rules(), *, exact: bool = False
) -> dict:
    """Several actions in one round (seed 004).

    With ``k`` actions declared, action ``i`` (1-based) rolls
    ``pools[i-1] - k - (i - 1)`` dice; a pool reduced to 0 or less cannot be
    attempted (success 0).

    Parameters
    ----------
    pools : sequence of int
        The base pools (1..1000), in the order the actions are taken.
    difficulty : int or sequence of int
        One difficulty for all, or one per action.

    Returns
    -------
    dict
        ``actions``: list of ``{"action", "base", "pool", "attempted",
        "success", "botch"}``; ``p_all`` (every action succeeds; the rolls are
        independent), ``expected_successes`` (expected successful actions).

    Examples
    --------
    Hall (Dexterity 3, Brawl 4, Dodge 3) punches and dodges twice:

    >>> [a["pool"] for a in multiple_actions([7, 6, 6])["actions"]]
    [4, 2, 1]
    """
    rules = _check_rules(rules)
    pools = check_int_list("pools", pools, 1, _dice_limit(rules))
    diffs = _difficulty_list(difficulty, len(pools), rules)
    check_bool("exact", exact)
    k = len(pools)
    zero = _zero(exact)
    # every reduced pool at one difficulty from one engine pass (a pass yields
    # all sizes): 30 exact pools of ~1000 dice took 22 s one pool() at a time
    wanted: dict = {}
    for i, (base, d) in enumerate(zip(pools, diffs, strict=True), start=1):
        if base - k - (i - 1) >= 1:
            wanted.setdefault(d, set()).add(base - k - (i - 1))
    odds = {}
    for d, sizes in wanted.items():
        for (dd, size), v in _compute([d], sizes, rules, exact).items():
            odds[(dd, size)] = _result(dd, size, rules, exact, v)
    acts = []
    p_all = Fraction(1) if exact else 1.0
    expected = zero
    for i, (base, d) in enumerate(zip(pools, diffs, strict=True), start=1):
        size = base - k - (i - 1)
        if size >= 1:
            r = odds[(d, size)]
            s, b = r.success, r.botch
        else:
            s, b = zero, zero
        acts.append(
            {
                "action": i,
                "base": base,
                "pool": size,
                "difficulty": d,
                "attempted": size >= 1,
                "success": s,
                "botch": b,
            }
        )
        p_all = p_all * s
        expected = expected + s
    return {"actions": acts, "p_all": p_all, "expected_successes": expected}


def best_actions(
    pools: Sequence[int], difficulty=6, rules: Rules = Rules(), *, exact: bool = False
) -> dict:
    """The number of actions (taking the first k of ``pools``) with the most expected successes.

    Returns
    -------
    dict
        ``best`` (k), ``by_count``: list of ``{"actions": k,
        "expected_successes", "p_all"}``.

    Examples
    --------
    >>> r = best_actions([7, 6, 6], exact=True)
    >>> [row["actions"] for row in r["by_count"]]
    [1, 2, 3]
    >>> r["by_count"][0]["expected_successes"] == pool(6, 6, exact=True).success
    True
    """
    rules = _check_rules(rules)
    pools = check_int_list("pools", pools, 1, _dice_limit(rules))
    diffs = _difficulty_list(difficulty, len(pools), rules)
    rows = []
    for k in range(1, len(pools) + 1):
        m = multiple_actions(pools[:k], diffs[:k], rules, exact=exact)
        rows.append(
            {"actions": k, "expected_successes": m["expected_successes"], "p_all": m["p_all"]}
        )
    best = max(rows, key=lambda r: r["expected_successes"])["actions"]
    return {"best": best, "by_count": rows}


def extended(
    dice: int,
    difficulty: int,
    target: int,
    rules: Rules = Rules(),
    *,
    botch: str = "resets",
    rounds: int | None = None,
    exact: bool = False,
) -> dict:
    """An extended action: roll once per round, add net successes until ``target``.

    Without a round limit, solved exactly as an absorbing Markov chain
    (:func:`dicestats.core.markov.build`) over the accumulated successes; with a
    round limit (a finite horizon) by the forward recursion over rounds of
    the distribution of accumulated successes, which also gives
    ``p_done_within``.

    Parameters
    ----------
    target : int
        Successes needed, 1..200 (1..80 in exact mode without ``rounds``).
    botch : {"resets", "ends", "zero"}
        What a botch does: all accumulated successes are lost and the task
        starts over (default, seed 004), the task fails outright (the
        Storyteller's harsher ruling in seed 004), or the roll only scores 0.
    rounds : int, optional
        A round limit (1..500): not done after that many rolls is a failure
        (``"timeout"``).
    exact : bool
        Fractions. Exact mode is capped (its numerators grow with the pool and
        the rounds): dice 1..20 (1..10 with chained ten-again) and, with a
        round limit, ``dice * rounds <= 1000`` (100 with chained ten-again),
        see :data:`EXTENDED_EXACT_DICE`, :data:`EXTENDED_EXACT_WORK`.

    Returns
    -------
    dict
        ``p_success``, ``p_failed`` (botch ended it), ``p_timeout``,
        ``mean_rolls`` (expected rolls until done or failed), ``var_rolls``,
        ``p_done_within`` (list: ``[r-1]`` = P(done within r rolls), r up to
        ``rounds`` or 50) and ``rolls`` (a :class:`Dist` of the number of rolls,
        or None in exact mode without a round limit, where it is infinite).

    Notes
    -----
    With chained ten-again the per-roll net distribution is censored at a
    top value far above any target (the censored mass is at most 1e-16).

    Examples
    --------
    >>> r = extended(1, 6, 1, botch="zero", exact=True)   # geometric, p = 1/2
    >>> r["p_success"], r["mean_rolls"]
    (Fraction(1, 1), Fraction(2, 1))
    """
    from .core.markov import build

    rules = _check_rules(rules)
    n = check_int("dice", dice, 1, _dice_limit(rules))
    d = _check_difficulty(difficulty, rules)
    target = check_int("target", target, 1, 200)
    check_choice("botch", botch, ("resets", "ends", "zero"))
    if rounds is not None:
        rounds = check_int("rounds", rounds, 1, 500)
    check_bool("exact", exact)
    if exact and rounds is None and target > 80:
        raise ValueError(
            "target must be an integer in 1..80 in exact mode without a round limit "
            f"(a dense chain of `target` states solved over Fractions), got {target}; "
            "use float mode or give rounds"
        )
    if exact:
        # Exact numerators grow with every die and every round (a pool's
        # denominator is 10**dice or more, raised to the number of rounds);
        # beyond these caps a call ran for minutes. Float mode has no such cap.
        chained = rules.rerolls and rules.chain
        cap = EXTENDED_EXACT_DICE[chained]
        if n > cap:
            raise ValueError(
                f"dice must be an integer in 1..{cap} for an exact extended action with "
                f"these rules, got {n}; use float mode"
            )
        work = EXTENDED_EXACT_WORK[chained]
        if rounds is not None and n * rounds > work:
            raise ValueError(
                f"rounds must be at most {work // n} for an exact extended action with {n} "
                f"dice (dice * rounds <= {work}), got {rounds}; use float mode"
            )
    r = pool(n, d, rules, exact)
    nb = sorted(_non_botch(r).items())
    b = r.botch
    zero = _zero(exact)
    horizon = rounds if rounds is not None else 50
    done, failed, alive = _extended_forward(nb, b, target, botch, horizon, exact)
    within = []
    acc = zero
    for x in done:
        acc = acc + x
        within.append(acc)

    def prob(x):  # float sums may overshoot [0, 1] by an ulp or two
        return x if exact else min(max(float(x), 0.0), 1.0)

    if rounds is not None:
        # a finite horizon: everything follows from the forward recursion
        pmf = [zero] + [done[i] + failed[i] for i in range(rounds)]
        pmf[rounds] = pmf[rounds] + alive
        rolls = Dist(pmf, exact=exact)
        return {
            "p_success": prob(sum(done, zero)),
            "p_failed": prob(sum(failed, zero)),
            "p_timeout": prob(alive),
            "mean_rolls": rolls.mean(),
            "var_rolls": rolls.var(),
            "p_done_within": within,
            "rolls": rolls,
        }

    def step(state):
        if state in ("done", "failed"):
            return None
        out: dict = {}
        for k, p in nb:
            key = "done" if state + k >= target else state + k
            out[key] = out.get(key, 0) + p
        if b:
            key = {"ends": "failed", "resets": 0, "zero": state}[botch]
            out[key] = out.get(key, 0) + b
        return out

    chain = build(0, step, exact=exact)
    ab = chain.absorption()
    return {
        "p_success": prob(ab.get("done", zero)),
        "p_failed": prob(ab.get("failed", zero)),
        "p_timeout": zero,
        "mean_rolls": chain.expected_steps(),
        "var_rolls": chain.var_steps(),
        "p_done_within": within,
        "rolls": None if exact else chain.steps_dist(),
    }


def _extended_forward(nb, b, target, botch, horizon, exact):
    """Forward recursion over rounds: per round, P(done then), P(failed then); mass left.

    ``nb``: ``[(net, P(net and no botch))]``; ``b``: P(botch). The score
    distribution of the runs still going is a vector over ``0..target-1``;
    exact mode keeps integer numerators over ``den**round``.
    """
    if exact:
        den = 1
        for _, p in nb:
            den = math.lcm(den, p.denominator)
        den = math.lcm(den, Fraction(b).denominator)
        nbw = [(k, int(p * den)) for k, p in nb]
        bw = int(b * den)
        v = np.zeros(target, dtype=object)
        v[0] = 1
    else:
        nbw = [(k, float(p)) for k, p in nb]
        bw = float(b)
        v = np.zeros(target)
        v[0] = 1.0
    done, failed = [], []
    scale = 1
    for _ in range(horizon):
        new = np.zeros(target, dtype=v.dtype)
        total = v.sum()
        d_r = 0
        for k, w in nbw:
            if k >= target:
                d_r = d_r + w * total
                continue
            if k:
                new[k:] += w * v[: target - k]
                d_r = d_r + w * v[target - k :].sum()
            else:
                new += w * v
        f_r = 0
        if bw:
            if botch == "ends":
                f_r = bw * total
            elif botch == "resets":
                new[0] += bw * total
            else:
                new += bw * v
        v = new
        if exact:
            scale *= den
            done.append(Fraction(int(d_r), scale))
            failed.append(Fraction(int(f_r), scale))
        else:
            done.append(float(d_r))
            failed.append(float(f_r))
    alive = Fraction(int(v.sum()), scale) if exact else float(v.sum())
    return done, failed, alive


def resisted(
    dice: int,
    difficulty: int,
    opp_dice: int,
    opp_difficulty: int,
    rules: Rules = Rules(),
    opp_rules: Rules | None = None,
    *,
    exact: bool = False,
) -> dict:
    """A resisted action: both sides roll; net = yours - theirs (seed 004).

    Each side's own 1s cancel its own successes first (floored at 0); the side
    with more successes wins and only the excess counts (4 against 3 is one
    net success). Botches are reported per side.

    Returns
    -------
    dict
        ``margin`` (Dist of your successes minus theirs), ``p_win``
        (margin >= 1), ``p_tie`` (margin == 0), ``p_lose``, ``mean_margin``,
        ``botch`` (yours), ``opp_botch``.

    Examples
    --------
    >>> r = resisted(1, 6, 1, 6, exact=True)
    >>> r["p_win"] == r["p_lose"]
    True
    """
    rules = _check_rules(rules)
    opp_rules = rules if opp_rules is None else _check_rules(opp_rules)
    a = pool(dice, difficulty, rules, exact)
    b = pool(opp_dice, opp_difficulty, opp_rules, exact)
    margin = a.net - b.net
    return {
        "margin": margin,
        "p_win": margin.p_ge(1),
        "p_tie": margin.pmf(0),
        "p_lose": margin.cdf(-1),
        "mean_margin": a.mean_net - b.mean_net,
        "botch": a.botch,
        "opp_botch": b.botch,
    }


def resisted_extended(
    dice: int,
    difficulty: int,
    opp_dice: int,
    opp_difficulty: int,
    target: int,
    rules: Rules = Rules(),
    opp_rules: Rules | None = None,
    *,
    exact: bool = False,
) -> dict:
    """Resisted and extended: a race to ``target`` net successes (seed 004).

    Each round both sides roll; the round's winner adds its net successes
    (the excess over the other side) to its running score; the first to
    ``target`` (1..100) wins. A botch scores 0 that round (only the successes
    count). Exact mode needs ``max(dice, opp_dice) * target <= 300``
    (:data:`EXACT_RACE_WORK`). Solved exactly by backward recursion: every scoring round raises
    the sum of the two scores, so only ties loop.

    Returns
    -------
    dict
        ``p_win``, ``p_lose``, ``mean_rounds``.

    Examples
    --------
    >>> r = resisted_extended(3, 6, 3, 6, 2, exact=True)
    >>> r["p_win"]
    Fraction(1, 2)
    """
    target = check_int("target", target, 1, 100)
    if exact:
        big = max(check_int("dice", dice, 1), check_int("opp_dice", opp_dice, 1))
        if big * target > EXACT_RACE_WORK:
            # Fractions over 10**dice through target**2 states: (20, 60) took 42 s
            raise ValueError(
                f"target must be at most {max(EXACT_RACE_WORK // big, 1)} in exact mode with "
                f"{big} dice (max(dice, opp_dice) * target <= {EXACT_RACE_WORK}), got "
                f"{target}; use float mode"
            )
    rr = resisted(dice, difficulty, opp_dice, opp_difficulty, rules, opp_rules, exact=exact)
    steps = [(m, p) for m, p in rr["margin"].items() if m != 0]
    go = 1 - rr["p_tie"]  # P(someone scores this round)
    zero = _zero(exact)
    # Every scoring round raises me + them, so the chain is acyclic apart from
    # the tie self-loop: solve it backwards over states by decreasing me + them.
    win = {}
    rounds = {}
    for total in range(2 * target - 2, -1, -1):
        for me in range(max(0, total - target + 1), min(total, target - 1) + 1):
            them = total - me
            pw, er = zero, 1
            for m, p in steps:
                if m > 0:
                    if me + m >= target:
                        pw = pw + p
                    else:
                        pw = pw + p * win[(me + m, them)]
                        er = er + p * rounds[(me + m, them)]
                elif them - m < target:
                    pw = pw + p * win[(me, them - m)]
                    er = er + p * rounds[(me, them - m)]
            win[(me, them)] = pw / go
            rounds[(me, them)] = er / go
    p_win = win[(0, 0)]
    return {"p_win": p_win, "p_lose": 1 - p_win, "mean_rounds": rounds[(0, 0)]}


def teamwork(
    pools: Sequence[int],
    difficulty=6,
    rules: Rules = Rules(),
    *,
    spoil: bool = False,
    exact: bool = False,
) -> dict:
    """Teamwork: several characters roll separately and add their successes (seed 004).

    Pools are never merged. With ``spoil=True`` (seed 004: social tasks) one
    member's botch spoils the whole effort: it then scores 0.

    Returns
    -------
    dict
        ``total`` (Dist of the summed net successes, spoiled efforts as 0),
        ``mean_total``, ``success`` (``P(total >= 1)``), ``p_spoiled``
        (P(some member botches) when ``spoil``, else 0), ``p_any_botch``.

    Examples
    --------
    >>> r = teamwork([1, 1], exact=True)
    >>> r["total"].pmf(2)
    Fraction(1, 4)
    """
    rules = _check_rules(rules)
    pools = check_int_list("pools", pools, 1, _dice_limit(rules))
    diffs = _difficulty_list(difficulty, len(pools), rules)
    check_bool("spoil", spoil)
    check_bool("exact", exact)
    results = [pool(n, d, rules, exact) for n, d in zip(pools, diffs, strict=True)]
    one = Fraction(1) if exact else 1.0
    no_botch = one
    for r in results:
        no_botch = no_botch * (one - r.botch)
    if not spoil:
        total = results[0].net
        for r in results[1:]:
            total = total + r.net
        p_spoiled = _zero(exact)
    else:
        parts = [_non_botch(r) for r in results]
        if no_botch == 0:
            total = Dist.constant(0, exact=exact)
        else:
            total = Dist(parts[0], exact=exact)
            for part in parts[1:]:
                total = total + Dist(part, exact=exact)
            total = Dist.mixture([total, Dist.constant(0, exact=exact)], [no_botch, one - no_botch])
        p_spoiled = one - no_botch
    return {
        "total": total,
        "mean_total": total.mean(),
        "success": total.p_ge(1),
        "p_spoiled": p_spoiled,
        "p_any_botch": one - no_botch,
    }
