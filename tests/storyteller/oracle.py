"""Every independent oracle of the Storyteller tests, in one place.

Nothing here calls :mod:`dicestats.storyteller` (only its :class:`Rules`
value is read, as a bag of flags, through :class:`Case`: a rule set and
whether the roll has a specialty): the oracles read the rules as written in
``docs/rules/storyteller.md`` and compute by other means.

1. :func:`simple_eval` reads one concrete roll face by face (procedural
   cancellation: remove the highest / lowest success die per 1);
   :func:`brute` enumerates every one of the 10**N faces (and every extra die).
2. :func:`chain_reference`: ten-again chains by a truncated convolution of
   lines (error far below 1e-30).
3. :func:`per_die_table` / :func:`figures`: the default rules by a per-die
   convolution over (successes, ones) states; :func:`logspace_success`:
   log-space multinomial sums (scipy) for 1000-die pools.
4. :func:`outcome_table`: ``{(net, botch): P}`` of the default rules (brute
   force up to 3 dice, a per-die convolution above); :func:`extended_dp`:
   extended actions by dynamic programming over the score.
5. :func:`brute_pool`: lines enumerated face by face (ten-again chains to a
   depth), evaluated by physically removing success dice for each 1.
6. :func:`multinomial_figures`: the anomaly metrics by a multinomial closed
   form; :func:`solve_linear`: Fraction Gaussian elimination.
7. :func:`botch_closed_form`: ``q**N - (q - 1/10)**N``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

F = Fraction
TENTH = F(1, 10)


@dataclass(frozen=True)
class Case:
    """One roll the tests compare: a rule set and whether the roll has a specialty.

    The oracle reads the rule set's flags (``rule_of_one``, ``chain``, ...)
    and decides by itself, from the rule text, what a specialty does: nothing
    without one; with one, what the rule set's ``specialty_rule`` names
    (``"reroll"``: 10s earn extra dice as ten-again does; ``"double"``: a 10
    counts as two successes, V20).
    """

    rules: object
    specialty: bool = False

    def __getattr__(self, name):  # the rule set's flags (read once: both are frozen)
        if name.startswith("_") or name in ("rules", "specialty"):
            raise AttributeError(name)
        value = getattr(self.rules, name)
        object.__setattr__(self, name, value)  # an instance attribute, not a field
        return value

    @property
    def effect(self) -> str:
        return self.rules.specialty_rule if self.specialty else "none"

    @property
    def doubles(self) -> bool:
        return self.effect == "double"

    @property
    def rerolls(self) -> bool:
        return self.rules.ten_again or self.effect == "reroll"

    @property
    def api(self) -> dict:
        """Keyword arguments of an API call: ``rules`` and ``specialty``."""
        return {"rules": self.rules, "specialty": self.specialty}

    def __repr__(self) -> str:
        return self.rules.describe(specialty=self.specialty)


def as_case(rules) -> Case:
    """A :class:`Case` (a plain rule set is a roll without a specialty)."""
    return rules if isinstance(rules, Case) else Case(rules)


def case_of(r: dict):
    """The API's ``(Rules, specialty)`` of a flag dict of :func:`brute_pool`."""
    from dicestats.storyteller import Rules

    r = dict(r)
    effect = r.pop("specialty", "none")
    if effect == "none":
        return Rules(**r), False
    return Rules(**r, specialty_rule=effect), True


# ---------------------------------------------------------------------------
# 1. One concrete roll read face by face, and every roll of a small pool
# ---------------------------------------------------------------------------
def simple_eval(faces, extra, d, rules):
    """Return (net, botch) for base faces and the list of extra dice rolled."""
    rules = as_case(rules)
    d = min(d, 10)
    ten_value = 2 if rules.doubles else 1
    success_dice = []  # values of success dice
    ones = 0
    base_ones = 0
    for x in faces:
        if x == 10:
            success_dice.append(ten_value)
        elif x >= d:
            success_dice.append(1)
        elif x == 1:
            ones += 1
            base_ones += 1
    for x in extra:
        if x == 10:
            success_dice.append(ten_value)
        elif x >= d:
            success_dice.append(1)
        elif x == 1 and rules.reroll_ones_cancel:
            ones += 1
    wp = rules.willpower
    if wp and rules.willpower_success == "ordinary":
        success_dice.append(1)
    total = sum(success_dice)
    if not rules.rule_of_one:
        net = total
    elif rules.one_cancels == "success" or not rules.doubles:
        net = max(total - ones, 0)
    else:
        remaining = sorted(success_dice, reverse=(rules.one_cancels == "highest"))
        remaining = remaining[ones:]
        net = sum(remaining)
    if wp and rules.willpower_success == "uncancellable":
        return net + 1, False
    if rules.botch_rule == "revised":
        botch = total == 0 and base_ones >= 1
    else:
        botch = ones > total
    return net, botch


def needed_extra(faces, extra, rules):
    rules = as_case(rules)
    n = sum(1 for x in faces if x == 10)
    if rules.chain:
        n += sum(1 for x in extra if x == 10)
    return n


def enumerate_rolls(n, rules, max_extra=4):
    """Yield (faces, extra, probability) over every outcome (finite rules only)."""
    rules = as_case(rules)
    for faces in itertools.product(range(1, 11), repeat=n):
        base_p = TENTH**n
        if not rules.rerolls or 10 not in faces:
            yield faces, (), base_p
            continue
        # breadth-first over extra dice (no chaining: exactly #tens extra dice)
        stack = [((), base_p)]
        while stack:
            extra, p = stack.pop()
            need = needed_extra(faces, extra, rules)
            if len(extra) == need:
                yield faces, extra, p
                continue
            assert len(extra) < max_extra
            for x in range(1, 11):
                stack.append((extra + (x,), p * TENTH))


def brute(n, d, rules):
    """Exact (success, failure, botch, net pmf dict, mean) by enumeration."""
    success, failure, botch, pmf, mean = _brute(n, d, rules)
    return success, failure, botch, dict(pmf), mean


@functools.cache
def _brute(n, d, rules):
    """:func:`brute`, kept: the pool, table and command-line tests ask for the same pools.
    Every roll's probability is a power of 1/10: the sums are integers over 10**(n + 4),
    made Fractions at the end (exact, without a gcd per addition)."""
    den = 10 ** (n + 4)  # enumerate_rolls: at most 4 extra dice
    pmf = {}
    botch = 0
    for faces, extra, p in enumerate_rolls(n, rules):
        net, b = simple_eval(faces, extra, d, rules)
        w = den // p.denominator  # p is 1/10**k
        pmf[net] = pmf.get(net, 0) + w
        if b:
            botch += w
    assert sum(pmf.values()) == den
    success = sum(w for k, w in pmf.items() if k >= 1)
    mean = sum(k * w for k, w in pmf.items())
    pmf = {k: F(w, den) for k, w in pmf.items()}
    return F(success, den), F(den - success - botch, den), F(botch, den), pmf, F(mean, den)


# ---------------------------------------------------------------------------
# 2. Ten-again with chains: a truncated convolution of lines
# ---------------------------------------------------------------------------
def chain_line_dist(d, rules, depth=40):
    """{(a, b, c): P} for one base die and its extra dice, chains cut at ``depth``.

    The cut drops mass 10**-(depth+1) per die: far below the 1e-30 tolerance used.
    """
    rules = as_case(rules)
    ten = (0, 1, 0) if rules.doubles else (1, 0, 0)
    xone = (0, 0, 1) if rules.reroll_ones_cancel else (0, 0, 0)
    out = {}

    def add(key, p):
        out[key] = out.get(key, F(0)) + p

    def plus(x, y):
        return tuple(i + j for i, j in zip(x, y, strict=True))

    for face in range(1, 11):
        p = TENTH
        if face == 1:
            add((0, 0, 1), p)
        elif face == 10:
            acc = ten
            q = p
            for _ in range(depth):
                for x in range(1, 10):  # the extra die that ends the chain
                    if x == 1:
                        add(plus(acc, xone), q * TENTH)
                    elif x >= d:
                        add(plus(acc, (1, 0, 0)), q * TENTH)
                    else:
                        add(acc, q * TENTH)
                acc = plus(acc, ten)  # the extra die shows 10
                q *= TENTH
        elif face >= d:
            add((1, 0, 0), p)
        else:
            add((0, 0, 0), p)
    return out


def net_of(a, b, c, rules):
    rules = as_case(rules)
    if not rules.rule_of_one:
        return a + 2 * b
    if not rules.doubles or rules.one_cancels == "success":
        return max(a + 2 * b - c, 0)
    dice = [2] * b + [1] * a
    dice.sort(reverse=rules.one_cancels == "highest")
    return sum(dice[c:])


@functools.cache
def _chain_joint(n, d, rules):
    """``({(a, b, c): weight}, denominator)`` of ``n`` base dice with their chains: ``n``
    convolutions of :func:`chain_line_dist`, in integers over the common denominator
    (exact, and without a gcd per addition; kept: several tests ask for the same pools)."""
    if n == 0:
        return {(0, 0, 0): 1}, 1
    line = chain_line_dist(d, rules)
    den = math.lcm(*(p.denominator for p in line.values()))
    weights = {k: p.numerator * (den // p.denominator) for k, p in line.items()}
    before, total = _chain_joint(n - 1, d, rules)
    nxt = {}
    for k1, w1 in before.items():
        for k2, w2 in weights.items():
            k = (k1[0] + k2[0], k1[1] + k2[1], k1[2] + k2[2])
            nxt[k] = nxt.get(k, 0) + w1 * w2
    return nxt, total * den


def chain_reference(n, d, rules):
    rules = as_case(rules)
    joint, total = _chain_joint(n, d, rules)
    success = mean = first_botch = 0
    for (a, b, c), w in joint.items():
        net = net_of(a, b, c, rules)
        success += w if net >= 1 else 0
        mean += net * w
        first_botch += w if c > a + 2 * b else 0
    return F(success, total), F(mean, total), F(first_botch, total)


# ---------------------------------------------------------------------------
# 3. Default rules: per-die convolution over (successes, ones); log-space sums
# ---------------------------------------------------------------------------
def per_die_table(n_max, d):
    """{n: {(s, o): P}} by per-die convolution; s successes, o ones (counts of the 10**n
    equally likely faces, made Fractions for each n)."""
    die = {(0, 1): 1, (1, 0): 11 - d, (0, 0): d - 2}  # of the 10 faces
    die = {k: w for k, w in die.items() if w}
    dist = {(0, 0): 1}
    out = {}
    for n in range(1, n_max + 1):
        nxt = {}
        for (s, o), w in dist.items():
            for (ds, do), v in die.items():
                key = (s + ds, o + do)
                nxt[key] = nxt.get(key, 0) + w * v
        dist = nxt
        out[n] = {k: F(w, 10**n) for k, w in dist.items()}
    return out


def figures(dist):
    """The table figures (API column names) of a ``{(successes, ones): P}`` distribution."""
    net = {}
    botch = F(0)
    for (s, o), p in dist.items():
        k = max(s - o, 0)
        net[k] = net.get(k, F(0)) + p
        if s == 0 and o >= 1:
            botch += p
    ge = {k: sum((p for j, p in net.items() if j >= k), F(0)) for k in range(1, 6)}
    mean = sum((k * p for k, p in net.items()), F(0))
    return {
        "p_success": ge[1],
        "p_botch": botch,
        "p_fail": 1 - ge[1] - botch,
        "mean_net": mean,
        "p_marginal": net.get(1, F(0)),
        "p_moderate": net.get(2, F(0)),
        "p_complete": net.get(3, F(0)),
        "p_exceptional": net.get(4, F(0)),
        "p_phenomenal": ge[5],
        **{f"p_ge_{k}": ge[k] for k in range(1, 6)},
    }


def logspace_success(n, d):
    """P(successes - ones >= 1) for n dice by log-space trinomial sums (scipy)."""
    from scipy.special import gammaln, logsumexp

    ps, p1, pb = (11 - d) / 10, 0.1, (d - 2) / 10
    s = np.arange(n + 1)[:, None]
    o = np.arange(n + 1)[None, :]
    rest = n - s - o
    ok = (rest >= 0) & (s > o)
    if pb == 0:
        ok &= rest == 0
    restc = np.where(rest >= 0, rest, 0)
    with np.errstate(divide="ignore"):
        logp = (
            gammaln(n + 1)
            - gammaln(s + 1)
            - gammaln(o + 1)
            - gammaln(restc + 1)
            + s * np.log(ps)
            + o * np.log(p1)
            + (restc * np.log(pb) if pb > 0 else 0.0)
        )
    return float(np.exp(logsumexp(logp[ok])))


# ---------------------------------------------------------------------------
# 4. Default rules: (net, botch) outcome tables, extended actions by DP
# ---------------------------------------------------------------------------
@functools.cache
def outcome_table(n, d):
    """{(net, botch): P} for n dice at difficulty d, default rules.

    Brute force over every face for n <= 3; a per-die convolution over
    (successes, ones) counts for larger pools.
    """
    if n > 3:
        counts = {(0, 0): F(1)}
        die = {(1, 0): F(11 - d, 10), (0, 1): TENTH, (0, 0): F(d - 2, 10)}
        for _ in range(n):
            nxt = {}
            for (s, o), p in counts.items():
                for (ds, do), q in die.items():
                    nxt[(s + ds, o + do)] = nxt.get((s + ds, o + do), F(0)) + p * q
            counts = nxt
        out = {}
        for (s, o), p in counts.items():
            key = (max(s - o, 0), s == 0 and o >= 1)
            out[key] = out.get(key, F(0)) + p
        return out
    out = {}
    for faces in itertools.product(range(1, 11), repeat=n):
        s = sum(1 for x in faces if x >= d or x == 10)
        o = sum(1 for x in faces if x == 1)
        key = (max(s - o, 0), s == 0 and o >= 1)
        out[key] = out.get(key, F(0)) + TENTH**n
    return out


def success_p(n, d):
    return sum((p for (k, b), p in outcome_table(n, d).items() if k >= 1), F(0))


def botch_p(n, d):
    return sum((p for (k, b), p in outcome_table(n, d).items() if b), F(0))


def extended_dp(n, d, target, botch, rounds):
    """(P(done within rounds), P(failed by botch within rounds)) by DP over score."""
    tab = outcome_table(n, d)
    state = {0: F(1)}
    done = F(0)
    failed = F(0)
    for _ in range(rounds):
        nxt = {}
        for s, p in state.items():
            for (k, b), q in tab.items():
                if b:
                    if botch == "ends":
                        failed += p * q
                        continue
                    s2 = 0 if botch == "resets" else s
                else:
                    s2 = s + k
                if s2 >= target:
                    done += p * q
                else:
                    nxt[s2] = nxt.get(s2, F(0)) + p * q
        state = nxt
    return done, failed


# ---------------------------------------------------------------------------
# 5. Lines enumerated face by face, evaluated by removing success dice
# ---------------------------------------------------------------------------
def line_outcomes(d, rerolls, chain, depth):
    """{(class of the base die, extra plain, extra tens, extra ones): P}."""
    out = defaultdict(F)

    def extra(prob, xp, xt, xo, left):
        for face in range(1, 11):
            p = prob * TENTH
            if face == 10:
                if chain:
                    if left:
                        extra(p, xp, xt + 1, xo, left - 1)
                    continue  # deeper chains are dropped (mass < 10**-depth)
                out[("ten", xp, xt + 1, xo)] += p
            else:
                out[("ten", xp + (face >= d), xt, xo + (face == 1))] += p

    for face in range(1, 11):
        cls = "one" if face == 1 else "ten" if face == 10 else "plain" if face >= d else "blank"
        if cls == "ten" and rerolls:
            extra(TENTH, 0, 0, 0, depth)
        else:
            out[(cls, 0, 0, 0)] += TENTH
    return out


def evaluate_state(state, r: dict):
    base_ones, plain, tens, ones_extra = state
    double = r.get("specialty") == "double"
    dice = [1] * plain + [2 if double else 1] * tens
    if r.get("willpower") and r.get("willpower_success") == "ordinary":
        dice.append(1)
    total = sum(dice)
    ones = base_ones + (ones_extra if r.get("reroll_ones_cancel") else 0)
    if not r.get("rule_of_one", True):
        net = total
    elif r.get("one_cancels", "success") == "success":
        net = max(total - ones, 0)
    else:  # take one success die away per 1, highest or lowest first
        dice.sort(reverse=r["one_cancels"] == "highest")
        net = sum(dice[ones:])
    if r.get("willpower") and r.get("willpower_success", "uncancellable") == "uncancellable":
        return net + 1, False
    if r.get("botch_rule", "revised") == "revised":
        return net, total == 0 and base_ones >= 1
    return net, ones > total


def brute_pool(n, d, r: dict, depth=0):
    rerolls = r.get("ten_again", False) or r.get("specialty") == "reroll"
    line = line_outcomes(d, rerolls, r.get("chain", True), depth)
    acc = {(0, 0, 0, 0): F(1)}
    for _ in range(n):
        new = defaultdict(F)
        for (bo, pl, te, xo), p in acc.items():
            for (cls, xp, xt, xone), q in line.items():
                key = (
                    bo + (cls == "one"),
                    pl + (cls == "plain") + xp,
                    te + (cls == "ten") + xt,
                    xo + xone,
                )
                new[key] += p * q
        acc = new
    net, botch = defaultdict(F), F(0)
    for s, p in acc.items():
        k, b = evaluate_state(s, r)
        net[k] += p
        botch += p if b else 0
    return dict(net), botch


# ---------------------------------------------------------------------------
# 6. A multinomial closed form (anomalies) and Fraction Gaussian elimination
# ---------------------------------------------------------------------------
def multinomial_figures(n, d, botch_rule):
    # o ones (1 in 10), s successes (11 - d in 10), the rest blank (d - 2 in 10): the
    # counts of the 10**n equally likely faces, made Fractions at the end
    ws, wb = 11 - d, d - 2
    net = defaultdict(int)
    first = 0
    for o in range(n + 1):
        for s in range(n - o + 1):
            w = comb(n, o) * comb(n - o, s) * ws**s * wb ** (n - o - s)
            net[max(s - o, 0)] += w
            first += w if o > s else 0
    den = 10**n
    q = F(d - 1, 10)
    out = {"p_botch": q**n - (q - TENTH) ** n if botch_rule == "revised" else F(first, den)}
    for k in range(1, 6):
        out["p_success" if k == 1 else f"p_ge_{k}"] = F(
            sum(w for j, w in net.items() if j >= k), den
        )
    return out


def solve_linear(a, b):
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = next(r for r in range(i, n) if m[r][i] != 0)
        m[i], m[piv] = m[piv], m[i]
        m[i] = [x / m[i][i] for x in m[i]]
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i], strict=True)]
    return [row[n] for row in m]


# ---------------------------------------------------------------------------
# 7. The revised botch closed form
# ---------------------------------------------------------------------------
def botch_closed_form(dice, diff):
    """The revised rule: P(botch) = q^N − (q − 1/10)^N with q = (D − 1)/10."""
    q = Fraction(diff - 1, 10)
    return q**dice - (q - Fraction(1, 10)) ** dice


# ---------------------------------------------------------------------------
# Comparing a Monte Carlo estimate with an exact value
# ---------------------------------------------------------------------------
def agrees(est, exact, k=4.5):
    """An estimate within ``k`` standard errors of the exact value.

    For a proportion the exact binomial error is used when it is larger (it
    guards against an estimate of exactly 0 or 1).
    """
    p = float(exact)
    se = est.stderr
    if est.kind == "proportion":
        se = max(se, (p * (1 - p) / est.trials) ** 0.5)
    return abs(est.value - p) <= k * se + 1e-12


# ---------------------------------------------------------------------------
# Rule sets the tests compare the API and the oracles under
# ---------------------------------------------------------------------------
def _rule_sets():
    from dicestats.storyteller import Rules

    v20 = {"specialty_rule": "double"}
    finite = [
        Case(Rules()),
        Case(Rules(botch_rule="first")),
        Case(Rules(rule_of_one=False)),
        Case(Rules(willpower=True)),
        Case(Rules(willpower=True, willpower_success="ordinary")),
        Case(Rules(willpower=True, willpower_success="ordinary", botch_rule="first")),
        Case(Rules(willpower=True, botch_rule="first")),
        Case(Rules(**v20)),  # the V20 rule set, a roll without a specialty
        Case(Rules(**v20), True),
        Case(Rules(**v20, one_cancels="highest"), True),
        Case(Rules(**v20, one_cancels="lowest"), True),
        Case(Rules(**v20, one_cancels="lowest", botch_rule="first"), True),
        Case(Rules(**v20, rule_of_one=False), True),
        Case(Rules(specialty_rule="none"), True),  # a specialty that does nothing
    ]
    no_chain = [
        Case(Rules(ten_again=True, chain=False)),
        Case(Rules(ten_again=True, chain=False, reroll_ones_cancel=True)),
        Case(Rules(chain=False, botch_rule="first", reroll_ones_cancel=True), True),
        Case(Rules(ten_again=True, chain=False, **v20, one_cancels="lowest"), True),
    ]
    chained = [
        Case(Rules(ten_again=True)),
        Case(Rules(ten_again=True, reroll_ones_cancel=True)),
        Case(Rules(ten_again=True, reroll_ones_cancel=True, botch_rule="first")),
        Case(Rules(), True),  # the revised rule set: a specialty rerolls 10s
        Case(Rules(ten_again=True, **v20), True),
        Case(Rules(ten_again=True, **v20, one_cancels="highest", reroll_ones_cancel=True), True),
        Case(Rules(ten_again=True, **v20, one_cancels="lowest"), True),
        Case(Rules(ten_again=True, rule_of_one=False)),
    ]
    return finite, no_chain, chained


#: Rules without ten-again chains (every outcome can be enumerated).
#: Single rerolls without chaining. Chained ten-again.
FINITE_RULES, NOCHAIN_RULES, CHAIN_RULES = _rule_sets()


# ---------------------------------------------------------------------------
# 8. Sequences of independent rolls, enumerated
# ---------------------------------------------------------------------------
def botches_in_rolls(b, k):
    """(P(at least one botch), P(at least two)) in ``k`` rolls with botch chance ``b``."""
    one = two = F(0)
    for seq in itertools.product([True, False], repeat=k):
        p = F(1)
        for x in seq:
            p *= b if x else 1 - b
        count = sum(seq)
        one += p if count >= 1 else 0
        two += p if count >= 2 else 0
    return one, two


def successes_of_actions(ps):
    """``{j: P(exactly j successes)}`` of independent actions with success chances ``ps``."""
    out = {}
    for hits in itertools.product([0, 1], repeat=len(ps)):
        p = F(1)
        for h, s in zip(hits, ps, strict=True):
            p *= s if h else 1 - s
        out[sum(hits)] = out.get(sum(hits), F(0)) + p
    return out


# ---------------------------------------------------------------------------
# 9. Multiple actions, read from the Dark Ages text
# ---------------------------------------------------------------------------
def declared_pools(pools):
    """The dice each declared action rolls, step by step as the text tells it.

    «有时玩家会希望她的角色在一轮之中执行不止一个动作» — only a character who
    does *more than one* thing in a round takes the penalty. Then: subtract the
    number of declared actions from the first pool; every further action
    subtracts one die more than the one before (the penalty accumulates).
    """
    if len(pools) < 2:
        return list(pools)
    penalty = len(pools)
    out = []
    for base in pools:
        out.append(base - penalty)
        penalty += 1
    return out


# ---------------------------------------------------------------------------
# 10. Resisted actions and teamwork, read from the Dark Ages text
# ---------------------------------------------------------------------------
def _read_faces(faces, d):
    """(net, botch) of plain d10 faces under the default rules, read from the text.

    Each die at or above the difficulty (a 10 always) is a success; each 1
    removes one success die (never below none); no success at all and a 1 is a
    botch.
    """
    successes = sum(1 for x in faces if x >= d)
    ones = sum(1 for x in faces if x == 1)
    return max(successes - ones, 0), successes == 0 and ones >= 1


def resisted_brute(n, d, m, e):
    """``{margin: P}`` by every face of both sides: «对手的成功消去你自己的» — the other
    side's net successes cancel yours; each side's 1s first cancel its own."""
    out = defaultdict(F)
    p = TENTH ** (n + m)
    for faces in itertools.product(range(1, 11), repeat=n + m):
        mine, _ = _read_faces(faces[:n], d)
        theirs, _ = _read_faces(faces[n:], e)
        out[mine - theirs] += p
    return dict(out)


def team_brute(pools, d, spoil=False):
    """``{total: P}`` by every face of every member: each rolls apart and the net
    successes are added («分别进行投掷，并将他们的成功加到一起»); with ``spoil`` one
    member's botch spoils the effort («一个人的大失败会搞糟所有的努力»)."""
    out = defaultdict(F)
    p = TENTH ** sum(pools)
    for faces in itertools.product(range(1, 11), repeat=sum(pools)):
        total, botched, start = 0, False, 0
        for n in pools:
            net, botch = _read_faces(faces[start : start + n], d)
            total += net
            botched = botched or botch
            start += n
        out[0 if (spoil and botched) else total] += p
    return dict(out)


def net_pmf(n, d):
    """``{net: P}`` of ``n`` dice under the default rules, from :func:`per_die_table`."""
    out = defaultdict(F)
    for (s, o), p in per_die_table(n, d)[n].items():
        out[max(s - o, 0)] += p
    return dict(out)


def combine(a, b, sign=1):
    """``{x + sign*y: P}`` of two independent ``{value: P}`` distributions."""
    out = defaultdict(F)
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] += p * q
    return dict(out)


def retries(n, d0, attempts, botch_ends, clamp):
    """(P(success), P(a botch before any success), P(gave up), mean attempts) of trying
    again, by walking every sequence of outcomes: «第二次尝试的难度数值增加一 ... 第三次 ...
    增加二» — each retry is one harder; past 10 the task is beyond the character."""
    odds = {}
    for d in range(2, 11):
        fig = figures(per_die_table(n, d)[n])
        odds[d] = (fig["p_success"], fig["p_fail"], fig["p_botch"])
    result = [F(0)] * 4

    def walk(k, p, botched):
        d = d0 + k - 1
        if (attempts is not None and k > attempts) or (d > 10 and not clamp):
            result[2] += p
            return
        s, f, b = odds[min(d, 10)]
        result[3] += p  # attempt k is made
        result[0] += p * s
        if not botched:
            result[1] += p * b
        walk(k + 1, p * f, botched)
        if not botch_ends:
            walk(k + 1, p * b, True)

    walk(1, F(1), False)
    return tuple(result)
