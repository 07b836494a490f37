"""Extended and resisted actions: successes accumulated over rounds, two sides compared.

* :func:`extended`: roll once per round and add net successes until a
  ``target``; ``on_botch`` says what a botch does (resets the successes,
  ends the task, or only scores 0); an optional round limit. Its Monte
  Carlo twin is :func:`dicestats.storyteller.simulate_extended`.
* :func:`resisted`: both sides roll; only the excess successes count.
* :func:`resisted_extended`: a race to ``target`` net successes.

The other side is ``versus`` (its dice), ``versus_difficulty`` and
``versus_rules``. The rules are in ``docs/rules/storyteller.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

import numpy as np

from ..core.checks import check_bool, check_choice, check_exact, check_int, refuse
from ..core.dist import Dist
from ..core.results import Result
from .extended_chain import (  # noqa: F401 (ROLLS_MAX, ROLLS_TAIL: read from here too)
    ROLLS_MAX,
    _given_success_exact,
    _given_success_float,
    _score_chain,
    _solve_float,
    rolls_distribution,
)
from .limits import LIMITS, check_dice
from .pools import clip, non_botch, pool
from .rules import (  # noqa: F401
    ON_BOTCH,
    REVISED,
    ROLLS_TAIL,
    Rules,
    check_difficulty,
    check_rules,
    renamed,
)

__all__ = [
    "ON_BOTCH",
    "Extended",
    "Resisted",
    "Race",
    "extended",
    "resisted",
    "resisted_extended",
]

#: ``p_done_within`` covers this many rounds when there is no round limit.
WITHIN = 50


@dataclass(frozen=True)
class Extended(Result):
    """An extended action, computed or simulated.

    Attributes
    ----------
    p_success : the target was reached.
    p_failed : a botch ended the task (``on_botch="ends"``).
    p_timeout : the round limit ran out first.
    p_unfinished : simulated only: still rolling after ``max_rounds`` rolls
        without a round limit (0 when computed; check it is 0 when simulated).
    mean_rolls, var_rolls : the number of rolls until done, failed or out of time
        (solved exactly from the chain, never from a cut distribution).
    p_done_within : tuple
        ``[r-1]`` = P(done within r rolls), r up to ``rounds`` or 50.
    rolls : Dist, dict or None
        The number of rolls: a :class:`Dist`, ``{r: Estimate}`` when simulated,
        None in exact mode without a round limit (its support is infinite).
        In float mode without a round limit its top outcome ``top`` holds
        ``P(rolls >= top)``: the distribution is cut after the first roll where
        the mass still rolling is at most :data:`ROLLS_TAIL` (1e-15), or at
        :data:`ROLLS_MAX` rolls, whichever comes first.
    rolls_tail : float, Fraction or None
        ``P(rolls > top)``: the mass lumped into the top outcome of
        ``rolls`` (0 when nothing is lumped: a round limit, or simulated;
        None when there is no ``rolls``).
    mean_rolls_given_success : float, Fraction or None
        The expected rolls of the runs that reach the target,
        ``E[rolls | success]`` (``mean_rolls`` also counts the failed and
        timed-out runs); exact in exact mode. Simulated: a ratio estimate from
        the runs done on each roll (without a round limit, of the runs done
        within ``max_rounds`` rolls: check ``p_unfinished``); None when no run
        reaches the target.
    """

    dice: int
    difficulty: int
    specialty: bool
    target: int
    on_botch: str
    rounds: int | None
    p_success: object
    p_failed: object
    p_timeout: object
    p_unfinished: object
    mean_rolls: object
    var_rolls: object
    p_done_within: tuple
    rolls: object
    rolls_tail: object
    exact: bool
    trials: int | None = None
    mean_rolls_given_success: object = None


def given_success_estimate(done_at, trials: int, confidence: float = 0.95):
    """``E[rolls | done]`` of a simulated task: Σ r·done_r / Σ done_r, or None.

    ``done_at[r]`` counts the trials done on roll ``r``; one trial contributes
    ``y = rolls`` and ``x = 1`` when it is done (both 0 otherwise), so the
    ratio's delta-method interval applies.
    """
    from ..core.montecarlo import ratio_estimate

    done = [int(c) for c in done_at]
    n = sum(done)
    if not n:
        return None
    s1 = sum(r * c for r, c in enumerate(done))
    s2 = sum(r * r * c for r, c in enumerate(done))
    return ratio_estimate(s1, n, s2, n, s1, trials, confidence, "mean")


def check_extended(dice, difficulty, target, rules, on_botch, rounds, *, exact, specialty):
    """The checked ``(rules, dice, difficulty, target, rounds)`` of an exact/float call."""
    rules = check_rules(rules)
    check_exact(exact)
    check_bool("specialty", specialty)
    n = check_dice(dice, rules, specialty=specialty)
    d = check_difficulty(difficulty, rules)
    target = LIMITS["target"].check(target)
    check_choice("on_botch", on_botch, ON_BOTCH)
    if rounds is not None:
        rounds = LIMITS["rounds"].check(rounds)
    if exact:
        if rounds is None:
            LIMITS["target, exact, no round limit"].check(target, name="target")
        chained = ", chained ten-again" if rules._for_roll(specialty).chained else ""
        LIMITS["dice, exact extended" + chained].check(n, name="dice")
        if rounds is not None:
            LIMITS["dice × rounds, exact extended" + chained].check_work(
                n * rounds, name="rounds", value=rounds, per=n, per_name="dice", exact=True
            )
    return rules, n, d, target, rounds


def extended(
    dice: int,
    difficulty: int,
    target: int,
    rules: Rules = REVISED,
    *,
    on_botch: str = "resets",
    rounds: int | None = None,
    specialty: bool = False,
    exact: bool = False,
    botch: str | None = None,
) -> Extended:
    """An extended action: roll once per round, add net successes until ``target``.

    Without a round limit, solved as an absorbing Markov chain
    (:func:`dicestats.core.markov.build`) over the accumulated successes; with
    a round limit (a finite horizon) by the forward recursion over rounds of
    the distribution of accumulated successes.

    Parameters
    ----------
    dice, difficulty : int
    target : int
        Successes needed, 1..200 (1..80 in exact mode without ``rounds``).
    rules : Rules
    on_botch : {"resets", "ends", "zero"}
        What a botch does: all accumulated successes are lost and the task
        starts over (default), the task fails outright (the Storyteller's
        harsher ruling), or the roll only scores 0.
    rounds : int, optional
        A round limit (1..500): not done after that many rolls is a timeout.
    specialty : bool, default False
        Every roll has a specialty (what it does: ``rules.specialty_rule``).
    exact : bool
        Fractions; exact mode caps the pool and ``dice × rounds``
        (:data:`.limits.LIMITS`).
    botch : str, optional
        Deprecated spelling of ``on_botch``.

    Notes
    -----
    With chained ten-again the per-roll net distribution is censored at a
    top value far above any target (the censored mass is at most 1e-16).

    Examples
    --------
    >>> r = extended(1, 6, 1, on_botch="zero", exact=True)   # geometric, p = 1/2
    >>> r.p_success, r.mean_rolls
    (Fraction(1, 1), Fraction(2, 1))
    """
    from ..core.markov import build

    on_botch = renamed("botch", "on_botch", on_botch, botch)
    rules, n, d, target, rounds = check_extended(
        dice, difficulty, target, rules, on_botch, rounds, exact=exact, specialty=specialty
    )
    r = pool(n, d, rules, specialty=specialty, exact=exact)
    nb = sorted(non_botch(r).items())
    b = r.p_botch
    zero = 0 * b
    horizon = rounds if rounds is not None else WITHIN
    done, failed, alive = _extended_forward(nb, b, target, on_botch, horizon, exact)
    within = tuple(clip(x, exact) for x in accumulate(done))

    if rounds is not None:  # a finite horizon: everything follows from the forward recursion
        pmf = [zero] + [done[i] + failed[i] for i in range(rounds)]
        pmf[rounds] = pmf[rounds] + alive
        rolls = Dist(pmf, exact=exact)
        p_done = sum(done, zero)
        given = sum(((i + 1) * x for i, x in enumerate(done)), zero) / p_done if p_done else None
        return Extended(
            n, d, r.specialty, target, on_botch, rounds,
            clip(p_done, exact), clip(sum(failed, zero), exact), clip(alive, exact),
            zero, rolls.mean(), rolls.var(), within, rolls, zero, exact, None, given,
        )  # fmt: skip

    def step(state):
        if state in ("done", "failed"):
            return None
        out: dict = {}
        for k, p in nb:
            key = "done" if state + k >= target else state + k
            out[key] = out.get(key, 0) + p
        if b:
            key = {"ends": "failed", "resets": 0, "zero": state}[on_botch]
            out[key] = out.get(key, 0) + b
        return out

    if exact:
        chain = build(0, step, exact=True)
        ab = chain.absorption()
        p_done, p_failed = ab.get("done", zero), ab.get("failed", zero)
        mean, var = chain.expected_steps(), chain.var_steps()
        rolls = tail = None
        given = mean if not p_failed else _given_success_exact(chain, step) if p_done else None
    else:
        q, out = _score_chain(nb, b, target, on_botch)
        (p_done, p_failed), mean, var = _solve_float(q, out)
        rolls, tail = rolls_distribution(nb, b, target, on_botch)
        given = mean if on_botch != "ends" else _given_success_float(q, out) if p_done else None
    return Extended(
        n, d, r.specialty, target, on_botch, None,
        clip(p_done, exact), clip(p_failed, exact), zero,
        zero, mean, var, within, rolls, tail, exact, None, given,
    )  # fmt: skip


def _extended_forward(nb, b, target, on_botch, horizon, exact):
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
            elif k:
                new[k:] += w * v[: target - k]
                d_r = d_r + w * v[target - k :].sum()
            else:
                new += w * v
        f_r = 0
        if bw:
            if on_botch == "ends":
                f_r = bw * total
            elif on_botch == "resets":
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


# --------------------------------------------------------------------------- resisted
@dataclass(frozen=True)
class Resisted(Result):
    """A resisted action: your net successes against the other side's.

    Attributes
    ----------
    margin : Dist
        Your net successes minus theirs.
    p_win, p_tie, p_lose : margin >= 1, == 0, <= -1.
    mean_margin : expected margin.
    p_botch, p_versus_botch : your botch chance, the other side's.
    """

    dice: int
    difficulty: int
    specialty: bool
    versus: int
    versus_difficulty: int
    versus_specialty: bool
    margin: Dist
    p_win: object
    p_tie: object
    p_lose: object
    mean_margin: object
    p_botch: object
    p_versus_botch: object
    exact: bool


def _versus(versus, versus_difficulty, versus_rules, rules, opp_dice, opp_difficulty, opp_rules):
    """The other side's arguments, accepting the deprecated ``opp_*`` spellings."""
    versus = renamed("opp_dice", "versus", versus, opp_dice)
    versus_difficulty = renamed(
        "opp_difficulty", "versus_difficulty", versus_difficulty, opp_difficulty
    )
    versus_rules = renamed("opp_rules", "versus_rules", versus_rules, opp_rules)
    for name, value in (("versus", versus), ("versus_difficulty", versus_difficulty)):
        if value is None:
            raise refuse(name, "given (the other side)", None)
    return versus, versus_difficulty, rules if versus_rules is None else check_rules(versus_rules)


def resisted(
    dice: int,
    difficulty: int,
    versus: int | None = None,
    versus_difficulty: int | None = None,
    rules: Rules = REVISED,
    versus_rules: Rules | None = None,
    *,
    specialty: bool = False,
    versus_specialty: bool = False,
    exact: bool = False,
    opp_dice: int | None = None,
    opp_difficulty: int | None = None,
    opp_rules: Rules | None = None,
) -> Resisted:
    """A resisted action: both sides roll; margin = your net successes - theirs.

    Each side's own 1s cancel its own successes first (floored at 0); the side
    with more successes wins and only the excess counts (4 against 3 is one
    net success). Botches are reported per side. ``versus_rules`` defaults to
    ``rules``; ``specialty`` and ``versus_specialty`` say whether each side's
    roll has a specialty (each its own); ``opp_dice``, ``opp_difficulty`` and
    ``opp_rules`` are the deprecated spellings of the ``versus`` arguments.

    Examples
    --------
    >>> r = resisted(1, 6, versus=1, versus_difficulty=6, exact=True)
    >>> r.p_win == r.p_lose
    True
    """
    rules = check_rules(rules)
    versus, versus_difficulty, versus_rules = _versus(
        versus, versus_difficulty, versus_rules, rules, opp_dice, opp_difficulty, opp_rules
    )
    check_exact(exact)
    check_bool("versus_specialty", versus_specialty)
    check_dice(versus, versus_rules, exact=exact, name="versus", specialty=versus_specialty)
    check_difficulty(versus_difficulty, versus_rules, "versus_difficulty")
    a = pool(dice, difficulty, rules, specialty=specialty, exact=exact)
    b = pool(versus, versus_difficulty, versus_rules, specialty=versus_specialty, exact=exact)
    margin = a.net - b.net
    return Resisted(
        a.dice,
        a.difficulty,
        a.specialty,
        b.dice,
        b.difficulty,
        b.specialty,
        margin,
        margin.p_ge(1),
        margin.pmf(0),
        margin.cdf(-1),
        a.mean_net - b.mean_net,
        a.p_botch,
        b.p_botch,
        exact,
    )


@dataclass(frozen=True)
class Race(Result):
    """Resisted and extended: who reaches ``target`` net successes first."""

    dice: int
    difficulty: int
    specialty: bool
    versus: int
    versus_difficulty: int
    versus_specialty: bool
    target: int
    p_win: object
    p_lose: object
    mean_rounds: object
    exact: bool


def resisted_extended(
    dice: int,
    difficulty: int,
    versus: int | None = None,
    versus_difficulty: int | None = None,
    target: int | None = None,
    rules: Rules = REVISED,
    versus_rules: Rules | None = None,
    *,
    specialty: bool = False,
    versus_specialty: bool = False,
    exact: bool = False,
    opp_dice: int | None = None,
    opp_difficulty: int | None = None,
    opp_rules: Rules | None = None,
) -> Race:
    """Resisted and extended: a race to ``target`` net successes.

    Each round both sides roll; the round's winner adds its net successes
    (the excess over the other side) to its running score; the first to
    ``target`` (1..100) wins. A botch scores 0 that round (only the successes
    count). Exact mode caps ``max(dice, versus) × target``
    (:data:`.limits.LIMITS`). ``specialty``, ``versus_specialty``: as in
    :func:`resisted`. Solved exactly by backward recursion: every
    scoring round raises the sum of the two scores, so only ties loop.

    Examples
    --------
    >>> r = resisted_extended(3, 6, 3, 6, 2, exact=True)
    >>> r.p_win
    Fraction(1, 2)
    """
    if target is None:
        raise refuse("target", "given (net successes to race to)", None)
    target = LIMITS["target, race"].check(target, name="target")
    rules = check_rules(rules)
    check_exact(exact)
    versus, versus_difficulty, versus_rules = _versus(
        versus, versus_difficulty, versus_rules, rules, opp_dice, opp_difficulty, opp_rules
    )
    big = max(check_int("dice", dice, 1), check_int("versus", versus, 1))
    LIMITS["dice × target, exact race"].check_work(
        big * target, name="target", value=target, per=big, per_name="dice", exact=exact
    )
    rr = resisted(
        dice, difficulty, versus, versus_difficulty, rules, versus_rules,
        specialty=specialty, versus_specialty=versus_specialty, exact=exact,
    )  # fmt: skip
    steps = [(m, p) for m, p in rr.margin.items() if m != 0]
    go = 1 - rr.p_tie  # P(someone scores this round)
    zero = 0 * rr.p_tie
    # Every scoring round raises me + them, so the chain is acyclic apart from
    # the tie self-loop: solve it backwards over states by decreasing me + them.
    win, rounds = {}, {}
    for total in range(2 * target - 2, -1, -1):
        for me in range(max(0, total - target + 1), min(total, target - 1) + 1):
            them = total - me
            pw, er = zero, 1
            for m, p in steps:
                if m > 0 and me + m >= target:
                    pw = pw + p
                elif m > 0 or them - m < target:
                    nxt = (me + m, them) if m > 0 else (me, them - m)
                    pw = pw + p * win[nxt]
                    er = er + p * rounds[nxt]
            win[(me, them)] = pw / go
            rounds[(me, them)] = er / go
    p_win = win[(0, 0)]
    return Race(
        rr.dice, rr.difficulty, rr.specialty, rr.versus, rr.versus_difficulty,
        rr.versus_specialty, target, p_win, 1 - p_win, rounds[(0, 0)], exact,
    )  # fmt: skip
